"""Source text inside a prompt is found with its span, and kept apart from the instructions."""

from rubriq.core.prompt import parse_prompt

ARTICLE = ("The council approved the new bus route on Monday after a two-hour debate. Residents of the east side "
           "had asked for a direct line to the hospital for years. The route will start in March and run every "
           "twenty minutes. The budget of 1.2 million euros comes from the regional transport fund, which also pays "
           "for two new electric buses. Opponents argued that the money should have gone to road repairs instead.")


def _only_source(prompt: str):
    doc = parse_prompt(prompt)
    assert len(doc.sources) == 1, doc.sources
    block = doc.sources[0]
    assert block.content_span.slice(prompt) == block.text
    return doc, block


def test_xml_tagged_document_is_a_source():
    doc, block = _only_source(f"Summarize the article.\n<article>\n{ARTICLE}\n</article>\nBe brief.")
    assert block.kind == "xml" and block.label == "article"
    assert ARTICLE in block.text
    assert "Summarize the article." in doc.instruction_text and "Be brief." in doc.instruction_text
    assert "bus route" not in doc.instruction_text


def test_fenced_block_is_a_source():
    _, block = _only_source(f"Translate this:\n```\n{ARTICLE}\n```\n")
    assert block.kind == "fenced"


def test_triple_quoted_passage_is_a_source():
    _, block = _only_source(f'Rewrite the text in plain English.\n"""{ARTICLE}"""')
    assert block.kind == "quoted"


def test_labelled_section_runs_until_the_question():
    prompt = f"Context: {ARTICLE}\n\nQuestion: When does the route start?"
    doc, block = _only_source(prompt)
    assert block.kind == "labelled" and block.label == "context"
    assert block.text.endswith("road repairs instead.")
    assert "When does the route start?" in doc.instruction_text


def test_label_on_its_own_line_takes_the_following_lines():
    prompt = f"Answer using the text.\n\nText:\n{ARTICLE}"
    _, block = _only_source(prompt)
    assert block.text.startswith("The council")


def test_long_pasted_paragraph_without_instructions_is_a_source():
    _, block = _only_source(f"Give me three takeaways from this.\n\n{ARTICLE}")
    assert block.kind == "pasted"


def test_a_long_instruction_paragraph_is_not_mistaken_for_source():
    instructions = ("You are a careful assistant. Please write a summary that you keep short, and make sure you "
                    "use plain words. You should answer in English and you must not invent facts. Write it for "
                    "a reader who has no background, and give one example. Use bullet points where you can, "
                    "and explain any acronym you use. Respond in under 100 words please.")
    assert parse_prompt(instructions).sources == []


def test_instruction_view_keeps_offsets_of_the_prompt():
    prompt = f"---\nmodel: gpt-4.1\n---\nSummarize:\n<document>{ARTICLE}</document>\nIn 3 bullets."
    doc = parse_prompt(prompt)
    view = doc.instruction_view
    assert len(view) == len(prompt)
    offset = view.index("In 3 bullets.")
    assert prompt[offset : offset + 13] == "In 3 bullets."
    assert "model:" not in view


def test_front_matter_is_never_a_source():
    assert parse_prompt('---\nmodel: "x"\n---\nHello there.').sources == []


def test_nested_and_unclosed_tags_pair_with_the_first_closing_tag():
    prompt = "Summarize.\n<document>outer <text>inner</text> tail</document>\n<article>never closed"
    blocks = parse_prompt(prompt).sources
    assert [(b.kind, b.label, b.text) for b in blocks] == [("xml", "document", "outer <text>inner</text> tail")]


def test_many_unclosed_delimiters_yield_no_blocks():
    prompt = "Summarize.\n" + "<text>" * 5000 + '"""' + "```\n" * 3
    doc = parse_prompt(prompt)
    assert [b.kind for b in doc.sources] == []


# --- wrappings people use for pasted material ------------------------------------------------------------------

