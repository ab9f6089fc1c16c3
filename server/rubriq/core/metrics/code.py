"""Code generation: the static check ladder of research log 1.11. Code is parsed, never executed or imported.

Where the code is: every fenced block of the output, or the whole output when it is plainly code (at least 60% of
its non-empty lines look like code). Python (a `python`/`py` fence, or an unlabelled block with more Python markers
than brace-language markers) goes through `ast.parse`; other languages through a bracket/brace balance scan that
skips strings, comments and JavaScript regex literals. Data, prose and shell blocks are not checked.

Formulas (one place):

    code_validity          = rungs passed / rungs checked, over all code blocks; the rungs of one block are
                             (1) parses / brackets balance, (2) no placeholder stub, (3) every import verifiable
                             (Python and JavaScript blocks only). 0 when the output has no code.
    component_completeness = requested items present / requested items; items are the functions and classes the
                             prompt names, plus "docstrings" and "comments" when the prompt asks for them.
    explanation_quality    = clip((FRE(prose) - 10) / 40, 0, 1) when the prompt asks for an explanation, where
                             FRE is Flesch Reading Ease of the output with its code blocks removed; 0 when there are
                             fewer than 5 words of prose. FRE >= 50 (plain technical English) scores 1, FRE <= 10
                             scores 0.
"""

from __future__ import annotations

import ast
import bisect
import io
import re
import sys
import tokenize
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.metrics.rewriting import reading_ease
from rubriq.core.text import Span, TextModel

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

# --- languages ----------------------------------------------------------------------------------------------------

LANGUAGE_ALIASES = {
    "py": "python", "python3": "python", "py3": "python", "ipython": "python", "python2": "python",
    "js": "javascript", "jsx": "javascript", "node": "javascript", "mjs": "javascript", "cjs": "javascript",
    "ts": "typescript", "tsx": "typescript", "c++": "cpp", "cc": "cpp", "cxx": "cpp", "hpp": "cpp", "h": "c",
    "cs": "csharp", "c#": "csharp", "golang": "go", "rs": "rust", "kt": "kotlin", "kts": "kotlin",
    "sh": "shell", "bash": "shell", "zsh": "shell", "console": "text", "shell-session": "text", "txt": "text",
    "plaintext": "text", "plain": "text", "output": "text", "log": "text", "md": "markdown", "yml": "yaml",
    "postgresql": "sql", "postgres": "sql", "mysql": "sql", "sqlite": "sql", "tsql": "sql", "plsql": "sql",
    "rb": "ruby", "pl": "perl",
}
# Languages checked by bracket balance; "" is unlabelled code that does not read as Python.
BRACKET_LANGUAGES = frozenset({
    "", "javascript", "typescript", "java", "c", "cpp", "csharp", "go", "rust", "kotlin", "swift", "php", "scala",
    "dart", "sql", "css", "scss", "less", "r", "lua", "perl", "ruby", "groovy", "objective-c", "objc", "solidity",
    "zig", "julia", "matlab", "haskell", "elixir", "clojure", "lisp", "scheme", "racket",
})
SLASH_COMMENT = frozenset({
    "", "javascript", "typescript", "java", "c", "cpp", "csharp", "go", "rust", "kotlin", "swift", "php", "scala",
    "dart", "css", "scss", "less", "groovy", "objective-c", "objc", "solidity", "zig",
})
HASH_COMMENT = frozenset({"python", "shell", "ruby", "perl", "r", "php", "julia", "elixir", "yaml", "toml"})
DASH_COMMENT = frozenset({"sql", "lua", "haskell"})
# In these, a single quote starts a character literal ('a', '\n'), and is otherwise a lifetime or a label.
CHAR_QUOTE = frozenset({
    "c", "cpp", "csharp", "java", "go", "rust", "kotlin", "scala", "swift", "objective-c", "objc", "zig", "haskell",
    "clojure", "lisp", "scheme", "racket", "elixir", "julia", "matlab",
})
BACKTICK_STRING = frozenset({"javascript", "typescript", "go", "shell", "sql", "kotlin"})

CODE_LINE_RE = re.compile(
    r"^\s*(?:def |class |import |from [\w.]+ import |return\b|if\b.*:$|elif\b|else\s*:|for\b.*:$|while\b.*:$|"
    r"try\s*:|except\b|finally\s*:|with\b.*:$|@\w|#include|#!|function\b|const |let |var |public |private |"
    r"protected |package |using |fn |func |impl |struct |enum |interface |select\b|insert\b|update\b|create\b|"
    r"[\w.\[\]]+\s*(?:=|\+=|-=)\s*\S|[\w.]+\([^)]*\)\s*;?$)|[;{}:]\s*$|^\s*[})\]]",
)
PLAIN_CODE_SHARE = 0.6
MAX_CODE_LINE = 400  # longer lines are not counted as code when deciding whether unfenced text is code

# --- prompt cues --------------------------------------------------------------------------------------------------

