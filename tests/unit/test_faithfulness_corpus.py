"""The hand-written faithfulness corpora (tests/corpus/faithfulness/, faithfulness-round2/ and faithfulness-round3/) are
well-formed and split as documented.

`corpus_problems` lists every way a corpus folder breaks the format described in its README.md; the real corpus must
have none, and copies broken on purpose must have the expected ones (so the check can fail).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

import faithfulness_pairs as corpus  # noqa: E402
from rubriq.core.prompt import parse_prompt  # noqa: E402
from rubriq.core.tasks import TaskType  # noqa: E402

# What may stand outside every labelled unit of an output: list and table markup, code fences, brackets.
MARKUP_RE = re.compile(r"^[ \t]*```\w*[ \t]*$|^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]|\|[-: |]*\||\*\*|[#|{}\[\],]",
                       re.MULTILINE)
SPLIT_LINE_RE = re.compile(r"^(dev|test)[ \t]+([a-z0-9-]+)[ \t]*$", re.MULTILINE)
COUNT_ROW_RE = re.compile(r"^\| (pairs|supported|unsupported|conflict|not_a_claim|sentences) \| (\d+) \| (\d+) \| "
                          r"(\d+) \|$", re.MULTILINE)


def _first_byte_split(pair_id: str) -> str:
    """The documented rule, written out again here so that a change to the bench's copy is caught."""
    return "dev" if hashlib.sha256(pair_id.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def _sentence_problems(pair_id: str, prompt: str, output: str, entries: list) -> list[str]:
    problems: list[str] = []
    if not isinstance(entries, list) or not entries:
        return [f"{pair_id}: no labelled sentences"]
    for entry in entries:
        text = entry.get("text", "")
        if entry.get("label") not in corpus.LABELS:
            problems.append(f"{pair_id}: label {entry.get('label')!r} is not one of {', '.join(corpus.LABELS)}")
        if not str(entry.get("why", "")).strip():
            problems.append(f"{pair_id}: no reason given for {text[:60]!r}")
        if text not in output:
            problems.append(f"{pair_id}: labelled text is not in the output: {text[:60]!r}")
        conflict = entry.get("conflict")
        if entry.get("label") == "conflict":
            if not isinstance(conflict, dict) or not conflict.get("output") or not conflict.get("source"):
                problems.append(f"{pair_id}: conflict without both values: {text[:60]!r}")
            else:
                if conflict["output"] not in text:
                    problems.append(f"{pair_id}: conflict output value {conflict['output']!r} is not in its sentence")
                if conflict["source"] not in prompt:
                    problems.append(f"{pair_id}: conflict source value {conflict['source']!r} is not in the prompt")
        elif conflict is not None:
            problems.append(f"{pair_id}: conflict values on a {entry.get('label')} sentence: {text[:60]!r}")
    try:
        located = corpus.locate(output, entries)
    except ValueError as exc:
        problems.append(f"{pair_id}: {exc}")
    else:
        rest = list(output)
        for sentence in located:
            rest[sentence.start : sentence.end] = " " * (sentence.end - sentence.start)
        leftover = MARKUP_RE.sub(" ", "".join(rest))
        if re.search(r"\w", leftover):
            problems.append(f"{pair_id}: output text outside every labelled unit: {' '.join(leftover.split())[:80]!r}")
    return problems


def pair_problems(folder: Path, pair_id: str) -> list[str]:
    try:
        prompt = (folder / f"{pair_id}.prompt").read_text(encoding="utf-8")
        output = (folder / f"{pair_id}.out").read_text(encoding="utf-8")
        labels = json.loads((folder / f"{pair_id}.labels.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        return [f"{pair_id}: {exc}"]
    problems = []
    if labels.get("task") not in {t.value for t in TaskType}:
        problems.append(f"{pair_id}: task {labels.get('task')!r} is not a Rubriq task type")
    if not str(labels.get("wrapping", "")).strip():
        problems.append(f"{pair_id}: no wrapping described")
    sources = labels.get("source")
    if not isinstance(sources, list) or not sources:
        problems.append(f"{pair_id}: no source listed")
        sources = []
    total_words = 0
    located = bool(sources)
    for source in sources:
        try:
            start, end = corpus.source_region(prompt, source)
        except (KeyError, ValueError) as exc:
            problems.append(f"{pair_id}: {exc}")
            located = False
            continue
        words = len(prompt[start:end].split())
        total_words += words
        if source.get("words") != words:
            problems.append(f"{pair_id}: source says {source.get('words')} words, the prompt has {words}")
    if sources and not 80 <= total_words <= 800:
        problems.append(f"{pair_id}: source of {total_words} words, outside 80-800")
    finds = labels.get("reader_finds_source")
    if not isinstance(finds, bool):
        problems.append(f"{pair_id}: reader_finds_source must be true or false")
    elif finds and located:
        coverage = corpus.source_coverage(prompt, sources)
        if coverage < 0.9:
            problems.append(f"{pair_id}: the prompt reader takes only {coverage:.0%} of the source; mark the pair "
                            "with reader_finds_source: false and a reader_note")
    elif not finds and not str(labels.get("reader_note", "")).strip():
        problems.append(f"{pair_id}: a pair whose source the reader misses needs a reader_note")
    return problems + _sentence_problems(pair_id, prompt, output, labels.get("sentences"))


def _documented_split(readme: str) -> dict[str, str]:
    return {pair_id: half for half, pair_id in SPLIT_LINE_RE.findall(readme)}


def _documented_counts(readme: str) -> dict[str, tuple[int, int, int]]:
    return {row: (int(dev), int(test), int(both)) for row, dev, test, both in COUNT_ROW_RE.findall(readme)}


def corpus_problems(folder: Path) -> list[str]:
    """Every way `folder` breaks the corpus format, its split or its documented counts (empty when well-formed)."""
    problems: list[str] = []
    stems = {path.name.split(".")[0] for path in folder.iterdir() if path.suffix in (".prompt", ".out", ".json")}
    stems.discard(corpus.EXAMPLE_LABELS.split(".")[0])
    for stem in sorted(stems):
        for suffix in (".prompt", ".out", ".labels.json"):
            if not (folder / f"{stem}{suffix}").is_file():
                problems.append(f"{stem}: {stem}{suffix} is missing")
    ids = corpus.pair_ids(folder)
    for pair_id in ids:
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", pair_id):
            problems.append(f"{pair_id}: ids are lower-case words joined by hyphens")
        if (folder / f"{pair_id}.prompt").is_file() and (folder / f"{pair_id}.out").is_file():
            problems += pair_problems(folder, pair_id)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    documented = _documented_split(readme)
    actual = {pair_id: _first_byte_split(pair_id) for pair_id in ids}
    if documented != actual:
        wrong = sorted(set(documented.items()) ^ set(actual.items()))
        problems.append(f"README.md split list differs from the hash split: {wrong[:6]}")
    if any(corpus.split_of(pair_id) != half for pair_id, half in actual.items()):
        problems.append("bench/faithfulness_pairs.py splits differently from the documented rule")
    counts = {"pairs": [0, 0], "sentences": [0, 0], **{label: [0, 0] for label in corpus.LABELS}}
    for pair_id in ids:
        half = 0 if actual[pair_id] == "dev" else 1
        counts["pairs"][half] += 1
        try:
            entries = json.loads((folder / f"{pair_id}.labels.json").read_text(encoding="utf-8"))["sentences"]
        except (OSError, json.JSONDecodeError, KeyError, TypeError):
            continue
        for entry in entries:
            counts["sentences"][half] += 1
            if entry.get("label") in counts:
                counts[entry["label"]][half] += 1
    expected = {row: (dev, test, dev + test) for row, (dev, test) in counts.items()}
    if _documented_counts(readme) != expected:
        problems.append(f"README.md counts differ from the labels: they are {expected}")
    return problems


def example_problems(folder: Path, examples: Path) -> list[str]:
    labelled = json.loads((folder / corpus.EXAMPLE_LABELS).read_text(encoding="utf-8"))
    problems = []
    bundled = sorted(path.stem for path in examples.glob("*.out") if (examples / f"{path.stem}.prompt").is_file())
    if sorted(labelled) != bundled:
        problems.append(f"examples labelled {sorted(labelled)}, bundled {bundled}")
    for name in sorted(set(labelled) & set(bundled)):
        prompt = (examples / f"{name}.prompt").read_text(encoding="utf-8")
        output = (examples / f"{name}.out").read_text(encoding="utf-8")
        if labelled[name].get("has_source") != parse_prompt(prompt).has_source:
            problems.append(f"{name}: has_source is {labelled[name].get('has_source')}, the reader says otherwise")
        problems += [p for p in _sentence_problems(name, prompt, output, labelled[name].get("sentences"))
                     if "outside every labelled unit" not in p]  # code in an example's output is left unlabelled
    return problems


ROUND2_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round2"  # a second set, written later
ROUND3_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round3"  # a third set, written after round 2 was tuned on
ROUND4_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round4"  # a fourth set, on subjects the first three do not use
ROUND5_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round5"  # a fifth set, by two writers, on new subjects again
ROUND6_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round6"  # a sixth set, by two more writers
ROUND7_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round7"  # a seventh set, by two more writers
ROUND8_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round8"  # an eighth set, by two more writers
ROUND9_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round9"  # a ninth set, by two more writers
ROUND10_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round10"  # a tenth set, by two more writers
ROUND11_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round11"  # an eleventh set, by two more writers
ROUND12_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round12"  # a twelfth set, by two more writers
ROUND13_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round13"  # a thirteenth set, by two more writers
ROUND14_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round14"  # a fourteenth set, by two more writers
ROUND15_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round15"  # a fifteenth set, by two more writers
ROUND16_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round16"  # a sixteenth set, by two more writers
ROUND17_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round17"  # a seventeenth set, by two more writers
ROUND18_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round18"  # an eighteenth set, by two more writers
ROUND19_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round19"  # a nineteenth set, by two more writers
ROUND20_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round20"  # a twentieth set, by two more writers
ROUND21_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round21"  # a twenty-first set, by two more writers
ROUND22_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round22"  # a twenty-second set, by two more writers
ROUND23_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round23"  # a twenty-third set, by two more writers
ROUND24_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round24"  # a twenty-fourth set, by two more writers
ROUND25_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round25"  # a twenty-fifth set, by two more writers
ROUND26_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round26"  # a twenty-sixth set, by two more writers
ROUND27_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round27"  # a twenty-seventh set, by two more writers
ROUND28_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round28"  # a twenty-eighth set, by two more writers
ROUND29_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round29"  # a twenty-ninth set, by two more writers
ROUND30_DIR = corpus.CORPUS_DIR.parent / "faithfulness-round30"  # a thirtieth set, by two more writers


@pytest.mark.parametrize("folder", [corpus.CORPUS_DIR, ROUND2_DIR, ROUND3_DIR, ROUND4_DIR, ROUND5_DIR, ROUND6_DIR,
                                    ROUND7_DIR, ROUND8_DIR, ROUND9_DIR, ROUND10_DIR,
                                    ROUND11_DIR, ROUND12_DIR, ROUND13_DIR, ROUND14_DIR, ROUND15_DIR, ROUND16_DIR,
                                    ROUND17_DIR, ROUND18_DIR, ROUND19_DIR, ROUND20_DIR, ROUND21_DIR,
                                    ROUND22_DIR, ROUND23_DIR, ROUND24_DIR, ROUND25_DIR, ROUND26_DIR,
                                    ROUND27_DIR, ROUND28_DIR, ROUND29_DIR, ROUND30_DIR],
                         ids=["faithfulness", "faithfulness-round2", "faithfulness-round3", "faithfulness-round4",
                              "faithfulness-round5", "faithfulness-round6", "faithfulness-round7",
                              "faithfulness-round8", "faithfulness-round9", "faithfulness-round10",
                              "faithfulness-round11", "faithfulness-round12", "faithfulness-round13",
                              "faithfulness-round14", "faithfulness-round15", "faithfulness-round16",
                              "faithfulness-round17", "faithfulness-round18", "faithfulness-round19",
                              "faithfulness-round20", "faithfulness-round21", "faithfulness-round22",
                              "faithfulness-round23", "faithfulness-round24", "faithfulness-round25",
                              "faithfulness-round26", "faithfulness-round27",
                              "faithfulness-round28", "faithfulness-round29", "faithfulness-round30"])
def test_the_corpus_is_well_formed_and_split_as_documented(folder: Path) -> None:
    assert corpus_problems(folder) == []


def test_the_second_set_has_at_least_thirty_pairs_in_both_halves() -> None:
    halves = [corpus.split_of(pair_id) for pair_id in corpus.pair_ids(ROUND2_DIR)]
    assert len(halves) >= 30
    assert halves.count("dev") >= 10 and halves.count("test") >= 10


def test_the_corpus_has_at_least_seventy_pairs_in_both_halves() -> None:
    halves = [corpus.split_of(pair_id) for pair_id in corpus.pair_ids()]
    assert len(halves) >= 70
    assert halves.count("dev") >= 20 and halves.count("test") >= 20


def test_the_bundled_examples_are_labelled_without_being_copied() -> None:
    assert example_problems(corpus.CORPUS_DIR, corpus.EXAMPLES_DIR) == []
    assert not any(path.suffix in (".prompt", ".out") and path.stem in {"release-notes", "python-helper"}
                   for path in corpus.CORPUS_DIR.iterdir())


@pytest.fixture
def broken_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "faithfulness"
    shutil.copytree(corpus.CORPUS_DIR, folder)
    return folder


def _edit_labels(folder: Path, pair_id: str, edit) -> None:
    path = folder / f"{pair_id}.labels.json"
    labels = json.loads(path.read_text(encoding="utf-8"))
    edit(labels)
    path.write_text(json.dumps(labels), encoding="utf-8")


def test_a_labelled_text_missing_from_its_output_is_reported(broken_copy: Path) -> None:
    def edit(labels):
        labels["sentences"][1]["text"] = labels["sentences"][1]["text"].replace("e", "é", 1)

    _edit_labels(broken_copy, "incident-db-failover", edit)
    assert any("labelled text is not in the output" in p for p in corpus_problems(broken_copy))


def test_an_unknown_label_and_a_conflict_without_its_source_value_are_reported(broken_copy: Path) -> None:
    def edit(labels):
        labels["sentences"][0]["label"] = "partly_supported"
        conflict = next(s for s in labels["sentences"] if s["label"] == "conflict")
        del conflict["conflict"]["source"]

    _edit_labels(broken_copy, "incident-db-failover", edit)
    problems = corpus_problems(broken_copy)
    assert any("'partly_supported' is not one of" in p for p in problems)
    assert any("conflict without both values" in p for p in problems)


def test_an_unlabelled_output_sentence_is_reported(broken_copy: Path) -> None:
    def edit(labels):
        del labels["sentences"][-2]

    _edit_labels(broken_copy, "news-wildfire-evacuation", edit)
    assert any("outside every labelled unit" in p for p in corpus_problems(broken_copy))


def test_a_source_the_reader_misses_must_be_marked(broken_copy: Path) -> None:
    def edit(labels):  # claim the instruction line is the source: no reader takes an instruction for source text
        labels["source"] = [{"starts": "Summarize this incident report", "ends": "Keep it short and factual.",
                             "words": 13}]

    _edit_labels(broken_copy, "incident-db-failover", edit)
    problems = corpus_problems(broken_copy)
    assert any("incident-db-failover: the prompt reader takes only 0%" in p for p in problems)

    def mark(labels):
        labels["reader_finds_source"] = False

    _edit_labels(broken_copy, "incident-db-failover", mark)
    assert any("incident-db-failover: a pair whose source the reader misses needs a reader_note" in p
               for p in corpus_problems(broken_copy))


def test_a_pair_listed_in_the_wrong_half_is_reported(broken_copy: Path) -> None:
    readme = broken_copy / "README.md"
    text = readme.read_text(encoding="utf-8")
    readme.write_text(text.replace("test incident-db-failover", "dev  incident-db-failover"), encoding="utf-8")
    assert any("split list differs" in p for p in corpus_problems(broken_copy))


def test_a_pair_without_its_output_is_reported(broken_copy: Path) -> None:
    (broken_copy / "qa-train-strike.out").unlink()
    assert "qa-train-strike: qa-train-strike.out is missing" in corpus_problems(broken_copy)


def test_the_benchmark_names_pairs_whose_metric_raised() -> None:
    from types import SimpleNamespace

    from rubriq.core.config import Config
    from rubriq.core.engine import check
    from rubriq.core.metrics import TIER_TEXT
    from rubriq.core.report import ParameterResult

    result = check("Summarise: <doc>The hall opens at 9am.</doc>", "The hall opens at 9am.", Config(),
                   tiers=frozenset({TIER_TEXT}))
    assert corpus.failed_metrics(result) == []
    broken = ParameterResult(name="faithfulness", title="Faithfulness", badge="", weight=1.0, status="unavailable",
                             score=None, reason="faithfulness failed: AssertionError")
    waiting = ParameterResult(name="coverage", title="Coverage", badge="", weight=1.0, status="unavailable",
                              score=None, reason="model tier not run in this pass")
    assert corpus.failed_metrics(SimpleNamespace(profile=SimpleNamespace(parameters=[broken, waiting]))) == [
        "faithfulness"]
