"""Claims: the pieces of an output that state something a source can support or not.

An output is cut into sentence-like units (`semantic.text_units`: blocks at blank lines, list items and headings,
markers stripped, code skipped, Punkt sentences). A unit is **not a claim** when it only frames the answer: a
heading or title line, a line that introduces what follows (it ends with a colon), a question, an opening such as
"Here is a summary of …" or "Sure, …", a closing offer such as "Let me know if …", a greeting or thanks, a short
apology, yes or no, or exclamation without a figure ("We're sorry for the disruption.", "Yes, by these figures.",
"Enjoy your visit!"), or a sentence about what the source itself does not say ("The leaflet doesn't mention
alcohol"), or a recommendation without a figure ("FlexFit looks like the better fit"). A bold title line above its
paragraph is a heading of its own, and so is a short line opened by an emoji above what it heads ("ℹ️ Good to
know"; not a checklist item, "✅ First month paid"). A short label before a colon ("Next steps: …", "**Impact:** …")
is not part of the claim either, nor is a short bold sentence that opens a line the rest of which says it ("- **Known
truck defect.** RT-07's light failed on 6 June."). A Markdown table is one claim per row, checked on its values alone
(`Claim.values_only`: cells are no sentence a model reads well), its header row a heading; a one-line answer is a
claim, not a heading.

A claim that joins independent statements ("X; Y", "X, and Y", "X, while Y") also gets **clauses**, so a sentence
that draws on two source sentences can be verified part by part, and a finding can point at the part that is not
supported. A clause is split off only when both sides keep at least `MIN_CLAUSE_WORDS` words: "A, B and C" lists
stay whole.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

from rubriq.core.models.semantic import text_units
from rubriq.core.text import WORD_RE, Segment, Span, TextModel

MIN_CLAUSE_WORDS = 4

# A unit that opens or closes the answer rather than stating content. Openers must be followed by a reference to
# the answer itself ("here is a summary", "sure, here are the points"), so "Here is where the outage began" and
# other content sentences that merely start with "here" stay claims.
_ANSWER_NOUN = (r"(?:summary|summaries|overview|answer|response|reply|breakdown|rundown|recap|list|version|draft|"
                r"rewrite|translation|table|outline|digest|key\s+points|main\s+points|points|highlights|takeaways|"
                r"notes|explanation|analysis|report|update|bullets?|details|information|extraction|json|result|comparison|"
                r"side-by-side|guide|plan|timeline|e-?mail|message|note|letter|post|announcement|checklist)")
OPENER_RE = re.compile(
    rf"^(?:(?:sure|certainly|of\s+course|absolutely|okay|ok|great(?:\s+question)?|happy\s+to\s+help)\b[!,.]?\s*)?"
    rf"(?:here\s+(?:is|are)|here's|below\s+(?:is|are)|the\s+following\s+(?:is|are)|this\s+is|these\s+are|"
    rf"i(?:'ve|\s+have)\s+(?:summari[sz]ed|written|put\s+together|extracted|listed|compiled|drafted|rewritten)|"
    rf"i'll\s+|let\s+me\s+)"
    rf"(?:[^.!?\n]{{0,60}}?\b{_ANSWER_NOUN}\b|[^.!?\n]{{0,20}}$)",
    re.IGNORECASE,
)
BARE_OPENER_RE = re.compile(r"^(?:sure|certainly|of\s+course|absolutely|okay|ok|great\s+question|happy\s+to\s+help)"
                            r"\s*[!.,]?\s*$", re.IGNORECASE)
CLOSER_RE = re.compile(
    r"^(?:let\s+me\s+know|i\s+hope\b|hope\s+(?:this|that)\s+helps|feel\s+free|please\s+let\s+me|"
    r"if\s+you\s+(?:have|need|want|would\s+like|'d\s+like)|would\s+you\s+like|do\s+you\s+want|shall\s+i|"
    r"i\s+can\s+also|i'd\s+be\s+happy|(?:i'm\s+|i\s+am\s+)?(?:happy|glad)\s+to\s+(?:help|expand|clarify|trim|shorten|"
    r"adjust|tweak|change|rewrite|redo|add|go\s+into|draft|turn|put|make|check|walk)|i\s+can\s+(?:trim|shorten|"
    r"adjust|tweak|rewrite|expand|turn|put|also)|good\s+luck|best\s+of\s+luck|all\s+the\s+best|fingers\s+crossed|"
    r"wishing\s+you)\b",
    re.IGNORECASE,
)
_FIGURE_RE = re.compile(r"(?<![A-Za-z0-9])\d")  # a digit that is not part of a code such as "BIO2115"
# Greetings and thanks that open or close a message ("Hi Sam,", "Thanks for asking!"), never "thanks to the new pump".
SOCIAL_RE = re.compile(r"^(?:hi|hello|hey|dear|greetings|good\s+(?:morning|afternoon|evening)|many\s+thanks|"
                       r"thanks(?!\s+to\b)|thank\s+you|cheers|kind\s+regards|best\s+regards|regards)\b",
                       re.IGNORECASE)
SOCIAL_MAX_WORDS = 15
# An apology without a figure ("We're sorry for the disruption.", "Apologies for the delay.") is the writer's tone.
APOLOGY_RE = re.compile(r"^(?:(?:we|i)(?:'re|'m|\s+are|\s+am)\s+(?:(?:very|so|truly|really|deeply)\s+)?sorry|"
                        r"(?:we|i)\s+(?:(?:sincerely|truly|do)\s+)?apologi[sz]e|(?:our\s+|my\s+)?apologies|sorry)\b",
                        re.IGNORECASE)
APOLOGY_MAX_WORDS = 12
# A bare yes or no to the user's question ("Yes, by these figures.", "No, it isn't.") carries no content of its
# own: the sentences after it state what the source must support. What follows the yes or no may only qualify it
# (a phrase opening with a preposition, or pronouns and auxiliaries); "No, algorithms cannot be biased" states a
# claim.
YES_NO_RE = re.compile(r"^(?P<answer>yes|no|yep|nope|not\s+really|mostly|partly)\b[\s,.;:!—–-]*(?P<rest>.*)$",
                       re.IGNORECASE | re.DOTALL)
YES_NO_MAX_WORDS = 5
YES_NO_QUALIFIER_RE = re.compile(
    r"^(?:(?:by|on|in|at|from|for|with|under|according\s+to|based\s+on|going\s+by|as\s+far\s+as)\b.*|"
    r"(?:(?:yes|no|it|that|this|they|we|you|he|she|there|i|not|quite|really|exactly|definitely|certainly|probably|"
    r"is|isn't|are|aren't|was|wasn't|were|weren't|does|doesn't|do|don't|did|didn't|can|can't|cannot|will|"
    r"won't|would|wouldn't|should|shouldn't|has|hasn't|have|haven't|had|hadn't|must|may|might|could|couldn't|"
    r"not|at\s+all|sadly|unfortunately|indeed|of\s+course)\b[\s,.!]*)*)$", re.IGNORECASE | re.DOTALL)
# A recommendation drawn from the facts ("If classes matter most, FlexFit looks like the better fit; otherwise go
# for Pulse.") weighs what the source states; no source sentence entails it, and the facts it rests on are claims
# of their own. Only without a figure: a recommendation that states one is checked.
JUDGEMENT_RE = re.compile(
    r"\b(?:looks?\s+like\s+the\s+(?:better|best|right|stronger|safer)|seems?\s+(?:like\s+)?the\s+(?:better|best|right)|"
    r"(?:is|are|would\s+be)\s+(?:probably\s+|likely\s+)?(?:the\s+|a\s+)?(?:better|best|safer|sensible|right)\s+"
    r"(?:fit|choice|option|bet|pick|call)|(?:i'?d|i\s+would)\s+(?:recommend|suggest|go\s+(?:for|with)|choose|pick|lean))\b",
    re.IGNORECASE)
# A sentence about what the source itself does not say ("The leaflet doesn't mention alcohol") reports the reading,
# not a fact of the world: no sentence of the source can entail it.
SOURCE_SILENCE_RE = re.compile(
    r"^(?:the|this|your)\s+(?:leaflet|text|document|article|source|notes?|passage|e-?mail|policy|report|context|"
    r"docs|documentation|transcript|page|thread|contract|clause|terms|excerpt|extract|material|information|data)\s+"
    r"(?:(?:does\s+not|doesn't|do\s+not|don't|did\s+not|didn't)\s+(?:say|mention|state|specify|give|cover|include|"
    r"address|list|provide|explain|discuss)|says?\s+nothing|(?:is|are)\s+silent|makes?\s+no\s+mention|gives?\s+no|"
    r"(?:has|have)\s+no|provides?\s+no|contains?\s+no)\b", re.IGNORECASE)
# A short exclamation with no figure in it ("Enjoy your visit!", "Good luck!") is the answer's tone, not a claim.
EXCLAMATION_MAX_WORDS = 8
# "Next steps: …", "**Impact:** …", "Root cause - …": at most four words before the colon, at the start.
# An emoji or a checkbox may open the line before the label: "📖 **Look after your books:** ...", "[ ] Keys: ..."
LABEL_RE = re.compile(r"^[ \t]*(?:(?:\[[ xX]\]|[^\w\s*_:\[(\"“'‘]{1,3})[ \t]+)?(?:\*\*|__)?"
                      r"(?P<label>[^\s:*_][^:\n*_]{0,40}?)(?::(?:\*\*|__)|(?:\*\*|__):|:)[ \t]+")
BOLD_ONLY_RE = re.compile(r"^[ \t]*(?:\*\*|__)[^*_\n]+(?:\*\*|__)[ \t]*:?[ \t]*$")
CLAUSE_BREAK_RE = re.compile(r"\s*;\s+|,\s+(?=(?:and|but|while|whereas|so|yet)\s)", re.IGNORECASE)
LEADING_CONJUNCTION_RE = re.compile(r"^(?:and|but|while|whereas|so|yet)\s+", re.IGNORECASE)
TITLE_MAX_WORDS = 8
# A sentence-case label after an emoji ("ℹ️ Good to know") heads what follows when it is this short.
EMOJI_LABEL_MAX_WORDS = 4
CHECK_MARKS = frozenset("✅☑✔✓❌✗✘⚠")  # a checklist item states something ("✅ First month paid")
# "- **Known truck defect.** RT-07's light failed on 6 June.": a short bold sentence that opens its line, with the
# line going on after it, names what the rest of the line says; a longer one states something of its own.
RUN_IN_LABEL_MAX_WORDS = 6
RUN_IN_LABEL_RE = re.compile(r"^(?P<mark>\*\*|__)(?P<label>[^*_\n]+)$")
# The closing "**" a sentence split leaves at the start of the next sentence: "** RT-07's light failed on 6 June."
MARKUP_REMNANT_RE = re.compile(r"^(?:\*\*|__)[ \t]+")


@dataclass(frozen=True)
class Claim:
    """One verifiable statement of the output.

    `span`/`text`: the claim as verified (a leading label stripped), spans into the checked text (with `base`).
    `clauses`: the independent parts of a joined sentence, empty when it states one thing.
    """

    span: Span
    text: str
    clauses: tuple[Segment, ...] = ()
    # A field of a data block (a JSON or YAML line in a code block): its values are compared with the source, but
    # "key": "value" is not a sentence a similarity or NLI model reads well, so it is never judged unsupported.
    values_only: bool = False


@dataclass(frozen=True)
class NotAClaim:
    span: Span
    text: str
    reason: str  # "heading", "introduces what follows", "question", "opening", "closing", "greeting",
    # "exclamation", "apology", "yes or no", "about the source", "judgement", "label"


def _words(text: str) -> int:
    return len(WORD_RE.findall(text))


def _framing(unit: Segment, whole_text: str, base: int) -> str | None:
    """Why `unit` frames the answer instead of stating content, or None when it is a claim."""
    text = unit.text.strip()
    if text.endswith("?"):
        return "question"
    if text.endswith(":"):
        return "introduces what follows"
    if BOLD_ONLY_RE.match(text):
        return "heading"
    # "I can also confirm the fee is £20" states a figure; a module code ("good luck with BIO2115") is no figure
    if CLOSER_RE.match(text) and not _FIGURE_RE.search(text):
        return "closing"
    bare = text.strip("*_ ")
    if SOCIAL_RE.match(bare) and _words(bare) <= SOCIAL_MAX_WORDS:
        return "greeting"
    if bare.endswith("!") and _words(bare) <= EXCLAMATION_MAX_WORDS and not any(c.isdigit() for c in bare):
        return "exclamation"
    if BARE_OPENER_RE.match(text) or OPENER_RE.match(text):
        return "opening"
    tone = _tone_or_reading(bare)
    if tone:
        return tone
    start, end = unit.span.start - base, unit.span.end - base
    line_start = whole_text.rfind("\n", 0, start) + 1
    line_end = whole_text.find("\n", end)
    line_end = len(whole_text) if line_end < 0 else line_end
    alone_on_line = not whole_text[line_start:start].strip(" \t*_#>-") and not whole_text[end:line_end].strip(" \t*_")
    # A heading heads something: a line with nothing after it (a one-line answer) is a statement, and a list item
    # heads only the items nested under it ("- 14:30 – **Designing for on-call** – Priya Patel" is an entry).
    heads_something = bool(whole_text[line_end:].strip())
    if heads_something and LIST_MARKER_RE.match(whole_text[line_start:start]):
        following = whole_text[line_end:].lstrip("\n")
        indent = len(whole_text[line_start:start]) - len(whole_text[line_start:start].lstrip(" \t"))
        heads_something = len(following) - len(following.lstrip(" \t")) > indent
    if (alone_on_line and heads_something and not text.startswith("|") and _words(text) <= TITLE_MAX_WORDS
            and text[-1:] not in ".!\"'”’)" and (_is_title(text) or _emoji_label(text))):
        return "heading"
    return None


def _run_in_label(unit: Segment, whole_text: str, base: int) -> bool:
    """A short bold sentence opening a line, closed just after the unit, with more of the line after it."""
    match = RUN_IN_LABEL_RE.match(unit.text.strip())
    if not match or _words(match.group("label")) > RUN_IN_LABEL_MAX_WORDS or _FIGURE_RE.search(unit.text):
        return False
    end = unit.span.end - base
    line_end = whole_text.find("\n", end)
    rest_of_line = whole_text[end:len(whole_text) if line_end < 0 else line_end]
    return rest_of_line.startswith(match.group("mark")) and bool(rest_of_line[2:].strip(" \t*_"))


def _without_markup_remnant(unit: Segment) -> Segment:
    match = MARKUP_REMNANT_RE.match(unit.text)
    if not match or not unit.text[match.end():].strip():
        return unit
    return Segment(Span(unit.span.start + match.end(), unit.span.end), unit.text[match.end():])


def _emoji_label(text: str) -> bool:
    """A short line opened by an emoji, with no figure and no closing stop: "ℹ️ Good to know", "📅 Key dates"."""
    first = text[:1] or " "
    # symbols, and the letterlike "ℹ️" (a letter by its Unicode category)
    emoji = unicodedata.category(first) == "So" or 0x2100 <= ord(first) <= 0x214F or ord(first) >= 0x1F000
    return emoji and first not in CHECK_MARKS and _words(text) <= EMOJI_LABEL_MAX_WORDS and \
        not any(ch.isdigit() for ch in text)


LIST_MARKER_RE = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?$")


def _is_title(text: str) -> bool:
    """A line written like a title: most of its longer words capitalised, or wrapped in emphasis."""
    if text.startswith(("**", "__")) and text.rstrip(":").endswith(("**", "__")):
        return True
    words = [w for w in WORD_RE.findall(text) if len(w) > 3 and not w.isdigit()]
    return bool(words) and sum(w[0].isupper() for w in words) >= max(1, (len(words) * 2 + 2) // 3)


def _heading_lines(unit: Segment) -> list[Segment]:
    """A unit whose first line is only emphasis markup or a bold title ("**Timing**" above its paragraph, the "**"
    a sentence split leaves after "**Is it doing OK?**") is two units: that line, and the rest."""
    pieces: list[Segment] = []
    rest = unit
    while "\n" in rest.text:
        cut = rest.text.index("\n")
        first = rest.text[:cut]
        if first.strip(" \t*_#") and not BOLD_ONLY_RE.match(first):
            break
        if first.strip(" \t*_#"):  # a title line stays a unit (a heading); bare markup is dropped
            pieces.append(Segment(Span(rest.span.start, rest.span.start + cut), first))
        skip = cut + 1 + (len(rest.text[cut + 1:]) - len(rest.text[cut + 1:].lstrip()))
        rest = Segment(Span(rest.span.start + skip, rest.span.end), rest.text[skip:])
    return [*pieces, rest] if rest.text.strip() else pieces


def _tone_or_reading(text: str) -> str | None:
    """"apology" or "about the source" when `text` (a unit, its label stripped) is one, else None."""
    if APOLOGY_RE.match(text) and _words(text) <= APOLOGY_MAX_WORDS and not any(c.isdigit() for c in text):
        return "apology"
    yes_no = YES_NO_RE.match(text)
    if (yes_no and _words(text) <= YES_NO_MAX_WORDS and not any(c.isdigit() for c in text)
            and YES_NO_QUALIFIER_RE.match(yes_no.group("rest").strip())):
        return "yes or no"
    if SOURCE_SILENCE_RE.match(text):
        return "about the source"
    if JUDGEMENT_RE.search(text) and not any(c.isdigit() for c in text):
        return "judgement"
    return None


def _strip_label(unit: Segment) -> Segment:
    match = LABEL_RE.match(unit.text)
    if not match or _words(match.group("label")) > 4 or _words(unit.text[match.end():]) < 3:
        return unit
    return Segment(Span(unit.span.start + match.end(), unit.span.end), unit.text[match.end():])


def _clauses(claim: Segment) -> tuple[Segment, ...]:
    pieces: list[Segment] = []
    start = 0
    for match in CLAUSE_BREAK_RE.finditer(claim.text):
        pieces.append(Segment(Span(start, match.start()), claim.text[start:match.start()]))
        start = match.end()
    if not pieces:
        return ()
    pieces.append(Segment(Span(start, len(claim.text)), claim.text[start:]))
    # Merge a piece that is too short back into its neighbour: "A, and B" where B is a noun phrase is one claim.
    merged: list[Segment] = []
    for piece in pieces:
        if merged and (_words(piece.text) < MIN_CLAUSE_WORDS or _words(merged[-1].text) < MIN_CLAUSE_WORDS):
            last = merged.pop()
            piece = Segment(Span(last.span.start, piece.span.end), claim.text[last.span.start:piece.span.end])
        merged.append(piece)
    if len(merged) < 2:
        return ()
    out: list[Segment] = []
    for piece in merged:
        conj = LEADING_CONJUNCTION_RE.match(piece.text)
        offset = conj.end() if conj else 0
        span = Span(claim.span.start + piece.span.start + offset, claim.span.start + piece.span.end)
        out.append(Segment(span, piece.text[offset:]))
    return tuple(out)


DATA_FENCE_LANGUAGES = frozenset({"json", "jsonc", "yaml", "yml"})
# A YAML line with a scalar value: `key: value` or `- value`.
YAML_FIELD_RE = re.compile(r"^[ \t]*(?:-[ \t]+|[\w .-]{1,60}:[ \t]+)(?P<value>[^\s\[{|>&*!#][^#]*?)[ \t]*$")


class _JSONNumber(str):
    """A JSON number as written ("10.00", not the 10.0 a float prints), so its span is the whole figure."""


def _json_leaves(data: object, key: str = "") -> list[tuple[str, str]]:
    """(key, value as written in JSON) of every string and number in `data`, in document order; numbers are
    `_JSONNumber`s (parse with `_JSON_NUMBERS`)."""
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in _json_leaves(v, str(k))]
    if isinstance(data, list):
        return [leaf for v in data for leaf in _json_leaves(v, key)]
    if isinstance(data, _JSONNumber):
        return [(key, data)]
    if isinstance(data, str):
        return [(key, data)] if any(ch.isalnum() for ch in data) else []
    return []


_JSON_NUMBERS = {"parse_float": _JSONNumber, "parse_int": _JSONNumber}


def data_fields(text: str, base: int = 0) -> list[Claim]:
    """One values-only claim per scalar field of the data blocks (JSON or YAML in code fences) of `text`.

    The claim's span is the value as written in the output (its values are what is compared); its text names the
    field ("salary: £41,000") for messages.
    """
    fields: list[Claim] = []
    for block in TextModel(text).code_blocks:
        code, offset = block.code.text, block.code.span.start
        is_json = block.language in ("json", "jsonc") or (not block.language and code.lstrip()[:1] in ("{", "["))
        if is_json:
            try:
                leaves = _json_leaves(json.loads(code, **_JSON_NUMBERS))
            except (ValueError, RecursionError):
                continue
            cursor = 0
            for key, value in leaves:
                if isinstance(value, _JSONNumber):  # the figure itself, not its digits in a key ("after_31_jan": 31)
                    found = re.compile(rf"(?<![\w.\"]){re.escape(value)}(?![\w.])").search(code, cursor)
                    at = found.start() if found else -1
                else:
                    at = code.find(value, cursor)
                if at < 0:  # written with escapes: not a span a person could be pointed at
                    continue
                cursor = at + len(value)
                span = Span(base + offset + at, base + offset + cursor)
                fields.append(Claim(span, f"{key}: {value}" if key else value, values_only=True))
        elif block.language in DATA_FENCE_LANGUAGES:
            line_start = offset
            for line in code.split("\n"):
                match = YAML_FIELD_RE.match(line)
                if match and any(ch.isalnum() for ch in match.group("value")):
                    span = Span(base + line_start + match.start("value"), base + line_start + match.end("value"))
                    fields.append(Claim(span, line.strip(), values_only=True))
                line_start += len(line) + 1
    return fields


_TABLE_LINE_RE = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_TABLE_RULE_RE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$")


def _table_rows(unit: Segment) -> list[tuple[Segment, str]]:
    """A Markdown table is one unit per row ("row"), its header row (the line above the rule) a "header" and the
    rule dropped; any other unit is itself ("")."""
    lines = unit.text.split("\n")
    if len(lines) < 2 or sum(bool(_TABLE_LINE_RE.match(line)) for line in lines) < 2:
        return [(unit, "")]
    pieces: list[tuple[Segment, str]] = []
    at = unit.span.start
    for n, line in enumerate(lines):
        if line.strip() and not _TABLE_RULE_RE.match(line):
            header = n + 1 < len(lines) and bool(_TABLE_RULE_RE.match(lines[n + 1]))
            pieces.append((Segment(Span(at, at + len(line)), line).stripped(), "header" if header else "row"))
        at += len(line) + 1
    return pieces


def split_claims(text: str, base: int = 0) -> tuple[list[Claim], list[NotAClaim]]:
    """The claims of `text` and the units that are not claims (with why), spans shifted by `base`.

    The fields of data blocks come last, as values-only claims (see `Claim.values_only`).
    """
    claims: list[Claim] = []
    skipped: list[NotAClaim] = []
    pieces = (row for whole in text_units(text, base) for piece in _heading_lines(whole) for row in _table_rows(piece))
    for whole_unit, table_part in pieces:
        unit = _without_markup_remnant(whole_unit)
        reason = "heading" if table_part == "header" else _framing(unit, text, base)
        if reason is None and _run_in_label(unit, text, base):
            reason = "label"
        if reason:
            skipped.append(NotAClaim(unit.span, unit.text, reason))
            continue
        if table_part == "row":  # cells are no sentence a model reads well: the row's values are checked
            claims.append(Claim(unit.span, unit.text, values_only=True))
            continue
        claim = _strip_label(unit)
        labelled_reason = _tone_or_reading(claim.text.strip("*_ ")) if claim is not unit else None
        if labelled_reason:  # "**Alcohol:** The leaflet doesn't mention alcohol."
            skipped.append(NotAClaim(unit.span, unit.text, labelled_reason))
            continue
        if claim is not unit:
            label_span = Span(unit.span.start, claim.span.start)
            skipped.append(NotAClaim(label_span, text[label_span.start - base:label_span.end - base], "label"))
        claims.append(Claim(claim.span, claim.text, _clauses(claim)))
    claims.extend(data_fields(text, base))
    return claims, skipped
