"""Extraction tasks: the requested format or schema, the requested fields and entities, no invented values.

What the prompt asks for: a format (JSON / YAML / CSV, from the instruction text or from instruction following's
constraints), a JSON Schema or an example object given in the prompt, an explicit list of fields ("fields: name,
email", "extract the name, date and amount"), or every entity of a kind ("all email addresses").
What the output gives: its JSON / YAML / CSV, else its `Key: value` lines, each value with its span.

Formulas (one place):

    format_compliance   = 0 when the requested format does not parse (EX001), else max(0, 1 - 0.2 * k) where k is
                          the number of schema violations (EX002) plus 1 when the data is wrapped in prose (EX001)
    entity_completeness = (requested fields present + requested-kind source entities present)
                          / (requested fields + requested-kind source entities)
    no_invention        = 1 - (values not found in the source + keys not asked for) / (values checked + keys checked)
                          (risk signal: "not found in the source" is unverifiable here, not false)
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from json.decoder import scanstring
from typing import TYPE_CHECKING, Any

import yaml

from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT, MetricResult, ParameterScore
from rubriq.core.text import Span, TextModel

if TYPE_CHECKING:
    from rubriq.core.context import CheckContext

Path = tuple[str | int, ...]

FORMAT_CUES = {
    "json": re.compile(r"\bjson\b(?!\s+schema)", re.IGNORECASE),
    "yaml": re.compile(r"\bya?ml\b", re.IGNORECASE),
    "csv": re.compile(r"\bcsv\b|\bcomma[- ]separated values\b", re.IGNORECASE),
}
CONSTRAINT_KINDS = {"json": "detectable_format:json_format", "yaml": "rubriq:yaml_format",
                    "csv": "rubriq:csv_format"}
NEGATED_RE = re.compile(r"\b(?:no|not|without|don't|do not|never|instead of|rather than)\s+(?:\w+\s+){0,2}$",
                        re.IGNORECASE)
# "fields: name, email", "the keys `id` and `total`", "columns named date, amount"; a bare "key points" is not a list.
FIELD_LIST_RE = re.compile(
    r"\b(?:fields?|keys?|properties|columns|attributes|headers?)\b(?P<connector>[ \t]+(?:named|called|like|such as|"
    r"including)\b|[ \t]*[:(—])?[ \t]*(?=[`'\"“A-Za-z])", re.IGNORECASE)
EXTRACT_LIST_RE = re.compile(r"\b(?:extract|pull out|identify|find|list|capture|return)\s+(?:all\s+|every\s+|each\s+)?"
                             r"(?:of\s+)?(?:the\s+)?(?:following\s*:?\s*)?", re.IGNORECASE)
LIST_STOP_RE = re.compile(
    r"[.;:\n(]|\b(?:from|as|in|into|for each|for every|then|and return|and output|and format|using|with|of (?:the|each|"
    r"every|this)|that|which|if|where|mentioned|present|found)\b", re.IGNORECASE)
ITEM_SPLIT_RE = re.compile(r"\s*(?:,|\band\b|\bor\b|/|&)\s*", re.IGNORECASE)
ITEM_STOP_WORDS = frozenset({
    "the", "a", "an", "their", "its", "his", "her", "each", "all", "any", "every", "following", "relevant",
    "information", "details", "data", "info", "it", "them", "these", "those", "this", "that", "text", "document",
    "json", "yaml", "csv", "output", "format", "object", "values", "value", "fields", "keys", "field", "key",
    "entities", "entity", "following:", "etc", "more", "other",
})
ENTITY_KINDS_RE = re.compile(
    r"\b(?:all|every|each|any)\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?(?P<kind>e-?mails?(?: addresses)?|e-?mail addresses|"
    r"urls?|links|web ?sites|dates|days|phone numbers?|telephone numbers?|amounts?|prices?|costs?|figures|"
    r"people|persons|person names|names|organi[sz]ations|companies|firms)\b"
    r"|\b(?:extract|list|find|identify|pull out)\s+(?:the\s+)?(?P<kind2>e-?mails?(?: addresses)?|e-?mail addresses|"
    r"urls|links|dates|phone numbers|amounts|prices|people|persons|names|organi[sz]ations|companies)\b",
    re.IGNORECASE)
# "Key: value" lines; a key is at most four words, so prose sentences with a colon are not read as fields.
PLURAL_KIND_RE = re.compile(
    r"^(?:e-?mails|e-?mail addresses|urls|links|web ?sites|dates|phone numbers|telephone numbers|amounts|prices|"
    r"costs|people|persons|names|person names|organi[sz]ations|companies|firms)$", re.IGNORECASE)
KV_LINE_RE = re.compile(
    r"^[ \t]*(?:[-*•][ \t]+|\d{1,3}[.)][ \t]+)?(?:\*\*)?([A-Za-z][\w&'()-]*(?:[ /][\w&'()-]+){0,3})(?:\*\*)?[ \t]*:"
    r"(?:\*\*)?[ \t]+(\S[^\n]*)", re.MULTILINE)
MAX_LINE_VALUE = 300  # a longer "value" is a sentence that happens to follow a colon

MONTHS = {m: i + 1 for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
DATE_RES = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(r"\b(\d{4})/(\d{1,2})/(\d{1,2})\b"), ("y", "m", "d")),
    (re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE), ("M", "d", "y")),
    (re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH}),?\s+(\d{{4}})\b", re.IGNORECASE),
     ("d", "M", "y")),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), ("m", "d", "y")),
)
EMAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
URL_RE = re.compile(r"https?://[^\s<>\"')\]]+")
PHONE_RE = re.compile(r"(?<![\w.])\+?\(?\d[\d ().-]{6,20}\d(?![\w.])")
AMOUNT_RE = re.compile(r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars|euros|pounds)\b")
PROPER_NAME_RE = re.compile(r"\b[A-Z][a-z]+(?:[ \t]+(?:[A-Z]\.|[A-Z][a-z]+|van|von|de|da|del|of)){1,3}\b")
NUMBER_RE = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
WORD_RE = re.compile(r"[^\W_]+")
NON_DIGIT_RE = re.compile(r"\D")
NON_WORD_RE = re.compile(r"\W")
SMALL_NUMBERS = {w: i for i, w in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"))}
STOPWORDS = frozenset({"a", "an", "the", "of", "and", "or", "in", "on", "at", "to", "for", "by", "with", "from", "is",
                       "are", "was", "were", "be", "as", "it", "its"})
SCHEMA_ERROR_COST = 0.2
MAX_CANDIDATES = 200  # JSON start positions tried in a prompt: bounds the work on pathological prompts
MAX_ENTITIES = 200


# --- JSON with spans ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    path: Path
    value: Any  # scalar, or None for containers (see `container`)
    span: Span
    key_span: Span | None  # the key's span when the node is an object member
    container: str = ""  # "object" | "array" | "" for scalars


_LITERAL_RE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")
_WS_RE = re.compile(r"\s*")


def json_nodes(text: str, start: int) -> list[Node]:
    """Every value of the (valid) JSON document at `text[start:]` with its span; document order."""
    nodes: list[Node] = []

    def ws(i: int) -> int:
        return _WS_RE.match(text, i).end()  # type: ignore[union-attr]

    def value(i: int, path: Path, key_span: Span | None) -> int:
        i = ws(i)
        ch = text[i]
        if ch == "{":
            index = len(nodes)
            nodes.append(Node(path, None, Span(i, i), key_span, "object"))
            i = ws(i + 1)
            if text[i] == "}":
                end = i + 1
            else:
                while True:
                    i = ws(i)
                    key, key_end = scanstring(text, i + 1)
                    k_span = Span(i, key_end)
                    i = ws(key_end) + 1  # the colon
                    i = ws(value(i, (*path, key), k_span))
                    if text[i] == ",":
                        i += 1
                        continue
                    end = i + 1
                    break
            nodes[index] = Node(path, None, Span(nodes[index].span.start, end), key_span, "object")
            return end
        if ch == "[":
            index = len(nodes)
            nodes.append(Node(path, None, Span(i, i), key_span, "array"))
            i = ws(i + 1)
            position = 0
            if text[i] == "]":
                end = i + 1
            else:
                while True:
                    i = ws(value(i, (*path, position), None))
                    position += 1
                    if text[i] == ",":
                        i += 1
                        continue
                    end = i + 1
                    break
            nodes[index] = Node(path, None, Span(nodes[index].span.start, end), key_span, "array")
            return end
        if ch == '"':
            string, end = scanstring(text, i + 1)
            nodes.append(Node(path, string, Span(i, end), key_span))
            return end
        literal = _LITERAL_RE.match(text, i)
        if literal is None:
            raise ValueError(f"unexpected character at {i}")
        token = literal.group()
        parsed: Any = json.loads(token)
        nodes.append(Node(path, parsed, Span(i, literal.end()), key_span))
        return literal.end()

    value(start, (), None)
    return nodes


# --- what the output gives ----------------------------------------------------------------------------------------


@dataclass
class Record:
    """The output's structured content."""

    kind: str  # "json" | "yaml" | "csv" | "lines" | "none"
    span: Span
    data: Any = None
    keys: list[tuple[str, Span]] = field(default_factory=list)  # every key (any depth) with its span
    top_keys: list[tuple[str, Span]] = field(default_factory=list)  # keys of the records themselves
    values: list[tuple[Any, Span]] = field(default_factory=list)  # every scalar value with its span
    nodes: dict[Path, Node] = field(default_factory=dict)
    wrapped_words: int = 0  # words of prose around the data
    error: str = ""  # why the requested format does not parse
    error_span: Span | None = None


