"""Repairs for a missed constraint, one builder per constraint subtype and kind (IFEval ids and Rubriq's own).

Each reads the constraint as the instruction-following rules record it (`kind`, `subtype`, `params` with IFEval's
parameter names, `constraint` wording, `quote`: the prompt's own words, `measured`) and states it back explicitly
with its actual numbers and words, quoting the prompt as it was written ("between 80 and 120 words" stays a range).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from rubriq.core.repair.facts import Facts, PromptFacts, clean, number_text, quote
from rubriq.core.repair.modes import constraint_subtype
from rubriq.core.repair.parts import Builder, Parts

# IFEval names response languages by ISO 639-1 code.
LANGUAGE_NAMES = {
    "en": "English", "es": "Spanish", "fr": "French", "de": "German", "it": "Italian", "pt": "Portuguese",
    "nl": "Dutch", "ru": "Russian", "zh": "Chinese", "ja": "Japanese", "ko": "Korean", "ar": "Arabic",
    "hi": "Hindi", "bn": "Bengali", "ur": "Urdu", "fa": "Persian", "sw": "Swahili", "ta": "Tamil", "te": "Telugu",
    "mr": "Marathi", "gu": "Gujarati", "kn": "Kannada", "pa": "Punjabi", "ml": "Malayalam", "ne": "Nepali",
    "th": "Thai", "vi": "Vietnamese", "tr": "Turkish", "pl": "Polish", "fi": "Finnish", "sv": "Swedish",
    "el": "Greek", "he": "Hebrew", "uk": "Ukrainian", "cs": "Czech", "ro": "Romanian", "hu": "Hungarian",
    "da": "Danish", "no": "Norwegian", "bg": "Bulgarian", "id": "Indonesian",
}


def _relation(f: Facts) -> str:
    relation = (f.text("relation", "comparison", "operator") or "").lower()
    if any(cue in relation for cue in ("least", "more than", "greater", "min", ">")):
        return "at least"
    if any(cue in relation for cue in ("exact", "==")):
        return "exactly"
    if "less" in relation or "fewer" in relation or "<" in relation:
        return "fewer than"
    if f.number("min_words", "minimum", "min") is not None and f.number("max_words", "maximum", "max") is None:
        return "at least"
    return "at most"


def _as_written(f: Facts) -> str | None:
    """The constraint in the prompt's own words (the text of the prompt that states it)."""
    return f.text("quote")


def _with_quote(parts: Parts, f: Facts) -> Parts:
    """Every constraint repair also quotes the prompt's own words for the constraint, once."""
    written = _as_written(f)
    if written and written.lower() not in " ".join([parts.requirement, *parts.steps]).lower():
        parts.steps = [f"The prompt asks for it in these words: {quote(written, 100)}.", *parts.steps]
    return parts


def _length(f: Facts, p: PromptFacts) -> Parts:
    unit = "words"
    for cue in ("sentence", "paragraph", "character", "letter"):
        if cue in " ".join(str(f.params.get(k, "")) for k in ("unit", "kind", "instruction_id")).lower() or \
                f.number(f"num_{cue}s", f"{cue}s") is not None:
            unit = f"{cue}s"
    limit = f.number("limit", "num_words", "num_sentences", "num_characters", "max_words", "min_words", "target",
                     "expected", "maximum", "minimum", "n")
    relation = _relation(f)
    if relation == "fewer than" and limit is not None and float(limit).is_integer() and unit != "characters":
        relation, limit = "at most", limit - 1  # IFEval stores "at most 60" as "less than 61"
    bound = f"{relation} {number_text(limit)} {unit}" if limit is not None else f"within the length the prompt sets " \
        f"({quote(f.constraint_text or f.evidence, 80)})"
    stated = f.constraint_text or ""
    if stated.startswith("between "):  # a range the prompt stated stays that range
        bound, relation = stated, "between"
    measured = f.measured
    had = f" (the last one had {number_text(measured)})" if measured is not None else ""
    cut_or_add = {"at least": "add a concrete detail", "between": "cut or add a sentence"}.get(
        relation, "cut the least important sentence")
    return Parts(
        "missed_constraint", f"length limit missed: {bound}", "length_limit", subtype="length",
        requirement=f"The {p.deliverable} must be {bound}{had}.",
        steps=[f"Count the {unit} before you finish; {cut_or_add} until the count is {bound}."],
        reminder=f"Length: {bound}.",
    )


