"""Prompt reading in a twelfth round of wordings: a limit stated as where the reader stops ("she won't read past
three sentences", "nach dem dritten Satz hört sie auf zu lesen"), a fence named by its backticks, a German answer noun
in bold, a word used "in two places", sections introduced as "headed parts", and a word the reply must say."""

from __future__ import annotations

from prompt_reading_helpers import kinds, unchecked_texts


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


def test_a_count_said_to_be_all_the_reader_wants_is_the_most_allowed():
    for prompt, n in (("Which boats can we take? Three sentences is all I need.", 4),
                      ("Réponds-moi. Quatre phrases, c'est le plafond.", 5),
                      ("Dime cuánta pintura. Cinco frases, no me hagas leer más.", 6)):
        assert kinds(prompt)["length_constraints:number_sentences"] == \
            [{"relation": "less than", "num_sentences": n}], prompt
    assert kinds("Résume la lettre. Quatre-vingt-dix mots, c'est le maximum qu'elle lira.")[
        "length_constraints:number_words"] == [{"relation": "less than", "num_words": 91}]


def test_a_word_after_an_elided_french_article_is_read():
    found = kinds("J'ai besoin d'une fonction JavaScript allure(d, t). Ajoute des tests Vitest, un minimum de trois "
                  "cas de test. Pour l'explication, trois phrases me suffisent.")
    assert found["rubriq:code_min_tests"] == [{"num_tests": 3}]
    assert found["rubriq:explanation_length"] == [{"relation": "less than", "num_sentences": 4}]


def test_a_package_named_with_its_js_suffix_is_the_package():
    found = kinds("J'ai besoin d'une fonction JavaScript allure(d, t). Pas de moment.js ni dayjs.")
    assert found["rubriq:code_forbidden_import"] == [{"modules": ["moment", "dayjs"]}]


def test_what_comes_with_python_and_typehints_in_one_word_are_code_constraints():
    found = kinds("write me a python function called tally(path). stick to what comes with python, and typehints on "
                  "everything pls")
    assert "rubriq:code_stdlib_only" in found and "rubriq:code_type_hints" in found


def test_the_header_of_a_csv_the_code_reads_is_no_table_to_write():
    found = kinds("anyone know a clean way to tally bird sightings from a csv? header is date,species,count. write me "
                  "a python function called tally(path)")
    assert "rubriq:table_columns" not in found
    assert kinds("Make me a CSV from the notes, header is date,species,count.")["rubriq:table_columns"] == \
        [{"columns": ["date", "species", "count"]}]


def test_a_quoted_word_after_i_would_like_is_required_not_an_example():
    found = kinds('Could you write a little poem? A pair of six-line verses, and I\'d like "bell" in there no fewer '
                  'than three times.')
    assert found["keywords:frequency"] == [{"keyword": "bell", "relation": "at least", "frequency": 3}]
    assert found["rubriq:lines_per_stanza"] == [{"num_lines": 6}]
    assert "keywords:frequency" not in kinds('Use words like "cosy" three times.')


def test_a_poem_counted_in_blocks_of_lines_has_that_many_stanzas():
    found = kinds("Je voudrais un petit slam pour ma classe. Il me faut trois blocs, six vers par bloc.")
    assert found["rubriq:number_stanzas"] == [{"num_stanzas": 3}]
    assert found["rubriq:lines_per_stanza"] == [{"num_lines": 6}]
    assert "rubriq:number_stanzas" not in kinds("Write a report on the blocks: three blocks, two lines per block.")


def test_a_topic_is_the_thing_owned_visited_or_mourned():
    assert kinds("Write a poem for his card. His late wife shouldn't come up.")["rubriq:forbidden_topic"] == \
        [{"topic": "wife"}]
    assert kinds("Summarise the minutes. Nothing about Geoff's knee.")["rubriq:forbidden_topic"] == [{"topic": "knee"}]
    assert kinds("Écris un slam. On ne parle pas de la sortie à Londres.")["rubriq:forbidden_topic"] == \
        [{"topic": "Londres"}]
    assert kinds("Summarise the letter. The late fees shouldn't come up.")["rubriq:forbidden_topic"] == \
        [{"topic": "late fees"}]