def line_at(text: str, offset: int) -> Span:
    """The line around `offset`, found directly: an error path need not segment the whole output into lines."""
    offset = min(max(offset, 0), len(text))
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return Span(start, len(text) if end < 0 else end)


def _fence_or_whole(output: TextModel, language: str) -> tuple[str, int]:
    """The data text: the first fence of that language (or the only fence), else the whole output."""
    blocks = output.code_blocks
    chosen = next((b for b in blocks if b.language == language), None)
    if chosen is None and len(blocks) == 1 and blocks[0].language in ("", "text", "txt"):
        chosen = blocks[0]
    if chosen is not None:
        return chosen.code.text, chosen.code.span.start
    return output.text, 0


def _prose_words(output: TextModel, span: Span) -> int:
    outside = output.text[: span.start] + " " + output.text[span.end :]
    outside = re.sub(r"^[ \t]*(```|~~~)[^\n]*$", " ", outside, flags=re.MULTILINE)
    return len(re.findall(r"[A-Za-z]{2,}", outside))


def parse_json_output(output: TextModel) -> Record:
    text, base = _fence_or_whole(output, "json")
    stripped_start = base + len(text) - len(text.lstrip())
    decoder = json.JSONDecoder()
    candidates = [stripped_start] if text.strip() else []
    candidates += [m.start() for m in re.finditer(r"[{\[]", output.text)][:MAX_CANDIDATES]
    first_error: tuple[str, int] | None = None
    for start in candidates:
        try:
            data, end = decoder.raw_decode(output.text, start)
        except (ValueError, RecursionError) as exc:
            if first_error is None:
                position = getattr(exc, "pos", start)
                first_error = (getattr(exc, "msg", str(exc)), position)
            continue
        if not isinstance(data, dict | list):
            continue
        try:
            nodes = json_nodes(output.text, start)
        except (ValueError, IndexError, RecursionError):
            continue
        span = Span(start, end)
        record = Record("json", span, data)
        _fill_from_nodes(record, nodes)
        record.wrapped_words = _prose_words(output, span)
        return record
    message, position = first_error or ("no JSON object or array found", 0)
    line_span = line_at(output.text, position)
    return Record("none", Span(0, len(output.text)), error=f"not valid JSON: {message}", error_span=line_span)


