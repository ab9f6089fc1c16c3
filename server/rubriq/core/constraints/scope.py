"""What a requirement is said of, and whether it is asked for at all.

Most checks read the whole reply. A cap, a ban or an exact count said of one part of it ("keep the first paragraph
under 40 words", "don't use the word "sale" in the title", "the introduction should be two sentences") is not the
whole reply's: checked on the whole reply it fails answers that obey it. A lower bound or a required word said of a
part still holds of the whole ("use "budget" in the first sentence": the reply contains it), so those are kept.

A permission is not a requirement: "feel free to go over 200 words", "it doesn't have to be under 100 words", "you
can use the word "cheap" if you want" ask for nothing. A cap stated with its own limit word stays one: "you can use
up to 100 words".

A text other than the reply, described ("our competitor's blurb is only 40 words", "the previous answer had five
bullet points", "it was over 400 words"), asks nothing of the reply either; nor does a rule the reply passes on to its
readers ("a notice that says entries must be no more than 14 lines", "applicants should send a cover letter of no more
than 300 words").

Nor does a requirement taken back ("forget the 100-word limit", "the 50-word cap no longer applies", "earlier I asked
for five bullets, but now ..."), or one of two alternatives ("either three bullets or a short paragraph").

These readings drop the constraint rather than guess another; the sentence is then reported as not checked.
"""

from __future__ import annotations

import re

from rubriq.core.text import Span

# Kinds whose check reads the whole reply.
WHOLE_REPLY_KINDS = frozenset({
    "length_constraints:number_words", "length_constraints:number_sentences", "length_constraints:number_paragraphs",
    "rubriq:number_paragraphs", "rubriq:number_characters", "rubriq:number_lines", "rubriq:approximate_words",
    "keywords:existence", "keywords:frequency", "keywords:letter_frequency", "keywords:forbidden_words",
    "rubriq:forbidden_topic", "rubriq:no_lists", "rubriq:bullet_count", "detectable_format:number_bullet_lists",
    "punctuation:no_comma", "change_case:english_lowercase", "change_case:english_capital", "rubriq:all_lowercase",
    "change_case:capital_word_frequency", "rubriq:no_emoji", "rubriq:emoji_count",
})

# Bans said of every part are said of the whole: "keep the word "forklift" out of every bullet".
BAN_KINDS = frozenset({"keywords:forbidden_words", "rubriq:forbidden_topic", "rubriq:no_lists", "punctuation:no_comma",
                       "rubriq:no_emoji"})

# Parts that are never the whole reply, and parts that may be (a title asked for on its own is the whole reply).
_ORDINAL = r"(?:first|opening|second|third|fourth|fifth|last|final|closing|concluding|middle|next|lead|top)"
_PIECE = r"(?:paragraph|sentence|line|section|bullet|point|stanza|verse|part|slide|page|item|tweet|entry)"
_INHERENT = rf"(?:{_ORDINAL}\s+{_PIECE}s?|intro(?:duction)?|conclusion|outro|[a-z]{{3,20}}\s+section)"
_TITLE_LIKE = r"(?:title|headline|heading|subheading|subject(?:\s+line)?|caption|tagline|sign-?off|greeting|" \
              r"signature|header|footer|preview\s+text|hashtags?|alt\s+text)"
# "in the title", "out of the first paragraph", "for the intro"
_IN_A_PART_RE = re.compile(
    rf"\b(?:in|within|inside|into|throughout|for|out\s+of)\s+(?:the|your|its|that)\s+"
    rf"(?:(?:very|actual|main|short|email'?s?|e-mail'?s?)\s+)?(?:{_INHERENT}|{_TITLE_LIKE})\b(?!\s+of\b)",
    re.IGNORECASE)  # "in the title of the supplement" names another text's title
# "in each paragraph", "per section", "for each of the five chapters": a limit on every part, which for a cap is not
# the whole reply's
_IN_EACH_PART_RE = re.compile(
    rf"\b(?:in|within|for|inside)\s+(?:each|every)\s+(?:single\s+)?(?:{_PIECE}|{_INHERENT}|{_TITLE_LIKE})\b|"
    r"\b(?:for|in)\s+(?:each|every)\s+(?:one\s+)?of\s+(?:the|these|those|your|my|our)\s+|"
    r"\bfor\s+(?:each|every)\s+(?!(?:one|time)\b)[a-z]{3,20}\b(?!['’])|"
    rf"\bper\s+{_PIECE}\b", re.IGNORECASE)


