"""One agent turn in a chat: the typing indicator, the reply streamed by editing one message, the
approval question asked in the chat, and the final reply handed to the outbox.

Streaming edits are a preview: best effort, throttled to the platform's edit rate, abandoned when
the platform pushes back. The final text always goes through the durable outbox (or replaces the
preview in one last edit), in the same transaction that marks the inbound message answered.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import time
from typing import Any

from hermes.gateway.base import Button, PlatformError
from hermes.gateway.replies import prepare, to_dialect
from hermes.gateway.sessions import ChatSession
from hermes.memory.threats import redact

log = logging.getLogger("hermes.gateway")

TYPING_EVERY = 4.0  # typing indicators expire after ~5 s on most platforms
FIRST_PREVIEW_CHARS = 24
MEDIA = re.compile(r"^[ \t]*MEDIA:[ \t]*(\S+)[ \t]*$", re.M)
STOPPED = "Stopped. Nothing from the interrupted step was kept."


class Preview:
    """The reply so far, shown by editing one message."""

    def __init__(self, adapter: Any, sess: ChatSession):
        self.adapter, self.sess = adapter, sess
        self.caps = adapter.capabilities
        self.text = ""
        self.sent: Any = None
        self.shown = ""
        self.last = 0.0
        self.dead = False  # the platform refused: stop previewing, the final reply still goes out
        self._busy = False

    async def add(self, delta: str) -> None:
        self.text += delta
        if self.dead or self._busy:
            return
        now = time.monotonic()
        if self.sent is None and len(self.text.strip()) < FIRST_PREVIEW_CHARS:
            return
        if now - self.last < self.caps.edit_interval:
            return
        body = self.text.strip()
        if len(body) > self.caps.max_length * 0.8:
            return  # too long for one message: the final reply will be split
        shown = to_dialect(redact(body), self.caps.markdown) + " …"
        if shown == self.shown:
            return
        self._busy = True
        try:
            if self.sent is None:
                self.sent = await self.adapter.send(self.sess.chat_id, shown, thread_id=self.sess.thread_id)
            else:
                await self.adapter.edit(self.sent, shown)
            self.shown = shown
        except PlatformError as e:
            self.dead = e.permanent or e.retry_after is None or e.retry_after > 5
            self.last = now + (e.retry_after or 0)
        except Exception:
            self.dead = True
        finally:
            self.last = time.monotonic()
            self._busy = False

    async def finish(self, pieces: list[str]) -> list[str]:
        """Put the first piece into the preview message; the pieces still to send."""
        if self.sent is None or not pieces:
            return pieces
        try:
            await self.adapter.edit(self.sent, pieces[0])
            return pieces[1:]
        except Exception:
            return pieces  # the preview stays as it was; the whole reply is sent anew


async def _keep_typing(adapter: Any, sess: ChatSession) -> None:
    while True:
        try:
            await adapter.typing(sess.chat_id, thread_id=sess.thread_id)
        except Exception:
            return  # cosmetic: never let it disturb the turn
        await asyncio.sleep(TYPING_EVERY)


def media_files(text: str, allowed_roots: list[str]) -> tuple[str, list[str]]:
    """Lines `MEDIA:/path` name files the agent made for the user: they go out as attachments
    when they exist, are regular files, and are not private (keys, memory, history...)."""
    from hermes.tools.approval_paths import is_secret

    files: list[str] = []
    for m in MEDIA.finditer(text):
        path = os.path.realpath(os.path.expanduser(m.group(1)))
        if not os.path.isfile(path):
            continue
        if is_secret(path, sending=True):
            log.warning("refused to send %s: it is private", path)
            continue
        if allowed_roots and not any(path == r or path.startswith(r.rstrip("/") + "/") for r in allowed_roots):
            log.warning("refused to send %s: outside the working directory", path)
            continue
        files.append(path)
    return MEDIA.sub("", text).strip(), files


async def run_turn(gw: Any, sess: ChatSession, text: str, item: Any) -> None:
    """Run `text` as one turn of `sess` and hand the reply to the outbox."""
    from hermes.core.events import ErrorEvent, Final, TextDelta

    adapter = gw.adapters[sess.platform]
    caps = adapter.capabilities
    conv = gw.conversation(sess)
    # where this turn was asked from: a job it schedules reports back here
    conv.ctx.state["origin"] = f"channel:{sess.platform}:{sess.chat_id}" + (f"#{sess.thread_id}" if sess.thread_id else "")
    sess.cancel = asyncio.Event()
    preview = Preview(adapter, sess) if caps.can_edit and gw.cfg.stream_edits else None
    typing = asyncio.create_task(_keep_typing(adapter, sess)) if caps.can_typing else None
    reply, cancelled = "", False
    t0 = time.monotonic()
    try:
        async for ev in conv.send(text, sess.cancel):
            if isinstance(ev, TextDelta):
                if preview is not None:
                    await preview.add(ev.text)
            elif isinstance(ev, Final):
                reply, cancelled = ev.text, ev.cancelled
            elif isinstance(ev, ErrorEvent):
                reply = f"Sorry, that failed: {ev.message}"
    except asyncio.CancelledError:
        raise
    except Exception as e:
        log.exception("turn failed in %s", sess.key)
        reply = f"Sorry, that failed: {type(e).__name__}: {e}"
    finally:
        if typing is not None:
            typing.cancel()
        sess.cancel = None
    gw.record_turn(time.monotonic() - t0)
    if cancelled:
        reply = STOPPED
    reply, files = media_files(reply or "(no answer)", [conv.ctx.cwd, str(gw.files_dir)])
    pieces = prepare(reply, caps.max_length, caps.markdown) if reply else []
    if preview is not None:
        pieces = await preview.finish(pieces)
    gw.deliver(sess.platform, sess.chat_id, sess.thread_id, pieces, files=files, done=item)


def asker(gw: Any, sess: ChatSession):
    """clarify's question, asked in the chat: the person's next plain message is the answer (or a
    tap on a choice); commands such as /stop still work meanwhile."""

    async def ask(question: str, choices: list[str] | None) -> str:
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        sess.question = fut
        text = f"❓ {question}"
        buttons = None
        if choices:
            text += "\n" + "\n".join(f"{i}. {c}" for i, c in enumerate(choices, 1))
            text += "\nReply with a number or in your own words."
            # The number, not the label, goes back: button data is short on some platforms.
            buttons = [Button(c[:40], str(i)) for i, c in enumerate(choices, 1)]
        gw.say(sess.platform, sess.chat_id, sess.thread_id, text, buttons=buttons)
        try:
            return await fut
        finally:
            sess.question = None

    return ask


def approver(gw: Any, sess: ChatSession):
    """The approval gate's question, asked in the chat; no answer in time is a no."""

    async def ask(command: str, verdict: Any) -> str:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future = loop.create_future()
        sess.approval, sess.approval_command = fut, command
        minutes = gw.cfg.approval_timeout / 60
        limit = f"{minutes:.0f} min" if minutes >= 1 else f"{gw.cfg.approval_timeout:.0f} s"
        text = (f"⚠️ I want to run a command that needs your approval ({verdict.description}):\n"
                f"```\n{command[:1500]}\n```\n"
                f"Reply /approve to run it once, /approve session to allow this kind for the session, "
                f"or /deny. No answer within {limit} means no.")
        buttons = [Button("Approve", "/approve"), Button("This session", "/approve session"),
                   Button("Deny", "/deny")]
        gw.say(sess.platform, sess.chat_id, sess.thread_id, text, buttons=buttons)
        try:
            return await asyncio.wait_for(asyncio.shield(fut), gw.cfg.approval_timeout)
        except asyncio.TimeoutError:
            gw.say(sess.platform, sess.chat_id, sess.thread_id, "No answer in time: the command was not run.")
            raise  # the gate tells the model the user did not answer (not that they said no)
        finally:
            sess.approval = None
            sess.approval_command = ""

    return ask

