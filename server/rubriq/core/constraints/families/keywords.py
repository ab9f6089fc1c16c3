"""Words the response must contain, contain a number of times, or leave out, and letter frequencies:
"include the keywords a, b", "the word war should appear at least 8 times", "do not use the word die",
"the letter q should appear less than 3 times".
"""

from __future__ import annotations

import re
from itertools import islice

from rubriq.core.constraints.families.grammar import (
    LIST_STOP_WORDS,
    MAX_MATCHES,
    NEGATION_RE,
    QUOTED_ITEM_RE,
    Bound,
    Clause,
    Extraction,
    negated_before,
    parse_items,
    times_bounds,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, TIMES_WORD, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint
from rubriq.core.text import Span

KEYWORD_NOUN = r"(?:key\s*words?|words?|terms?|phrases?|names?|lines?|expressions?|vocabulary|items?|dates?)"
INCLUDE_RE = re.compile(
    rf"\b(?:includ(?:e|es|ing)|contain(?:s|ing)?|us(?:e|es|ing)|mention(?:s|ing)?|featur(?:e|es|ing)|"
    rf"(?:work|weav(?:e|ing)|slip|throw|put|fit|drop)(?:s|ing)?\s+in|"
    rf"incorporat(?:e|es|ing)|with|add|"
    # "keeping the word "exhibition"" (a rewrite that must keep a word): only before a named, quoted word
    rf"(?:keep|retain|preserv)(?:e|s|es|ing)?(?=\s+(?:the\s+)?(?:words?|terms?|phrases?|names?)\s+[\"“]"
    rf"(?![^\"”\n]{{1,60}}[\"”]\s+out\b)))"  # 'keep the word "forklift" out of every bullet' leaves it out
    rf"\s+(?:the\s+|these\s+|following\s+|some\s+|both\s+){{0,2}}"
    rf"(?P<noun>{KEYWORD_NOUN}\b\s*:?\s*)?(?=[\"“‘'`\[]|[^\W\d_])",
    re.IGNORECASE)
FORBID_RE = re.compile(
    # "I don't want to see the word "advisory" in there"
    rf"(?:\b(?:do\s+not|don'?t|never)\s+want\s+to\s+(?:see|read|hear)\s+(?=(?:the\s+|any\s+)?{KEYWORD_NOUN}\b)|"
    rf"\b(?:none\s+of\s+(?:them|these|those|the\s+(?:[\w-]+\s+)?[\w-]+)\s+(?:can|may|should|must|is\s+to|gets\s+to)|"
    rf"do\s+not|don'?t|never|avoid|without|refrain\s+from|not\s+to|should\s+not|must\s+not|cannot|can'?t|"
    rf"bans?|banned|forbids?|prohibits?|outlaws?|"
    rf"exclud(?:e|ing)|omit(?:ting)?|leav(?:e|ing)\s+out|stay(?:ing)?\s+away\s+from|steer(?:ing)?\s+clear\s+of|"
    rf"shouldn'?t|mustn'?t|no)\s+(?:\w+\s+){{0,2}}?(?:(?:us(?:e|ing)|say(?:ing)?|includ(?:e|ing)|mention(?:ing)?|"
    rf"contain(?:ing)?|writ(?:e|ing)|put(?:ting)?|hav(?:e|ing)|see(?:ing)?|read(?:ing)?)\s+)?)(?:the\s+|any\s+|these\s+|following\s+|"
    rf"of\s+the\s+|either\s+){{0,2}}(?P<noun>(?:(?!other\b)[a-z]{{3,12}}\s+)?{KEYWORD_NOUN}\b(?:\s+(?:such\s+as|like|including))?\s*:?\s*)?"
    rf"(?=[\"“‘'`\[]|[^\W\d_])",
    re.IGNORECASE)
# A list under a label: "Required words: thunder, lantern", "Keywords: a, b", "Banned words: 'x', 'y'".
REQUIRED_LABEL_RE = re.compile(
    r"(?:^|(?<=[\n.;(]))[ \t*•-]{0,6}(?:(?:required|mandatory|must-use|must-have|target)\s+"
    r"(?:key\s*words?|words?|terms?)|key\s*words?)(?:\s+to\s+(?:include|use))?\s*:\s*", re.IGNORECASE)
FORBIDDEN_LABEL_RE = re.compile(
    r"(?:^|(?<=[\n.;(]))[ \t*•-]{0,6}(?:banned|forbidden|prohibited|disallowed|excluded|blacklisted|off-limits|"
    r"taboo)\s+(?:key\s*words?|words?|terms?|phrases?)\s*:\s*", re.IGNORECASE)
HASHTAG_RE = re.compile(
    r"\b(?:the\s+)?(?:hashtags?|handles?|tags?|mentions?)\s+(?P<tags>[#@]\w{1,40}(?:\s*(?:,|and|&)\s*[#@]\w{1,40}){0,5})|"
    r"\b(?:with|include|including|add|use|tag)\s+(?P<tags2>[#@]\w{1,40})", re.IGNORECASE)
POSTFIX_FORBID_RE = re.compile(
    r"(?:should|must|may|can)\s*(?:not|n't)\s+(?:appear|be\s+used|be\s+included|be\s+mentioned|show\s+up)|"
    r"(?:is|are)\s+(?:not\s+allowed|forbidden|banned|prohibited|off[\s-]limits|to\s+be\s+avoided|a\s+no[\s-]go|taboo)",
    re.IGNORECASE)
POSTFIX_REQUIRE_RE = re.compile(
    r"(?:should|must|need\s+to|needs\s+to|has\s+to|have\s+to|will|shall|are\s+to|is\s+to)\s+(?:(?:all|both|each|also|"
    r"somewhere|anywhere|absolutely|definitely|really)\s+)?"
    r"(?:appear|be\s+(?:used|included|mentioned|present|featured|incorporated)|show\s+up|feature|occur)\b|"
    # "the word "bark" has to be in it", "... is in there somewhere"
    # "the word "smoked" has to stay in", "... must remain"
    r"(?:should|must|need\s+to|needs\s+to|has\s+to|have\s+to)\s+(?:stay|remain|survive)(?:\s+in(?:\s+(?:it|there))?)?\b|"
    # 'the word "estimation", I want to see it somewhere'
    r",?\s*I\s+(?:want|'d\s+like|would\s+like)\s+to\s+(?:see|read)\s+it\b|"
    # 'the word "Lattung" please keep', '... stays as it is' (a word the rewrite must keep)
    r"(?:please\s+)?(?:keep|leave\s+in)(?:\s+(?:it|that|this))?(?=\s*(?:[,.;!?]|$))|"
    r"(?:stays?|remains?)\s+(?:(?:exactly|just)\s+)?(?:as\s+(?:it\s+)?is|unchanged|intact|in|word\s+for\s+word)\b|"
    # '"at least half of every match" goes in letter for letter'
    r"goe?s\s+in(?:\s+(?:letter\s+for\s+letter|word\s+for\s+word|verbatim|as\s+(?:it\s+)?is|unchanged|exactly))?"
    r"(?=\s*(?:[.;,!]|$))|"
    r"(?:(?:should|must|need\s+to|needs\s+to|has\s+to|have\s+to)\s+be|is|are)\s+(?:somewhere\s+)?in\s+(?:it|there|"
    r"the\s+(?:text|answer|response|reply|poem|story|post|email|message|title)|your\s+(?:text|answer|response|reply))\b",
    re.IGNORECASE)
_QUOTED_LIST = (r"[\"“‘'][^\"”’'\n]{1,60}[\"”’']"
                r"(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)[\"“‘'][^\"”’'\n]{1,60}[\"”’']){0,5}")
QUOTED_KEPT_RE = re.compile(
    rf"(?:^|(?<=[.;:!?,]\s)|(?<=\n)|(?<=\band\s))(?:the\s+(?:[a-z]{{2,15}}\s+)?)?(?P<head>{_QUOTED_LIST})\s+(?=\w)|"
    rf"\b(?:keep|leave|retain|preserve)\s+(?P<kept>{_QUOTED_LIST})\s+(?:(?:exactly|just|precisely)\s+)?"
    r"(?:as\s+(?:it\s+is|is|written|it\s+was)|unchanged|intact|word\s+for\s+word|verbatim|letter\s+for\s+letter)\b",
    re.IGNORECASE)
# After "make sure", the present tense asks for the words: "make sure the word 'parking' shows up somewhere".
MAKE_SURE_RE = re.compile(r"\b(?:make|be)\s+sure\s+(?:that\s+)?$|\bensure\s+(?:that\s+)?$|\bcheck\s+that\s+$",
                          re.IGNORECASE)
PRESENT_REQUIRE_RE = re.compile(r"(?:shows?|turns?|pops?|crops?|comes?)\s+up\b|(?:appears?|features?|occurs?)\b|"
                                r"(?:is|are)\s+(?:used|included|mentioned|(?:somewhere\s+)?in\s+(?:there|it))\b",
                                re.IGNORECASE)
# "The keyword is 'brave'": a keyword named, to be used (and counted by a later "it").
NAMED_KEYWORD_RE = re.compile(r"\bthe\s+(?:key\s*word|word|term)\s+(?:is|will\s+be|should\s+be|to\s+use\s+is)\s+"
                              r"(?=[\"“‘'`])", re.IGNORECASE)
# A count said of a keyword named before: "Include the word 'synergy' ... use it at least five times",
# "... the word "lantern". It should appear at least twice."
BACKREF_RE = re.compile(
    r"\b(?:it|this\s+(?:key\s*word|word|term|name)|that\s+(?:key\s*word|word|term|name)|the\s+(?:same\s+)?"
    r"(?:key\s*word|term))\s+(?:(?:should|must|has\s+to|needs\s+to|will|shall|is\s+to|ought\s+to|can|may)\s+)?"
    r"(?:(?:also|only|then)\s+)?(?:appears?|be\s+used|be\s+mentioned|occurs?|shows?\s+up|be\s+repeated|"
    r"be\s+included|be\s+present)\b|"
    r"\b(?:use|uses|using|mention|mentioning|repeat|repeating|include|including|say|saying|write|writing)\s+"
    r"(?:it|this\s+(?:key\s*word|word|term)|that\s+(?:key\s*word|word|term)|the\s+(?:same\s+)?key\s*word)\b|"
    # "can the poem work it in twice?", "slip it in at least once"
    r"\b(?:work|fit|get|slip|drop|weave|squeeze|sneak|put)\s+(?:it|this\s+(?:word|name)|that\s+(?:word|name))\s+in\b",
    re.IGNORECASE)
THE_WORD_RE = re.compile(rf"\b(?:the\s+)?(?<![\w-])(?P<noun>{KEYWORD_NOUN})\b\s+(?!(?:count|limit|length|total)s?\b)"
                         rf"(?=[\"“‘'`\[]|[^\W\d_])", re.IGNORECASE)  # "the word count should be ...": a length
COUNT_THEN_WORD_RE = re.compile(
    rf"\b(?:use|mention|include|say|write|repeat|cite|put\s+in)\s+(?P<count>(?:(?:at\s+least|at\s+most|exactly|no\s+more"
    rf"\s+than|only)\s+)?(?:once|twice|thrice|\d{{1,3}}\s+times))\s+(?:the\s+)?(?:{KEYWORD_NOUN})\s+"
    r"[\"“](?P<keyword>[^\"”\n]{1,40})[\"”]", re.IGNORECASE)
QUOTED_COUNTED_RE = re.compile(
    r"(?P<list>[\"“‘'][^\"”’'\n]{1,40}[\"”’'](?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)[\"“‘'][^\"”’'\n]{1,40}[\"”’']){0,5})"
    r"\s+(?P<each>each\s+)?(?:(?:should|must|has\s+to|have\s+to|needs?\s+to|will|shall)\s+)?(?P<each2>each\s+)?"
    r"(?:appear|occur|be\s+used|be\s+mentioned|show\s+up|be\s+included|feature|comes?\s+back|recurs?)\b", re.IGNORECASE)
# Quoted words forbidden after them: '"sorry" should not appear any more', '"basically" and "literally" are banned',
# '"synergy" shouldn't be in there'.
QUOTED_FORBIDDEN_RE = re.compile(
    r"(?<![\w\"“‘'])(?P<list>[\"“‘'][^\"”’'\n]{1,40}[\"”’'](?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+(?:and|or)\s+)"
    r"[\"“‘'][^\"”’'\n]{1,40}[\"”’']){0,5})\s*,?\s+(?:(?:should|must|may|can|is\s+to|are\s+to)\s*(?:not|n't)\s+"
    r"(?:(?:ever|anywhere)\s+)?(?:appear|be\s+used|be\s+included|be\s+mentioned|show\s+up|occur|"
    r"be\s+(?:anywhere\s+)?in\s+(?:there|it|the\s+(?:text|answer|reply|response|message|email|poem|story)))|"
    # '"grey" didn't feature' (after "I'd be grateful if"), '"long tail" is retired on our team'
    r"(?:didn'?t|doesn'?t|wouldn'?t|won'?t|did\s+not|does\s+not|would\s+not|will\s+not|never)\s+(?:ever\s+)?"
    r"(?:appear|feature|show\s+up|come\s+up|make\s+it\s+in)|"
    r"(?:is|are)\s+(?:not\s+allowed|forbidden|banned|prohibited|off-limits|off\s+limits|taboo|retired|not\s+welcome|"
    r"a\s+no[\s-]go|verboten|off\s+the\s+table)|"
    # 'the word "approximately", don't even put it' (« la palabra «aproximadamente» ni la pongas »)
    r"(?:do\s+not|don'?t|never)\s+(?:even\s+)?(?:use|put|write|include|say|mention)\s+(?:it|them|that|those)(?![\w-]))"
    r"(?:\b|(?<=\W))", re.IGNORECASE)
# Words given as examples of what to cut: "cut the jargon, especially the words "disruptive" and "synergies""
CUT_EXAMPLES_RE = re.compile(
    r"\b(?:cut|drop|remove|lose|ditch|strip\s+out|get\s+rid\s+of|take\s+out|kill|avoid|no)\s+(?:all\s+)?(?:the\s+|that\s+|"
    r"any\s+|your\s+)?(?:jargon|buzzwords?|clichés?|cliches?|corporate\s+speak|management\s+speak|fluff|waffle|"
    r"filler(?:\s+words)?)\b\s*,?\s*(?:especially|particularly|in\s+particular|above\s+all|such\s+as|like|"
    r"including|e\.g\.)\s+(?:the\s+words?\s+|words\s+like\s+)?(?=[\"“‘'«])", re.IGNORECASE)
# A proper name (capitalised, not quoted) with a count right after it, after a verb that asks to use it.
_NAME = r"[A-Z][\w'’-]{1,30}(?:[ \t]+[A-Z][\w'’-]{1,30}){0,2}"
_COUNT = (rf"(?i:(?:at\s+least|at\s+most|no\s+more\s+than|more\s+than|fewer\s+than|less\s+than|exactly|only)\s+)?"
          rf"(?i:{TIMES_WORD}|\d{{1,3}}\s+times)\b")
NAMED_COUNT_RE = re.compile(rf"\b(?i:mention|use|include|say|name|repeat|feature)\s+(?P<name>{_NAME})\s+(?={_COUNT})")
# A thing to mention, one or two words and then the clause ends: "mention the driveway", "mention our cinnamon
# knots", "make sure you say Tuesday". Not a clause ("mention that ...", "mention how ..."), a count ("the number
# of ...") or a pronoun.
MENTION_THING_RE = re.compile(
    r"\b(?i:mention|(?:make|be)\s+sure\s+(?:you\s+|to\s+)?(?:say|name))\s+"
    r"(?i:(?:the|our|my|your|his|her|their)\s+)?"
    # ... or a name of capitalised words: "mention the Civil Procedure Act", "menciona la Ley de Enjuiciamiento Civil"
    r"(?P<thing>[A-Z][\w'’-]{1,30}(?:[ \t]+(?:(?:of|de|del|du|des|für|and|&)[ \t]+)?[A-Z][\w'’-]{1,30}){1,4}|"
    r"[A-Za-z][\w'’-]{2,30}(?:[ \t]+(?!(?:somewhere|anywhere|too|please|again|here|there|once|twice)\b|"
    r"(?:explicitly|clearly|specifically|expressly|briefly|prominently|directly)\b)"
    r"[a-z][\w'’-]{2,30})?)"
    r"(?=[ \t]*(?:$|[.;,!?)]|[ \t]+(?i:and|too|as\s+well|somewhere|anywhere|please|at\s+least\s+once|by\s+name|"
    # ... or a reason follows: "make sure you mention hydration since that's the bit she's stuck on"
    r"explicitly|clearly|specifically|expressly|briefly|prominently|directly|since|because)\b))")
# A name to say, unquoted, with where it must come: "say Incoterms 2020 somewhere", "say Parcelink, not "the courier"".
SAY_NAME_RE = re.compile(
    r"\b(?i:say|call\s+(?:it|them|him|her))\s+"
    r"(?P<thing>[A-Z][\w'’-]{1,30}(?:[ \t]+(?:[A-Z][\w'’-]{1,30}|\d{2,4})){0,3})"
    r"(?=[ \t]+(?i:somewhere|at\s+least\s+once|by\s+name|in\s+(?:there|it|full))\b|[ \t]*,[ \t]*not\b)")
QUOTED_AFTER_THING_RE = re.compile(
    r"\s+and\s+(?:the\s+)?(?:word|name|term|phrase)\s+[\"“](?P<word>[^\"”\n]{1,40})[\"”]", re.IGNORECASE)
_THING_FRAME_RE = re.compile(r"(?<=\w)[ \t]+(?:trick|tip|idea|option|bit|part|issue|problem|rule|method|"
                             r"approach|thing|stuff|business|situation|saga|story)$", re.IGNORECASE)
_NOT_A_THING = frozenset({
    "that", "how", "why", "what", "whether", "which", "who", "where", "when", "it", "this", "them", "these", "those",
    "him", "her", "me", "us", "you", "anything", "something", "everything", "nothing", "both", "each", "all", "any",
    "number", "amount", "fact", "reason", "reasons", "name", "names", "word", "words", "one", "ones", "other", "others",
})
_NO_ONE_IN_PARTICULAR = frozenset({"everyone", "everybody", "someone", "somebody", "nobody", "anyone", "anybody",
                                   "there", "here", "nothing", "everything", "something"})
# A name first, then how often it must come: "Pebble should be named three or more times".
NAME_THEN_COUNT_RE = re.compile(
    rf"(?:^|(?<=[.;:!?,]\s)|(?<=\n))(?P<name>{_NAME})\s+(?i:should|must|has\s+to|needs\s+to|ought\s+to)\s+"
    r"(?i:be\s+(?:named|mentioned|used|said)|appear|come\s+up|show\s+up|turn\s+up|feature)\s+(?P<count>[^.;\n]{1,40})")
# One lower-case word after a verb of mentioning, its count right after it: "bring up evaporation more than once".
WORD_COUNT_RE = re.compile(
    rf"\b(?i:mention|bring\s+up|say|repeat)\s+(?P<name>[a-z][\w'’-]{{2,30}})\s+(?P<count>{_COUNT})")
_NOT_COUNTED_WORDS = frozenset({"it", "this", "that", "them", "these", "those", "him", "her", "one", "each", "both",
                                "something", "anything", "things", "everything", "nothing", "why", "how", "what"})
NAME_AND_COUNT_RE = re.compile(rf"(?P<name>{_NAME})\s+(?P<count>{_COUNT})")
LETTER_RE = re.compile(r"\bletters?\s+[\"'“‘]?(?P<letter>[a-zA-Z])[\"'”’]?(?![\w'])")


# A model name, code or reference to mention, written as only such a name is: "mention the model name HT-420",
# "include the order number AB12345", "cite the ticket ID OPS-1182" (letters and digits together, capitals first).
# A character of a story given its name: "the main character should be called Curvita", "call the dog Milo"
# ("Que la protagonista se llame Curvita" glossed "... the protagonist is called Curvita"). The story names it.
_CHARACTER = (r"(?i:(?:main|little|young|old|lead)\s+)?(?i:character|protagonist|hero|heroine|narrator|villain|"
              r"girl|boy|kid|child|dog|cat|puppy|kitten|dragon|robot|fox|mouse|bear|owl|rabbit|horse|bird|witch|wizard|knight|"
              r"princess|prince|giant|monster|detective)")
_CHARACTER_NAME = r"(?P<name>(?-i:[A-Z])[\w'’-]{1,30}(?:[ \t]+(?-i:[A-Z])[\w'’-]{1,30})?)(?![\w'’-])"
NAMED_CHARACTER_RE = re.compile(
    rf"\b(?:{_CHARACTER}\s+(?i:(?:should|must|has\s+to|needs\s+to|will|can)\s+be|is|gets|'s)\s+(?i:called|named)|"
    rf"(?i:call|name)\s+(?i:the|your|my|our|his|her)\s+{_CHARACTER})\s+{_CHARACTER_NAME}")
NAMED_CODE_RE = re.compile(
    r"\b(?i:mention|include|use|give|quote|cite|state|add)\s+(?i:the\s+|its\s+|our\s+|my\s+|your\s+)?"
    r"(?:(?i:[a-z]+)\s+){0,2}?(?i:name|number|code|reference|ref|id|model|sku)\s+"
    r"(?P<code>(?=[\w-]*\d)(?=[\w-]*[A-Z])[A-Z][\w-]*[A-Za-z0-9])(?![\w-])")

# A word worked in, the verb around its object: "work the cactus in somewhere", "slip the word "thrifty" in"; "get"
# only with a word named as one ("get the word lanyard in there"; "get the shopping in" brings it indoors).
WORKED_IN_RE = re.compile(
    r"\b(?:(?:work|weave|slip|sneak|squeeze|fit)\s+(?:(?:the|a|an|my|his|her|their|our)\s+)?(?:(?:word|term|name)\s+)?"
    r"|get\s+(?:(?:the|a)\s+)?(?:word|term|name)\s+)"
    r"(?:[\"“](?P<quoted>[^\"”\n]{1,40})[\"”]|(?P<word>[^\W\d_][\w-]{2,30}))\s+in\b"
    r"(?=\s*(?:[,.;!?)]|$|somewhere|there\b|too\b|as\s+well|if\b|and\b|please|naturally|anywhere))",
    re.IGNORECASE | re.MULTILINE)

# A word ruled out everywhere, named bare: "Don't write approximately anywhere", "never say basically at all" (a
# kind of text, "jargon" or "slang", and plurals, "numbers", name no word to look for)
WRITTEN_NOWHERE_RE = re.compile(
    r"\b(?:don'?t|do\s+not|never)\s+(?:write|use|say|put)\s+(?P<word>[a-z][a-z'-]{3,30})\s+"
    r"(?:anywhere|at\s+all|even\s+once)\b", re.IGNORECASE)
_NO_WORD_NAMED = frozenset({"anything", "everything", "something", "much", "more", "less", "that", "this", "them",
                            "jargon", "slang", "emoji", "markdown", "bold", "italics", "caps", "capitals", "swearing",
                            "profanity", "abbreviations", "acronyms", "prose", "code", "html", "latex", "tables"})

# A part of the text to keep, named by the proper name in it: "keep the part about the Berlin project" requires
# "Berlin" (a part named by a common noun, "keep the bit about the book", names no word to check).
KEPT_PART_RE = re.compile(
    r"\b(?i:(?:keep|retain|preserve|don'?t\s+(?:drop|cut|lose|remove))\s+(?:in\s+)?(?:the|that|this)\s+(?:part|bit|"
    r"line|sentence|mention|detail|reference|paragraph)\s+(?:about|on|with|mentioning|where\s+I\s+mention)\s+"
    r"(?:the\s+|my\s+|our\s+|his\s+|her\s+)?)(?P<name>[A-Z][\w-]+(?:[ \t]+[A-Z][\w-]+){0,3}|"
    # ... or by the amount in it: "keep the bit about the £62 test fee in"
    r"[£€$]\d[\d,.]*\d|[£€$]\d)")

# The same, the name first: "keep the ISO 17100 bit in", "leave the Harlow line in"
KEPT_NAMED_BIT_RE = re.compile(
    r"\b(?i:keep|leave|retain)\s+(?i:the|that|my|our)\s+(?P<name>[A-Z][\w-]*(?:[ \t]+[A-Z0-9][\w-]*){0,3})[ \t]+"
    r"(?i:bit|part|line|sentence|mention|reference|detail)[ \t]+(?i:in)\b")
# A value to keep, named by what it is: "keep the order number PO-55817 in", "keep Oliver's name in", "leave the
# reference 2026/114 in" (a code with a digit, or the name whose name it is)
KEPT_VALUE_RE = re.compile(
    r"\b(?i:keep|leave)\s+(?:(?i:the|my|our|his|her|their)\s+)?(?:(?:[a-z]+\s+){0,2}?"
    r"(?i:number|code|reference|ref|id|no\.?)\s+(?P<code>[A-Z0-9][\w/.-]{0,30}\d[\w/-]*|\d[\w/.-]*)|"
    r"(?P<name>[A-Z][\w-]{1,30}(?:[ \t]+[A-Z][\w-]{1,30})?)['’]s\s+(?i:name))\s+(?:(?i:in)\b"
    r"(?![ \t]+(?i:mind|view|check|place|touch|line|order|sync|stock)\b)|"  # "keep the number 3 in mind" keeps nothing
    # "keep our ref BC/24/0387 exactly as it is"
    r"(?i:(?:exactly\s+)?as\s+(?:it\s+is|is|written|it\s+stands)|unchanged|word\s+for\s+word|verbatim)\b)")
# A name the reply must carry, asked with "make sure ... is in there": "make sure Saturday is in there", "make sure
# Dr Patel gets a mention" (a capitalised name only: "make sure the tone is in there" names no word)
MADE_SURE_NAME_RE = re.compile(
    r"\b(?i:make|be)\s+sure\s+(?i:that\s+)?(?:(?P<name>[A-Z][\w'’-]{1,30}(?:[ \t]+[A-Z0-9][\w'’-]{0,30}){0,2})|"
    # ... or one bare lower-case term, no article before it: "make sure mastitis is in there"
    r"(?P<term>[a-z][\w'’-]{3,30})|"
    # ... or a figure named by its kind: "make sure the year 1975 appears somewhere"
    r"(?i:the\s+(?:year|date|number|figure|code|reference|amount|price|time|année|año|jahr|numéro|número|nummer)\s+)"
    r"(?P<figure>\d[\d.,:/-]{0,10}\d|\d))[ \t]+"
    r"(?i:(?:is|are)\s+(?:in\s+(?:there|it)|mentioned|included|named)|gets?\s+(?:a\s+)?mention(?:ed)?|appears?|"
    r"(?:comes|shows|turns)\s+up)\b")
# A figure named by what it is the figure of, then required: "the breakfast at 6:30 has to be in there" ("Das
# Frühstück um 6:30 muss auf jeden Fall drinstehen", glossed "... must definitely be in it").
FIGURE_KEPT_IN_RE = re.compile(
    r"\b(?i:the|das|der|die|le|la|el)\s+[^\W\d_][\w'’-]{1,30}\s+(?i:at|um|à|a\s+las?|on|of|from)\s+"
    r"(?P<figure>\d[\d.,:/-]{0,10}\d|\d)(?:\s*(?i:am|pm|h|uhr))?[ \t]+(?i:(?:must|has\s+to|needs?\s+to|should)\s+"
    r"(?:(?:definitely|absolutely|really|still)\s+)?(?:be\s+in\s+(?:it|there)|be\s+(?:mentioned|included)|appear|"
    r"stay\s+in))\b")
# A figure itself said to be required: "the £418,000 must be in it" ("die 418.000 € müssen drinstehen")
FIGURE_REQUIRED_RE = re.compile(
    r"\b(?i:the|die|der|das|le|la|les|el|los|las)\s+(?P<figure>[£$€]?\d[\d.,:]{0,10}\d(?:\s?[€%£$])?|\d(?:\s?[€%£$])?)"
    r"\s+(?i:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:(?i:definitely|absolutely|really|still)\s+)?"
    r"(?i:be\s+in\s+(?:it|there)|be\s+(?:mentioned|included)|appear|stay\s+in)\b")
# A figure the reply must cite, named as a figure: "mention the number 42", "quote the figure of 42 appointments"
# ("cite bien le chiffre de 42 rendez-vous", "nenn unbedingt die Zahl 42")
FIGURE_CITED_RE = re.compile(
    r"\b(?i:mention|include|quote|cite|nenn|nenne)\s+(?:(?i:clearly|definitely|also|bien|unbedingt)\s+)?"
    r"(?i:the|die|das|den|le|la|el)\s+(?i:figure|number|chiffre|nombre|cifra|número|zahl)\s+(?:(?i:of|de)\s+)?"
    r"(?P<figure>\d[\d.,:/-]{0,10}\d|\d)\b"
    r"(?!\s+(?i:in|at)\s+(?i:the|your)\s+(?i:first|last|opening|closing|final|second|third)\b)")  # a placement
# People the prompt names, for "use her name three times": a name right after a possessive and a word for a person
# ("my daughter Lina", "mi sobrino Mateo", "meine Tochter Lena"), and a second name joined to it ("my brother Sam's
# wedding to Leila", "my parents Anna and Tom").
_PERSON_NOUN = (
    r"(?i:daughter|son|brother|sister|friend|niece|nephew|wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|mum|"
    r"mom|dad|mother|father|grandma|grandpa|granny|nan|grandson|granddaughter|godson|goddaughter|boss|colleague|"
    r"co-?worker|neighbou?r|cousin|aunt|uncle|kid|child|baby|toddler|parents|grandparents|twins|dog|cat|puppy|"
    r"hij[oa]|sobrin[oa]|herman[oa]|amig[oa]|abuel[oa]|niet[oa]|madre|padre|mamá|papá|mujer|marido|espos[oa]|"
    r"novi[oa]|jef[ea]|compañer[oa]|vecin[oa]|prim[oa]|tía|tío|perr[oa]|gat[oa]|niñ[oa]|"
    r"fille|fils|neveu|nièce|frère|s(?:œ|oe)ur|amie?|copain|copine|grand-mère|grand-père|mamie|papi|petit-fils|"
    r"petite-fille|mari|femme|collègue|voisine?|cousine?|tante|oncle|chien|chat|filleule?|"
    r"tochter|sohn|neffe|nichte|bruder|schwester|freundin|freund|oma|opa|enkelin|enkel|mann|frau|kollegin|kollege|"
    r"chefin|chef|nachbarin|nachbar|tante|onkel|hund|katze|patenkind)")
_CAPITALISED = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+"
PERSON_NAMED_RE = re.compile(
    r"\b(?i:my|our|mi|mis|nuestr[oa]s?|ma|mon|mes|notre|nos|mein(?:e[nmrs]?)?|unser(?:e[nmrs]?)?)\s+"
    r"(?:(?i:little|baby|younger|older|big|best|petite?|pequeñ[oa]|mejor|meilleure?|kleine[nr]?|große[nr]?|"
    r"beste[nr]?)\s+)?"
    rf"{_PERSON_NOUN}\s+(?P<name>{_CAPITALISED})(?:['’]s)?"
    rf"(?:(?:\s+(?i:wedding|marriage|engagement))?\s+(?i:and|&|to|with|y|et|und)\s+(?P<second>{_CAPITALISED}))?")
# A count said of the person's name, not the name itself: "use her name at least three times", "each of their names
# at least twice" (the gloss reads "son prénom", "su nombre", "ihren Namen" as "the name").
NAME_BACKREF_RE = re.compile(
    r"\b(?:(?P<each>each\s+of\s+their|both\s+(?:of\s+)?their|both)\s+names|(?:his|her|their|the|that)\s+(?:first\s+)?"
    r"names?)\b(?!\s+(?:of|for)\b)", re.IGNORECASE)


# A name given with a verb of naming: "a sock called Rayas", "un calcetín llamado Rayas", "une tortue nommée Pebble".
# The name people use for someone: "everyone calls him "Screw"", "Alle nennen ihn „Schraube“" (glossed "call him"),
# "todos lo llaman «Tornillo»", "tout le monde l'appelle « Vis »".
CALLED_NAME_RE = re.compile(rf"\b(?i:called|named|llamad[oa]|se\s+llama|nommée?|s'appelle|namens|genannt|heißt|"
                            rf"call(?:s|ed)?\s+(?:him|her|them|it)|(?:lo|la|le)\s+llaman|l'appell?ent|l'appelle)\s+"
                            rf"[\"“'‘]?(?P<name>{_CAPITALISED})\b")  # 'our bakery is called "Crumb"' too


def _people_named(text: str) -> list[str]:
    names: list[str] = []
    for m in islice(PERSON_NAMED_RE.finditer(text), MAX_MATCHES):
        names += [n for n in (m.group("name"), m.group("second")) if n and n not in names]
    if not names:
        names = list(dict.fromkeys(m.group("name") for m in islice(CALLED_NAME_RE.finditer(text), MAX_MATCHES)))
    return names


def _name_backreferences(ex: Extraction, clause: Clause) -> None:
    """A count of a person's name: the name the prompt gave before ("My daughter Lina ... Her name must appear at
    least three times"); nothing when the prompt names no one, or names several and the clause asks for one."""
    for m in islice(NAME_BACKREF_RE.finditer(clause.text), MAX_MATCHES):
        if negated_before(clause.text, m.start(), 25) or re.match(r"\s+[\"“'‘]?[A-Z]", clause.text[m.end():]):
            continue  # "mention the name Sarah once": the name itself follows, no reference back
        counts = [c for c in times_bounds(clause.text, m.end(), end=m.end() + 60) if c[1][0] - m.end() < 30]
        if not counts:
            continue
        names = _people_named(ex.view[:clause.start + m.start()])
        plural = m.group("each") or m.group(0).lower().endswith("names")
        if not names or (len(names) > 1) != bool(plural):
            continue
        bounds, pos = counts[0]
        span = Span(clause.start + m.start(), clause.start + pos[1])
        for name in names:
            _add_frequency(ex, name, bounds, span)


# Names kept out of the reply: "Jayden and Theo stay out of it", "Marisa, Julián and Rocío should stay out of this".
NAMES_OUT_RE = re.compile(
    r"(?P<names>(?!(?:They|We|He|She|It|You|These|Those|Both|All)\b)[A-Z][\w'’-]{1,20}"
    r"(?:(?:,[ \t]*|[ \t]+(?:and|&)[ \t]+)[A-Z][\w'’-]{1,20}){0,4})[ \t]+"
    r"(?:stays?|should[ \t]+stay|must[ \t]+stay|have[ \t]+to[ \t]+stay|are[ \t]+to[ \t]+stay)"
    r"[ \t]+out[ \t]+of[ \t]+(?:it|this|that|the[ \t]+\w+)\b")


def _names_kept_out(ex: Extraction, clause: Clause) -> None:
    m = NAMES_OUT_RE.search(clause.text)
    if m is None:
        return
    names = [n.strip() for n in re.split(r",|\band\b|&", m.group("names")) if n.strip()]
    ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": names},
           Span(clause.start + m.start(), clause.start + m.end()), "leave out " + ", ".join(map(repr, names)), 0.75)


