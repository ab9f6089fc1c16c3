"""Task type detection from the prompt, with the cue that decided it (at least three prompts per type)."""

import pytest

from rubriq.core.prompt import parse_prompt
from rubriq.core.tasks import PARAMETERS, TASK_PARAMETERS, TaskType, detect_task

SOURCE = ("<document>The city library will close its east branch in June because the building needs a new roof. "
          "Books will move to the central branch, and the mobile library will visit the east side twice a week. "
          "Repairs are expected to take eight months and cost 2.4 million.</document>")

CASES = {
    TaskType.SUMMARIZATION: [
        f"Summarize the following document in two sentences.\n{SOURCE}",
        f"Give me a TL;DR of this:\n{SOURCE}",
        f"What are the key points of the notice below? Write a short summary for residents.\n{SOURCE}",
    ],
    TaskType.GROUNDED_QA: [
        f"Based on the document, when will the east branch close?\n{SOURCE}",
        f"{SOURCE}\nAccording to the text above, where will the books go?",
        f"Answer the question using only the provided context.\n{SOURCE}\nQuestion: How long will repairs take?",
    ],
    TaskType.OPEN_QA: [
        "What is the capital of Australia?",
        "Why do cats purr?",
        "How does a heat pump work in winter?",
    ],
    TaskType.CODE_GENERATION: [
        "Write a Python function that checks whether a string is a palindrome.",
        "Implement a class LRUCache in TypeScript with get and put methods.",
        "Can you write a bash script that renames every .jpeg file to .jpg?",
    ],
    TaskType.CREATIVE_WRITING: [
        "Write a haiku about autumn rain.",
        "Tell me a short story about a lighthouse keeper who finds a message in a bottle.",
        "Compose a limerick about a cat who loves lasagna.",
    ],
    TaskType.EXTRACTION: [
        f"Extract every date and amount from the notice and return them as JSON.\n{SOURCE}",
        "Pull out the names of all people mentioned in this email: Hi Sam, Priya and Tom will join us on Friday.",
        f"Identify all locations in the text and list them.\n{SOURCE}",
    ],
    TaskType.REASONING: [
        "A train leaves at 3 pm going 60 km/h; another leaves at 4 pm going 90 km/h. Solve for when the second "
        "catches up, step by step.",
        "Calculate 17 * 23 and show your work.",
        "If all bloops are razzies and some razzies are lazzies, can we deduce that some bloops are lazzies?",
    ],
    TaskType.REWRITING: [
        f"Rewrite this notice so a ten-year-old can understand it.\n{SOURCE}",
        "Paraphrase the sentence: the committee has elected to postpone the decision indefinitely.",
        "Proofread my paragraph and fix the grammar: me and him goes to the store yesterday.",
    ],
    TaskType.GENERAL: [
        "Hello!",
        "Thanks, that was helpful.",
        "Let's plan a birthday party together.",
    ],
}


@pytest.mark.parametrize(("expected", "prompt"), [(t, p) for t, prompts in CASES.items() for p in prompts])
def test_task_type_is_detected_from_the_prompt(expected, prompt):
    detection = detect_task(parse_prompt(prompt))
    assert detection.task is expected, (detection.task, detection.cue)
    if expected is not TaskType.GENERAL:
        assert detection.cue
        assert 0 < detection.confidence <= 1


def test_cue_span_points_at_the_cue_in_the_prompt():
    prompt = "Please summarize this for me:\n" + SOURCE
    detection = detect_task(parse_prompt(prompt))
    assert detection.cue_span is not None
    assert detection.cue_span.slice(prompt) == detection.cue


def test_front_matter_task_overrides_detection():
    detection = detect_task(parse_prompt("---\ntask: extraction\n---\nWrite a haiku about rain."))
    assert detection.task is TaskType.EXTRACTION and detection.confidence == 1.0


def test_words_inside_the_source_do_not_decide_the_task():
    prompt = "Translate the following into French.\n<text>Summarize your week. Write a poem.</text>"
    assert detect_task(parse_prompt(prompt)).task is TaskType.REWRITING


def test_every_task_maps_to_known_parameters():
    for task in TaskType:
        params = TASK_PARAMETERS[task]
        assert params and all(p in PARAMETERS for p in params)
        assert len(set(params)) == len(params)


