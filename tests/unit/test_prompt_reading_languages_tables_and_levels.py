"""Prompt reading of instructions as people write them, in four languages:

- the reply asked for in the prompt's own language comes first; a language named after it is where the material
  comes from or what not to answer in ("Contéstame en español (viene en inglés)", "Réponds en français, pas en
  anglais");
- a table asked for in German with a verb ("Mach mir daraus eine Tabelle"), extra libraries ruled out in German,
  "never markdown", a slot left in square brackets without the word "placeholder", placeholders listed after "für",
  a French "prénom" counted;
- a "level 3 car park" is no reading level; columns of a CSV the person is handed are not columns to write;
- task types: a German chat whose assistant turn works with decimal commas is a chat, not pasted CSV, and its
  "Wie weit" asks for a quantity; "something poetic" is creative writing; "write up ... from our log" a summary.
"""

from __future__ import annotations

from rubriq.core.constraints.extract import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def _kinds(prompt: str) -> dict[str, dict]:
    return {c.kind: c.params for c in extract_constraints(prompt)}


def test_the_reply_in_the_prompts_own_language_wins_over_a_language_named_after_it():
    spanish = ("Te paso la lista de turnos. ¿Quién trabaja el sábado? Contéstame en español (la lista viene en "
               "inglés), en una frase.")
    assert _kinds(spanish)["language:response_language"] == {"language": "es"}
    french = "Qu'est-ce qu'une marée de vives-eaux ? Réponds en français, pas en anglais comme hier, en 80 mots."
    assert _kinds(french)["language:response_language"] == {"language": "fr"}


def test_a_reply_in_another_language_is_still_read():
    assert _kinds("Fasse den Bericht bitte auf Englisch zusammen.")["language:response_language"] == \
        {"language": "en"}


def test_a_german_table_asked_for_with_a_verb_is_a_table():
    assert "rubriq:markdown_table" in _kinds("Hier die Liste der Termine. Mach mir daraus bitte eine Tabelle.")


def test_extra_libraries_ruled_out_in_german_mean_the_standard_library():
    prompt = "Schreib mir ein Python-Skript, das die Datei einliest. Bitte keine zusätzlichen Pakete verwenden."
    assert "rubriq:code_stdlib_only" in _kinds(prompt)


def test_never_markdown_rules_out_markdown():
    assert "rubriq:no_markdown" in _kinds("Write the notice for the staff room. Plain words, never markdown.")


def test_a_numbered_level_of_a_building_is_no_reading_level():
    assert "rubriq:reading_level" not in _kinds("Tell the team the level 3 car park shuts at ten. Under 50 words.")
    assert _kinds("Explain it at reading level 3.")["rubriq:reading_level"] == {"grade": 3}


def test_a_slot_left_in_square_brackets_is_a_placeholder():
    english = _kinds("Draft the reminder and leave the hearing room in square brackets.")
    assert english["detectable_content:number_placeholders"] == {"num_placeholders": 1}
    spanish = _kinds("Redacta el aviso y deja entre corchetes el nombre del juez.")
    assert spanish["detectable_content:number_placeholders"] == {"num_placeholders": 1}


def test_placeholders_listed_after_fuer_are_counted():
    prompt = "Schreib die Einladung. Lass Platzhalter in eckigen Klammern für die Uhrzeit und den Treffpunkt."
    assert _kinds(prompt)["detectable_content:number_placeholders"] == {"num_placeholders": 2}


def test_a_french_first_name_asked_for_several_times_is_counted():
    prompt = "Écris une comptine sur la plage avec le prénom Léa au moins deux fois."
    assert _kinds(prompt)["keywords:frequency"] == {"keyword": "Léa", "relation": "at least", "frequency": 2}


def test_the_columns_of_a_csv_the_person_is_handed_are_not_columns_to_write():
    code = ("Every week I get a CSV export with the columns shift_id, guard, start, end. Write a Python function "
            "hours_by_guard(path) that totals the hours per guard. Type hints please.")
    assert "rubriq:table_columns" not in _kinds(code)
    assert _kinds("Can I get a table with the columns guard, start and end?")["rubriq:table_columns"] == \
        {"columns": ["guard", "start", "end"]}


def _task(prompt: str) -> TaskType:
    return detect_task(parse_prompt(prompt)).task


def test_a_german_chat_working_with_decimal_commas_is_a_chat_about_a_quantity():
    chat = ("Nutzer: Unser Transporter braucht 9,5 Liter auf 100 km und der Tank fasst 80 Liter. Wie weit kommen "
            "wir mit einer Tankfüllung?\n\n"
            "Assistent: Gern, Schritt für Schritt:\n"
            "1. Verbrauch pro Kilometer: 9,5 l ÷ 100 = 0,095 l\n"
            "2. Reichweite: 80 l ÷ 0,095 l ≈ 842,1 km\n"
            "3. Mit 10 % Reserve: 842,1 km × 0,9 ≈ 757,9 km\n\n"
            "Ihr kommt also etwa 758 Kilometer weit.\n\n"
            "Nutzer: Und mit Anhänger, wenn der Verbrauch um 30 % steigt? Nur das Ergebnis, in einem Satz.")
    detection = detect_task(parse_prompt(chat))
    assert detection.task is TaskType.REASONING
    assert not parse_prompt(chat).sources


def test_something_poetic_is_creative_writing():
    prompt = ("Salut ! Je cherche un texte à lire à la fin de mon cours de yoga. Quelque chose de poétique, pas une "
              "explication. Moins de 100 mots.")
    assert _task(prompt) is TaskType.CREATIVE_WRITING


def test_writing_up_an_event_from_pasted_notes_is_a_summary():
    prompt = ("Can you write up last night's shout from our notes for the duty manager? Under 80 words.\n\n"
              "--- NOTES ---\n21:04 alarm raised by the night porter\n21:10 two crews on scene\n"
              "21:45 fire out, no injuries\n22:30 stood down\n---")
    assert _task(prompt) is TaskType.SUMMARIZATION
