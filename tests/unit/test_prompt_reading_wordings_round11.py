"""Prompt reading in an eleventh round of wordings: a topic left out with "leave X out", a topic named inside a
framing noun ("the dishwasher saga", "the row over the hedge", "den Streit um die Heckenhöhe"), German objects left
out by a modal and the verb last, and a lower-case word counted right after a verb of mentioning."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_leave_x_out_rules_out_a_topic_named_inside_a_framing_noun():
    found = kinds("Write her a short thank-you text. Leave the dishwasher saga out.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "dishwasher"}]


def test_leave_x_as_it_is_is_no_topic_to_leave_out():
    assert "rubriq:forbidden_topic" not in kinds("Tidy up my paragraph. Leave the ending as it is.")


def test_a_topic_framed_by_a_dispute_is_the_thing_disputed():
    assert kinds("Summarise the minutes. Don't mention the row over the hedge.")["rubriq:forbidden_topic"] == \
        [{"topic": "hedge"}]
    assert kinds("The whole parking drama is off limits.")["rubriq:forbidden_topic"] == [{"topic": "parking"}]


def test_german_object_first_with_a_modal_and_the_verb_last_is_left_out():
    found = kinds("Fasse das Protokoll zusammen. Den Streit um die Heckenhöhe kannst du komplett weglassen.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "Heckenhöhe"}]
    found = kinds("Schreib eine kurze Mail an den Vermieter. Die Sache mit dem Auto kannst du weglassen.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "Auto"}]


def test_a_lower_case_word_counted_after_a_verb_of_mentioning_is_a_frequency():
    found = kinds("Explain how sea salt is made. Bring up evaporation more than once.")
    assert found["keywords:frequency"] == [{"keyword": "evaporation", "relation": "at least", "frequency": 2}]
    assert "keywords:frequency" not in kinds("Read the poem twice and mention it once.")
