"""Task types, their detection from the prompt, and the task → parameter table of the research log (Part 3)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rubriq.core.prompt import PromptDocument
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
    GENERAL = "general"


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


@dataclass(frozen=True)
class TaskDetection:
    task: TaskType
    confidence: float  # 0..1
    cue: str  # the phrase (or front matter) that decided it
    cue_span: Span | None  # where the cue is in the prompt


_W = r"(?:\w+[ \t]+){0,4}?"  # up to four words in between
TASK_CUES: dict[TaskType, tuple[tuple[str, float], ...]] = {
    TaskType.CODE_GENERATION: (
        (r"\b(?:write|implement|create|generate|code|build|fix|refactor)\b[ \t]+" + _W +
         r"(?:function|class|method|script|program|module|endpoint|regex|regular expression|sql query|query|"
         r"unit tests?|api|cli|decorator|component)\b", 3.0),
        # "c++" and "c#" end in a symbol, where \b does not hold: they get their own ending.
        (r"\b(?:python|javascript|typescript|java|rust|golang|bash|sql|html|css|ruby|kotlin|swift)\b|\bc(?:\+\+|#)(?!\w)",
         1.0),
        (r"\bdef \w+\(|\bfunction \w+\(|```(?:python|js|ts|java|go|rust|cpp|c|sql|bash)", 2.0),
        (r"\b(?:code|snippet|algorithm)\b", 0.8),
    ),
    TaskType.SUMMARIZATION: (
        (r"\bsummar(?:y|ize|ise|ies|izing|ising)\b", 3.0),
        (r"\b(?:tl;?dr|key (?:points|takeaways)|condense|gist|synopsis|abstract of|recap|digest)\b", 2.0),
        (r"\bmain (?:points|ideas)\b", 1.5),
    ),
    TaskType.EXTRACTION: (
        (r"\b(?:extract|pull out|parse|harvest)\b", 3.0),
        (r"\b(?:identify|list|find) (?:all|every|each)\b(?! (?:steps|reasons|ways))", 1.5),
        (r"\b(?:fields?|entities|key-value|named entit)", 1.0),
        (r"\b(?:return|output|give|respond)\b[ \t]+" + _W + r"(?:as|in) (?:json|csv|yaml)\b", 1.0),
        # "Extract X from the text below" is extraction, not a question about the text.
        (r"\b(?:extract|pull out|harvest)\b[^.\n]{0,80}?\bfrom (?:the|this|these|that|my)\b", 1.0),
    ),
    TaskType.REWRITING: (
        (r"\b(?:rewrite|re-write|rephrase|paraphrase|proofread|copy-?edit|reword|polish|simplify)\b", 3.0),
        (r"\b(?:translate|edit)\b[ \t]+(?:the|this|my|following)\b", 2.5),
        (r"\bmake (?:it|this|the \w+) (?:more|less|shorter|clearer|simpler|formal|casual)\b", 2.5),
        (r"\b(?:fix|correct) (?:the )?(?:grammar|spelling|typos|tone)\b", 2.5),
    ),
    TaskType.REASONING: (
        (r"\b(?:solve|calculate|compute|derive|prove|deduce|work out)\b", 2.5),
        (r"\bstep[- ]by[- ]step\b|\bshow (?:your|the) (?:work|reasoning|steps)\b", 2.0),
        (r"\b(?:how many|what is the probability|riddle|puzzle|logic|equation|percentage of)\b", 1.5),
        (r"\d+\s*[-+*/×÷^]\s*\d+", 1.5),
    ),
    TaskType.CREATIVE_WRITING: (
        (r"\b(?:poem|haiku|limerick|sonnet|story|short story|fable|lyrics|song|screenplay|script for a|"
         r"fiction|tale|verse|rap|ballad|slogan|toast|monologue|dialogue between)\b", 3.0),
        (r"\b(?:creative|imaginative|vivid|whimsical)\b", 1.0),
    ),
    TaskType.GROUNDED_QA: (
        (r"\b(?:based (?:only |solely )?on|according to|using (?:only )?|from) (?:the|this|these|above|below|"
         r"provided|following|given) (?:\w+ )?(?:text|document|article|passage|context|sources?|excerpt|report|"
         r"information|notes|data)\b", 3.0),
        (r"\banswer (?:the|this|these|my) (?:following )?questions?\b", 1.5),
    ),
    TaskType.OPEN_QA: (
        (r"(?:^|[.!?]\s+)(?:what|who|whom|whose|when|where|why|how|which|is|are|does|do|did|can|could|should|"
         r"would|will)\b[^?\n]{2,200}\?", 2.0),
        (r"\b(?:explain|describe|tell me about|what are|overview of)\b", 1.2),
    ),
}
_COMPILED_CUES = {
    task: tuple((re.compile(pattern, re.IGNORECASE | re.MULTILINE), weight) for pattern, weight in cues)
    for task, cues in TASK_CUES.items()
}
TASK_ALIASES = {
    "summary": TaskType.SUMMARIZATION, "summarisation": TaskType.SUMMARIZATION, "qa": TaskType.OPEN_QA,
    "grounded-qa": TaskType.GROUNDED_QA, "open-qa": TaskType.OPEN_QA, "code": TaskType.CODE_GENERATION,
    "creative": TaskType.CREATIVE_WRITING, "chat": TaskType.GENERAL, "rewrite": TaskType.REWRITING,
    "editing": TaskType.REWRITING,
}


def parse_task_name(name: str) -> TaskType | None:
    key = name.strip().lower().replace(" ", "_").replace("/", "_")
    try:
        return TaskType(key)
    except ValueError:
        return TASK_ALIASES.get(key) or TASK_ALIASES.get(key.replace("_", "-"))


def detect_task(prompt: PromptDocument) -> TaskDetection:
    """Score each task type by the cues in the instruction part; the highest wins, general when none fire."""
    if prompt.front_matter.task:
        declared = parse_task_name(prompt.front_matter.task)
        if declared is not None:
            return TaskDetection(declared, 1.0, f"front matter task: {prompt.front_matter.task}", None)
    view = prompt.instruction_view
    scores: dict[TaskType, float] = {}
    best_cue: dict[TaskType, tuple[float, str, Span]] = {}
    for task, cues in _COMPILED_CUES.items():
        for pattern, weight in cues:
            for match in pattern.finditer(view):
                scores[task] = scores.get(task, 0.0) + weight
                if task not in best_cue or weight > best_cue[task][0]:
                    best_cue[task] = (weight, match.group().strip(), Span(match.start(), match.end()))
                break  # one hit per cue: repetition is not more evidence
    if prompt.has_source and (TaskType.OPEN_QA in scores or TaskType.GROUNDED_QA in scores):
        # A question asked about pasted material is grounded, not open-world.
        scores[TaskType.GROUNDED_QA] = scores.get(TaskType.GROUNDED_QA, 0.0) + scores.pop(TaskType.OPEN_QA, 0.0)
        if TaskType.GROUNDED_QA not in best_cue and TaskType.OPEN_QA in best_cue:
            best_cue[TaskType.GROUNDED_QA] = best_cue[TaskType.OPEN_QA]
    if not scores:
        return TaskDetection(TaskType.GENERAL, 0.3, "no task cue found", None)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], list(TaskType).index(item[0])))
    task, top = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    confidence = round(min(1.0, 0.5 + 0.5 * (top - runner_up) / max(top, 1.0)), 2)
    _, cue, span = best_cue[task]
    return TaskDetection(task, confidence, cue, span)
