"""The instruction-following metric: findings on the prompt (what was checked, conflicts), violations on the
output with the data a repair needs, and the parameter score as the share of passing constraints."""

from __future__ import annotations

from rubriq.core.config import Config
from rubriq.core.constraints import KINDS
from rubriq.core.context import CheckContext
from rubriq.core.engine import check
from rubriq.core.metrics.instruction_following import InstructionFollowing
from rubriq.core.prompt import parse_prompt
from rubriq.core.rules import get_rule
from rubriq.core.rules.instruction import CODE_FOR_KIND
from rubriq.core.tasks import detect_task
from rubriq.core.text import TextModel

PROMPT = "Write a short note about rain in under 12 words. Do not use any commas. Avoid the word \"wet\"."
OUTPUT = "Rain falls, soft and wet, on the wet roof all night long and into the day."


def _score(result, name: str = "instruction_following"):
    return next(p for p in result.profile.parameters if p.name == name)


def test_score_is_the_share_of_passing_constraints() -> None:
    result = check(PROMPT, "Rain taps the roof all night.", tiers=frozenset({0}))
    assert _score(result).score == 1.0
    assert _score(result).detail == "3 of 3 constraints pass"
    result = check(PROMPT, OUTPUT, tiers=frozenset({0}))
    assert _score(result).score == 0.0
    assert _score(result).detail == "0 of 3 constraints pass"


def test_each_checked_constraint_is_shown_on_its_prompt_span() -> None:
    result = check(PROMPT, OUTPUT, tiers=frozenset({0}))
    shown = [(f.evidence, f.message) for f in result.on("prompt") if f.code == "IF091"]
    assert shown == [("under 12 words", "checked: fewer than 12 words"),
                     ("not use any commas", "checked: no commas"),
                     ("Avoid the word \"wet\"", "checked: no 'wet'")]


def test_violations_mark_the_offending_text_and_carry_repair_data() -> None:
    result = check(PROMPT, OUTPUT, tiers=frozenset({0}))
    forbidden = [f for f in result.on("output") if f.code == CODE_FOR_KIND["keywords:forbidden_words"]]
    assert [OUTPUT[f.start:f.end] for f in forbidden] == ["wet", "wet"]
    data = forbidden[0].data
    assert data["kind"] == "keywords:forbidden_words"
    assert data["subtype"] == "keyword"
    assert data["params"] == {"forbidden_words": ["wet"]}
    assert data["constraint"] == "no 'wet'"
    assert PROMPT[data["prompt_start"]:data["prompt_end"]] == "Avoid the word \"wet\""
    commas = [f for f in result.on("output") if f.code == CODE_FOR_KIND["punctuation:no_comma"]]
    assert [OUTPUT[f.start:f.end] for f in commas] == [",", ","]
    (words,) = [f for f in result.on("output") if f.code == CODE_FOR_KIND["length_constraints:number_words"]]
    assert words.message == "16 words; the prompt allows fewer than 12"
    assert words.data["measured"] == 16


def test_no_constraint_means_not_applicable() -> None:
    result = check("Tell me about rain.", "Rain is water falling from clouds.", tiers=frozenset({0}))
    score = _score(result)
    assert score.status == "not_applicable"
    assert not [f for f in result.findings if f.code.startswith("IF")]


def test_conflicting_constraints_are_reported_on_the_prompt() -> None:
    prompt = "Write at least 300 words but no more than 100 words about rain."
    result = check(prompt, "Rain.", tiers=frozenset({0}))
    (conflict,) = [f for f in result.on("prompt") if f.code == "IF090"]
    assert conflict.severity.value == "warning"
    assert "at least 300 words" in conflict.message and "at most 100 words" in conflict.message


def test_extraction_is_shared_through_the_check_memo() -> None:
    prompt = parse_prompt(PROMPT)
    ctx = CheckContext(prompt=prompt, output=TextModel(OUTPUT), task=detect_task(prompt), config=Config())
    InstructionFollowing().run(ctx)
    memo = ctx.memo("constraints", lambda: [])
    assert [c.kind for c in memo] == ["length_constraints:number_words", "punctuation:no_comma",
                                      "keywords:forbidden_words"]


def test_every_kind_has_a_rule_with_the_right_failure_mode() -> None:
    assert set(CODE_FOR_KIND) == set(KINDS)
    formats = {"detectable_format:json_format", "rubriq:yaml_format", "rubriq:markdown_table", "rubriq:csv_format",
               "detectable_format:multiple_sections"}
    for kind, code in CODE_FOR_KIND.items():
        rule = get_rule(code)
        assert rule.parameter == "instruction_following"
        assert rule.failure_mode in ("missed_constraint", "format_violation")
        if kind in formats:
            assert rule.failure_mode == "format_violation", kind
        if kind.startswith(("length_constraints", "keywords", "change_case", "language")):
            assert rule.failure_mode == "missed_constraint", kind
    assert get_rule("IF091").severity.value == "information"


def test_scores_are_deterministic() -> None:
    first = check(PROMPT, OUTPUT, tiers=frozenset({0}))
    second = check(PROMPT, OUTPUT, tiers=frozenset({0}))
    assert first.profile.model_dump_json() == second.profile.model_dump_json()
    assert [f.model_dump() for f in first.findings] == [f.model_dump() for f in second.findings]
