"""A gateway on the Telegram emulator with the scripted model: what the gateway tests share."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from hermes.config import Config, PlatformSection
from hermes.home import Home
from hermes.runtime import Hermes
from hermes.testing import ScriptedModel

pytest.importorskip("telegram", reason="python-telegram-bot is not installed (pip install -e '.[dev]')")

from hermes.gateway.platforms import create  # noqa: E402
from hermes.gateway.runner import Gateway  # noqa: E402
from hermes.testing.telegram_api import TelegramAPI  # noqa: E402


def telegram_section(api: TelegramAPI, **kw: Any) -> PlatformSection:
    opts = {"base_url": api.base_url, "base_file_url": api.base_file_url, "poll_timeout": 1}
    opts.update(kw.pop("options", {}))
    return PlatformSection(options=opts, **kw)


class Rig:
    """Builds gateways over one home and one emulator; a second build is a restart."""

    def __init__(self, tmp: Path, api: TelegramAPI):
        self.tmp, self.api = tmp, api
        self.home = Home(tmp / "home").ensure()
        self.config = Config()
        self.config.terminal.cwd = str(tmp / "work")
        (tmp / "work").mkdir(exist_ok=True)
        self.config.gateway.platforms["telegram"] = telegram_section(api, allowed_users=["7", "8"],
                                                                     allow_groups=True)
        self.gateways: list[Gateway] = []
        self.model: ScriptedModel | None = None

    async def start(self, steps: list[Any] = (), *, extra: dict[str, Any] | None = None,
                    **gateway_cfg: Any) -> Gateway:
        for k, v in gateway_cfg.items():
            setattr(self.config.gateway, k, v)
        self.model = ScriptedModel(list(steps))
        hermes = Hermes(self.home, self.config, model=self.model)
        adapter = create("telegram", self.config.gateway.platforms["telegram"],
                         {"TELEGRAM_BOT_TOKEN": self.api.token}, self.home.root)
        gw = Gateway(hermes, {"telegram": adapter, **(extra or {})})
        await gw.start()
        self.gateways.append(gw)
        return gw

    async def stop(self, grace: float = 5.0) -> None:
        while self.gateways:
            await self.gateways.pop().stop(grace)

    async def wait_sent(self, chat: int, n: int, timeout: float = 10.0, **kw: Any) -> list[Any]:
        return await asyncio.to_thread(self.api.wait_sent, chat, n, timeout, **kw)

    async def texts(self, chat: int, n: int, timeout: float = 10.0) -> list[str]:
        return [m.text for m in await self.wait_sent(chat, n, timeout)]


@pytest.fixture
def api():
    with TelegramAPI() as emulator:
        yield emulator


@pytest.fixture
async def rig(tmp_path, api):
    r = Rig(tmp_path, api)
    yield r
    await r.stop(grace=1.0)