def test_more_than_once_said_after_the_word_is_twice_at_least():
    twice = {"relation": "at least", "frequency": 2}
    assert kinds("Écris un slam. « Brevet » doit y être, et pas qu'une fois.")["keywords:frequency"] == \
        [{"keyword": "Brevet", **twice}]
    assert kinds('Write the post. Put "bell" in it, and more than once.')["keywords:frequency"] == \
        [{"keyword": "bell", **twice}]


def test_the_bottom_or_final_line_leading_off_with_a_label_is_the_last_line():
    assert kinds('Work it out, and the bottom line of your answer should begin "Bags:".')[
        "rubriq:last_line_starts_with"] == [{"options": ["Bags:"]}]
    found = kinds('Show the working and let the final line lead off with "Rate:".')
    assert found["rubriq:last_line_starts_with"] == [{"options": ["Rate:"]}]
    assert "startend:end_checker" not in found


def test_the_first_word_or_the_words_before_anything_else_open_the_reply():
    assert kinds('Can we take the boat? The first word should be "Yes" or "No".')["rubriq:starts_with"] == \
        [{"options": ["Yes", "No"]}]
    assert kinds('Rewrite it. It should say "Hi neighbours," before anything else.')["rubriq:starts_with"] == \
        [{"options": ["Hi neighbours,"]}]


def test_a_condition_after_a_comma_governs_only_its_own_clause():
    found = kinds("My granddaughter Isla is sleeping over. Write a bedtime story. Say her name three times in it, she "
                  "counts, and she'll complain if it's two or four.")
    assert sorted(c["relation"] for c in found["keywords:frequency"]) == ["at least", "less than"]
    assert kinds("Keep it under 50 words if you can.")["length_constraints:number_words"] == \
        [{"relation": "less than", "num_words": 50}]


def test_spanish_table_emoji_and_kept_wording_requests_are_read():
    found = kinds("Pónmelo en una tablita de Markdown con la cabecera Nombre | Ruta | Coche. Y los emojis te los "
                  "ahorras.")
    assert "rubriq:markdown_table" in found and "rubriq:no_emoji" in found
    assert found["rubriq:table_columns"] == [{"columns": ["Nombre", "Ruta", "Coche"]}]
    assert kinds("Reescribe el cartel de la tienda. Emoticonos fuera.")["rubriq:no_emoji"] == [{}]
    assert kinds("Reescribe el cartel. Lo de «de 9:00 a 14:00» se queda tal cual, escrito así.")[
        "keywords:existence"] == [{"keywords": ["de 9:00 a 14:00"]}]
    assert kinds('Rewrite the sign. "de 9:00 a 14:00" stays exactly as it is.')["keywords:existence"] == \
        [{"keywords": ["de 9:00 a 14:00"]}]


def test_french_steps_numbered_and_bounded_a_word_banned_and_a_closing_question():
    found = kinds("Explique comment vider le bac. Numérote chaque étape, quatre maxi, et bannis le mot « simplement ». "
                  "À la fin, pose-moi une question pour vérifier que j'ai bien compris.")
    assert "rubriq:numbered_list" in found and "rubriq:ends_with_question" in found
    assert found["rubriq:item_count"] == [{"relation": "less than", "num_items": 5}]
    assert found["keywords:forbidden_words"] == [{"forbidden_words": ["simplement"]}]


def test_french_fences_titles_and_topics_said_with_a_pronoun():
    found = kinds("Fais un résumé du carnet. Et ne le mets pas dans un encadré de code.")
    assert found["rubriq:no_code_blocks"] == [{}]
    assert "rubriq:no_headings" in kinds("Fais-moi un planning en tableau. Pas de gros titre au-dessus du tableau.")
    assert kinds("Combien ça coûte ? Ne me parle pas de la navette.")["rubriq:forbidden_topic"] == \
        [{"topic": "navette"}]


