"""Code-task constraints: named functions, type hints, standard library only, modules ruled out, a number of tests,
docstrings, code blocks, only the code, nothing after it, and a limit on the explanation around it.

    "Write a Python function `parse_log(path)`"         code_function_names {names: [parse_log]}
    "a class Stack with push() and pop() methods"       code_function_names {names: [Stack, push, pop]}
    "Use type hints" / "fully typed"                    code_type_hints
    "Standard library only" / "no external libraries"   code_stdlib_only
    "nothing outside the stdlib" / "stdlib only"        code_stdlib_only
    "don't use numpy" / "no pandas" / "without lodash"  code_forbidden_import {modules}
    "Include at least three pytest tests"               code_min_tests {num_tests: 3}
    "add docstrings to every function"                  code_docstrings
    "in a single code block" / "only one code block"    code_block_count {num_blocks: 1}
    "no markdown fences" / "don't wrap it in ```"       no_code_blocks
    "only the code" / "just the code, no explanation"   code_only
    "No prose after the code"                           no_prose_after_code
    "keep your explanation under 50 words"              explanation_length {relation, num_words | num_sentences}

A module named after a negation counts only when it is a package name Rubriq knows (the code metric's tables of
PyPI and npm packages, the standard library) or is written as code (`numpy`), so "don't use recursion" is no
import. Code constraints are read only in a prompt that asks for code (a language, a function, a script ...).
"""

from __future__ import annotations

import bisect
import builtins
import re
import sys
from itertools import islice