def _limited_part(determiners: str, part: str, verbs: str, keep_verbs: str) -> re.Pattern[str]:
    """A part as what a clause limits: "the first paragraph should ...", "keep the intro to ..."."""
    return re.compile(rf"\b(?:{determiners})\s+{part}\s+(?:{verbs})\b|\b(?:{keep_verbs})\s+(?:the|your)\s+{part}\b",
                      re.IGNORECASE)


_PART_AS_SUBJECT_RE = _limited_part(
    "the|your|its|each|every", _INHERENT,
    r"should|must|shall|can(?:'t|not)?|could|may|might|will|won'?t|needs?|has|have|ought|is|are|shouldn'?t|mustn'?t|"
    r"stays?|runs?", "keep|limit|cap|make|restrict|hold|cut|trim|shorten|reduce|condense|pare|bring|get")
# A part named by its ordinal alone, just before the limit: "two paragraphs: the first under 50 words, the second ..."
_ORDINAL_JUST_BEFORE_RE = re.compile(
    r"(?:^|[:;,(]|\band)\s*the\s+(?:first|second|third|fourth|last|final|other|next|opening|closing)(?:\s+one)?\s*"
    r"(?:(?:should|must|is|has\s+to|needs\s+to)\s+(?:be\s+)?)?$", re.IGNORECASE)
# A title-like part in the subject position is a part only where the reply has more than the title: "write a post
# with a title; the title should be under 8 words".
_TITLE_AS_SUBJECT_RE = _limited_part(
    "the|your|its", _TITLE_LIKE, r"should|must|shall|can(?:'t|not)?|may|will|won'?t|needs?|has|is|shouldn'?t|mustn'?t",
    "keep|limit|cap|make|restrict|cut|trim|shorten|reduce|condense")
_TITLE_IS_A_PART_RE = re.compile(
    rf"\b(?:with|add|include|plus|and|put|give\s+it|then|under)\s+(?:a|an|one)\s+(?:[a-z-]{{2,20}}\s+)?{_TITLE_LIKE}\b|"
    rf"\b{_TITLE_LIKE}\s+(?:and|plus|then|followed\s+by)\s+(?:a|an|the|\d+|one|two|three)\b|<<", re.IGNORECASE)
# A reply with a body, whose title or subject line is a part of it ("Write an e-mail to the team ... The subject line
# must be under 8 words"), unless the title itself is what is asked for ("Suggest a subject line for my e-mail").
_TEXT_WITH_A_BODY_RE = re.compile(
    r"\b(?:write|draft|compose|prepare|put\s+together|create)\s+(?:me\s+|us\s+)?(?:a|an|the|our|my)\s+(?:[a-z-]+\s+){0,3}?"
    r"(?:e-?mail|letter|post|article|blog(?:\s+post)?|newsletter|essay|story|report|announcement|press\s+release|"
    r"flyer|poster|memo|note|message|description|update|bulletin|notice)\b", re.IGNORECASE)
_TITLE_IS_THE_TASK_RE = re.compile(
    rf"\b(?:write|suggest|give\s+me|come\s+up\s+with|brainstorm|generate|propose|need|want|think\s+of)\s+(?:me\s+)?"
    rf"(?:a|an|one|some|the|a\s+few|several|\d+|two|three|four|five|ten)?\s*(?:[a-z-]+\s+){{0,2}}?{_TITLE_LIKE}s?\b",
    re.IGNORECASE)

# Parts named in the plural as what a modal limits: "headlines should be under 10 words", "paragraphs must stay short".
_PLURAL_PART_SUBJECT_RE = re.compile(
    r"(?:^|[:;(]|\bthat)\s*(?:all\s+)?(?:headlines|titles|headings|subheadings|captions|subject\s+lines|paragraphs|"
    r"sentences|bullets|bullet\s+points|lines|items|entries|sections|slides|tweets|posts|replies|answers|e-?mails|"
    r"messages|descriptions|bios|summaries|essays|reports|submissions|applications|stories|poems|stanzas|verses)\s+"
    r"(?:must|should|shall|cannot|can't|need\s+to|have\s+to|are\s+to|mustn'?t|shouldn'?t)\b",
    re.IGNORECASE)