def _format_constraint(f: Facts, p: PromptFacts) -> Parts:
    wanted = (f.text("format", "expected_format") or _kind(f)).lower()
    asked = f.constraint_text or f.evidence
    if "json" in wanted:
        keys = f.items("fields", "keys", "required_fields") or p.requested_fields or [p.deliverable.replace(" ", "_")]
        example = json.dumps({k: f"<{k} from the text>" for k in keys}, indent=2)
        return Parts("missed_constraint", "JSON format missed", "json_output", subtype="format",
                     requirement=f"Return the whole {p.deliverable} as one JSON object with the keys "
                                 f"{', '.join(keys)}, and nothing outside it.",
                     example=example, prefill="{", reminder="Output: one JSON object, nothing else.")
    if "title" in wanted:
        title = f.text("title") or "Title of the " + p.deliverable
        return Parts("missed_constraint", "title format missed", "output_format", subtype="format",
                     requirement=f"Begin with a title wrapped in double angular brackets, such as <<{title}>>.",
                     example=f"<<{title}>>\n\n{clean(f.evidence)[:80]}", prefill="<<",
                     reminder="Title first, in <<double angular brackets>>.")
    if "marked_sections" in wanted or "multiple_sections" in wanted:
        return _structure(f, p)
    if "highlight" in wanted:
        count = f.number("num_highlights", "n", "count") or 1
        return Parts("missed_constraint", "highlighted sections missed", "output_format", subtype="format",
                     requirement=f"Highlight at least {number_text(count)} section(s) with markdown, *like this*.",
                     example=f"*{clean(f.evidence)[:60]}*", reminder=f"{number_text(count)} *highlighted* section(s).")
    return Parts("missed_constraint", "required format missed", "output_format", subtype="format",
                 requirement=f"Follow the format the prompt sets exactly: {quote(asked, 100)}.",
                 example=clean(asked)[:120], reminder=f"Format: {quote(asked, 80)}.")


def _keyword(f: Facts, p: PromptFacts) -> Parts:
    forbidden = f.items("forbidden_words", "forbidden", "banned", "forbidden_word")
    kind = _kind(f)
    words = forbidden or f.items("keywords", "keyword", "word", "words", "letter", "phrase") or [f.evidence]
    word_list = ", ".join(quote(w, 40) for w in words)
    if forbidden or "forbidden" in kind:
        return Parts(
            "missed_constraint", f"forbidden word used: {word_list}", "word_choice", subtype="keyword",
            requirement=f"Use other words in place of {word_list}; choose a plain synonym each time.",
            prohibition=f"Do not use {word_list} anywhere in the {p.deliverable}.",
            steps=[f"Before finishing, search the {p.deliverable} for {word_list} and reword each sentence that "
                   f"has it."],
            reminder=f"Words to leave out: {word_list}.",
        )
    count = f.number("frequency", "min_count", "times", "count_required")
    times = f" at least {number_text(count)} times" if count else ""
    return Parts(
        "missed_constraint", f"required keyword missing: {word_list}", "required_words", subtype="keyword",
        requirement=f"Use {word_list}{times} in the {p.deliverable}, each in a sentence where it fits naturally.",
        steps=[f"Plan where {word_list} goes before writing."],
        reminder=f"Required words: {word_list}{times}.",
    )


def _casing(f: Facts, p: PromptFacts) -> Parts:
    wanted = (f.text("case", "casing") or _kind(f) or f.constraint_text or "lowercase").lower()
    upper = "upper" in wanted or ("capital" in wanted and "lower" not in wanted)
    case = "CAPITAL LETTERS" if upper else "lowercase letters"
    sample = clean(f.evidence)[:100]
    example = sample.upper() if upper else sample.lower()
    return Parts(
        "missed_constraint", f"casing missed: only {case}", "letter_case", subtype="casing",
        requirement=f"Write the entire {p.deliverable} in {case}, names and the first word included.",
        example=example, prefill=example.split(" ")[0] if example else None,
        reminder=f"Only {case}, from the first word to the last.",
    )


