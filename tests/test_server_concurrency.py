"""Many sessions at once through the real server: 50 sessions x 20 turns with the async openai
client, then every transcript is complete, alternating and in order."""

from __future__ import annotations

import asyncio
import random
import time

from openai import AsyncOpenAI

from hermes.testing import ScriptedModel
from hermes.testing.validate import validate_conversation
from server_support import KEY, make_hermes, make_home, serve

SESSIONS, TURNS, CONCURRENCY = 50, 20, 16


def test_fifty_sessions_twenty_turns_in_parallel(tmp_path):
    # A small pool forces evictions and reloads from the store mid-run.
    h = make_hermes(make_home(tmp_path), ScriptedModel(echo_prefix="re: "))
    with serve(h, api_key=KEY, max_live_sessions=20) as s:
        started = time.monotonic()

        async def run() -> list[str]:
            client = AsyncOpenAI(base_url=s.url + "/v1", api_key=KEY, max_retries=0, timeout=30)
            gate = asyncio.Semaphore(CONCURRENCY)
            errors: list[str] = []

            async def session(i: int) -> None:
                for t in range(TURNS):
                    async with gate:  # bounded concurrency across all sessions
                        stream = t % 4 == 3
                        args = dict(model="hermes", extra_headers={"X-Hermes-Session-Id": f"conc-{i:02d}"},
                                    messages=[{"role": "user", "content": f"s{i} t{t:02d}"}])
                        if stream:
                            chunks = await client.chat.completions.create(stream=True, **args)
                            text = "".join([c.choices[0].delta.content or "" async for c in chunks
                                            if c.choices])
                        else:
                            r = await client.chat.completions.create(**args)
                            text = r.choices[0].message.content
                        if text != f"re: s{i} t{t:02d}":
                            errors.append(f"session {i} turn {t}: got {text!r}")
                    if random.random() < 0.3:
                        await asyncio.sleep(0)

            await asyncio.gather(*(session(i) for i in range(SESSIONS)))
            await client.close()
            return errors

        errors = asyncio.run(run())
        elapsed = time.monotonic() - started
        assert errors == []
        assert elapsed < 60
        state = s.server.config.app.state
        assert len(state.pool) <= 20 and state.pool.busy == 0
    for i in range(SESSIONS):
        msgs = h.store.get_messages(f"conc-{i:02d}")
        assert [m.role for m in msgs] == ["user", "assistant"] * TURNS, i
        assert [m.content for m in msgs[0::2]] == [f"s{i} t{t:02d}" for t in range(TURNS)]
        assert [m.content for m in msgs[1::2]] == [f"re: s{i} t{t:02d}" for t in range(TURNS)]
        validate_conversation([{"role": "system", "content": "x"}, *[m.to_openai() for m in msgs]])
        info = h.store.get_session(f"conc-{i:02d}")
        assert info.message_count == 2 * TURNS and info.scope == f"conc-{i:02d}"