# One of several parts as the subject of a condition: "if an option goes over 25 words, it's too long".
_ANY_PART_IF_RE = re.compile(
    r"\b(?:if|when|once|should)\s+(?:an?|any|one)\s+(?:single\s+)?(?:option|item|bullet|point|line|entry|idea|"
    r"suggestion|opener|title|name|tip|step|answer|question|caption|headline|paragraph|sentence)\b|"
    r"\b(?:if|when|once|should)\s+(?:one|any)\s+(?:of\s+(?:them|these|those)\s+)?(?:goes|runs|gets|is|comes\s+in)\b",
    re.IGNORECASE)

# The whole named beside the part: "each bullet under 10 words and the whole answer under 40".
_WHOLE_RE = re.compile(r"\b(?:whole|entire|total|overall|altogether|in\s+all)\b", re.IGNORECASE)

# A permission has "you" or "it" before the modal: "Can you keep it under 100 words?" is a request.
# Another text described, not the reply asked for: "our competitor's blurb is only 40 words", "the previous answer had
# five bullet points", "the old version used the word "cheap" a lot".
_TEXT_NOUN = (r"(?:version|answer|reply|response|draft|description|blurb|post|e-?mail|letter|text|copy|ad|advert|"
              r"summary|article|one|attempt|bio|listing|page|tweet|caption|flyer|invite|invitation|poster|notice|"
              r"leaflet|newsletter|brochure|menu|notes?|report|speech|message|slides?|deck|essay|story|poem)s?")
_ANOTHER_TEXT_RE = re.compile(
    # "our competitor's blurb is", "the previous answer had"
    r"\b(?:(?:the|your|our|my|their|his|her|its|that)\s+(?:(?:old|previous|original|current|existing|last|earlier|"
    r"first|other|competitor'?s?|rival'?s?)\s+){1,2}|[A-Za-z]{2,20}'s\s+(?:(?:old|previous|original|current|own)\s+)?)"
    rf"{_TEXT_NOUN}\s+(?:(?:is|was|are|were|has|had|used|uses|ran|runs|came\s+to|comes\s+to|contained|contains|went|"
    r"goes|said|says|read|reads)\b)|"
    # "my notes below are about 200 words long", "the flyer I got last year had 3 bullet points"
    rf"\b(?:the|your|our|my|their|his|her)\s+{_TEXT_NOUN}\s+(?:below|above|attached|pasted|here|(?:i|we|you|they|she|he)\s+"
    r"(?:got|sent|wrote|received|used|found|had)|from\s+last\s+\w+)\b[^.,;:!?\n]{0,25}?\s(?:is|are|was|were|has|had|"
    r"used|said|reads|ran|runs|contains|contained|came\s+to)\b(?!\s+(?:supposed|meant|to)\b)|"
    # past tense: "the invitation said "BYOB"", "the answer was 300 words"
    rf"\b(?:the|your|our|my|their|his|her|[A-Za-z]{{2,20}}'s)\s+{_TEXT_NOUN}\s+(?:had|was|were|used|said|contained|ran|"
    r"came\s+to)\b(?!\s+(?:supposed|meant|to)\b)", re.IGNORECASE)
_PAST_VERB_RE = re.compile(r"(?:used|had|was|were|ran|contained)\b", re.IGNORECASE)
_PAST_CHAIN_RE = re.compile(r"\b(?:it|they|that\s+one|this\s+one)\s+(?:was|were|had|used|ran|contained)\b[^.;,\n]{0,60}"
                            r"\band\s+(?:(?P<verb>used|had|was|were|ran|contained)\s+)?$", re.IGNORECASE)
# "it was over 400 words", "it used the word "passionate" five times": a past text's measure, right before the
# requirement's words (not "a story where it was raining, in under 300 words"; not "if it was under 100 words")
_PAST_MEASURE_RE = re.compile(
    r"(?<!\bif\s)(?<!\bwish\s)\b(?:it|they|that\s+one|this\s+one)\s+(?:was|were|had|used|ran|came\s+to|contained)\s+"
    r"(?:(?:well|just|only|way|far)\s+)?$", re.IGNORECASE)

