"""A date or a time the reply must keep, named only by its kind.

"make sure the launch date is in there" asks for the date the pasted notes give the launch: the check looks for
that date, not for the word "date". The value is the only one of its kind the prompt gives, or the only one on a
line with a word of the qualifier ("launch", "audit de suivi", "rendez-vous"); "the new date" of a change is the one
it moves to. A reference number ("keep the notice number in") needs its qualifier. Where that leaves none or
several, nothing is read: a guess would fail outputs that did as they were asked.
"""

from __future__ import annotations

from rubriq.core.constraints.check import check_constraint
from rubriq.core.constraints.extract import extract_constraints

NOTES = """ok so I took these notes during the podcast, can you condense them? three sentences max, and make sure the
launch date is in there

notes:
guest = Tom Reyes, founder of Quillbox
started it after losing his thesis notes in 2019
launch of offline sync: May 14
{more}
"""


def _required(prompt: str) -> list[list[str]]:
    return [c.params["keywords"] for c in extract_constraints(prompt) if c.kind == "keywords:existence"]


def test_the_date_named_by_its_kind_is_the_one_the_notes_give():
    prompt = NOTES.format(more="")
    assert _required(prompt) == [["May 14"]]
    kept = next(c for c in extract_constraints(prompt) if c.kind == "keywords:existence")
    assert check_constraint("Quillbox's offline sync lands on May 14.", kept).passed
    assert not check_constraint("Quillbox's offline sync lands next month.", kept).passed


def test_the_qualifier_picks_the_date_on_its_own_line_and_two_candidates_give_nothing():
    assert _required(NOTES.format(more="next episode recorded on June 2")) == [["May 14"]]  # not about the launch
    assert _required(NOTES.format(more="the beta launch slipped from April 30")) == []  # two lines about the launch


def test_a_time_and_a_date_in_other_languages_and_a_range_kept_as_written():
    audit = ("Notes :\nBalance B3 : vérification pas tracée le 4 septembre\nAudit de suivi prévu le 12 novembre\n\n"
             "150 mots maximum, et la date de l'audit de suivi doit apparaître.")
    assert _required(audit) == [["12 novembre"]]
    meeting = ("Résume le message. L'heure du rendez-vous doit absolument y être.\n\n<transcription>\nRendez-vous "
               "à 6h45 à la cuverie. Pause à 10:30 au bout du rang.\n</transcription>")
    assert _required(meeting) == [["6h45"]]
    notice = ("Rewrite this notice, friendlier, and keep the dates exactly as they are.\n\n"
              "> NOTICE: The pool is CLOSED from 3 to 7 March for maintenance.")
    assert _required(notice) == [["3 to 7 March"]]


def test_a_kind_asked_about_or_kept_in_mind_requires_nothing():
    assert _required(NOTES.format(more="").replace("make sure the\nlaunch date is in there",
                                                   "make sure the launch date is right")) == []
    assert _required("Keep the time in mind: the talk is at 7:30 and runs long. Write me three tips.") == []
    assert _required("The dates are moving, so don't keep the dates as they are: 14 May is only pencilled in.") == []


def test_the_new_value_of_a_change_is_the_one_it_moves_to():
    thread = ("Summarise this thread, and make sure the new go-live date is in there.\n\n> Italian won't be signed off "
              "before 14 May.\n> We'd rather move go-live from 2 May to 23 May than launch on our own.\n")
    assert _required(thread) == [["23 May"]]
    van = ("Boil this down, and make sure the new van time is in there.\n\n> From Monday our van will come at 7:30 "
           "instead of 6:45.\n> Orders close at 16:00.\n")
    assert _required(van) == [["7:30"]]
    assert _required(thread.replace("new go-live date", "go-live date")) == []  # which of the two, unsaid


def test_a_reference_number_is_found_by_its_qualifier_and_a_bare_number_names_none():
    notice = ("Boil this notice down, under 80 words, and keep the notice number in so people can look it up.\n\n"
              "--- NOTICE ---\nNotice to Mariners No. 09/2025\nDredging from Monday 14 April to Friday 9 May 2025.\n"
              "Call VHF Channel 14 before entering.\n--- END ---")
    assert _required(notice) == [["09/2025"]]
    assert _required(notice.replace("keep the notice number in", "keep the number in")) == []
