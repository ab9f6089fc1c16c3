"""The main kinds in Spanish, French and German: counts of words, sentences, paragraphs, lines, stanzas and bullet
points, forbidden and required words (and how often), all lowercase or all capitals, no lists, numbered lists,
JSON and its keys, the closing phrase, and the response language.

    es  "en un máximo de 60 palabras", "entre 80 y 120 palabras", "no uses la palabra "urgente"",
        "incluye la palabra "sal" al menos dos veces", "todo en minúsculas", "sin listas", "en formato JSON con las
        claves ...", "termina con la frase "...", "responde en español"
    fr  "en trois phrases au plus", "pas plus de 20 mots par point", "n'utilise pas de liste", "au format JSON",
        "réponds en français", "en liste numérotée", "trois maximum"
    de  "in höchstens 80 Wörtern", "in genau zwei Sätzen", "Verwende kein einziges Mal das Wort "Blätter"",
        "alles in Kleinbuchstaben", "ohne Aufzählungen", "als JSON mit den Schlüsseln ...", "Antworte auf Deutsch",
        "ins Englische"

Each language's phrasings sit in one table (`PHRASINGS`); relations map onto the English ones, so bounds follow
the same rules as everywhere ("höchstens 80" is "less than 81"). All lowercase in a prompt written in one of these
languages is `rubriq:all_lowercase` (no capital letter, any language), since IFEval's kind requires English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from itertools import islice

from rubriq.core.constraints.families.casing import RETURNED_RE
from rubriq.core.constraints.families.grammar import (
    MAX_MATCHES,
    Bound,
    Extraction,
    bounds_for,
    parse_items,
    range_wording,
    wording_for,
)
from rubriq.core.constraints.numbers import NUM, parse_number
from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN
from rubriq.core.text import Span

# ---------------------------------------------------------------------------------------------------------------
# Phrasings


@dataclass(frozen=True)
class Phrasings:
    """How one language states the main kinds. Relations map to the English relation they mean."""

    code: str
    numbers: dict[str, int]
    relations: dict[str, str]  # before the count: "como máximo" -> "at most"
    after: dict[str, str]  # after the unit: "80 palabras como máximo" -> "at most"
    units: dict[str, str]  # unit word -> what it counts
    between: str  # "entre {a} y {b}"
    times: str  # "dos veces", "zweimal": the frequency unit
    word: str  # "la palabra", "das Wort": the noun that names a keyword
    forbid: str  # before the keyword noun: "no uses", "ohne"
    require: str  # before the keyword noun: "incluye", "verwende"
    require_after: str  # after the keyword: "debe aparecer", "muss vorkommen"
    lowercase: str
    no_lists: str
    numbered: str
    json: str
    yaml: str
    topic: str  # before a topic to leave out: "no menciones", "erwähne nicht"
    last_sentence: str  # "termina con una frase que empiece por"
    keys: str  # "con las claves", "mit den Schlüsseln"
    no_extra_keys: str
    end: str  # "termina con la frase"
    respond: str  # "responde en", "antworte auf"
    languages: dict[str, str]
    translate: str  # "traduce ... al", "übersetze ... ins"
    forbid_after: str = r"(?!)"  # after the keyword: "no debe aparecer", "darf nicht vorkommen"
    table: str = r"(?!)"
    no_emoji: str = r"(?!)"
    bullets: str = r"(?!)"  # "en viñetas", "sous forme de liste à puces", "in Stichpunkten"
    starts: str = r"(?!)"  # before a quoted opening: "empieza con", "commence par", "beginne mit"
    ends_question: str = r"(?!)"
    list_verbs: str = r"(?!)"  # "dame", "propose", "nenne" before a count of items
    each: str = r"(?!)"  # "cada una", "aucun", "jeweils" before a count: a limit on each part, not the whole

    @cached_property
    def number_re(self) -> str:
        words = "|".join(sorted((re.escape(w) for w in self.numbers), key=len, reverse=True))
        return rf"(?:{NUM}|{words})"

    def number(self, text: str) -> int | None:
        value = text.strip().lower()
        return self.numbers[value] if value in self.numbers else parse_number(value)

    @cached_property
    def count_re(self) -> re.Pattern[str]:
        rel = "|".join(sorted((re.escape(r).replace(r"\ ", r"\s+") for r in self.relations), key=len, reverse=True))
        after = "|".join(sorted((re.escape(r).replace(r"\ ", r"\s+") for r in self.after), key=len, reverse=True))
        units = "|".join(sorted((re.escape(u) for u in self.units), key=len, reverse=True))
        n = self.number_re
        return re.compile(
            rf"(?<![\w-])(?:(?P<rel>{rel})\s+)?(?:{self.between.format(a=f'(?P<a>{n})')}\s*)?(?P<n>{n})\s+"
            rf"(?:[^\W\d_]{{2,15}}\s+)?(?P<unit>{units})(?![\w-])(?:\s+(?P<after>{after})(?![\w-]))?",
            re.IGNORECASE)


ES = Phrasings(
    code="es",
    numbers={"un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
             "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "quince": 15, "veinte": 20, "treinta": 30,
             "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90,
             "cien": 100, "ciento": 100, "doscientas": 200, "doscientos": 200, "trescientas": 300,
             "trescientos": 300, "quinientas": 500, "quinientos": 500},
    relations={"como máximo": "at most", "un máximo de": "at most", "máximo": "at most", "máx.": "at most",
               "no más de": "at most", "a lo sumo": "at most", "hasta": "at most", "menos de": "less than",
               "al menos": "at least", "por lo menos": "at least", "como mínimo": "at least",
               "un mínimo de": "at least", "mínimo": "at least", "más de": "more than", "exactamente": "exactly",
               "justo": "exactly",
               "solo": "exactly", "sólo": "exactly", "aproximadamente": "about", "unas": "about", "unos": "about",
               "alrededor de": "about"},
    after={"como máximo": "at most", "máximo": "at most", "como mínimo": "at least", "mínimo": "at least",
           "o menos": "at most", "o más": "at least"},
    units={"palabras": "word", "palabra": "word", "oraciones": "sentence", "oración": "sentence", "frases": "sentence",
           "frase": "sentence", "párrafos": "paragraph", "párrafo": "paragraph", "líneas": "line", "línea": "line",
           "versos": "line", "verso": "line", "estrofas": "stanza", "estrofa": "stanza", "viñetas": "bullet",
           "viñeta": "bullet", "puntos": "point", "caracteres": "character"},
    between=r"(?:entre\s+|de\s+)?{a}\s*(?:y|a|-|–)\s*", times=r"(?:veces|vez)",
    word=r"(?:la\s+palabra|las\s+palabras|el\s+término|los\s+términos)",
    forbid=r"(?:no\s+(?:uses|utilices|incluyas|escribas|digas|menciones|pongas)|sin\s+(?:usar|utilizar|mencionar|"
           r"incluir)|evita(?:r)?|nunca\s+(?:uses|digas))",
    require=r"(?:incluye|incluir|usa|utiliza|menciona|emplea|con|que\s+(?:incluya|contenga|use))",
    require_after=r"(?:debe|tiene\s+que|ha\s+de)\s+(?:aparecer|estar|figurar|usarse|incluirse)",
    lowercase=r"(?:todo\s+en\s+minúsculas|solo\s+(?:en\s+)?minúsculas|únicamente\s+minúsculas|en\s+minúsculas|"
              r"sin\s+mayúsculas)",
    no_lists=r"(?:sin\s+(?:listas?|viñetas|enumeraciones)|no\s+(?:uses|utilices|hagas|pongas)\s+(?:una\s+)?(?:listas?|"
             r"viñetas|enumeraciones))",
    numbered=r"(?:(?:una\s+|en\s+)?lista\s+numerada|pasos\s+numerados|numera\s+los\s+pasos|numéral[oa]s|numerad[oa]s\b|"
             r"pon(?:le|les)?\s+(?:un\s+)?número\s+(?:a|delante\s+de)\s+cad[ao]|con\s+(?:su|un)\s+número\s+delante)",
    json=r"(?:en\s+formato\s+JSON|como\s+(?:un\s+)?JSON|en\s+JSON)",
    yaml=r"(?:en\s+formato\s+YAML|como\s+(?:una?\s+)?(?:lista\s+)?YAML|en\s+YAML)",
    topic=r"(?:no\s+(?:menciones|hables\s+de|hables\s+del|hagas\s+referencia\s+a)|sin\s+mencionar)",
    last_sentence=r"(?:termina|acaba|finaliza)\s+con\s+una\s+(?:frase|oración)\s+que\s+(?:empiece|comience|empieza)\s+"
                  r"(?:por|con)\s*",
    keys=r"(?:con\s+(?:las|los)\s+(?:claves|campos)|(?:claves|campos)\s*:)",
    no_extra_keys=r"(?:sin\s+(?:otras|más)\s+claves|ninguna\s+otra\s+clave|no\s+añadas\s+(?:otras\s+)?claves)",
    end=r"(?:termina|acaba|finaliza|concluye|cierra|termine|acabe|finalice|concluya|cierre)\s+"
        r"(?:tu\s+\w+\s+|el\s+\w+\s+|la\s+\w+\s+)?(?:exactamente\s+|justo\s+)?con\s+(?:la\s+frase|las\s+"
        r"palabras|la\s+oración)?\s*:?\s*",
    respond=r"(?:responde|contesta|escribe|redacta|explícalo|explica|hazlo)\b[^.\n]{0,30}?\ben",
    languages={"español": "es", "castellano": "es", "inglés": "en", "francés": "fr", "alemán": "de",
               "italiano": "it", "portugués": "pt", "catalán": "ca"},
    translate=r"\btraduc(?!tor)\w*\b[^.\n]{0,60}?\b(?:al|a)",  # the verb, not "traductora (inglés al español)"
    forbid_after=r"(?:no\s+(?:debe|puede|tiene\s+que)\s+(?:aparecer|usarse|figurar|salir)|está\s+prohibid[ao]|fuera\b|"
                 r"(?:ni\s+)?(?:la|lo|las|los)\s+quiero\s+(?:ver|leer))",
    table=r"(?:en|como)\s+(?:una\s+)?tabla",
    no_emoji=r"(?:sin\s+emojis?|no\s+(?:uses|pongas)\s+emojis?|emojis?\s+no\b(?!\s+(?:más|mas|demasiados)\b))",
    bullets=r"(?:en|con)\s+(?:una\s+lista\s+(?:con|de)\s+)?viñetas",
    starts=r"(?<!que\s)(?:empieza|comienza|inicia)\s+(?:tu\s+[\w-]+\s+|la\s+[\w-]+\s+|el\s+[\w-]+\s+)?(?:con|por)\s*",
    ends_question=r"(?:termina|acaba|cierra)\s+(?:[\w-]+\s+){0,2}?con\s+una\s+pregunta",
    list_verbs=r"(?:dame|sugiere|sugiéreme|propón|proponme|enumera|lista|nombra|escribe|búscame|encuéntrame)",
    each=r"(?:cada|ningun[oa])",
)
FR = Phrasings(
    code="fr",
    numbers={"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
             "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "quinze": 15, "vingt": 20, "trente": 30, "quarante": 40,
             "cinquante": 50, "soixante": 60, "cent": 100, "deux cents": 200, "trois cents": 300},
    relations={"au plus": "at most", "au maximum": "at most", "maximum": "at most", "pas plus de": "at most",
               "tout au plus": "at most", "jusqu'à": "at most", "moins de": "less than", "au moins": "at least",
               "au minimum": "at least", "minimum": "at least", "plus de": "more than", "exactement": "exactly",
               "précisément": "exactly", "environ": "about", "à peu près": "about"},
    after={"au plus": "at most", "maximum": "at most", "au maximum": "at most", "max": "at most",
           "minimum": "at least", "au minimum": "at least", "ou moins": "at most", "ou plus": "at least"},
    units={"mots": "word", "mot": "word", "phrases": "sentence", "phrase": "sentence", "paragraphes": "paragraph",
           "paragraphe": "paragraph", "lignes": "line", "ligne": "line", "vers": "line", "strophes": "stanza",
           "strophe": "stanza", "puces": "bullet", "points": "point", "caractères": "character"},
    between=r"(?:entre\s+|de\s+)?{a}\s*(?:et|à|-|–)\s*", times=r"fois",
    word=r"(?:le\s+mot|les\s+mots|le\s+terme|les\s+termes)",
    forbid=r"(?:n'utilise\s+pas|n'emploie\s+pas|ne\s+(?:mentionne|dis|mets|cite)\s+pas|sans\s+(?:utiliser|employer|"
           r"mentionner)|évite(?:r)?|jamais)",
    require=r"(?:inclus|inclure|utilise|emploie|mentionne|cite|avec|qui\s+contient)",
    require_after=r"(?:doit|devra)\s+(?:apparaître|figurer|être\s+(?:utilisé|présent|mentionné))",
    lowercase=r"(?:tout\s+en\s+minuscules|uniquement\s+en\s+minuscules|en\s+minuscules|sans\s+majuscules?)",
    no_lists=r"(?:n'utilise\s+pas\s+de\s+(?:listes?|puces)|sans\s+(?:listes?|puces|énumérations?)|pas\s+de\s+(?:listes?|"
             r"puces))",
    numbered=r"(?:(?:en\s+|une\s+)?liste\s+numérotée|étapes\s+numérotées|numérote\s+les\s+étapes|numérote(?:z)?[\s-]les|"
             r"numérot(?:é|ée|és|ées)\b|(?:mets|mettez)\s+un\s+numéro\s+(?:à|devant)\s+chaque|"
             r"avec\s+(?:son|leur|un)\s+numéro\s+devant)",
    json=r"(?:au\s+format\s+JSON|en\s+JSON|sous\s+forme\s+de\s+JSON)",
    yaml=r"(?:au\s+format\s+YAML|en\s+YAML|sous\s+forme\s+de\s+YAML)",
    topic=r"(?:ne\s+(?:mentionne|parle|cite|évoque)\s+pas(?:\s+de|\s+du|\s+des)?|sans\s+(?:mentionner|évoquer|parler\s+de))",
    last_sentence=r"(?:termine|finis)\s+(?:par|avec)\s+une\s+phrase\s+qui\s+(?:commence|débute)\s+par\s*",
    keys=r"(?:avec\s+(?:les|des)\s+(?:clés|champs)(?:\s+en\s+\w+)?|(?:clés|champs)\s*:)",
    no_extra_keys=r"(?:aucune\s+autre\s+clé|pas\s+d'autres\s+clés|sans\s+autres?\s+clés?)",
    end=r"(?:termine|finis|conclus)\s+(?:ta\s+\w+\s+|ton\s+\w+\s+|par|avec)\s*(?:exactement\s+)?(?:par\s+|avec\s+)?"
        r"(?:la\s+phrase|les\s+"
        r"mots)?\s*:?\s*",
    respond=r"(?:réponds|répondez|écris|écrivez|rédige|rédigez)\b[^.\n]{0,30}?\ben",
    languages={"français": "fr", "anglais": "en", "espagnol": "es", "allemand": "de", "italien": "it",
               "portugais": "pt"},
    translate=r"\btradui\w*\b[^.\n]{0,60}?\ben",
    forbid_after=r"(?:ne\s+doit\s+pas\s+(?:apparaître|figurer|être\s+utilisé)|est\s+interdit|dehors\b|à\s+bannir|"
                 r"je\s+ne\s+veux\s+(?:plus\s+)?(?:le|la|les)\s+(?:voir|lire))",
    table=r"(?:en|sous\s+forme\s+de)\s+(?:un\s+)?tableau",
    no_emoji=r"(?:sans\s+[ée]mojis?|pas\s+d'[ée]mojis?)",
    bullets=r"(?:en|sous\s+forme\s+de)\s+(?:liste\s+à\s+)?puces|liste\s+à\s+puces",
    starts=r"(?<!qui\s)commence\s+(?:ta\s+[\w-]+\s+|ton\s+[\w-]+\s+|le\s+[\w-]+\s+|la\s+[\w-]+\s+)?par\s*",
    ends_question=r"(?:termine|finis|conclus)\s+(?:[\w-]+\s+){0,2}?par\s+une\s+question",
    list_verbs=r"(?:donne(?:-moi)?|propose(?:-moi)?|liste|cite|énumère|suggère|trouve(?:-moi)?|trouvez(?:-moi)?)",
    each=r"(?:chacun|chacune|chaque|aucun|aucune)",
)
DE = Phrasings(
    code="de",
    numbers={"ein": 1, "eine": 1, "einen": 1, "einem": 1, "einer": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
             "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "fünfzehn": 15,
             "zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80,
             "hundert": 100, "zweihundert": 200, "dreihundert": 300},
    relations={"höchstens": "at most", "maximal": "at most", "max.": "at most", "nicht mehr als": "at most",
               "bis zu": "at most", "weniger als": "less than", "unter": "less than", "mindestens": "at least",
               "wenigstens": "at least", "minimal": "at least", "mehr als": "more than", "über": "more than",
               "genau": "exactly", "exakt": "exactly", "nur": "exactly", "etwa": "about", "ungefähr": "about",
               "circa": "about", "ca.": "about"},
    after={"maximal": "at most", "höchstens": "at most", "oder weniger": "at most", "oder mehr": "at least",
           "mindestens": "at least"},
    units={"wörtern": "word", "wörter": "word", "wort": "word", "sätzen": "sentence", "sätze": "sentence",
           "satz": "sentence", "absätzen": "paragraph", "absätze": "paragraph", "absatz": "paragraph",
           "zeilen": "line", "zeile": "line", "strophen": "stanza", "strophe": "stanza", "stichpunkten": "bullet",
           "stichpunkte": "bullet", "aufzählungspunkten": "bullet", "aufzählungspunkte": "bullet",
           "zeichen": "character", "punkte": "point", "punkten": "point"},
    between=r"(?:zwischen\s+)?{a}\s*(?:und|bis|-|–)\s*", times=r"(?:mal|-mal)",
    word=r"(?:das\s+Wort|dem\s+Wort|die\s+Wörter|den\s+Wörtern|den\s+Begriff|dem\s+Begriff|die\s+Begriffe)",
    forbid=r"(?:verwende\s+(?:kein\s+einziges\s+mal|nicht|niemals|nie)|benutze\s+(?:nicht|nie)|nutze\s+(?:nicht|nie)|"
           r"ohne|vermeide|nenne\s+nicht|erwähne\s+nicht)",
    require=r"(?:verwende|benutze|nutze|erwähne|nenne|mit|baue\b[^.\n]{0,10}?\bein)",
    require_after=r"(?:muss|soll|sollte)\s+(?:darin\s+|im\s+Text\s+)?(?:vorkommen|auftauchen|erscheinen|enthalten\s+sein)",
    lowercase=r"(?:alles\s+(?:in\s+)?kleinbuchstaben|nur\s+(?:in\s+)?kleinbuchstaben|in\s+kleinbuchstaben|"
              r"alles\s+kleingeschrieben|komplett\s+klein(?:geschrieben)?|(?:ohne|keine)\s+großbuchstaben)",
    no_lists=r"(?:ohne\s+(?:aufzählungen?|aufzählungszeichen|listen?|stichpunkte)|keine\s+(?:aufzählungen?|"
             r"aufzählungszeichen|listen?|stichpunkte))",
    numbered=r"(?:(?:als\s+|eine\s+)?nummerierte\s+liste|nummerierte\s+schritte|nummeriere\s+die\s+schritte|nummeriere?\s+sie|"
             r"nummeriert\b|mit\s+(?:seiner|ihrer|einer)\s+(?:Zahl|Nummer)\s+(?:vorne(?:\s+dran)?|davor)|"
             r"(?:gib|schreib)\s+jede[mnrs]?\s+\w+\s+eine\s+(?:Nummer|Zahl))",
    json=r"(?:als\s+JSON|im\s+JSON-Format|in\s+JSON)",
    yaml=r"(?:als\s+YAML(?:-\w+)?|im\s+YAML-Format|in\s+YAML)",
    topic=r"(?:erwähne\s+(?:nicht|nie|keine[nrs]?)|ohne\s+(?:zu\s+erwähnen|Erwähnung\s+von))",
    last_sentence=r"(?:beende|schließe)\s+(?:\w+\s+){0,2}mit\s+einem\s+Satz,?\s+der\s+mit\s*",
    keys=r"(?:mit\s+den\s+(?:schlüsseln|feldern)|(?:schlüssel|felder)\s*:)",
    no_extra_keys=r"(?:keine\s+weiteren\s+(?:schlüssel|felder)|keine\s+anderen\s+(?:schlüssel|felder)|sonst\s+keine\s+"
                  r"(?:schlüssel|felder))",
    end=r"(?:beende|schließe|schliesse)\s+(?:deine\s+[\w-]+\s+|den\s+[\w-]+\s+|die\s+[\w-]+\s+|ihn\s+|sie\s+|es\s+)?"
        r"(?:genau\s+|exakt\s+)?(?:mit|ab\s+mit)\s+"
        r"(?:dem\s+satz|den\s+worten|der\s+zeile)?\s*:?\s*",
    respond=r"(?:antworte|antwortet|antworten\s+sie|schreibe|schreib|formuliere)\b[^.\n]{0,30}?\b(?:auf|in)",
    languages={"deutsch": "de", "englisch": "en", "englische": "en", "französisch": "fr", "französische": "fr",
               "spanisch": "es", "spanische": "es", "italienisch": "it", "italienische": "it", "deutsche": "de",
               "englischer": "en", "deutscher": "de", "französischer": "fr", "spanischer": "es"},
    translate=r"\bübersetze(?!r)\w*\b[^.\n]{0,60}?\b(?:ins|in\s+das|auf)",  # not "Übersetzerin (… ins Deutsche)"
    forbid_after=r"(?:(?:darf|soll|sollte)\s+nicht\s+(?:vorkommen|auftauchen|erscheinen|verwendet\s+werden)|"
                 r"(?:nicht|niemals|nie)\s+(?:verwenden|benutzen|nutzen)|weglassen|auslassen|vermeiden|"
                 # "„dringend“ kommt in keine Spalte", "„obliegt“ will ich nicht mehr lesen", "„Synergie“ fliegt raus"
                 r"(?:kommt|kommen)\s+(?:da\s+|hier\s+)?(?:in\s+kein\w*|nicht\s+(?:vor|rein))|"
                 r"will\s+ich\s+(?:da\s+|hier\s+)?(?:nicht|nie)\s+(?:mehr\s+)?(?:lesen|sehen|hören)|"
                 r"(?:fliegt|fliegen)\s+(?:komplett\s+|ganz\s+)?raus)\b",
    # "als Tabelle", "mach mir daraus bitte eine Tabelle": the reply as a table
    table=r"(?:als|in\s+einer?)\s+tabelle|mach\w*\s+(?:(?:mir|uns|daraus|davon|bitte|doch)\s+){0,4}eine\s+"
          r"(?:(?:kleine|kurze|einfache|übersichtliche)\s+)?tabelle",
    no_emoji=r"(?:keine|ohne)\s+emojis?",
    bullets=r"(?:als|in)\s+stichpunkten?|als\s+aufzählung",
    starts=r"(?<!der\s)(?<!die\s)(?<!den\s)(?:beginne?|starte?|fange?)\s+(?:deine\s+[\w-]+\s+|den\s+[\w-]+\s+|die\s+[\w-]+\s+)?"
           r"mit\s*",
    ends_question=r"(?:beende|schließe)\s+(?:[\w-]+\s+){0,2}?mit\s+einer\s+frage",
    list_verbs=r"(?:nenne|gib\s+mir|liste|schlage\s+mir|zähle)",
    each=r"(?:jeweils|jede[rsnm]?|je|keine[rsm]?|keins)",
)
PHRASINGS = (ES, FR, DE)
ONCE = {"einmal": 1, "zweimal": 2, "dreimal": 3, "viermal": 4, "fünfmal": 5}
EACH_AFTER_RE = re.compile(r"\s+(?:chacun|chacune|jeweils|cada\s+un[oa])(?![\w-])", re.IGNORECASE)
PER_RE = re.compile(r"\s+(?:por|pro|par|je|cada|chaque|jede[nrs]?)\s+\w", re.IGNORECASE)
BULLET_CONTEXT_RE = re.compile(r"\b(?:viñetas|puces|aufzählung\w*|stichpunkt\w*)", re.IGNORECASE)
# "als Liste mit genau fünf Punkten", "une liste de cinq points": the points of a plain list are its bullets; those
# of a numbered list are its items (read with the numbered list)
LIST_CONTEXT_RE = re.compile(r"(?<![\w-])(?<!ohne\s)(?<!keine\s)(?<!sin\s)(?<!sans\s)(?<!pas\sde\s)(?<!ninguna\s)"
                             r"(?:liste|lista)(?![\w-])", re.IGNORECASE)
NUMBERED_CONTEXT_RE = re.compile(r"nummer|numérot|numerad|enumer|énumér|aufzähl", re.IGNORECASE)
# A name or word referred to, not given: "no menciones el nombre del alcalde" (which name, the source says).
NOT_TOPICS = frozenset({"nombre", "nombres", "nom", "noms", "namen", "name", "palabra", "mot", "wort", "eso", "ça",
                        "das", "commentaire", "commentaires", "comentario", "comentarios", "kommentar", "explication",
                        "explicación", "erklärung", "préambule", "preámbulo", "introduction", "einleitung"})
QUOTED_RE = re.compile(r"[\"“„«‘']\s*([^\"”“«»‘’'\n]{1,60}?)\s*[\"”“»’']")
UNIT_KINDS = {"word": ("length_constraints:number_words", "num_words", "length"),
              "sentence": ("length_constraints:number_sentences", "num_sentences", "length")}


_IN_A_TABLE_RE = re.compile(r"[ \t]+(?:in[ \t]+der|in[ \t]+dieser|de[ \t]+la|en[ \t]+la|du|dans[ \t]+le|de[ \t]+ce)"
                            r"[ \t]+(?:tabelle|tabla|tableau)\b", re.IGNORECASE)


def extract_multilingual(ex: Extraction) -> None:
    view = ex.source_view
    for lang in PHRASINGS:
        _counts(ex, lang)
        _keywords(ex, lang)
        _simple(ex, lang)
        _language(ex, lang, view)


def _counts(ex: Extraction, lang: Phrasings) -> None:
    view = ex.source_view
    for m in islice(lang.count_re.finditer(view), MAX_MATCHES):
        n = lang.number(m.group("n"))
        unit = lang.units[m.group("unit").lower()]
        if n is None:
            continue
        if unit == "point":
            sentence = view[max(0, view.rfind(".", 0, m.start()) + 1):view.find(".", m.end()) % (len(view) + 1)]
            if not BULLET_CONTEXT_RE.search(sentence) and not (LIST_CONTEXT_RE.search(sentence) and
                                                               not NUMBERED_CONTEXT_RE.search(sentence)):
                continue  # "en trois points" is a bullet count only next to "liste à puces" or "als Liste mit"
            unit = "bullet"
        rel = lang.relations.get(" ".join(m.group("rel").lower().split())) if m.group("rel") else None
        post = lang.after.get(" ".join(m.group("after").lower().split())) if m.group("after") else None
        head = view[max(0, m.start() - 25):m.start()].lower()
        stretch = re.split(r"[.;,:!?\n]", view[max(0, m.start() - 40):m.start()])[-1]
        if re.search(rf"(?<![\w-]){lang.each}(?![\w-])", stretch, re.IGNORECASE) or EACH_AFTER_RE.match(view, m.end()):
            continue  # "chacun doit faire moins de 8 mots", "jeweils mit drei Stichpunkten": each part's count
        if unit == "line" and _IN_A_TABLE_RE.match(view, m.end()):
            continue  # "höchstens fünf Zeilen in der Tabelle": a table's rows, not the reply's lines
        if PER_RE.match(view, m.end()):
            if unit == "word" and re.match(r"\s+(?:par|por|pro|je)\s+(?:point|punto|punkt|élément|elemento)",
                                           view[m.end():m.end() + 20], re.IGNORECASE):
                bounds = bounds_for(rel, post, n, limiting=LESS_THAN)
                for bound in bounds:  # "pas plus de 20 mots par point": every item's length
                    if bound.relation in (AT_LEAST, LESS_THAN):
                        ex.add_source("rubriq:item_length", "length",
                                      {"relation": bound.relation, "num_words": bound.value},
                               Span(m.start(), m.end() + 10), wording_for(bound, "word") + " per item", 0.8)
            continue  # "un párrafo por día": per something, not the whole response
        if m.group("a"):
            a = lang.number(m.group("a"))
            if a is None or a >= n:
                continue
            bounds = [Bound(AT_LEAST, a), Bound(LESS_THAN, n + 1, True)]
        else:
            relation = post if post and not rel else rel
            bounds = bounds_for(relation, None, n, limiting=LESS_THAN if unit == "word" else EXACTLY,
                                default=EXACTLY if unit != "word" else "about")
        if n == 1 and m.group("n").lower() in ("un", "una", "une", "ein", "eine", "einen") and re.search(
                r"\b(?:dame|da|dime|donne|donne-moi|gib|gib\s+mir)\s*$", head):
            continue  # "dame una frase motivadora": a phrase to give, not the length of the answer
        if n == 1 and unit == "word" and m.group("n").lower() in ("un", "una", "une", "ein", "eine", "einen") and \
                not re.search(r"\b(?:en|in|mit|con|avec)\s*$", head):
            continue  # "écris un mot aux parents" is a note to write; only "en un mot" is a length
        if not rel and not post and not m.group("a") and not re.search(
                r"\b(?:en|in|de|mit|con|avec|sur|auf|of|à|dame|da|escribe|haz|usa|incluye|donne|donne-moi|écris|fais|"
                r"utilise|gib|schreibe|schreib|nenne|verwende|nutze)\s*$", head):
            continue  # a bare count counts only when it reads as the length of the answer ("en tres frases")
        span = Span(m.start(), m.end())
        stated = range_wording(bounds, unit)
        _add_count(ex, unit, bounds, span, stated)


def _add_count(ex: Extraction, unit: str, bounds: list[Bound], span: Span, stated: str | None) -> None:
    for bound in bounds:
        if unit in UNIT_KINDS:
            kind, param, subtype = UNIT_KINDS[unit]
            if bound.relation == "about":
                ex.add_source("rubriq:approximate_words", "length", {"num_words": bound.value}, span,
                       wording_for(bound, unit), 0.7)
            else:
                ex.add_source(kind, subtype, {"relation": bound.relation, param: bound.value}, span,
                       stated or wording_for(bound, unit), 0.9)
        elif unit == "paragraph" and bound.relation != "about":
            ex.add_source("rubriq:number_paragraphs", "structure",
                          {"num_paragraphs": bound.value, "relation": bound.relation},
                   span, stated or wording_for(bound, unit), 0.85)
        elif unit == "line" and bound.relation != "about":
            ex.add_source("rubriq:number_lines", "structure", {"relation": bound.relation, "num_lines": bound.value},
                          span,
                   stated or wording_for(bound, unit), 0.85)
        elif unit == "stanza" and bound.relation == EXACTLY:
            ex.add_source("rubriq:number_stanzas", "structure", {"num_stanzas": bound.value}, span,
                   wording_for(bound, unit), 0.85)
        elif unit == "bullet":
            if bound.relation == EXACTLY:
                ex.add_source("detectable_format:number_bullet_lists", "structure", {"num_bullets": bound.value}, span,
                       wording_for(bound, "bullet point"))
            elif bound.relation == AT_LEAST:
                ex.add_source("rubriq:bullet_count", "structure", {"min": bound.value, "max": None}, span,
                       wording_for(bound, "bullet point"))
            elif bound.relation == LESS_THAN:
                ex.add_source("rubriq:bullet_count", "structure", {"min": None, "max": bound.value - 1}, span,
                       wording_for(bound, "bullet point"))
        elif unit == "character" and bound.relation in (AT_LEAST, LESS_THAN):
            ex.add_source("rubriq:number_characters", "length",
                          {"relation": bound.relation, "num_characters": bound.value},
                   span, wording_for(bound, unit))


_FURTHER_WORD_RE = re.compile(r"\s*,?\s*(?:ni|nor|or|ou|oder|noch|o)\s+(?P<noun>(?:[^\W\d_]+\s+){1,2}?)?(?=[\"“„«‘'])",
                              re.IGNORECASE)


def _put_out_after(ex: Extraction, lang: Phrasings, items: list[str], span: Span, words_between: int) -> bool:
    """Quoted words at `span`, then said to be put out within a few words ("„X“ weglassen", "«X» fuera"), read as
    forbidden words here unless read so already; whether they were added."""
    view = ex.source_view
    if not items or not re.match(rf"\s*,?\s*(?:[^\W\d_]+\s+){{0,{words_between}}}?{lang.forbid_after}",
                                 view[span.end:span.end + 60], re.IGNORECASE):
        return False
    if any(c.kind == "keywords:forbidden_words" and c.span.overlaps(ex.in_view(span)) for c in ex.found):
        return False
    ex.add_source("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
                  "no " + ", ".join(map(repr, items)))
    return True


def _keywords(ex: Extraction, lang: Phrasings) -> None:
    view = ex.source_view
    times = re.compile(rf"\s*(?:(?P<rel>{'|'.join(re.escape(r) for r in lang.relations)})\s+)?(?P<n>{lang.number_re})"
                       rf"\s*{lang.times}\b|\s*(?P<once>einmal|zweimal|dreimal|viermal|fünfmal)\b", re.IGNORECASE)
    for verb, required in ((lang.forbid, False), (lang.require, True)):
        pattern = re.compile(rf"\b{verb}\s+(?:[\w']+\s+){{0,3}}?{lang.word}\s*:?\s*", re.IGNORECASE)
        for m in islice(pattern.finditer(view), MAX_MATCHES):
            items, end = parse_items(view, m.end(), allow_bare=False)
            if not items:
                continue
            # 'sin usar la palabra "lluvia" ni la palabra "agua"': a second quoted word joined to the first
            more = _FURTHER_WORD_RE.match(view, end)
            while more and len(items) < MAX_MATCHES:
                further, further_end = parse_items(view, more.end(), allow_bare=False)
                noun = (more.group("noun") or "").strip()
                if not further or not re.fullmatch(rf"(?:{lang.word})?", noun, re.IGNORECASE):
                    break
                items, end = items + further, further_end
                more = _FURTHER_WORD_RE.match(view, end)
            span = Span(m.start(), end)
            count = times.match(view, end)
            if required and count:
                n = lang.number(count.group("n")) if count.group("n") else ONCE[count.group("once").lower()]
                rel = lang.relations.get(" ".join((count.group("rel") or "").lower().split()))
                for keyword in items:
                    for bound in bounds_for(rel, None, n or 1):
                        pairs = [Bound(AT_LEAST, bound.value), Bound(LESS_THAN, bound.value + 1)] \
                            if bound.relation == EXACTLY else [bound]
                        for b in pairs:
                            ex.add_source("keywords:frequency", "keyword", {"keyword": keyword, "relation": b.relation,
                                   "frequency": b.value}, Span(m.start(), count.end()),
                                   f"{keyword!r} " + wording_for(b, "time"))
                continue
            if required and any(c.kind == "keywords:forbidden_words" and c.span.overlaps(ex.in_view(span))
                                for c in ex.found):
                continue  # "verwende kein einziges Mal das Wort X" was read as a prohibition
            if required:
                ex.add_source("keywords:existence", "keyword", {"keywords": items}, span,
                       "include " + ", ".join(repr(i) for i in items))
            else:
                ex.add_source("keywords:forbidden_words", "keyword", {"forbidden_words": items}, span,
                       "no " + ", ".join(repr(i) for i in items))
    # the quoted words first, then put out: "«Fracción» y «RSU» fuera", "Das „dringend“ kommt in keine Spalte"
    first = re.compile(r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?<=,\s))(?:(?:das|der|die|el|la|los|las|le|les)\s+)?"
                       r"(?=[\"“„«‘'])", re.IGNORECASE)
    for m in islice(first.finditer(view), MAX_MATCHES):
        items, end = parse_items(view, m.end(), allow_bare=False)
        _put_out_after(ex, lang, items, Span(m.start(), end), words_between=1)
    after = re.compile(rf"\b{lang.word}\s+(?=[\"“„«‘'])", re.IGNORECASE)
    for m in islice(after.finditer(view), MAX_MATCHES):
        items, end = parse_items(view, m.end(), allow_bare=False)
        span = Span(m.start(), end)
        # 'das Wort „Schnee“ selbst bitte nicht benutzen', 'das Wort „Stadtrat“ weglassen'
        if _put_out_after(ex, lang, items, span, words_between=3):
            continue
        said = re.match(rf"\s*{lang.require_after}", view[end:end + 40], re.IGNORECASE)
        count = times.match(view, end + said.end()) if said else None
        if items and count:  # 'le mot "X" doit apparaître au moins deux fois'
            rel = lang.relations.get(" ".join((count.group("rel") or "").lower().split()))
            n = lang.number(count.group("n")) if count.group("n") else ONCE.get((count.group("once") or "").lower())
            for bound in bounds_for(rel, None, n or 1):
                for b in ([Bound(AT_LEAST, bound.value), Bound(LESS_THAN, bound.value + 1)]
                          if bound.relation == EXACTLY else [bound]):
                    ex.add_source("keywords:frequency", "keyword", {"keyword": items[0], "relation": b.relation,
                           "frequency": b.value}, Span(m.start(), end + said.end() + count.end()),
                           f"{items[0]!r} " + wording_for(b, "time"))
            continue
        if items and re.match(rf"\s*{lang.require_after}", view[end:end + 40], re.IGNORECASE) and not any(
                c.kind in ("keywords:existence", "keywords:frequency") and c.span.overlaps(ex.in_view(span))
                for c in ex.found):
            ex.add_source("keywords:existence", "keyword", {"keywords": items}, span,
                          "include " + ", ".join(map(repr, items)))


def _simple(ex: Extraction, lang: Phrasings) -> None:
    view = ex.source_view
    _shapes(ex, lang)
    for pattern, kind, subtype, wording in (
        (lang.lowercase, "rubriq:all_lowercase", "casing", "all lowercase letters"),
        (lang.no_lists, "rubriq:no_lists", "structure", "no bullet points or lists"),
        (lang.numbered, "rubriq:numbered_list", "format", "a numbered list"),
        (lang.json, "detectable_format:json_format", "format", "the whole response in JSON"),
        (lang.yaml, "rubriq:yaml_format", "format", "the whole response in YAML"),
    ):
        m = re.search(rf"(?<![\w-]){pattern}(?![\w-])", view, re.IGNORECASE)
        if m and kind == "rubriq:all_lowercase" and RETURNED_RE.search(
                view, max(0, *(view.rfind(stop, 0, m.start()) + 1 for stop in ".!?\n")), m.start()):
            continue  # "una función que devuelva el usuario ..., todo en minúsculas": what a program returns
        if m:
            ex.add_source(kind, subtype, {}, Span(m.start(), m.end()), wording, 0.85)
            if kind == "rubriq:numbered_list":
                _count_after(ex, lang, m)
    m = re.search(rf"(?<![\w-]){lang.keys}\s*:?\s*", view, re.IGNORECASE)
    if m and re.search(r"\bjson\b", view, re.IGNORECASE):
        # "les clés eleve, jour, heure et aucune autre clé": a word that goes on is no key
        items, end = parse_items(view, m.end(), allow_bare=True, clause_ends=True)
        if len(items) >= 2:
            ex.add_source("rubriq:json_keys", "format", {"keys": items}, Span(m.start(), end),
                   "the JSON keys " + ", ".join(items), 0.8)
            extra = re.search(rf"(?<![\w-]){lang.no_extra_keys}", view, re.IGNORECASE)
            if extra:
                ex.add_source("rubriq:json_no_extra_keys", "format", {"keys": items}, Span(extra.start(), extra.end()),
                       "no JSON key beyond " + ", ".join(items), 0.8)
    m = re.search(rf"(?<![\w-]){lang.last_sentence}", view, re.IGNORECASE)
    quoted = QUOTED_RE.match(view, m.end()) if m else None
    if m and quoted:
        option = quoted.group(1).strip()
        ex.add_source("rubriq:last_sentence_starts_with", "startend", {"options": [option]},
                      Span(m.start(), quoted.end()),
               f"a last sentence starting with {option!r}", 0.85)
        return
    for m in islice(re.finditer(rf"(?<![\w-]){lang.topic}\s+(?:el|la|los|las|le|les|l'|den|die|das|dem|der)?\s*",
                                view, re.IGNORECASE), MAX_MATCHES):
        words = re.match(r"[^\W\d_][\w'-]*(?:[ \t]+(?:\d+|[^\W\d_][\w'-]*)){0,2}", view[m.end():])
        if words and not QUOTED_RE.match(view, m.end()) and words.group().split()[0].lower() not in NOT_TOPICS:
            topic = re.split(r"\s+(?:y|o|et|ou|und|oder|en|dans|in|im|que|porque|weil|car)\b", words.group())[0]
            ex.add_source("rubriq:forbidden_topic", "keyword", {"topic": topic}, Span(m.start(), m.end() + len(topic)),
                   f"no mention of {topic}", 0.75)
    m = re.search(rf"(?<![\w-]){lang.end}", view, re.IGNORECASE)
    if m:
        quoted = QUOTED_RE.match(view, m.end())
        if quoted:
            phrase = quoted.group(1).strip()
            slot = re.search(r"(?<![\w'])(?:X|N|Y)(?![\w'])|<[^<>\n]{1,20}>|\[[^\]\n]{1,20}\]|_{2,}|…|\.{3}", phrase)
            span = Span(m.start(), quoted.end())
            if slot and slot.start() > 0:
                prefix = phrase[:slot.start()].strip()
                ex.add_source("rubriq:last_line_starts_with", "startend", {"options": [prefix]}, span,
                       f"a last line starting with {prefix!r}", 0.85)
            else:
                ex.add_source("startend:end_checker", "startend", {"end_phrase": phrase}, span, f"end with {phrase!r}")


def _shapes(ex: Extraction, lang: Phrasings) -> None:
    """Tables, emoji, bulleted lists, the opening words, a closing question and how many items to give."""
    view = ex.source_view
    for pattern, kind, subtype, wording in (
        (lang.table, "rubriq:markdown_table", "format", "a markdown table"),
        (lang.no_emoji, "rubriq:no_emoji", "format", "no emoji"),
        (lang.ends_question, "rubriq:ends_with_question", "startend", "end with a question"),
    ):
        m = re.search(rf"(?<![\w-]){pattern}(?![\w-])", view, re.IGNORECASE)
        if m:
            ex.add_source(kind, subtype, {}, Span(m.start(), m.end()), wording, 0.85)
    m = re.search(rf"(?<![\w-]){lang.bullets}(?![\w-])", view, re.IGNORECASE)
    counted = ("detectable_format:number_bullet_lists", "rubriq:bullet_count")
    if m and not any(c.kind in counted and abs(c.span.start - ex.in_view(Span(m.start(), m.end())).start) < 80
                    for c in ex.found):
        ex.add_source("rubriq:bullet_list", "format", {}, Span(m.start(), m.end()), "a bulleted list", 0.8)
    m = re.search(rf"(?<![\w-]){lang.starts}", view, re.IGNORECASE)
    quoted = QUOTED_RE.match(view, m.end()) if m else None
    if m and quoted:
        option = quoted.group(1).strip()
        ex.add_source("rubriq:starts_with", "startend", {"options": [option]}, Span(m.start(), quoted.end()),
               f"start with {option!r}", 0.85)
    rel = "|".join(sorted((re.escape(r) for r in lang.relations), key=len, reverse=True))
    units = "|".join(re.escape(u) for u in lang.units)
    m = re.search(rf"(?<![\w-]){lang.list_verbs}\s+(?:(?:mir|me|moi|nos|uns)\s+)?(?:(?P<rel>{rel})\s+)?"
                  rf"(?P<n>{lang.number_re})\s+(?!(?:{units})\b)(?P<noun>[^\W\d_]{{3,20}})", view, re.IGNORECASE)
    if m and (n := lang.number(m.group("n"))) and n >= 2 and not ex.has("rubriq:item_count"):
        for bound in bounds_for(lang.relations.get(" ".join((m.group("rel") or "").lower().split())), None, n):
            if bound.relation in (AT_LEAST, LESS_THAN, EXACTLY):
                ex.add_source("rubriq:item_count", "structure", {"relation": bound.relation, "num_items": bound.value},
                       Span(m.start(), m.end()), wording_for(bound, "item"), 0.7)


# The numbering asked of items named just before: "¿Me das tres eslóganes? Numéralos", "cinco frases, cada una con
# su número delante", "un número a cada método, son tres".
_REFERS_BACK_RE = re.compile(r"numéral[oa]s|numérote(?:z)?[\s-]les|nummeriere?\s+sie|(?<![\w-])(?:cad[ao]|chaque|"
                             r"chacune?|jede[mnrs]?)(?![\w-])", re.IGNORECASE)
_MEASURES = frozenset({"word", "line", "paragraph", "character", "stanza"})
_NOT_COUNTED = frozenset({
    "minutos", "horas", "días", "semanas", "meses", "años", "euros", "personas", "veces", "minutes", "heures", "jours",
    "semaines", "mois", "ans", "années", "personnes", "fois", "minuten", "stunden", "tage", "tagen", "wochen", "monate",
    "monaten", "jahre", "jahren", "euro", "personen", "mal"})


def _count_referred_to(ex: Extraction, lang: Phrasings, numbered: re.Match[str], at: int) -> None:
    view = ex.source_view
    if not _REFERS_BACK_RE.search(view, max(0, numbered.start() - 25), numbered.end()):
        return
    said_after = re.match(rf"(?:[ \t]+[^\W\d_][\w-]*)?,?[ \t]+(?:son|sont|ce[ \t]+sont|es[ \t]+sind|sind[ \t]+es)"
                          rf"[ \t]+(?P<n>{lang.number_re})(?![\w-])", view[numbered.end():], re.IGNORECASE)
    start = max(0, numbered.start() - 120)
    sentences = re.split(r"(?<=[.!?])\s+", view[start:numbered.start()])
    window = " ".join(sentences[-2:])  # this sentence and the one before
    named = [m for m in re.finditer(rf"(?<![\w-])(?P<n>{lang.number_re})\s+(?:[^\W\d_]+\s+)?(?P<noun>[^\W\d_]{{3,20}})",
                                    window, re.IGNORECASE)
             if lang.units.get(m.group("noun").lower()) not in _MEASURES and
             m.group("noun").lower() not in _NOT_COUNTED]
    n = lang.number(said_after.group("n")) if said_after else lang.number(named[-1].group("n")) if named else None
    if not n or n < 2:
        return
    end = numbered.end() + said_after.end() if said_after else numbered.end()
    ex.found = [c for c in ex.found if not (c.kind == "rubriq:numbered_list" and c.span.start == at)]
    ex.add_source("rubriq:numbered_list", "format", {"num_items": n}, Span(numbered.start(), end),
                  f"a numbered list of {n} items", 0.8)


def _count_after(ex: Extraction, lang: Phrasings, numbered: re.Match[str]) -> None:
    """ "trois maximum, en liste numérotée": a count of items just before or after the list is named."""
    view = ex.source_view
    around = view[max(0, numbered.start() - 40):numbered.end() + 40]
    offset = max(0, numbered.start() - 40)
    at = ex.in_view(Span(numbered.start(), numbered.end())).start
    # "numérotées de 1 à 4", "von 1 bis 4 nummeriert": the last number is the count
    after = re.match(r"[ \t]+(?:de|del|von)[ \t]+1[ \t]+(?:à|al|a|bis)[ \t]+(?P<n>\d{1,2})\b", view[numbered.end():])
    before = re.search(r"(?:de|del|von)[ \t]+1[ \t]+(?:à|al|a|bis)[ \t]+(?P<n>\d{1,2})[ \t]+$",
                       view[max(0, numbered.start() - 25):numbered.start()])
    if (up_to := after or before) and int(up_to.group("n")) >= 2:
        n = int(up_to.group("n"))
        span = Span(numbered.start(), numbered.end() + after.end()) if after else Span(numbered.start(), numbered.end())
        ex.found = [c for c in ex.found if not (c.kind == "rubriq:numbered_list" and c.span.start == at)]
        ex.add_source("rubriq:numbered_list", "format", {"num_items": n}, span, f"a numbered list of {n} items", 0.85)
        return
    rel = "|".join(sorted((re.escape(r) for r in lang.relations), key=len, reverse=True))
    items = re.search(rf"(?<![\w-])(?:(?P<rel>{rel})\s+)?(?P<n>{lang.number_re})\s+(?:punkten?|points|puntos|éléments|"
                      rf"elementos|einträgen|schritten?|pasos|étapes)(?![\w-])", around, re.IGNORECASE)
    if items and items.group("rel") and lang.relations.get(" ".join(items.group("rel").lower().split())) != "exactly":
        return  # "pas plus de cinq étapes": a bound on the items (an item count of its own), not their number
    if items and (n := lang.number(items.group("n"))):  # "als nummerierte Liste mit genau vier Punkten"
        ex.found = [c for c in ex.found if not (c.kind == "rubriq:numbered_list" and c.span.start == at)]
        ex.add_source("rubriq:numbered_list", "format", {"num_items": n}, Span(numbered.start(), offset + items.end()),
               f"a numbered list of {n} items", 0.85)
        return
    after = "|".join(re.escape(a) for a in lang.after)
    m = re.search(rf"(?<![\w-])(?P<n>{lang.number_re})\s+(?P<after>{after})(?![\w-])", around, re.IGNORECASE)
    if not m:
        _count_referred_to(ex, lang, numbered, at)
        return
    n = lang.number(m.group("n"))
    relation = lang.after[" ".join(m.group("after").lower().split())]
    if n:
        for bound in bounds_for(relation, None, n):
            ex.add_source("rubriq:item_count", "structure", {"relation": bound.relation, "num_items": bound.value},
                   Span(offset + m.start(), offset + m.end()), wording_for(bound, "item"), 0.8)


def _language(ex: Extraction, lang: Phrasings, view: str) -> None:
    if ex.has("language:response_language"):
        return
    names = "|".join(sorted(lang.languages, key=len, reverse=True))
    # "also auf Deutsch bitte", "en español, por favor": the language and a please, with no verb
    please = r"(?:bitte|please|por\s+favor|s'il\s+(?:te|vous)\s+pla[iî]t|svp)\b"
    for regex in (rf"(?<![\w-]){lang.respond}\s+(?P<lang>{names})\b", rf"{lang.translate}\s+(?P<lang>{names})\b",
                  rf"(?<![\w-])(?:auf|in|en)\s+(?P<lang>{names})\s*,?\s*{please}"):
        m = re.search(regex, view, re.IGNORECASE)
        if m:
            code = lang.languages[m.group("lang").lower()]
            ex.add_source("language:response_language", "language", {"language": code}, Span(m.start(), m.end()),
                   f"the whole response in {code}", 0.85)
            return
