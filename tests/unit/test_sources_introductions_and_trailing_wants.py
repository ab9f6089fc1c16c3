"""Where pasted material starts and stops: a fence may carry a long title; a paragraph that points forward ("pasting
the notes below") introduces the material after it; and once the request has been made and nothing is left to point
at, a long paragraph that states what Rubriq checks on the answer is more of what is wanted, not material; so is a
closing paragraph of such wants after introduced material, and a sentence asking for something after "so" ("...,
así que dámelo en tabla"). Material after a question, with no pointer and no checkable wants in it, is still found."""

from __future__ import annotations

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.requests import reads_as_request


def sources(prompt: str) -> list[str]:
    return [block.text.strip() for block in parse_prompt(prompt).sources]


REPORT = ("Load-in: 08:00, two hours late because the loading bay was blocked by a delivery lorry.\n"
          "Sound: the left monitor wedge crackles when the stage is wet; a spare is on order for Friday.\n"
          "Lighting: the follow spot's lamp failed in the second half and was swapped during the interval.\n")


def test_a_fence_whose_name_carries_a_title_and_a_date_holds_the_material() -> None:
    prompt = ('Boil this down to three bullets for the producer.\n\n'
              '=== SHOW REPORT: "The Ferryman\'s Lantern", touring week 3, Tuesday 14 October ===\n'
              + REPORT + "=== END ===\n")
    assert sources(prompt) == [REPORT.strip()]


def test_a_paragraph_pointing_at_the_material_below_is_not_material() -> None:
    prompt = ("morning! copying yesterday's site diary underneath. Our client, who is travelling all day, wants "
              "to know where things stand before her train gets in at six.\n\n"
              "=== SITE DIARY ===\n" + REPORT + "=== END ===\n\n"
              "Can you boil that report down to a short update for her?")
    assert sources(prompt) == [REPORT.strip()]


def test_a_long_paragraph_of_wants_after_the_request_is_not_material() -> None:
    prompt = ("Ich bin Hausmeister in einer Wohnanlage, nächste Woche wird die Heizung gewartet. "
              "Schreibst du mir was für die Haustür?\n\n"
              "Der Aushang hängt im Treppenhaus neben den Briefkästen, und die Leute bleiben da höchstens im "
              "Vorbeigehen stehen, also bitte nicht mehr als achtzig Wörter. Das Wort „Heizungsausfall“ lassen wir "
              "weg, weil es den älteren Bewohnern Angst macht, und am Ende steht meine Telefonnummer für Rückfragen, "
              "damit niemand bei der Verwaltung anrufen muss, die sowieso nie erreichbar ist, schon gar nicht am "
              "Freitagnachmittag.")
    assert sources(prompt) == []


def test_material_after_a_question_is_still_found() -> None:
    rules = ("Quiet hours apply on weekdays from 1 pm to 3 pm and from 10 pm to 7 am, and all day on Sundays and "
             "public holidays. The drying room in the basement is open to every household. Laundry may be hung "
             "there from Monday to Saturday and must be taken down within 48 hours. Washing machines in the flats "
             "may run outside quiet hours. Bicycles must be kept in the bicycle cellar only.")
    prompt = "Quick one about our house rules: can I hang my washing in the drying room on a Sunday?\n\n" + rules
    assert sources(prompt) == [rules]


def test_a_section_of_my_own_constraints_is_not_material() -> None:
    prompt = ("Je prépare un atelier d'écriture pour des CE2 et il me faut des devinettes sur les animaux de la "
              "ferme.\n\nMes contraintes :\n- cinq devinettes, pas une de plus ;\n- chacune tient sur une ligne ;\n"
              "- le mot « ferme » dans au moins deux d'entre elles ;\n- pas de réponse écrite à la suite.\n")
    assert sources(prompt) == []


NOTE = ("Renewals can now be done at the self-service kiosk by the entrance as well as at the desk. The kiosk takes "
        "library cards and the new app's code.\n\n"
        "Late returns will no longer be charged for children's books from the first of next month. Adult fines stay "
        "as they are until the council reviews them in the spring.")


def test_introduced_material_ends_where_a_closing_paragraph_of_wants_starts() -> None:
    prompt = ("Library desk here. This is the note the head librarian sent round this morning:\n\n" + NOTE + "\n\n"
              "The committee reads the newsletter on paper over coffee. Our box there takes about 120 words. The "
              "head likes it plain and friendly. Nobody on the committee has seen the kiosk yet.")
    assert sources(prompt) == [NOTE]


@pytest.mark.parametrize("sentence", [
    "Se lo contesto en el cuerpo del correo, así que dámelo en forma de tabla.",
    "She reads it on her phone between meetings, so keep it to one screen.",
    "Die Tabelle zeigt Smileys als leere Kästchen an, also lass sie weg.",
])
def test_a_request_after_so_reads_as_a_request(sentence: str) -> None:
    assert reads_as_request(sentence)



def test_the_asker_telling_their_situation_first_is_not_material() -> None:
    prompt = ("Our allotment society (forty-odd plots, one shared shed) turns twenty-five this summer and I've been "
              "roped in for the anniversary poem in the newsletter. Things people will want in it: the first plot "
              "holder was a retired bus driver everyone called Captain, seeds used to be swapped in biscuit tins by "
              "the gate, and we finally put up a polytunnel last spring after years of arguing about it.\n\n"
              "The newsletter has room for three verses of four lines each. Captain should get a mention twice.")
    assert sources(prompt) == []


def test_a_first_person_letter_pointed_at_is_still_material() -> None:
    letter = ("The hall will be closed on Saturday 12 April because the boiler has failed again and the engineer "
              "cannot come before the following Tuesday. I've been told the repair will take two days, so the "
              "Monday and Tuesday classes are cancelled as well, and the youth club will meet in the church room "
              "instead. Sorry for the short notice, it was out of our hands.")
    prompt = letter + "\n\nCan you turn this into a short notice for the board by the door?"
    assert sources(prompt) == [letter]
