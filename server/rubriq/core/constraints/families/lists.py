"""Lists: bullet-point counts and ranges, "use bullet points", "no bullet points or lists", numbered lists and
numbered steps, how many items ("brainstorm 10 names", "three at most") and how long each item may be ("each name
two or three words", "no more than 20 words per point", "none of them longer than 12 words"), and bullets per headed
section ("3 bullets under each"). A count said of each part (`distributive.py`) is never the whole response's: it
becomes the per-item or per-section kind when the parts are items or sections, else nothing.
"""

from __future__ import annotations

import re

from rubriq.core.constraints.families.distributive import attached, referent
from rubriq.core.constraints.families.grammar import (
    LOWER_EXCLUSIVE,
    NEGATION_RE,
    POST,
    REL,
    Bound,
    Extraction,
    bounds_for,
    count_re,
    goes_past_before,
    negated_after,
    negated_before,
    norm,
    range_wording,
    rejected_after,
    wording_for,
)
from rubriq.core.constraints.families.length import LIMIT_TO_RE
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

BULLET_UNIT = r"bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+(?:list\s+)?items?|list\s+items?|bullet\s+list"
BULLET_COUNT_RE = count_re(BULLET_UNIT)
BULLET_MENTION_RE = re.compile(rf"\b(?:{BULLET_UNIT}|bullet(?:ed)?\s+lists?|bullet\s+format)\b", re.IGNORECASE)
HEADED_RE = re.compile(r"\b(?:headings?|headers?|subheadings?|sections?)\b", re.IGNORECASE)
EXACTLY_N_RE = re.compile(rf"\bexactly\s+(?P<n>{NUM})\b", re.IGNORECASE)
NO_LISTS_RE = re.compile(
    r"\b(?:no\s+|not?\s+(?:use|give|include|write|add|format)\s+(?:me\s+)?(?:any\s+|it\s+as\s+|this\s+as\s+)?(?:a\s+)?|"
    r"(?:don'?t|do\s+not|never)\s+(?:use|give|include|write|add|format\s+(?:it|this)\s+as)\s+(?:me\s+)?(?:any\s+)?(?:a\s+)?|"
    r"without\s+(?:using\s+)?(?:any\s+)?(?:a\s+)?|avoid\s+(?:using\s+)?(?:any\s+)?|rather\s+than\s+(?:a\s+)?|"
    r"not\s+(?:as\s+|in\s+)?(?:a\s+)?|nothing\s+(?:in|as)\s+(?:a\s+)?)"
    # a numbered list ruled out leaves bullets and prose: "don't give me a numbered list" is no list ban; another
    # markup may be named first ("never use headings or bullet points")
    r"(?:(?:headings?|headers?|titles?|bold|tables?|emojis?|markdown)\s*(?:,|\bor\b|\band\b|\bnor\b)\s*)?"
    r"(?:bullet(?:ed|s)?\s*(?:points?|lists?)?|lists?|list\s+format)\b|"
    # "don't chop it up into a list", "don't break this into bullet points", "don't turn it into a list"
    r"\b(?:don'?t|do\s+not|never)\s+(?:chop|break|split|turn|cut|carve|make|put|lay|set)\s+(?:it|this|that|them|"
    r"everything)\s+(?:up\s+|out\s+|down\s+)?(?:into|in|as)\s+(?:a\s+)?(?:list|bullet(?:ed)?[\s-]?(?:points?|list)?|"
    r"bullets)\b|"
    # "just write it out as ordinary paragraphs", "in plain paragraphs": running text asked for by name
    r"\b(?:write|put|set|give)\s+(?:it|this|them|everything)\s+(?:out\s+)?(?:as|in)\s+(?:ordinary|normal|plain|regular|"
    r"proper|flowing|running)\s+(?:paragraphs|prose|sentences)\b", re.IGNORECASE)
BULLET_USE_RE = re.compile(
    r"\b(?:in|as|using|use|with|into)\s+(?:a\s+)?(?:\w+\s+)?(?:bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+lists?)\b|"
    r"\bin\s+bullet(?:[\s-]?point)?\s+form\b|"  # "put it in bullet form"
    r"\bone\s+(?:per|a)\s+bullet\b|\b(?:a|one)\s+bullet\s+(?:per|for\s+each|each)\b|"
    # "Bullet points please", "bullets, please": the request is the noun and a please
    r"\b(?:bullet(?:ed)?[\s-]?points?|bullets|bullet(?:ed)?\s+lists?)[ \t]*,?[ \t]*(?:please|pls|plz)\b",
    re.IGNORECASE)
# "a bulleted list of five tips": the bullet points counted
BULLETED_LIST_OF_RE = re.compile(
    rf"\b(?:a|as\s+a|in\s+a)\s+(?:bullet(?:ed)?|bullet[\s-]point)\s+list\s+of\s+(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})\s+"
    r"(?:[a-z-]{2,20}\s+)?[a-z-]{2,20}s\b", re.IGNORECASE)
