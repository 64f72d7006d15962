"""jobs.json: the job model, locked atomic writes, hand edits, broken files and racing writers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading

import pytest

from cron_support import T0, make_home
from hermes.cron.jobs import Job, JobNotFound, JobsFileError, JobStore, RetryPolicy
from hermes.cron.schedule import ScheduleError


@pytest.fixture
def home(tmp_path):
    return make_home(tmp_path)


@pytest.fixture
def jobs(home):
    return JobStore(home, tz="UTC")


def test_create_fills_every_field_and_persists(jobs, home):
    job = jobs.create("every 30m", "  check the build  ", name="build", deliver=["notify", "file"],
                      toolsets=["core"], model="openai:gpt-4o-mini", retries=2, now=T0)
    assert len(job.id) == 8 and int(job.id, 16) >= 0
    assert job.prompt == "check the build" and job.scope == "owner"
    assert job.deliver == ["notify"]  # the output file is implied
    assert job.next_run_at == T0 - 30 + 1800  # minute resolution: counted from 08:59
    assert job.enabled and job.state == "scheduled" and job.retries.max_retries == 2
    data = json.loads((home.cron_dir / "jobs.json").read_text())
    assert data["version"] == 1
    rec = data["jobs"][0]
    assert rec["schedule"] == "every 30m" and rec["next_run_at"] == "2026-11-22T09:29:00Z"
    assert rec["created_at"] == "2026-11-22T08:59:30Z"
    assert set(rec) >= {"id", "name", "schedule", "prompt", "scope", "model", "toolsets", "deliver", "enabled",
                        "created_at", "updated_at", "next_run_at", "last_run_at", "last_status", "last_error",
                        "retries"}
    assert oct(os.stat(home.cron_dir / "jobs.json").st_mode & 0o777) == "0o600"
    again = JobStore(home, tz="UTC").get(job.id)
    assert again.to_dict() == job.to_dict()


def test_default_name_comes_from_the_prompt(jobs):
    job = jobs.create("1h", "Summarize the overnight alerts from the monitoring channel and the pager log",
                      now=T0)
    assert job.name.startswith("Summarize the overnight") and len(job.name) <= 41


def test_create_refuses_bad_input(jobs, home):
    with pytest.raises(ScheduleError, match="Examples"):
        jobs.create("every blue moon", "x", now=T0)
    with pytest.raises(ScheduleError, match="already passed"):
        jobs.create("2020-01-01T09:00", "x", now=T0)
    with pytest.raises(ValueError, match="prompt is empty"):
        jobs.create("every 1h", "   ", now=T0)
    with pytest.raises(ValueError, match="unknown delivery target"):
        jobs.create("every 1h", "x", deliver=["carrier-pigeon:home"], now=T0)
    with pytest.raises(ValueError, match="webhook"):
        jobs.create("every 1h", "x", deliver=["webhook:ftp://example.com/x"], now=T0)
    with pytest.raises(ValueError, match="channel"):
        jobs.create("every 1h", "x", deliver=["channel:telegram"], now=T0)
    assert not (home.cron_dir / "jobs.json").exists()


def test_deliver_forms(jobs):
    job = jobs.create("every 1h", "x", now=T0,
                      deliver="notify, webhook:https://hooks.example.com/a?b=1, channel:telegram:-100123, local")
    assert job.deliver == ["notify", "webhook:https://hooks.example.com/a?b=1", "channel:telegram:-100123"]


def test_resolve_by_id_prefix_and_name(jobs):
    a = jobs.create("every 1h", "a", name="Alpha", now=T0)
    b = jobs.create("every 1h", "b", name="Beta", now=T0)
    assert jobs.get(a.id).id == a.id
    assert jobs.get(a.id[:4]).id == a.id or a.id[:4] == b.id[:4]
    assert jobs.get("beta").id == b.id
    with pytest.raises(JobNotFound, match="no job"):
        jobs.get("nope")
    with pytest.raises(JobNotFound):
        jobs.get(a.id, scope="someone-else")  # scopes do not see each other's jobs


def test_update_pause_resume_remove(jobs):
    job = jobs.create("every 1h", "x", now=T0)
    later = T0 + 7200 + 15
    upd = jobs.update(job.id, schedule="every 10m", name="renamed", now=later)
    assert upd.name == "renamed" and upd.schedule == "every 10m"
    assert upd.next_run_at == (later // 60) * 60 + 600  # a new schedule counts from now (its minute)
    paused = jobs.update(job.id, enabled=False, now=later)
    assert paused.state == "paused"
    resumed = jobs.update(job.id, enabled=True, now=later + 3600 + 15)
    assert resumed.state == "scheduled" and resumed.next_run_at > later + 3600  # no backlog from the pause
    with pytest.raises(ValueError, match="cannot change"):
        jobs.update(job.id, id="x")
    gone = jobs.remove(job.id)
    assert gone.id == job.id and jobs.list() == []


def test_resuming_a_past_one_shot_asks_for_a_new_schedule(jobs):
    job = jobs.create("30m", "x", now=T0)
    jobs.update(job.id, enabled=False, now=T0)
    with pytest.raises(ScheduleError, match="new schedule"):
        jobs.update(job.id, enabled=True, now=T0 + 7200)


def test_unknown_keys_survive_a_rewrite(jobs, home):
    job = jobs.create("every 1h", "x", now=T0)
    path = home.cron_dir / "jobs.json"
    data = json.loads(path.read_text())
    data["jobs"][0]["origin"] = {"platform": "telegram", "chat_id": "42"}
    path.write_text(json.dumps(data))
    jobs.update(job.id, name="y", now=T0)
    assert json.loads(path.read_text())["jobs"][0]["origin"] == {"platform": "telegram", "chat_id": "42"}


def test_reference_system_records_load(home):
    (home.cron_dir / "jobs.json").write_text(json.dumps({"jobs": [
        {"id": "a1b2c3d4e5f6", "name": "Daily briefing", "prompt": "brief me",
         "schedule": {"kind": "cron", "expr": "0 9 * * *", "display": "0 9 * * *"},
         "deliver": "telegram:-1001234567890", "enabled": True, "next_run_at": "2025-01-16T09:00:00Z",
         "created_at": "2025-01-01T00:00:00Z", "repeat": {"times": None, "completed": 42}},
        {"id": "b2", "prompt": "p", "schedule": {"kind": "interval", "minutes": 90}},
    ]}))
    a, b = JobStore(home, tz="UTC").load()
    assert a.schedule == "0 9 * * *" and a.next_run_at == 1737018000.0 and a.extra["repeat"]["completed"] == 42
    assert b.schedule == "every 90m"


@pytest.mark.parametrize("content,why", [
    ('{"jobs": [ {"id": "x", ', "not valid JSON (line 1"),
    ('{"jobs": {"id": "x"}}', "top level"),
    ('{"jobs": [{"id": "x", "schedule": "every 1h"}]}', "'prompt' is missing"),
    ('{"jobs": [{"id": "x", "schedule": "every 1h", "prompt": "p", "next_run_at": "soon"}]}', "not an ISO time"),
    ('{"jobs": [{"id": "x", "schedule": "1h", "prompt": "p"}, {"id": "x", "schedule": "1h", "prompt": "q"}]}',
     "two jobs have the id"),
])
def test_a_broken_file_is_reported_backed_up_and_never_overwritten(jobs, home, content, why):
    path = home.cron_dir / "jobs.json"
    path.write_text(content)
    with pytest.raises(JobsFileError) as e:
        jobs.load()
    assert why in str(e.value) and "untouched" in str(e.value)
    with pytest.raises(JobsFileError):
        jobs.create("every 1h", "new job", now=T0)
    with pytest.raises(JobsFileError):
        jobs.update("x", name="y")
    assert path.read_text() == content  # still exactly what the person wrote
    backups = list(home.cron_dir.glob("jobs.json.broken-*"))
    assert len(backups) == 1 and backups[0].read_text() == content


def test_hand_edits_between_writes_are_kept(jobs, home):
    a = jobs.create("every 1h", "a", now=T0)
    path = home.cron_dir / "jobs.json"
    data = json.loads(path.read_text())
    data["jobs"][0]["prompt"] = "edited by hand"
    path.write_text(json.dumps(data, indent=4))
    jobs.create("every 2h", "b", now=T0)
    assert jobs.get(a.id).prompt == "edited by hand"
    assert len(jobs.list()) == 2


def test_a_crash_between_temp_write_and_rename_leaves_the_old_file(home, tmp_path):
    jobs = JobStore(home, tz="UTC")
    jobs.create("every 1h", "original", now=T0)
    before = (home.cron_dir / "jobs.json").read_bytes()
    script = textwrap.dedent(f"""
        import os
        from pathlib import Path
        from hermes.cron.jobs import JobStore
        from hermes.home import Home
        os.replace = lambda *a: os._exit(9)  # the process dies after the temp file is written and synced
        JobStore(Home(Path({str(home.root)!r})), tz="UTC").create("every 2h", "never saved")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert proc.returncode == 9, proc.stderr.decode()
    assert (home.cron_dir / "jobs.json").read_bytes() == before
    leftovers = list(home.cron_dir.glob(".jobs.json.*.tmp"))
    assert leftovers and "never saved" in leftovers[0].read_text()  # the temp file, not jobs.json
    assert [j.prompt for j in jobs.list()] == ["original"]
    jobs.create("every 3h", "next write works", now=T0)
    assert len(jobs.list()) == 2