NOTICE = ("The pool on Harbour Road reopens on 3 May after a four-month refit. The changing rooms were rebuilt, a "
          "ramp was added at the shallow end and the opening hours now run from 6:30 to 21:00 on weekdays.")


def _sources(prompt: str):
    doc = parse_prompt(prompt)
    for block in doc.sources:
        assert block.content_span.slice(prompt) == block.text
    return doc, doc.sources


def test_dashed_fence_with_a_name_runs_to_its_end_line():
    prompt = f"How many hours a day is the pool open?\n\n--- POOL NOTICE ---\n{NOTICE}\n--- END ---\nBe brief."
    doc, blocks = _sources(prompt)
    assert [(b.kind, b.label, b.text) for b in blocks] == [("delimited", "pool notice", NOTICE)]
    assert "How many hours" in doc.instruction_text and "Be brief." in doc.instruction_text
    assert "Harbour Road" not in doc.instruction_text


def test_equals_and_hash_fences_are_sources():
    for opener, closer in (("=== NOTICE ===", "=== END NOTICE ==="), ("### NOTICE ###", "### FIN ###")):
        _, blocks = _sources(f"Summarise this.\n{opener}\n{NOTICE}\n{closer}\n")
        assert [b.text for b in blocks] == [NOTICE]


def test_consecutive_named_fences_are_separate_sources_and_an_unclosed_one_stops_at_the_instructions():
    prompt = (f"Compare the two notices.\n\n--- A ---\n{NOTICE}\n\n--- B ---\nThe gym closes in June for "
              "repairs to its roof and reopens in September.\n\nWhich one affects swimmers? Answer in one sentence.")
    doc, blocks = _sources(prompt)
    assert [b.label for b in blocks] == ["a", "b"]
    assert blocks[0].text == NOTICE and blocks[1].text.endswith("in September.")
    assert "Which one affects swimmers?" in doc.instruction_text


def test_a_block_announced_by_a_colon_line_is_a_source_in_any_of_four_languages():
    for intro in ("Here is the notice:", "Voici l'annonce :", "Aquí tienes el texto:", "Hier ist der Text:"):
        doc, blocks = _sources(f"{intro}\n\n{NOTICE}\n\nWrite a tweet about it, under 200 characters.")
        assert [b.text for b in blocks] == [NOTICE], intro
        assert "Write a tweet" in doc.instruction_text


def test_markdown_quote_keeps_its_markers_and_leaves_the_request_out():
    quote = "> The pool reopens on 3 May.\n> A ramp was added at the shallow end."
    doc, blocks = _sources(f"Is the pool accessible now?\n\n{quote}\n\nReply in a sentence.")
    assert [(b.kind, b.text) for b in blocks] == [("quoted", quote)]
    assert "Reply in a sentence." in doc.instruction_text


def test_email_with_headers_runs_to_its_sign_off():
    email = ("From: Leisure Centre <info@pool.example>\nSubject: Reopening\n\nDear members,\n\n"
             f"{NOTICE}\n\nPlease renew your membership online before the first visit.\n\nKind regards,\nThe team")
    doc, blocks = _sources(f"When can I swim again?\n\n{email}\n\nAnswer in one sentence.")
    assert [b.kind for b in blocks] == ["email"]
    assert blocks[0].text.startswith("From:") and blocks[0].text.endswith("The team")
    assert "Answer in one sentence." in doc.instruction_text


def test_letter_without_headers_is_a_source_when_instructions_surround_it():
    letter = f"Hi Sam,\n\n{NOTICE}\n\nCould you tell the swimming club?\n\nThanks,\nRia"
    _, blocks = _sources(f"Draft my reply to this message.\n\n{letter}\n\nKeep it under 50 words.")
    assert [(b.kind, b.text) for b in blocks] == [("email", letter)]