# The rest of a short label up to its colon: a permission's words inside "No need to notify:" name a section.
_LABEL_REST_RE = re.compile(r"[^.,;:!?\n\"”]{0,30}:")
_LABEL_LEAD_RE = re.compile(r"(?:\b(?:and|or|under|into)|[,/\"“])\s*$", re.IGNORECASE)
_PERMISSION_RE = re.compile(
    r"\bfeel\s+free\s+to\b|\b(?:you|it)\s+(?:can|may|could)\s+(?:also\s+|always\s+|easily\s+|even\s+)?(?:go|run|write|"
    r"use|mention|include|add|say|throw\s+in|exceed|stretch|be)\b|"
    r"\b(?:doesn'?t|don'?t|does\s+not|do\s+not|needn'?t|need\s+not|won'?t)\s+(?:have|need)\s+to\b|"
    r"\bno\s+need\s+(?:to|for)\b|\b(?:is|are)\s+optional\b|\boptional(?:ly)?\b|\bif\s+you\s+(?:want|like|wish|prefer)\b|"
    r"\b(?:is|are)\s+(?:also\s+)?(?:fine|ok|okay|allowed|acceptable)\s+(?:too|as\s+well)\b|"
    r"\bit'?s\s+(?:fine|ok(?:ay)?|allowed)\s+(?:to|if)\b|\bno\s+problem\s+if\b", re.IGNORECASE)
# "you can use up to 100 words", "you may only use three bullets": a cap, permission-worded
_CAP_WORD_RE = re.compile(
    r"\b(?:up\s+to|at\s+most|at\s+the\s+most|max(?:imum)?|no\s+more\s+than|within|tops|only|just)\b", re.IGNORECASE)
_MORE_BEFORE_RE = re.compile(r"\b(?:more|longer|over|extra)\s*,?\s*$", re.IGNORECASE)
_CLAUSE_CUT_RE = re.compile(r";|,\s+(?:and|but|then|plus|while|whereas)\s+|\s+-\s+|\s+–\s+|"
                            # "... open with "Menu price:" and I'll lose the thread if ...": a new subject
                            r"\s+(?:and|but|so)\s+(?=(?:i|we|she|he|they)(?:'[a-z]{1,2})?\s)|"
                            r"\s+(?:because|since|porque|weil|parce\s+que)\s+", re.IGNORECASE)


# No sentence of a request runs longer than this either side of what it holds; the bound keeps every scope test
# linear in a long text with no sentence end (a pasted log, a run of symbols).
_MAX_SENTENCE_REACH = 2000


def sentence_bounds(view: str, start: int, end: int, stops: str = ".!?\n") -> tuple[int, int]:
    """Where the sentence holding view[start:end] begins and ends, cut at any of `stops` (or `_MAX_SENTENCE_REACH`
    characters away)."""
    floor, ceiling = max(0, start - _MAX_SENTENCE_REACH), min(len(view), end + _MAX_SENTENCE_REACH)
    lo = max(floor, max((view.rfind(c, floor, start) + 1 for c in stops), default=0))
    return lo, min((i for i in (view.find(c, end, ceiling) for c in stops) if i >= 0), default=ceiling)


def _clause_around(view: str, span: Span) -> tuple[int, int]:
    """The clause holding `span`: its sentence, cut at ';' and at ', and' / ', but' joins."""
    lo, hi = sentence_bounds(view, span.start, span.end)
    for cut in _CLAUSE_CUT_RE.finditer(view, lo, hi):
        if cut.end() <= span.start:
            lo = cut.end()
        elif cut.start() >= span.end:
            hi = cut.start()
            break
    return lo, hi


# A part put first, before a comma: "In the intro, avoid the word "very"".
_FRONTED_PART_RE = re.compile(r"^\s*(?:in|within|for|inside)\s+(?:the|your|each|every)\s+[\w-]+(?:\s+[\w-]+){0,4}\s*$",
                              re.IGNORECASE)
