"""Task type from requests as people in offices, kitchens and shops type them: a fence's label ("--- POLICY EXTRACT
---") names the material, not the request; German splits its verbs ("Schreib das bitte um") and names a program with
its signature before the verb; « Sors-moi ... » pulls items out; "a short explainer" is an explanation; a question
passed on ("veut savoir jusqu'à quand", "me pregunta cuál") is asked about the material even when the material is
called a summary; "write me something fun for the sign" is new writing, not a rewrite."""

from __future__ import annotations

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


@pytest.mark.parametrize(("prompt", "task"), [
    ("Is the tenant's bike covered if it is stolen from the shared hallway?\n\n--- POLICY EXTRACT ---\n3.1 Contents "
     "are covered against theft from the home. 3.2 Items left in shared areas are not covered.\n--- END ---",
     TaskType.GROUNDED_QA),
    ("Kannst du mir eine Python-Funktion zinsen(betrag, tage) schreiben? Ich rechne das bisher von Hand aus, vier "
     "Prozent im Jahr auf 365 Tage.", TaskType.CODE_GENERATION),
    ("Schreib das bitte um, in Du-Form und als Liste.\n\n--- Aushang ---\nDas Betreten der Küche ist Unbefugten "
     "untersagt. Geschirr ist nach Gebrauch zu spülen.\n--- Ende ---", TaskType.REWRITING),
    ("Voilà l'inventaire du soir :\n\nproduit\tstock\tminimum\nbeurre\t4\t10\nfarine\t30\t25\nœufs\t60\t120\n\n"
     "Sors-moi les produits à commander, un par ligne.", TaskType.EXTRACTION),
    ("Can you write me a short explainer on the Marriage Allowance that I can paste into client emails? Under 100 "
     "words.", TaskType.OPEN_QA),
    ("Mon client veut savoir jusqu'à quand il peut contester l'amende. Voici l'avis :\n\n« Vous disposez de 45 jours "
     "à compter de l'envoi de l'avis pour contester. »\n\nRéponds en deux phrases.", TaskType.GROUNDED_QA),
    ("Una clienta me pregunta cuál de las dos tarifas le sale más barata al año. Aquí tienes el resumen que le "
     "mandé:\n\n| Tarifa | Cuota | Alta |\n|---|---|---|\n| Luz Fija | 30 € | 0 € |\n| Luz Plus | 28 € | 40 € |\n\n"
     "Contéstame en dos frases.", TaskType.GROUNDED_QA),
    ("we're opening an ice cream hatch on sunday!! write me something short and fun for the sign out front, no more "
     "than 4 lines. make it sound like us", TaskType.CREATIVE_WRITING),
])
def test_the_task_is_read_from_the_request_not_from_labels_or_narration(prompt: str, task: TaskType) -> None:
    assert detect_task(parse_prompt(prompt)).task is task