_MONTHS = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|"
           r"apr|jun|jul|aug|sep|sept|oct|nov|dec|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|"
           r"novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|"
           r"julio|agosto|septiembre|octubre|noviembre|diciembre)")
_WEEKDAYS = (r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|"
             r"dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunes|martes|miércoles|jueves|"
             r"viernes|sábado|domingo)")
# A date asked for by its kind and then given: "include the date, Sunday 15 June", « n'oublie pas la date, le
# dimanche 15 juin », "nenn die Frist mit Datum, also den 30. April": the date itself must be in the reply.
DATE_GIVEN_RE = re.compile(
    rf"\b(?:include|mention|give|state|say|name|nenn|don'?t\s+forget)\s+the\s+(?:[a-z]+\s+)?"
    rf"(?:date|deadline|day|frist|termin|fecha|plazo)\b(?:[^.;:!?\n]{{0,30}}?,\s*"
    # "mention the DBS deadline of 24 October": the date named with the word it gives
    rf"(?:(?:also|namely|that\s+is|i\.e\.|so)\s*,?\s+)?|\s+(?:of|on|is)\s+)(?:(?:the|on)\s+)?(?:{_WEEKDAYS},?\s+)?"
    rf"(?:the\s+)?(?P<date>\d{{1,2}}(?:st|nd|rd|th|er|\.)?\s+{_MONTHS}\b|{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b)",
    re.IGNORECASE)


