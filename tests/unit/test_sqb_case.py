"""SQB case files: validation errors name the file and line; paths stay inside the suite."""

import os
from pathlib import Path

import pytest

from rubriq.core.sqb.case import CaseError, case_json_schema, load_case, load_suite
from rubriq.core.sqb.matching import Document, unit_evidence
from rubriq.core.sqb.metrics import claim_units, f1, repetition_6gram, windows

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sqb"

VALID = """task: Explain the outage.
source_corpus:
  - {id: s1, text: The API failed at noon because the pool was full.}
reference_facts:
  - {id: F1, text: The API failed at noon.}
  - {id: F2, text: The pool was full., multi_hop: true, supports: [s1]}
required_topics: [cause]
forbidden_claims: [The database crashed.]
outputs:
  - {name: A, file: a.md, baseline: true}
  - {name: B, file: b.md}
"""


def _suite(tmp_path: Path, case_text: str = VALID) -> Path:
    (tmp_path / "a.md").write_text("The API failed.", encoding="utf-8")
    (tmp_path / "b.md").write_text("The API failed at noon because the pool was full.", encoding="utf-8")
    case = tmp_path / "c.sqb.yaml"
    case.write_text(case_text, encoding="utf-8")
    return case


def test_a_valid_case_loads_with_its_files(tmp_path):
    loaded = load_case(_suite(tmp_path))
    assert [c.name for c in loaded.contenders] == ["A", "B"]
    assert loaded.contenders[0].baseline and "failed" in loaded.contenders[1].text
    assert loaded.sources == {"s1": "The API failed at noon because the pool was full."}


def test_the_bundled_example_is_the_spec_experiment():
    case = load_suite(EXAMPLE)[0]
    assert len(case.case.reference_facts) == 40
    assert len(case.case.required_topics) == 8
    assert len(case.case.forbidden_claims) == 5
    assert [c.name for c in case.contenders] == ["A-naive", "B-retrieval", "C-graph"]
    assert any(f.multi_hop for f in case.case.reference_facts)


def test_a_schema_error_names_the_file_and_the_line(tmp_path):
    case = _suite(tmp_path, VALID.replace("  - {id: F2, text: The pool was full., multi_hop: true, supports: [s1]}",
                                          "  - {id: F2, txt: The pool was full.}"))
    with pytest.raises(CaseError, match=r"c\.sqb\.yaml:6: reference_facts\.1"):
        load_case(case)


def test_two_baselines_are_rejected(tmp_path):
    case = _suite(tmp_path, VALID.replace("{name: B, file: b.md}", "{name: B, file: b.md, baseline: true}"))
    with pytest.raises(CaseError, match=r"c\.sqb\.yaml:10: outputs: exactly one contender may be the baseline"):
        load_case(case)


def test_paths_may_not_leave_the_suite_folder(tmp_path):
    suite = tmp_path / "suite"
    suite.mkdir()
    (tmp_path / "secret.md").write_text("x", encoding="utf-8")
    case = _suite(suite, VALID.replace("file: a.md", "file: ../secret.md"))
    with pytest.raises(CaseError, match="leaves the suite folder"):
        load_case(case)


def test_invalid_yaml_and_empty_suite_are_reported(tmp_path):
    with pytest.raises(CaseError, match=r"c\.sqb\.yaml:\d+: invalid YAML"):
        load_case(_suite(tmp_path, "task: [unclosed\n"))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CaseError, match=r"no \*\.sqb\.yaml case files"):
        load_suite(empty)


def test_json_schema_documents_the_case_format():
    schema = case_json_schema()
    assert {"task", "reference_facts", "outputs"} <= set(schema["required"])
    assert "forbidden_claims" in schema["properties"]


def test_mechanical_metrics_and_segmentation():
    assert repetition_6gram("one two three four five six one two three four five six") == round(1 - 6 / 7, 4)
    assert repetition_6gram("too short") == 0.0
    assert claim_units("# Title here now\n- First claim is here.\n- Second one. Third sentence here.") == [
        "Title here now", "First claim is here.", "Third sentence here."]
    assert windows(["a", "b", "c", "d"], 3) == ["a b c", "b c d"]
    assert windows(["a"], 3) == ["a"]
    text = "# Title here now\n- First claim is here.\n  * Second one. Third sentence here."
    assert [text[u.start : u.end] for u in unit_evidence(Document("output", text))] == [
        "Title here now", "First claim is here.", "Third sentence here."], "every unit's span is its text"
    assert f1(0.0, 0.0) == 0.0 and f1(1.0, 0.5) == pytest.approx(2 / 3)


WRITTEN_AS_PEOPLE_DO = """task: Explain the outage.
id: outage-01
domain: operations
source_corpus:
  - sources/timeline.md
  - {id: note, text: The pool was full.}
reference_facts:
  - {id: F1, text: The API failed at noon., supports: [timeline]}
baseline: A
outputs:
  A: a.md
  B: {file: b.md}
"""