def _structure(f: Facts, p: PromptFacts) -> Parts:
    kind = " ".join([_kind(f), *(str(f.params.get(k, "")) for k in ("unit", "element"))]).lower()
    count = f.number("num_bullets", "num_sections", "num_paragraphs", "limit", "expected", "n", "count")
    n = int(count) if count else 3
    if "section" in kind or f.number("num_sections") is not None:
        splitter = f.text("section_spliter", "section_splitter", "splitter") or "Section"
        example = "\n\n".join(f"{splitter} {i}\n…" for i in range(1, n + 1))
        return Parts("missed_constraint", f"{n} sections required", "structure", subtype="structure",
                     requirement=f"Divide the {p.deliverable} into exactly {n} sections, each starting with "
                                 f"“{splitter} N” on its own line.",
                     example=example, prefill=f"{splitter} 1", reminder=f"Exactly {n} sections, “{splitter} 1” to "
                                                                    f"“{splitter} {n}”.")
    if "paragraph" in kind or f.number("num_paragraphs") is not None:
        example = "\n\n***\n\n".join(f"Paragraph {i}: …" for i in range(1, n + 1))
        return Parts("missed_constraint", f"{n} paragraphs required", "structure", subtype="structure",
                     requirement=f"Write exactly {n} paragraphs, separated by a line with *** on it.",
                     example=example, reminder=f"Exactly {n} paragraphs, separated by ***.")
    bullet = p.list_marker if p.list_marker in "*-" else "*"  # the user's own marker (IFEval counts * and -)
    example = "\n".join(f"{bullet} point {i}" for i in range(1, n + 1))
    measured = f.measured
    had = f"; the last one had {number_text(measured)}" if measured is not None else ""
    return Parts("missed_constraint", f"{n} bullet points required", "structure", subtype="structure",
                 requirement=f"Give exactly {n} markdown bullet points, each starting with “{bullet} ”{had}.",
                 example=example, prefill=f"{bullet} ", reminder=f"Exactly {n} bullet points.")


def _language(f: Facts, p: PromptFacts) -> Parts:
    language = f.text("language", "expected_language", "lang") or "the language the prompt asks for"
    language = LANGUAGE_NAMES.get(language.lower(), language)
    found = f.text("detected", "detected_language", "found")
    found = LANGUAGE_NAMES.get(found.lower(), found) if found else None
    was = f" (the last one was in {found})" if found else ""
    return Parts("missed_constraint", f"response language missed: {language}", "response_language",
                 subtype="language",
                 requirement=f"Write the whole {p.deliverable} in {language}{was}, including headings and lists.",
                 steps=[f"Keep quoted source text as it is, but write every sentence of your own in {language}."],
                 reminder=f"Language: {language} only.")


def _start_end(f: Facts, p: PromptFacts) -> Parts:
    end = f.text("end_phrase", "end", "ending")
    start = f.text("first_word", "start_phrase", "start", "opening")
    kind = _kind(f)
    if not end and "end" in kind and "quotation" not in kind:
        asked = f.constraint_text
        if not asked:
            return Parts("missed_constraint", "required ending missed", "ending", subtype="start_end",
                         requirement=f"End the {p.deliverable} with the exact closing phrase the prompt gives, as "
                                     f"its last words; the last one ended {quote(f.evidence, 80)}.",
                         reminder="Last words: the prompt's closing phrase, verbatim.")
        end = asked
    repeat = f.text("prompt_to_repeat")
    if repeat:
        return Parts("missed_constraint", "request not repeated first", "repeat_request", subtype="start_end",
                     requirement=f"First repeat the request word for word, without answering it: {quote(repeat)}; "
                                 f"then give the {p.deliverable}.",
                     example=f"{clean(repeat)[:120]}\n\n…", prefill=clean(repeat).split(" ")[0],
                     reminder="Request repeated verbatim first, then the answer.")
    if end:
        return Parts("missed_constraint", f"required ending missed: {quote(end, 60)}", "ending",
                     subtype="start_end",
                     requirement=f"End the {p.deliverable} with exactly this phrase: {end}",
                     example=f"…{clean(f.evidence)[-60:]} {end}", reminder=f"Last words: {end}")
    if start:
        return Parts("missed_constraint", f"required opening missed: {quote(start, 60)}", "opening",
                     subtype="start_end", requirement=f"Begin the {p.deliverable} with the word “{start}”.",
                     example=f"{start} …", prefill=start, reminder=f"First word: {start}.")
    wrap = "quotation" in kind or not kind
    return Parts("missed_constraint", "wrapping in double quotes missed", "wrapping", subtype="start_end",
                 requirement=f"Wrap the entire {p.deliverable} in double quotation marks.",
                 example=f"\"{clean(f.evidence)[:80]}\"" if wrap else clean(f.evidence)[:80], prefill="\"",
                 reminder="The whole reply sits inside one pair of double quotes.")


