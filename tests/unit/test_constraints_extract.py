"""Extraction: each constraint kind is found in the ways people phrase it, with its parameters and prompt span,
and is not found where the prompt does not state it."""

from __future__ import annotations

import pytest

from rubriq.core.constraints import extract_constraints, ifeval_view
from rubriq.core.prompt import parse_prompt

W, S = "length_constraints:number_words", "length_constraints:number_sentences"


def kinds(prompt: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for c in extract_constraints(prompt):
        found.setdefault(c.kind, []).append(c.params)
    return found


POSITIVE = [
    # lengths, with the relations people write
    ("Write a blog post using less than 300 words.", W, {"relation": "less than", "num_words": 300}),
    ("Answer with at least 400 words.", W, {"relation": "at least", "num_words": 400}),
    ("Keep your entire response 100 words or less.", W, {"relation": "less than", "num_words": 101}),
    ("I don't want anything longer than 30 words.", W, {"relation": "less than", "num_words": 31}),
    ("Answer with more than 800 words.", W, {"relation": "at least", "num_words": 801}),
    ("Write a 300+ word summary of the page.", W, {"relation": "at least", "num_words": 300}),
    ("Summarize it in under 100 words.", W, {"relation": "less than", "num_words": 100}),
    ("Write no more than fifty words.", W, {"relation": "less than", "num_words": 51}),
    ("The total number of words in your response should be 250 or more.", W,
     {"relation": "at least", "num_words": 250}),
    ("Your response should contain less than 6 sentences.", S, {"relation": "less than", "num_sentences": 6}),
    ("Have more than 30 sentences in your response.", S, {"relation": "at least", "num_sentences": 31}),
    ("Your response should contain at least ten sentences.", S, {"relation": "at least", "num_sentences": 10}),
    ("Answer in one sentence.", S, {"relation": "exactly", "num_sentences": 1}),
    # paragraphs
    ("Write exactly 2 paragraphs. Separate the paragraphs with the markdown divider: ***",
     "length_constraints:number_paragraphs", {"num_paragraphs": 2}),
    ("Put the response into at least 5 sections, separated using 3 asterisks ***.",
     "length_constraints:number_paragraphs", {"num_paragraphs": 5}),
    ("Use this format:\n\nadvice 1\n***\nadvice 2\n***\nadvice 3", "length_constraints:number_paragraphs",
     {"num_paragraphs": 3}),
    ("Reply with exactly 4 paragraphs separated by two new lines. The very first paragraph must start with the word "
     "\"weekend\".", "length_constraints:nth_paragraph_first_word",
     {"first_word": "weekend", "nth_paragraph": 1, "num_paragraphs": 4}),
    ("There should be 3 paragraphs. Paragraph 2 must start with word jumping.",
     "length_constraints:nth_paragraph_first_word", {"first_word": "jumping", "nth_paragraph": 2}),
    ("Write a story of exactly 3 paragraphs.", "rubriq:number_paragraphs", {"num_paragraphs": 3}),
    # lists, highlights, sections, placeholders
    ("Your answer must contain exactly 4 bullet points, such as:\n* one", "detectable_format:number_bullet_lists",
     {"num_bullets": 4}),
    ("Name exactly 3 names for a dog using markdown bullet points such as:\n* Rex",
     "detectable_format:number_bullet_lists", {"num_bullets": 3}),
    ("Give 3-5 bullet points.", "rubriq:bullet_count", {"min": 3, "max": 5}),
    ("Do not give me any bullet points or lists.", "rubriq:no_lists", {}),
    ("Return a numbered list of 5 steps.", "rubriq:numbered_list", {"num_items": 5}),
    ("Highlight at least 3 sections in your answer with markdown, i.e. *highlighted section*.",
     "detectable_format:number_highlighted_sections", {"num_highlights": 3}),
    ("Italicize at least five keywords, like *italic*.", "detectable_format:number_highlighted_sections",
     {"num_highlights": 5}),
    ("Give the song a name, and highlight the name by wrapping it with *.",
     "detectable_format:number_highlighted_sections", {"num_highlights": 1}),
    ("Your response must have 3 sections. Mark the beginning of each section with SECTION X.",
     "detectable_format:multiple_sections", {"section_spliter": "SECTION", "num_sections": 3}),
    ("Write two advertisements. Mark the beginning of each advertisement with Audience 1 and Audience 2.",
     "detectable_format:multiple_sections", {"section_spliter": "Audience", "num_sections": 2}),
    ("It must contain at least 8 placeholders represented by square brackets, such as [address].",
     "detectable_content:number_placeholders", {"num_placeholders": 8}),
    ("Include a placeholder such as [name].", "detectable_content:number_placeholders", {"num_placeholders": 1}),
    # formats and wrappers
    ("Wrap the entire output in JSON format.", "detectable_format:json_format", {}),
    ("Return the result as YAML.", "rubriq:yaml_format", {}),
    ("Give the answer in CSV format.", "rubriq:csv_format", {}),
    ("Compare them in a markdown table.", "rubriq:markdown_table", {}),
    ("Organise it using headings.", "rubriq:headings", {}),
    ("Your answer must contain a title, wrapped in double angular brackets, such as <<poem of joy>>.",
     "detectable_format:title", {}),
    ("Give two different responses separated by 6 asterisk symbols ******.", "combination:two_responses", {}),
    ("Answer with one of: My answer is yes., My answer is no., My answer is maybe.",
     "detectable_format:constrained_response", {}),
    ("Wrap your entire response with double quotation marks.", "startend:quotation", {}),
    ("Double quotes should be placed around your entire response.", "startend:quotation", {}),
    ("In your entire response, refrain from the use of any commas.", "punctuation:no_comma", {}),
    ("Your response should not contain any comma.", "punctuation:no_comma", {}),
    # casing
    ("Your entire response should be in English, and in all capital letters.", "change_case:english_capital", {}),
    ("Not a single word in your reply should contain lowercase letters.", "change_case:english_capital", {}),
    ("Your entire response should be in English, and in all lowercase letters.", "change_case:english_lowercase", {}),
    ("It should be in English and have no capital letters.", "change_case:english_lowercase", {}),
    ("In your response, words with all capital letters should appear at least 3 times.",
     "change_case:capital_word_frequency", {"capital_relation": "at least", "capital_frequency": 3}),
    ("Please limit the number of words with all capital letters to less than four.",
     "change_case:capital_word_frequency", {"capital_relation": "less than", "capital_frequency": 4}),
    ("Write a poem that includes at least 15 words in all capital letters.", "change_case:capital_word_frequency",
     {"capital_relation": "at least", "capital_frequency": 15}),
    # keywords and letters
    ("Include keywords arrogant, brandishing in the response.", "keywords:existence",
     {"keywords": ["arrogant", "brandishing"]}),
    ("Include the words \"intern\" and \"grow\".", "keywords:existence", {"keywords": ["intern", "grow"]}),
    ("Include the keywords ['dog', 'day'] in the response.", "keywords:existence", {"keywords": ["dog", "day"]}),
    ("Make sure to include the phrase \"singing is life\".", "rubriq:required_phrase", {"phrase": "singing is life"}),
    ("The word war should appear at least 8 times.", "keywords:frequency",
     {"keyword": "war", "relation": "at least", "frequency": 8}),
    ("Mention the keyword 'schedule' for more than 5 times.", "keywords:frequency",
     {"keyword": "schedule", "relation": "at least", "frequency": 6}),
    ("Make sure to use the word \"the\" once or less.", "keywords:frequency",
     {"keyword": "the", "relation": "less than", "frequency": 2}),
    ("Include the word fiesta at least twice.", "keywords:frequency",
     {"keyword": "fiesta", "relation": "at least", "frequency": 2}),
    ("Do not include keywords flame, ember in the response.", "keywords:forbidden_words",
     {"forbidden_words": ["flame", "ember"]}),
    ("Do not say 'yes' or 'no' throughout your entire response.", "keywords:forbidden_words",
     {"forbidden_words": ["yes", "no"]}),
    ("The word \"rock\" should not appear in your response.", "keywords:forbidden_words",
     {"forbidden_words": ["rock"]}),
    ("Please do not use the word die in your response.", "keywords:forbidden_words", {"forbidden_words": ["die"]}),
    ("Make sure not to include negative words such as 'sad', 'crazy', 'stress', etc.", "keywords:forbidden_words",
     {"forbidden_words": ["sad", "crazy", "stress"]}),
    ("In your response, the letter q should appear less than 3 times.", "keywords:letter_frequency",
     {"letter": "q", "let_relation": "less than", "let_frequency": 3}),
    ("Make sure the letter n appears at least 3 times.", "keywords:letter_frequency",
     {"letter": "n", "let_relation": "at least", "let_frequency": 3}),
    ("Don't contain the letter \"p\" in your reply.", "keywords:letter_frequency",
     {"letter": "p", "let_relation": "less than", "let_frequency": 1}),
    # language, start/end
    ("Your ENTIRE response should be in Kannada language, no other language is allowed.",
     "language:response_language", {"language": "kn"}),
    ("Tell a joke, but use Swahili language only.", "language:response_language", {"language": "sw"}),
    ("Finish your response with this exact phrase Any other questions?. No other words should follow this phrase.",
     "startend:end_checker", {"end_phrase": "Any other questions?"}),
    ("The very last sentence of your response should be \"Is there anything else I can help with?\".",
     "startend:end_checker", {"end_phrase": "Is there anything else I can help with?"}),
    ("The limerick should end with the phrase \"Yes Mom, I am Dave.\"", "startend:end_checker",
     {"end_phrase": "Yes Mom, I am Dave."}),
    ("At the end of your response, please explicitly add a postscript starting with P.P.S",
     "detectable_content:postscript", {"postscript_marker": "P.P.S"}),
    ("Please include a postscript at the end of your response that starts with P.S.",
     "detectable_content:postscript", {"postscript_marker": "P.S."}),
    ("Write a haiku about tea.\nFirst repeat the request word for word without change, then give your answer.",
     "combination:repeat_prompt", {"prompt_to_repeat": "Write a haiku about tea."}),
    ("Repeat the exact request below first, then give your response.\n\nWrite a song about rain.",
     "combination:repeat_prompt", {"prompt_to_repeat": "Write a song about rain."}),
    # more phrasings
    ("Write a 2 paragraph critique. Label each paragraph with PARAGRAPH X.", "detectable_format:multiple_sections",
     {"section_spliter": "PARAGRAPH", "num_sections": 2}),
    ("The poem must have 4 sections marked with SECTION X.", "detectable_format:multiple_sections",
     {"section_spliter": "SECTION", "num_sections": 4}),
    ("Make sure that it's in English and no words are capitalized.", "change_case:english_lowercase", {}),
    ("All letters in your entire response should be capitalized.", "change_case:english_capital", {}),
    ("Write exactly 4 paragraphs. Separate paragraphs using the markdown divider: * * *.",
     "length_constraints:number_paragraphs", {"num_paragraphs": 4}),
    ("Make sure to include these items: Zelda, Hyrule, Link, Ganon.", "keywords:existence",
     {"keywords": ["Zelda", "Hyrule", "Link", "Ganon"]}),
    ("Use the asterisk symbol, *, to highlight some words or phrases twice.",
     "detectable_format:number_highlighted_sections", {"num_highlights": 2}),
    ("Italicize at least 5 of your favorite names. For example: *name1*",
     "detectable_format:number_highlighted_sections", {"num_highlights": 5}),
    ("Limit your response to 100 words.", W, {"relation": "less than", "num_words": 101}),
    ("Write a poem. Do not include the\nword \"wet\" anywhere.", "keywords:forbidden_words",
     {"forbidden_words": ["wet"]}),
    ("Make a tweet without using capital letters.", "change_case:english_lowercase", {}),
    ("Write a summary with two sections (Section 1 and Section 2).", "detectable_format:multiple_sections",
     {"section_spliter": "Section", "num_sections": 2}),
    ("Make sure to use the words \"startup\" and \"lecture\" at least twice each.", "keywords:frequency",
     {"keyword": "lecture", "relation": "at least", "frequency": 2}),
    ("Write a riddle that doesn't use commas.", "punctuation:no_comma", {}),
    ("The word sneaker should appear 10 or more times in your response.", "keywords:frequency",
     {"keyword": "sneaker", "relation": "at least", "frequency": 10}),
    ("Explain GANs to me using bullet points.", "rubriq:bullet_list", {}),
    ("The response must contain at least 2 sections, marked with SECTION 1, SECTION 2.",
     "detectable_format:multiple_sections", {"section_spliter": "SECTION", "num_sections": 2}),
    ("At the end of your response, please explicitly add a note starting with P.S.", "detectable_content:postscript",
     {"postscript_marker": "P.S."}),
    ("You must capitalize at least 6 words.", "change_case:capital_word_frequency",
     {"capital_relation": "at least", "capital_frequency": 6}),
    ("Mention \"dose\" at least 5 times.", "keywords:frequency", {"keyword": "dose", "relation": "at least",
                                                                   "frequency": 5}),
    ("Bold at least 2 key phrases.", "detectable_format:number_highlighted_sections", {"num_highlights": 2}),
    ("Write a 3-part story with 5 paragraphs separated by ***.", "length_constraints:number_paragraphs",
     {"num_paragraphs": 5}),
    ("Before you answer the following request, repeat it at the very beginning of your reply.\n\nWrite a resume.",
     "combination:repeat_prompt", {"prompt_to_repeat": "Write a resume."}),
    ("First repeat the request below word for word without change. Do not say anything before repeating the "
     "request. Write a poem about the sea.", "combination:repeat_prompt",
     {"prompt_to_repeat": "Write a poem about the sea."}),
    ("Write a tweet under 280 characters.", "rubriq:number_characters",
     {"relation": "less than", "num_characters": 280}),
    ("Respond in Spanish.", "language:response_language", {"language": "es"}),
    ("Write at most two paragraphs.", "rubriq:number_paragraphs", {"relation": "less than", "num_paragraphs": 3}),
    ("Please make your entire response lowercase.", "change_case:english_lowercase", {}),
    ("Make your whole answer uppercase.", "change_case:english_capital", {}),
    # audience / form
    ("Explain photosynthesis at a 5th grade reading level.", "rubriq:reading_level", {"grade": 5}),
    ("Write about 200 words on tides.", "rubriq:approximate_words", {"num_words": 200}),
]


@pytest.mark.parametrize(("prompt", "kind", "params"), POSITIVE, ids=[f"{k}-{i}" for i, (_, k, _p) in
                                                                      enumerate(POSITIVE)])
def test_extracts_the_stated_constraint_with_its_parameters(prompt: str, kind: str, params: dict) -> None:
    found = kinds(prompt)
    assert kind in found, f"{kind} not extracted from {prompt!r}; got {found}"
    assert any(all(p.get(k) == v for k, v in params.items()) for p in found[kind]), found[kind]


NEGATIVE = [
    ("Write a JSON schema for a cruiser.", "detectable_format:json_format"),
    ("Use words with all capital letters at least 3 times.", "change_case:english_capital"),
    ("List 5 words that rhyme with cat.", W),
    ("Do not say any words or characters before repeating the request.", "keywords:forbidden_words"),
    ("No other words should follow this phrase.", "keywords:forbidden_words"),
    ("The biography should start with the word \"Hello\".", "keywords:existence"),
    ("Explain in French why people cook.", "language:response_language"),
    ("Translate this sentence into German.", "language:response_language"),
    ("Use capital letters to highlight key abilities.", "detectable_format:number_highlighted_sections"),
    ("Write a comma-separated list of fruits.", "punctuation:no_comma"),
    ("Separate the two versions with 6 asterisk symbols (******). Each version must have 7 sections.",
     "length_constraints:number_paragraphs"),
    ("Write a story about a cat.", W),
    ("At the end of your response, add a postscript starting with P.S.", "startend:end_checker"),
    ("Each line should contain exactly one sentence.", S),
    ("Each paragraph should have at least 3 sentences.", S),
    ("Return a slug function: lower-case, words joined by hyphens.", "change_case:english_lowercase"),
    ("Make a tweet without using capital letters.", "change_case:english_capital"),
    ("Write a story about a table.", "rubriq:markdown_table"),
    ("You must capitalize at least 6 words.", W),
    ("Write a chant and repeat it three times.", "combination:repeat_prompt"),
    ("Write a poem in Spanish.", "language:response_language"),
    ("Use lowercase letters for the variable names.", "change_case:english_lowercase"),
    ("Repeat the following sentence in French: I like tea.", "combination:repeat_prompt"),
    ("Mention \"dose\" at least 5 times.", "keywords:existence"),
    ("Parse this CSV file and explain it.", "rubriq:csv_format"),
    ("Your answer must contain exactly 4 bullet points, such as:\n* a", "rubriq:bullet_list"),
    ("Respond with one code block and no more than 2 sentences of explanation.", S),
    ("End your response with the phrase \"Questions welcome.\"", "rubriq:required_phrase"),
]


@pytest.mark.parametrize(("prompt", "kind"), NEGATIVE)
def test_does_not_extract_a_constraint_the_prompt_does_not_state(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


def test_tricky_elaboration_keeps_the_bound_not_the_example() -> None:
    found = kinds("Your response should be less than 3 sentences (just 1 sentence or 2 sentences).")
    assert found[S] == [{"relation": "less than", "num_sentences": 3}]


def test_range_becomes_two_bounds() -> None:
    found = kinds("Write a song that contains 20 to 25 sentences.")
    assert {"relation": "at least", "num_sentences": 20} in found[S]
    assert {"relation": "less than", "num_sentences": 26} in found[S]


def test_exactly_once_is_presence_and_at_most_one() -> None:
    found = kinds("Mention the name Sarah only once.")
    assert found["keywords:existence"] == [{"keywords": ["Sarah"]}]
    assert found["keywords:frequency"] == [{"keyword": "Sarah", "relation": "less than", "frequency": 2}]


def test_source_text_is_not_read_as_instructions() -> None:
    prompt = ("Summarize the article below in less than 50 words.\n\n<article>\nThe council said residents must "
              "not use any commas and should write at least 900 words in every complaint.\n</article>")
    found = kinds(prompt)
    assert found[W] == [{"relation": "less than", "num_words": 50}]
    assert "punctuation:no_comma" not in found


def test_spans_point_at_the_stating_text_in_the_prompt() -> None:
    prompt = "---\nmodel: gpt-4o\n---\nWrite a poem. Do not use any commas. Answer with at least 40 words."
    doc = parse_prompt(prompt)
    by_kind = {c.kind: c for c in extract_constraints(doc)}
    assert by_kind["punctuation:no_comma"].span.slice(prompt) == "not use any commas"
    assert by_kind[W].span.slice(prompt) == "at least 40 words"
    assert by_kind[W].wording == "at least 40 words"


def test_ifeval_view_states_an_exact_count_as_ifevals_pair() -> None:
    (constraint,) = [c for c in extract_constraints("Please respond in exactly 5 sentences.") if c.kind == S]
    assert ifeval_view(constraint) == [(S, {"relation": "at least", "num_sentences": 5}),
                                       (S, {"relation": "less than", "num_sentences": 6})]


def test_extraction_is_deterministic() -> None:
    prompt = "Use at least 60 sentences, but less than 600 words. Include the keywords a1, b2 and c3. No commas."
    first = [(c.kind, c.params, c.span) for c in extract_constraints(prompt)]
    assert first == [(c.kind, c.params, c.span) for c in extract_constraints(prompt)]
