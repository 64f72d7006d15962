"""Image content parts of API requests -> checked files in the image cache, referenced in the text.

Chat Completions sends `{"type": "image_url", "image_url": {"url": ...}}`; the Responses API sends
`{"type": "input_image", "image_url": "..."}`. A `data:` URL is decoded here. An http(s) URL is
fetched here, not passed on to the provider: the stored session then keeps the image (a URL may
change or vanish), every provider gets the same base64 form, and the fetch goes through the same
guard as web_fetch (public addresses only unless tools.web.allow_private, every redirect checked,
size capped), so a client cannot make Hermes reach into its own network.

Each image part is replaced in place by a text part holding its reference line; the rest of the
request parsing stays text-only.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hermes.server.errors import ApiError

IMAGE_PARTS = ("image_url", "input_image", "image")


def _url_of(part: Any) -> str:
    raw = getattr(part, "image_url", None)
    if raw is None:
        extra = getattr(part, "model_extra", None) or {}
        raw = extra.get("image_url") or extra.get("url")
    if isinstance(raw, dict):
        raw = raw.get("url")
    return raw if isinstance(raw, str) else ""


async def _fetch_image(url: str, web: Any) -> bytes:
    from hermes.core.images import MAX_IMAGE_BYTES
    from hermes.tools.registry import ToolError
    from hermes.tools.web import _fetch

    settings = SimpleNamespace(allow_private=web.allow_private, timeout=web.timeout, max_bytes=MAX_IMAGE_BYTES)
    try:
        _, _, body = await _fetch(url, settings)
    except ToolError as e:
        raise ApiError(400, f"Could not fetch the image: {e}", code="image_fetch_failed") from None
    except Exception as e:  # httpx transport errors share no narrower base worth naming here
        raise ApiError(400, f"Could not fetch the image at {url}: {type(e).__name__}",
                       code="image_fetch_failed") from None
    return body


async def inline_images(messages: list[Any], hermes: Any, param: str) -> int:
    """Replace the image parts of user messages by reference lines; returns how many were found."""
    from hermes.core.images import ImageError, decode_data_url, store_image

    web = hermes.config.tools.web
    count = 0
    for i, m in enumerate(messages):
        content = getattr(m, "content", None)
        if getattr(m, "role", "") != "user" or not isinstance(content, list):
            continue
        for j, part in enumerate(content):
            if getattr(part, "type", "") not in IMAGE_PARTS:
                continue
            where = f"{param}.{i}.content.{j}"
            url = _url_of(part).strip()
            try:
                if url.startswith("data:"):
                    data = decode_data_url(url)
                elif url.startswith(("http://", "https://")):
                    data = await _fetch_image(url, web)
                else:
                    raise ImageError("an image must be a data: URL or an http(s) URL")
                img = store_image(hermes.home.root, data, "the image")
            except ImageError as e:
                raise ApiError(400, f"Invalid image: {e}.", param=where, code="invalid_image") from None
            content[j] = type(part)(type="text", text="\n" + img.marker() + "\n")
            count += 1
    return count
