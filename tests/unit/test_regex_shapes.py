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


def line_restart_rescans(parsed, flags: int) -> bool:
    """MULTILINE `^` then an unbounded repetition whose body matches a line break."""
    if not flags & re.MULTILINE:
        return False
    items = list(_leading(parsed))
    after_caret = False
    for op, av in items:
        if op == sre_constants.AT:
            after_caret = after_caret or av == sre_constants.AT_BEGINNING
            continue
        if after_caret and op in REPEATS and av[1] == UNBOUNDED:
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
    assert not line_restart_rescans(parsed, flags), f"{where}: ^ then a repetition that crosses lines"


def test_the_checks_catch_the_shapes_they_name():
    assert line_restart_rescans(sre_parse.parse(r"^\W*hello"), re.MULTILINE)
    assert line_restart_rescans(sre_parse.parse(r"^(?:\s*)+x"), re.MULTILINE)
    assert not line_restart_rescans(sre_parse.parse(r"^[ \t]*hello"), re.MULTILINE)
    assert not line_restart_rescans(sre_parse.parse(r"^\W*hello"), 0)