_FUNCTION_KINDS = r"function|method|func|fn|procedure|routine|subroutine|helper|decorator|hook|lambda"
_CLASS_KINDS = r"class|struct|interface|enum|trait|dataclass|record|component|type"
_KINDS = rf"(?:{_FUNCTION_KINDS}|{_CLASS_KINDS})"
_IDENT = r"[A-Za-z_$][\w$]*"
# (pattern, group of the name, group of the kind word or 0 for "function")
COMPONENT_PATTERNS: tuple[tuple[re.Pattern[str], int, int], ...] = (
    (re.compile(rf"\b({_KINDS})s?\s+(?:called|named|titled)\s+[`'\"]?({_IDENT})", re.IGNORECASE), 2, 1),
    (re.compile(rf"`({_IDENT})(?:\([^`\n]*\))?`\s+({_KINDS})\b", re.IGNORECASE), 1, 2),
    (re.compile(rf"\b({_KINDS})\s+`({_IDENT})(?:\([^`\n]*\))?`", re.IGNORECASE), 2, 1),
    (re.compile(rf"\b(?:an?|the)\s+([a-z][a-z\d]*_[a-z\d_]+|[a-z]+[A-Z][A-Za-z\d]*)\s+({_KINDS})\b"), 1, 2),
    (re.compile(rf"\b({_KINDS})\s+({_IDENT})\(", re.IGNORECASE), 2, 1),
    (re.compile(rf"\b(def|function|fn|func)\s+({_IDENT})\s*\("), 2, 1),
    (re.compile(r"\b(class|struct|interface|trait)\s+([A-Z]\w*)"), 2, 1),
    (re.compile(rf"`({_IDENT})\("), 1, 0),
    (re.compile(rf"`(?:[\w:<>*&\[\],]+[ \t]+){{1,4}}({_IDENT})\("), 1, 0),  # a typed signature: `int sum(`
)
NOT_A_NAME = frozenset({
    "that", "which", "to", "for", "with", "in", "on", "and", "or", "from", "by", "the", "a", "an", "is", "it", "this",
    "called", "named", "should", "will", "can", "must", "of", "as", "so", "using", "returns", "return", "takes",
    "accepts", "that's", "each", "every", "any", "all", "its", "my", "our", "your", "when", "if", "then", "def",
    "function", "class", "method", "type", "python", "javascript", "typescript", "java", "go", "rust", "new",
    "main", "be", "has", "have", "into", "like", "such", "per", "where", "also",
})
FUNCTION_KIND_RE = re.compile(rf"^(?:{_FUNCTION_KINDS}|def)$", re.IGNORECASE)
CLASS_KIND_RE = re.compile(r"^(?:class|dataclass)$", re.IGNORECASE)

NEGATION_BEFORE_RE = re.compile(r"\b(?:no|without|don't|do not|skip|omit|never|avoid)\s+(?:\w+\s+){0,2}$",
                                re.IGNORECASE)
DOCSTRING_REQUEST_RE = re.compile(
    r"\bdocstrings?\b|\bdoc[- ]?comments?\b|\bjsdoc\b|\bjavadoc\b|\bdocument (?:each|every|all|the|your) "
    r"(?:functions?|methods?|class(?:es)?)\b", re.IGNORECASE)
COMMENT_REQUEST_RE = re.compile(
    r"\b(?:with|add|include|including|use|using|write|plus)\s+(?:\w+\s+){0,2}?comments\b|\bcomment (?:the|your|each|"
    r"every|all)\b|\b(?:well|fully|thoroughly|heavily|properly)[- ]commented\b|\bcommented code\b", re.IGNORECASE)
EXPLANATION_REQUEST_RE = re.compile(
    r"\b(?:explain|explaining|explanation|explanations|walk (?:me |us )?through|describe (?:how|what|why)|"
    r"how (?:it|this|the code) works|why (?:it|this) works)\b", re.IGNORECASE)

# --- placeholder stubs --------------------------------------------------------------------------------------------

_COMMENT_START = r"(?:#|//|/\*|^[ \t]*\*|--|<!--)"
STUB_LINE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("placeholder_credential", re.compile(
        r"\byour(?:[_-]?(?:api|secret|access|auth))?[_-]?(?:key|token|secret|password)(?:[_-]?here)?\b|"
        r"\byour (?:api |secret |access )?(?:key|token|password) here\b|<\s*your[^<>\n]{1,40}>", re.IGNORECASE)),
    ("placeholder_credential", re.compile(r"\b(?:YOUR|INSERT|REPLACE)_[A-Z0-9_]+\b|\bREPLACE_?ME\b")),
    ("placeholder_comment", re.compile(
        _COMMENT_START + r"[ \t]*(?:(?:\.\.\.|…)[ \t]*)?(?:implement (?:this|me|here|it|the (?:rest|logic))|"
        r"your (?:code|logic|implementation) (?:goes )?here|add your (?:own )?(?:code|logic|implementation)|"
        r"add (?:code|logic|implementation) here|"
        r"(?:the )?rest of (?:the |your )?(?:code|implementation|function|logic|program)|"
        r"fill (?:this|it) in\b|fill in (?:here|the (?:rest|details|implementation|logic))|to be implemented|"
        r"not (?:yet )?implemented|(?:\.\.\.[ \t]*)?existing code|same as (?:before|above)|(?:\.\.\.|…)[ \t]*$)",
        re.IGNORECASE | re.MULTILINE)),
)
# Outside Python (where the syntax tree decides), explicit "not implemented" markers and elided lines.
NON_PYTHON_STUB_RE = re.compile(
    r"\b(?:todo|unimplemented)!\s*\(|\bthrow new (?:Error|NotImplementedException|UnsupportedOperationException)"
    r"\(\s*[\"'`]?(?:not implemented|todo)|\bNotImplemented(?:Error|Exception)\b|\bpanic\(\s*\"(?:not implemented|"
    r"todo)|^[ \t]*(?:\.\.\.|…)[ \t]*$|^[ \t]*(?://|#|--)[ \t]*(?:\.\.\.|…)[ \t]*$", re.IGNORECASE | re.MULTILINE)
# TODO-style markers count inside comments only: "TODO" as a string value (a to-do app) is not a placeholder.
TODO_RE = re.compile(r"\b(?:TODO|FIXME|XXX)\b")
COMMENT_MARK_RE = re.compile(r"#|//|/\*|^[ \t]*\*|--|<!--")

# --- imports ------------------------------------------------------------------------------------------------------

