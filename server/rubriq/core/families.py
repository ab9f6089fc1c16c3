"""Model names → model families, whose prompting mechanisms the repair library uses."""

from __future__ import annotations

import re
from enum import StrEnum


class Family(StrEnum):
    CLAUDE = "claude"
    GPT = "gpt"
    GEMINI = "gemini"
    LLAMA = "llama"
    MISTRAL = "mistral"
    GENERIC = "generic"


# Checked in order; the first pattern that matches the lower-cased model name wins.
_MODEL_PATTERNS: tuple[tuple[re.Pattern[str], Family], ...] = (
    (re.compile(r"claude|anthropic|sonnet|opus|haiku"), Family.CLAUDE),
    (re.compile(r"gpt|openai|^o[1-9](\b|-)|chatgpt|davinci"), Family.GPT),
    (re.compile(r"gemini|gemma|palm|bard"), Family.GEMINI),
    (re.compile(r"mistral|mixtral|codestral|ministral"), Family.MISTRAL),
    (re.compile(r"llama|meta-|codellama|vicuna|qwen|deepseek|phi-|falcon|olmo"), Family.LLAMA),
)


def family_for_model(model: str | None) -> Family:
    """Map a model name such as `claude-3-5-sonnet` or `gpt-4.1` to its family; unknown names map to generic."""
    if not model:
        return Family.GENERIC
    name = model.strip().lower()
    for pattern, family in _MODEL_PATTERNS:
        if pattern.search(name):
            return family
    return Family.GENERIC