def test_steps_bounded_after_their_numbering_are_an_item_count_not_the_list_size():
    found = kinds("How much gravel? Show the working with each step numbered, five of them at most.")
    assert found["rubriq:numbered_list"] == [{}]
    assert found["rubriq:item_count"] == [{"relation": "less than", "num_items": 6}]
    assert kinds("Give me a numbered list, 5 items.")["rubriq:numbered_list"] == [{"num_items": 5}]


def test_bullet_form_and_a_range_of_them_count_the_bullets():
    assert kinds("Summarise the minutes. Put it in bullet form.")["rubriq:bullet_list"] == [{}]
    assert kinds("Summarise the minutes. Put it in bullet form, somewhere from five to seven of them.")[
        "rubriq:bullet_count"] == [{"min": 5, "max": 7}]


def test_groups_sorted_into_named_headings_with_a_bound_under_any_of_them():
    found = kinds("Here's my kit list. Sort it into Clothing, Optics and Food, each with its own heading, and no more "
                  "than four bullets under any heading. Oh, and leave cameras off the list entirely.")
    assert found["rubriq:section_labels"] == [{"labels": ["Clothing", "Optics", "Food"]}]
    assert found["rubriq:bullets_per_section"] == [{"relation": "less than", "num_bullets": 5}]
    assert found["rubriq:forbidden_topic"] == [{"topic": "cameras"}]
    assert "rubriq:forbidden_topic" not in kinds("Write the function. Please leave comments off.")


def test_ordinary_paragraphs_a_couple_of_them_three_at_a_push():
    found = kinds("My eyes get muddled with those dotted lists, so just write it out as ordinary paragraphs, a couple "
                  "of them, three at a push.")
    assert found["rubriq:no_lists"] == [{}]
    assert sorted((p["relation"], p["num_paragraphs"]) for p in found["rubriq:number_paragraphs"]) == \
        [("at least", 2), ("less than", 4)]
    assert kinds("Write 2 to 3 paragraphs.")["rubriq:number_paragraphs"] == \
        [{"num_paragraphs": 2, "relation": "at least"}, {"num_paragraphs": 4, "relation": "less than"}]


def test_more_if_you_like_makes_a_count_a_minimum():
    assert kinds('Write about hearing aids and say the word "air" a good three times, more if you like.')[
        "keywords:frequency"] == [{"keyword": "air", "relation": "at least", "frequency": 3}]
    assert kinds("Write 200 words, more if you like.")["length_constraints:number_words"] == \
        [{"relation": "at least", "num_words": 200}]


def test_the_size_of_the_box_the_answer_goes_in_and_a_part_named_before_and():
    found = kinds("Work out the drip rate. Number the working the way my tutor does, one step per line, and it's a "
                  "70-word box so don't go over that.")
    assert found["rubriq:numbered_list"] == [{}]
    assert found["length_constraints:number_words"] == [{"relation": "less than", "num_words": 71}]


def test_a_spanish_answer_noun_in_bold_and_no_highlight_count_from_a_sentence_limit():
    found = kinds("¿Cuánta pintura necesito? Cinco frases, no me hagas leer más, el número de botes que vaya en bold.")
    assert found["rubriq:bold_answer"] == [{}]
    assert "detectable_format:number_highlighted_sections" not in found


def test_a_count_of_parts_then_as_many_quoted_labels_names_the_sections():
    found = kinds("Résume la lettre du notaire pour ma mère, en deux rubriques qui démarrent l'une par « L'essentiel : "
                  "» et l'autre par « À faire : ».")
    assert found["rubriq:section_labels"] == [{"labels": ["L'essentiel", "À faire"]}]
    found = kinds('Write two sections, one starting "Summary:" and the other "To do:".')
    assert found["rubriq:section_labels"] == [{"labels": ["Summary", "To do"]}]
    assert "rubriq:starts_with" not in found