def test_badges_follow_the_research_log():
    assert PARAMETERS["hallucination_risk"].badge == "risk-signal"
    assert PARAMETERS["coherence"].badge == "proxy"
    assert PARAMETERS["lexical_diversity"].badge == "proxy"
    assert PARAMETERS["code_validity"].badge == "proxy"
    assert PARAMETERS["instruction_following"].badge == ""


# --- the prompt's shape decides, a cue word is only evidence ------------------------------------------------------

def _detect(prompt: str):
    return detect_task(parse_prompt(prompt))


def test_a_counting_question_about_a_fenced_document_is_grounded_not_reasoning():
    prompt = ("How many rooms does the hostel have, and how many of them are private?\n\n"
              "--- HOSTEL FACT SHEET ---\nThe Quayside hostel has 42 rooms over three floors. Eight rooms are "
              "private doubles; the rest are dormitories of four to eight beds. Breakfast is served from 7 to 10.\n"
              "--- END ---")
    detection = _detect(prompt)
    assert detection.task is TaskType.GROUNDED_QA
    assert any(e.startswith("source: delimited block") for e in detection.evidence)


def test_extraction_into_a_given_json_schema_is_extraction_and_the_schema_is_not_source():
    prompt = ('Fill this schema from the booking confirmation below. No extra keys.\n\n'
              'Schema:\n{"guest": string, "nights": number, "check_in": "YYYY-MM-DD"}\n\n'
              'Booking confirmation:\nThank you, Ms Ilse Varga. Your stay of three nights starts on 12 August 2024 '
              'in a double room with sea view. Check-in is from 3 pm.')
    doc = parse_prompt(prompt)
    assert detect_task(doc).task is TaskType.EXTRACTION
    assert [b.text.split(",")[0] for b in doc.sources] == ["Thank you"]


def test_a_long_maths_word_problem_is_reasoning_with_no_source():
    prompt = ("A school orders 36 boxes of pencils with 24 pencils in each box. It gives 5 pencils to each of its "
              "118 pupils in September and another 2 pencils each in January, and 40 pencils are lost or broken "
              "during the year. The remaining pencils are shared equally between 8 classrooms. How many pencils "
              "does each classroom get? Explain each step.")
    doc = parse_prompt(prompt)
    detection = detect_task(doc)
    assert detection.task is TaskType.REASONING and doc.sources == []


def test_a_chat_transcript_is_general_unless_its_last_turn_asks_for_a_task():
    chat = ("User: I just moved to Leeds and don't know anyone.\n"
            "Assistant: That can feel lonely at first. What do you enjoy doing?\n"
            "User: board games and hiking mostly. any thoughts on how I could meet people?")
    detection = _detect(chat)
    assert detection.task is TaskType.GENERAL
    assert detection.evidence and detection.evidence[0].startswith("chat transcript")
    coding = chat + "\nAssistant: Try a games café.\nUser: ok. also write a Python function that picks a random game."
    assert _detect(coding).task is TaskType.CODE_GENERATION


def test_small_talk_is_general_even_with_a_question_mark():
    assert _detect("hey! how's your day going? thanks again for the recipe").task is TaskType.GENERAL


def test_a_word_that_names_another_task_does_not_decide():
    assert _detect("Write a function summary_line(items) that joins the names with commas, in Python."
                   ).task is TaskType.CODE_GENERATION
    assert _detect("What problems does wind power solve, and which does it create?").task is TaskType.OPEN_QA
    assert _detect("How many legs does a spider have?").task is TaskType.OPEN_QA


def test_a_question_about_pasted_code_is_grounded_and_code_to_fix_is_code():
    code = "```python\ndef area(r):\n    return 3.14 * r * 2\n```"
    assert _detect(f"What does this function return for r = 2?\n\n{code}").task is TaskType.GROUNDED_QA
    assert _detect(f"Fix the bug in this function and add type hints.\n\n{code}").task is TaskType.CODE_GENERATION


def test_a_polite_request_phrased_as_a_question_is_not_a_question():
    prompt = ("Could you shorten my paragraph to 30 words?\n\nI have worked as a nurse in Bristol for twelve "
              "years, first on a surgical ward and then in the community team, and I now train new staff.")
    assert _detect(prompt).task is TaskType.REWRITING


