"""Extraction and checking never raise and stay linear on random and adversarial prompts and outputs up to 100 KB.

Linearity is shown two ways, without timing anything: (1) a structural proof over the regular expressions of the
constraints package: no unbounded repetition contains another repetition (the shape behind catastrophic
backtracking), and (2) adversarial 100 KB inputs made of the tokens the patterns look for (`<<`, `[`, "at least",
"the word", quotes, asterisks...), on which a quadratic scan would not finish in any reasonable time.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rubriq.core.constraints as constraints_package
from rubriq.core.constraints import Constraint, check_constraint, extract_constraints
from rubriq.core.prompt import FrontMatter, PromptDocument
from rubriq.core.text import Span, TextModel

try:  # Python 3.11+
    from re import _constants as sre_constants
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT}
if hasattr(sre_constants, "POSSESSIVE_REPEAT"):
    REPEATS.add(sre_constants.POSSESSIVE_REPEAT)
UNBOUNDED = sre_constants.MAXREPEAT


def _children(op, av):
    """Sub-patterns of one parsed regex node."""
    if op in REPEATS:
        yield av[2]
    elif op == sre_constants.SUBPATTERN:
        yield av[-1]
    elif op == sre_constants.BRANCH:
        yield from av[1]
    elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
        yield av[1]
    elif hasattr(sre_constants, "ATOMIC_GROUP") and op == sre_constants.ATOMIC_GROUP:
        yield av


def _contains_repeat(parsed) -> bool:
    for op, av in parsed:
        if op in REPEATS and av[1] > 1:
            return True
        if any(_contains_repeat(child) for child in _children(op, av)):
            return True
    return False


def nested_unbounded(parsed) -> list[str]:
    """Unbounded repetitions whose body repeats again: the shape that backtracks exponentially."""
    problems = []
    for op, av in parsed:
        if op in REPEATS and av[1] == UNBOUNDED and _contains_repeat(av[2]):
            problems.append(str(av[2])[:120])
        for child in _children(op, av):
            problems += nested_unbounded(child)
    return problems


def _package_patterns() -> list[tuple[str, str, int]]:
    """Every pattern of the package: compiled module constants and literal patterns passed to `re` calls."""
    found: list[tuple[str, str, int]] = []
    modules = [importlib.import_module(info.name) for info in pkgutil.walk_packages(
        constraints_package.__path__, constraints_package.__name__ + ".")]
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and all(value.pattern != f[1] for f in found):  # imported ones once
                found.append((f"{module.__name__}.{name}", value.pattern, value.flags))
    for path in sorted(Path(constraints_package.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.append((f"{path.name}:{node.lineno}", node.args[0].value, 0))
    return found


def test_the_package_has_patterns_to_check() -> None:
    assert len(_package_patterns()) > 50


@pytest.mark.parametrize(("where", "pattern", "flags"), _package_patterns(), ids=lambda v: str(v)[:40])
def test_no_regex_nests_an_unbounded_repetition(where: str, pattern: str, flags: int) -> None:
    assert nested_unbounded(sre_parse.parse(pattern, flags & ~re.UNICODE)) == [], where


def test_the_structural_check_catches_catastrophic_shapes() -> None:
    assert nested_unbounded(sre_parse.parse(r"(a+)+b"))
    assert nested_unbounded(sre_parse.parse(r"(?:\w+\s?)*$"))
    assert not nested_unbounded(sre_parse.parse(r"\b(?:at least\s+)?\d{1,7}\s+words?"))


def _doc(text: str) -> PromptDocument:
    """The prompt as all instruction: extraction sees every character."""
    return PromptDocument(text, FrontMatter(), None, [])


SAMPLE_CONSTRAINTS = [
    Constraint(kind, "", params, Span(0, 0), kind) for kind, params in (
        ("length_constraints:number_words", {"relation": "less than", "num_words": 50}),
        ("length_constraints:number_sentences", {"relation": "at least", "num_sentences": 3}),
        ("length_constraints:number_paragraphs", {"num_paragraphs": 3}),
        ("length_constraints:nth_paragraph_first_word", {"num_paragraphs": 2, "nth_paragraph": 2,
                                                          "first_word": "so"}),
        ("keywords:existence", {"keywords": ["at", "[x]"]}),
        ("keywords:frequency", {"keyword": "the", "relation": "less than", "frequency": 3}),
        ("keywords:forbidden_words", {"forbidden_words": ["word", "*"]}),
        ("keywords:letter_frequency", {"letter": "a", "let_relation": "at least", "let_frequency": 4}),
        ("change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 2}),
        ("change_case:english_lowercase", {}),
        ("punctuation:no_comma", {}),
        ("startend:end_checker", {"end_phrase": "Bye."}),
        ("startend:quotation", {}),
        ("combination:repeat_prompt", {"prompt_to_repeat": "Say it."}),
        ("combination:two_responses", {}),
        ("detectable_content:number_placeholders", {"num_placeholders": 2}),
        ("detectable_content:postscript", {"postscript_marker": "P.P.S"}),
        ("detectable_format:json_format", {}),
        ("detectable_format:title", {}),
        ("detectable_format:number_highlighted_sections", {"num_highlights": 2}),
        ("detectable_format:multiple_sections", {"section_spliter": "SECTION", "num_sections": 2}),
        ("detectable_format:number_bullet_lists", {"num_bullets": 2}),
        ("detectable_format:constrained_response", {}),
        ("rubriq:markdown_table", {}),
        ("rubriq:csv_format", {}),
        ("rubriq:headings", {}),
        ("rubriq:no_lists", {}),
        ("rubriq:haiku", {}),
    )
]

TOKENS = ["<<", ">>", "[", "]", "*", "***", "******", " ", "\n", "\n\n", "at least ", "less than 5 ", "1 ", "word ",
          "the word ", "\"", "'", "“", "-", "#", ".", ",", "P.S", "p. ", "no ", "a", "|", "---", "```", "{",
          "SECTION 1",
          "include the keywords ", "x, ", "highlight ", "letter a ", "end with ", "in English only ", "repeat the ",
          "paragraph ", "Paragraph 1 must start with ", "exactly ", "sentences ", "bullet points ", "ÄÖ", "İ"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS) | st.text(max_size=20), max_size=150).map("".join))
def test_random_prompts_and_outputs_never_raise(text: str) -> None:
    found = extract_constraints(_doc(text))
    for constraint in found:
        assert 0 <= constraint.span.start <= constraint.span.end <= len(text)
    model = TextModel(text)
    for constraint in [*found, *SAMPLE_CONSTRAINTS]:
        for mode in ("strict", "loose"):
            verdict = check_constraint(model, constraint, mode)  # type: ignore[arg-type]
            assert all(0 <= s.start <= s.end <= len(text) for s in verdict.spans)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4))
def test_adversarial_100_kb_inputs_finish_without_raising(pieces: list[str]) -> None:
    unit = "".join(pieces)
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    extract_constraints(_doc(text))
    model = TextModel(text)
    for constraint in SAMPLE_CONSTRAINTS:
        check_constraint(model, constraint, "strict")