from rubriq.core.constraints.families.grammar import (
    MAX_MATCHES,
    NEGATION_RE,
    POST,
    REL,
    Extraction,
    bounds_for,
    negated_before,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.scope import sentence_bounds
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

# ---------------------------------------------------------------------------------------------------------------
# Phrasings

CODE_TASK_RE = re.compile(
    r"\b(?:python|javascript|typescript|js|java|golang|rust|c\+\+|c#|ruby|php|kotlin|swift|bash|sql|node(?:\.js)?|"
    r"functions?|methods?|class(?:es)?|scripts?|programs?|code|snippets?|modules?|implement\w*|refactor\w*|"
    r"endpoints?|regex|unit\s+tests?|pytest|jest|cli|decorators?)\b|```|\bdef\s+\w+\(", re.IGNORECASE)
_IDENT = r"[A-Za-z_$][\w$]{1,60}"
# A language named between the noun and its name: "a function in JavaScript called X", "une fonction Python nommée X"
_IN_LANG = (r"(?:\s+(?:(?:written\s+)?in\s+)?(?:python|javascript|typescript|java|golang|go|rust|c\+\+|c#|ruby|php|"
            r"kotlin|swift|bash|node(?:\.js)?))?")
FUNCTION_NAME_RE = re.compile(
    rf"\b(?:function|method|class|def|helper|func|fn)(?:{_IN_LANG}\s*[,:])?\s+(?:(?:called|named)\s+)?`?(?P<a>{_IDENT})`?"
    r"\s*\(|"
    # "two functions: normzeilen(text) returns ..., and honorar(text, rate) ...": calls listed after the plural
    rf"\b(?:functions|methods){_IN_LANG}\s*:\s*`?(?P<l>{_IDENT})`?\s*\(|"
    # "write me one called retry that ...": a plain name, where a clause or the sentence ends after it
    rf"\b(?:function|method|class|helper|decorator|one){_IN_LANG}\s+(?:called|named)\s+(?P<g>{_IDENT})"
    rf"(?=\s*(?:[,.;:(]|$|that\b|which\b|who\b|with\b|taking\b|returning\b|"
    rf"to\s+(?:check|return|parse|validate|compute|convert)\b))|"
    rf"\b(?:function|method|class|helper|decorator){_IN_LANG}\s+(?:called|named)\s+`?(?P<b>{_IDENT})`?|"
    rf"\b(?:function|method|class)\s+`(?P<c>{_IDENT})`|"
    rf"\b(?:keep|call|name)\s+(?:the\s+)?(?:function|method|class)(?:'s)?\s+(?:name\s+)?(?:as\s+|called\s+|named\s+)?`?(?P<d>{_IDENT})`?|"
    # "write a function for it, call it monthly_spend": a name that can only be code (snake or camel case)
    rf"\b(?:call|name)\s+it\s+`?(?P<h>(?=[\w$]*(?:_|(?-i:[a-z][A-Z])))[A-Za-z_$][\w$]{{1,60}})`?(?![\w(])|"
    rf"`(?P<e>{_IDENT})\([^`\n]{{0,80}}\)`|"
    rf"\b(?:function|method|class|helper|decorator)\b[^.\n]{{0,60}}?\b(?:(?:should|must|will|has\s+to|needs\s+to)\s+"
    rf"(?:be|stay|remain|keep\s+being)|stays|remains|is\s+still)\s+(?:called|named)\s+"
    rf"`?(?P<f>{_IDENT})`?|"
    # "a Python class TokenBucket with ...": a capitalised name right after "class", then the clause goes on
    rf"\b(?:a|an|one|new|python|java|typescript|javascript|kotlin|swift|c\+\+|c#|php|ruby)\s+class\s+"
    rf"(?P<k>(?-i:[A-Z])[\w$]{{1,60}})(?=\s*(?:[,.;:]|$|with\b|that\b|which\b|for\b|to\s+\w+\b|extending\b|"
    rf"inheriting\b|implementing\b|having\b))", re.IGNORECASE)
METHODS_RE = re.compile(
    rf"\b(?:methods|functions)\s*[,:]?\s+(?:called\s+|named\s+)?(?P<list>`?{_IDENT}`?(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)`?{_IDENT}`?)"
    r"{1,6})")
# Names written as calls: "with allow() and refill() methods", "the methods push(), pop() and peek()". Only after a
# word that gives them to the code ("with", "has", "implement"), so "use the map() and filter() functions" is none.
_CALL = rf"`?{_IDENT}\(\)`?"
CALLS_RE = re.compile(
    rf"\b(?P<cue>with|has|have|having|exposes?|exposing|provides?|providing|implements?|implementing|defines?|"
    rf"defining|supports?|supporting|adds?|adding|offers?)\s+(?:(?:the|its|public|own|two|three|four|five|"
    rf"2|3|4|5)\s+){{0,2}}(?:(?:methods?|functions?)\s+(?:called\s+|named\s+)?(?P<after>{_CALL}(?:(?:\s*,\s*(?:and\s+)?|"
    rf"\s+and\s+){_CALL}){{0,6}})|(?P<before>{_CALL}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_CALL}){{0,6}})\s+"
    rf"(?:methods?|functions?)\b)", re.IGNORECASE)
# A name written as a call in code style, snake_case or camelCase with its arguments: "I need count_visits(log_path)
# that ...", "write isWeekend(date) and nextWorkday(date)". Not a method of something ("os.walk()").
CODE_STYLE_CALL_RE = re.compile(
    r"(?<![\w.$`])(?P<name>[a-z_$][a-z0-9_$]*_[a-z0-9_$]+|[a-z$][a-z0-9$]*[A-Z][A-Za-z0-9$]*)\((?:[^()\n]{0,80})\)")
_USED_BEFORE_RE = re.compile(r"\b(?:use|uses|using|call|calls|calling|with|avoid|without|instead\s+of|like|e\.g\.|"
                             r"such\s+as|via|through|not|no|don'?t|never)\s+(?:the\s+)?(?:\w+\s+)?$", re.IGNORECASE)
# Calls a prompt names to be used, not defined: Python's built-ins and JavaScript's globals.
BUILTIN_CALLS = frozenset(n for n in dir(builtins) if not n.startswith("_")) | frozenset({
    "fetch", "parseInt", "parseFloat", "setTimeout", "setInterval", "require", "alert", "log", "then", "json",
})
NOT_A_NAME = frozenset({
    "that", "which", "to", "for", "with", "in", "of", "the", "a", "an", "and", "or", "it", "this", "is", "as", "from",
    "called", "named", "returns", "takes", "accepts", "should", "must", "will", "can", "so", "but", "on", "by",
    "using", "without", "print", "main", "name", "names",
})
TYPE_HINTS_RE = re.compile(
    r"\b(?:type\s+hints?|type\s+annotations?|typed\s+(?:parameters|signatures?|arguments)|fully\s+typed|"
    r"annotate\w*\s+(?:all\s+|every\s+|the\s+|each\s+)?(?:functions?|parameters|arguments|signatures?|types?)|"
    r"type[\s-]annotated|with\s+types\b|typing\s+annotations?|typehints?\b|"
    # "type-hint every function", "annotate the types properly"
    r"type[\s-]hint\s+(?:every|each|all|the)\s+(?:functions?|parameters|arguments|signatures?)|"
    r"annotate\s+(?:the\s+)?types\b|"
    # "the linter fails if any argument or return value is missing its type"
    r"(?:arguments?|parameters?|params?|return\s+values?)\b[^.\n]{0,30}?\bmissing\s+(?:its|their|a)\s+"
    r"(?:type|annotation)s?\b)", re.IGNORECASE)
STDLIB_RE = re.compile(
    r"\b(?:(?:the\s+)?standard[\s-]+library\s+only|only\s+(?:use\s+|the\s+)?(?:the\s+)?standard[\s-]+library|"
    r"(?:just|only)\s+(?:use\s+|using\s+|with\s+)?(?:the\s+)?(?:stdlib|standard\s+lib(?:rary)?|built-?in\s+modules?|"
    r"standard\s+modules)|"
    r"stdlib\s+only|built-?in\s+modules?\s+only|"
    r"(?:no|without|don'?t|do\s+not|never|avoid)(?:\s+(?:use|using|pull(?:ing)?\s+in|bring(?:ing)?\s+in|rely(?:ing)?\s+on|"
    r"depend(?:ing)?\s+on|install(?:ing)?|import(?:ing)?|add(?:ing)?|need(?:ing)?))?\s+(?:any\s+)?(?:external|"
    r"third[\s-]party|outside|extra|"
    r"additional|non-standard)\s+(?:libraries|library|libs?|packages?|modules?|dependencies|deps|imports?)|"
    r"(?:no|without|zero)\s+(?:any\s+)?(?:dependencies|deps)\b|nothing\s+(?:to|you\s+have\s+to)\s+pip\s+install|"
    # "don't pull in any libraries": any library at all, so none beyond what the language has
    r"(?:don'?t|do\s+not|never)\s+(?:pull\s+in|bring\s+in|add|install|use|import)\s+any\s+(?:libraries|packages|"
    r"dependencies)\b|"
    # "no pandas or other third-party packages": one named, then the rest of its kind
    r"\bor\s+(?:any\s+)?other\s+(?:external|third[\s-]party|extra|additional|non-standard)\s+(?:libraries|packages|"
    r"modules|dependencies)\b|"
    # "nothing outside the stdlib", "no imports beyond the standard library", "stick to the stdlib"
    r"(?:nothing|no\s+(?:imports?|packages?|libraries|modules?|dependencies)|(?:don'?t|doesn'?t|do\s+not|does\s+not|"
    r"never|without)\s+(?:use|using|import|importing|need|needing|require|requiring|pull\s+in|pulling\s+in)\s+"
    r"anything)\s+(?:from\s+)?(?:outside|beyond)\s+"
    r"(?:of\s+)?(?:the\s+)?(?:python\s+|node\s+)?(?:stdlib|standard[\s-]+lib(?:rary)?)|"
    r"(?:stick|limit|restrict)(?:\s+(?:yourself|it|imports))?\s+to\s+(?:the\s+)?(?:python\s+|node\s+)?"
    r"(?:stdlib|standard[\s-]+library)(?!\s+(?:where|when|if|as\s+much))|"
    r"(?:stdlib|standard[\s-]+library)(?:[\s-]+(?:modules|imports|packages|stuff|things|bits))?[\s-]+only|"
    # "no pip installs", "nothing to pip install"
    r"(?:no|without)\s+(?:any\s+)?(?:pip|npm)\s+installs?|"
    r"(?:no|without)\s+(?:any\s+)?(?:non-?(?:stdlib|standard)|pip|npm|pypi)\s+(?:imports?|packages?|modules?|"
    r"dependencies|libraries)|"
    r"(?:no|without|don'?t\s+use|do\s+not\s+use)\s+(?:any\s+)?(?:npm\s+)?(?:libraries|packages)|"
    # "don't import anything from npm", "it has to run on a stock Python install"
    r"(?:don'?t|do\s+not|never)\s+(?:import|install|pull\s+in|use|add)\s+anything\s+(?:from|off)\s+(?:npm|pypi|pip)|"
    # "whatever you import has to be in Python already", "only what ships with Python", "only what comes with Node"
    r"\bimport\w*\b[^.\n]{0,30}?\b(?:has|have|needs?|must)\s+to\s+(?:be\s+)?(?:in|part\s+of|built\s+into)\s+"
    r"(?:python|node)\s+(?:already|itself|out\s+of\s+the\s+box)|"
    r"\b(?:only|just)\s+(?:use\s+|import\s+)?(?:what|whatever|things\s+that)\s+(?:ships?|comes?)\s+with\s+"
    r"(?:python|node)\b|"
    r"run\s+on\s+(?:a\s+|any\s+)?(?:stock|bare|vanilla|plain|fresh|clean|default)\s+(?:python|node)"
    r"(?:\s+install(?:ation)?)?|"
    # "only what ships with Python", "just what comes with Node", "stick to what comes with python"
    r"(?:only|just|stick\s+to|stick\s+with|keep\s+(?:it\s+)?to)\s+(?:with\s+)?what\s+(?:ships|comes)\s+with\s+"
    r"(?:python|node)|"
    # "plain Python only", "standard library or bust", "nobody there is allowed to install anything", « rien à
    # installer »
    r"(?:plain|pure|vanilla|bare|stock)\s+(?:python|node|javascript|js)\s+only|(?:only|just)\s+(?:plain|pure|vanilla)\s+"
    r"(?:python|node|javascript|js)|(?:stdlib|standard[\s-]+library)\s+or\s+bust|"
    r"(?:nobody|no\s+one)\s+(?:there\s+|here\s+)?(?:is\s+|'s\s+)?(?:allowed|able|permitted)\s+to\s+install|"
    r"nothing\s+to\s+install|rien\s+à\s+installer|nichts\s+zu\s+installieren|sin\s+instalar\s+nada)\b",
    re.IGNORECASE)
FORBID_MODULE_RE = re.compile(
    r"(?:\b(?:don'?t|do\s+not|never|please\s+don'?t)\s+(?:use|import|rely\s+on|pull\s+in|depend\s+on)|"
    r"\b(?:no|without(?:\s+using)?|avoid(?:ing)?|not)\s+(?:using\s+|importing\s+)?)\s*(?:the\s+)?"
    # "no module re", "sin el módulo re": the word for a module before its name
    r"(?P<named>(?i:module|modul|módulo|library|package)\s+)?`?"
    r"(?P<m>[A-Za-z_][\w.-]{1,40})`?(?P<called>\s+(?:library|package|module|dependency))?"
    r"(?P<more>(?:\s*(?:,|\bor\b|\band\b|/|\bnor\b)\s*`?[A-Za-z_][\w.-]{1,40}`?){0,4})", re.IGNORECASE)
# A module named first and ruled out after it: "pandas is overkill, leave it out", "the uuid package is off the
# table", "pretty-bytes is not an option", "moment is a no-go".
MODULE_RULED_OUT_RE = re.compile(
    r"(?:^|(?<=[\s(,;:.]))(?:the\s+)?`?(?P<m>[A-Za-z_][\w.-]{1,40})`?(?:\s+(?:library|package|module|dependency))?\s+"
    r"(?:is|are)\s+(?:(?:completely|totally|definitely|really|just)\s+)?(?:overkill|off\s+the\s+table|not\s+allowed|"
    r"off[\s-]limits|a\s+no[\s-]go|not\s+an\s+option|banned|forbidden|out\s+of\s+the\s+question)\b", re.IGNORECASE)
TESTS_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?P<n>{NUM})(?:\s*[-–]\s*\d{{1,2}}|\s+(?:to|or)\s+{NUM})?(?P<post>{POST})?\s+"
    rf"(?:(?:pytest|unit|jest|unittest|automated|simple|"
    rf"small|separate|passing|different)\s+){{0,2}}(?:test\s+(?:functions?|cases?)|tests?|(?<=pytest\s)cases?)\b|"
    rf"\b(?:add|include|write)\s+(?:some\s+|a\s+few\s+)?(?:pytest\s+|unit\s+)?tests\s*\(\s*(?:(?P<rel2>{REL})\s+)?"
    rf"(?P<n2>{NUM})\s*\)|"
    # "add a couple of tests": two at least
    r"\b(?:add|include|write|with|plus|and)\s+(?P<couple>a\s+couple\s+of)\s+(?:(?:pytest|unit|simple|small|quick)\s+)?"
    r"tests\b", re.IGNORECASE)
