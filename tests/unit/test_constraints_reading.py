"""The canonical reading every constraint family reads (`core/constraints/reading.py`, `lexicon.py`): other
languages glossed, numbers in several words, relations said as verbs, units left out; every span still a span of
the prompt, every quoted word and every parameter the prompt's own."""

from __future__ import annotations

import pytest
from work_counting import measured_exponent

from rubriq.core.constraints import extract_constraints
from rubriq.core.constraints.lexicon import detect_language
from rubriq.core.constraints.reading import read
from rubriq.core.text import Span

W, S = "length_constraints:number_words", "length_constraints:number_sentences"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


def test_a_prompt_nothing_rewrites_reads_as_written() -> None:
    prompt = "Write a haiku about rain. Use at most 20 words."
    reading = read(prompt)
    assert reading.text == prompt and not reading.layers and reading.language == "en"


@pytest.mark.parametrize(("prompt", "canonical"), [
    ("two hundred words at most", "200 words at most"),
    ("a hundred and fifty words", "150 words"),
    ("one hundred twenty-five words", "125 words"),
    ("half a dozen names", "6 names"),
    ("It can't go over 700.", "It at most 700."),
    ("It has to fit in 155 characters.", "It has to at most 155 characters."),
    ("Cap it at 200 words.", "at most 200 words."),
    ("Word limit for this one is 150.", "at most 150 words."),
    ("Sentences: no more than 4.", "no more than 4 sentences."),
    ("Give me 6 dot points.", "Give me 6 bullet points."),
    ("Anything over 100 words is too long.", "at most 100 words."),
    ("You have a 280-character limit.", "You have at most 280 characters."),
])
def test_other_ways_of_stating_a_count_are_restated_as_the_families_read_them(prompt: str, canonical: str) -> None:
    assert read(prompt).text == canonical


@pytest.mark.parametrize(("prompt", "canonical"), [
    ("at least 500 words but at most 700.", "at least 500 words but at most 700 words."),
    ("If you use bullet points, keep it to five at most.", "If you use bullet points, keep it to five bullet points at "
     "most."),
    ("Keep the sentences short, use no more than 6 of them.",
     "Keep the sentences short, use no more than 6 sentences."),
    ("Leave blanks in square brackets. I want at least five of them.", "Leave blanks in square brackets. I want at "
     "least five blanks."),
    ("Write three paragraphs; the second one starts with 'So'.", "Write three paragraphs; the second paragraph starts "
     "with 'So'."),
])
def test_a_unit_left_out_is_taken_from_the_count_or_the_part_named_before_it(prompt: str, canonical: str) -> None:
    assert read(prompt).text == canonical


def test_a_count_of_something_else_takes_no_unit() -> None:
    for prompt in ("Use the word 'calm' at least twice, and not more than 3 times.", "Return at most 5 results.",
                   "Write 300 words. The price must be under 100."):
        assert read(prompt).text == prompt


def test_quoted_words_code_and_bracketed_slots_are_never_rewritten() -> None:
    prompt = 'End with "two hundred words at most" and keep [a hundred and fifty] as it is: `cap it at 5`.'
    assert read(prompt).text == prompt


def test_typographic_apostrophes_and_quotation_marks_read_as_plain_ones() -> None:
    assert kinds("Don’t use the word “cheap”.") == {"keywords:forbidden_words": [{"forbidden_words": ["cheap"]}]}
    assert kinds("I don’t want more than 100 words.")[W] == [{"relation": "less than", "num_words": 101}]
    assert kinds("Beschreibe Hamburg, ohne die Wörter „Hafen“ und „Regen“ zu verwenden.") == {
        "keywords:forbidden_words": [{"forbidden_words": ["Hafen", "Regen"]}]}


