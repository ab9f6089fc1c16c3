"""Task cues in the forms people write them: a question someone put to the asker and passed on ("a tenant asks me
whether ...", « me pregunta cuántos ... ») is a question about the pasted material; material "boiled down" is
summarised; « lo cuento en clase » (I tell it) asks for no story; a program named as the thing wanted ("a Python
function that calculates ...") is code even when it calculates; and a chat whose last turn only asks for the earlier
answer shorter is still condensing the notes pasted at its start."""

from __future__ import annotations

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task

GUIDANCE = ("--- SHED GUIDANCE ---\nOutbuildings in a back garden do not need planning permission if they are under "
            "2.5 metres high within 2 metres of a boundary and cover no more than half of the garden. Listed "
            "buildings always need consent.\n--- END ---\n")
POLICY = ("--- POLÍTICA DE DEVOLUCIONES ---\nEl reembolso se hace en un plazo de 14 días desde que recibimos el "
          "artículo. Los gastos de envío de la devolución corren a cargo del cliente salvo que el artículo llegue "
          "dañado.\n--- FIN ---\n")


@pytest.mark.parametrize(("prompt", "task"), [
    ("My neighbour asks me whether he needs permission for a 2 m shed by the fence. Here's the council page:\n\n"
     + GUIDANCE + "\nTwo sentences, plain English.", TaskType.GROUNDED_QA),
    ("Un cliente me pregunta cuánto tarda el reembolso y quién paga el envío. Te pego la política:\n\n" + POLICY
     + "\nContéstame en una frase.", TaskType.GROUNDED_QA),
    ("I need this boiled down for the staff noticeboard before Monday.\n\n" + GUIDANCE, TaskType.SUMMARIZATION),
    ("Soy profesora y los niños siempre me preguntan por qué el cielo es azul. Explícamelo en tres frases, que lo "
     "cuento en clase mañana.", TaskType.OPEN_QA),
    ("J'aurais besoin d'une fonction Python prix_ttc(montant, taux) qui calcule le prix TTC, par exemple 120 € à "
     "20 %, arrondi au centime.", TaskType.CODE_GENERATION),
])
def test_the_task_is_read_from_what_the_asker_needs(prompt: str, task: TaskType) -> None:
    assert detect_task(parse_prompt(prompt)).task == task


def test_a_question_people_keep_asking_in_the_story_is_no_question_to_answer() -> None:
    prompt = ("Customers keep replying asking if their parcel was lost. Rewrite this e-mail so it sounds warmer:\n\n"
              "\"Your order has been dispatched. Delivery takes 3-5 working days. Do not contact us before then.\"")
    assert detect_task(parse_prompt(prompt)).task == TaskType.REWRITING


def test_a_last_turn_asking_for_it_shorter_keeps_condensing_the_notes() -> None:
    prompt = ("User: The head asked for a recap of this morning's fire drill. My notes:\n\n"
              "Alarm sounded at 10:02. Everyone was out by 10:06. Year 4 used the wrong exit. The register for 5B "
              "was missing and had to be fetched from the office.\n\n"
              "Assistant: Here is a recap:\n\n"
              "The alarm sounded at 10:02 and the building was clear by 10:06. Two problems came up: Year 4 left by "
              "the wrong exit, and the 5B register had to be fetched from the office.\n\n"
              "User: Still too long, she reads these on her phone. Two sentences at most.")
    assert detect_task(parse_prompt(prompt)).task == TaskType.SUMMARIZATION

