"""Task type detection from the prompt, with the cue that decided it (at least three prompts per type)."""

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import PARAMETERS, TASK_PARAMETERS, TaskType, detect_task

SOURCE = ("<document>The city library will close its east branch in June because the building needs a new roof. "
          "Books will move to the central branch, and the mobile library will visit the east side twice a week. "
          "Repairs are expected to take eight months and cost 2.4 million.</document>")

CASES = {
    TaskType.SUMMARIZATION: [
        f"Summarize the following document in two sentences.\n{SOURCE}",
        f"Give me a TL;DR of this:\n{SOURCE}",
        f"What are the key points of the notice below? Write a short summary for residents.\n{SOURCE}",
    ],
    TaskType.GROUNDED_QA: [
        f"Based on the document, when will the east branch close?\n{SOURCE}",
        f"{SOURCE}\nAccording to the text above, where will the books go?",
        f"Answer the question using only the provided context.\n{SOURCE}\nQuestion: How long will repairs take?",
    ],
    TaskType.OPEN_QA: [
        "What is the capital of Australia?",
        "Why do cats purr?",
        "How does a heat pump work in winter?",
    ],
    TaskType.CODE_GENERATION: [
        "Write a Python function that checks whether a string is a palindrome.",
        "Implement a class LRUCache in TypeScript with get and put methods.",
        "Can you write a bash script that renames every .jpeg file to .jpg?",
    ],
    TaskType.CREATIVE_WRITING: [
        "Write a haiku about autumn rain.",
        "Tell me a short story about a lighthouse keeper who finds a message in a bottle.",
        "Compose a limerick about a cat who loves lasagna.",
    ],
    TaskType.EXTRACTION: [
        f"Extract every date and amount from the notice and return them as JSON.\n{SOURCE}",
        "Pull out the names of all people mentioned in this email: Hi Sam, Priya and Tom will join us on Friday.",
        f"Identify all locations in the text and list them.\n{SOURCE}",
    ],
    TaskType.REASONING: [
        "A train leaves at 3 pm going 60 km/h; another leaves at 4 pm going 90 km/h. Solve for when the second "
        "catches up, step by step.",
        "Calculate 17 * 23 and show your work.",
        "If all bloops are razzies and some razzies are lazzies, can we deduce that some bloops are lazzies?",
    ],
    TaskType.REWRITING: [
        f"Rewrite this notice so a ten-year-old can understand it.\n{SOURCE}",
        "Paraphrase the sentence: the committee has elected to postpone the decision indefinitely.",
        "Proofread my paragraph and fix the grammar: me and him goes to the store yesterday.",
    ],
    TaskType.GENERAL: [
        "Hello!",
        "Thanks, that was helpful.",
        "Let's plan a birthday party together.",
    ],
}


@pytest.mark.parametrize(("expected", "prompt"), [(t, p) for t, prompts in CASES.items() for p in prompts])
def test_task_type_is_detected_from_the_prompt(expected, prompt):
    detection = detect_task(parse_prompt(prompt))
    assert detection.task is expected, (detection.task, detection.cue)
    if expected is not TaskType.GENERAL:
        assert detection.cue
        assert 0 < detection.confidence <= 1


def test_cue_span_points_at_the_cue_in_the_prompt():
    prompt = "Please summarize this for me:\n" + SOURCE
    detection = detect_task(parse_prompt(prompt))
    assert detection.cue_span is not None
    assert detection.cue_span.slice(prompt) == detection.cue


def test_front_matter_task_overrides_detection():
    detection = detect_task(parse_prompt("---\ntask: extraction\n---\nWrite a haiku about rain."))
    assert detection.task is TaskType.EXTRACTION and detection.confidence == 1.0


def test_words_inside_the_source_do_not_decide_the_task():
    prompt = "Translate the following into French.\n<text>Summarize your week. Write a poem.</text>"
    assert detect_task(parse_prompt(prompt)).task is TaskType.REWRITING


def test_every_task_maps_to_known_parameters():
    for task in TaskType:
        params = TASK_PARAMETERS[task]
        assert params and all(p in PARAMETERS for p in params)
        assert len(set(params)) == len(params)


def test_badges_follow_the_research_log():
    assert PARAMETERS["hallucination_risk"].badge == "risk-signal"
    assert PARAMETERS["coherence"].badge == "proxy"
    assert PARAMETERS["lexical_diversity"].badge == "proxy"
    assert PARAMETERS["code_validity"].badge == "proxy"
    assert PARAMETERS["instruction_following"].badge == ""
