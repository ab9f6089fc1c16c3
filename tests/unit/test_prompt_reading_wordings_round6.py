"""Prompt reading in a sixth round of wordings: two numbers joined by "et"/"y" are a range, not a sum; the answer
asked for in bold; a count written before the word it counts; a range of bullets under each heading; German
separable verbs and a final infinitive; a rewrite that keeps a word; a postscript's news; the name of pasted code to
keep; and the cues of stories, haiku, rewrites with a pronoun and word problems written in Spanish or French."""

from __future__ import annotations

from prompt_reading_helpers import kinds

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task

# Numbers


def test_two_numbers_joined_by_et_or_y_are_the_ends_of_a_range():
    assert kinds("Présente-le en liste à puces, entre trois et cinq puces.")["rubriq:bullet_count"] == [
        {"min": 3, "max": 5}]
    assert kinds("Hazlo en una lista de entre tres y cinco viñetas.")["rubriq:bullet_count"] == [{"min": 3, "max": 5}]
    # a ten and a unit stay one number
    assert kinds("Écris trente et un mots.")["rubriq:approximate_words"] == [{"num_words": 31}]
    assert kinds("Escribe treinta y dos palabras.")["rubriq:approximate_words"] == [{"num_words": 32}]


# Bold


def test_the_one_thing_an_answer_arrives_at_in_bold_is_a_bold_answer_not_a_count_of_highlights():
    for prompt in ("Say which plan fits, and put the plan name in bold on its own line at the end.",
                   "Réponds en 80 palabras como máximo y pon en negrita el reparto final.",
                   "Réponds en 3 phrases maximum et mets le résultat final en gras.",
                   "Reescríbela en dos frases como máximo y pon en negrita la cifra de la fianza."):
        read = kinds(prompt)
        assert "rubriq:bold_answer" in read, prompt
        assert "detectable_format:number_highlighted_sections" not in read, prompt
    assert kinds("Highlight at least 3 key terms in bold.")["detectable_format:number_highlighted_sections"] == [
        {"num_highlights": 3}]


# Keywords and topics


def test_a_count_written_before_the_word_it_counts():
    assert kinds("Écris 120 mots au total, et cite au moins une fois le mot « solvant ».")["keywords:frequency"] == [
        {"keyword": "solvant", "relation": "at least", "frequency": 1}]
    assert kinds('Use twice the word "harbour" in the poem.')["keywords:frequency"] == [
        {"keyword": "harbour", "relation": "at least", "frequency": 2},
        {"keyword": "harbour", "relation": "less than", "frequency": 3}]


def test_a_rewrite_that_keeps_a_named_word_must_include_it():
    assert kinds('Rewrite it as bullets, keeping the word "exhibition".')["keywords:existence"] == [
        {"keywords": ["exhibition"]}]
    assert kinds("Présente-le en gardant le mot « exposition ».")["keywords:existence"] == [
        {"keywords": ["exposition"]}]
    assert "keywords:existence" not in kinds("Keep it short and keep the tone warm.")


def test_a_topic_left_out_by_name_in_english_or_with_a_german_final_infinitive():
    assert kinds("Summarise the notes. Leave out the topic of pricing.")["rubriq:forbidden_topic"] == [
        {"topic": "pricing"}]
    assert kinds("Fass die Notizen zusammen. Das Thema Budget bitte komplett rauslassen.")[
        "rubriq:forbidden_topic"] == [{"topic": "Budget"}]


# German and Spanish verbs


def test_a_german_separable_verb_around_its_object():
    assert kinds("Fang die Antwort mit Ja oder Nein an und begründe kurz.")["rubriq:starts_with"] == [
        {"options": ["Ja", "Nein"]}]


def test_exactly_one_code_block_in_german_and_an_answer_language_asked_with_a_pronoun():
    assert kinds("Schreib eine Python-Funktion in genau einem Codeblock.")["rubriq:code_block_count"] == [
        {"num_blocks": 1}]
    assert kinds("¿Por qué hay dos mareas al día? Contéstame en español.")["language:response_language"] == [
        {"language": "es"}]


# Lists, postscripts, code


def test_a_range_of_bullets_under_each_heading_bounds_every_section():
    assert kinds("Give me a packing list in two sections, 4 to 6 bullets under each.")[
        "rubriq:bullets_per_section"] == [{"relation": "at least", "num_bullets": 4},
                                           {"relation": "less than", "num_bullets": 7}]


def test_a_postscript_giving_news_about_someone_must_name_them():
    assert kinds("Also add a P.S. saying Jess has agreed to take it.")["rubriq:postscript_content"] == [
        {"postscript_marker": "P.S.", "content": "Jess"}]
    assert "rubriq:postscript_content" not in kinds("Add a P.S. saying I will be back on Monday.")


def test_the_name_of_pasted_code_to_keep_is_a_required_name():
    assert kinds("Here is my Python function. Fix the bug but keep the name total.")[
        "rubriq:code_function_names"] == [{"names": ["total"]}]
    assert "rubriq:code_function_names" not in kinds("Write a Python function for this. Keep the name short.")


# Task types


def _task(prompt: str) -> TaskType:
    return detect_task(parse_prompt(prompt)).task


def test_stories_and_haiku_in_french_are_creative_writing():
    assert _task("Ma fille entre au CP lundi. Tu peux m'écrire une petite histoire à lui lire ce soir ?") is \
        TaskType.CREATIVE_WRITING
    assert _task("Pour le blog de l'école : trois haïkus sur la rentrée.") is TaskType.CREATIVE_WRITING
    assert _task("Write three poems about autumn.") is TaskType.CREATIVE_WRITING


def test_a_rewrite_asked_with_a_pronoun_attached_to_the_verb():
    assert _task("Mi abuela no entiende esta cláusula. Reescríbela con palabras sencillas:\n\n"
                 "> El arrendatario entrega 650 euros en concepto de fianza.") is TaskType.REWRITING


def test_a_word_problem_written_in_french_with_its_numbers_in_words():
    assert _task("Dans notre club, 6 joueurs font un tournoi où chacun rencontre tous les autres une seule fois. "
                 "Combien de matchs faut-il prévoir ?") is TaskType.REASONING
    assert _task("How many calories are in an apple?") is TaskType.OPEN_QA
    # "once" counts meetings, not the conjunction
    assert _task("Once you have read chapter 3, how many characters are introduced?") is TaskType.OPEN_QA