def _fill_from_nodes(record: Record, nodes: list[Node]) -> None:
    record.nodes = {node.path: node for node in nodes}
    root_is_list = bool(nodes) and nodes[0].container == "array"
    for node in nodes:
        if node.key_span is not None and node.path and isinstance(node.path[-1], str):
            record.keys.append((node.path[-1], node.key_span))
            depth = len(node.path)
            if depth == 1 or (root_is_list and depth == 2):
                record.top_keys.append((node.path[-1], node.key_span))
        if not node.container:
            record.values.append((node.value, node.span))


def parse_yaml_output(output: TextModel) -> Record:
    text, base = _fence_or_whole(output, "yaml")
    if base == 0:
        text, base = _fence_or_whole(output, "yml")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        offset = base + (mark.index if mark is not None else 0)
        return Record("none", Span(0, len(output.text)), error=f"not valid YAML: {getattr(exc, 'problem', exc)}",
                      error_span=line_at(output.text, offset))
    except RecursionError:
        return Record("none", Span(0, len(output.text)), error="not valid YAML: nested too deeply",
                      error_span=line_at(output.text, 0))
    if not isinstance(data, dict | list):
        return Record("none", Span(0, len(output.text)), error="YAML that is not a mapping or a list",
                      error_span=line_at(output.text, 0))
    span = Span(base, base + len(text))
    record = Record("yaml", span, data)
    _fill_from_plain(record, data, text, base)
    record.wrapped_words = _prose_words(output, span) if base else 0
    return record


LOOKAHEAD = 2000  # how far past the previous token a YAML key or value is looked for


def _fill_from_plain(record: Record, data: Any, text: str, base: int) -> None:
    """Keys and values of parsed YAML, located by search in document order (YAML has no offsets to give)."""
    cursor = 0

    def locate(token: str) -> Span:
        nonlocal cursor
        at = text.find(token, cursor, cursor + LOOKAHEAD + len(token)) if token else -1
        if at < 0:
            return Span(base + cursor, base + cursor)
        cursor = at + len(token)
        return Span(base + at, base + at + len(token))

    def walk(value: Any, depth: int, in_list: bool) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                key_span = locate(str(key))
                record.keys.append((str(key), key_span))
                if depth == 0 or (in_list and depth == 1):
                    record.top_keys.append((str(key), key_span))
                walk(item, depth + 1, in_list)
        elif isinstance(value, list):
            for item in value:
                walk(item, depth + 1, in_list or depth == 0)
        elif value is not None:
            record.values.append((value, locate(str(value))))

    walk(data, 0, False)


