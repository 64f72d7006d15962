"""The provider table and factory: key isolation, missing keys, named providers, precedence, probing."""

from __future__ import annotations

import importlib.util
import socket

import pytest

from hermes.config import Config, parse_config
from hermes.core.messages import Message
from hermes.models.base import ModelError, complete
from hermes.models.openai_compat import OpenAICompatModel
from hermes.models.providers import (PROVIDERS, build_model, context_window_for, key_env_for, list_models,
                                     resolve_provider)
from hermes.testing import ScriptedModel
from hermes.testing.fake_openai import start_server

OPENAI_KEY = "sk-openai-secret-value-123"
ROUTER_KEY = "sk-or-secret-value-456"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "HERMES_MODEL", "OPENROUTER_API_KEY", "OPENAI_ORG_ID"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def fake():
    handle, _ = start_server()
    yield handle
    handle.close()


@pytest.fixture(autouse=True)
async def close_models(monkeypatch):
    """Close every OpenAI-compatible model a test built (their HTTP pools belong to the test's loop)."""
    built = []
    real = OpenAICompatModel.__init__

    def init(self, *a, **kw):
        real(self, *a, **kw)
        built.append(self)

    monkeypatch.setattr(OpenAICompatModel, "__init__", init)
    yield
    for m in built:
        await m.aclose()


def cfg(**data) -> Config:
    return Config.model_validate(data)


def sent_headers(fake) -> list[dict[str, str]]:
    return [r["headers"] for r in fake.records]


async def test_builtin_key_is_not_sent_to_an_overridden_base_url(fake):
    secrets = {"OPENAI_API_KEY": OPENAI_KEY}
    m = build_model(cfg(model={"provider": "openai", "default": "gpt-4o", "base_url": fake.base_url}), secrets)
    assert isinstance(m, OpenAICompatModel) and m.base_url == fake.base_url
    assert (await complete(m, [Message.user("hi")])).message.content == "hi"
    # The same through flags, for another provider.
    m2 = build_model(cfg(), {"OPENROUTER_API_KEY": ROUTER_KEY}, provider="openrouter", model="x",
                     base_url=fake.base_url)
    await complete(m2, [Message.user("hi")])
    for h in sent_headers(fake):
        assert "authorization" not in h
        assert OPENAI_KEY not in str(h) and ROUTER_KEY not in str(h)


async def test_withheld_key_is_explained_on_auth_failure():
    handle, url = start_server(api_key=OPENAI_KEY)
    try:
        m = build_model(cfg(model={"provider": "openai", "default": "gpt-4o", "base_url": url}),
                        {"OPENAI_API_KEY": OPENAI_KEY})
        with pytest.raises(ModelError) as e:
            await complete(m, [Message.user("hi")])
        assert e.value.kind == "auth" and "only sent to https://api.openai.com/v1" in str(e.value)
        assert "model.api_key_env" in str(e.value) and OPENAI_KEY not in str(e.value)
    finally:
        handle.close()


async def test_explicit_key_variable_sends_the_key(fake):
    m = build_model(cfg(model={"provider": "openai", "default": "gpt-4o", "base_url": fake.base_url,
                               "api_key_env": "OPENAI_API_KEY"}), {"OPENAI_API_KEY": OPENAI_KEY})
    await complete(m, [Message.user("hi")])
    assert sent_headers(fake)[0]["authorization"] == f"Bearer {OPENAI_KEY}"


async def test_openrouter_sends_key_and_attribution_to_its_own_url(monkeypatch, fake):
    # Pretend the fake is OpenRouter's endpoint, so the key is allowed to go there.
    monkeypatch.setitem(PROVIDERS, "openrouter", PROVIDERS["openrouter"].__class__(
        "openrouter", fake.base_url, "OPENROUTER_API_KEY", True, headers=dict(PROVIDERS["openrouter"].headers)))
    m = build_model(cfg(model={"provider": "openrouter", "default": "some/model"}), {"OPENROUTER_API_KEY": ROUTER_KEY})
    await complete(m, [Message.user("hi")])
    h = sent_headers(fake)[0]
    assert h["authorization"] == f"Bearer {ROUTER_KEY}"
    assert h["http-referer"] and "Hermes" in h["x-title"]
    assert fake.requests[0]["model"] == "some/model"


def test_missing_key_names_the_variable_and_the_fix():
    for provider, var in (("openrouter", "OPENROUTER_API_KEY"), ("openai", "OPENAI_API_KEY"), ("nous", "NOUS_API_KEY")):
        with pytest.raises(ModelError) as e:
            build_model(cfg(model={"provider": provider, "default": "m"}), {})
        msg = str(e.value)
        assert e.value.kind == "auth" and var in msg and "hermes model" in msg and ".env" in msg
    with pytest.raises(ModelError, match="MY_KEY"):  # a named variable must hold a key
        build_model(cfg(model={"provider": "custom", "base_url": "http://x/v1", "default": "m",
                               "api_key_env": "MY_KEY"}), {})


