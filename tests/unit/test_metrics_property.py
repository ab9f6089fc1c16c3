"""Every metric, through engine.check, survives random and adversarial text up to 100 KB without an exception.

The engine turns a metric's exception into "unavailable: <metric> failed: ...", so the property is checked on the
profile: no parameter may report that its metric failed. Each task type is forced in turn so that every metric of
the table runs; the tier-0 metrics are also run directly so that a failure shows its traceback.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.context import CheckContext
from rubriq.core.metrics import TIER_TEXT, all_metrics
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task
from rubriq.core.text import FENCE_RE, TextModel, find_code_blocks

MAX_CHARS = 100_000
TIER0 = frozenset({TIER_TEXT})

# Pieces that stress segmentation and the regexes: markdown, fences, numbers, citations, odd Unicode, long runs.
FRAGMENTS = (
    "# Heading\n", "## \n", "- item\n", "1. step\n", "10) step\n", "| a | b |\n", "```python\ndef f():\n    pass\n",
    "```\n", "~~~\n", "\n\n", "\t", "   ", "73%", "$4.5 million", "1,234,567.89", "(Smith, 2019)", "et al.",
    "Mata v. Avianca", "10.1000/xyz123", "https://example.org/a.b?c=d", "ISBN 978-3-16-148410-0", "“quoted” by X",
    "Studies show", "the largest", "the first person to", "In conclusion,", "However,", "Once upon a time",
    "İ", "ß", "ﬁ", "\u200b", "\u202e", "\x00", "\r\n", "😀", "é", "Ω", "...", "!!!", "???", ":", ";", "--", "—",
    "'", '"', "\\", "<document>", "</document>", "Text:", "---\n", "a" * 300, "1" * 300, " " * 300, "." * 300,
    "A" * 50 + " ", "Dr. Smith arrived. ", "e.g. ", "U.S.A. ", "v. ", "\u00a0",
)

text_strategy = st.one_of(
    st.text(max_size=2_000),
    st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=40), max_size=400).map("".join),
    st.tuples(st.sampled_from(FRAGMENTS), st.integers(1, MAX_CHARS)).map(
        lambda pair: (pair[0] * (pair[1] // max(1, len(pair[0])) + 1))[:MAX_CHARS]),
)
PROMPTS = (
    "Summarize the text in 50 words for a child.\n\nText: The council met on Monday and agreed a budget.",
    "Tell me about the Eiffel Tower.",
    "---\naudience: clinicians\n---\nExplain sepsis.",
    "Write a Python function add(a, b) with a docstring.",
    "Extract the names as JSON.\n\n<document>Ann met Bob in 2020.</document>",
    "",
)


def _failures(result: engine.CheckResult) -> list[str]:
    return [f"{p.name}: {p.reason}" for p in result.profile.parameters if " failed: " in p.reason]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(output=text_strategy, prompt=st.sampled_from(PROMPTS), task=st.sampled_from(list(TaskType)))
def test_every_task_profile_survives_arbitrary_output(output: str, prompt: str, task: TaskType) -> None:
    forced = f"---\ntask: {task.value}\n---\n{prompt}" if not prompt.startswith("---") else prompt
    result = engine.check(forced, output, tiers=TIER0)
    assert _failures(result) == []
    for finding in result.findings:
        text = result.output.text if finding.where == "output" else result.prompt.text
        assert 0 <= finding.start <= finding.end <= len(text)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(output=text_strategy, prompt=text_strategy)
def test_every_tier0_metric_runs_directly_on_arbitrary_text(output: str, prompt: str) -> None:
    parsed = parse_prompt(prompt[:20_000])
    model = TextModel(output)
    for metric in sorted(all_metrics(), key=lambda m: m.name):
        if metric.tier != TIER_TEXT:
            continue
        ctx = CheckContext(prompt=parsed, output=model, task=detect_task(parsed), config=Config(), tiers=TIER0)
        result = metric.run(ctx)  # an exception here fails the test with its traceback
        for score in result.scores:
            assert score.score is None or 0.0 <= score.score <= 1.0, (metric.name, score)
        for finding in result.findings:
            assert 0 <= finding.start <= finding.end <= len(output) or finding.where == "prompt"


ADVERSARIAL_UNITS = (
    "Studies show 73% (Smith, 2019) of the largest https://x.org/a cases. " * 3 + "\n\n- item\n\n",
    "```python\ndef f():\n    pass\n",  # thousands of fences that never close
    "1" * 50,  # one number of 100,000 digits
)


def test_a_100_kb_adversarial_output_is_checked_for_every_task() -> None:
    for unit in ADVERSARIAL_UNITS:
        output = (unit * (MAX_CHARS // len(unit) + 1))[:MAX_CHARS]
        for task in TaskType:
            result = engine.check(f"---\ntask: {task.value}\n---\nSummarize this text.", output, tiers=TIER0)
            assert _failures(result) == [], task


FENCE_PIECES = ("```", "~~~", "````", "```python", " ```", "\t~~~ js x", "\n", "\n\n", "code", " ", "\r", "x\n",
                "```\n", "~~~\n", "```py\n")


@settings(max_examples=300, deadline=None)
@given(text=st.lists(st.sampled_from(FENCE_PIECES), max_size=30).map("".join))
def test_linear_fence_scan_finds_exactly_what_the_fence_regex_finds(text: str) -> None:
    expected = [(m.start(), m.end(), m.start(3), m.end(3), m.group(2).lower()) for m in FENCE_RE.finditer(text)]
    found = [(b.span.start, b.span.end, b.code.span.start, b.code.span.end, b.language)
             for b in find_code_blocks(text)]
    assert found == expected


def test_prompt_with_a_source_and_no_task_cue_is_checked() -> None:
    prompt = "0 0\r" * 30  # found by the property test: detected as source, with no cue for any task
    result = engine.check(prompt, "", tiers=TIER0)
    assert result.profile.task == "general"
