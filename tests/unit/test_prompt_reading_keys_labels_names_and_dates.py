"""Requests read where their wording used to hide them: a choice described in an aside does not make the format
optional; keys and column names listed bare ("the keys id, status and owner", "Date of birth"); functions listed
after a comma; a name kept in French or German; section labels after a comma or a colon, even when one opens with
"Before"; a last sentence described as a tip that starts with a phrase; words given as examples of a kind
(« sans mots techniques comme … »); a date asked for and then given. A file the person describes exporting is their
material, not the reply's format. Code pasted to repair (« reparieren », « réparer ») is a code task, and the limit
on explaining the bug is the explanation's."""

from __future__ import annotations

from prompt_reading_helpers import kinds

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def test_a_choice_described_in_an_aside_leaves_the_format_required():
    found = kinds("Pull out every order that was late and give it to me as JSON, one object per order and the keys "
                  'id, status and owner (status is either "late" or "lost").')
    assert "detectable_format:json_format" in found
    assert found["rubriq:json_keys"] == [{"keys": ["id", "status", "owner"]}]


def test_a_choice_in_the_request_itself_still_makes_it_optional():
    assert "detectable_format:json_format" not in kinds("Give it to me either as JSON or as a table, your call.")


def test_a_thing_to_mention_ends_before_somewhere_or_please():
    assert kinds("Summarise the minutes in 100 words. Mention the floodlights somewhere.")[
        "keywords:existence"] == [{"keywords": ["floodlights"]}]


def test_functions_listed_after_a_comma_are_the_names_asked_for():
    assert kinds("Write a Python script with two functions, load_scores and best_round, and a short docstring.")[
        "rubriq:code_function_names"] == [{"names": ["load_scores", "best_round"]}]


def test_a_function_name_kept_in_french_or_german_is_read():
    assert kinds("Corrige ce code. Garde le nom total_cotisations, s'il te plaît.")[
        "rubriq:code_function_names"] == [{"names": ["total_cotisations"]}]
    assert kinds("Bitte reparier den Code. Die Funktion soll weiter beitrag_pruefen heißen.")[
        "rubriq:code_function_names"] == [{"names": ["beitrag_pruefen"]}]
    assert "rubriq:code_stdlib_only" in kinds("Écris la fonction en Python, rien que la bibliothèque standard.")


def test_section_labels_after_a_comma_or_a_colon_are_read_even_when_one_opens_with_before():
    for prompt in ("Plan the match day in three sections, Before kick-off, First half and Second half.",
                   "Plan the match day in three sections: Before kick-off, First half and Second half."):
        assert kinds(prompt)["rubriq:section_labels"] == [
            {"labels": ["Before kick-off", "First half", "Second half"]}], prompt


def test_labels_after_a_comma_must_be_as_many_as_counted():
    assert "rubriq:section_labels" not in kinds("Write it in two sections, Before you start, check the weather.")


def test_a_last_sentence_described_as_a_tip_that_starts_with_a_phrase():
    assert kinds('List the kit to pack, and make the last sentence a reminder that starts with "Remember:".')[
        "rubriq:last_sentence_starts_with"] == [{"options": ["Remember:"]}]
    assert kinds("Dame consejos para la acampada y que la última frase sea un aviso que empiece por «Ojo:».")[
        "rubriq:last_sentence_starts_with"] == [{"options": ["Ojo:"]}]


def test_words_given_as_examples_of_a_kind_are_the_forbidden_words():
    assert kinds("Explícaselo a los niños sin palabras raras como «fotosíntesis».")[
        "keywords:forbidden_words"] == [{"forbidden_words": ["fotosíntesis"]}]
    assert kinds("Explique-le sans mots savants comme « photosynthèse », merci.")[
        "keywords:forbidden_words"] == [{"forbidden_words": ["photosynthèse"]}]


def test_a_file_the_person_describes_exporting_is_no_format_for_the_reply():
    found = kinds("Every month I download the bookings from the till as a CSV (columns: date, court, member). "
                  "Write a Python function that counts bookings per court.")
    assert "rubriq:csv_format" not in found and "rubriq:table_columns" not in found
    found = kinds("I need the bookings as a CSV with the columns date, court and member.")
    assert "rubriq:csv_format" in found


def test_a_column_name_with_of_in_it_stays_whole():
    assert kinds("Make a table with the columns Player, Date of birth and Club.")["rubriq:table_columns"] == [
        {"columns": ["Player", "Date of birth", "Club"]}]


def test_a_date_asked_for_and_then_given_must_be_in_the_reply():
    cases = {
        "Write the reminder and include the date, Saturday 12 July.": "12 July",
        "Écris le mot aux parents. N'oublie pas la date, le samedi 12 juillet.": "12 juillet",
        "Fass den Brief zusammen und nenn die Frist mit Datum, also den 12. Juli.": "12. Juli",
        "Please mention the deadline, March 3rd, in the first line.": "March 3rd",
    }
    for prompt, date in cases.items():
        assert {"keywords": [date]} in kinds(prompt).get("keywords:existence", []), prompt


def test_code_pasted_to_repair_is_a_code_task_whose_explanation_has_its_own_limit():
    code = "\n\n```python\ndef beitrag(alter):\n    return 40 if alter > 18 else 20\n```\n"
    for prompt in ("Mein Skript rechnet falsch. Kannst du es reparieren? Erklär mir den Fehler in höchstens zwei "
                   "Sätzen." + code,
                   "Mon script calcule mal. Tu peux le réparer ? Explique-moi le bug en deux phrases maximum." + code):
        doc = parse_prompt(prompt)
        assert detect_task(doc).task is TaskType.CODE_GENERATION, prompt
        found = kinds(prompt)
        assert found["rubriq:explanation_length"] == [{"relation": "less than", "num_sentences": 3}], prompt
        assert "length_constraints:number_sentences" not in found, prompt