DOCSTRINGS_RE = re.compile(
    r"\b(?:add|include|write|with|give|use|and|plus)\s+(?:a\s+)?(?:short\s+|brief\s+|proper\s+)?docstrings?\b|\bdocstrings?\s+(?:for|on|in)\s+(?:every|each|all)\b|"
    r"\b(?:every|each|all)\s+(?:function|method|class)s?\s+(?:should|must|needs?\s+to)\s+have\s+(?:a\s+)?docstrings?|"
    # "every function needs a docstring", "every function gets a docstring"
    r"\b(?:every|each|all)\s+(?:function|method|class)s?\s+(?:needs?|gets?|should\s+get|must\s+get)\s+(?:a\s+|its\s+own\s+)?"
    r"docstrings?\b|"
    # "give each function a docstring", "every function documented with its docstring"
    r"\bgive\s+(?:it|them|each\s+(?:function|method)|every\s+(?:function|method))\s+(?:a\s+|its\s+own\s+)?docstrings?\b|"
    r"\b(?:function|method)s?\s+(?:is\s+|are\s+)?documented\s+with\s+(?:a|its|their)\s+(?:own\s+)?docstrings?\b|"
    # "each function with its docstring", French "chaque fonction avec sa docstring" (glossed "with sa docstring")
    r"\b(?:every|each|all)\s+(?:function|method|class)s?\s+(?:with|has|having|carries)\s+(?:a|its|their|sa|son|ses)\s+"
    r"(?:own\s+)?docstrings?\b|"
    # "zu jeder Funktion einen Docstring" (glossed "zu each function a docstring"), "para cada función un docstring"
    r"\b(?:zu|für|for|to|para|pour)\s+(?:every|each|all)\s+(?:function|method|class)s?\s+(?:a|an|one|einen|un|une)\s+"
    r"docstrings?\b",
    re.IGNORECASE)
_ONE_BLOCK = (r"(?:a\s+single|one\s+single|one|1|single)\s+(?:(?:fenced|markdown)\s+)?(?:code\s+block|fenced\s+block|"
              r"code\s+fence|```\s*block)")