def _punctuation(f: Facts, p: PromptFacts) -> Parts:
    mark = f.text("mark", "character", "punctuation") or ","
    name = "commas" if mark == "," else f"the character {mark}"
    rewritten = re.sub(r"\s*" + re.escape(mark) + r"\s*", " ", clean(f.evidence))[:120]
    return Parts("missed_constraint", f"punctuation rule missed: no {name}", "punctuation", subtype="punctuation",
                 requirement=f"Write the {p.deliverable} without {name}: use short sentences or “and” where a "
                             f"{'comma' if mark == ',' else mark} would go.",
                 prohibition=f"Do not use {name} anywhere.",
                 example=rewritten, reminder=f"Zero {name}.")


def _content(f: Facts, p: PromptFacts) -> Parts:
    kind = _kind(f)
    asked = f.constraint_text or f.evidence
    if "repeat" in kind:
        return Parts("missed_constraint", "request not repeated first", "repeat_request", subtype="content",
                     requirement=f"First repeat the request word for word, without answering it: "
                                 f"{quote(p.core_request)}; then give the {p.deliverable}.",
                     reminder="Request repeated verbatim first, then the answer.")
    if "postscript" in kind or f.text("postscript_marker"):
        marker = f.text("postscript_marker", "marker") or "P.S."
        return Parts("missed_constraint", f"postscript starting with {marker} missing", "postscript",
                     subtype="content",
                     requirement=f"End with a postscript on its own line, starting with “{marker}”.",
                     reminder=f"Last line: a postscript starting with {marker}.")
    phrase = f.text("phrase", "required_phrase")
    if phrase and ("phrase" in kind or not kind):
        return Parts("missed_constraint", f"required phrase {quote(phrase, 60)} missing", "required_phrase",
                     subtype="content",
                     requirement=f"Include the exact phrase {quote(phrase)} in the {p.deliverable}, word for word.",
                     steps=[f"Decide where {quote(phrase, 60)} fits before writing, so it reads naturally."],
                     reminder=f"Exact phrase: {quote(phrase, 60)}.")
    if "placeholder" in kind:
        count = f.number("num_placeholders", "n", "count") or 1
        return Parts("missed_constraint", f"{number_text(count)} placeholder(s) required", "placeholders",
                     subtype="content",
                     requirement=f"Include at least {number_text(count)} placeholders in square brackets, "
                                 f"such as [address].", reminder=f"{number_text(count)}+ [placeholders].")
    return Parts("missed_constraint", f"constraint missed: {quote(asked, 60)}", "requirement", subtype="content",
                 requirement=f"The {p.deliverable} must satisfy this requirement of the prompt: {quote(asked)}.",
                 steps=[f"Before finishing, check the {p.deliverable} against {quote(asked, 80)} once more."],
                 reminder=f"Requirement: {quote(asked, 80)}.")




def _kind(f: Facts) -> str:
    return f.kind_hint


def _between(f: Facts) -> tuple[str, int]:
    """A count range as words ("between 3 and 5") and how many items an example should show."""
    exact = f.number("num_bullets", "num_items", "n")
    low, high = f.number("min", "minimum"), f.number("max", "maximum")
    if exact is not None:
        return f"exactly {number_text(exact)}", int(exact)
    if low is not None and high is not None:
        return f"between {number_text(low)} and {number_text(high)}", int(high)
    if low is not None:
        return f"at least {number_text(low)}", int(low)
    if high is not None:
        return f"at most {number_text(high)}", int(high)
    return "at least one", 3


def _fields_or(p: PromptFacts, fallback: list[str]) -> list[str]:
    return p.requested_fields or fallback


