"""The hand-counted SQB cases (tests/corpus/sqb-cases/) are well-formed and split as documented.

`corpus_problems` lists every way the corpus breaks the format of its README.md; the real corpus must have none,
and copies broken on purpose must have the expected ones (so the check can fail).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

import sqb_hand_cases as hand  # noqa: E402
from rubriq.core.pairing import InputError  # noqa: E402
from rubriq.core.sqb.case import load_case  # noqa: E402

CORPUS = REPO / "tests" / "corpus" / "sqb-cases"
# What may stand outside every labelled unit of an output: list and table markup, emphasis, heading marks.
MARKUP_RE = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]|\|[-: |]*\||\*\*|[#|]", re.MULTILINE)
SPLIT_LINE_RE = re.compile(r"^(dev|test)[ \t]+([a-z0-9-]+)[ \t]*$", re.MULTILINE)
MINIMUM = {"sources": 2, "facts": 12, "multi_hop": 3, "topics": 4, "forbidden": 3}


def _unit_problems(where: str, output: str, units: object) -> list[str]:
    if not isinstance(units, list) or not units:
        return [f"{where}: no labelled units"]
    problems: list[str] = []
    cursor = 0
    rest = list(output)
    for unit in units:
        text = unit.get("text", "") if isinstance(unit, dict) else ""
        kind = unit.get("kind") if isinstance(unit, dict) else None
        if kind not in ("claim", "not_a_claim"):
            problems.append(f"{where}: unit kind {kind!r} is not claim or not_a_claim: {text[:60]!r}")
        if kind == "claim" and not isinstance(unit.get("supported"), bool):
            problems.append(f"{where}: a claim without supported true/false: {text[:60]!r}")
        if kind == "not_a_claim" and "supported" in unit:
            problems.append(f"{where}: `supported` on a unit that is not a claim: {text[:60]!r}")
        if not str(unit.get("why", "") if isinstance(unit, dict) else "").strip():
            problems.append(f"{where}: no reason given for {text[:60]!r}")
        start = output.find(text, cursor) if text else -1
        if start < 0:
            state = "anywhere in" if not text or output.find(text) < 0 else "in order in"
            problems.append(f"{where}: unit not found {state} the output: {text[:60]!r}")
            continue
        rest[start : start + len(text)] = " " * len(text)
        cursor = start + len(text)
    leftover = MARKUP_RE.sub(" ", "".join(rest))
    if re.search(r"\w", leftover):
        problems.append(f"{where}: output text outside every unit: {' '.join(leftover.split())[:80]!r}")
    return problems


def case_problems(folder: Path, case_id: str) -> list[str]:
    path = hand.case_file(folder, case_id)
    try:
        case = load_case(path, folder / case_id)
    except (InputError, OSError) as exc:
        return [f"{case_id}: the case does not load: {exc}"]
    problems = [f"{case_id}: {w}" for w in case.warnings]
    facts = case.case.reference_facts
    counts = {"sources": len(case.sources), "facts": len(facts), "multi_hop": sum(f.multi_hop for f in facts),
              "topics": len(case.case.required_topics), "forbidden": len(case.case.forbidden_claims)}
    problems += [f"{case_id}: {counts[k]} {k}, fewer than {n}" for k, n in MINIMUM.items() if counts[k] < n]
    names = [c.name for c in case.contenders]
    if sorted(names) != sorted(hand.CONTENDERS):
        problems.append(f"{case_id}: contenders {names}, not {list(hand.CONTENDERS)}")
    elif case.baseline != "weak":
        problems.append(f"{case_id}: the baseline is {case.baseline}, not weak")
    labels = json.loads((folder / case_id / "labels.json").read_text(encoding="utf-8"))
    labelled = labels.get("contenders", {})
    if sorted(labelled) != sorted(names):
        problems.append(f"{case_id}: labels for {sorted(labelled)}, contenders {sorted(names)}")
    fact_ids = {f.id for f in facts}
    for contender in case.contenders:
        own = labelled.get(contender.name)
        if own is None:
            continue
        where = f"{case_id}/{contender.name}"
        problems += [f"{where}: unknown fact id {f!r}" for f in own.get("facts_conveyed", []) if f not in fact_ids]
        for key, count in (("topics_addressed", counts["topics"]), ("forbidden_stated", counts["forbidden"])):
            values = own.get(key)
            if not isinstance(values, list) or not all(isinstance(v, int) and 1 <= v <= count for v in values):
                problems.append(f"{where}: {key} must be a list of numbers 1..{count}")
        problems += _unit_problems(where, contender.text, own.get("units"))
    return problems


def corpus_problems(folder: Path) -> list[str]:
    ids = hand.case_ids(folder)
    problems = [p for case_id in ids for p in case_problems(folder, case_id)]
    readme = (folder / "README.md").read_text(encoding="utf-8") if (folder / "README.md").exists() else ""
    documented = {case_id: split for split, case_id in SPLIT_LINE_RE.findall(readme)}
    if sorted(documented) != ids:
        problems.append(f"README.md lists {sorted(documented)}, the corpus has {ids}")
    problems += [f"{case_id}: README.md puts it in {split}, the hash in {hand.split_of(case_id)}"
                 for case_id, split in documented.items() if hand.split_of(case_id) != split]
    return problems


def test_the_hand_counted_cases_are_well_formed_and_split_as_documented() -> None:
    assert corpus_problems(CORPUS) == []


def test_the_hand_counted_cases_have_both_halves() -> None:
    splits = [hand.split_of(i) for i in hand.case_ids(CORPUS)]
    assert splits.count("dev") >= 4 and splits.count("test") >= 4


@pytest.fixture
def broken_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "sqb-cases"
    shutil.copytree(CORPUS, copy)
    return copy


def _edit(folder: Path, edit) -> str:
    case_id = hand.case_ids(folder)[0]
    path = folder / case_id / "labels.json"
    labels = json.loads(path.read_text(encoding="utf-8"))
    edit(labels["contenders"]["strong"])
    path.write_text(json.dumps(labels), encoding="utf-8")
    return case_id


def test_a_unit_missing_from_its_output_and_an_unknown_fact_are_reported(broken_copy: Path) -> None:
    def edit(own: dict) -> None:
        own["units"][0]["text"] = "A sentence no contender wrote."
        own["facts_conveyed"].append("F999")

    case_id = _edit(broken_copy, edit)
    problems = corpus_problems(broken_copy)
    assert any(p.startswith(f"{case_id}/strong: unit not found anywhere") for p in problems)
    assert f"{case_id}/strong: unknown fact id 'F999'" in problems


def test_an_output_sentence_outside_every_unit_is_reported(broken_copy: Path) -> None:
    case_id = _edit(broken_copy, lambda own: own["units"].pop())
    assert any(p.startswith(f"{case_id}/strong: output text outside every unit") for p in corpus_problems(broken_copy))


def test_a_case_in_the_wrong_half_is_reported(broken_copy: Path) -> None:
    case_id = hand.case_ids(broken_copy)[0]
    readme = broken_copy / "README.md"
    wrong = "test" if hand.split_of(case_id) == "dev" else "dev"
    readme.write_text(readme.read_text(encoding="utf-8").replace(f"{hand.split_of(case_id)} {case_id}\n",
                                                                   f"{wrong} {case_id}\n"), encoding="utf-8")
    assert f"{case_id}: README.md puts it in {wrong}, the hash in {hand.split_of(case_id)}" in \
        corpus_problems(broken_copy)


def test_hand_figures_follow_the_spec_formulas() -> None:
    labels = {"facts_conveyed": ["F1", "F3"], "topics_addressed": [2], "forbidden_stated": [],
              "units": [{"kind": "claim", "supported": True}, {"kind": "claim", "supported": False},
                        {"kind": "not_a_claim"}, {"kind": "claim", "supported": True}]}
    got = hand.hand_figures(labels, ["F1", "F2", "F3", "F4"], {"F3", "F4"}, n_topics=4)
    assert (got.factual_recall, got.factual_precision, got.coverage_completeness, got.multi_hop_recall) == \
        (0.5, 0.6667, 0.25, 0.5)
    assert got.factual_f1 == round(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3), 4)
