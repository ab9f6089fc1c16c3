"""A repair the user applied is Rubriq's text, not the user's: after it goes into the `.prompt`, Rubriq still reads
the user's own source, task and instructions, never takes the repair's blocks for pasted material (faithfulness
would then compare the output with Rubriq's own instructions) and never marks its lines "not checked".

The repairs are real: built by the repair library, for every model family, from the findings a tier-0 check of a
corpus pair gives and from the model-tier findings of tests/fixtures/repair, applied one by one and all at once
("insert all") to hand-written prompts with their source in many wrappings. The other way round, a user's own
paragraph that looks like a repair's ("Requirement: ...", `<example>`, "Start the answer with: ...") is the user's."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from work_counting import measured_exponent

from rubriq.core.constraints import extract_constraints
from rubriq.core.engine import check
from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.metrics import TIER_TEXT
from rubriq.core.prompt import PromptDocument, own_repair_blocks, parse_prompt
from rubriq.core.prompt_reading import unchecked_instructions
from rubriq.core.repair import Repair, build_repair, merge_repairs, repairs_for
from rubriq.core.repair.labels import REQUIREMENT_LABEL
from rubriq.core.sources import SOURCE_TAGS
from rubriq.core.tasks import TaskType, detect_task
from rubriq.core.text import Span

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "prompts"
FIXTURES = ROOT / "fixtures" / "repair"
CASES = json.loads((FIXTURES / "findings.json").read_text(encoding="utf-8"))
# Development pairs of the prompt corpus, one per wrapping of the source: XML tags, a code fence, a named fence,
# a `*** X ***` fence, a label, "Here is ...:", a Markdown quote, a letter, pasted JSON, an unmarked paragraph, a
# pasted dialogue, a triple-quoted passage.
PAIRS = ("gqa-de-hausordnung", "code-en-refactor-snippet-source", "ext-de-rechnung", "sum-en-star-fence-report",
         "ext-en-invoice-schema", "gqa-en-here-is-policy", "ext-en-contract-dates-bullets", "ext-es-factura",
         "gqa-en-meeting-json-array", "sum-en-meeting-notes-unmarked", "sum-es-hilo-chat", "rw-de-umformulieren")


def fixture_finding(case: dict) -> Finding:
    return Finding(code=case["code"], message="m", severity=Severity.WARNING, start=0, end=len(case["evidence"]),
                   evidence=case["evidence"], data=case["data"])


def inserted_spans(repair: Repair, repaired_text: str) -> list[Span]:
    """Where the repair's new text lies in the repaired prompt; for "insert all" (one replacement of the stretch
    its places span, the user's text between them included), where each of its blocks lies."""
    if repair.failure_mode == "combined":
        assert repair.replace is not None
        low, high = repair.replace[0], repair.replace[0] + len(repair.new_text)
        found = []
        for block in repair.blocks:
            at = repaired_text.find(block, low)
            assert at >= 0 and at + len(block) <= high, block
            while at >= 0 and at + len(block) <= high:
                found.append(Span(at, at + len(block)))
                at = repaired_text.find(block, at + 1)
        return found
    spans, shift = [], 0
    for edit in sorted(repair.edits, key=lambda e: (e.start, e.end)):
        start = edit.start + shift
        spans.append(Span(start, start + len(edit.new_text)))
        shift += len(edit.new_text) - (edit.end - edit.start)
    return spans


def reading(doc: PromptDocument) -> tuple[list[str], TaskType]:
    return [block.text for block in doc.sources], detect_task(doc).task


def repairs_of(pair: str, family: Family) -> tuple[str, list[Repair]]:
    text = (CORPUS / f"{pair}.prompt").read_text(encoding="utf-8")
    output = (CORPUS / f"{pair}.out").read_text(encoding="utf-8")
    result = check(text, output, tiers=frozenset({TIER_TEXT}))
    repairs = [repair for _, repair in repairs_for(result, family)]
    every = list(repairs)
    for case in CASES:  # "insert all" with the model tiers' failure modes (faithfulness, coverage ...) too
        built = build_repair(fixture_finding(case), result.prompt, result.task.task, family, failure_mode=case["mode"])
        if built is not None and not built.already_in_prompt:
            every.append(built)
    combined = merge_repairs(every, result.prompt)
    return text, repairs + ([combined] if combined is not None else [])


@functools.lru_cache(maxsize=8)
def reading_before(text: str) -> tuple[tuple[list[str], TaskType], frozenset[str], frozenset[tuple[str, str]]]:
    doc = parse_prompt(text)
    constraints = extract_constraints(doc)
    return (reading(doc), frozenset(u.text for u in unchecked_instructions(doc, constraints)),
            frozenset(c.key() for c in constraints))


