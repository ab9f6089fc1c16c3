"""A quote set off by a comma belongs to the clause before it ("sign off with my usual line, "See you Sunday.""),
closings said in French, German and Spanish, format conversions ("convert the list to CSV"), function names said
with a naming verb, and "un mot" as a note to write rather than a length."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints


def _readings(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def _endings(prompt: str) -> list[str]:
    return [c.params["end_phrase"] for c in extract_constraints(prompt) if c.kind == "startend:end_checker"]


@pytest.mark.parametrize(("prompt", "ending"), [
    ('Write the reminder for the choir. Sign off with my usual line, "See you Sunday."', "See you Sunday."),
    ("Écris un mot aux voisins. Ça se termine par ma signature, « Claire Lefèvre, assistante sociale de secteur ».",
     "Claire Lefèvre, assistante sociale de secteur"),
    ("Escribe el post. Se cierra siempre con el claim, «corre tu historia.», como última frase.",
     "corre tu historia."),
    ("Écris le message. Pour clore, la phrase « On en parle dimanche. » telle quelle.", "On en parle dimanche."),
    ("Schreib die Liste. Unter die Liste kommt als Abschluss wortwörtlich: „Bei Fragen bin ich da.“",
     "Bei Fragen bin ich da."),
])
def test_a_closing_named_before_a_set_off_quote_is_the_ending(prompt, ending):
    assert _endings(prompt) == [ending]


@pytest.mark.parametrize("prompt", [
    'Write the reminder for the choir. My boss, "the general" as we call him, reads it first.',
    'Keep it friendly, "Hi all" is how we usually open the thread.',
])
def test_a_set_off_quote_with_no_closing_cue_is_no_ending(prompt):
    assert _endings(prompt) == []


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Convert the list below to CSV.", "rubriq:csv_format"),
    ("Export these settings to YAML, please.", "rubriq:yaml_format"),
    ("Pásamelo a YAML, que lo subo al gestor.", "rubriq:yaml_format"),
])
def test_a_conversion_to_a_format_asks_for_that_format(prompt, kind):
    assert kind in [k for k, _ in _readings(prompt)]


def test_a_format_named_in_a_story_is_not_asked_for():
    assert not any(k in ("rubriq:yaml_format", "detectable_format:json_format") for k, _ in
                   _readings("We moved from JSON to YAML last year; summarise why in two sentences."))


@pytest.mark.parametrize(("prompt", "name"), [
    ("Écris le code Python, la fonction doit s'appeler note_vers_ects.", "note_vers_ects"),
    ("Die Funktion soll heißen preis_berechnen, sonst findet der Import sie nicht.", "preis_berechnen"),
])
def test_a_function_name_said_with_a_naming_verb_is_required(prompt, name):
    assert ("rubriq:code_function_names", {"names": [name]}) in _readings(prompt)


@pytest.mark.parametrize("prompt", ["Écris un mot pour les parents, court et gentil.",
                                    "Schreib ein Wort des Dankes an das Team."])
def test_a_note_to_write_is_not_a_one_word_limit(prompt):
    assert not any(k in ("rubriq:approximate_words", "length_constraints:number_words") for k, _ in _readings(prompt))


def test_an_answer_in_one_word_is_still_a_length():
    assert any(k == "rubriq:approximate_words" for k, _ in _readings("Réponds en un mot : oui ou non ?"))
