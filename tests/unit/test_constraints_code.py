"""Code-task constraints (`core/constraints/families/code.py`): read from the prompt in the ways people ask for them,
and checked on the code statically, never by running it."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import check_constraint, extract_constraints


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    ("Write a Python function `dedupe_rows(path)` that removes repeated lines.", "rubriq:code_function_names",
     {"names": ["dedupe_rows"]}),
    ("I need a TypeScript helper called toKebabCase for our slugs.", "rubriq:code_function_names",
     {"names": ["toKebabCase"]}),
    ("Please write the function with full type annotations on every parameter.", "rubriq:code_type_hints", {}),
    ("Write a Python script to rename photos; only use the standard library.", "rubriq:code_stdlib_only", {}),
    ("Write it in Node without any third-party packages.", "rubriq:code_stdlib_only", {}),
    ("Parse the dates in Python, but please don't use dateutil or arrow.", "rubriq:code_forbidden_import",
     {"modules": ["dateutil", "arrow"]}),
    ("Write a Python function to merge two dicts and add 4 unit tests.", "rubriq:code_min_tests", {"num_tests": 4}),
    ("Write the class in Python and add docstrings to every method.", "rubriq:code_docstrings", {}),
    ("Fix the bug in my script and give me just the code, no explanation.", "rubriq:code_only", {}),
    ("Write a bash script to rotate logs. Don't add any text after the code block.", "rubriq:no_prose_after_code", {}),
    ("Write a SQL query for monthly totals. Keep your explanation under 40 words.", "rubriq:explanation_length",
     {"relation": "less than", "num_words": 40}),
    ("Refactor this Python function and explain the change in two sentences.", "rubriq:explanation_length",
     {"relation": "less than", "num_sentences": 3}),
    ("Return the config as JSON, without markdown code fences.", "rubriq:no_code_blocks", {}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Write a function that sorts a list, but don't use recursion.", "rubriq:code_forbidden_import"),
    ("Write a function that returns the total.", "rubriq:code_function_names"),
    ("Explain photosynthesis in two sentences.", "rubriq:explanation_length"),
    ("Don't use type hints, the project targets Python 2.", "rubriq:code_type_hints"),
    ("What is the best library for plotting in Python?", "rubriq:code_stdlib_only"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_a_limit_on_the_explanation_is_not_a_limit_on_the_whole_answer() -> None:
    found = kinds("Write a Go function to reverse a slice. Keep the explanation under 30 words.")
    assert "length_constraints:number_words" not in found
    assert found["rubriq:explanation_length"] == [{"relation": "less than", "num_words": 30}]


PROMPT = ("Write a Python function `parse_log(path)` that counts status codes. Standard library only, no pandas. Use "
          "type hints. Include at least two pytest tests. No prose after the code.")
GOOD = '''```python
import re
from collections import Counter


def parse_log(path: str) -> dict[str, int]:
    with open(path) as handle:
        return dict(Counter(m.group(1) for m in re.finditer(r" (\\d{3}) ", handle.read())))


def test_empty(tmp_path: object) -> None:
    assert True


def test_counts() -> None:
    assert True
```'''
BAD = '''```python
import pandas as pd


def parse(path):
    return pd.read_csv(path)


def test_parse() -> None:
    assert True
```
This uses pandas for speed.'''


def test_a_whole_code_prompt_passes_good_code_and_fails_each_broken_constraint() -> None:
    constraints = extract_constraints(PROMPT)
    assert [c.kind for c in constraints] == [
        "rubriq:code_function_names", "rubriq:code_stdlib_only", "rubriq:code_forbidden_import",
        "rubriq:code_type_hints", "rubriq:code_min_tests", "rubriq:no_prose_after_code"]
    assert all(check_constraint(GOOD, c).passed for c in constraints)
    failed = {c.kind: check_constraint(BAD, c) for c in constraints}
    assert not any(verdict.passed for verdict in failed.values()), {k: v.message for k, v in failed.items()}
    assert failed["rubriq:code_forbidden_import"].message.startswith("imports pandas")
    assert BAD[failed["rubriq:code_type_hints"].spans[0].start:].startswith("def parse(path):")


def test_code_is_never_executed() -> None:
    boom = "```python\nimport os\nos.remove('/definitely/not/here')\nraise SystemExit(3)\n```"
    for constraint in extract_constraints(PROMPT):
        check_constraint(boom, constraint)  # parsing only: nothing raises, nothing runs


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Write a TypeScript function named debounce.", "rubriq:code_function_names", {"names": ["debounce"]}),
    ("Refactor this into a class called Cache.", "rubriq:code_function_names", {"names": ["Cache"]}),
    ("Write a TypeScript class called RateLimiter with methods tryAcquire and reset.", "rubriq:code_function_names",
     {"names": ["RateLimiter", "tryAcquire", "reset"]}),
    ("Give me a bash script that backs up my home folder. Only the script, nothing else.", "rubriq:code_only", {}),
    ("Just give me the SQL, no explanation: customers who ordered more than 3 times.", "rubriq:code_only", {}),
    ("Write a JavaScript function for it. Don't pull in any external libraries.", "rubriq:code_stdlib_only", {}),
])
def test_more_ways_to_state_code_constraints(prompt: str, kind: str, params: dict) -> None:
    assert params in kinds(prompt).get(kind, [])


def test_a_function_called_when_something_happens_is_no_name() -> None:
    assert "rubriq:code_function_names" not in kinds("Write a function called whenever the user clicks the button.")
