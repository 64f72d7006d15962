"""Which models take images: a config override, else a small table of known model families.

`accepts_images` answers True (send image parts), False (never send them: say so instead) or None
(unknown: send them and turn the provider's refusal into a clear message). The table errs towards
None: a wrong False would hide images from a model that could see them.
"""

from __future__ import annotations

import re
from typing import Any

NO_VISION = ("this model ({model}) does not take images; set model.vision: true if it does, configure "
             "auxiliary.vision (a vision model) and enable the `vision` toolset so it can use "
             "vision_analyze, or switch to a vision model")

# Known vision-capable families (lower-cased model ids, provider prefixes allowed).
_YES = re.compile(r"gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5|chatgpt-4o|\bo[134](-|$)|o4-mini|"
                  r"claude-3|claude-(sonnet|opus|haiku)-4|claude-.*-4|gemini|pixtral|llava|bakllava|"
                  r"moondream|minicpm-v|qwen.*-vl|qwen2\.5-omni|qvq|llama-?3\.2.*vision|llama-4|"
                  r"gemma-?3(?!.*-1b)|mistral-small-3\.[12]|mistral-medium|grok-.*vision|grok-4|"
                  r"internvl|phi-3\.5-vision|phi-4-multimodal|smolvlm|idefics|glm-4\.?5?v|kimi-vl")
# Known text-only families.
_NO = re.compile(r"gpt-3\.5|text-davinci|\bo1-mini|\bo3-mini|deepseek-(chat|reasoner|r1|v3|coder)|"
                 r"codestral|mistral-7b|mixtral|llama-?2|llama-?3(\.[013])?(?!\.2)(?!.*vision)|"
                 r"qwen(2\.5)?-coder|smollm|phi-[23](?!.*vision)|tinyllama|^demo$")

# Provider phrases that mean "this model cannot take the image" (400s from many backends).
_REFUSAL = re.compile(r"image|vision|multimodal|multi-modal|image_url|content part|content type", re.I)


def model_accepts_images(name: str) -> bool | None:
    """The table's answer for a model id."""
    n = (name or "").lower().rsplit("/", 1)[-1]
    if _YES.search(n):
        return True
    if _NO.search(n):
        return False
    return None


def accepts_images(model: Any) -> bool | None:
    """A model object's answer: its `vision` attribute (set from config) wins over the table."""
    forced = getattr(model, "vision", None)
    if forced is not None:
        return bool(forced)
    if getattr(model, "provider", "") in ("demo", "local"):
        return False  # the offline models read text only
    return model_accepts_images(getattr(model, "name", ""))


def is_image_refusal(message: str) -> bool:
    """Whether a provider's 400 reads as 'images are not supported here'."""
    return bool(_REFUSAL.search(message or ""))


def no_vision_message(model: Any) -> str:
    return NO_VISION.format(model=f"{getattr(model, 'provider', '?')}:{getattr(model, 'name', '?')}")
