"""The hand-written prompt corpus is labelled consistently: every label points at the prompt's own text, every kind
is documented, and every task type and language has enough pairs in it."""

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rubriq.core.families import Family
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "prompts"
README = (CORPUS / "README.md").read_text(encoding="utf-8")
IDS = sorted(p.name[: -len(".expected.json")] for p in CORPUS.glob("*.expected.json"))
IFEVAL_KINDS = {
    "change_case:capital_word_frequency", "change_case:english_capital", "change_case:english_lowercase",
    "combination:repeat_prompt", "combination:two_responses", "detectable_content:number_placeholders",
    "detectable_content:postscript", "detectable_format:constrained_response", "detectable_format:json_format",
    "detectable_format:multiple_sections", "detectable_format:number_bullet_lists",
    "detectable_format:number_highlighted_sections", "detectable_format:title", "keywords:existence",
    "keywords:forbidden_words", "keywords:frequency", "keywords:letter_frequency", "language:response_language",
    "length_constraints:nth_paragraph_first_word", "length_constraints:number_paragraphs",
    "length_constraints:number_sentences", "length_constraints:number_words", "punctuation:no_comma",
    "startend:end_checker", "startend:quotation",
}


def _pair(pair_id: str) -> tuple[str, dict]:
    prompt = (CORPUS / f"{pair_id}.prompt").read_text(encoding="utf-8")
    assert (CORPUS / f"{pair_id}.out").read_text(encoding="utf-8").strip()
    return prompt, json.loads((CORPUS / f"{pair_id}.expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pair_id", IDS)
def test_every_label_quotes_the_prompt_itself(pair_id):
    prompt, expected = _pair(pair_id)
    assert TaskType(expected["task"])
    assert expected["family"] == parse_prompt(prompt).family.value and Family(expected["family"])
    for text in expected["sources"] + expected["unchecked"]:
        assert text and text in prompt, text
    for constraint in expected["constraints"]:
        assert constraint["quote"] in prompt, constraint
        assert constraint["verdict"] in ("pass", "fail")
        assert isinstance(constraint["params"], dict)


def test_every_rubriq_kind_in_the_labels_is_documented_in_the_readme():
    kinds = {c["kind"] for pair_id in IDS for c in _pair(pair_id)[1]["constraints"]}
    documented = set(re.findall(r"`(rubriq:[a-z_]+)", README))
    assert {k for k in kinds if not k.startswith("rubriq:")} <= IFEVAL_KINDS
    assert {k for k in kinds if k.startswith("rubriq:")} <= documented


def test_every_task_type_and_language_has_at_least_eight_pairs():
    tasks = Counter(_pair(pair_id)[1]["task"] for pair_id in IDS)
    assert all(tasks[t.value] >= 8 for t in TaskType), tasks
    languages = Counter(pair_id.split("-")[1] for pair_id in IDS)
    assert all(languages[lang] >= 8 for lang in ("es", "fr", "de")), languages
    assert len(IDS) >= 120


def test_the_split_by_hash_gives_two_halves_of_similar_size():
    dev = [i for i in IDS if hashlib.sha256(i.encode("utf-8")).digest()[0] % 2 == 0]
    assert 0.35 < len(dev) / len(IDS) < 0.65