# A permission said after a comma: "use the word "cheap", if you want".
_TRAILING_PERMISSION_RE = re.compile(r",\s*(?:if\s+you\s+(?:want|like|wish|prefer)|optional(?:ly)?)\b", re.IGNORECASE)


# A part named on its own before a comma: "the first paragraph, of fewer than 40 words" (Spanish, glossed).
_PART_ALONE_RE = re.compile(rf"^\s*(?:the|your)\s+{_INHERENT}\s*$", re.IGNORECASE)


def _stretch(view: str, span: Span) -> tuple[int, int]:
    """The comma-free stretch of the clause holding `span`, with a fronted part before it: a run-on list of
    requests ("one step per line, it's a 70-word box, ...") says each request in its own stretch."""
    lo, hi = _clause_around(view, span)
    before = view.rfind(",", lo, span.start)
    after = view.find(",", span.end, hi)
    start, end = (before + 1 if before >= 0 else lo), (after if after >= 0 else hi)
    if before >= 0:
        previous = view.rfind(",", lo, before)
        segment = view[(previous + 1 if previous >= 0 else lo):before]
        if _FRONTED_PART_RE.match(segment) or _PART_ALONE_RE.match(segment):
            start = previous + 1 if previous >= 0 else lo
    return start, end


def holds_of_the_whole_if_of_a_part(kind: str, params: dict) -> bool:
    """A required word or a lower bound said of a part holds of the whole reply too."""
    if kind == "keywords:existence":
        return True
    if kind == "rubriq:bullet_count":
        return params.get("max") is None
    return params.get("relation") == "at least"


def said_of_a_part(view: str, kind: str, span: Span) -> bool:
    """The stretch of `span` limits one part of the reply, not the whole of it."""
    lo, hi = _stretch(view, span)
    if _ORDINAL_JUST_BEFORE_RE.search(view[lo:span.start]):
        return True
    stretch = view[lo:hi]
    if _WHOLE_RE.search(stretch):
        return False
    if _PART_ALONE_RE.match(stretch[:max(0, stretch.find(","))]):
        return True
    if _IN_A_PART_RE.search(stretch) or _PART_AS_SUBJECT_RE.search(stretch):
        return True
    if kind not in BAN_KINDS and (_PLURAL_PART_SUBJECT_RE.search(view[lo:span.start]) or
                                  _ANY_PART_IF_RE.search(view, lo, span.end)):
        return True
    if kind not in BAN_KINDS and _IN_EACH_PART_RE.search(stretch):
        return True
    return bool(_TITLE_AS_SUBJECT_RE.search(stretch)) and (
        bool(_TITLE_IS_A_PART_RE.search(view)) or (bool(_TEXT_WITH_A_BODY_RE.search(view)) and not
                                                   _TITLE_IS_THE_TASK_RE.search(view)))


# What the reply tells its readers to do, not what it must be: "a sign that says entries must be no more than 14 lines",
# "an e-mail reminding staff that reports must be under 500 words", "telling them to keep updates under 100 words".
# A reporting verb, its listener (never "me", never "how"), then a clause with a modal or "to" and a verb of writing:
# all of it before the requirement, with no comma or colon between.
# Modals that oblige: "can" and "may" say what is possible ("a poem saying you can do anything in 12 lines").
_MODAL = r"(?:must|should|shall|cannot|can't|need\s+to|needs\s+to|have\s+to|has\s+to|are\s+to|is\s+to|mustn'?t|" \
         r"shouldn'?t|are\s+(?:required|expected|asked)\s+to|(?:are|is)\s+not\s+allowed\s+to)"
_REPORTED_RE = re.compile(
    r"\b(?:says?|saying|said|remind(?:s|ing)?|explain(?:s|ing)?|tell(?:s|ing)?|inform(?:s|ing)?|warn(?:s|ing)?|"
    r"announc(?:e|es|ing)|stat(?:e|es|ing)|let(?:s|ting)?\s+\w+\s+know|ask(?:s|ing)?|instruct(?:s|ing)?|"
    r"encourag(?:e|es|ing)|urg(?:e|es|ing)|mak(?:e|es|ing)\s+(?:it\s+)?clear|point(?:s|ing)?\s+out|noting)\s+"
    r"(?:(?!(?:me|us|it|how|what|why|when|where|which|whether|that|to)\b)[\w'-]+\s+){0,3}"
    rf"(?:(?:that\s+)?(?!it\b)(?:[\w'-]+\s+){{1,4}}?{_MODAL}\s[^,;:]*|to(?:\s+(?:keep|limit|cap|stay|write|submit|send|"
    rf"use|include|avoid|stick|put|add)\b[^,;:]*)?\s*)$", re.IGNORECASE)