@pytest.mark.parametrize(("prompt", "language"), [
    ("Escribe un correo a mi jefe pidiendo el viernes libre.", "es"),
    ("Rédige un e-mail à mon propriétaire pour signaler une fuite.", "fr"),
    ("Schreib eine kurze E-Mail an das Team.", "de"),
    ("Write a poem about the Día de los Muertos for my class.", "en"),
    ("Explain what 'c'est la vie' means.", "en"),
])
def test_the_language_of_the_instructions_comes_from_their_function_words(prompt: str, language: str) -> None:
    assert detect_language(prompt) == language


def test_a_clause_in_english_inside_another_language_is_not_glossed() -> None:
    reading = read("Escribe una reseña del libro.\nRequirements: write at most 200 words, and use the word sol.")
    assert "Requirements: write at most 200 words, and use the word sol." in reading.text


def test_spans_of_the_canonical_text_point_at_the_prompts_own_words() -> None:
    prompt = "Schreib ein Gedicht über den Winter, in dem das Wort „Schnee“ mindestens dreimal vorkommt."
    (constraint,) = extract_constraints(prompt)
    assert constraint.params == {"keyword": "Schnee", "relation": "at least", "frequency": 3}
    assert prompt[constraint.span.start:constraint.span.end] == "das Wort „Schnee“ mindestens dreimal"


def test_every_offset_maps_into_the_prompt_and_back_in_order() -> None:
    prompt = "Schreib höchstens zweihundertfünfzig Wörter, ohne Kommas, und erwähne den Preis nicht."
    reading = read(prompt)
    ends = [reading.to_source(Span(0, i)).end for i in range(len(reading.text) + 1)]
    assert ends == sorted(ends) and ends[-1] == len(prompt)
    assert reading.to_source(reading.to_text(Span(0, len(prompt)))) == Span(0, len(prompt))


def test_parameters_keep_the_prompts_words_not_their_gloss() -> None:
    assert kinds("Ne mentionne pas le prix du billet.")["rubriq:forbidden_topic"] == [{"topic": "prix du billet"}]
    assert kinds("Termine par la phrase « Bonne journée ! »")["startend:end_checker"] == [
        {"end_phrase": "Bonne journée !"}]
    columns = kinds("Presenta los datos en una tabla con las columnas Nombre, Precio y Fecha.")["rubriq:table_columns"]
    assert columns == [{"columns": ["Nombre", "Precio", "Fecha"]}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Escribe un cartel para el garaje. Todo en mayúsculas, por favor.", "rubriq:all_uppercase", {}),
    ("Écris un slogan pour la fête du village, entièrement en majuscules.", "rubriq:all_uppercase", {}),
    ("Redacta una descripción sin usar comas.", "punctuation:no_comma", {}),
    ("Décris ta journée idéale sans aucune virgule.", "punctuation:no_comma", {}),
    ("Pon toda la respuesta entre comillas dobles.", "startend:quotation", {}),
    ("Escribe una carta y añade al final una posdata que empiece por P.D.", "detectable_content:postscript",
     {"postscript_marker": "P.D."}),
    ("Schreib eine Einladung und füge am Ende ein P.S. hinzu.", "detectable_content:postscript",
     {"postscript_marker": "P.S."}),
    ("Rédige un modèle avec des champs à compléter entre crochets, par exemple [nom] ; il en faut au moins trois.",
     "detectable_content:number_placeholders", {"num_placeholders": 3}),
    ("Fasse die Pressemitteilung in zwei Sätzen zusammen und erwähne den Aktienkurs nicht.",
     "rubriq:forbidden_topic", {"topic": "Aktienkurs"}),
    ("Die Antwort soll das Wort „Nachhaltigkeit“ enthalten.", "keywords:existence", {"keywords": ["Nachhaltigkeit"]}),
    ("Kannst du einen Gruß schreiben, der mit „Alles Liebe, Tim“ endet?", "startend:end_checker",
     {"end_phrase": "Alles Liebe, Tim"}),
    ("Fasse den folgenden Absatz auf Englisch in höchstens 40 Wörtern zusammen.", "language:response_language",
     {"language": "en"}),
    ("Schreib eine Python-Funktion namens berechne_mittel mit Typannotationen und einem Docstring.",
     "rubriq:code_docstrings", {}),
    ("Écris une fonction Python appelée nettoyer_texte, sans bibliothèque externe.", "rubriq:code_function_names",
     {"names": ["nettoyer_texte"]}),
    ("Donne-moi cinq conseils, sous forme de liste à puces.", "detectable_format:number_bullet_lists",
     {"num_bullets": 5}),
    ("Écris un poème de trois strophes de quatre vers.", "rubriq:lines_per_stanza", {"num_lines": 4}),
    ("Hebe mindestens zwei Ausdrücke fett hervor.", "detectable_format:number_highlighted_sections",
     {"num_highlights": 2}),
])
def test_the_english_families_read_spanish_french_and_german_through_the_gloss(prompt: str, kind: str,
                                                                                 params: dict) -> None:
    assert params in kinds(prompt).get(kind, [])


