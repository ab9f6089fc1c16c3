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
