"""SQB case files: validation errors name the file and line; paths stay inside the suite."""

from pathlib import Path

import pytest

from rubriq.core.sqb.case import CaseError, case_json_schema, load_case, load_suite
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
    with pytest.raises(CaseError, match="exactly one contender must be the baseline"):
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
    assert f1(0.0, 0.0) == 0.0 and f1(1.0, 0.5) == pytest.approx(2 / 3)
