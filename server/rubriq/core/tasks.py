"""Task types, their detection from the prompt, and the task → parameter table of the research log (Part 3)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rubriq.core.prompt import PromptDocument
from rubriq.core.requests import ASSISTANT_SPEAKERS, conversation_turns, is_question, sentence_spans
from rubriq.core.sources import blanked
from rubriq.core.text import Span


class TaskType(StrEnum):
    SUMMARIZATION = "summarization"
    GROUNDED_QA = "grounded_qa"
    OPEN_QA = "open_qa"
    CODE_GENERATION = "code_generation"
    CREATIVE_WRITING = "creative_writing"
    EXTRACTION = "extraction"
    REASONING = "reasoning"
    REWRITING = "rewriting"
    GENERAL = "general"  # the research log's "General/chat": conversation, advice, plans, messages to draft


@dataclass(frozen=True)
class Parameter:
    name: str
    title: str
    badge: str  # "proxy", "risk-signal" or ""
    source: str  # research log entry
    description: str


PARAMETERS: dict[str, Parameter] = {p.name: p for p in (
    Parameter("instruction_following", "Instruction following", "", "1.8 IFEval",
              "Share of the constraints extracted from the prompt that the output satisfies."),
    Parameter("faithfulness", "Faithfulness", "", "1.2 SummaC / 1.4 TruLens groundedness",
              "SummaC-ZS support of each output sentence by the prompt's source text."),
    Parameter("coverage", "Coverage", "", "1.1 SummEval / 1.3 RAGAS",
              "How much of the source's salient content the output conveys."),
    Parameter("answer_relevance", "Answer relevance", "", "1.3 RAGAS / 1.4 TruLens",
              "Embedding similarity of the output and each paragraph to the prompt's core request."),
    Parameter("completeness", "Completeness", "", "1.8 adaptation",
              "Share of the request's parts (questions, required sections) that the output addresses."),
    Parameter("coherence", "Coherence", "proxy", "1.10 Coh-Metrix",
              "Connective density and adjacent-sentence similarity: neither disjointed nor repetitive."),
    Parameter("conciseness", "Conciseness", "", "1.6 MT-Bench verbosity bias, inverted",
              "Output length against the length the task warrants."),
    Parameter("readability", "Readability", "", "1.10 Flesch / Flesch-Kincaid",
              "Fluency statistics: reading ease and grade level within the band for the audience."),
    Parameter("audience_fit", "Audience fit", "", "1.10 Flesch / Flesch-Kincaid",
              "Reading level against the band of the stated audience."),
    Parameter("hallucination_risk", "Hallucination risk", "risk-signal", "1.9 FActScore carve-out",
              "Density of unverifiable specifics (numbers, citations, superlatives) with no source in the prompt."),
    Parameter("directness", "Structure and directness", "", "1.6 MT-Bench",
              "Is there a direct answer, and where does it come."),
    Parameter("structure", "Structure", "", "1.10",
              "Paragraphing, lists and headings that fit the request."),
    Parameter("code_validity", "Code validity", "proxy", "1.11 HumanEval (static ladder)",
              "Static checks: parses, balanced brackets, no stubs, plausible imports. Static is not executed."),
    Parameter("component_completeness", "Requested components", "", "1.11",
              "Functions and classes the prompt asked for are present by name."),
    Parameter("explanation_quality", "Explanation quality", "proxy", "1.10",
              "Readability of the prose around the code, when an explanation was requested."),
    Parameter("lexical_diversity", "Lexical diversity", "proxy", "1.10 MTLD",
              "MTLD (McCarthy & Jarvis 2010), robust to text length."),
    Parameter("cliche_density", "Cliché density", "proxy", "1.10",
              "Stock phrases per 100 words."),
    Parameter("rhythm_variance", "Sentence rhythm", "proxy", "1.10",
              "Variation of sentence length."),
    Parameter("format_compliance", "Format compliance", "", "1.8 IFEval",
              "The JSON, fields or schema the prompt asks for."),
    Parameter("entity_completeness", "Entity completeness", "", "1.2 adaptation",
              "Requested fields and source entities present in the output."),
    Parameter("no_invention", "No invention", "risk-signal", "1.9",
              "Values and fields in the output that do not occur in the source."),
    Parameter("derivation_structure", "Derivation structure", "", "2.4 chain-of-thought rubric",
              "Steps of reasoning before the final answer."),
    Parameter("internal_consistency", "Internal consistency", "risk-signal", "1.9",
              "The output does not contradict itself (numbers, final answers)."),
    Parameter("meaning_preservation", "Meaning preservation", "proxy", "1.3",
              "Embedding similarity of the rewrite to the source passage."),
    Parameter("register_shift", "Register shift", "", "1.10 readability delta",
              "The readability change asked for (simpler, more formal) is measured against the source."),
)}

TASK_PARAMETERS: dict[TaskType, tuple[str, ...]] = {
    TaskType.SUMMARIZATION: ("faithfulness", "coverage", "coherence", "conciseness", "instruction_following",
                             "readability"),
    TaskType.GROUNDED_QA: ("faithfulness", "answer_relevance", "instruction_following", "completeness"),
    TaskType.OPEN_QA: ("hallucination_risk", "answer_relevance", "directness", "instruction_following"),
    TaskType.CODE_GENERATION: ("code_validity", "instruction_following", "component_completeness",
                               "explanation_quality"),
    TaskType.CREATIVE_WRITING: ("lexical_diversity", "cliche_density", "rhythm_variance", "instruction_following",
                                "audience_fit"),
    TaskType.EXTRACTION: ("format_compliance", "faithfulness", "entity_completeness", "no_invention"),
    TaskType.REASONING: ("instruction_following", "derivation_structure", "internal_consistency", "directness"),
    TaskType.REWRITING: ("meaning_preservation", "instruction_following", "register_shift"),
    TaskType.GENERAL: ("instruction_following", "answer_relevance", "structure", "hallucination_risk"),
}


# Tasks whose table row has no faithfulness but whose output still states the pasted text's facts: a rewrite must
# keep them ("Turn this article into a post" changing a date is the plainest failure of meaning preservation), and
# a worked answer over pasted figures must quote them right. The research log's faithfulness is the hallucination
# detector "whenever source text exists in the prompt" (1.2), so these are verified against the source too. Code and
# creative writing use a source as material, not as facts to restate.
_CHECKED_AGAINST_SOURCE = frozenset({TaskType.REWRITING, TaskType.REASONING})


def parameters_for(task: TaskType, has_source: bool) -> tuple[str, ...]:
    """The profile of `task` for a prompt with or without pasted source text.

    The hallucination-risk signals are the carve-out for prompts without a source (research log 1.9: verification
    needs a source); where the prompt pastes one, faithfulness verifies against it instead (1.2: "our
    hallucination detector whenever source text exists in the prompt"), in the same place of the profile; a rewrite
    or a worked answer over pasted text gets it added (`_CHECKED_AGAINST_SOURCE`).
    """
    params = TASK_PARAMETERS[task]
    if not has_source or "faithfulness" in params:
        return params
    if "hallucination_risk" in params:
        return tuple("faithfulness" if p == "hallucination_risk" else p for p in params)
    if task in _CHECKED_AGAINST_SOURCE:
        return (*params, "faithfulness")
    return params


@dataclass(frozen=True)
class TaskDetection:
    task: TaskType
    confidence: float  # 0..1
    cue: str  # the phrase (or front matter) that decided it
    cue_span: Span | None  # where the cue is in the prompt
    # What else the decision read, in a person's words: chat turns, question form, the source blocks (or "no source
    # text"), numbers to work out, data or code changes asked for, the runner-up type the confidence is measured on.
    evidence: tuple[str, ...] = ()


_W = r"(?:[\w'’-]+[ \t]+){0,4}?"  # up to four words in between
_LANGS = r"(?:python|javascript|typescript|java|rust|golang|bash|shell|sql|postgresql|html|css|ruby|kotlin|swift|php)"
TASK_CUES: dict[TaskType, tuple[tuple[str, float], ...]] = {
    TaskType.CODE_GENERATION: (
        (r"\b(?:write|implement|create|generate|code|build|fix|refactor|give me|need|want)\b[ \t]+" + _W +
         r"(?:function|class|method|script|program|module|endpoint|regex|regular expression|sql query|query|"
         r"unit tests?|api|cli|decorator|component)\b", 3.0),
        (r"\b(?:escribe|crea|implementa|écris|crée|implémente|schreib|schreibe|erstelle|implementiere|voudrais|veux|"
         r"aimerais|besoin d'|quiero|necesito|querría|möchte|brauche|bräuchte)(?:\b[ \t]+|(?<=d'))"
         + _W + r"(?:función|funcion|clase|script|programa|consulta|fonction|classe|programme|requête|funktion|"
         r"klasse|skript|programm|abfrage|python-funktion)\b", 3.0),
        # German puts the verb last: "Kannst du mir ein kleines Python-Skript schreiben?"
        (r"\b(?:ein|eine|einen)[ \t]+(?:[\w-]+[ \t]+){0,2}?(?:\w+-)?(?:funktion|klasse|skript|programm|abfrage|methode)"
         r"[ \t]+(?:`?\w+\([^()\n]{0,80}\)`?[ \t]+)?(?:\w+[ \t]+){0,3}?"
         r"(?:schreiben|programmieren|bauen|basteln|erstellen|implementieren)\b", 3.0),
        # "debug" as a verb: "debug this", "help me debug"; a config's "debug" flag is not a request
        (r"\brefactor\b|\bdebug (?:this|the|my|it|that|these|our)\b|\bhelp (?:me )?debug\b|"
         r"\bfix (?:this|the|my) (?:code|bug|function|script|query|error|class)\b|"
         r"\bit'?s wrong for\b", 2.5),
        # A request that opens by naming the program: "bash script that deletes ...", "python function to ..."
        (r"^[^\w\n]*(?:(?:a|an)[ \t]+)?" + _LANGS + r"[ \t]+(?:function|class|script|program|module|cli|one-liner|"
         r"regex|query)[ \t]+(?:that|which|to|for)\b", 3.5),
        # "c++" and "c#" end in a symbol, where \b does not hold: they get their own ending.
        (r"\b" + _LANGS + r"\b|\bc(?:\+\+|#)(?!\w)|\bpython-", 1.0),
        (r"\bdef \w+\(|\bfunction \w+\(|\b\w+\([\w, =]*\)(?= that| which| to| for| qui| que| die| der| das|`| —| -|,|"
         r"\.)", 1.5),
        (r"\b(?:code|snippet|algorithm|type hints|standard library|pytest|unittest|imports?)\b", 0.8),
    ),
    TaskType.SUMMARIZATION: (
        (r"\bsummar(?:y|ize|ise|ies|izing|ising)\b", 3.0),
        (r"\b(?:resume|resúmeme|resumen|resumir|résume|résumé|résumer|fass\w*[^.\n]{0,160}?zusammen|"
         r"zusammenfass\w*|zusammengefasst|kurzfassung|sintetiza|synthèse)\b", 3.0),
        (r"\b(?:tl;?dr|key (?:points|takeaways)|condense|gist|synopsis|abstract of|recap|digest|boil (?:it )?down|"
         r"takeaways|for people who missed|main points|main ideas|puntos principales|points clés|kernpunkte)", 2.5),
        # what the material says overall: "Was ist da der Tenor?", "what's the general feeling?"
        (r"\bwas ist (?:da |hier )?der tenor\b|\bwhat(?:'s| is) the (?:general|overall) (?:feeling|verdict|"
         r"consensus|tone)\b|\bquel est le (?:ton|sentiment) général\b", 3.0),
        # "write up Sunday's callout from our log": a record condensed from the material
        (r"\bwrite (?:it |this |that |them )?up\b[^.?!\n]{0,60}?\bfrom (?:the|our|my|his|her|their|these|this|those)\b",
         2.5),
        (r"\bsum (?:it |this |these |that |them |everything )?up\b|\b(?:round-?up|wrap-?up) of\b|"
         r"\bboil(?:s|ed|ing)? (?:(?:this|these|that|them|it|it all|the|my|our)(?: [\w-]+){0,2}? )?down\b|"
         r"\bfor (?:the )?(?:people|those|anyone|everyone|colleagues) "
         r"who (?:missed|couldn'?t|weren'?t|didn'?t)\b|\bpour ceux qui (?:n'ont pas|ont manqué)\b|"
         r"\bfür (?:alle|die),? die (?:nicht|gefehlt)\b", 3.0),
        # what the material is about, explained: "lui expliquer en clair de quoi il s'agit", "explain what it's about"
        (r"\b(?:explain|tell (?:me|her|him|them|us))\b[^.?!\n]{0,30}?\bwhat (?:it'?s|this is|that is|it is) "
         r"(?:all )?about\b|"
         r"\bexpliqu\w*\b[^.?!\n]{0,30}?\bde quoi il s'agit\b|\bexplica\w*\b[^.?!\n]{0,30}?\bde qué (?:se )?trata\b|"
         r"\berklär\w*\b[^.?!\n]{0,30}?\bworum es (?:da |hier )?geht\b", 3.0),
        # what the reader must take from the material: "Was muss ich davon wissen?", "what do I need to know from it?"
        (r"\bwhat (?:do|should|would) (?:i|we) (?:really )?(?:need|have) to (?:know|take away) (?:from|about) "
         r"(?:it|this|that|them)\b|\bwas (?:muss|sollte) ich (?:davon|darüber|daraus) wissen\b|"
         r"\bqu'est-ce que je dois (?:en )?retenir\b|\bqué (?:tengo|debo) que saber de (?:esto|eso)\b", 3.0),
    ),
    TaskType.EXTRACTION: (
        (r"\b(?:extract|pull out|harvest|extrae|extrais|extraire|relève|extrahiere|extrahieren)\b|"
         r"\bsors-(?:moi|nous)\b|\bm['’]en sortir\b|\bsác(?:ame|anos)\b", 3.0),
        # "pull the booking details out of this", "get the dates out of the e-mail"
        (r"\b(?:pull|get|take|grab|fish|dig)\b[^.\n?]{0,40}?\bout\s+of\s+(?:this|these|that|the|my|her|his|it)\b", 3.0),
        # what the material goes into reads a data format: "the import reads JSON", « un outil qui lit du YAML »
        (r"\b(?:reads?|takes?|accepts?|expects?|imports?|lit|prend|accepte|attend|liest|nimmt|lee|acepta|admite)\s+"
         r"(?:only\s+|just\s+|que\s+|du\s+|de\s+la\s+|nur\s+|solo\s+){0,2}(?:raw\s+|plain\s+)?"
         r"(?:json|yaml|csv|tsv)\b", 2.0),
        (r"\b(?:identify|list|find|get|pull|grab|collect|gather|note|jot down|encuentra|lista|saca|apunta|anota|"
         r"trouve|liste|note|relève|récupère|sors|finde|nenne|sammle|notier\w*)(?:-moi|-nous| me| mir| us)?(?: out)? "
         r"(?:all|every|each|todos|todas|tous|toutes|alle)\b(?! (?:steps|reasons|ways|causes|tips|ideas))", 2.0),
        # German separable verbs: "Zieh mir aus der Mail alle Termine raus", "hol die Namen heraus".
        (r"\b(?:zieh|hol|such|schreib)\w*\b[^.\n?]{0,60}?\b(?:raus|heraus)\b(?!,? (?:ob|wie|wann|was|wer|wo|warum|"
         r"welche[rsnm]?)\b)", 3.0),
        (r"\b(?:fields?|entities|key-value|named entit|schema|snake_case|keys?|claves?|clés?|schlüssel(?:n)?|"
         r"columns?|columnas?|colonnes?|spalten|felder(?:n)?|campos?|champs?)\b",
         1.0),
        (r"\b(?:return|output|give|respond|format|convert|devuelve|donne|gib)\b[ \t]+" + _W +
         r"(?:as|in|into|en|au|als)[ \t]+(?:a[ \t]+)?(?:json|csv|yaml|formato json|format json)\b", 1.5),
        # "pásamelo a YAML", « passe-le en JSON », "bring es in CSV": the material put into a data format
        (r"\bpás(?:alo|amelo|ala|amela|alos|amelos)[ \t]+a[ \t]+(?:un[ \t]+|una[ \t]+)?(?:json|csv|yaml|tabla|excel)\b|"
         r"\bpasse[sz]?-(?:le|la|les|moi)[ \t]+en[ \t]+(?:json|csv|yaml)\b", 2.5),
        # "Mach mir YAML draus", "mach daraus eine Tabelle": the material made into data
        (r"\bmach\w*[ \t]+(?:(?:mir|uns|daraus|bitte)[ \t]+){1,3}(?:ein(?:e|en)?[ \t]+)?(?:json|csv|yaml|tabelle)\b",
         2.0),
        (r"\b(?:extract|pull out|harvest|list|find)\b[^.\n]{0,80}?\bfrom (?:the|this|these|that|my)\b", 1.0),
        # The material named first, then the values taken: "From the signature below, get the name and phone".
        (r"\bfrom (?:the|this|these|that|my) (?:[\w-]+ ){0,3}?(?:below|above)\b,? (?:get|grab|pull|pick|take|find|"
         r"list|give me)\b", 2.5),
        # "put the three trips in a little markdown table": the material's items laid out as data ("put the ones that
        # work in a table" picks some out first: an answer)
        (r"\b(?:put|turn|lay out|arrange|organi[sz]e|sort)\b[ \t]+(?!(?:the[ \t]+ones|those|only|just)\b)"
         r"(?:[\w'’-]+[ \t]+){0,4}?(?:in|into)[ \t]+(?:a[ \t]+)?"
         r"(?:[\w-]+[ \t]+){0,2}?(?:table|spreadsheet|csv)\b", 1.5),
        # "Go through this CV and list the languages": the material read, then items taken from it
        (r"\b(?:go|read|look|comb) through (?:this|these|the|my|that)\b[^.\n?]{0,40}?\band (?:list|pull out|grab|"
         r"find|note|collect|pick out|get)\b", 2.5),
    ),
    TaskType.REWRITING: (
        # "I need it rewritten as a plain news brief"
        (r"\b(?:rewritten|re-written|rephrased|reworded|redrafted)[ \t]+(?:as|into|in|for)\b", 3.0),
        (r"\b(?:rewrite|re-write|rephrase|paraphrase|proofread|copy-?edit|reword|polish|simplify|reescribe|reescribes|"
         r"reescribir|réécrire|reformula|simplifica|réécris|reformule|simplifie|formuliere|umformulieren|umschreiben|vereinfache)\b|"
         # with a pronoun attached: "reescríbela", "reformúlalo", "simplifícalo", "réécris-le", "schreib es um"
         r"\b(?:reescríbe|reformúla|simplifíca|redácta)(?:la|lo|las|los|me)\b|\b(?:réécris|reformule|simplifie)-(?:le|la|"
         r"les|moi)\b", 3.0),
        (r"\b(?:translate|traduce|traduis|traduire|übersetze|übersetzen)\b", 3.0),
        # German separable verbs: "Schreib das bitte um, lockerer", "formulier den Absatz neu"
        (r"\b(?:schreib|schreibe|formulier|formuliere|arbeite|arbeit)\b(?:[ \t]+[\w-]+){0,5}?[ \t]+(?:um|neu)"
         r"(?=[ \t]*(?:[,.!;:]|$)|[ \t]+(?:und|bitte)\b)", 3.0),
        # « mets ça sous forme de points », "put it in the form of a list": the material recast
        (r"\b(?:mets|mettez|remets|remettez)(?:-les|-la|-le)?\s+(?:ça|cela|les|le|la|tout\s+ça)?\s*sous\s+forme\s+de\b|"
         r"\bput\s+(?:it|this|them|these|that)\s+in(?:to)?\s+the\s+form\s+of\b", 2.5),
        # "Kürz ihn auf 70 Wörter", "acórtalo", "raccourcis-le": shorten the writer's own text
        (r"\b(?:kürz(?:e)?|kürzt)\s+(?:ihn|sie|es|den|die|das|meinen|meine|mein)\b|\bacórta(?:lo|la|me)\b|"
         r"\braccourcis(?:-le|-la|-les)?\b", 3.0),
        (r"\b(?:edit)\b[ \t]+(?:the|this|my|following)\b", 2.5),
        (r"\bmake (?:it|this|the \w+|this \w+|my \w+)[ \t]+(?:\w+[ \t]+)?(?:more|less|shorter|clearer|simpler|"
         r"formal|casual|punchier|friendlier|better|nicer|smoother|tighter|calmer|gentler|softer|kinder|warmer|"
         r"politer|cooler|milder|plainer|crisper)\b|\bmake (?:it|this) sound\b", 2.5),
        (r"\b(?:improve|tighten|clean up|smooth out|punch up|tone down|spruce up|jazz up)\b(?=[ \t]+(?:this|these|it|"
         r"the|my|our|up)\b|[ \t]*[:.!?]|[ \t]+(?:this|it) up\b)|\btighten (?:this|it) up\b", 2.5),
        (r"\bfix (?:this|these|it|the|my)\b(?![ \t]+(?:code|bug|bugs|function|script|query|error|class|test|issue|"
         r"crash|method|regex|program))", 2.0),
        (r"\b(?:mejora|pule|arregla|suaviza|retoca)\b[ \t]+(?:este|esta|estos|estas|el|la|mi|mis|esto)\b|"
         r"\bhaz que (?:suene|sea|quede) más\b|\b(?:améliore|retravaille|allège|adoucis)\b|"
         r"\brends?(?:-le|-la)? (?:ce|cette|ces|le|la|les|mon|ma|mes)?\s*[\w'’-]*\s*plus\b|"
         r"\bmach(?:e)?\b[^.\n]{0,40}?\b(?:flüssiger|kürzer|einfacher|klarer|freundlicher|höflicher|"
         r"professioneller|lockerer|verständlicher|knapper|besser|schöner|formeller|förmlicher|netter|lesbarer|"
         r"eleganter|sachlicher)\b|\b(?:verbessere|überarbeite|glätte|poliere)\b", 2.5),
        (r"\b(?:fix|correct|corrige|corriger|corriges|korrigiere) (?:the |my |les |las |los |mes |die )?"
         r"(?:grammar|spelling|typos|tone|fautes|erreurs|faltas|errores|fehler|tippfehler)\b", 2.5),
        (r"\b(?:cut|shorten|trim|turn|convert|make)\b[ \t]+(?:my|this|these|the)[ \t]+(?:[\w-]+[ \t]+){0,2}?"
         r"(?:down|into|to|shorter)\b(?![ \t]+(?:a[ \t]+)?(?:json|csv|yaml|table|markdown table|list)\b)", 2.0),
        (r"\b(?:active voice|passive voice|more (?:formal|professional|polite)|tono más|ton plus|freundlicher)\b",
         1.5),
        # plain words asked of pasted text: "in plain English", "pásalo a un lenguaje que entienda todo el mundo"
        (r"\b(?:in|into) plain (?:english|language|words)\b|\ben (?:langage|termes|mots) (?:clairs?|simples?)\b|"
         r"\ben (?:lenguaje|palabras|términos) (?:claros?|sencill[oa]s?|llan[oa]s?)\b|"
         r"\bpás(?:alo|amelo|ala) a\b(?! (?:un |una )?(?:json|csv|yaml|tabla|excel)\b)|"
         r"\bin einfache(?:r|n)? (?:sprache|worte\w*)\b|\bin leichte(?:r|n)? sprache\b|"
         # "in verständliches Deutsch bringen", « en français courant »
         r"\bin (?:verständliches|einfaches|klares|normales|lesbares) (?:deutsch|englisch)\b|"
         r"\ben (?:français|anglais) (?:clair|simple|courant)\b|\ben (?:español|castellano) (?:claro|sencillo|llano)\b",
         2.5),
    ),
    TaskType.REASONING: (
        # Verbs of working something out, where a request starts: "what problems does it solve?" is not maths.
        (r"(?:^|(?<=[.!?:][ \t])|(?<=[.!?:]\n))[ \t]*(?:please[ \t]+|can you[ \t]+|could you[ \t]+|now[ \t]+)?"
         r"(?:solve|calculate|compute|derive|prove|deduce|work (?:it )?out|calcula|resuelve|calcule|résous|"
         r"berechne|rechne(?![^.?!\n]{0,60}?\bab\b)|löse|begründe)\b|"
         r"\bsolve (?:for|this|the (?:equation|problem|puzzle))\b", 2.5),
        (r"\b(?:your|the|deine|ton|tu) (?:reasoning|working|razonamiento|raisonnement|rechenweg)\b|"
         r"\bnumbered steps\b|\bthink it through\b|\bétapes numérotées\b", 2.0),
        (r"\bstep[- ]by[- ]step\b|\bshow (?:your|the) (?:work|working|reasoning|steps)\b|\bpaso a paso\b|"
         r"\bétape par étape\b|\bschritt für schritt\b|\bday by day\b", 2.0),
        (r"\b(?:what is the probability|probabilit(?:y|é)|probabilidad|wahrscheinlichkeit|riddle|puzzle|"
         r"equation|prime number|número primo|nombre premier|primzahl|if all\b|si todos\b|si tous\b|wenn alle\b|"
         r"who owns which|folgt daraus|se deduce|en déduire)", 2.0),
        # a matching puzzle, asked as a question (so it outweighs the question form): "who is on which day?"
        (r"\bwho (?:is|was|were|sits|sat|lives|lived|owns|owned|has|had|gets|got|takes|took|works|worked|plays|played|"
         r"drives|drove|wears|wore|goes|went|does|did)\b[^.?\n]{0,25}\bwhich\b",
         2.5),
        (r"\b(?:deduce|conclude|infer|follows? that|folgt daraus|se deduce|en déduire|déduire)\b", 1.5),
        # Logic puzzles: an arrangement that satisfies rules ("A must come before C", "give one schedule that works").
        (r"\b(?:schedule|arrangement|order(?:ing)?|assignment|seating(?: plan)?|timetable|solution|allocation)s? "
         r"that (?:works|satisfies|fits|meets|respects)\b", 2.5),
        (r"\b(?:must|has to|can'?t|cannot|doesn'?t|does not|isn'?t|is not) (?:come|be|sit|go|stand|live|play)"
         r"(?: right| directly| immediately)? (?:before|after|next to|beside|opposite)\b|\bis (?:right|directly|"
         r"immediately) (?:before|after|next to)\b", 1.5),
        # arithmetic written out; "2025-01", "12/09" and "10-12" are dates and ranges, so "-" and "/" need spaces
        (r"\d+\s*[+*×÷^]\s*\d+|\d+\s+[-/]\s+\d+", 1.0),
    ),
    TaskType.CREATIVE_WRITING: (
        # "(long story)" is an aside, not a story asked for; "lo cuento de viva voz" (I tell it) is no story
        (r"\b(?<!long )(?:poem|haiku|limerick|sonnet|story|short story|fable|lyrics|song|screenplay|script for a|"
         r"fiction|tale|verse|rap|ballad|slogans?|toast|monologue|dialogue between|poema|"
         r"(?<!\blo )(?<!\bla )(?<!\ble )(?<!\bse )(?<!\bte )(?<!\bme )(?<!\blos )(?<!\blas )(?<!\bles )"
         r"cuento(?! con\b)|microcuento|relato|"
         r"canción|poème|conte|chanson|histoire courte|gedicht|geschichte|kurzgeschichte|märchen|liedtext|"
         r"microrrelatos?|leyenda|fábula|poesía|soneto|haiku|coplas?|fable|haïku|comptine|récit|slogans?|eslóganes|"
         r"eslogans?|brindis|trinkspr(?:uch|üche)|"
         r"fabel|sonett|reim|chorus|jingle|taglines?|radio (?:ad|spot)s?|cuñas?(?: de radio| radiofónicas?)?|"
         r"spots? radio|radiospots?|tongue[- ]twisters?|trabalenguas|virelangues?|zungenbrecher|"
         r"acrostics?|elfchen|akrostichon|cinquains?|rondell|lullab(?:y|ies)|berceuses?|nanas?|canción de cuna|"
         r"wiegenlied(?:er)?|schlaflied(?:er)?|sprüche|spruch|dichos?|devinettes?|adivinanzas?|rätsel|"
         # more forms of verse and wit, in the four languages
         r"rhymes?|nursery rhymes?|odes?|couplets?|quatrains?|villanelles?|jokes?|puns?|captions?|mottos?|"
         r"epitaphs?|skits?|sketch|bedtime stor(?:y|ies)|rimas?|chistes?|versos?|coplas|rimes?|blagues?|"
         r"jeux de mots|poésie|reime|witze?|verse|gedichtchen)(?:s|x)?\b|"
         # "une petite histoire à lui lire ce soir": a story to tell, not history
         r"\b(?:petite|courte|jolie|belle) histoire\b|\bhistoire (?:pour|à (?:lui |leur )?lire|du soir)\b", 3.0),
        (r"\b(?:creative|imaginative|vivid|whimsical|make up|erzähl|invente|inventa)\b", 1.0),
        # something new to write, asked for by its feel: "write me something short and fun for the chalkboard"
        (r"\b(?:write|escribe|écris|schreib)\w*[ \t]+(?:(?:me|us|moi|nous|mir|uns)[ \t]+)?"
         r"(?:something|algo|quelque chose|etwas)[ \t]+(?:[\w'’-]+[ \t]+){0,3}?(?:fun|funny|catchy|cheeky|witty|"
         r"playful|divertido|gracioso|drôle|amusant|lustig|witzig)\b", 2.0),
        # a text asked for by its poetry: "Quelque chose de poétique, pas un tuto", "something lyrical to read out"
        (r"\b(?:something|quelque chose de|algo|etwas)[ \t]+(?:(?:short|little|petit|court|corto|breve|kurzes)[ \t]+)?"
         r"(?:poetic|lyrical|poétique|lyrique|poético|poética|lírico|poetisches|lyrisches)\b|"
         r"\b(?:a|un|une|ein)[ \t]+(?:(?:short|little|petit|court|corto|breve|kurzer)[ \t]+)?"
         r"(?:poetic|poétique|poético|poetischer)[ \t]+(?:text|texte|texto|piece|passage)\b|"
         r"\b(?:texte|texto|text)[ \t]+(?:poétique|poético|poetisch)\b", 2.5),
    ),
    TaskType.GROUNDED_QA: (
        (r"\b(?:based (?:only |solely )?on|according to|using (?:only )?|from|given) (?:the|this|these|above|below|"
         r"provided|following|given) (?:\w+ )?(?:text|document|article|passage|context|sources?|excerpt|report|"
         r"information|notes|data|specs?|table|handbook|policy|config|quotes?|excerpt)\b", 3.0),
        # „laut dem Vertrag" (according to), not „laut vorlesen" (aloud)
        (r"\b(?:d'après|selon|según|anhand|laut(?!\s+(?:vor\w*|lesen|lese|les|sagen|gesagt|sprechen|aus\w*|denken|und))|"
         r"gemäß|basándote en|en te basant sur|nur anhand)\b", 2.5),
        (r"\b(?:answer|responde|réponds|beantworte) (?:the|this|these|my|la|la siguiente|die) (?:following )?"
         r"(?:questions?|pregunta|question|frage)\b|\bjust answer from\b", 1.5),
        # A review: comments on pasted code or text, not a new version of it.
        (r"\b(?:review|look over|go over|check over|read through|audit)\b[ \t]+(?:this|these|the|my|our)\b|"
         r"\bpoint out\b|\b(?:spot|flag) (?:any|anything|the)\b|\banything (?:risky|wrong|off|missing|unclear)\b|"
         r"\bschau dir\b[^.\n]{0,30}?\ban\b|\brevisa (?:este|esta|el|la|mi)\b|\brelis (?:ce|cette|mon|ma)\b", 2.0),
    ),
    TaskType.OPEN_QA: (
        (r"\b(?:explain|describe|tell me about|what are|overview of|explica|explícalo|explique|erkläre|erklär|"
         r"m['’]expliquer|nous expliquer|explicarme|explícame|mir erklären|uns erklären)\b", 1.2),
        # the explanation asked for as the thing to write: "Tu peux m'écrire l'explication ?" (not "pour l'explication,
        # trois phrases": a part of another answer)
        (r"\b(?:écri\w*|donne\w*|rédige\w*|faire|fais|escribe\w*|dame|hazme|schreib\w*|gib)[ \t]+(?:mir[ \t]+)?"
         r"(?:l['’]|(?:une|la|una|"
         r"die|eine)[ \t]+)(?:explication|explicación|erklärung)\b|"
         r"\b(?:give|write)[ \t]+(?:me|us|her|him|them)?[ \t]*(?:a|an)[ \t]+(?:[\w-]+[ \t]+){0,2}?"
         r"(?:explanation|explainer)\b|"
         # the explanation needed: "Necesito una explicación para la ficha", "I need an explanation for ..."
         r"\b(?:need|want|necesito|quiero|necesitamos|brauche|brauchen|besoin d['’])[ \t]*(?:an|una|eine|une)[ \t]+"
         r"(?:[\w-]+[ \t]+){0,2}?(?:explanation|explainer|explicación|erklärung|explication)\b", 1.2),
        # Questions asked indirectly: "my daughter asked why the sky is blue", "tell me how tides work".
        (r"\b(?:asked(?: me)?|keeps? asking(?: me)?|kept asking(?: me)?|wondering|wonder|want to know|"
         r"wants to know|"
         r"curious|tell me|me pregunta|quiere saber|quieren saber|me demande|veut savoir|veulent savoir|"
         r"fragt(?: mich)?|will wissen|möchte wissen|wollen wissen) (?:until when|hasta cuándo|jusqu'à quand|"
         r"bis wann|why|how|what|whether|if|who|when|where|which|por qué|cómo|cuál|cuáles|cuándo|cuánto|cuánta|cuántos|"
         r"cuántas|dónde|quién|si|pourquoi|comment|quand|combien|où|qui|quel|quelle|quels|quelles|warum|wie|wann|"
         r"wo|wer|ob|welche|welcher|welches)\b", 2.0),
        # Indirect questions asked as commands: "tell me whether", "find out if", "dis-moi quand", "dime si",
        # "sag mir, wann", "finde heraus, wie lange".
        (r"\b(?:tell me|find out|figure out|work out|let me know|check) (?:whether|if|when|where|who|which|how much|"
         r"how many|how long|what time)\b|\bdis-moi(?:,)? (?:quand|si|combien|pourquoi|comment|où|qui|quel(?:le)?s?)\b|"
         r"\bdime(?:,)? (?:cuándo|si|cuánto|cuántos|cuántas|por qué|cómo|quién|qué|dónde)\b|"
         r"\bsag (?:mir|uns)(?:,)? (?:wann|ob|wie|warum|wer|was|wo|welche)\b|"
         r"\bfinde\b[^.\n?]{0,60}?\bheraus,? (?:ob|wie|wann|was|wer|wo|warum|welche)\b", 2.0),
    ),
    TaskType.GENERAL: (
        (r"\b(?:write|draft|compose|prepare|help me write|escribe|redacta|écris|rédige|schreib|schreibe)\b[ \t]+"
         + _W + r"(?:e-?mails?|message|letter|note|invitation|reply|announcement|cover letter|slack message|post|"
         r"mensaje|correo|carta|invitación|courriel|lettre|einladung|nachricht|brief)\b", 3.0),
        (r"\b(?:checklist|packing list|plan for|a plan|make me a plan|plan an itinerary|brainstorm|ideas for|"
         r"name ideas|tips|advice on|advice|negotiat\w*|un plan|plan de|consejos|astuces|conseils|tipps|ideen|"
         r"(?:un|a) planning|revision (?:plan|timetable|schedule)|lernplan|zeitplan|horario de estudio)\b", 2.5),
        (r"^[^\w\n]*(?:hi|hello|hey|thanks|thank you|good (?:morning|evening)|hola|bonjour|salut|hallo)\b[^?\n]{0,40}"
         r"(?:how'?s it going|how are you|thanks|thank you)", 3.0),
        (r"\b(?:you are|eres|tu es|du bist) [A-Z]\w+,? (?:the|a|an|el|la|le|der|die)\b", 2.0),
        # Asking what to take or do is asking for advice, not for facts: "what should I pack for a hike?"
        (r"\bwhat (?:should|shall|do) (?:i|we) (?:pack|bring|wear|buy|cook|take|get|serve|plant)\b|"
         r"\bqu'est-ce que je (?:dois|devrais) (?:emporter|apporter|mettre|acheter)\b|"
         r"\bqué (?:debo|debería|tengo que) (?:llevar|poner|comprar|cocinar)\b|"
         r"\bwas (?:soll|sollte) ich\b[^.?!\n]{0,40}?\b(?:mitnehmen|einpacken|anziehen|kaufen|kochen)\b", 2.5),
    ),
}
_COMPILED_CUES = {
    task: tuple((re.compile(pattern, re.IGNORECASE | re.MULTILINE), weight) for pattern, weight in cues)
    for task, cues in TASK_CUES.items()
}
_QUANTITY_QUESTION_RE = re.compile(
    r"\bwhen (?:do|will|does|would|did|should|can) (?:i|we|you|he|she|they|it) (?:get|arrive|reach|finish|land|"
    r"be (?:there|back|done|home))\b|\b(?:at what time|by when)\b|"
    r"\b(?:how (?:many|much|long|old|far|fast)|what time|what(?:'s| is) the (?:total|probability|average)|"
    r"on what day|which day|is it the same|cuántos|cuántas|cuánto|cuánta|combien|wie viele|wie viel|wie hoch|wie weit|"
    r"wie lange|quel est le total|à quelle heure|a qué hora|um wie viel uhr)\b|"
    r"\b(?:calculate|compute|work (?:it )?out|calcula|calcule|berechne|rechne(?![^.?!\n]{0,60}?\bab\b))\b|"
    # "what do I end up paying?", "what will we owe?"
    r"\bwhat (?:do|does|will|would|did|should) (?:i|we|you|he|she|they|it) (?:end up )?(?:pay(?:ing)?|owe|spend|"
    r"save|get back|earn|have left)\b",
    re.IGNORECASE)
_NUMBER_RE = re.compile(
    r"(?<![\w.])(?:\d+(?:[.,:]\d+)*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|hundred|half|quarter|twice|thrice|dozen|"
    r"fifty-\w+|forty-\w+|thirty-\w+|twenty-\w+|"
    # a word problem in Spanish, French or German states its numbers in words too; "once" is a count of meetings
    r"dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|veinte|deux|trois|quatre|cinq|sept|huit|neuf|dix|"
    r"douze|vingt|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|zwanzig|una (?:sola )?vez|"
    r"une (?:seule )?fois|einmal|"
    # "once" as a count ("meets every other once", "once a week"), not the conjunction ("once you've read it")
    r"once(?=[ \t]*(?:[.,;:!?)]|$|each\b|a\b|per\b|every\b)))"
    r"(?![\w])", re.IGNORECASE | re.MULTILINE)
_COUNT_UNIT_AFTER_RE = re.compile(
    r"[ \t]*(?:words?|sentences?|paragraphs?|bullets?|bullet points?|lines?|items?|characters?|palabras|frases|"
    r"mots|phrases|wörtern|wörter|sätzen|sätze|tests?)\b", re.IGNORECASE)
# A question put to the person and passed on: "a worker asks me how many days she gets", « me demande si ... »,
# „fragt mich, ob ...": the prompt asks for its answer all the same.
_INDIRECT_QUESTION_RE = re.compile(
    # ... asked by some channel first: "asks me on WhatsApp how much", "me pregunta por WhatsApp cuánto", "me ha
    # preguntado cuántas horas"
    r"\b(?:asks?|asked|keeps? asking)(?: me| us)(?: (?:on|by|over|via) \w+)?,? (?:how|what|when|where|whether|if|which|"
    r"who|why)\b|"
    # ("un cliente pregunta por WhatsApp cuánto": asked of the person, unsaid; not the noun, "la pregunta cuánto")
    r"(?:\b(?:me|nos) (?:ha |han |había |habían )?|(?<!\bla )(?<!\buna )(?<!\besta )(?<!\besa )(?<!\bmi )(?<!\btu )"
    r"(?<!\bsu )\b)pregunt(?:a|an|aba|aban|ó|aron|ado)(?: por \w+)?,? (?:cu[aá]nt[oa]s?|"
    r"qu[eé]|si|cu[aá]ndo|d[oó]nde|c[oó]mo|por qu[eé]|cu[aá]l(?:es)?)\b|"
    r"\b(?:me|nous) (?:a |ont |avait )?demand(?:e|ent|ait|aient|é)(?: par \w+)?,? (?:combien|si|s'il|s'ils|quand|où|"
    r"comment|pourquoi|quel(?:le)?s?)\b|"
    r"\b(?:fragt|fragen|fragte|fragten) (?:mich|uns),? (?:ob|wie|was|wann|wo|warum|welche\w*)\b|"
    # "a tutor is asking whether ...", "people always ask whether ...", "I need to know how many ...", « je
    # voudrais savoir si », "necesito saber qué semana", „ich möchte wissen, ob"
    r"\b(?:is|are|was|were|keeps?|always|often|usually) ask(?:s|ing)?(?: me| us)?,? (?:how|what|when|where|whether|"
    r"if|which|who|why)\b|"
    r"\b(?:need|want|needs|wants|'d like|would like) to know,? (?:how|what|when|where|whether|if|which|who|why)\b|"
    r"\b(?:necesito|quiero|quería|querría|queremos|necesitamos) saber,? (?:cu[aá]nt[oa]s?|qu[eé]|si|cu[aá]ndo|"
    r"d[oó]nde|c[oó]mo|por qu[eé]|cu[aá]l(?:es)?)\b|"
    r"\b(?:voudrais|voudrions|aimerais|aimerions|veux|voulons|besoin de) savoir,? (?:combien|si|s'il|s'ils|quand|"
    r"où|comment|pourquoi|quel(?:le)?s?)\b|"
    r"\b(?:möchte|möchten|will|wollen|muss|müssen) (?:gern |gerne )?wissen,? (?:ob|wie|was|wann|wo|warum|"
    r"welche\w*)\b|"
    # the caller's question in the third person: "She's asking how much ...", "Pregunta cuánto le saldría ...",
    # « Elle demande combien ... », „Sie fragt, ob ..."
    r"\b(?:she|he|they)(?:['’]s|['’]re) asking,? (?:how|what|when|where|whether|if|which|who|why)\b|"
    r"\b(?:she|he|they) (?:asks?|asked|wants? to know),? (?:how|what|when|where|whether|if|which|who|why)\b|"
    r"(?:^|[.!?:]\s+|\b(?:y|que|ella|él|ellos)\s+)pregunt(?:a|an|ó|aron),? (?:cu[aá]nt[oa]s?|qu[eé]|si|cu[aá]ndo|"
    r"d[oó]nde|c[oó]mo|por qu[eé]|cu[aá]l(?:es)?)\b|"
    r"\b(?:elle|il|elles|ils) demande(?:nt)?,? (?:combien|si|s'il|s'ils|quand|où|comment|pourquoi|quel(?:le)?s?)\b|"
    r"\b(?:sie|er) (?:fragt|fragen|fragte|fragten),? (?:ob|wie|was|wann|wo|warum|welche\w*)\b",
    re.IGNORECASE | re.MULTILINE)
# A cue in a negated instruction is no request: "Don't make it sound like a lecture", « N'invente jamais de tarifs ».
_NEGATED_BEFORE_RE = re.compile(
    r"\b(?:don['’]?t|do not|never|nunca|nie|niemals|jamais)[ \t]+(?:[\w'’]+[ \t]+)?$", re.IGNORECASE)
# French "n'" negates only with its second part after the verb (« n'invente jamais »; « n'écris que » is "only").
_ELIDED_NE_RE = re.compile(r"\bn['’]$", re.IGNORECASE)
_NE_SECOND_PART_RE = re.compile(r"[\w'’-]*[ \t]+(?:pas|jamais|plus|rien|aucun|aucune)\b", re.IGNORECASE)


# "this script to pull out the families who owe", "a macro that summarises each sheet": what a program does, not the
# request (the request is about the program)
_PROGRAM_PURPOSE_BEFORE_RE = re.compile(
    r"\b(?:script|program|programme|function|macro|formula|query|tool|bot|app)[ \t]+(?:that|which|to|for)[ \t]+"
    r"(?:[\w'’]+[ \t]+)?$", re.IGNORECASE)


def _program_purpose_cue(region: str, m: re.Match[str]) -> bool:
    start = m.start() + len(m.group()) - len(m.group().lstrip())
    return _PROGRAM_PURPOSE_BEFORE_RE.search(region, max(0, start - 40), start) is not None


# A summary named as one line of the reply, not the reply: "one summary sentence", "a summary line", « une phrase de
# synthèse », "una frase de resumen", "einen Satz Zusammenfassung".
_SUMMARY_LINE_AFTER_RE = re.compile(r"[ \t]+(?:sentence|line)\b", re.IGNORECASE)
_SUMMARY_LINE_BEFORE_RE = re.compile(r"\b(?:phrase|ligne|frase|línea|satz|zeile)[ \t]+(?:de[ \t]+)?$", re.IGNORECASE)


def _summary_line_cue(region: str, m: re.Match[str]) -> bool:
    start = m.start() + len(m.group()) - len(m.group().lstrip())
    return bool(_SUMMARY_LINE_AFTER_RE.match(region, m.end()) or
                _SUMMARY_LINE_BEFORE_RE.search(region, max(0, start - 12), start))


def _negated_cue(region: str, m: re.Match[str]) -> bool:
    start = m.start() + len(m.group()) - len(m.group().lstrip())
    if _NEGATED_BEFORE_RE.search(region, max(0, start - 30), start):
        return True
    return bool(_ELIDED_NE_RE.search(region, max(0, start - 3), start)) and \
        _NE_SECOND_PART_RE.match(region, start) is not None
# "Can you cut my bio down to 50 words?" asks for work, not for information.
_POLITE_REQUEST_RE = re.compile(
    r"^[¿\s]*(?:(?:user|human|utilisateur|usuario|nutzer|benutzer)[ \t]*:[ \t]*)?"  # a chat turn's speaker label
    r"(?:(?:hey|hi|hello|ok|okay|so|hola|salut|hallo)[ \t]*[,!.]?[ \t]+)?"  # "hey, can you turn my notes ..."
    r"(?:(?:can|could|would|will) (?:you|u)|puedes|podrías|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|"
    r"tu peux|tu pourrais|vous pouvez|vous pourriez|me (?:lo|la|los|las) \w+(?:as|es)|"
    r"kannst du|könntest du|würdest du)\b(?! (?:tell me|explain)\b)", re.IGNORECASE)
_CODE_EDIT_RE = re.compile(
    r"\b(?:fix|change|modify|update|adapt|extend|correct|rewrite|refactor|optimi[sz]e|speed up|clean up|debug|"
    r"corrige|corrigez|modifica|arregla|arreglas|arreglar|repara|reparar|optimiza|modifie|optimise|corriger|répare|"
    r"réparer|réparez|korrigier\w*|reparier\w*|ändere|optimiere|beheb\w*)\b",
    re.IGNORECASE)
_DATA_OUT_RE = re.compile(r"\b(?:as|in|into|en|au|als)[ \t]+(?:a[ \t]+|an[ \t]+|una[ \t]+|un[ \t]+|une[ \t]+|"
                          r"eine[ \t]+|formato[ \t]+|format[ \t]+)?"
                          r"(?:json|csv|yaml|markdown table|table|tabla|tablita|tableau|tabelle)\b|"
                          r"\b(?:make|give|build|create|put together|draw up)(?:[ \t]+me|[ \t]+us)?[ \t]+(?:a|an)[ \t]+"
                          r"(?:(?:markdown|simple|small|little|quick)[ \t]+)?(?:table|csv|spreadsheet|json)[ \t]+"
                          r"(?:with|of)\b|"
                          # "fais-moi un CSV", "hazme un JSON", "mach mir eine Tabelle"
                          r"\b(?:fais|faites)[\s-]+(?:moi|nous)\s+un\s+(?:csv|json|tableau)\b|"
                          r"\bhaz(?:me|nos)?\s+un\s+(?:csv|json)\b|\bmach\s+(?:mir|uns)\s+(?:eine\s+)?(?:csv|json|tabelle)\b|"
                          # "I need a CSV for the coaches", "monta una tabla", "bau mir daraus eine Tabelle"
                          r"\b(?:i|we)[ \t]+(?:need|want|would like|'d like)[ \t]+(?:a|an)[ \t]+(?:csv|json|yaml|"
                          r"spreadsheet)\b|\b(?:monta|móntame|prepara|prepárame)\s+una\s+tabla\b|"
                          r"\bbau\s+(?:mir|uns)\s+(?:daraus\s+)?eine\s+tabelle\b|"
                          # "make that a CSV", "turn it into JSON", "export them to a spreadsheet"
                          r"\b(?:make|turn|convert|put|export|dump|output|return)[ \t]+(?:it|that|this|these|those|"
                          r"them|the \w+|all (?:of )?(?:it|that|this|them))[ \t]+(?:(?:into|to|as|in)[ \t]+)?"
                          r"(?:a[ \t]+|an[ \t]+)?(?:json|csv|yaml|spreadsheet|table)\b", re.IGNORECASE)
# A request to write something new ("Write a product blurb for the chair described below"): the material is its
# input, not a text to condense.
_WRITE_VERB_RE = re.compile(r"\b(?:write|draft|compose|create|generate|make|escrib(?:e|ir|eme|emelo)|"
                            r"redact(?:a|ar|ame)|redáct(?:ame|amelo)|crea|écri(?:s|re|vez)|rédig(?:e|er|ez)|crée|"
                            r"schreib\w*|verfass\w*|erstell\w*|formulier\w*)\b", re.IGNORECASE)
# A shape that condenses ("three bullets exactly", "90 mots", "kurz"), and requests that answer or judge the material
# instead ("reply to this", "any thoughts", "check this for typos").
_CONDENSE_CUE_RE = re.compile(
    r"\b(?:bullets?|bullet\s+points|points|words|mots|palabras|wörter|sentences|phrases|frases|sätze|paragraphs?|"
    r"paragraphes?|párrafos?|absätze|absatz|spiegelstrich\w*|viñetas|short|brief|kurz|court|courte|breve|"
    r"l'essentiel|the\s+gist|lo\s+esencial)\b", re.IGNORECASE)
_RESPOND_CUE_RE = re.compile(
    r"\b(?:reply|respond|answer|check|proofread|thoughts?|feedback|opinion|review|critique|répon\w*|respon\w*|"
    r"contest\w*|antwort\w*|prüf\w*|korrigier\w*|corrige\w*)\b", re.IGNORECASE)
PHATIC_MAX_WORDS = 15  # a greeting with a question of a few words is small talk; longer, the greeting opens a request
_PHATIC_RE = re.compile(r"^\W*(?:hi|hello|hey|thanks|thank you|hola|bonjour|salut|hallo)\b", re.IGNORECASE)
_CODE_LANGUAGES = frozenset({"python", "py", "js", "javascript", "ts", "typescript", "java", "go", "rust", "cpp", "c",
                             "sql", "bash", "sh", "shell", "ruby", "php", "kotlin", "swift", "html", "css"})
# Types whose output is written from pasted material; without any, they are unlikely.
_NEEDS_SOURCE = (TaskType.SUMMARIZATION, TaskType.EXTRACTION, TaskType.REWRITING)


TASK_ALIASES = {
    "summary": TaskType.SUMMARIZATION, "summarisation": TaskType.SUMMARIZATION, "qa": TaskType.OPEN_QA,
    "grounded-qa": TaskType.GROUNDED_QA, "open-qa": TaskType.OPEN_QA, "code": TaskType.CODE_GENERATION,
    "creative": TaskType.CREATIVE_WRITING, "chat": TaskType.GENERAL, "general_chat": TaskType.GENERAL,
    "conversation": TaskType.GENERAL, "rewrite": TaskType.REWRITING,
    "editing": TaskType.REWRITING,
}


def parse_task_name(name: str) -> TaskType | None:
    key = name.strip().lower().replace(" ", "_").replace("/", "_")
    try:
        return TaskType(key)
    except ValueError:
        return TASK_ALIASES.get(key) or TASK_ALIASES.get(key.replace("_", "-"))


# A quantity with a unit of money or measure ("£23", "1.5%", "20p", "42 m", "12 m²", "3.5 kg"): a question over
# several of them, with no source, is a word problem ("what actually lands in my account?").
_MEASURED_RE = re.compile(
    r"[£$€¥]\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*(?:\s?(?:%|percent|per cent|por ciento|pour cent|prozent|"
    r"p|m²|m2|m³|sq ?m|sq ?ft|m|cm|mm|km|kg|g|l|ml|mph|km/h|kmh|€|euros?|dollars?|pounds?|cents?|pence|"
    r"litres?|liters?|metres?|meters?|kilos?|grams?|miles?|feet|ft|inches?)(?![\w]))",
    re.IGNORECASE)
MEASURED_FOR_WORD_PROBLEM = 2  # quantities of money or measure that make a question a word problem
# A code score this high names a program to write ("a Python function that ...", « un script qui ... »): one cue of
# weight 3 or more, or several smaller ones
PROGRAM_NAMED = 3.0


def _measured_quantities(view: str) -> int:
    return len(_MEASURED_RE.findall(view))


# Numbers that describe rather than count: a pronoun "one" ("each one under 20 words", "the one on the left") and
# the number of a compound adjective ("a six-storey block", "a two-bedroom flat")
_PRONOUN_ONE_BEFORE_RE = re.compile(r"\b(?:each|every|this|that|the|which|any|no|another|other|only|last|first|"
                                    r"next|right|wrong|same|new|old|big|small)[ \t]+$", re.IGNORECASE)
_COMPOUND_ADJECTIVE_AFTER_RE = re.compile(r"-(?!(?:one|two|three|four|five|six|seven|eight|nine)\b)[a-z]{3,}",
                                          re.IGNORECASE)


def _maths_numbers(view: str) -> int:
    """Numbers in the instructions that are quantities, not output lengths ("in 80 words" does not count)."""
    return sum(1 for m in _NUMBER_RE.finditer(view) if not _COUNT_UNIT_AFTER_RE.match(view, m.end())
               and not _COMPOUND_ADJECTIVE_AFTER_RE.match(view, m.end())
               and not (m.group().lower() == "one" and _PRONOUN_ONE_BEFORE_RE.search(view, max(0, m.start() - 12),
                                                                                    m.start())))


def _request_region(prompt: PromptDocument, *, first_turn: bool = False) -> tuple[str, list[str]]:
    """The text that states the request: the last user turn of a chat transcript (with `first_turn`, the first, where
    the conversation's task was set), else the instruction part."""
    # a delimited block's own fence lines ("--- POLICY EXTRACT ---") name the material, not the request
    fences = [Span(b.span.start, b.content_span.start) for b in prompt.sources if b.kind == "delimited"]
    fences += [Span(b.content_span.end, b.span.end) for b in prompt.sources if b.kind == "delimited"]
    view = blanked(prompt.reading_view, fences)
    turns = conversation_turns(view, prompt.body_start)
    users = [t for t in turns if t.is_user]
    if not users or not any(t.speaker in ASSISTANT_SPEAKERS for t in turns):
        return view, []  # a system message and one request is a single request, not a conversation
    last = users[0 if first_turn else -1].span
    region = "".join(c if last.start <= i < last.end or c == "\n" else " " for i, c in enumerate(view))
    which = "the first user turn set the task" if first_turn else "the last user turn states the request"
    return region, [f"chat transcript: {len(turns)} turns, {which}"]


def _cue_score(task: TaskType, text: str) -> float:
    """The weight of `task`'s cues found in `text`, one hit per cue."""
    return sum(weight for pattern, weight in _COMPILED_CUES[task] if pattern.search(text))


CONDENSE_FALLBACK = "material with no question and no other cue"
CONVERSATION_FALLBACK = "conversation without a task cue"


def detect_task(prompt: PromptDocument) -> TaskDetection:
    """Decide the task type from the whole prompt (cues are evidence, not the decision):

    1. front matter `task:` decides when it names a type;
    2. each type's cues score in the request (a chat transcript's last user turn, else the instruction part);
    3. the prompt's shape moves the scores: a question about pasted material is grounded (also "how many");
       pasted code asked about is grounded, code to fix is code; numbers with a quantity question and no source
       make a maths problem (reasoning); a question with no source and no other cue is open; summaries and
       extraction need material; a chat transcript without a task cue in its last turn is general; material with
       no question, no cue, no verb of writing or replying and a shape that condenses (bullets, a word count,
       "short") is to be summarised (low confidence), except in a chat, where a last turn that only reshapes the
       reply, or reworks the assistant's draft, keeps the task the first user turn set;
    4. the highest score wins; confidence grows with its margin over the runner-up.
    """
    if prompt.front_matter.task:
        declared = parse_task_name(prompt.front_matter.task)
        if declared is not None:
            return TaskDetection(declared, 1.0, f"front matter task: {prompt.front_matter.task}", None,
                                 ("front matter",))
    detection = _detect_in_turn(prompt, first_turn=False)
    if detection.task is TaskType.REWRITING and detection.evidence[:1] and \
            detection.evidence[0].startswith("chat transcript"):
        # "Good but make it shorter and less formal": the last turn reworks the assistant's own draft, so the task
        # is still the one the conversation began with (a message to write, a question to answer)
        begun = _detect_in_turn(prompt, first_turn=True)
        if begun.task is not TaskType.REWRITING:
            return TaskDetection(begun.task, begun.confidence, begun.cue, begun.cue_span,
                                 (*begun.evidence, "the last user turn reworks the assistant's reply"))
    if detection.cue in (CONDENSE_FALLBACK, CONVERSATION_FALLBACK) and detection.evidence[:1] and \
            detection.evidence[0].startswith("chat transcript"):
        # "Nur die Namen bitte, unter 30 Wörtern", "Danke, passt. Nur die fünf Werte, jeweils eine Zeile": a last turn
        # that only reshapes the answer asks nothing new; the task is the one the conversation began with, when that
        # turn states one
        begun = _detect_in_turn(prompt, first_turn=True)
        if begun.cue_span is not None and begun.confidence >= 0.5:  # a cue the first turn states, not a fallback
            return TaskDetection(begun.task, begun.confidence, begun.cue, begun.cue_span,
                                 (*begun.evidence, "the last user turn only reshapes the assistant's reply"))
    return detection


def _detect_in_turn(prompt: PromptDocument, *, first_turn: bool) -> TaskDetection:
    """`detect_task` past the front matter, reading the request in the last user turn (or the first)."""
    region, evidence = _request_region(prompt, first_turn=first_turn)
    chat = bool(evidence)
    view = prompt.reading_view
    scores: dict[TaskType, float] = {}
    best_cue: dict[TaskType, tuple[float, str, Span]] = {}

    def credit(task: TaskType, weight: float, cue: str = "", span: Span | None = None) -> None:
        scores[task] = scores.get(task, 0.0) + weight
        if span is not None and (task not in best_cue or weight > best_cue[task][0]):
            best_cue[task] = (weight, cue, span)

    for task, cues in _COMPILED_CUES.items():
        for pattern, weight in cues:
            match = next((m for m in pattern.finditer(region) if not _negated_cue(region, m) and not (
                task is not TaskType.CODE_GENERATION and _program_purpose_cue(region, m))), None)
            if match:  # one hit per cue: repetition is not more evidence
                start = match.start() + len(match.group()) - len(match.group().lstrip())
                if task is TaskType.SUMMARIZATION and _summary_line_cue(region, match):
                    weight *= 0.5  # "underneath, add one summary sentence": a closing line of other work
                credit(task, weight, match.group().strip(), Span(start, match.end()))
    sentences = sentence_spans(region, prompt.body_start)
    questions = [s for s in sentences if is_question(s.slice(region)) and not _POLITE_REQUEST_RE.match(s.slice(region))]
    if not questions:
        questions = [s for s in sentences if _INDIRECT_QUESTION_RE.search(s.slice(region))]
    # "Hi, how are you?" is small talk; "Salut ! On est 4 adultes ... Les enfants ont le droit ?" greets, then asks
    phatic = bool(_PHATIC_RE.match(region[prompt.body_start:].lstrip())) and \
        len(region[prompt.body_start:].split()) <= PHATIC_MAX_WORDS
    if questions and not phatic:
        span = questions[-1]
        credit(TaskType.OPEN_QA, 2.0, span.slice(region), span)
        evidence.append("question form")
    material = [b for b in prompt.sources if b.text.strip()]
    code_only = bool(material) and all(b.kind == "fenced" and b.label in _CODE_LANGUAGES for b in material)
    if material:
        evidence.append("source: " + ", ".join(f"{b.kind} block" + (f" ({b.label})" if b.label else "")
                                              for b in material[:3]))
    numbers = _maths_numbers(view)
    quantity = _QUANTITY_QUESTION_RE.search(region) or (chat and _QUANTITY_QUESTION_RE.search(view))
    # "a Python function that calculates the deflection": working out is what the program does, not the request
    program = scores.get(TaskType.CODE_GENERATION, 0.0) >= PROGRAM_NAMED or (
        chat and _cue_score(TaskType.CODE_GENERATION, view) >= PROGRAM_NAMED)  # the program named in an earlier turn
    if not material and quantity and numbers >= 2 and not program:
        credit(TaskType.REASONING, 3.0 + scores.pop(TaskType.OPEN_QA, 0.0), quantity.group(),
               Span(quantity.start(), quantity.end()))  # its question asks for the quantity: it is the problem's
        evidence.append(f"{numbers} numbers and a quantity to work out, no source")
    elif not material and questions and not chat and _measured_quantities(view) >= MEASURED_FOR_WORD_PROBLEM:
        span = questions[-1]
        credit(TaskType.REASONING, 3.0 + scores.pop(TaskType.OPEN_QA, 0.0), span.slice(region), span)
        evidence.append(f"{_measured_quantities(view)} amounts of money or measure and a question, no source")

    if material:
        data_out = _DATA_OUT_RE.search(region)
        if data_out and not questions and not code_only:
            credit(TaskType.EXTRACTION, 1.5, data_out.group(), Span(data_out.start(), data_out.end()))
            evidence.append(f"data requested from the material ({data_out.group().strip()})")
        if questions and TaskType.GENERAL in scores:
            scores[TaskType.GENERAL] *= 0.5  # "write the reply" answering a question about the material
        edit = _CODE_EDIT_RE.search(region) if code_only else None
        if edit:  # code pasted to be fixed, changed or refactored
            credit(TaskType.CODE_GENERATION, 3.0, edit.group(), Span(edit.start(), edit.end()))
            evidence.append("pasted code to change")
        asked = scores.pop(TaskType.OPEN_QA, 0.0)
        if TaskType.REASONING in scores and questions:
            asked += scores.pop(TaskType.REASONING)  # "how many ..." about the material is a question about it
        if asked or TaskType.GROUNDED_QA in scores:
            if code_only and not edit:
                scores.pop(TaskType.CODE_GENERATION, None)  # "what does this function do?" asks about the code
            credit(TaskType.GROUNDED_QA, asked)
            if TaskType.GROUNDED_QA not in best_cue and TaskType.OPEN_QA in best_cue:
                best_cue[TaskType.GROUNDED_QA] = best_cue[TaskType.OPEN_QA]
    else:
        if TaskType.GROUNDED_QA in scores:
            credit(TaskType.OPEN_QA, scores.pop(TaskType.GROUNDED_QA))
            if TaskType.OPEN_QA not in best_cue:
                best_cue[TaskType.OPEN_QA] = best_cue[TaskType.GROUNDED_QA]
        for task in _NEEDS_SOURCE:
            if task in scores:
                scores[task] *= 0.5
    if chat and TaskType.OPEN_QA in scores:
        credit(TaskType.GENERAL, scores.pop(TaskType.OPEN_QA))  # a question in a conversation continues it
        if TaskType.GENERAL not in best_cue and TaskType.OPEN_QA in best_cue:
            best_cue[TaskType.GENERAL] = best_cue[TaskType.OPEN_QA]

    read = tuple(evidence) + (() if material else ("no source text",))
    if not scores:
        # material pasted, nothing asked about it and no other cue: most often it is to be condensed ("my boss only
        # reads bullets. three bullets exactly ... <incident_report>"); in a chat, notes pasted earlier and a last
        # turn that asks for it shorter ("Refais-moi ça en trois phrases maximum")
        condense = bool(material) and not questions and not code_only and not _WRITE_VERB_RE.search(region) and \
            _CONDENSE_CUE_RE.search(region) is not None and not _RESPOND_CUE_RE.search(region)
        if condense:
            return TaskDetection(TaskType.SUMMARIZATION, 0.4, CONDENSE_FALLBACK, None, read)
        if chat or phatic:
            return TaskDetection(TaskType.GENERAL, 0.6, CONVERSATION_FALLBACK, None, read)
        return TaskDetection(TaskType.GENERAL, 0.3, "no task cue found", None, read)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], list(TaskType).index(item[0])))
    task, top = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    confidence = round(min(1.0, 0.5 + 0.5 * (top - runner_up) / max(top, 1.0)), 2)
    if task in best_cue:
        _, cue, span = best_cue[task]
        cue_span: Span | None = span
    else:
        cue, cue_span = evidence[-1] if evidence else "prompt shape", None
    if len(ranked) > 1 and runner_up > 0:  # what the margin (the confidence) is over
        read += (f"runner-up: {ranked[1][0].value}",)
    return TaskDetection(task, confidence, cue, cue_span, read)