# A count of things, then the form they take: "the 6 most urgent ones, as bullet points", "the five best ideas in
# bullets"
COUNT_AS_BULLETS_RE = re.compile(
    rf"\b(?:the\s+|only\s+the\s+|just\s+the\s+)(?P<n>{NUM})\s+(?:(?:most|least)\s+[a-z-]{{3,20}}\s+|(?:top|best|main|key|"
    rf"biggest|first|last)\s+)?(?:ones|items|things|points|tips|ideas|reasons|steps|tasks|actions|[a-z-]{{3,20}}s)"
    r"\s*,?\s+(?:as|in)\s+(?:a\s+)?bullet(?:ed)?(?:[\s-]points?|s|\s+list)\b", re.IGNORECASE)
# The count asked for with its items named before, then the form: "Give me five, in a bulleted list", "suggest 3 of
# them as bullet points"
GIVEN_COUNT_AS_BULLETS_RE = re.compile(
    rf"\b(?:give|send|write|propose|suggest)\s+(?:me|us)\s+(?P<n>{NUM})(?:\s+of\s+them)?\s*,?\s+(?:as|in)\s+(?:a\s+)?"
    r"bullet(?:ed)?(?:[\s-]points?|s|\s+list)\b", re.IGNORECASE)
NUMBERED_LIST_RE = re.compile(
    rf"\b(?:(?:a|as\s+a|in\s+a|the\s+form\s+of\s+a)\s+numbered\s+(?:list|rundown|breakdown|sequence|series)"
    rf"(?:\s+of\s+(?P<n>{NUM})\b)?|"
    rf"(?P<m>{NUM})\s+numbered\s+(?:items|points|steps|lines|tips|reasons|ideas|options|names|suggestions|fixes|"
    rf"causes|questions|things)|"
    # "seis ideas numeradas": the count, its noun, and then the form
    rf"(?P<p>{NUM})\s+(?:items|points|steps|tips|reasons|ideas|options|names|suggestions|fixes|causes|questions)\s+"
    rf"numbered\b|"
    # the numbering shown without stops: "set the working out as 1, 2, 3", "as a 1-2-3 list"
    rf"(?:as|like|out)\s+(?:a\s+)?1\s*[-–,]\s*2\s*[-–,]\s*3\b|"
    # "in steps 1., 2., 3. etc.": the numbering written out
    rf"(?<![\w.])1\.,?[ \t]*2\.,?[ \t]*3\.(?!\d)|"
    rf"(?:in|as|with|into|using)\s+numbered\s+(?:steps|points|lines|items)|"
    rf"(?:on\s+its|on\s+their)\s+own\s+numbered\s+lines?|"
    # "give each step a number"
    rf"give\s+(?:each|every)\s+(?:step|point|item|line|tip|idea|stage|reason|option)\s+(?:a|its\s+own)\s+number\b|"
    # "stick a number on each bit of the working", "put a number in front of every step"
    rf"(?:put|stick|pop|add|slap)\s+a\s+number\s+(?:on|to|in\s+front\s+of|before|next\s+to|against)\s+"
    rf"(?:each|every)\b|"
    # the form said first, as a request of its own: "Numbered steps in the order of the day", ". numbered list, ..."
    rf"(?:(?<=^)|(?<=[.;:!?]\s)|(?<=\n))numbered\s+(?:list|steps|points|items|lines)\b|"
    rf"number\s+(?:the|each|every|all\s+the|your)\s+(?:[a-z-]{{3,15}}\s+)?(?:steps?|points?|items?|lines?|tips?|ideas?|"
    rf"answers?|methods?|ways?|reasons?|options?|causes?|stages?|suggestions?|working|workings)\b|"
    # "number them", not "number them like 1/4, 2/4" (a scheme of its own, not a list's "1.")
    rf"(?<!\bthe\s)(?<!\ba\s)\bnumber\s+them\b(?!\s*(?:like|as|with|using|in|by|from|e\.g\.|[:(]))|"
    rf"numbered\s+step[\s-]by[\s-]step|"
    # the numbering shown: "lay out the working as 1., 2., 3.", "numbers like 1) 2) 3)"
    rf"(?:as|like|with|using)\s+[\"']?1[.)][\"']?\s*,?\s*[\"']?2[.)][\"']?(?:\s*,?\s*[\"']?3[.)][\"']?)?|"
    # "give me a few ideas, numbered, five of them": the list's form said alone between commas
    rf"(?<=[,—–:]\s)numbered(?=[ \t]*(?:[,;.\n]|$))(?:,\s+(?P<k>{NUM})\s+(?:of\s+them|[a-z-]{{3,20}}s)\b)?)",
    re.IGNORECASE)