# A date or a figure named with its kind, then said to be in the reply: "The date 1 July must be in it", "das Datum
# 1. Juli muss drin sein" (glossed "must be in it").
_NAMED_VALUE = (rf"(?:the|this|that)\s+(?:new\s+)?(?:date|deadline|year|number|figure|code|amount|price|time)\s+"
                rf"(?P<value>\d{{1,2}}(?:st|nd|rd|th|\.)?\s+{_MONTHS}\b(?:\s+\d{{4}})?|{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|"
                rf"[£€$]?\d[\d.,:/-]{{0,10}}\d|[£€$]?\d)")
VALUE_MUST_BE_IN_RE = re.compile(
    rf"\b{_NAMED_VALUE}\s+(?:must|should|has\s+to|needs\s+to)\s+(?:be\s+in\s+(?:it|there)|"
    rf"stay\s+in|appear|be\s+(?:included|mentioned))\b", re.IGNORECASE)
# ... or kept in: "keep the date 1843 in" (not "keep the number 5 in mind")
VALUE_KEPT_IN_RE = re.compile(
    rf"\bkeep\s+{_NAMED_VALUE}\s+in\b(?!\s+(?:mind|touch|place|check|line|order|view|the|a|an|your|my|our|his|her))",
    re.IGNORECASE)


