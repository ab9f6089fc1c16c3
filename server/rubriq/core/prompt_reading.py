"""What Rubriq did not understand in a prompt: instruction clauses that no extracted constraint checks.

    unchecked_instructions(prompt, constraints) -> list[UncheckedInstruction]
    unchecked_findings(prompt, constraints) -> list[Finding]   (rule IF099, information)

A person reading Rubriq's findings should see the limits of its reading instead of trusting silence. Each clause of
the instruction part (sentences split at ";", dashes and at "and/but/so" or commas that start a new request) is an
unchecked instruction when all of these hold (precision first: a clause that is checked never gets one):

- it reads as a request (`rubriq.core.requests.reads_as_request`) and is not a role statement ("You are a ...") or
  a salutation, nor a question unless the question asks for a manner ("Can you make it sound friendlier?", "¿Me lo
  reescribes más cercano?"; "Is the tone too formal?" asks about one);
- no extracted constraint's span overlaps it;
- it asks for a manner no program measures (tone, style, register, voice, person, emphasis, audience: "keep it
  casual and friendly", "make it punchy", "sound like a human", "so my grandmother understands", "con un tono más
  formal"), or it is a prohibition or a "keep/make/be/prioritise/skip" requirement that is not the task statement
  itself ("don't quote the participants", "keine Panikmache", "just the numbers"), or a conditional instruction
  ("if the list is empty, return None", "si hay estudios, menciónalos": reason "conditional"), kept whole with its
  condition.

The task statement ("Summarize the article", "Write a haiku about rain") is the task, measured by the task's
parameters, and is never reported, except for a manner it asks. It is the clause that holds the task's cue, and the
first request of the (last user turn's) message unless that cue came before it ("I need a function slugify(title).
It should strip accents" reports the second sentence). A manner word inside the topic ("a story about a friendly
dragon") asks for no manner. Linear: one pass over the clauses, each tested by bounded regexes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rubriq.core.constraints.types import Constraint
from rubriq.core.findings import Finding
from rubriq.core.prompt import PromptDocument
from rubriq.core.requests import (
    ASSISTANT_SPEAKERS,
    CONDITION_RE,
    conversation_turns,
    is_question,
    reads_as_request,
    sentence_spans,
    states_requirement,
)
from rubriq.core.rules.prompt_reading import UNCHECKED_CODE
from rubriq.core.text import Span

# Manner words: tone, style, register, voice, person and emphasis, in the four languages.
MANNER_RE = re.compile(
    r"\b(?:tone|style|voice|register|friendly|friendlier|formal|informal|casual|professional|polite|warm|warmer|"
    r"firm|punchy|punchier|engaging|catchy|fun|funny|humou?rous|witty|serious|neutral|positive|upbeat|cheerful|"
    r"apologetic|empathetic|respectful|honest|persuasive|confident|enthusiastic|gentle|kind|playful|clean|sad|"
    r"happy ending|generic|sales pitch|jargon|acronyms?|technical|plain english|plain language|simple words|"
    r"short sentences|rhyme|rhymes|rhythm|second person|third person|first person|point of view|perspective|"
    r"active voice|passive voice|dialogue|directly|as if you were|sounds?|intense|politely|formally|informally|"
    r"casually|warmly|firmly|briefly|concisely|clearly|simply|gently|kindly|honestly|professionally|"
    r"technical terms|tecnicismos|simplemente|sencillo|claramente|simplement|clairement|einfach|verständlich|"
    r"tono|formal|cariñoso|cariñosa|amable|cercano|sencillo|divertido|ton|chaleureux|drôle|formel|ton plus|"
    r"freundlich|freundlicher|locker|lockerer|du-form|sie-form|förmlich|formell|formeller|panikmache|lustig|sachlich|"
    r"humor|humour|humeur|tendre|mielleux|mielleuse|"
    # rhyme and order no check counts, asked after the text is named: "gereimt", "en rimes", "con rima" (not "a
    # rhyming verse", the kind of text the task asks for); "in chronological order"
    r"gereimt|en rimes|qui riment?|con rima|"
    r"chronological|chronologically|chronologique|chronologiquement|cronológic[oa]|chronologisch|"
    r"simple enough|einfache worte|einfachen worten|mots simples|"
    # a format for dates or times, or a rounding, that no check reads: "Dates as YYYY-MM-DD", "Uhrzeiten als HH:MM",
    # « Dates en AAAA-MM-JJ », "rounded to the penny", "Beträge auf den Cent runden", « arrondis au centième »
    # (asked "as" a template: "fecha (AAAA-MM-DD)" describes the person's own data)
    r"(?:as|en|als|in|format|formato|como) (?:(?:yyyy|aaaa|jjjj)-mm-(?:dd|jj|tt)|dd[/.-]mm[/.-](?:yyyy|yy|aaaa)|hh:mm)|"
    r"round(?:ed)? to the (?:nearest )?(?:penny|pence|cent|pound|euro|dollar|decimal)|"
    r"auf (?:den|ganze) (?:cent|euro)s? (?:ge)?runde[nt]?|arrondi[rs]? (?:au|à l')\w+|redondead[oa]s? a \w+|"
    r"douce|doux|douceur|rassurante?|bienveillante?|más claro|más clara|plus clair|plus claire|klarer|"
    r"engaging|like a (?:human|person|robot|machine|friend)|robotic|blunt|rude|nerdy|passive-aggressive|dumb it down|"
    # Kinds of text that are also tasks ("write a press release") count only as what the answer must not sound like.
    r"(?:not|like|than) (?:a |an )?(?:press release|leaflet|brochure|sermon|lecture|textbook|robot|salesman)|"
    r"sermón|don'?t alarm|without alarming|alarmist|"
    r"concise|succinct|wordy|jargon|lay audience|general audience|non-technical|eli5|"
    r"profesional|cercana|moralista|gore|mal rollo|neutro|neutral|poli|polie|polis|sympa|"
    r"enjoué|enjouée|neutre|concis|concise|cordial|cordiale|amical|sérieux|"
    r"herzlich|kitschig|floskelhaft|wertschätzend|kauderwelsch|knapp|höflich|persönlich|respektvoll|"
    # addressing the reader: tu/vous, du/Sie, tú/usted; and plain words for a lay reader
    r"vouvoie|vouvoiement|vouvoyant|tutoie|tutoiement|tutoyant|duzen|siezen|duze|sieze|tutéame|tutéalo|tutea|"
    r"de usted|laien|fachbegriffe|fachchinesisch|sencillas|sencillos|gushing|cheesy|stiff|chatty|duz|dutze|"
    # explained as to someone: "like you're explaining it to", "como si se lo explicaras a", "comme à une débutante"
    r"like you'?re (?:explaining|talking|writing)|as if (?:you'?re|you were) (?:explaining|talking|writing)|"
    r"como si (?:se lo |me lo |le )?(?:explicaras|contaras|hablaras)|como se lo (?:contaría|explicaría)s?|"
    r"comme (?:à|a) (?:un|une)|comme si tu (?:parlais|expliquais)|als würdest du \w+ erklären)\b|"
    # An audience stated as who must understand: "so my grandmother understands", "dass es meine Oma versteht".
    r"\bso (?:that )?(?:my|a|an|any|your|the) [\w-]+(?: [\w-]+)? (?:can |could |will |would )?understands?\b|"
    r"\blike (?:i'?m|i am) (?:five|5|a child|a kid)\b|\bdass es (?:meine|mein|ein|eine|jede[rs]?) \w+ versteht\b|"
    r"\bque (?:lo |la )?entienda\b|\bqu'(?:un|une|il|elle)\b[^.,;:!?\n]{0,40}?\bcomprenne\b|"
    # A manner by what the text is for: "so I can read it out to my mum", "Erklär es so, dass ich es ... vorlesen kann"
    r"\bso (?:that )?i can read it (?:out )?to\b|"
    r"\b(?:erklär\w*|schreib\w*|formulier\w*) (?:es|das|ihn|sie) so,? dass\b|"
    # keeping it simple, said as such: "keep it simple", « reste simple », "mantenlo sencillo", "halt es einfach"
    r"\b(?:keep it|reste|restez|fais|faites|mantenlo|hazlo|halt es|halte es) (?:simple|sencillo|einfach)\b",
    re.IGNORECASE)
# A prohibition or a standing requirement at the start of a clause.
_LEAD = (r"^[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*(?:(?:please|also|and|above all|bitte|vor allem|auf jeden fall|por favor|"
         r"sobre todo|s'il te plaît|svp|surtout)[ \t,]+)?")
# A prohibition or restriction at the start of a clause is an instruction by itself: "Nothing else.", "Keine
# Panikmache", "No intro or outro".
PROHIBITION_START_RE = re.compile(
    _LEAD + r"(?:don'?t|do not|never|avoid|no|nothing|without|only|no uses|no menciones|no incluyas|evita|sin|"
    r"que no|qu'il n'y ait|dass kein|dass keine|"
    r"nada|n'utilise|n'ajoute|n'emploie|n'écris|n'invente|ne|pas de|sans|rien|évite|keine|kein|nicht|nichts|"
    r"vermeide|ohne|nur|solo|sólo|"
    r"seulement|uniquement|just (?:the|a|an|one|give|tell|list|answer|say|show)|skip)\b|"
    # "Bullets only.", "English only please": the restriction ends the clause ("Sam only had a salad" does not).
    + _LEAD + r"\w+[ \t]+only[ \t]*(?:please|pls)?[ \t]*(?:[.,;:!)]|$)", re.IGNORECASE)
# A standing requirement that starts with a verb; it counts when the clause reads as a request.
REQUIREMENT_START_RE = re.compile(
    _LEAD + r"(?:keep|make sure|make it|make them|be|stay|stick to|focus on|assume|add|include|give|mention|use|show|"
    r"put|quote|cite|combine|number|write|end|start|finish|return|output|explain|que sea|sé|incluye|añade|sois|"
    r"garde|ajoute|bleib|füge|prioriti[sz]e|emphasi[sz]e|skip|address|round|cover|discuss|lead with|open with|"
    r"close with|say so|ask|thank|sound|answer with|respond with|reply with|check|verify|double-check|"
    r"prioriza|céntrate|enfócate|redondea|menciona\w*|cita|pon|deja|quita|asegúrate|mantén|responde con|"
    r"priorise|concentre-toi|insiste|arrondis|mets|précise|cite|veille|assure-toi|reste|réponds par|laisse|laissez|"
    r"gardant|en gardant|propose-leur|"
    r"achte|behalte?|lass|nimm|bleibe?|priorisiere|konzentrier\w*|runde|biete|antworte mit|"
    r"que (?:no )?(?:se |le |lo |la |me )?(?:sea|sean|tenga|tengan|suene|suenen|note|dé|den|incluya|termine|"
    r"empiece|lleve|haga|use|quede|parezca|resulte|hable|mencione|cite))\b",
    re.IGNORECASE)
# A format asked for in words, with no constraint kind to check it: "in the format DD/MM/YYYY".
FORMAT_REQUEST_RE = re.compile(
    r"\bin (?:the )?format\b|\bformat(?:ted)? (?:as|like)\b|\bas (?:a |an )?(?:fraction|percentage|decimal)\b|"
    r"\bone per line\b|\bone (?:line )?per (?:field|item|entry|name|date)\b|\bon (?:a|its) (?:separate|own) line\b|"
    r"\bsur une ligne à part\b|\bune ligne par\b|\ben una línea aparte\b|\buna línea por\b|\bau format\b|"
    r"\ben formato\b|\b(?:un|une|una|ein|eine|einen) [\w'-]{2,20} (?:par ligne|por línea|pro zeile)\b|"
    r"\bin einer eigenen zeile\b|\beine zeile pro\b|\bdate first\b|\bas a list at the end\b", re.IGNORECASE)
# Measured elsewhere: the derivation of a reasoning answer (derivation_structure) and staying with the source
# (faithfulness) when the prompt has one.
MEASURED_RE = re.compile(
    r"\b(?:show (?:your|the) (?:work|working|steps|reasoning)|step[- ]by[- ]step|think it through|"
    r"explain your reasoning|paso a paso|schritt für schritt|étape par étape|walk me through|talk me through|"
    r"explain (?:each|every) step|explain how you got (?:there|it|that)|show how you got|explica cada paso|"
    r"explica (?:el|tu) razonamiento|muestra (?:los|tus) pasos|donne (?:le|ton) raisonnement|"
    r"montre (?:le|ton) raisonnement|explique (?:chaque|les) étapes?|mit rechenweg|zeig\w* (?:den|deinen) rechenweg|"
    r"zeig\w* die zwischenschritte|erkläre? (?:jeden|die) schritte?)\b", re.IGNORECASE)
GROUNDING_RE = re.compile(
    r"\b(?:make (?:anything|things|something) up|invent|guess|speculat\w*|add (?:new )?(?:facts|information)|"
    r"(?:doesn'?t|does not|don'?t|do not|isn'?t|is not) (?:say|mention|state|appear|in (?:the|it))|"
    r"only (?:from|use|what)|stick to the (?:text|source|document|facts))", re.IGNORECASE)
# Permissions are not instructions: "sin rima obligatoria", "no need to rhyme", "feel free to ...".
PERMISSION_RE = re.compile(
    r"\b(?:(?:no|without (?:any |the )?)need (?:to|for)|needn'?t|doesn'?t have to|does not have to|"
    r"don'?t have to|optional|feel free|if you like|(?:is|are) (?:fine|ok|okay|allowed|welcome)|no problem|"
    r"está bien|ça va|c'est bon|c'est permis|ist (?:ok|okay|in ordnung|erlaubt)|"
    r"obligatori[oa]s?|no hace falta|no es necesario|pas besoin|facultati(?:f|ve)|pas obligatoire|muss nicht|"
    r"nicht nötig|nicht notwendig|optional)\b", re.IGNORECASE)
# A question asked as a command is a question: "tell me who approved it", "dis-moi quand", "sag mir, ob".
_INDIRECT_QUESTION_RE = re.compile(
    _LEAD + r"(?:(?:tell|show) (?:me|us)|let me know|find out|explain|dis-moi|dites-moi|explique-moi|dime|"
    r"explícame|sag (?:mir|uns)|erklär(?:e)? (?:mir|uns))[ \t,]+(?:who|what|when|where|why|how|whether|if|which|"
    r"qui|quoi|quand|où|pourquoi|comment|si|quel\w*|combien|quién|qué|cuándo|dónde|por qué|cómo|cuánto\w*|"
    r"wer|was|wann|wo|warum|wie|ob|welche\w*)\b", re.IGNORECASE)
# The other side of the request before it: "..., not in English", "..., nicht auf Englisch", "..., plutôt que ...".
_CONTRAST_RE = re.compile(r"^[ \t]*(?:not|nicht|rather than|instead of|statt|anstatt|plutôt que|au lieu de|"
                          r"en lugar de|en vez de)\b|"
                          # the checked limit said again: "..., so nothing longer than that", "and not a word more"
                          r"^[ \t]*(?:so|and|but)?[ \t]*(?:nothing|no(?:thing)?[ \t]+(?:longer|more|bigger|shorter)|"
                          r"not[ \t]+(?:a[ \t]+word[ \t]+|one[ \t]+)?(?:more|longer))\b(?:[ \t]+than[ \t]+"
                          r"(?:that|it|this))?[ \t]*[.!]?[ \t]*$", re.IGNORECASE)
# A short sentence with no verb that names a manner ("Firm but polite.", "Für Laien, bitte.", "Vouvoiement."): a
# request in note form, unless it narrates ("My boss is very formal.").
_NARRATIVE_RE = re.compile(r"\b(?:is|are|was|were|am|be|been|has|have|had|did|does|i|we|he|she|they|my|our|his|her|"
                           r"ist|sind|war|hat|ich|wir|mein|meine|est|sont|était|je|nous|mon|ma|es|son|era|yo|mi)\b",
                           re.IGNORECASE)


# The reason given after a note ("Tono neutro, que es para uso interno", "Sachlich, weil es ins Protokoll geht"): it
# narrates why, and the note before it is the request.
_REASON_AFTER_RE = re.compile(r",[ \t]*(?:que|porque|ya[ \t]+que|because|since|as|it'?s|parce[ \t]+que?|car|puisque|"
                              r"weil|denn|da)\b[^\n]*$", re.IGNORECASE)


def _note_form_manner(sentence: str) -> bool:
    sentence = _REASON_AFTER_RE.sub("", sentence)
    words = re.findall(r"[^\W\d_][\w'’-]*", sentence)
    return 0 < len(words) <= 8 and MANNER_RE.search(sentence) is not None and not _NARRATIVE_RE.search(sentence) \
        and not sentence.rstrip().endswith("?")


# "about a", "sobre un", "über einen", "sur une" right before a word: that word describes the topic.
_TOPIC_BEFORE_RE = re.compile(r"\b(?:about|on|sobre|de|über|von|sur)[ \t]+(?:(?:a|an|the|some|un|una|unos|unas|el|la|"
                              r"los|las|une|le|les|des|ein|eine|einen|einem|einer|der|die|das|den|dem)[ \t]+)$",
                              re.IGNORECASE)
# A request put as a question in the second person: "¿Me lo reescribes ...?", "Tu peux corriger ...?", "Kannst du
# ...?" ("can you" and its kin read as requests already).
_YOU_DO_IT_RE = re.compile(r"(?:(?:me|nos|te)[ \t]+(?:(?:lo|la|los|las)[ \t]+)?[a-záéíóúñ]{3,15}(?:es|as)|"
                           r"tu[ \t]+(?:peux|pourrais|veux|voudrais)|vous[ \t]+(?:pouvez|pourriez)|"
                           r"(?:kannst|könntest|würdest|magst)[ \t]+du|(?:können|könnten|würden)[ \t]+sie)(?![\w'’-])",
                           re.IGNORECASE)
_ROLE_RE = re.compile(r"^[ \t]*(?:you are|you're|act as|pretend|imagine you|eres|tu es|du bist)\b", re.IGNORECASE)
# Where a sentence holds a second request: "Fifty words or fewer, and make it punchy", "..., so address that",
# "Corrige-le sans changer la signature".
_SPLIT_RE = re.compile(
    r";[ \t]*|[ \t]+[—–][ \t]+|,?[ \t]+(?:and|but|or|then|and then|so (?:it|that|they)|pero|y|luego|mais|et|puis|"
    r"aber|und|dann)[ \t]+|,[ \t]+so[ \t]+|,[ \t]+|[ \t]+(?=(?:without|sans|sin|ohne)[ \t])|"
    # "... to my 8 year old so keep it simple": a request after "so"
    r"[ \t]+so[ \t]+(?=(?:please[ \t]+)?(?:keep|make|use|write|stay|be|avoid|don'?t|do[ \t]+not|stick|give)\b)")
_SO_REQUEST_RE = re.compile(r"(?:please[ \t]+)?(?:keep|make|use|write|stay|be|avoid|don'?t|do[ \t]+not|stick|give)\b",
                            re.IGNORECASE)
# "Fix only spelling and grammar", "Use only the notes": a request verb restricted by "only".
_VERB_ONLY_RE = re.compile(_LEAD + r"\w+[ \t]+only\b", re.IGNORECASE)
_HARD_SPLITS = (";", "—", "–")
# A list marker the sentence splitter left alone ("1." before its item's line) is a marker, no clause.
_MARKER_RE = re.compile(r"[ \t,]*(?:(?:[-*•+]|\d{1,2}[.)])(?:[ \t]+|$))?")
# Items of a list under "Requirements:", "Rules:" ...: every item is an instruction, even without a verb.
_REQUIREMENTS_LABEL_RE = re.compile(
    r"^[ \t]*(?:#+[ \t]*|\*\*)?(?:requirements?|rules|constraints|instructions?|guidelines|notes?|requisitos|"
    r"reglas|instrucciones|consignes|règles|exigences|anforderungen|regeln|vorgaben|hinweise)(?:\*\*)?[ \t]*:"
    r"[ \t]*$", re.IGNORECASE | re.MULTILINE)
_LIST_ITEM_RE = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+\S", re.MULTILINE)


@dataclass(frozen=True)
class UncheckedInstruction:
    span: Span  # the clause in the prompt
    text: str
    reason: str  # "manner" or "requirement"


def _clauses(text: str, span: Span) -> list[Span]:
    """The sentence split where a new request starts (or at ";" and dashes), each piece trimmed. A condition keeps
    its own comma ("If the list is empty, return None" is one clause)."""
    pieces, start = [], span.start
    conditional = CONDITION_RE.match(text[span.start : span.end]) is not None
    for m in _SPLIT_RE.finditer(text, span.start, span.end):
        rest = text[m.end() : span.end]
        hard = any(mark in m.group() for mark in _HARD_SPLITS)
        comma_only = m.group().strip() == ","  # "three paragraphs, simple words": a list of requirements
        if conditional and "," in m.group() and not hard:
            conditional = False  # the comma that closes the condition
            continue
        before = text[start : m.start()]
        if comma_only and start == span.start and not _asks(before) and not MANNER_RE.search(before):
            continue  # "For each one, add ...": a phrase that leads into the request stays with it
        piece = re.split(r"[,;]", rest, maxsplit=1)[0]
        # "so it fits": a purpose, kept with its "so"; "so keep it simple" is a request of its own
        purpose = m.group().strip().startswith("so") and not m.group().startswith(",") and \
            not _SO_REQUEST_RE.match(rest)
        # "Just the code, no explanation": a restriction goes on with the "no" that restates it.
        restated = comma_only and _restriction(text[start : m.start()])
        without = not m.group().strip() and not reads_as_request(text[start : m.start()])  # "pull two without looking"
        if without or restated:
            continue
        if hard or reads_as_request(rest, lead_in=False) or PROHIBITION_START_RE.match(rest) \
                or (comma_only and ((MANNER_RE.search(piece) and not MANNER_RE.search(before))
                                    or FORMAT_REQUEST_RE.match(rest))) or purpose:
            pieces.append(Span(start, m.start()))
            start = m.start() if purpose else m.end()
    pieces.append(Span(start, span.end))
    out = []
    for piece in pieces:
        chunk = text[piece.start : piece.end]
        marker = _MARKER_RE.match(chunk)
        lead = marker.end() if marker else 0
        trimmed = Span(piece.start + lead, piece.start + len(chunk.rstrip()))
        if trimmed.end > trimmed.start:
            out.append(trimmed)
    return out


_THANKS_RE = re.compile(r"^\W*(?:thank\s+you|thanks|many\s+thanks|cheers|merci|gracias|danke|vielen\s+dank)\b"
                        r"[^.!?\n]{0,20}[.!]?\W*$", re.IGNORECASE)


def _introduces_source(prompt: PromptDocument, sentence: Span) -> bool:
    """The sentence ends in a colon, asks for nothing, and a source block starts right after it ("Here's the thread
    from the forum:")."""
    text = sentence.slice(prompt.reading_view).rstrip()
    if not text.endswith(":") or reads_as_request(text):
        return False  # "Reescríbela con palabras sencillas ...:" asks for something about what follows
    return any(0 <= b.span.start - sentence.end <= 3 or 0 <= b.content_span.start - sentence.end <= 3
               for b in prompt.sources)


def unchecked_instructions(prompt: PromptDocument, constraints: Sequence[Constraint]) -> list[UncheckedInstruction]:
    """Instruction clauses of the prompt that no extracted constraint covers and no task parameter measures."""
    view = prompt.reading_view
    from rubriq.core.tasks import detect_task  # tasks imports prompt; imported here to keep this module light

    task_cue = detect_task(prompt).cue_span
    constraint_spans = sorted(c.span for c in constraints)
    task_clause: Span | None = None  # the first request of the (last user turn's) request states the task
    listed = _requirement_items(view, prompt.body_start)
    turns = conversation_turns(view, prompt.body_start)
    users = [t for t in turns if t.is_user]
    # the assistant's own earlier turns (a draft, an answer) ask nothing of the reply
    answers = [t.span for t in turns if t.speaker in ASSISTANT_SPEAKERS]
    request_start = users[-1].span.start if users else prompt.body_start
    cue_in_request = task_cue is not None and task_cue.start >= request_start and task_cue.end <= len(view)
    found: list[UncheckedInstruction] = []
    for sentence in sentence_spans(view, prompt.body_start):
        sentence_text = sentence.slice(view)
        in_list = any(item.overlaps(sentence) for item in listed)
        clauses = _clauses(view, sentence)
        if _THANKS_RE.match(sentence_text) or _introduces_source(prompt, sentence) or \
                any(answer.contains(sentence) for answer in answers):
            continue  # "Thank you kindly.", "Te pego el hilo del foro:" before the thread: no instruction
        if not clauses or _ROLE_RE.match(sentence_text) or not (
                in_list or any(_asks(c.slice(view)) for c in clauses) or _note_form_manner(sentence_text)):
            continue
        for previous, clause in zip([None, *clauses[:-1]], clauses, strict=True):
            text = clause.slice(view)
            condition = CONDITION_RE.match(text) is not None and not is_question(text)
            # the task statement: where the task's cue is, and the first request unless the cue came before it
            # ("I need a function f(x). It should ..."); reported only for a manner it asks ("in a warmer tone")
            cue_before = cue_in_request and task_cue is not None and task_cue.end <= clause.start
            is_task_clause = (cue_in_request and task_cue is not None and clause.overlaps(task_cue)) or (
                task_clause is None and not cue_before and clause.start >= request_start
                and reads_as_request(text) and not _restriction(text) and not condition)
            if is_task_clause:
                task_clause = clause
                if not _asks_manner(text):
                    continue
            if is_question(text) and _asks_manner(text) and _asks_as_question(sentence_text):
                found.append(UncheckedInstruction(clause, text, "manner"))  # "Can you make it sound friendlier?"
                continue
            indirect = _INDIRECT_QUESTION_RE.match(text) is not None and not MANNER_RE.search(text)
            if is_question(text) or indirect or MEASURED_RE.search(text) \
                    or any(clause.overlaps(s) for s in constraint_spans) or PERMISSION_RE.search(text):
                continue
            if prompt.has_source and GROUNDING_RE.search(text):
                continue
            if _CONTRAST_RE.match(text) and previous is not None and any(
                    previous.overlaps(s) for s in constraint_spans):
                continue  # "respond in German, not in English": the checked request said the other way round
            is_task = task_cue is not None and clause.overlaps(task_cue)
            main = _after_lead_in(text)
            if condition and main != text and _asks(main) and not is_question(main):
                found.append(UncheckedInstruction(clause, text, "conditional"))
            elif _asks_manner(text):
                found.append(UncheckedInstruction(clause, text, "manner"))
            elif not is_task and (in_list or states_requirement(main) or _restriction(main)
                                  or FORMAT_REQUEST_RE.search(text)
                                  or (REQUIREMENT_START_RE.match(main) and reads_as_request(main))):
                found.append(UncheckedInstruction(clause, text, "requirement"))
    return found


def _asks_manner(clause: str) -> bool:
    """A manner word that is not part of the topic: "a bedtime story about a friendly bin lorry" asks no tone."""
    return any(_TOPIC_BEFORE_RE.search(clause, 0, m.start()) is None for m in MANNER_RE.finditer(clause))


def _asks_as_question(sentence: str) -> bool:
    """A question that asks for something ("Can you rewrite it so it sounds friendlier?", "¿Me lo reescribes más
    cercano?"), not one that asks about something ("Is the tone too formal?")."""
    text = sentence.strip().lstrip("¿").rstrip("? \t")
    return reads_as_request(text) or _YOU_DO_IT_RE.match(text) is not None


def _restriction(clause: str) -> bool:
    """A prohibition or a restriction: "don't ...", "nothing else", "just the numbers", "fix only the spelling"."""
    return PROHIBITION_START_RE.match(clause) is not None or (
        _VERB_ONLY_RE.match(clause) is not None and reads_as_request(clause))


def _after_lead_in(clause: str) -> str:
    """What a clause asks after its leading phrase ("If the list is empty, return None", "For each one, add ..."):
    the part after the first comma when the part before asks nothing; else the clause."""
    head, comma, tail = clause.partition(",")
    if not comma or not tail.strip():
        return clause
    if CONDITION_RE.match(head) or not (reads_as_request(head, lead_in=False) or _restriction(head)
                                        or states_requirement(head)):
        return tail.strip()
    return clause


def _asks(clause: str) -> bool:
    clause = _after_lead_in(clause)
    return reads_as_request(clause) or _restriction(clause) or states_requirement(clause)


def _requirement_items(view: str, start: int) -> list[Span]:
    """List items in the block under each "Requirements:"-like label line."""
    items: list[Span] = []
    for label in _REQUIREMENTS_LABEL_RE.finditer(view, start):
        block_end = view.find("\n\n", label.end())
        block_end = len(view) if block_end == -1 else block_end
        for item in _LIST_ITEM_RE.finditer(view, label.end(), block_end):
            line_end = view.find("\n", item.start())
            items.append(Span(item.start(), block_end if line_end == -1 or line_end > block_end else line_end))
    return items


@lru_cache(maxsize=32)
def _unchecked_for(prompt_text: str, constraint_spans: tuple[Span, ...]) -> tuple[UncheckedInstruction, ...]:
    from rubriq.core.prompt import parse_prompt

    spans = [Constraint("", "", {}, span, "") for span in constraint_spans]
    return tuple(unchecked_instructions(parse_prompt(prompt_text), spans))


def unchecked_findings(prompt: PromptDocument, constraints: Sequence[Constraint]) -> list[Finding]:
    """An information finding ("not checked: ...") on each unchecked instruction; cached per prompt text, so an edit
    of the output does not read the prompt again."""
    found = _unchecked_for(prompt.text, tuple(sorted(c.span for c in constraints)))
    return [Finding.at(UNCHECKED_CODE, item.span, f"not checked: {item.text}", text=prompt.text, where="prompt",
                       data={"reason": item.reason, "instruction": item.text})
            for item in found]