# The list's size said after it, in the same sentence: "a numbered list with 3 items", "numbered list, 5 steps".
COUNT_AFTER_LIST_RE = re.compile(
    rf"[^.;:!?\n]{{0,50}}?(?<![\w-])(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})\s+(?:items|entries|points|steps|lines)\b"
    rf"(?!{POST})",  # "numbered, five steps at most" bounds the items: the item count reads it
    re.IGNORECASE)
# The numbers the list runs through, right after "numbered": "numbered 1 to 3", « numérotées de 1 à 4 ».
NUMBERED_UP_TO_RE = re.compile(r"[ \t]+(?:from[ \t]+)?1[ \t]*(?:to|-|–|through|thru)[ \t]*(?P<n>\d{1,2})\b",
                               re.IGNORECASE)
# The list's size said just before it, alone: "- exactly 8, numbered", "ten of them, numbered".
COUNT_BEFORE_LIST_RE = re.compile(
    rf"(?:(?:^|(?<=[\n,;:(—–])|(?<=[.!?]\s)|(?<=^[-*•])|(?<=\n[-*•])|(?<=\s-))[ \t]*|"
    # "Give me 5, numbered": the count asked for, its items named before
    rf"\b(?:give|send|write|propose|suggest)\s+(?:me|us)\s+)"
    rf"(?:(?P<rel>exactly|precisely|just)\s+)?(?P<n>{NUM})(?:\s+(?:of\s+them|[a-z-]{{3,20}}s))?[ \t]*,[ \t]*$",
    re.IGNORECASE)
COMPARED_BEFORE_RE = re.compile(r"\b(?:between|versus|vs\.?|compare\w*|differen\w*|what\s+is|what's|when\s+to\s+use)\b"
                                r"[^.;?\n]*$", re.IGNORECASE)
# How many items a list holds: "brainstorm 10 names", "list three reasons", "give me five ideas", "3 at most".
ITEM_VERB = r"(?:list|brainstorm|suggest|name|give(?:\s+me)?|come\s+up\s+with|generate|provide|propose|share|offer|" \
            r"write\s+(?:me|us))"
ITEM_COUNT_RE = re.compile(
    rf"(?:\b{ITEM_VERB}\s+(?:(?:me|us)\s+)?|\b(?:a|an)\s+(?:short\s+|quick\s+)?list\s+of\s+)(?:(?P<rel>{REL})\s+)?"
    rf"(?:(?P<a>{NUM})\s*(?:-|–|to)\s*)?(?P<n>{NUM})(?P<post>{POST})?\s+"
    rf"(?:(?!(?:and|or|of|to|in|for|with|the)\b)[a-z-]{{2,20}}\s+){{0,2}}?(?P<noun>[a-z-]{{3,20}}s)\b", re.IGNORECASE)
# Items asked for by their number, in any request: "I need four taglines", "could you write me three openers".
REQUESTED_COUNT_RE = re.compile(
    rf"\b(?:{ITEM_VERB}|write|need|want|(?:would|'d)\s+like)\s+(?:(?:me|us)\s+)?(?P<n>{NUM})\s+"
    rf"(?:(?!(?:and|or|of|to|in|for|with|the)\b)[a-z-]{{2,20}}\s+){{0,2}}?(?P<noun>[a-z-]{{3,20}}s)\b", re.IGNORECASE)
# "as a bulleted list, max six items": the count after the list names its items
BARE_COUNT_RE = re.compile(rf"[\s,;:(–—-]*(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})(?P<post>{POST})?\s*"
                           rf"(?:(?:items|entries|points|bullets|things)\b\s*)?(?:[,;.)]|$)", re.IGNORECASE)
FORMATTED_RE = re.compile(r"\b(?:json|yaml|csv|table|spreadsheet)\b", re.IGNORECASE)
NOT_ITEMS = frozenset({
    "words", "sentences", "paragraphs", "lines", "bullets", "points", "times", "minutes", "hours", "days", "weeks",
    "months", "years", "characters", "letters", "pages", "sections", "stanzas", "verses", "examples", "seconds",
    "calls", "commands", "functions", "tests", "cases", "columns", "rows", "fields", "keys", "digits", "emojis",
    "emoji", "placeholders", "highlights", "commas", "responses", "versions", "hashtags",
})
ITEM_NOUN = (r"(?:names?|bullets?|bullet\s+points?|points?|items?|ideas?|options?|entries|entry|titles?|tips?|"
             r"steps?|answers?|suggestions?|slogans?|taglines?|reasons?|questions?|lines?|headlines?)")
