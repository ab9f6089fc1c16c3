"""Code generation static ladder: parse, balance, requested components, docstrings/comments, imports, stubs,
explanation readability. Static only: nothing in the output is ever executed or imported."""

from __future__ import annotations

from pathlib import Path

import pytest

from rubriq.core.engine import check
from rubriq.core.metrics.code import (
    Component,
    locate_code,
    requested_components,
    scan_brackets,
)
from rubriq.core.text import TextModel

TIER_0 = frozenset({0})


def run(prompt: str, output: str):
    return check(f"---\ntask: code_generation\n---\n{prompt}", output, tiers=TIER_0)


def codes(result, prefix: str = "CG") -> list[str]:
    return [f.code for f in result.findings if f.code.startswith(prefix)]


def param(result, name: str):
    return next(p for p in result.profile.parameters if p.name == name)


def fenced(code: str, language: str = "python") -> str:
    return f"```{language}\n{code}\n```\n"


GOOD_PYTHON = fenced('''import re


def slugify(title: str) -> str:
    """Lower-case words joined by hyphens."""
    return "-".join(re.findall(r"[a-z0-9]+", title.lower()))''')


# --- rung 1: parse / balance --------------------------------------------------------------------------------------


def test_python_that_does_not_parse_is_reported_on_its_line():
    output = fenced("def add(a, b)\n    return a + b")
    result = run("Write a Python function.", output)
    finding = next(f for f in result.findings if f.code == "CG001")
    assert finding.evidence == "def add(a, b)"
    assert finding.data["line"] == 1
    assert param(result, "code_validity").score < 1


def test_python_that_parses_has_no_syntax_finding_and_full_validity():
    result = run("Write a Python function called slugify.", GOOD_PYTHON)
    assert "CG001" not in codes(result)
    assert param(result, "code_validity").score == 1.0
    assert "not executed" in param(result, "code_validity").detail


def test_ipython_magics_do_not_count_as_syntax_errors():
    result = run("Write Python code.", fenced("%pip install requests\nimport requests\nprint(requests.__name__)"))
    assert "CG001" not in codes(result)


def test_unbalanced_braces_in_javascript_are_reported_on_the_unclosed_line():
    output = fenced("function debounce(fn, ms) {\n  let t;\n  return () => { clearTimeout(t);\n}", "js")
    result = run("Write a JavaScript function.", output)
    finding = next(f for f in result.findings if f.code == "CG002")
    assert finding.evidence == "function debounce(fn, ms) {"


def test_brackets_inside_strings_comments_and_char_literals_are_ignored():
    js = 'const open = "{[(";  // a comment with } and )\n/* block ] */ const ok = `}${1}`;'
    assert scan_brackets(js, "javascript").problem is None
    rust = "fn first<'a>(s: &'a str) -> char {\n    let c = '{';\n    s.chars().next().unwrap_or(c)\n}"
    assert scan_brackets(rust, "rust").problem is None
    result = run("Write a JavaScript snippet.", fenced(js, "javascript"))
    assert "CG002" not in codes(result)


def test_javascript_regex_literals_are_skipped_but_division_is_not_a_regex():
    assert scan_brackets('const s = t.replace(/[(]/g, "");\nif (/\\)/.test(x)) { y = a / (b + c) / d; }',
                         "javascript").problem is None
    assert scan_brackets("const half = (a + b) / 2);", "javascript").problem is not None


def test_a_mismatched_closer_is_named():
    problem = scan_brackets("if (a[0) { }", "c").problem
    assert problem is not None and problem[0] == 7 and "'[' is still open" in problem[1]


def test_output_without_code_is_reported_and_scores_zero():
    result = run("Write a Python function that reverses a list.", "You can use slicing to reverse a list in Python.")
    assert codes(result) == ["CG003"]
    assert param(result, "code_validity").score == 0.0


def test_unfenced_output_that_is_plainly_code_is_checked_as_code():
    output = "def reverse(items):\n    return items[::-1]\n"
    units = locate_code(TextModel(output))
    assert len(units) == 1 and units[0].language == "python" and not units[0].fenced
    result = run("Write a Python function that reverses a list.", output)
    assert "CG003" not in codes(result)
    assert param(result, "code_validity").score == 1.0


