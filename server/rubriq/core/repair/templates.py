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
from dataclasses import replace

from rubriq.core.repair.constraint_repairs import missed_constraint, output_shape
from rubriq.core.repair.facts import Facts, PromptFacts, clean, number_text, quote
from rubriq.core.repair.labels import ESCALATION_MARK
from rubriq.core.repair.parts import ANSWER_FIRST_TASKS, Builder, Parts
from rubriq.core.tasks import TaskType


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


def _hallucination(f: Facts, p: PromptFacts) -> Parts:
    kind = f.kind_hint
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


def _coverage(f: Facts, p: PromptFacts) -> Parts:
    missed = f.text("missed", "missing", "part", "question", "item", "field", "entity", "salient_sentence",
                    "source_sentence", "sentence") or f.evidence
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
    skeleton = _STRUCTURE_SKELETONS.get(p.task, _STRUCTURE_SKELETONS[TaskType.GENERAL]).replace(
        "\n- ", f"\n{p.list_marker} ")  # the user's own bullet
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
    was = f"; the last {p.deliverable} read at grade {number_text(measured)}" if measured is not None else ""
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
    value, earlier = f.text("value"), f.text("earlier_value")
    if len(answers) < 2 and value and earlier:
        answers = [earlier, value]
    conflict = f" The last {p.deliverable} gave conflicting results ({', '.join(answers)})." if len(answers) > 1 \
        else ""
    if "answer_before" in f.kind_hint or f.number("steps_after") is not None:
        conflict += f" The last {p.deliverable} gave its answer before the working."
    expression, stated, computed = f.text("expression"), f.text("stated"), f.text("computed")
    if expression and stated and computed:
        conflict += f" It stated {expression} = {stated}; recompute each such step (it is {computed})."
    return Parts(
        "weak_reasoning", "answer without a sound derivation", "reasoning",
        requirement=f"Work out {quote(p.core_request, 100)} step by step before giving the answer: write the "
                    f"reasoning first and the final answer last.{conflict}",
        steps=["State the given facts and quantities.", "Derive each intermediate result from them, one per line.",
               f"Check the result against the question; the last {p.deliverable} asserted {quote(f.evidence, 80)} "
               f"without showing how.", "Only then write the final answer on its own line, starting “Answer:”."],
        reasoning=True, reminder="Reasoning first, the final answer on the last line.",
        escalation=f"If the answer to {quote(p.core_request, 80)} is still wrong: {ESCALATION_MARK}; compare the "
                   "two results and give the answer both reach, or say where they part ways.",
    )


def _format_violation(f: Facts, p: PromptFacts) -> Parts:
    shaped = output_shape(f, p, "format_violation")  # lists, tables, YAML, CSV... checked as instructions
    if shaped is not None:
        return shaped
    if f.finding.code.startswith("IF") or ":" in f.kind_hint:  # a format the prompt's own instruction sets
        return replace(missed_constraint(f, p), failure_mode="format_violation", subtype=None)
    path = f.text("path")
    if path:  # a value of the output breaks the requested schema
        rule = f.text("validator", "rule") or "schema"
        fields = p.requested_fields
        return Parts(
            "format_violation", f"value at {path} breaks the schema ({rule})", "schema",
            requirement=f"Give `{path}` a value of the type and form the schema requires ({rule}); keep every other "
                        f"field as it is.",
            steps=[f"The last output had {quote(f.evidence, 80)} there."],
            example=json.dumps({k: f"<{k}>" for k in fields} if fields else
                               {path.rsplit("/", 1)[-1].rsplit(".", 1)[-1] or "field": f"<a value that passes {rule}>"},
                               indent=2),
            reminder=f"`{path}` must satisfy the schema ({rule}).",
        )
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
        "format_violation", f"output is not valid {fmt_name}", "output_format",
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


LANGUAGE_LABELS = {"javascript": "JavaScript", "typescript": "TypeScript", "js": "JavaScript", "ts": "TypeScript",
                   "cpp": "C++", "csharp": "C#", "sql": "SQL", "php": "PHP", "html": "HTML", "css": "CSS"}