# "Each name should be two or three words", "each bullet under 12 words", "no more than 20 words per point".
ITEM_LENGTH_RE = re.compile(
    rf"\b(?P<each>each|every|no)\s+(?:single\s+)?{ITEM_NOUN}\b[^.;\n]{{0,40}}?\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*"
    rf"(?:-|–|to|or)\s*)?(?P<n>{NUM})(?P<post>{POST})?[\s-]+words?\b(?P<post2>{POST})?|"
    rf"\b(?:(?P<rel3>{REL})\s+)?(?P<n3>{NUM})(?P<post3>{POST})?[\s-]+words?\s+(?:per|for\s+each|in\s+each|each)\s+"
    rf"{ITEM_NOUN}\b|"
    rf",\s+each(?:\s+one|\s+of\s+them)?(?:\s+(?:with|having|containing|in))?\s+(?:(?P<rel4>{REL})\s+)?(?P<n4>{NUM})"
    rf"(?P<post4>{POST})?[\s-]+words?\b(?P<post5>{POST})?",
    re.IGNORECASE)
PER_SECTION_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})(?P<post>{POST})?\s+(?:(?:bullet\s+)?points?|bullets|things|items|entries)"
    rf"\s+(?:per|in\s+each|under\s+each|for\s+each|each|under\s+any|in\s+any|under\s+every|in\s+every)\s+"
    r"(?:group|section|heading|category|part)\b",
    re.IGNORECASE)