def test_a_prompt_written_as_a_letter_to_the_model_is_not_a_source():
    prompt = "Hi,\n\nPlease summarise the history of swimming pools in three sentences.\n\nThanks,\nRia"
    assert parse_prompt(prompt).sources == []


def test_pasted_table_csv_and_json_are_sources():
    table = "| Lane | Speed |\n|---|---|\n| 1 | slow |\n| 2 | fast |"
    csv_rows = "lane,speed,length_m\n1,slow,25\n2,fast,25\n3,medium,50"
    config = '{\n  "lanes": 6,\n  "length_m": 25,\n  "heated": true\n}'
    for data in (table, csv_rows, config):
        _, blocks = _sources(f"Which lane is fastest?\n\n{data}\n\nOne word.")
        assert [(b.kind, b.text) for b in blocks] == [("data", data)], data


def test_a_schema_is_a_description_of_the_output_not_a_source():
    schema = '{"name": string, "reopens": "YYYY-MM-DD", "step_free": boolean}'
    prompt = f"Extract the details as JSON.\n\nSchema:\n{schema}\n\nText:\n{NOTICE}"
    _, blocks = _sources(prompt)
    assert [b.text for b in blocks] == [NOTICE]
    typed = ('Return JSON like this:\n```json\n{"name": "string", "reopens": "YYYY-MM-DD"}\n```\n'
             f"<text>{NOTICE}</text>")
    assert [b.text for b in parse_prompt(typed).sources] == [NOTICE]


def test_bare_rules_around_a_block_delimit_it_but_a_heading_underline_does_not():
    _, blocks = _sources(f"Translate the message into French.\n\n---\n{NOTICE}\n---\n")
    assert [(b.kind, b.text) for b in blocks] == [("delimited", NOTICE)]
    assert parse_prompt("Rules\n---\nAnswer briefly and politely.\n\nWhat time is it in Lima?").sources == []


def test_a_short_label_line_naming_material_takes_the_block_below():
    prompt = f"Pull out the opening hours as JSON.\n\nPOOL NOTICE:\n{NOTICE}"
    _, blocks = _sources(prompt)
    assert [(b.kind, b.label, b.text) for b in blocks] == [("labelled", "pool notice", NOTICE)]


def test_a_short_paragraph_the_instructions_point_at_is_a_source():
    paragraph = "Our choir rehearses on Wednesdays at 7:30 in the Elm Street hall and welcomes new singers."
    doc, blocks = _sources(f"Make this paragraph shorter, for a flyer.\n\n{paragraph}")
    assert [b.text for b in blocks] == [paragraph]
    assert "Make this paragraph shorter" in doc.instruction_text


def test_a_maths_word_problem_is_the_task_not_a_source():
    problem = ("A cinema has 14 rows of 22 seats. On Friday 250 tickets were sold, 60 of them at the student price "
               "of 6 euros and the rest at 10 euros. Popcorn sales added another 480 euros, and the cinema paid 900 "
               "euros for the film licence and 150 euros for staff that evening. How much profit did the cinema "
               "make on Friday, and how many seats stayed empty? Show your working.")
    assert parse_prompt(problem).sources == []


def test_the_turns_of_a_chat_transcript_are_not_sources():
    prompt = ("User: I have a 25 metre pool membership and swim three times a week, about forty lengths each time.\n"
              "Assistant: Nice routine! What would you like to know?\n"
              "User: how many kilometres is that per month? one line")
    assert parse_prompt(prompt).sources == []


# --- linear work on adversarial prompts: the sentence test reads each character a bounded number of times -------

def _characters_read(monkeypatch, prompt: str) -> int:
    import rubriq.core.sources as sources

    read = [0]
    original = sources.reads_as_request

    def counting(sentence: str) -> bool:
        read[0] += len(sentence)
        return original(sentence)

    monkeypatch.setattr(sources, "reads_as_request", counting)
    sources.find_source_blocks(prompt)
    return read[0]