def test_a_failed_write_cleans_up_and_keeps_the_old_file(jobs, home, monkeypatch):
    jobs.create("every 1h", "original", now=T0)
    before = (home.cron_dir / "jobs.json").read_bytes()

    def boom(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        jobs.create("every 2h", "x", now=T0)
    monkeypatch.undo()
    assert (home.cron_dir / "jobs.json").read_bytes() == before
    assert not list(home.cron_dir.glob(".jobs.json.*.tmp"))


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from hermes.cron.jobs import JobStore
    from hermes.home import Home
    store = JobStore(Home(Path(sys.argv[1])), tz="UTC")
    for i in range(int(sys.argv[3])):
        store.create("every 1h", f"writer {sys.argv[2]} job {i}")
""")


def test_concurrent_writers_lose_nothing_and_readers_always_parse(home):
    writers, per = 4, 25
    path = home.cron_dir / "jobs.json"
    stop = threading.Event()
    reads, bad = [0], []

    def reader():
        while not stop.is_set():
            try:
                data = path.read_text()
            except FileNotFoundError:
                continue
            try:
                json.loads(data)
                reads[0] += 1
            except ValueError as e:
                bad.append(str(e))
    t = threading.Thread(target=reader)
    t.start()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(home.root), str(w), str(per)])
             for w in range(writers)]
    try:
        assert all(p.wait(timeout=120) == 0 for p in procs)
    finally:
        stop.set()
        t.join()
    assert not bad, bad[:3]
    assert reads[0] > 0
    jobs = JobStore(home, tz="UTC").list()
    assert len(jobs) == writers * per
    assert len({j.id for j in jobs}) == writers * per
    assert {j.prompt for j in jobs} == {f"writer {w} job {i}" for w in range(writers) for i in range(per)}


def test_retry_policy_values():
    assert RetryPolicy.from_value(None).max_retries is None
    assert RetryPolicy.from_value(3).max_retries == 3
    assert RetryPolicy.from_value({"max_retries": 0, "backoff_seconds": 5}).backoff_seconds == 5.0
    for bad in (-1, "two", {"max_retries": -2}, {"backoff_seconds": "soon"}):
        with pytest.raises(ValueError):
            RetryPolicy.from_value(bad)


def test_job_state_and_public_form():
    job = Job(id="abcd1234", name="n", schedule="30m", prompt="p", next_run_at=None, last_status="ok")
    assert job.state == "completed"
    job.enabled = False
    assert job.public()["state"] == "paused"