SINGLE_BLOCK_RE = re.compile(
    rf"\b(?:in|as|inside|within|into|use|using|give(?:\s+me)?|return|output)\s+(?:only\s+|just\s+|exactly\s+)?"
    rf"{_ONE_BLOCK}\b|"
    rf"\b(?:only|just|exactly)\s+{_ONE_BLOCK}\b|"
    rf"\b{_ONE_BLOCK}\s+only\b|"
    # "one code block, and ...": the count alone as a clause of its own
    rf"(?:^|(?<=[.;:!\n])|(?<=^[-*•])|(?<=\d[.)]))[ \t]*{_ONE_BLOCK}(?:[ \t]+please)?(?=[ \t]*(?:[,.;!]|$|and\b))",
    re.IGNORECASE | re.MULTILINE)
# What makes "one code block" one of several or a count per part: "one code block per file", "... and one for the
# tests", "at least one code block".
NOT_ONE_BLOCK_AFTER_RE = re.compile(
    r"\s*(?:per|each|for\s+(?:each|every)|at\s+a\s+time|apiece)\b|[^.;\n]{0,60}?\b(?:and|plus)\s+(?:one|another|"
    r"a\s+second|a\s+separate)\b", re.IGNORECASE)
NOT_ONE_BLOCK_BEFORE_RE = re.compile(r"\b(?:than|least|most|more|per|each|every|first|second|last)\s*$", re.IGNORECASE)
NO_FENCES_RE = re.compile(
    r"\b(?:no|without|don'?t\s+use|do\s+not\s+use|don'?t\s+wrap\s+(?:it\s+)?in|do\s+not\s+wrap\s+(?:it\s+)?in|"
    r"nothing\s+in|(?:don'?t|do\s+not)\s+put\s+(?:it|anything)\s+in|(?<![\w'])not\s+in)\s+"
    r"(?:any\s+|an?\s+|the\s+)?(?:markdown\s+)?(?:(?:grey|gray|shaded)\s+)?(?:code\s+)?(?:fences|fenced\s+(?:code\s+)?blocks?|"
    r"code\s+(?:blocks?|box(?:es)?)|backticks|```)",
    re.IGNORECASE)
CODE_ONLY_RE = re.compile(
    # "no explanation – only code" is one request: the span takes both halves
    r"\b(?:no\s+explanations?\s*[,:;–—-]?\s*(?:just|only)\s+(?:the\s+)?code\b|"
    r"(?:return|give|output|reply\s+with|respond\s+with|send|show)\s+(?:me\s+)?(?:only|just)\s+the\s+code|"
    r"(?:only|just)\s+(?:the\s+)?(?:code|script|query|sql|regex|snippet|command)\b(?![\s-]+(?:block|review|comments?))"
    r"(?:\s*[,;:–—-]\s*(?:no|without(?:\s+any)?)\s+explanations?\b)?|"
    r"code\s+only\b|nothing\s+but\s+(?:the\s+)?code|"
    # "send the code back bare", "only the repaired code back"
    r"(?:send|give|hand|pass)\s+(?:me\s+)?(?:the\s+)?code\s+back\s+bare\b|"
    r"(?:only|just)\s+(?:the\s+)?(?:fixed|repaired|corrected|updated|reparierten|finished)\s+code\b|"
    # "I only want code back", "I just want the code"
    r"\b(?:i|we)\s+(?:only|just)\s+want\s+(?:the\s+)?code(?:\s+back)?\b(?![\s-]+(?:block|review|comments?))|"
    r"no\s+(?:explanations?|walk-?throughs?)\b(?:\s*[,:;–—]|\s+-\s|\s+needed|\s+please|\s*$|\.)|"
    r"without\s+(?:any\s+)?(?:explanations?|walk-?throughs?)\b|"
    r"(?:just|only)\s+(?:give|send|show|return|write)\s+(?:me\s+)?(?:the\s+)?(?:code|sql|query|regex|script|command|"
    r"snippet|function)\b(?![\s-]+(?:block|review|and\s+(?:a|an|the|some)\b)))", re.IGNORECASE)
_EACH_PART_BEFORE_RE = re.compile(r"\b(?:each|every|per|cada|chaque)\b[^,.;:\n]{0,20}$", re.IGNORECASE)
AFTER_CODE_RE = re.compile(
    r"\b(?:no|without|don'?t\s+(?:add|write|put|include)|do\s+not\s+(?:add|write|put|include))\s+(?:any\s+)?"
    r"(?:prose|text|explanation|commentary|notes?|words?|summary|chit-?chat|waffle|blah(?:-blah)?|fluff|chatter)\s+"
    r"(?:after|below|following)\s+(?:the\s+)?"
    r"(?:code|code\s+block|last\s+code\s+block|snippet)|\bnothing\s+after\s+the\s+code\b|"
    # "Nach dem Code aber nichts mehr schreiben", "schreib nach dem Code nichts mehr" (glossed "after the code ...
    # nothing more"): the order of a German clause
    r"\bafter\s+the\s+code\s+(?:\w+\s+){0,2}?nothing\s+(?:more|else)\b|"
    # "a single fenced block, and no commentary below it": "it" is the code named before
    r"\b(?:block|code|snippet)\b[^.\n]{0,60}?\bno\s+(?:prose|text|explanation|commentary|notes?|words?)\s+(?:after|"
    r"below)\s+it\b|"
    r"\bend\s+(?:your\s+(?:answer|response|reply)\s+)?with\s+the\s+code(?:\s+block)?\b|"
    # the reply stops where the code does: "stop when the code is done", "the code should be the last thing",
    # "nothing under the code block", "don't write anything after the code"
    r"\b(?:stop|end|finish)(?:\s+(?:the\s+)?(?:reply|answer|response|there))?\s+(?:once|when|where|as\s+soon\s+as|after)\s+"
    r"(?:the\s+)?code\s+(?:ends|is\s+done|finishes|stops|block\s+ends)\b|"
    r"\b(?:the\s+)?code(?:\s+block)?\s+(?:should|must|has\s+to|needs\s+to)\s+be\s+the\s+(?:very\s+)?last\s+thing\b|"
    r"\b(?:nothing|no\s+(?:prose|text|words|notes|commentary))\s+(?:under|underneath|below|beneath|past)\s+(?:the\s+)?"
    r"code(?:\s+block)?\b|"
    r"\b(?:don'?t|do\s+not|never)\s+(?:write|add|put|say|include)\s+anything\s+(?:after|below|under|past)\s+"
    r"(?:the\s+)?code(?:\s+block)?\b", re.IGNORECASE)
