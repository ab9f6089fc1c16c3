"""The second hand-written prompt set is labelled consistently: every label quotes the prompt itself, every task
type has pairs in both halves, and the family matches the prompt's front matter."""

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "prompts-round2"
IDS = sorted(p.name[: -len(".expected.json")] for p in CORPUS.glob("*.expected.json"))


def _pair(pair_id: str) -> tuple[str, dict]:
    prompt = (CORPUS / f"{pair_id}.prompt").read_text(encoding="utf-8")
    assert (CORPUS / f"{pair_id}.out").read_text(encoding="utf-8").strip()
    return prompt, json.loads((CORPUS / f"{pair_id}.expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pair_id", IDS)
def test_every_label_quotes_the_prompt_itself(pair_id):
    prompt, expected = _pair(pair_id)
    assert set(expected) == {"task", "family", "sources", "unchecked", "checkable"}
    assert TaskType(expected["task"]) and pair_id.split("-")[1] in ("en", "es", "fr", "de")
    assert expected["family"] == parse_prompt(prompt).family.value
    for text in expected["sources"] + expected["unchecked"] + expected["checkable"]:
        assert text and text in prompt, text
    assert not set(expected["unchecked"]) & set(expected["checkable"])


def test_every_task_type_is_in_both_halves():
    halves = Counter((_pair(i)[1]["task"], hashlib.sha256(i.encode("utf-8")).digest()[0] % 2) for i in IDS)
    assert all(halves[(t.value, half)] >= 2 for t in TaskType for half in (0, 1)), halves
    assert len(IDS) >= 100