def assert_reads_as_before(text: str, repair: Repair) -> None:
    read_before, unchecked_before, constraints_before = reading_before(text)
    repaired_text = repair.apply(text)
    after = parse_prompt(repaired_text)
    assert reading(after) == read_before, repair.fragment[:200]
    constraints_after = extract_constraints(after)
    assert {c.key() for c in constraints_after} == constraints_before, repair.fragment[:200]
    unchecked_after = [u.text for u in unchecked_instructions(after, constraints_after)]
    assert not [u for u in unchecked_after if u not in unchecked_before], repair.fragment[:200]
    for span in inserted_spans(repair, repaired_text):  # every word a repair inserts is known as Rubriq's
        for word in re.finditer(r"\S+", span.slice(repaired_text)):
            at = Span(span.start + word.start(), span.start + word.end())
            assert any(block.contains(at) for block in after.own_blocks), (at.slice(repaired_text), repair.fragment)


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("pair", PAIRS)
def test_every_repair_applied_to_a_real_prompt_leaves_its_reading_unchanged(pair: str, family: Family) -> None:
    text, repairs = repairs_of(pair, family)
    assert repairs
    for repair in repairs:
        assert_reads_as_before(text, repair)


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("task", list(TaskType))
def test_repairs_on_the_fixture_prompt_of_every_task_leave_its_reading_unchanged(task: TaskType,
                                                                                   family: Family) -> None:
    text = (FIXTURES / f"{task.value}.prompt").read_text(encoding="utf-8")
    doc = parse_prompt(text)
    repairs = [r for case in CASES
               if (r := build_repair(fixture_finding(case), doc, task, family, failure_mode=case["mode"]))
               is not None and not r.already_in_prompt]
    combined = merge_repairs(repairs, doc)
    assert combined is not None
    for repair in [*(repairs if doc.has_source else []), combined]:  # one by one where there is a source to keep
        assert_reads_as_before(text, repair)


GPT_STYLE = """### Instructions ###
Answer the question using only the article. Keep the tone neutral.

### Article ###
The harbour ferry resumed service on 2 June after a four-week overhaul of its engines. Crossings now run every
twenty minutes between 6am and 11pm, and the single fare stays at 3.10 euros.

### Question ###
How often do crossings run?
"""


def test_a_users_own_hash_fences_stay_the_users_source_beside_a_gpt_repair() -> None:
    doc = parse_prompt(GPT_STYLE)
    assert doc.own_blocks == [] and [b.label for b in doc.sources] == ["article"]
    verbosity = next(case for case in CASES if case["mode"] == "verbosity")
    repair = build_repair(fixture_finding(verbosity), doc, TaskType.GROUNDED_QA, Family.GPT, failure_mode="verbosity")
    assert repair is not None and "### Brevity ###" in repair.fragment
    after = parse_prompt(repair.apply(GPT_STYLE))
    assert [b.text for b in after.sources] == [b.text for b in doc.sources]
    assert "Brevity" not in after.reading_view and "Keep the tone neutral" in after.reading_view


def test_a_users_example_paragraph_is_the_users_and_the_prompt_after_it_is_read() -> None:
    text = ("Write a product blurb in the style of the example.\n\nExample:\nLight as a feather, tough as nails.\n\n"
            "Here is the product description:\n\nA folding camp chair of aluminium and ripstop nylon, 1.1 kg, "
            "holds up to 120 kg and packs into a bag the size of a water bottle.\n")
    doc = parse_prompt(text)
    assert doc.own_blocks == []
    assert [b.text for b in doc.sources] == [text[text.index("A folding"):].strip()]


def test_a_tag_that_names_material_is_never_rubriqs_own_block() -> None:
    text = "Summarise the article in two sentences.\n\n<article>\nRemember: the museum closes early on Sundays.\n" \
           "Tickets bought online are valid for a year.\n</article>\n"
    doc = parse_prompt(text)
    assert doc.own_blocks == [] and doc.sources[0].label == "article"
    assert "Remember" in doc.sources[0].text


def test_a_prompt_made_only_of_repair_wording_is_the_users_prompt() -> None:
    text = f"{REQUIREMENT_LABEL} Write the summary in at most three sentences.\n"
    assert own_repair_blocks(f"Summarise the report.\n\n{text}")  # beside the user's words, it is Rubriq's
    assert own_repair_blocks(text) == []
    assert parse_prompt(text).reading_view == parse_prompt(text).instruction_view


def test_no_claude_repair_block_is_named_like_source_material() -> None:
    """A Claude repair block named `<article>` or `<table>` would read as the user's pasted material."""
    doc = parse_prompt((FIXTURES / "summarization.prompt").read_text(encoding="utf-8"))
    tags = set()
    for task in TaskType:
        for case in CASES:
            built = build_repair(fixture_finding(case), doc, task, Family.CLAUDE, failure_mode=case["mode"])
            if built is not None:
                tags.update(re.findall(r"^<([a-z_]+)>$", built.fragment, re.MULTILINE))
    assert tags and not tags & set(SOURCE_TAGS)


