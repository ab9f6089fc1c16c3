"""Checking the shape of an output beyond IFEval's kinds: JSON keys, table columns, list items, lines and stanzas,
labelled sections, how the output starts and ends, markdown, emoji, casing in any language, a postscript's content
and topics to leave out.

    json_keys              every JSON object (the top-level one, or each object of a top-level array) has the keys
    json_no_extra_keys     ... and no key outside them
    json_key_case          every key of those objects in snake_case
    table_columns          the first markdown table's header row (or a CSV's first row) has every column
    item_count             list items (bullets and numbered), else non-empty lines, against the relation
    item_length            every item's words (`\\w+`, its marker left out) against the relation
    field_length           the words of one field's value (a JSON key, else a "Field:" line) against the relation
    bullets_per_section    the bullet points under each heading against the relation
    number_lines           non-empty lines against the relation
    number_stanzas         blocks separated by blank lines (a title line alone is not a stanza), exactly N
    lines_per_stanza       every stanza has exactly N non-empty lines
    section_labels         each label starts a line: a heading, bold text, "Label:" or "[Label]" (case-insensitive)
    starts_with            the stripped output starts with one of the options (case-insensitive)
    last_line_starts_with  the last non-empty line starts with one of the options (markdown emphasis ignored)
    last_sentence_starts_with  the last sentence starts with one of the options
    ends_with_question     the last sentence ends with "?" (closing quotes and emphasis ignored)
    bold_answer            the last paragraph holds bold text (**x** or __x__)
    no_emoji / emoji_count emoji characters (pictographs, symbols, flags, dingbats)
    no_headings            no markdown heading line
    no_markdown            no heading, bold or italics, list marker, table rule or code fence
    all_lowercase          no capital letter, in any language
    all_uppercase          no lowercase letter, in any language
    postscript_content     a postscript (a line starting with the marker) that holds every content word
    forbidden_topic        the topic's words, each in any of its forms ("budget", "budgets", "budgeted"), never
                           appear in sequence; a one-word topic is the word in any form
"""

from __future__ import annotations

import csv
import json
import re
from itertools import pairwise
from typing import Any

from rubriq.core.constraints.outcome import Outcome, count_outcome, limit_text, plural, relation_ok, whole
from rubriq.core.constraints.types import EXACTLY
from rubriq.core.text import Span, TextModel, split_sentences

MARKER_RE = re.compile(r"^[ \t]*(?:[*\-+•]|\d{1,3}[.)])[ \t]+")
EMOJI_RE = re.compile(
    "[\U0001F300-\U0001FAFF\U0001F000-\U0001F2FF\U00002600-\U000027BF\U0001F1E6-\U0001F1FF\U00002B00-\U00002BFF"
    "\U0000FE0F]")
BOLD_RE = re.compile(r"\*\*[^*\n]+\*\*|__[^_\n]+__")
MARKDOWN_RE = re.compile(
    r"^[ \t]{0,3}#{1,6}[ \t]+\S|\*\*[^*\n]+\*\*|__[^_\n]+__|(?<![\w*])\*[^*\s][^*\n]{0,200}\*(?![\w*])|"
    r"^[ \t]*(?:[*\-+•]|\d{1,3}[.)])[ \t]+\S|^[ \t]*\|?[ \t]*:?-{3,}|^[ \t]*(?:```|~~~)", re.MULTILINE)
HEADING_LINE_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(\S[^\n]*)$", re.MULTILINE)
SNAKE_CASE_RE = re.compile(r"[a-z][a-z0-9_]{0,200}")  # with fullmatch; no "__" and no trailing "_" checked apart
STRIP_EMPHASIS = "*_`\"'“”‘’ \t"


def _strip_fences(text: str) -> str:
    value = text.strip()
    if value.startswith("```"):
        value = value.split("\n", 1)[1] if "\n" in value else ""
    if value.rstrip().endswith("```"):
        value = value.rstrip()[:-3]
    return value.strip()


def _json_objects(model: TextModel) -> list[dict[str, Any]] | None:
    """The objects JSON constraints speak of, or None when the output is not JSON."""
    try:
        value = json.loads(_strip_fences(model.text))
    except (ValueError, RecursionError):
        return None
    if isinstance(value, dict):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, dict)]
    return []


def _not_json(model: TextModel) -> Outcome:
    return Outcome(False, "invalid", "the response is not valid JSON", [whole(model)])


