"""How a prompt asks: request sentences, questions, references to pasted material and conversation turns, in
English, Spanish, French and German.

Source detection uses these cues to tell instructions from material, task detection to find what is asked and the
"not checked" reading to find instruction sentences. Everything here is a linear scan: bounded alternations of
literal words, no nested unbounded quantifiers.

A sentence *reads as a request* when, after list markers and politeness words ("please", "bitte", "por favor",
"s'il te plaît"), it starts with a request verb ("write", "resume", "écris", "fasse"), a request opener ("can
you", "I'd like", "help me", "peux-tu"), a role or task statement ("You are", "Your task"), or when it is a
question, or states an output count ("three bullets", "fifty words or fewer", "máximo 80 palabras").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubriq.core.text import Span

# Request verbs as people start instructions, imperative or infinitive. Lower case; matched as whole words.
REQUEST_VERBS = (
    # English
    "write", "summarize", "summarise", "give", "list", "make", "keep", "use", "answer", "explain", "tell",
    "rewrite", "re-write", "translate", "extract", "return", "include", "add", "avoid", "describe", "compare",
    "proofread", "fix", "simplify", "shorten", "cut", "format", "respond", "reply", "output", "provide", "show",
    "put", "end", "start", "finish", "begin", "mention", "focus", "limit", "be", "don't", "dont", "do not", "never",
    "always", "turn", "convert", "find", "pull out", "identify", "compose", "create", "generate", "draft", "build",
    "implement", "refactor", "calculate", "compute", "solve", "work out", "work it out", "think", "prove", "derive",
    "determine", "estimate", "paraphrase", "rephrase", "reword", "edit", "polish", "correct", "condense",
    "brainstorm", "suggest", "recommend", "help", "imagine", "pretend", "act as", "quote", "cite", "bold",
    "highlight", "wrap", "sign", "ensure", "recap", "outline", "choose", "pick", "parse", "number the",
    "number them", "number each", "tl;dr", "tldr", "go", "stay", "skip", "leave out", "omit", "exclude", "state",
    "sum up", "sum it up", "prioritise", "prioritize", "emphasise", "emphasize", "tighten", "boil", "jot down",
    "note down", "grab", "pick out", "collect all", "gather all", "look over", "go over", "review this",
    "review the", "review my", "review these", "check this", "check the", "check my", "check each", "check every",
    "check all", "check that", "check it", "spot any", "spot the", "flag any",
    "get the", "get me", "get all", "get every", "get each",
    "flag anything", "point out", "improve", "clean up", "round to", "round up", "round down", "round off",
    "round it", "round the", "address that", "address this", "address it", "address the", "address each",
    "address any", "cover every", "cover each", "cover all", "cover both", "discuss", "lead with", "open with",
    "close with", "walk me through", "talk me through", "say so", "ask", "thank my", "thank the", "thank our",
    "thank them", "sound like", "sound more", "sound less", "double-check", "repeat", "restate", "lay out",
    "lay the", "lay it", "set out", "set it out",
    # Spanish
    "escribe", "escríbeme", "resume", "resúmeme", "responde", "contesta", "explica", "explícalo", "explícame",
    "dame", "danos", "haz", "hazme", "usa", "utiliza", "incluye", "añade", "evita", "traduce", "tradúcelo",
    "reescribe", "redacta", "simplifica", "extrae", "devuelve", "lee", "enumera", "calcula", "indica",
    "menciona", "termina", "empieza", "comienza", "mantén", "sé", "corrige", "reformula", "genera", "crea",
    "necesito", "quiero", "ayúdame", "cuéntame", "dime", "describe", "compara", "organiza", "elige", "propón",
    "sugiere", "no uses", "no menciones", "no incluyas", "no añadas", "que sea", "que tenga", "que termine",
    "que incluya", "que empiece", "saca", "sácame", "apunta", "apúntame", "anota", "mejora", "mejórame",
    "prioriza", "céntrate", "enfócate", "redondea", "menciónalos", "menciónala", "menciónalo", "pon",
    "ponme", "deja", "quita", "revisa", "fíjate", "asegúrate", "tradúceme", "hazlo", "resúmelo",
    "monta", "móntame", "prepara", "prepárame", "arma", "ármame", "ordena", "ordéname",
    # French
    "écris", "écrivez", "résume", "résumez", "réponds", "répondez", "explique", "expliquez", "donne", "donnez",
    "fais", "faites", "utilise", "utilisez", "inclus", "incluez", "ajoute", "ajoutez", "évite", "évitez",
    "traduis", "traduisez", "réécris", "réécrivez", "reformule", "reformulez", "simplifie", "simplifiez",
    "extrais", "extrayez", "relève", "relevez", "calcule", "calculez", "indique", "indiquez", "mentionne",
    "termine", "terminez", "commence", "commencez", "garde", "gardez", "sois", "soyez", "corrige", "corrigez",
    "rédige", "rédigez", "génère", "crée", "créez", "propose", "proposez", "décris", "décrivez", "compare",
    "comparez", "raconte", "racontez", "dis", "dites", "aide", "aidez", "présente", "présentez", "limite",
    "limitez", "ne", "n'utilise", "n'ajoute", "n'oublie", "pas de", "peux-tu", "pouvez-vous", "pourrais-tu",
    "pourriez-vous", "j'ai besoin", "je veux", "je voudrais", "sors", "récupère", "améliore", "rends", "priorise",
    "concentre-toi", "insiste", "arrondis", "mets", "précise", "cite", "vérifie", "assure-toi", "veille", "relis",
    "numérote", "numérotez", "bannis", "bannissez", "laisse", "laissez",
    # German
    "schreib", "schreibe", "fass", "fasse", "beantworte", "antworte", "erkläre", "erklär", "gib", "nenne",
    "verwende", "benutze", "nutze", "übersetze", "formuliere", "extrahiere", "finde", "rechne", "berechne",
    "begründe", "erzähl", "erzähle", "beschreibe", "vergleiche", "füge", "achte", "halte", "vermeide", "mach",
    "mache", "erstelle", "ergänze", "korrigiere", "kürze", "vereinfache", "gliedere", "sortiere", "lies", "hilf",
    "stell", "stelle", "zähle", "markiere", "kannst", "könntest", "würdest", "ich brauche", "ich möchte",
    "ich hätte gern", "keine", "kein", "ohne", "zieh", "hol", "schau", "sag", "nenn", "behalte", "behalt", "lass",
    "nimm", "bleib", "bleibe", "priorisiere", "konzentrier", "konzentriere", "runde", "setz", "schick",
    "denk", "prüfe", "überprüfe", "streiche", "fang", "beginne", "schließe", "zeig", "zeige",
)
# Openers that make the rest of the sentence a request: "can you ...", "I'd like ...".
REQUEST_OPENERS = (
    "can you", "could you", "would you", "will you", "can u", "could u", "i need a", "i need an", "i need you",
    "i need some", "i need help", "i need the", "i need it", "i need this", "i want", "i'd like", "i would like",
    "i'd love", "help me", "let's", "lets", "i'm looking for", "i am looking for", "you are", "you're", "your task",
    "your job", "make sure", "remember to", "feel free", "i'd prefer", "i prefer",
    "puedes", "podrías", "me gustaría", "quiero que", "necesito que", "tu tarea", "eres", "tu respuesta",
    "peux-tu", "pourrais-tu", "j'aimerais", "je voudrais", "tu es", "ta réponse", "ta tâche",
    "kannst du", "könntest du", "ich möchte", "ich hätte gern", "du bist", "deine aufgabe", "deine antwort",
)
POLITENESS = ("please", "pls", "plz", "kindly", "now", "also", "then", "and", "so", "ok", "okay", "finally", "first",
              "firstly", "next", "lastly",
              "bitte", "por favor", "s'il te plaît", "s'il vous plaît", "svp", "y", "et", "und", "also,", "ahora",
              "maintenant", "jetzt", "dann", "luego", "ensuite", "enfin", "y luego")
QUESTION_WORDS = (
    "what", "who", "whom", "whose", "when", "where", "why", "how", "which", "is", "are", "does", "do", "did", "can",
    "could", "should", "would", "will", "was", "were", "has", "have", "am",
    "qué", "que", "quién", "quiénes", "cuándo", "dónde", "por qué", "cómo", "cuál", "cuáles", "cuánto", "cuánta",
    "cuántos", "cuántas", "es", "son", "hay", "puedo", "puede",
    "quoi", "qui", "quand", "où", "pourquoi", "comment", "quel", "quelle", "quels", "quelles", "combien",
    "est-ce", "c'est", "qu'est-ce",
    "was", "wer", "wann", "wo", "warum", "wieso", "weshalb", "wie", "welche", "welcher", "welches", "wieviel",
    "ist", "sind", "gibt", "kann", "darf", "soll", "hat", "haben",
)
COUNT_UNITS = (
    "words?", "sentences?", "paragraphs?", "bullets?", "bullet points?", "points?", "lines?", "items?", "characters?",
    "sections?", "stanzas?", "verses?", "steps?", "tests?", "examples?", "ideas?", "options?", "questions?",
    "palabras?", "frases?", "oraciones?", "párrafos?", "puntos?", "líneas?", "versos?", "pasos?", "ideas?",
    "mots?", "phrases?", "paragraphes?", "lignes?", "étapes?", "vers", "strophes?", "idées?",
    "wörter(?:n)?", "worte(?:n)?", "sätze(?:n)?", "satz", "absätze(?:n)?", "absatz", "punkte(?:n)?", "zeilen?",
    "strophen?", "schritte(?:n)?", "stichpunkte(?:n)?",
)
_NUMBER = (r"(?:\d{1,5}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|"
           r"sixty|seventy|eighty|ninety|hundred|a hundred|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|diez|cien|"
           r"un|une|deux|trois|quatre|cinq|dix|vingt|cent|ein|eine|einen|zwei|drei|vier|fünf|sechs|zehn|zwanzig|"
           r"hundert)")

# Words that name pasted material, so that "this paragraph", "the text below", "ce texte" refer to a block.
MATERIAL_NOUNS = (
    "text", "article", "paragraph", "paragraphs", "passage", "email", "e-mail", "mail", "message", "messages",
    "thread", "notes", "report", "review", "bio", "letter", "document", "documents", "transcript", "story", "essay",
    "post", "announcement", "notice", "policy", "description", "listing", "ad", "log", "logs", "lines", "data",
    "table", "list", "bullet points", "bullets", "sentence", "sentences", "excerpt", "clause", "clauses",
    "contract", "snippet", "code", "function", "script", "query", "page", "minutes", "abstract", "recipe",
    "itinerary", "ticket", "invoice", "signature", "quote", "quotes", "poem", "lyrics", "speech", "statement",
    "feedback", "comments", "comment", "reply", "chat", "conversation", "discussion", "export", "config", "file",
    "csv", "json", "paper", "memo", "summary", "draft", "copy", "content", "release data", "output", "spec",
    "specs", "handbook", "manual", "faq", "terms", "rules", "regulations", "agreement", "lease", "proposal",
    "changelog", "readme", "diff", "patch", "pull request", "commit", "html", "markdown", "call", "recording",
    "receipt", "receipts", "note", "schedule", "timetable", "menu", "brochure", "flyer", "survey", "pricing",
    "job ad", "thread", "extract", "passages", "transcripts", "reviews", "opinions", "horario", "acta", "actas",
    "transcripción", "chat", "hilo", "reseña", "reseñas", "opiniones", "noticia", "tabla", "página", "anuncio",
    "transcription", "avis", "mot", "tableau", "fiche", "extrait", "contrat", "annonce", "fil", "discussion",
    "texto", "párrafo", "mensaje", "correo", "documento", "noticia", "artículo", "informe", "carta", "frase",
    "frases", "lista", "contrato", "receta",
    "texte", "paragraphe", "courriel", "compte rendu", "règlement", "lettre", "phrase", "phrases", "liste",
    "signature", "contrat", "recette", "histoire", "poème",
    "absatz", "nachricht", "dokument", "artikel", "bericht", "brief", "produktbeschreibung", "beschreibung",
    "satz", "sätze", "liste", "hausordnung", "protokoll", "vertrag", "rezept", "mail", "e-mail", "tabelle",
)
_DEICTIC_BEFORE = (
    "this", "these", "that", "those", "the following", "following", "the", "my", "our", "his", "her", "their",
    "your", "the attached", "the pasted", "the below",
    "este", "esta", "estos", "estas", "el siguiente", "la siguiente", "los siguientes", "las siguientes", "el", "la",
    "mi", "nuestro", "nuestra",
    "ce", "cet", "cette", "ces", "le", "la", "les", "mon", "ma", "mes", "notre", "nos",
    "diese", "dieser", "dieses", "diesen", "den folgenden", "die folgende", "das folgende", "der folgende",
    "folgende", "folgenden", "den", "die", "das", "meine", "meinen", "mein", "unsere", "unseren",
)
# A demonstrative standing for material on its own: "Rewrite this for ...", "fix this pls", "tl;dr this", "Tighten
# this up:", "Mejora esto:", "Traduis ceci". Followed by a particle, a preposition or punctuation, never by a noun.
_BARE_THIS = (
    r"(?<![\w'’])(?:this|these|esto|ceci|ça|cela|dies|das hier)(?=[ \t]*(?:[.,:;!?)]|$|\n)|[ \t]+(?:for|into|to|in|up|"
    r"down|so|please|pls|plz|before|and|as|more|less|better|again|without|with|from|over|out|a bit|pour|en|para|"
    r"a|al|auf|für|ins|bitte|por favor|s'il)\b)")
# German compounds that end in a material noun: "den folgenden Vertragsauszug", "diesen Gruppenchat".
_GERMAN_COMPOUND = (
    r"(?<![\w'’])(?:diese[nmrs]?|de[nm]|die|das|im|vom|aus dem|aus der)\s+(?:folgenden?\s+|obigen?\s+)?[\w-]*?"
    r"(?:auszug|text|vertrag|bericht|mail|nachricht|protokoll|brief|artikel|absatz|beschreibung|liste|tabelle|"
    r"transkript|chat|verlauf|dokument|notizen|mitschrift|seite|ordnung|zettel|aushang)(?![\w'’])")
# "the following X", "den folgenden X", "el siguiente X", "le X suivant": what follows is the material.
_FOLLOWING = (
    r"(?<![\w'’])(?:the following|following|den folgenden|dem folgenden|die folgende|das folgende|der folgende|"
    r"im folgenden|el siguiente|la siguiente|los siguientes|las siguientes)\s+[\w'’-]+|"
    r"(?<![\w'’])(?:le|la|les|l')\s*[\w'’-]+\s+(?:suivante?s?|ci-dessous|ci-après)(?![\w'’])")
_DEICTIC_ALONE = (
    "below", "above", "here is", "here's", "here are", "pasted", "attached", "copied", "a continuación", "abajo",
    "ci-dessous", "ci-dessus", "voici", "voilà", "unten", "oben", "hier ist", "hier sind", "nachfolgend",
    "aquí tienes", "aquí está", "aquí va",
)
SPEAKERS = (
    "user", "assistant", "human", "ai", "bot", "system", "customer", "agent", "me", "you", "model", "chatbot",
    "usuario", "usuaria", "asistente", "cliente", "utilisateur", "utilisatrice", "assistant", "nutzer", "nutzerin",
    "benutzer", "benutzerin", "assistent", "kunde", "kundin",
)
USER_SPEAKERS = frozenset({"user", "human", "me", "customer", "usuario", "usuaria", "cliente", "utilisateur",
                           "utilisatrice", "nutzer", "nutzerin", "benutzer", "benutzerin", "kunde", "kundin"})


def _alternation(words: tuple[str, ...]) -> str:
    unique = sorted(set(words), key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in unique)


_LEAD_RE = re.compile(
    r"[ \t]*(?:[-*•+][ \t]+|\d{1,3}[.)][ \t]+|\(?[a-z]\)[ \t]+|>[ \t]*)?"
    # a label naming what follows as instructions: "House rules: lead with the money", "Vorgaben: ..."
    r"(?:(?:house|style|formatting|format|a\s+few|some|my|our|the|ground)?[ \t]*(?:rules|requirements|instructions|"
    r"constraints|guidelines|specs|reglas|requisitos|instrucciones|règles|consignes|regeln|vorgaben|anforderungen)"
    r"[ \t]*:[ \t]+)?", re.IGNORECASE)
_POLITE_RE = re.compile(r"(?:(?:" + _alternation(POLITENESS) + r")[ \t,]+){0,3}", re.IGNORECASE)
_REQUEST_START_RE = re.compile(
    r"(?:" + _alternation(REQUEST_OPENERS + REQUEST_VERBS) + r")(?![\w'’-])|"
    # French imperatives with their pronoun ("dis-moi", "note-moi", "corrige-le") and Spanish negative imperatives
    # ("no me sueltes", "no pongas"); statements ("no tienes", "no me gusta") do not end in -es/-as of a command.
    r"[a-zàâçéèêëîïôûùüÿœ]{2,15}-(?:moi|toi|le|la|les|lui|nous|vous|leur|en|y)(?:-(?:en|y|le|la|les))?(?![\w'’-])|"
    # Spanish imperatives with their pronouns attached ("pónmelo", "pásamelo", "dímelo", "resúmelo", "hazme"): an
    # accented stem before the pronoun, not a noun in -ulo ("cálculo", "título")
    r"(?![a-zñ]{0,12}[áéíóú][a-zñ]{0,6}(?:ulo|ula|ulos|ulas)(?![\w'’-]))"
    r"[a-zñ]{0,12}[áéíóú][a-zñ]{0,6}(?:melo|mela|melos|melas|selo|sela|selos|selas|noslo|nosla|me|nos|lo|la|los|"
    r"las)(?![\w'’-])|"
    r"no[ \t]+(?:(?:me|te|le|les|lo|la|los|las|nos)[ \t]+)?(?!(?:tienes|puedes|sabes|crees|quieres|debes|"
    r"estás|vas|eres|das|pasas)\b)[a-záéíóúñ]{2,15}(?:es|as)(?![\w'’-])|"
    # A wish in the Spanish subjunctive: "que no suene seca", "que se note", "que tenga final feliz".
    r"que[ \t]+(?:no[ \t]+)?(?:(?:se|le|lo|la|me|nos)[ \t]+)?(?:sea|sean|tenga|tengan|suene|suenen|note|dé|den|"
    r"incluya|incluyan|termine|empiece|lleve|haga|use|quede|parezca|resulte|hable|mencione|cite|explique|ocupe)"
    r"(?![\w'’-])",
    re.IGNORECASE)
# A phrase that leads into a request: "Based on the notes, write ...", "If more than one plan fits, explain why",
# "À partir de cette transcription, dis-moi ...". It opens with a word that leads in (a condition, a source, "for
# each"), so that a statement ("In March, use of the service rose") is not read as one. Bounded: no sentence end.
_LEADING_PHRASE_RE = re.compile(
    r"(?:based on|according to|using|going by|judging by|with|for (?:each|every|the|this|these|that|those|all)|if|"
    r"(?:from|out of) (?:the|this|these|that|those|my|our)|"
    r"when|whenever|unless|once|where|given|otherwise|then|also|finally|after that|before|in (?:each|every|your|the) "
    r"(?:case|answer|reply|summary|response)|d'après|selon|à partir|en te basant|en vous basant|avec|pour (?:chaque|"
    r"tout|toute)|si|quand|lorsque|une fois|según|basándote|con|para cada|cuando|laut|anhand|mit|für (?:jede[nsr]?|"
    r"alle)|wenn|falls|sobald)\b[^,:;.!?\n]{0,80}?,[ \t]+", re.IGNORECASE)
# A condition that opens a clause: what follows holds only sometimes, which no check on one output can verify.
CONDITION_RE = re.compile(
    r"^[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*(?:if|when|whenever|unless|in case|where|si|cuando|en caso de que|"
    r"quand|lorsque|au cas où|s'il|s'ils|wenn|falls|sofern|sobald)\b", re.IGNORECASE)
# A short sentence that leaves a feature of the answer out: "Y los emojis te los ahorras", "Emoticonos fuera".
_FEATURE_OUT_RE = re.compile(
    r"\b(?:emojis?|emoticon\w*|émojis?|smileys?|hashtags?|headings?|títulos|viñetas|titres|überschriften)\b"
    r"[^.!?\n]{0,25}?\b(?:out|fuera|ahorras|sobran|raus|weg|dehors|interdits?|prohibid[oa]s)\b(?=\s*(?:[.,;!]|$))",
    re.IGNORECASE)  # said last: "The headings are out of date" leaves nothing out
_QUESTION_START_RE = re.compile(r"[¿¡]?(?:" + _alternation(QUESTION_WORDS) + r")(?![\w'’-])", re.IGNORECASE)
_COUNT_RE = re.compile(
    r"\b" + _NUMBER + r"(?:\s*(?:-|–|to|or|and|y|o|et|ou|und|oder|bis)\s*" + _NUMBER + r")?[ \t]+(?:\w+[ \t]+)?(?:"
    + "|".join(COUNT_UNITS) + r")\b", re.IGNORECASE)
_LIMIT_RE = re.compile(
    r"\b(?:at most|at least|no more than|no fewer than|fewer than|less than|more than|under|max(?:imum)?|"
    r"min(?:imum)?|between|exactly|around|about|máximo|mínimo|como máximo|menos de|más de|no más de|entre|"
    r"exactamente|au plus|au moins|maximum|pas plus de|moins de|plus de|exactement|höchstens|mindestens|"
    r"maximal|genau|weniger als|mehr als|zwischen)\b(?!-)", re.IGNORECASE)  # "between-group" is no range
_MATERIAL_REF_RE = re.compile(
    r"(?<![\w'’])(?:(?:" + _alternation(_DEICTIC_BEFORE) + r")\s+(?:[\w'’-]+\s+){0,2}?(?:"
    + _alternation(MATERIAL_NOUNS) + r")|" + _alternation(_DEICTIC_ALONE) + r")(?![\w'’])|"
    + _BARE_THIS + "|" + _GERMAN_COMPOUND + "|" + _FOLLOWING, re.IGNORECASE)
_STAMP = r"(?:\[\d{1,2}:\d{2}(?::\d{2})?\][ \t]*)?"  # a chat export's "[09:14] " before the speaker
_TURN_RE = re.compile(r"^[ \t]*" + _STAMP + r"(?:\*\*)?(" + _alternation(SPEAKERS) + r")(?:\*\*)?[ \t]*"
                      r"(?:\d{1,2}[ \t]*)?:(?:\*\*)?[ \t]*", re.IGNORECASE | re.MULTILINE)
# A person's name as a speaker ("rachel:", "Tobias:") counts only beside an assistant's label.
# A chat app's copy says who spoke with a verb: "You said:" / "ChatGPT said:", "Tú dijiste:" / "ChatGPT dijo:".
_NAMED_TURN_RE = re.compile(r"^[ \t]*" + _STAMP + r"(?:\*\*)?([^\W\d_][\w.'-]{1,20})(?:\*\*)?"
                            r"(?:[ \t]+(?:said|says|dijo|dijiste|dice|a[ \t]+dit|as[ \t]+dit|sagte|sagtest))?"
                            r"[ \t]*:(?:\*\*)?(?:[ \t]+|[ \t]*$)", re.MULTILINE)
# Labels of a line that are no speaker: "Note: ...", "Subject: ...", "Question: ... / Answer: ..."
_NOT_SPEAKERS = frozenset({"note", "notes", "subject", "from", "to", "date", "re", "ps", "tip", "warning", "example",
                           "question", "answer", "q", "a", "output", "input", "context", "source", "task", "format",
                           "important", "nb", "cc", "sent", "title", "summary", "draft", "text", "prompt", "response"})
ASSISTANT_SPEAKERS = frozenset({"assistant", "ai", "bot", "chatbot", "model", "asistente", "assistent", "ki", "ia",
                                "chatgpt", "claude", "gemini", "copilot", "gpt", "llama", "mistral"})
# "It should appear twice", "each bullet must be one sentence", "your answer should ...": a modal about the answer.
_MODAL_RE = re.compile(
    r"^(?:you|your[ \t]+\w+|it|they|each[ \t]+\w+|every[ \t]+\w+|all[ \t]+\w+|the[ \t]+(?:very[ \t]+)?(?:answer|"
    r"response|output|reply|summary|story|poem|email|e-mail|message|text|list|code|function|script|result|title|essay|piece|tone|"
    r"explanation|introduction|conclusion|ending|first|last|final)(?:[ \t]+\w+)?)[ \t]+(?:should|must|needs?[ \t]+to|"
    r"has[ \t]+to|have[ \t]+to|shall|cannot|can't|may[ \t]+not|mustn't|shouldn't|is[ \t]+to|are[ \t]+to|"
    r"needs?[ \t]+(?:a|an|to))\b",
    re.IGNORECASE)
_RANGE_JOIN_RE = re.compile(r"\d\s*[-–]\s*\d|\s(?:to|or|y|o|et|ou|und|oder|bis)\s", re.IGNORECASE)
_PLEASE_RE = re.compile(r"(?<![\w'’])(?:please|pls|plz|bitte|por favor|s'il te plaît|s'il vous plaît|svp)(?![\w'’])",
                        re.IGNORECASE)
# "JSON please, as one object, ...", "A table bitte": a thing asked for, named first and then "please"
_THING_PLEASE_RE = re.compile(r"(?:[\w'’-]+[ \t]+){1,3}(?:please|pls|plz|bitte|por favor|s'il te plaît|"
                              r"s'il vous plaît|svp)(?![\w'’])", re.IGNORECASE)
# a closing quotation mark may follow the stop: 'end with "Delivered." Make it funny.'
_SENTENCE_END_RE = re.compile(r"[.!?;]+[\"”»’']?(?=[ \t]+|$)|\n")


def is_question(sentence: str) -> bool:
    """A question: ends with "?" (or opens with "¿"), or starts with a question word and asks."""
    text = sentence.strip()
    return text.endswith("?") or text.startswith("¿")


# A request after a reason, in the same sentence: "..., so give it to me as a table", «..., así que dámelo en tabla».
_SO_RE = re.compile(r"[,;:]\s*(?:so|and\s+so|así\s+que|conque|donc|alors|du\s+coup|also|daher|deshalb)\s+",
                    re.IGNORECASE)


def reads_as_request(sentence: str, lead_in: bool = True) -> bool:
    """Whether the sentence asks the model for something (see the module docstring); `lead_in` also reads a
    request after a leading phrase ("Based on the notes, write ...")."""
    text = sentence.strip()
    if not text:
        return False
    if is_question(text):
        return True
    lead = _LEAD_RE.match(text)
    rest = text[lead.end():] if lead else text
    polite = _POLITE_RE.match(rest)
    if polite and polite.end():
        rest = rest[polite.end():]
    if _REQUEST_START_RE.match(rest) or _MODAL_RE.match(rest):
        return True
    phrase = _LEADING_PHRASE_RE.match(rest) if lead_in else None
    if phrase:
        after = rest[phrase.end():]
        polite = _POLITE_RE.match(after)
        after = after[polite.end():] if polite else after
        if _REQUEST_START_RE.match(after) or _MODAL_RE.match(after):
            return True
    for connective in _SO_RE.finditer(text):  # "I paste it into an e-mail, so give it to me as a table"
        after = text[connective.end():]
        if _REQUEST_START_RE.match(after) or _MODAL_RE.match(after):
            return True
    if _PLEASE_RE.search(text) and len(text.split()) <= 10:  # longer notices say "please" to their readers
        return True
    if _THING_PLEASE_RE.match(rest):
        return True
    if len(text.split()) <= 8 and _FEATURE_OUT_RE.search(text):  # "Y los emojis te los ahorras.", "Emojis out."
        return True
    count = _COUNT_RE.search(text)  # "drei bis vier Sätze": a range is a limit too
    return bool(count and (_LIMIT_RE.search(text) or len(text.split()) <= 8 or _RANGE_JOIN_RE.search(count.group())))


def states_requirement(sentence: str) -> bool:
    """A modal requirement on the answer: "each bullet should be one sentence", "it needs a happy ending"."""
    lead = _LEAD_RE.match(sentence)
    return _MODAL_RE.match(sentence[lead.end():] if lead else sentence) is not None


def sentence_spans(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """Sentences (and lines) of text[start:end], split at ., !, ?, ; and line breaks; blanks trimmed."""
    end = len(text) if end is None else end
    spans: list[Span] = []
    pos = start
    for m in _SENTENCE_END_RE.finditer(text, start, end):
        _add_trimmed(text, pos, m.end() if m.group() != "\n" else m.start(), spans)
        pos = m.end()
    _add_trimmed(text, pos, end, spans)
    return spans


def _add_trimmed(text: str, start: int, end: int, spans: list[Span]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append(Span(start, end))


def has_request(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether any sentence of text[start:end] reads as a request."""
    return any(reads_as_request(s.slice(text)) for s in sentence_spans(text, start, end))