def test_a_french_subject_named_first_and_dropped_by_a_pronoun_is_left_out():
    found = kinds("Résume la lettre du notaire. Les frais de l'étude, vous les passez sous silence. Le vermifuge, tu "
                  "l'oublies.")
    assert found["rubriq:forbidden_topic"] == [{"topic": "frais"}, {"topic": "vermifuge"}]


def test_a_word_to_lose_or_ditch_is_forbidden():
    assert kinds('Rewrite it. Stay within 90 words, lose the word "whatever".')["keywords:forbidden_words"] == \
        [{"forbidden_words": ["whatever"]}]
    assert kinds('Ditch "basically" and keep it short.')["keywords:forbidden_words"] == \
        [{"forbidden_words": ["basically"]}]


def test_one_paragraph_for_one_thing_and_another_for_another_is_two():
    assert kinds("Explain it, one paragraph for the bread and another for the biscuits.")[
        "rubriq:number_paragraphs"] == [{"num_paragraphs": 2, "relation": "exactly"}]
    assert kinds("Explícamelo con un párrafo para el pan y otro para las galletas.")["rubriq:number_paragraphs"] == \
        [{"num_paragraphs": 2, "relation": "exactly"}]


def test_a_limit_said_of_it_after_a_per_line_request_is_the_whole_answer_s():
    found = kinds("drops per minute? number the working, one step per line, write mL not millilitres, it's a 70-word "
                  "box so don't go over that")
    assert found["length_constraints:number_words"] == [{"relation": "less than", "num_words": 71}]


def test_the_messages_of_a_pasted_api_chat_are_the_prompt_not_material():
    prompt = ('Pasting our chat from the API playground, can you pick it up from here?\n\n[\n'
              '  {"role": "user", "content": "I retired in June and have time for birdwatching now."},\n'
              '  {"role": "assistant", "content": "What a lovely plan! What would you like help with?"},\n'
              '  {"role": "user", "content": "A packing list please. Sort it into Clothing, Optics and Food, each with '
              'its own heading, and leave cameras off the list entirely, I do not do photos."}\n]')
    found = kinds(prompt)
    assert found["rubriq:section_labels"] == [{"labels": ["Clothing", "Optics", "Food"]}]
    assert found["rubriq:forbidden_topic"] == [{"topic": "cameras"}]


def test_a_count_of_lines_said_alone_as_its_own_sentence_is_the_poem_s_length():
    assert kinds("Write a poem for her card. Eight lines.")["rubriq:number_lines"] == \
        [{"relation": "exactly", "num_lines": 8}]
    assert kinds("Ein Gedicht für die Karte. Acht Zeilen, bitte.")["rubriq:number_lines"] == \
        [{"relation": "exactly", "num_lines": 8}]
    assert "rubriq:number_lines" not in kinds("Write a poem about the sea. Two lines of it should rhyme.")


def test_thanks_and_an_introduction_to_pasted_material_are_not_unchecked_instructions():
    thread = "Re: Salida domingo\nPublicado por Nacho » sáb 8 mar, 10:12\nYo voy, la larga (95 km)."
    texts = unchecked_texts(f"Te pego el hilo del foro de la peña, que no hay quien se aclare:\n\n{thread}\n\n"
                            "Pónmelo en una tabla. Que suene amable, por favor.")
    assert not any("Te pego" in t for t in texts)
    assert not any("Thank you" in t for t in unchecked_texts("Why do hearing aid batteries have a tab? Keep it "
                                                             "friendly. Thank you kindly."))
    clause = ("Mi abuela no entiende esta cláusula. Reescríbela con palabras sencillas y pon en negrita la fianza:\n\n"
              "> El arrendatario entrega en este acto al arrendador la cantidad de 650 euros en concepto de fianza.")
    assert any("palabras sencillas" in t for t in unchecked_texts(clause))