def _invalid_code(f: Facts, p: PromptFacts) -> Parts:
    fence = (f.text("language", "lang") or "python").lower()
    if fence in ("unlabelled", "unknown", ""):
        fence = "python"
    language = LANGUAGE_LABELS.get(fence, fence.capitalize())
    line = f.number("line", "lineno")
    at = f" on line {number_text(line)}" if line is not None else ""
    component, module = f.text("component"), f.text("module")
    kind = f.kind_hint
    if not component and "missing_component" in kind:
        component = clean(f.evidence)[:60]
    if not module and "import" in kind:
        module = clean(f.evidence)[:60]
    if "no_code" in kind:
        return Parts(
            "invalid_code", "no code in the output", "code_block",
            requirement=f"Answer with the {language} code itself, in one fenced code block, before any explanation.",
            steps=[f"The last output was prose only: {quote(f.evidence, 80)}."],
            prefill=f"```{fence}", reminder=f"A fenced {language} code block first.",
        )
    if "comments" in kind:
        return Parts(
            "invalid_code", "requested comments missing", "comments",
            requirement=f"Comment the {language} code: one short comment above each function and each non-obvious "
                        f"step, saying why it is there.",
            steps=[f"Start with the code around {quote(f.evidence, 60)}."],
            prefill=f"```{fence}", reminder="Comments on every function and non-obvious step.",
        )
    if component:  # a requested function or class is missing
        kind = f.text("kind") or "function"
        return Parts(
            "invalid_code", f"requested {kind} `{component}` missing", "required_components",
            requirement=f"Define the {kind} `{component}` exactly under that name, with a complete body.",
            steps=[f"After the code, list each requested name (`{component}` included) and where it is defined."],
            prefill=f"```{fence}", reminder=f"Must define `{component}`.",
        )
    if module:
        return Parts(
            "invalid_code", f"import `{module}` cannot be verified", "dependencies",
            requirement=f"Use only the standard library or packages the prompt names; if `{module}` is needed, say "
                        f"which package provides it and how to install it.",
            steps=[f"Check the import on line {number_text(line) if line is not None else '1'} against that list."],
            prefill=f"```{fence}", reminder=f"Imports: standard library or named packages; `{module}` explained.",
        )
    if f.number("prose_words", "reading_ease") is not None or f.text("requested") or "explanation" in kind:
        asked = f.text("requested") or "an explanation"
        return Parts(
            "invalid_code", f"requested {asked} missing or hard to read", "explanation",
            requirement=f"After the code block, give {asked} in short sentences: what the code does, its inputs and "
                        f"its outputs.",
            steps=[f"Rewrite passages like {quote(f.evidence, 80)} with one idea per sentence."],
            reminder=f"Code first, then {asked} in plain sentences.",
        )
    if (f.text("name") and not f.text("error", "problem")) or "docstring" in kind:
        name = f.text("name") or clean(f.evidence)[:60]
        return Parts(
            "invalid_code", f"docstring missing on `{name}`", "docstrings",
            requirement=f"Give `{name}` and every other function a docstring that states its arguments, its return "
                        f"value and the errors it raises.",
            prefill=f"```{fence}", reminder=f"Docstring on `{name}` and every function.",
        )
    problem = f.text("error", "problem", "reason", "kind") or f.rule_name.replace("-", " ") or "static check failed"
    return Parts(
        "invalid_code", f"code does not pass static checks ({problem})", "code_requirements",
        requirement=f"Return one complete, runnable {language} code block: every function has a full body and every "
                    f"import it uses.",
        prohibition="Do not leave placeholders such as TODO, `pass` or `...` in function bodies.",
        steps=[f"The last code failed{at}: {quote(f.evidence, 100)} ({problem}); fix it and check that the whole "
               f"block parses."],
        prefill=f"```{fence}", reminder=f"Complete {language} code, parses as written.",
    )


def _invented_fields(f: Facts, p: PromptFacts) -> Parts:
    invented = f.text("field", "key", "invented_field", "value", "invented") or f.evidence
    allowed = f.items("allowed_fields", "allowed", "fields", "schema_fields", "expected_fields", "required_fields") \
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
    "missed_constraint": missed_constraint,
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
