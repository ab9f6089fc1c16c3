"""Prompt reading in an eleventh round of wordings: limits "shy of" a number, numbering shown without stops, modules
ruled out after they are named, code sent back bare, a topic left out with "leave X out", a topic named inside a
framing noun ("the dishwasher saga", "the row over the hedge", "den Streit um die Heckenhöhe"), German objects left
out by a modal and the verb last, and a lower-case word counted right after a verb of mentioning."""

from __future__ import annotations

from prompt_reading_helpers import kinds


def test_leave_x_out_rules_out_a_topic_named_inside_a_framing_noun():
    found = kinds("Write her a short thank-you text. Leave the dishwasher saga out.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "dishwasher"}]


def test_leave_x_as_it_is_is_no_topic_to_leave_out():
    assert "rubriq:forbidden_topic" not in kinds("Tidy up my paragraph. Leave the ending as it is.")


def test_a_topic_framed_by_a_dispute_is_the_thing_disputed():
    assert kinds("Summarise the minutes. Don't mention the row over the hedge.")["rubriq:forbidden_topic"] == \
        [{"topic": "hedge"}]
    assert kinds("The whole parking drama is off limits.")["rubriq:forbidden_topic"] == [{"topic": "parking"}]


def test_german_object_first_with_a_modal_and_the_verb_last_is_left_out():
    found = kinds("Fasse das Protokoll zusammen. Den Streit um die Heckenhöhe kannst du komplett weglassen.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "Heckenhöhe"}]
    found = kinds("Schreib eine kurze Mail an den Vermieter. Die Sache mit dem Auto kannst du weglassen.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "Auto"}]


def test_a_lower_case_word_counted_after_a_verb_of_mentioning_is_a_frequency():
    found = kinds("Explain how sea salt is made. Bring up evaporation more than once.")
    assert found["keywords:frequency"] == [{"keyword": "evaporation", "relation": "at least", "frequency": 2}]
    assert "keywords:frequency" not in kinds("Read the poem twice and mention it once.")


def test_shy_of_and_south_of_a_number_of_words_are_upper_limits_not_approximations():
    for prompt in ("Why do glasses go cloudy? Keep it shy of 100 words.",
                   "Write the notice. Keep it south of 100 words."):
        found = kinds(prompt)
        assert found["length_constraints:number_words"] == [{"relation": "less than", "num_words": 100}]
        assert "rubriq:approximate_words" not in found


def test_german_and_spanish_idioms_for_a_word_limit():
    assert kinds("Fasse die Bewertungen zusammen. Mit 50 Wörtern musst du auskommen.")[
        "length_constraints:number_words"] == [{"relation": "less than", "num_words": 51}]
    assert kinds("Resume la tutoría, que no se vaya de las ochenta palabras.")[
        "length_constraints:number_words"] == [{"relation": "less than", "num_words": 81}]


def test_a_count_then_minimum_after_a_comma_is_a_lower_bound():
    found = kinds('Write a short poem. "Dice" needs to show up twice, minimum.')
    assert found["keywords:frequency"] == [{"keyword": "Dice", "relation": "at least", "frequency": 2}]


def test_no_line_or_item_running_past_n_words_limits_each_item():
    assert kinds("Give me three reasons, numbered, none of them running past 14 words.")["rubriq:item_length"] == \
        [{"relation": "less than", "num_words": 15}]
    found = kinds("Dame nombres para la furgoneta, ninguna línea de más de doce palabras.")
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 13}]
    assert "length_constraints:number_words" not in found


def test_numbering_shown_without_stops_and_a_numbered_rundown_ask_for_a_numbered_list():
    assert kinds("How much flour do I need? Set the working out as 1, 2, 3.")["rubriq:numbered_list"] == [{}]
    assert kinds("Why do my strings squeak? Three fixes, in a numbered rundown.")["rubriq:numbered_list"] == \
        [{"num_items": 3}]
    assert kinds("Necesito seis ideas numeradas para el nombre.")["rubriq:numbered_list"] == [{"num_items": 6}]


def test_code_wordings_a_module_ruled_out_after_it_a_name_that_stays_and_code_sent_back_bare():
    assert kinds("Write a Python script for this. pandas is overkill, leave it out.")[
        "rubriq:code_forbidden_import"] == [{"modules": ["pandas"]}]
    found = kinds("Write the JS for the locker codes; the uuid package is off the table.")
    assert found["rubriq:code_forbidden_import"] == [{"modules": ["uuid"]}]
    assert "rubriq:forbidden_topic" not in found
    found = kinds("Fix my Python function; the function has to stay called late_fee. Standard library stuff only. "
                  "Send the code back bare, no walkthrough.")
    assert found["rubriq:code_function_names"] == [{"names": ["late_fee"]}]
    assert "rubriq:code_stdlib_only" in found and "rubriq:code_only" in found
    assert "rubriq:code_stdlib_only" in kinds("Write update_elo(a, b) in Python, no pip installs.")
    assert "rubriq:code_type_hints" in kinds("Write it in Python and type-hint every function, the tests too.")


def test_german_code_wordings_a_name_kept_no_extra_packages_and_only_the_fixed_code():
    found = kinds("Repariere meine Python-Funktion. Die Funktion soll weiterhin `offene_beitraege` heißen. "
                  "Keine Zusatzpakete. Schick mir nur den reparierten Code zurück, ohne Erklärtext drumherum.")
    assert found["rubriq:code_function_names"] == [{"names": ["offene_beitraege"]}]
    assert "rubriq:code_stdlib_only" in found and "rubriq:code_only" in found


def test_a_spanish_table_with_named_columns_and_a_person_left_out():
    found = kinds("Monta una tabla en Markdown con los turnos, que lleve las columnas Día, Turno y Persona, ordenada "
                  "de martes a sábado. A Rocío ni la nombres, que está de baja.")
    assert found["rubriq:markdown_table"] == [{}]
    assert found["rubriq:table_columns"] == [{"columns": ["Día", "Turno", "Persona"]}]
    assert found["rubriq:forbidden_topic"] == [{"topic": "Rocío"}]


def test_a_list_of_columns_ends_at_the_item_after_its_and():
    found = kinds("Make a table in Markdown with the columns Day, Shift and Person, sorted from Tuesday.")
    assert found["rubriq:table_columns"] == [{"columns": ["Day", "Shift", "Person"]}]


def test_the_matter_of_a_thing_is_that_thing_as_a_topic():
    assert kinds("Escribe el correo. Lo del trampolín ni lo nombres.")["rubriq:forbidden_topic"] == \
        [{"topic": "trampolín"}]
    assert kinds("Resume el audio, sin nombrar lo del comedor.")["rubriq:forbidden_topic"] == [{"topic": "comedor"}]


def test_an_explanation_limit_after_a_comma_in_a_code_task():
    found = kinds("Fix my Python function below. Then explain what was wrong, three sentences and no more.")
    assert found["rubriq:explanation_length"] == [{"relation": "less than", "num_sentences": 4}]
    assert "length_constraints:number_sentences" not in found


def test_sticking_to_or_only_wanting_n_sentences_is_an_upper_limit():
    for prompt in ("Answer from the table. Stick to two sentences.", "Answer from the table. I only want two "
                   "sentences back.", "Réponds avec le menu. Tiens-toi à deux phrases."):
        assert kinds(prompt)["length_constraints:number_sentences"] == [{"relation": "less than", "num_sentences": 3}]


def test_the_name_counted_is_the_one_given_with_called_or_named_before():
    for prompt in ("Write a story about a sock called Rayas. I want the name to appear at least four times.",
                   "Escribe un cuento sobre un calcetín llamado Rayas. Quiero que el nombre salga por lo menos cuatro "
                   "veces."):
        assert kinds(prompt)["keywords:frequency"] == [{"keyword": "Rayas", "relation": "at least", "frequency": 4}]
    assert kinds("Write a story about our tortoise, Pebble. Pebble should be named three or more times.")[
        "keywords:frequency"] == [{"keyword": "Pebble", "relation": "at least", "frequency": 3}]


def test_a_quoted_date_or_name_of_several_words_is_a_required_keyword_and_a_phrase_called_so_is_a_phrase():
    assert kinds('Shorten the text. The date "21 June" must stay in.')["keywords:existence"] == \
        [{"keywords": ["21 June"]}]
    assert kinds('Make sure to include the phrase "singing is life".')["rubriq:required_phrase"] == \
        [{"phrase": "singing is life"}]


def test_german_words_required_banned_and_the_closing_words_with_the_verb_last():
    assert kinds("Fasse die Mail zusammen. Das Wort „Sehtest“ gehört unbedingt rein.")["keywords:existence"] == \
        [{"keywords": ["Sehtest"]}]
    found = kinds("Schreib die Mail um, das Wort „Pflicht“ fliegt raus, und am Schluss soll „Sportliche Grüße, Kai“ "
                  "stehen.")
    assert found["keywords:forbidden_words"] == [{"forbidden_words": ["Pflicht"]}]
    assert found["startend:end_checker"] == [{"end_phrase": "Sportliche Grüße, Kai"}]
    assert kinds("Fasse zusammen. Den letzten Satz bitte mit „Alles in allem“ anfangen.")[
        "rubriq:last_sentence_starts_with"] == [{"options": ["Alles in allem"]}]
    assert kinds("Fasse das Memo zusammen. Die Beitragserhöhung ab September klammerst du aus.")[
        "rubriq:forbidden_topic"] == [{"topic": "Beitragserhöhung"}]


def test_a_sentence_split_inside_a_german_date_or_a_quotation_is_one_clause():
    assert kinds("Kürz ihn auf 70 Wörter. Das Datum „21. Juni“ darf nicht verloren gehen.")["keywords:existence"] == \
        [{"keywords": ["21. Juni"]}]


def test_a_name_counted_after_a_comma_and_a_subject_not_to_bring_into_it():
    found = kinds("Write a short story, 120 to 150 words, Pebble should be named three or more times. Nothing scary, "
                  "and don't bring death into it.")
    assert found["keywords:frequency"] == [{"keyword": "Pebble", "relation": "at least", "frequency": 3}]
    assert found["rubriq:forbidden_topic"] == [{"topic": "death"}]
    assert "rubriq:forbidden_topic" not in kinds("My glasses keep coming out of the dishwasher all cloudy. Why?")


def test_wanting_a_csv_and_its_header_row_exactly():
    found = kinds("I need a CSV for the coaches. Header row exactly: child_name,age,week,allergies. One row per child.")
    assert found["rubriq:csv_format"] == [{}]
    assert found["rubriq:table_columns"] == [{"columns": ["child_name", "age", "week", "allergies"]}]


def test_verses_counted_in_english_are_stanzas_and_in_french_lines():
    assert kinds("Write a poem for the cafe. Split it into 3 verses.")["rubriq:number_stanzas"] == [{"num_stanzas": 3}]
    assert kinds("Écris une comptine. Huit vers tout pile.")["rubriq:number_lines"] == \
        [{"relation": "exactly", "num_lines": 8}]
    assert "rubriq:number_lines" not in kinds("Écris une comptine pour le coucher, vers huit heures.")


def test_a_quoted_phrase_kept_out_no_bullets_and_opening_with_a_plain_yes_or_no():
    assert kinds('"Melt pool" is a phrase my group uses to death, so keep it out of your answer.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["Melt pool"]}]
    assert "rubriq:no_lists" in kinds("Just talk it through, nothing in bullets.")
    assert kinds('Answer from the terms, and open with a plain "Yes" or "No".')["rubriq:starts_with"] == \
        [{"options": ["Yes", "No"]}]


def test_ending_by_asking_the_reader_and_finishing_with_the_answer_in_bold():
    assert "rubriq:ends_with_question" in kinds("Réponds. Termine en me demandant si je veux aussi le menu.")
    found = kinds("How much per cupcake? Finish with the price in bold.")
    assert "rubriq:bold_answer" in found and "detectable_format:number_highlighted_sections" not in found


def test_one_block_without_paragraph_breaks_in_spanish_and_keys_each_object_holds():
    assert kinds("¿Por qué revientan? Respóndeme en un único bloque, sin cortes de párrafo.")[
        "rubriq:number_paragraphs"] == [{"num_paragraphs": 1, "relation": "exactly"}]
    found = kinds("Tu peux me sortir le planning en JSON ? Une liste, chaque objet avec jour, debut, fin et maison, et "
                  "rien d'autre dans les objets.")
    assert found["rubriq:json_keys"] == [{"keys": ["jour", "debut", "fin", "maison"]}]
    assert found["rubriq:json_no_extra_keys"] == [{"keys": ["jour", "debut", "fin", "maison"]}]
    assert kinds("Necesito nombres, y que ninguna lleve la palabra «aventura».")["keywords:forbidden_words"] == \
        [{"forbidden_words": ["aventura"]}]


def test_keys_said_to_be_all_right_after_their_list_rule_out_other_keys_but_nothing_else_does_not():
    found = kinds("Give me JSON with the keys name and age, only these, no others.")
    assert found["rubriq:json_no_extra_keys"] == [{"keys": ["name", "age"]}]
    assert "rubriq:json_no_extra_keys" not in kinds("Reply with a json object with keys name and age, nothing else.")


def test_the_reply_stopping_where_the_code_does():
    for prompt in ("Write a Python script for it. Stop when the code is done.",
                   "Write the JS function. The code should be the last thing in your reply.",
                   "Write a bash script, nothing underneath the code block."):
        assert "rubriq:no_prose_after_code" in kinds(prompt), prompt


def test_numbered_said_of_what_the_reply_lists_but_not_of_sections_or_a_subject():
    assert kinds("Give me five tips for my first stall, numbered please.")["rubriq:numbered_list"] == \
        [{"num_items": 5}]
    assert "rubriq:numbered_list" not in kinds("Use numbered sections for the report.")
    assert "rubriq:numbered_list" not in kinds("Explain numbered lists in Markdown.")


def test_the_answer_in_bold_said_in_other_ways():
    for prompt in ("Work out the cost and bold the final figure.", "Which plan wins? The answer should be bold.",
                   "Work it out, the total, in bold."):
        assert "rubriq:bold_answer" in kinds(prompt), prompt
    assert "rubriq:bold_answer" not in kinds("Write a blog post and bold the key terms.")


def test_a_name_written_as_a_call_in_code_style_is_a_function_to_define_unless_it_is_used():
    assert kinds("In JavaScript: write isWeekend(date) and nextWorkday(date).")["rubriq:code_function_names"] == \
        [{"names": ["isWeekend", "nextWorkday"]}]
    assert kinds("Python please. I need count_visits(log_path) that returns a dict.")[
        "rubriq:code_function_names"] == [{"names": ["count_visits"]}]
    assert "rubriq:code_function_names" not in kinds("In Python, call parse_row(line) for each line.")
    assert "rubriq:code_function_names" not in kinds("Use os.walk() to find the files, in Python.")


def test_a_bound_after_the_count_of_items():
    assert kinds("How do I descale a kettle? Five steps max.")["rubriq:item_count"] == \
        [{"relation": "less than", "num_items": 6}]
    assert kinds("List the steps, six steps or fewer.")["rubriq:item_count"] == \
        [{"relation": "less than", "num_items": 7}]


def test_a_quoted_word_that_has_to_feature_or_make_an_appearance_is_required_and_getting_rid_of_it_is_not():
    for prompt in ('Write a toast. Make sure "lighthouse" makes an appearance.',
                   'Write a toast; I want to see "lighthouse" in there.', 'Write a toast. "lighthouse" has to feature.',
                   'Write a toast and squeeze "lighthouse" in.'):
        assert kinds(prompt)["keywords:existence"] == [{"keywords": ["lighthouse"]}], prompt
    assert "keywords:existence" not in kinds('Write a toast. Get rid of "lighthouse".')


def test_the_name_followed_by_the_name_itself_is_no_reference_back():
    found = kinds("Write a limerick about a woman named Sarah. Mention the name Sarah only once.")
    assert not any(p.get("keyword") == "Sarah" and p["relation"] == "at least" for p in found.get("keywords:frequency",
                                                                                                   []))


def test_a_package_ruled_out_by_the_words_around_it_in_a_code_task():
    cases = {"Write it in JavaScript. Don't bring in moment or date-fns.": ["moment", "date-fns"],
             "Python script. I'd rather not have numpy as a dependency.": ["numpy"],
             "Python, without reaching for requests.": ["requests"],
             "Write the Python. pandas isn't installed on the server, so don't use it.": ["pandas"],
             "Write the Python. Keep pandas out of it.": ["pandas"]}
    for prompt, modules in cases.items():
        found = kinds(prompt)
        assert found["rubriq:code_forbidden_import"] == [{"modules": modules}], prompt
        assert "rubriq:forbidden_topic" not in found, prompt
    assert kinds("Python: no pandas, and three pytest tests.")["rubriq:code_forbidden_import"] == \
        [{"modules": ["pandas"]}]
    assert "rubriq:code_forbidden_import" not in kinds("Python script, no need to install pandas, it's there.")
    assert "rubriq:code_forbidden_import" not in kinds("Python function, without any requests to the server.")


def test_closing_words_put_at_the_bottom_or_signed():
    for prompt, phrase in (('Write the reply and put "Thanks, Dan" at the bottom.', "Thanks, Dan"),
                           ('Write the note. Sign it "Love, Mum".', "Love, Mum"),
                           ('Write a note and sign it off with "Cheers, Ed".', "Cheers, Ed")):
        assert kinds(prompt)["startend:end_checker"] == [{"end_phrase": phrase}], prompt


def test_a_subject_steered_clear_of_skipped_or_not_to_be_gone_on_about():
    for prompt in ("Write the newsletter. Steer clear of the car park dispute.",
                   "Write the newsletter, and skip anything about the car park.",
                   "Write the newsletter. No car park talk.",
                   "Write the newsletter but don't go on about the car park.",
                   "Write the newsletter. The car park business stays out of it.",
                   "Write the newsletter; avoid the subject of the car park.",
                   "Write the newsletter. I'd rather you didn't bring up the car park."):
        assert kinds(prompt)["rubriq:forbidden_topic"] == [{"topic": "car park"}], prompt
    for prompt in ("Write it. No small talk.", "Tidy my paragraph. Don't touch the formatting."):
        assert "rubriq:forbidden_topic" not in kinds(prompt), prompt


def test_a_subject_left_out_in_spanish_french_and_german():
    assert kinds("Escribe el boletín. Ni una palabra del aparcamiento.")["rubriq:forbidden_topic"] == \
        [{"topic": "aparcamiento"}]
    assert kinds("Écris la lettre. Rien sur le parking.")["rubriq:forbidden_topic"] == [{"topic": "parking"}]
    assert kinds("Schreib den Newsletter. Zum Parkplatz bitte nichts.")["rubriq:forbidden_topic"] == \
        [{"topic": "Parkplatz"}]


def test_bullets_kept_to_a_number_are_an_upper_limit_and_with_numbers_asks_for_numbering():
    assert kinds("Summarise the minutes. Keep it to three bullets.")["rubriq:bullet_count"] == \
        [{"min": None, "max": 3}]
    assert kinds("Give me the steps one by one, with numbers.")["rubriq:numbered_list"] == [{}]
    assert "rubriq:numbered_list" not in kinds("Write a poem with numbers in it.")


def test_a_quoted_word_counted_in_words_and_a_closing_line_that_kicks_off_with_words():
    assert kinds('Write the poem; "moon" should crop up three times.')["keywords:frequency"] == \
        [{"keyword": "moon", "relation": "exactly", "frequency": 3}]
    assert kinds('Answer. The closing line has to kick off with "So,".')["rubriq:last_line_starts_with"] == \
        [{"options": ["So,"]}]


def test_a_person_left_off_things_not_to_involve_a_word_left_out_and_a_time_in_bold():
    assert kinds("Make that a CSV, and leave Dan off since we don't know yet.")["rubriq:forbidden_topic"] == \
        [{"topic": "Dan"}]
    assert "rubriq:forbidden_topic" not in kinds("Leave Dan to me and write the rest.")
    assert kinds("Give me a plan. No involving the council or the police at this stage.")[
        "rubriq:forbidden_topic"] == [{"topic": "council"}, {"topic": "police"}]
    assert kinds('If you say "condensation" she will ask what it means, so leave that word out.')[
        "keywords:forbidden_words"] == [{"forbidden_words": ["condensation"]}]
    assert "rubriq:bold_answer" in kinds("Which bus gets me there? One line, departure time in bold.")
