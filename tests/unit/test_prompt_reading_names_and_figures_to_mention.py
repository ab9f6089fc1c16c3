"""Words the reply must carry: a name of capitalised words to mention ("Mention the Civil Procedure Act", « Menciona
la Ley de Enjuiciamiento Civil »), a figure named by its kind ("make sure the year 1975 appears somewhere"), and a
quoted word the writer wants to see ('the word "estimation", I want to see it somewhere')."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def _required(prompt: str) -> list[list[str]]:
    return [params["keywords"] for params in kinds(prompt).get("keywords:existence", [])]


def test_a_name_of_capitalised_words_to_mention_is_required():
    assert _required("What is the difference between an order and a ruling? Mention the Civil Procedure Act.") == [
        ["Civil Procedure Act"]]
    assert _required("¿Qué diferencia hay entre una providencia y un auto? Menciona la Ley de Enjuiciamiento "
                     "Civil.") == [["Ley de Enjuiciamiento Civil"]]


def test_a_figure_named_by_its_kind_is_required():
    assert _required("Write a short text for the shop window for our 50th anniversary, make sure the year 1975 "
                     "appears somewhere.") == [["1975"]]
    assert _required("Écris un petit texte pour la vitrine des 50 ans, il faut que l'année 1975 apparaisse quelque "
                     "part.") == [["1975"]]


def test_a_quoted_word_the_writer_wants_to_see_is_required():
    assert _required('Explain capture-recapture. And the word "estimation", I want to see it somewhere.') == [
        ["estimation"]]
    assert _required("Explique la méthode de capture-recapture. Et le mot « estimation », je veux le lire quelque "
                     "part.") == [["estimation"]]