def test_many_wrappers_cost_work_proportional_to_the_prompt(monkeypatch):
    cases = [
        "Here is the text:\nWrite it.\n\n" * 2000,
        "--- A ---\nsome words here\n" * 2000,
        "> quoted words in a line\n" * 4000,
        "Hi Sam,\nWrite it.\nThanks,\nRia\n" * 1500,
        "Text:\nshort\n\nQuestion: why?\n" * 2000,
        "POOL NOTICE:\nWrite the notice.\n\n" * 2000,
        "# Minutes\nWrite it.\n\n## Notes\nthe van is booked for Friday\n\n" * 1000,
        "[10:01] Sara: the van is booked\n(2:15) Ken : pour quel jour ?\n" * 2000,
        "Rewrite this for me:\nthe van is booked for Friday morning\n\n" * 2000,
    ]
    for prompt in cases:
        assert _characters_read(monkeypatch, prompt) <= 4 * len(prompt), prompt[:30]


def test_lines_of_open_brackets_are_scanned_within_a_budget():
    import rubriq.core.sources as sources

    prompt = "Summarise.\n" + '{ "a":\n' * 20000
    finder = sources._Finder(prompt, 0)
    finder.run()
    assert finder.json_budget >= -len(prompt)  # the scan never reads more than three times the prompt


def test_a_pasted_exchange_between_named_people_is_a_source_but_a_chat_with_the_model_is_not():
    exchange = ("Nadia: Is the library open on Sunday?\nOwen: Only in the afternoon, from 1 to 5.\n"
                "Nadia: Great, I'll return the books then.")
    _, blocks = _sources(f"Summarise this exchange in one line.\n\n{exchange}")
    assert [(b.label, b.text) for b in blocks] == [("dialogue", exchange)]
    chat = "User: Is the library open on Sunday?\nAssistant: Which library?\nUser: the one on Mill Lane"
    assert parse_prompt(chat).sources == []


# --- wrappings of the second prompt set, in fresh words -----------------------------------------------------------
def test_a_transcript_with_timestamps_before_or_after_the_names_is_a_source():
    for lines in ("[10:01] Sara: the van is booked\n[10:02] Ken: for which day?\n[10:02] Sara: Friday morning",
                  "(2:15) Sara : le camion est réservé\n(2:20) Ken : pour quel jour ?\n(2:24) Sara : vendredi",
                  "Sara [10:01]: der Transporter ist gebucht\nKen [10:02]: für welchen Tag?\nSara [10:02]: Freitag"):
        _, blocks = _sources(f"What day is the van booked for?\n\n{lines}")
        assert [b.text for b in blocks] == [lines], lines


def test_a_markdown_document_pasted_raw_is_one_source_up_to_the_instructions():
    doc = ("# Garden club newsletter\n\n## This month\n- Seed swap on the 12th in the church hall\n- Compost bins "
           "are back in stock at 18 pounds each\n\n## Thanks\nTo Irene, who repaired the greenhouse door and "
           "cleared the paths.")
    _, blocks = _sources(f"{doc}\n\nWhat does a compost bin cost? One sentence.")
    assert [(b.label, b.text) for b in blocks] == [("markdown document", doc)]


def test_a_prompt_written_in_markdown_sections_is_not_a_document():
    prompt = ("# Task\nWrite a welcome message for new members of the garden club.\n\n## Requirements\n- under "
              "80 words\n- mention the seed swap on the 12th\n\n## Tone\nWarm and informal.")
    assert parse_prompt(prompt).sources == []


def test_a_section_fence_of_the_prompt_is_not_material_but_the_fence_after_it_is():
    prompt = ("### Instructions ###\nAnswer from the notice only.\n\n### Notice ###\nThe pool is closed on 3 July "
              "for cleaning and reopens at 7am on 4 July.\n\n### Question ###\nWhen does the pool reopen?")
    _, blocks = _sources(prompt)
    assert [b.label for b in blocks] == ["notice"]


