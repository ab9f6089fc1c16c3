"""A quoted title after "the last performance of" is not an ending; a translator's language pair is not the reply's
language; "kein Wort über die Rente", "schreib nichts über …" and "no le hables de …" put a topic out; « N'écris
pas « X » » puts a word out; a column named "N° dossier" stays whole; "the deadline of 24 October" must be in the
reply; a nickname ("everyone calls him "Screw"") is the name a later count refers to; "each one short (under 15
words)" limits each item; a chat whose last turn reworks the assistant's draft keeps the task it began with, and a
request opened with a greeting ("hey, can you turn my notes into …") is not a question; a range of words said in
number words ("de cent à cent cinquante mots") is a range."""

from __future__ import annotations

from prompt_reading_helpers import kinds

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import TaskType, detect_task


def test_a_quoted_title_after_the_last_thing_of_is_not_an_ending():
    assert "startend:end_checker" not in kinds(
        'After the final night of "Guys and Dolls" we have a party backstage. Write me a toast for it.')
    assert "startend:end_checker" not in kinds(
        "Nach der letzten Aufführung vom „Zerbrochnen Krug“ feiern wir. Schreib mir eine kurze Rede.")
    assert kinds('Write me a toast for the party, and end it with "Break a leg!"')["startend:end_checker"] == \
        [{"end_phrase": "Break a leg!"}]


def test_a_translators_language_pair_is_not_the_replys_language():
    assert "language:response_language" not in kinds(
        "Ich bin Übersetzer (Spanisch ins Deutsche) und brauche eine kurze Absage an einen Kunden. Schreib sie mir.")
    assert "language:response_language" not in kinds(
        "Soy traductora (del alemán al español) y necesito un correo breve para una clienta. Escríbemelo.")
    assert kinds("Übersetze den Text bitte ins Englische.")["language:response_language"] == [{"language": "en"}]


def test_saying_nothing_about_a_topic_in_german_and_spanish_puts_it_out():
    found = kinds("Schreib ein kurzes Gedicht für Marta. Kein Wort über den Umzug, das ist noch geheim.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "Umzug"}]
    assert "keywords:forbidden_words" not in found
    assert kinds("Fass die Notizen zusammen und schreib nichts über die Überstunden.")["rubriq:forbidden_topic"] == \
        [{"topic": "Überstunden"}]
    assert kinds("Explícale la factura en dos frases y no le hables de descuentos.")["rubriq:forbidden_topic"] == \
        [{"topic": "descuentos"}]


def test_a_french_do_not_write_puts_the_quoted_word_out():
    assert kinds("Fais-moi la liste des invités. N'écris pas « apéro », mets « vin d'honneur ».")[
        "keywords:forbidden_words"] == [{"forbidden_words": ["apéro"]}]


def test_a_column_named_with_the_number_sign_stays_whole():
    assert kinds("Fais-moi un tableau avec les colonnes N° client, Nom, Ville.")["rubriq:table_columns"] == \
        [{"columns": ["N° client", "Nom", "Ville"]}]


def test_a_deadline_named_with_its_date_must_be_in_the_reply():
    assert kinds("Write the team a short note and mention the payroll deadline of 3 March.")[
        "keywords:existence"] == [{"keywords": ["3 March"]}]
    assert "keywords:existence" not in kinds("The deadline of 3 March was missed last year, so write a reminder.")


def test_a_nickname_is_the_name_a_later_count_refers_to():
    assert kinds('Everyone calls her "Sparky". Use that name at least twice in the poem.')["keywords:frequency"] == \
        [{"keyword": "Sparky", "relation": "at least", "frequency": 2}]
    found = kinds("Alle nennen ihn „Brummbär“, der Name soll mindestens zweimal vorkommen.")
    assert found["keywords:frequency"] == [{"keyword": "Brummbär", "relation": "at least", "frequency": 2}]
    assert "keywords:existence" not in found


def test_a_length_named_short_then_measured_limits_each_item():
    found = kinds("List six packing tips, each one brief (under 12 words).")
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 12}]
    assert "length_constraints:number_words" not in found


CHAT_REVISION = """User: We're closing the café for a week in August. Can you write a notice for regulars?
Assistant: Sure, here's a draft:

Dear customers,

We will be closed from 4 to 11 August for our summer break. We look forward to seeing you again afterwards.

Kind regards,
The team

User: Nice, but make it shorter and friendlier, under 30 words, and sign it from Ana.
"""

NOTES_REQUEST = """hey, can you turn my notes from the stocktake into something the owner can read on her phone? \
four bullet points at most.

--- NOTES ---
Freezer 2 running warm, engineer booked for Thursday. Oat milk over-ordered again, 40 cartons in the back.
Two cases of the house red corked, returned to the supplier. Till roll stock low, order before the weekend.
"""


def test_a_chat_whose_last_turn_reworks_the_draft_keeps_its_task():
    detection = detect_task(parse_prompt(CHAT_REVISION))
    assert detection.task is TaskType.GENERAL
    assert "the last user turn reworks the assistant's reply" in detection.evidence


def test_a_request_opened_with_a_greeting_is_not_a_question_about_the_material():
    assert detect_task(parse_prompt(NOTES_REQUEST)).task is TaskType.SUMMARIZATION


def test_a_range_of_words_said_in_number_words_is_read_in_french_spanish_and_german():
    expected = [{"relation": "at least", "num_words": 100}, {"relation": "less than", "num_words": 151}]
    assert kinds("Écris le mot d'accueil, de cent à cent cinquante mots.")[
        "length_constraints:number_words"] == expected
    assert kinds("Escribe la bienvenida, de cien a ciento cincuenta palabras.")[
        "length_constraints:number_words"] == expected
    assert kinds("Schreib die Begrüßung, von hundert bis hundertfünfzig Wörtern.")[
        "length_constraints:number_words"] == expected
