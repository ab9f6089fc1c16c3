"""The "not checked" reading: instruction clauses of a prompt that no extracted constraint covers (rule IF099)."""

from rubriq.core.constraints import extract_constraints
from rubriq.core.engine import check
from rubriq.core.prompt import parse_prompt
from rubriq.core.prompt_reading import unchecked_instructions


def _unchecked(prompt: str) -> list[str]:
    doc = parse_prompt(prompt)
    return [u.text for u in unchecked_instructions(doc, extract_constraints(doc))]


def test_a_tone_instruction_is_reported_as_not_checked():
    assert _unchecked("Write a short note to my team about the new rota. Keep it warm and upbeat.") == [
        "Keep it warm and upbeat."]


def test_a_clause_a_constraint_checks_is_never_reported():
    found = _unchecked("Write a note to my team about the new rota. Keep it under 80 words, friendly, and end with "
                       "\"See you Monday!\"")
    assert found == ["friendly"]


def test_the_task_statement_questions_and_roles_are_not_reported():
    assert _unchecked("You are a patient maths tutor. What is the difference between mean and median?") == []
    assert _unchecked("Summarise the minutes below.\n\n--- MINUTES ---\nThe board met on Monday and approved the "
                      "new budget for the library roof.\n--- END ---") == []


def test_reasoning_derivation_and_staying_with_the_source_are_measured_elsewhere():
    assert _unchecked("A tank holds 40 litres and leaks 3 litres an hour. How long until it holds 19 litres? "
                      "Show your working.") == []
    source = "--- NOTE ---\nThe clinic opens at 8 on weekdays and is closed at weekends.\n--- END ---"
    assert _unchecked(f"{source}\n\nWhen does the clinic open on Saturday? Don't guess.") == []


def test_items_of_a_requirements_list_are_instructions_even_without_a_verb():
    prompt = ("Write a product description for our oak chopping board.\n\nRequirements:\n- 50 to 80 words\n"
              "- a sentence about caring for the wood\n- no exclamation marks")
    found = _unchecked(prompt)
    assert "a sentence about caring for the wood" in found
    assert not any("50 to 80 words" in text for text in found)


def test_prohibitions_and_exclusions_without_a_check_are_reported():
    assert _unchecked("List the capitals of the Baltic states. Nothing else.") == ["Nothing else."]
    assert "don't mention prices" not in _unchecked("Describe the hotel. Don't mention prices.")  # a checked topic


def test_spanish_french_and_german_manner_instructions_are_reported():
    assert _unchecked("Escribe un mensaje de bienvenida para los nuevos socios. Que sea cercano.") == [
        "Que sea cercano."]
    assert _unchecked("Écris une invitation pour la fête du quartier. Garde un ton chaleureux.") == [
        "Garde un ton chaleureux."]
    assert _unchecked("Schreib eine Absage an den Vermieter. Bitte sachlich und ohne Vorwürfe.") == [
        "Bitte sachlich", "ohne Vorwürfe."]


def test_the_engine_reports_each_unchecked_instruction_as_information_on_the_prompt():
    prompt = "Draft a message to the neighbours about the party. Keep it casual and friendly. At most 60 words."
    result = check(prompt, "Hi all, we're having a party on Saturday from 4pm. Come along!", tiers=frozenset({0}))
    unchecked = [f for f in result.findings if f.code == "IF099"]
    assert [(f.where, f.severity.value, f.message) for f in unchecked] == [
        ("prompt", "information", "not checked: Keep it casual and friendly.")]
    assert unchecked[0].span.slice(prompt) == "Keep it casual and friendly."


def test_a_permission_is_not_an_instruction():
    assert _unchecked("Write a short poem about the sea, without any need to rhyme. Feel free to be playful.") == []


def test_a_conditional_instruction_is_reported_whole_with_its_condition():
    found = _unchecked("Write a Python function that merges two sorted lists. If either list is empty, return the "
                       "other one unchanged.")
    assert found == ["If either list is empty, return the other one unchanged."]
    doc = parse_prompt("Write a Python function that merges two sorted lists. If either list is empty, return the "
                       "other one unchanged.")
    assert [u.reason for u in unchecked_instructions(doc, extract_constraints(doc))] == ["conditional"]


def test_a_question_that_opens_with_where_or_when_is_no_condition():
    assert _unchecked("When does the ferry leave and where do I buy a ticket? Keep it short.") == ["Keep it short."]


def test_emphasis_audience_and_register_in_other_words_are_reported():
    assert _unchecked("How do I get started with rock climbing? Prioritise cheap options.") == [
        "Prioritise cheap options."]
    assert _unchecked("Explain what a mortgage offset account is, so my teenage son understands.") == [
        "Explain what a mortgage offset account is, so my teenage son understands."]
    assert _unchecked("Draft a short post about our new bakery hours. Sound like a person, not a brochure.") == [
        "Sound like a person, not a brochure."]
    assert _unchecked("Qu'est-ce qu'un taux d'usure ? Sois concis, sans jargon.") == ["Sois concis", "sans jargon."]


def test_spanish_wishes_in_the_subjunctive_and_german_make_sure_are_instructions():
    assert _unchecked("Escribe una nota para la vecina. Que no suene seca.") == ["Que no suene seca."]
    assert _unchecked("Schreib ein Skript, das Dateien umbenennt. Achte darauf, dass Leerzeichen erhalten bleiben.") \
        == ["Achte darauf, dass Leerzeichen erhalten bleiben."]


def test_a_request_after_a_leading_phrase_is_an_instruction():
    assert _unchecked("List three museums in Porto. For each one, add the closest metro station.") == [
        "For each one, add the closest metro station."]


def test_a_restriction_keeps_the_no_that_restates_it_and_says_what_it_excludes():
    assert _unchecked("Give me a regex for UK postcodes. Just the pattern, nothing else.") == [
        "Just the pattern, nothing else."]
    assert _unchecked("Summarise the notes below in plain prose, nothing about the budget.\n\nNotes: the team "
                      "agreed to move the launch to May and to hire a second designer before then.") == []


def test_a_permission_and_a_without_in_a_statement_are_not_instructions():
    assert _unchecked("Suggest a name for our running club. Puns are fine.") == []
    assert _unchecked("A bag holds 3 red and 5 green marbles. I take one without looking. What is the chance it "
                      "is green?") == []


def test_a_kind_of_text_asked_for_is_the_task_not_a_manner():
    assert _unchecked("Write a press release about the new store opening on Friday.") == []
    assert _unchecked("Write a short sermon on patience for Sunday.") == []
    assert _unchecked("Write a press release about the new store. Make it sound like a person, not a press release.") \
        == ["Make it sound like a person, not a press release."]


def test_a_question_asked_as_a_command_is_a_question():
    prompt = ("Summarise the memo below in two sentences, then tell me who approved the budget.\n\nMemo: the board "
              "approved the 2025 budget on Tuesday; Dana Reyes proposed it and Omar Aziz seconded it.")
    assert _unchecked(prompt) == []
