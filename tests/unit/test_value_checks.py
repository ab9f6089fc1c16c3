"""Value conflicts at tier 0: FA002 with no model, quoting the source's value, and never twice in one view."""

from __future__ import annotations

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.context import CheckContext
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT
from rubriq.core.metrics.value_checks import ValueChecks
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import detect_task
from rubriq.core.text import TextModel

TIER0 = frozenset({TIER_TEXT})
REPORT = (
    "The Harbour Road clinic opened in March 2019 with four consulting rooms. "
    "Last year it hired 530 staff, most of them nurses. "
    "Patients wait nine days on average for a routine appointment. "
    "The clinic is funded by the regional health board."
)
PROMPT = f"Summarise the report below in three sentences.\n\n<report>\n{REPORT}\n</report>\n"


def _fa002(output: str, prompt: str = PROMPT) -> list[Finding]:
    return [f for f in engine.check(prompt, output, tiers=TIER0).findings if f.code == "FA002"]


def test_a_changed_head_count_is_flagged_without_models_on_the_value_with_the_source_value() -> None:
    output = ("The clinic opened in March 2019. Last year it hired 350 staff, mostly nurses. "
              "A routine appointment takes about nine days to get.")
    findings = _fa002(output)
    assert [output[f.start:f.end] for f in findings] == ["350"]
    finding = findings[0]
    assert finding.data["source_value"] == "530"
    assert finding.message.startswith("350 — the source says 530: “Last year it hired 530 staff")
    source = PROMPT[finding.data["source_start"]:finding.data["source_end"]]
    assert source.startswith("Last year it hired 530 staff")


def test_the_same_values_in_other_words_are_not_conflicts() -> None:
    output = ("The clinic opened in March 2019 with 4 consulting rooms and hired 530 people last year. "
              "Routine appointments take 9 days on average.")
    assert _fa002(output) == []


def test_a_changed_year_is_flagged_and_the_rest_is_left_to_the_model_tier() -> None:
    output = "The clinic opened in March 2017. It is funded by the regional health board."
    assert [output[f.start:f.end] for f in _fa002(output)] == ["March 2017"]
    # A claim the source does not support but whose values agree is the model's to judge: nothing at tier 0.
    assert _fa002("The clinic plans to open a second site in the north of the city.") == []


def test_without_a_source_there_is_nothing_to_conflict_with() -> None:
    assert _fa002("The clinic hired 350 staff.", "Write a short note about a clinic that hired staff.") == []


def _context(output: str, nli_chars: int) -> CheckContext:
    prompt = parse_prompt(PROMPT)
    return CheckContext(prompt=prompt, output=TextModel(output), task=detect_task(prompt), config=Config(),
                        tiers=TIER0, nli_chars=nli_chars)


def test_the_part_the_nli_tier_checks_in_the_same_pass_is_left_to_faithfulness() -> None:
    first = "Last year it hired 350 staff. "
    output = first + "The clinic opened in March 2017."
    everything = ValueChecks().run(_context(output, 0)).findings
    assert [output[f.start:f.end] for f in everything] == ["350", "March 2017"]
    rest = ValueChecks().run(_context(output, len(first))).findings
    assert [output[f.start:f.end] for f in rest] == ["March 2017"]
    assert ValueChecks().run(_context(output, len(output))).findings == []


def test_a_long_output_is_value_checked_in_its_first_part_and_the_finding_says_so() -> None:
    from rubriq.core import limits

    filler = "The clinic is funded by the regional health board.\n\n" * (limits.MAX_MODEL_CHARS // 50)
    output = "Last year it hired 350 staff.\n\n" + filler + "The clinic opened in March 2017.\n"
    result = engine.check(PROMPT, output, tiers=TIER0)
    assert [output[f.start:f.end] for f in result.findings if f.code == "FA002"] == ["350"]
    notice = next(f for f in result.findings if f.code == "RQ001")
    assert "the value checks against the source the first" in notice.message
    assert notice.data["value_chars_checked"] <= limits.MAX_MODEL_CHARS


def test_a_rewrite_that_changes_a_figure_of_its_text_gets_fa002_and_one_that_keeps_them_none() -> None:
    prompt = f"Rewrite this for our newsletter in a friendlier tone.\n\n<report>\n{REPORT}\n</report>\n"
    assert detect_task(parse_prompt(prompt)).task.value == "rewriting"
    changed = "Good news from Harbour Road: last year the clinic hired 350 staff, most of them nurses."
    assert [changed[f.start:f.end] for f in _fa002(changed, prompt)] == ["350"]
    kept = "Good news from Harbour Road: last year the clinic hired 530 staff, most of them nurses."
    assert _fa002(kept, prompt) == []


def test_a_wrong_change_beside_its_own_from_to_gets_fa002_with_the_working() -> None:
    prompt = ("Summarise the notice below.\n\n<notice>\nThe weekly service charge will go from £21.10 to £22.60 in "
              "May. Tenants can object until 30 April.\n</notice>\n")
    output = "The weekly charge goes from £21.10 to £22.60 in May, a rise of £1.20. Objections close on 30 April."
    [finding] = _fa002(output, prompt)
    assert output[finding.start:finding.end] == "£1.20"
    assert finding.message == "£1.20 — from £21.10 to £22.60 is £1.50"
