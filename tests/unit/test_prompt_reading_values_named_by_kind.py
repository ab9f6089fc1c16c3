"""A value the prompt asks for by its kind ("keep our phone number", "der Fehlercode soll drinstehen") is the value
the prompt itself gives of that kind, and only when exactly one answers the description."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.check import check_constraint
from rubriq.core.constraints.extract import extract_constraints


def _required(prompt: str) -> list[list[str]]:
    return [c.params["keywords"] for c in extract_constraints(prompt) if c.kind == "keywords:existence"]


NOTICE = ("Tidy up this notice for the front door, and keep our phone number exactly as written.\n\n"
          "--- notice ---\nThe surgery will shut at 1pm on Friday for staff training. For anything urgent ring "
          "01865 741 202 and leave a message with your pet's name.\n--- end ---\n")


def test_a_phone_number_asked_for_by_its_kind_is_the_one_the_prompt_gives():
    assert ["01865 741 202"] in _required(NOTICE)


def test_the_phone_number_is_checked_in_the_reply():
    required = next(c for c in extract_constraints(NOTICE) if c.kind == "keywords:existence")
    assert check_constraint("Closed Friday from 1pm. Urgent? Call 01865 741 202.", required).passed
    assert not check_constraint("Closed Friday from 1pm. Urgent? Call the surgery.", required).passed


def test_two_phone_numbers_leave_the_request_unread():
    prompt = NOTICE.replace("leave a message", "or the out-of-hours line 01865 990 300, and leave a message")
    assert _required(prompt) == []


def test_a_phone_number_to_leave_out_is_not_required():
    assert _required(NOTICE.replace("and keep our phone number exactly as written",
                                    "and don't put the phone number in")) == []


@pytest.mark.parametrize(("prompt", "value"), [
    ("My washing machine shows this. What does it mean? Put the error code in your answer.\n\n"
     "\"\"\"\nDisplay: error F-21, door light flashing, drum won't turn.\n\"\"\"", "F-21"),
    ("Schreib eine kurze Meldung an den Hersteller, die Auftragsnummer muss drinstehen.\n\n"
     "Auftragsnummer: KX-40213, geliefert am 3. Mai, Lüfter defekt.", "KX-40213"),
    ("Résume ce mail pour mon chef, le numéro de série doit apparaître.\n\n"
     "> Bonjour, l'onduleur (numéro de série : 88-TR-2291) s'arrête chaque matin depuis lundi.", "88-TR-2291"),
    ("Escríbele al técnico y que salga el número de teléfono de la clienta.\n\n"
     "Clienta: Marta Gil, teléfono 612 448 903, caldera sin presión desde ayer.", "612 448 903"),
    ("Rewrite this so it sounds friendlier; the deposit amount stays in.\n\n"
     "Your booking is held. A deposit of £150 is due by Friday; the cleaning fee of £40 is paid on the day.", "£150"),
])
def test_the_value_named_by_its_kind_in_four_languages(prompt, value):
    assert [value] in _required(prompt)


def test_a_label_a_few_words_before_its_value_still_names_it():
    prompt = ("Sum this up in two sentences and keep the serial number in.\n\n"
              "> The pump stopped again on Tuesday. The serial number is on the side plate: PX7-0032-B.")
    assert ["PX7-0032-B"] in _required(prompt)


def test_digits_far_from_their_label_are_not_a_code():
    prompt = ("Sum this up and keep the serial number in.\n\n"
              "> The serial number on the old unit was scratched off in 2019, so we never had it.")
    assert _required(prompt) == []


def test_two_amounts_with_nothing_to_say_which_leave_the_amount_unread():
    prompt = ("Make this shorter and keep the amount in.\n\n"
              "We charged £150 for the call-out and refunded £40 after the delay.")
    assert _required(prompt) == []


def test_a_phone_number_put_as_a_placeholder_is_not_required():
    prompt = NOTICE.replace("keep our phone number exactly as written", "put our phone number as [PHONE]")
    assert _required(prompt) == []


def test_keeping_a_price_low_does_not_ask_for_the_price():
    prompt = ("Write a short ad for the bike, and keep the price low-key, people haggle.\n\n"
              "Notes: blue road bike, 54 cm frame, new tyres, asking £220.")
    assert _required(prompt) == []