def test_recognising_repair_blocks_is_linear_on_a_prompt_of_tag_lines() -> None:
    exponent = measured_exponent(lambda n: "<note_x>\n</note_y>\n### Example ###\n" * (n // 30) + "Summarise it.",
                                 own_repair_blocks, 4000, 16000)
    assert exponent <= 1.2


@pytest.mark.parametrize("make", [
    lambda n: "<role>\n" * (n // 7) + "</role>\n" * (n // 8) + "Summarise it.",  # nested blocks of one name
    lambda n: "<example>\nA line.\n</example>\n\n" * (n // 32) + "<example_rules>\nAbout the example: it is "
              "similar to the real input.\n</example_rules>\n\nSummarise it.",  # a chain settled from its end
    lambda n: "Example:\n" * (n // 9) + "End of example.\n\nStart the answer with: Dear\n\n" * (n // 300)
              + "Summarise it.",  # example lines that never close, and lines after them
], ids=["nested", "example-chain", "unclosed-examples"])
def test_recognising_repair_blocks_is_linear_whatever_their_shapes(make) -> None:
    assert measured_exponent(make, own_repair_blocks, 4000, 16000) <= 1.2


# Prompts people write with labels and blocks a repair also writes: their own "Requirement:", "Instruction:" and
# "Remember:" paragraphs, their own <task>, <style> and <example> blocks, a `### Reference text ###` fence, a
# "Start the answer with:" line. All of it is the user's: read for the task, the source and the constraints.
USERS_OWN = {
    "requirement-paragraph": (
        "Summarize the article below for our newsletter.\n\n"
        "Requirement: at most 80 words, and do not use the word \"groundbreaking\".\n\n"
        "Article:\nThe city council voted on Tuesday to expand the bike-lane network by 40 kilometres over the next "
        "three years. The plan costs 12 million euros and is funded by a regional transport grant.\n",
        "summarization", {"length_constraints:number_words", "keywords:forbidden_words"}),
    "instruction-and-remember": (
        "Instruction: Summarise the email below in three bullet points.\n\n"
        "Remember: write in lowercase only.\n\n"
        "Here is the email:\n\nHi team, the launch moves to Friday because the payment provider needs another "
        "review. Please update the release notes and tell support before Thursday noon.\n",
        "summarization", {"detectable_format:number_bullet_lists", "change_case:english_lowercase"}),
    "task-and-style-tags": (
        "<task>\nSummarise the email below in three bullet points.\n</task>\n\n"
        "<style>\nWrite in lowercase only and keep a friendly tone.\n</style>\n\n"
        "<email>\nHi team, the launch moves to Friday because the payment provider needs another review. Please "
        "update the release notes and tell support before Thursday noon.\n</email>\n",
        "summarization", {"detectable_format:number_bullet_lists", "change_case:english_lowercase"}),
    "reference-text-fence": (
        "### Instructions ###\nAnswer the question using only the reference text, in at most two sentences.\n\n"
        "### Reference text ###\n\"\"\"\nThe harbour ferry resumed service on 2 June after a four-week overhaul. "
        "Crossings now run every twenty minutes between 6am and 11pm.\n\"\"\"\n\n"
        "Question: How often do crossings run?\n",
        "grounded_qa", {"length_constraints:number_sentences"}),
    "example-and-opening": (
        "Write a product blurb of at most 40 words for the chair described below, in the style of the example.\n\n"
        "<example>\nLight as a feather, tough as nails: the bag that goes where you go.\n</example>\n\n"
        "Start the answer with: Meet\n\n"
        "Product: a folding camp chair of aluminium and ripstop nylon, 1.1 kg, holds up to 120 kg and packs into a "
        "bag the size of a water bottle.\n",
        "general", {"length_constraints:number_words"}),
}


@pytest.mark.parametrize("name", list(USERS_OWN))
def test_a_users_own_labelled_paragraphs_and_blocks_are_read_as_the_users(name: str) -> None:
    text, task, kinds = USERS_OWN[name]
    doc = parse_prompt(text)
    assert doc.own_blocks == [] and own_repair_blocks(text) == []
    assert doc.reading_view == doc.instruction_view
    assert detect_task(doc).task.value == task
    assert doc.has_source
    assert kinds <= {c.kind for c in extract_constraints(doc)}


# One repair of each place and shape the library writes: an instruction block, a prohibition, a few-shot example
# (format), a layout, a role (system part), grounded reference text (GPT: right after the source).
BESIDE = ("missed_constraint/keyword", "verbosity", "format_violation", "poor_structure", "wrong_register",
          "unfaithful_content")


@pytest.mark.parametrize("family", list(Family))
@pytest.mark.parametrize("name", list(USERS_OWN))
def test_a_users_own_labelled_paragraphs_stay_the_users_beside_an_applied_repair(name: str, family: Family) -> None:
    text, _, _ = USERS_OWN[name]
    doc = parse_prompt(text)
    task = detect_task(doc).task
    cases = [c for c in CASES if f"{c['mode']}/{c.get('subtype')}" in BESIDE or c["mode"] in BESIDE]
    repairs = [r for case in cases if (r := build_repair(fixture_finding(case), doc, task, family,
                                                        failure_mode=case["mode"])) is not None]
    combined = merge_repairs(repairs, doc)
    assert combined is not None
    for repair in [*repairs, combined]:
        assert_reads_as_before(text, repair)
        after = parse_prompt(repair.apply(text))
        assert after.reading_view.split()[:4] == doc.reading_view.split()[:4]  # the user's words, still the user's
