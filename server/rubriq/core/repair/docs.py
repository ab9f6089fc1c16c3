"""Generate docs/repairs.md: the library's mechanisms, its gating rules and one worked example per failure mode,
each shown for two model families. Run `python -m rubriq.core.repair.docs [PATH]` from the repository root.

The examples are fixed prompt/finding pairs (finding data shaped as the rules write it), so the page changes only
when the library does.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rubriq.core.families import Family
from rubriq.core.findings import Finding, Severity
from rubriq.core.prompt import parse_prompt
from rubriq.core.repair.labels import (
    EXAMPLE_END,
    GPT_REQUIREMENT_LABEL,
    INSTRUCTION_LABEL,
    REMINDER_LABEL,
    REQUIREMENT_LABEL,
)
from rubriq.core.repair.library import Repair, build_repair
from rubriq.core.repair.mechanisms import FAMILY_SOURCE, REGISTER_NOTE
from rubriq.core.repair.modes import CONSTRAINT_SUBTYPES, FAILURE_MODES
from rubriq.core.tasks import TaskType, detect_task
from rubriq.core.text import LineIndex

DEFAULT_PATH = Path("docs/repairs.md")


@dataclass(frozen=True)
class WorkedExample:
    mode: str
    prompt: str
    code: str
    evidence: str
    data: dict[str, Any]
    families: tuple[Family, Family]


_NOTES = ("Summarize the release notes below in at most 60 words for customers. Do not use the word "
          "\"revolutionary\".\n\n<notes>\nVersion 4.2 adds offline mode for the mobile app. Sync conflicts are now "
          "shown side by side. The minimum supported Android version is 10. Export to PDF is 40% faster.\n</notes>\n")
_EMAIL = ("Extract the fields name, email and start_date from the email below and return them as JSON.\n\n\"\"\"\n"
          "Hi team, please welcome Priya Raman, who joins the data platform group on 4 March 2024. You can reach "
          "her at priya.raman@example.org.\n\"\"\"\n")

EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample("unfaithful_content", _NOTES, "FA001", "Version 4.2 also adds a dark theme.",
                  {"sentence": "Version 4.2 also adds a dark theme.",
                   "best_source": "Version 4.2 adds offline mode for the mobile app.", "score": -0.12},
                  (Family.CLAUDE, Family.GPT)),
    WorkedExample("hallucination_risk", "What are the health benefits of green tea? Keep it short.\n", "RS001",
                  "reduces heart disease risk by 31%",
                  {"signal": "number", "kind": "percentage", "value": "31%"}, (Family.GEMINI, Family.LLAMA)),
    WorkedExample("missed_constraint", _NOTES, "IF001",
                  "Version 4.2 of the app brings a number of improvements that customers have been asking for.",
                  {"kind": "length_constraints:number_words", "subtype": "length",
                   "params": {"num_words": 61, "relation": "less than"}, "measured": "84 words",
                   "constraint": "at most 60 words"}, (Family.GPT, Family.MISTRAL)),
    WorkedExample("incomplete_coverage", "Answer using only the report below. When did the pilot start? How many "
                  "patients enrolled?\n\nReport: The pilot started in March 2021 at two clinics. Over six months, "
                  "148 patients enrolled.\n", "CP001", "How many patients enrolled?",
                  {"part": "How many patients enrolled?"}, (Family.CLAUDE, Family.GENERIC)),
    WorkedExample("off_topic_drift", "---\nmodel: gpt-4.1\n---\nHow do I rotate an API key in our billing service "
                  "without downtime?\n", "AR001",
                  "API keys were first popularised by web services in the early 2000s.",
                  {"similarity": 0.11, "threshold": 0.3}, (Family.GPT, Family.GEMINI)),
    WorkedExample("poor_structure", "Explain how to prepare a small team for an on-call rota.\n", "ST001",
                  "Start by agreeing on the hours and then decide who is first and who is second and then write "
                  "the runbook and then", {"words": 240}, (Family.CLAUDE, Family.LLAMA)),
    WorkedExample("wrong_register", "---\naudience: children aged 8 to 10\n---\nExplain why the sky is blue.\n",
                  "RD002", "Rayleigh scattering preferentially redirects shorter wavelengths of incident radiation.",
                  {"grade": 15.1, "audience": "children aged 8 to 10", "band_low": 2, "band_high": 5,
                   "direction": "above"}, (Family.GEMINI, Family.CLAUDE)),
    WorkedExample("verbosity", "In one paragraph, what does a load balancer do?\n", "CN001",
                  "It is worth noting that, as we have seen, load balancers are important.",
                  {"words": 410, "expected_words": 90}, (Family.GPT, Family.GENERIC)),
    WorkedExample("weak_reasoning",
                  "A train leaves at 14:10 and travels 210 km at 84 km/h. Calculate when it arrives.\n",
                  "RZ004", "It arrives at 16:40.", {"steps": 0}, (Family.CLAUDE, Family.GPT)),
    WorkedExample("format_violation", _EMAIL, "EX001", "Sure! Here is the data: name = Priya Raman",
                  {"format": "json", "error": "Expecting value: line 1 column 1"}, (Family.CLAUDE, Family.GEMINI)),
    WorkedExample("low_diversity", "Write a short poem about a lighthouse keeper.\n", "LD002", "a beacon of hope",
                  {"phrase": "a beacon of hope", "density_per_100_words": 1.6}, (Family.GEMINI, Family.MISTRAL)),
    WorkedExample("invalid_code", "Write a Python function `slugify(title: str) -> str` that joins the lowercased "
                  "words of a title with hyphens.\n", "CG001", "def slugify(title: str) -> str",
                  {"line": 1, "error": "expected ':'", "language": "python"}, (Family.GPT, Family.LLAMA)),
    WorkedExample("invented_fields", _EMAIL, "EX004", "\"phone\": \"+44 20 7946 0000\"",
                  {"field": "phone", "allowed": ["name", "email", "start_date"]}, (Family.CLAUDE, Family.GENERIC)),
)

_MECHANISMS = {
    Family.CLAUDE: "XML tags around each instruction; quotes first for grounded tasks; a prefill line (\"Start your "
                   "response with\") for format failures; `<thinking>` before `<answer>` for reasoning; a role in "
                   "the system prompt. Goes after the documents, at the end.",
    Family.GPT: "`###` delimited blocks and triple-quoted reference text; the requirement stated explicitly rather "
                "than implied; numbered steps; a system message for roles. Goes first (after the front matter); "
                "grounded repairs follow the reference text.",
    Family.GEMINI: "A few-shot example leads every format repair; positive instructions only (a prompt's own "
                   "\"don't\" sentence is restated as a positive instruction, and stays, so Rubriq still checks it); "
                   "goes after the context, so the question follows its material.",
    Family.LLAMA: "Short explicit instructions, an explicit output format, the constraint repeated last "
                  "(\"Remember (checked): ...\"). Goes at the very end.",
    Family.MISTRAL: "As llama: short, explicit output format, the constraint repeated at the end.",
    Family.GENERIC: "Provider-agnostic labelled sections (\"Requirement (checked):\", \"Example:\"). Goes at the "
                    "end.",
}

_SUBTYPES = {
    "length": "word, sentence or character counts (\"at most 60 words\")",
    "format": "JSON, a `<<title>>`, highlighted sections, fixed answer options, tables, YAML, CSV",
    "keyword": "words to include, forbidden words, word or letter frequency",
    "casing": "all lowercase, all capitals",
    "structure": "bullet counts, sections, paragraphs, numbered lists, no lists, two responses, haiku form",
    "language": "respond in a given language",
    "start_end": "start or end with a phrase, wrap in quotes, repeat the request first",
    "punctuation": "no commas",
    "content": "postscript, placeholders, a required phrase, anything else the prompt demands",
    "audience": "a reading level the prompt sets",
}


def _fence(text: str, info: str = "text") -> list[str]:
    return [f"````{info}", text.rstrip("\n"), "````"]


def _where(repair: Repair, prompt_text: str) -> str:
    index = LineIndex(prompt_text)
    if repair.replace is not None:
        start, end = repair.replace
        line = index.position(start)[0] + 1
        return f"replaces `{prompt_text[start:end]}` (line {line})"
    assert repair.insert_at is not None
    line, column = index.position(repair.insert_at)
    if repair.insert_at == len(prompt_text):
        place = "at the end of the prompt"
    elif column == 0:
        place = f"before line {line + 1}"
    else:
        place = f"after line {line + 1}"
    extra = ", and restates the task at the start" if repair.lead else ""
    return f"inserted {place} (offset {repair.insert_at}){extra}"


def _example_section(example: WorkedExample) -> list[str]:
    prompt = parse_prompt(example.prompt)
    task: TaskType = detect_task(prompt).task
    finding = Finding(code=example.code, message="", severity=Severity.WARNING, start=0, end=len(example.evidence),
                      evidence=example.evidence, data=example.data)
    lines = [f"## {example.mode}", "", f"Prompt (task detected: `{task.value}`):", "", *_fence(example.prompt), "",
             f"Finding `{example.code}` on the output: “{example.evidence}”  ",
             "Finding data: " + ", ".join(f"`{k}` = `{v}`" for k, v in example.data.items()), ""]
    for family in example.families:
        repair = build_repair(finding, prompt, task, family, failure_mode=example.mode)
        assert repair is not None
        lines += [f"### {example.mode} for {family.value}", "", f"**{repair.title}**: {_where(repair, prompt.text)}.",
                  "", repair.explanation, "", *_fence(repair.fragment), ""]
        if repair.escalation:
            lines += ["Escalation, when the failure comes back (self-consistency, research log 2.5):", "",
                      *_fence(repair.escalation), ""]
    return lines


def render() -> str:
    lines = [
        "# Repair prompts",
        "",
        "<!-- Generated by `python -m rubriq.core.repair.docs`; edit the library, not this page. -->",
        "",
        "For every finding whose rule names a failure mode, Rubriq writes a repair: a prompt fragment, ready to "
        "paste, built from your own prompt and the finding's data (the actual limit, the forbidden word, the "
        "unsupported sentence), in the mechanism of the model family the prompt names (front matter `model:` or "
        "`family:`), with the place it goes. `rubriq check --repairs` prints them; the editor offers each as a "
        "quick fix, plus one fix-all edit that writes every repair once.",
        "",
        "The library is keyed by failure mode (and constraint subtype) × task type × model family, and draws only "
        "on the prompting sources of the research log, Part 2.",
        "",
        "## Families and their mechanisms",
        "",
        "| Family | Mechanism | Source |",
        "|---|---|---|",
        *[f"| {family.value} | {_MECHANISMS[family]} | {FAMILY_SOURCE[family]} |" for family in Family],
        "",
        "## Gating rules",
        "",
        "- Chain-of-thought only for `weak_reasoning`, never as a universal fix, and always reasoning before the "
        "answer (2.4).",
        "- Self-consistency (two independent derivations, compared) is the escalation when a reasoning failure comes "
        "back (2.5).",
        "- Every template with an example carries the three rules of 2.6 inline: examples similar to the real input, "
        "the most representative one last, identical formats.",
        "- On a long source (700 words or more), faithfulness and completeness repairs put the task at the start "
        "edge, and key source material, the task and the prompt's constraints at the end edge (2.7).",
        f"- Role prompts only for `wrong_register`, and they say so: \"{REGISTER_NOTE}\" (2.8).",
        "- Never inside the front matter, never inside a source block.",
        "",
        "## Once a repair is applied",
        "",
        "- A repair adds to the prompt and never rewrites the user's words: Gemini's positive statement of a "
        "\"don't\" sentence stands beside that sentence, so the constraint is still read from the user's words and "
        "still checked.",
        f"- Every repair holds a block marked as Rubriq's by words meant for the model: \"{REQUIREMENT_LABEL}\" "
        f"(open weights: \"{INSTRUCTION_LABEL}\" and \"{REMINDER_LABEL}\"), GPT's \"{GPT_REQUIREMENT_LABEL}\", "
        "the few-shot rules, the role's register note. Its other blocks (an example, which ends with its own "
        f"\"{EXAMPLE_END}\" line outside XML tags and `###` fences, a prefill line, the reference text, the "
        "restated task) are Rubriq's only next to the block the library writes them beside.",
        "- Rubriq reads those blocks as its own: never as the prompt's source, task or constraints, never as "
        "\"not checked\" instructions. A paragraph the user wrote (\"Requirement: ...\", `<example>`, \"Start "
        "the answer with: ...\") is the user's.",
        "- A repair already in the prompt is not inserted again; the fix-all edit writes every line once (a block "
        "whose first line an earlier block wrote keeps its label), so applying it twice changes nothing.",
        "",
        "## Failure modes",
        "",
        "Each rule names its failure mode (`rubriq explain CODE` shows it): "
        + ", ".join(f"`{mode}`" for mode in FAILURE_MODES) + ".",
        "",
        "A `missed_constraint` is repaired by its subtype:",
        "",
        *[f"- `{subtype}`: {_SUBTYPES[subtype]}" for subtype in CONSTRAINT_SUBTYPES],
        "",
        "One worked example per failure mode follows, each for two families.",
        "",
    ]
    for example in EXAMPLES:
        lines += _example_section(example)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DEFAULT_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
