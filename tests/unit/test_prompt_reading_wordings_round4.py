"""Prompt reading in wordings of the fourth hand-written set's kind, each tested on variants written apart from it:
French and German prohibitions, exact phrases and limits, an unquoted yes/no opening, a count said after the noun
("five lines exactly", "a numbered list with 3 items"), words required by "has to be in it", columns listed after
"should be", a bold answer beside a length, code with no explanation, and the task and material of requests that
name the material first or quote messages line by line."""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

from rubriq.core.constraints import extract_constraints
from rubriq.core.prompt import parse_prompt
from rubriq.core.prompt_reading import unchecked_instructions
from rubriq.core.sources import find_source_blocks
from rubriq.core.tasks import TaskType, detect_task


def task(prompt: str) -> TaskType:
    return detect_task(parse_prompt(prompt)).task


@pytest.mark.parametrize("prompt", [
    "Écris une petite annonce pour mon canapé, pas une seule virgule.",
    "Rédige un message d'excuse sans virgules, s'il te plaît.",
])
def test_french_no_comma(prompt):
    assert "punctuation:no_comma" in kinds(prompt)


@pytest.mark.parametrize("prompt, phrase", [
    ("Écris un mot d'accueil et termine par la phrase exacte « À très vite ! »", "À très vite !"),
    ("Rédige l'invitation ; finis par l'expression exacte « On compte sur vous. »", "On compte sur vous."),
])
def test_french_exact_closing_phrase_leaves_out_the_word_exact(phrase, prompt):
    assert kinds(prompt)["startend:end_checker"] == [{"end_phrase": phrase}]


@pytest.mark.parametrize("prompt, n", [
    ("Présente le club de lecture et mets au moins 3 passages en évidence en markdown.", 3),
    ("Décris la recette et mets au moins deux étapes en évidence en markdown.", 2),
])
def test_french_highlighted_passages(prompt, n):
    assert kinds(prompt)["detectable_format:number_highlighted_sections"] == [{"num_highlights": n}]


@pytest.mark.parametrize("prompt", [
    "Un bus roule à 50 km/h pendant 3 heures. Quelle distance ? Mets la réponse finale en gras et reste sous les "
    "60 mots.",
    "Calcule 12 × 7 + 5, mets le résultat final en gras, en dessous de 60 mots.",
    "Solve 12 × 7 + 5. Put the final answer in bold and stay under 60 words.",
])
def test_a_bold_answer_beside_a_word_limit_keeps_both(prompt):
    found = kinds(prompt)
    assert "rubriq:bold_answer" in found
    assert found["length_constraints:number_words"] == [{"relation": "less than", "num_words": 60}]
    assert "detectable_format:number_highlighted_sections" not in found


@pytest.mark.parametrize("prompt, word", [
    ("Kürze den Text auf 40 Wörter, das Wort „eigentlich“ soll nicht mehr vorkommen.", "eigentlich"),
    ("Schreib die Absage neu; das Wort „Problem“ darf nirgends vorkommen.", "Problem"),
])
def test_german_word_that_must_no_longer_appear(prompt, word):
    assert kinds(prompt)["keywords:forbidden_words"] == [{"forbidden_words": [word]}]


@pytest.mark.parametrize("prompt", [
    "Schreib eine Python-Funktion summe(a, b). Keine Erklärung – ausschließlich Code.",
    "Write a Python function add(a, b). No explanation — only code.",
    "Écris une fonction Python somme(a, b), sans explication, uniquement le code.",
])
def test_no_explanation_only_code_is_one_code_only_request(prompt):
    doc = parse_prompt(prompt)
    found = extract_constraints(doc)
    assert [c.kind for c in found if c.kind == "rubriq:code_only"] == ["rubriq:code_only"]
    assert not unchecked_instructions(doc, found)


@pytest.mark.parametrize("prompt, options", [
    ("Is the flat still available from the listing above? Start with yes or no.", ["yes", "no"]),
    ("Can I bring my dog, going by the rules? Answer yes or no first, then explain.", ["yes", "no"]),
    ("Begin your reply with a plain yes or no: is the museum open on Mondays?", ["yes", "no"]),
    ("Mon fils peut-il venir seul ? Réponds par oui ou non d'abord.", ["oui", "non"]),
])
def test_an_unquoted_yes_or_no_opening(prompt, options):
    assert kinds(prompt)["rubriq:starts_with"] == [{"options": options}]


