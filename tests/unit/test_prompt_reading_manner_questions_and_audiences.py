"""The "not checked" reading: a manner asked in a question, the task statement found where the task's cue is, a manner
word that only describes the topic, an audience named by how to explain, and a manner named by what the text is for
("so I can read it out to my grandad") or by keeping it simple; a note of manner followed by its reason ("Tono neutro,
que es para uso interno"); rhyme, chronological order and plain words asked after the task is named; a date or time
format ("Dates as YYYY-MM-DD") and a rounding ("auf den Cent runden") that no check reads."""

from prompt_reading_helpers import unchecked_texts


def test_a_manner_asked_for_in_a_question_is_reported():
    assert any("sounds less annoyed" in t for t in unchecked_texts(
        "Can you rewrite my note to the landlord so it sounds less annoyed?\n\n> The boiler has been broken for "
        "nine days and nobody has called me back."))
    assert unchecked_texts("¿Me reescribes el aviso de la comunidad más cercano?\n\n«Se recuerda a los vecinos "
                           "que las bicicletas no pueden dejarse en el portal.»")
    assert unchecked_texts("Kannst du die Mail an den Elternbeirat freundlicher formulieren?\n\n„Die Sitzung fällt "
                           "aus. Rückfragen bitte schriftlich.“")


def test_a_question_about_the_tone_asks_nothing_of_the_answer_manner():
    assert unchecked_texts("Is the tone of my reply below too formal?\n\n> Dear Mr Hale, we acknowledge receipt "
                           "of your complaint and will respond in due course.") == []


def test_the_task_statement_is_where_the_task_is_named_so_a_later_requirement_is_reported():
    found = unchecked_texts("Hi, for our club's website I need a JavaScript function slugify(title). It should "
                            "strip accents and keep only lowercase letters, digits and hyphens.")
    assert any(t.startswith("It should strip accents") for t in found), found


def test_a_manner_word_inside_the_topic_is_no_manner():
    assert unchecked_texts("Could you write a bedtime story about a friendly dragon called Pip?") == []
    assert unchecked_texts("Write a bedtime story about a dragon called Pip. Keep it gentle.") == ["Keep it gentle."]


def test_an_audience_named_by_how_to_explain_is_reported():
    assert unchecked_texts("Je n'y connais rien en impôts, explique comme à une débutante.") != []
    assert unchecked_texts("Réécris ce paragraphe pour qu'un enfant de huit ans le comprenne.\n\n« La photosynthèse "
                           "transforme la lumière en énergie chimique. »") != []
    assert unchecked_texts("Why do my tomato plants wilt at midday? Answer like you're explaining it to a "
                           "neighbour over the fence.") != []


def test_a_manner_named_by_what_the_text_is_for_or_by_keeping_it_simple_is_reported():
    assert unchecked_texts("Fass mir das Schreiben zusammen. Schreib es so, dass ich es meinem Vater vorlesen kann."
                           ) == ["Schreib es so, dass ich es meinem Vater vorlesen kann."]
    assert unchecked_texts("Summarise the council letter so I can read it out to my grandad.") != []
    assert unchecked_texts("Donne-moi trois idées de goûter, reste simple.") != []
    assert unchecked_texts("Give me three snack ideas, and keep it simple.") != []


def test_a_note_of_manner_followed_by_its_reason_is_reported():
    assert unchecked_texts("Revisa la factura y dime qué falta. Tono neutro, que es para uso interno.") == \
        ["Tono neutro, que es para uso interno."]
    assert unchecked_texts("Fass das Protokoll zusammen. Sachlich, weil es an den Vorstand geht.") != []


def test_rhyme_order_and_plain_words_asked_after_the_task_are_reported():
    assert unchecked_texts("Schreib ein Gedicht für Oma, drei Strophen, gereimt.") == ["gereimt."]
    assert unchecked_texts("Make me a table of the deliveries, in chronological order.") == \
        ["in chronological order."]
    assert unchecked_texts("Erklär mir die Rechnung. Ich bin kein Techniker, also bitte einfache Worte.") != []
    assert unchecked_texts("Explique-moi la facture avec des mots simples, s'il te plaît.") != []
    assert unchecked_texts("Could you write a short rhyming verse for her leaving card?") == []


def test_a_date_or_time_format_and_a_rounding_no_check_reads_are_reported():
    assert unchecked_texts("Put the hire bookings into a table. Dates as YYYY-MM-DD.") == ["Dates as YYYY-MM-DD."]
    assert unchecked_texts("Mach eine Liste der Proben. Uhrzeiten bitte immer als HH:MM.") != []
    assert unchecked_texts("Teil die Stromrechnung durch drei. Beträge auf den Cent runden.") != []
    assert unchecked_texts("Calcule la part de chacun, arrondis au centième.") != []
    # the person's own data described with its format is no instruction
    assert not any("AAAA" in t for t in unchecked_texts(
        "Tengo una lista de lecturas con las claves punto, fecha (AAAA-MM-DD) y valor. Escribe una función en "
        "Python que se quede con las lecturas válidas."))
