"""Two readings of what a prompt names indirectly.

A person left out by role ("leave out the casualty's name") is the one name the pasted source gives that role: the
check looks for the name, not for the words "casualty's name". Where the source names nobody, or several people, in
that role, the topic stays as written.

Lines asked for by their labels in one sentence ("start with a line beginning "Outcome:" and then put the rest under
"Timeline:"") are the sections of one reply: one constraint with both labels, not a label and a required word.
"""

from __future__ import annotations

from rubriq.core.constraints.check import check_constraint
from rubriq.core.constraints.extract import extract_constraints

LOG = """Write up the callout for the station officer. Leave out the casualty's name please.

--- LOG ---
14:52 paged, walker cut off by the tide below the point
15:11 casualty {who} in contact by phone, uninjured
16:05 casualty landed at the slipway, handed to ambulance
---
"""


def _topics(prompt: str) -> list[str]:
    return [c.params["topic"] for c in extract_constraints(prompt) if c.kind == "rubriq:forbidden_topic"]


def test_a_person_left_out_by_role_is_the_name_the_source_gives_that_role():
    prompt = LOG.format(who="Rachel Pryce")
    assert _topics(prompt) == ["Rachel Pryce"]
    topic = next(c for c in extract_constraints(prompt) if c.kind == "rubriq:forbidden_topic")
    assert not check_constraint("Walker cut off by the tide; Rachel Pryce was landed at 16:05.", topic).passed
    assert check_constraint("Walker cut off by the tide; the casualty was landed at 16:05.", topic).passed


def test_a_role_the_source_names_nobody_or_two_people_in_stays_as_written():
    assert _topics(LOG.format(who="(a woman in her forties)")) == ["casualty's name"]
    two = LOG.format(who="Rachel Pryce").replace("casualty landed", "casualty Tom Hale landed")
    assert _topics(two) == ["casualty's name"]


def test_labelled_lines_asked_for_in_one_sentence_are_one_set_of_sections():
    prompt = ('Write up the callout. Start with a line beginning "Outcome:" and then put the rest under '
              '"Timeline:". Keep it under 80 words.')
    found = [(c.kind, c.params) for c in extract_constraints(prompt) if "keywords" in c.kind or "section" in c.kind]
    assert found == [("rubriq:section_labels", {"labels": ["Outcome", "Timeline"]})]
    labels = next(c for c in extract_constraints(prompt) if c.kind == "rubriq:section_labels")
    assert check_constraint("Outcome: casualty landed safely.\nTimeline:\n14:52 paged\n16:05 landed", labels).passed
    assert not check_constraint("Outcome: casualty landed safely.\n14:52 paged, 16:05 landed", labels).passed


def test_labelled_lines_in_different_sentences_stay_apart():
    prompt = 'Start with a line beginning "Outcome:". Somewhere further down, add a line beginning "Crew:".'
    found = [c.params["labels"] for c in extract_constraints(prompt) if c.kind == "rubriq:section_labels"]
    assert found == [["Outcome"], ["Crew"]]
