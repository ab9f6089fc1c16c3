"""What each failure mode's repair says, before a model family's mechanism shapes it (see `mechanisms.py`).

A builder turns one finding (its data, read through `Facts`) and the user's prompt (`PromptFacts`) into `Parts`:
an explicit requirement stated positively, an optional prohibition (families other than Gemini may use it, 2.3),
concrete steps, an example of the wanted output shape for format failures (few-shot, 2.3/2.6), a prefill for
the start of the answer (2.1), the reminder repeated at the end (open-weights models, Part 4), and flags for the
gated techniques: chain-of-thought only for weak_reasoning (2.4), roles only for wrong_register (2.8).
Every text here carries something from the finding or the prompt, so no two failure modes read alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rubriq.core.repair.facts import Facts, PromptFacts, clean, number_text, quote
from rubriq.core.repair.modes import constraint_subtype, is_format_repair
from rubriq.core.tasks import TaskType

GROUNDED_TASKS = frozenset({TaskType.GROUNDED_QA, TaskType.EXTRACTION, TaskType.SUMMARIZATION})
ANSWER_FIRST_TASKS = frozenset({TaskType.GROUNDED_QA, TaskType.OPEN_QA, TaskType.REASONING, TaskType.GENERAL})


@dataclass
class Parts:
    failure_mode: str
    label: str  # the diagnosed failure in words, e.g. "word limit missed"
    tag: str  # Claude XML tag / GPT heading slug
    requirement: str  # positive and explicit, with the finding's numbers and words
    reminder: str  # short restatement for the end of the prompt
    subtype: str | None = None
    prohibition: str | None = None  # the same requirement as a "do not": never shown to Gemini (2.3)
    steps: list[str] = field(default_factory=list)  # positive, concrete
    example: str | None = None  # the wanted output shape, built from the finding's data (few-shot)
    prefill: str | None = None  # how the answer should start
    reference: str | None = None  # a source sentence to put in front of the model
    grounded: bool = False  # about staying within the source (reference text first for GPT, quotes first for Claude)
    reasoning: bool = False  # chain-of-thought repair (weak_reasoning only)
    role: str | None = None  # audience the role prompt addresses (wrong_register only)
    escalation: str | None = None  # self-consistency, for reasoning failures that come back (2.5)

    @property
    def format_repair(self) -> bool:
        return is_format_repair(self.failure_mode, self.subtype)


Builder = Callable[[Facts, PromptFacts], Parts]


def _unfaithful(f: Facts, p: PromptFacts) -> Parts:
    unsupported, closest = f.unsupported, f.source_sentence
    steps = []
    if closest:
        steps.append(f"Where the source speaks to this point, keep to its wording: {quote(closest)}.")
    steps.append(f"When {p.source_ref} is silent on a point, write “not stated in the text” instead of filling "
                 "the gap.")
    if p.task == TaskType.EXTRACTION:
        steps.append("Copy each value character for character from the source.")
    elif p.task == TaskType.SUMMARIZATION:
        steps.append("Summarise only statements the source makes; keep its numbers and names exactly as written.")
    return Parts(
        "unfaithful_content", "content the source does not support", "grounding",
        requirement=f"Every sentence of the {p.deliverable} must be supported by {p.source_ref}.",
        prohibition=f"Do not add claims the source does not make; for example {quote(unsupported)} is not in it.",
        steps=steps, reference=closest, grounded=True,
        reminder=f"Use only what {p.source_ref} states; {quote(unsupported, 80)} is not supported by it.",
    )


_RISK_NOUNS = (
    ("citation", "citations and references"), ("reference", "citations and references"),
    ("url", "links"), ("link", "links"), ("superlative", "superlatives (first, largest, best)"),
    ("date", "dates"), ("year", "dates"), ("name", "names of people and organisations"),
    ("percent", "percentages"), ("number", "figures and statistics"), ("statistic", "figures and statistics"),
    ("confidence", "confident claims (clearly, studies show, it is well known)"),
)
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


def _hallucination(f: Facts, p: PromptFacts) -> Parts:
    kind = (f.text("signal", "kind", "type", "category") or "").lower()
    noun = next((n for cue, n in _RISK_NOUNS if cue in kind), "specific facts (figures, names, dates, citations)")
    steps = [f"For {quote(f.evidence, 100)}: keep it only if you can say where it comes from; otherwise give the "
             f"claim in general terms and mark it “unverified”."]
    if p.has_source:
        steps.append(f"Take {noun} only from {p.source_ref}.")
    else:
        steps.append(f"After the {p.deliverable}, list the {noun} you are least sure of, each with its source.")
    return Parts(
        "hallucination_risk", f"unverifiable {noun}", "verifiable_claims",
        requirement=f"Give {noun} only when you can attribute each one to a named source.",
        prohibition=f"Do not invent {noun}; {quote(f.evidence, 100)} has no source in this prompt.",
        steps=steps, grounded=p.has_source,
        reminder=f"Attribute every one of the {noun}, or mark it “unverified”.",
    )


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


def _length(f: Facts, p: PromptFacts) -> Parts:
    unit = "words"
    for cue in ("sentence", "paragraph", "character", "letter"):
        if cue in " ".join(str(f.params.get(k, "")) for k in ("unit", "kind", "instruction_id")).lower() or \
                f.number(f"num_{cue}s", f"{cue}s") is not None:
            unit = f"{cue}s"
    limit = f.number("limit", "num_words", "num_sentences", "num_characters", "max_words", "min_words", "target",
                     "expected", "maximum", "minimum", "n")
    relation = _relation(f)
    bound = f"{relation} {number_text(limit)} {unit}" if limit is not None else f"within the length the prompt sets " \
        f"({quote(f.constraint_text or f.evidence, 80)})"
    measured = f.measured
    had = f" (the last one had {number_text(measured)})" if measured is not None else ""
    cut_or_add = "cut the least important sentence" if relation != "at least" else "add a concrete detail"
    return Parts(
        "missed_constraint", f"length limit missed: {bound}", "length_limit", subtype="length",
        requirement=f"The {p.deliverable} must be {bound}{had}.",
        steps=[f"Count the {unit} before you finish; {cut_or_add} until the count is {bound}."],
        reminder=f"Length: {bound}.",
    )


def _format_constraint(f: Facts, p: PromptFacts) -> Parts:
    wanted = (f.text("format", "expected_format", "instruction_id", "kind") or "").lower()
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
    kind = (f.text("kind", "instruction_id", "type") or "").lower()
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
    wanted = (f.text("case", "casing", "instruction_id", "kind", "constraint") or "lowercase").lower()
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
    kind = " ".join(str(f.params.get(k, "")) for k in ("instruction_id", "kind", "unit", "element")).lower()
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
    example = "\n".join(f"* point {i}" for i in range(1, n + 1))
    measured = f.measured
    had = f"; the last one had {number_text(measured)}" if measured is not None else ""
    return Parts("missed_constraint", f"{n} bullet points required", "structure", subtype="structure",
                 requirement=f"Give exactly {n} markdown bullet points, each starting with “* ”{had}.",
                 example=example, prefill="* ", reminder=f"Exactly {n} bullet points.")


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
    kind = (f.text("instruction_id", "kind") or "").lower()
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
    kind = (f.text("instruction_id", "kind", "type") or "").lower()
    asked = f.constraint_text or f.evidence
    if "postscript" in kind or f.text("postscript_marker"):
        marker = f.text("postscript_marker", "marker") or "P.S."
        return Parts("missed_constraint", f"postscript starting with {marker} missing", "postscript",
                     subtype="content",
                     requirement=f"End with a postscript on its own line, starting with “{marker}”.",
                     reminder=f"Last line: a postscript starting with {marker}.")
    if "placeholder" in kind:
        count = f.number("num_placeholders", "n", "count") or 1
        return Parts("missed_constraint", f"{number_text(count)} placeholders required", "placeholders",
                     subtype="content",
                     requirement=f"Include at least {number_text(count)} placeholders in square brackets, "
                                 f"such as [address].", reminder=f"{number_text(count)}+ [placeholders].")
    return Parts("missed_constraint", f"constraint missed: {quote(asked, 60)}", "requirement", subtype="content",
                 requirement=f"The {p.deliverable} must satisfy this requirement of the prompt: {quote(asked)}.",
                 steps=[f"Before finishing, check the {p.deliverable} against {quote(asked, 80)} once more."],
                 reminder=f"Requirement: {quote(asked, 80)}.")


_CONSTRAINT_BUILDERS: dict[str, Builder] = {
    "length": _length, "format": _format_constraint, "keyword": _keyword, "casing": _casing,
    "structure": _structure, "language": _language, "start_end": _start_end, "punctuation": _punctuation,
    "content": _content,
}


def _missed_constraint(f: Facts, p: PromptFacts) -> Parts:
    return _CONSTRAINT_BUILDERS[constraint_subtype(f.finding)](f, p)


def _coverage(f: Facts, p: PromptFacts) -> Parts:
    missed = f.text("missed", "missing", "part", "question", "item", "salient_sentence", "source_sentence",
                    "sentence") or f.evidence
    parts = p.request_parts
    steps = []
    if len(parts) > 1:
        steps.append("Cover each of these parts in order, one paragraph each: "
                     + " ".join(f"({i}) {quote(part, 80)}" for i, part in enumerate(parts, 1)))
    steps.append(f"Before finishing, tick off every part; the last {p.deliverable} left out {quote(missed, 100)}.")
    return Parts(
        "incomplete_coverage", "part of the request or source not covered", "coverage_checklist",
        requirement=f"The {p.deliverable} must cover {quote(missed, 100)} as well as the rest of the request.",
        steps=steps, reference=missed if p.has_source else None,
        reminder=f"Cover every part, including {quote(missed, 60)}.",
    )


def _off_topic(f: Facts, p: PromptFacts) -> Parts:
    request = p.core_request
    return Parts(
        "off_topic_drift", "content that drifts from the request", "scope",
        requirement=f"Keep every paragraph on this request: {quote(request, 120)}.",
        prohibition=f"Do not include material like {quote(f.evidence, 100)}; it does not serve the request.",
        steps=[f"Replace passages like {quote(f.evidence, 80)} with material that answers the request; check each "
               f"paragraph against {quote(request, 60)}."],
        reminder=f"Stay on: {quote(request, 80)}.",
    )


_STRUCTURE_SKELETONS: dict[TaskType, str] = {
    TaskType.SUMMARIZATION: "**In one sentence:** …\n\n**Key points**\n- …\n- …\n- …",
    TaskType.GROUNDED_QA: "**Answer:** …\n\n**From the text:** …",
    TaskType.OPEN_QA: "**Answer:** …\n\n**Why:**\n- …\n- …",
    TaskType.CODE_GENERATION: "```python\n# the code\n```\n\n**How it works:** …",
    TaskType.CREATIVE_WRITING: "Stanza or paragraph 1 …\n\nStanza or paragraph 2 …",
    TaskType.EXTRACTION: "| field | value |\n|---|---|\n| … | … |",
    TaskType.REASONING: "**Working:**\n1. …\n2. …\n\n**Answer:** …",
    TaskType.REWRITING: "Rewritten text, paragraph 1 …\n\nRewritten text, paragraph 2 …",
    TaskType.GENERAL: "**Answer:** …\n\n## Details\n- …\n- …",
}


_LINKED_EXAMPLE = "First, … . Because of that, … . However, … . As a result, … ."


def _structure_mode(f: Facts, p: PromptFacts) -> Parts:
    issue = f.text("issue", "problem", "reason") or f.rule_name.replace("-", " ") or "unstructured layout"
    if any(cue in issue for cue in ("disjointed", "connective")):
        return Parts(
            "poor_structure", f"poor structure ({issue})", "flow",
            requirement=f"Link each sentence of the {p.deliverable} to the one before it with a connective that "
                        f"states the relation (because, so, however, for example, then).",
            steps=[f"Where the text jumps, as at {quote(f.evidence, 80)}, add the sentence that bridges the two "
                   "ideas."],
            example=_LINKED_EXAMPLE, prefill=None, reminder="Every sentence linked to the previous one.",
        )
    if "repetitive" in issue:
        return Parts(
            "poor_structure", f"poor structure ({issue})", "flow",
            requirement=f"Make each point of the {p.deliverable} once; each new sentence adds a new fact or step.",
            steps=[f"Merge {quote(f.evidence, 80)} with the sentence it repeats."],
            example="Point one, said once. → Point two, which builds on it. → Point three, the consequence.",
            reminder="Each point once, each sentence adds something new.",
        )
    skeleton = _STRUCTURE_SKELETONS[p.task]
    first = skeleton.split("\n", 1)[0]
    return Parts(
        "poor_structure", f"poor structure ({clean(issue)})", "layout",
        requirement=f"Lay the {p.deliverable} out as in the example: "
                    + ("the direct answer first, then short paragraphs or a list, one idea per paragraph."
                       if p.task in ANSWER_FIRST_TASKS else "short paragraphs, one idea per paragraph."),
        steps=[f"Break up passages like {quote(f.evidence, 80)} into separate points."],
        example=skeleton, prefill=first.split("…")[0].strip() or None,
        reminder=f"Layout: {first.replace('…', '').strip() or 'direct answer first'}, then one idea per paragraph.",
    )


def _register(f: Facts, p: PromptFacts) -> Parts:
    audience = f.text("audience", "target_audience") or p.prompt.front_matter.audience or "the intended reader"
    measured = f.number("grade", "measured_grade", "measured", "fk_grade")
    low = f.number("band_low", "target_min", "band_min", "min_grade")
    high = f.number("band_high", "target_max", "band_max", "max_grade")
    band = f.params.get("band") or f.params.get("target")
    if isinstance(band, list | tuple) and len(band) == 2:
        low, high = float(band[0]), float(band[1])
    grade = f" (reading grade {number_text(low)} to {number_text(high)})" if low is not None and high is not None \
        else ""
    was = f"; the last one read at grade {number_text(measured)}" if measured is not None else ""
    direction = f.text("direction")
    if direction in ("simpler", "more formal"):  # a rewrite asked to shift register (RW rules)
        before, after = f.number("source_reading_ease"), f.number("output_reading_ease")
        moved = f" (reading ease went from {number_text(before)} to {number_text(after)})" \
            if before is not None and after is not None else ""
        audience = f.text("audience") or p.prompt.front_matter.audience or \
            ("readers who want plain language" if direction == "simpler" else "a formal, professional readership")
        return Parts(
            "wrong_register", f"register not shifted {direction}", "register",
            requirement=f"Make the {p.deliverable} clearly {direction} than the original{moved}: "
                        + ("shorter sentences and everyday words." if direction == "simpler"
                           else "complete sentences, precise vocabulary and no contractions or slang."),
            steps=[f"Rewrite passages like {quote(f.evidence, 100)} in that {direction} register, keeping the "
                   "meaning."],
            role=audience, reminder=f"Register: {direction} than the original.",
        )
    return Parts(
        "wrong_register", f"register does not fit {audience}", "register",
        requirement=f"Write for {audience}{grade}{was}.",
        steps=[f"Rewrite sentences like {quote(f.evidence, 100)} in the words {audience} would use."],
        role=audience, reminder=f"Register: for {audience}{grade}.",
    )


def _verbosity(f: Facts, p: PromptFacts) -> Parts:
    budget = f.number("budget", "expected_words", "target_words", "expected", "target", "limit")
    measured = f.number("words", "word_count", "measured", "actual")
    size = f"about {number_text(budget)} words" if budget else "the length the question needs"
    ran = f" (the last one ran to {number_text(measured)} words)" if measured else ""
    return Parts(
        "verbosity", "longer than the task warrants", "brevity",
        requirement=f"Keep the {p.deliverable} to {size}{ran}: lead with the answer and stop once it is given.",
        steps=[f"Cut restatements and filler such as {quote(f.evidence, 100)}."],
        reminder=f"Word budget: {size}.",
    )


def _reasoning(f: Facts, p: PromptFacts) -> Parts:
    answers = f.items("answers", "final_answers", "conflicting_answers")
    conflict = f" The last {p.deliverable} gave conflicting results ({', '.join(answers)})." if len(answers) > 1 \
        else ""
    return Parts(
        "weak_reasoning", "answer without a sound derivation", "reasoning",
        requirement=f"Work out {quote(p.core_request, 100)} step by step before giving the answer: write the "
                    f"reasoning first and the final answer last.{conflict}",
        steps=["State the given facts and quantities.", "Derive each intermediate result from them, one per line.",
               f"Check the result against the question; the last {p.deliverable} asserted {quote(f.evidence, 80)} "
               f"without showing how.", "Only then write the final answer on its own line, starting “Answer:”."],
        reasoning=True, reminder="Reasoning first, the final answer on the last line.",
        escalation=f"If the answer to {quote(p.core_request, 80)} is still wrong: solve it twice, independently, "
                   "by two different methods; compare the two results and give the answer both reach, or say "
                   "where they part ways.",
    )


def _format_violation(f: Facts, p: PromptFacts) -> Parts:
    fmt = (f.text("format", "expected_format", "expected") or "JSON").strip()
    fields = f.items("required_fields", "fields", "expected_fields", "keys", "schema_keys", "missing_fields") \
        or p.requested_fields
    error = f.text("error", "parse_error", "reason", "problem")
    is_json = "json" in fmt.lower() or bool(fields)
    fmt_name = "JSON" if is_json else fmt
    if is_json:
        example = json.dumps({k: f"<{k}>" for k in (fields or ["field"])}, indent=2)
        prefill = "{"
    else:
        example = f"<{fmt} exactly as specified>"
        prefill = None
    keys = f" with exactly the keys {', '.join(fields)}" if fields else ""
    failed = f"; the last output failed: {error}" if error else ""
    return Parts(
        "format_violation", f"output is not valid {fmt}", "output_format",
        requirement=f"Return only valid {fmt_name}{keys}: the first and last characters of the output belong to "
                    f"the {fmt_name}.",
        steps=[f"Check that the output parses as {fmt_name} before finishing{failed}."],
        prohibition="Do not wrap the output in explanations or markdown fences.",
        example=example, prefill=prefill, reminder=f"Output: valid {fmt_name}{keys}, nothing else.",
    )


def _low_diversity(f: Facts, p: PromptFacts) -> Parts:
    phrase = f.text("cliche", "phrase", "repeated", "word") or f.evidence
    steps = [f"Replace stock phrases like {quote(phrase, 60)} with an image or detail specific to this "
             f"{p.deliverable}."]
    if "cv" in f.params or "rhythm" in (f.text("kind", "metric", "signal") or "").lower():
        steps.append("Vary sentence length: set short sentences against long ones.")
    else:
        steps.append("Use a new word wherever you would repeat a distinctive one.")
    return Parts(
        "low_diversity", "repetitive or stock wording", "style",
        requirement=f"Write the {p.deliverable} in fresh, concrete language with varied vocabulary and rhythm.",
        steps=steps, reminder=f"Fresh wording; no stock phrases like {quote(phrase, 40)}.",
    )


def _invalid_code(f: Facts, p: PromptFacts) -> Parts:
    language = (f.text("language", "lang") or "python").lower()
    if language in ("unlabelled", "unknown", ""):
        language = "python"
    line = f.number("line", "lineno")
    at = f" on line {number_text(line)}" if line is not None else ""
    component, module = f.text("component"), f.text("module")
    if component:  # a requested function or class is missing
        kind = f.text("kind") or "function"
        return Parts(
            "invalid_code", f"requested {kind} `{component}` missing", "required_components",
            requirement=f"Define the {kind} `{component}` exactly under that name, with a complete body.",
            steps=[f"After the code, list each requested name (`{component}` included) and where it is defined."],
            prefill=f"```{language}", reminder=f"Must define `{component}`.",
        )
    if module:
        return Parts(
            "invalid_code", f"import `{module}` cannot be verified", "dependencies",
            requirement=f"Use only the standard library or packages the prompt names; if `{module}` is needed, say "
                        f"which package provides it and how to install it.",
            steps=[f"Check the import on line {number_text(line) if line is not None else '1'} against that list."],
            prefill=f"```{language}", reminder=f"Imports: standard library or named packages; `{module}` explained.",
        )
    if f.number("prose_words", "reading_ease") is not None or f.text("requested"):
        asked = f.text("requested") or "an explanation"
        return Parts(
            "invalid_code", f"requested {asked} missing or hard to read", "explanation",
            requirement=f"After the code block, give {asked} in short sentences: what the code does, its inputs and "
                        f"its outputs.",
            steps=[f"Rewrite passages like {quote(f.evidence, 80)} with one idea per sentence."],
            reminder=f"Code first, then {asked} in plain sentences.",
        )
    if f.text("name") and not f.text("error", "problem"):
        name = f.text("name")
        return Parts(
            "invalid_code", f"docstring missing on `{name}`", "docstrings",
            requirement=f"Give `{name}` and every other function a docstring that states its arguments, its return "
                        f"value and the errors it raises.",
            prefill=f"```{language}", reminder=f"Docstring on `{name}` and every function.",
        )
    problem = f.text("error", "problem", "reason", "kind") or "static check failed"
    return Parts(
        "invalid_code", f"code does not pass static checks ({problem})", "code_requirements",
        requirement=f"Return one complete, runnable {language} code block: every function has a full body and every "
                    f"import it uses.",
        prohibition="Do not leave placeholders such as TODO, `pass` or `...` in function bodies.",
        steps=[f"The last code failed{at}: {quote(f.evidence, 100)} ({problem}); fix it and check that the whole "
               f"block parses."],
        prefill=f"```{language}", reminder=f"Complete {language} code, parses as written.",
    )


def _invented_fields(f: Facts, p: PromptFacts) -> Parts:
    invented = f.text("field", "key", "invented_field", "value", "invented") or f.evidence
    allowed = f.items("allowed_fields", "fields", "schema_fields", "expected_fields", "required_fields") \
        or p.requested_fields
    example = json.dumps({**{k: f"<{k} as written in the source>" for k in allowed[:6]}, "missing_value": None},
                         indent=2) if allowed else json.dumps({"field_in_source": "<copied value>",
                                                               "field_not_in_source": None}, indent=2)
    only = f"only the fields {', '.join(allowed)}" if allowed else "only fields the source gives values for"
    return Parts(
        "invented_fields", f"invented field or value {quote(invented, 60)}", "extraction_rules",
        requirement=f"Extract {only}, copying each value from {p.source_ref}; write null where the source gives none.",
        prohibition=f"Do not add {quote(invented, 60)}: it is not in the source.",
        example=example, prefill="{", grounded=True,
        reminder=f"Fields: {only}; null when absent.",
    )


BUILDERS: dict[str, Builder] = {
    "unfaithful_content": _unfaithful,
    "hallucination_risk": _hallucination,
    "missed_constraint": _missed_constraint,
    "incomplete_coverage": _coverage,
    "off_topic_drift": _off_topic,
    "poor_structure": _structure_mode,
    "wrong_register": _register,
    "verbosity": _verbosity,
    "weak_reasoning": _reasoning,
    "format_violation": _format_violation,
    "low_diversity": _low_diversity,
    "invalid_code": _invalid_code,
    "invented_fields": _invented_fields,
}