# Requirements set for people, not for the reply: "applicants should send a cover letter of no more than 300 words",
# "each entrant can submit at most 3 photos".
_PEOPLE = (r"(?:applicants|candidates|students|pupils|entrants|participants|members|volunteers|staff|employees|guests|"
           r"visitors|customers|users|speakers|authors|contributors|players|kids|children|parents|attendees|delegates|"
           r"drivers|tenants|residents|everyone|everybody|people|writers|submitters|teams)")
_PEOPLE_MUST_RE = re.compile(
    rf"\b(?:(?:all|our|the|your|their)\s+)?{_PEOPLE}\s+(?:\w+\s+)?{_MODAL}\b|\btheir\s+(?:[\w-]+\s+){{1,2}}?{_MODAL}\b|"
    rf"\b(?:each|every|any)\s+(?:applicant|candidate|student|pupil|entrant|participant|member|volunteer|employee|guest|"
    rf"visitor|customer|user|speaker|author|contributor|player|child|attendee|driver|tenant|resident|writer|team)\s+"
    rf"{_MODAL}\b", re.IGNORECASE)


def said_of_another_text(view: str, span: Span) -> bool:
    """The stretch of `span` describes another text (an earlier answer, a competitor's copy), not the reply; or the
    requirement is content the reply passes on to its readers ("a sign that says entries must be ...")."""
    lo, hi = _stretch(view, span)
    if _ANOTHER_TEXT_RE.search(view, lo, hi) is not None or _PEOPLE_MUST_RE.search(view, lo, span.start):
        return True
    chain = _PAST_CHAIN_RE.search(view[lo:span.start])
    if _PAST_MEASURE_RE.search(view, max(lo, span.start - 30), span.start) or (
            chain is not None and (chain.group("verb") or _PAST_VERB_RE.match(view, span.start))):
        return True  # "... it was over 400 words and used the word "passionate" six times"
    start, _ = sentence_bounds(view, span.start, span.end)
    return _REPORTED_RE.search(view[start:span.start]) is not None


def only_allowed(view: str, span: Span) -> bool:
    """The stretch of `span` permits rather than asks: "feel free to go over 200 words"."""
    lo, hi = _stretch(view, span)
    if _TRAILING_PERMISSION_RE.match(view, hi):
        return not _CAP_WORD_RE.search(view, lo, hi)
    # "five tips, more if you like" asks for five at least: the permission is for the ones beyond
    permits = any(not _MORE_BEFORE_RE.search(view, max(lo, m.start() - 20), m.start())
                  and not (_LABEL_REST_RE.match(view, m.end()) and  # the label "No need to notify:"
                           _LABEL_LEAD_RE.search(view, max(0, m.start() - 8), m.start()))
                  for m in _PERMISSION_RE.finditer(view, lo, hi))
    return permits and not _CAP_WORD_RE.search(view, lo, hi)


# A requirement taken back: "forget the 100-word limit", "ignore what I said about bullets", "scratch the part about
# ending with ...", « oublie la limite de 100 mots »; never "don't forget to include ...".
_WITHDRAWN_BEFORE_RE = re.compile(
    r"(?<!n't\s)(?<!not\s)(?<!never\s)\b(?:forget|ignore|disregard|scratch|never\s+mind|cancel|olvida|olvídate\s+de|"
    r"ignora|oublie|oubliez|vergiss|vergesst|ignorier)\s+(?:about\s+)?(?:(?:the|that|my|this|those|these|your|el|la|los|"
    r"las|le|les|die|der|den|das|lo\s+de)\s+(?P<object>(?:[\w-]+\s+){0,3}?)|(?:what\s+i\s+(?:said|wrote|asked)|ce\s+que)\b)",
    re.IGNORECASE)
