"""Bold asked for one thing in a question or a sum is the answer in bold ("pon la diferencia mensual en negrita",
"den Betrag fett machen"); the things to mark counted by name ("markier die zwei Termine fett") give the number of
highlights; two things named, or a text to rewrite, stay highlights."""

from __future__ import annotations

from prompt_reading_helpers import kinds

TABLE = ("| Concepto | Banco Norte | Caja Levante |\n|---|---|---|\n| Cuota mensual | 802 € | 826 € |\n"
         "| Seguro de hogar | 420 €/año | no |\n")


def test_one_result_in_bold_in_a_question_about_material_is_the_answer_in_bold():
    found = kinds("Una clienta me pregunta cuál de las dos ofertas le sale más barata al mes. Aquí tienes el "
                  f"resumen:\n\n{TABLE}\nContéstame en tres frases como mucho y pon la diferencia mensual en negrita.")
    assert "rubriq:bold_answer" in found and "detectable_format:number_highlighted_sections" not in found


def test_one_result_in_bold_in_a_sum_is_the_answer_in_bold():
    found = kinds("Ein Kurs kostet 180 Euro, Geschwister zahlen 25 Prozent weniger. Was zahlen wir für drei Kinder? "
                  "Den Betrag bitte fett machen.")
    assert "rubriq:bold_answer" in found and "detectable_format:number_highlighted_sections" not in found


def test_things_to_mark_counted_by_name_give_the_number_of_highlights():
    found = kinds("Fass mir die Mail der Hausverwaltung kurz zusammen und markier die zwei Termine fett.\n\n"
                  "> Am 3. März wird das Wasser abgestellt. Am 10. März kommt der Schornsteinfeger.")
    assert found["detectable_format:number_highlighted_sections"] == [{"num_highlights": 2}]


def test_two_things_named_for_bold_are_no_single_answer():
    found = kinds("When is it due and how much is it? Mark the deposit and the deadline in bold.\n\n> Deposit: £100 "
                  "per person, due 14 days before the course.")
    assert "rubriq:bold_answer" not in found and "detectable_format:number_highlighted_sections" in found