def output_shape(f: Facts, p: PromptFacts, mode: str) -> Parts | None:
    """Whole-output shapes the prompt asked for (lists, tables, headings, YAML, CSV...), by constraint kind;
    None when the kind is not one of them."""
    kind, asked = _kind(f), _as_written(f) or f.constraint_text or f.evidence
    subtype = constraint_subtype(f.finding) if mode == "missed_constraint" else None

    def shape(label: str, tag: str, requirement: str, example: str, reminder: str, **extra: object) -> Parts:
        return Parts(mode, label, tag, requirement=requirement, example=example, reminder=reminder, subtype=subtype,
                     steps=[f"The prompt asks for it in these words: {quote(asked, 100)}."], **extra)  # type: ignore[arg-type]

    if "bullet" in kind:
        bound, count = _between(f)
        bullet = p.list_marker if p.list_marker in "*-" else "*"  # the user's own marker (IFEval counts * and -)
        example = "\n".join(f"{bullet} point {i}" for i in range(1, min(max(count, 1), 8) + 1))
        return shape(f"{bound} bullet point(s) required", "bullet_list",
                     f"Give the {p.deliverable} as {bound} markdown bullet points, each on its own line starting "
                     f"with “{bullet} ”.", example, f"{bound.capitalize()} bullet points.", prefill=f"{bullet} ")
    if "numbered" in kind:
        bound, count = _between(f)
        example = "\n".join(f"{i}. …" for i in range(1, min(max(count, 1), 8) + 1))
        return shape(f"numbered list ({bound} item(s)) required", "numbered_list",
                     f"Give the {p.deliverable} as a numbered list of {bound} items, “1.” first.", example,
                     f"Numbered list, {bound} items.", prefill="1.")
    if "no_lists" in kind:
        return shape("lists used where prose was asked for", "prose_only",
                     f"Write the {p.deliverable} as paragraphs of connected prose, with every point inside a full "
                     f"sentence.", "The first point sits in a full sentence, and it leads to the second. The third "
                     "point closes the paragraph.", "Prose paragraphs only.",
                     prohibition="Do not use bullet points or numbered lists.")
    if "markdown_table" in kind:
        columns = _fields_or(p, ["item", "detail"])
        example = "| " + " | ".join(columns) + " |\n|" + "---|" * len(columns) + "\n| " + " | ".join(
            "…" for _ in columns) + " |"
        return shape("markdown table required", "table_format",  # "table" would name a source tag (sources.py)
                     f"Present the {p.deliverable} as a markdown table with the "
                     f"columns {', '.join(columns)}.", example, f"Markdown table: {', '.join(columns)}.", prefill="|")
    if "heading" in kind:
        return shape("headings required", "headings", f"Organise the {p.deliverable} under markdown headings "
                     f"(“## ” lines), one per topic.", "## First topic\n…\n\n## Second topic\n…",
                     "Markdown headings, one per topic.", prefill="## ")
    if "yaml" in kind:
        keys = _fields_or(p, ["title", "items"])
        example = "\n".join(f"{key}: …" for key in keys)
        return shape("YAML output required", "yaml_output", f"Return only a YAML mapping with the keys "
                     f"{', '.join(keys)}, no code fence and no prose around it.", example,
                     f"Only YAML: {', '.join(keys)}.", prefill=f"{keys[0]}:")
    if "csv" in kind:
        columns = _fields_or(p, ["column_a", "column_b"])
        example = ",".join(columns) + "\n" + ",".join("…" for _ in columns)
        return shape("CSV output required", "csv_output", f"Return only CSV: a header row "
                     f"{','.join(columns)}, then one row per record with the same number of columns.", example,
                     f"Only CSV with header {','.join(columns)}.", prefill=",".join(columns))
    if "two_responses" in kind:
        return shape("two responses required", "two_responses", f"Give two different {p.deliverable}s, separated "
                     f"by a line of six asterisks (******).", "Response 1 …\n******\nResponse 2 …",
                     "Two responses, separated by ******.")
    if "haiku" in kind:
        return shape("haiku form required", "haiku_form", "Write the haiku as one stanza of exactly three lines of "
                     "five, seven and five syllables.", "a line of five beats\na longer line of seven beats\n"
                     "five beats close it out", "Three lines: 5, 7, 5 syllables.")
    if "paragraph_first_word" in kind or (f.text("first_word") and f.number("nth_paragraph") is not None):
        word, nth = f.text("first_word") or "…", int(f.number("nth_paragraph") or 1)
        total = int(f.number("num_paragraphs") or nth)
        example = "\n\n".join(f"{word} …" if i == nth else f"Paragraph {i} …" for i in range(1, total + 1))
        return shape(f"paragraph {nth} must start with “{word}”", "paragraph_openings",
                     f"Write {total} paragraphs separated by blank lines; paragraph {nth} starts with the word "
                     f"“{word}”.", example, f"Paragraph {nth} starts with “{word}”.")
    if "constrained_response" in kind:
        options = f.items("options") or ["My answer is yes.", "My answer is no.", "My answer is maybe."]
        return shape("fixed answer options missed", "answer_options", "Answer with exactly one of these sentences "
                     "and nothing else: " + " / ".join(options), options[0], "One of: " + " / ".join(options))
    if "quotation" in kind:
        return shape("wrapping in double quotes missed", "wrapping", f"Wrap the entire {p.deliverable} in double "
                     f"quotation marks.", f'"{clean(f.evidence)[:80]}"',
                     "The whole reply sits inside one pair of double quotes.", prefill='"')
    return None


