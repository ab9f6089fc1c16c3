"""Limits said of each one of several parts, in wordings written apart from the hand-written sets: "each" / "every
one" / "none of them" / "any of them" / "chacun" / "cada una" / "jeweils" with a limit is a limit per list item, per
section or per stanza, depending on what the parts are, and never the whole response's; a part no per-part kind
checks (paragraphs, days, tweets) yields no limit at all. Also a list's size said before "numbered" and "number them".
"""

from __future__ import annotations

import pytest
from prompt_reading_helpers import kinds

from rubriq.core.constraints import check_constraint, extract_constraints

WHOLE = ("length_constraints:number_words", "detectable_format:number_bullet_lists", "rubriq:bullet_count",
         "rubriq:number_lines")


def no_whole_limit(found: dict[str, list[dict]]) -> bool:
    return not any(kind in found for kind in WHOLE)


@pytest.mark.parametrize("prompt, relation, n", [
    ("Come up with six names for a bakery - each should stay under 4 words.", "less than", 4),
    ("Suggest 5 taglines for a gym, under 7 words each.", "less than", 7),
    ("Give me four tips for sleeping better. Each one must be at most 12 words.", "less than", 13),
    ("Give me three slogans for a bike shop; every one of them no more than six words.", "less than", 7),
    ("Brainstorm titles for my blog.\nRules:\n- a numbered list\n- each no longer than five words", "less than", 6),
    ("Three bullet points on the news, none of them longer than 15 words.", "less than", 16),
    ("List 4 reasons to learn Rust, none over 10 words.", "less than", 11),
    ("Suggest 5 ideas for a party but don't make any of them longer than 8 words.", "less than", 9),
    ("Propose 4 options for the meeting name, each of them at least 2 words.", "at least", 2),
])
def test_each_item_has_a_word_limit_and_the_whole_has_none(prompt, relation, n):
    found = kinds(prompt)
    assert {"relation": relation, "num_words": n} in found["rubriq:item_length"]
    assert "length_constraints:number_words" not in found


@pytest.mark.parametrize("prompt, relation, n", [
    ("Propose-moi 4 noms pour un café. Chacun doit faire moins de 5 mots.", "less than", 5),
    ("Donne-moi trois idées de titres, chacune en 6 mots au plus.", "less than", 7),
    ("Dame cinco eslóganes para una panadería, cada uno con menos de 6 palabras.", "less than", 6),
    ("Nenne mir vier Ideen für einen Podcastnamen, jeweils mit höchstens 3 Wörtern.", "less than", 4),
    ("Nenne fünf Namen für eine Bäckerei, keiner länger als 3 Wörter.", "less than", 4),
    ("Propose six slogans pour un festival, aucun ne doit dépasser 5 mots.", "less than", 6),
    ("Dame cuatro lemas para un club; ninguno de ellos puede tener más de 6 palabras.", "less than", 7),
])
def test_each_item_in_other_languages(prompt, relation, n):
    found = kinds(prompt)
    assert found["rubriq:item_length"] == [{"relation": relation, "num_words": n}]
    assert "length_constraints:number_words" not in found


@pytest.mark.parametrize("prompt", [
    "Write 3 paragraphs about tips for travel. Each should be under 100 words.",
    "Draft four short tweets about our launch, each under 30 words.",
    "Write three paragraphs, none of them longer than 60 words.",
])
def test_a_limit_on_parts_no_list_kind_checks_is_not_read(prompt):
    found = kinds(prompt)
    assert "rubriq:item_length" not in found
    assert "length_constraints:number_words" not in found


@pytest.mark.parametrize("prompt", [
    "Write a story in under 300 words and give each character a name.",
    "Each answer in this quiz is worth a point; write the quiz in at most 200 words.",
    "Keep the whole reply under 120 words, please.",
])
def test_a_limit_of_the_whole_stays_the_whole(prompt):
    found = kinds(prompt)
    assert "length_constraints:number_words" in found
    assert "rubriq:item_length" not in found


def test_each_item_and_the_whole_both_limited():
    found = kinds("Give me three bullets, each under 10 words and the whole thing under 40 words.")
    assert found["rubriq:item_length"] == [{"relation": "less than", "num_words": 10}]
    assert found["length_constraints:number_words"] == [{"relation": "less than", "num_words": 40}]