@pytest.mark.parametrize(("expected", "prompt"), [
    (TaskType.SUMMARIZATION, "Resume el siguiente texto en dos frases.\n\nTexto: El mercado municipal abrirá "
                             "los domingos a partir de junio, de nueve a dos, con veinte puestos de productores."),
    (TaskType.REWRITING, "Traduis ce message en anglais, sans rien ajouter.\n\nLe cours de yoga de jeudi est "
                         "annulé à cause des travaux dans la salle, il reprendra la semaine prochaine."),
    (TaskType.CREATIVE_WRITING, "Schreib ein kurzes Gedicht über einen Leuchtturm im Nebel."),
    (TaskType.OPEN_QA, "¿Por qué los gatos ronronean?"),
    (TaskType.REASONING, "Ein Zug fährt um 8:15 Uhr ab und braucht 2 Stunden und 50 Minuten. Wann kommt er an? "
                         "Rechne Schritt für Schritt."),
    (TaskType.EXTRACTION, "Extrais tous les noms de personnes du texte.\n\nTexte : Hier, Paul et Inès ont "
                          "rencontré la maire, Sophie Morel, devant la gare."),
    (TaskType.GROUNDED_QA, "Beantworte nur anhand der Notiz: Wann ist die Praxis geschlossen?\n\n--- NOTIZ ---\n"
                           "Die Praxis ist vom 1. bis 14. August geschlossen. Vertretung: Dr. Weiß.\n--- ENDE ---"),
    (TaskType.GENERAL, "Escribe un mensaje para invitar a mis vecinos a una cena el sábado."),
])
def test_task_type_is_detected_in_spanish_french_and_german(expected, prompt):
    assert _detect(prompt).task is expected


def test_general_is_the_research_logs_general_chat_row():
    from rubriq.core.tasks import parse_task_name

    assert parse_task_name("general/chat") is TaskType.GENERAL and parse_task_name("chat") is TaskType.GENERAL
    assert TASK_PARAMETERS[TaskType.GENERAL] == ("instruction_following", "answer_relevance", "structure",
                                                 "hallucination_risk")


# --- the evidence of the decision is shown, not only the cue ------------------------------------------------------
HOW_MANY = ("--- SHIFT ROTA ---\nMonday: Ana and Luis. Tuesday: Luis. Wednesday: Ana, Luis and Mo.\n--- END ---\n\n"
            "How many shifts does Luis work?\n")


def test_the_evidence_names_the_source_the_question_form_and_the_runner_up():
    detection = detect_task(parse_prompt(HOW_MANY))
    assert detection.task == TaskType.GROUNDED_QA
    assert "question form" in detection.evidence
    assert "source: delimited block (shift rota)" in detection.evidence
    assert "no source text" in detect_task(parse_prompt("Why is the sea salty?")).evidence
    story = detect_task(parse_prompt("Write a short story about a robot, then explain how robots work."))
    assert story.task == TaskType.CREATIVE_WRITING and "runner-up: open_qa" in story.evidence