# Well-known third-party packages (import names). The point is "verifiable here": not an endorsement, not complete.
KNOWN_PYTHON_PACKAGES = frozenset({
    "numpy", "pandas", "scipy", "matplotlib", "seaborn", "sklearn", "torch", "torchvision", "torchaudio",
    "tensorflow", "keras", "jax", "flax", "requests", "httpx", "aiohttp", "flask", "django", "fastapi", "starlette",
    "pydantic", "sqlalchemy", "sqlmodel", "alembic", "pytest", "click", "typer", "rich", "yaml", "bs4", "lxml",
    "PIL", "cv2", "boto3", "botocore", "google", "openai", "anthropic", "transformers", "datasets", "tokenizers",
    "huggingface_hub", "tiktoken", "tqdm", "dateutil", "pytz", "attr", "attrs", "redis", "psycopg2", "psycopg",
    "pymongo", "celery", "jinja2", "werkzeug", "nltk", "spacy", "networkx", "sympy", "plotly", "dash", "streamlit",
    "gradio", "uvicorn", "gunicorn", "selenium", "playwright", "scrapy", "tenacity", "dotenv", "jsonschema", "toml",
    "tomli", "setuptools", "pkg_resources", "six", "mock", "hypothesis", "numba", "polars", "pyarrow", "xgboost",
    "lightgbm", "catboost", "statsmodels", "langchain", "sentence_transformers", "marshmallow", "orjson", "ujson",
    "cryptography", "jwt", "paramiko", "docker", "kubernetes", "pygments", "markdown", "regex", "chardet",
    "certifi", "urllib3", "websockets", "websocket", "grpc", "pygame", "tornado", "twisted", "gevent", "trio",
    "anyio", "peewee", "mysql", "pymysql", "pyodbc", "openpyxl", "xlrd", "docx", "reportlab", "fitz", "PyPDF2",
    "pypdf", "tabulate", "termcolor", "colorama", "joblib", "dask", "ray", "pyspark", "shapely", "geopandas",
    "folium", "bokeh", "altair", "ipywidgets", "IPython", "loguru", "structlog", "arrow", "pendulum", "faker",
    "freezegun", "responses", "sentry_sdk", "azure", "textstat", "lsprotocol", "pygls", "cachetools", "langdetect",
    "Levenshtein", "rapidfuzz", "fuzzywuzzy", "magic", "psutil", "watchdog", "schedule", "apscheduler", "pika",
    "kafka", "confluent_kafka", "elasticsearch", "sqlite_utils", "duckdb", "pyodide", "pexpect", "serial", "usb",
    "gi", "PyQt5", "PyQt6", "PySide6", "wx", "kivy", "flask_sqlalchemy", "flask_login", "rest_framework",
    "typing_extensions", "mypy", "black", "ruff", "isort", "nox", "tox", "coverage", "pytest_asyncio", "uvloop",
    "msgpack", "zmq", "numpy_financial", "skimage", "imageio", "librosa", "soundfile", "pydub", "moviepy", "mlflow",
    "wandb", "optuna", "einops", "accelerate", "peft", "diffusers", "onnx", "onnxruntime", "lightning",
    "pytorch_lightning", "timm", "gym", "gymnasium", "stable_baselines3", "pulp", "cvxpy", "ortools",
})
NODE_BUILTINS = frozenset({
    "assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants", "crypto", "dgram",
    "diagnostics_channel", "dns", "domain", "events", "fs", "fs/promises", "http", "http2", "https", "inspector",
    "module", "net", "os", "path", "perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream",
    "stream/promises", "string_decoder", "timers", "timers/promises", "tls", "trace_events", "tty", "url", "util",
    "v8", "vm", "wasi", "worker_threads", "zlib", "test",
})
KNOWN_NPM_PACKAGES = frozenset({
    "react", "react-dom", "next", "vue", "svelte", "express", "koa", "fastify", "lodash", "underscore", "axios",
    "node-fetch", "moment", "dayjs", "date-fns", "uuid", "chalk", "commander", "yargs", "dotenv", "jest", "mocha",
    "chai", "vitest", "typescript", "webpack", "vite", "eslint", "prettier", "zod", "joi", "yup", "mongoose",
    "sequelize", "pg", "mysql", "mysql2", "redis", "ioredis", "socket.io", "socket.io-client", "ws",
    "jsonwebtoken", "bcrypt", "bcryptjs", "cors", "body-parser", "helmet", "morgan", "multer", "nodemailer",
    "cheerio", "puppeteer", "playwright", "rxjs", "redux", "react-redux", "react-router", "react-router-dom",
    "styled-components", "tailwindcss", "d3", "three", "chart.js", "jquery", "openai", "prisma", "graphql",
    "apollo-server", "immer", "ramda", "classnames", "clsx", "nanoid", "luxon", "knex", "sqlite3", "better-sqlite3",
    "aws-sdk", "firebase", "stripe", "supertest", "sinon", "nock", "cross-fetch", "isomorphic-fetch", "formik",
    "react-hook-form", "swr", "zustand", "mobx", "electron", "esbuild", "rollup", "babel", "ts-node", "nodemon",
    "winston", "pino", "debug", "glob", "minimist", "inquirer", "ora", "semver", "mime", "qs", "marked",
    "highlight.js", "sharp", "jimp", "pdfkit", "xlsx", "papaparse", "csv-parse", "js-yaml", "ajv", "handlebars",
    "ejs", "pug", "passport", "express-session", "cookie-parser", "compression", "http-proxy-middleware",
    "framer-motion", "@reduxjs/toolkit", "@prisma/client", "@apollo/client", "@anthropic-ai/sdk",
})
KNOWN_NPM_SCOPES = frozenset({
    "@angular", "@aws-sdk", "@types", "@testing-library", "@mui", "@nestjs", "@vue", "@babel", "@tanstack",
    "@emotion", "@google-cloud", "@azure", "@sveltejs", "@reduxjs", "@prisma", "@apollo", "@tensorflow",
    "@supabase", "@radix-ui", "@headlessui", "@heroicons", "@octokit", "@sentry", "@vitejs", "@remix-run",
    "@chakra-ui", "@fortawesome", "@storybook", "@playwright", "@jest", "@typescript-eslint", "@hono", "@trpc",
    "@langchain", "@huggingface", "@openai", "@anthropic-ai", "@modelcontextprotocol",
})
PIP_TO_IMPORT = {  # distribution names people write in prompts → the module they import
    "scikit-learn": "sklearn", "sklearn": "sklearn", "beautifulsoup4": "bs4", "beautifulsoup": "bs4",
    "beautiful soup": "bs4", "pillow": "PIL", "pyyaml": "yaml", "opencv": "cv2", "opencv-python": "cv2",
    "python-dateutil": "dateutil", "python-dotenv": "dotenv", "pyjwt": "jwt", "scikit-image": "skimage",
    "python-docx": "docx", "pymupdf": "fitz", "google-cloud": "google",
}
PY_IMPORT_TEXT_RE = re.compile(r"^[ \t]*(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*))",
                               re.MULTILINE)