# What a withdrawal takes back, named after its verb: "forget the 120-word limit", "scratch the bit about ...";
# not "ignore the typos and ...", and never a word ('drop the word "pizza"' bans it)
_REQUIREMENT_NOUN_RE = re.compile(
    r"(?:limit|cap|maximum|minimum|max|rule|requirement|instruction|request|count|bit|part|format|length|"
    r"bullets?|bullet\s+points|list|table|title|ending|opening|límite|limite|grenze|regel|règle|regla)\b",
    re.IGNORECASE)
_WITHDRAWN_AFTER_RE = re.compile(
    r"\b(?:no\s+longer\s+(?:applies|apply|matters?|stands?|holds?|counts?|needed|necessary|required)|"
    r"(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+(?:apply|matter|stand|count)\s+(?:any\s*more|now)|"
    r"(?:is|are)\s*(?:n'?t|\s+not)\s+(?:needed|necessary|required)\s+any\s*more|is\s+off|are\s+off|"
    r"ya\s+no\s+(?:aplica|cuenta|vale|hace\s+falta|es\s+necesari[oa])|"
    r"gilt\s+nicht\s+mehr|(?:ist|sind)\s+nicht\s+mehr\s+nötig|"
    r"ne\s+s'applique\s+plus|n'est\s+plus\s+(?:nécessaire|valable))\b", re.IGNORECASE)
# An earlier request revised in the same sentence: "earlier I asked for five bullets, but now I want four".
_EARLIER_REQUEST_RE = re.compile(
    r"\b(?:earlier|before|previously|originally|at\s+first|last\s+time)\b,?\s+(?:i|you|we)\s+(?:had\s+)?"
    r"(?:asked|said|wanted|wrote|requested|suggested|mentioned|gave|put)\b|"
    r"\b(?:i|we)\s+(?:originally|first|initially|previously)\s+(?:asked|said|wanted|requested)\b", re.IGNORECASE)
_REVISED_RE = re.compile(r"\b(?:but|now|instead|actually|rather|change\s+(?:that|it)|make\s+it)\b", re.IGNORECASE)

# One of two alternatives: "either three bullets or a short paragraph", "bullets or a table, whichever reads better".
_ALTERNATIVES_RE = re.compile(
    r"\beither\b(?!\s+(?:way|one|of\s+(?:them|these|those)))|\bwhichever\b|\b(?:your|the\s+writer'?s)\s+(?:call|choice)\b|"
    r"\bup\s+to\s+you\b|\b(?:o\s+bien|soit|entweder|(?:comme|like)\s+tu\s+(?:veux|préfères)|como\s+prefieras|"
    r"wie\s+du\s+willst)\b",
    re.IGNORECASE)


def withdrawn(view: str, span: Span) -> bool:
    """The requirement at `span` is taken back, or revised later in its sentence."""
    lo, hi = _clause_around(view, span)
    for m in _WITHDRAWN_BEFORE_RE.finditer(view, lo, span.end):
        if m.group("object") is None or m.end() >= span.start or _REQUIREMENT_NOUN_RE.match(view, m.end()):
            return True  # "forget the 120-word limit", "ignore what I said about bullets"
    if _WITHDRAWN_AFTER_RE.search(view, span.end, hi):
        return True
    start, end = sentence_bounds(view, span.start, span.end)
    earlier = _EARLIER_REQUEST_RE.search(view, start, span.start)
    return earlier is not None and _REVISED_RE.search(view, span.end, end) is not None


def one_of_alternatives(view: str, kind: str, span: Span) -> bool:
    """The requirement at `span` is one of two the reply may choose between; a ban of either is a ban of both."""
    if kind in BAN_KINDS:
        return False
    lo, hi = _clause_around(view, span)
    aside = view.find("(", span.end, hi)
    hi = aside if aside >= 0 else hi  # "as JSON ... (severity is either "allergy" or "preference")": another choice
    # a cue inside the requirement's own words is its options: "the first word should be either Yes or No"
    return _ALTERNATIVES_RE.search(view, lo, span.start) is not None or \
        _ALTERNATIVES_RE.search(view, span.end, hi) is not None
