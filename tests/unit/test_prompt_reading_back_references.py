"""Counts said of something named earlier in the prompt: a person's name ("my nephew Theo ... use his name three
times"), and a term named and then referred to by a pronoun, in English and German."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def _frequencies(prompt: str) -> list[tuple[str, str, int]]:
    return sorted((p["keyword"], p["relation"], p["frequency"]) for p in kinds(prompt).get("keywords:frequency", []))


def test_a_count_of_her_name_counts_the_name_the_prompt_gave():
    prompt = "My niece Amara turns six on Sunday. Write her a short birthday poem; her name should appear three times."
    assert _frequencies(prompt) == [("Amara", "at least", 3), ("Amara", "less than", 4)]


def test_each_of_their_names_counts_both_people_named():
    prompt = ("It's my sister Noor's wedding to Callum next month. Draft a short speech and mention each of their "
              "names at least twice.")
    assert _frequencies(prompt) == [("Callum", "at least", 2), ("Noor", "at least", 2)]


def test_the_name_in_french_spanish_and_german_is_the_person_named_before():
    assert _frequencies("Mon fils Jules a peur du noir. Écris-lui une histoire ; son prénom doit revenir au moins "
                        "deux fois.") == [("Jules", "at least", 2)]
    assert _frequencies("Mi abuela Carmen cumple 90 años. Escribe una felicitación en la que su nombre aparezca "
                        "por lo menos tres veces.") == [("Carmen", "at least", 3)]


def test_a_name_count_without_anyone_named_or_with_two_people_for_one_name_reads_nothing():
    assert _frequencies("Write a toast for the retirement party and use her name at least twice.") == []
    assert _frequencies("My son Ravi and my daughter Ines share a room. Write a story where her name appears "
                        "twice.") == []


def test_a_term_explained_and_then_counted_by_it_is_the_term():
    assert _frequencies('Explain the term "escrow" to a first-time buyer and use it at least twice.') == [
        ("escrow", "at least", 2)]
    assert _frequencies("Erklär den Begriff Grundschuld, und zwar so, dass er mindestens dreimal im Text "
                        "vorkommt.") == [("Grundschuld", "at least", 3)]
    assert _frequencies('Schreib über Ebbe und Flut und verwende das Wort „Gezeiten“. Es soll genau zweimal '
                        'vorkommen.') == [("Gezeiten", "at least", 2), ("Gezeiten", "less than", 3)]


_PASTED = "\n```python\ndef mean_score(scores):\n    return sum(scores) / len(scores)\n```"


def test_keeping_the_function_name_names_the_function_of_the_pasted_code():
    assert kinds("This crashes on an empty list, can you fix it? Keep the function name." + _PASTED)[
        "rubriq:code_function_names"] == [{"names": ["mean_score"]}]
    assert kinds("Arréglalo, por favor. Mantén el nombre de la función." + _PASTED)[
        "rubriq:code_function_names"] == [{"names": ["mean_score"]}]
    two = _PASTED + "\n```python\ndef median_score(scores):\n    return sorted(scores)[len(scores) // 2]\n```"
    assert "rubriq:code_function_names" not in kinds("Fix these. Keep the function name." + two)


def test_a_function_named_by_its_signature_or_said_to_stay_named():
    assert kinds("Escribe una función en Python, precio_con_iva(base, tipo=21), que redondee a dos decimales.")[
        "rubriq:code_function_names"] == [{"names": ["precio_con_iva"]}]
    assert kinds("Add jitter to the backoff. The decorator stays called `with_retries`.")[
        "rubriq:code_function_names"] == [{"names": ["with_retries"]}]