def test_local_servers_need_no_key():
    for name, url in (("ollama", "http://localhost:11434/v1"), ("lmstudio", "http://localhost:1234/v1"),
                      ("vllm", "http://localhost:8000/v1"), ("sglang", "http://localhost:30000/v1")):
        m = build_model(cfg(), {}, provider=name, model="llama3.1:8b")
        assert m.base_url == url and m.provider == name and m._key is None
    m = build_model(cfg(), {"VLLM_API_KEY": "vk-1"}, provider="vllm", model="x")
    assert m._key == "vk-1"


async def test_named_custom_provider(fake):
    config = cfg(model={"provider": "mybox"},
                 providers={"mybox": {"base_url": fake.base_url, "api_key_env": "MYBOX_KEY",
                                      "default": "box-model", "headers": {"X-Box": "1"}}})
    m = build_model(config, {"MYBOX_KEY": "box-secret", "OPENAI_API_KEY": OPENAI_KEY})
    assert m.name == "box-model" and m.provider == "mybox"
    await complete(m, [Message.user("hi")])
    h = sent_headers(fake)[0]
    assert h["authorization"] == "Bearer box-secret" and h["x-box"] == "1"
    assert key_env_for("mybox", config) == "MYBOX_KEY"
    with pytest.raises(ModelError, match="MYBOX_KEY"):
        build_model(config, {})
    # Pointed elsewhere by a flag, the box's key stays home.
    moved = build_model(config, {"MYBOX_KEY": "box-secret"}, base_url="http://127.0.0.1:9/v1")
    assert moved._key is None


async def test_custom_uses_openai_key_and_env_base_url(fake):
    config = parse_config("model: {default: from-config}")  # no provider; the endpoint is only in .env
    secrets = {"OPENAI_BASE_URL": fake.base_url, "OPENAI_API_KEY": OPENAI_KEY}
    assert resolve_provider(config, secrets) == "custom"
    m = build_model(config, secrets)
    assert m.provider == "custom" and m.base_url == fake.base_url and m.name == "from-config"
    await complete(m, [Message.user("hi")])
    assert sent_headers(fake)[0]["authorization"] == f"Bearer {OPENAI_KEY}"


def test_resolve_provider_order(monkeypatch):
    assert resolve_provider(cfg(model={"provider": "ollama"}), {"OPENAI_API_KEY": "k"}) == "ollama"
    assert resolve_provider(cfg(), {"OPENAI_API_KEY": "k"}) == "openai"
    assert resolve_provider(cfg(), {"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://x/v1"}) == "custom"
    assert resolve_provider(cfg(), {}) is None
    assert resolve_provider(cfg(model={"base_url": "http://box/v1"}), {}) == "custom"
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:5/v1")  # config.py maps the environment
    config = parse_config("")
    assert resolve_provider(config, {}) == "custom" and config.model.base_url == "http://127.0.0.1:5/v1"


def test_flags_beat_config():
    config = cfg(model={"provider": "custom", "base_url": "http://config-host/v1", "default": "config-model",
                        "timeout": 7, "max_retries": 1, "context_window": 4096})
    m = build_model(config, {})
    assert (m.name, m.base_url, m.timeout, m.max_retries, m.context_window) == (
        "config-model", "http://config-host/v1", 7, 1, 4096)
    m = build_model(config, {}, model="flag-model", base_url="http://flag-host/v1")
    assert (m.name, m.base_url) == ("flag-model", "http://flag-host/v1")
    # Another provider by flag does not inherit the configured provider's endpoint or model.
    m = build_model(config, {}, provider="ollama", model="qwen2.5:7b")
    assert m.base_url == "http://localhost:11434/v1" and m.name == "qwen2.5:7b" and m.context_window == 32_768
    with pytest.raises(ValueError, match="no model set"):
        build_model(config, {}, provider="ollama")


def test_offline_unknown_and_unavailable_providers():
    for name in ("scripted", "demo"):
        m = build_model(cfg(), {}, provider=name)
        assert isinstance(m, ScriptedModel) and m.name == "demo" and m.provider == name
    with pytest.raises(ValueError, match="unknown provider 'nope'"):
        build_model(cfg(), {}, provider="nope")
    with pytest.raises(ValueError, match="base URL"):
        build_model(cfg(), {}, provider="custom", model="m")
    for name in ("anthropic", "local"):
        if importlib.util.find_spec(f"hermes.models.{name}") is None:
            with pytest.raises(ValueError, match="not available yet"):
                build_model(cfg(), {"ANTHROPIC_API_KEY": "k"}, provider=name, model="m")


async def test_demo_model_echoes():
    m = build_model(cfg(), {}, provider="demo")
    assert (await complete(m, [Message.user("echo this")])).message.content == "echo this"