# The explanation named as what a count limits: "keep your explanation under 50 words", "no more than 3 sentences of
# explanation", "any explanation outside the code to two sentences".
EXPLANATION_RE = re.compile(
    r"\b(?:explanations?|explaining|commentary|prose|notes?\s+(?:outside|around)|text\s+(?:outside|around|besides|after)\s+"
    r"the\s+code|words\s+outside\s+the\s+code|"
    # "what you explain outside the code", « lo que me expliques fuera del código »
    r"(?:what|anything|whatever)\s+(?:else\s+)?you\s+(?:explain|say|write)\s+(?:outside|around|besides|after)\s+"
    r"(?:the\s+)?code|"
    # "after the code, two sentences at most", „nach dem Code höchstens zwei Sätze"
    r"(?:after|below|beneath|under)\s+the\s+code)\b", re.IGNORECASE)
# In a code task, the verb says it too: "explain the fix in one sentence after the code".
EXPLAIN_VERB_RE = re.compile(
    r"\bexplain\w*\b(?:\s+(?:the|your|what|why|how|it|this|each|any|me|us|mir|uns|moi|nous)\b[^.\n]{0,30}?)?"
    r"(?:\s+(?=in\s)|\s*,\s*"
    r"(?=(?:(?:just|only|max(?:imum)?|at\s+most)\s+)?(?:\d{1,2}|one|two|three|four|five)\s+(?:sentences?|words?|lines?)\b))",
    re.IGNORECASE)
# In a code task, the explanation named by what it tells: "two sentences on how it works", "a line about what it does".
HOW_IT_WORKS_RE = re.compile(r"\b(?:on|about|of|explaining|describing|saying)\s+(?:how|what)\s+(?:it|the\s+code|the\s+"
                             r"function|the\s+script|this|that)\s+(?:works|does)\b", re.IGNORECASE)
EXPLANATION_COUNT_RE = re.compile(
    rf"\b(?:(?P<rel>{REL})\s+)?(?:(?P<a>{NUM})\s*(?:-|–|to|or)\s*)?(?P<n>{NUM}|an?(?=\s+(?:sentence|line)\b))"
    rf"(?P<post>{POST})?[\s-]+(?P<unit>words?|sentences?|lines?)\b(?P<post2>{POST})?", re.IGNORECASE)
LIMIT_VERB_RE = re.compile(r"\b(?:keep|limit|restrict|cap)\b", re.IGNORECASE)


def _known_module(name: str, prompt: str) -> bool:
    """A name a person means as a package: Rubriq's package tables, the standard library, or written as code."""
    from rubriq.core.metrics.code import KNOWN_NPM_PACKAGES, KNOWN_PYTHON_PACKAGES, PIP_TO_IMPORT

    lowered = name.lower()
    return (lowered in KNOWN_PYTHON_PACKAGES or lowered in KNOWN_NPM_PACKAGES or lowered in PIP_TO_IMPORT
            or (lowered in sys.stdlib_module_names and len(lowered) > 3)
            or re.search(rf"`{re.escape(name)}`", prompt) is not None)


COMMON_WORDS = frozenset({
    "recursion", "loops", "loop", "classes", "globals", "comments", "prints", "print", "regex", "regexes", "types",
    "mutation", "eval", "exec", "threads", "magic", "emoji", "markdown", "it", "them", "that", "this", "any", "more",
    "less", "other", "the", "a", "an", "external", "third", "extra", "additional", "libraries", "packages",
    "dependencies", "code", "prose", "text", "explanation", "explanations", "tests", "test", "changes", "change",
})


def extract_code(ex: Extraction) -> None:
    view = ex.view
    _explanation(ex)  # "no more than 3 sentences of explanation" limits the prose of any answer
    m = NO_FENCES_RE.search(view)  # "No markdown fences" around a JSON answer, too
    if m:
        ex.add("rubriq:no_code_blocks", "format", {}, Span(m.start(), m.end()), "no code fences", 0.85)
    if not CODE_TASK_RE.search(view):
        return
    _function_names(ex)
    for regex, kind, wording in (
        (TYPE_HINTS_RE, "rubriq:code_type_hints", "type hints on every function"),
        (STDLIB_RE, "rubriq:code_stdlib_only", "standard-library imports only"),
        (DOCSTRINGS_RE, "rubriq:code_docstrings", "a docstring on every function and class"),
        (AFTER_CODE_RE, "rubriq:no_prose_after_code", "nothing after the code"),
    ):
        m = regex.search(view)
        if m and not (kind in ("rubriq:code_type_hints", "rubriq:code_docstrings")
                      and negated_before(view, m.start(), 20)):
            ex.add(kind, "content", {}, Span(m.start(), m.end()), wording, 0.85)
    m = CODE_ONLY_RE.search(view)
    if m and not ex.has("rubriq:no_prose_after_code") and not _negated_in_phrase(view, m.start(), 15):
        ex.add("rubriq:code_only", "format", {}, Span(m.start(), m.end()), "only the code", 0.8)
    for m in islice(SINGLE_BLOCK_RE.finditer(view), MAX_MATCHES):
        before = view[max(0, m.start() - 20):m.start()]
        if NOT_ONE_BLOCK_AFTER_RE.match(view, m.end(), m.end() + 80) or NOT_ONE_BLOCK_BEFORE_RE.search(before) \
                or _negated_in_phrase(view, m.start(), 20):
            continue
        start = m.start() + len(m.group()) - len(m.group().lstrip())
        ex.add("rubriq:code_block_count", "format", {"num_blocks": 1}, Span(start, m.end()),
               "exactly 1 code block", 0.8)
        break
    _forbidden_modules(ex)
    _tests(ex)


def _negated_in_phrase(view: str, start: int, window: int) -> bool:
    """A negation just before `start` in the same phrase: "without external libraries (no axios) and only the code"
    does not negate "only the code"."""
    head = view[max(0, start - window):start]
    cut = max(head.rfind(")"), max((m.end() for m in re.finditer(r"\band\b", head)), default=0))
    return negated_before(head[cut:], len(head) - cut, window)


_HOW_A_NAME_IS = frozenset({"short", "same", "simple", "clear", "unchanged", "consistent", "descriptive", "intact",
                            "readable", "generic", "lowercase", "snake_case", "camelcase", "english", "below", "above"})
# The name of pasted code to keep: "keep the name total", "keep the function name as parse_row"
KEEP_NAME_RE = re.compile(r"\b(?:keep|leave)\s+(?:the\s+|its\s+)?(?:function\s+|method\s+|class\s+)?name\s+(?:as\s+)?"
                          r"`?(?P<name>[A-Za-z_][\w]{0,40})`?(?![\w(])", re.IGNORECASE)