def test_a_bare_this_after_a_request_points_at_the_paragraph_below():
    text = ("The committee has reviewed the proposal and finds that, although the budget is sound, the timeline "
            "leaves no margin for the planning permission, which usually takes twelve weeks.")
    for request in ("Rewrite this for our volunteers, please.", "Mejora esto, por favor.",
                    "Can you fix this before I send it:"):
        _, blocks = _sources(f"{request}\n\n{text}")
        assert [b.text for b in blocks] == [text], request


def test_a_german_compound_naming_material_points_at_it():
    clause = "§ 3 Haustiere\nKleintiere sind erlaubt.\nHunde und Katzen nur mit schriftlicher Zustimmung."
    _, blocks = _sources(f"Steht im folgenden Mietvertragsauszug, ob ich eine Katze halten darf?\n\n{clause}")
    assert [b.text for b in blocks] == [clause]


def test_a_material_word_inside_the_material_does_not_hide_it():
    notes = ("We met the supplier on Monday. The new survey shows that most customers want a smaller box, and "
             "the call with the printer is moved to Thursday.")
    _, blocks = _sources(f"Turn these notes into three bullet points.\n\n{notes}")
    assert [b.text for b in blocks] == [notes]


def test_a_closing_instruction_to_repeat_the_request_is_not_pasted_material():
    # the first paragraph names an article it does not paste; the second is an instruction in sequence, not material
    prompt = ("Give me a two-line TLDR of the article \"Why lighthouses still matter\" for our newsletter. Keep the "
              "whole reply, repeated request included, under 60 words.\n\n"
              "First restate the request above exactly as written, then give your answer.")
    assert parse_prompt(prompt).sources == []


def test_a_spec_sheet_of_key_value_lines_is_not_read_as_a_dialogue():
    sheet = ("Harbour Pool (Dock Road)\nMembership: £29 per month, no contract.\nOpen: 6am-9pm every day.\n"
             "Includes: pool, sauna, 12 classes a week.\nParking: free for members.")
    _, blocks = _sources(f"Which option is cheaper over a year? Use only this.\n\nDocument 1:\n{sheet}\n")
    assert all(b.label != "dialogue" for b in blocks)
    assert any("Membership: £29" in b.text and "Parking: free" in b.text for b in blocks)


def test_a_tag_of_any_name_around_material_is_a_source():
    prompt = ("Write short release notes from this changelog.\n\n<changelog>\nAdded\n- Offline mode for notes.\n\n"
              "Removed\n- The legacy importer. Use the web importer instead.\n</changelog>\n")
    _, block = _only_source(prompt)
    assert block.kind == "xml" and block.label == "changelog"
    assert block.text.rstrip().endswith("Use the web importer instead.")  # an imperative inside the tag is material


def test_a_tag_naming_the_prompts_own_section_or_holding_requests_is_not_material():
    assert parse_prompt("<instructions>\nThe reply is for a customer in Leeds.\n</instructions>\n"
                        "Write a thank-you note.").sources == []
    rules = "<rules>\n- Never mention the price.\n- Keep it under 100 words.\n</rules>\n\nWrite a tweet about our café."
    assert parse_prompt(rules).sources == []


def test_a_transcript_whose_speakers_carry_a_role_in_brackets_is_one_source():
    turns = ("PRESENTER (Ruth Calloway): My guest keeps 40 hives. How was this year?\n"
             "OWEN PRYCE: Mixed. We lost six hives over winter.\n"
             "PRESENTER: What should listeners do if they see a hornet?\n"
             "OWEN PRYCE: They should photograph it and report it. Please don't touch a nest yourself.\n"
             "PRESENTER: Thank you.")
    _, block = _only_source(f"Summarise this interview for our website.\n\nTranscript:\n{turns}")
    assert block.text.startswith("PRESENTER (Ruth Calloway)") and block.text.endswith("Thank you.")