def _dates_given(ex: Extraction) -> None:
    for m in (*islice(VALUE_MUST_BE_IN_RE.finditer(ex.view), MAX_MATCHES),
              *islice(VALUE_KEPT_IN_RE.finditer(ex.view), MAX_MATCHES)):
        if not negated_before(ex.view, m.start(), 20):
            source = ex.reading.to_source(Span(m.start("value"), m.end("value")))
            value = ex.source_view[source.start:source.end].strip()
            if value:
                _add_required(ex, [value], Span(m.start(), m.end()))
    for m in islice(DATE_GIVEN_RE.finditer(ex.view), MAX_MATCHES):
        if negated_before(ex.view, m.start(), 20):
            continue
        source = ex.reading.to_source(Span(m.start("date"), m.end("date")))
        date = ex.source_view[source.start:source.end].strip()
        if date and not any(c.kind == "keywords:existence" and c.span.overlaps(Span(m.start(), m.end()))
                            for c in ex.found):
            _add_required(ex, [date], Span(m.start(), m.end()))


# A date, a time or a reference number the reply must keep, named only by its kind: "make sure the launch date is in
# there", "la date de l'audit de suivi doit apparaître", "L'heure du rendez-vous doit absolument y être", "keep the
# dates exactly as they are", "keep the notice number in". The value is the one the prompt gives of that kind
# (`_value_of_the_kind` below).
_VALUE_KIND = (r"(?P<kind>dates?|times?|deadlines?|heures?|horas?|fechas?|uhrzeit|datum|termin|frist|plazo|numbers?|"
               r"reference|ref|code|numéro|número|nummer)")
_VALUE_OWNER = (r"(?:\s+(?:of|for|vom|von|del?)\s+(?:the\s+|la\s+|el\s+|dem\s+|der\s+|l')?"
                r"(?P<after>[\w'’-]+(?:\s+[\w'’-]+){0,3}?))?")
KIND_OF_VALUE_IN_RE = re.compile(
    rf"\b(?:(?:make|be)\s+sure\s+(?:that\s+)?|keep\s+)?(?:the|its|this|that)\s+(?P<before>(?:[\w'’-]+\s+){{0,2}}?)"
    rf"{_VALUE_KIND}\b{_VALUE_OWNER}"
    rf"(?P<verb>(?:'s|’s|\s+(?:is|are))\s+(?:still\s+)?in\s+(?:there|it)\b|"
    rf"\s+(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:(?:definitely|absolutely|really|still|clearly)\s+)?"
    rf"(?:be\s+in\s+(?:it|there)|be\s+(?:mentioned|included)|appear|stay\s+in|salir|aparecer|figurer)\b|"
    rf"\s+(?:in\b(?!\s+(?:mind|view|check|place|touch|line|order|sync|the|a|an|your|my|our))|"
    rf"(?:exactly\s+)?as\s+(?:it\s+is|they\s+are|written)|unchanged)\b)",
    re.IGNORECASE)
# a day and a month as people write them ("May 14", "15 March", "12 novembre", "22. April", "14 de mayo"), with
# the first day of a range ("3 to 7 March"); a clock time ("6h45", "7:30", "7.30pm", "9am")
_DAY_MONTH_RE = re.compile(
    rf"\b(?:\d{{1,2}}(?:st|nd|rd|th|er)?\s*(?:to|until|-|–|and|au|bis|al)\s*)?\d{{1,2}}(?:st|nd|rd|th|er|\.)?\s+"
    rf"(?:de\s+)?{_MONTHS}\b|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:\s*(?:to|-|–)\s*\d{{1,2}}\b)?",
    re.IGNORECASE)
_CLOCK_TIME_RE = re.compile(r"\b\d{1,2}(?::\d{2}|h\d{2}|\.\d{2}\s?(?:am|pm))\b|\b\d{1,2}\s?(?:am|pm)\b",
                            re.IGNORECASE)
# words that place a value but name nothing it belongs to ("the new date", "the right time")
_NOT_A_QUALIFIER = {"new", "neue", "neuen", "nouvelle", "nueva", "old", "same", "right", "exact", "actual", "real",
                    "correct", "final", "still", "whole", "these", "those", "the", "this", "that", "its", "our", "your",
                    "his", "her", "der", "die", "das", "dem", "den", "les", "del", "los", "las", "une", "una"}


# the value a change replaces, after "from ... to", before "instead of": "move go-live from 2 May to 23 May",
# "at 7:30 instead of 6:45", "23 May (was 2 May)"
_REPLACED_BEFORE_RE = re.compile(r"(?:\binstead\s+of|\brather\s+than|\bnot|\bwas|\bstatt|\bau\s+lieu\s+de|"
                                 r"\ben\s+(?:lugar|vez)\s+de|\bno)\s+(?:the\s+|le\s+|el\s+|am\s+)?$", re.IGNORECASE)
_REPLACED_AFTER_RE = re.compile(r"\s+(?:to|until|au|bis|auf|a|al)\s+", re.IGNORECASE)
_NEW_WORDS = {"new", "neue", "neuen", "neues", "nouvelle", "nouveau", "nueva", "nuevo", "revised", "updated",
              "changed", "moved"}
# a reference number as documents write it: "Notice to Mariners No. 09/2025", "Ref: HB-2231", "case number 4471"
_REFERENCE_RE = re.compile(r"(?:\bno\.?|\bnr\.?|\bnumber|\bnuméro|\bnúmero|\bnummer|#|\bref(?:erence)?\.?)"
                           r"[ \t]*:?[ \t]*(?P<code>[A-Z]{0,5}[-/]?\d[\w/.-]*\w|\d)", re.IGNORECASE)


def _value_of_the_kind(ex: Extraction, kind: str, qualifiers: list[str], new: bool, asked: Span) -> str | None:
    """The one date, clock time or reference number the prompt gives outside the asking clause: the only one there
    is, or the only one whose line carries a word of the qualifier ("the launch date" → the line "offline sync, lands
    on May 14"), and of a change the value it makes ("the new go-live date" → "from 2 May to 23 May": 23 May).
    A reference number needs its qualifier ("the notice number"). None where that leaves none or several."""
    lowered = kind.lower()
    if lowered.startswith(("time", "heure", "hora", "uhrzeit")):
        pattern = _CLOCK_TIME_RE
    elif lowered.startswith(("number", "reference", "ref", "code", "numéro", "número", "nummer")):
        if not qualifiers:
            return None  # "the number" alone names no value
        pattern = _REFERENCE_RE
    else:
        pattern = _DAY_MONTH_RE
    text = ex.doc.text
    found: dict[str, tuple[str, set[str]]] = {}  # normalised value -> (as first written, the lines it is on)
    replaced: set[str] = set()
    for m in islice(pattern.finditer(text), MAX_MATCHES):
        if asked.start <= m.start() < asked.end:
            continue
        written = (m.groupdict().get("code") or m.group()).strip()
        key = re.sub(r"(?:st|nd|rd|th|er|de|\.)\b|\s+", "", written.lower())
        lo = max(text.rfind("\n", 0, m.start()), text.rfind(". ", 0, m.start())) + 1
        hi = min(x for x in (text.find("\n", m.end()), text.find(". ", m.end()), len(text)) if x >= 0)
        line = text[lo:hi].lower()
        found.setdefault(key, (written, set()))[1].add(line)
        after = _REPLACED_AFTER_RE.match(text, m.end())
        if _REPLACED_BEFORE_RE.search(text, max(0, m.start() - 20), m.start()) or (
                re.search(r"\b(?:from|de|du|von|vom|del)\s+$", text[max(0, m.start() - 6):m.start()], re.IGNORECASE)
                and after and pattern.match(text, after.end())):
            replaced.add(key)
    if len(found) > 1 and qualifiers:
        stems = [q.lower()[:5] for q in qualifiers]
        found = {k: v for k, v in found.items() if any(stem in line for line in v[1] for stem in stems)}
    if len(found) > 1 and new:
        found = {k: v for k, v in found.items() if k not in replaced}
    return next(iter(found.values()))[0] if len(found) == 1 else None