@pytest.mark.parametrize("prompt, relation, n", [
    ("Make a study plan with a heading for each week and 2 bullets under each.", "exactly", 2),
    ("Use the headings Risks and Benefits, each with exactly four bullet points.", "exactly", 4),
    ("Split the answer into sections for pros and cons, each with at most 3 bullets.", "less than", 4),
    ("Organise it under the headers Setup and Usage with 5 bullet points in each.", "exactly", 5),
    ("Gliedere den Text in die Abschnitte „Kosten“ und „Nutzen“, jeweils mit genau zwei Stichpunkten.", "exactly", 2),
])
def test_bullets_under_each_section(prompt, relation, n):
    found = kinds(prompt)
    assert found["rubriq:bullets_per_section"] == [{"relation": relation, "num_bullets": n}]
    assert no_whole_limit(found)


def test_german_sections_named_by_labels():
    found = kinds("Gliedere den Text in die Abschnitte „Kosten“ und „Nutzen“, jeweils mit genau zwei Stichpunkten.")
    assert found["rubriq:section_labels"] == [{"labels": ["Kosten", "Nutzen"]}]


@pytest.mark.parametrize("prompt", [
    "Give me 4 tips, each with 2 bullet points of detail.",
    "Plan three days in Rome with 4 bullets for each day.",
])
def test_bullets_under_each_item_or_day_are_no_whole_count(prompt):
    found = kinds(prompt)
    assert "rubriq:bullets_per_section" not in found
    assert "detectable_format:number_bullet_lists" not in found


@pytest.mark.parametrize("prompt, n", [
    ("Write a poem about rain in four stanzas, each of three lines.", 3),
    ("A poem with 2 stanzas, every one of them exactly 6 lines.", 6),
    ("Escribe un poema de dos estrofas, cada una de cinco versos.", 5),
    ("Écris un poème en trois strophes, chacune de quatre vers.", 4),
    ("Schreib ein Gedicht mit zwei Strophen mit jeweils vier Zeilen.", 4),
])
def test_lines_in_each_stanza(prompt, n):
    found = kinds(prompt)
    assert found["rubriq:lines_per_stanza"] == [{"num_lines": n}]
    assert "rubriq:number_lines" not in found


@pytest.mark.parametrize("prompt, params", [
    ("Name ideas for my new cat, please.\nRequirements:\n- exactly 6, numbered\n- nothing silly", {"num_items": 6}),
    ("Give me names for a boat - ten of them, numbered.", {"num_items": 10}),
    ("List the steps to repot a plant and number them.", {}),
    ("Donne cinq conseils pour bien dormir et numérote-les.", None),
])
def test_numbered_list_with_its_size_before(prompt, params):
    found = kinds(prompt)
    if params is None:  # the count is the items', the numbering a list of its own
        assert {} in found["rubriq:numbered_list"] or {"num_items": 5} in found["rubriq:numbered_list"]
    else:
        assert found["rubriq:numbered_list"] == [params]


@pytest.mark.parametrize("prompt", [
    "What is the number them in this sentence?",
    "Write about Python 3, numbered lists and tuples.",
])
def test_no_numbered_list_where_none_is_asked(prompt):
    assert "rubriq:numbered_list" not in kinds(prompt)


def test_french_items_to_find_are_counted():
    assert kinds("Trouve-moi 6 noms pour un chat.")["rubriq:item_count"] == [{"relation": "exactly", "num_items": 6}]


@pytest.mark.parametrize("output, passed", [
    ("## Risks\n- Cost overruns\n- Delays\n\n## Benefits\n- Lower bills\n- Less noise\n", True),
    ("## Risks\n- Cost overruns\n- Delays\n- Noise\n\n## Benefits\n- Lower bills\n- Less noise\n", False),
])
def test_the_per_section_reading_is_checked_per_section(output, passed):
    found = [c for c in extract_constraints("Use the headings Risks and Benefits, each with exactly two bullet points.")
             if c.kind == "rubriq:bullets_per_section"]
    assert len(found) == 1 and check_constraint(output, found[0]).passed is passed


@pytest.mark.parametrize("output, passed", [
    ("1. Hive Minds\n2. Rooftop Honey\n3. Bees Above Town\n", True),
    ("1. Hive Minds\n2. Rooftop Honey\n3. The Bees That Live Above Our Town\n", False),
])
def test_the_per_item_reading_is_checked_per_item(output, passed):
    found = [c for c in extract_constraints("Name three podcasts about bees, none of them longer than four words.")
             if c.kind == "rubriq:item_length"]
    assert len(found) == 1 and check_constraint(output, found[0]).passed is passed
