"""`clarify` (ask the user and wait for the answer) and `send_message` (a message to a chat).

`clarify` goes through `ctx.ask_user`, which only sessions with someone at the keyboard have. Where
nobody can answer while the turn runs, the result tells the model what to do instead: end the turn
with the question (API callers and chats can answer with their next message) or, for unattended
runs (cron, subagents), decide itself and say what it assumed.

`send_message` never talks to a chat platform itself: it posts to the gateway's notices table (the
path cron results take), which the running gateway pumps into its outbox, possibly from another
process. Messaging anyone other than the user asks for approval first.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hermes.tools.registry import ToolContext, ToolError, tool

MIN_CHOICES, MAX_CHOICES = 2, 10
MAX_QUESTION = 2_000
ANSWER_TIMEOUT = 30 * 60.0  # an unanswered question must not hold a session forever
MAX_MESSAGE = 8_000  # longer texts are a report, not a message: the model should shorten them
UNATTENDED = ("cron", "subagent")  # sources whose final answer nobody replies to


# -- clarify ----------------------------------------------------------------------------------------

def _clean_choices(choices: Any) -> list[str] | None:
    if choices is None or choices == []:
        return None
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise ToolError("choices must be a list of strings")
    opts = [" ".join(c.split()) for c in choices]
    if not all(opts):
        raise ToolError("choices must not be empty strings")
    if not MIN_CHOICES <= len(opts) <= MAX_CHOICES:
        raise ToolError(f"give {MIN_CHOICES} to {MAX_CHOICES} choices, or none for a free answer")
    return opts


def _source(ctx: ToolContext) -> str:
    try:
        info = ctx.store.get_session(ctx.session_id) if ctx.store is not None and ctx.session_id else None
    except Exception:  # the source only picks the wording; never fail the call over it
        info = None
    return getattr(info, "source", "") or ""


def _nobody_there(ctx: ToolContext, question: str, opts: list[str] | None) -> str:
    listed = f" (choices: {' / '.join(opts)})" if opts else ""
    if _source(ctx) in UNATTENDED:
        return ("Nobody is there to answer: this session runs unattended and the question was not "
                f"asked{listed}. Decide yourself and state the assumption in your final answer, or "
                "say in your final answer what you need to know to finish.")
    return ("Nobody can answer while this turn runs, so the question was not asked. If you cannot "
            "go on without the answer, stop calling tools and end your turn with the question as "
            f"your final answer{listed}; the answer will come as the next message. Otherwise decide "
            "yourself and state the assumption in your final answer.")


def _answer_text(answer: str, opts: list[str] | None) -> str:
    if not answer:
        return "The user gave no answer; decide yourself and state the assumption."
    if opts:
        chosen = next((o for o in opts if o.lower() == answer.lower()), None)
        if chosen is None and answer.isdigit() and 1 <= int(answer) <= len(opts):
            chosen = opts[int(answer) - 1]  # "2" means the second choice
        if chosen is not None:
            return f"The user chose: {chosen}"
        return f"The user answered (in their own words, not one of the choices): {answer}"
    return f"The user answered: {answer}"


async def _ask(ctx: ToolContext, question: str, opts: list[str] | None) -> str | None:
    """The user's answer; None when the turn was cancelled first. Raises TimeoutError."""
    asking = asyncio.ensure_future(ctx.ask_user(question, opts))
    stopper = asyncio.ensure_future(ctx.cancel.wait())
    try:
        done, _ = await asyncio.wait({asking, stopper}, timeout=ANSWER_TIMEOUT,
                                     return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopper.cancel()
        if not asking.done():
            asking.cancel()
    if asking not in done:
        if stopper in done:
            return None
        raise asyncio.TimeoutError
    return str(asking.result() or "").strip()


@tool()
async def clarify(ctx: ToolContext, question: str, choices: list[str] | None = None) -> str:
    """Ask the user a question and wait for the answer. Use it when the request is ambiguous and
    a wrong guess would be costly, not for things you can find out yourself.

    Args:
        question: The question, complete enough to answer without context.
        choices: Optional 2-10 answers to offer; the user may still answer in their own words.
    """
    question = question.strip()
    if not question:
        raise ToolError("question is empty")
    if len(question) > MAX_QUESTION:
        raise ToolError(f"the question is too long ({len(question)} characters, at most {MAX_QUESTION})")
    opts = _clean_choices(choices)
    if ctx.ask_user is None:
        return _nobody_there(ctx, question, opts)
    try:
        answer = await _ask(ctx, question, opts)
    except asyncio.TimeoutError:
        return (f"The user did not answer within {ANSWER_TIMEOUT / 60:.0f} minutes. Decide yourself "
                "and state the assumption, or end your turn with the question.")
    except asyncio.CancelledError:
        raise
    except Exception as e:  # the prompt itself failed (closed terminal, lost connection)
        return (f"The question could not be asked ({type(e).__name__}). Decide yourself and state "
                "the assumption, or end your turn with the question.")
    if answer is None:
        return "The turn was cancelled before the user answered."
    return _answer_text(answer, opts)


# -- send_message -----------------------------------------------------------------------------------

def _enabled_platforms(ctx: ToolContext) -> list[str]:
    return [n for n, p in ctx.config.gateway.platforms.items() if p.enabled]


def _parse_target(target: str, platforms: list[str]) -> tuple[str | None, str, str]:
    """(platform, chat, thread); platform None with an empty chat means 'home on any platform'."""
    t = target.strip()
    if t.startswith("channel:"):  # the notices form, accepted too
        t = t[len("channel:"):]
    name, _, rest = t.partition(":")
    name = name.strip().lower()
    if name == "home":
        return (rest.strip().lower() or None), "", ""
    chat, _, thread = rest.partition("#")  # chat ids may hold colons (Matrix rooms): split once
    if not name or not chat.strip():
        raise ToolError(f"bad target {target!r}: use home, home:<platform> or <platform>:<chat>[#thread]")
    if name not in platforms:
        known = ", ".join(platforms) or "none"
        raise ToolError(f"{name} is not a configured chat platform (configured: {known}); "
                        f"the owner can add it with `hermes gateway setup {name}`")
    return name, chat.strip(), thread.strip()


def _running_gateway(ctx: ToolContext) -> dict[str, Any]:
    from hermes.gateway.process import read_status

    status = read_status(ctx.home)
    if not status or not status.get("running"):
        raise ToolError("no gateway is running, so nothing can be sent now; the owner starts it "
                        "with `hermes gateway run` (or installs it as a service)")
    return status


def _home_channel(ctx: ToolContext, names: list[str]) -> tuple[str, str, str] | None:
    """The first of these platforms with a home channel (set by /sethome or in config)."""
    from hermes.gateway.people import People
    from hermes.gateway.store import GatewayStore

    store = GatewayStore(ctx.home)
    try:
        people = People(store, ctx.config.gateway)
        for name in names:
            where = people.home_channel(name)
            if where:
                return name, where[0], where[1]
    finally:
        store.close()
    return None


def _origin(ctx: ToolContext) -> tuple[str, str] | None:
    """(platform, chat) this session is talking in, when it came from a chat."""
    origin = str(ctx.state.get("origin") or "")
    parts = origin.split(":", 2)
    if len(parts) != 3 or parts[0] != "channel":
        return None
    return parts[1], parts[2].partition("#")[0]


async def _approve(ctx: ToolContext, label: str, platform: str, chat: str, text: str) -> None:
    if ctx.confirm is None:
        raise ToolError(f"messaging {label} needs the user's approval, and nobody can give it here")
    preview = text if len(text) <= 500 else text[:500] + "…"
    ok, reason = await ctx.confirm(f"send_message to {label}:\n{preview}", f"send_message:{platform}:{chat}",
                                   f"sends a message to {label}")
    if not ok:
        raise ToolError(reason or f"the user did not approve messaging {label}; it was not sent")


@tool()
async def send_message(ctx: ToolContext, target: str, text: str) -> str:
    """Send a message to a chat through the gateway: the owner's home channel, or another chat.
    Messages to anyone other than the user need the user's approval.

    Args:
        target: "home" (the home channel), "home:<platform>", or "<platform>:<chat id>", with
            "#<thread id>" for a thread (e.g. telegram:12345, discord:5000#77).
        text: The message, plain text or Markdown.
    """
    from hermes.gateway.notices import NoticeError, post
    from hermes.memory.threats import redact

    text = text.strip()
    if not text:
        raise ToolError("text is empty")
    if len(text) > MAX_MESSAGE:
        raise ToolError(f"the message is too long ({len(text):,} characters, at most {MAX_MESSAGE:,}); shorten it")
    if ctx.home is None or ctx.config is None:
        raise ToolError("send_message needs a Hermes home and config")
    platforms = _enabled_platforms(ctx)
    if not platforms:
        raise ToolError("no chat platform is configured (gateway.platforms); the owner sets one up "
                        "with `hermes gateway setup <platform>`")
    platform, chat, thread = _parse_target(target, platforms)
    status = _running_gateway(ctx)
    served = [p for p in platforms if p in (status.get("platforms") or platforms)]
    if platform is not None and platform not in served:
        raise ToolError(f"the running gateway does not serve {platform}")
    home = _home_channel(ctx, [platform] if platform else served)
    if not chat:  # home
        if home is None:
            raise ToolError("no home channel is set: the owner sends /sethome in the chat that should get messages")
        platform, chat, thread = home
    label = f"{platform}:{chat}" + (f"#{thread}" if thread else "")
    mine = _origin(ctx) == (platform, chat)
    if not mine and not (home is not None and home[:2] == (platform, chat)):
        await _approve(ctx, label, platform, chat, text)
    try:
        post(ctx.home, ctx.config, f"channel:{label}", redact(text))
    except NoticeError as e:
        raise ToolError(str(e)) from None
    return f"Queued for {label}; the gateway sends it within seconds."


TOOLS = [clarify, send_message]
