"""Rules of the code-generation static ladder (research log 1.11): static checks only, never execution."""

from rubriq.core.rules import define

_LADDER = "Rubriq research log 1.11: HumanEval (Chen et al., 2021) and static code analysis; static is not executed"
_READABILITY = "Rubriq research log 1.10: Flesch Reading Ease (Flesch 1948) via textstat"

define(
    "CG001", "python-syntax-error", "Python code does not parse",
    parameter="code_validity", severity="error", source=_LADDER, failure_mode="invalid_code", badge="proxy",
    definition="""
Every Python code block (a fence labelled `python`/`py`, an unlabelled fence that reads as Python, or an output that
is plainly Python without fences) is parsed with the standard library's `ast.parse`. The code is never executed and
never imported. A `SyntaxError` is reported on the line the parser names, with its message. IPython magics
(`%pip`, `!ls`) are blanked out before parsing and interactive sessions (`>>>` prompts) are not parsed.

Parsing is the first rung of the static ladder: code that does not parse cannot run, but code that parses may still
be wrong. Only executing tests (pass@k) would show that, and Rubriq does not execute pasted code.
""",
)
define(
    "CG002", "unbalanced-brackets", "Brackets or braces do not balance",
    parameter="code_validity", severity="error", source=_LADDER, failure_mode="invalid_code", badge="proxy",
    definition="""
For languages other than Python (JavaScript, TypeScript, Java, C, C++, C#, Go, Rust, Kotlin, Swift, PHP, SQL,
unlabelled code...), Rubriq checks that `()`, `[]` and `{}` nest correctly, skipping string and character literals
and comments (`//`, `/* */`, `--` in SQL, `#` in shell-like languages). The first closer that does not match, or
the first opener left unclosed, is reported on its line. Balanced brackets are necessary, not sufficient, for code
that compiles.
""",
)
define(
    "CG003", "no-code-found", "No code in the output",
    parameter="code_validity", severity="warning", source=_LADDER, failure_mode="invalid_code",
    definition="""
The prompt asks for code, but the output has no fenced code block and does not read as code itself (most non-empty
lines ending in `:`, `;`, `{` or `}`, or starting with a keyword such as `def`, `class`, `import`, `function`,
`return`). Nothing can be checked, and the code-validity score is 0.
""",
)
define(
    "CG004", "missing-component", "A requested function or class is not defined",
    parameter="component_completeness", severity="warning", source=_LADDER, failure_mode="invalid_code",
    definition="""
Names the prompt asks for ("a function called `parse_date`", "`def slugify(`", "class LRUCache", "a `load_config`
method") must be defined in the output's code. Python definitions are read from the syntax tree (functions, async
functions, classes, methods, names bound to a lambda); other languages by definition patterns (`function name`,
`fn name`, `func name`, `class Name`, `name = (...) =>`, `type name(...) {`). A name that only appears in a call does
not count.
""",
)
define(
    "CG005", "missing-docstring", "A docstring was requested but a definition has none",
    parameter="component_completeness", severity="information", source=_LADDER, failure_mode="invalid_code",
    definition="""
When the prompt asks for docstrings, every Python function and class defined in the output should start with one
(`ast.get_docstring`). Each definition without one is reported on its `def`/`class` line. In other languages a
doc comment (`/** */`, `///`, `#`) directly above the definition counts.
""",
)
define(
    "CG006", "missing-comments", "Comments were requested but the code has none",
    parameter="component_completeness", severity="information", source=_LADDER, failure_mode="invalid_code",
    definition="""
When the prompt asks for comments ("with comments", "comment the code", "add inline comments"), the code must
contain at least one comment or docstring. A code block with none is reported on its first line.
""",
)
define(
    "CG007", "unverifiable-import", "Import cannot be verified here",
    parameter="code_validity", severity="information", source=_LADDER, failure_mode="invalid_code",
    badge="risk-signal",
    definition="""
Each imported module (Python `import` / `from ... import`, JavaScript `import ... from` / `require(...)`) is looked
up in the Python standard library (`sys.stdlib_module_names`), Node's built-in modules, a short curated list of
well-known packages, names the prompt itself mentions, and modules defined in the output. One that resolves to
nothing known is reported as **unverifiable here**, not as wrong: it may be a real but less common package, or an
invented one (package hallucination). Relative imports are never reported.
""",
)
define(
    "CG008", "placeholder-stub", "Placeholder instead of an implementation",
    parameter="code_validity", severity="warning", source=_LADDER, failure_mode="invalid_code",
    definition="""
Placeholders that leave work to the reader, each quoted with its line: `TODO`/`FIXME` comments, credentials such as
`your_api_key_here` or `<YOUR_TOKEN>`, Python functions whose body is only `pass`, `...` or
`raise NotImplementedError` (abstract methods and protocol classes excepted), `todo!()`/`unimplemented!()`, and
comments such as "implement this", "your code here" or "rest of the code".
""",
)
define(
    "CG009", "explanation-missing", "An explanation was requested but none is given",
    parameter="explanation_quality", severity="warning", source=_READABILITY, failure_mode="invalid_code",
    definition="""
The prompt asks for an explanation ("explain", "walk me through", "describe how it works"), but outside its code
blocks the output has fewer than 5 words of prose.
""",
)
define(
    "CG010", "explanation-hard-to-read", "The explanation is hard to read",
    parameter="explanation_quality", severity="information", source=_READABILITY, failure_mode="invalid_code",
    badge="proxy",
    definition="""
The prose outside the code (code blocks removed) is scored with Flesch Reading Ease,
`206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)`. Below 30 ("difficult", college-graduate
level) the explanation is reported on its hardest paragraph. Readability is a proxy for explanation quality: it says
nothing about whether the explanation is correct.
""",
)