def extract_bullets(ex: Extraction) -> None:
    for clause in ex.clauses:
        text = clause.text
        if NO_LISTS_RE.search(text):
            m = NO_LISTS_RE.search(text)
            assert m is not None
            ex.add("rubriq:no_lists", "structure", {}, Span(clause.start + m.start(), clause.start + m.end()),
                   "no bullet points or lists", 0.8)
            continue
        if not BULLET_MENTION_RE.search(text):
            continue
        counted = False
        for m in BULLET_COUNT_RE.finditer(text):
            n = parse_number(m.group("n"))
            if n is None:
                continue
            span = Span(clause.start + m.start(), clause.start + m.end())
            each = attached(ex.view, span.start, span.end)
            if each:  # "3 bullets under each", "each with exactly three bullet points": not the whole response's
                counted = True
                headed = each.referent in (None, "other") and HEADED_RE.search(text[:m.start()])
                if (each.referent == "section" or headed) and not m.group("a"):  # "a heading per week, 2 under each"
                    _add_per_section(ex, m.group("rel"), m.group("post") or m.group("post2"), n, each.span)
                elif each.referent == "section" or headed:  # "4 to 6 bullets under each"
                    low = parse_number(m.group("a"))
                    if low is not None and low < n:
                        _add_per_section(ex, "at least", None, low, each.span)
                        _add_per_section(ex, "at most", None, n, each.span)
                continue  # a count of the whole may follow: "3 under each heading, 9 bullet points in all"
            if m.group("a"):
                a = parse_number(m.group("a"))
                if a is not None and a < n:
                    ex.add("rubriq:bullet_count", "structure", {"min": a, "max": n}, span,
                           f"between {a} and {n} bullet points")
                    counted = True
                continue
            rel = m.group("rel")
            if not rel and not (m.group("post") or m.group("post2")) and \
                    LIMIT_TO_RE.search(text, max(0, m.start() - 40), m.start()):
                rel = "at most"  # "keep it to three bullets", "stick to four bullet points"
            if not rel and not (m.group("post") or m.group("post2")) and rejected_after(text, m.end()):
                rel = "at most"  # "the TV shows five of them before it starts cutting the bottom off"
            bounds = bounds_for(rel, m.group("post") or m.group("post2"), n,
                                negated=negated_before(ex.view, span.start) or (
                                    norm(rel) in LOWER_EXCLUSIVE and negated_after(ex.view, span.end)))
            bound = bounds[0]
            if bound.relation == EXACTLY:
                ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n}, span,
                       f"exactly {n} bullet point{'s' if n != 1 else ''}")
            elif bound.relation == AT_LEAST:
                ex.add("rubriq:bullet_count", "structure", {"min": bound.value, "max": None}, span,
                       f"at least {bound.value} bullet points")
            elif bound.relation == LESS_THAN:
                ex.add("rubriq:bullet_count", "structure", {"min": None, "max": bound.value - 1}, span,
                       f"at most {bound.value - 1} bullet points")
            counted = True
            break
        mention = BULLET_MENTION_RE.search(text)
        bare = BARE_COUNT_RE.match(text, mention.end()) if mention and not counted else None
        if bare and (n := parse_number(bare.group("n"))) and (bare.group("rel") or bare.group("post")):
            lead = len(bare.group()) - len(bare.group().lstrip(" \t,;:(–—-"))
            body = bare.group().rstrip(",;.)")
            span = Span(clause.start + bare.start() + lead, clause.start + bare.start() + len(body))  # "..., at most 5"
            for bound in bounds_for(bare.group("rel"), bare.group("post"), n):
                if bound.relation == AT_LEAST:
                    ex.add("rubriq:bullet_count", "structure", {"min": bound.value, "max": None}, span,
                           f"at least {bound.value} bullet points")
                elif bound.relation == LESS_THAN:
                    ex.add("rubriq:bullet_count", "structure", {"min": None, "max": bound.value - 1}, span,
                           f"at most {bound.value - 1} bullet points")
            counted = True
        if not counted:
            exact = EXACTLY_N_RE.search(text)
            if exact and parse_number(exact.group("n")) is not None:
                n = parse_number(exact.group("n"))
                mention = BULLET_MENTION_RE.search(text)
                assert mention is not None and n is not None
                ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n},
                       Span(clause.start + min(exact.start(), mention.start()),
                            clause.start + max(exact.end(), mention.end())),
                       f"exactly {n} bullet point{'s' if n != 1 else ''}", 0.8)
    for clause in ex.clauses:
        listed = BULLETED_LIST_OF_RE.search(clause.text) or COUNT_AS_BULLETS_RE.search(clause.text) or \
            GIVEN_COUNT_AS_BULLETS_RE.search(clause.text)
        if listed and not ex.has("detectable_format:number_bullet_lists") and not ex.has("rubriq:bullet_count") and (
                n := parse_number(listed.group("n"))):
            span = Span(clause.start + listed.start(), clause.start + listed.end())
            for bound in bounds_for(listed.groupdict().get("rel"), None, n):
                if bound.relation == EXACTLY:
                    ex.add("detectable_format:number_bullet_lists", "structure", {"num_bullets": n}, span,
                           f"exactly {n} bullet point{'s' if n != 1 else ''}")
                elif bound.relation == AT_LEAST:
                    ex.add("rubriq:bullet_count", "structure", {"min": bound.value, "max": None}, span,
                           f"at least {bound.value} bullet points")
                elif bound.relation == LESS_THAN:
                    ex.add("rubriq:bullet_count", "structure", {"min": None, "max": bound.value - 1}, span,
                           f"at most {bound.value - 1} bullet points")
    counted_kinds = ("detectable_format:number_bullet_lists", "rubriq:bullet_count", "rubriq:no_lists",
                     "rubriq:bullets_per_section")
    counted_spans = [c.span for c in ex.found if c.kind in counted_kinds]
    # a count that needs at least one bullet says "use bullet points" already; "no more than five" does not
    at_least_one = [c.span for c in ex.found if c.kind == "detectable_format:number_bullet_lists"
                    or (c.kind == "rubriq:bullet_count" and (c.params.get("min") or 0) > 0)]
    if not ex.has("rubriq:no_lists"):
        for clause in ex.clauses:  # "explain it using bullet points": a list, of any length
            mention = BULLET_USE_RE.search(clause.text)
            if not mention or NEGATION_RE.search(clause.text[max(0, mention.start() - 30):mention.start()]):
                continue
            span = Span(clause.start + mention.start(), clause.start + mention.end())
            own_part = re.split(r"[,;:]", clause.text[:mention.start()])[-1] + mention.group()
            if any(span.overlaps(other) for other in counted_spans) or any(
                    clause.span.contains(other) for other in at_least_one) or re.search(
                    r"\b(?:exactly|precisely)\b|\d", own_part):
                # "use exactly 4 bullet points", "as bullet points (no more than 10)": the count says it; a count in
                # an earlier part ("under 40 words, days as bullet points") is another's
                continue
            ex.add("rubriq:bullet_list", "format", {}, span, "a bulleted list", 0.75)
            break
    numbered = NUMBERED_LIST_RE.search(ex.view) or NUMBERED_ANYWHERE_RE.search(ex.view)
    if numbered and COMPARED_BEFORE_RE.search(ex.view, max(0, numbered.start() - 60), numbered.start()):
        numbered = None  # "the difference between a bulleted list and a numbered list": talked about, not asked for
    if numbered and not negated_before(ex.view, numbered.start(), 20):
        groups = numbered.groupdict()
        raw = groups.get("n") or groups.get("m") or groups.get("k") or groups.get("p")
        span = Span(numbered.start(), numbered.end())
        if groups.get("m") and BOUND_BEFORE_COUNT_RE.search(ex.view, max(0, numbered.start() - 20), numbered.start()):
            raw = None  # "in up to five numbered steps": a bound on the steps (an item count), not their number
            span = Span(numbered.end("m"), numbered.end())
        n = parse_number(raw) if raw else None
        if n is None:  # "give 4 possible causes as a numbered list": the count names the items
            clause = next((c for c in ex.clauses if c.span.contains(span)), None)
            counted = ITEM_COUNT_RE.search(clause.text) if clause else None
            if clause and counted and counted.group("noun").lower() not in NOT_ITEMS - _NUMBERED_UNITS and \
                    not counted.group("rel"):
                n = parse_number(counted.group("n"))
                span = Span(clause.start + counted.start(), span.end)
            elif clause and REFERS_BACK_RE.match(numbered.group()):
                # "Give me three slogans. Number them.": the items counted in the sentence before
                lo = max(0, clause.start - 150)
                starts = [lo, *(lo + m.end() for m in re.finditer(r"(?<=[.!?])\s+", ex.view[lo:clause.start]))]
                lo = starts[-2] if len(starts) > 1 else lo  # this sentence and the one before
                counted = [m for m in REQUESTED_COUNT_RE.finditer(ex.view, lo, clause.start)
                           if m.group("noun").lower() not in NOT_ITEMS]
                if counted:
                    n = parse_number(counted[-1].group("n"))
                    span = Span(counted[-1].start(), span.end)
        before = COUNT_BEFORE_LIST_RE.search(ex.view, max(0, span.start - 40), span.start) if n is None else None
        if before and (n := parse_number(before.group("n"))):
            span = Span(before.start("n") if not before.group("rel") else before.start("rel"), span.end)
        if n is None and ex.view[max(0, numbered.start() - 2):numbered.start()] in (", ", ": "):
            n, span = _counted_earlier_in_the_sentence(ex.view, numbered.start(), span)
        after = COUNT_AFTER_LIST_RE.match(ex.view, numbered.end()) if n is None else None
        if after and not after.group("rel") and (n := parse_number(after.group("n"))):
            span = Span(span.start, after.end())  # "a numbered list with 3 items", "..., one per day, so 3 items"
        up_to = NUMBERED_UP_TO_RE.match(ex.view, numbered.end())
        if up_to and (last := parse_number(up_to.group("n"))) and last >= 2:
            n, span = last, Span(span.start, up_to.end())  # "numbered 1 to 3": the last number is the count
        params = {"num_items": n} if n else {}
        ex.add("rubriq:numbered_list", "format", params, span,
               f"a numbered list of {n} items" if n else "a numbered list", 0.8)
    _per_section(ex)
    _item_counts(ex)
    _item_lengths(ex)


