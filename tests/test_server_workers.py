"""Several server processes on one store: `hermes serve --workers N` and independent `hermes serve`
processes (as on several hosts) sharing one PostgreSQL database.

The model (scripted, built in each process) answers "<input> | seen <n> | pid <pid>", where n is
the number of user messages in the history it was given: a turn run on a stale history (another
process answered the previous turn) shows a wrong n. Requests for one session sent to several
processes at once must come out whole, in one order, each turn seeing every turn before it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx
import yaml

from server_support import free_port
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - PostgreSQL fixtures

KEY = "workers-test-key-Zq8vN3xL5pT2wR7k"
ROOT = Path(__file__).resolve().parent.parent

LAUNCHER = textwrap.dedent("""
    import os, sys
    import hermes.cli.chat as chat
    from hermes.cli.common import get_runtime
    from hermes.testing import ScriptedModel
    from hermes.testing.script import Step

    class Counting(ScriptedModel):
        async def stream(self, messages, tools=None, **options):
            users = [m for m in messages if m.role == "user"]
            self.steps.append(Step(text=f"{users[-1].content} | seen {len(users)} | pid {os.getpid()}",
                                   delay=float(os.environ.get("MODEL_DELAY", "0"))))
            self.requests.clear()
            async for c in super().stream(messages, tools, **options):
                yield c

    def make(*a, **k):
        from hermes.config import load_config
        from hermes.runtime import Hermes
        home = get_runtime().home
        return Hermes(home, load_config(home), model=Counting())

    chat.make_hermes = make
    import typer
    from hermes.cli.common import Runtime, set_runtime
    from hermes.cli.serve import serve
    set_runtime(Runtime())
    app = typer.Typer()
    app.command("serve")(serve)
    app.command("version")(lambda: None)
    app(["serve", *sys.argv[1:]])