async def test_list_models_probe():
    handle, url = start_server(models=["alpha", "beta"], context_length=65_536, api_key="probe-key")
    try:
        config = cfg(model={"provider": "custom", "base_url": url, "api_key_env": "PROBE_KEY"})
        models = await list_models(config, {"PROBE_KEY": "probe-key"})
        assert models == [{"id": "alpha", "context_length": 65_536}, {"id": "beta", "context_length": 65_536}]
    finally:
        handle.close()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ModelError) as e:
        await list_models(cfg(), {}, provider="custom", base_url=f"http://127.0.0.1:{port}/v1")
    assert e.value.kind == "connection"


async def test_list_models_auth_failure():
    import asyncio

    async def handler(reader, writer):
        await reader.readuntil(b"\r\n\r\n")
        body = b'{"error": {"message": "invalid key", "type": "invalid_request_error"}}'
        writer.write(b"HTTP/1.1 401 Unauthorized\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s"
                     % (len(body), body))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handler, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        config = cfg(providers={"box": {"base_url": f"http://127.0.0.1:{port}/v1", "api_key_env": "BOX_KEY"}})
        with pytest.raises(ModelError) as e:
            await list_models(config, {"BOX_KEY": "box-secret-999"}, provider="box")
        assert e.value.kind == "auth" and "BOX_KEY" in str(e.value) and "box-secret-999" not in str(e.value)
    finally:
        server.close()


def test_context_window_table_and_overrides():
    assert context_window_for("gpt-4o") == 128_000
    assert context_window_for("gpt-4o-mini-2024-07-18") == 128_000
    assert context_window_for("gpt-4.1-nano") == 1_047_576
    assert context_window_for("o3") == context_window_for("o4-mini") == 200_000
    assert context_window_for("anthropic/claude-sonnet-4") == 200_000
    assert context_window_for("meta-llama/llama-3.3-70b-instruct") == 131_072
    assert context_window_for("qwen2.5:14b") == 32_768
    assert context_window_for("deepseek-chat") == 131_072 and context_window_for("deepseek-old") == 65_536
    assert context_window_for("mistral-large-latest") == 131_072
    assert context_window_for("something-unknown") == 32_768 and context_window_for("") == 32_768
    config = cfg(context_windows={"my-finetune": 16_000, "gpt-4o": 64_000})
    assert context_window_for("my-finetune-v2", config) == 16_000
    assert context_window_for("openai/gpt-4o", config) == 64_000
    assert context_window_for("claude-3-haiku", config) == 200_000


def test_provider_table_facts():
    assert PROVIDERS["openai"].base_url == "https://api.openai.com/v1"
    assert PROVIDERS["openrouter"].base_url == "https://openrouter.ai/api/v1"
    assert PROVIDERS["nous"].base_url == "https://inference-api.nousresearch.com/v1"
    assert PROVIDERS["custom"].base_url is None
    assert key_env_for("openrouter", cfg()) == "OPENROUTER_API_KEY" and key_env_for("ollama", cfg()) is None
    assert key_env_for("openai", cfg(model={"provider": "openai", "api_key_env": "WORK_KEY"})) == "WORK_KEY"


async def test_context_window_detected_from_ollama_api_show():
    """Ollama lists models without a window; /api/show reports it (num_ctx wins over the trained one)."""
    import asyncio
    import json

    shown: list[dict] = []

    async def handler(reader, writer):
        head = (await reader.readuntil(b"\r\n\r\n")).decode()
        length = next((int(line.split(":")[1]) for line in head.split("\r\n")
                       if line.lower().startswith("content-length")), 0)
        raw = await reader.readexactly(length) if length else b""
        path = head.split()[1]
        if path == "/v1/models":
            body = {"object": "list", "data": [{"id": "qwen3:8b", "object": "model"}]}
        elif path == "/api/show":
            req = json.loads(raw)
            shown.append(req)
            params = "num_ctx 16384\ntemperature 0.6" if req["model"] == "tuned" else "temperature 0.6"
            body = {"parameters": params, "model_info": {"general.architecture": "qwen3",
                                                         "qwen3.context_length": 40960}}
        else:
            body = {}
        data = json.dumps(body).encode()
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                     b"Connection: close\r\n\r\n%s" % (len(data), data))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handler, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        from hermes.models.providers import detect_context_window

        config = cfg(model={"provider": "ollama", "base_url": f"http://127.0.0.1:{port}/v1"})
        assert await detect_context_window(config, {}, "qwen3:8b") == 40960
        assert await detect_context_window(config, {}, "tuned") == 16384
        assert [r["model"] for r in shown] == ["qwen3:8b", "tuned"]
    finally:
        server.close()
    # nothing answering: unknown, not an exception
    assert await detect_context_window(config, {}, "qwen3:8b", timeout=1.0) is None