# A count earlier in the sentence of a bare ", numbered": "5 Slogans machen, numbered" (German word order, the verb
# last), "Quédate with 5, numbered": the things counted, or the count said right before the comma.
_COUNTED_THINGS_RE = re.compile(rf"(?<![\w.,:])(?P<n>{NUM})(?![\d:.,]\d)(?:\s+(?P<noun>[A-Za-z][\w-]{{1,20}}s)\b)?",
                                re.IGNORECASE)


def _counted_earlier_in_the_sentence(view: str, at: int, span: Span) -> tuple[int | None, Span]:
    lo = max(0, *(view.rfind(stop, 0, at) + 1 for stop in ".!?\n"))
    counts = [m for m in _COUNTED_THINGS_RE.finditer(view, lo, at) if parse_number(m.group("n"))]
    if len(counts) != 1:
        return None, span
    m = counts[0]
    noun = (m.group("noun") or "").lower()
    if noun in NOT_ITEMS or not (noun or not view[m.end():at].strip(" ,:")):
        return None, span  # "3 May, numbered" names no things; "in 2 paragraphs" counts no items
    return parse_number(m.group("n")), Span(m.start(), span.end)


_A_LIST_RE = re.compile(r"\b(?:numbered|bulleted|bullet(?:ed)?)\s+list\b|\bas\s+(?:a\s+)?list\b", re.IGNORECASE)
# Counted things that a numbered list makes its items: "5 lines for it as a numbered list".
_NUMBERED_UNITS = frozenset({"lines", "points", "examples", "versions"})
# A numbering asked of items already named: "Number them", "stick a number on each one".
REFERS_BACK_RE = re.compile(r"number\s+them\b|(?:put|stick|pop|add|slap)\s+a\s+number\b", re.IGNORECASE)
# Failing every phrasing above, "numbered" said of what the reply lists ("give them to me numbered", "keep them
# numbered please"), not of sections, pages or other parts that are numbered in their own way.
NUMBERED_ANYWHERE_RE = re.compile(
    r"\bwith\s+numbers\b(?=\s*(?:[.,;!]|$|please\b|in\s+front\b|before\b))|"
    r"\bnumbered\b(?![ \t]+(?:sections?|pages?|headings?|headers?|paragraphs?|chapters?|parts?|questions?|"
    r"columns?|rows?|slides?|footnotes?|references?|citations?|lines?\s+of\s+code|versions?|lists?)\b)", re.IGNORECASE)

BOUND_BEFORE_COUNT_RE = re.compile(r"\b(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?|"
                                   r"fewer\s+than|less\s+than|under|at\s+least|no\s+fewer\s+than|min(?:imum)?)\s+$",
                                   re.IGNORECASE)
