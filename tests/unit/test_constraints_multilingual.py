"""The main kinds in Spanish, French and German (`core/constraints/families/multilingual.py`), read with the
same parameters as their English phrasings."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints

W, S = "length_constraints:number_words", "length_constraints:number_sentences"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    # Spanish
    ("Resume el artículo en menos de 50 palabras.", W, {"relation": "less than", "num_words": 50}),
    ("Escribe entre 100 y 150 palabras sobre el mar.", W, {"relation": "at least", "num_words": 100}),
    ("Escribe entre 100 y 150 palabras sobre el mar.", W, {"relation": "less than", "num_words": 151}),
    ("Contesta en tres frases como máximo.", S, {"relation": "less than", "num_sentences": 4}),
    ("No uses la palabra \"barato\" en el anuncio.", "keywords:forbidden_words", {"forbidden_words": ["barato"]}),
    ("Incluye la palabra \"luna\" al menos tres veces.", "keywords:frequency",
     {"keyword": "luna", "relation": "at least", "frequency": 3}),
    ("Escríbelo todo en minúsculas.", "rubriq:all_lowercase", {}),
    ("Devuélvelo en formato JSON con las claves \"nombre\" y \"edad\".", "rubriq:json_keys",
     {"keys": ["nombre", "edad"]}),
    ("Responde en inglés, por favor.", "language:response_language", {"language": "en"}),
    ("Hazlo sin listas ni viñetas.", "rubriq:no_lists", {}),
    # French
    ("Réponds en deux phrases au plus.", S, {"relation": "less than", "num_sentences": 3}),
    ("Écris un texte d'au moins 200 mots.", W, {"relation": "at least", "num_words": 200}),
    ("N'utilise pas le mot \"problème\".", "keywords:forbidden_words", {"forbidden_words": ["problème"]}),
    ("Donne la réponse au format JSON.", "detectable_format:json_format", {}),
    ("Présente les étapes en liste numérotée.", "rubriq:numbered_list", {}),
    ("Termine par la phrase « Bonne journée ! »", "startend:end_checker", {"end_phrase": "Bonne journée !"}),
    ("Ne mentionne pas le prix du billet.", "rubriq:forbidden_topic", {"topic": "prix du billet"}),
    # German
    ("Fasse den Text in höchstens 60 Wörtern zusammen.", W, {"relation": "less than", "num_words": 61}),
    ("Antworte in genau drei Sätzen.", S, {"relation": "exactly", "num_sentences": 3}),
    ("Verwende nicht das Wort \"billig\".", "keywords:forbidden_words", {"forbidden_words": ["billig"]}),
    ("Das Wort \"Nachhaltigkeit\" muss vorkommen.", "keywords:existence", {"keywords": ["Nachhaltigkeit"]}),
    ("Schreib alles in Kleinbuchstaben.", "rubriq:all_lowercase", {}),
    ("Bitte ohne Aufzählungen.", "rubriq:no_lists", {}),
    ("Gib es als JSON mit den Schlüsseln \"titel\", \"jahr\" und \"autor\" zurück.", "rubriq:json_keys",
     {"keys": ["titel", "jahr", "autor"]}),
    ("Übersetze den Absatz ins Französische.", "language:response_language", {"language": "fr"}),
    ("Ein Gedicht in vier Strophen, bitte.", "rubriq:number_stanzas", {"num_stanzas": 4}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Verwende kein einziges Mal das Wort \"Blätter\".", "keywords:existence"),
    ("Un párrafo por día, por favor.", "rubriq:number_paragraphs"),
    ("No menciones el nombre del alcalde.", "rubriq:forbidden_topic"),
    ("Explícame qué es un archivo JSON.", "rubriq:json_keys"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


MORE = [
    ("Schreibe 200 bis 300 Wörter über Wien.", W, {"relation": "less than", "num_words": 301}),
    ("Écris de 80 à 100 mots sur Lyon.", W, {"relation": "at least", "num_words": 80}),
    ("Das Wort \"billig\" darf nicht vorkommen.", "keywords:forbidden_words", {"forbidden_words": ["billig"]}),
    ("Le mot \"soleil\" doit apparaître au moins deux fois.", "keywords:frequency",
     {"keyword": "soleil", "relation": "at least", "frequency": 2}),
    ("Antworte in englischer Sprache.", "language:response_language", {"language": "en"}),
    ("Schreib ohne Großbuchstaben.", "rubriq:all_lowercase", {}),
    ("Présente les chiffres sous forme de tableau.", "rubriq:markdown_table", {}),
    ("Sin emojis, por favor.", "rubriq:no_emoji", {}),
    ("Réponds sous forme de liste à puces.", "rubriq:bullet_list", {}),
    ("Beginne mit \"Liebe Grüße\".", "rubriq:starts_with", {"options": ["Liebe Grüße"]}),
    ("Termina con una pregunta para el lector.", "rubriq:ends_with_question", {}),
    ("Nenne mir fünf Ideen für den Urlaub.", "rubriq:item_count", {"relation": "exactly", "num_items": 5}),
    ("Évite d'employer le mot \"crise\".", "keywords:forbidden_words", {"forbidden_words": ["crise"]}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), MORE, ids=[f"{k}-{i}" for i, (_, k, _p) in enumerate(MORE)])
def test_reads_ranges_prohibitions_and_shapes_in_each_language(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


def test_a_sentence_that_starts_a_closing_line_is_not_the_opening_of_the_response() -> None:
    found = kinds("Termine par une phrase qui commence par « En résumé ».")
    assert "rubriq:starts_with" not in found
    assert found["rubriq:last_sentence_starts_with"] == [{"options": ["En résumé"]}]