def _conflict(f: Facts, p: PromptFacts) -> Parts | None:
    """Two constraints of the prompt that no output can satisfy together: keep one."""
    first, second = f.data.get("first"), f.data.get("second")
    if not isinstance(first, dict) or not isinstance(second, dict):
        return None
    one, two = Facts(f.finding.model_copy(update={"data": first})), Facts(f.finding.model_copy(update={"data": second}))
    a, b = one.constraint_text or one.evidence, two.constraint_text or two.evidence
    reason = f.text("reason")
    return Parts(
        "missed_constraint", f"conflicting constraints: {quote(a, 40)} and {quote(b, 40)}", "single_requirement",
        subtype=constraint_subtype(one.finding),
        requirement=f"Keep one of the two requirements: {quote(a)} or {quote(b)}; state the one you keep once, "
                    f"on its own line{f' ({reason})' if reason else ''}.",
        steps=[f"Delete the other one from the prompt: the {p.deliverable} cannot meet both."],
        reminder=f"One requirement: {quote(a, 60)} or {quote(b, 60)}, not both.",
    )


def _reading_level(f: Facts, p: PromptFacts) -> Parts:
    grade = f.number("grade", "max_grade")
    level = f"grade {number_text(grade)}" if grade is not None else "the reading level the prompt sets"
    measured = f.measured
    had = f" (the last one read at grade {number_text(measured)})" if measured is not None else ""
    return Parts(
        "missed_constraint", f"reading level above {level}", "reading_level", subtype="audience",
        requirement=f"Write the {p.deliverable} at {level} reading level or below{had}: sentences of about 12 words, "
                    f"everyday words of one or two syllables where possible.",
        steps=[f"Split long sentences such as {quote(f.evidence, 80)} into two."],
        reminder=f"Reading level: {level} or below.",
    )


_CONSTRAINT_BUILDERS: dict[str, Builder] = {
    "length": _length, "format": _format_constraint, "keyword": _keyword, "casing": _casing,
    "structure": _structure, "language": _language, "start_end": _start_end, "punctuation": _punctuation,
    "content": _content, "audience": _reading_level,
}


def _beyond_ifeval(f: Facts, p: PromptFacts) -> Parts | None:
    """Rubriq's kinds beyond IFEval (code, JSON keys, lines, labels, topics ...): the requirement in plain words."""
    kind = _kind(f)
    if not kind.startswith("rubriq:") or kind.split(":", 1)[1] not in _BEYOND_IFEVAL:
        return None
    tag, requirement, reminder = _BEYOND_IFEVAL[kind.split(":", 1)[1]](f, p)
    asked = _as_written(f) or f.constraint_text or f.evidence
    return Parts("missed_constraint", f"constraint missed: {quote(f.constraint_text or asked, 60)}", tag,
                 subtype=constraint_subtype(f.finding), requirement=requirement, reminder=reminder,
                 steps=[f"The prompt asks for it in these words: {quote(asked, 100)}."])


