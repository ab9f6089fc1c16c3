"""Task cues people use without the usual verbs: material pulled "out of" a text or put into the data format a tool
reads is extraction; « mets ça sous forme de ... » recasts the material (rewriting); „zusammengefasst" asks for a
summary; „laut vorlesen" (read aloud) is no „laut dem Vertrag" (according to the contract)."""

from __future__ import annotations

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task

MAIL = ("> From: Carla Weiss\n> Subject: Order\n>\n> Hi, please send 12 boxes of A4 paper and 3 toner cartridges to "
        "our Leeds office by Friday 14 March. Invoice to accounts@weiss-legal.co.uk, PO 44817.\n> Thanks, Carla\n")


@pytest.mark.parametrize(("prompt", "task"), [
    ("Can you get the order details out of this for the warehouse system?\n\n" + MAIL, TaskType.EXTRACTION),
    ("J'ai une commande à saisir dans notre logiciel de stock.\n\n" + MAIL + "\nLe logiciel ne lit que du JSON, "
     "rien d'autre.", TaskType.EXTRACTION),
    ("Voici le règlement de la salle, écrit il y a dix ans :\n\n« La salle est ouverte de 8 h à 20 h du lundi au "
     "samedi, les réservations se font à l'accueil au moins 48 heures à l'avance et toute annulation tardive est "
     "facturée 15 euros, sauf cas de force majeure dûment justifié auprès du gestionnaire. »\n\n"
     "Mets ça sous forme de liste à puces, une règle par puce.", TaskType.REWRITING),
    ("Kurze Bitte fürs Teammeeting, ich brauch die Mail unten zusammengefasst, in drei Sätzen.\n\n" + MAIL,
     TaskType.SUMMARIZATION),
    ("Schreib die Mail unten freundlicher um, ich les sie nachher im Meeting laut vor.\n\n" + MAIL,
     TaskType.REWRITING),
])
def test_the_task_is_read_from_what_is_done_with_the_material(prompt: str, task: TaskType) -> None:
    assert detect_task(parse_prompt(prompt)).task == task


def test_according_to_in_german_still_asks_about_the_material() -> None:
    prompt = "Bis wann muss die Lieferung laut der Mail unten da sein?\n\n" + MAIL
    assert detect_task(parse_prompt(prompt)).task == TaskType.GROUNDED_QA
