"""Limits said of each one of several parts: "five taglines, each under 8 words", "three bullets, none of them
longer than 12 words" (read as "each at most 12 words", `reading.py`), "exactly 8, numbered - each no longer than four
words", "one heading per day and 3 bullets under each", "the sections A and B, each with exactly three bullet
points", "three stanzas, each of four lines", "under 8 words each".

Such a limit is never the whole response's. The families ask `attached` whether a count is said this way and
`referent` what the parts are: list items, sections, stanzas, paragraphs, sentences, lines, or something else
(days, tweets, ...) that no per-part kind checks. The referent is the part the distributive names ("each name"), else
the nearest part counted before it ("5 slogans ... Each one"), else the nearest part named before it ("Brainstorm
names ... - each"). A family turns the limit into its per-part kind only for the referent that kind checks, and
otherwise reads nothing: a missed limit is better than a limit on the wrong thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubriq.core.text import Span

# ---------------------------------------------------------------------------------------------------------------
# Phrasings

# The parts a distributive may refer to, by the kind of part: plural and singular.
PARTS: dict[str, str] = {
    "item": r"bullet[\s-]?points?|bullets?|points?|items?|names?|ideas?|tips?|titles?|taglines?|slogans?|headlines?|"
            r"suggestions?|options?|reasons?|takeaways?|entries|entry|steps?|facts?|mottos?|captions?|one-liners?|"
            r"numbered|bulleted|list",
    "section": r"sections?|subsections?|headings?|subheadings?|headers?|parts?|categories|category|groups?",
    "stanza": r"stanzas?|verses?",
    "paragraph": r"paragraphs?",
    "sentence": r"sentences?",
    "line": r"lines?",
    # parts no per-part kind checks: they stop the search, so a limit on them is never read as an item's
    "other": r"days?|weeks?|tweets?|posts?|emails?|e-mails?|messages?|slides?|chapters?|scenes?|versions?|responses?|"
             r"answers?|questions?|examples?|poems?|stories|story|jokes?|haikus?|reviews?|descriptions?|summaries|"
             r"summary|articles?|languages?|people|persons?|products?",
}
PART_RE = re.compile("|".join(rf"(?P<{kind}>\b(?:{words})\b)" for kind, words in PARTS.items()), re.IGNORECASE)
_COUNT = (r"(?:\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|a\s+couple\s+of|"
          r"a\s+few|several)")
COUNTED_RE = re.compile(rf"\b{_COUNT}[\s-]+(?:(?!(?:and|or|of|to|in|for|with|the)\b)[a-z-]{{2,20}}\s+){{0,2}}?"
                        rf"(?P<part>{'|'.join(PARTS.values())})\b", re.IGNORECASE)

_OF = r"(?:\s+of\s+(?:them|these|those|the\s+[a-z-]{2,20}))"
# Words between the distributive and the count: "each should be", "each one must be", "each with", "each of".
_FILLER = (r"(?:should|must|can|could|may|might|will|would|shall|has|have|had|to|needs?|ought|is|are|be|being|kept|"
           r"keep|stay|stays|run|runs|come|comes|coming|in|at|with|having|containing|contains?|of|ideally|roughly|"
           r"strictly|preferably|approximately|just|only|written|limited|capped|kept|then|"
           # "each one short (under 15 words)": the length named, then its measure
           r"short|brief|concise)")
# The distributive just before a count, in the same comma-free stretch of the clause.
BEFORE_RE = re.compile(
    rf"\b(?:(?P<pro>each(?:\s+(?:single\s+)?one)?{_OF}?|every\s+(?:single\s+)?one{_OF}?|"
    rf"(?:none|neither){_OF}?|(?:any|all)(?:\s+(?:single\s+)?one)?{_OF})|"
    rf"(?:each|every)\s+(?:single\s+)?(?!{_FILLER}\b|other\b|time\b)(?P<noun>[a-z-]{{2,20}}))"
    rf"(?:\s+{_FILLER}){{0,3}}\s*(?:\(\s*)?$", re.IGNORECASE)
# The distributive just after a count: "under 8 words each", "3 bullets under each", "2 bullet points per section".
AFTER_RE = re.compile(
    rf"\s*(?:(?:each|apiece|a\s+piece)(?:\s+(?:one|of\s+them|of\s+these))?|"
    rf"(?:under|in|for|beneath|below|within)\s+(?:each|every)(?:\s+one|{_OF})?)(?=\s*(?:[,.;:)!?\n]|$|and\b|or\b|but\b|"
    rf"please\b|max\b|at\s+most\b))|"
    rf"\s*(?:per|(?:under|in|for|beneath|below|within)\s+(?:each|every)|each)\s+(?:single\s+)?"
    rf"(?:(?:one\s+)?of\s+(?:the|these|those|your)\s+(?:following\s+)?)?"
    rf"(?!(?:and|or|but|of|the|a|an|with)\b)(?P<noun>[a-z-]{{2,20}})\b",
    re.IGNORECASE)
SEGMENT_BREAK_RE = re.compile(r"[.!?;,:\n]|\b(?:and|but|plus|while|whereas)\b", re.IGNORECASE)
# The reply itself named after "each" or "every": "keep every reply under 80 words", "each response ends with ..."
# limits every reply the model gives, that is the whole output, unless the prompt counts several of them in one output
# ("three replies, each under 40 words").
_REPLY = r"(?:repl(?:y|ies)|responses?)"  # not "messages": "for each message in the thread" names the input's
REPLY_NOUN_RE = re.compile(_REPLY, re.IGNORECASE)
_REPLIES_COUNTED_RE = re.compile(rf"\b{_COUNT}[\s-]+(?:[a-z-]{{2,20}}\s+){{0,2}}?{_REPLY}\b", re.IGNORECASE)


@dataclass(frozen=True)
class Distributive:
    """Where the distributive is said (`span`, in the text the family read) and what it refers to."""

    span: Span
    referent: str | None


def the_reply_itself(view: str, pos: int, noun: str) -> bool:
    """Whether `noun`, said after "each"/"every" at `pos`, is the reply itself: no count of replies comes before."""
    return bool(REPLY_NOUN_RE.fullmatch(noun.strip())) and not _REPLIES_COUNTED_RE.search(view, 0, pos)


def kind_of(word: str) -> str | None:
    """The kind of part a noun names: "slogans" -> "item", "headings" -> "section"; None for any other noun."""
    m = PART_RE.fullmatch(word.strip())
    return m.lastgroup if m else None


def referent(view: str, pos: int, window: int = 300) -> str | None:
    """What "each" at `pos` refers to: the nearest part counted before it, else the nearest part named before it."""
    lo = max(0, pos - window)
    head = view[lo:pos]
    block = head.rfind("\n\n")  # another block of the prompt says nothing about these parts
    head = head[block + 2:] if block >= 0 else head
    counted = list(COUNTED_RE.finditer(head))
    if counted:
        return kind_of(counted[-1].group("part"))
    named = list(PART_RE.finditer(head))
    return named[-1].lastgroup if named else None


def attached(view: str, start: int, end: int) -> Distributive | None:
    """The distributive said with the count at `view[start:end]` ("each under 8 words", "3 bullets under each"),
    or None when the count is said of the whole."""
    lo = max(0, start - 60)
    head = view[lo:start]
    cut = max((m.end() for m in SEGMENT_BREAK_RE.finditer(head)), default=0)
    before = BEFORE_RE.search(head, cut)
    if before:
        at = lo + before.start()
        named = re.search(r"\bof\s+the\s+([a-z-]{2,20})", before.group("pro") or "", re.IGNORECASE)
        noun = before.group("noun") or (named.group(1) if named else None)  # "each name", "each of the names"
        if before.group("noun") and the_reply_itself(view, at, before.group("noun")):
            return None  # "keep every reply under 80 words": the whole output
        return Distributive(Span(at, end), kind_of(noun) if noun else referent(view, at))
    after = AFTER_RE.match(view, end)
    if after:
        noun = after.group("noun")
        return Distributive(Span(start, after.end()), kind_of(noun) if noun else referent(view, start))
    return None
