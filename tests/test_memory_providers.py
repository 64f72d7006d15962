"""The three external memory providers through their official SDKs, each against a local emulation of
its HTTP API (hermes.testing), plus the open-source Mem0 library end to end on this machine."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from hermes.config import Config
from hermes.home import Home
from hermes.memory.provider import MemoryProvider, ProviderScope, TurnRecord
from hermes.memory.providers import ServiceError

import importlib.util  # noqa: E402

# find_spec, not import: importing mem0 before the provider does would turn on its telemetry
_missing = [m for m in ("honcho", "mem0", "supermemory") if importlib.util.find_spec(m) is None]
if _missing:
    pytest.skip(f"SDKs not installed: {', '.join(_missing)} (pip install 'hermes-recall[honcho,mem0,supermemory]')",
                allow_module_level=True)

from hermes.testing.honcho_api import HonchoAPI  # noqa: E402
from hermes.testing.mem0_api import EmbeddingsAPI, Mem0API  # noqa: E402
from hermes.testing.supermemory_api import SupermemoryAPI  # noqa: E402

WRONG_KEY = "wrong-key-S3CRET-abcdef123456"
ENV = {"honcho": "HONCHO_API_KEY", "mem0": "MEM0_API_KEY", "supermemory": "SUPERMEMORY_API_KEY"}
A, B = ProviderScope("user:alice", "sess-a"), ProviderScope("user:bob", "sess-b")


def turn(scope: ProviderScope, user: str, assistant: str = "Noted.") -> TurnRecord:
    return TurnRecord(scope, user, assistant, time.time())


@dataclass
class Service:
    name: str
    emu: Any
    settings: dict[str, Any]
    stored: Callable[[ProviderScope], list[str]]  # what the service holds under this scope's id
    ids: Callable[[], set[str]]  # every user-side id the service holds anything under


@pytest.fixture
def home(tmp_path: Any) -> Home:
    return Home.resolve(root=tmp_path / "home").ensure()


def _service(name: str) -> Service:
    if name == "honcho":
        emu = HonchoAPI().start()
        ws = "hermes-test"
        return Service(name, emu, {"base_url": emu.base_url, "workspace": ws},
                       lambda s: [m["content"] for m in emu.peer_messages(ws, s.key)],
                       lambda: {m["peer_id"] for m in emu.messages} - {"hermes-assistant"})
    if name == "mem0":
        emu = Mem0API().start()
        return Service(name, emu, {"mode": "platform", "base_url": emu.base_url},
                       lambda s: [m["memory"] for m in emu.memories_of(user_id=s.key)],
                       lambda: {m["user_id"] for m in emu.memories})
    emu = SupermemoryAPI().start()
    return Service(name, emu, {"base_url": emu.base_url},
                   lambda s: [d["content"] for d in emu.documents.get(s.key, [])],
                   lambda: set(emu.documents))


@pytest.fixture(params=["honcho", "mem0", "supermemory"])
def service(request: Any, monkeypatch: Any) -> Any:
    svc = _service(request.param)
    monkeypatch.setenv(ENV[svc.name], svc.emu.api_key)
    yield svc
    svc.emu.stop()


def make(svc: Service, home: Home, **extra: Any) -> MemoryProvider:
    from hermes.memory.providers import create

    provider = create(svc.name, {**svc.settings, **extra}, home, Config())
    assert isinstance(provider, MemoryProvider)
    return provider


async def test_sync_then_prefetch_recalls_the_fact(service: Service, home: Home) -> None:
    p = make(service, home)
    try:
        await p.sync(turn(A, "My favourite colour is teal, by the way."))
        block = await p.prefetch("what is my favourite colour?", A)
        assert "teal" in block and block.startswith("- ")
        assert await p.prefetch("quantum chromodynamics lecture notes", A) == ""  # no false recall
        assert any("teal" in t for t in service.stored(A))
    finally:
        await p.close()


async def test_scopes_stay_apart(service: Service, home: Home) -> None:
    p = make(service, home)
    try:
        await p.sync(turn(A, "My favourite colour is teal."))
        await p.sync(turn(B, "I keep bees; my favourite colour is ochre."))
        a_block = await p.prefetch("favourite colour", A)
        b_block = await p.prefetch("favourite colour", B)
        assert "teal" in a_block and "ochre" not in a_block
        assert "ochre" in b_block and "teal" not in b_block
        # the service itself holds each scope's writes under that scope's id only
        assert service.ids() == {A.key, B.key}
        assert all("teal" not in t for t in service.stored(B))
        assert all("ochre" not in t for t in service.stored(A))
        # a scope that never wrote anything recalls nothing
        assert await p.prefetch("favourite colour", ProviderScope("user:carol")) == ""
    finally:
        await p.close()


async def test_check_reports_a_rejected_key_without_echoing_it(service: Service, home: Home,
                                                               monkeypatch: Any) -> None:
    good = make(service, home)
    try:
        assert service.name.lower()[:4] in (await good.check()).lower()
    finally:
        await good.close()
    monkeypatch.setenv(ENV[service.name], WRONG_KEY)
    bad = make(service, home)
    try:
        with pytest.raises(ServiceError) as err:
            await bad.check()
        assert "API key was rejected (HTTP 401)" in str(err.value)
        assert WRONG_KEY not in str(err.value) and "S3CRET" not in repr(err.value)
        assert err.value.transient is False
    finally:
        await bad.close()


async def test_outage_fails_sync_and_the_runtime_queue_delivers_it_later(service: Service, home: Home) -> None:
    from hermes.memory.provider_runtime import ActiveProvider, queue_for

    p = make(service, home)
    await p.check()  # clients set up while the service is up
    service.emu.down = True
    with pytest.raises(ServiceError) as err:
        await p.sync(turn(A, "My locker number is 4711."))
    assert err.value.transient and "503" in str(err.value)

    active = ActiveProvider(p, queue_for(home, service.name), timeout=5.0, tokens=200)
    try:
        assert await active.sync(turn(A, "My locker number is 4711.")) is False
        assert service.stored(A) == []
        service.emu.down = False
        assert await active.flush() == 1
        assert any("4711" in t for t in service.stored(A))
        block, status = await active.prefetch("what is my locker number", A)
        assert status.ok and "4711" in block
    finally:
        await active.close()


async def test_connection_refused_is_a_transient_failure(service: Service, home: Home) -> None:
    p = make(service, home)
    try:
        await p.check()
        service.emu.stop()
        with pytest.raises(ServiceError) as err:
            await p.sync(turn(A, "I moved to Leipzig."))
        assert err.value.transient
        service.emu.start(service.emu.port)  # same port: the outage is over
        await p.sync(turn(A, "I moved to Leipzig."))
        assert "Leipzig" in await p.prefetch("where have I moved", A)
    finally:
        await p.close()


async def test_a_slow_service_runs_into_the_callers_timeout(service: Service, home: Home) -> None:
    p = make(service, home)
    try:
        await p.sync(turn(A, "I take my coffee black."))
        service.emu.delay = 1.5
        start = time.perf_counter()
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(p.prefetch("how do I take my coffee", A), 0.3)
        assert time.perf_counter() - start < 1.0
        service.emu.delay = 0
        assert "black" in await p.prefetch("how do I take my coffee", A)
    finally:
        await p.close()


# -- Honcho specifics --------------------------------------------------------------------------


@pytest.fixture
def honcho(monkeypatch: Any) -> Any:
    svc = _service("honcho")
    monkeypatch.setenv("HONCHO_API_KEY", svc.emu.api_key)
    yield svc
    svc.emu.stop()


async def test_honcho_maps_scopes_to_peers_and_sessions(honcho: Service, home: Home) -> None:
    p = make(honcho, home)
    try:
        await p.sync(turn(A, "I play the cello.", "Lovely instrument."))
        await p.sync(turn(ProviderScope("user:alice", "chat:42/thread"), "Also the viola."))
        # B in the same Hermes session (a group chat) gets a Honcho session of its own
        await p.sync(turn(ProviderScope("user:bob", "sess-a"), "I play the drums."))
        emu = honcho.emu
        mine, bobs = ("hermes-test", f"{A.key}--sess-a"), ("hermes-test", f"{B.key}--sess-a")
        assert emu.sessions[mine]["peers"] == {A.key, "hermes-assistant"}
        assert emu.sessions[bobs]["peers"] == {B.key, "hermes-assistant"}
        # a session id Honcho would refuse is mapped to a stable safe one
        odd = [sid for ws, sid in emu.sessions if sid.startswith(f"{A.key}--chat-42-thread-")]
        assert len(odd) == 1 and re.fullmatch(r"[A-Za-z0-9_-]+", odd[0])
        by_peer = {(m["peer_id"], m["content"]) for m in emu.messages}
        assert (A.key, "I play the cello.") in by_peer
        assert ("hermes-assistant", "Lovely instrument.") in by_peer
        # the assistant's words are not part of what is recalled about the user
        assert "Lovely" not in await p.prefetch("instrument cello", A)
    finally:
        await p.close()


async def test_honcho_tool_asks_about_the_right_peer(honcho: Service, home: Home) -> None:
    from hermes.tools.registry import ToolContext

    p = make(honcho, home)
    try:
        await p.sync(turn(A, "My sister is called Ingrid."))
        await p.sync(turn(B, "My sister is called Maren."))
        tools = {t.name: t for t in p.tools()}
        tool = tools["honcho_ask_about_user"]
        assert tool.parameters["required"] == ["question"]
        answer = await tool.func(ToolContext(session_id="sess-a", scope="user:alice"),
                                 question="What is my sister called?")
        assert "Ingrid" in answer and "Maren" not in answer
        assert honcho.emu.chats[-1]["peer"] == A.key
        answer_b = await tool.func(ToolContext(session_id="sess-b", scope="user:bob"),
                                   question="What is my sister called?")
        assert "Maren" in answer_b and "Ingrid" not in answer_b
        honcho.emu.down = True
        failed = await tool.func(ToolContext(scope="user:alice"), question="sister?")
        assert failed.startswith("Error: Honcho chat failed") and "503" in failed
    finally:
        await p.close()


# -- settings and installation -----------------------------------------------------------------


def test_settings_are_validated_with_the_provider_named(home: Home, monkeypatch: Any) -> None:
    from hermes.memory.providers import create

    monkeypatch.setenv("HONCHO_API_KEY", "k")
    with pytest.raises(ValueError, match=r"memory.providers.honcho: workspce: Extra inputs"):
        create("honcho", {"workspce": "x"}, home, Config())
    with pytest.raises(ValueError, match="needs embed_base_url"):
        create("mem0", {"mode": "local"}, home, Config())
    monkeypatch.delenv("SUPERMEMORY_API_KEY", raising=False)
    with pytest.raises(ValueError, match="set SUPERMEMORY_API_KEY"):
        create("supermemory", {}, home, Config())


def test_key_from_dotenv_under_the_configured_name(home: Home, monkeypatch: Any) -> None:
    from hermes.config import set_secret
    from hermes.memory.providers import create

    monkeypatch.delenv("MY_SM_KEY", raising=False)
    set_secret(home, "MY_SM_KEY", "from-dotenv-key")
    p = create("supermemory", {"api_key_env": "MY_SM_KEY", "base_url": "http://127.0.0.1:9"}, home, Config())
    assert p._key == "from-dotenv-key"


@pytest.mark.parametrize("name,module", [("honcho", "honcho"), ("mem0", "mem0"),
                                         ("supermemory", "supermemory")])
def test_missing_sdk_names_the_extra(name: str, module: str, home: Home, monkeypatch: Any) -> None:
    from hermes.memory.providers import create

    monkeypatch.setitem(sys.modules, module, None)  # makes `import <module>` fail
    with pytest.raises(ImportError, match=rf"pip install 'hermes-recall\[{name}\]'"):
        create(name, {"embed_base_url": "http://x"} if name == "mem0" else {}, home, Config())


# -- Mem0, the open-source library on this machine ---------------------------------------------


@pytest.fixture
def local_endpoints() -> Any:
    from hermes.testing.fake_openai import start_server

    emb = EmbeddingsAPI(dims=64).start()
    llm, url = start_server()
    yield emb, llm, url
    llm.close()
    emb.stop()


def _extraction(*facts: str) -> Any:
    from hermes.testing.script import Step

    # the JSON Mem0's additive extraction prompt asks the model for
    return Step(text=json.dumps({"memory": [{"text": f} for f in facts]}))


async def test_mem0_local_library_end_to_end(home: Home, local_endpoints: Any) -> None:
    from hermes.memory.providers import create

    emb, llm, url = local_endpoints
    settings = {"mode": "local", "llm_base_url": url, "llm_model": "scripted", "embed_base_url": emb.base_url,
                "embed_model": "hashed-bow", "embed_dims": 64}
    p = create("mem0", settings, home, Config())
    try:
        llm.add(_extraction("Favourite colour is teal"), _extraction("Keeps bees in the garden"))
        await p.sync(turn(A, "My favourite colour is teal."))
        await p.sync(turn(B, "I keep bees in my garden."))
        # the extraction was asked of the configured model, with the user's words
        prompts = [json.dumps(r) for r in llm.requests]
        assert any("favourite colour is teal" in q for q in prompts)
        assert any("keep bees" in q for q in prompts)
        assert "teal" in await p.prefetch("what is my favourite colour", A)
        b_block = await p.prefetch("what is my favourite colour", B)
        assert "teal" not in b_block
        assert "bees" in await p.prefetch("what do I keep in the garden", B)
        assert "qdrant" in await p.check()
        assert (home.root / "memory" / "mem0" / "qdrant").is_dir()
    finally:
        await p.close()
    # closing releases the local store: a new provider opens the same folder and still knows
    again = create("mem0", settings, home, Config())
    try:
        assert "teal" in await again.prefetch("favourite colour", A)
    finally:
        await again.close()


async def test_mem0_local_model_outage_fails_sync(home: Home, local_endpoints: Any) -> None:
    from hermes.memory.providers import create
    from hermes.testing.script import Step

    emb, llm, url = local_endpoints
    p = create("mem0", {"mode": "local", "llm_base_url": url, "llm_model": "scripted",
                        "embed_base_url": emb.base_url, "embed_dims": 64,
                        "path": str(home.root / "m0")}, home, Config())
    try:
        llm.add(*[Step(error_status=503, error_message="overloaded")] * 4)
        with pytest.raises(ServiceError, match="Mem0 \\(local\\) add failed"):
            await p.sync(turn(A, "I was born in Graz."))
    finally:
        await p.close()


async def test_mem0_local_with_pgvector(home: Home, local_endpoints: Any) -> None:
    import shutil
    import tempfile

    pgserver = pytest.importorskip("pgserver", reason="pgserver (PG16 + pgvector from PyPI) is not installed")
    pytest.importorskip("psycopg_pool", reason="Mem0's pgvector store needs psycopg[pool]")
    from hermes.memory.providers import create

    # run as root, pgserver starts PostgreSQL as another user, who cannot enter pytest's 0700 tmp_path
    folder = tempfile.mkdtemp(prefix="hermes-mem0-pg-")
    pg = pgserver.get_server(folder, cleanup_mode="stop")
    try:
        pg.psql("CREATE EXTENSION IF NOT EXISTS vector;")
        emb, llm, url = local_endpoints
        p = create("mem0", {"mode": "local", "llm_base_url": url, "llm_model": "scripted",
                            "embed_base_url": emb.base_url, "embed_dims": 64, "dsn": pg.get_uri()},
                   home, Config())
        try:
            llm.add(_extraction("Works night shifts at the bakery"))
            await p.sync(turn(A, "I work night shifts at the bakery."))
            assert "bakery" in await p.prefetch("which bakery do I work night shifts at", A)
            assert await p.prefetch("which bakery do I work night shifts at", B) == ""
            assert "pgvector" in await p.check()
        finally:
            await p.close()
    finally:
        pg.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


async def test_the_runtime_loads_the_configured_provider(home: Home, monkeypatch: Any) -> None:
    from hermes.memory.provider_runtime import load_provider

    emu = SupermemoryAPI().start()
    try:
        monkeypatch.setenv("SUPERMEMORY_API_KEY", emu.api_key)
        config = Config(memory={"provider": "supermemory",
                                "providers": {"supermemory": {"base_url": emu.base_url}}})
        active = load_provider(home, config)
        assert active is not None and active.name == "supermemory"
        try:
            assert await active.sync(turn(A, "I am allergic to hazelnuts."))
            block, status = await active.prefetch("am I allergic to anything? hazelnuts?", A)
            assert status.ok and "hazelnuts" in block
            assert emu.documents[A.key][0]["metadata"]["session_id"] == "sess-a"
        finally:
            await active.close()
        notes: list[str] = []
        broken = Config(memory={"provider": "supermemory", "providers": {"supermemory": {"bse_url": "x"}}})
        assert load_provider(home, broken, notify=notes.append) is None
        assert "bse_url" in notes[0] and emu.api_key not in notes[0]
    finally:
        emu.stop()


def test_mem0_local_uses_hermes_own_model_by_default(home: Home, monkeypatch: Any) -> None:
    from hermes.memory.providers.mem0 import Mem0Settings, local_config

    monkeypatch.setenv("LLM_KEY", "sk-local-model-key")
    config = Config(model={"provider": "lab", "default": "qwen-small"},
                    providers={"lab": {"base_url": "http://127.0.0.1:8001/v1", "api_key_env": "LLM_KEY"}})
    s = Mem0Settings(mode="local", embed_base_url="http://127.0.0.1:8002/v1", embed_dims=64)
    cfg, secrets = local_config(s, home, config)
    assert cfg["llm"]["config"] == {"model": "qwen-small", "openai_base_url": "http://127.0.0.1:8001/v1",
                                    "api_key": "sk-local-model-key"}
    assert cfg["vector_store"]["provider"] == "qdrant"
    assert cfg["vector_store"]["config"]["path"] == str(home.root / "memory" / "mem0" / "qdrant")
    assert "sk-local-model-key" in secrets
    with_dsn = Mem0Settings(mode="local", embed_base_url="http://e/v1", llm_base_url="http://m/v1", llm_model="m",
                            dsn="postgresql://hermes:pw-123@127.0.0.1/db")
    cfg, secrets = local_config(with_dsn, home, Config())
    assert cfg["vector_store"]["provider"] == "pgvector" and "pw-123" in secrets
    with pytest.raises(ValueError, match="needs an OpenAI-compatible model"):
        local_config(Mem0Settings(mode="local", embed_base_url="http://e/v1"), home, Config())
