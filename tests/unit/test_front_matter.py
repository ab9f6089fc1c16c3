"""Front matter: valid keys apply, problems become findings on the offending line, scoring goes on."""

from rubriq.core.engine import check
from rubriq.core.families import Family, family_for_model
from rubriq.core.prompt import parse_prompt
from rubriq.core.text import LineIndex


def _line_of(text: str, offset: int) -> int:
    return LineIndex(text).position(offset)[0]


def test_valid_front_matter_sets_model_family_audience_weights_and_ignore():
    doc = parse_prompt("---\nmodel: gemini-2.0-flash\naudience: children\nweights:\n  readability: 2\n"
                       "ignore: [FM002]\ntask: summarization\n---\nSummarize this.")
    fm = doc.front_matter
    assert doc.problems == []
    assert fm.resolved_family is Family.GEMINI
    assert fm.audience == "children"
    assert fm.weights == {"readability": 2.0}
    assert fm.ignore == ["FM002"]
    assert doc.body_start == doc.text.index("Summarize")


def test_explicit_family_wins_over_the_model_name():
    assert parse_prompt("---\nmodel: gpt-4.1\nfamily: claude\n---\nHi").front_matter.resolved_family is Family.CLAUDE


def test_model_names_map_to_families_and_unknown_names_to_generic():
    assert family_for_model("claude-3-5-sonnet") is Family.CLAUDE
    assert family_for_model("gpt-4.1") is Family.GPT
    assert family_for_model("o3-mini") is Family.GPT
    assert family_for_model("gemini-2.0-flash") is Family.GEMINI
    assert family_for_model("llama-3-70b") is Family.LLAMA
    assert family_for_model("mistral-large") is Family.MISTRAL
    assert family_for_model("my-house-model") is Family.GENERIC
    assert family_for_model(None) is Family.GENERIC


def test_unknown_key_is_reported_on_its_line_and_the_rest_applies():
    text = "---\nmodel: gpt-4.1\nmodle: claude\n---\nWrite a poem."
    doc = parse_prompt(text)
    assert [p.code for p in doc.problems] == ["FM002"]
    assert _line_of(text, doc.problems[0].start) == 2
    assert doc.front_matter.resolved_family is Family.GPT


def test_invalid_value_falls_back_to_its_default_and_keeps_valid_keys():
    text = "---\nfamily: bard\naudience: clinicians\n---\nExplain."
    doc = parse_prompt(text)
    assert [p.code for p in doc.problems] == ["FM003"]
    assert _line_of(text, doc.problems[0].start) == 1
    assert doc.front_matter.family is None
    assert doc.front_matter.audience == "clinicians"


def test_negative_weight_is_invalid():
    doc = parse_prompt("---\nweights:\n  readability: -1\n---\nx")
    assert [p.code for p in doc.problems] == ["FM003"]


def test_broken_yaml_points_at_the_failing_line_and_defaults_are_used():
    text = "---\nmodel: gpt-4.1\naudience: [unclosed\n---\nSummarize the text."
    doc = parse_prompt(text)
    assert [p.code for p in doc.problems] == ["FM001"]
    assert _line_of(text, doc.problems[0].start) in (2, 3)
    assert doc.front_matter.model is None


def test_yaml_that_is_not_a_mapping_is_reported():
    doc = parse_prompt("---\n- a\n- b\n---\nHello")
    assert [p.code for p in doc.problems] == ["FM001"]


def test_yaml_is_read_with_safe_load_only():
    doc = parse_prompt("---\nmodel: !!python/object/apply:os.system ['true']\n---\nHello")
    assert [p.code for p in doc.problems] == ["FM001"]


def test_scoring_goes_on_after_bad_front_matter_and_reports_it_on_the_prompt():
    result = check("---\n: : :\n---\nWrite a haiku about rain.", "Rain on the tin roof")
    assert result.profile.task == "creative_writing"
    assert any(f.code == "FM001" and f.where == "prompt" for f in result.findings)


def test_unknown_task_weight_and_ignore_codes_are_reported():
    text = "---\ntask: poetry-slam\nweights:\n  sparkle: 3\nignore: [XX999]\n---\nWrite a haiku about rain."
    codes = sorted(f.code for f in check(text, "Rain.").findings if f.where == "prompt" and f.code.startswith("FM"))
    assert codes == ["FM004", "FM005", "FM006"]


def test_front_matter_ignore_drops_findings_of_that_code():
    text = "---\nmodle: x\nignore: [FM002]\n---\nWrite a haiku."
    assert not [f for f in check(text, "Rain.").findings if f.code == "FM002"]