def test_a_letter_without_a_sign_off_runs_from_its_greeting_to_the_request():
    letter = ("Dear customer,\n\nFrom 1 May our opening hours change to 9am-5pm. Repeat orders placed online are not "
              "affected.\n\nWe are also opening a second shop in Hexham in June.")
    prompt = f"Here's the notice from our bakery.\n\n{letter}\n\nSummarise what changes for me."
    _, block = _only_source(prompt)
    assert block.text == letter


def test_a_prompt_that_greets_the_model_has_no_letter_in_it():
    prompt = ("Hi,\n\nI am planning a trip to Rome with my kids in May. We love museums and gelato.\n\n"
              "Can you suggest five things to do?")
    assert parse_prompt(prompt).sources == []


def test_a_block_in_square_bracket_tags_is_material():
    listing = "Taza de gres. Capacidad: 350 ml. Apta para lavavajillas y microondas."
    prompt = f"Reescríbela para que den ganas de comprarla, en tres frases.\n\n[texto]\n{listing}\n[/texto]\n"
    _, block = _only_source(prompt)
    assert block.text.strip() == listing


def test_instruction_lines_with_one_comma_each_are_no_csv():
    prompt = ("Shownotes Folge 47, kurz:\ndrei Spiegelstriche, jeder max. zwölf Wörter\n"
              "danach ein Satz, der mit „Fazit:“ beginnt\nWerbung fliegt komplett raus, kommt separat\n\n"
              "<transcript>\nJana: Willkommen zu Folge 47. Heute geht es um Tomaten im Kübel.\n</transcript>\n")
    assert [b.label for b in parse_prompt(prompt).sources] == ["transcript"]
    # a two-column CSV of short fields stays data
    data = "name,score\nAda,91\nGrace,88\nAlan,79\n"
    assert [b.label for b in parse_prompt(f"Who scored highest?\n\n{data}").sources] == ["csv"]


def test_a_prompt_of_one_paragraph_is_the_request_not_material():
    prompt = ("need a slugify helper for the blog CMS. spec:\n- `slugify(title)` plus `unique_slug(title, existing)` "
              "that tacks on -2, -3 when the slug's taken\n- full type hints on every def\n- only what ships with "
              "Python (so no python-slugify, no unidecode)\n- accents should come out as plain letters, é → e\n"
              "- 4+ tests, pytest style\n- nothing but the code, skip the walkthrough\n")
    assert parse_prompt(prompt).sources == []


def test_a_two_column_csv_with_long_fields_and_no_space_after_its_commas_is_data():
    data = ("question,answer\nWhat is the capital of France,Paris\nWho wrote the novel Middlemarch,George Eliot\n"
            "How many legs does a spider have,Eight\n")
    assert [b.label for b in parse_prompt(f"Turn these into flashcards.\n\n{data}").sources] == ["csv"]


def test_a_table_typed_with_spaces_between_its_columns_is_data():
    table = ("BOAT            TYPE   WEIGHT RANGE    STATUS\n"
             "Maid of Trent   4x     75-90 kg        OK\n"
             "Kingfisher      2x     65-80 kg        seniors only\n"
             "Minnow          1x     55-70 kg        juniors only")
    prompt = f"Boat list off the clubhouse whiteboard, typed up by me:\n\n{table}\n\nWhich boats could we take?"
    _, block = _only_source(prompt)
    assert block.kind == "data" and block.text == table


def test_rows_inside_a_longer_pasted_paragraph_stay_with_their_document():
    note = ("Lieferschein Nr. 4471 – Bürobedarf Krämer KG\n"
            "Pos. 1  Kopierpapier A4, 80 g   10 Pack   à 4,20 €\n"
            "Pos. 2  Textmarker gelb         12 Stück  à 0,95 €\n"
            "Pos. 3  Ordner breit, blau       6 Stück  à 2,49 €\n"
            "Lieferdatum: 03.02.2025")
    doc = parse_prompt(f"Zieh aus dem Lieferschein unten alle Artikel raus und gib sie als JSON zurück.\n\n{note}")
    assert [b.text for b in doc.sources] == [note]