def json_keys(model: TextModel, p: dict[str, Any]) -> Outcome:
    objects = _json_objects(model)
    if objects is None:
        return _not_json(model)
    if not objects:
        return Outcome(False, 0, "no JSON object", [whole(model)])
    missing = list(dict.fromkeys(key for obj in objects for key in p["keys"] if key not in obj))
    if missing:
        return Outcome(False, len(missing), "missing keys: " + ", ".join(missing), [whole(model)])
    return Outcome(True, 0, "every object has the keys")


def json_no_extra_keys(model: TextModel, p: dict[str, Any]) -> Outcome:
    objects = _json_objects(model)
    if objects is None:
        return _not_json(model)
    allowed = set(p["keys"])
    extra = list(dict.fromkeys(key for obj in objects for key in obj if key not in allowed))
    spans = [Span(m.start(), m.end()) for key in extra for m in re.finditer(re.escape(json.dumps(key)), model.text)]
    if extra:
        return Outcome(False, len(extra), "keys not asked for: " + ", ".join(extra), spans[:50] or [whole(model)])
    return Outcome(True, 0, "no key beyond the ones asked for")


def json_key_case(model: TextModel, p: dict[str, Any]) -> Outcome:
    objects = _json_objects(model)
    if objects is None:
        return _not_json(model)
    wrong = list(dict.fromkeys(key for obj in objects for key in obj
                               if not SNAKE_CASE_RE.fullmatch(key) or "__" in key or key.endswith("_")))
    if wrong:
        return Outcome(False, len(wrong), "keys not in snake_case: " + ", ".join(wrong), [whole(model)])
    return Outcome(True, 0, "every key in snake_case")


def _cells(line: str) -> list[str]:
    return [cell.strip().strip(STRIP_EMPHASIS).lower() for cell in line.strip().strip("|").split("|")]


def _header_row(model: TextModel) -> list[str] | None:
    lines = model.text.split("\n")
    for index, line in enumerate(lines[:-1]):
        if "|" in line and re.match(r"^[ \t]*\|?[ \t]*:?-{3,}", lines[index + 1]):
            return _cells(line)
    content = [line for line in _strip_fences(model.text).split("\n") if line.strip()]
    if content and "," in content[0]:
        try:
            return [cell.strip().strip(STRIP_EMPHASIS).lower() for cell in next(csv.reader([content[0]]))]
        except csv.Error:
            return None
    return None


def table_columns(model: TextModel, p: dict[str, Any]) -> Outcome:
    header = _header_row(model)
    if header is None:
        return Outcome(False, "no table", "no table header row", [whole(model)])
    missing = [c for c in p["columns"] if c.strip().lower() not in header]
    if missing:
        return Outcome(False, len(missing), "columns missing: " + ", ".join(missing), [whole(model)])
    return Outcome(True, 0, "the header row has every column")


def _items(model: TextModel) -> list[Span]:
    """List items (bullets and numbered), else the non-empty lines of a response written one item a line."""
    items = [s.span for s in model.list_items]
    if items:
        return items
    return [s.span for s in model.lines if s.text.strip()]


