"""Checking code constraints statically: the code is parsed (Python through `ast`), never executed or imported.

Where the code is comes from the code metric's reading (`rubriq.core.metrics.code.locate_code`): every fenced block
of the output, or the whole output when it is plainly code. Python is read through its syntax tree; JavaScript and
TypeScript imports through `import ... from "x"` / `require("x")`; other languages are not read, and a check that
needs to read them passes with a message that says so (Rubriq does not claim a violation it cannot see).

    code_function_names   every name is defined (a def/class in Python; function, class, const f = ... elsewhere)
    code_type_hints       every Python function annotates each parameter (self and cls aside) and its return
    code_stdlib_only      every Python import is a standard-library module; every JavaScript import a Node
                          built-in or a relative path
    code_forbidden_import none of the modules is imported (pip names map to import names: scikit-learn -> sklearn)
    code_min_tests        at least N test functions: Python `def test_*` (methods too), JavaScript `test(`/`it(`
    code_docstrings       every Python function and class has a docstring
    code_block_count      exactly N fenced code blocks
    no_code_blocks        no fenced code block
    code_only             nothing but blanks outside the code blocks (or the whole output is code)
    no_prose_after_code   nothing but blanks after the last code block
    explanation_length    the prose outside code blocks within a word or sentence limit
"""

from __future__ import annotations

import ast
import re
import sys
from typing import Any

from rubriq.core.constraints.outcome import Outcome, count_outcome, plural, whole
from rubriq.core.constraints.types import AT_LEAST, EXACTLY
from rubriq.core.text import Span, TextModel, split_sentences

JS_LANGUAGES = frozenset({"javascript", "typescript"})
JS_IMPORT_RE = re.compile(
    r"""(?:^|[\s;])(?:import\s+(?:[\w*{}\s,$]{1,200}\s+from\s+)?|(?:require|import)\s*\(\s*)["'`]([^"'`\n]{1,200})["'`]""",
    re.MULTILINE)
JS_TEST_RE = re.compile(r"(?:^|[\s;(])(?:test|it)(?:\.\w{1,12})?\s*\(\s*[\"'`]", re.MULTILINE)
NODE_BUILTINS = frozenset({
    "assert", "buffer", "child_process", "cluster", "console", "crypto", "dgram", "dns", "events", "fs", "http",
    "http2", "https", "net", "os", "path", "perf_hooks", "process", "querystring", "readline", "stream",
    "string_decoder", "timers", "tls", "tty", "url", "util", "v8", "vm", "worker_threads", "zlib", "test",
})
# Distribution names people write in prompts -> the module the code imports.
PIP_TO_IMPORT = {
    "scikit-learn": "sklearn", "sklearn": "sklearn", "beautifulsoup4": "bs4", "beautifulsoup": "bs4",
    "pillow": "PIL", "pyyaml": "yaml", "opencv": "cv2", "opencv-python": "cv2", "python-dateutil": "dateutil",
    "dateutil": "dateutil", "pytorch": "torch", "tensorflow": "tensorflow",
}


def _units(model: TextModel) -> list[Any]:
    """The code units of the output with the syntax tree of each Python one, read once per output."""
    cached = model.__dict__.get("_constraint_code_units")
    if cached is None:
        from rubriq.core.metrics.code import locate_code  # the code metric's reading; imported late (no cycle)

        cached = locate_code(model)
        model.__dict__["_constraint_code_units"] = cached
    return cached


def _python_trees(model: TextModel) -> list[tuple[Any, ast.Module]]:
    cached = model.__dict__.get("_constraint_python_trees")
    if cached is None:
        from rubriq.core.metrics.code import parse_python

        cached = []
        for unit in _units(model):
            if unit.language == "python":
                tree, _error = parse_python(unit.code)
                if tree is not None:
                    cached.append((unit, tree))
        model.__dict__["_constraint_python_trees"] = cached
    return cached


def _node_span(unit: Any, node: ast.AST) -> Span:
    return unit.line_span(getattr(node, "lineno", 1), getattr(node, "lineno", 1))


def _no_code(model: TextModel) -> Outcome:
    return Outcome(False, "no code", "no code in the response", [whole(model)])