def test_a_block_between_long_dash_lines_is_material():
    rules = "Conditions : savoir nager 25 m est obligatoire. Navette retour incluse dans tous les tarifs."
    prompt = f"Les enfants ont le droit ?\n\n—— copié depuis le site ——\n{rules}\n—— fin ——"
    _, block = _only_source(prompt)
    assert block.kind == "delimited" and block.text == rules


def test_text_between_angle_bracket_lines_is_material_and_its_introduction_is_not():
    notice = "7. CODES D'ERREUR\nE4 : réservoir plein. Videz le bac et remettez-le en place."
    prompt = (f"Bonjour, j'ai un déshumidificateur et l'écran affiche E4 depuis ce matin. Voici la partie de la "
              f"notice qui en parle, recopiée à la main :\n\n<<<\n{notice}\n>>>\n\nJe dois faire quoi ?")
    _, block = _only_source(prompt)
    assert block.kind == "delimited" and block.text == notice


def test_a_spanish_request_with_its_pronouns_attached_ends_the_pasted_thread():
    thread = ("Re: Salida domingo\nPublicado por Nacho » sáb 8 mar, 10:12\nYo voy, la larga (95 km).\n\n"
              "Re: Salida domingo\nPublicado por Marisa » sáb 8 mar, 11:40\nApuntadme a la corta.")
    prompt = f"Te pego el hilo del foro, que no hay quien se aclare:\n\n{thread}\n\nPónmelo en una tabla. Sin emojis."
    doc = parse_prompt(prompt)
    assert [b.text for b in doc.sources] == [thread]
    assert "Pónmelo" in doc.instruction_text


def test_scissor_lines_that_close_with_their_own_mark_end_the_material_there():
    note = "To whoever keeps complaining. We practice Thursdays 7-11pm and we're allowed to, it's my garage."
    prompt = f"Our bassist wrote a note:\n\n----8<----\n{note}\n----8<----\n\nRewrite it so it doesn't start a war."
    doc, block = _only_source(prompt)
    assert block.text == note and "Rewrite it" in doc.instruction_text


def test_a_forum_thread_ends_where_a_short_request_to_drop_the_emojis_follows():
    thread = "Re: Salida domingo\nPublicado por Nacho » sáb 8 mar, 10:12\nYo voy, la larga (95 km)."
    doc = parse_prompt(f"Te pego el hilo del foro:\n\n{thread}\n\nSolo los que vienen. Y los emojis te los ahorras.")
    assert [b.text for b in doc.sources] == [thread]


def test_a_statement_that_something_is_out_of_date_is_no_request_to_leave_it_out():
    from rubriq.core.requests import reads_as_request

    assert reads_as_request("Y los emojis te los ahorras.") and reads_as_request("Emojis out.")
    assert not reads_as_request("The headings are out of date.")


def test_a_longer_closing_fence_of_tildes_closes_the_block():
    doc, block = _only_source(f"Pull the figures out of this invoice. Pasted from the PDF:\n\n~~~~~~~~\n{ARTICLE}\n"
                              "~~~~~~~~\n\nJSON please, as one object, with the keys route, start and budget.")
    assert block.kind == "fenced" and ARTICLE in block.text
    assert "JSON please" in doc.instruction_text


def test_a_closing_paragraph_that_opens_with_a_request_ends_the_pasted_material():
    forwarded = (f"I need these in our list:\n\n-------- Forwarded message --------\nFrom: Kai\n{ARTICLE}\n"
                 "Best, Kai\n\nMake me a YAML list of it. The phone numbers have no place there. And not in a code "
                 "block, I paste it straight into the file.")
    doc, block = _only_source(forwarded)
    assert ARTICLE in block.text and "YAML" not in block.text
    assert "The phone numbers have no place there." in doc.instruction_text
