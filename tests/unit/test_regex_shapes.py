"""A structural proof over every compiled pattern of `rubriq.core` and `rubriq.lsp` (module constants, and the
compiled tables of cues): under MULTILINE, no `^` is directly followed by an unbounded repetition that can match a
line break. Such a pattern restarts at every line and rescans all the lines after it (`^\\W*hello` on 20 KB of
blank lines took 12 s; at 1 MB it would take hours).

Nested unbounded repetition (catastrophic backtracking) is ruled out for the constraints package by
tests/unit/test_constraints_property.py; elsewhere the shape occurs only with a required separator between the
repetitions (`\\d{1,3}(?:,\\d{3})+`), which cannot backtrack, so it is not a rule here. Work inside one regex call is
invisible to the work counter of the linear-work tests, which is why shapes are checked here, and why
`bench/growth.py` times the whole path on adversarial input.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from re import _compiler as sre_compile
from re import _constants as sre_constants
from re import _parser as sre_parse

import pytest

import rubriq.core
import rubriq.lsp

REPEATS = {sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT}
if hasattr(sre_constants, "POSSESSIVE_REPEAT"):
    REPEATS.add(sre_constants.POSSESSIVE_REPEAT)
UNBOUNDED = sre_constants.MAXREPEAT


def _leading(parsed):
    """The items a match starts with: anchors, then the first real item, through groups and alternatives."""
    for op, av in parsed:
        if op == sre_constants.SUBPATTERN:
            yield from _leading(av[-1])
            return
        if op == sre_constants.BRANCH:
            for branch in av[1]:
                yield from _leading(branch)
            return
        yield op, av
        if op != sre_constants.AT:
            return


def _line_start(op, av, flags: int) -> bool:
    """A zero-width item that holds right after a line break: MULTILINE `^`, or a lookbehind that a line break
    satisfies (`(?<=[,;\\n])`)."""
    if op == sre_constants.AT:
        return bool(flags & re.MULTILINE) and av == sre_constants.AT_BEGINNING
    if op == sre_constants.ASSERT and av[0] < 0:
        return sre_compile.compile(av[1]).fullmatch("\n") is not None
    return False


def _anchors_only(op, av, flags: int) -> tuple[bool, bool] | None:
    """(is a group or alternation of zero-width items only, and can one of them hold at a line start); None when
    the item consumes text."""
    if op in (sre_constants.AT, sre_constants.ASSERT, sre_constants.ASSERT_NOT):
        return True, _line_start(op, av, flags)
    branches = av[1] if op == sre_constants.BRANCH else [av[-1]] if op == sre_constants.SUBPATTERN else None
    if branches is None:
        return None
    line = False
    for branch in branches:
        for item in branch:
            found = _anchors_only(*item, flags)
            if found is None:
                return None
            line = line or found[1]
    return True, line


def line_restart_rescans(parsed, flags: int) -> bool:
    """A line start (MULTILINE `^`, or a lookbehind a line break satisfies, also inside a leading group of
    alternatives such as `(?:^|(?<=[,\\n]))`) then an unbounded repetition whose body matches a line break."""
    after_line = False
    items = list(parsed)
    while items:
        op, av = items[0]
        zero_width = _anchors_only(op, av, flags)
        if zero_width is None:
            break
        after_line = after_line or zero_width[1]
        items = items[1:]
    for op, av in _leading(items):
        if op == sre_constants.AT:
            after_line = after_line or _line_start(op, av, flags)
            continue
        if after_line and op in REPEATS and av[1] == UNBOUNDED:
            return sre_compile.compile(av[2]).fullmatch("\n") is not None
    return False


def _patterns() -> list[tuple[str, str, int]]:
    found: dict[tuple[str, int], str] = {}

    def add(where: str, value: object) -> None:
        if isinstance(value, re.Pattern):
            found.setdefault((value.pattern, value.flags), where)
        elif isinstance(value, dict):
            for key, item in value.items():
                add(f"{where}[{key}]", item)
        elif isinstance(value, tuple | list) and len(value) < 500:
            for item in value:
                add(where, item)

    for package in (rubriq.core, rubriq.lsp):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if not name.startswith("__"):
                    add(f"{info.name}.{name}", value)
    return [(where, pattern, flags) for (pattern, flags), where in sorted(found.items(), key=lambda i: i[1])]


PATTERNS = _patterns()


def test_the_package_has_patterns_to_check():
    assert len(PATTERNS) > 300


@pytest.mark.parametrize(("where", "pattern", "flags"), PATTERNS, ids=[w for w, _, _ in PATTERNS])
def test_no_pattern_rescans_the_lines_after_each_line_start(where: str, pattern: str, flags: int):
    parsed = sre_parse.parse(pattern, flags & ~re.UNICODE)
    assert not line_restart_rescans(parsed, flags), f"{where}: a line start, then a repetition that crosses lines"


def test_the_checks_catch_the_shapes_they_name():
    assert line_restart_rescans(sre_parse.parse(r"^\W*hello"), re.MULTILINE)
    assert line_restart_rescans(sre_parse.parse(r"^(?:\s*)+x"), re.MULTILINE)
    assert not line_restart_rescans(sre_parse.parse(r"^[ \t]*hello"), re.MULTILINE)
    assert not line_restart_rescans(sre_parse.parse(r"^\W*hello"), 0)
    assert line_restart_rescans(sre_parse.parse(r"(?:^|(?<=[,;\n])|(?<=\band))\s*two"), 0)
    assert not line_restart_rescans(sre_parse.parse(r"(?:^|(?<=[,;\n])|(?<=\band))[ \t]*two"), 0)
    assert not line_restart_rescans(sre_parse.parse(r"(?<=,)\s*two"), 0)