def function_names(model: TextModel, p: dict[str, Any]) -> Outcome:
    from rubriq.core.metrics.code import defined_elsewhere, python_definitions

    units = _units(model)
    if not units:
        return _no_code(model)
    defined: set[str] = set()
    for unit in units:
        if unit.language == "python":
            trees = [tree for u, tree in _python_trees(model) if u is unit]
            if trees:
                defined |= set(python_definitions(trees[0]))
                continue
        defined |= {name for name in p["names"] if defined_elsewhere(unit.code, name)}
    missing = [name for name in p["names"] if name not in defined]
    if missing:
        return Outcome(False, len(p["names"]) - len(missing), "not defined: " + ", ".join(missing), [whole(model)])
    return Outcome(True, len(p["names"]), "defines " + ", ".join(p["names"]))


def type_hints(model: TextModel, p: dict[str, Any]) -> Outcome:
    trees = _python_trees(model)
    if not trees:
        if not _units(model):
            return _no_code(model)
        return Outcome(True, "not read", "no Python function to read (other languages are not checked)")
    missing: list[tuple[str, Span]] = []
    functions = 0
    for unit, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            functions += 1
            args = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            args = [a for a in args if a.arg not in ("self", "cls")]
            args += [a for a in (node.args.vararg, node.args.kwarg) if a is not None]
            if node.returns is None or any(a.annotation is None for a in args):
                missing.append((node.name, _node_span(unit, node)))
    if not functions:
        return Outcome(True, "no functions", "no Python function to annotate")
    if missing:
        return Outcome(False, len(missing), "without full type hints: " + ", ".join(name for name, _ in missing),
                       [span for _, span in missing][:50])
    return Outcome(True, 0, f"all {plural(functions, 'function')} fully annotated")


def _js_imports(code: str) -> list[tuple[str, int]]:
    return [(m.group(1), m.start(1)) for m in JS_IMPORT_RE.finditer(code)]


def _imports(model: TextModel) -> tuple[list[tuple[str, Span]], list[tuple[str, Span]], bool]:
    """(Python modules, JavaScript specifiers, whether any code was read), each import with its span."""
    from rubriq.core.metrics.code import python_imports

    python: list[tuple[str, Span]] = []
    javascript: list[tuple[str, Span]] = []
    read = False
    trees = {id(unit): tree for unit, tree in _python_trees(model)}
    for unit in _units(model):
        if id(unit) in trees:
            read = True
            python += [(module, unit.line_span(line)) for module, line in python_imports(trees[id(unit)])]
        elif unit.language in JS_LANGUAGES or (unit.language == "" and _js_imports(unit.code)):
            read = True
            javascript += [(spec, unit.span_of(at, at + len(spec))) for spec, at in _js_imports(unit.code)]
    return python, javascript, read


def _js_package(spec: str) -> str | None:
    """The npm package a specifier names; None for relative paths and Node built-ins."""
    if spec.startswith((".", "/", "~", "#")):
        return None
    spec = spec.removeprefix("node:")
    parts = spec.split("/")
    package = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
    return None if package in NODE_BUILTINS else package


def stdlib_only(model: TextModel, p: dict[str, Any]) -> Outcome:
    python, javascript, read = _imports(model)
    if not _units(model):
        return _no_code(model)
    outside = [(m, s) for m, s in python if m not in sys.stdlib_module_names and m != "__future__"]
    outside += [(spec, s) for spec, s in javascript if _js_package(spec)]
    if outside:
        return Outcome(False, len(outside), "imports outside the standard library: " + ", ".join(
            dict.fromkeys(m for m, _ in outside)), [s for _, s in outside][:50])
    if not read:
        return Outcome(True, "not read", "no Python or JavaScript imports to read (other languages are not checked)")
    return Outcome(True, 0, "standard library imports only")


def _import_name(module: str) -> str:
    return PIP_TO_IMPORT.get(module.lower(), module)


def forbidden_import(model: TextModel, p: dict[str, Any]) -> Outcome:
    python, javascript, _read = _imports(model)
    banned = {_import_name(m).lower() for m in p["modules"]}
    hits = [(m, s) for m, s in python if m.lower() in banned]
    hits += [(spec, s) for spec, s in javascript if (_js_package(spec) or spec).lower() in banned]
    if hits:
        return Outcome(False, len(hits), "imports " + ", ".join(dict.fromkeys(m for m, _ in hits)),
                       [s for _, s in hits][:50])
    return Outcome(True, 0, "none of " + ", ".join(p["modules"]) + " imported")


