"""Prompt reading in a seventh round of wordings: German and French quotation marks around a keyword, a second
forbidden word joined by "ni", a closing sentence asked for "exactly", a last line known by its opening, prose with
no bullets, a count that is exact ("no more no less") or a limit after its unit ("five tops"), a word that must stay,
"don't name anyone" (a verb), a name that can only be code, a CSV with its columns in order, numbered and bold
answers in German and French, a requirements list that is no source, and dates that are no arithmetic."""

from __future__ import annotations

from prompt_reading_helpers import kinds

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task

# Keywords


def test_a_keyword_in_german_or_french_quotation_marks_is_read():
    assert kinds("Ein Gedicht über den Winter. Das Wort „Eis“ bitte gar nicht verwenden.")[
        "keywords:forbidden_words"] == [{"forbidden_words": ["Eis"]}]
    assert kinds("Fass den Bericht zusammen und lass das Wort „Gemeinderat“ weg, bitte: das Wort „Gemeinderat“ "
                 "weglassen.")["keywords:forbidden_words"] == [{"forbidden_words": ["Gemeinderat"]}]
    assert kinds("Écris un haïku sans utiliser le mot « neige ».")["keywords:forbidden_words"] == [
        {"forbidden_words": ["neige"]}]


def test_a_second_forbidden_word_joined_by_ni_is_forbidden_too():
    assert kinds('Escribe un poema corto sin usar la palabra "sol" ni la palabra "calor".')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["sol", "calor"]}]


def test_a_word_that_has_to_stay_in_a_rewrite_is_required():
    assert kinds('Make this blurb snappier. The word "handmade" has to stay in.')["keywords:existence"] == [
        {"keywords": ["handmade"]}]


def test_dont_name_anyone_is_a_verb_not_a_list_of_forbidden_words():
    assert "keywords:forbidden_words" not in kinds("Summarise the meeting. Don't name anyone, just say the team.")
    assert kinds("Don't use the names Ravi or Ines.")["keywords:forbidden_words"] == [
        {"forbidden_words": ["Ravi", "Ines"]}]


# Openings and endings


def test_a_closing_sentence_asked_for_exactly_is_the_end_phrase_without_the_words_before_it():
    assert kinds('Write a spooky tale. End with exactly this line: "The lift never stops at four."')[
        "startend:end_checker"] == [{"end_phrase": "The lift never stops at four."}]
    assert kinds('Escribe una nota que termine exactamente con "Hasta pronto, Lucía".')["startend:end_checker"] == [
        {"end_phrase": "Hasta pronto, Lucía"}]


def test_a_line_at_the_end_known_by_its_opening_is_not_an_end_phrase():
    read = kinds('List the safe dishes, then add a short caution at the very end starting with "Warning:".')
    assert read["rubriq:last_line_starts_with"] == [{"options": ["Warning:"]}]
    assert "startend:end_checker" not in read


def test_finishing_by_asking_me_a_question_ends_with_a_question():
    assert "rubriq:ends_with_question" in kinds("Tell me how to descale a kettle and finish by asking me a question.")


# Lists and lengths


def test_prose_with_no_bullets_under_a_word_limit_limits_the_whole_answer():
    read = kinds("Which trains still run? Answer in prose (no bullets), under 80 words.")
    assert "rubriq:no_lists" in read
    assert read["length_constraints:number_words"] == [{"relation": "less than", "num_words": 80}]
    assert "rubriq:item_length" not in read and "rubriq:explanation_length" not in read


def test_a_count_with_no_more_no_less_is_exact_and_a_limit_after_its_unit_is_a_maximum():
    assert kinds("Give me the gist in three sentences, no more no less.")["length_constraints:number_sentences"] == [
        {"relation": "exactly", "num_sentences": 3}]
    read = kinds("Make it skimmable. Bullets please, four tops.")
    assert read["rubriq:bullet_count"] == [{"min": None, "max": 4}]
    assert "rubriq:bullet_list" in read


def test_numbered_steps_and_a_bold_result_in_german_and_french():
    german = kinds("Rechne es Schritt für Schritt vor, nummeriert, und schreib die Gesamtsumme fett.")
    assert "rubriq:numbered_list" in german and "rubriq:bold_answer" in german
    assert "detectable_format:number_highlighted_sections" not in german
    assert kinds("Propose-moi quatre activités pour la fête, numérotées.")["rubriq:numbered_list"] == [
        {"num_items": 4}]