def item_count(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = _items(model)
    return count_outcome(model, len(items), p.get("relation", EXACTLY), p["num_items"], "item", items)


def _words_in(model: TextModel, span: Span) -> int:
    text = model.text[span.start:span.end]
    marker = MARKER_RE.match(text)
    return len(re.findall(r"\w+", text[marker.end() if marker else 0:]))


def item_length(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = _items(model)
    wrong = [span for span in items if not relation_ok(_words_in(model, span), p["relation"], p["num_words"])]
    if wrong:
        first = model.text[wrong[0].start:wrong[0].end].strip()
        return Outcome(False, len(wrong), f"{plural(len(wrong), 'item')} outside the limit, such as "
                       f"{first[:60]!r} ({_words_in(model, wrong[0])} words)", wrong[:50])
    return Outcome(True, 0, f"every one of {plural(len(items), 'item')} within the limit")


def field_length(model: TextModel, p: dict[str, Any]) -> Outcome:
    """The value of the field the prompt names: each JSON object's key of that name, else the text after "Field:"."""
    field, values = p["field"].lower(), []
    for obj in _json_objects(model) or []:
        values += [(v, json.dumps(v)[1:-1]) for k, v in obj.items() if k.lower() == field and isinstance(v, str)]
    if not values:
        label = re.compile(rf"^[ \t*#_-]*{re.escape(p['field'])}[*_ \t]*:[ \t]*(\S[^\n]*)$",
                           re.IGNORECASE | re.MULTILINE)
        values = [(m.group(1), m.group(1)) for m in label.finditer(model.text)]
    if not values:
        return Outcome(False, "missing", f"no field {p['field']!r}", [whole(model)])
    counts = [len(re.findall(r"\w+", value)) for value, _ in values]
    wrong = [(count, shown) for count, (_, shown) in zip(counts, values, strict=True)
             if not relation_ok(count, p["relation"], p["num_words"])]
    if not wrong:
        return Outcome(True, counts[0], f"{p['field']!r}: {plural(counts[0], 'word')}")
    at = model.text.find(wrong[0][1]) if wrong[0][1] else -1
    spans = [Span(at, at + len(wrong[0][1]))] if at >= 0 else [whole(model)]
    return Outcome(False, wrong[0][0], f"{p['field']!r}: {plural(wrong[0][0], 'word')}", spans,
                   f"limit: {limit_text(p['relation'], p['num_words'])}")


def bullets_per_section(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = list(HEADING_LINE_RE.finditer(model.text))
    headings = [m.start() for m in found] + [len(model.text)]
    levels = [len(m.group().lstrip(" \t")) - len(m.group().lstrip(" \t").lstrip("#")) for m in found] + [0]
    items = [s.span for s in model.list_items]
    worst: tuple[int, list[Span]] | None = None
    for index, (start, end) in enumerate(pairwise(headings)):
        inside = [span for span in items if start <= span.start < end]
        if not inside and levels[index + 1] > levels[index]:
            continue  # "# Report" over "## Findings" and "## Actions": a title, not a section without bullets
        if relation_ok(len(inside), p["relation"], p["num_bullets"]):
            continue
        if worst is None or len(inside) > worst[0]:
            worst = (len(inside), inside)
    if len(headings) == 1:
        return Outcome(False, "no headings", "no headed sections", [whole(model)])
    if worst is not None:
        return Outcome(False, worst[0], f"a section with {plural(worst[0], 'bullet point')}",
                       [Span(worst[1][0].start, worst[1][-1].end)] if worst[1] else [whole(model)])
    return Outcome(True, 0, "every section within the limit")


def number_lines(model: TextModel, p: dict[str, Any]) -> Outcome:
    lines = [s.span for s in model.lines if s.text.strip()]
    return count_outcome(model, len(lines), p.get("relation", EXACTLY), p["num_lines"], "line", lines)


def _stanzas(model: TextModel) -> list[list[Span]]:
    stanzas = []
    for paragraph in model.paragraphs:
        lines, pos = [], paragraph.span.start
        for line in paragraph.text.split("\n"):
            if line.strip():
                lines.append(Span(pos, pos + len(line)))
            pos += len(line) + 1
        title = len(lines) == 1 and (model.text[lines[0].start:lines[0].end].strip().startswith(("#", "<<", "**"))
                                     or (not stanzas and len(model.paragraphs) > 1))
        if lines and not title:
            stanzas.append(lines)
    return stanzas


def number_stanzas(model: TextModel, p: dict[str, Any]) -> Outcome:
    stanzas = _stanzas(model)
    return count_outcome(model, len(stanzas), EXACTLY, p["num_stanzas"], "stanza",
                         [Span(s[0].start, s[-1].end) for s in stanzas])


def lines_per_stanza(model: TextModel, p: dict[str, Any]) -> Outcome:
    stanzas = _stanzas(model)
    wrong = [s for s in stanzas if len(s) != p["num_lines"]]
    if not stanzas:
        return Outcome(False, 0, "no stanza", [whole(model)])
    if wrong:
        return Outcome(False, len(wrong), f"{plural(len(wrong), 'stanza')} of another length, such as one of "
                       f"{plural(len(wrong[0]), 'line')}", [Span(s[0].start, s[-1].end) for s in wrong][:50])
    return Outcome(True, 0, f"every stanza has {plural(p['num_lines'], 'line')}")


def _label_starts_a_line(text: str, label: str) -> bool:
    name = re.escape(label.strip().strip("[]"))
    return re.search(rf"^[ \t]*(?:#{{1,6}}[ \t]+)?(?:\*\*|__)?\[?{name}\]?(?:\*\*|__)?[ \t]*(?::|$|\n|\*\*)",
                     text, re.IGNORECASE | re.MULTILINE) is not None


def section_labels(model: TextModel, p: dict[str, Any]) -> Outcome:
    missing = [label for label in p["labels"] if not _label_starts_a_line(model.text, label)]
    if missing:
        return Outcome(False, len(missing), "no section labelled " + ", ".join(repr(m) for m in missing),
                       [whole(model)])
    return Outcome(True, 0, "every label starts a section")


def _starts(text: str, options: list[str]) -> bool:
    value = text.strip().lstrip(STRIP_EMPHASIS + "#>").lower()
    return any(value.startswith(option.strip().lower()) for option in options)


def starts_with(model: TextModel, p: dict[str, Any]) -> Outcome:
    first = model.lines[0].span if model.lines else whole(model)
    for line in model.lines:
        if line.text.strip():
            first = line.span
            break
    if _starts(model.text, p["options"]):
        return Outcome(True, "starts", "starts as asked")
    return Outcome(False, model.text.strip()[:40], f"starts with {model.text.strip()[:40]!r}", [first])


def _last_line(model: TextModel) -> Span:
    for line in reversed(model.lines):
        if line.text.strip():
            return line.span
    return whole(model)


def last_line_starts_with(model: TextModel, p: dict[str, Any]) -> Outcome:
    last = _last_line(model)
    text = model.text[last.start:last.end]
    if _starts(text, p["options"]):
        return Outcome(True, "starts", "the last line starts as asked")
    return Outcome(False, text.strip()[:40], f"the last line starts with {text.strip()[:40]!r}", [last])


def _last_sentence(model: TextModel) -> Span:
    sentences = split_sentences(model.text.rstrip())
    return sentences[-1].span if sentences else whole(model)


def last_sentence_starts_with(model: TextModel, p: dict[str, Any]) -> Outcome:
    last = _last_sentence(model)
    text = model.text[last.start:last.end]
    if _starts(text, p["options"]):
        return Outcome(True, "starts", "the last sentence starts as asked")
    return Outcome(False, text.strip()[:40], f"the last sentence starts with {text.strip()[:40]!r}", [last])


def ends_with_question(model: TextModel, p: dict[str, Any]) -> Outcome:
    last = _last_sentence(model)
    text = model.text[last.start:last.end].rstrip(STRIP_EMPHASIS + ")]«»‹›„\u00a0\u202f")  # « Tu viens ? »
    if text.endswith("?"):
        return Outcome(True, "question", "ends with a question")
    return Outcome(False, text[-40:], f"ends with {text[-40:]!r}, not a question", [last])


def bold_answer(model: TextModel, p: dict[str, Any]) -> Outcome:
    paragraphs = model.paragraphs
    last = paragraphs[-1] if paragraphs else None
    if last is not None and BOLD_RE.search(last.text):
        return Outcome(True, "bold", "the answer is in bold")
    return Outcome(False, "not bold", "no bold text in the last paragraph", [last.span] if last else [whole(model)])


def _emoji(model: TextModel) -> list[Span]:
    return [Span(m.start(), m.end()) for m in EMOJI_RE.finditer(model.text) if m.group() != "\ufe0f"]


def no_emoji(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = _emoji(model)
    return Outcome(not found, len(found), plural(len(found), "emoji").replace("emojis", "emoji"), found[:50],
                   "required: none")


def emoji_count(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = _emoji(model)
    outcome = count_outcome(model, len(found), p["relation"], p["num_emoji"], "emoji", found)
    outcome.message = outcome.message.replace("emojis", "emoji")
    return outcome


def no_headings(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = [Span(m.start(), m.end()) for m in HEADING_LINE_RE.finditer(model.text)]
    return Outcome(not found, len(found), plural(len(found), "heading"), found[:50], "required: none")


def no_markdown(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = [Span(m.start(), m.end()) for m in MARKDOWN_RE.finditer(model.text)]
    return Outcome(not found, len(found), plural(len(found), "piece") + " of markdown", found[:50],
                   "required: none")


def all_lowercase(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = [Span(m.start(), m.end()) for m in re.finditer(r"[^\W\d_]+", model.text) if m.group() != m.group().lower()]
    return Outcome(not found, len(found), f"{plural(len(found), 'word')} with a capital letter", found[:50],
                   "required: none")


def all_uppercase(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = [Span(m.start(), m.end()) for m in re.finditer(r"[^\W\d_]+", model.text) if m.group() != m.group().upper()]
    return Outcome(not found, len(found), f"{plural(len(found), 'word')} with a lowercase letter", found[:50],
                   "required: none")


def _postscript(model: TextModel, marker: str) -> Span | None:
    compact = marker.replace(" ", "").rstrip(".").lower()
    pattern = r"p\.\s?p\.\s?s\b\.?" if compact == "p.p.s" else r"p\.\s?s\b\.?" if compact == "p.s" else \
        r"p\.?\s?s\b\.?" if compact == "ps" else re.escape(marker.lower())
    found = None
    for m in re.finditer(rf"^[ \t*_]*(?:{pattern})", model.text, re.IGNORECASE | re.MULTILINE):
        found = Span(m.start(), len(model.text))
    return found


def word_forms(word: str) -> str:
    """A pattern for a word in its usual English forms: "budget" also matches budgets, budgeted, budgeting. A
    capitalised noun with a German plural ending also matches its singular: "Telefonnummern" matches Telefonnummer,
    "Pilze" Pilz."""
    noun = word[:1].isupper() and not word.isupper()
    word = word.lower()
    stem = word
    for suffix in ("ies", "es", "s", "ed", "ing", "ly"):
        if len(word) - len(suffix) >= 4 and word.endswith(suffix):
            stem = word[: -len(suffix)]
            break
    if len(stem) < 4:
        return rf"{re.escape(word)}(?:s|es)?"
    singulars = [word[:-cut] for cut, endings in ((1, ("n", "e")), (2, ("en",)))
                 if noun and stem == word and word.endswith(endings)]
    forms = [rf"{re.escape(stem)}\w{{0,5}}", *(re.escape(s) for s in singulars if len(s) >= 4)]
    return forms[0] if len(forms) == 1 else "(?:" + "|".join(forms) + ")"


def postscript_content(model: TextModel, p: dict[str, Any]) -> Outcome:
    span = _postscript(model, p["postscript_marker"])
    if span is None:
        return Outcome(False, "missing", f"no postscript starting with {p['postscript_marker']}", [_last_line(model)])
    text = model.text[span.start:span.end]
    words = [w for w in re.findall(r"\w+", p["content"]) if len(w) > 3 or w.isdigit()]
    missing = [w for w in words if not re.search(rf"\b{word_forms(w)}\b", text, re.IGNORECASE)]
    if missing:
        return Outcome(False, len(missing), "the postscript leaves out " + ", ".join(missing), [span])
    return Outcome(True, 0, "the postscript says what was asked")


def topic_spans(text: str, topic: str) -> list[Span]:
    """Where the topic's words appear in sequence (each in any form, up to two words between them)."""
    words = re.findall(r"\w+", topic)
    if not words:
        return []
    gap = r"(?:\W+\w+){0,2}?\W+"
    pattern = r"\b" + gap.join(word_forms(w) for w in words) + r"\b"
    return [Span(m.start(), m.end()) for m in re.finditer(pattern, text, re.IGNORECASE)]


def forbidden_topic(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = topic_spans(model.text, p["topic"])
    if found:
        quoted = model.text[found[0].start:found[0].end]
        return Outcome(False, len(found), f"mentions {quoted!r}" + (f" ({plural(len(found), 'time')})"
                       if len(found) > 1 else ""), found[:50], "required: not mentioned")
    return Outcome(True, 0, "not mentioned")


SHAPE_CHECKERS = {
    "rubriq:json_keys": json_keys,
    "rubriq:json_no_extra_keys": json_no_extra_keys,
    "rubriq:json_key_case": json_key_case,
    "rubriq:table_columns": table_columns,
    "rubriq:item_count": item_count,
    "rubriq:item_length": item_length,
    "rubriq:field_length": field_length,
    "rubriq:bullets_per_section": bullets_per_section,
    "rubriq:number_lines": number_lines,
    "rubriq:number_stanzas": number_stanzas,
    "rubriq:lines_per_stanza": lines_per_stanza,
    "rubriq:section_labels": section_labels,
    "rubriq:starts_with": starts_with,
    "rubriq:last_line_starts_with": last_line_starts_with,
    "rubriq:last_sentence_starts_with": last_sentence_starts_with,
    "rubriq:ends_with_question": ends_with_question,
    "rubriq:bold_answer": bold_answer,
    "rubriq:no_emoji": no_emoji,
    "rubriq:emoji_count": emoji_count,
    "rubriq:no_headings": no_headings,
    "rubriq:no_markdown": no_markdown,
    "rubriq:all_lowercase": all_lowercase,
    "rubriq:all_uppercase": all_uppercase,
    "rubriq:postscript_content": postscript_content,
    "rubriq:forbidden_topic": forbidden_topic,
}