# A bound on the items themselves: "a shopping list, max 12 items", "no more than 8 ideas" (never what a program
# returns: "returns at most 5 suggestions").
ITEM_BOUND_RE = re.compile(
    rf"\b(?P<rel>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|max|maximum|fewer\s+than|less\s+than|under|"
    rf"at\s+least|no\s+fewer\s+than|min|minimum)\s+(?P<n>{NUM})(?P<post>{POST})?\s+(?:numbered\s+)?(?P<noun>items|entries|things|"
    r"ideas|suggestions|options|names|tips|steps)\b", re.IGNORECASE)
# The bound after the count: "five steps max", "three tips tops", "4 ideas at the very most", "six steps or fewer".
ITEM_BOUND_AFTER_RE = re.compile(
    rf"\b(?P<n>{NUM})\s+(?P<noun>items|entries|things|ideas|suggestions|options|names|tips|steps|reasons|ways|"
    r"questions|points)\s*,?\s*(?P<post>max(?:imum)?|tops|at\s+(?:the\s+(?:very\s+)?)?most|or\s+(?:fewer|less)|"
    r"(?:is|are)\s+the\s+(?:limit|max(?:imum)?|ceiling)|at\s+(?:the\s+)?least|or\s+more|min(?:imum)?)\b",
    re.IGNORECASE)
PROGRAM_VERB_RE = re.compile(r"\b(?:returns?|returning|fetch(?:es)?|shows?|displays?|outputs?|prints?|yields?|"
                             r"gives\s+back|lists?\s+out|queries|query|selects?)\b[^.;\n]{0,25}$", re.IGNORECASE)


def _item_counts(ex: Extraction) -> None:
    """ "Brainstorm 10 names", "list three reasons": the number of list items (or lines, without a list)."""
    # a numbered list without a count leaves the count to this reading ("in up to five numbered steps")
    listed = [c.span for c in ex.found if c.kind in ("rubriq:numbered_list", "detectable_format:number_bullet_lists",
                                                      "rubriq:bullet_count", "rubriq:bullets_per_section") and
              (c.params or c.kind != "rubriq:numbered_list")]
    for clause in ex.clauses:
        m = ITEM_BOUND_AFTER_RE.search(clause.text) or ITEM_COUNT_RE.search(clause.text) or \
            ITEM_BOUND_RE.search(clause.text)
        if m and m.re is not ITEM_COUNT_RE and (PROGRAM_VERB_RE.search(clause.text[:m.start()]) or re.search(
                r"\b(?:each|per|every)\s+$", clause.text[:m.start()], re.IGNORECASE)):
            continue
        listed_points = m is not None and m.group("noun").lower() == "points" and m.re is ITEM_COUNT_RE and \
            re.search(r"\b(?:bullet(?:ed)?|numbered)\s+list\b", clause.text, re.IGNORECASE) is not None
        if not m or (m.group("noun").lower() in NOT_ITEMS and not listed_points) or FORMATTED_RE.search(clause.text):
            continue  # "three books as a JSON array": items of a format that is checked as such
        n = parse_number(m.group("n"))
        span = Span(clause.start + m.start(), clause.start + m.end())
        if not n or n < 2 or any(span.overlaps(other) for other in listed):
            continue
        low = parse_number(m.group("a")) if m.groupdict().get("a") else None
        post = m.group("post")
        post = f" {post}" if post and m.re is ITEM_BOUND_AFTER_RE else post  # bounds_for reads " max", " or fewer"
        bounds = [Bound(AT_LEAST, low), Bound(LESS_THAN, n + 1, True)] if low and low < n else bounds_for(
            m.groupdict().get("rel"), post, n, negated=negated_before(ex.view, span.start))  # "list 3-5 ways"
        stated = range_wording(bounds, "item")
        for bound in bounds:
            if bound.relation in (AT_LEAST, LESS_THAN, EXACTLY):
                ex.add("rubriq:item_count", "structure", {"relation": bound.relation, "num_items": bound.value}, span,
                       stated or wording_for(bound, "item"), 0.7)
        return


def _item_lengths(ex: Extraction) -> None:
    for clause in ex.clauses:
        m = ITEM_LENGTH_RE.search(clause.text)
        if not m:
            if _item_length_of_each(ex, clause.start, clause.text):
                return
            continue
        n = parse_number(m.group("n") or m.group("n3") or m.group("n4"))
        if n is None:
            continue
        span = Span(clause.start + m.start(), clause.start + m.end())
        if m.group("n4") and referent(ex.view, span.start) in NOT_ITEM_PARTS and not (
                referent(ex.view, span.start) == "line" and _A_LIST_RE.search(clause.text, 0, m.start())):
            continue  # "three paragraphs, each under 100 words": no list items ("5 lines as a numbered list" are)
        if NO_LISTS_RE.match(clause.text, m.start()) or NO_LISTS_RE.search(clause.text[max(0, m.start() - 12):m.end()]):
            continue  # "in prose (no bullets), under 60 words": the list is refused, the limit is the answer's
        if m.group("a"):
            bounds = _range_bounds(m.group("a"), n)
            if bounds is None:
                continue
        else:
            rel = m.group("rel") or m.group("rel3") or m.group("rel4")
            post = m.group("post") or m.group("post2") or m.group("post3") or m.group("post4") or m.group("post5")
            none = (m.group("each") or "").lower() == "no"  # "no question longer than 20 words": each at most 20
            past = norm(rel) in LOWER_EXCLUSIVE and (negated_after(ex.view, span.end) or
                                                     goes_past_before(ex.view, span.start))  # "anything past 12"
            # the negation read is the one before the relation ("bullet points not numbers, each one under 8
            # words": the "not" belongs to the clause before the comma)
            rel_group = next((g for g in ("rel", "rel3", "rel4") if m.group(g)), None)
            at = clause.start + m.start(rel_group) if rel_group else span.start
            bounds = bounds_for(rel, post, n, negated=none or past or negated_before(ex.view, at),
                                limiting=LESS_THAN)
        _add_item_lengths(ex, bounds, n, span)
        return