def _people_suite(tmp_path: Path, text: str = WRITTEN_AS_PEOPLE_DO, name: str = "outage.yaml") -> Path:
    (tmp_path / "sources").mkdir(exist_ok=True)
    (tmp_path / "sources" / "timeline.md").write_text("The API failed at noon.", encoding="utf-8")
    (tmp_path / "a.md").write_text("The API failed.", encoding="utf-8")
    (tmp_path / "b.md").write_text("The API failed at noon.", encoding="utf-8")
    case = tmp_path / name
    case.write_text(text, encoding="utf-8")
    return case


def test_plain_paths_a_mapping_of_outputs_and_a_top_level_baseline_are_accepted(tmp_path):
    loaded = load_case(_people_suite(tmp_path))
    assert loaded.sources == {"timeline": "The API failed at noon.", "note": "The pool was full."}
    assert [(c.name, c.baseline) for c in loaded.contenders] == [("A", True), ("B", False)]
    assert loaded.baseline == "A"


def test_outputs_as_a_list_of_plain_paths_are_named_after_their_files(tmp_path):
    text = WRITTEN_AS_PEOPLE_DO.replace("baseline: A\noutputs:\n  A: a.md\n  B: {file: b.md}\n",
                                        "baseline: a\noutputs: [a.md, b.md]\n")
    loaded = load_case(_people_suite(tmp_path, text))
    assert [(c.name, c.baseline) for c in loaded.contenders] == [("a", True), ("b", False)]


def test_unknown_top_level_keys_are_warnings_with_their_line(tmp_path):
    loaded = load_case(_people_suite(tmp_path))
    assert len(loaded.warnings) == 2
    assert loaded.warnings[0].endswith("outage.yaml:2: unknown key 'id' is ignored (known keys: task, source_corpus, "
                                       "reference_facts, required_topics, forbidden_claims, envelope, outputs, "
                                       "baseline)")
    assert ":3: unknown key 'domain'" in loaded.warnings[1]


def test_every_error_of_a_case_is_reported_at_once_each_with_its_line(tmp_path):
    broken = """task: Explain the outage.
source_corpus:
  - sources/missing.md
  - {id: note, txt: The pool was full.}
reference_facts:
  - {id: F1, text: The API failed at noon., supports: [nowhere]}
  - {id: F1, text: The pool was full.}
baseline: C
outputs:
  A: a.md
  B: gone.md
"""
    with pytest.raises(CaseError) as raised:
        load_case(_people_suite(tmp_path, broken))
    first = [line.split(str(tmp_path) + "/", 1)[1] for line in raised.value.problems]
    assert first == ["outage.yaml:4: source_corpus.1.txt: Extra inputs are not permitted"]
    fixed = broken.replace("txt:", "text:")
    with pytest.raises(CaseError) as raised:
        load_case(_people_suite(tmp_path, fixed))
    problems = [line.split(str(tmp_path) + "/", 1)[1] for line in raised.value.problems]
    assert problems == [
        "outage.yaml:3: source_corpus.0: no such file: sources/missing.md",
        "outage.yaml:6: reference_facts.0.supports: unknown source id(s) ['nowhere']; the sources are "
        "['missing', 'note']",
        "outage.yaml:7: reference_facts.1.id: reference fact id 'F1' is used twice",
        "outage.yaml:8: baseline: baseline 'C' is not a contender (contenders: A, B)",
        "outage.yaml:11: outputs.B: no such file: gone.md",
    ]


def test_a_suite_reports_the_errors_of_every_broken_case(tmp_path):
    for name in ("one", "two"):
        (tmp_path / f"{name}.sqb.yaml").write_text("task: t\nreference_facts: []\n", encoding="utf-8")
    with pytest.raises(CaseError) as raised:
        load_suite(tmp_path)
    assert [p.split("/")[-1] for p in raised.value.problems] == [
        "one.sqb.yaml:1: outputs: Field required", "two.sqb.yaml:1: outputs: Field required"]


def test_any_yaml_file_given_explicitly_is_a_case_and_a_folder_says_how_to_use_one(tmp_path):
    case = _people_suite(tmp_path, name="my-case.yaml")
    assert [c.name for c in load_suite(case)] == ["my-case"]
    with pytest.raises(CaseError, match=r"no \*\.sqb\.yaml case files in this folder; pass a case file itself"):
        load_suite(tmp_path)


def test_a_missing_baseline_says_both_ways_to_name_it(tmp_path):
    text = WRITTEN_AS_PEOPLE_DO.replace("baseline: A\n", "")
    with pytest.raises(CaseError, match=r"outage\.yaml:\d+: outputs: no baseline: write `baseline: NAME` at the top "
                                        r"level or `baseline: true` on one contender"):
        load_case(_people_suite(tmp_path, text))


def test_a_fifo_named_as_a_source_is_an_error_not_a_hang(tmp_path):
    (tmp_path / "sources").mkdir()
    os.mkfifo(tmp_path / "sources" / "pipe.md")
    text = WRITTEN_AS_PEOPLE_DO.replace("  - sources/timeline.md\n", "  - sources/timeline.md\n  - sources/pipe.md\n")
    with pytest.raises(CaseError, match=r"outage\.yaml:6: source_corpus\.1: not a file: sources/pipe\.md"):
        load_case(_people_suite(tmp_path, text))