_QUOTE_AFTER_RE = re.compile(r"[ \t]?[«\"“„‹]")


def material_references(text: str) -> list[Span]:
    """Phrases that point at pasted material: "this paragraph", "the text below", "voici", "den folgenden Absatz"."""
    # « le mot « ferme » »: a noun followed by a quotation names a word, not material
    return [Span(m.start(), m.end()) for m in _MATERIAL_REF_RE.finditer(text)
            if not _QUOTE_AFTER_RE.match(text, m.end())]


@dataclass(frozen=True)
class Turn:
    speaker: str  # lower case, as written
    span: Span  # the turn's text after its label, to the next turn
    is_user: bool


def conversation_turns(text: str, start: int = 0) -> list[Turn]:
    """Chat turns ("User: ...", "Assistant: ...") when the text has at least two, each from its label to the next."""
    labels = list(_TURN_RE.finditer(text, start))
    named = False
    if len(labels) < 2 or len({m.group(1).lower() for m in labels}) < 2:
        # "Tobias: ... / Chatbot: ...": a person and an assistant, the person being the user
        labels = list(_NAMED_TURN_RE.finditer(text, start))
        speakers = {m.group(1).lower() for m in labels}
        if len(labels) < 2 or len(speakers) != 2 or len(speakers & ASSISTANT_SPEAKERS) != 1 or \
                speakers & _NOT_SPEAKERS:
            return []
        named = True
    turns = []
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        speaker = m.group(1).lower()
        user = speaker not in ASSISTANT_SPEAKERS if named else speaker in USER_SPEAKERS
        turns.append(Turn(speaker, Span(m.end(), end), user))
    return turns
