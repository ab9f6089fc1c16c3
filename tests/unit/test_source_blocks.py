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
