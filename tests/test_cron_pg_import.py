"""A home's cron/jobs.json moves into the shared PostgreSQL job table once, when the home switches
to the PostgreSQL store (PgJobStore.import_file)."""

from __future__ import annotations

import pytest
from cron_support import T0, make_home
from test_store_postgres import pg_dsn, pg_server  # noqa: F401 - the PostgreSQL fixtures

from hermes.cron.jobs import JobStore, JobsFileError

pytest.importorskip("psycopg")


@pytest.fixture
def pg(pg_dsn):  # noqa: F811
    from hermes.state.postgres import PostgresStore

    s = PostgresStore(pg_dsn)
    yield s
    s.close()


def test_jobs_json_is_imported_once_and_kept_as_imported(tmp_path, pg):
    from hermes.cron.pg_jobs import PgJobStore

    home = make_home(tmp_path / "a")
    local = JobStore(home)
    a = local.create("every 1h", "check the mail", name="mail", now=T0, deliver=["notify"])
    b = local.create("0 9 * * 1-5", "standup notes", scope="alice", now=T0 + 1)
    shared = PgJobStore(pg)
    assert sorted(shared.import_file(home)) == sorted([a.id, b.id])
    got = {j.id: j.public() for j in shared.load()}
    assert got == {j.id: j.public() for j in (a, b)}  # every field as jobs.json held it
    assert not local.path.exists() and local.path.with_name("jobs.json.imported").exists()
    assert shared.import_file(home) == []  # once: the file is gone
    assert len(shared.load()) == 2


def test_a_job_the_table_already_holds_is_not_replaced(tmp_path, pg):
    from hermes.cron.pg_jobs import PgJobStore

    home_a, home_b = make_home(tmp_path / "a"), make_home(tmp_path / "b")
    a = JobStore(home_a).create("every 1h", "check the mail", name="mail", now=T0)
    shared = PgJobStore(pg)
    assert shared.import_file(home_a) == [a.id]
    shared.update(a.id, prompt="check all mail", now=T0 + 10)
    # The same job id in a second home's file (a copied home): the table's version stays.
    (home_b.cron_dir).mkdir(parents=True, exist_ok=True)
    JobStore(home_a).path.with_name("jobs.json.imported").replace(JobStore(home_b).path)
    c = JobStore(home_b).create("30m", "one shot", now=T0 + 2)
    assert shared.import_file(home_b) == [c.id]
    assert shared.get(a.id).prompt == "check all mail"


def test_an_unreadable_jobs_json_is_reported_and_left_in_place(tmp_path, pg):
    from hermes.cron.pg_jobs import PgJobStore

    home = make_home(tmp_path)
    path = JobStore(home).path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    with pytest.raises(JobsFileError):
        PgJobStore(pg).import_file(home)
    assert path.read_text() == "{not json" and PgJobStore(pg).load() == []


def test_switching_a_home_to_postgres_imports_its_jobs_on_first_open(tmp_path, pg, caplog):
    from cron_support import make_config

    from hermes.cron.jobs import open_jobs

    home = make_home(tmp_path / "c")
    job = JobStore(home).create("every 2h", "water the plants", now=T0)
    cfg = make_config()
    cfg.store.backend = "postgres"
    with caplog.at_level("WARNING", logger="hermes.cron"):
        jobs = open_jobs(home, cfg, store=pg)
    assert [j.id for j in jobs.load()] == [job.id]
    assert "imported 1 job(s)" in caplog.text
    assert [j.id for j in open_jobs(home, cfg, store=pg).load()] == [job.id]  # not twice