# Formats and code


def test_a_csv_asked_for_with_its_columns_in_order():
    read = kinds("Make a CSV with exactly these columns in this order: title, author, year.")
    assert "rubriq:csv_format" in read
    assert read["rubriq:table_columns"] == [{"columns": ["title", "author", "year"]}]


def test_a_title_in_double_angle_brackets_and_no_code_block():
    assert "detectable_format:title" in kinds("Write a limerick and give it a title in double angle brackets.")
    assert "rubriq:no_code_blocks" in kinds("Return the YAML, but don't wrap it in a code block.")


def test_a_name_that_can_only_be_code_is_the_function_name():
    assert kinds("Write a Python function for that, call it parse_rota.")["rubriq:code_function_names"] == [
        {"names": ["parse_rota"]}]
    assert "rubriq:code_function_names" not in kinds("Let's call it a day and write a haiku.")


# Sources and task type


def test_a_requirements_list_after_a_question_is_not_pasted_material():
    prompt = ("Can you give me the gist of the notes below? Constraints:\n- two sentences\n- no names\n\n"
              "=== NOTES ===\nThe release slipped a week because the payment provider changed its API.\n=== END ===\n")
    texts = [block.text for block in parse_prompt(prompt).sources]
    assert len(texts) == 1 and "payment provider" in texts[0]


def test_a_requirement_sentence_after_a_pasted_article_is_an_instruction():
    article = ("Die Stadtbibliothek zieht im Herbst in das alte Postgebäude. Der Umbau kostet 4,2 Millionen Euro und "
               "soll bis Oktober fertig sein. Während der Umzugswochen bleibt die Bibliothek geschlossen.")
    prompt = (f'Fass bitte diesen Artikel für unseren Newsletter zusammen.\n\n"""\n{article}\n"""\n\n'
              'Bitte so: zwei bis drei Sätze, das Wort „Umzug“ weglassen (klingt zu sehr nach Stress), und der '
              'letzte Satz soll mit „Kurz gesagt“ beginnen. Sachlich bleiben, keine Wertung.')
    texts = [block.text for block in parse_prompt(prompt).sources]
    assert len(texts) == 1 and "Bitte so" not in texts[0]


def test_a_date_is_no_arithmetic_and_a_german_poem_form_is_creative_writing():
    chat = ("User: my rows look like {\"day\": \"2025-03-02\", \"steps\": 5400}.\nAssistant: What should I do "
            "with them?\nUser: write a function that sums steps per week, with type hints and two pytest tests.")
    assert detect_task(parse_prompt(chat)).task is TaskType.CODE_GENERATION
    assert detect_task(parse_prompt("Schreib mir ein Elfchen über den Herbst.")).task is TaskType.CREATIVE_WRITING


def test_a_language_asked_for_with_a_please_and_labelled_sections_in_german_and_french():
    read = kinds("Meine Eltern lesen kein Englisch, also auf Deutsch bitte, aufgeteilt in die zwei Abschnitte "
                 "„Problem:“ und „Lösung:“.")
    assert read["language:response_language"] == [{"language": "de"}]
    assert read["rubriq:section_labels"] == [{"labels": ["Problem", "Lösung"]}]
    assert kinds("Réponds en deux parties « Avant » et « Après ».")["rubriq:section_labels"] == [
        {"labels": ["Avant", "Après"]}]


def test_a_model_name_or_code_to_mention_is_a_required_keyword():
    assert kinds("Answer briefly, and mention the model name KX-310.")["keywords:existence"] == [
        {"keywords": ["KX-310"]}]
    assert kinds("Please include the order number QP4471 in the reply.")["keywords:existence"] == [
        {"keywords": ["QP4471"]}]
    assert "keywords:existence" not in kinds("Mention the number 5 in the first line.")


def test_the_format_the_users_data_comes_in_gives_way_to_the_format_asked_for():
    read = kinds("Our booking system only exports the list as JSON. Make me a Markdown table with the columns "
                 "Name and Date.")
    assert "rubriq:markdown_table" in read and "detectable_format:json_format" not in read
    assert "detectable_format:json_format" in kinds("Here is a table of orders. Return them as JSON.")
