"""Whole-response formats: JSON, YAML, CSV, a markdown table, headings, a <<title>>, two responses separated
by ******, the fixed answers "My answer is yes./no./maybe."; the keys of the JSON and the columns of a table;
markup (emoji, headings, markdown, a bold final answer).
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.grammar import (
    POST,
    REL,
    Extraction,
    bounds_for,
    negated_before,
    phrase_list,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

JSON_RE = re.compile(
    r"\b(?:in|as|into|using|with|to)\s+(?:a\s+|an\s+|the\s+|valid\s+|proper\s+|structured\s+)?JSON\b(?!\s+schema)|"
    r"\b(?:response|answer|output|reply|result)\s+(?:is|should\s+be|must\s+be)\s+(?:valid\s+)?JSON\b|"
    r"\b(?:return|output|respond\s+with|reply\s+with|answer\s+with|give\s+me|give|produce|emit|send)\s+(?:me\s+)?"
    r"(?:only\s+|valid\s+|a\s+|an\s+|a\s+valid\s+)?JSON\b(?!\s+schema)|"
    r"\bJSON\s+(?:format|object|output|only|array)\b|\bvalid\s+JSON\b|"
    r"(?:^|(?<=[.!?:\n]\s)|(?<=\n))JSON\s+(?:please|pls|bitte|por\s+favor|s'il\s+(?:te|vous)\s+plaît)\b|"
    r"\bthe\s+JSON\s+(?:must|should|needs\s+to)\s+(?:have|contain|include|use)\b", re.IGNORECASE)
# "make that a CSV", "turn it into YAML": the answer is the data in that format
_MAKE_IT = r"\b(?:make|turn|put|convert)\s+(?:that|this|it|them|these|those)\s+(?:into\s+)?(?:a\s+)?"
# "convert the list to CSV", "export these to YAML": the verb of changing format, then "to"
_CONVERT_TO = (r"\b(?:convert|export|change|switch|transform|translate|save)(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,4}?"
               r"to\s+(?:a\s+|the\s+)?")
YAML_RE = re.compile(r"\b(?:in|as|into|using)\s+(?:a\s+|valid\s+|the\s+)?YAML\b|\bYAML[\s-]+(?:format|only|document)\b|"
                     rf"{_MAKE_IT}YAML\b|{_CONVERT_TO}YAML\b", re.IGNORECASE)
# "in the CSV" points at a file that exists ("the figures as they are in the CSV"), unless it names the format
CSV_RE = re.compile(r"\b(?:in|as|into|using)\s+(?:please\s+)?(?:a\s+|the\s+(?=CSV[\s-]+format))?(?:format\s+)?"
                    r"CSV\b|"
                    r"\bCSV[\s-]+(?:format|only)\b|"
                    r"\b(?:make|give|create|produce|write|output|return)\s+(?:me\s+)?(?:a\s+)?CSV\b|"
                    r"\b(?:i|we)\s+(?:need|want|'d\s+like|would\s+like)\s+(?:a|the\s+data\s+as\s+a)\s+CSV\b|"
                    rf"{_MAKE_IT}CSV\b|{_CONVERT_TO}CSV\b|"
                    # "CSV please", "A CSV with a header row." (the request as a fragment)
                    r"\bCSV[ \t]*,?[ \t]*(?:please|pls)\b|"
                    r"(?:^|(?<=[.!?:]\s))(?:a|one)\s+CSV\b(?!\s+(?:file|export|attachment|is|was|that|which|i|we))",
                    re.IGNORECASE | re.MULTILINE)
TABLE_RE = re.compile(
    r"\b(?:in|as|into|using)\s+(?:a\s+)?(?:markdown\s+)?table\b|\bmarkdown\s+table\b|\btable\s+format\b|"
    r"\ba\s+table\s+in\s+markdown\b|"
    r"\ba\s+table\s+(?:of|comparing|with\s+(?:(?:\d{1,2}|two|three|four|five|six)\s+)?columns|that\s+(?:compares|lists|"
    r"shows))\b|"
    # "make me a table", « hazme una tabla » (glossed): a table asked for as the reply
    r"\b(?:make|give|draw|build|put\s+together)\s+(?:me|us)\s+a\s+(?:quick\s+|small\s+|simple\s+|little\s+)?table\b",
    re.IGNORECASE)
HEADINGS_RE = re.compile(
    r"\b(?:use|using|with|include|add|under)\s+(?:markdown\s+|clear\s+|section\s+)?(?:headings|headers)\b",
    re.IGNORECASE)
TITLE_RE = re.compile(r"double\s+angul?ar\s+brackets|double\s+angle\s*-?\s*brackets|<<[^<>\n]{1,80}>>", re.IGNORECASE)
TWO_RESPONSES_RE = re.compile(r"\*{6}|\b(?:6|six)\s+asterisks?\b", re.IGNORECASE)
CONSTRAINED_RE = re.compile(r"my\s+answer\s+is\s+(?:yes|no|maybe)", re.IGNORECASE)


def extract_formats(ex: Extraction) -> None:
    view = ex.view
    for regex, kind, subtype, wording, conf in (
        (JSON_RE, "detectable_format:json_format", "format", "the whole response in JSON", 0.9),
        (YAML_RE, "rubriq:yaml_format", "format", "the whole response in YAML", 0.85),
        (CSV_RE, "rubriq:csv_format", "format", "the whole response as CSV", 0.8),
        (TABLE_RE, "rubriq:markdown_table", "format", "a markdown table", 0.75),
        (HEADINGS_RE, "rubriq:headings", "structure", "markdown headings", 0.75),
    ):
        m = regex.search(view)
        if m and kind == "rubriq:csv_format" and _users_own_file(view, m.end() - 1):
            m = None  # "I export our members from the booking system as a CSV": the material, not the reply
        if m and not negated_before(view, m.start(), 25):
            ex.add(kind, subtype, {}, Span(m.start(), m.end()), wording, conf)
    m = TITLE_RE.search(view)
    if m:
        ex.add("detectable_format:title", "format", {}, Span(m.start(), m.end()),
               "a title wrapped in double angular brackets <<title>>")
    m = TWO_RESPONSES_RE.search(view)
    if m:
        ex.add("combination:two_responses", "structure", {}, Span(m.start(), m.end()),
               "two different responses separated by ******")
    m = CONSTRAINED_RE.search(view)
    if m:
        ex.add("detectable_format:constrained_response", "format", {}, Span(m.start(), m.end()),
               "answer with 'My answer is yes.', 'My answer is no.' or 'My answer is maybe.'")


# ---------------------------------------------------------------------------------------------------------------
# JSON keys and table columns: "with the keys "name" and "mission"", "Extract the following fields as JSON: brand,
# model, price_eur", a schema written out (`{"invoice_number": string, ...}`), "no other keys"; "a table with the
# columns Day, Activity and Duration", "CSV with the header row: date,from,to,flight".

KEYS_RE = re.compile(
    r"\b(?:with|having|containing|contain|include|including|has|have|use|using|needs?|requires?)\s+(?:the\s+|these\s+|exactly\s+"
    r"(?:the\s+|these\s+)?)?(?:(?:following|same)\s+)?(?:keys|fields|properties|attributes)\s*(?:named\s+|called\s+)?:?\s*|"
    r"\b(?:keys|fields|properties)\s*:\s*|\b(?:the|these)\s+(?:keys|fields)\s+(?=[\"'`“‘])|"
    # "one object per child and the keys name, need and severity": the names listed bare
    r"\b(?:the|these)\s+(?:keys|fields)\s+(?=[a-z_][\w-]{0,40}\s*(?:,|\s+and\s+)\s*[a-z_][\w-]{0,40}\b)|"
    # "as one object, keys supplier, invoice_number, total and due_date": the keys listed right after the word
    r"(?<=[,;(]\s)(?:keys|fields)\s+(?=[\"'`“‘]?[a-z_][\w-]{0,40}[\"'`”’]?\s*,)|"
    # "a JSON array, each with name, attending, dietary and plus_one"
    r"\b(?:each|every)\s+(?:one\s+)?(?:with|having|holding|containing)\s+(?=[\"'`“‘]?[a-z_][\w-]{0,40}[\"'`”’]?\s*,)|"
    # "an array of objects with name, email and phone"
    r"\b(?:objects|records|entries|items|rows)\s+(?:with|having|holding|containing)\s+"
    r"(?=[\"'`“‘]?[a-z_][\w-]{0,40}[\"'`”’]?\s*,)|"
    # "a list, each object with day, start, end and house", "each object holding pet, treatment and due"
    r"\b(?:each|every)\s+(?:object|entry|item|element|record)\s+(?:with|has|having|holding|containing|gets|needs|"
    r"requires)\s+"
    r"(?:the\s+|these\s+)?(?:following\s+)?(?:(?:keys|fields)(?:\s*:\s*|\s+))?|"
    r"\b(?:extract|pull\s+out|return|give\s+me|list)\s+(?:the\s+|these\s+)?(?:following\s+)?(?:fields|keys|values|"
    r"properties)\b[^:\n]{0,60}:\s*", re.IGNORECASE)
KEYS_BEFORE_NOUN_RE = re.compile(
    r"\b(?:with|having|containing|include|including|has|have)\s+(?:the\s+)?(?P<list>[\"'`“‘][^\"'`”’\n]{1,40}[\"'`”’]"
    r"(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)[\"'`“‘][^\"'`”’\n]{1,40}[\"'`”’]){0,20})\s+(?:keys|fields|properties)\b",
    re.IGNORECASE)
SCHEMA_KEY_RE = re.compile(r"[\"']([A-Za-z_][\w-]{0,40})[\"']\s*:")
SCHEMA_CUE_RE = re.compile(r"\b(?:schema|format|structure|shape|template|like\s+this|as\s+follows|following)\b",
                           re.IGNORECASE)
NO_EXTRA_KEYS_RE = re.compile(
    r"\b(?:no\s+(?:other|extra|additional|more)\s+(?:keys?|fields?|properties|property)|(?:only|just)\s+(?:these|those|the\s+"
    r"(?:listed|given|above))\s+(?:keys|fields|properties)|(?:don'?t|do\s+not|never)\s+add\s+(?:any\s+)?(?:other\s+|"
    r"extra\s+|new\s+|additional\s+)?(?:keys|fields|properties)(?:\s+(?:that\s+)?(?:aren'?t|are\s+not|not)\s+in\s+"
    r"the\s+(?:schema|list|format))?|nothing\s+(?:else|more|beyond)\s+in\s+the\s+(?:objects?|json|entries|items)|"
    # "Those four keys only", "these fields and nothing else"
    r"(?:those|these)\s+(?:\w+\s+)?(?:keys|fields|properties)\s+(?:only|and\s+nothing\s+(?:else|more))|"
    # "nothing beyond those three keys"
    r"nothing\s+(?:beyond|past|outside)\s+(?:those|these|the)\s+(?:\w+\s+)?(?:keys|fields|properties)|"
    # "Don't invent any other fields."
    r"(?:don'?t|do\s+not|never)\s+(?:invent|make\s+up|create|include)\s+(?:any\s+)?(?:other|extra|new|additional|"
    r"more)\s+(?:keys|fields|properties))\b", re.IGNORECASE)
SNAKE_KEYS_RE = re.compile(r"\b(?:keys|field\s+names)\s+(?:in|as|using|should\s+be(?:\s+in)?)\s+snake[_\s-]?case\b|"
                           # "every key lower-case with underscores between words"
                           r"\bkeys?\s+(?:in\s+)?lower[\s-]?case\s+with\s+underscores\b|"
                           r"\bsnake[_\s-]?case\s+(?:keys|field\s+names)\b|"
                           # "the importer rejects any key that isn't snake_case", "every key has to be snake_case"
                           r"\b(?:any|every|each|all)\s+(?:keys?|field\s+names?)\s+(?:that\s+)?(?:is\s*n'?t|is\s+not|"
                           r"isn’t|has\s+to\s+be|must\s+be|should\s+be|in)\s+(?:in\s+)?snake[_\s-]?case\b",
                           re.IGNORECASE)
COLUMNS_RE = re.compile(
    r"\b(?:with|having|containing|and)\s+(?:exactly\s+)?(?:the\s+|these\s+)?(?:following\s+)?(?:header\s+row|"
    r"column\s+headers?|column\s+names|columns?|headers?)\s*(?:for\s+|named\s+|called\s+)?"
    r"(?:,?\s*in\s+(?:this|that|the\s+same)\s+order\s*)?:?\s*|"
    # "two columns, Week and Kilometres" (French « deux colonnes, Semaine et Kilomètres », glossed)
    r"\b(?:\d{1,2}|two|three|four|five|six)\s+columns\s*,\s*(?=[A-Z])|"
    # "als CSV für unser Ticketsystem, Spalten Raum, Gerät, ..." (glossed ", columns Raum, ..."): set off by a comma
    r"(?<=[,;(])\s*columns\s+(?=(?-i:[A-ZÄÖÜ])[\wäöüß-]*\s*,)|"
    r"\b(?:columns?|headers?|header\s+row|column\s+names|column\s+headings|first\s+(?:row|line)|"
    r"headings\s+(?:along|across)\s+the\s+top)(?:\s+exactly)?"
    r"(?:\s+in\s+(?:this|that|the\s+following)\s+order)?\s*:\s*|"
    r"\b(?:header\s+row|headers?|column\s+(?:names|headers)|columns|first\s+(?:row|line)(?:\s+of\s+the\s+csv)?)\s*"
    # "the header row must read ...", German "Die Kopfzeile muss a,b,c lauten" (glossed "must a,b,c lauten")
    r"(?:(?:should|must|has\s+to|needs?\s+to)(?:\s+(?:be|read|say))?|will\s+be|is|are|reads?|says?)\s*:?\s*",
    re.IGNORECASE)
# Columns named before the word: "with Day, Class and Start columns", "with Event, Date and Venue as the headers"
_COLUMN_NAME = r"[A-Z][\w'-]{0,25}(?:[ \t][a-z][\w'-]{0,25})?"
COLUMNS_BEFORE_RE = re.compile(
    rf"\bwith[ \t]+(?P<list>{_COLUMN_NAME}(?:[ \t]*,[ \t]*{_COLUMN_NAME}){{0,12}},?[ \t]+and[ \t]+{_COLUMN_NAME})\s+"
    r"(?:as\s+(?:the\s+|its\s+)?)?(?:columns|column\s+headers|column\s+headings|headers|headings)\b")
CSV_HEADER_RE = re.compile(r"[\w-]{1,40}(?:,[\w-]{1,40}){1,30}")
TABLE_CUE_RE = re.compile(r"\b(?:table|csv|spreadsheet|columns?)\b", re.IGNORECASE)
# A table the program or the person reads, not one the reply writes: "tally sightings from a csv? header is date,
# species,count", "my script loads a spreadsheet with the columns ..."
INPUT_TABLE_RE = re.compile(r"\b(?:from|read(?:s|ing)?|pars(?:e|es|ing)|load(?:s|ing)?|open(?:s|ing)?|ingest(?:s|ing)?|"
                            # what a tool hands over: "our ticket tool exports a CSV with the columns ..." (not the
                            # imperative "export it as a CSV with ...", which asks for one)
                            r"exports|exported|produces|produced|generates|generated|spits\s+out|dumps|dumped)"
                            r"\s+(?:a|an|the|my|our|this|that|each|every)?\s*(?:[\w-]+\s+)?(?:table|csv|spreadsheet)\b|"
                            # what the person is handed: "I get a CSV export with the columns ..." (not "can I get a
                            # table with ...", which asks for one)
                            r"(?<!can )(?<!could )(?<!may )\b(?:i|we)\s+(?:get|receive|got|received|have)\s+"
                            r"(?:a|an|the|this)\s+(?:[\w-]+\s+)?(?:table|csv|spreadsheet)\b",
                            re.IGNORECASE)


# A file the person makes themselves, described: "Every spring I export the membership list as a CSV", "we
# download the bookings from the till as a spreadsheet", "I export loans to a CSV instead" (the material the code or
# the reply works from). A system of theirs that exports it too: "the till system exports stock as a CSV".
USER_EXPORT_RE = re.compile(r"\b(?:i|we|(?:the|our|my)\s+(?:[\w-]+\s+){0,2}?(?:system|till|app|software|tool|program|"
                            r"platform|portal|website|site|machine|reader|bank|terminal))\s+"
                            r"(?:(?!(?:want|like|need|would|could|can|will|to)\b)\w+\s+){0,6}?"
                            r"(?:export|download|pull|dump|save)(?:s|ed)?\b"
                            r"[^.!?\n]{0,80}?\b(?:as|in|into|to)\s+(?:a\s+|an\s+)?(?:csv|spreadsheet|excel\s+file)\b",
                            re.IGNORECASE)


def _input_table(view: str, columns_start: int) -> bool:
    """The last table named before the columns, in the same or the previous sentence, is one the code reads."""
    before = view[max(0, columns_start - 120):columns_start]
    cues = list(TABLE_CUE_RE.finditer(before))
    return bool(cues) and bool(INPUT_TABLE_RE.search(before[max(0, cues[-1].start() - 40):cues[-1].end()]) or
                               _users_own_file(view, max(0, columns_start - 120) + cues[-1].start()))


def _users_own_file(view: str, at: int) -> bool:
    """The format named at `at` is that of a file the person describes making, in the same sentence."""
    lo = max(0, *(view.rfind(stop, 0, at) + 1 for stop in ".!?\n"))
    return any(m.start() < at < m.end() + 1 for m in USER_EXPORT_RE.finditer(view, lo, min(len(view), at + 30)))

JSON_CUE_RE = re.compile(r"\bjson\b", re.IGNORECASE)
KEY_ITEM_RE = re.compile(r"[\"'`“‘]?([^\W\d][\w-]{0,40})[\"'`”’]?")


def _key_list(text: str, pos: int) -> tuple[list[str], int]:
    """Keys or columns listed at `pos`: `a, b and c`, `"a", "b"`, `a,b,c`, `a | b | c`."""
    items: list[str] = []
    i, n = pos, len(text)
    end = pos
    quoted = False
    closing = False  # after "and": the list's last item ("Day, Shift and Person, sorted by day" ends at Person)
    while len(items) < 30:
        while i < n and text[i] in " \t":
            i += 1
        m = KEY_ITEM_RE.match(text, i)
        quoted = quoted or bool(m and m.group().startswith(("\"", "'", "`", "“", "‘")))
        if not m:
            break
        value = m.group(1)
        if value.lower() in ("and", "or", "the", "a", "an", "no", "not", "nothing", "without", "but", "only") or (
                items and value.lower() in ("for", "with", "in")):
            break
        if items and quoted and not m.group().startswith(("\"", "'", "`", "“", "‘")):
            break  # '"date" and "event", and no other keys': a quoted list ends at the first bare word
        items.append(value)
        i = end = m.end()
        note = re.match(r"[ \t]*\([^()\n]{1,40}\)", text[i:i + 44])  # "attending (true/false)": the key's type
        if note:
            i = end = i + note.end()
        if closing:
            break
        sep = re.match(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|&)\s+|\|\s*|/\s*)", text[i:i + 12])
        if not sep:
            break
        closing = bool(re.search(r"\b(?:and|or)\b|&", sep.group())) and not quoted
        i += sep.end()
    return items, end


# Said right after the keys are listed, that the list is closed: "... — only these, no others", "and not one more".
# Not "nothing else", which as often asks for nothing but the JSON.
EXCLUSIVE_AFTER_RE = re.compile(
    r"\b(?:only|just)\s+(?:those|these|them)\b|"
    r"\bno\s+(?:other|extra|additional|more)\b|\bnot\s+(?:a\s+single\s+|one\s+)?(?:extra|other|more)\b|"
    r"\bno\s+others\b|\bexactly\s+(?:those|these)\b|\b(?:none|nothing)\s+(?:other|besides)\b", re.IGNORECASE)


def _exclusive_after(view: str, end: int) -> Span | None:
    """Where the sentence holding the keys just listed, or the next one, says they are all there may be."""
    window = view[end:end + 160]
    stops = [m.end() for m in re.finditer(r"[.!?\n]", window)]
    m = EXCLUSIVE_AFTER_RE.search(window[:stops[1] if len(stops) > 1 else len(window)])
    return Span(end + m.start(), end + m.end()) if m else None


def extract_keys_and_columns(ex: Extraction) -> None:
    view = ex.view
    if JSON_CUE_RE.search(view):
        keys: list[str] = []
        span: Span | None = None
        for m in KEYS_RE.finditer(view):
            found, end = _key_list(view, m.end())
            if found:
                keys, span = found, Span(m.start(), end)
                break
        if not keys:  # 'a JSON object with "city" and "temperature" fields'
            for m in KEYS_BEFORE_NOUN_RE.finditer(view):
                found, end = _key_list(view, m.start("list"))
                if len(found) >= 1:
                    keys, span = found, Span(m.start(), m.end())
                    break
        if not keys:
            for brace in re.finditer(r"\{[^{}]{3,600}\}", view):
                schema_keys = list(dict.fromkeys(SCHEMA_KEY_RE.findall(brace.group())))
                before = view[max(0, brace.start() - 120):brace.start()]
                if len(schema_keys) >= 2 and SCHEMA_CUE_RE.search(before):
                    keys, span = schema_keys, Span(brace.start(), brace.end())
                    break
        if keys and span is not None:
            ex.add("rubriq:json_keys", "format", {"keys": keys}, span, "the JSON keys " + ", ".join(keys), 0.8)
            stated = NO_EXTRA_KEYS_RE.search(view)
            extra = Span(stated.start(), stated.end()) if stated else _exclusive_after(view, span.end)
            if extra:
                ex.add("rubriq:json_no_extra_keys", "format", {"keys": keys}, extra,
                       "no JSON key beyond " + ", ".join(keys), 0.8)
        snake = SNAKE_KEYS_RE.search(view)
        if snake:
            ex.add("rubriq:json_key_case", "format", {"case": "snake_case"}, Span(snake.start(), snake.end()),
                   "JSON keys in snake_case", 0.8)
    if TABLE_CUE_RE.search(view):
        for m in COLUMNS_RE.finditer(view):
            csv_header = CSV_HEADER_RE.match(view, m.end())  # "date,from,to,flight": one word a column
            columns, end = _key_list(view, m.end()) if csv_header else phrase_list(view, m.end())
            near_cue = TABLE_CUE_RE.search(view[max(0, m.start() - 80):end + 20]) or re.search(
                r"column|header\s+row", m.group(), re.IGNORECASE)  # a header row is a table's wherever the cue is
            if len(columns) >= 2 and near_cue and \
                    not _input_table(view, m.start()):
                ex.add("rubriq:table_columns", "format", {"columns": columns}, Span(m.start(), end),
                       "the columns " + ", ".join(columns), 0.8)
                break
        else:
            named = COLUMNS_BEFORE_RE.search(view)  # "with Day, Class and Start columns"
            if named:
                columns = [c.strip() for c in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", named.group("list"))]
                ex.add("rubriq:table_columns", "format", {"columns": columns},
                       Span(named.start(), named.end()), "the columns " + ", ".join(columns), 0.8)


# ---------------------------------------------------------------------------------------------------------------
# Markup: emoji, headings, markdown, a bold final answer.

EMOJI_WORD = r"(?:emojis?|emoji\s+icons?|emoticons?|smileys?|émoticônes?|émojis?)"
NO_EMOJI_RE = re.compile(
    rf"\b(?:no|without(?:\s+any)?|zero|don'?t\s+(?:use|add|include)(?:\s+any)?|do\s+not\s+(?:use|add|include)"
    rf"(?:\s+any)?|avoid(?:\s+any)?|never\s+use|skip(?:\s+the|\s+any)?|drop(?:\s+the|\s+any)?)\s+{EMOJI_WORD}"
    rf"(?!\s+(?:section|part|chapter|column|table|slide|list|sheet|page|tab|row|question)s?\b)|"
    rf"\bkeep\s+(?:the\s+|any\s+|all\s+)?{EMOJI_WORD}\s+out\b|"
    # "Emoticonos fuera" (emojis out), "los emojis te los ahorras" (the emojis, leave them out): the emoji named first
    rf"(?:^|(?<=[.;:,!?]\s)|(?<=\n)|(?<=\band\s))[ \t]*(?:the\s+|any\s+|all\s+)?{EMOJI_WORD}\s+"
    r"(?:out|leave\s+them\s+out|(?:are|stay)\s+out)\b", re.IGNORECASE)
EMOJI_COUNT_RE = re.compile(
    rf"\b(?:use|add|include|with|put|end\s+with|sprinkle\s+in|give\s+me|give)\s+(?:(?P<rel>{REL})\s+)?(?P<n>{NUM}|an|a\s+few)"
    rf"(?P<post>{POST})?\s+{EMOJI_WORD}(?P<post2>{POST})?", re.IGNORECASE)
# A count without a verb, in a list of requirements or opening a sentence: "Max 50 words, one emoji at most", "… and at
# most two emojis", "At most two emojis are fine.", "emojis are fine, but no more than two" (the reading names the
# emoji again after the count).
EMOJI_FRAGMENT_RE = re.compile(
    rf"(?:^|(?<=[,;:(\n])|(?<=[.!?]\s)|(?<=\band)|(?<=\bwith))[ \t]*(?:but\s+)?"
    rf"(?:(?P<never>never\s+)?(?P<rel>{REL})\s+(?P<n>{NUM}|an|a)\s+{EMOJI_WORD}(?P<post>)|"
    rf"(?P<n2>{NUM}|an|a)\s+{EMOJI_WORD}(?P<post2>{POST}))\b", re.IGNORECASE)
NO_HEADINGS_RE = re.compile(
    r"\b(?:no|without(?:\s+any)?|don'?t\s+use(?:\s+any)?|do\s+not\s+use(?:\s+any)?|never\s+use(?:\s+any)?|"
    r"avoid(?:\s+any)?)\s+"
    r"(?:(?:markdown\s+)?(?:headings|headers|section\s+headings|titles\s+or\s+headings)\b|"
    # "no heading above the table", "keine Überschrift über der Tabelle" (glossed "no title over the table")
    r"(?:heading|header|title)\s+(?:above|over|on\s+top\s+of|at\s+the\s+top\s+of)\s+(?:the|it|your)\b|"
    # "no heading, no list", « sans titre ni liste »: one heading ruled out, where its clause ends or a list goes on
    # (a poem's "no title" is about its content, and stays unread)
    r"(?:a\s+)?(?:heading|header)(?=[ \t]*(?:$|[.,;!?)\n])|[ \t]+(?:or|and|nor)\b)|"
    r"(?:a\s+)?title(?=[ \t]+(?:or|and|nor)[ \t]+(?:no\s+)?(?:a\s+)?(?:lists?|bullets?|bullet\s+points?)\b))",
    re.IGNORECASE | re.MULTILINE)
NO_MARKDOWN_RE = re.compile(
    r"\b(?:no|without(?:\s+any)?|don'?t\s+use(?:\s+any)?|do\s+not\s+use(?:\s+any)?|avoid(?:\s+any)?|"
    r"never(?:\s+use)?(?:\s+any)?)\s+"
    # "no asterisks or other markdown": the markup named first, then markdown itself
    r"(?:(?:asterisks|bold|italics|hashes|pound\s+signs)(?:,\s*|\s+or\s+|,\s+or\s+)(?:any\s+|other\s+|any\s+other\s+)?)?"
    r"(?:markdown|formatting|text\s+formatting)\b(?!\s+(?:fences|code|blocks?|tables?|headings|headers|lists?))|"
    # « pas de titre ni de gras », "no headings and no bold": the reply's markup ruled out, heading and emphasis alike
    r"\bno\s+(?:titles?|headings?|headers?)(?:,\s*|\s+(?:or|and|nor)\s+)(?:no\s+)?(?:bold|italics)\b|"
    r"\bplain[\s-]+text\s+only\b|\b(?:in|as)\s+plain\s+text\b(?!\s+file)|\bno\s+bold(?:,|\s+or)\s+(?:no\s+)?italics?\b",
    re.IGNORECASE)
# The one thing an answer arrives at, which a prompt asks to see in bold: "put the plan name in bold", "the final
# split in bold", "put in bold the reparto final" (a gloss keeps the Spanish order).
_ANSWER_NOUNS = (r"(?:answer|number|result|total|value|figure|price|amount|name|verdict|recommendation|winner|choice|"
                 r"conclusion|outcome|split|pick|option|plan|date|time|percentage|length|duration|durée|délai|montant|"
                 r"prix|plazo|importe|duración|cifra)"
                 # an adjective after the noun, as French and Spanish place it: "la durée maximale", "el plazo máximo"
                 r"(?:\s+(?:maximale?|minimale?|finale?|totale?|máxim[oa]|mínim[oa]|final|total|max|min))?")
# "put the number of tins in bold", "set the time of the bus we should get in bold lettering": what the noun counts
_OF_WHAT = r"(?:\s+of\s+(?:[\w'-]+\s+){0,5}?[\w'-]+)?"
_IN_BOLD = r"\s+in\s+bold(?:\s+(?:lettering|letters|type|print|font))?\b"
BOLD_ANSWER_RE = re.compile(
    r"\b(?:put|write|mark|show|give|make|highlight|set)\s+(?:the\s+|your\s+)?(?:final\s+|[\w'-]+\s+){0,2}?"
    + _ANSWER_NOUNS + r"\s+(?:in\s+)?bold\b|"
    r"\b(?:put|write|mark|show|give|make|highlight|set)\s+(?:the\s+|your\s+)?(?:final\s+)?" + _ANSWER_NOUNS + _OF_WHAT
    + _IN_BOLD + r"|\bbold\s+(?:the\s+|your\s+)?(?:final\s+)?(?:answer|number|result|"
    r"total)\b|\b(?:final\s+)?(?:answer|result|total)(?:\s+final)?\s+(?:should\s+be\s+|must\s+be\s+)?in\s+bold\b|"
    r"\bput\s+in\s+bold\s+(?:the|your)\s+(?:final\s+[\w'-]+|[\w'-]+\s+final|" + _ANSWER_NOUNS + r")\b|"
    # "schreib das Endergebnis fett", "mets le résultat final en gras"
    r"\b(?:schreib\w*|setz\w*|mach\w*|markier\w*|heb\w*|write|put|make|mark)\s+(?:das|die|den|dein\w*|the|your)\s+"
    r"(?:\w+\s+)?(?:end|gesamt)?(?:ergebnis|antwort|summe|betrag)\w*\s+(?:in\s+)?(?:fett|bold)\b|"
    r"\b(?:mets|mettez|écris|écrivez)\s+(?:le|la|ton|ta|votre)\s+(?:[\w'-]+\s+){0,2}?en\s+gras\b|"
    # "finish with the price in bold": the answer the reply ends on, in bold
    r"\b(?:finish|end|close|conclude)\s+(?:off\s+)?with\s+(?:the\s+|your\s+)?(?:final\s+)?" + _ANSWER_NOUNS +
    r"\s+in\s+bold\b|"
    # the answer named first, then asked in bold further on: "la cifra final, lo que se ahorran ..., márcamela en
    # negrita" (glossed "the figure final, ..., márcamela in bold"), « le total TTC, tu me le mets en gras »
    r"\b(?:the|your)\s+(?:final\s+)?" + _ANSWER_NOUNS + r"(?:\s+final)?(?:\s+[\w'-]+)?\s*,[^.\n]{0,80}?\bin\s+bold\b|"
    # "bold the final figure", "the answer should be bold", "the total, in bold"
    r"\bbold\s+(?:the|your)\s+(?:[\w'-]+\s+){0,2}?" + _ANSWER_NOUNS + r"\b|"
    r"\b(?:the|your)\s+(?:final\s+|[\w'-]+\s+)?" + _ANSWER_NOUNS +
    r"\s+(?:should|must|has\s+to|needs\s+to)\s+be\s+(?:in\s+)?bold(?:ed)?\b|"
    r"\b(?:the|your)\s+(?:final\s+|[\w'-]+\s+)?" + _ANSWER_NOUNS + r",?\s+(?:please\s+)?in\s+bold\b|"
    # a Spanish or French answer noun glossed word for word: "el número de botes que vaya en bold"
    r"\bthe\s+(?:número|precio|importe|resultado|cantidad|nombre|fecha|porcentaje|respuesta|total|prix|montant|"
    r"résultat|chiffre|nom|date|pourcentage|réponse)\b"
    r"[^.,;\n]{0,40}?\bin\s+bold\b|"
    # a German compound glossed word for word: "den Tarifnamen bitte in Fettschrift", "die Gesamtsumme fett"
    r"\b(?:the|your)\s+[a-zäöüß]{0,20}(?:namen?|preis|datum|uhrzeit|summe|betrag|ergebnis|antwort|wert)\s+"
    r"(?:at\s+the\s+end\s+)?(?:please\s+)?(?:in\s+)?bold\b|"
    # "answer has to fit on one line, departure time in bold": the noun phrase alone in a list of requirements
    r"(?:^|(?<=[,;:]\s))(?:[\w'-]+\s+)?" + _ANSWER_NOUNS + r"\s+in\s+bold\b", re.IGNORECASE)


def extract_markup(ex: Extraction) -> None:
    view = ex.view
    m = NO_EMOJI_RE.search(view)
    if m:
        ex.add("rubriq:no_emoji", "format", {}, Span(m.start(), m.end()), "no emoji", 0.85)
    else:
        m = EMOJI_COUNT_RE.search(view) or EMOJI_FRAGMENT_RE.search(view)
        if m and not negated_before(view, m.start(), 20):
            raw = (m.group("n") or m.group("n2")).lower()
            raw = "one" if raw == "a" else raw
            n = 1 if raw in ("an", "a few") else parse_number(raw)
            if n:
                rel = m.group("rel") or ("at least" if raw in ("an", "a few") else None)
                if m.groupdict().get("never") and rel and rel.lower() == "more than":
                    rel = "no more than"  # "but never more than one"
                for bound in bounds_for(rel, m.group("post") or m.group("post2"), n):  # "one emoji at most"
                    if bound.relation in (AT_LEAST, LESS_THAN, EXACTLY):
                        ex.add("rubriq:emoji_count", "format", {"relation": bound.relation, "num_emoji": bound.value},
                               Span(m.start(), m.end()), wording_for(bound, "emoji").replace("emojis", "emoji"), 0.8)
    for regex, kind, wording in ((NO_HEADINGS_RE, "rubriq:no_headings", "no headings"),
                                 (NO_MARKDOWN_RE, "rubriq:no_markdown", "no markdown formatting"),
                                 (BOLD_ANSWER_RE, "rubriq:bold_answer", "the final answer in bold")):
        m = regex.search(view)
        if m:
            ex.add(kind, "format", {}, Span(m.start(), m.end()), wording, 0.8)