def _values_named_by_kind(ex: Extraction) -> None:
    for m in islice(KIND_OF_VALUE_IN_RE.finditer(ex.view), MAX_MATCHES):
        if negated_before(ex.view, m.start(), 20) or any(
                c.kind in ("keywords:existence", "keywords:frequency") and c.span.overlaps(Span(m.start(), m.end()))
                for c in ex.found):
            continue
        if re.match(r"keep\b", m.group(), re.IGNORECASE) is None and re.match(r"\s*(?:in\b|as\b|exactly|unchanged)",
                                                                             m.group("verb"), re.IGNORECASE):
            continue  # "the dates as they are" asks nothing without "keep"
        words = re.findall(r"[^\W\d_][\w'’-]*", f"{m.group('before')} {m.group('after') or ''}")
        qualifiers = [w for w in words if len(w) >= 3 and w.lower() not in _NOT_A_QUALIFIER]
        new = any(w.lower() in _NEW_WORDS for w in words)
        asked = ex.reading.to_source(Span(m.start(), m.end()))
        value = _value_of_the_kind(ex, m.group("kind"), qualifiers, new, asked)
        if value is not None:
            _add_required(ex, [value], Span(m.start(), m.end()))


def extract_keywords(ex: Extraction) -> None:
    _dates_given(ex)
    _values_named_by_kind(ex)
    previous: str | None = None  # the last keyword the previous clause named, for "It should appear twice."
    for clause in ex.clauses:
        first = len(ex.found)
        _keyword_clause(ex, clause, previous)
        _name_backreferences(ex, clause)
        _names_kept_out(ex, clause)
        previous = _last_named(ex.found[first:])
        nowhere = WRITTEN_NOWHERE_RE.search(clause.text)
        if nowhere and nowhere.group("word").lower() not in _NO_WORD_NAMED and \
                not re.search(r"[^s]s$", nowhere.group("word")) and not any(
                    c.kind == "keywords:forbidden_words" and c.span.overlaps(Span(clause.start + nowhere.start(),
                                                                                  clause.start + nowhere.end()))
                    for c in ex.found):
            word = nowhere.group("word")
            ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": [word]},
                   Span(clause.start + nowhere.start(), clause.start + nowhere.end()), f"no {word!r}")
        worked = WORKED_IN_RE.search(clause.text)
        if worked and not negated_before(clause.text, worked.start(), 25):
            word = worked.group("quoted") or worked.group("word")
            if word.lower() not in ("it", "them", "this", "that", "one", "some", "something"):
                _add_required(ex, [word], Span(clause.start + worked.start(), clause.start + worked.end()))
        kept = KEPT_PART_RE.search(clause.text) or KEPT_NAMED_BIT_RE.search(clause.text)
        if kept and not negated_before(clause.text, kept.start(), 25):
            _add_required(ex, [kept.group("name")], Span(clause.start + kept.start(), clause.start + kept.end()))
        value = KEPT_VALUE_RE.search(clause.text)
        if value and not negated_before(clause.text, value.start(), 25):
            _add_required(ex, [value.group("code") or value.group("name")],
                          Span(clause.start + value.start(), clause.start + value.end()))
        cited = FIGURE_CITED_RE.search(clause.text)
        if cited and negated_before(clause.text, cited.start(), 25):
            cited = None  # "don't mention the number 42"
        sure = MADE_SURE_NAME_RE.search(clause.text) or FIGURE_KEPT_IN_RE.search(clause.text) or cited or \
            FIGURE_REQUIRED_RE.search(clause.text)
        groups = sure.groupdict() if sure else {}
        term = groups.get("term")
        if term and term.lower() in _NOT_A_THING | _NO_ONE_IN_PARTICULAR:
            term = None  # "make sure everyone is mentioned" names no word
        named_thing = groups.get("name") or term or groups.get("figure")
        if named_thing and not any(c.kind == "keywords:existence" and named_thing in c.params.get("keywords", ())
                                   for c in ex.found):
            _add_required(ex, [named_thing], Span(clause.start + sure.start(), clause.start + sure.end()))
        character = NAMED_CHARACTER_RE.search(clause.text)
        if character and not negated_before(clause.text, character.start()) and not any(
                c.kind == "keywords:existence" and character.group("name") in c.params.get("keywords", ())
                for c in ex.found):
            _add_required(ex, [character.group("name")],
                          Span(clause.start + character.start(), clause.start + character.end()))
        named = NAMED_CODE_RE.search(clause.text)
        if named and not negated_before(clause.text, named.start()) and not any(
                c.kind == "keywords:existence" and named.group("code") in c.params.get("keywords", ())
                for c in ex.found):
            _add_required(ex, [named.group("code")], Span(clause.start + named.start(), clause.start + named.end()))


def _last_named(found: list[Constraint]) -> str | None:
    """The keyword named last among new constraints, when it is one word or phrase."""
    named = [c for c in found if c.kind in ("keywords:existence", "keywords:frequency", "rubriq:required_phrase")]
    if not named:
        return None
    last = max(named, key=lambda c: c.span.start)
    if last.kind == "keywords:existence":
        return last.params["keywords"][-1] if len(last.params["keywords"]) == 1 else None
    return last.params.get("keyword") or last.params.get("phrase")


def _add_frequency(ex: Extraction, keyword: str, bounds: list[Bound], span: Span) -> None:
    for bound in bounds:
        if bound.relation == "about":
            continue
        pairs = [(bound.relation, bound.value)]
        if bound.relation == EXACTLY:
            pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)]
        for relation, value in pairs:
            ex.add("keywords:frequency", "keyword", {"keyword": keyword, "relation": relation, "frequency": value},
                   span, f"{keyword!r} " + wording_for(Bound(relation, value), "time"))


_PREFIX_OF_A_VALUE_RE = re.compile(r"[\"”“»'’]?\s*(?:in\s+front(?:\s+of\s+it)?|before\s+it|as\s+a\s+prefix|davor|"
                                  r"vorne\s+dran|devant|delante)\b", re.IGNORECASE)