def test_the_json_report_the_table_and_the_editor_show_the_evidence(tmp_path, monkeypatch, capsys):
    import json

    from rubriq.cli import main
    from rubriq.core.engine import check
    from rubriq.lsp.features.code_lens import task_tooltip
    from rubriq.lsp.views import profile_html, profile_markdown

    monkeypatch.setenv("RUBRIQ_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "rota.prompt").write_text(HOW_MANY, encoding="utf-8")
    (tmp_path / "rota.out").write_text("Luis works three shifts.", encoding="utf-8")
    assert main(["check", str(tmp_path), "--no-models", "--output-format", "json"]) == 0
    profile = json.loads(capsys.readouterr().out)["reports"][0]["profile"]
    assert "source: delimited block (shift rota)" in profile["task_evidence"]

    main(["check", str(tmp_path), "--no-models"])
    table = capsys.readouterr().out
    evidence_lines = [line for line in table.splitlines() if line.startswith("task evidence: ")]
    assert len(evidence_lines) == 1 and "question form" in evidence_lines[0]

    result = check(HOW_MANY, "Luis works three shifts.", tiers=frozenset({0}))
    assert "source: delimited block (shift rota)" in task_tooltip(result.profile)
    assert "Task evidence: " in profile_markdown("rota", result.profile, 0)
    assert "Task evidence: " in profile_html("rota", result.profile, 0)


# --- task types in framings the cue tables did not have ------------------------------------------------------------
NOTE = ("The pharmacy on Bridge Street moves to 4 Station Road on 1 July. Opening hours stay the same, 8am to 7pm on "
        "weekdays, and prescriptions can be collected from the new shop from the first day.")


@pytest.mark.parametrize(("prompt", "task"), [
    # a grounded question posed as a command
    (f"Tell me whether I can still pick up my prescription on 1 July, going by this notice:\n\n{NOTE}",
     TaskType.GROUNDED_QA),
    (f"{NOTE}\n\nD'après l'avis ci-dessus, dis-moi si la pharmacie change d'horaires.", TaskType.GROUNDED_QA),
    # a rewrite asked as "make this better", "tighten", in other languages
    (f"Can you make this better? It's for the shop window.\n\n{NOTE}", TaskType.REWRITING),
    (f"Tighten this up a bit:\n\n{NOTE}", TaskType.REWRITING),
    (f"Mejora este aviso, que suene más cercano:\n\n{NOTE}", TaskType.REWRITING),
    (f"Mach den Aushang freundlicher:\n\n{NOTE}", TaskType.REWRITING),
    # extraction asked as "grab", "note down", "zieh raus"
    (f"Grab every date and time from this and give them one per line.\n\n{NOTE}", TaskType.EXTRACTION),
    (f"Note-moi toutes les adresses du texte.\n\n{NOTE}", TaskType.EXTRACTION),
    (f"Zieh mir alle Adressen aus dem Text raus.\n\n{NOTE}", TaskType.EXTRACTION),
    # a summary asked as "sum up"
    (f"Sum up this notice for the regulars in one line.\n\n{NOTE}", TaskType.SUMMARIZATION),
    # a trip time and a logic puzzle are problems to work out
    ("We leave at 9:40 and the drive is 210 km at about 70 km/h. When do we get there?", TaskType.REASONING),
    ("Five runners finish a race. Ann is not last. Bo finishes right after Cai. Dee must come before Ann. Give one "
     "finishing order that works.", TaskType.REASONING),
    ("Escribe un microrrelato sobre un faro abandonado.", TaskType.CREATIVE_WRITING),
])
def test_unusual_framings_are_read_as_their_task(prompt, task):
    assert detect_task(parse_prompt(prompt)).task == task


def test_reviewing_pasted_code_is_a_question_about_it_and_changing_it_is_code():
    code = "```python\ndef total(prices):\n    return sum(prices) * 1.2\n```"
    review = detect_task(parse_prompt(f"Please review this function and point out anything risky.\n\n{code}"))
    assert review.task == TaskType.GROUNDED_QA
    change = detect_task(parse_prompt(f"Refactor this function so the VAT rate is a parameter.\n\n{code}"))
    assert change.task == TaskType.CODE_GENERATION


def test_a_chat_whose_user_pastes_material_midway_takes_the_type_of_the_last_turn():
    chat = (f"User: hi, quick question about a notice I got\nAssistant: Sure, go ahead.\nUser: here it is:\n\n{NOTE}"
            "\n\nUser: can you sum this up in one sentence for my mum?")
    detection = detect_task(parse_prompt(chat))
    assert detection.task == TaskType.SUMMARIZATION


def test_material_with_no_question_and_no_cue_is_to_be_condensed():
    prompt = (f"need this for the 9am call, my boss only reads bullets. three bullets exactly, no blaming anyone.\n\n"
              f"{SOURCE}")
    detection = detect_task(parse_prompt(prompt))
    assert (detection.task, detection.cue) == (TaskType.SUMMARIZATION, "material with no question and no other cue")
    assert detect_task(parse_prompt("three bullets exactly, no blaming anyone.")).task == TaskType.GENERAL


@pytest.mark.parametrize(("prompt", "task"), [
    ("Une berceuse pour ma fille Anouk, trois couplets de quatre vers.", TaskType.CREATIVE_WRITING),
    ("Für unseren Hofladen brauche ich Sprüche fürs Schild an der Landstraße, fünf Stück.",
     TaskType.CREATIVE_WRITING),
    (f"Pásalo a un lenguaje que entienda todo el mundo, máximo 60 palabras.\n{SOURCE}", TaskType.REWRITING),
    (f"Put this into plain English for our tenants.\n{SOURCE}", TaskType.REWRITING),
])
def test_more_forms_and_plain_language_requests_name_their_task(prompt, task):
    assert detect_task(parse_prompt(prompt)).task == task


@pytest.mark.parametrize("request_line", ["Here's my cover letter. Any thoughts, honestly.", "Check this for typos.",
                                          "Reply to this as the librarian."])
def test_material_to_answer_or_judge_is_not_read_as_a_summary(request_line):
    assert detect_task(parse_prompt(f"{request_line}\n{SOURCE}")).task != TaskType.SUMMARIZATION


def test_a_request_asked_as_a_question_in_spanish_or_french_is_the_task_it_asks():
    code = "¿Me lo arreglas? Falla con listas vacías.\n```python\ndef media(x):\n    return sum(x) / len(x)\n```"
    assert detect_task(parse_prompt(code)).task == TaskType.CODE_GENERATION
    ad = "Tu peux corriger les fautes de mon annonce ?\n```\nVend canapé trois place, tres bon etat.\n```"
    assert detect_task(parse_prompt(ad)).task == TaskType.REWRITING


@pytest.mark.parametrize("prompt", [
    "Our bakery sells loaves at £3.20 and the flour for one costs 85p. If we bake 140 a day, is it worth it?",
    "The pool is 25 m long and I swim 1.2 km each morning. Which lap am I on at the halfway point?",
])
def test_a_question_over_amounts_of_money_or_measure_with_no_source_is_a_word_problem(prompt):
    detection = detect_task(parse_prompt(prompt))
    assert detection.task == TaskType.REASONING
    assert any("amounts of money or measure" in e for e in detection.evidence)


def test_a_question_with_one_amount_stays_an_open_question():
    assert detect_task(parse_prompt("Is it safe to run 10 km on an empty stomach?")).task == TaskType.OPEN_QA


def test_a_matching_puzzle_asked_as_a_question_is_reasoning():
    puzzle = ("Three neighbours keep a cat, a dog and a parrot. Mira has no fur allergy problem with the dog, and "
              "Jonas lives next to the parrot's owner. Who has which pet?")
    assert detect_task(parse_prompt(puzzle)).task == TaskType.REASONING


def test_pasted_material_to_be_made_into_a_data_file_is_extraction():
    roster = ("Ana Ruiz - mornings, has a car\nBen Cole - evenings only\nCleo Park - weekends, no car\n\n"
              "turn them into a CSV with the columns name, shift and car please")
    assert detect_task(parse_prompt(roster)).task == TaskType.EXTRACTION


def test_a_chat_export_with_named_people_and_time_stamps_is_a_conversation():
    chat = ("[18:02] maya: can you help me reply to the landlord\n[18:02] assistant: Of course. What did he say?\n"
            "[18:05] maya: he wants to visit on friday, I'd rather monday. keep it short")
    detection = detect_task(parse_prompt(chat))
    assert detection.task == TaskType.GENERAL and any("chat transcript" in e for e in detection.evidence)
    assert detect_task(parse_prompt("Note: the shop opens at 9.\nAssistant: noted")).evidence[:1] != (
        "chat transcript: 2 turns, the last user turn states the request",)


def test_a_block_between_two_rules_is_material_even_when_its_last_line_is_short():
    prompt = ("Put this poster into JSON with the keys event, date and price.\n\n---\nSUMMER QUIZ NIGHT\n"
              "Friday 4 July, doors 7pm, The Crown, High Street\nTeams of up to six, £3 a head, prizes for the top "
              "three\nQuestions? Ask at the bar\n---\n")
    doc = parse_prompt(prompt)
    assert [b.kind for b in doc.sources] == ["delimited"]
    assert detect_task(doc).task == TaskType.EXTRACTION


def test_asking_what_to_take_from_the_material_is_a_summary():
    assert detect_task(parse_prompt(f"Was muss ich davon wissen? Drei Stichpunkte.\n{SOURCE}")).task == \
        TaskType.SUMMARIZATION
    assert detect_task(parse_prompt(f"Fais-moi un CSV avec les dates et les montants.\n{SOURCE}")).task == \
        TaskType.EXTRACTION


def test_a_chat_app_copy_that_names_who_said_what_is_a_conversation_with_no_source():
    chat = ("You said:\nI need to text my son's football coach. Leo can't make Saturday because of a party\n"
            "ChatGPT said:\nOf course! Do you want to ask him anything, or just let him know?\n"
            "You said:\nask if Leo can still play next week. short please, under 40 words")
    document = parse_prompt(chat)
    detection = detect_task(document)
    assert detection.task == TaskType.GENERAL and any("chat transcript" in e for e in detection.evidence)
    assert document.sources == []


def test_a_pasted_group_chat_with_time_stamps_is_material_even_where_its_people_ask_each_other():
    prompt = ("Tengo un bar y los camareros se reparten los turnos por Telegram. Monta una tabla en Markdown con los "
              "turnos, que lleve las columnas Día, Turno y Persona.\n\n"
              "[lun 9 jun, 22:03] Manu: Esta semana yo cojo las mañanas del martes y del jueves\n"
              "[lun 9 jun, 22:05] Bea: yo la noche del viernes\n"
              "[lun 9 jun, 22:15] Manu: Bea, ¿puedes también la tarde del jueves?\n"
              "[lun 9 jun, 22:16] Bea: vale, apúntame")
    document = parse_prompt(prompt)
    assert detect_task(document).task == TaskType.EXTRACTION
    assert [prompt[b.span.start:b.span.end][:9] for b in document.sources] == ["[lun 9 ju"]


def test_wanting_a_csv_the_general_feeling_and_shortening_ones_own_text_are_read_as_their_tasks():
    assert detect_task(parse_prompt(f"I need a CSV for the coaches, one row per child.\n{SOURCE}")).task == \
        TaskType.EXTRACTION
    assert detect_task(parse_prompt(f"Was ist da der Tenor? In ganzen Sätzen.\n{SOURCE}")).task == \
        TaskType.SUMMARIZATION
    assert detect_task(parse_prompt(f"Mein Absatz ist zu lang. Kürz ihn auf 70 Wörter.\n{SOURCE}")).task == \
        TaskType.REWRITING


def test_rhymes_odes_jokes_and_captions_are_creative_writing():
    for prompt in ("Can you do me a nursery rhyme about brushing teeth for my three-year-old?",
                   "I need three jokes for my dad's retirement card, nothing rude.",
                   "Une petite rime pour le goûter d'anniversaire de Léa ?",
                   "Ein paar Witze über Steuerberater für die Weihnachtsfeier, bitte."):
        assert detect_task(parse_prompt(prompt)).task == TaskType.CREATIVE_WRITING, prompt


def test_material_put_into_a_spanish_table_is_extraction():
    prompt = ("Te pego el hilo del foro de la peña, que no hay quien se aclare:\n\nRe: Salida domingo\nPublicado por "
              "Nacho » sáb 8 mar, 10:12\nYo voy, la larga (95 km). Tengo sitio en la furgo.\n\nRe: Salida domingo\n"
              "Publicado por Marisa » sáb 8 mar, 11:40\nApuntadme a la corta, no tengo coche.\n\n"
              "Pónmelo en una tablita de Markdown con la cabecera Nombre | Ruta | Coche. Y los emojis te los ahorras.")
    assert detect_task(parse_prompt(prompt)).task == TaskType.EXTRACTION


def test_a_greeting_before_a_real_question_about_material_does_not_make_it_small_talk():
    prompt = ("Salut ! On est 4 adultes et 2 enfants et on voudrait faire la grande descente. Les deux enfants ont le "
              "droit ? Et combien ça nous coûterait en tout ?\n\n—— copié depuis le site ——\n| Parcours | Âge minimum "
              "| Adulte |\n|---|---|---|\n| Petite boucle | 6 ans | 22 € |\n| Grande descente | 10 ans | 39 € |\n"
              "Conditions : savoir nager 25 m est obligatoire.\n—— fin ——")
    assert detect_task(parse_prompt(prompt)).task == TaskType.GROUNDED_QA
    assert detect_task(parse_prompt("Salut ! Ça va ?")).task == TaskType.GENERAL


def test_explaining_what_a_pasted_letter_is_about_is_a_summary():
    letter = ("Maître Sophie Garnier, notaire. Madame, suite au décès de votre époux, nous vous prions de nous faire "
              "parvenir les pièces suivantes afin d'ouvrir la succession: acte de naissance, livret de famille.")
    prompt = f"Vous pouvez lui expliquer en clair de quoi il s'agit ?\n\n<<<\n{letter}\n>>>"
    assert detect_task(parse_prompt(prompt)).task == TaskType.SUMMARIZATION


def test_a_spanish_rewrite_asked_in_the_second_person_and_a_french_revision_planning():
    sign = "AVISO. DEL 1 DE JULIO AL 31 DE AGOSTO ESTA TIENDA SOLO ABRE DE 9:00 A 14:00. NO INSISTAN."
    prompt = f"Este es el cartel. ¿Me lo reescribes para que suene más amable?\n\n<cartel>\n{sign}\n</cartel>"
    assert detect_task(parse_prompt(prompt)).task == TaskType.REWRITING
    planning = ("Ma fille passe l'oral du bac dans trois semaines. Tu peux nous préparer un planning de révision ? "
                "Présente-le en tableau, avec trois colonnes : Semaine, Objectif, Temps par jour.")
    assert detect_task(parse_prompt(planning)).task == TaskType.GENERAL


@pytest.mark.parametrize(("expected", "prompt"), [
    (TaskType.EXTRACTION, "Hier die Mail:\n\n-------- Weitergeleitete Nachricht --------\nVon: Kai\nMia Schwarz, 2013, "
                          "Handball\nBen Okafor, 2011, Leichtathletik\nGruß Kai\n\nMach mir YAML draus, eine Liste mit "
                          "name, jahrgang und sparte pro Person."),
    (TaskType.CREATIVE_WRITING, "Abro una panadería en Zaragoza. ¿Me propones tres eslóganes? Numéralos."),
    (TaskType.OPEN_QA, "Je prépare une fiche sur la photosynthèse pour mes élèves. Tu peux m'écrire l'explication ?"),
])
def test_a_task_named_by_what_is_made_of_the_text(expected, prompt):
    assert detect_task(parse_prompt(prompt)).task == expected


def test_an_explanation_asked_as_a_part_of_a_code_answer_leaves_the_code_task():
    prompt = ("J'ai besoin d'une fonction JavaScript allure(distance, temps) qui renvoie l'allure au kilomètre. "
              "Ajoute des tests Vitest. Pour l'explication, trois phrases me suffisent.")
    assert detect_task(parse_prompt(prompt)).task == TaskType.CODE_GENERATION


@pytest.mark.parametrize(("expected", "prompt"), [
    (TaskType.REWRITING, "The press office sent this over and I need it rewritten as a two-line web brief:\n\n"
                         "The Council is pleased to announce that the Mill Lane footbridge will reopen on 4 May "
                         "following the completion of structural repairs."),
    (TaskType.EXTRACTION, "Here is the letter from school:\n\nDear Parents, the choir sings at the Guildhall on "
                          "Friday 6 June (£4, pay by 30 May) and at St Mary's on Sunday 15 June (free).\n\n"
                          "Kind regards,\nMr Hale\n\nCould you put the two concerts in a little table for the fridge?"),
    (TaskType.CODE_GENERATION, "Je voudrais une petite fonction Python qui convertit des notes sur 20 en lettres, "
                               "et la fonction doit s'appeler note_en_lettre."),
    (TaskType.OPEN_QA, "why does bread go stale faster in the fridge? keep it short (long story, my flatmate "
                       "insists otherwise)"),
])
def test_a_task_asked_in_a_participle_a_layout_a_wish_or_around_an_aside(expected, prompt):
    assert detect_task(parse_prompt(prompt)).task == expected


@pytest.mark.parametrize(("expected", "prompt"), [
    (TaskType.REWRITING, "I wrote this to the swimming club parents after a bad gala. Can you make it calmer?\n\n"
                         '"""\nParents. I am tired of the shouting from the balcony. Every swimmer gets a lane, '
                         'that is the rule, and it is not changing.\n"""'),
    (TaskType.OPEN_QA, "Je prépare un atelier de conversation pour des adultes. Tu peux m'expliquer pourquoi on dit "
                       "« il faut que tu viennes » et pas « il faut que tu viens » ?"),
    (TaskType.EXTRACTION, "Los vecinos han ido avisando por el grupo:\n\n"
                          "> 2ºB: la persiana del salón no baja desde el lunes\n"
                          "> 4ºA: gotea el grifo de la cocina\n\n"
                          "Pásamelo a YAML, una entrada por avería, con piso y problema."),
])
def test_a_task_asked_as_a_change_of_tone_an_infinitive_or_a_data_format(expected, prompt):
    assert detect_task(parse_prompt(prompt)).task == expected