def test_prose_is_not_mistaken_for_code():
    assert locate_code(TextModel("Use slicing.\nIt is the idiomatic way to reverse a list.")) == []


# --- requested components -----------------------------------------------------------------------------------------


def test_requested_names_are_read_from_the_usual_phrasings():
    prompt = ("Write a function called parse_date, then `def slugify(` and a class LRUCache "
              "with a `load_config` method.")
    assert requested_components(prompt) == [
        Component("parse_date", "function"), Component("slugify", "function"), Component("LRUCache", "class"),
        Component("load_config", "function"),
    ]


def test_ordinary_words_after_function_are_not_taken_as_names():
    assert requested_components("Write a function that parses dates and a class of helpers.") == []


def test_a_missing_requested_function_is_reported():
    result = run("Write a Python function called parse_date and a function called slugify.", GOOD_PYTHON)
    missing = [f for f in result.findings if f.code == "CG004"]
    assert [f.data["component"] for f in missing] == ["parse_date"]
    assert param(result, "component_completeness").score == 0.5


def test_a_name_that_is_only_called_does_not_count_as_defined():
    output = fenced("result = parse_date('2024-01-01')")
    result = run("Write a function called parse_date.", output)
    assert "CG004" in codes(result)


def test_present_components_in_python_and_javascript_are_found():
    result = run("Write a function called slugify.", GOOD_PYTHON)
    assert "CG004" not in codes(result)
    js = fenced("export const debounce = (fn, ms) => {\n  let t;\n  return () => fn();\n};", "js")
    result = run("Implement a function named debounce in JavaScript.", js)
    assert "CG004" not in codes(result)
    assert param(result, "component_completeness").score == 1.0


def test_components_not_requested_make_completeness_not_applicable():
    result = run("Write some Python that reverses a list.", fenced("print([1, 2][::-1])"))
    assert param(result, "component_completeness").status == "not_applicable"


def test_missing_docstrings_are_reported_per_definition_when_requested():
    output = fenced("def a():\n    return 1\n\n\ndef b():\n    '''Two.'''\n    return 2")
    result = run("Write two Python functions a and b. Include docstrings.", output)
    missing = [f for f in result.findings if f.code == "CG005"]
    assert [f.evidence for f in missing] == ["def a():"]


def test_docstrings_are_not_checked_unless_requested():
    output = fenced("def a():\n    return 1")
    assert "CG005" not in codes(run("Write a Python function called a.", output))


def test_comments_requested_but_absent_are_reported():
    result = run("Write a Python function called slugify with comments.", GOOD_PYTHON.replace(
        '    """Lower-case words joined by hyphens."""\n', ""))
    assert "CG006" in codes(result)


def test_comments_present_or_declined_raise_nothing():
    with_comment = fenced("def slugify(t):\n    # keep letters and digits only\n    return t.lower()")
    assert "CG006" not in codes(run("Write a function called slugify with comments.", with_comment))
    bare = fenced("def slugify(t):\n    return t.lower()")
    assert "CG006" not in codes(run("Write a function called slugify without comments.", bare))


# --- imports ------------------------------------------------------------------------------------------------------


def test_an_unknown_python_import_is_an_unverifiable_risk():
    result = run("Write Python code.", fenced("import json\nimport numpy as np\nimport quantumflux\nprint(1)"))
    flagged = [f for f in result.findings if f.code == "CG007"]
    assert [f.data["module"] for f in flagged] == ["quantumflux"]
    assert "unverifiable here" in flagged[0].message


def test_imports_named_in_the_prompt_or_defined_in_the_output_are_verifiable():
    output = fenced("import quantumflux\nfrom helpers import tidy\nprint(tidy)") + "\nSave the helper as helpers.py."
    result = run("Use the quantumflux library in Python.", output)
    assert "CG007" not in codes(result)


def test_javascript_imports_resolve_against_node_builtins_npm_and_relative_paths():
    js = fenced("import fs from 'node:fs';\nimport path from 'path';\nimport _ from 'lodash';\n"
                "import util from './util.js';\nconst x = require('left-padder-9000');", "js")
    result = run("Write a JavaScript module.", js)
    assert [f.data["module"] for f in result.findings if f.code == "CG007"] == ["left-padder-9000"]


