"""Images on user messages: checked once on the way in, kept as files, encoded only for a request.

Every image a person sends (CLI path, API `image_url` part, chat attachment) is checked (type by
magic bytes, size cap) and copied to `HERMES_HOME/cache/images/<sha256>.<ext>`. The user message
keeps a one-line reference to that file, `[image: /abs/path]`, inside its text. That one line is
the whole persisted form: the store needs no schema change and stays small, a reloaded session
finds its images again, and a model that cannot see images still reads where the file is (and can
hand the path to `vision_analyze`). Bytes are read and base64-encoded only when a provider request
that accepts images is built.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_IMAGE_BYTES = 20 * 1024 * 1024  # what the big providers accept per image
EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp"}
_MIME_OF_EXT = {v: k for k, v in EXTENSIONS.items()}

# Only references to the image cache count: a user typing `[image: /etc/passwd]` attaches nothing.
MARKER = re.compile(r"\[image: (/[^\]\n]*/cache/images/[0-9a-f]{64}\.(png|jpg|gif|webp))\]")


class ImageError(ValueError):
    """An image that cannot be used, phrased for the person who sent it."""


@dataclass(frozen=True, slots=True)
class ImagePart:
    """A reference to a checked image file in the cache; no bytes are held in memory."""
    path: str
    mime: str

    def marker(self) -> str:
        return f"[image: {self.path}]"

    def read(self) -> bytes | None:
        """The file's bytes, or None when it is gone or no longer an image (never raises)."""
        try:
            data = Path(self.path).read_bytes()
        except OSError:
            return None
        return data if sniff_mime(data) == self.mime and len(data) <= MAX_IMAGE_BYTES else None

    def base64(self) -> str | None:
        data = self.read()
        return base64.b64encode(data).decode("ascii") if data is not None else None

    def data_url(self) -> str | None:
        b64 = self.base64()
        return f"data:{self.mime};base64,{b64}" if b64 is not None else None


def sniff_mime(data: bytes) -> str | None:
    """The image type from its first bytes (png, jpeg, gif, webp), None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def images_dir(home_root: str | os.PathLike) -> Path:
    return Path(home_root) / "cache" / "images"


def store_image(home_root: str | os.PathLike, data: bytes, name: str = "image") -> ImagePart:
    """Check `data` and keep it in the cache (content-addressed: the same image is stored once)."""
    if not data:
        raise ImageError(f"{name} is empty")
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageError(f"{name} is {len(data) / 1e6:.1f} MB; images may be at most "
                         f"{MAX_IMAGE_BYTES // (1024 * 1024)} MB")
    mime = sniff_mime(data)
    if mime is None:
        raise ImageError(f"{name} is not a PNG, JPEG, GIF or WebP image")
    folder = images_dir(home_root)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{hashlib.sha256(data).hexdigest()}.{EXTENSIONS[mime]}"
    if not path.exists():
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, path)  # atomic: a concurrent reader never sees half a file
    return ImagePart(str(path.resolve()), mime)


def load_image_file(home_root: str | os.PathLike, path: str | os.PathLike, cwd: str | None = None) -> ImagePart:
    """Check an image file the user named and copy it into the cache."""
    p = Path(os.path.expanduser(str(path)))
    if not p.is_absolute() and cwd:
        p = Path(cwd) / p
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise ImageError(f"{path} is not a file")
        if size > MAX_IMAGE_BYTES:
            raise ImageError(f"{path} is {size / 1e6:.1f} MB; images may be at most "
                             f"{MAX_IMAGE_BYTES // (1024 * 1024)} MB")
        data = p.read_bytes()
    except FileNotFoundError:
        raise ImageError(f"no such image file: {path}") from None
    except PermissionError:
        raise ImageError(f"cannot read {path}: permission denied") from None
    return store_image(home_root, data, str(path))


def decode_data_url(url: str) -> bytes:
    """The bytes of a `data:image/...;base64,...` URL."""
    head, sep, payload = url.partition(",")
    if not sep or not head.startswith("data:") or ";base64" not in head:
        raise ImageError("image data URLs must look like data:image/png;base64,...")
    if len(payload) > MAX_IMAGE_BYTES * 4 // 3 + 8:
        raise ImageError(f"the image is larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MB")
    try:
        return base64.b64decode(payload, validate=True)
    except ValueError:
        raise ImageError("the image data URL is not valid base64") from None


def with_images(text: str, images: list[ImagePart]) -> str:
    """User text plus one reference line per image: the persisted form of an image message."""
    lines = [i.marker() for i in images]
    return "\n".join([text, *lines]) if text else "\n".join(lines)


def images_in(text: str | None) -> list[ImagePart]:
    """The image references in a user message's text, in order, without duplicates."""
    if not text or "[image: " not in text:
        return []
    seen: dict[str, ImagePart] = {}
    for m in MARKER.finditer(text):
        seen.setdefault(m.group(1), ImagePart(m.group(1), _MIME_OF_EXT[m.group(2)]))
    return list(seen.values())


# -- what the loop does with images ------------------------------------------------------------

def image_check(model: Any, tools: Any) -> Any:
    """Before a turn with images: None to go on, a Notice when a blind model can still use
    vision_analyze, an ErrorEvent when it cannot see them at all."""
    from hermes.core.events import ErrorEvent, Notice
    from hermes.models.vision import accepts_images, no_vision_message

    if accepts_images(model) is not False:
        return None
    if tools.get("vision_analyze") is not None:
        return Notice(f"{model.provider}:{model.name} does not take images; it can look at them "
                      "through vision_analyze", "vision")
    return ErrorEvent(no_vision_message(model), "bad_request")


def image_refusal(e: Any, model: Any, request: list[Any]) -> Any:
    """A 400 about images from a model not known to take them becomes the clear message."""
    if e.kind != "bad_request" or not any(m.images for m in request if m.role == "user"):
        return e
    from hermes.models.base import ModelError
    from hermes.models.vision import is_image_refusal, no_vision_message

    if not is_image_refusal(str(e)):
        return e
    err = ModelError(f"{no_vision_message(model)} (the provider said: {str(e)[:200]})", kind="bad_request",
                     status=e.status, provider=e.provider)
    err.__cause__ = e
    return err
