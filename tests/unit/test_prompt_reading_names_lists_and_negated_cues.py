"""Readings of requests seen in the wild: a task cue inside a negated instruction is no request ("Don't make it sound
like a lecture"), questions passed on ("a tutor is asking whether", "necesito saber qué semana"), German code
requirements (names kept, a docstring per function, nothing after the code), "a couple of tests", lines given as a
numbered list and a word worked into some of them, a story character's name, columns set off by a comma, keys each
object "needs", a figure that must stay in, an unquoted sign-off, topics left out in German; and what is not a
request: the casing of a value a function returns, "upper and lower case letters", "the figures as they are in the
CSV", data left out of a sum."""

from __future__ import annotations

import pytest

from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def _readings(prompt: str) -> list[tuple[str, dict]]:
    return [(c.kind, c.params) for c in extract_constraints(prompt)]


def _kinds(prompt: str) -> list[str]:
    return [c.kind for c in extract_constraints(prompt)]


TABLE = ("\n\n| Time | Stop |\n|---|---|\n| 08:00 | Depart Victoria |\n| 12:40 | Arrive Bath |\n"
         "| 16:05 | Everyone back at Terrace Walk |\n\n")


def test_a_cue_inside_a_negated_instruction_is_no_task():
    prompt = ("Here's the running order." + TABLE + "Guests always ask me: how much free time is left in Bath? "
              "Keep it under 60 words. Don't make it sound like a lecture.")
    assert detect_task(parse_prompt(prompt)).task is TaskType.GROUNDED_QA


def test_a_system_message_forbidding_invention_is_no_creative_task():
    prompt = ("Système : Tu aides l'office de tourisme. N'invente jamais de tarifs.\n\nUtilisateur : Une cliente "
              "nous écrit, voici son mail :\n\n« Bonjour, peut-on louer des vélos sur place ? Merci, Mme Lefèvre »\n\n"
              "Fais-moi une réponse de moins de 100 mots.")
    assert detect_task(parse_prompt(prompt)).task is not TaskType.CREATIVE_WRITING


def test_french_ne_que_is_only_not_a_negation():
    assert detect_task(parse_prompt("N'écris qu'un poème sur la mer, huit vers.")).task is TaskType.CREATIVE_WRITING


@pytest.mark.parametrize(("prompt", "task"), [
    ("A form tutor is asking whether one of her students can take a loan laptop home over half term. Policy below."
     "\n\n<policy>\n1. Loan laptops may be taken home during term time.\n2. Devices must be returned before any "
     "holiday of more than three days.\n</policy>", TaskType.GROUNDED_QA),
    ("Para la reunión necesito saber qué semana tuvo el tiempo medio más alto.\n\n```\nsemana,incidencias,horas\n"
     "S40,41,3.2\nS41,38,4.7\n```", TaskType.GROUNDED_QA),
    ("On the coach people always ask whether Mont-Saint-Michel is still really an island. Give me a short answer "
     "I can use, three sentences max.", TaskType.OPEN_QA),
])
def test_a_question_passed_on_is_asked(prompt, task):
    assert detect_task(parse_prompt(prompt)).task is task


def test_a_request_to_ask_someone_is_not_a_question():
    prompt = "Write an email to my landlord asking whether the boiler can be serviced next week. Under 80 words."
    assert detect_task(parse_prompt(prompt)).task is not TaskType.OPEN_QA


@pytest.mark.parametrize(("prompt", "names"), [
    ("Die zwei Funktionen sollen weiter ueberschneidung und freie_plaetze heißen.",
     ["ueberschneidung", "freie_plaetze"]),
    ("Bitte reparieren, blank_correct muss so heißen bleiben.", ["blank_correct"]),
])
def test_german_function_names_named_before_the_verb_are_read(prompt, names):
    assert ("rubriq:code_function_names", {"names": names}) in _readings(prompt)


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Schreib die Funktion neu, zu jeder Funktion einen Docstring.", "rubriq:code_docstrings"),
    ("Schreib die Funktion neu. Nach dem Code aber nichts mehr schreiben.", "rubriq:no_prose_after_code"),
    ("Schreib die Funktion neu und schreib nach dem Code nichts mehr.", "rubriq:no_prose_after_code"),
])
def test_german_code_requirements_are_read(prompt, kind):
    assert kind in _kinds(prompt)


def test_a_couple_of_tests_is_two():
    assert ("rubriq:code_min_tests", {"num_tests": 2}) in _readings(
        "Write a Python function that totals the takings and add a couple of tests.")


def test_lines_given_as_a_numbered_list_are_its_items_each_limited():
    readings = _readings("Give me 5 lines for the board as a numbered list, each under 10 words.")
    assert ("rubriq:numbered_list", {"num_items": 5}) in readings
    assert ("rubriq:item_length", {"relation": "less than", "num_words": 10}) in readings


