"""Auth, limits, errors, headers, the sessions/memory/jobs APIs, `hermes serve` itself, and a
property-based fuzz of the documented surface (schemathesis, else hypothesis)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from hermes.testing import ScriptedModel
from server_support import KEY, free_port, installed, make_hermes, make_home, serve

STRONG = "hX7-vQ2pLr9sKd4mWt8zBn3c"
AUTH = {"Authorization": f"Bearer {STRONG}"}
CHAT = {"model": "hermes", "messages": [{"role": "user", "content": "hi"}]}


@pytest.fixture
def srv(tmp_path):
    """A server that requires a (strong) key, as on a non-loopback bind."""
    home = make_home(tmp_path, {"server": {"max_body_bytes": 4096}})
    h = make_hermes(home, ScriptedModel())
    with serve(h, api_key=STRONG) as s:
        yield s, h


# -- auth and key policy ------------------------------------------------------------------------

def test_bearer_auth_required_when_a_key_is_set(srv):
    s, _ = srv
    url = s.url + "/v1/chat/completions"
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": STRONG},
                    {"Authorization": f"Basic {STRONG}"}):
        r = httpx.post(url, json=CHAT, headers=headers)
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "invalid_api_key" and STRONG not in r.text
    assert httpx.post(url, json=CHAT, headers=AUTH).status_code == 200
    assert httpx.get(s.url + "/health").json() == {"status": "ok"}  # no auth
    assert httpx.get(s.url + "/health/detailed").status_code == 401
    d = httpx.get(s.url + "/health/detailed", headers=AUTH).json()
    assert d["store"]["ok"] and d["version"] and d["uptime_seconds"] >= 0 and "running" in d["scheduler"]
    assert d["sessions"]["live"] == 1


def test_loopback_without_key_is_open(tmp_path):
    h = make_hermes(make_home(tmp_path))
    with serve(h) as s:
        assert httpx.post(s.url + "/v1/chat/completions", json=CHAT).status_code == 200
        assert httpx.get(s.url + "/v1/models").json()["data"][0]["id"] == "hermes"


@pytest.mark.parametrize("key", ["hermes", "password", "changeme", "aaaaaaaaaaaaaaaaaaaa",
                                 "12345678901234567890", "abcdefghijklmnopqrst", "short-Key-9",
                                 "hermeshermeshermes", "password1234567890", "abababababababababab",
                                 "qwertyuiopasdfghjk"])
def test_weak_keys_are_refused(key):
    from hermes.cli.serve import check_bind
    from hermes.server.auth import key_problem

    assert key_problem(key)
    assert "weak" in check_bind("0.0.0.0", key)
    assert check_bind("127.0.0.1", key) is None  # tolerated (with a warning) on loopback


def test_key_policy_and_precedence():
    from hermes.cli.serve import check_bind, resolve_key
    from hermes.server.auth import is_loopback, key_problem

    import base64
    import random

    assert key_problem(STRONG) is None and key_problem("b3J4_x9Qz-Lm2Vn7Rt5Yw1") is None
    rng = random.Random(7)
    for _ in range(20):  # what people generate (token_hex(8), token_urlsafe(32)) is accepted
        assert key_problem(rng.randbytes(8).hex()) is None
        assert key_problem(base64.urlsafe_b64encode(rng.randbytes(32)).decode().rstrip("=")) is None
    assert "without an API key" in check_bind("0.0.0.0", None)
    assert check_bind("192.168.1.5", STRONG) is None
    assert check_bind("localhost", None) is None and check_bind("::1", None) is None
    assert is_loopback("127.0.0.2") and not is_loopback("0.0.0.0") and not is_loopback("example.com")
    assert resolve_key("flag", "cfg", {"HERMES_API_KEY": "env"}) == "flag"
    assert resolve_key(None, "cfg", {"HERMES_API_KEY": "env"}) == "cfg"
    assert resolve_key(None, None, {"HERMES_API_KEY": "env"}) == "env"
    assert resolve_key("  ", None, {}) is None


# -- errors and limits --------------------------------------------------------------------------

def test_errors_use_openai_shape_and_status(srv):
    s, _ = srv
    url = s.url + "/v1/chat/completions"
    cases = [
        (b"{not json", 400, "invalid_json"),
        (b"", 400, "invalid_json"),
        (b"[1, 2]", 400, None),
        (b'{"model": "hermes"}', 400, None),
        (b'{"model": "hermes", "messages": []}', 400, None),
        (b'{"model": "hermes", "messages": [{"role": "assistant", "content": "x"}]}', 400, None),
        (b'{"model": "hermes", "messages": [{"role": "user", "content": [{"type": "image_url"}]}]}', 400,
         "invalid_image"),
        (b'{"model": "hermes", "messages": [{"role": "user", "content": [{"type": "input_audio"}]}]}', 400,
         "unsupported_content"),
        (b'{"model": "nope", "messages": [{"role": "user", "content": "x"}]}', 404, "model_not_found"),
    ]
    for body, status, code in cases:
        r = httpx.post(url, content=body, headers={**AUTH, "Content-Type": "application/json"})
        assert r.status_code == status, (body, r.text)
        err = r.json()["error"]
        assert set(err) == {"message", "type", "param", "code"} and err["message"]
        if code:
            assert err["code"] == code
    # Both APIs name the field at fault in the same way: the list, or the empty last user message.
    for path, field in (("/v1/chat/completions", "messages"), ("/v1/responses", "input")):
        no_user = {"model": "hermes", field: [{"role": "system", "content": "be brief"}]}
        r = httpx.post(s.url + path, json=no_user, headers=AUTH)
        assert r.status_code == 400 and r.json()["error"]["param"] == field, r.text
        assert "must include a user message" in r.json()["error"]["message"]
        empty = {"model": "hermes", field: [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"},
                                           {"role": "user", "content": "  "}]}
        r = httpx.post(s.url + path, json=empty, headers=AUTH)
        assert r.status_code == 400 and r.json()["error"]["param"] == f"{field}.2.content", r.text
    r = httpx.get(s.url + "/v1/nothing-here", headers=AUTH)
    assert r.status_code == 404 and r.json()["error"]["type"] == "invalid_request_error"
    assert httpx.delete(s.url + "/v1/models", headers=AUTH).status_code == 405
    bad = httpx.post(url, json=CHAT, headers={**AUTH, "X-Hermes-Session-Id": "a\tb"})
    assert bad.status_code == 400
    # A conversation id comes back in a header: one a header cannot carry is refused, not a 500.
    r = httpx.post(s.url + "/v1/responses", json={"input": "hi", "conversation": "caf\u00e9 \u2615"},
                   headers=AUTH)
    assert r.status_code == 400 and r.json()["error"]["param"] in ("conversation", None), r.text


def test_body_size_cap(srv):
    s, _ = srv
    big = {"model": "hermes", "messages": [{"role": "user", "content": "x" * 5000}]}
    r = httpx.post(s.url + "/v1/chat/completions", json=big, headers=AUTH)
    assert r.status_code == 413 and r.json()["error"]["code"] == "request_too_large"

    def chunks():  # no Content-Length: counted as it streams
        yield b'{"model": "hermes", "messages": [{"role": "user", "content": "'
        for _ in range(10):
            yield b"y" * 1000
        yield b'"}]}'

    r = httpx.post(s.url + "/v1/chat/completions", content=chunks(),
                   headers={**AUTH, "Content-Type": "application/json"})
    assert r.status_code == 413


def test_rate_limit(tmp_path):
    h = make_hermes(make_home(tmp_path, {"server": {"rate_limit_per_minute": 3}}))
    with serve(h, api_key=STRONG) as s:
        codes = [httpx.get(s.url + "/v1/models", headers=AUTH).status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        r = httpx.get(s.url + "/v1/models", headers=AUTH)
        assert r.json()["error"]["code"] == "rate_limit_exceeded" and int(r.headers["retry-after"]) >= 1
        assert httpx.get(s.url + "/health").status_code == 200  # health is never limited
        # The bucket is per key: a client with another (wrong) key is not starved by this one.
        assert httpx.get(s.url + "/v1/models", headers={"Authorization": "Bearer x"}).status_code == 401


def test_security_headers_and_cors(srv, tmp_path):
    s, _ = srv
    r = httpx.get(s.url + "/v1/models", headers={**AUTH, "Origin": "https://evil.example"})
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["cache-control"] == "no-store"
    assert "access-control-allow-origin" not in r.headers  # CORS off by default
    h = make_hermes(make_home(tmp_path / "cors", {"server": {"cors_origins": ["https://app.example"]}}))
    with serve(h, api_key=STRONG) as s2:
        pre = httpx.options(s2.url + "/v1/chat/completions", headers={
            "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization,content-type"})
        assert pre.status_code == 200
        assert pre.headers["access-control-allow-origin"] == "https://app.example"
        r = httpx.get(s2.url + "/v1/models", headers={**AUTH, "Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in r.headers


# -- sessions and memory ------------------------------------------------------------------------

def test_sessions_api(srv):
    s, h = srv
    for sid, text in (("s-alpha", "the blue giraffe"), ("s-beta", "a red panda"), ("s-gamma", "green frogs")):
        r = httpx.post(s.url + "/v1/chat/completions", headers={**AUTH, "X-Hermes-Session-Id": sid},
                       json={"model": "hermes", "messages": [{"role": "user", "content": text}]})
        assert r.status_code == 200
    h.store.create_session(source="cli", scope="owner", session_id="cli-one")
    api = s.url + "/api/sessions"
    listed = httpx.get(api, headers=AUTH, params={"source": "api"}).json()
    assert {x["id"] for x in listed["data"]} == {"s-alpha", "s-beta", "s-gamma"}
    page1 = httpx.get(api, headers=AUTH, params={"limit": 2}).json()
    page2 = httpx.get(api, headers=AUTH, params={"limit": 2, "offset": 2}).json()
    assert page1["has_more"] and not page2["has_more"]
    assert len({x["id"] for x in page1["data"] + page2["data"]}) == 4
    assert [x["id"] for x in httpx.get(api, headers=AUTH, params={"scope": "s-beta"}).json()["data"]] == ["s-beta"]
    assert httpx.get(api, headers=AUTH, params={"limit": 0}).status_code == 400
    one = httpx.get(api + "/s-alpha", headers=AUTH).json()
    assert one["message_count"] == 2 and one["scope"] == "s-alpha" and one["source"] == "api"
    msgs = httpx.get(api + "/s-alpha/messages", headers=AUTH).json()["data"]
    assert [(m["role"], m["content"]) for m in msgs] == [("user", "the blue giraffe"),
                                                         ("assistant", "the blue giraffe")]
    hits = httpx.get(api + "/search", headers=AUTH, params={"q": "(blue) giraffe?"}).json()["data"]
    assert hits and {x["session_id"] for x in hits} == {"s-alpha"}
    # another scope's giraffe never shows; with semantic recall on, s-beta's own panda may (by meaning)
    scoped = httpx.get(api + "/search", headers=AUTH, params={"q": "giraffe", "scope": "s-beta"}).json()["data"]
    assert all(x["session_id"] == "s-beta" and "giraffe" not in x["snippet"] for x in scoped)
    fork = httpx.post(api + "/s-alpha/fork", headers=AUTH)
    assert fork.status_code == 201 and fork.json()["parent_id"] == "s-alpha"
    assert len(httpx.get(api + f"/{fork.json()['id']}/messages", headers=AUTH).json()["data"]) == 2
    assert httpx.delete(api + "/s-beta", headers=AUTH).json()["deleted"] is True
    assert httpx.get(api + "/s-beta", headers=AUTH).status_code == 404
    assert httpx.delete(api + "/s-beta", headers=AUTH).status_code == 404
    assert httpx.get(api + "/nope/messages", headers=AUTH).status_code == 404
    # A deleted session id starts over cleanly (the live conversation was dropped too).
    r = httpx.post(s.url + "/v1/chat/completions", headers={**AUTH, "X-Hermes-Session-Id": "s-beta"},
                   json={"model": "hermes", "messages": [{"role": "user", "content": "again"}]})
    assert r.status_code == 200 and h.store.get_session("s-beta").message_count == 2


def test_session_deleted_by_another_process_recovers(srv):
    s, h = srv
    url, hdr = s.url + "/v1/chat/completions", {**AUTH, "X-Hermes-Session-Id": "pruned"}
    chat = {"model": "hermes", "messages": [{"role": "user", "content": "hello"}]}
    assert httpx.post(url, json=chat, headers=hdr).status_code == 200
    h.store.delete_session("pruned")  # e.g. `hermes sessions prune` while the server runs
    r = httpx.post(url, json=chat, headers=hdr)
    assert r.status_code == 503 and r.json()["error"]["code"] == "store_unavailable"
    assert httpx.post(url, json=chat, headers=hdr).status_code == 200
    assert [m.role for m in h.store.get_messages("pruned")] == ["user", "assistant"]


def test_memory_endpoint(srv):
    s, h = srv
    d = h.home.memory_dir("team-a")
    d.mkdir(parents=True, exist_ok=True)
    (d / "MEMORY.md").write_text("Deploys happen on Fridays.\n§\nThe repo uses uv.\n")
    body = httpx.get(s.url + "/api/memory/team-a", headers=AUTH).json()
    assert body["documents"]["memory"]["entries"] == ["Deploys happen on Fridays.", "The repo uses uv."]
    assert body["documents"]["user"]["entries"] == []
    assert body["documents"]["memory"]["limit"] == h.config.memory.memory_char_limit
    # Traversal-looking scopes stay inside memories/.
    assert httpx.get(s.url + "/api/memory/..%2F..%2Fetc", headers=AUTH).status_code in (200, 404)


# -- jobs ---------------------------------------------------------------------------------------

class MemoryJobs:
    """The JobsBackend contract, in memory (the endpoints' own behaviour, independent of cron)."""

    def __init__(self):
        self.jobs: dict[str, dict[str, Any]] = {}
        self.runs: list[str] = []

    def list(self):
        return list(self.jobs.values())

    def get(self, job_id):
        return self.jobs.get(job_id)

    def create(self, *, name, schedule, prompt, scope, deliver):
        if schedule == "bogus":
            raise ValueError("cannot parse schedule 'bogus'")
        job = {"id": f"j{len(self.jobs) + 1}", "name": name, "schedule": schedule, "prompt": prompt,
               "scope": scope, "deliver": deliver, "enabled": True}
        self.jobs[job["id"]] = job
        return job

    def update(self, job_id, changes):
        from hermes.server.jobs_api import JobNotFound

        if job_id not in self.jobs:
            raise JobNotFound(job_id)
        self.jobs[job_id].update(changes)
        return self.jobs[job_id]

    def delete(self, job_id):
        return self.jobs.pop(job_id, None) is not None

    async def run_now(self, job_id, wait=False):
        from hermes.server.jobs_api import JobNotFound

        if job_id not in self.jobs:
            raise JobNotFound(job_id)
        self.runs.append(job_id)
        return {"job_id": job_id, "status": "ok"}


def test_jobs_api_without_cron_is_503(tmp_path):
    h = make_hermes(make_home(tmp_path))
    with serve(h, api_key=STRONG) as s:
        s.server.config.app.state.jobs = None  # as when the cron package is not installed
        r = httpx.post(s.url + "/api/jobs", headers=AUTH, json={"schedule": "30m", "prompt": "x"})
        assert r.status_code == 503 and "scheduler not available" in r.json()["error"]["message"]


class StepClock:
    """The scheduler's clock, moved by the test; its sleep is a short real one."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        import asyncio

        await asyncio.sleep(0.01)


def test_jobs_created_over_http_fire_inside_the_server(tmp_path):
    pytest.importorskip("hermes.cron.scheduler")
    from hermes.server.jobs_api import make_scheduler

    model = ScriptedModel(echo_prefix="done: ")
    h = make_hermes(make_home(tmp_path), model)
    clock = StepClock()
    sched = make_scheduler(h, clock=clock, sleep=clock.sleep, flush_delay=0.0)
    with serve(h, api_key=KEY, scheduler=sched) as s:
        hdr = {"Authorization": f"Bearer {KEY}"}
        r = httpx.post(s.url + "/api/jobs", headers=hdr,
                       json={"name": "hourly", "schedule": "every 1h", "prompt": "Check the weather"})
        assert r.status_code == 201
        jid = r.json()["id"]
        time.sleep(0.2)
        assert model.requests == []  # not due yet
        clock.now += 3601
        deadline = time.monotonic() + 10
        while httpx.get(f"{s.url}/api/jobs/{jid}", headers=hdr).json().get("last_status") != "ok":
            assert time.monotonic() < deadline, "the job did not fire"
            time.sleep(0.05)
        prompt = model.requests[-1]["messages"][-1].content
        assert "Check the weather" in prompt and "[Scheduled job" in prompt
        assert model.requests[-1]["tools"] is None or "cronjob" not in str(model.requests[-1]["tools"])
        runs = h.store.list_runs(jid)
        assert [r.status for r in runs] == ["ok"] and runs[0].session_id
        assert h.store.get_session(runs[0].session_id).source == "cron"
        d = httpx.get(s.url + "/health/detailed", headers=hdr).json()["scheduler"]
        assert d["running"] and d["leader"]


def test_jobs_api_with_the_job_store(tmp_path):
    pytest.importorskip("hermes.cron.jobs")
    model = ScriptedModel(echo_prefix="ran: ")
    h = make_hermes(make_home(tmp_path), model)
    with serve(h, api_key=STRONG) as s:
        api = s.url + "/api/jobs"
        r = httpx.post(api, headers=AUTH, json={"name": "nightly", "schedule": "0 3 * * *",
                                                "prompt": "Tidy the notes", "scope": "team-a",
                                                "deliver": "notify"})
        assert r.status_code == 201, r.text
        job = r.json()
        assert job["scope"] == "team-a" and job["deliver"] == ["notify"] and job["state"] == "scheduled"
        assert httpx.post(api, headers=AUTH, json={"schedule": "whenever", "prompt": "x"}).status_code == 400
        assert httpx.post(api, headers=AUTH, json={"schedule": "30m", "prompt": "x",
                                                   "deliver": "webhook:nope"}).status_code == 400
        assert [j["id"] for j in httpx.get(api, headers=AUTH).json()["data"]] == [job["id"]]
        paused = httpx.patch(f"{api}/{job['id']}", headers=AUTH, json={"enabled": False}).json()
        assert paused["enabled"] is False and paused["state"] == "paused"
        resumed = httpx.patch(f"{api}/{job['id']}", headers=AUTH,
                              json={"enabled": True, "schedule": "every 2h", "name": "often"}).json()
        assert resumed["state"] == "scheduled" and resumed["schedule"] == "every 2h" and resumed["name"] == "often"
        assert httpx.get(f"{api}/{job['id'][:4]}", headers=AUTH).status_code == 404  # exact ids only
        ran = httpx.post(f"{api}/{job['id']}/run", headers=AUTH, params={"wait": "true"})
        assert ran.status_code == 200 and ran.json()["status"] == "ok", ran.text
        assert ran.json()["text"].startswith("ran: ")
        assert Path(ran.json()["output_path"]).exists()
        assert httpx.get(f"{api}/{job['id']}", headers=AUTH).json()["last_status"] == "ok"
        assert httpx.post(f"{api}/{job['id']}/run", headers=AUTH).status_code == 202
        assert httpx.delete(f"{api}/{job['id']}", headers=AUTH).json()["deleted"] is True
        assert httpx.delete(f"{api}/{job['id']}", headers=AUTH).status_code == 404
        assert httpx.post(f"{api}/{job['id']}/run", headers=AUTH).status_code == 404


def test_jobs_api_endpoints(tmp_path):
    jobs = MemoryJobs()
    h = make_hermes(make_home(tmp_path))
    with serve(h, api_key=STRONG, jobs=jobs) as s:
        api = s.url + "/api/jobs"
        assert httpx.post(api, json={"schedule": "30m", "prompt": "x"}).status_code == 401
        r = httpx.post(api, headers=AUTH, json={"name": "brief", "schedule": "every 2h", "prompt": "Summarize"})
        assert r.status_code == 201
        jid = r.json()["id"]
        assert httpx.post(api, headers=AUTH, json={"schedule": "bogus", "prompt": "x"}).status_code == 400
        assert httpx.post(api, headers=AUTH, json={"schedule": "30m"}).status_code == 400
        assert httpx.post(api, headers=AUTH, json={"schedule": "30m", "prompt": "x", "bad": 1}).status_code == 400
        assert [j["id"] for j in httpx.get(api, headers=AUTH).json()["data"]] == [jid]
        assert httpx.get(f"{api}/{jid}", headers=AUTH).json()["name"] == "brief"
        assert httpx.patch(f"{api}/{jid}", headers=AUTH, json={"enabled": False}).json()["enabled"] is False
        assert httpx.patch(f"{api}/{jid}", headers=AUTH, json={"prompt": None}).status_code == 400
        assert httpx.patch(f"{api}/nope", headers=AUTH, json={"enabled": True}).status_code == 404
        assert httpx.post(f"{api}/{jid}/run", headers=AUTH).status_code == 202 and jobs.runs == [jid]
        assert httpx.delete(f"{api}/{jid}", headers=AUTH).json()["deleted"] is True
        assert httpx.get(f"{api}/{jid}", headers=AUTH).status_code == 404


# -- hermes serve -------------------------------------------------------------------------------

LAUNCHER = """
import sys
sys.path.insert(0, {tests!r})
import server_support
from hermes.testing import ScriptedModel
import hermes.cli.chat as chat
from hermes.cli.common import Runtime, get_runtime, set_runtime
set_runtime(Runtime())
chat.make_hermes = lambda *a, **k: server_support.make_hermes(get_runtime().home, ScriptedModel())
import typer
from hermes.cli.serve import serve
app = typer.Typer()
app.command("serve")(serve)
app.command("version")(lambda: None)
app(sys.argv[1:])
"""


def _serve_cmd(tmp_path: Path) -> list[str]:
    script = tmp_path / "launch.py"
    script.write_text(LAUNCHER.format(tests=str(Path(__file__).parent)))
    return [sys.executable, str(script), "serve"]


def test_serve_refuses_weak_or_missing_key_off_loopback(tmp_path):
    env = {**os.environ, "HERMES_HOME": str(make_home(tmp_path).root)}
    env.pop("HERMES_API_KEY", None)
    for extra, needle in ((["--api-key", "hermes"], "weak"), ([], "without an API key")):
        p = subprocess.run(_serve_cmd(tmp_path) + ["--host", "0.0.0.0", "--port", str(free_port()), *extra],
                           env=env, capture_output=True, text=True, timeout=30)
        assert p.returncode == 1 and needle in p.stderr and "Traceback" not in p.stderr


def test_serve_runs_tutorial_key_on_loopback_and_stops_on_sigterm(tmp_path):
    home = make_home(tmp_path)
    env = {**os.environ, "HERMES_HOME": str(home.root)}
    port = free_port()
    p = subprocess.Popen(_serve_cmd(tmp_path) + ["--port", str(port), "--api-key", KEY], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(url + "/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and p.poll() is None, p.stderr.read() if p.poll() else ""
            time.sleep(0.1)
        from openai import OpenAI

        c = OpenAI(base_url=f"http://localhost:{port}/v1", api_key=KEY, max_retries=0)
        r = c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "tutorial"}],
                                      extra_headers={"X-Hermes-Session-Id": "my-first-agent"})
        assert r.choices[0].message.content == "tutorial"
        assert httpx.get(url + "/v1/models", headers={"Authorization": "Bearer wrong"}).status_code == 401
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=15) == 0
        err = p.stderr.read()
        assert "weak" in err and "Traceback" not in err
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def test_real_hermes_serve_with_an_http_model(tmp_path):
    """`hermes serve` exactly as a user runs it, the model being the scripted HTTP server."""
    import shutil

    for mod in ("hermes.testing.fake_openai", "hermes.models.providers", "hermes.tools.approval"):
        if not installed(mod):
            pytest.skip(f"{mod} is not installed yet")
    exe = shutil.which("hermes")
    if exe is None:
        pytest.skip("the hermes command is not on PATH")
    fport, port = free_port(), free_port()
    fake = subprocess.Popen([sys.executable, "-m", "hermes.testing.fake_openai", "--port", str(fport)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    home = make_home(tmp_path, {"model": {"provider": "custom", "base_url": f"http://127.0.0.1:{fport}/v1",
                                          "default": "scripted"}})
    env = {**os.environ, "HERMES_HOME": str(home.root), "OPENAI_API_KEY": "x"}
    p = subprocess.Popen([exe, "serve", "--port", str(port), "--api-key", KEY], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and p.poll() is None, p.stderr.read() if p.poll() else ""
            time.sleep(0.1)
        from openai import OpenAI

        c = OpenAI(base_url=f"http://localhost:{port}/v1", api_key=KEY, max_retries=0)
        hdr = {"X-Hermes-Session-Id": "my-first-agent"}
        c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "first"}],
                                  extra_headers=hdr)
        r = c.chat.completions.create(model="hermes", messages=[{"role": "user", "content": "second"}],
                                      extra_headers=hdr)
        assert r.choices[0].message.content.endswith("second")
        msgs = httpx.get(f"http://127.0.0.1:{port}/api/sessions/my-first-agent/messages",
                         headers={"Authorization": f"Bearer {KEY}"}).json()["data"]
        assert [m["role"] for m in msgs] == ["user", "assistant", "user", "assistant"]
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=15) == 0
    finally:
        for proc in (p, fake):
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_serve_reports_a_busy_port(tmp_path):
    import socket

    env = {**os.environ, "HERMES_HOME": str(make_home(tmp_path).root)}
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        p = subprocess.run(_serve_cmd(tmp_path) + ["--port", str(port)], env=env, capture_output=True,
                           text=True, timeout=30)
    assert p.returncode == 1 and "cannot listen" in p.stderr


# -- OpenAPI and fuzzing ------------------------------------------------------------------------

def test_openapi_document(srv):
    s, _ = srv
    doc = httpx.get(s.url + "/openapi.json").json()
    for path in ("/v1/chat/completions", "/v1/models", "/v1/responses", "/api/jobs", "/api/sessions",
                 "/api/sessions/search", "/api/memory/{scope}", "/health"):
        assert path in doc["paths"], path
    body = doc["paths"]["/v1/chat/completions"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["$ref"].endswith("/ChatCompletionRequest")


def _check_response(r: httpx.Response, what: str) -> None:
    assert r.status_code < 500, (what, r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert "error" in r.json(), (what, r.text[:300])


def test_fuzz_with_schemathesis(tmp_path):
    """No request the schema allows (or nearly allows) gets a 500 or hangs."""
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, given, settings
    from hypothesis.errors import Unsatisfiable
    from schemathesis.generation.modes import GenerationMode

    h = make_hermes(make_home(tmp_path, {"server": {"max_body_bytes": 65536}}), ScriptedModel())
    with serve(h, api_key=STRONG) as s:
        schema = schemathesis.openapi.from_dict(httpx.get(s.url + "/openapi.json").json())
        client = httpx.Client(base_url=s.url, headers=AUTH, timeout=10)
        seen = 0
        for result in schema.get_all_operations():
            op = result.ok()
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                @settings(max_examples=8, deadline=None, database=None, derandomize=True,
                          suppress_health_check=list(HealthCheck))
                @given(case=op.as_strategy(generation_mode=mode))
                def check(case: Any) -> None:
                    nonlocal seen
                    kw = case.as_transport_kwargs(base_url=s.url)
                    kw.pop("base_url", None)
                    kw["headers"] = {**(kw.get("headers") or {}), **AUTH}
                    r = client.request(kw.pop("method"), kw.pop("url"), **{
                        k: v for k, v in kw.items() if k in ("headers", "params", "json", "content")})
                    seen += 1
                    _check_response(r, f"{case.method} {case.path}")

                try:
                    check()
                except Unsatisfiable:
                    assert mode is GenerationMode.NEGATIVE  # nothing to get wrong (no params, no body)
        client.close()
        assert seen > 80


def _strategy(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> Any:
    """A hypothesis strategy for the subset of JSON Schema the OpenAPI document uses."""
    from hypothesis import strategies as st

    if "$ref" in schema:
        return _strategy(defs[schema["$ref"].rsplit("/", 1)[1]], defs, depth)
    if "anyOf" in schema:
        return st.one_of([_strategy(x, defs, depth) for x in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "const" in schema:
        return st.just(schema["const"])
    t = schema.get("type")
    if isinstance(t, list):
        return st.one_of([_strategy({**schema, "type": x}, defs, depth) for x in t])
    if t == "string":
        return st.text(min_size=schema.get("minLength", 0), max_size=min(schema.get("maxLength", 40), 40))
    if t == "integer":
        return st.integers(schema.get("minimum", -10**6), schema.get("maximum", 10**6))
    if t == "number":
        return st.floats(allow_nan=False, allow_infinity=False)
    if t == "boolean":
        return st.booleans()
    if t == "null":
        return st.none()
    if t == "array":
        return st.lists(_strategy(schema.get("items", {}), defs, depth + 1),
                        min_size=schema.get("minItems", 0), max_size=3 if depth < 3 else 1)
    if t == "object" or "properties" in schema:
        props, req = schema.get("properties", {}), set(schema.get("required", []))
        return st.fixed_dictionaries(
            {k: _strategy(v, defs, depth + 1) for k, v in props.items() if k in req},
            optional={k: _strategy(v, defs, depth + 1) for k, v in props.items() if k not in req})
    return _json_values()


def _json_values() -> Any:
    from hypothesis import strategies as st

    return st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                        lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids,
                                                                                  max_size=3), max_leaves=8)


def test_fuzz_documented_surface(tmp_path):
    """Hypothesis over the OpenAPI document itself (runs with or without schemathesis): valid and
    broken path, query and body values for every operation; no 500s, no hangs, errors in shape."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    h = make_hermes(make_home(tmp_path, {"server": {"max_body_bytes": 65536}}), ScriptedModel())
    with serve(h, api_key=STRONG) as s:
        doc = httpx.get(s.url + "/openapi.json").json()
        defs = doc["components"]["schemas"]
        client = httpx.Client(base_url=s.url, headers=AUTH, timeout=10)
        ops = [(path, method, op) for path, item in doc["paths"].items() for method, op in item.items()]
        assert len(ops) >= 20
        seen = 0
        for path, method, op in ops:
            params = op.get("parameters", [])
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            path_vals = {p["name"]: st.text(min_size=1, max_size=30).filter(lambda x: "/" not in x and x.strip())
                         for p in params if p["in"] == "path"}
            query = {p["name"]: (_strategy(p["schema"], defs) | _json_values().map(str)).map(
                lambda v: str(v).lower() if isinstance(v, bool) else str(v))
                     for p in params if p["in"] == "query"}
            headers = {p["name"]: st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126),
                                          max_size=20) for p in params if p["in"] == "header"}
            bodies = (_strategy(body, defs) | _json_values()) if body else st.none()
            raw = st.binary(max_size=64)

            @settings(max_examples=int(os.environ.get("HERMES_FUZZ_EXAMPLES", "25")), deadline=None,
                      database=None, derandomize=not os.environ.get("HERMES_FUZZ_EXAMPLES"),
                      suppress_health_check=list(HealthCheck))
            @given(pv=st.fixed_dictionaries(path_vals), q=st.fixed_dictionaries({}, optional=query),
                   hv=st.fixed_dictionaries({}, optional=headers), b=bodies, junk=st.booleans(), rb=raw)
            def check(pv: dict, q: dict, hv: dict, b: Any, junk: bool, rb: bytes) -> None:
                nonlocal seen
                from urllib.parse import quote

                url = path
                for k, v in pv.items():
                    url = url.replace("{" + k + "}", quote(v, safe=""))
                kw: dict[str, Any] = {"params": q, "headers": {**hv, **AUTH}}
                if body is not None:
                    if junk:
                        kw["content"], kw["headers"]["content-type"] = rb, "application/json"
                    else:
                        kw["json"] = b
                r = client.request(method.upper(), url, **kw)
                seen += 1
                _check_response(r, f"{method.upper()} {url}")

            check()
        client.close()
        assert seen > 400