def min_tests(model: TextModel, p: dict[str, Any]) -> Outcome:
    count = 0
    for _unit, tree in _python_trees(model):
        count += sum(1 for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                     and node.name.startswith("test"))
    for unit in _units(model):
        if unit.language != "python":
            count += len(JS_TEST_RE.findall(unit.code))
    return count_outcome(model, count, AT_LEAST, p["num_tests"], "test")


def docstrings(model: TextModel, p: dict[str, Any]) -> Outcome:
    trees = _python_trees(model)
    if not trees:
        return _no_code(model) if not _units(model) else Outcome(True, "not read", "no Python code to read")
    missing = [(node.name, _node_span(unit, node)) for unit, tree in trees for node in ast.walk(tree)
               if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
               and ast.get_docstring(node) is None]
    if missing:
        return Outcome(False, len(missing), "without a docstring: " + ", ".join(n for n, _ in missing),
                       [s for _, s in missing][:50])
    return Outcome(True, 0, "every function and class has a docstring")


def code_block_count(model: TextModel, p: dict[str, Any]) -> Outcome:
    blocks = model.code_blocks
    return count_outcome(model, len(blocks), EXACTLY, p["num_blocks"], "code block", [b.span for b in blocks])


def no_code_blocks(model: TextModel, p: dict[str, Any]) -> Outcome:
    blocks = model.code_blocks
    return Outcome(not blocks, len(blocks), plural(len(blocks), "code block"), [b.span for b in blocks][:50],
                   "required: none")


def _prose_spans(model: TextModel) -> list[Span]:
    """The stretches of the output outside its fenced code blocks that hold anything but blanks."""
    spans, pos = [], 0
    for block in model.code_blocks:
        spans.append(Span(pos, block.span.start))
        pos = block.span.end
    spans.append(Span(pos, len(model.text)))
    out = []
    for span in spans:
        piece = model.text[span.start:span.end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            out.append(Span(span.start + lead, span.start + len(piece.rstrip())))
    return out


def code_only(model: TextModel, p: dict[str, Any]) -> Outcome:
    if not model.code_blocks:
        units = _units(model)
        if units and not units[0].fenced:
            return Outcome(True, "code", "the response is code")
        return _no_code(model)
    prose = _prose_spans(model)
    if prose:
        return Outcome(False, len(prose), f"text outside the code: {model.text[prose[0].start:prose[0].end][:60]!r}",
                       prose[:50])
    return Outcome(True, 0, "nothing but code")


def no_prose_after_code(model: TextModel, p: dict[str, Any]) -> Outcome:
    blocks = model.code_blocks
    if not blocks:
        units = _units(model)
        if units and not units[0].fenced:
            return Outcome(True, "code", "the response is code")
        return _no_code(model)
    tail = model.text[blocks[-1].span.end:]
    if tail.strip():
        start = blocks[-1].span.end + len(tail) - len(tail.lstrip())
        return Outcome(False, "prose", f"text after the last code block: {tail.strip()[:60]!r}",
                       [Span(start, blocks[-1].span.end + len(tail.rstrip()))])
    return Outcome(True, "none", "nothing after the last code block")


def explanation_length(model: TextModel, p: dict[str, Any]) -> Outcome:
    prose = _prose_spans(model)
    if "num_words" in p:
        words = [Span(s.start + m.start(), s.start + m.end()) for s in prose
                 for m in re.finditer(r"\w+", model.text[s.start:s.end])]
        return count_outcome(model, len(words), p["relation"], p["num_words"], "word of explanation", words)
    sentences = [Span(s.start + seg.span.start, s.start + seg.span.end) for s in prose
                 for seg in split_sentences(model.text[s.start:s.end])]
    return count_outcome(model, len(sentences), p["relation"], p["num_sentences"], "sentence of explanation",
                         sentences)


CODE_CHECKERS = {
    "rubriq:code_function_names": function_names,
    "rubriq:code_type_hints": type_hints,
    "rubriq:code_stdlib_only": stdlib_only,
    "rubriq:code_forbidden_import": forbidden_import,
    "rubriq:code_min_tests": min_tests,
    "rubriq:code_docstrings": docstrings,
    "rubriq:code_block_count": code_block_count,
    "rubriq:no_code_blocks": no_code_blocks,
    "rubriq:code_only": code_only,
    "rubriq:no_prose_after_code": no_prose_after_code,
    "rubriq:explanation_length": explanation_length,
}