# The name of the pasted code, kept without being written out: "keep the function name", "keep the name of the
# function" (one definition in the pasted code names it).
KEEP_PASTED_NAME_RE = re.compile(
    r"\b(?:keep|leave|don'?t\s+(?:change|rename))\s+(?:the|its)\s+(?:(?P<kind>function|method|class)(?:'s)?\s+name|"
    r"name\s+of\s+the\s+(?P<kind2>function|method|class))\b"
    r"(?!\s+(?:as\s+)?`?(?!(?:as|it|is|the|same|unchanged|before|written)\b)[A-Za-z_])|"
    # "the function name must stay the same", "der Funktionsname muss so bleiben", "... muss bleiben, weil ..."
    r"\bthe\s+(?P<kind3>function|method|class)(?:'s)?\s+name\s+(?:must|should|has\s+to|needs\s+to)\s+"
    r"(?:stays?|remains?)(?:\s+(?:the\s+same|unchanged|as\s+it\s+is|as\s+is)\b|(?=\s*(?:[,.;!]|$)))", re.IGNORECASE)
_DEFINITION_RE = re.compile(r"^[ \t]*(?:async\s+)?(?P<kind>def|class|function|func|fn)\s+(?P<name>[A-Za-z_$][\w$]*)",
                            re.MULTILINE)


def _pasted_definition(ex: Extraction, kind: str) -> str | None:
    """The one top-level function (or class) of the pasted code; None when there is none or several."""
    wanted = ("class",) if kind == "class" else ("def", "function", "func", "fn")
    names = [m.group("name") for block in ex.doc.sources for m in _DEFINITION_RE.finditer(block.text)
             if m.group("kind") in wanted and not m.group().startswith((" ", "\t"))]
    return names[0] if len(set(names)) == 1 else None


def _function_names(ex: Extraction) -> None:
    names: list[str] = []
    where: list[re.Match[str]] = []  # the match that named each name, for its sentence and span

    def take(name: str, m: re.Match[str]) -> None:
        names.append(name)
        where.append(m)
    for m in islice(FUNCTION_NAME_RE.finditer(ex.view), MAX_MATCHES):
        name = next(g for g in m.groups() if g)
        if name.lower() in NOT_A_NAME or name in names:
            continue
        named = re.search(r"\bnamed\s+`?" + re.escape(name), m.group(), re.IGNORECASE) is not None
        a_class = re.search(r"\bclass\b", m.group(), re.IGNORECASE) is not None and name[:1].isupper()
        if m.group("k") and not (re.search(r"[a-z][A-Z]|[_$\d]", name) or _code_cue_besides(ex.view)):
            continue  # "a class Person that ...": a plain capitalised word, only where more than "class" says code
        if not (re.search(r"[_$]|[a-z][A-Z]", name) or m.group("a") or m.group("l") or m.group("c") or m.group("e") or
                m.group("f") or
                (m.group("g") and CODE_TASK_RE.search(ex.view)) or
                named or a_class or re.search(rf"`{re.escape(name)}", m.group())):
            continue  # a plain word after "called" ("a function called whenever ...") only when written as code
        take(name, m)
        if m.group("l"):  # the rest of the list, in the same sentence: every name written as a call
            end = re.search(r"[.!?](?:\s|$)|\n", ex.view[m.end():])
            rest = ex.view[m.end():m.end() + (end.start() if end else 300)]
            for call in re.finditer(rf"(?<![\w.$`])`?(?P<n>{_IDENT})`?\s*\([^()\n]{{0,80}}\)", rest):
                if call.group("n") not in names and call.group("n") not in BUILTIN_CALLS and \
                        call.group("n").lower() not in NOT_A_NAME:
                    take(call.group("n"), m)
    for m in islice(KEEP_NAME_RE.finditer(ex.view), MAX_MATCHES):  # "fix the bug but keep the name total"
        name = m.group("name")
        if name.lower() not in NOT_A_NAME and name.lower() not in _HOW_A_NAME_IS and name not in names and \
                not negated_before(ex.view, m.start(), 20):
            take(name, m)
    for m in islice(KEEP_PASTED_NAME_RE.finditer(ex.view), MAX_MATCHES):
        name = _pasted_definition(ex, (m.group("kind") or m.group("kind2") or m.group("kind3")).lower())
        if name and name not in names and not negated_before(ex.view, m.start(), 20):
            take(name, m)
    for m in islice(METHODS_RE.finditer(ex.view), MAX_MATCHES):  # "a class with methods tryAcquire and reset"
        listed = [n.strip("`") for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("list"))]
        listed = [n for n in listed if n and n.lower() not in NOT_A_NAME]
        if any(re.search(r"[_$]|[a-z][A-Z]", n) for n in listed) or "`" in m.group("list"):
            for n in listed:
                if n not in names:
                    take(n, m)
    for m in islice(CALLS_RE.finditer(ex.view), MAX_MATCHES):  # "a class with allow() and refill() methods"
        if negated_before(ex.view, m.start(), 25):
            continue  # "without the eval() and exec() functions"
        listed = [n.strip("`").removesuffix("()") for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+",
                                                                     m.group("after") or m.group("before"))]
        if any(n in BUILTIN_CALLS for n in listed):
            continue  # "a script with the open() and print() functions" uses them
        for n in listed:  # written as a call, "on()" is a name
            if n and n not in names:
                take(n, m)
    if CODE_TASK_RE.search(ex.view):
        for m in islice(CODE_STYLE_CALL_RE.finditer(ex.view), MAX_MATCHES):
            name = m.group("name")
            if name in names or name in BUILTIN_CALLS or _USED_BEFORE_RE.search(ex.view, max(0, m.start() - 24),
                                                                                  m.start()):
                continue  # "use sorted_copy()" or "call fetchAll()" uses a function; it does not define one
            take(name, m)
    for group in _by_sentence(ex.view, names, where):
        span: Span | None = None
        for _, m in group:
            span = _grown(ex.view, span, m)
        assert span is not None
        named = [n for n, _ in group]
        ex.add("rubriq:code_function_names", "content", {"names": named}, span,
               ("a function or class named " if len(named) == 1 else "functions or classes named ")
               + ", ".join(f"`{n}`" for n in named), 0.85)