def test_a_phrase_to_give_is_not_the_length_of_the_answer() -> None:
    assert S not in kinds("Dame una frase motivadora y pon toda la respuesta entre comillas dobles.")


def _german_prompt(size: int) -> str:
    clause = "Schreib höchstens zweihundert Wörter, ohne Kommas, und erwähne den Preis nicht. "
    return clause * (size // len(clause) + 1)


def _english_prompt(size: int) -> str:
    clause = "If you use bullet points, keep it to five at most; it can't go over 700 and I want three of them. "
    return clause * (size // len(clause) + 1)


@pytest.mark.parametrize("make", [_german_prompt, _english_prompt], ids=["glossed", "rewritten"])
def test_reading_and_extraction_do_linear_work(make) -> None:  # type: ignore[no-untyped-def]
    assert measured_exponent(make, extract_constraints, 2000, 8000) <= 1.2


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Corrige ce code JavaScript et explique la correction en une seule phrase.", "rubriq:explanation_length",
     {"relation": "less than", "num_sentences": 2}),
    ("Extrais les noms au format JSON, avec les clés « nom » et « date », et aucune autre clé.",
     "rubriq:json_no_extra_keys", {"keys": ["nom", "date"]}),
    ("Extrahiere die Termine als JSON mit den Schlüsseln „datum“ und „thema“ und keinen weiteren Schlüsseln.",
     "rubriq:json_no_extra_keys", {"keys": ["datum", "thema"]}),
    ("Transforme ce tableau en CSV avec l'en-tête nom,ville,âge.", "rubriq:table_columns",
     {"columns": ["nom", "ville", "âge"]}),
    ("Écris un poème et termine par le vers « Et la mer se tait ».", "startend:end_checker",
     {"end_phrase": "Et la mer se tait"}),
    ("Schreib ein Gedicht mit drei Strophen zu je vier Zeilen.", "rubriq:lines_per_stanza", {"num_lines": 4}),
    ("Erstelle eine Tabelle mit den Spalten Name, Preis und Bewertung.", "rubriq:table_columns",
     {"columns": ["Name", "Preis", "Bewertung"]}),
])
def test_code_data_and_verse_constraints_in_other_languages(prompt: str, kind: str, params: dict) -> None:
    assert params in kinds(prompt).get(kind, [])


def test_each_sentence_is_read_in_its_own_language() -> None:
    english_block = ("Requirement: extract only the fields the source gives values for and write null where it gives "
                     "none. Keep the answer short and do not add anything that is not in the message. ") * 3
    prompt = ('Gib das Ergebnis als JSON mit den Schlüsseln "absender" und "betrag" zurück. Keine weiteren Schlüssel.'
              "\n\n" + english_block)
    found = extract_constraints(prompt)
    extra = [c for c in found if c.kind == "rubriq:json_no_extra_keys"]
    assert extra and prompt[extra[0].span.start:extra[0].span.end].startswith("Keine weiteren")
    assert kinds("Write the poster text. Alles in Großbuchstaben, bitte.") == {"rubriq:all_uppercase": [{}]}
