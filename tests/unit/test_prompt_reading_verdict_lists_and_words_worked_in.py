"""Prompt reading: a verdict first from a list of capitalised words ("Start with Yes, No or Partly") or asked for as
"a yes or no first"; a word to get in somewhere; « sors-moi » / « m'en sortir » asks for the thing named."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_a_verdict_list_with_a_yes_and_a_no_is_the_answer_s_first_word():
    found = kinds("Is the leak under the sink covered? Start with Yes, No or Partly, then say why in two sentences.")
    assert found["rubriq:starts_with"] == [{"options": ["Yes", "No", "Partly"]}]
    assert kinds("Est-ce couvert ? Commence par Oui, Non ou En partie.")["rubriq:starts_with"] == [
        {"options": ["Oui", "Non", "En partie"]}]
    assert "rubriq:starts_with" not in kinds("Plan the rota. Start with Monday, Tuesday or Friday.")


def test_a_yes_or_no_given_first_is_the_answer_s_first_word():
    assert kinds("Can she get her deposit back? Give me a yes or no first, then why.")["rubriq:starts_with"] == [
        {"options": ["yes", "no"]}]


def test_a_word_to_get_in_somewhere_is_required_but_getting_things_in_is_not():
    assert kinds('Write a short poem for his card and get the word "gavel" in somewhere because he loved it.')[
        "keywords:existence"] == [{"keywords": ["gavel"]}]
    assert "keywords:existence" not in kinds("Write a note asking Sam to get the washing in before it rains.")


def test_sors_moi_asks_for_the_format_it_names():
    assert "rubriq:csv_format" in kinds("J'ai reçu ces trois mails ce matin, tu peux m'en sortir un CSV avec les "
                                        "colonnes nom, date ?")
