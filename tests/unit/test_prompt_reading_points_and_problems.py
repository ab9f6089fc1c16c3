"""Readings of requests seen in the wild: the points of a plain list are its bullets ("als Liste mit genau fünf
Punkten", "une liste de cinq points"), while those of a numbered list are its items and "ohne Liste" asks for none; a
count followed by what each item is for ("Five bullets, one per problem") is exact, and only a loss said after a
count ("more than five is a problem") makes it a limit; a word to mention with a reason after it, a bare term made
sure of ("make sure mastitis is in there") and a figure said to be required ("die 418.000 € müssen drinstehen");
"don't pull in any libraries"; "il me faut un CSV"; "no shouty capitals" (no word in capitals, not lowercase); a list
asked for after a word count in an earlier part; "Fang mit „…“ an"; functions asked for in sentences of their own are
named apart, unless announced together ("zwei Funktionen: …"); "ohne Formatierung", "sans mise en forme", "sin
formato"; a German "ein PS" keeps its marker, found with or without dots. Task type: numbers that describe ("a
six-storey block", "each one under 20 words") are no word problem's quantities; a question passed on in the third
person ("She's asking how much", "Pregunta cuánto") asks about the material; a last chat turn with no cue of its own
only reshapes the reply, so the first turn's task holds."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import check_constraint
from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def _readings(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


@pytest.mark.parametrize(("prompt", "n"), [
    ("Schreib das bitte um, als Liste mit genau fünf Punkten, jeder Punkt unter 12 Wörtern.", 5),
    ("Fais-en une liste de cinq points pour la réunion.", 5),
    ("Hazme una lista de 3 puntos con lo más importante.", 3),
])
def test_the_points_of_a_plain_list_are_its_bullets(prompt, n):
    assert ("detectable_format:number_bullet_lists", {"num_bullets": n}) in _readings(prompt)


def test_the_points_of_a_numbered_list_are_its_items():
    readings = _readings("Schreib die Schritte als nummerierte Liste mit genau vier Punkten.")
    assert ("rubriq:numbered_list", {"num_items": 4}) in readings
    assert not any(kind == "detectable_format:number_bullet_lists" for kind, _ in readings)


def test_points_with_no_list_are_no_bullet_count():
    readings = _readings("Bitte in drei Punkten zusammenfassen, ohne Liste.")
    assert not any(kind == "detectable_format:number_bullet_lists" for kind, _ in readings)


def test_a_count_followed_by_what_each_bullet_is_for_is_exact():
    readings = _readings("Summarise the inspection letter. Five bullets, one per problem.")
    assert ("detectable_format:number_bullet_lists", {"num_bullets": 5}) in readings
    assert not any(kind == "rubriq:bullet_count" for kind, _ in readings)


def test_a_count_past_which_there_is_a_problem_is_a_limit():
    readings = _readings("Summarise the inspection letter in five bullets, and more than that is a problem.")
    assert ("rubriq:bullet_count", {"min": None, "max": 5}) in readings


@pytest.mark.parametrize(("prompt", "keyword"), [
    ("Explain why we test at 28 days. Make sure you mention hydration since that's the bit she's stuck on.",
     "hydration"),
    ("Boil the notes down. Make sure mastitis is in there, in capitals, because that's the bit he needs.", "mastitis"),
    ("Schreib die Antwort neu: höchstens 60 Wörter, die 418.000 € müssen drinstehen.", "418.000 €"),
    ("Rewrite the offer e-mail. The £418,000 must be in it.", "£418,000"),
])
def test_a_word_or_figure_made_sure_of_is_required(prompt, keyword):
    assert ("keywords:existence", {"keywords": [keyword]}) in _readings(prompt)


@pytest.mark.parametrize("prompt", ["Write the rota note. Make sure everyone is in there.",
                                    "Write the rota note. Make sure the tone is in there."])
def test_no_one_in_particular_and_a_quality_are_no_word(prompt):
    assert not any(kind == "keywords:existence" for kind, _ in _readings(prompt))


def test_a_conjunction_a_gloss_keeps_is_no_keyword():
    readings = _readings("Escribe un cuento corto. Que el protagonista sea un gato que se llame Bigotes (el nombre "
                         "que salga por lo menos tres veces).")
    assert [p["keyword"] for k, p in readings if k == "keywords:frequency"] == ["Bigotes"]


@pytest.mark.parametrize("prompt", [
    "Write an Apps Script function called markOverdue. Don't pull in any libraries, it has to run as is.",
    "Escribe una función en Python que calcule la comisión. Nada de librerías de fuera.",
])
def test_no_libraries_at_all_is_the_standard_library_only(prompt):
    assert ("rubriq:code_stdlib_only", {}) in _readings(prompt)


def test_il_me_faut_un_csv_asks_for_csv():
    readings = _readings("Ma préparatrice m'a laissé ses notes et il me faut un CSV pour la commande. "
                         "Colonnes : produit, dosage.")
    assert ("rubriq:csv_format", {}) in readings


@pytest.mark.parametrize("prompt", ["Reword the text message. No shouty capitals.",
                                    "Reword the text message, without any words in all caps."])
def test_no_shouting_in_capitals_is_no_word_in_capitals(prompt):
    readings = _readings(prompt)
    assert ("change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 1}) in readings
    assert not any(kind == "change_case:english_lowercase" for kind, _ in readings)


def test_a_list_asked_after_a_word_count_is_a_list():
    readings = _readings("Which days can we run the checks? Under 40 words please, days as bullet points.")
    assert ("rubriq:bullet_list", {}) in readings


def test_fang_mit_an_is_an_opening():
    readings = _readings("Fass das Protokoll zusammen. Fang mit „Liebe Eigentümerinnen und Eigentümer,“ an.")
    assert ("rubriq:starts_with", {"options": ["Liebe Eigentümerinnen und Eigentümer,"]}) in readings


def test_numbers_that_describe_are_no_word_problem():
    prompt = parse_prompt("Facilities manager for a six-storey office block, with a shower on 2 nobody uses. How "
                          "often should it be flushed for legionella control, and for how long? Reply as 3 bullet "
                          "points, each one under 20 words.")
    assert detect_task(prompt).task == TaskType.OPEN_QA


def test_functions_asked_for_in_sentences_of_their_own_are_named_apart():
    readings = _readings("Necesito una función calcular_comision(precio_venta, porcentaje) que devuelva lo que cobra "
                         "la agencia. Y otra, reparto_agentes(comision, agentes), que reparta la comisión.")
    names = [p["names"] for k, p in readings if k == "rubriq:code_function_names"]
    assert names == [["calcular_comision"], ["reparto_agentes"]]


@pytest.mark.parametrize("prompt", [
    "I need a Python function called load_stock that reads the CSV and one called reorder_by_supplier that groups it.",
    "Ich brauch zwei Python-Funktionen: spannungsfall_prozent(strom, laenge) rechnet den Spannungsfall. "
    "min_querschnitt(strom, laenge) gibt den kleinsten Querschnitt zurück.",
])
def test_functions_named_in_one_sentence_or_announced_together_are_one_requirement(prompt):
    names = [p["names"] for k, p in _readings(prompt) if k == "rubriq:code_function_names"]
    assert len(names) == 1 and len(names[0]) == 2


@pytest.mark.parametrize("prompt", ["Schick mir nur die fünf Werte, ohne Formatierung, also reiner Text.",
                                    "Réponds sans mise en forme, en texte brut.",
                                    "Contesta en dos frases, sin formato."])
def test_no_formatting_and_plain_text_in_other_languages_is_no_markdown(prompt):
    assert ("rubriq:no_markdown", {}) in _readings(prompt)


PRICE_LIST = ("\n\n=== TARIFAS 2025 ===\nLimpieza dental: 55 €\nEmpaste simple: 60 €\n=== FIN ===\n\n"
              "Contesta en dos frases.")


@pytest.mark.parametrize("question", [
    "Tengo a una paciente al teléfono. Pregunta cuánto le saldría una limpieza y dos empastes. Esta es la lista:",
    "I have a patient on the phone. She's asking how much a cleaning and two fillings would cost. Here's the list:",
    "J'ai une patiente au téléphone. Elle demande combien coûtent un détartrage et deux plombages. Voici la liste :",
])
def test_a_question_passed_on_in_the_third_person_asks_about_the_material(question):
    assert detect_task(parse_prompt(question + PRICE_LIST)).task == TaskType.GROUNDED_QA


def test_a_last_chat_turn_that_only_reshapes_the_reply_keeps_the_first_turns_question():
    chat = ("User: Das steht im Energieausweis:\n\n--- Energieausweis ---\nEnergieeffizienzklasse: E\n"
            "Baujahr Gebäude: 1978\n---\n\nWelche von diesen Angaben muss ich in die Anzeige übernehmen?\n\n"
            "Assistant: Die Energieeffizienzklasse E und das Baujahr 1978 sind Pflichtangaben.\n\n"
            "User: Danke, passt inhaltlich. Nur die zwei Werte, jeweils eine Zeile, ohne Formatierung.")
    assert detect_task(parse_prompt(chat)).task == TaskType.GROUNDED_QA


def test_a_german_ps_keeps_its_marker_and_is_found_with_or_without_dots():
    german = extract_constraints("Schreib dem Kunden eine kurze Mail und setz noch ein PS drunter, dass wir am Montag "
                                 "kommen.")
    assert [(c.kind, c.params) for c in german] == [("detectable_content:postscript", {"postscript_marker": "PS"})]
    assert check_constraint("Hallo,\n\nwir kommen bald.\n\nPS: Wir kommen am Montag.", german[0]).passed
    assert check_constraint("Hallo,\n\nwir kommen bald.\n\nP.S. Wir kommen am Montag.", german[0]).passed
    assert not check_constraint("Hallo, die nächsten Steps folgen. Gruß", german[0]).passed
    english = extract_constraints("Write the email and stick a PS on the end.")
    assert [(c.kind, c.params) for c in english] == [("detectable_content:postscript", {"postscript_marker": "P.S."})]