JS_IMPORT_RE = re.compile(
    r"""(?:\bimport\s+(?:[\w*{}\s,$]{1,200}?\s+from\s+)?|\brequire\s*\(\s*|\bimport\s*\(\s*)(["'])([^"'\n]{1,200})\1""")


@dataclass(frozen=True)
class CodeUnit:
    """One piece of code in the output: a fenced block's content, or the whole output when it is plainly code."""

    language: str  # normalised: "python", "javascript", ..., "" for unlabelled non-Python code
    code: str
    offset: int  # where `code` starts in the output
    fenced: bool

    @cached_property
    def line_starts(self) -> list[int]:
        return [0] + [m.end() for m in re.finditer("\n", self.code)]

    def line_of(self, offset: int) -> int:
        """1-based line of an offset into `code`."""
        return bisect.bisect_right(self.line_starts, offset)

    def line_span(self, lineno: int, end_lineno: int | None = None) -> Span:
        """Output span of 1-based lines `lineno`..`end_lineno` of this unit, without the final newline."""
        starts = self.line_starts
        first = min(max(lineno, 1), len(starts)) - 1
        last = min(max(end_lineno or lineno, lineno), len(starts)) - 1
        end = starts[last + 1] - 1 if last + 1 < len(starts) else len(self.code)
        return Span(self.offset + starts[first], self.offset + max(end, starts[first]))

    def span_of(self, start: int, end: int) -> Span:
        return Span(self.offset + start, self.offset + end)


def normalise_language(label: str) -> str:
    label = label.strip().lower()
    return LANGUAGE_ALIASES.get(label, label)


PYTHON_MARKERS_RE = re.compile(
    r"^[ \t]*(?:def \w+\(.*\)[ \t]*(?:->.*)?:[ \t]*$|class \w+(?:\(.*\))?:[ \t]*$|from [\w.]+ import |"
    r"import [\w.]+[ \t]*$|"
    r"elif |if __name__ ==)|\bself\.|\bprint\(", re.MULTILINE)
BRACE_MARKERS_RE = re.compile(r"[{};][ \t]*$|\bfunction\b|=>|\bconst |\blet |\bvar |#include", re.MULTILINE)


def guess_language(code: str) -> str:
    """An unlabelled block is Python when it shows more Python markers than brace-language markers."""
    python = len(PYTHON_MARKERS_RE.findall(code))
    braces = len(BRACE_MARKERS_RE.findall(code))
    return "python" if python > braces else ""


def looks_like_code(text: str) -> bool:
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 2:
        return False
    code_lines = sum(1 for line in lines if len(line) <= MAX_CODE_LINE and CODE_LINE_RE.search(line))
    return code_lines / len(lines) >= PLAIN_CODE_SHARE


def locate_code(output: TextModel) -> list[CodeUnit]:
    """The code of the output: its fenced blocks, or the whole output when that is plainly code."""
    units = []
    for block in output.code_blocks:
        language = normalise_language(block.language)
        if language == "" or language == "text":
            guessed = guess_language(block.code.text)
            language = guessed if guessed or language == "" else "text"
        units.append(CodeUnit(language, block.code.text, block.code.span.start, True))
    if units or not looks_like_code(output.text):
        return units
    return [CodeUnit(guess_language(output.text), output.text, 0, False)]


# --- rung 1: does it parse ----------------------------------------------------------------------------------------

MAGIC_LINE_RE = re.compile(r"^[ \t]*[%!][^\n]*", re.MULTILINE)
REPL_RE = re.compile(r"^[ \t]*>>>", re.MULTILINE)


def parse_python(code: str) -> tuple[ast.Module | None, SyntaxError | None]:
    """`ast.parse` with IPython magics blanked (same offsets); never executes anything."""
    cleaned = MAGIC_LINE_RE.sub(lambda m: " " * len(m.group()), code)
    try:
        return ast.parse(cleaned), None
    except SyntaxError as exc:
        return None, exc
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        return None, SyntaxError(str(exc) or type(exc).__name__, ("<output>", 1, 1, "", 1, 1))


@dataclass
class ScanResult:
    problem: tuple[int, str] | None = None  # offset in the code and what is wrong
    comment_spans: list[tuple[int, int]] = field(default_factory=list)


_PAIRS = {")": "(", "]": "[", "}": "{"}
CHAR_LITERAL_RE = re.compile(r"'(?:\\.[^'\n]{0,8}|[^'\\\n])'")