def _names(f: Facts, *keys: str) -> str:
    return ", ".join(f"“{item}”" for item in f.items(*keys))


def _topic(f: Facts) -> str:
    """The topic as the prompt words it ("her father"), from the constraint's wording, else its parameter."""
    stated = (f.constraint_text or "").removeprefix("no mention of ").strip()
    return stated or f.text("topic") or "the topic the prompt rules out"


def _count_bound(f: Facts, key: str, unit: str) -> str:
    """ "at most 3 lines" from relation + count, the inclusive form for "less than"; a stated range as stated."""
    stated = f.constraint_text or ""
    if stated.startswith("between "):
        return stated
    n = f.number(key)
    if n is None:
        return f"the number of {unit} the prompt sets"
    relation = (f.text("relation") or "exactly").lower()
    if relation == "less than":
        return f"at most {number_text(n - 1)} {unit}"
    return f"{'at least' if relation == 'at least' else 'exactly'} {number_text(n)} {unit}"


_BEYOND_IFEVAL: dict[str, Callable[[Facts, PromptFacts], tuple[str, str, str]]] = {
    "code_function_names": lambda f, p: (
        "function_names", f"Define each function or class the prompt names, with exactly that name: "
        f"{_names(f, 'names')}.",
        f"Names: {_names(f, 'names')}."),
    "code_type_hints": lambda f, p: (
        "type_hints", "Annotate every parameter and the return type of every function (`def f(x: int) -> str:`).",
        "Type hints on every function."),
    "code_stdlib_only": lambda f, p: (
        "stdlib_only", "Import only modules of the language's standard library; write any helper yourself instead of "
        "adding a package.", "Standard library only."),
    "code_forbidden_import": lambda f, p: (
        "forbidden_import", f"Solve it without importing {_names(f, 'modules')}; use the standard library instead.",
        f"No {_names(f, 'modules')}."),
    "code_min_tests": lambda f, p: (
        "tests", f"Add at least {number_text(f.number('num_tests') or 1)} test functions named `test_...`, each "
        "checking one behaviour.", f"At least {number_text(f.number('num_tests') or 1)} tests."),
    "code_docstrings": lambda f, p: (
        "docstrings", "Give every function and class a one-line docstring that says what it does.",
        "A docstring on every function and class."),
    "code_block_count": lambda f, p: (
        "code_blocks", f"Put the code in exactly {number_text(f.number('num_blocks') or 1)} fenced code block(s).",
        "One code block."),
    "no_code_blocks": lambda f, p: (
        "no_fences", "Write the answer without ``` fences: the bare content only.", "No ``` fences."),
    "code_only": lambda f, p: (
        "code_only", "Reply with the code only: no introduction and no explanation outside the code block.",
        "Only the code."),
    "no_prose_after_code": lambda f, p: (
        "code_last", "End the reply with the code block: put any explanation before it, nothing after it.",
        "Nothing after the code."),
    "explanation_length": lambda f, p: (
        "explanation_length", "Keep the explanation outside the code to "
        f"{f.constraint_text or 'the limit the prompt sets'}.",
        f"Explanation: {f.constraint_text or 'short'}."),
    "json_keys": lambda f, p: (
        "json_keys", f"Give every JSON object the keys {_names(f, 'keys')}, spelled exactly so.",
        f"Keys: {_names(f, 'keys')}."),
    "json_no_extra_keys": lambda f, p: (
        "json_keys", f"Use only the keys {_names(f, 'keys')}; add no other key, even for extra facts.",
        f"Only the keys {_names(f, 'keys')}."),
    "json_key_case": lambda f, p: (
        "json_keys", "Write every JSON key in snake_case (lowercase words joined by underscores).", "snake_case keys."),
    "table_columns": lambda f, p: (
        "table", f"Use exactly these column headers: {_names(f, 'columns')}.", f"Columns: {_names(f, 'columns')}."),
    "item_count": lambda f, p: (
        "item_count", f"Give {_count_bound(f, 'num_items', 'items')}, one per line.",
        f"{_count_bound(f, 'num_items', 'items').capitalize()}."),
    "item_length": lambda f, p: (
        "item_length", f"Keep every item to {f.constraint_text or 'the length the prompt sets'}.",
        f"Each item: {f.constraint_text or 'short'}."),
    "field_length": lambda f, p: (
        "field_length",
        f"Keep the {f.text('field') or 'named'} field to {f.constraint_text or 'the length asked for'}.",
        f"Field {f.text('field') or 'named'}: {f.constraint_text or 'short'}."),
    "bullets_per_section": lambda f, p: (
        "section_bullets", f"Under each heading, give {f.constraint_text or 'the number of bullet points asked for'}.",
        f"Per section: {f.constraint_text or 'as asked'}."),
    "number_lines": lambda f, p: (
        "line_count", f"Write {_count_bound(f, 'num_lines', 'lines')}.",
        f"{_count_bound(f, 'num_lines', 'lines').capitalize()}."),
    "number_stanzas": lambda f, p: (
        "stanzas", f"Write exactly {number_text(f.number('num_stanzas') or 1)} stanzas, separated by blank lines.",
        f"{number_text(f.number('num_stanzas') or 1)} stanzas."),
    "lines_per_stanza": lambda f, p: (
        "stanzas", f"Give every stanza exactly {number_text(f.number('num_lines') or 1)} lines.",
        f"{number_text(f.number('num_lines') or 1)} lines per stanza."),
    "section_labels": lambda f, p: (
        "section_labels", f"Start each section with its label on its own line: {_names(f, 'labels')}.",
        f"Sections: {_names(f, 'labels')}."),
    "starts_with": lambda f, p: (
        "opening", f"Begin the {p.deliverable} with {' or '.join(_names(f, 'options').split(', '))}.",
        f"First words: {_names(f, 'options')}."),
    "last_line_starts_with": lambda f, p: (
        "last_line", f"End with a line of its own that starts with {_names(f, 'options')}.",
        f"Last line: {_names(f, 'options')} ..."),
    "last_sentence_starts_with": lambda f, p: (
        "last_sentence", f"Make the last sentence start with {_names(f, 'options')}.",
        f"Last sentence: {_names(f, 'options')} ..."),
    "ends_with_question": lambda f, p: (
        "closing_question", f"End the {p.deliverable} with a question to the reader, as its last sentence.",
        "Last sentence: a question."),
    "bold_answer": lambda f, p: (
        "bold_answer", "Write the final answer in bold (**like this**) in the last paragraph.",
        "Final answer in bold."),
    "no_emoji": lambda f, p: ("no_emoji", "Use words only: no emoji anywhere.", "No emoji."),
    "emoji_count": lambda f, p: (
        "emoji", f"Use {f.constraint_text or 'the number of emoji the prompt asks for'}.",
        f"Emoji: {f.constraint_text or 'as asked'}."),
    "no_headings": lambda f, p: (
        "no_headings", "Write it without headings: no lines starting with #.", "No headings."),
    "no_markdown": lambda f, p: (
        "plain_text", "Write plain text: no headings, bold, italics, lists, tables or code fences.",
        "Plain text only."),
    "all_lowercase": lambda f, p: (
        "letter_case", f"Write the entire {p.deliverable} in lowercase letters, names and the first word included.",
        "Only lowercase letters."),
    "all_uppercase": lambda f, p: (
        "letter_case", f"Write the entire {p.deliverable} in capital letters, every word, names included.",
        "Only capital letters."),
    "postscript_content": lambda f, p: (
        "postscript", f"End with a postscript line starting with “{f.text('postscript_marker') or 'P.S.'}” that says: "
        f"{f.text('content') or 'what the prompt asks'}.", f"P.S.: {f.text('content') or 'as asked'}."),
    "forbidden_topic": lambda f, p: (
        "forbidden_topic", f"Leave out {_topic(f)} entirely: do not name it, hint at it or give its details.",
        f"Not mentioned: {_topic(f)}."),
}


def missed_constraint(f: Facts, p: PromptFacts) -> Parts:
    conflict = _conflict(f, p)
    if conflict is not None:
        return conflict
    beyond = _beyond_ifeval(f, p)
    if beyond is not None:
        return beyond
    shaped = output_shape(f, p, "missed_constraint")
    if shaped is not None:
        return shaped
    return _with_quote(_CONSTRAINT_BUILDERS[constraint_subtype(f.finding)](f, p), f)