def test_yes_or_no_inside_a_question_is_no_opening():
    assert "rubriq:starts_with" not in kinds("Should I start with yes or no when I reply to a recruiter?")


@pytest.mark.parametrize("prompt, n", [
    ("Write a limerick about a goat, five lines exactly.", 5),
    ("A short poem about rain: 8 lines, exactly.", 8),
    ("Write a jingle for a bakery. Four lines precisely.", 4),
])
def test_a_line_count_with_exactly_after_the_noun(prompt, n):
    assert kinds(prompt)["rubriq:number_lines"] == [{"relation": "exactly", "num_lines": n}]


@pytest.mark.parametrize("prompt, n", [
    ("Give me a study plan as a numbered list with 4 items.", 4),
    ("Plan my week: a numbered list, one item per day, so 5 items.", 5),
    ("List my chores in a numbered list, 6 entries.", 6),
])
def test_a_numbered_list_with_its_size_after_it(prompt, n):
    assert kinds(prompt)["rubriq:numbered_list"] == [{"num_items": n}]


def test_a_bound_after_a_numbered_list_is_an_item_count_not_its_size():
    found = kinds("Put the ideas in a numbered list, at most 5 items.")
    assert found["rubriq:numbered_list"] == [{}]
    assert found["rubriq:item_count"] == [{"relation": "less than", "num_items": 6}]


@pytest.mark.parametrize("prompt, word", [
    ('Write a short poem about the sea; the word "salt" has to be in it.', "salt"),
    ('Write a toast for Ana. Make sure the word "sunshine" is in there somewhere.', "sunshine"),
    ('Draft the tweet. The word "launch" must be in the text.', "launch"),
])
def test_a_word_that_has_to_be_in_it(prompt, word):
    assert kinds(prompt)["keywords:existence"] == [{"keywords": [word]}]


@pytest.mark.parametrize("prompt, columns", [
    ("Turn this into CSV. Columns should be name, email, phone.", ["name", "email", "phone"]),
    ("Make a table of the trips; the column names are: city, date, cost", ["city", "date", "cost"]),
    ("Give me a markdown table. The columns must be Item, Price.", ["Item", "Price"]),
])
def test_columns_listed_after_should_be(prompt, columns):
    assert kinds(prompt)["rubriq:table_columns"] == [{"columns": columns}]


@pytest.mark.parametrize("prompt, expected", [
    ("Give me a tongue twister about a baker.", TaskType.CREATIVE_WRITING),
    ("Écris un virelangue sur un chat.", TaskType.CREATIVE_WRITING),
    ("What should I pack for a weekend of camping in October?", TaskType.GENERAL),
    ("Was soll ich für eine Woche Skiurlaub einpacken?", TaskType.GENERAL),
    ("Un train part à 8 h 15 et roule à 200 km/h sur 450 km. À quelle heure arrive-t-il ?", TaskType.REASONING),
    ("Ein Bus fährt um 9:10 los und braucht 95 Minuten. Um wie viel Uhr kommt er an?", TaskType.REASONING),
])
def test_task_of_new_wordings(prompt, expected):
    assert task(prompt) is expected


@pytest.mark.parametrize("prompt", [
    "From the email signature block below, get the person's name and phone.\n\n--\nAnna Berg\nSales Lead, Norda AB\n"
    "+46 70 123 45 67\n",
    "From the receipt below, get me the store, the date and the total.\n\nCorner Market\n12 May 2024\nTotal: 18.40\n",
])
def test_material_named_first_then_values_taken_is_extraction_with_a_source(prompt):
    doc = parse_prompt(prompt)
    assert detect_task(doc).task is TaskType.EXTRACTION
    assert len(doc.sources) == 1
    assert "+46" in doc.sources[0].text or "Corner Market" in doc.sources[0].text


@pytest.mark.parametrize("prompt", [
    "Voici les messages reçus. Sors-moi tous les rendez-vous dans un tableau.\n\n« Dentiste lundi à 9h. »\n"
    "« Tu viens au ciné jeudi à 20h ? »\n",
    "Here are the texts I got this week. Pull out all the appointments.\n\n\"Dentist Monday 9am.\"\n"
    "\"Are you still up for the cinema on Thursday at 8?\"\n",
])
def test_lines_that_are_each_a_quotation_are_material_even_with_a_question(prompt):
    blocks = find_source_blocks(prompt)
    assert len(blocks) == 1 and blocks[0].text.count("\n") == 1
    assert task(prompt) is TaskType.EXTRACTION