def scan_brackets(code: str, language: str) -> ScanResult:
    """One pass over `code`: bracket nesting, skipping string/char literals and comments (which it records)."""
    result = ScanResult()
    stack: list[tuple[str, int]] = []
    slash = language in SLASH_COMMENT or language in ("sql", "css", "scss", "less", "php")
    hash_comment = language in HASH_COMMENT
    dash = language in DASH_COMMENT
    char_quote = language in CHAR_QUOTE
    backtick = language in BACKTICK_STRING
    regex_literals = language in ("javascript", "typescript")
    i, n = 0, len(code)
    while i < n:
        ch = code[i]
        nxt = code[i + 1] if i + 1 < n else ""
        if (slash and ch == "/" and nxt == "/") or (hash_comment and ch == "#") or (dash and ch == "-" and nxt == "-"):
            end = code.find("\n", i)
            end = n if end < 0 else end
            result.comment_spans.append((i, end))
            i = end
            continue
        if slash and ch == "/" and nxt == "*":
            end = code.find("*/", i + 2)
            end = n if end < 0 else end + 2
            result.comment_spans.append((i, end))
            i = end
            continue
        if ch == "/" and regex_literals and _regex_may_start(code, i):
            i = _skip_regex(code, i)
            continue
        if ch == '"' or (ch == "'" and not char_quote) or (ch == "`" and backtick):
            i = _skip_string(code, i, multiline=ch == "`")
            continue
        if ch == "'" and char_quote:
            literal = CHAR_LITERAL_RE.match(code, i, i + 12)
            i += len(literal.group()) if literal else 1
            continue
        if ch in "([{":
            stack.append((ch, i))
        elif ch in ")]}":
            if not stack or stack[-1][0] != _PAIRS[ch]:
                expected = "no opening bracket is open" if not stack else f"{stack[-1][0]!r} is still open"
                result.problem = (i, f"{ch!r} does not match: {expected}")
                return result
            stack.pop()
        i += 1
    if stack:
        opener, at = stack[-1]
        result.problem = (at, f"{opener!r} is never closed ({len(stack)} unclosed)")
    return result


REGEX_PRECEDER_RE = re.compile(r"(?:[(,=:\[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase)$")


def _regex_may_start(code: str, at: int) -> bool:
    """A `/` at a line start or after an operator, an opening bracket or `return` starts a JavaScript regex."""
    if code[at + 1 : at + 2] in ("/", "*"):
        return False
    window_start = max(code.rfind("\n", max(0, at - 40), at) + 1, at - 40)  # a bounded look back: linear scan
    before = code[window_start:at].rstrip(" \t")
    return not before or REGEX_PRECEDER_RE.search(before) is not None