def test_lines_without_a_list_stay_a_line_count():
    assert "rubriq:item_length" not in _kinds("Write 4 lines, each under 10 words.")


def test_a_word_worked_into_at_least_two_of_them_is_a_frequency():
    assert ("keywords:frequency", {"keyword": "cosy", "relation": "at least", "frequency": 2}) in _readings(
        'Give me five taglines. Work the word "cosy" into at least two of them.')


@pytest.mark.parametrize(("prompt", "name"), [
    ("Write a bedtime story. The main character should be called Curvita.", "Curvita"),
    ("Write a short poem and call the dog Milo.", "Milo"),
    ("Escribe un cuento. Que la protagonista se llame Curvita.", "Curvita"),
    ("Écris une histoire. Le personnage principal s'appelle Zélie.", "Zélie"),
])
def test_a_story_character_s_name_is_required(prompt, name):
    assert ("keywords:existence", {"keywords": [name]}) in _readings(prompt)


def test_a_character_called_for_something_has_no_name():
    assert "keywords:existence" not in _kinds("Write a story where the hero is called away to war.")


def test_columns_set_off_by_a_comma_are_read():
    assert ("rubriq:table_columns", {"columns": ["Raum", "Gerät", "Inventarnummer", "Problem"]}) in _readings(
        "Ich brauch das als CSV für unser Ticketsystem, Spalten Raum, Gerät, Inventarnummer, Problem.")


def test_the_keys_each_object_needs_are_read_and_closed():
    readings = _readings("Pull every medicine out as a JSON array. Each object needs drug, dose, frequency and status, "
                         "and no other keys.")
    assert ("rubriq:json_keys", {"keys": ["drug", "dose", "frequency", "status"]}) in readings
    assert ("rubriq:json_no_extra_keys", {"keys": ["drug", "dose", "frequency", "status"]}) in readings


@pytest.mark.parametrize("prompt", ["Das Frühstück um 6:30 muss auf jeden Fall drinstehen.",
                                    "The breakfast at 6:30 has to be in it."])
def test_a_figure_that_must_stay_in_is_required(prompt):
    assert ("keywords:existence", {"keywords": ["6:30"]}) in _readings(prompt)


@pytest.mark.parametrize(("prompt", "name"), [("Sign off with Dan from IT at the bottom.", "Dan from IT"),
                                               ("Sign off as Maria.", "Maria")])
def test_an_unquoted_name_to_sign_off_with_is_the_ending(prompt, name):
    assert ("startend:end_checker", {"end_phrase": name}) in _readings(prompt)


def test_a_sign_off_that_is_no_name_is_not_an_ending():
    assert "startend:end_checker" not in _kinds("Sign off with my usual line.")


@pytest.mark.parametrize(("prompt", "topic"), [
    ("Die Lärmbeschwerde aus der 214 lass bitte ganz weg.", "Lärmbeschwerde"),
    ("Den Streit lässt du weg.", "Streit"),
])
def test_a_german_topic_left_out_before_the_verb_is_read(prompt, topic):
    assert ("rubriq:forbidden_topic", {"topic": topic}) in _readings(prompt)


@pytest.mark.parametrize("prompt", [
    "Necesito una función que se llame generar_usuario y devuelva el usuario: inicial del nombre + primer apellido, "
    "todo en minúsculas y sin tildes.",
    "Can you write a message to staff? Passwords should combine upper and lower case letters, numbers and symbols.",
])
def test_casing_said_of_something_else_is_no_casing_of_the_reply(prompt):
    assert not {"rubriq:all_lowercase", "change_case:english_lowercase"} & set(_kinds(prompt))


def test_a_reply_asked_in_lowercase_still_is():
    assert "rubriq:all_lowercase" in _kinds("Escribe el mensaje todo en minúsculas, por favor.")


def test_the_figures_as_they_are_in_the_csv_ask_for_no_csv():
    assert "rubriq:csv_format" not in _kinds("Las cifras tal cual salen en el CSV, sin redondear.")


def test_a_csv_still_asked_for_is_read():
    assert "rubriq:csv_format" in _kinds("Put the list in the CSV format, please.")


def test_data_left_out_of_a_sum_is_no_topic():
    assert "rubriq:forbidden_topic" not in _kinds(
        "Write a function for the takings. Only count the Successful ones and leave the tips out, those go to Sam.")


def test_a_topic_left_out_of_a_message_still_is():
    assert ("rubriq:forbidden_topic", {"topic": "tips"}) in _readings(
        "Write the staff notice. Please leave the tips out, they're private.")
