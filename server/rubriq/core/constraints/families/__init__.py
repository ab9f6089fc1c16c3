"""Constraint families: one module per family of constraint kinds, each with its phrasing table at the top.

    grammar       relations and bounds, negation, instruction clauses, count patterns, frequencies, keyword lists
    length        words, sentences, characters of the whole response
    paragraphs    ***-separated and blank-line paragraphs, the first word of the nth paragraph
    lists         bullet counts and ranges, "use bullet points", "no lists", numbered lists, per-item lengths
    distributive  limits said of each part ("each under 8 words", "3 bullets under each") and what the parts are
    sections      highlighted *sections*, sections marked "SECTION X"
    placeholders  [placeholders] in square brackets
    formats       JSON, YAML, CSV, markdown tables, headings, <<title>>, two responses, fixed answers
    punctuation   no commas
    casing        all capitals, all lowercase, words in capitals
    keywords      required, counted and forbidden words and phrases, letter frequencies
    references    values asked for by their kind ("keep our phone number"), read from the prompt's own labels
    language      the response language
    startend      wrapping in quotes, the closing phrase, a postscript, repeating the request
    style         reading level, haiku form

Each family exposes `extract_*(ex: Extraction) -> None` functions; `constraints/extract.py` runs them.
"""
