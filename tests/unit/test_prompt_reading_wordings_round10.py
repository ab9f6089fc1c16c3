"""Prompt reading in a tenth round of wordings: "nothing over N words" after items are asked for, nouns of
suggestions and slogans and numbered lists in German, running text instead of a list, "fit in" in French, a word the
rewrite must keep said after it, "not a word about" a topic, and a word that must be in at least N of the items."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_nothing_over_n_words_after_items_are_asked_for_limits_each_item():
    found = kinds("Come up with eight names for the choir's bake sale. Nothing over four words.")
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 5}]
    assert "length_constraints:number_words" not in found


def test_nothing_over_n_words_with_no_items_limits_the_whole_answer():
    found = kinds("Explain what a heat pump does. Nothing over 90 words.")
    assert found["length_constraints:number_words"] == [{"relation": "less than", "num_words": 91}]
    assert "rubriq:item_length" not in found


def test_german_suggestions_numbered_with_a_limit_on_each_slogan():
    found = kinds("Für das Sommerfest brauchen wir Sprüche. Vier Vorschläge, durchnummeriert, kein Spruch über "
                  "sechs Wörter.")
    assert found["rubriq:numbered_list"] == [{"num_items": 4}]
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 7}]


def test_running_text_instead_of_a_list_in_french_german_and_spanish():
    assert "rubriq:no_lists" in kinds("Explique-moi le détartrage, en texte suivi s'il te plaît.")
    assert "rubriq:no_lists" in kinds("Erklär mir den Unterschied, bitte als Fließtext.")
    assert "rubriq:no_lists" in kinds("Explícame la diferencia en texto corrido.")


def test_fit_in_n_words_in_french_is_an_upper_limit():
    assert kinds("Réécris l'annonce, elle doit tenir en 45 mots.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 46}]


def test_a_quoted_word_followed_by_keep_must_stay_in_the_text():
    assert kinds('Shorten this note for the landlord. The word "guarantor" please keep.')["keywords:existence"] == [
        {"keywords": ["guarantor"]}]
    assert kinds('Kürz den Text. Das Wort „Dachrinne“ bitte drinlassen.')["keywords:existence"] == [
        {"keywords": ["Dachrinne"]}]


def test_not_a_word_about_a_subject_is_a_topic_to_leave_out():
    assert kinds("Write the club newsletter. Not a word about the fees.")["rubriq:forbidden_topic"] == [
        {"topic": "fees"}]
    assert kinds("Schreib die Einladung. Zu den Parkplätzen kein Wort.")["rubriq:forbidden_topic"] == [
        {"topic": "Parkplätzen"}]
    assert kinds("Écris la réponse. Je ne veux pas entendre parler de remboursement.")["rubriq:forbidden_topic"] == [
        {"topic": "remboursement"}]


def test_keep_something_out_of_it_names_a_topic_but_a_form_of_the_output_is_no_topic():
    assert kinds("Draft the toast, and keep the divorce out of it.")["rubriq:forbidden_topic"] == [{"topic": "divorce"}]
    assert "rubriq:forbidden_topic" not in kinds("Answer her politely and keep emojis out of it.")


def test_a_pronoun_starting_the_next_clause_is_not_a_second_topic():
    found = kinds("Réponds-lui. Je ne veux pas entendre parler de vinaigre, j'ai déjà essayé.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "vinaigre"}]


def test_a_word_in_at_least_n_of_the_items_appears_at_least_n_times():
    found = kinds('Five taglines for the café. The word "crumb" should appear in at least 3 of them.')
    assert found["keywords:frequency"] == [{"keyword": "crumb", "relation": "at least", "frequency": 3}]
    assert "length_constraints:number_words" not in found


def test_fit_on_one_line_limits_the_lines():
    assert kinds("Which platform does the 7:40 leave from? It has to fit on one line.")["rubriq:number_lines"] == [
        {"relation": "less than", "num_lines": 2}]


def test_a_german_closing_sentence_said_with_a_relative_clause_starts_the_last_sentence():
    found = kinds("Fass die Mail zusammen und schließ mit einem Satz ab, der mit „Wichtig:“ anfängt.")
    assert found["rubriq:last_sentence_starts_with"] == [{"options": ["Wichtig:"]}]
    assert "rubriq:starts_with" not in found and "length_constraints:number_sentences" not in found
    assert kinds("Drei Stichpunkte, danach ein Satz, der mit „Also:“ beginnt.")[
        "rubriq:last_sentence_starts_with"] == [{"options": ["Also:"]}]


def test_a_sentence_added_after_the_rest_is_the_last_one():
    found = kinds('Four bullets on the budget, then a sentence that starts with "In short:".')
    assert found["rubriq:last_sentence_starts_with"] == [{"options": ["In short:"]}]
    assert "rubriq:starts_with" not in found


def test_code_wordings_for_builtin_modules_and_docstrings():
    assert "rubriq:code_stdlib_only" in kinds("Write me a Node script to rename the files, built-in modules only.")
    assert "rubriq:code_stdlib_only" in kinds("Escribe el script solo con lo que trae Python de serie.")
    assert "rubriq:code_docstrings" in kinds("Write the parser in Python and give each function a docstring.")
    assert "rubriq:code_docstrings" in kinds("Arregla la función y ponle un docstring.")


def test_a_numbering_shown_asks_for_a_numbered_list():
    assert "rubriq:numbered_list" in kinds("Explain how to bleed a radiator, laid out as 1., 2., 3.")
    assert kinds("Sechs Ideen für den Flohmarkt. Sechs Stück, mit Nummern davor.")["rubriq:numbered_list"] == [
        {"num_items": 6}]


def test_a_count_with_no_more_after_it_is_an_upper_limit_in_german_french_and_spanish():
    assert kinds("Fass das Protokoll zusammen. Vier Sätze, mehr nicht.")["length_constraints:number_sentences"] == [
        {"relation": "less than", "num_sentences": 5}]
    assert kinds("Résume la réunion. Deux phrases, pas une de plus.")["length_constraints:number_sentences"] == [
        {"relation": "less than", "num_sentences": 3}]
    assert kinds("Resúmelo en dos párrafos, ni uno más ni uno menos.")["rubriq:number_paragraphs"] == [
        {"num_paragraphs": 2, "relation": "exactly"}]


def test_fit_in_n_words_in_spanish_is_an_upper_limit():
    assert kinds("Escribe el aviso para el portal; que quepa en 40 palabras.")["length_constraints:number_words"] == [
        {"relation": "less than", "num_words": 41}]


def test_topics_ruled_out_in_more_wordings():
    assert kinds("Write the retirement card. His pension is off limits.")["rubriq:forbidden_topic"] == [
        {"topic": "pension"}]
    assert kinds("Escríbele a la vecina y no saques el tema del garaje.")["rubriq:forbidden_topic"] == [
        {"topic": "garaje"}]
    assert "rubriq:forbidden_topic" not in kinds('Write it up. The word "synergy" is off limits.')


def test_forbidden_words_said_after_the_word_or_as_what_one_does_not_want_to_see():
    assert kinds("Explique-lui la rouille. Le mot « oxydation » est à éviter.")["keywords:forbidden_words"] == [
        {"forbidden_words": ["oxydation"]}]
    assert kinds('Summarise the survey. I don\'t want to see the word "stakeholder" in it.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["stakeholder"]}]


def test_a_required_word_that_must_appear_somewhere():
    assert kinds("Schreib den Aushang. Das Wort „Mülltonne“ muss irgendwo vorkommen.")["keywords:existence"] == [
        {"keywords": ["Mülltonne"]}]


def test_code_wordings_for_packages_and_plain_installs():
    assert "rubriq:code_stdlib_only" in kinds("Write the CLI in Node. Don't import anything from npm.")
    assert "rubriq:code_stdlib_only" in kinds("The script has to run on a bare Python install.")
    assert "rubriq:code_docstrings" in kinds("Every function needs a docstring, helpers included.")


def test_lists_counted_as_a_pair_and_numbered_by_what_they_hold():
    found = kinds("Give me the gist as a pair of bullets, neither one over 12 words.")
    assert found["detectable_format:number_bullet_lists"] == [{"num_bullets": 2}]
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 13}]
    assert "length_constraints:number_words" not in found
    assert "rubriq:numbered_list" in kinds("How do people make cider at home? Number the usual methods.")


def test_an_ending_made_a_question_and_one_closing_line():
    assert "rubriq:ends_with_question" in kinds("Text the plumber, and make the last bit a question.")
    found = kinds('Compare the two gyms, then end with one line that begins "Verdict:".')
    assert found["rubriq:last_line_starts_with"] == [{"options": ["Verdict:"]}]
    assert "rubriq:number_lines" not in found


def test_columns_named_before_the_word_columns():
    assert kinds("Put the fixtures in a table with Date, Opponent and Kick-off columns.")["rubriq:table_columns"] == [
        {"columns": ["Date", "Opponent", "Kick-off"]}]
    assert kinds("A markdown table, with Name, Role and Start date as the headers.")["rubriq:table_columns"] == [
        {"columns": ["Name", "Role", "Start date"]}]


def test_keys_listed_with_their_types_and_no_invented_fields():
    found = kinds("Give me JSON. Each object should have exactly these fields: title, year (a number), "
                  "seen (true/false). Don't invent any other fields.")
    assert found["rubriq:json_keys"] == [{"keys": ["title", "year", "seen"]}]
    assert found["rubriq:json_no_extra_keys"] == [{"keys": ["title", "year", "seen"]}]


def test_only_wanting_code_back_and_a_csv_first_line():
    assert "rubriq:code_only" in kinds("Fix the loop. I just want the code back.")
    assert kinds("Export the readings as CSV. The first line of the CSV should be day,temp,rain")[
        "rubriq:table_columns"] == [{"columns": ["day", "temp", "rain"]}]
    assert kinds("Fais-moi un CSV avec en première ligne : nom,age,ville")["rubriq:table_columns"] == [
        {"columns": ["nom", "age", "ville"]}]
