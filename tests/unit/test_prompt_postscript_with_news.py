"""A postscript asked for with news ("add a P.S. at the end saying parking is very limited") must mention what the
news is about, and that one constraint covers the whole mention from its marker: no second, plain postscript
constraint beside it, and no "not checked" finding on its words. A postscript asked for bare stays one."""

from __future__ import annotations

from rubriq.core.constraints.extract import extract_constraints


def _postscripts(prompt: str) -> list[tuple[str, dict, str]]:
    return [(c.kind, c.params, prompt[c.span.start:c.span.end]) for c in extract_constraints(prompt)
            if "postscript" in c.kind]


def test_a_postscript_with_news_about_a_thing_must_mention_it_and_is_one_constraint():
    prompt = "Write the notice for the club's open evening and add a P.S. saying the car park closes at nine."
    assert _postscripts(prompt) == [("rubriq:postscript_content", {"postscript_marker": "P.S.", "content": "car park"},
                                     "P.S. saying the car park")]


def test_news_about_the_writer_names_nothing_to_find_and_a_bare_postscript_stays():
    assert _postscripts("Write the notice and add a P.S. saying we'll be late.") == [
        ("detectable_content:postscript", {"postscript_marker": "P.S."}, "P.S.")]