def _skip_regex(code: str, start: int) -> int:
    """Index after the regex literal opening at `start` (escapes and [classes] honoured); the line end at worst."""
    i, n, in_class = start + 1, len(code), False
    while i < n:
        ch = code[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "\n":
            return i
        if ch == "[":
            in_class = True
        elif ch == "]":
            in_class = False
        elif ch == "/" and not in_class:
            return i + 1
        i += 1
    return n


def _skip_string(code: str, start: int, *, multiline: bool) -> int:
    """Index after the string literal opening at `start`; an unterminated one ends at the line end."""
    quote = code[start]
    i = start + 1
    n = len(code)
    while i < n:
        ch = code[i]
        if ch == "\\":
            i += 2
            continue
        if ch == quote:
            return i + 1
        if ch == "\n" and not multiline:
            return i
        i += 1
    return n


# --- requested components -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Component:
    name: str
    kind: str  # "function" | "class" | "any"


def requested_components(instruction_view: str) -> list[Component]:
    """Names of functions and classes the prompt asks for, in order of first mention."""
    found: dict[str, tuple[int, Component]] = {}
    for pattern, name_group, kind_group in COMPONENT_PATTERNS:
        for match in pattern.finditer(instruction_view):
            name = match.group(name_group)
            kind_word = match.group(kind_group) if kind_group else "function"
            if name.lower() in NOT_A_NAME or len(name) < 2:
                continue
            kind = "function" if FUNCTION_KIND_RE.match(kind_word) else "class" if CLASS_KIND_RE.match(
                kind_word) else "any"
            if name not in found or match.start() < found[name][0]:
                found[name] = (match.start(), Component(name, kind))
    return [component for _, component in sorted(found.values(), key=lambda item: item[0])]


def python_definitions(tree: ast.Module) -> dict[str, str]:
    """Name → "function" | "class" for everything the module defines (methods and nested definitions too)."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.setdefault(node.name, "function")
        elif isinstance(node, ast.ClassDef):
            names.setdefault(node.name, "class")
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, "function")
    return names


def defined_elsewhere(code: str, name: str) -> bool:
    """Definition patterns of brace languages (and a fallback for unparsed Python)."""
    n = re.escape(name)
    pattern = (
        rf"\b(?:function\*?|def|fn|func|class|struct|interface|enum|trait|type|record|object|sub|proc|"
        rf"procedure|macro)\s+(?:\([^)\n]*\)\s*)?{n}\b"  # Go receivers: func (r *T) Name(
        rf"|\b{n}\s*(?::[^=\n]{{0,80}})?=\s*(?:async\s+)?(?:function\b|\([^)\n]*\)\s*(?::[^=\n]{{0,40}})?=>|"
        rf"[\w$]+\s*=>|React\.)"
        rf"|\b{n}\s*\([^;{{}}\n]*\)\s*(?:const\s*)?(?:(?:->|:)\s*[\w<>\[\]:&*, ]{{1,80}}\s*)?"
        rf"(?:throws [\w, ]{{1,80}})?\{{"
        rf"|\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE|VIEW|TABLE)\s+(?:\w+\.)?{n}\b"
    )
    return re.search(pattern, code, re.IGNORECASE if name.isupper() else 0) is not None


# --- the checks ---------------------------------------------------------------------------------------------------


def _is_abstract(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in ("abstractmethod", "overload", "abstractproperty"):
            return True
    return False


def _is_protocol(node: ast.ClassDef) -> bool:
    for base in node.bases:
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name in ("Protocol", "ABC", "ABCMeta") or (isinstance(base, ast.Subscript) and
                                                       getattr(base.value, "id", "") == "Protocol"):
            return True
    return any(getattr(k.value, "id", "") == "ABCMeta" for k in node.keywords)


def _is_stub_body(body: list[ast.stmt]) -> bool:
    statements = body[1:] if ast.get_docstring(ast.Module(body=body, type_ignores=[])) is not None else body
    if not statements:
        return True
    for statement in statements:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and \
                statement.value.value is Ellipsis:
            continue
        if isinstance(statement, ast.Raise) and statement.exc is not None:
            exc = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
            if getattr(exc, "id", "") == "NotImplementedError":
                continue
        return False
    return True


def python_stub_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Functions whose whole body is pass / ... / raise NotImplementedError, outside abstract contexts."""
    stubs = []
    abstract_classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and _is_protocol(node)]
    exempt = {id(item) for cls in abstract_classes for item in cls.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and id(node) not in exempt \
                and not _is_abstract(node) and _is_stub_body(node.body):
            stubs.append(node)
    return sorted(stubs, key=lambda node: node.lineno)


def python_imports(tree: ast.Module) -> list[tuple[str, int]]:
    """(top-level module, line) of every absolute import."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], node.lineno))
    return sorted(found, key=lambda item: item[1])


def _mentioned(name: str, prompt_text: str) -> bool:
    if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", prompt_text, re.IGNORECASE):
        return True
    lowered = prompt_text.lower()
    return any(module == name and dist in lowered for dist, module in PIP_TO_IMPORT.items())


def python_import_known(module: str, prompt_text: str, output_text: str) -> bool:
    return (module in sys.stdlib_module_names or module in KNOWN_PYTHON_PACKAGES or module == "__future__"
            or _mentioned(module, prompt_text)
            or re.search(rf"(?<![\w.-]){re.escape(module)}(?:\.py\b|/)", output_text) is not None)


def js_import_known(spec: str, prompt_text: str) -> bool:
    if spec.startswith((".", "/", "node:", "http:", "https:", "~", "#")):
        return True
    parts = spec.split("/")
    package = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
    return (package in NODE_BUILTINS or spec in NODE_BUILTINS or package in KNOWN_NPM_PACKAGES
            or parts[0] in KNOWN_NPM_SCOPES or _mentioned(package, prompt_text))


def _negated(view: str, match: re.Match[str]) -> bool:
    return NEGATION_BEFORE_RE.search(view[max(0, match.start() - 40) : match.start()]) is not None


def _first_unnegated(pattern: re.Pattern[str], view: str) -> re.Match[str] | None:
    for match in pattern.finditer(view):
        if not _negated(view, match):
            return match
    return None


@dataclass
class UnitReport:
    """What the ladder found in one code unit."""

    unit: CodeUnit
    tree: ast.Module | None = None
    parsed: bool | None = None  # None: not checkable (data, prose, shell, REPL transcript)
    comments: bool = False
    definitions: dict[str, str] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    stubs: int = 0
    unverifiable_imports: int = 0
    imports_checked: bool = False


def analyse_unit(unit: CodeUnit, output_text: str, prompt_text: str) -> UnitReport:
    report = UnitReport(unit)
    if unit.language == "python":
        if REPL_RE.search(unit.code):
            return report
        tree, error = parse_python(unit.code)
        report.parsed = tree is not None
        if tree is None and error is not None:
            line = error.lineno or 1
            report.findings.append(Finding.at(
                "CG001", unit.line_span(line), f"Python does not parse (line {line} of the block): {error.msg}.",
                text=output_text, data={"line": line, "error": error.msg, "language": "python"}))
        if tree is not None:
            report.tree = tree
            report.definitions = python_definitions(tree)
            report.comments = _python_has_comments(unit.code, tree)
    elif unit.language in BRACKET_LANGUAGES:
        scan = scan_brackets(unit.code, unit.language)
        report.parsed = scan.problem is None
        report.comments = bool(scan.comment_spans)
        if scan.problem is not None:
            at, what = scan.problem
            line = unit.line_of(at)
            report.findings.append(Finding.at(
                "CG002", unit.line_span(line), f"Brackets do not balance (line {line} of the block): {what}.",
                text=output_text, data={"line": line, "problem": what, "language": unit.language or "unlabelled"}))
    else:
        return report

    _stub_findings(report, output_text)
    _import_findings(report, output_text, prompt_text)
    return report


def _python_has_comments(code: str, tree: ast.Module) -> bool:
    try:
        if any(tok.type == tokenize.COMMENT for tok in tokenize.generate_tokens(io.StringIO(code).readline)):
            return True
    except (tokenize.TokenError, SyntaxError):
        pass
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))]
    return any(ast.get_docstring(node) for node in nodes)


def _stub_findings(report: UnitReport, output_text: str) -> None:
    unit = report.unit
    lines_hit: set[int] = set()
    hits: list[tuple[int, int, str, str]] = []  # (line, end line, kind, message)
    if report.tree is not None:
        for node in python_stub_functions(report.tree):
            end = node.end_lineno or node.lineno
            hits.append((node.lineno, end, "empty_body",
                         f"Function `{node.name}` has no implementation (its body is only pass, ... or "
                         "raise NotImplementedError)."))
    for match in TODO_RE.finditer(unit.code):
        line = unit.line_of(match.start())
        if COMMENT_MARK_RE.search(unit.code, unit.line_starts[line - 1], match.start()):
            hits.append((line, line, "todo", f"Placeholder left in the code: {match.group()!r} comment."))
    for kind, pattern in STUB_LINE_PATTERNS:
        for match in pattern.finditer(unit.code):
            line = unit.line_of(match.start())
            hits.append((line, line, kind, f"Placeholder left in the code: {match.group().strip()!r}."))
    if unit.language != "python":
        for match in NON_PYTHON_STUB_RE.finditer(unit.code):
            line = unit.line_of(match.start())
            hits.append((line, line, "not_implemented", f"Placeholder left in the code: {match.group().strip()!r}."))
    for line, end, kind, message in sorted(hits):
        if line in lines_hit:
            continue
        lines_hit.update(range(line, end + 1))
        report.findings.append(Finding.at("CG008", unit.line_span(line, end), message, text=output_text,
                                          data={"line": line, "kind": kind}))
        report.stubs += 1


def _import_findings(report: UnitReport, output_text: str, prompt_text: str) -> None:
    unit = report.unit
    imports: list[tuple[str, int]] = []
    if unit.language == "python":
        if report.tree is not None:
            imports = python_imports(report.tree)
        else:
            imports = [((m.group(1) or m.group(2)).split(".")[0], unit.line_of(m.start()))
                       for m in PY_IMPORT_TEXT_RE.finditer(unit.code)]
        verdicts = {m: python_import_known(m, prompt_text, output_text) for m in dict.fromkeys(m for m, _ in imports)}
        known = [verdicts[module] for module, _ in imports]
    elif unit.language in ("javascript", "typescript", ""):
        imports = [(m.group(2), unit.line_of(m.start())) for m in JS_IMPORT_RE.finditer(unit.code)]
        verdicts = {m: js_import_known(m, prompt_text) for m in dict.fromkeys(m for m, _ in imports)}
        known = [verdicts[module] for module, _ in imports]
    else:
        return
    report.imports_checked = True
    reported: set[str] = set()
    for (module, line), ok in zip(imports, known, strict=True):
        if ok or module in reported:
            continue
        reported.add(module)
        report.unverifiable_imports += 1
        report.findings.append(Finding.at(
            "CG007", unit.line_span(line),
            f"Import `{module}` is not the standard library or a package known here: unverifiable here, it may be "
            "a real but less common package or an invented one.",
            text=output_text, data={"module": module, "line": line, "language": unit.language or "unlabelled"}))


def code_reports(ctx: CheckContext) -> list[UnitReport]:
    """The ladder run once per check, shared by the code metrics through the context memo."""
    def compute() -> list[UnitReport]:
        prompt_text = ctx.prompt.text
        return [analyse_unit(unit, ctx.output.text, prompt_text) for unit in locate_code(ctx.output)]

    return ctx.memo("code.reports", compute)


def _anchor(ctx: CheckContext, reports: list[UnitReport]) -> Span:
    """Where a finding about the code as a whole goes: the first line of the first block, else of the output."""
    if reports:
        return reports[0].unit.line_span(1)
    end = ctx.output.text.find("\n")
    return Span(0, len(ctx.output.text) if end < 0 else end)


class CodeStaticMetric:
    name = "code_static_ladder"
    parameters = ("code_validity", "component_completeness")
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        reports = code_reports(ctx)
        findings: list[Finding] = []
        scores = [self._validity(ctx, reports, findings), self._components(ctx, reports, findings)]
        return MetricResult(findings, scores)

    def _validity(self, ctx: CheckContext, reports: list[UnitReport], findings: list[Finding]) -> ParameterScore:
        if not reports:
            findings.append(Finding.at("CG003", _anchor(ctx, reports), "The prompt asks for code, but the output "
                                       "contains no code block and does not read as code.", text=ctx.output.text))
            return ParameterScore("code_validity", 0.0, detail="no code found in the output (static, not executed)")
        checkable = [r for r in reports if r.parsed is not None]
        for report in reports:
            findings.extend(f for f in report.findings if f.code in ("CG001", "CG002", "CG007", "CG008"))
        if not checkable:
            return ParameterScore.not_applicable(
                "code_validity", "no block in a language the static ladder checks (data, prose or shell only)")
        passed = total = 0
        for report in checkable:
            rungs = [report.parsed, report.stubs == 0]
            if report.imports_checked:
                rungs.append(report.unverifiable_imports == 0)
            passed += sum(bool(r) for r in rungs)
            total += len(rungs)
        parse_fail = sum(not r.parsed for r in checkable)
        stubs = sum(r.stubs for r in checkable)
        imports = sum(r.unverifiable_imports for r in checkable)
        detail = (f"{passed} of {total} static checks pass over {len(checkable)} block(s): "
                  f"{parse_fail} not parsing, {stubs} stub(s), {imports} unverifiable import(s); static, not executed")
        return ParameterScore("code_validity", passed / total, detail=detail)

    def _components(self, ctx: CheckContext, reports: list[UnitReport], findings: list[Finding]) -> ParameterScore:
        view = ctx.prompt.instruction_view
        components = requested_components(view)
        docstrings = _first_unnegated(DOCSTRING_REQUEST_RE, view)
        comments = _first_unnegated(COMMENT_REQUEST_RE, view)
        if not components and docstrings is None and comments is None:
            return ParameterScore.not_applicable(
                "component_completeness",
                "the prompt names no function or class and asks for no docstrings or comments")
        anchor = _anchor(ctx, reports)
        items = present = 0
        missing: list[str] = []
        for component in components:
            items += 1
            if any(_defines(report, component) for report in reports):
                present += 1
                continue
            missing.append(component.name)
            kind = "" if component.kind == "any" else f"{component.kind} "
            findings.append(Finding.at(
                "CG004", anchor, f"The requested {kind}`{component.name}` is not defined in the output's code.",
                text=ctx.output.text, data={"component": component.name, "kind": component.kind}))
        if docstrings is not None:
            items += 1
            lacking = _missing_docstrings(ctx, reports)
            findings.extend(lacking)
            if reports and not lacking:
                present += 1
            else:
                missing.append("docstrings" if not lacking else f"docstrings ({len(lacking)} definition(s))")
        if comments is not None:
            items += 1
            if any(report.comments for report in reports):
                present += 1
            else:
                missing.append("comments")
                findings.append(Finding.at("CG006", anchor, "The prompt asks for comments, but the code has none.",
                                           text=ctx.output.text, data={"requested": comments.group()}))
        detail = f"{present} of {items} requested component(s) present"
        if missing:
            detail += f"; missing: {', '.join(missing)}"
        return ParameterScore("component_completeness", present / items, detail=detail)


def _defines(report: UnitReport, component: Component) -> bool:
    if report.tree is not None:
        kind = report.definitions.get(component.name)
        return kind is not None and component.kind in ("any", kind)
    return defined_elsewhere(report.unit.code, component.name)


DEFINITION_LINE_RE = re.compile(
    r"^[ \t]*(?:export\s+)?(?:(?:public|private|protected|static|async|default|pub|final|abstract)\s+)*"
    r"(?:function\*?|fn|func|class|struct|interface|trait)\s+\w+", re.MULTILINE)


def _missing_docstrings(ctx: CheckContext, reports: list[UnitReport]) -> list[Finding]:
    findings = []
    for report in reports:
        if report.tree is not None:
            for node in ast.walk(report.tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) \
                        and ast.get_docstring(node) is None:
                    findings.append(Finding.at(
                        "CG005", report.unit.line_span(node.lineno),
                        f"`{node.name}` has no docstring, and the prompt asks for docstrings.",
                        text=ctx.output.text, data={"name": node.name, "line": node.lineno}))
        elif report.parsed is not None and report.unit.language != "python":
            comment_ends = {report.unit.line_of(end) - 1 for _, end in _comment_spans(report.unit)}
            for match in DEFINITION_LINE_RE.finditer(report.unit.code):
                line_index = report.unit.line_of(match.start()) - 1
                if line_index - 1 not in comment_ends and line_index not in comment_ends:
                    findings.append(Finding.at(
                        "CG005", report.unit.line_span(line_index + 1),
                        "This definition has no doc comment above it, and the prompt asks for documentation.",
                        text=ctx.output.text, data={"line": line_index + 1}))
    return sorted(findings, key=lambda f: f.start)


def _comment_spans(unit: CodeUnit) -> list[tuple[int, int]]:
    return scan_brackets(unit.code, unit.language).comment_spans


class ExplanationMetric:
    name = "code_explanation"
    parameters = ("explanation_quality",)
    tier = TIER_TEXT
    always_run = False

    MIN_WORDS = 5
    HARD = 30.0  # Flesch "difficult": college-graduate prose

    def run(self, ctx: CheckContext) -> MetricResult:
        request = _first_unnegated(EXPLANATION_REQUEST_RE, ctx.prompt.instruction_view)
        if request is None:
            return MetricResult(scores=[ParameterScore.not_applicable(
                "explanation_quality", "the prompt asks for no explanation")])
        reports = code_reports(ctx)
        prose = _prose_view(ctx.output, reports)
        paragraphs = [p for p in TextModel(prose).paragraphs if re.search(r"[A-Za-z]{2}", p.text)]
        words = sum(len(p.text.split()) for p in paragraphs)
        if words < self.MIN_WORDS:
            finding = Finding.at("CG009", _anchor(ctx, reports), f"The prompt asks for an explanation "
                                 f"({request.group()!r}), but the output has {words} word(s) of prose outside its "
                                 "code.", text=ctx.output.text, data={"prose_words": words})
            return MetricResult([finding], [ParameterScore("explanation_quality", 0.0,
                                                           detail=f"{words} word(s) of explanation")])
        ease = reading_ease("\n\n".join(p.text for p in paragraphs))
        if ease is None:
            return MetricResult(scores=[ParameterScore.unavailable("explanation_quality", "no prose to measure")])
        findings = []
        if ease < self.HARD:
            scored = [(p, e) for p in paragraphs if (e := reading_ease(p.text)) is not None]
            hardest, hardest_ease = min(scored, key=lambda item: (item[1], item[0].span.start))
            findings.append(Finding.at(
                "CG010", hardest.span, f"The explanation is hard to read: Flesch Reading Ease {ease:.1f} (below "
                f"{self.HARD:.0f}); this paragraph scores {hardest_ease:.1f}.", text=ctx.output.text,
                data={"reading_ease": round(ease, 1), "paragraph_reading_ease": round(hardest_ease, 1),
                      "threshold": self.HARD}))
        score = min(1.0, max(0.0, (ease - 10.0) / 40.0))
        detail = f"Flesch Reading Ease {ease:.1f} over {words} words of prose outside the code"
        return MetricResult(findings, [ParameterScore("explanation_quality", score, detail=detail)])


def _prose_view(output: TextModel, reports: list[UnitReport]) -> str:
    """The output with its code blanked out (fences included), offsets unchanged."""
    chars = list(output.text)
    blanked = [block.span for block in output.code_blocks]
    blanked += [Span(r.unit.offset, r.unit.offset + len(r.unit.code)) for r in reports if not r.unit.fenced]
    for span in blanked:
        for i in range(span.start, span.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


METRICS = [CodeStaticMetric(), ExplanationMetric()]