def _keyword_clause(ex: Extraction, clause: Clause, previous: str | None = None) -> None:
    text = clause.text
    first = len(ex.found)
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return not any(a < e and s < b for s, e in taken)

    # Letters: "the letter q should appear at least 3 times", "don't use the letter p"
    for m in islice(LETTER_RE.finditer(text), MAX_MATCHES):
        letter = m.group("letter").lower()
        counts = [c for c in times_bounds(text, m.end(), end=m.end() + 80) if c[1][0] - m.end() < 45]
        span = Span(clause.start + m.start(), clause.start + m.end())
        if counts:
            bounds, pos = counts[0]
            span = Span(span.start, clause.start + pos[1])
            for bound in bounds:
                pairs = [(AT_LEAST, bound.value), (LESS_THAN, bound.value + 1)] if bound.relation == EXACTLY else \
                    [(bound.relation, bound.value)]
                for relation, value in pairs:
                    if relation in (AT_LEAST, LESS_THAN):
                        ex.add("keywords:letter_frequency", "keyword", {"letter": letter, "let_relation": relation,
                               "let_frequency": value}, span,
                               f"letter {letter!r} " + wording_for(Bound(relation, value), "time"))
            taken.append((m.start(), pos[1]))
        elif NEGATION_RE.search(text[max(0, m.start() - 40):m.start()]):
            ex.add("keywords:letter_frequency", "keyword", {"letter": letter, "let_relation": LESS_THAN,
                   "let_frequency": 1}, span, f"no letter {letter!r}")
            taken.append((m.start(), m.end()))

    # The count before the word: "mention at least once the word "solvant"", "use twice the name "Lina"" (a gloss
    # of "cite au moins une fois le mot « solvant »" keeps the French order)
    for m in islice(COUNT_THEN_WORD_RE.finditer(text), MAX_MATCHES):
        counts = times_bounds(text, m.start("count"), end=m.end("count"))
        if not counts or not free(m.start(), m.end()):
            continue
        span = Span(clause.start + m.start(), clause.start + m.end())
        _add_frequency(ex, m.group("keyword").strip(), counts[0][0], span)
        taken.append((m.start(), m.end()))

    # Frequencies: "the word X should appear at least N times", "use the word X at least twice"
    for m in islice(THE_WORD_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        items, end = parse_items(text, m.end(), allow_bare=True, limit=5, stop=LIST_STOP_WORDS)
        if not items:
            continue
        counts = [c for c in times_bounds(text, end, end=end + 80) if c[1][0] - end < 40]
        spread = _IN_AT_LEAST_N_OF_THEM_RE.match(text, end) if not counts and len(items) == 1 else None
        if spread and (n := parse_number(spread.group("n"))) and n >= 2:
            # 'work the word "cosy" into at least two of them': in two items, so two times at the least
            counts = [([Bound(AT_LEAST, n)], (spread.start("rel"), spread.end()))]
        before = _IN_AT_LEAST_N_OF_THEM_BEFORE_RE.search(text, max(0, m.start() - 80), m.start()) \
            if not counts and len(items) == 1 else None
        if before and (n := parse_number(before.group("n"))) and n >= 2 and free(before.start(), m.start()):
            # "In at least two of them, use the word roof": the same spread, said first
            _add_frequency(ex, items[0], [Bound(AT_LEAST, n)], Span(clause.start + before.start(), clause.start + end))
            taken.append((before.start(), end))
            continue
        if not counts:
            continue
        if len(items) > 1:  # "use the words "startup" and "lecture" at least twice each"
            if not re.match(r"\s*each\b", text[counts[0][1][1]:counts[0][1][1] + 8], re.IGNORECASE):
                continue
            span = Span(clause.start + m.start(), clause.start + counts[0][1][1])
            for keyword in items:
                _add_frequency(ex, keyword, counts[0][0], span)
            taken.append((m.start(), counts[0][1][1]))
            continue
        bounds, pos = counts[0]
        if "sentence" in text[pos[1]:pos[1] + 12].lower() or "paragraph" in text[pos[1]:pos[1] + 12].lower():
            continue
        keyword = items[0]
        span = Span(clause.start + m.start(), clause.start + pos[1])
        if len(bounds) == 1 and bounds[0].relation == EXACTLY and bounds[0].value == 1:
            # IFEval states "exactly once" as: present, and fewer than 2 occurrences
            ex.add("keywords:existence", "keyword", {"keywords": [keyword]}, span, f"include {keyword!r}")
            ex.add("keywords:frequency", "keyword", {"keyword": keyword, "relation": LESS_THAN, "frequency": 2},
                   span, f"{keyword!r} at most once")
        else:
            _add_frequency(ex, keyword, bounds, span)
        taken.append((m.start(), pos[1]))

    # Forbidden words
    for m in islice(FORBID_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        noun = m.group("noun")
        # "don't name anyone": the verb, not the noun that names a list of words
        verb = bool(noun) and re.match(r"names?\b", noun, re.I) is not None and \
            re.search(r"(?:n't|n’t|\bnot|\bnever|\bno)\s+$", text[m.start():m.start("noun")], re.I) is not None
        items, end = parse_items(text, m.end(), allow_bare=bool(noun and not verb and re.search(r"word|term|name", noun,
                                                                                                   re.I)),
                                 stop=LIST_STOP_WORDS, clause_ends=True)
        items = [i for i in items if not re.fullmatch(r"(?:commas?|capital\s+letters?)", i, re.I)]
        if not items:
            continue
        if times_bounds(text[end:end + 30]) and any(p[0] < 5 for _, p in times_bounds(text[end:end + 30])):
            continue
        if _PREFIX_OF_A_VALUE_RE.match(text, end):
            continue  # 'the number, without "INV" in front': a prefix to drop from a value, not a word to avoid
        span = Span(clause.start + m.start(), clause.start + end)
        ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
               "no " + ", ".join(repr(i) for i in items))
        taken.append((m.start(), end))
    for m in islice(CUT_EXAMPLES_RE.finditer(text), MAX_MATCHES):
        items, end = parse_items(text, m.end(), allow_bare=False, stop=LIST_STOP_WORDS, clause_ends=True)
        if items and free(m.start(), end):
            ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items}, Span(clause.start + m.start(),
                   clause.start + end), "no " + ", ".join(repr(i) for i in items))
            taken.append((m.start(), end))
    for m in islice(QUOTED_FORBIDDEN_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        items = [next(g for g in q.groups() if g) for q in QUOTED_ITEM_RE.finditer(m.group("list"))]
        if items:
            ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items},
                   Span(clause.start + m.start(), clause.start + m.end()), "no " + ", ".join(repr(i) for i in items))
            taken.append((m.start(), m.end()))
    for m in islice(THE_WORD_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        items, end = parse_items(text, m.end(), allow_bare=True, stop=LIST_STOP_WORDS)
        if not items:
            continue
        after = end + len(text[end:]) - len(text[end:].lstrip())
        post = POSTFIX_FORBID_RE.match(text, after)
        if post:
            span = Span(clause.start + m.start(), clause.start + post.end())
            ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
                   "no " + ", ".join(repr(i) for i in items))
            taken.append((m.start(), post.end()))
            continue
        post = POSTFIX_REQUIRE_RE.match(text, after)  # "The words 'forest' and 'moonlight' should appear"
        if post is None and MAKE_SURE_RE.search(text[max(0, m.start() - 25):m.start()]):
            post = PRESENT_REQUIRE_RE.match(text, after)  # "make sure the word 'parking' shows up somewhere"
        if post and not NEGATION_RE.search(text[max(0, m.start() - 25):m.start()]):
            span = Span(clause.start + m.start(), clause.start + post.end())
            _add_required(ex, items, span)
            taken.append((m.start(), post.end()))
    # A quoted phrase said to stay, at the head of its clause ('"(m/f/d)" stays in the title', 'and the price "120 €"
    # stays as it is') or kept as written ('keep "from 3 to 7 March" exactly as it is'): a word the reply must carry
    for m in islice(QUOTED_KEPT_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()) or NEGATION_RE.search(text[max(0, m.start() - 25):m.start()]):
            continue
        post = POSTFIX_REQUIRE_RE.match(text, m.end()) if m.group("head") else None
        if m.group("head") and not post:
            continue
        end = post.end() if post else m.end()
        if any(pos[0] - end < 30 for _, pos in times_bounds(text, end, end=end + 40)):
            continue  # '"Dice" needs to show up twice, minimum': a count, read as a frequency
        items = [next(g for g in q.groups() if g) for q in QUOTED_ITEM_RE.finditer(m.group("head") or m.group("kept"))]
        if items:
            _add_required(ex, items, Span(clause.start + m.start(), clause.start + end))
            taken.append((m.start(), end))
    for m in islice(NAMED_KEYWORD_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        items, end = parse_items(text, m.end(), allow_bare=False, limit=1)
        if items:
            _add_required(ex, items, Span(clause.start + m.start(), clause.start + end))
            taken.append((m.start(), end))

    # Hashtags and handles written out: "with the hashtag #OpenDay", "tag @cityparks"
    for m in islice(HASHTAG_RE.finditer(text), MAX_MATCHES):
        if free(m.start(), m.end()) and not NEGATION_RE.search(text[max(0, m.start() - 25):m.start()]):
            tags = re.findall(r"[#@]\w+", m.group("tags") or m.group("tags2"))
            _add_required(ex, tags, Span(clause.start + m.start(), clause.start + m.end()))
            taken.append((m.start(), m.end()))

    # Labelled lists
    for regex, required in ((FORBIDDEN_LABEL_RE, False), (REQUIRED_LABEL_RE, True)):
        for m in islice(regex.finditer(text), MAX_MATCHES):
            if not free(m.start(), m.end()):
                continue
            items, end = parse_items(text, m.end(), allow_bare=True, stop=LIST_STOP_WORDS)
            if not items:
                continue
            span = Span(clause.start + m.start() + len(m.group()) - len(m.group().lstrip(" \t*•-")), clause.start + end)
            if required:
                _add_required(ex, items, span)
            else:
                ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
                       "no " + ", ".join(repr(i) for i in items))
            taken.append((m.start(), end))

    # Required keywords and phrases
    for m in islice(INCLUDE_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        if negated_before(text, m.start(), 25):
            continue  # "don't include the word X"; a negation across a comma is another clause's ("without commas,")
        noun = m.group("noun")
        bare = bool(noun and (re.search(r"key\s*words?|items?|terms?", noun, re.I) or noun.rstrip().endswith(":")))
        items, end = parse_items(text, m.end(), allow_bare=bare, stop=LIST_STOP_WORDS)
        if not items:
            continue
        if not noun and m.group(0).lower().startswith(("use", "with", "add")):
            continue
        if re.match(r"\s+(?:not|nicht)\b(?!\s*[\"“])", text[end:], re.IGNORECASE):
            # 'use the word "billig" not in the title' (German "verwende ... nicht in der Überschrift"): a ban
            ex.add("keywords:forbidden_words", "keyword", {"forbidden_words": items},
                   Span(clause.start + m.start(), clause.start + end), "no " + ", ".join(repr(i) for i in items))
            taken.append((m.start(), end))
            continue
        if m.group(0).lower().startswith("with") and re.search(
                r"\b(?:start|starts|begin|begins|end|ends|finish|finishes|conclude|concludes)\s+$",
                text[max(0, m.start() - 12):m.start()], re.IGNORECASE):
            continue  # "start with the word X" is a first-word constraint, not a keyword
        span = Span(clause.start + m.start(), clause.start + end)
        counts = [c for c in times_bounds(text, end, end=end + 60) if c[1][0] - end < 30]
        if counts and (len(items) == 1 or re.match(r"\s*each\b", text[counts[0][1][1]:counts[0][1][1] + 8], re.I)):
            for keyword in items:  # 'mention "dose" at least 5 times': a frequency, not mere presence
                _add_frequency(ex, keyword, counts[0][0], Span(span.start, clause.start + counts[0][1][1]))
            taken.append((m.start(), counts[0][1][1]))
            continue
        _add_required(ex, items, span)
        taken.append((m.start(), end))

    # Quoted words counted after them: 'make sure "Python" and "SQL" each appear at least twice'
    for m in islice(QUOTED_COUNTED_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()) or negated_before(text, m.start(), 25):
            continue
        counts = [c for c in times_bounds(text, m.end(), end=m.end() + 40) if c[1][0] - m.end() < 12]
        items = [next(g for g in q.groups() if g) for q in QUOTED_ITEM_RE.finditer(m.group("list"))]
        if counts and items and (len(items) == 1 or m.group("each") or m.group("each2")):
            for keyword in items:
                _add_frequency(ex, keyword, counts[0][0],
                               Span(clause.start + m.start(), clause.start + counts[0][1][1]))
            taken.append((m.start(), counts[0][1][1]))

    # Names counted without quotes: "mention Paris twice and London at least once"
    for m in islice(NAMED_COUNT_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()) or negated_before(text, m.start(), 25):
            continue
        pos = m.start("name")
        while True:
            pair = NAME_AND_COUNT_RE.match(text, pos)
            if not pair:
                break
            counts = times_bounds(text, pair.start("count"), end=pair.end())
            if counts:
                _add_frequency(ex, pair.group("name"), counts[0][0],
                               Span(clause.start + (m.start() if pos == m.start("name") else pair.start()),
                                    clause.start + pair.end()))
            taken.append((pos, pair.end()))
            joiner = re.match(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)", text[pair.end():pair.end() + 8])
            if not joiner:
                break
            pos = pair.end() + joiner.end()

    for m in islice(NAME_THEN_COUNT_RE.finditer(text), MAX_MATCHES):
        counts = [c for c in times_bounds(text, m.start("count"), end=m.end()) if c[1][0] - m.start("count") < 12]
        if counts and free(m.start(), m.end()) and m.group("name").split()[0].lower() not in _NOT_COUNTED_WORDS:
            end = counts[0][1][1]
            _add_frequency(ex, m.group("name"), counts[0][0], Span(clause.start + m.start(), clause.start + end))
            taken.append((m.start(), end))

    for m in islice(WORD_COUNT_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()) or negated_before(text, m.start(), 25) or \
                m.group("name").lower() in _NOT_COUNTED_WORDS:
            continue
        counts = times_bounds(text, m.start("count"), end=m.end())
        if counts:
            _add_frequency(ex, m.group("name"), counts[0][0], Span(clause.start + m.start(), clause.start + m.end()))
            taken.append((m.start(), m.end()))

    # A thing to mention, named without quotes: "it should still mention the driveway", "mention our cinnamon knots"
    for m in islice(MENTION_THING_RE.finditer(text), MAX_MATCHES):
        thing = m.group("thing")
        if not free(m.start(), m.end()) or negated_before(text, m.start(), 25) or \
                thing.split()[0].lower() in _NOT_A_THING or \
                re.search(r"\b(?:if|when|as|unless|whether)\s+(?:\w+\s+){0,3}$", text[max(0, m.start() - 30):m.start()],
                          re.IGNORECASE):
            continue
        source = ex.reading.to_source(Span(clause.start + m.start(), clause.start + m.end()))
        if ex.source_view[source.start:source.end].lower().startswith(("nenn", "nomm", "nombr")):
            continue  # "nenne den Absatz", "nomme la clause": name the thing asked for, not a word to use
        described = thing[:1].islower() and re.search(r"\b(?:the|our|my|your|his|her|their)\s+$",
                                                      text[m.start():m.start("thing")], re.IGNORECASE)
        if described and re.match(r"[ \t]+by\s+(?:its\s+|their\s+)?(?:full\s+)?name", text[m.end("thing"):]):
            continue  # "mention the resit option by name": the option's name, which the prompt does not give
        things = [_THING_FRAME_RE.sub("", thing)]  # "the apostrophe trick": the apostrophe
        end = m.end("thing")
        named = QUOTED_AFTER_THING_RE.match(text, end)  # "mention her garden and the name "Rosalind""
        if named:
            things.append(named.group("word"))
            end = named.end()
        ex.add("keywords:existence", "keyword", {"keywords": things},
               Span(clause.start + m.start(), clause.start + end), "include " + ", ".join(map(repr, things)), 0.75)
        taken.append((m.start(), end))

    for m in islice(SAY_NAME_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()) or negated_before(text, m.start(), 25):
            continue
        ex.add("keywords:existence", "keyword", {"keywords": [m.group("thing")]},
               Span(clause.start + m.start(), clause.start + m.end()), f"include {m.group('thing')!r}", 0.75)
        taken.append((m.start(), m.end()))

    # Back-references: a count said of the keyword named just before ("... and use it at least five times")
    for m in islice(BACKREF_RE.finditer(text), MAX_MATCHES):
        if not free(m.start(), m.end()):
            continue
        counts = [c for c in times_bounds(text, m.end(), end=m.end() + 60) if c[1][0] - m.end() < 30]
        counts = counts or [c for c in times_bounds(text, max(0, m.start() - 40), end=m.start())
                            if m.start() - c[1][1] < 5]  # "... at least twice, use it"
        if not counts:
            continue
        earlier = _last_named([c for c in ex.found[first:] if c.span.start < clause.start + m.start()])
        keyword = earlier or _term_named(text[:m.start()]) or previous
        if not keyword:
            continue
        bounds, pos = counts[0]
        _add_frequency(ex, keyword, bounds, Span(clause.start + min(m.start(), pos[0]),
                                                 clause.start + max(m.end(), pos[1])))
        taken.append((min(m.start(), pos[0]), max(m.end(), pos[1])))


# A term the clause names without asking for it yet: "explain the term "overfitting" and use it twice".
TERM_NAMED_RE = re.compile(r"\bthe\s+(?:term|key\s*word|word)\s+(?:\"(?P<quoted>[^\"\n]{1,40})\"|"
                           r"(?P<bare>(?!(?:count|limit|length|total)s?\b)[^\W\d_][\w-]{1,40}))", re.IGNORECASE)


def _term_named(text: str) -> str | None:
    named = list(islice(TERM_NAMED_RE.finditer(text), MAX_MATCHES))
    return (named[-1].group("quoted") or named[-1].group("bare")) if named else None


def _add_required(ex: Extraction, items: list[str], span: Span) -> None:
    """Required words as `keywords:existence`, and the words of a name or a date too ("the date "21 June" must stay
    in"); what the prompt calls a phrase ("include the phrase "singing is life"") as `rubriq:required_phrase`."""
    called_phrase = re.search(r"\bphrases?\b", ex.view[span.start:span.end], re.IGNORECASE) is not None
    words = [i for i in items if len(i.split()) == 1 or not called_phrase]
    phrases = [i for i in items if len(i.split()) > 1 and called_phrase]
    if words:
        ex.add("keywords:existence", "keyword", {"keywords": words}, span,
               "include " + ", ".join(repr(w) for w in words))
    for phrase in phrases:
        ex.add("rubriq:required_phrase", "content", {"phrase": phrase}, span, f"include the phrase {phrase!r}", 0.8)


# ---------------------------------------------------------------------------------------------------------------
# Topics to leave out: "Don't mention the founding year", "do not talk about the budget", "no mention of prices or
# discounts", "leave out anything about his ex". The topic is the noun phrase named (quoted words are forbidden
# words, above); a clause ("don't mention that you are an AI") or a pronoun is no topic.

TOPIC_RE = re.compile(
    r"(?:\b(?:don'?t|do\s+not|never|please\s+don'?t|avoid|without|refrain\s+from|shouldn'?t|should\s+not|must\s+not|"
    r"mustn'?t|(?:i'?d|i\s+would)\s+rather\s+you\s+(?:didn'?t|did\s+not))\s+(?:ever\s+)?(?:mention(?:ing)?|"
    r"talk(?:ing)?\s+about|bring(?:ing)?\s+up|discuss(?:ing)?|raise|raising|cover(?:ing)?|"
    r"refer(?:ring)?\s+to|touch(?:ing)?\s+on|go(?:ing)?\s+into|go(?:ing)?\s+on\s+about|harp(?:ing)?\s+on(?:\s+about)?|"
    r"dwell(?:ing)?\s+on|get(?:ting)?\s+into|say(?:ing)?\s+anything\s+about|"
    r"lectur(?:e|ing)\s+(?:me|us|them|him|her)\s+(?:about|on)(?!\s+\w+ing\b)|"  # a thing, not "about buying X"
    r"want\s+to\s+(?:hear|read)\s+(?:anything\s+)?about)|"
    # "steer clear of the car park", "skip anything about the car park", "avoid the subject of ..."
    r"\bsteer(?:ing)?\s+clear\s+of|\b(?:skip|omit|drop|cut)\s+(?:anything|everything|all)\s+(?:about|on|regarding|"
    r"to\s+do\s+with)|\b(?:avoid|skip|omit)\s+(?:the\s+)?(?:subject|topic|matter|question)\s+of|"
    # "not a word about the costs", "no word on the budget"
    r"\b(?:not|no)\s+(?:a\s+)?(?:single\s+)?word\s+(?:about|on)|"
    # "no involving the council or the police", "no talking about money"
    r"\bno\s+(?:involving|mentioning|talking\s+(?:about|of)|bringing\s+in)|"
    r"\bno\s+mention\s+of|\bleave\s+out\s+(?:any\s+mention\s+of|anything\s+about)|"
    r"\bleave\s+out(?=\s+(?:the|his|her|their|my|our)\s)(?!\s+the\s+(?:topic|subject)\b)|\bkeep(?:\s+any\s+mention\s+of)?(?=\s)|"
    r"\bleave(?=\s+(?:(?:the|his|her|their|my|our|any|that|all)\s|(?-i:[A-Z])[a-z]|[a-z]{3,20}s\s+(?:out|off)\s+(?:of\s+)?the\s))|"
    # "take the overtime bit out": asked, not told ("I take the dog out at six")
    r"(?:^\s*|(?<=\band\s)|(?<=\bplease\s)|(?<=\bjust\s)|(?<=[,;:]\s))take(?=\s+(?:the|his|her|their|my|our|that|all)\s)|"
    # "don't bring death into it": the subject between the verb and "into it"
    r"\b(?:don'?t|do\s+not|never)\s+bring(?=\s+(?:[\w'-]+\s+){1,3}?into\s+(?:it|this|that|the\s+\w+)\b)|"
    r"\b(?:leave\s+out|skip|omit|exclude|drop)\s+(?:the\s+)?(?:topic|subject)(?:\s+of)?|"
    r"\b(?:don'?t|do\s+not|never)\s+(?:make\s+it|write)\s+about|\bnothing\s+(?:about|on|related\s+to)|"
    # "skip the office move entirely": a subject skipped as a whole
    r"\bskip(?=\s+(?:the\s+|any\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s+(?:entirely|completely|altogether)\b))"
    r"\s+(?:the\s+|any\s+|his\s+|her\s+|their\s+|my\s+|our\s+|its\s+|your\s+)?", re.IGNORECASE)
TOPIC_WORDS_RE = re.compile(r"[^\W\d_][\w'-]*(?:[ \t]+[\w'-]+){0,3}")
NOT_A_TOPIC = frozenset({
    "that", "how", "why", "what", "whether", "if", "you", "yourself", "me", "it", "this", "them", "anything",
    "anyone", "any", "which", "where", "when", "who", "those", "these", "other", "others", "names", "name", "word",
    "words", "us", "him", "her", "i", "we", "she", "he", "they", "i'm", "it's", "there", "she's", "he's", "they're",
    "we're", "you're", "that's",
    # a pronoun starting the next clause, in the prompt's own language: "... de bicarbonate, j'ai déjà testé"
    "je", "j'ai", "j'en", "c'est", "il", "elle", "nous", "vous", "ils", "elles", "yo", "ich", "wir", "er", "sie",
    # forms of the output, checked by their own kinds: "keep emoji out of it" is no topic to mention
    "emoji", "emojis", "emoticons", "hashtags", "bullets", "bullet", "lists", "headings", "headers", "markdown",
    # the reply's own prose around the answer: "not a word of commentary under the table" rules out text, not a subject
    "comment", "comments", "commentary", "commentaire", "commentaires", "comentario", "comentarios", "kommentar",
    "explanation", "explanations", "explication", "explications", "explicación", "erklärung", "preamble",
    "préambule", "preámbulo", "intro", "introduction", "einleitung",
    # a ban of its own starting, in the prompt's own language: "Nichts mit Pilzen, und keine Überschrift ..."
    "no", "not", "never", "without", "kein", "keine", "keinen", "nicht", "ohne", "pas", "sans", "ni", "sin", "nada",
})
# After "don't mention X and", a new instruction rather than a second topic: "... the new job, and sign off with".
INSTRUCTION_START = frozenset({
    "sign", "keep", "make", "use", "write", "add", "end", "start", "begin", "include", "put", "give", "be", "stay",
    "finish", "limit", "answer", "respond", "reply", "format", "say", "explain", "focus", "do", "please", "just",
    "also", "then", "avoid", "mention", "stick", "try", "remember", "sound", "tell", "show", "leave", "return",
    "close", "list", "ask", "thank", "offer", "suggest", "name", "sum", "summarize", "summarise", "aim", "go",
})
TOPIC_END_RE = re.compile(r"\s+(?:and|or|but|because|since|as|in|at|on|for|to|unless|if|when|so|anywhere|at\s+all|"
                          r"entirely|completely|altogether|please|"
                          r"that|which|who|que|qui|dass|weil|porque|parce|car)\b", re.IGNORECASE)


# A topic named first and ruled out after it: "Her new salary is off limits", "the merger is off the table".
TOPIC_AFTER_RE = re.compile(
    r"(?:^|(?<=[.;:,!?]\s)|(?<=\n))[ \t]*(?:and[ \t]+)?(?P<det>(?:the|her|his|their|my|our|your|any)[ \t]+)?"
    r"(?P<topic>(?:[\w'-]{1,30}[ \t]+){0,2}?[\w'-]{1,30})[ \t]+(?:(?:is|are)[ \t]+"
    r"(?:completely\s+|totally\s+|strictly\s+)?(?:off[\s-]limits|off\s+the\s+table|"
    r"not\s+up\s+for\s+discussion|not\s+to\s+be\s+mentioned)|(?:stays?|should\s+stay|must\s+stay|has\s+to\s+stay)"
    # "Head lice stay off this one entirely", "the merger stays out of it"
    r"\s+(?:out|off)(?:\s+(?:of\s+)?(?:it|this(?:\s+one)?|that|the\s+\w+))?"
    r"(?:\s+(?:entirely|completely|altogether|please))?(?=\s*(?:[.;,!]|$))|"
    # "His late wife shouldn't come up", "the merger mustn't be mentioned"
    r"(?:should|must|may|can|will|could)(?:n't|n’t|\s+not|not)[ \t]+(?:come[ \t]+up|be[ \t]+(?:mentioned|"
    r"brought[ \t]+up|raised|discussed)|get[ \t]+a[ \t]+mention|feature|crop[ \t]+up)"
    r"(?:[ \t]+(?:anywhere|at[ \t]+all|in[ \t]+(?:it|there)))?(?=\s*(?:[.;,!]|$)))",
    re.IGNORECASE)
_NOT_TALK_TOPICS = frozenset({"small", "idle", "more", "further", "big", "sales", "baby", "pep", "back", "shop"})
# "No car park talk", "no politics chat": the subject named before a word for talk (not "no small talk")
TOPIC_TALK_RE = re.compile(r"(?:^|(?<=[.;:,!?]\s)|(?<=\n)|(?<=\band\s))[ \t]*(?P<det>no[ \t]+)"
                           r"(?P<topic>(?:[\w'-]{1,30}[ \t]+){0,2}?[\w'-]{1,30})[ \t]+(?:talk|chat|chatter|drama)"
                           r"(?=\s*(?:[.;,!]|$|please\b))", re.IGNORECASE)


# Nouns that frame a subject rather than name it: "the dishwasher saga" is about the dishwasher, "the row over the
# hedge" about the hedge, "den Streit um die Heckenhöhe" about the hedge's height.
_FRAME_AFTER = (r"saga|drama|story|business|thing|stuff|bit|bits|aspect|angle|"
                r"situation|debacle|fiasco|episode|incident|nonsense|mess|affair|"
                r"dispute|issue|row|argument|problem|controversy|question|matter|debate")
_FRAME_BEFORE = (r"(?:whole\s+)?(?:row|argument|fight|dispute|debate|fuss|drama|saga|business|issue|thing|stuff|"
                 r"streit|ärger|diskussion|theater|geschichte|sache|histoire|affaire|dispute|pelea|lío|discusión|tema)")
# "Geoff's knee" is about the knee; "the trip to London", « la sortie à Londres » about the place; "his late wife"
# about the wife
_POSSESSOR_RE = re.compile(r"^[A-Z][\w-]{1,30}['’]s\s+(?P<core>\S.*)$")
_TRIP_RE = re.compile(r"^(?:(?:the|la|le|el|die|der|das)\s+)?(?:trip|outing|visit|journey|excursion|sortie|voyage|"
                      r"visite|excursión|viaje|salida|visita|ausflug|reise|fahrt|besuch)\s+(?:to|à|au|aux|en|a|al|nach|"
                      r"zum|zur|in|ins)\s+(?P<core>\S.*)$", re.IGNORECASE)
_LATE_RE = re.compile(r"^late\s+(?P<core>(?:wife|husband|partner|mother|father|mum|mom|dad|brother|sister|son|"
                      r"daughter|friend|grandmother|grandfather|gran|grandma|grandpa|uncle|aunt|dog|cat)s?)$",
                      re.IGNORECASE)
_FRAME_LEAD_RE = re.compile(r"^(?:lo\s+de(?:l|\s+la|\s+las|\s+los)?|el\s+tema\s+de(?:l|\s+la)?|"
                            r"la\s+historia\s+de(?:l|\s+la)?|"
                            r"l'histoire\s+d(?:u|e\s+la|es)|die\s+sache\s+mit\s+(?:dem|der|den))\s+(?P<core>\S.*)$",
                            re.IGNORECASE)
_FRAME_AFTER_RE = re.compile(rf"^(?P<core>.+?)\s+(?:{_FRAME_AFTER})$", re.IGNORECASE)
# "the fine from last week", "the row yesterday": when it happened says nothing of what the subject is
_WHEN_AFTER_RE = re.compile(r"^(?P<core>.+?)\s+(?:(?:from|of)\s+)?(?:(?:last|this|next)\s+(?:week|month|year|night|"
                            r"weekend|time|term|season)|yesterday|the\s+other\s+day)$", re.IGNORECASE)
_FRAME_BEFORE_RE = re.compile(rf"^{_FRAME_BEFORE}\s+(?:about|over|with|around|on|um|über|wegen|de|du|des|del|sobre|con)"
                              r"\s+(?:(?:the|die|den|das|der|dem|la|le|les|el|los|las)\s+)?(?P<core>\S.*)$",
                              re.IGNORECASE)


def topic_core(phrase: str) -> str:
    """The subject a topic phrase names, its framing noun aside ("dishwasher saga" → "dishwasher"), without the
    Spanish personal "a" before a name ("no nombres a Paco", glossed "do not mention a Paco")."""
    phrase = re.sub(r"^a\s+(?=[A-ZÁÉÍÓÚÑ])", "", phrase)
    for pattern in (_WHEN_AFTER_RE, _FRAME_LEAD_RE, _FRAME_BEFORE_RE, _FRAME_AFTER_RE, _POSSESSOR_RE, _TRIP_RE,
                    _LATE_RE):
        m = pattern.match(phrase)
        if m:
            phrase = m.group("core")
    return phrase


def _topics_named_first(ex: Extraction) -> None:
    for clause in ex.clauses:
        for m in (*islice(TOPIC_AFTER_RE.finditer(clause.text), MAX_MATCHES),
                  *(t for t in islice(TOPIC_TALK_RE.finditer(clause.text), MAX_MATCHES)
                    if t.group("topic").split()[0].lower() not in _NOT_TALK_TOPICS)):
            topic = re.sub(r"^(?:(?:new|old|current|latest|recent|whole|entire|big|little|last|previous|upcoming)"
                           r"[ \t]+){1,3}",
                           "", topic_core(m.group("topic")), flags=re.IGNORECASE)  # "her new salary": the salary
            if topic.split()[0].lower() in NOT_A_TOPIC or \
                    re.search(r"\b(?:word|words|term|phrase|package|library|module)\b", topic, re.I):
                continue
            if not m.group("det") and NAMES_OUT_RE.match(clause.text, m.start("topic")):
                continue  # "Jayden and Theo stay out of it": names to leave out (`_names_kept_out`)
            start = m.start("det") if m.group("det") else m.start("topic")
            said = f"{(m.group('det') or '').strip()} {topic}".strip()
            ex.add("rubriq:forbidden_topic", "keyword", {"topic": topic},
                   Span(clause.start + start, clause.start + m.end()), f"no mention of {said}", 0.75)


_IN_AT_LEAST_N_OF_THEM_RE = re.compile(
    rf"\s+(?:in|into)\s+(?P<rel>at\s+least)\s+(?P<n>{NUM})\s+of\s+(?:them|those|these|the\s+[a-z-]{{2,20}}s)\b",
    re.IGNORECASE)
_IN_AT_LEAST_N_OF_THEM_BEFORE_RE = re.compile(
    rf"\b(?:in|into)\s+at\s+least\s+(?P<n>{NUM})\s+(?:of\s+(?:them|those|these|the\s+[a-z-]{{2,20}}s)|"
    rf"(?!times\b)[a-z-]{{2,20}}s)\b"
    # nothing between that asks something else: "in at least three times, and please avoid the word "old""
    r"(?:(?!\b(?:and|but|avoid|not|never|no|without|don't|dont)\b)[^.!?;:\n]){0,30}$", re.IGNORECASE)
# Working with figures, said just before "leave X out": the X is left out of the sum, not out of the words.
_COUNTING_RE = re.compile(r"\b(?:count|counts|counting|sum|sums|total|totals|add\s+up|adds\s+up|calculate|average|"
                          r"tally)\b[^.!?\n]*$", re.IGNORECASE)


# "the casualty's name", "the patient's full name": a person given by their role, whose name the source states
_ROLE_NAME_RE = re.compile(r"^(?:the\s+)?(?P<role>[a-z]{3,20})['’]s\s+(?:full\s+|real\s+|first\s+)?names?$",
                           re.IGNORECASE)
# in the source, the role word then the name: "casualty Rachel Pryce", "Patient: Tom Hale", "the tenant, Ada Lee,"
_NAME_AFTER_ROLE = (r"[ \t]*(?:[:,(][ \t]*|(?i:is|was|named|called)[ \t]+)?"
                    r"(?P<name>[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+){0,2})")


def name_of_the_role(topic: str, source: str) -> str | None:
    """The one name the source gives the person a topic names by role ("the casualty's name" → "Rachel Pryce"), or
    None when the topic is no role's name or the source names nobody, or several people, in that role."""
    m = _ROLE_NAME_RE.match(topic.strip())
    if not m or not source:
        return None
    role = re.escape(m.group("role"))
    names = {n.group("name") for n in re.finditer(rf"(?i:\b{role}\b){_NAME_AFTER_ROLE}", source)}
    return names.pop() if len(names) == 1 else None


def extract_topics(ex: Extraction) -> None:
    _topics_named_first(ex)
    for clause in ex.clauses:
        text = clause.text
        for m in islice(TOPIC_RE.finditer(text), MAX_MATCHES):
            if text[m.end():m.end() + 1] in "\"“‘'`" or re.match(r"\s*(?:the\s+)?(?:word|term|phrase|name)s?\b",
                                                                   text[m.end():]):
                continue  # quoted: forbidden words, read above
            if m.group().lower().startswith("keep") and (not re.match(r"\s*(?:[\w'-]+\s+){1,4}?out\s+of\b",
                                                                      text[m.end():]) or
                                                         re.match(r"\s*\w+ing\b", text[m.end():])):
                continue  # "keep X out of it" only; "my glasses keep coming out of the dishwasher" is no request
            leave = m.group().lower().lstrip().startswith(("leave", "take")) and \
                not m.group().lower().startswith("leave out")
            if leave and not re.match(r"\s*(?:[\w'-]+\s+){1,4}?(?:out|off)(?:\s+(?:of\s+)?the\s+(?:list|answer|reply|"
                                      r"summary|post|email|message|letter|note|plan))?(?:\s+(?:of\s+(?:it|this|that)|"
                                      r"entirely|completely|altogether|please|for\s+now))?(?:\s*(?:$|[.;,!)])|\s+(?:since|"
                                      r"because|as|until|unless|till)\b)", text[m.end():]):
                continue  # "leave the dishwasher saga out": X between the verb and "out", and nothing after
            if (leave or m.group().lower().startswith("leave out")) and _COUNTING_RE.search(
                    ex.view, max(0, clause.start + m.start() - 80), clause.start + m.start()):
                continue  # "Only count the Successful ones and leave the tips out": data left out of a sum
            words = TOPIC_WORDS_RE.match(text, m.end())
            if not words:
                continue
            phrase = words.group()
            cut = TOPIC_END_RE.search(phrase)
            phrase = phrase[:cut.start()] if cut else phrase
            if m.group().lower().startswith("keep") or leave:
                phrase = re.split(r"\s+(?:out|off)\b", phrase, maxsplit=1)[0]
            phrase = re.split(r"\s+into\s+(?:it|this|that|the\s+\w+)\b", phrase, maxsplit=1)[0]
            written = phrase.strip(" '-")
            phrase = re.sub(r"^(?:whole|entire)\s+", "", topic_core(written), flags=re.IGNORECASE)
            if not phrase or phrase.split()[0].lower() in NOT_A_TOPIC:
                continue
            topics = [phrase]
            rest = text[m.end() + len(words.group()[:len(written)]):]
            more = re.match(r"\s*(?:,\s*(?:or\b|and\b)?|\bor\b|\band\b|/)\s*(?:the\s+|any\s+|his\s+|her\s+|their\s+)?"
                            r"([^\W\d_][\w'-]*(?:[ \t]+[\w'-]+){0,2})", rest)
            first = more.group(1).split()[0].lower() if more else ""
            if more and first not in NOT_A_TOPIC and first not in INSTRUCTION_START:
                extra = TOPIC_END_RE.search(more.group(1))
                item = (more.group(1)[:extra.start()] if extra else more.group(1)).strip()
                after = rest[more.start(1) + len(item):]
                # "X, Y" is a list only when it goes on ("prices, discounts or coupons") or ends the clause there;
                # "the SLA, legal asked us to ..." is a new clause
                # (after a bare comma, a short noun phrase: ", das klären wir separat" is a clause)
                listed = re.search(r"\b(?:or|and)\b|/", rest[:more.start(1)]) or \
                    (re.match(r"\s*(?:$|[.;:!?)]|,|\bor\b|\band\b)", after) and len(item.split()) <= 2)
                if listed:
                    topics.append(item)
            span = Span(clause.start + m.start(), clause.start + m.end() + len(written))
            determiner = re.search(r"(?:the|any|his|her|their|my|our|its|your)\s+$", m.group(), re.IGNORECASE)
            for topic in topics:  # the wording keeps the prompt's own determiner: "no mention of her father"
                said = f"{determiner.group().strip()} {topic}" if determiner and topic == phrase else topic
                name = name_of_the_role(topic, ex.doc.source_text)
                if name is not None:  # "leave out the casualty's name": the name the pasted log gives her
                    topic, said = name, f"{said} ({name})"
                ex.add("rubriq:forbidden_topic", "keyword", {"topic": topic}, span, f"no mention of {said}", 0.75)