""")


def make_home(tmp_path: Path, name: str, dsn: str | None) -> Path:
    home = tmp_path / name
    home.mkdir()
    cfg: dict = {"memory": {"review_interval": 0}, "server": {"rate_limit_per_minute": 0}}
    if dsn:
        cfg["store"] = {"backend": "postgres", "dsn": dsn, "pool_size": 4}
    (home / "config.yaml").write_text(yaml.safe_dump(cfg))
    (home / "launch.py").write_text(LAUNCHER)
    return home


class Server:
    def __init__(self, home: Path, *args: str, delay: float = 0.0):
        self.port = free_port()
        env = {**os.environ, "HERMES_HOME": str(home), "MODEL_DELAY": str(delay), "PYTHONUNBUFFERED": "1"}
        env.pop("HERMES_API_KEY", None)
        self.proc = subprocess.Popen([sys.executable, str(home / "launch.py"), "--port", str(self.port),
                                      "--api-key", KEY, "--no-scheduler", *args],
                                     env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.url = f"http://127.0.0.1:{self.port}"

    def ready(self) -> "Server":
        deadline = time.monotonic() + 30
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(self.url + "/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


async def chat(client: httpx.AsyncClient, url: str, sid: str, text: str) -> httpx.Response:
    return await client.post(url + "/v1/chat/completions", headers={"Authorization": f"Bearer {KEY}",
                             "X-Hermes-Session-Id": sid},
                             json={"model": "hermes", "messages": [{"role": "user", "content": text}]})


def answers_in_order(store, sid: str, count: int) -> list[str]:
    """The stored session is `count` whole turns, each seeing all before it; returns the inputs."""
    msgs = store.get_messages(sid)
    assert [m.role for m in msgs] == ["user", "assistant"] * count
    inputs = [m.content for m in msgs[0::2]]
    for i, (q, a) in enumerate(zip(msgs[0::2], msgs[1::2]), 1):
        assert a.content.startswith(f"{q.content} | seen {i} | pid "), (i, q.content, a.content)
    return inputs


def burst(urls: list[str], sid: str, n: int, first: int = 0, stagger: float = 0.0) -> list[httpx.Response]:
    """n requests at once for one session (`stagger`: seconds between their starts), each on its own
    connection, so a server with several workers spreads them."""
    async def send(i: int) -> httpx.Response:
        await asyncio.sleep(i * stagger)
        async with httpx.AsyncClient(timeout=60) as client:
            return await chat(client, urls[i % len(urls)], sid, f"msg {first + i:02d}")

    async def go() -> list[httpx.Response]:
        return await asyncio.gather(*(send(i) for i in range(n)))

    return asyncio.run(go())


def test_two_hosts_on_one_postgres_keep_a_sessions_turns_whole_and_ordered(tmp_path, pg_dsn):
    from hermes.state.postgres import PostgresStore

    # Two independent servers (two "hosts": separate homes) behind no balancer: requests alternate.
    a = Server(make_home(tmp_path, "a", pg_dsn), delay=0.05)
    b = Server(make_home(tmp_path, "b", pg_dsn), delay=0.05)
    try:
        a.ready(), b.ready()
        n = 10
        replies = burst([a.url, b.url], "shared-1", n)
        assert [r.status_code for r in replies] == [200] * n
        for i, r in enumerate(replies):
            assert r.json()["choices"][0]["message"]["content"].startswith(f"msg {i:02d} | seen ")
        pids = {r.json()["choices"][0]["message"]["content"].rsplit(" ", 1)[1] for r in replies}
        assert len(pids) == 2
        store = PostgresStore(pg_dsn)
        try:
            assert sorted(answers_in_order(store, "shared-1", n)) == [f"msg {i:02d}" for i in range(n)]
            assert store.get_session("shared-1").message_count == 2 * n
        finally:
            store.close()
    finally:
        assert a.stop() == 0 and b.stop() == 0


def test_a_session_busy_in_another_process_past_turn_wait_gets_409_with_retry_after(tmp_path, pg_dsn):
    a = Server(make_home(tmp_path, "a", pg_dsn), "--turn-wait", "0.3", delay=2.0)
    b = Server(make_home(tmp_path, "b", pg_dsn), "--turn-wait", "0.3", delay=2.0)
    try:
        a.ready(), b.ready()
        async def go() -> tuple[httpx.Response, httpx.Response]:
            async with httpx.AsyncClient(timeout=30) as client:
                first = asyncio.ensure_future(chat(client, a.url, "busy-1", "slow one"))
                await asyncio.sleep(0.6)  # the first turn holds the session now
                second = await chat(client, b.url, "busy-1", "too soon")
                streamed = await client.post(b.url + "/v1/chat/completions", headers={
                    "Authorization": f"Bearer {KEY}", "X-Hermes-Session-Id": "busy-1"}, json={
                    "model": "hermes", "stream": True, "messages": [{"role": "user", "content": "streamed"}]})
                assert streamed.status_code == 409 and streamed.headers["retry-after"].isdigit()
                return await first, second

        first, second = asyncio.run(go())
        assert first.status_code == 200
        assert second.status_code == 409
        assert second.headers["retry-after"].isdigit()
        assert second.json()["error"]["code"] == "session_busy"
        third = asyncio.run(_one(b.url, "busy-1", "later"))  # the lock is free again, history current
        assert third.status_code == 200
        assert third.json()["choices"][0]["message"]["content"].startswith("later | seen 2 | ")
    finally:
        a.stop()
        b.stop()


async def _one(url: str, sid: str, text: str) -> httpx.Response:
    async with httpx.AsyncClient(timeout=30) as client:
        return await chat(client, url, sid, text)


def _children(pid: int) -> set[int]:
    try:
        return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def test_sqlite_workers_serialize_a_session_restart_a_dead_worker_and_stop_on_sigterm(tmp_path):
    from hermes.state.sqlite import SQLiteStore

    home = make_home(tmp_path, "h", None)
    s = Server(home, "--workers", "2", delay=0.05)
    try:
        s.ready()
        deadline = time.monotonic() + 10
        while len(_children(s.proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(s.proc.pid)
        assert len(workers) == 2
        # One worker's event loop may accept a whole burst: send bursts until both served the session.
        n, served = 0, set()
        while served != {str(p) for p in workers} and n < 60:
            replies = burst([s.url], "same", 6, first=n, stagger=0.01)
            assert [r.status_code for r in replies] == [200] * 6
            served |= {r.json()["choices"][0]["message"]["content"].rsplit(" ", 1)[1] for r in replies}
            n += 6
        assert served == {str(p) for p in workers}
        store = SQLiteStore(home / "state.db")
        try:
            assert sorted(answers_in_order(store, "same", n)) == [f"msg {i:02d}" for i in range(n)]
        finally:
            store.close()

        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while (len(_children(s.proc.pid)) < 2 or victim in _children(s.proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.05)
        now = _children(s.proc.pid)
        assert len(now) == 2 and victim not in now  # restarted in its slot
        later = burst([s.url], "same", 4)
        assert [r.status_code for r in later] == [200] * 4
    finally:
        started = time.monotonic()
        workers = _children(s.proc.pid)
        assert s.stop() == 0
        assert time.monotonic() - started < 15
        for pid in workers:
            assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()


def test_two_processes_editing_one_scopes_memory_at_once_lose_no_edit(tmp_path):
    home = tmp_path / "mem"
    home.mkdir()
    script = tmp_path / "edit.py"
    script.write_text(textwrap.dedent("""
        import asyncio, sys
        from hermes.home import Home
        from hermes.memory.consolidate import commit
        from hermes.memory.documents import MemoryDocument, Op
        from pathlib import Path
        home = Home(Path(sys.argv[1])).ensure()
        doc = MemoryDocument.open(home, "team", "memory")
        who = sys.argv[2]
        print("ready", flush=True)
        sys.stdin.readline()  # start together
        async def main():
            for i in range(12):
                await commit(doc, [Op("add", f"note {who}-{i:02d} about the build server")])
        asyncio.run(main())
    """))
    procs = [subprocess.Popen([sys.executable, str(script), str(home), who], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE) for who in ("w0", "w1")]
    assert [p.stdout.readline() for p in procs] == [b"ready\n"] * 2  # both have imported everything
    for p in procs:
        p.stdin.write(b"go\n")
        p.stdin.flush()
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    from hermes.home import Home
    from hermes.memory.documents import MemoryDocument

    entries = MemoryDocument.open(Home(home), "team", "memory").entries()
    expected = {f"note {w}-{i:02d} about the build server" for w in ("w0", "w1") for i in range(12)}
    assert set(entries) == expected


def test_a_worker_that_keeps_dying_at_start_stops_the_supervisor(monkeypatch):
    from hermes.server import workers

    monkeypatch.setattr(workers, "RESTART_GAP", 0.02)
    sup = workers.Supervisor(2, lambda index: 3 if index == 1 else time.sleep(30) or 0, grace=5)
    started = time.monotonic()
    assert sup.run() == 1
    assert time.monotonic() - started < 10
    assert sup.restarts == workers.MAX_FAILED_STARTS - 1 and sup.pids == {}  # worker 0 was stopped too
