"""A numbering asked of items named before it takes their count ("three taglines? Number them", « numérotez-les »,
"cada uno con su número delante", "numérotées de 1 à 5"); a bound on the steps stays an item count beside a
count-free numbering; a thing named first and then put out is a forbidden topic (« Le déménagement, tu le laisses
de côté », "Die Preise haben da nichts zu suchen", "lo de la herencia ni lo toques"), and quoted words put out the
same way are forbidden words; the room a place has for the text caps its words; a German plural topic is found in
its singular too."""

from __future__ import annotations

from prompt_reading_helpers import kinds

from rubriq.core.constraints import Constraint, check_constraint
from rubriq.core.text import Span


def test_a_numbering_asked_of_items_counted_in_the_sentence_before_takes_their_count():
    assert kinds("I need four taglines for the new gym. Number them, please.")["rubriq:numbered_list"] == \
        [{"num_items": 4}]
    assert kinds("Donne-moi cinq idées de sortie pour samedi. Numérote-les.")["rubriq:numbered_list"] == \
        [{"num_items": 5}]
    assert kinds("Quiero seis preguntas para el concurso, cada una con su número delante.")[
        "rubriq:numbered_list"] == [{"num_items": 6}]


def test_the_count_said_after_the_numbering_or_as_its_last_number_is_the_count():
    assert kinds("Ponle un número a cada consejo, son cuatro.")["rubriq:numbered_list"] == [{"num_items": 4}]
    assert kinds("Écris les règles du club, numérotées de 1 à 5.")["rubriq:numbered_list"] == [{"num_items": 5}]


def test_numbering_said_in_new_ways_is_read():
    assert kinds("Here is the fault list. Put a number in front of every fix so the team can refer to it.")[
        "rubriq:numbered_list"] == [{}]
    assert kinds("Schreib die Schritte auf, jeder Schritt mit seiner Nummer davor.")["rubriq:numbered_list"] == [{}]
    assert kinds("Can you turn this into instructions for a new starter? Numbered steps, in the order they happen.")[
        "rubriq:numbered_list"] == [{}]


def test_a_bound_on_the_steps_stays_an_item_count_beside_the_numbering():
    found = kinds("Explique le calcul. Numérote les étapes, mais pas plus de quatre étapes.")
    assert found["rubriq:numbered_list"] == [{}]
    assert found["rubriq:item_count"] == [{"relation": "less than", "num_items": 5}]


def test_a_negation_in_the_question_before_does_not_cancel_the_numbering():
    found = kinds("Can you explain it to someone who has never used the app? Numbered steps please.")
    assert found["rubriq:numbered_list"] == [{}]


def test_a_thing_named_first_and_then_put_out_is_a_forbidden_topic():
    cases = {
        "Écris le mot pour les voisins. Le déménagement, tu le laisses de côté.": "déménagement",
        "Rédige la lettre au bailleur. La caution, on n'en parle pas.": "caution",
        "Fass das Protokoll zusammen. Die Preise haben da nichts zu suchen.": "Preise",
        "Schreib die Einladung. Das mit dem Umzug bleibt draußen.": "Umzug",
        "Mach die Liste fürs Wochenende. Der Flohmarkt gehört nicht auf die Liste.": "Flohmarkt",
        "Resume la reunión, y lo de la herencia ni lo toques.": "herencia",
    }
    for prompt, topic in cases.items():
        assert kinds(prompt).get("rubriq:forbidden_topic") == [{"topic": topic}], prompt


def test_two_topics_joined_by_a_slash_are_both_put_out():
    found = kinds("Fass die Folge bitte für die Shownotes zusammen, in drei kurzen Sätzen.\n"
                   "Gewinnspiel/Rabattcode fliegt komplett raus.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "Gewinnspiel"}, {"topic": "Rabattcode"}]


def test_a_pronoun_or_a_lower_case_word_put_out_is_no_topic():
    assert "rubriq:forbidden_topic" not in kinds("Schreib die Mail. Das bleibt draußen.")
    assert "rubriq:forbidden_topic" not in kinds("Erklär mir das. Sie gehört nicht dazu.")


def test_quoted_words_named_first_and_then_put_out_are_forbidden_words():
    cases = {
        "Schreib den Aushang neu. „zeitnah“ und „umgehend“ will ich da nicht mehr lesen.": ["zeitnah", "umgehend"],
        "Mach die Tabelle. Das „asap“ kommt in keine Zeile.": ["asap"],
        "Reescribe la nota. «Gestión» y «trámite» fuera, que nadie los entiende.": ["Gestión", "trámite"],
        "Réécris l'annonce. « Dynamique » dehors, c'est creux.": ["Dynamique"],
        'Write the flyer. Keep "cheap" off it completely.': ["cheap"],
    }
    for prompt, words in cases.items():
        assert kinds(prompt).get("keywords:forbidden_words") == [{"forbidden_words": words}], prompt


def test_switching_a_quoted_setting_off_is_no_forbidden_word():
    assert "keywords:forbidden_words" not in kinds('Write a script that turns "dark mode" off at 7am.')


def test_the_room_a_place_has_for_the_text_caps_its_words():
    assert kinds("Escribe la reseña para una columna que admite 90 palabras.")[
        "length_constraints:number_words"] == [{"relation": "less than", "num_words": 91}]
    assert kinds("Va en una pegatina con espacio para cuarenta palabras.")[
        "length_constraints:number_words"] == [{"relation": "less than", "num_words": 41}]
    assert kinds("Écris le message pour l'appli, qui coupe à 120 mots.")[
        "length_constraints:number_words"] == [{"relation": "less than", "num_words": 121}]


def test_a_german_plural_topic_is_found_in_its_singular_too():
    topic = Constraint("rubriq:forbidden_topic", "", {"topic": "Telefonnummern"}, Span(0, 0), "")
    assert not check_constraint("Die Telefonnummer steht unten.", topic).passed
    assert check_constraint("Die Adresse steht unten.", topic).passed
    police = Constraint("rubriq:forbidden_topic", "", {"topic": "police"}, Span(0, 0), "")
    assert check_constraint("The policy is attached.", police).passed
