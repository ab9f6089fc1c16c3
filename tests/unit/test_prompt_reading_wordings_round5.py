"""Prompt reading in further wordings: quoted words banned after them, closing words and last sentences named in
several ways, counts in a list of requirements without a verb, markup refused by naming it, yes/no written with a
slash, material pasted after an introduction on the same line, and task cues that are nouns rather than requests."""

from __future__ import annotations

from prompt_reading_helpers import kinds

from rubriq.core.constraints import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.prompt_reading import unchecked_instructions
from rubriq.core.tasks import TaskType, detect_task

# Forbidden words named before the verb that bans them

def test_quoted_words_banned_after_them_are_forbidden_words():
    assert kinds('Tidy up my cover letter. "passionate" shouldn\'t be in there any more.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["passionate"]}]
    assert kinds('Write the product blurb. "cheap" and "bargain" are off-limits.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["cheap", "bargain"]}]
    assert kinds('Shorten this. "Regards" must not appear.')["keywords:forbidden_words"] == [
        {"forbidden_words": ["Regards"]}]


def test_a_quoted_title_that_should_not_appear_somewhere_else_is_not_a_banned_word():
    assert "keywords:forbidden_words" not in kinds(
        'Review "Dune", which should not appear on the list of the year\'s flops.')


def test_spanish_and_german_bans_said_after_the_word_or_with_a_subjunctive():
    assert kinds("Describe el bosque en otoño. Que no aparezcan las palabras «rojo» ni «hoja».")[
        "keywords:forbidden_words"] == [{"forbidden_words": ["rojo", "hoja"]}]
    assert kinds("Schreib die Mail neu. „eigentlich“ darf nicht mehr drin sein.")[
        "keywords:forbidden_words"] == [{"forbidden_words": ["eigentlich"]}]


# Closing words and the last sentence

def test_the_closing_words_named_with_have_to_or_sign_it_off():
    assert kinds('Draft a speech for the retirement party. The very last words have to be "Cheers, Margaret!"')[
        "startend:end_checker"] == [{"end_phrase": "Cheers, Margaret!"}]
    assert kinds('Write my apology to the neighbours. Sign it off with "Tom at number 12".')[
        "startend:end_checker"] == [{"end_phrase": "Tom at number 12"}]


def test_the_opening_of_the_last_sentence_in_english_german_spanish_and_french():
    cases = {
        'Write a short fable. The final sentence should begin with "And that is why".': "And that is why",
        'Tell a story about a fox, and finish with a sentence that starts with "Since then".': "Since then",
        "Schreib ein Märchen. Der letzte Satz soll mit „Seitdem“ beginnen.": "Seitdem",
        "Escribe un cuento corto. La última frase debe empezar con «Desde entonces».": "Desde entonces",
    }
    for prompt, opening in cases.items():
        assert kinds(prompt)["rubriq:last_sentence_starts_with"] == [{"options": [opening]}], prompt


def test_a_last_sentence_that_must_be_a_question_is_not_a_closing_phrase():
    for prompt in ("Explain tides to a child. The last sentence must be a question.",
                   "Explique les marées. La dernière phrase doit être une question."):
        found = kinds(prompt)
        assert "rubriq:ends_with_question" in found, prompt
        assert "startend:end_checker" not in found, prompt


# Counts and markup in a list of requirements

def test_an_emoji_count_in_a_list_of_requirements_without_a_verb():
    assert kinds("Write the group-chat reminder. Under 40 words, one emoji at most.")["rubriq:emoji_count"] == [
        {"relation": "less than", "num_emoji": 2}]
    assert kinds("Escribe el aviso. Máximo 30 palabras y dos emojis como mucho.")["rubriq:emoji_count"] == [
        {"relation": "less than", "num_emoji": 3}]
    assert "rubriq:emoji_count" not in kinds("Write about an emoji at most companies have banned.")


def test_markup_refused_by_naming_it_first():
    assert "rubriq:no_markdown" in kinds("Answer in two lines, no bold or other formatting.")
    assert "rubriq:no_markdown" in kinds("Keep it plain: no asterisks, or any other markdown.")
    assert "rubriq:no_headings" in kinds("Put the schedule in a table, with no heading above the table.")
    assert "rubriq:no_headings" in kinds("Mach daraus eine Markdown-Tabelle, keine Überschrift über der Tabelle.")
    assert "rubriq:no_headings" not in kinds("Write a catchy title above the table.")


def test_a_markdown_table_named_as_one_german_compound():
    assert "rubriq:markdown_table" in kinds("Stell die Preise als Markdown-Tabelle dar.")


def test_a_code_block_refused_in_french():
    assert "rubriq:no_code_blocks" in kinds("Donne-moi le résultat en JSON, sans bloc de code autour.")


def test_yes_or_no_written_with_a_slash():
    assert kinds("Is the warranty still valid? Open with a clear yes/no.")["rubriq:starts_with"] == [
        {"options": ["yes", "no"]}]


# Material and task type

def test_material_pasted_after_an_introduction_on_the_same_line_is_source():
    prompt = ("Here is the club's refund rule: Members who cancel within 14 days get their fee back in full, and "
              "after that only half of it is refunded.\n\nI cancelled after 20 days. What do I get back?")
    sources = parse_prompt(prompt).sources
    assert [b.text for b in sources] == ["Members who cancel within 14 days get their fee back in full, and after "
                                         "that only half of it is refunded."]
    assert detect_task(parse_prompt(prompt)).task == TaskType.GROUNDED_QA


def test_a_plan_after_an_introduction_that_asks_a_question_is_not_source():
    assert parse_prompt("Here's my plan: I will write the report tomorrow and send it on Friday. Is that ok?"
                        ).sources == []


def test_a_request_that_opens_by_naming_the_program_is_code():
    prompt = "python function that counts how many lines in a file are longer than 80 characters, with a docstring"
    assert detect_task(parse_prompt(prompt)).task == TaskType.CODE_GENERATION


def test_a_debug_flag_in_pasted_config_is_not_a_request_to_debug():
    prompt = ("Which service has debug enabled, and on which port?\n\n```yaml\napi:\n  debug: true\n  port: 8080\n"
              "worker:\n  debug: false\n  port: 9090\n```")
    assert detect_task(parse_prompt(prompt)).task == TaskType.GROUNDED_QA
    assert detect_task(parse_prompt("Can you help me debug this loop?")).task == TaskType.CODE_GENERATION


def test_a_price_worked_out_at_the_end_of_a_chat_is_reasoning():
    prompt = ("User: The concert ticket is $80 and there's a 15% student discount.\n"
              "Assistant: Great, anything else?\n"
              "User: a $5 booking fee on top. what do I end up paying?")
    assert detect_task(parse_prompt(prompt)).task == TaskType.REASONING


def test_a_subjunctive_ban_starts_a_clause_of_its_own_so_the_unchecked_one_before_it_is_still_reported():
    prompt = ("Escribe una canción sobre el otoño. Dos estrofas, cada una de seis versos, sin rima fácil, y que "
              "no aparezca la palabra «amor».")
    doc = parse_prompt(prompt)
    assert [u.text for u in unchecked_instructions(doc, extract_constraints(doc))] == ["sin rima fácil"]