def parse_csv_output(output: TextModel) -> Record:
    text, base = _fence_or_whole(output, "csv")
    # Any line end ends a row (csv would reject a CR inside a line), and a row csv cannot read is not CSV.
    lines = [(m.start(), m.group()) for m in re.finditer(r"[^\r\n]+", text) if m.group().strip()]
    try:
        rows = [(start, row) for start, line in lines for row in csv.reader(io.StringIO(line))]
    except csv.Error as exc:
        return Record("none", Span(0, len(output.text)), error=f"not CSV: {exc}", error_span=line_at(output.text, 0))
    if len(rows) < 2 or len(rows[0][1]) < 2:
        return Record("none", Span(0, len(output.text)), error="not CSV: fewer than two rows or two columns",
                      error_span=line_at(output.text, 0))
    width = len(rows[0][1])
    for start, row in rows[1:]:
        if len(row) != width:
            return Record("none", Span(0, len(output.text)), error=f"not CSV: a row has {len(row)} columns, the "
                          f"header {width}", error_span=line_at(output.text, base + start))
    span = Span(base + rows[0][0], base + rows[-1][0] + len(lines[-1][1]))
    record = Record("csv", span, [row for _, row in rows])
    header_start, header = rows[0]
    cursor = 0
    for name in header:
        at = lines[0][1].find(name, cursor)
        cursor = max(cursor, at + len(name))
        key_span = Span(base + header_start + max(at, 0), base + header_start + max(at, 0) + len(name))
        record.keys.append((name.strip(), key_span))
        record.top_keys.append((name.strip(), key_span))
    for (start, row), (_, line_text) in zip(rows[1:], lines[1:], strict=False):
        cursor = 0
        for cell in row:
            at = line_text.find(cell, cursor)
            cursor = max(cursor, at + len(cell))
            if cell.strip():
                record.values.append((cell.strip(), Span(base + start + max(at, 0), base + start + max(at, 0) +
                                                         len(cell))))
    record.wrapped_words = _prose_words(output, span)
    return record


def parse_lines_output(output: TextModel) -> Record:
    record = Record("lines", Span(0, len(output.text)))
    for match in KV_LINE_RE.finditer(output.text):
        value = match.group(2).rstrip()
        if len(value) > MAX_LINE_VALUE:
            continue
        key_span = Span(match.start(1), match.end(1))
        record.keys.append((match.group(1).strip(), key_span))
        record.top_keys.append((match.group(1).strip(), key_span))
        record.values.append((value.strip("*").strip(), Span(match.start(2), match.start(2) + len(value))))
    if not record.keys:
        record.kind = "none"
    return record


# --- what the prompt asks for -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FieldRequest:
    name: str
    origin: str  # "schema" | "example" | "list" | "extract"


@dataclass
class Request:
    format: str | None = None  # "json" | "yaml" | "csv"
    format_cue: str = ""
    schema: dict[str, Any] | None = None
    schema_problem: str = ""
    example: Any = None
    fields: list[FieldRequest] = field(default_factory=list)
    entity_kinds: list[str] = field(default_factory=list)
    enum_values: set[str] = field(default_factory=set)
    excluded_sources: list[Span] = field(default_factory=list)  # schema/example blocks: not source material

    @property
    def fixed_fields(self) -> bool:
        """The prompt fixes the set of keys (schema, example, explicit key list): extra keys are invented."""
        return any(f.origin in ("schema", "example", "list") for f in self.fields)


def _is_schema(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    if "$schema" in value:
        return True
    return isinstance(value.get("properties"), dict) and all(isinstance(v, dict) for v in value["properties"].values())


def _json_in_prompt(text: str) -> list[tuple[Any, Span]]:
    """JSON objects and arrays written in the prompt, outermost first."""
    decoder = json.JSONDecoder()
    found: list[tuple[Any, Span]] = []
    covered_until = -1
    for m in list(re.finditer(r"[{\[]", text))[:MAX_CANDIDATES]:
        if m.start() < covered_until:
            continue
        try:
            value, end = decoder.raw_decode(text, m.start())
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict | list) and value:
            found.append((value, Span(m.start(), end)))
            covered_until = end
    return found


