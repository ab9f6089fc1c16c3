"""A requirement taken back ("forget the 100-word limit", "the 50-word cap no longer applies", an earlier request
revised in the same sentence), a word ban that holds only if the reply talks about something ("if you mention the
dog, don't use the word "mess""), and one of two alternatives the reply may choose between ("either three bullets or
a short paragraph") ask nothing a whole-reply check can judge, so none is read. Hedges are still requests: "if you
can", "if possible", "unless it's really necessary", "even if it means cutting detail", "either way"."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

TASK = "Write a short thank-you note to our new neighbours. "
WORDS, FORBIDDEN = "length_constraints:number_words", "keywords:forbidden_words"


@pytest.mark.parametrize("sentence", [
    "Forget the 120-word limit from my last message.",
    "Ignore what I said about using three bullet points.",
    'Scratch the bit about finishing with "Cheers", it sounds too casual.',
    "The 80-word cap doesn't apply any more.",
    "That 80-word cap no longer applies.",
    "Earlier I said five bullet points, but now I'd like something shorter.",
    "Olvida el límite de 120 palabras del mensaje anterior.",
    "Oublie la limite de 120 mots de tout à l'heure.",
    "Vergiss die Grenze von 120 Wörtern.",
])
def test_a_requirement_taken_back_is_not_read(sentence: str) -> None:
    assert kinds(TASK + sentence) == {}


@pytest.mark.parametrize("sentence", [
    'If you bring up the barbecue, don\'t use the word "noise".',
    'Don\'t use the word "noise" if you bring up the barbecue.',
    'Si mencionas la barbacoa, no uses la palabra «ruido».',
    'Si tu parles du barbecue, n\'utilise pas le mot « bruit ».',
    'Wenn du das Grillfest erwähnst, benutze nicht das Wort „Lärm“.',
])
def test_a_word_ban_that_holds_only_under_a_condition_on_the_content_is_not_read(sentence: str) -> None:
    assert FORBIDDEN not in kinds(TASK + sentence)


def test_a_condition_after_a_semicolon_governs_only_what_follows_it() -> None:
    read = kinds(TASK + 'Say "welcome" at least twice; if you mention the fence, avoid the word "problem".')
    assert read == {"keywords:frequency": [{"keyword": "welcome", "relation": "at least", "frequency": 2}]}, read


@pytest.mark.parametrize("sentence", [
    "Keep it below 70 words if you can.",
    "If possible, keep it below 70 words.",
    "Even if it means leaving things out, keep it below 70 words.",
    "Either way, keep it below 70 words.",
    "Write it as if you were a cheerful postman, below 70 words.",
    "Schreib es, wenn möglich, unter 70 Wörtern.",
])
def test_a_hedged_cap_is_still_read(sentence: str) -> None:
    assert WORDS in kinds(TASK + sentence)


def test_a_ban_hedged_with_unless_necessary_is_still_read() -> None:
    assert kinds(TASK + 'Unless it\'s strictly necessary, avoid the word "sorry".').get(FORBIDDEN) == [
        {"forbidden_words": ["sorry"]}]


def test_a_reminder_not_to_forget_a_word_is_a_requirement() -> None:
    assert kinds(TASK + 'Don\'t forget to include the word "cake".') == {"keywords:existence": [{"keywords": ["cake"]}]}


@pytest.mark.parametrize("sentence", [
    "Either four bullet points or one short paragraph works for me.",
    "Use bullet points or a numbered list, whichever looks tidier.",
    "Three bullet points or a short paragraph, up to you.",
    "Tu peux faire quatre puces ou un petit paragraphe, comme tu veux.",
])
def test_one_of_two_alternatives_is_not_required(sentence: str) -> None:
    assert kinds(TASK + sentence) == {}


def test_a_ban_of_either_of_two_words_bans_both() -> None:
    assert kinds(TASK + 'Avoid either "sorry" or "apologies" in the note.').get(FORBIDDEN) == [
        {"forbidden_words": ["sorry", "apologies"]}]


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Summarise the minutes. Ignore the typos and give it to me in 3 bullet points.",
     "detectable_format:number_bullet_lists"),
    ("Rewrite my note. Drop the jargon and keep it under 80 words.", WORDS),
])
def test_setting_aside_something_else_withdraws_no_requirement(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize("prompt", [
    "Write a short story set in 1920 where it was always raining in under 300 words.",
    "Write a poem saying you can do anything in 12 lines.",
    "Write a speech everyone can understand in under 200 words.",
])
def test_past_tense_or_a_possibility_in_the_task_leaves_its_limit_the_replys(prompt: str) -> None:
    assert kinds(prompt) != {}


def test_a_later_turn_that_changes_a_word_instead_keeps_the_earlier_shape() -> None:
    read = kinds("User: Give me 4 bullet points on the new rota.\nAssistant: - Mondays ...\n"
                 'User: Good. Say "shift" instead of "slot".')
    assert read.get("detectable_format:number_bullet_lists") == [{"num_bullets": 4}], read
