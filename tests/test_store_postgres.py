"""PostgresStore against a real PostgreSQL server: migrations, backend selection, secrets kept out of
output, failures phrased for the user, and what only PostgreSQL has (pools, reconnects, row locks).
The behaviour both stores share is checked in test_store_contract.py, over both.

Where the server comes from (once per test session, shared with test_store_contract.py):
1. HERMES_TEST_POSTGRES_DSN, if set (an admin connection to a server CI provides);
2. a private throwaway cluster: initdb from /usr/lib/postgresql/*/bin into a temp dir, started on
   a free port with fsync off (run as the `postgres` user when the tests run as root, since initdb
   refuses root), stopped and removed at the end;
3. the local service on 127.0.0.1:5432 (as user postgres, then as the current user).
If none works, or psycopg is missing, the PostgreSQL tests skip and say why. Every test gets its
own database (random name, dropped afterwards).
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from hermes.core.messages import Message, Usage


# ---- a server for the tests -----------------------------------------------------------------------

@dataclass
class PgServer:
    admin_dsn: str
    how: str

    def dsn(self, dbname: str) -> str:
        from psycopg.conninfo import make_conninfo

        return make_conninfo(self.admin_dsn, dbname=dbname)

    def admin(self, sql: str, params: tuple = ()) -> list:
        import psycopg

        with psycopg.connect(self.admin_dsn, autocommit=True, connect_timeout=5) as conn:
            cur = conn.execute(sql, params)
            return cur.fetchall() if cur.description else []

    def create_db(self) -> str:
        name = "hermes_test_" + secrets.token_hex(6)
        self.admin(f'CREATE DATABASE "{name}" ENCODING \'UTF8\' TEMPLATE template0')
        return name

    def drop_db(self, name: str) -> None:
        self.admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_SERVER: dict = {"server": None, "reason": None, "users": 0, "stop": None}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _private_cluster() -> tuple[PgServer, Callable[[], None]]:
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[-3]))
    if not bins:
        raise RuntimeError("no initdb under /usr/lib/postgresql")
    bindir = Path(bins[-1]).parent
    prefix: list[str] = []
    root = Path(tempfile.mkdtemp(prefix="hermes-pg-"))
    if os.geteuid() == 0:  # initdb refuses root: the cluster belongs to the postgres user
        pw = pwd.getpwnam("postgres")
        os.chown(root, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]

    def stop() -> None:
        try:
            if (root / "data" / "postmaster.pid").exists():
                subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(root / "data"), "-m", "immediate",
                                "-w", "stop"], capture_output=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            pass
        finally:
            shutil.rmtree(root, ignore_errors=True)

    try:
        init = [*prefix, str(bindir / "initdb"), "-D", str(root / "data"), "-A", "trust", "-U", "postgres",
                "-E", "UTF8", "--no-sync"]
        r = subprocess.run([*init, "--locale=C.UTF-8"], capture_output=True, text=True, timeout=120)
        if r.returncode != 0:  # no C.UTF-8 locale: CJK trigrams are then unindexed, searches still work
            shutil.rmtree(root / "data", ignore_errors=True)
            r = subprocess.run([*init, "--no-locale"], capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"initdb failed: {(r.stderr or r.stdout).strip()[-300:]}")
        port = _free_port()
        opts = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
                "-c full_page_writes=off -c max_connections=200")
        r = subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(root / "data"), "-l", str(root / "log"),
                            "-o", opts, "-w", "-t", "60", "start"], capture_output=True, text=True, timeout=90)
        if r.returncode != 0:
            raise RuntimeError(f"pg_ctl start failed: {(r.stderr or r.stdout).strip()[-300:]}")
        server = PgServer(f"host=127.0.0.1 port={port} user=postgres dbname=postgres",
                          f"private cluster {bindir.parent.name} in {root}, port {port}")
        server.admin("SELECT 1")
        atexit.register(stop)  # also if the session ends without fixture teardown (stop twice is harmless)
        return server, stop
    except BaseException:
        stop()
        raise


def _acquire() -> PgServer:
    import importlib.util

    if importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg is not installed: pip install 'hermes-recall[postgres]'")
    if _SERVER["server"] is None and _SERVER["reason"] is None:
        failures = []
        candidates: list[Callable[[], tuple[PgServer, Callable[[], None] | None]]] = []
        if os.environ.get("HERMES_TEST_POSTGRES_DSN"):
            candidates.append(lambda: (PgServer(os.environ["HERMES_TEST_POSTGRES_DSN"], "HERMES_TEST_POSTGRES_DSN"),
                                       None))
        candidates.append(_private_cluster)
        for user in ("postgres", pwd.getpwuid(os.geteuid()).pw_name):
            candidates.append(lambda user=user: (PgServer(f"host=127.0.0.1 port=5432 user={user} dbname=postgres",
                                                          f"local service 127.0.0.1:5432 as {user}"), None))
        for make in candidates:
            stop = None
            try:
                server, stop = make()
                server.drop_db(server.create_db())  # can we do what every test needs?
                _SERVER.update(server=server, stop=stop)
                break
            except Exception as e:
                failures.append(str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__)
                if stop is not None:
                    stop()
        else:
            _SERVER["reason"] = "no PostgreSQL server for the tests: " + "; ".join(failures)
    if _SERVER["server"] is None:
        pytest.skip(_SERVER["reason"])
    _SERVER["users"] += 1
    return _SERVER["server"]


def _release() -> None:
    _SERVER["users"] -= 1
    if _SERVER["users"] == 0 and _SERVER["stop"] is not None:
        _SERVER["stop"]()
        _SERVER.update(server=None, stop=None, reason="stopped")


@pytest.fixture(scope="session")
def pg_server():
    server = _acquire()
    yield server
    _release()


@pytest.fixture
def pg_dsn(pg_server):
    name = pg_server.create_db()
    yield pg_server.dsn(name)
    pg_server.drop_db(name)


@pytest.fixture
def pg_store(pg_dsn):
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(pg_dsn)
    yield s
    s.close()


def raw(dsn: str, sql: str, params: tuple = ()) -> list:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.execute(sql, params)
        return cur.fetchall() if cur.description else []


def turn(user: str, answer: str) -> list[Message]:
    return [Message.user(user), Message.assistant(answer)]


# ---- migrations ------------------------------------------------------------------------------------

def test_migrations_apply_to_an_empty_database_and_reopening_is_a_no_op(pg_dsn):
    import psycopg

    from hermes.state import postgres_schema
    from hermes.state.postgres import PostgresStore

    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        assert postgres_schema.current_version(conn.cursor()) == 0
        assert postgres_schema.migrate(conn) == [m.version for m in postgres_schema.MIGRATIONS]
        assert postgres_schema.migrate(conn) == []
    rows = raw(pg_dsn, "SELECT version, name, note FROM schema_migrations ORDER BY version")
    assert [r[0] for r in rows] == list(range(1, postgres_schema.SCHEMA_VERSION + 1))
    assert rows[-1][2] is None  # pg_trgm was available: no note
    indexes = {r[0] for r in raw(pg_dsn, "SELECT indexname FROM pg_indexes WHERE tablename = 'messages'")}
    assert {"idx_messages_search", "idx_messages_cjk", "idx_messages_session_seq"} <= indexes
    before = raw(pg_dsn, "SELECT applied_at FROM schema_migrations")
    PostgresStore(pg_dsn).close()
    assert raw(pg_dsn, "SELECT applied_at FROM schema_migrations") == before


def test_processes_opening_a_fresh_database_at_once_apply_each_step_once(pg_dsn):
    from hermes.state.postgres import PostgresStore

    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            PostgresStore(pg_dsn).close()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    from hermes.state import postgres_schema

    assert raw(pg_dsn, "SELECT count(*) FROM schema_migrations")[0][0] == postgres_schema.SCHEMA_VERSION


def test_a_database_from_a_newer_hermes_is_refused(pg_store, pg_dsn):
    from hermes.state import StoreError
    from hermes.state.postgres import PostgresStore

    raw(pg_dsn, "INSERT INTO schema_migrations VALUES (99, 'future', 0, NULL)")
    with pytest.raises(StoreError, match="newer than this Hermes supports"):
        PostgresStore(pg_dsn)


def test_without_pg_trgm_cjk_search_still_works(pg_server):
    """A role that may not create extensions gets the plain partial index instead, and a note."""
    from hermes.state.postgres import PostgresStore

    name, role = pg_server.create_db(), "hermes_nopriv_" + secrets.token_hex(4)
    dsn = pg_server.dsn(name)
    try:
        pg_server.admin(f'CREATE ROLE "{role}" LOGIN')
        raw(dsn, f'GRANT CREATE, USAGE ON SCHEMA public TO "{role}"')
        from psycopg.conninfo import make_conninfo

        s = PostgresStore(make_conninfo(dsn, user=role))
        sid = s.create_session().id
        s.append_messages(sid, turn("東京の天気はどうですか", "晴れです"))
        hits = s.search("天気")  # the question, then its reply (the ranking adds a direct reply)
        assert hits[0].session_id == sid and ">>>天気<<<" in hits[0].snippet
        s.close()
        note = raw(dsn, "SELECT note FROM schema_migrations WHERE version = 2")[0][0]
        assert note and note.startswith("pg_trgm unavailable")
    finally:
        pg_server.drop_db(name)
        pg_server.admin(f'DROP ROLE IF EXISTS "{role}"')


def test_search_uses_the_full_text_index(pg_store, pg_dsn):
    sid = pg_store.create_session().id
    pg_store.append_messages(sid, turn("the docker build failed", "prune the images"))
    import psycopg

    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute("SET enable_seqscan = off")
        plan = "\n".join(r[0] for r in conn.execute(
            "EXPLAIN SELECT id FROM messages WHERE search_doc @@ phraseto_tsquery('english', 'docker')"))
    assert "idx_messages_search" in plan


# ---- what only PostgreSQL has --------------------------------------------------------------------

def test_nul_characters_are_stored_as_replacement_characters(pg_store):
    from hermes.core.messages import ToolCall

    sid = pg_store.create_session(title="a\x00b").id
    call = ToolCall("c\x00", "read_file", '{"path": "x\\u0000y"}')
    pg_store.append_messages(sid, [Message.user("bin\x00ary"), Message.assistant(None, [call]),
                                   Message.tool("c\x00", "read_file", "\x00\x01data")])
    got = pg_store.get_messages(sid)
    assert got[0].content == "bin\ufffdary" and got[2].content == "\ufffd\x01data"
    assert got[1].tool_calls[0].arguments == '{"path": "x\\u0000y"}'  # JSON escapes are just text
    assert pg_store.get_session(sid).title == "a\ufffdb"


def test_connections_the_server_dropped_are_replaced(pg_store, pg_dsn):
    sid = pg_store.create_session().id
    barrier = threading.Barrier(3)

    def hold_a_connection() -> None:  # three calls at once leave three connections in the pool
        pg_store._pg.run("wait", lambda cur: barrier.wait(10))

    threads = [threading.Thread(target=hold_a_connection) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert len(pg_store._pg._idle) == 3
    pg_store.append_messages(sid, turn("before", "ok"))
    raw(pg_dsn, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")  # as a server restart would
    pg_store.append_messages(sid, turn("after", "ok"))  # the pooled connections are dead: retried on a new one
    assert [m.content for m in pg_store.get_messages(sid)] == ["before", "ok", "after", "ok"]
    raw(pg_dsn, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    assert pg_store.get_session(sid).message_count == 4  # a single-statement read recovers the same way


def test_a_held_row_lock_gives_up_with_a_clear_error(pg_dsn, monkeypatch):
    import psycopg

    from hermes.state import StoreError, postgres_conn
    from hermes.state.postgres import PostgresStore

    monkeypatch.setattr(postgres_conn, "LOCK_TIMEOUT", 1)
    s = PostgresStore(pg_dsn)
    sid = s.create_session().id
    with psycopg.connect(pg_dsn) as other:
        other.execute("SELECT 1 FROM sessions WHERE id = %s FOR UPDATE", (sid,))
        t0 = time.monotonic()
        with pytest.raises(StoreError, match="locked by another transaction .* nothing was written"):
            s.append_messages(sid, turn("x", "y"))
        assert time.monotonic() - t0 < 10
    assert s.get_messages(sid) == []
    s.append_messages(sid, turn("x", "y"))  # the lock is gone: writes work again
    s.close()


def test_more_threads_than_connections_all_get_served(pg_dsn):
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(pg_dsn, pool_size=2)
    sid = s.create_session().id
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            for i in range(5):
                s.append_messages(sid, turn(f"t{k}-{i}", "ok"))
                s.search(f"t{k}")
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [] and s.get_session(sid).message_count == 120
    assert len(s._pg._idle) <= 2
    s.close()


# ---- choosing the backend -------------------------------------------------------------------------

def _home(tmp_path: Path, config: str = "", env: str = ""):
    from hermes.home import Home

    home = Home(tmp_path / "home").ensure()
    if config:
        home.config_file.write_text(config)
    if env:
        home.env_file.write_text(env)
    return home


def test_open_store_picks_postgres_from_config_and_env_file(tmp_path, pg_dsn, monkeypatch):
    from hermes.config import load_config
    from hermes.state import open_store
    from hermes.state.postgres import PostgresStore
    from hermes.state.sqlite import SQLiteStore

    monkeypatch.delenv("HERMES_DATABASE_URL", raising=False)
    home = _home(tmp_path, "store:\n  backend: postgres\n", f"HERMES_DATABASE_URL={pg_dsn}\n")
    for cfg in (load_config(home), None):  # None: open_store reads config.yaml itself
        s = open_store(home, cfg)
        assert isinstance(s, PostgresStore)
        s.close()
    assert not home.state_db.exists()
    home2 = _home(tmp_path / "2", f"store:\n  backend: postgres\n  dsn: '{pg_dsn}'\n  pool_size: 3\n")
    s = open_store(home2)
    assert isinstance(s, PostgresStore) and s._pg._size == 3
    s.close()
    s = open_store(_home(tmp_path / "3", "agent:\n  max_turns: 5\n", f"HERMES_DATABASE_URL={pg_dsn}\n"))
    assert isinstance(s, SQLiteStore)  # a URL alone does not switch backends
    s.close()


def test_open_store_without_a_dsn_or_psycopg_says_what_to_do(tmp_path, monkeypatch):
    from hermes.state import StoreError, open_store, postgres_conn

    monkeypatch.delenv("HERMES_DATABASE_URL", raising=False)
    home = _home(tmp_path, "store:\n  backend: postgres\n")
    with pytest.raises(StoreError, match="HERMES_DATABASE_URL"):
        open_store(home)
    monkeypatch.setenv("HERMES_DATABASE_URL", "postgresql://u:pw@127.0.0.1:1/db")
    monkeypatch.setattr(postgres_conn, "psycopg", None)
    with pytest.raises(StoreError, match=r"pip install 'hermes-recall\[postgres\]'"):
        open_store(home)


def _hermes(home: Path, *args: str, env: dict | None = None, code: str | None = None):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("HERMES_", "OPENAI_", "ANTHROPIC_"))}
    e.update({"HERMES_HOME": str(home), **(env or {})})
    cmd = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "hermes.cli.main", *args]
    return subprocess.run(cmd, env=e, capture_output=True, text=True, timeout=60)


def test_cli_unreachable_server_is_one_clear_error_without_the_password(tmp_path):
    home = _home(tmp_path, "store:\n  backend: postgres\n")
    url = f"postgresql://hermes:pw-s3cret-42@127.0.0.1:{_free_port()}/hermes"
    r = _hermes(home.root, "sessions", "list", env={"HERMES_DATABASE_URL": url})
    assert r.returncode == 1, r.stdout
    assert "Traceback" not in r.stderr and "pw-s3cret-42" not in r.stderr + r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot connect" in lines[0] and "127.0.0.1" in lines[0], r.stderr


def test_cli_without_psycopg_names_the_extra(tmp_path):
    home = _home(tmp_path, "store:\n  backend: postgres\n", "HERMES_DATABASE_URL=postgresql://u:pw@h/db\n")
    block = ("import sys; sys.modules['psycopg'] = None; sys.argv = ['hermes', *sys.argv[1:]]; "
             "from hermes.cli.main import run; run()")
    r = _hermes(home.root, "sessions", "list", code=block)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "pip install 'hermes-recall[postgres]'" in r.stderr


def test_config_show_get_and_set_never_print_the_password(tmp_path):
    home = _home(tmp_path)
    url = "postgresql://hermes:pw-s3cret-42@db.example:5432/hermes"
    r = _hermes(home.root, "config", "set", "store.dsn", url)
    assert r.returncode == 0, r.stderr
    r2 = _hermes(home.root, "config", "set", "HERMES_DATABASE_URL", url)
    assert r2.returncode == 0 and "HERMES_DATABASE_URL=" in home.env_file.read_text()
    outs = [r.stdout, r2.stdout]
    for args in (("config", "show"), ("config", "show", "--json"), ("config", "get", "store.dsn"),
                 ("config", "get", "store")):
        res = _hermes(home.root, *args)
        assert res.returncode == 0, res.stderr
        outs.append(res.stdout)
    assert all("pw-s3cret-42" not in o for o in outs)
    assert "postgresql://hermes:****@db.example:5432/hermes" in outs[2]  # still says where it points


def test_cli_chat_sessions_and_search_run_on_postgres(tmp_path, pg_dsn):
    import json

    home = _home(tmp_path, "store:\n  backend: postgres\n")
    env = {"HERMES_DATABASE_URL": pg_dsn}
    r = _hermes(home.root, "chat", "--provider", "demo", "-q", "tell me about zanzibar spices", env=env)
    assert r.returncode == 0, r.stderr
    listed = json.loads(_hermes(home.root, "sessions", "list", "--json", env=env).stdout)
    assert len(listed) == 1 and listed[0]["source"] == "cli"
    hits = json.loads(_hermes(home.root, "sessions", "search", "zanzibar", "--json", env=env).stdout)
    assert {h["session_id"] for h in hits} == {listed[0]["id"]} and hits[0]["snippet"]
    assert not home.state_db.exists()  # nothing went to SQLite
    assert raw(pg_dsn, "SELECT count(*) FROM messages")[0][0] >= 2


def test_redact_dsn_and_error_cleaning():
    from hermes.config import redact_dsn

    assert redact_dsn("postgresql://u:p@ss/w@h:5432/db?sslmode=require") == \
        "postgresql://u:****@h:5432/db?sslmode=require"
    assert redact_dsn("host=h password='a b' dbname=x") == "host=h password=**** dbname=x"
    assert redact_dsn("postgresql://h/db?user=u&password=pw&x=1") == "postgresql://h/db?user=u&password=****&x=1"
    assert redact_dsn("postgresql://u@h/db") == "postgresql://u@h/db"
    pytest.importorskip("psycopg")
    from hermes.state.postgres_conn import Connector

    from hermes.state import StoreError

    c = Connector("postgresql://u:hunter2pw@h/db")
    assert c.clean('FATAL:  password "hunter2pw"\n  rejected') == 'FATAL:  password "****" rejected'
    assert c.where == "PostgreSQL database db on h:5432"
    # an unescaped '@' in the password: libpq takes part of it for the host, which is then hidden too
    c = Connector(f"postgresql://u:hunter@2pw@127.0.0.1:{_free_port()}/db")
    with pytest.raises(StoreError) as e:
        c.connect()
    assert "hunter" not in str(e.value) and "2pw" not in str(e.value) and "cannot connect" in str(e.value)
    with pytest.raises(StoreError, match="not a key=value string|nor a key=value string") as e:
        Connector("password=my secret host=h")
    assert "secret" not in str(e.value)


def test_usage_totals_survive_concurrent_appends(pg_store):
    sid = pg_store.create_session().id

    def work() -> None:
        for _ in range(10):
            pg_store.append_messages(sid, turn("q", "a"), usage=Usage(3, 2, 1, 0), cost_usd=0.5)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    info = pg_store.get_session(sid)
    assert info.usage == Usage(120, 80, 40, 0) and info.cost_usd == pytest.approx(20.0)
    assert info.message_count == 80


def test_doctor_checks_the_postgres_store_not_sqlite(tmp_path, pg_dsn):
    import json

    home = _home(tmp_path, "store:\n  backend: postgres\n")
    r = _hermes(home.root, "doctor", "--json", env={"HERMES_DATABASE_URL": pg_dsn})
    store = [c for c in json.loads(r.stdout)["checks"] if c["check"] == "session store"]
    assert store == [{"check": "session store", "ok": True, "detail": "PostgreSQL (store.backend: postgres)",
                      "fix": ""}]
    assert not home.state_db.exists()
    url = f"postgresql://hermes:pw-s3cret-42@127.0.0.1:{_free_port()}/hermes"
    r = _hermes(home.root, "doctor", "--json", env={"HERMES_DATABASE_URL": url})
    [bad] = [c for c in json.loads(r.stdout)["checks"] if c["check"] == "session store"]
    assert not bad["ok"] and "127.0.0.1" in bad["detail"] and "HERMES_DATABASE_URL" in bad["fix"]
    assert "pw-s3cret-42" not in r.stdout + r.stderr
