"""A name set off by commas or brackets after "her name" ("use her name, Maribel, at least twice") is the name to
count, in four languages; a quoted phrase said to stay ('"(m/f/d)" stays in the title', « le prix « 120 € » reste
tel quel », 'keep "from 3 to 7 March" exactly as it is') is a word the reply must carry, unless a count follows
(then it is a frequency); the opening asked for as "lead with", "the first thing he sees should be a "Yep" or a
"Nope"", « lo primero que pongas tiene que ser », « le premier mot doit être », and an opening asked for after a
limit on sentences or paragraphs in the same sentence ("three sentences at most, and open with ...")."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints


def readings(prompt: str) -> list[tuple[str, dict[str, object]]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


MARIBEL_TWICE = ("keywords:frequency", {"keyword": "Maribel", "relation": "at least", "frequency": 2})


@pytest.mark.parametrize("prompt", [
    "Write a short birthday poem for my niece. Use her name, Maribel, at least twice.",
    "Write a short birthday poem for my niece; her first name (Maribel) should come up at least twice.",
    "Escribe un poema corto para mi sobrina; que salga su nombre, Maribel, al menos dos veces.",
    "Écris un petit poème pour ma nièce et mets son prénom (Maribel) au moins deux fois.",
    "Schreib ein Gedicht für meine Nichte, ihr Name, Maribel, soll mindestens zweimal vorkommen.",
])
def test_a_name_set_off_after_her_name_is_the_name_counted(prompt: str) -> None:
    assert MARIBEL_TWICE in readings(prompt)


@pytest.mark.parametrize(("prompt", "kept"), [
    ('Rewrite the job ad so it reads better. "(m/f/d)" stays in the title.', "(m/f/d)"),
    ('Tidy up this message for the parents; "at least half of every match" goes in letter for letter.',
     "at least half of every match"),
    ('Rewrite the notice. Keep "from 3 to 7 March" exactly as it is.', "from 3 to 7 March"),
    ("Schreib die Anzeige freundlicher um. „(m/w/d)“ bleibt im Titel.", "(m/w/d)"),
    ("Réécris l'annonce pour qu'elle soit plus claire. Le mot « acompte » doit survivre à la réécriture.",
     "acompte"),
    ("Réécris l'annonce, et le prix « 120 € » reste tel quel.", "120 €"),
    ("Reescribe el aviso del ascensor. Deja «del 3 al 7 de marzo» exactamente así.", "del 3 al 7 de marzo"),
])
def test_a_quoted_phrase_said_to_stay_is_required(prompt: str, kept: str) -> None:
    assert ("keywords:existence", {"keywords": [kept]}) in readings(prompt)


def test_a_quoted_phrase_said_to_show_up_a_number_of_times_is_counted_not_just_required() -> None:
    found = readings('Write a poem for the board game café. "Dice" needs to show up twice, minimum.')
    assert ("keywords:frequency", {"keyword": "Dice", "relation": "at least", "frequency": 2}) in found
    assert not any(kind == "keywords:existence" for kind, _ in found)


def test_a_quoted_phrase_ruled_out_is_not_required() -> None:
    found = readings('Rewrite the notice. Do not keep "as per" as it is, and "kindly" must not appear.')
    assert not any(kind == "keywords:existence" for kind, _ in found)


@pytest.mark.parametrize(("prompt", "options"), [
    ('Can I cancel the lesson without paying? Lead with "Yes" or "No".', ["Yes", "No"]),
    ('Can he still claim? The first thing he sees should be a "Yep" or a "Nope".', ["Yep", "Nope"]),
    ("¿Es verdad que los pulpos tienen tres corazones? Lo primero que pongas tiene que ser «Verdadero» o «Falso».",
     ["Verdadero", "Falso"]),
    ("Est-ce que la garantie couvre la pompe ? Le premier mot doit être « Oui » ou « Non ».", ["Oui", "Non"]),
    ('Do we still have to pay? Two paragraphs with a blank line in between, and open with a plain "Yes" or "No".',
     ["Yes", "No"]),
    ("¿Es verdad? En tres oraciones como máximo, y lo primero que pongas tiene que ser «Verdadero» o «Falso».",
     ["Verdadero", "Falso"]),
])
def test_the_opening_asked_for_in_everyday_words(prompt: str, options: list[str]) -> None:
    assert ("rubriq:starts_with", {"options": options}) in readings(prompt)


def test_a_paragraph_asked_to_open_with_a_phrase_is_not_the_whole_reply() -> None:
    found = readings('Write three paragraphs about the fair. The second paragraph should open with "Meanwhile".')
    assert not any(kind == "rubriq:starts_with" for kind, _ in found)
