"""Checking a constraint on an output, with evidence: the measured value and the spans where it fails.

Counting follows IFEval's conventions so verdicts agree with the official checker: words are `\\w+` tokens,
sentences come from Punkt's English model, relations are "less than" (count < N) and "at least" (count >= N);
paragraphs of `number_paragraphs` are separated by `***`, those of `nth_paragraph_first_word` by a blank line
("\\n\\n"); highlighted sections are `*text*` or `**text**` on one line; bullets are lines starting with `*` or `-`.

Loose mode (IFEval): the response also passes when one of its variants passes: first line removed, last line
removed, both removed, each with and without `*` characters (8 variants, the original included).

Messages are in the prompt's terms: what the output has, then the constraint as the prompt states it ("88 words;
the prompt allows at most 60", "150 words; the prompt asks for between 80 and 120"). A constraint without a
wording (built by hand, as benchmarks do) is stated in Rubriq's terms instead ("88 words, limit: fewer than 61").
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rubriq.core.constraints.checks_code import CODE_CHECKERS
from rubriq.core.constraints.checks_shape import SHAPE_CHECKERS
from rubriq.core.constraints.outcome import Outcome, count_outcome, plural, relation_ok, whole
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint, Mode, Verdict
from rubriq.core.text import Span, TextModel

HIGHLIGHT_RE = re.compile(r"\*[^\n*]*\*")
DOUBLE_HIGHLIGHT_RE = re.compile(r"\*\*[^\n*]*\*\*")
PARAGRAPH_DIVIDER_RE = re.compile(r"\s?\*\*\*\s?")
COMMA_RE = re.compile(",")
CONSTRAINED_ANSWERS = ("My answer is yes.", "My answer is no.", "My answer is maybe.")


_relation_ok, _plural, _whole, _count_outcome = relation_ok, plural, whole, count_outcome


WORD_RE = re.compile(r"\w+")
SENTENCE_END_RE = re.compile(r"[.?!]")


def _words(model: TextModel, p: dict[str, Any]) -> Outcome:
    count = model.word_count
    if _relation_ok(count, p["relation"], p["num_words"]):
        return _count_outcome(model, count, p["relation"], p["num_words"], "word")
    return _count_outcome(model, count, p["relation"], p["num_words"], "word", [w.span for w in model.words])


def _characters(model: TextModel, p: dict[str, Any]) -> Outcome:
    text = model.text.strip()
    outcome = _count_outcome(model, len(text), p["relation"], p["num_characters"], "character")
    if not outcome.passed and p["relation"] == LESS_THAN and len(text) >= p["num_characters"]:
        start = len(model.text) - len(model.text.lstrip())  # "fewer than N": the Nth character on is too many
        outcome.spans = [Span(start + max(0, p["num_characters"] - 1), start + len(text))]
    return outcome


def _approximate_words(model: TextModel, p: dict[str, Any]) -> Outcome:
    target, count = p["num_words"], model.word_count
    low, high = int(target * 0.9), int(target * 1.1 + 0.999)
    passed = low <= count <= high
    return Outcome(passed, count, f"{_plural(count, 'word')} ({low} to {high} is about {target})",
                   [] if passed else [_whole(model)], f"target: about {target}")


def _sentences(model: TextModel, p: dict[str, Any]) -> Outcome:
    if p["relation"] == LESS_THAN and "sentences" not in model.__dict__:
        # Punkt breaks only after ".", "?" or "!", so there are at most that many + 1 sentences: a limit above that
        # bound passes without segmenting (same verdict, a fraction of the time).
        upper = len(SENTENCE_END_RE.findall(model.text)) + 1
        if upper < p["num_sentences"]:
            return Outcome(True, f"at most {upper}", f"at most {upper} sentences",
                           requirement=f"limit: fewer than {p['num_sentences']}")
    sentences = model.sentences
    return _count_outcome(model, len(sentences), p["relation"], p["num_sentences"], "sentence",
                          [s.span for s in sentences])


def _divider_paragraphs(text: str) -> tuple[list[Span], bool]:
    """Paragraphs separated by `***` (IFEval's markdown divider); False when an inner one is empty."""
    spans, pos, ok = [], 0, True
    pieces: list[tuple[int, int]] = []
    for m in PARAGRAPH_DIVIDER_RE.finditer(text):
        pieces.append((pos, m.start()))
        pos = m.end()
    pieces.append((pos, len(text)))
    for index, (start, end) in enumerate(pieces):
        if not text[start:end].strip():
            if 0 < index < len(pieces) - 1:
                ok = False
            continue
        spans.append(Span(start, end))
    return spans, ok


def _paragraphs(model: TextModel, p: dict[str, Any]) -> Outcome:
    spans, ok = _divider_paragraphs(model.text)
    target = p["num_paragraphs"]
    count = len(spans)
    passed = ok and count == target
    message = f"{_plural(count, 'paragraph')} separated by ***"
    if not ok:
        message += " (an empty paragraph between two *** dividers)"
    fail = [] if passed else ([Span(spans[target].start, spans[-1].end)] if count > target else [_whole(model)])
    return Outcome(passed, count, message, fail, f"required: exactly {target}")


def _blank_line_paragraphs(model: TextModel, p: dict[str, Any]) -> Outcome:
    spans = [s.span for s in model.paragraphs]
    return _count_outcome(model, len(spans), p.get("relation", EXACTLY), p["num_paragraphs"], "paragraph", spans)


def _first_word(paragraph: str) -> str:
    tokens = paragraph.split()
    if not tokens:
        return ""
    word = tokens[0].strip().lstrip("'").lstrip('"')
    letters = []
    for ch in word:
        if ch in ".,?!'\"":
            break
        letters.append(ch.lower())
    return "".join(letters)


def _nth_paragraph_first_word(model: TextModel, p: dict[str, Any]) -> Outcome:
    text = model.text
    pieces: list[tuple[int, int]] = []
    pos = 0
    for m in re.finditer("\n\n", text):
        pieces.append((pos, m.start()))
        pos = m.end()
    pieces.append((pos, len(text)))
    count = sum(1 for s, e in pieces if text[s:e].strip())
    nth, expected, wanted = p["nth_paragraph"], p.get("num_paragraphs"), p["first_word"].lower()
    if nth > count or nth < 1:
        return Outcome(False, count, f"{_plural(count, 'paragraph')}; paragraph {nth} does not exist", [_whole(model)])
    start, end = pieces[nth - 1]
    paragraph = text[start:end]
    first = _first_word(paragraph.strip())
    count_ok = expected is None or count == expected
    passed = bool(paragraph.strip()) and count_ok and first == wanted
    parts = [f"paragraph {nth} starts with {first!r}"]
    if expected is not None:
        parts.insert(0, _plural(count, "paragraph"))
    lead = len(paragraph) - len(paragraph.lstrip())
    word_span = Span(start + lead, start + lead + max(1, len(paragraph.strip().split()[0]) if paragraph.strip() else 0))
    spans = [] if passed else [word_span if first != wanted else _whole(model)]
    requirement = f"required: {wanted!r}" + (f" and {expected} paragraphs" if expected is not None else "")
    return Outcome(passed, first, ", ".join(parts), spans, requirement)


def placeholder_spans(text: str) -> list[Span]:
    """Non-overlapping `[...]` runs within one line, each from a `[` to the next `]`, found in one pass.

    Same matches as IFEval's `\\[.*?\\]`, without its quadratic rescans of a line where `]` never comes.
    """
    spans, pos, n = [], 0, len(text)
    line_end = -1  # where the line holding `pos` ends: found once per line, every search stays inside it
    while pos < n:
        start = text.find("[", pos)
        if start < 0:
            break
        if start > line_end:
            line_end = text.find("\n", start)
            line_end = n if line_end < 0 else line_end
        close = text.find("]", start + 1, line_end)
        if close >= 0:
            spans.append(Span(start, close + 1))
            pos = close + 1
        else:  # no `]` before the line ends: no later `[` on this line closes either
            pos = line_end + 1
    return spans


def _placeholders(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = placeholder_spans(model.text)
    return _count_outcome(model, len(found), AT_LEAST, p["num_placeholders"], "placeholder")


def _postscript_pattern(marker: str) -> re.Pattern[str]:
    """The marker anywhere in the lowercased text (IFEval's leading `\\s*` and trailing `.*$` match any text)."""
    marker = marker.strip()
    if marker == "P.P.S":
        return re.compile(r"p\.\s?p\.\s?s")
    if marker == "P.S.":
        return re.compile(r"p\.\s?s\.")
    if marker == "PS":  # written without dots (German): at the start of a line, with or without them
        return re.compile(r"^[ \t*_]*p\.?\s?s\b", re.MULTILINE)
    return re.compile(re.escape(marker.lower()))


def _postscript(model: TextModel, p: dict[str, Any]) -> Outcome:
    marker = p["postscript_marker"]
    found = _postscript_pattern(marker).search(model.text.lower())
    if found:
        return Outcome(True, "present", f"postscript starting with {marker} found")
    last = model.lines[-1].span if model.lines else _whole(model)
    return Outcome(False, "missing", f"no postscript starting with {marker}", [last])


def _bullet_spans(text: str) -> list[Span]:
    """Lines that start (after blanks) with `*` not followed by `*`, or with `-`."""
    spans: list[Span] = []
    lines = text.split("\n")
    pos = 0
    skip_next = False
    for index, line in enumerate(lines):
        start = pos
        pos += len(line) + 1
        body = line.lstrip()
        star_consumed, skip_next = skip_next, False  # IFEval's two patterns count "*" and "-" lines apart
        if body.startswith("-"):
            spans.append(Span(start, start + len(line)))
        elif body.startswith("*") and not star_consumed:
            if len(body) > 1 and body[1] != "*":
                spans.append(Span(start, start + len(line)))
            elif len(body) == 1 and index < len(lines) - 1:  # a lone "*": the newline stands in for the character
                spans.append(Span(start, start + len(line)))
                skip_next = True
    return spans


def _bullets(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = _bullet_spans(model.text)
    return _count_outcome(model, len(items), EXACTLY, p["num_bullets"], "bullet point", items)


def _bullet_range(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = _bullet_spans(model.text)
    low, high = p.get("min"), p.get("max")
    count = len(items)
    passed = (low is None or count >= low) and (high is None or count <= high)
    bound = f"between {low} and {high}" if low is not None and high is not None else (
        f"at least {low}" if low is not None else f"at most {high}")
    spans = [] if passed else ([Span(items[high].start, items[-1].end)] if high is not None and count > high
                               else [_whole(model)])
    return Outcome(passed, count, _plural(count, "bullet point"), spans, f"required: {bound}")


def _constrained(model: TextModel, p: dict[str, Any]) -> Outcome:
    text = model.text.strip()
    for option in CONSTRAINED_ANSWERS:
        if option in text:
            return Outcome(True, option, f"contains {option!r}")
    return Outcome(False, "none", "none of the answers 'My answer is yes.', 'My answer is no.', 'My answer is "
                   "maybe.'", [_whole(model)])


def _highlights(model: TextModel, p: dict[str, Any]) -> Outcome:
    count = 0
    for pattern in (HIGHLIGHT_RE, DOUBLE_HIGHLIGHT_RE):
        for m in pattern.finditer(model.text):
            if m.group().strip("*").strip():
                count += 1
    return _count_outcome(model, count, AT_LEAST, p["num_highlights"], "highlighted section")


def _sections(model: TextModel, p: dict[str, Any]) -> Outcome:
    splitter = p["section_spliter"]
    pattern = re.compile(r"\s?" + re.escape(splitter) + r"\s?\d+\s?")
    count = len(pattern.findall(model.text))
    return _count_outcome(model, count, AT_LEAST, p["num_sections"], f"section marked {splitter} X")


def _strip_fences(text: str) -> str:
    value = text.strip()
    for prefix in ("```json", "```Json", "```JSON", "```"):
        if value.startswith(prefix):
            value = value[len(prefix):]
            break
    if value.endswith("```"):
        value = value[:-3]
    return value.strip()


def _json(model: TextModel, p: dict[str, Any]) -> Outcome:
    try:
        json.loads(_strip_fences(model.text))
    except (ValueError, RecursionError) as exc:  # RecursionError: nesting deeper than the parser goes
        return Outcome(False, "invalid", f"the response is not valid JSON ({str(exc)[:80]})", [_whole(model)])
    return Outcome(True, "valid", "the response is valid JSON")


def _title(model: TextModel, p: dict[str, Any]) -> Outcome:
    # Per line, the regex `<<[^\n]+>>` matches from the first `<<` to the last `>>` (greedy); found in one pass.
    for line in model.text.split("\n"):
        first, last = line.find("<<"), line.rfind(">>")
        if first >= 0 and last >= first + 3:
            title = line[first:last + 2]
            if title.lstrip("<").rstrip(">").strip():
                return Outcome(True, "present", f"title {title[:60]}")
    return Outcome(False, "missing", "no title wrapped in double angular brackets <<title>>",
                   [model.lines[0].span] if model.lines else [])


def _two_responses(model: TextModel, p: dict[str, Any]) -> Outcome:
    pieces = model.text.split("******")
    valid: list[str] = []
    for index, piece in enumerate(pieces):
        if not piece.strip():
            if 0 < index < len(pieces) - 1:
                return Outcome(False, len(valid), "an empty response between ****** separators", [_whole(model)])
            continue
        valid.append(piece)
    if len(valid) != 2:
        return Outcome(False, len(valid), f"{_plural(len(valid), 'response')} separated by ******",
                       [_whole(model)], "required: 2")
    if valid[0].strip() == valid[1].strip():
        return Outcome(False, 2, "the two responses are identical", [_whole(model)])
    return Outcome(True, 2, "two different responses separated by ******")


def _repeat_prompt(model: TextModel, p: dict[str, Any]) -> Outcome:
    wanted = p["prompt_to_repeat"].strip().lower()
    passed = model.text.strip().lower().startswith(wanted)
    if passed:
        return Outcome(True, "repeated", "starts with the request, repeated word for word")
    first = model.sentences[0].span if model.sentences else _whole(model)
    return Outcome(False, "not repeated", "does not start with the request repeated word for word", [first])


def _end_phrase(model: TextModel, p: dict[str, Any]) -> Outcome:
    phrase = p["end_phrase"].strip()
    value = model.text.strip().strip('"').lower()
    passed = value.endswith(phrase.lower())
    ending = model.text.strip()[-60:]
    if passed:
        return Outcome(True, ending, f"ends with {phrase!r}")
    tail = model.sentences[-1].span if model.sentences else _whole(model)
    return Outcome(False, ending, f"ends with {ending!r}", [tail], f"required: {phrase!r}")


def _quotation(model: TextModel, p: dict[str, Any]) -> Outcome:
    value = model.text.strip()
    passed = len(value) > 1 and value[0] == '"' and value[-1] == '"'
    return Outcome(passed, "quoted" if passed else "not quoted",
                   "wrapped in double quotation marks" if passed else "not wrapped in double quotation marks",
                   [] if passed else [_whole(model)])


def _no_comma(model: TextModel, p: dict[str, Any]) -> Outcome:
    commas = [Span(m.start(), m.end()) for m in COMMA_RE.finditer(model.text)]
    return Outcome(not commas, len(commas), _plural(len(commas), "comma"), commas[:50], "limit: none")


def _detect_language(text: str) -> str | None:
    """langdetect's language code, seeded for determinism; None when it cannot tell (no letters)."""
    from langdetect import DetectorFactory, detect
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    try:
        return detect(text)
    except LangDetectException:
        return None


def _language(model: TextModel, p: dict[str, Any]) -> Outcome:
    wanted = p["language"]
    found = _detect_language(model.text)
    if found is None:
        return Outcome(True, "unknown", "language cannot be detected; IFEval counts that as a pass")
    passed = found == wanted
    return Outcome(passed, found, f"detected language {found}", [] if passed else [_whole(model)],
                   f"required: {wanted}")


def _case_spans(text: str, wrong: Callable[[str], bool]) -> list[Span]:
    return [Span(m.start(), m.end()) for m in re.finditer(r"[^\W\d_]+", text) if wrong(m.group())][:50]


def _english_case(model: TextModel, upper: bool) -> Outcome:
    """IFEval's english_capital / english_lowercase: the whole response in one case, and in English."""
    text = model.text
    in_case = text.isupper() if upper else text.islower()
    case_name = "capital" if upper else "lowercase"
    language = _detect_language(text)
    english = language in (None, "en")
    passed = in_case and english
    parts = []
    if not in_case:
        parts.append(f"not all {case_name} letters")
    if not english:
        parts.append(f"detected language {language}")
    to_case = str.upper if upper else str.lower
    spans = _case_spans(text, lambda w: w != to_case(w)) if not in_case else [_whole(model)]
    measured = f"all {'capitals' if upper else 'lowercase'}" if in_case else \
        f"{'lowercase' if upper else 'capital'} letters present"
    return Outcome(passed, measured, "; ".join(parts) or f"all {case_name} letters, in English",
                   [] if passed else spans)


def _english_capital(model: TextModel, p: dict[str, Any]) -> Outcome:
    return _english_case(model, upper=True)


def _english_lowercase(model: TextModel, p: dict[str, Any]) -> Outcome:
    return _english_case(model, upper=False)


@lru_cache(maxsize=1)
def _word_tokenizer() -> Any:
    from nltk.tokenize import NLTKWordTokenizer  # the tokenizer behind nltk.word_tokenize, which IFEval counts with

    return NLTKWordTokenizer()


def _capital_words(model: TextModel, p: dict[str, Any]) -> Outcome:
    """Words in capitals as `nltk.word_tokenize` splits them: Punkt sentences, then the Treebank-style tokenizer."""
    tokenizer = _word_tokenizer()
    capitals: list[Span] = []
    uncounted = 0  # tokens counted without a place (span alignment failed on rewritten quotes)
    for sentence in model.sentences:
        try:
            spans = [Span(sentence.span.start + a, sentence.span.start + b)
                     for a, b in tokenizer.span_tokenize(sentence.text)]
        except ValueError:
            uncounted += sum(1 for token in tokenizer.tokenize(sentence.text) if token.isupper())
            continue
        capitals += [span for span in spans if span.slice(model.text).isupper()]
    if uncounted:
        return _count_outcome(model, len(capitals) + uncounted, p["capital_relation"], p["capital_frequency"],
                              "word in all capital letters")
    return _count_outcome(model, len(capitals), p["capital_relation"], p["capital_frequency"],
                          "word in all capital letters", capitals)


def _keyword_spans(text: str, keyword: str) -> list[Span]:
    pattern = re.compile(re.escape(keyword), re.IGNORECASE)
    return [Span(m.start(), m.end()) for m in pattern.finditer(text)]


def _existence(model: TextModel, p: dict[str, Any]) -> Outcome:
    missing = [k for k in p["keywords"] if not _keyword_spans(model.text, k)]
    present = len(p["keywords"]) - len(missing)
    if missing:
        return Outcome(False, present, f"missing: {', '.join(missing)}", [_whole(model)])
    return Outcome(True, present, f"all {len(p['keywords'])} required keywords present")


def _required_phrase(model: TextModel, p: dict[str, Any]) -> Outcome:
    phrase = p["phrase"]
    passed = phrase.lower() in model.text.lower()
    return Outcome(passed, "present" if passed else "missing", f"phrase {phrase!r} " + ("present" if passed
                   else "missing"), [] if passed else [_whole(model)])


def _frequency(model: TextModel, p: dict[str, Any]) -> Outcome:
    found = _keyword_spans(model.text, p["keyword"])
    outcome = _count_outcome(model, len(found), p["relation"], p["frequency"], f"occurrence of {p['keyword']!r}",
                             found)
    return outcome


def _forbidden(model: TextModel, p: dict[str, Any]) -> Outcome:
    spans: list[Span] = []
    uses: list[str] = []
    for word in p["forbidden_words"]:
        pattern = re.compile(r"\b" + re.escape(word) + r"\b", re.IGNORECASE)
        found = [Span(m.start(), m.end()) for m in pattern.finditer(model.text)]
        if found:
            uses.append(f"{word!r} {_plural(len(found), 'time')}")
            spans.extend(found)
    spans.sort()
    if uses:
        return Outcome(False, len(spans), "uses " + ", ".join(uses), spans[:50], "required: none of them")
    return Outcome(True, 0, "no forbidden word used")


def _letters(model: TextModel, p: dict[str, Any]) -> Outcome:
    letter = p["letter"].lower()
    count = model.text.lower().count(letter)
    spans = []
    if p["let_relation"] == LESS_THAN and count >= p["let_frequency"]:
        spans = [Span(m.start(), m.end()) for m in re.finditer(re.escape(letter), model.text, re.IGNORECASE)][:50]
    outcome = _count_outcome(model, count, p["let_relation"], p["let_frequency"], f"occurrence of {letter!r}")
    if spans:
        outcome.spans = spans
    return outcome


def _strip_code_fence(text: str) -> str:
    value = text.strip()
    if value.startswith("```"):
        value = value.split("\n", 1)[1] if "\n" in value else ""
    if value.rstrip().endswith("```"):
        value = value.rstrip()[:-3]
    return value


MAX_NESTING = 100  # deeper bracket nesting is no document anyone asked for; the YAML parser would recurse


def _nesting_depth(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}" and depth:
            depth -= 1
    return deepest


def _yaml(model: TextModel, p: dict[str, Any]) -> Outcome:
    import yaml

    if _nesting_depth(model.text) > MAX_NESTING:
        return Outcome(False, "invalid", f"not valid YAML (brackets nested deeper than {MAX_NESTING})",
                       [_whole(model)])
    try:
        loaded = yaml.safe_load(_strip_code_fence(model.text))
    except RecursionError:
        return Outcome(False, "invalid", "not valid YAML (nested too deeply)", [_whole(model)])
    except yaml.YAMLError as exc:
        return Outcome(False, "invalid", f"not valid YAML ({str(exc).splitlines()[0][:80]})", [_whole(model)])
    if not isinstance(loaded, dict | list):
        return Outcome(False, "scalar", "YAML parses to a plain value, not a mapping or list", [_whole(model)])
    return Outcome(True, "valid", "valid YAML mapping or list")


TABLE_ROW_RE = re.compile(r"^[ \t]{0,3}\|?[^\n|]{0,400}\|[^\n]{0,2000}$", re.MULTILINE)
TABLE_RULE_RE = re.compile(r"^[ \t]{0,3}\|?[ \t]{0,8}:?-{3,200}:?[ \t]{0,8}\|", re.MULTILINE)


def _markdown_table(model: TextModel, p: dict[str, Any]) -> Outcome:
    has_rule = TABLE_RULE_RE.search(model.text) is not None
    rows = len(TABLE_ROW_RE.findall(model.text))
    passed = has_rule and rows >= 3
    return Outcome(passed, rows, f"markdown table with {_plural(rows, 'row')}" if passed
                   else "no markdown table (a header row, a |---| rule and at least one row)",
                   [] if passed else [_whole(model)])


def _csv(model: TextModel, p: dict[str, Any]) -> Outcome:
    import csv

    lines = [line for line in _strip_code_fence(model.text).splitlines() if line.strip()]
    try:
        rows = list(csv.reader(lines))
    except csv.Error as exc:  # a field over the csv module's limit (131,072 characters), a stray NUL...
        return Outcome(False, "invalid", f"not CSV ({str(exc)[:80]})", [_whole(model)])
    widths = {len(row) for row in rows}
    passed = len(rows) >= 2 and len(widths) == 1 and widths != {1}
    return Outcome(passed, len(rows), f"CSV with {_plural(len(rows), 'row')} of one width" if passed
                   else "not CSV: rows of differing widths or a single column", [] if passed else [_whole(model)])


def _numbered_list(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = [s.span for s in model.numbered_items]
    if p.get("num_items") is not None:
        return _count_outcome(model, len(items), EXACTLY, p["num_items"], "numbered item", items)
    return Outcome(bool(items), len(items), f"{_plural(len(items), 'numbered item')}",
                   [] if items else [_whole(model)])


def _bullet_list(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = _bullet_spans(model.text) + [s.span for s in model.numbered_items]
    return Outcome(bool(items), len(items), f"{_plural(len(items), 'list item')}", [] if items else [_whole(model)])


def _no_lists(model: TextModel, p: dict[str, Any]) -> Outcome:
    items = sorted(_bullet_spans(model.text) + [s.span for s in model.numbered_items])
    return Outcome(not items, len(items), _plural(len(items), "list item"), items[:50], "required: none")


def _heading_spans(text: str) -> list[Span]:
    """Markdown ATX headings: a line of 1-6 `#`, a blank, then text."""
    spans, pos = [], 0
    for line in text.split("\n"):
        body = line.lstrip(" ")
        hashes = len(body) - len(body.lstrip("#"))
        if len(line) - len(body) <= 3 and 1 <= hashes <= 6 and body[hashes:hashes + 1] in (" ", "\t") and \
                body[hashes:].strip():
            spans.append(Span(pos, pos + len(line)))
        pos += len(line) + 1
    return spans


def _headings(model: TextModel, p: dict[str, Any]) -> Outcome:
    headings = _heading_spans(model.text)
    need = p.get("num_headings") or 1
    return _count_outcome(model, len(headings), AT_LEAST, need, "markdown heading", headings)


def _reading_level(model: TextModel, p: dict[str, Any]) -> Outcome:
    from rubriq.core.metrics.readability import grade_level  # textstat with the offline CMU dictionary

    # Runs longer than any word are not words (and make syllable counting slow): leave them out.
    words_only = " ".join(token for token in model.text.split() if len(token) <= 40)
    grade = round(grade_level(words_only), 1) if words_only else 0.0
    target = p["grade"]
    passed = grade <= target + 1
    return Outcome(passed, grade, f"Flesch-Kincaid grade {grade} (grade {target} allows up to {target + 1})",
                   [] if passed else [_whole(model)], f"target: grade {target}")


def _haiku(model: TextModel, p: dict[str, Any]) -> Outcome:
    for paragraph in model.paragraphs:
        lines = [ln for ln in paragraph.text.split("\n") if ln.strip() and not ln.strip().startswith(("<<", "#"))]
        if len(lines) == 3:
            return Outcome(True, 3, "a stanza of three lines")
    return Outcome(False, 0, "no stanza of exactly three lines", [_whole(model)])


CHECKERS: dict[str, Callable[[TextModel, dict[str, Any]], Outcome]] = {
    "change_case:capital_word_frequency": _capital_words,
    "change_case:english_capital": _english_capital,
    "change_case:english_lowercase": _english_lowercase,
    "combination:repeat_prompt": _repeat_prompt,
    "combination:two_responses": _two_responses,
    "detectable_content:number_placeholders": _placeholders,
    "detectable_content:postscript": _postscript,
    "detectable_format:constrained_response": _constrained,
    "detectable_format:json_format": _json,
    "detectable_format:multiple_sections": _sections,
    "detectable_format:number_bullet_lists": _bullets,
    "detectable_format:number_highlighted_sections": _highlights,
    "detectable_format:title": _title,
    "keywords:existence": _existence,
    "keywords:forbidden_words": _forbidden,
    "keywords:frequency": _frequency,
    "keywords:letter_frequency": _letters,
    "language:response_language": _language,
    "length_constraints:nth_paragraph_first_word": _nth_paragraph_first_word,
    "length_constraints:number_paragraphs": _paragraphs,
    "length_constraints:number_sentences": _sentences,
    "length_constraints:number_words": _words,
    "punctuation:no_comma": _no_comma,
    "startend:end_checker": _end_phrase,
    "startend:quotation": _quotation,
    "rubriq:approximate_words": _approximate_words,
    "rubriq:number_characters": _characters,
    "rubriq:required_phrase": _required_phrase,
    "rubriq:number_paragraphs": _blank_line_paragraphs,
    "rubriq:bullet_count": _bullet_range,
    "rubriq:bullet_list": _bullet_list,
    "rubriq:no_lists": _no_lists,
    "rubriq:numbered_list": _numbered_list,
    "rubriq:yaml_format": _yaml,
    "rubriq:markdown_table": _markdown_table,
    "rubriq:csv_format": _csv,
    "rubriq:headings": _headings,
    "rubriq:reading_level": _reading_level,
    "rubriq:haiku": _haiku,
    **CODE_CHECKERS,
    **SHAPE_CHECKERS,
}


def loose_variants(text: str) -> list[str]:
    """IFEval's loose variants: first line, last line or both removed, each with and without `*`."""
    lines = text.split("\n")
    without_first = "\n".join(lines[1:]).strip()
    without_last = "\n".join(lines[:-1]).strip()
    without_both = "\n".join(lines[1:-1]).strip()
    bases = [text, without_first, without_last, without_both]
    return bases[:1] + [text.replace("*", "")] + bases[1:] + [b.replace("*", "") for b in bases[1:]]


@lru_cache(maxsize=8)
def _loose_models(text: str) -> tuple[TextModel, ...]:
    """The loose variants of one output, segmented once and shared by every constraint checked on it."""
    return tuple(TextModel(variant) for variant in loose_variants(text)[1:] if variant.strip())


def _run(kind: str, model: TextModel, params: dict[str, Any]) -> Outcome:
    if not model.text.strip():  # IFEval: an empty response follows no instruction
        return Outcome(False, "empty", "the response is empty", [])
    return CHECKERS[kind](model, params)


def check_constraint(output: TextModel | str, constraint: Constraint, mode: Mode = "strict") -> Verdict:
    """Check one constraint on the output. Loose mode passes when any IFEval loose variant passes.

    Evidence (measured value, message, spans) always comes from the output as given, so spans point into it.
    """
    model = output if isinstance(output, TextModel) else TextModel(output)
    outcome = _run(constraint.kind, model, constraint.params)
    passed = outcome.passed
    if mode == "loose" and not passed:
        for variant_model in _loose_models(model.text):
            if _run(constraint.kind, variant_model, constraint.params).passed:
                passed = True
                break
    spans = () if passed else tuple(outcome.spans)
    return Verdict(constraint, passed, mode, outcome.measured, _message(outcome, constraint), spans)


_UPPER_LIMITS = ("at most", "fewer than", "less than", "under", "no ", "none")
_IMPERATIVES = ("end with", "include", "start ", "begin", "answer with", "repeat")  # wordings that are instructions
_NUMBER_AND_UNIT_RE = re.compile(r"^(?P<bound>.*\d)\s+(?P<unit>[a-z]+)$")


def _message(outcome: Outcome, constraint: Constraint) -> str:
    """What the output has, then the constraint as the prompt states it (its `wording`)."""
    wording = constraint.wording.strip()
    if not wording:
        return ", ".join(part for part in (outcome.message, outcome.requirement) if part)
    stated = _NUMBER_AND_UNIT_RE.match(wording)
    last_word = outcome.message.rsplit(" ", 1)[-1].lower()
    if stated and last_word.rstrip("s") == stated.group("unit").rstrip("s"):
        wording = stated.group("bound")  # "88 words; the prompt allows at most 60": the unit is said once
    if wording.startswith(_UPPER_LIMITS):
        return f"{outcome.message}; the prompt allows {wording}"
    if wording.startswith(_IMPERATIVES):
        return f"{outcome.message}; the prompt says: {wording}"
    return f"{outcome.message}; the prompt asks for {wording}"