# Where one sentence ends and the next begins; a name asked for in a sentence of its own ("Y otra,
# reparto_agentes(comision, agentes), que ...") is a requirement of its own
_SENTENCE_END_RE = re.compile(r"[.!?](?=\s)|\n[ \t]*\n")
# ... unless an earlier sentence announced them together: "Zwei Funktionen: normzeilen(text) ... . honorar(...) ..."
_SEVERAL_ANNOUNCED_RE = re.compile(
    r"\b(?:two|three|four|2|3|4|zwei|drei|vier|deux|trois|quatre|dos|tres|cuatro)\s+(?:[\w-]+\s+)?"
    r"(?:functions|methods|funktionen|methoden|fonctions|méthodes|funciones|métodos|python-funktionen)\b",
    re.IGNORECASE)


def _by_sentence(view: str, names: list[str], where: list[re.Match[str]]) -> list[list[tuple[str, re.Match[str]]]]:
    """The names in groups, one per sentence that names them, in order of first mention."""
    ends = [m.start() for m in _SENTENCE_END_RE.finditer(view)]
    groups: dict[int, list[tuple[str, re.Match[str]]]] = {}
    for name, m in zip(names, where, strict=True):
        groups.setdefault(bisect.bisect_left(ends, m.start()), []).append((name, m))
    merged: list[list[tuple[str, re.Match[str]]]] = []
    announced = False
    for index in sorted(groups):
        start = ends[index - 1] if index else 0
        sentence = view[start:ends[index] if index < len(ends) else len(view)]
        if merged and announced:
            merged[-1].extend(groups[index])
            continue
        merged.append(groups[index])
        announced = _SEVERAL_ANNOUNCED_RE.search(sentence) is not None
    return merged



def _code_cue_besides(view: str) -> bool:
    """Whether the prompt asks for code in words other than "class" (a language, a function, a method ...)."""
    return any(c.group().lower() not in ("class", "classes")
               for c in islice(CODE_TASK_RE.finditer(view), MAX_MATCHES))


def _grown(view: str, span: Span | None, m: re.Match[str]) -> Span:
    """The span of the first name, grown over a later one of the same clause ("class X with a() and b() methods")."""
    if span is None:
        return Span(m.start(), m.end())
    lo, hi = min(span.start, m.start()), max(span.end, m.end())
    if re.search(r"[.;\n]", view[min(span.end, m.end()):max(span.start, m.start())]) or hi - lo > 200:
        return span
    return Span(lo, hi)


# A package ruled out by the words around it in its clause, however the sentence is built: "don't bring in moment or
# date-fns", "I'd rather not have numpy as a dependency", "skip pandas", "without reaching for requests", "pandas
# isn't installed on the server", "keep pandas out of it".
_RULED_OUT_BEFORE_RE = re.compile(
    r"\b(?:no|not|don'?t|do\s+not|never|without|skip|avoid|ban|banned|instead\s+of|rather\s+than|except|"
    r"other\s+than)\b(?:\s+[^\s,;:.!?()]+){0,4}\s+$", re.IGNORECASE)  # a few words between, no comma: one clause
_NOT_RULED_OUT_RE = re.compile(r"\b(?:no\s+need|don'?t\s+(?:need|have)\s+to|don'?t\s+worry|not\s+only|"
                               r"if\s+not)\b", re.IGNORECASE)
_RULED_OUT_AFTER_RE = re.compile(
    r"\s*(?:(?:is|are)\s*(?:n't|not)\s+(?:installed|allowed|available|an\s+option|wanted)|(?:is|are)\s+(?:off\s+"
    r"(?:the\s+table|limits)|banned|overkill|out)\b|out\s+of\s+(?:it|this|the\s+(?:code|script|project))\b)",
    re.IGNORECASE)
_PACKAGE_NAME_RE = re.compile(r"`?(?<![\w.-])([A-Za-z_][\w.-]{1,40}[A-Za-z0-9_])`?")


def _third_party(name: str, prompt: str) -> bool:
    """A package of Rubriq's tables of PyPI and npm packages, or a name written as code."""
    from rubriq.core.metrics.code import KNOWN_NPM_PACKAGES, KNOWN_PYTHON_PACKAGES, PIP_TO_IMPORT

    lowered = name.lower()
    return lowered in KNOWN_PYTHON_PACKAGES or lowered in KNOWN_NPM_PACKAGES or lowered in PIP_TO_IMPORT or \
        re.search(rf"`{re.escape(name)}`", prompt) is not None


def _npm_name(name: str, prompt: str) -> str:
    """"moment.js" is the package `moment`, where the name without ".js" is the one the tables know."""
    stem = name[:-3] if name.lower().endswith(".js") else name
    return stem if stem != name and not _third_party(name, prompt) and _third_party(stem, prompt) else name


def _packages_ruled_out(ex: Extraction) -> list[tuple[str, Span]]:
    found: list[tuple[str, Span]] = []
    for clause in ex.clauses:
        text = clause.text
        for m in islice(_PACKAGE_NAME_RE.finditer(text), MAX_MATCHES):
            name = _npm_name(m.group(1), ex.doc.text)
            # "no more than three sentences": a number word, whatever package shares its name (three.js)
            if name.lower() in COMMON_WORDS or parse_number(name) is not None or \
                    not _third_party(name, ex.doc.text) or re.match(r"\s+(?:to|for|from|per|of)\b", text[m.end():]) or \
                    re.search(r"(?<!bring\s)(?<!pull\s)\b(?:as|in|into)\s+$", text[:m.start()], re.IGNORECASE):
                continue  # "no requests to the server", "as YAML": the word or a format, not the package
            before = text[max(0, m.start() - 45):m.start()]
            cue = _RULED_OUT_BEFORE_RE.search(before)
            if cue and _NOT_RULED_OUT_RE.search(before):
                cue = None
            after = _RULED_OUT_AFTER_RE.match(text, m.end())
            if cue or after:
                start = clause.start + (max(0, m.start() - 45) + cue.start() if cue else m.start())
                found.append((name, Span(start, clause.start + (after.end() if after else m.end()))))
    return found


