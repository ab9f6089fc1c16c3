"""Checking: each constraint kind passes and fails where IFEval's conventions say, with the measured value and the
failing spans in the output; loose mode forgives a first or last line and `*` as IFEval's loose mode does."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rubriq.core.constraints import KINDS, Constraint, check_constraint
from rubriq.core.constraints.check import _bullet_spans, placeholder_spans
from rubriq.core.text import Span


def c(kind: str, **params) -> Constraint:
    return Constraint(kind, "", params, Span(0, 0), "")


CASES = [
    # (constraint, passing output, failing output)
    (c("length_constraints:number_words", relation="less than", num_words=5), "one two three four", "a b c d e"),
    (c("length_constraints:number_words", relation="at least", num_words=3), "it's fine", "hello world"),
    (c("length_constraints:number_sentences", relation="less than", num_sentences=2), "Dr. Lee came home.",
     "One. Two."),
    (c("length_constraints:number_sentences", relation="exactly", num_sentences=2), "One. Two.", "One."),
    (c("length_constraints:number_paragraphs", num_paragraphs=2), "first\n***\nsecond",
     "first\n***\n\n***\nsecond"),
    (c("length_constraints:nth_paragraph_first_word", num_paragraphs=2, nth_paragraph=2, first_word="then"),
     "Start here.\n\n\"Then, we go.", "Start here.\n\nNow we go."),
    (c("keywords:existence", keywords=["Mom", "mother"]), "my MOM is a mother", "my mom"),
    (c("keywords:frequency", keyword="war", relation="at least", frequency=2), "war and warfare", "war and peace"),
    (c("keywords:forbidden_words", forbidden_words=["rock"]), "rocky roads", "we ROCK"),
    (c("keywords:letter_frequency", letter="p", let_relation="less than", let_frequency=1), "no such letter",
     "Pizza"),
    (c("language:response_language", language="fr"),
     "Je pense que la nourriture saine est importante pour le corps et pour la vie de tous les jours.",
     "I think that healthy food is important for the body and for everyday life."),
    (c("change_case:english_capital"), "THIS IS ALL IN CAPITAL LETTERS AND IN ENGLISH.", "THIS IS Mostly CAPITALS."),
    (c("change_case:english_lowercase"), "this is all in lowercase letters and in english.", "this is Not."),
    (c("change_case:capital_word_frequency", capital_relation="less than", capital_frequency=2),
     "ONLY one word", "TWO WORDS here"),
    (c("punctuation:no_comma"), "no commas here", "one, two"),
    (c("startend:end_checker", end_phrase="Any other questions?"), "Text.\nAny other questions?\"",
     "Any other questions? Sure."),
    (c("startend:quotation"), '  "quoted"  ', '"half quoted'),
    (c("combination:repeat_prompt", prompt_to_repeat="Write a poem."), "write a poem. Roses are red.",
     "Roses are red."),
    (c("combination:two_responses"), "first\n******\nsecond", "same\n******\nsame"),
    (c("detectable_content:number_placeholders", num_placeholders=2), "Dear [name] at [address]", "Dear [name]"),
    (c("detectable_content:postscript", postscript_marker="P.P.S"), "Hi.\n\nP.P.S. bye", "Hi.\n\nP.S. bye"),
    (c("detectable_format:json_format"), "```json\n{\"a\": 1}\n```", "{a: 1}"),
    (c("detectable_format:title"), "<<My Title>>\ntext", "<< >>\ntext"),
    (c("detectable_format:number_highlighted_sections", num_highlights=2), "*one* and **two**", "*one* and * *"),
    (c("detectable_format:multiple_sections", section_spliter="SECTION", num_sections=2),
     "SECTION 1\na\nSECTION 2\nb", "Section 1\na\nSection 2\nb"),
    (c("detectable_format:number_bullet_lists", num_bullets=2), "* a\n- b\n**bold**", "* a\n* b\n* c"),
    (c("detectable_format:constrained_response"), "Hmm. My answer is maybe.", "My answer is probably."),
    (c("rubriq:approximate_words", num_words=10), "w " * 10, "w " * 20),
    (c("rubriq:number_characters", relation="less than", num_characters=10), " short ", "far too long"),
    (c("rubriq:required_phrase", phrase="well worth watching"), "It is Well worth watching.", "Worth it."),
    (c("rubriq:number_paragraphs", num_paragraphs=2, relation="exactly"), "a\n\nb", "a\n\nb\n\nc"),
    (c("rubriq:bullet_count", min=2, max=3), "- a\n- b", "- a\n- b\n- c\n- d"),
    (c("rubriq:bullet_list"), "- a", "no list"),
    (c("rubriq:no_lists"), "plain prose", "intro\n- item"),
    (c("rubriq:numbered_list", num_items=2), "1. a\n2. b", "1. a"),
    (c("rubriq:yaml_format"), "name: x\nitems:\n  - a", "just a sentence"),
    (c("rubriq:markdown_table"), "| a | b |\n|---|---|\n| 1 | 2 |", "a, b\n1, 2"),
    (c("rubriq:csv_format"), "a,b\n1,2\n3,4", "just words"),
    (c("rubriq:headings"), "# Title\ntext", "Title\ntext"),
    (c("rubriq:reading_level", grade=8), "The cat sat on the mat. It was warm.",
     "Notwithstanding considerable institutional heterogeneity, comprehensive interdisciplinary "
     "reconceptualization necessitates epistemological reconsideration of organizational accountability."),
    (c("rubriq:haiku"), "old pond\nfrog leaps in\nwater's sound", "one line only"),
    # code, read statically
    (c("rubriq:code_function_names", names=["parse_log", "Report"]),
     "```python\nclass Report:\n    pass\n\ndef parse_log(path):\n    return path\n```",
     "```python\ndef parse(path):\n    return path\n```"),
    (c("rubriq:code_function_names", names=["formatBytes"]), "```js\nconst formatBytes = (n) => `${n} B`;\n```",
     "```js\nfunction format(n) { return n; }\n```"),
    (c("rubriq:code_type_hints"), "```python\ndef f(self, a: int, *rest: str) -> int:\n    return a\n```",
     "```python\ndef f(a: int, b):\n    return a\n```"),
    (c("rubriq:code_stdlib_only"), "```python\nimport re\nfrom collections import Counter\n```",
     "```python\nimport re\nimport requests\n```"),
    (c("rubriq:code_stdlib_only"), "```js\nconst fs = require('node:fs');\nimport x from './x.js';\n```",
     "```js\nimport _ from 'lodash';\n```"),
    (c("rubriq:code_forbidden_import", modules=["pandas", "scikit-learn"]), "```python\nimport csv\n```",
     "```python\nfrom sklearn.linear_model import Ridge\n```"),
    (c("rubriq:code_min_tests", num_tests=2),
     "```python\ndef test_a():\n    assert 1\n\nclass TestB:\n    def test_b(self):\n        assert 1\n```",
     "```python\ndef test_a():\n    assert 1\n```"),
    (c("rubriq:code_docstrings"), '```python\ndef f():\n    """Do it."""\n```', "```python\ndef f():\n    pass\n```"),
    (c("rubriq:code_block_count", num_blocks=1), "Here:\n```\nx = 1\n```", "```\na\n```\n\n```\nb\n```"),
    (c("rubriq:no_code_blocks"), '{"a": 1}', '```json\n{"a": 1}\n```'),
    (c("rubriq:code_only"), "```python\nx = 1\n```", "Sure! Here it is:\n```python\nx = 1\n```"),
    (c("rubriq:no_prose_after_code"), "Here:\n```python\nx = 1\n```\n", "```python\nx = 1\n```\nHope this helps!"),
    (c("rubriq:explanation_length", relation="less than", num_words=5), "Short note.\n```python\nx = 1\n```",
     "This is a much longer explanation.\n```python\nx = 1\n```"),
    # shapes beyond IFEval
    (c("rubriq:json_keys", keys=["name", "mission"]), '[{"name": "Neil", "mission": "Apollo 11"}]',
     '[{"name": "Neil"}]'),
    (c("rubriq:json_no_extra_keys", keys=["name"]), '{"name": "a"}', '{"name": "a", "age": 3}'),
    (c("rubriq:json_key_case", case="snake_case"), '{"first_name": "a"}', '{"firstName": "a"}'),
    (c("rubriq:table_columns", columns=["Day", "Activity"]), "| Day | **Activity** |\n|---|---|\n| Mon | walk |",
     "| Day | Time |\n|---|---|\n| Mon | 10 |"),
    (c("rubriq:table_columns", columns=["date", "flight"]), "date,from,flight\n3 June,LHR,TP1363", "a,b\n1,2"),
    (c("rubriq:item_count", relation="exactly", num_items=2), "1. a\n2. b", "1. a\n2. b\n3. c"),
    (c("rubriq:item_length", relation="less than", num_words=4), "- Shelf Share\n- Page Swap Corner",
     "- Shelf Share\n- A very long name here"),
    (c("rubriq:bullets_per_section", relation="less than", num_bullets=3), "## A\n- a\n- b\n## B\n- c",
     "## A\n- a\n- b\n- c\n## B\n- d"),
    # a title heading over the sections is no section of its own; an introduction without bullets is
    (c("rubriq:bullets_per_section", relation="exactly", num_bullets=2), "# Plan\n\n## A\n- a\n- b\n\n## B\n- c\n- d",
     "## Intro\n\nSome text.\n\n## A\n- a\n- b"),
    (c("rubriq:number_lines", relation="exactly", num_lines=1), "Mars has two moons.\n", "Two moons.\nPhobos."),
    (c("rubriq:number_stanzas", num_stanzas=2), "<<Title>>\n\na\nb\n\nc\nd", "a\nb\n\nc\n\nd"),
    (c("rubriq:lines_per_stanza", num_lines=2), "a\nb\n\nc\nd", "a\nb\n\nc"),
    (c("rubriq:section_labels", labels=["Clothing", "[Chorus]"]), "## Clothing\n- hat\n\n[Chorus]\nla la",
     "## Clothes\n- hat\n\nChorus line here"),
    (c("rubriq:starts_with", options=["Yes", "No"]), "**No**, it cannot.", "Maybe not."),
    (c("rubriq:last_line_starts_with", options=["Next meeting:"]), "- a\n\n**Next meeting:** Wed 10:00\n",
     "- a\nSee you next week."),
    (c("rubriq:last_sentence_starts_with", options=["In short"]), "Long text. In short, yes.", "In short, yes. No."),
    (c("rubriq:ends_with_question"), "A story. What would you do?", "A story? It ends here."),
    (c("rubriq:ends_with_question"), "Elle m'a dit : « Tu viens quand ? »", "Elle m'a dit : « Je viens demain. »"),
    (c("rubriq:bold_answer"), "Work: 2 + 2.\n\nYou need **4** tins.", "Work: 2 + 2.\n\nYou need 4 tins."),
    (c("rubriq:no_emoji"), "Open day on Saturday!", "Open day on Saturday! \U0001F389"),
    (c("rubriq:emoji_count", relation="at least", num_emoji=2), "Hi \U0001F600 \u2600\ufe0f", "Hi \U0001F600"),
    (c("rubriq:no_headings"), "plain\ntext", "# Heading\ntext"),
    (c("rubriq:no_markdown"), "Plain text, 2 * 3 = 6.", "Some **bold** text."),
    (c("rubriq:all_lowercase"), "tout en minuscules, été", "Tout en minuscules"),
    (c("rubriq:all_uppercase"), "TOUT EN MAJUSCULES, ÉTÉ", "TOUT EN MAJUSCULES, été"),
    (c("rubriq:field_length", field="summary", relation="less than", num_words=5),
     '{"title": "Fog", "summary": "Grey and quiet."}',
     '{"title": "Fog", "summary": "A grey, quiet morning by the sea."}'),
    (c("rubriq:field_length", field="Summary", relation="less than", num_words=5),
     "Title: Fog\nSummary: Grey and quiet.", "Title: Fog\nSummary: A grey, quiet morning by the sea."),
    (c("rubriq:postscript_content", postscript_marker="P.S.", content="doors open at 7"),
     "See you.\n\nP.S. The doors open at 7.", "See you.\n\nP.S. Bring snacks."),
    (c("rubriq:forbidden_topic", topic="the budget"), "We planned the party.", "The budgets were tight."),
    (c("rubriq:forbidden_topic", topic="founding year"), "Founded by two mechanics.", "Its founding year was 2009."),
]


def test_every_kind_has_a_checking_case() -> None:
    assert {case[0].kind for case in CASES} == set(KINDS)


@pytest.mark.parametrize(("constraint", "passing", "failing"), CASES, ids=[case[0].kind for case in CASES])
def test_passes_and_fails_as_ifeval_counts(constraint: Constraint, passing: str, failing: str) -> None:
    assert check_constraint(passing, constraint).passed, check_constraint(passing, constraint).message
    verdict = check_constraint(failing, constraint)
    assert not verdict.passed
    assert verdict.message
    for span in verdict.spans:
        assert 0 <= span.start <= span.end <= len(failing)


def test_word_limit_message_states_the_measured_value_and_marks_the_excess() -> None:
    output = "one two three four five six"
    verdict = check_constraint(output, c("length_constraints:number_words", relation="less than", num_words=4))
    assert verdict.message == "6 words, limit: fewer than 4"  # a constraint without the prompt's wording
    assert verdict.measured == 6
    assert [s.slice(output) for s in verdict.spans] == ["four five six"]


def test_forbidden_words_mark_every_occurrence() -> None:
    output = "Rock on. We rock. Rocky is fine."
    verdict = check_constraint(output, c("keywords:forbidden_words", forbidden_words=["rock"]))
    assert [s.slice(output) for s in verdict.spans] == ["Rock", "rock"]


def test_each_comma_is_marked() -> None:
    output = "a, b, c"
    verdict = check_constraint(output, c("punctuation:no_comma"))
    assert [s.start for s in verdict.spans] == [1, 4]


def test_extra_bullets_are_marked() -> None:
    output = "* a\n* b\n* c"
    verdict = check_constraint(output, c("detectable_format:number_bullet_lists", num_bullets=2))
    assert verdict.spans == (Span(8, 11),)


def test_paragraph_starting_wrongly_is_marked() -> None:
    output = "Intro.\n\nNow we go."
    constraint = c("length_constraints:nth_paragraph_first_word", nth_paragraph=2, first_word="then")
    verdict = check_constraint(output, constraint)
    assert [s.slice(output) for s in verdict.spans] == ["Now"]


def test_loose_mode_forgives_a_leading_line_strict_does_not() -> None:
    constraint = c("startend:quotation")
    output = 'Sure, here it is:\n"The answer."'
    assert not check_constraint(output, constraint, "strict").passed
    assert check_constraint(output, constraint, "loose").passed


def test_loose_mode_forgives_asterisks() -> None:
    constraint = c("change_case:english_lowercase")
    output = "**note** this is all lowercase text written in plain english words."
    assert check_constraint(output, constraint, "loose").passed


def test_empty_output_follows_no_instruction() -> None:
    assert not check_constraint("   ", c("punctuation:no_comma")).passed


def test_language_verdict_is_deterministic() -> None:
    text = "Ceci est un texte court mais clairement écrit en français pour le test."
    constraint = c("language:response_language", language="fr")
    assert len({check_constraint(text, constraint).measured for _ in range(5)}) == 1


# The single-pass scanners count what IFEval's regular-expression definitions count (checked on small inputs,
# where the regexes are quick): bullets `^\s*\*[^\*].*$` plus `^\s*-.*$`, placeholders `\[.*?\]` (within a
# line), titles `<<[^\n]+>>`.
_PIECES = st.sampled_from(["*", "**", "-", " ", "\t", "\n", "\n\n", "a", "[", "]", "<<", ">>", "<", ">", "x y"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=16).map("".join))
def test_scanners_agree_with_ifevals_pattern_definitions(text: str) -> None:
    bullets = len(re.findall(r"^\s*\*[^\*].*$", text, re.MULTILINE)) + len(re.findall(r"^\s*-.*$", text, re.MULTILINE))
    assert len(_bullet_spans(text)) == bullets
    assert len(placeholder_spans(text)) == len(re.findall(r"\[.*?\]", text))
    has_title = any(t.lstrip("<").rstrip(">").strip() for t in re.findall(r"<<[^\n]+>>", text))
    assert check_constraint(text, c("detectable_format:title")).passed == (has_title and bool(text.strip()))


def test_capital_words_are_counted_as_nltk_word_tokenize_splits_them() -> None:
    constraint = c("change_case:capital_word_frequency", capital_relation="at least", capital_frequency=1)
    output = "DON'T STOP. We love the U.S.A. and **NASA**."
    verdict = check_constraint(output, constraint)
    # DO + N'T + STOP + U.S.A + NASA: contractions split, abbreviations and bold markup kept whole
    assert verdict.measured == 5


class _CountingText(str):
    """A text that counts the characters its `find` calls look at: the work of a scanner, without timing it."""

    looked_at = 0

    def find(self, sub: str, start: int | None = 0, end: int | None = None) -> int:  # type: ignore[override]
        start = start or 0
        stop = len(self) if end is None else min(end, len(self))
        found = str.find(self, sub, start, stop)
        _CountingText.looked_at += (found + len(sub) if found >= 0 else stop) - start
        return found


@pytest.mark.parametrize("unit", ["[a]", "[x\n", "[", "[a] [b\n", "]["])
def test_placeholder_scan_looks_at_each_character_a_bounded_number_of_times(unit: str) -> None:
    work = []
    for repeats in (2_000, 8_000):
        _CountingText.looked_at = 0
        text = _CountingText(unit * repeats + "]")
        assert len(placeholder_spans(text)) == len(re.findall(r"\[.*?\]", text))
        work.append(_CountingText.looked_at / len(text))
    assert work[1] <= 4 and work[1] <= work[0] * 1.1  # per character, the same bounded work at 4x the length


def test_a_character_limit_of_zero_marks_the_whole_output_from_its_first_character() -> None:
    verdict = check_constraint("Hi there.", Constraint("rubriq:number_characters", "", {
        "relation": "less than", "num_characters": 0}, Span(0, 0), ""))
    assert not verdict.passed
    assert verdict.spans == (Span(0, 9),)


def test_csv_with_a_line_over_the_csv_modules_field_limit_fails_with_a_reason() -> None:
    output = "name,notes\nada," + "x" * 140_000 + "\n"
    verdict = check_constraint(output, Constraint("rubriq:csv_format", "", {}, Span(0, 0), ""))
    assert not verdict.passed
    assert "not CSV" in verdict.message and "field" in verdict.message


def worded(kind: str, wording: str, **params) -> Constraint:
    return Constraint(kind, "", params, Span(0, 0), wording)


IN_PROMPT_TERMS = [
    (worded("length_constraints:number_words", "at most 60 words", relation="less than", num_words=61), "word " * 88,
     "88 words; the prompt allows at most 60"),
    (worded("length_constraints:number_words", "between 80 and 120 words", relation="less than", num_words=121),
     "word " * 150, "150 words; the prompt asks for between 80 and 120"),
    (worded("length_constraints:number_sentences", "at least 3 sentences", relation="at least", num_sentences=3),
     "One. Two.", "2 sentences; the prompt asks for at least 3"),
    (worded("keywords:forbidden_words", "no 'budget'", forbidden_words=["budget"]), "The budget, the Budget.",
     "uses 'budget' 2 times; the prompt allows no 'budget'"),
    (worded("punctuation:no_comma", "no commas"), "a, b", "1 comma; the prompt allows no commas"),
    (worded("startend:end_checker", "end with 'Bye.'", end_phrase="Bye."), "Hello.",
     "ends with 'Hello.'; the prompt says: end with 'Bye.'"),
]


@pytest.mark.parametrize(("constraint", "output", "message"), IN_PROMPT_TERMS)
def test_messages_state_the_constraint_in_the_prompts_terms(constraint: Constraint, output: str, message: str) -> None:
    verdict = check_constraint(output, constraint)
    assert not verdict.passed
    assert verdict.message == message