def _range_bounds(low: str, n: int) -> list[Bound] | None:
    """"10 to 15 words": at least the low end and at most n; None when the low end is no number below n."""
    a = parse_number(low)
    return None if a is None or a >= n else [Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)]


def _add_item_lengths(ex: Extraction, bounds: list[Bound], n: int, span: Span) -> None:
    """One `rubriq:item_length` per bound ("exactly n" as at least n and fewer than n + 1), worded as the prompt
    states the whole limit."""
    stated = range_wording(bounds, "word")
    for bound in bounds:
        pairs = [Bound(AT_LEAST, n), Bound(LESS_THAN, n + 1, True)] if bound.relation == EXACTLY else [bound]
        for b in pairs:
            if b.relation in (AT_LEAST, LESS_THAN):
                ex.add("rubriq:item_length", "length", {"relation": b.relation, "num_words": b.value}, span,
                       (stated or wording_for(b, "word")) + " per item", 0.8)


# A count of words said of each one of the items ("each no longer than four words", "none of them longer than 12
# words", "under 8 words each"), where the parts are list items (`distributive.py`).
WORDS_COUNT_RE = re.compile(rf"\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*(?:-|–|to|or)\s*)?(?P<n>{NUM})"
                            rf"(?P<post>{POST})?[\s-]+words?\b(?P<post2>{POST})?", re.IGNORECASE)
LIST_KINDS = frozenset({"rubriq:item_count", "rubriq:numbered_list", "detectable_format:number_bullet_lists",
                        "rubriq:bullet_count", "rubriq:bullet_list"})
NOT_ITEM_PARTS = frozenset({"section", "stanza", "paragraph", "sentence", "line", "other"})


def _item_length_of_each(ex: Extraction, start: int, text: str) -> bool:
    for m in WORDS_COUNT_RE.finditer(text):
        n = parse_number(m.group("n"))
        post = m.group("post") or m.group("post2")
        if n is None or not (m.group("rel") or post or m.group("a")):
            continue  # a bare "5 words" may be anything's length
        each = attached(ex.view, start + m.start(), start + m.end())
        listed = each is not None and each.referent is None and any(
            c.kind in LIST_KINDS and c.span.start < each.span.start for c in ex.found)  # "List three benefits, ..."
        if each is None or (each.referent != "item" and not listed):
            continue
        if m.group("a"):
            bounds = _range_bounds(m.group("a"), n)
            if bounds is None:
                continue
        else:
            said = ex.view[each.span.start:start + m.start()]
            negated = re.match(r"(?:none|neither)\b", said, re.IGNORECASE) is not None or negated_before(
                ex.view, start + m.start())  # "neither longer than", "don't make any of them longer than"
            bounds = bounds_for(m.group("rel"), post, n, negated=negated, limiting=LESS_THAN)
        if len(bounds) == 1 and bounds[0].relation == EXACTLY:  # said of each item: the pair, and worded as the pair
            bounds = [Bound(AT_LEAST, n), Bound(LESS_THAN, n + 1, True)]
        _add_item_lengths(ex, bounds, n, each.span)
        return True
    return False


def _per_section(ex: Extraction) -> None:
    m = PER_SECTION_RE.search(ex.view)
    if not m:
        return
    n = parse_number(m.group("n"))
    if n is None:
        return
    _add_per_section(ex, m.group("rel"), m.group("post"), n, Span(m.start(), m.end()))


def _add_per_section(ex: Extraction, rel: str | None, post: str | None, n: int, span: Span) -> None:
    for bound in bounds_for(rel, post, n, negated=negated_before(ex.view, span.start)):
        if bound.relation in (AT_LEAST, LESS_THAN, EXACTLY):
            ex.add("rubriq:bullets_per_section", "structure", {"relation": bound.relation, "num_bullets": bound.value},
                   span, wording_for(bound, "bullet point") + " per section", 0.75)
