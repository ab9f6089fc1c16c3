"""Wordings of the fourteenth round: a "more than N" count with a negation after it is a cap ("more than 40 words
isn't needed", German "mehr als 120 Wörter les ich nicht"); the place the text goes states the most it takes ("the
web slot holds sixty words", "the whiteboard, which fits eight lines"); an ending that is a label ("finish with
"Total:" and then the number") opens the last line; a list ruled out with another verb ("don't chop it up into a
list"); bans said with "bans", "is retired" or "didn't feature"; column headings along the top or a header row that
"must read" its names; and, in a code task, the explanation named by what it tells ("two sentences on how it
works")."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds, unchecked_texts

WORDS = "length_constraints:number_words"
LINES = "rubriq:number_lines"
FORBIDDEN = "keywords:forbidden_words"
NOTE = "Write a short note for the team about the new parking rules. "


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    (NOTE + "More than 40 words isn't needed.", WORDS, {"relation": "less than", "num_words": 41}),
    (NOTE + "Anything over 100 words won't get read.", WORDS, {"relation": "less than", "num_words": 101}),
    ("Schreib eine kurze Notiz zu den neuen Parkregeln. Mehr als 120 Wörter les ich nicht.", WORDS,
     {"relation": "less than", "num_words": 121}),
    (NOTE + "Over 5 lines won't fit on the card.", LINES, {"relation": "less than", "num_lines": 6}),
])
def test_more_than_a_count_with_a_negation_after_it_is_a_cap(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt).get(kind) == [params]


@pytest.mark.parametrize("prompt", [
    NOTE + "Write more than 100 words that don't repeat the title.",
    NOTE + "Write more than 100 words, not counting the title.",
])
def test_a_negation_in_another_clause_leaves_more_than_a_minimum(prompt: str) -> None:
    assert kinds(prompt).get(WORDS) == [{"relation": "at least", "num_words": 101}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    (NOTE + "The web slot holds sixty words.", WORDS, {"relation": "less than", "num_words": 61}),
    (NOTE + "Our template has room for 120 words.", WORDS, {"relation": "less than", "num_words": 121}),
    (NOTE + "It goes on the noticeboard, which fits eight lines, so nothing longer.", LINES,
     {"relation": "less than", "num_lines": 9}),
])
def test_the_place_the_text_goes_states_the_most_it_takes(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt).get(kind) == [params]


@pytest.mark.parametrize(("prompt", "label"), [
    ('Work out how many crates we need. Finish with "Total:" and then the number.', "Total:"),
    ('Work out how many crates we need. End on a line "Result:" followed by the figure.', "Result:"),
    ("Rechne aus, wie viele Kisten wir brauchen. Als letzte Zeile: „Ergebnis:“ und dann die Zahl.", "Ergebnis:"),
])
def test_an_ending_that_is_a_label_opens_the_last_line(prompt: str, label: str) -> None:
    read = kinds(prompt)
    assert read.get("rubriq:last_line_starts_with") == [{"options": [label]}], read
    assert "startend:end_checker" not in read


def test_an_ending_that_is_not_a_label_stays_an_ending() -> None:
    assert kinds(NOTE + 'End with "See you Monday!"').get("startend:end_checker") == [
        {"end_phrase": "See you Monday!"}]


@pytest.mark.parametrize("sentence", ["Don't chop it up into a list.", "Don't break this into bullet points.",
                                      "Please don't turn it into a list."])
def test_a_list_ruled_out_with_another_verb(sentence: str) -> None:
    assert "rubriq:no_lists" in kinds("Explain why knuckles crack. " + sentence)


@pytest.mark.parametrize(("sentence", "words"), [
    ('Our house style bans "utilise" and "leverage" outright.', ["utilise", "leverage"]),
    ('The phrase "circle back" is retired in this office.', ["circle back"]),
    ('I\'d be grateful if "synergy" didn\'t feature.', ["synergy"]),
    ('There is a ban on "asap" in team notes.', ["asap"]),
])
def test_bans_said_as_a_rule_or_a_wish(sentence: str, words: list[str]) -> None:
    assert kinds(NOTE + sentence).get(FORBIDDEN) == [{"forbidden_words": words}]


@pytest.mark.parametrize(("prompt", "columns"), [
    ("Put the club's fixtures into a table. Headings along the top: Date, Opponent, Venue.",
     ["Date", "Opponent", "Venue"]),
    ("Turn the list into CSV. The header row must read item,room,fragile.", ["item", "room", "fragile"]),
    ("Mach aus der Liste eine CSV. Kopfzeile: artikel, raum, zerbrechlich.", ["artikel", "raum", "zerbrechlich"]),
])
def test_column_names_given_as_headings_or_a_header_row(prompt: str, columns: list[str]) -> None:
    assert kinds(prompt).get("rubriq:table_columns") == [{"columns": columns}]


def test_in_a_code_task_the_explanation_is_named_by_what_it_tells() -> None:
    read = kinds("Write a Python function that rounds prices to the nearest 5p. "
                 "Two sentences on how it works, max.")
    assert read.get("rubriq:explanation_length") == [{"relation": "less than", "num_sentences": 3}], read
    assert "length_constraints:number_sentences" not in read


def test_a_closing_paragraph_under_a_rules_label_is_the_prompts_not_the_pasted_texts() -> None:
    prompt = ("Rewrite this notice as a short web brief. Here is the text:\n\n"
              "The Parish Council is pleased to confirm that the village hall car park will be resurfaced in March, "
              "following consultation with residents and the hall committee.\n\n"
              'House rules: open with the date. The web box holds forty words. Our editor bans "pleased" outright.')
    read = kinds(prompt)
    assert read.get(WORDS) == [{"relation": "less than", "num_words": 41}], read
    assert read.get(FORBIDDEN) == [{"forbidden_words": ["pleased"]}], read


def test_a_pasted_email_ends_at_a_german_thanks_and_the_name_under_it() -> None:
    prompt = ("Mach mir aus dieser Mail eine CSV:\n\nVon: Station 3\nBetreff: Proben\n\nHallo Labor,\n"
              "bitte noch Probe 3-101, Kalium, 06:40 nachtragen.\nDanke und Gruß\nPfleger Tim\n\n"
              "Die Kopfzeile muss probe,parameter,uhrzeit lauten. Bitte nicht als Code formatiert.")
    read = kinds(prompt)
    assert read.get("rubriq:table_columns") == [{"columns": ["probe", "parameter", "uhrzeit"]}], read
    assert "rubriq:no_code_blocks" in read


def test_a_last_column_may_end_with_a_preposition() -> None:
    read = kinds("Put the school trips into a table. Headings along the top: Date, Trip, Cost, Pay by.")
    assert read.get("rubriq:table_columns") == [{"columns": ["Date", "Trip", "Cost", "Pay by"]}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Escribe un aviso para los vecinos. No me pases de noventa palabras.", WORDS,
     {"relation": "less than", "num_words": 91}),
    ("Escribe un aviso para los vecinos. Tiene que caber en 280 caracteres.", "rubriq:number_characters",
     {"relation": "less than", "num_characters": 281}),
    ("Escribe un aviso para los vecinos. La palabra «urgente» ni tocarla.", FORBIDDEN,
     {"forbidden_words": ["urgente"]}),
    ("Rechne die Verdünnung aus. „µl“ soll in der Antwort gar nicht auftauchen.", FORBIDDEN,
     {"forbidden_words": ["µl"]}),
    ("Rechne die Verdünnung aus. Ganz unten dann „Ergebnis:“ und die Zahl.", "rubriq:last_line_starts_with",
     {"options": ["Ergebnis:"]}),
])
def test_spanish_and_german_caps_bans_and_last_lines(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt).get(kind) == [params]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Write a Python module that converts grades. Each function with its docstring.", "rubriq:code_docstrings", {}),
    ("Explain what p99 latency means. Stay off the shift key entirely.", "change_case:english_lowercase", {}),
    ("Explain the outage to the director. She wants it as a single block of text.", "rubriq:number_paragraphs",
     {"num_paragraphs": 1, "relation": "exactly"}),
    ("Write a thank-you letter to a donor. Somewhere near 150 words.", "rubriq:approximate_words",
     {"num_words": 150}),
    ("Rewrite the lost-cat poster. At least three words in big block capitals.",
     "change_case:capital_word_frequency", {"capital_relation": "at least", "capital_frequency": 3}),
])
def test_more_wordings_of_known_kinds(prompt: str, kind: str, params: dict) -> None:
    read = kinds(prompt)
    assert read.get(kind) == [params], read
    assert WORDS not in read


@pytest.mark.parametrize(("sentence", "stanzas", "lines"), [
    ("Do it as three quatrains.", 3, 4),
    ("Two couplets, please.", 2, 2),
    ("Could you write a trio of haiku?", 3, 3),
])
def test_a_set_of_fixed_forms_counts_stanzas_and_their_lines(sentence: str, stanzas: int, lines: int) -> None:
    read = kinds("Write a poem about the night shift. " + sentence)
    assert read.get("rubriq:number_stanzas") == [{"num_stanzas": stanzas}], read
    assert read.get("rubriq:lines_per_stanza") == [{"num_lines": lines}], read
    assert "rubriq:haiku" not in read  # several haiku are no single haiku


def test_one_haiku_is_still_the_haiku_form() -> None:
    assert "rubriq:haiku" in kinds("Write a haiku about rain.")


def test_a_word_worked_in_by_back_reference_is_counted() -> None:
    read = kinds('Write a poem about the night shift. Use the name "Depot Zero". Can the poem work it in twice?')
    assert {"keyword": "Depot Zero", "relation": "at least", "frequency": 2} in read.get("keywords:frequency", [])


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ("Use three all-uppercase words and no more.", "change_case:capital_word_frequency",
     {"capital_relation": "less than", "capital_frequency": 4}),
    ("Five bullets and no more.", "rubriq:bullet_count", {"min": None, "max": 5}),
])
def test_a_count_and_no_more_is_the_most_allowed(sentence: str, kind: str, params: dict) -> None:
    assert kinds("Write the incident digest. " + sentence).get(kind) == [params]


def test_a_postscript_about_something_must_name_it() -> None:
    read = kinds("Write a thank-you letter to a donor. Add a P.S. about the summer raffle.")
    assert read.get("rubriq:postscript_content") == [{"postscript_marker": "P.S.", "content": "summer raffle"}]


@pytest.mark.parametrize("sentence", ["Whatever you import has to be in Python already.",
                                      "Only use what ships with Python."])
def test_the_standard_library_named_by_what_comes_with_python(sentence: str) -> None:
    assert "rubriq:code_stdlib_only" in kinds("Write a Python script that parses the log. " + sentence)


@pytest.mark.parametrize("prompt", [
    'Is the venue accessible? Put "Yes" or "No" at the very start.',
    'Is the venue accessible? At the very start, "Yes" or "No".',
    'Is the venue accessible? "Yes" or "No" first, then the reason.',
])
def test_options_named_before_or_after_the_place_they_go(prompt: str) -> None:
    assert kinds(prompt).get("rubriq:starts_with") == [{"options": ["Yes", "No"]}]


@pytest.mark.parametrize(("prompt", "kind", "params"), [
    ("Responde a la pregunta. Ponme delante del todo «Sí» o «No».", "rubriq:starts_with",
     {"options": ["Sí", "No"]}),
    ("Schreib eine kurze Antwort. Kannst du die Antwort gleich englisch formulieren?", "language:response_language",
     {"language": "en"}),
    ("Fais-moi le plan. Mets-le dans un tableau à deux colonnes, Semaine et Kilomètres.", "rubriq:table_columns",
     {"columns": ["Semaine", "Kilomètres"]}),
    ('Work out how many trucks we need. last line = "Trucks: N"', "rubriq:last_line_starts_with",
     {"options": ["Trucks:"]}),
])
def test_openings_languages_columns_and_last_lines_said_in_passing(prompt: str, kind: str, params: dict) -> None:
    assert kinds(prompt).get(kind) == [params]


@pytest.mark.parametrize("prompt", ["Put the pledges in a table. Not a word of commentary under the table.",
                                    "Fais-moi le tableau des dons. Et pas un mot de commentaire sous le tableau."])
def test_commentary_ruled_out_is_no_topic(prompt: str) -> None:
    assert "rubriq:forbidden_topic" not in kinds(prompt)


@pytest.mark.parametrize(("sentence", "kind", "params"), [
    ("Hör mit einer Frage auf.", "rubriq:ends_with_question", {}),
    ("Hör mit „Bis bald!“ auf.", "startend:end_checker", {"end_phrase": "Bis bald!"}),
])
def test_a_german_ending_said_with_the_separable_verb_around_it(sentence: str, kind: str, params: dict) -> None:
    assert kinds("Fass den Artikel zusammen. " + sentence).get(kind) == [params]


def test_an_apostrophe_inside_double_quotes_is_part_of_the_label_or_keyword() -> None:
    read = kinds('Write a short incident report. Sections: "What happened", "Why", "What we\'ll do".')
    assert read.get("rubriq:section_labels") == [{"labels": ["What happened", "Why", "What we'll do"]}]
    read = kinds('Write a short incident report. Include the keywords "don\'t panic" and "stay calm".')
    assert read.get("keywords:existence") == [{"keywords": ["don't panic", "stay calm"]}]


def test_keys_listed_after_objects_with() -> None:
    read = kinds("Pull the contacts out of the e-mail below as JSON. An array of objects with name, email and phone.")
    assert read.get("rubriq:json_keys") == [{"keys": ["name", "email", "phone"]}]


@pytest.mark.parametrize(("sentence", "asked"), [("A CSV with a header row.", True), ("CSV please.", True),
                                                 ("A CSV file is attached.", False)])
def test_csv_asked_for_as_a_fragment(sentence: str, asked: bool) -> None:
    assert ("rubriq:csv_format" in kinds("Summarize the data below. " + sentence)) is asked


def test_a_checked_limit_said_again_is_not_reported_as_unchecked() -> None:
    prompt = ("Put the trips in a table. I copy these onto the whiteboard, which fits eight lines of my handwriting, "
              "so nothing longer than that.")
    assert kinds(prompt).get(LINES) == [{"relation": "less than", "num_lines": 9}]
    assert unchecked_texts(prompt) == []
    assert "nothing else." in unchecked_texts("Put the trips in a table. Keep it short, and nothing else.")


def test_a_quoted_name_given_with_called_is_counted_by_back_reference() -> None:
    read = kinds('Write a short ad for our bakery. Our bakery is called "Crumb". Say the name at least three times.')
    assert read.get("keywords:frequency") == [{"keyword": "Crumb", "relation": "at least", "frequency": 3}]