# --- placeholder stubs --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "evidence"), [
    ("def fetch(url):\n    pass", "def fetch(url):\n    pass"),
    ("def fetch(url):\n    ...", "def fetch(url):\n    ..."),
    ("def fetch(url):\n    raise NotImplementedError", "def fetch(url):\n    raise NotImplementedError"),
    ("API_KEY = 'your_api_key_here'", "API_KEY = 'your_api_key_here'"),
    ("def f():\n    return 1  # TODO: handle errors", "    return 1  # TODO: handle errors"),
    ("def f():\n    x = 1\n    # implement this\n    return x", "    # implement this"),
])
def test_placeholder_stubs_are_reported_with_their_lines(code: str, evidence: str):
    result = run("Write a Python function.", fenced(code))
    stubs = [f for f in result.findings if f.code == "CG008"]
    assert [f.evidence for f in stubs] == [evidence]
    assert param(result, "code_validity").score < 1


def test_abstract_methods_protocols_and_real_bodies_are_not_stubs():
    code = ("from abc import ABC, abstractmethod\nfrom typing import Protocol\n\n\nclass Base(ABC):\n"
            "    @abstractmethod\n    def run(self):\n        ...\n\n\nclass Greeter(Protocol):\n"
            "    def greet(self) -> str: ...\n\n\ndef total(xs):\n    return sum(xs)\n\n\n"
            "class Empty(Exception):\n    pass")
    result = run("Write Python classes.", fenced(code))
    assert "CG008" not in codes(result)


def test_javascript_not_implemented_markers_are_stubs():
    js = fenced("function pay(order) {\n  throw new Error('not implemented');\n}", "js")
    assert "CG008" in codes(run("Write a JavaScript function.", js))


# --- explanation --------------------------------------------------------------------------------------------------


def test_explanation_requested_but_missing_scores_zero():
    result = run("Write a Python function called slugify and explain how it works.", GOOD_PYTHON)
    assert "CG009" in codes(result)
    assert param(result, "explanation_quality").score == 0.0


def test_plain_explanation_scores_well_and_raises_nothing():
    output = GOOD_PYTHON + "\nThe function finds the words in the title. It joins them with dashes. It is short.\n"
    result = run("Write a Python function called slugify and explain how it works.", output)
    assert not {"CG009", "CG010"} & set(codes(result))
    assert param(result, "explanation_quality").score == 1.0


def test_dense_explanation_is_reported_as_hard_to_read():
    dense = ("Notwithstanding the aforementioned considerations, the implementation systematically "
             "operationalizes canonicalization methodologies, thereby guaranteeing deterministic "
             "interoperability characteristics throughout heterogeneous infrastructural configurations.")
    result = run("Write a Python function called slugify and explain how it works.", GOOD_PYTHON + "\n" + dense)
    finding = next(f for f in result.findings if f.code == "CG010")
    assert finding.evidence.startswith("Notwithstanding")
    assert param(result, "explanation_quality").score < 0.5


def test_explanation_is_not_applicable_when_not_requested_or_declined():
    for prompt in ("Write a Python function called slugify.", "Write a function called slugify, no explanation."):
        assert param(run(prompt, GOOD_PYTHON), "explanation_quality").status == "not_applicable"


def test_a_cpp_prompt_runs_the_code_profile():
    code = "int sum(const std::vector<int>& v) {\n    int s = 0;\n    for (int x : v) s += x;\n    return s;\n}"
    output = fenced(code, "cpp")
    result = check("Write a C++ function `int sum(const std::vector<int>& v)`.", output, tiers=TIER_0)
    assert result.profile.task == "code_generation"
    assert param(result, "component_completeness").score == 1.0


# --- safety and determinism ---------------------------------------------------------------------------------------


def test_code_in_the_output_is_never_executed(tmp_path: Path):
    marker = tmp_path / "executed"
    code = f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\n\n\ndef main():\n    return 1"
    run("Write a Python script with a function called main.", fenced(code))
    assert not marker.exists()


def test_same_input_gives_identical_results():
    output = fenced("import quantumflux\n\ndef f():\n    pass") + "\nIt does nothing yet."
    prompt = "Write a function called f and a class Missing. Explain it."
    first, second = run(prompt, output), run(prompt, output)
    assert first.profile.model_dump() == second.profile.model_dump()
    assert [f.model_dump() for f in first.findings] == [f.model_dump() for f in second.findings]
