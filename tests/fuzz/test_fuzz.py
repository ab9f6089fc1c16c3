"""A short fuzzing profile in the normal suite: hostile prompt/output pairs through the engine, the JSON report and
the repairs. The long run (10,000+ pairs) is `python bench/fuzz.py`; its figures are in docs/reliability.md."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from tests.fuzz.invariants import Violations, check_pair
from tests.fuzz.strategies import output_text, pairs, prompt_text

SHORT = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _assert_clean(found: Violations) -> None:
    assert found.total() == 0, {name: items[:3] for name, items in vars(found).items() if items}


@SHORT
@given(pairs())
def test_hostile_pairs_break_no_invariant(pair: tuple[str, str]):
    found = Violations()
    check_pair(*pair, found, determinism=True)
    _assert_clean(found)


@SHORT
@given(prompt_text())
def test_hostile_prompts_with_an_empty_output(prompt: str):
    found = Violations()
    check_pair(prompt, "", found)
    _assert_clean(found)


@SHORT
@given(output_text(max_line=20_000))
def test_hostile_outputs_with_long_lines_against_a_constraint_heavy_prompt(output: str):
    prompt = ("Write a story in at least 300 words and fewer than 20 sentences, with a title in <<double angular "
              "brackets>>, 3 highlighted sections, no commas, exactly 4 bullet points, 2 placeholders like [name], "
              "in all lowercase letters, as CSV, ending with the phrase \"Is there anything else?\"")
    found = Violations()
    check_pair(prompt, output, found)
    _assert_clean(found)
