"""Prompt reading in a twelfth round of wordings: a limit stated as where the reader stops ("she won't read past
three sentences", "nach dem dritten Satz hört sie auf zu lesen"), a fence named by its backticks, a German answer noun
in bold, a word used "in two places", sections introduced as "headed parts", and a word the reply must say."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_where_the_reader_stops_is_the_most_to_write():
    at_most_three = [{"relation": "less than", "num_sentences": 4}]
    for prompt in ("Write her a note about the picnic; she won't read past three sentences.",
                   "Schreib ihr was zum Picknick, nach dem dritten Satz hört sie auf zu lesen.",
                   "Écris-lui un mot, elle ne lit pas au-delà de trois phrases.",
                   "Escríbele una nota, deja de leer después de la tercera frase."):
        assert kinds(prompt)["length_constraints:number_sentences"] == at_most_three, prompt
    assert kinds("Nobody reads past 50 words.")["length_constraints:number_words"] == \
        [{"relation": "less than", "num_words": 51}]


def test_stopping_after_some_sentences_of_a_draft_is_no_limit():
    assert "length_constraints:number_sentences" not in kinds("I stopped after three sentences of the draft.")


def test_a_fence_named_by_its_backticks_is_ruled_out():
    for prompt in ("Fais-moi un CSV. Sans les ``` autour, je colle direct dans un tableur.",
                   "Return the JSON. No ``` around it please.",
                   "Gib mir nur das YAML, ohne ``` drumherum."):
        assert kinds(prompt)["rubriq:no_code_blocks"] == [{}], prompt


def test_a_german_answer_noun_in_bold_asks_for_the_answer_in_bold():
    for prompt in ("Wie heißt der günstigste Tarif? Den Tarifnamen bitte in Fettschrift.",
                   "Was kostet das alles? Den Endpreis bitte fett gedruckt."):
        assert kinds(prompt)["rubriq:bold_answer"] == [{}], prompt
    assert "rubriq:bold_answer" not in kinds("Schreib den Text über den Sommer, das Wort Sonne fett.")


def test_a_word_wanted_in_two_places_is_wanted_at_least_twice():
    twice = {"relation": "at least", "frequency": 2}
    assert kinds("Résume la discussion ; je veux voir « ascenseur » écrit au moins à deux endroits.")[
        "keywords:frequency"] == [{"keyword": "ascenseur", **twice}]
    assert kinds('Use "lift" in at least two places.')["keywords:frequency"] == [{"keyword": "lift", **twice}]
    assert kinds("Das Wort „Aufzug“ soll an mindestens zwei Stellen stehen.")["keywords:frequency"] == \
        [{"keyword": "Aufzug", **twice}]


def test_headed_parts_named_after_their_count_are_section_labels():
    found = kinds("Summarise what people like. Two headed parts, Likes and Gripes, four bullets max per part.")
    assert found["rubriq:section_labels"] == [{"labels": ["Likes", "Gripes"]}]


def test_a_word_the_reply_must_say_is_required_but_reported_speech_is_not():
    assert kinds('Write the reminder. Make sure you say "Tuesday".')["keywords:existence"] == \
        [{"keywords": ["Tuesday"]}]
    assert kinds("Write the reminder. Make sure you say Tuesday.")["keywords:existence"] == [{"keywords": ["Tuesday"]}]
    assert "keywords:existence" not in kinds('If they say "no", reply politely.')
    assert "keywords:existence" not in kinds('Pick a short product name, say "Zoom", for the app.')
