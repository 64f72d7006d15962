"""The seam between the gateway core and one chat platform.

An adapter turns a platform's wire format into `Inbound` messages and carries the core's replies
back. It holds no agent logic: no sessions, no access control, no commands, no memory. The core
owns all of that and talks to every platform through the same few calls below, so a platform is
one module of translation.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Protocol, runtime_checkable


@dataclass(slots=True)
class Attachment:
    """A file that came with a message (downloaded to `path`) or goes out with a reply."""
    name: str
    path: str = ""  # local file, once downloaded
    mime: str = "application/octet-stream"
    size: int = 0
    url: str = ""  # where the platform serves it, when not downloaded yet


@dataclass(slots=True)
class Inbound:
    """One message from a person, the same shape on every platform."""
    platform: str  # "telegram", "email", "matrix", ...
    chat_id: str
    user_id: str
    text: str
    message_id: str  # the platform's own id: the key for de-duplication
    chat_type: str = "dm"  # dm | group | channel
    thread_id: str = ""  # forum topic, email thread root, Matrix thread; "" when none
    user_name: str = ""
    attachments: list[Attachment] = field(default_factory=list)
    reply_to: str = ""  # message id this one answers, when the platform says
    received_at: float = field(default_factory=time.time)
    raw: dict[str, Any] = field(default_factory=dict)  # platform specifics an adapter needs back

    @property
    def is_group(self) -> bool:
        return self.chat_type != "dm"


@dataclass(slots=True)
class Sent:
    """What the platform gave back for a message we sent: the handle used to edit it later."""
    message_id: str
    chat_id: str


@dataclass(slots=True)
class Button:
    """A choice offered under a message (approvals); platforms without buttons show the text."""
    label: str
    data: str  # the command it stands for, e.g. "/approve"


@dataclass(slots=True)
class Capabilities:
    """What the core may ask of a platform; it shapes replies from these, not from the name."""
    max_length: int = 4096  # characters per message
    can_edit: bool = False  # streaming by editing one message
    edit_interval: float = 1.0  # seconds between edits of one message (the platform's rate limit)
    can_typing: bool = False
    can_files: bool = False
    can_buttons: bool = False
    markdown: str = "plain"  # plain | markdown | markdownv2 | html | mrkdwn


class PlatformError(Exception):
    """A send or edit the platform refused. `retry_after` is set when it asked us to wait;
    `permanent` when retrying cannot help (chat gone, bot blocked)."""

    def __init__(self, message: str, *, retry_after: float | None = None, permanent: bool = False):
        super().__init__(message)
        self.retry_after = retry_after
        self.permanent = permanent


# The core's callback: adapters call it for every message they receive (after their own parsing).
# It returns False when the message was ignored (empty, or a copy of one already taken).
InboundHandler = Callable[[Inbound], Awaitable[Any]]


@runtime_checkable
class Adapter(Protocol):
    name: str  # the platform name used in config, session keys and targets
    capabilities: Capabilities

    async def connect(self, on_message: InboundHandler) -> None:
        """Log in and start receiving; returns once connected. Raises on bad credentials.
        Receiving runs in tasks the adapter owns; each message goes to `on_message`."""

    async def disconnect(self) -> None:
        """Stop receiving and close connections; idempotent."""

    @property
    def connected(self) -> bool: ...

    async def send(self, chat_id: str, text: str, *, thread_id: str = "", reply_to: str = "",
                   buttons: list[Button] | None = None) -> Sent:
        """Send one message of at most `capabilities.max_length` characters, already in the
        platform's markup. Raises PlatformError when the platform refuses."""

    async def edit(self, sent: Sent, text: str) -> None:
        """Replace the text of a message we sent (only called when `can_edit`)."""

    async def typing(self, chat_id: str, *, thread_id: str = "") -> None:
        """Show that a reply is being written (no-op where unsupported)."""

    async def send_file(self, chat_id: str, path: str, *, caption: str = "",
                        thread_id: str = "") -> Sent:
        """Send a local file as an attachment (only called when `can_files`)."""

    async def validate(self) -> str:
        """Check the credentials against the platform without connecting for real; returns
        the bot's own name or address. Used by `hermes gateway setup`."""