def _forbidden_modules(ex: Extraction) -> None:
    view, text = ex.view, ex.doc.text
    modules: list[str] = []
    first: Span | None = None
    matches = [*islice(FORBID_MODULE_RE.finditer(view), MAX_MATCHES),
               *islice(MODULE_RULED_OUT_RE.finditer(view), MAX_MATCHES)]
    for m in sorted(matches, key=lambda m: m.start()):
        candidates = [m.group("m"), *re.findall(r"[A-Za-z_][\w.-]{1,40}", m.groupdict().get("more") or "")]
        names = [_npm_name(c.strip("`."), text) for c in candidates]
        # a short standard-library name ("re", "os") is a module only where the prompt calls it one: "no re module"
        called = bool(m.groupdict().get("named") or m.groupdict().get("called"))
        found = [c for c in names if c.lower() not in COMMON_WORDS and (
            _known_module(c, text) or (called and c.lower() in sys.stdlib_module_names and c == names[0]))]
        if not found:
            continue
        modules += [f for f in found if f not in modules]
        first = first or Span(m.start(), m.end())
    if CODE_TASK_RE.search(view):
        for name, span in _packages_ruled_out(ex):
            if name not in modules:
                modules.append(name)
                first = first or span
    if modules and first is not None:
        ex.add("rubriq:code_forbidden_import", "content", {"modules": modules}, first,
               "no import of " + ", ".join(modules), 0.85)


def _tests(ex: Extraction) -> None:
    m = TESTS_RE.search(ex.view)
    if not m:
        return
    n = 2 if m.group("couple") else parse_number(m.group("n") or m.group("n2") or "")
    if not n:
        return
    rel = m.group("rel") or m.group("rel2")
    bounds = bounds_for(rel, m.group("post"), n, default=AT_LEAST)
    bound = next((b for b in bounds if b.relation in (AT_LEAST, EXACTLY)), None)
    if bound is None:
        return
    ex.add("rubriq:code_min_tests", "content", {"num_tests": bound.value}, Span(m.start(), m.end()),
           f"at least {bound.value} test{'s' if bound.value != 1 else ''}", 0.85)


# Where the reader stops: "I stop reading after the second sentence", "au-delà de la troisième phrase je ne lis plus"
# (glossed "beyond the third sentence"), "don't explain beyond a sentence or two".
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
             "5th": 5}
_STOP_AFTER_RE = re.compile(
    r"\b(?:after|beyond|past)\s+(?:the\s+)?(?P<o>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+"
    r"(?P<unit>sentence|line)\b|\bbeyond\s+(?:a|one)\s+(?P<unit2>sentence|line)\s+or\s+two\b", re.IGNORECASE)


def _explanation_stops(ex: Extraction, code_task: bool) -> bool:
    """An explanation's length said as where the reader stops, in a sentence about the explanation."""
    for m in _STOP_AFTER_RE.finditer(ex.view):
        lo, hi = sentence_bounds(ex.view, m.start(), m.end())
        cue = EXPLANATION_RE.search(ex.view, lo, hi) or (EXPLAIN_VERB_RE.search(ex.view, lo, hi) or
                                                         re.compile(r"\bexplain\w*", re.IGNORECASE).search(
                                                             ex.view, lo, hi) if code_task else None)
        if cue is None:
            continue
        n = _ORDINALS[m.group("o").lower()] if m.group("o") else 2
        unit = (m.group("unit") or m.group("unit2")).lower()
        if unit != "sentence":
            continue
        span = Span(min(cue.start(), m.start()), max(cue.end(), m.end()))
        ex.add("rubriq:explanation_length", "length", {"relation": LESS_THAN, "num_sentences": n + 1}, span,
               f"at most {n} sentence{'s' if n != 1 else ''} of explanation", 0.8)
        return True
    return False


# An explanation that is the thing asked for: "write me an explanation", "tu peux me faire une explication".
_EXPLANATION_ASKED_FOR_RE = re.compile(
    r"\b(?:give|write|make|send|do|prepare|draft|need|want|faire|fais|écris|hazme|dame|escribe|schreib|mach|gib)\s+"
    r"(?:(?:me|us|mir|uns|moi|nous)\s+)?(?:(?:a|an|one)\s+)?(?:(?:short|quick|simple|brief|little|clear)\s+)?"
    r"explanation\b", re.IGNORECASE)


def _explanation(ex: Extraction) -> None:
    code_task = CODE_TASK_RE.search(ex.view) is not None
    if _explanation_stops(ex, code_task):
        return
    for clause in ex.clauses:
        text = clause.text
        cue = EXPLANATION_RE.search(text) or (
            (EXPLAIN_VERB_RE.search(text) or HOW_IT_WORKS_RE.search(text)) if code_task else None)
        if not cue or (not code_task and cue.group().lower() == "prose"):
            continue  # "answer in prose, under 60 words" with no code asked for: the whole answer's length
        if not code_task and _EXPLANATION_ASKED_FOR_RE.search(text, max(0, cue.start() - 40), cue.end()):
            continue  # "write me an explanation in 4 sentences max": with no code, the explanation is the reply
        for m in EXPLANATION_COUNT_RE.finditer(text):
            if abs(m.start() - cue.end()) > 60 and abs(cue.start() - m.end()) > 30:
                continue
            # "at most a sentence" is one; a bare "a sentence" counts nothing
            n = 1 if m.group("n").lower() in ("a", "an") and m.group("rel") else parse_number(m.group("n"))
            if n is None or _EACH_PART_BEFORE_RE.search(text, max(0, m.start() - 30), m.start()):
                continue  # "a numbered list of four points, each point under 25 words": each item's length
            unit = m.group("unit").lower().rstrip("s")
            param = {"word": "num_words", "sentence": "num_sentences"}.get(unit)
            if param is None:
                continue
            rel = m.group("rel")
            # "the explanation in a single sentence": the explanation named, then how long it is
            stated_in = cue.end() <= m.start() and re.fullmatch(r"\W*(?:[\w'-]+\W+){0,3}?in\s+",
                                                                 text[cue.end():m.start()])
            if not rel and (LIMIT_VERB_RE.search(text[:m.start()]) or m.group("post") or m.group("post2")
                            or cue.re in (EXPLAIN_VERB_RE, HOW_IT_WORKS_RE) or stated_in):
                rel = rel or "at most"  # "explain it in one sentence": that much explanation at most
            if not rel and not (m.group("post") or m.group("post2")):
                continue
            bounds = bounds_for(rel, m.group("post") or m.group("post2"), n, negated=NEGATION_RE.search(
                text[max(0, m.start() - 25):m.start()]) is not None, limiting=LESS_THAN)
            span = Span(clause.start + min(cue.start(), m.start()), clause.start + max(cue.end(), m.end()))
            for bound in bounds:
                if bound.relation in (AT_LEAST, LESS_THAN):
                    ex.add("rubriq:explanation_length", "length", {"relation": bound.relation, param: bound.value},
                           span, wording_for(bound, unit) + " of explanation", 0.85)
            return
