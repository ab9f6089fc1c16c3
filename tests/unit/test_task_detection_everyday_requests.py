"""Task type from requests as people type them: a system message followed by one user request is a single request,
not a conversation (its question is asked, not chatted about); German names the program before its verb ("ein
kleines Skript schreiben") and "ich rechne ... ab" is billing, not a sum; a radio spot is creative writing; "give
me a short explanation" and a pupil who "keeps asking why" ask for an explanation; "boil the minutes down" condenses
the material; "who was in which room" is a logic puzzle."""

from __future__ import annotations

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task

MINUTES = ("--- MINUTES ---\nThe allotment committee met on Tuesday. Water troughs will be switched off from 1 "
           "November. Plot 14's shed must be moved by the end of the month. The spring seed order closes on 20 "
           "January and costs £5 per member.\n--- END ---\n")


@pytest.mark.parametrize(("prompt", "task"), [
    ("System: You help a small estate agency in Leeds. Keep answers short and factual.\n\nUser: How long does a "
     "landlord have to protect a tenancy deposit in England, and what happens if they miss it?", TaskType.OPEN_QA),
    ("Hallo! Ich gebe Nachhilfe und rechne pro Stunde ab, 25 Euro, manchmal 90 Minuten. Kannst du mir ein kleines "
     "Python-Skript schreiben, das aus einer Liste von Minuten den Monatsbetrag berechnet? Nur Standardbibliothek.",
     TaskType.CODE_GENERATION),
    ("Trabajo en una librería de barrio y cumplimos diez años. Necesito el texto de una cuña de radio de unos "
     "veinte segundos que invite a la fiesta del viernes.", TaskType.CREATIVE_WRITING),
    ("One of my Year 9s keeps asking why we can't just divide by zero. Can you give me a short explanation I could "
     "say out loud in class? Under 80 words.", TaskType.OPEN_QA),
    ("Can you boil the minutes down for people who only read the noticeboard?\n\n" + MINUTES,
     TaskType.SUMMARIZATION),
    ("A puzzle from our quiz night: three drivers (Ana, Bo and Cy) each drove one of three vans (red, blue, green). "
     "Bo didn't drive the red van. Cy drove the green one. Who drove which van?", TaskType.REASONING),
])
def test_everyday_requests_get_their_task_type(prompt: str, task: TaskType) -> None:
    assert detect_task(parse_prompt(prompt)).task == task


def test_a_system_message_with_a_user_and_an_assistant_turn_is_still_a_conversation() -> None:
    prompt = ("System: You are a friendly assistant for a garden centre.\n\nUser: Do you sell compost?\n\nAssistant: "
              "Yes, we stock peat-free compost in 40 litre bags.\n\nUser: How much is it?")
    assert detect_task(parse_prompt(prompt)).task == TaskType.GENERAL


def test_a_program_asked_for_in_an_earlier_turn_keeps_a_how_many_question_code() -> None:
    prompt = ("User: I need a small Python function that takes the prescribed sessions and the dates already done."
              "\n\nAssistant: Sure. It returns the sessions left, never fewer than zero.\n\nUser: Good. Add a second "
              "function valid_until(day) that says how many of the 12 sessions fall after 1 June.")
    assert detect_task(parse_prompt(prompt)).task == TaskType.CODE_GENERATION