def _schema_fields(schema: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """Requested field names of a schema (required ones, else all properties) and the object schema they sit in."""
    target = schema
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        target = schema["items"]
    properties = target.get("properties") if isinstance(target.get("properties"), dict) else {}
    required = [r for r in target.get("required", []) if isinstance(r, str)] if isinstance(
        target.get("required"), list) else []
    return (required or list(properties)), target


def _enum_values(schema: Any, into: set[str]) -> None:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("enum", "examples") and isinstance(value, list):
                into.update(str(v).casefold() for v in value)
            elif key == "const":
                into.add(str(value).casefold())
            else:
                _enum_values(value, into)
    elif isinstance(schema, list):
        for item in schema:
            _enum_values(item, into)


def _list_items(text: str) -> list[str]:
    stop = LIST_STOP_RE.search(text)
    segment = text[: stop.start()] if stop else text[:200]
    items = []
    for raw in ITEM_SPLIT_RE.split(segment[:200]):
        words = [w for w in re.findall(r"[A-Za-z][\w-]*", raw.strip("`'\"“”*"))
                 if w.lower() not in ITEM_STOP_WORDS]
        if 1 <= len(words) <= 4:
            items.append(" ".join(words))
    return items


def _negated(view: str, start: int) -> bool:
    return NEGATED_RE.search(view[max(0, start - 40) : start]) is not None


def prompt_request(ctx: CheckContext) -> Request:
    def compute() -> Request:
        view = ctx.prompt.instruction_view
        request = Request()
        for name, pattern in FORMAT_CUES.items():
            match = pattern.search(view)
            if match and not _negated(view, match.start()):
                request.format, request.format_cue = name, match.group()
                break
        for value, span in _json_in_prompt(ctx.prompt.text):
            if request.schema is None and _is_schema(value):
                request.schema = value
                request.excluded_sources.append(span)
            elif request.example is None and not _is_schema(value) and _is_format_example(ctx, span):
                request.example = value
                request.excluded_sources.append(span)
        names: list[FieldRequest] = []
        if request.schema is not None:
            request.format = request.format or "json"
            fields, _ = _schema_fields(request.schema)
            names += [FieldRequest(f, "schema") for f in fields]
            _enum_values(request.schema, request.enum_values)
        elif request.example is not None:
            request.format = request.format or "json"
            sample = request.example[0] if isinstance(request.example, list) and request.example else request.example
            if isinstance(sample, dict):
                names += [FieldRequest(str(k), "example") for k in sample]
        if not names:
            for match in FIELD_LIST_RE.finditer(view):
                if _negated(view, match.start()):
                    continue
                following = view[match.end() : match.end() + 300]
                items = _list_items(following)
                # Without a connector or quotes, only a comma-separated list of two or more counts as field names.
                if match.group("connector") or following[:1] in "`'\"“" or (len(items) >= 2 and "," in following[:80]):
                    names += [FieldRequest(item, "list") for item in items]
        if not names:
            for match in EXTRACT_LIST_RE.finditer(view):
                items = _list_items(view[match.end() : match.end() + 300])
                if len(items) >= 2:
                    # "extract all dates and people": plural kinds of entity, checked against the source's entities
                    kinds = [_entity_kind(item) if PLURAL_KIND_RE.match(item) else "" for item in items]
                    names += [FieldRequest(item, "extract") for item, kind in zip(items, kinds, strict=True)
                              if not kind]
                    request.entity_kinds += [k for k in dict.fromkeys(kinds) if k and k not in request.entity_kinds]
                    break
        unique: dict[str, FieldRequest] = {}
        for item in names:
            unique.setdefault(_normalise_key(item.name), item)
        request.fields = list(unique.values())
        for match in ENTITY_KINDS_RE.finditer(view):
            kind = _entity_kind(match.group("kind") or match.group("kind2"))
            if kind and kind not in request.entity_kinds:
                request.entity_kinds.append(kind)
        return request

    return ctx.memo("extraction.request", compute)


FORMAT_EXAMPLE_CUE_RE = re.compile(
    r"\b(?:format|schema|structure|shape|template|like this|as follows|following (?:form|keys|fields)|example|"
    r"output|return|respond|reply|keys|fields)\b", re.IGNORECASE)


def _is_format_example(ctx: CheckContext, span: Span) -> bool:
    """An object in the instruction part, or in a block introduced as the output's format, shows the fields."""
    inside_source = any(block.content_span.overlaps(span) for block in ctx.prompt.sources)
    if not inside_source:
        return True
    before = ctx.prompt.text[max(0, span.start - 120) : span.start]
    return FORMAT_EXAMPLE_CUE_RE.search(before) is not None


def _entity_kind(word: str) -> str:
    word = word.lower()
    for kind, stems in (("email", ("mail",)), ("url", ("url", "link", "site")), ("date", ("date", "day")),
                        ("phone", ("phone",)), ("amount", ("amount", "price", "cost", "figure")),
                        ("organization", ("organi", "compan", "firm")), ("person", ("people", "person", "name"))):
        if any(stem in word for stem in stems):
            return kind
    return ""


# --- matching -----------------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _key_tokens(name: str) -> tuple[str, ...]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
    tokens = [t.lower() for t in re.findall(r"[A-Za-z0-9]+", spaced)]
    return tuple(t[:-1] if len(t) > 3 and t.endswith("s") and not t.endswith("ss") else t for t in tokens)


def _normalise_key(name: str) -> str:
    return "".join(_key_tokens(name))


def key_matches(requested: str, key: str) -> bool:
    """`due date` = `due_date` = `dueDate`; `phone` matches `phone_number` (one name's words within the other's)."""
    a, b = _key_tokens(requested), _key_tokens(key)
    if not a or not b:
        return False
    if "".join(a) == "".join(b):
        return True
    return set(a) <= set(b) or set(b) <= set(a)


def _casefold_text(text: str) -> str:
    return " ".join(WORD_RE.findall(text.casefold()))


def _numbers(text: str) -> set[float]:
    found = set()
    for token in NUMBER_RE.findall(text):
        try:
            found.add(float(token.replace(",", "")))
        except ValueError:
            continue
    for word in WORD_RE.findall(text.casefold()):
        if word in SMALL_NUMBERS:
            found.add(float(SMALL_NUMBERS[word]))
    return found


def _dates(text: str) -> set[tuple[int, int, int]]:
    found = set()
    for pattern, order in DATE_RES:
        for match in pattern.finditer(text):
            parts = dict(zip(order, match.groups(), strict=True))
            try:
                month = MONTHS[parts["M"][:3].lower()] if "M" in parts else int(parts["m"])
                found.add((int(parts["y"]), month, int(parts["d"])))
            except (KeyError, ValueError):
                continue
    return found


class SourceIndex:
    """A text prepared for lookups; each view is built on first use."""

    def __init__(self, text: str) -> None:
        self.text = text

    @classmethod
    def of(cls, text: str) -> SourceIndex:
        return cls(text)

    @cached_property
    def folded(self) -> str:
        return _casefold_text(self.text)

    @cached_property
    def words(self) -> set[str]:
        return set(self.folded.split())

    @cached_property
    def numbers(self) -> set[float]:
        return _numbers(self.text)

    @cached_property
    def dates(self) -> set[tuple[int, int, int]]:
        return _dates(self.text)

    @cached_property
    def digits(self) -> str:
        return NON_DIGIT_RE.sub("", self.text)


def value_in_source(value: Any, source: SourceIndex) -> tuple[bool, list[str]]:
    """Whether an extracted value occurs in the source; the words it is missing when it does not."""
    if isinstance(value, bool) or value is None:
        return True, []
    if isinstance(value, int | float):
        return float(value) in source.numbers, [] if float(value) in source.numbers else [str(value)]
    text = str(value).strip()
    folded = _casefold_text(text)
    if not folded or f" {folded} " in f" {source.folded} ":
        return True, []
    dates = _dates(text)
    if dates and dates <= source.dates:
        return True, []
    digits = NON_DIGIT_RE.sub("", text)
    if len(digits) >= 5 and len(digits) >= 0.5 * len(NON_WORD_RE.sub("", text)):
        return digits in source.digits, [] if digits in source.digits else [text]
    number_match = NUMBER_RE.fullmatch(text.replace("$", "").replace("€", "").replace("£", "").strip())
    if number_match:
        number = float(number_match.group().replace(",", ""))
        return number in source.numbers, [] if number in source.numbers else [text]
    missing = []
    for word in folded.split():
        if word in source.words or word in STOPWORDS or len(word) < 2:
            continue
        if word.isdigit() and float(word) in source.numbers:
            continue
        missing.append(word)
    return not missing, missing


# --- entities -----------------------------------------------------------------------------------------------------


def source_entities(kind: str, text: str) -> list[str]:
    if kind == "email":
        found = EMAIL_RE.findall(text)
    elif kind == "url":
        found = [u.rstrip(".,;:") for u in URL_RE.findall(text)]
    elif kind == "phone":
        found = [p for p in PHONE_RE.findall(text) if 7 <= len(NON_DIGIT_RE.sub("", p)) <= 15
                 and not re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", p.strip())]
    elif kind == "amount":
        found = AMOUNT_RE.findall(text)
    elif kind == "date":
        found = [m.group() for pattern, _ in DATE_RES for m in pattern.finditer(text)]
    elif kind in ("person", "organization"):
        names = [n for n in PROPER_NAME_RE.findall(text) if n.split()[0] not in _SENTENCE_OPENERS]
        # The last word tells places and organisations from people ("Elm Street", "Acme Corp").
        found = [n for n in names if (n.split()[-1] in ORGANIZATION_SUFFIXES) == (kind == "organization")
                 and n.split()[-1] not in PLACE_SUFFIXES]
    else:
        found = []
    unique: dict[str, str] = {}
    for item in found:
        unique.setdefault(item.casefold(), item)
    return list(unique.values())[:MAX_ENTITIES]


ORGANIZATION_SUFFIXES = frozenset({
    "Inc", "Ltd", "LLC", "Corp", "Corporation", "Company", "Co", "Group", "Bank", "University", "College", "School",
    "Hospital", "Institute", "Foundation", "Association", "Council", "Ministry", "Department", "Agency", "Partners",
    "Holdings", "Technologies", "Labs", "Systems", "Services", "Industries", "Airlines", "Press", "Society",
})
PLACE_SUFFIXES = frozenset({
    "Street", "St", "Road", "Rd", "Avenue", "Ave", "Lane", "Drive", "Boulevard", "Square", "Park", "Way", "Place",
    "Court", "City", "County", "State", "River", "Mountain", "Lake", "Island", "Bridge", "Station", "Airport",
    "Kingdom", "States", "Republic",
})
_SENTENCE_OPENERS = frozenset({"The", "This", "That", "These", "Those", "In", "On", "At", "For", "And", "But", "If",
                               "When", "While", "After", "Before", "Dear", "Hi", "Hello", "Thanks", "Best", "Regards",
                               "Please", "We", "Our", "It", "He", "She", "They", "You", "I"})


def entity_in_output(kind: str, entity: str, output_text: str, output_index: SourceIndex) -> bool:
    if kind == "phone":
        return NON_DIGIT_RE.sub("", entity) in output_index.digits
    if kind == "amount":
        number = NUMBER_RE.search(entity)
        return number is not None and float(number.group().replace(",", "")) in output_index.numbers
    if kind == "date":
        dates = _dates(entity)
        return (bool(dates) and dates <= output_index.dates) or entity.casefold() in output_text.casefold()
    folded = _casefold_text(entity)
    return f" {folded} " in f" {output_index.folded} "


# --- the metric ---------------------------------------------------------------------------------------------------


def _parse_output(output: TextModel, request: Request) -> Record:
    if request.format == "yaml":
        return parse_yaml_output(output)
    if request.format == "csv":
        return parse_csv_output(output)
    if request.format == "json":
        return parse_json_output(output)
    record = parse_json_output(output)
    if record.kind == "json" and record.wrapped_words < 0.5 * max(1, output.word_count):
        return record
    return parse_lines_output(output)


def _reported_by_instruction_following(ctx: CheckContext, fmt: str) -> bool:
    """Instruction following checks whole-response JSON/YAML/CSV itself when it runs for this task."""
    from rubriq.core.metrics import providers
    from rubriq.core.tasks import TASK_PARAMETERS

    provider = providers().get("instruction_following")
    if provider is None or provider.tier not in ctx.tiers:
        return False
    if not (provider.always_run or "instruction_following" in TASK_PARAMETERS[ctx.task.task]):
        return False
    try:
        from rubriq.core.constraints import extract_constraints
    except ImportError:
        return False
    kinds = ctx.memo("extraction.constraint_kinds", lambda: {c.kind for c in extract_constraints(ctx.prompt)})
    return CONSTRAINT_KINDS.get(fmt, "") in kinds


def _source_text(ctx: CheckContext, request: Request) -> str:
    blocks = [b for b in ctx.prompt.sources
              if not any(b.content_span.overlaps(excluded) for excluded in request.excluded_sources)]
    return "\n\n".join(b.text.strip() for b in blocks if b.text.strip())


class ExtractionMetric:
    name = "extraction"
    parameters = ("format_compliance", "entity_completeness", "no_invention")
    tier = TIER_TEXT
    always_run = False

    def run(self, ctx: CheckContext) -> MetricResult:
        request = prompt_request(ctx)
        record = _parse_output(ctx.output, request)
        findings: list[Finding] = []
        scores = [
            self._format(ctx, request, record, findings),
            self._completeness(ctx, request, record, findings),
            self._invention(ctx, request, record, findings),
        ]
        return MetricResult(findings, scores)

    def _format(self, ctx: CheckContext, request: Request, record: Record, findings: list[Finding]) -> ParameterScore:
        name = "format_compliance"
        if request.format is None:
            return ParameterScore.not_applicable(name, "the prompt asks for no JSON, YAML, CSV or schema")
        text = ctx.output.text
        fmt = request.format.upper()
        if record.kind != request.format:
            reason = record.error or f"no {fmt} found"
            if _reported_by_instruction_following(ctx, request.format):
                return ParameterScore(name, 0.0, detail=f"{fmt} requested; the output is {reason} (reported by "
                                      "instruction following)")
            span = record.error_span or line_at(text, 0)
            findings.append(Finding.at("EX001", span, f"The prompt asks for {fmt}, but the output is {reason}.",
                                       text=text, data={"format": request.format, "error": reason}))
            return ParameterScore(name, 0.0, detail=f"{fmt} requested; the output is {reason}")
        problems = 0
        notes = []
        if record.wrapped_words and not _reported_by_instruction_following(ctx, request.format):
            problems += 1
            notes.append(f"wrapped in {record.wrapped_words} words of prose")
            prose_line = next((line.span for line in ctx.output.lines if re.search(r"[A-Za-z]{2}", line.text)
                               and not line.span.overlaps(record.span) and not line.text.lstrip().startswith("```")),
                              Span(record.span.start, record.span.start))
            findings.append(Finding.at(
                "EX001", prose_line, f"The {fmt} is wrapped in {record.wrapped_words} words of prose; the prompt "
                f"asks for {fmt}.", text=text,
                data={"format": request.format, "error": "wrapped in prose", "prose_words": record.wrapped_words}))
        if request.schema is not None and record.kind == "json":
            violations, problem = self._schema(ctx, request, record, findings)
            problems += violations
            if problem:
                notes.append(problem)
            else:
                notes.append(f"{violations} schema violation(s)")
        score = max(0.0, 1.0 - SCHEMA_ERROR_COST * problems)
        detail = f"{fmt} parses" + (f"; {'; '.join(notes)}" if notes else "")
        return ParameterScore(name, score, detail=detail)

    def _schema(self, ctx: CheckContext, request: Request, record: Record,
                findings: list[Finding]) -> tuple[int, str]:
        import jsonschema

        assert request.schema is not None
        try:
            validator_class = jsonschema.validators.validator_for(request.schema, jsonschema.Draft202012Validator)
            validator_class.check_schema(request.schema)
            errors = list(validator_class(request.schema).iter_errors(record.data))
        except (jsonschema.SchemaError, RecursionError) as exc:
            return 0, f"the prompt's schema is not a valid JSON Schema ({str(exc).splitlines()[0][:80]}), not applied"
        errors.sort(key=lambda e: ([str(p) for p in e.absolute_path], e.validator, e.message))
        count = 0
        for error in errors:
            if error.validator in ("required", "additionalProperties"):
                continue  # counted as missing / invented fields
            path = tuple(error.absolute_path)
            node = record.nodes.get(path)
            span = node.span if node is not None else record.span
            count += 1
            findings.append(Finding.at(
                "EX002", span, f"Schema violation at {_path_text(path)}: {error.message[:200]}.",
                text=ctx.output.text, data={"path": _path_text(path), "validator": str(error.validator),
                                            "message": error.message[:300]}))
        return count, ""

    def _completeness(self, ctx: CheckContext, request: Request, record: Record,
                      findings: list[Finding]) -> ParameterScore:
        name = "entity_completeness"
        if not request.fields and not request.entity_kinds:
            return ParameterScore.not_applicable(name, "the prompt names no fields and asks for no kind of entity")
        text = ctx.output.text
        anchor = record.span if record.kind != "none" else Span(0, min(len(text), len(text.split("\n")[0])))
        anchor = Span(anchor.start, anchor.start + min(len(anchor), 80))
        keys = [key for key, _ in record.keys]
        total = present = 0
        missing_names: list[str] = []
        folded_output = _casefold_text(text)
        for requested in request.fields:
            total += 1
            if any(key_matches(requested.name, key) for key in keys) or (
                    record.kind in ("none", "lines") and f" {_casefold_text(requested.name)} " in f" {folded_output} "):
                present += 1
                continue
            missing_names.append(requested.name)
            findings.append(Finding.at(
                "EX003", anchor, f"The requested field {requested.name!r} is missing from the output.", text=text,
                data={"field": requested.name, "origin": requested.origin}))
        source = _source_text(ctx, request)
        if request.entity_kinds and source:
            output_index = SourceIndex.of(text)
            for kind in request.entity_kinds:
                for entity in source_entities(kind, source):
                    total += 1
                    if entity_in_output(kind, entity, text, output_index):
                        present += 1
                        continue
                    missing_names.append(entity)
                    findings.append(Finding.at(
                        "EX006", anchor, f"The source's {kind} {entity!r} is not in the output.", text=text,
                        data={"kind": kind, "entity": entity}))
        if total == 0:
            return ParameterScore.not_applicable(name, "no requested fields, and no entity of the requested kind in "
                                                       "the source")
        detail = f"{present} of {total} requested field(s)/entities present"
        if missing_names:
            detail += f"; missing: {', '.join(missing_names[:5])}" + ("..." if len(missing_names) > 5 else "")
        return ParameterScore(name, present / total, detail=detail)

    def _invention(self, ctx: CheckContext, request: Request, record: Record,
                   findings: list[Finding]) -> ParameterScore:
        name = "no_invention"
        text = ctx.output.text
        checked = invented = 0
        if request.fixed_fields and record.kind != "none":
            allowed = [f.name for f in request.fields]
            if request.schema is not None:
                _, target = _schema_fields(request.schema)
                allowed += [str(k) for k in target.get("properties", {})] if isinstance(
                    target.get("properties"), dict) else []
            reported: set[str] = set()
            for key, span in record.top_keys:
                if key in reported:
                    continue
                reported.add(key)
                checked += 1
                if not any(key_matches(a, key) for a in allowed):
                    invented += 1
                    findings.append(Finding.at(
                        "EX004", span, f"The field {key!r} was not asked for (the prompt fixes the fields).",
                        text=text, data={"field": key, "allowed": allowed[:50]}))
        source = _source_text(ctx, request)
        if not source:
            if checked == 0:
                return ParameterScore.not_applicable(name, "the prompt carries no source text to check values against")
            return ParameterScore(name, 1.0 - invented / checked,
                                  detail=f"{invented} of {checked} field(s) not asked for; no source text for values")
        index = SourceIndex.of(source)
        offered = request.enum_values | {w.casefold() for w in WORD_RE.findall(ctx.prompt.instruction_view)}
        value_checks = value_misses = 0
        for value, span in record.values:
            if isinstance(value, bool) or value is None or (isinstance(value, str) and not value.strip()):
                continue
            if str(value).casefold() in offered:
                continue
            value_checks += 1
            ok, missing = value_in_source(value, index)
            if ok:
                continue
            value_misses += 1
            shown = str(value)[:80]
            findings.append(Finding.at(
                "EX005", span, f"The value {shown!r} does not occur in the source: unverifiable here"
                + (f" (not found: {', '.join(missing[:5])})." if missing and missing != [str(value)] else "."),
                text=text, data={"value": str(value)[:300], "missing": missing[:20]}))
        checked += value_checks
        invented += value_misses
        if checked == 0:
            return ParameterScore(name, 1.0, detail="no extracted values or fields to check")
        detail = f"{value_misses} of {value_checks} value(s) not found in the source"
        if checked > value_checks:
            detail += f"; {invented - value_misses} of {checked - value_checks} field(s) not asked for"
        return ParameterScore(name, 1.0 - invented / checked, detail=detail)


def _path_text(path: Path) -> str:
    if not path:
        return "the top level"
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


METRICS = [ExtractionMetric()]
