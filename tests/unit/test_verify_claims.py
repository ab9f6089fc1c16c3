"""What the verifier treats as a claim: framing is left out, labels are stripped, joined statements get clauses."""

from __future__ import annotations

from rubriq.core.verify.claims import split_claims


def _claims(text: str) -> list[str]:
    return [c.text for c in split_claims(text)[0]]


def _reasons(text: str) -> dict[str, str]:
    return {n.text.strip(): n.reason for n in split_claims(text)[1]}


def test_an_opening_that_introduces_a_list_is_not_a_claim() -> None:
    text = "Here's a quick rundown of the quarter:\n\n- Sales rose by a tenth in the north region.\n"
    assert _claims(text) == ["Sales rose by a tenth in the north region."]
    assert _reasons(text) == {"Here's a quick rundown of the quarter:": "introduces what follows"}


def test_an_opening_about_the_answer_itself_is_not_a_claim_but_a_content_sentence_starting_with_here_is() -> None:
    assert _claims("Sure! Below is the summary you asked for. The plant closed in May.") == ["The plant closed in May."]
    assert _claims("Here is where the leak started: a valve on the third floor.") == [
        "Here is where the leak started: a valve on the third floor."]
    assert _claims("Here is the valve that failed first, on the third floor.") == [
        "Here is the valve that failed first, on the third floor."]


def test_closing_offers_and_questions_are_not_claims() -> None:
    text = ("The audit found two missing invoices. Would you like me to draft a reply? "
            "Let me know if you need the figures in a table.")
    assert _claims(text) == ["The audit found two missing invoices."]
    reasons = _reasons(text)
    assert reasons["Would you like me to draft a reply?"] == "question"
    assert reasons["Let me know if you need the figures in a table."] == "closing"


def test_headings_and_bold_title_lines_are_not_claims() -> None:
    text = "## Key Findings\n\n**What Changed Last Week**\n\nThe ferry timetable moved to hourly departures.\n"
    assert _claims(text) == ["The ferry timetable moved to hourly departures."]


def test_a_short_label_before_a_colon_is_stripped_from_the_claim_and_its_span() -> None:
    text = ("- **Budget:** the council approved 4.2 million for the bridge.\n"
            "- Next steps: a public consultation in June.")
    claims, skipped = split_claims(text)
    assert [c.text for c in claims] == ["the council approved 4.2 million for the bridge.",
                                        "a public consultation in June."]
    for claim in claims:
        assert text[claim.span.start:claim.span.end] == claim.text
    assert [n.reason for n in skipped] == ["label", "label"]


def test_a_sentence_joining_two_statements_has_a_clause_for_each_with_exact_spans() -> None:
    text = "Engineers raised the pool limit to 200 at 09:47, and errors were back to normal within five minutes."
    (claim,), _ = split_claims(text)
    assert [c.text for c in claim.clauses] == ["Engineers raised the pool limit to 200 at 09:47",
                                               "errors were back to normal within five minutes."]
    for clause in claim.clauses:
        assert text[clause.span.start:clause.span.end] == clause.text


def test_a_list_of_nouns_stays_one_claim() -> None:
    (claim,), _ = split_claims("The kit includes a tent, a stove, and a map.")
    assert claim.clauses == ()


def test_semicolons_split_clauses_and_spans_shift_by_the_base() -> None:
    text = "The museum reopens on Friday; tickets cost twelve euros for adults."
    (claim,), _ = split_claims(text, base=100)
    assert claim.span.start == 100
    assert [c.text for c in claim.clauses] == ["The museum reopens on Friday", "tickets cost twelve euros for adults."]
    assert all(c.span.start >= 100 for c in claim.clauses)


def test_greetings_thanks_and_short_exclamations_are_not_claims_but_thanks_to_is() -> None:
    text = ("Hello Priya, and thanks for the quick reply! The quote covers two vans. Have a lovely weekend! "
            "Thanks to the new rota, wait times fell by a fifth.")
    assert _claims(text) == ["The quote covers two vans.", "Thanks to the new rota, wait times fell by a fifth."]
    reasons = _reasons(text)
    assert reasons["Hello Priya, and thanks for the quick reply!"] == "greeting"
    assert reasons["Have a lovely weekend!"] == "exclamation"


def test_an_exclamation_with_a_figure_is_still_a_claim() -> None:
    assert _claims("Sign-ups doubled to 4,000 in a week!") == ["Sign-ups doubled to 4,000 in a week!"]


def test_fields_of_a_json_block_are_values_only_claims_with_exact_spans() -> None:
    text = 'Extracted:\n\n```json\n{\n  "employer": "Larkspur Ltd",\n  "salary": "£41,000",\n  "tags": []\n}\n```\n'
    claims, _ = split_claims(text)
    assert [(c.text, c.values_only) for c in claims] == [("employer: Larkspur Ltd", True), ("salary: £41,000", True)]
    assert [text[c.span.start:c.span.end] for c in claims] == ["Larkspur Ltd", "£41,000"]


def test_fields_of_a_yaml_block_point_at_their_values() -> None:
    text = "```yaml\nvenue: Corn Exchange\nseats: 420\nspeakers:\n  - Dr Ama Owusu\n```\n"
    claims, _ = split_claims(text)
    assert [text[c.span.start:c.span.end] for c in claims] == ["Corn Exchange", "420", "Dr Ama Owusu"]


def test_a_python_code_block_has_no_claims() -> None:
    assert split_claims("Use this:\n\n```python\nlimit = 50\n```\n")[0] == []


def test_a_short_apology_is_tone_not_a_claim_but_one_with_a_figure_is_checked() -> None:
    reasons = _reasons("Apologies for the wait.\n\nWe're really sorry for the trouble this caused.\n\n"
                       "We apologise for the 40-minute outage on Friday.")
    assert reasons["Apologies for the wait."] == "apology"
    assert reasons["We're really sorry for the trouble this caused."] == "apology"
    assert _claims("We apologise for the 40-minute outage on Friday.") == [
        "We apologise for the 40-minute outage on Friday."]


def test_a_sentence_about_what_the_source_leaves_out_is_not_a_claim_even_after_a_label() -> None:
    text = ("**Parking:** The policy does not mention parking, so check with reception.\n\n"
            "The notes say nothing about the budget.\n\nThe policy covers parking at the depot.")
    assert _claims(text) == ["The policy covers parking at the depot."]
    assert set(_reasons(text).values()) == {"about the source"}


def test_a_bold_title_line_above_its_paragraph_is_a_heading_and_the_paragraph_a_claim() -> None:
    text = "**Cost**\nThe plan costs £12 a month.\n\n**Is it worth it?**\nYes, on these numbers."
    assert _claims(text) == ["The plan costs £12 a month."]
    reasons = _reasons(text)
    assert reasons["**Cost**"] == "heading"
    assert reasons["Yes, on these numbers."] == "yes or no"
    claims = split_claims(text)[0]
    assert text[claims[0].span.start:claims[0].span.end] == "The plan costs £12 a month."


def test_a_yes_with_a_figure_or_a_long_answer_is_still_a_claim() -> None:
    assert _claims("Yes, the fee rose to £40 in 2024.") == ["Yes, the fee rose to £40 in 2024."]
    assert _claims("No, the council rejected the plan after the second consultation closed.") == [
        "No, the council rejected the plan after the second consultation closed."]


def test_a_yes_or_no_followed_by_its_own_statement_is_a_claim() -> None:
    assert _claims("No, algorithms cannot be biased.") == ["No, algorithms cannot be biased."]
    assert _claims("Yes, refunds take ten days") == ["Yes, refunds take ten days"]
    for framing in ("No, it isn't.", "Yes - it does.", "Mostly, yes.", "Yes, going by the leaflet."):
        assert _claims(framing) == [], framing


def test_a_one_line_answer_without_a_full_stop_is_a_claim_not_a_heading() -> None:
    assert _claims("Salieri Poisoned Mozart") == ["Salieri Poisoned Mozart"]
    text = "Refund Policy Changes\n\nRefunds now take ten days."
    assert _claims(text) == ["Refunds now take ten days."]
    assert _reasons(text)["Refund Policy Changes"] == "heading"


def test_a_recommendation_without_a_figure_is_a_judgement_and_one_with_a_figure_is_checked() -> None:
    text = ("If battery life matters most, the Vela looks like the better fit; otherwise I'd go for the Orca.\n\n"
            "The Orca is the better choice at £899, £150 less than the Vela.")
    assert _claims(text) == ["The Orca is the better choice at £899, £150 less than the Vela."]
    assert set(_reasons(text).values()) == {"judgement"}


def test_a_markdown_table_is_one_values_only_claim_per_row_under_a_header_heading() -> None:
    text = ("Here are the fares:\n\n| Ticket | Price |\n|---|---|\n| Adult | £14 |\n| Child | £7 |\n"
            "| **Total** | **£21** |\n\nBook online to save 10%.")
    claims = split_claims(text)[0]
    assert [(c.text, c.values_only) for c in claims] == [
        ("| Adult | £14 |", True), ("| Child | £7 |", True), ("| **Total** | **£21** |", True),
        ("Book online to save 10%.", False)]
    assert _reasons(text)["| Ticket | Price |"] == "heading"


def test_an_offer_to_change_the_answer_is_a_closing_but_not_when_it_states_a_figure() -> None:
    for closing in ("Happy to trim it if you need something shorter.", "I can shorten this further if you like.",
                    "Glad to rewrite it in a warmer tone."):
        assert _reasons(closing) == {closing: "closing"}, closing
    assert _claims("I can also confirm the deposit is £200.") == ["I can also confirm the deposit is £200."]


def test_a_list_item_heads_only_the_items_nested_under_it():
    text = ("**Day 2 talks**\n\n- 09:15 – **Keynote: Shipping Without Fear** – Maya Lindqvist\n"
            "- 14:30 – **Designing For On-Call** – Priya Patel\n\nAll talks are in the Main Hall.\n")
    claims, _ = split_claims(text)
    assert [c.text for c in claims][:2] == ["09:15 – **Keynote: Shipping Without Fear** – Maya Lindqvist",
                                           "14:30 – **Designing For On-Call** – Priya Patel"]
    nested = "- **Basic Plan**\n  - £5 a month\n- **Pro Plan**\n  - £12 a month\n"
    assert [c.text for c in split_claims(nested)[0]] == ["£5 a month", "£12 a month"]


def test_a_label_after_an_emoji_is_stripped_like_any_other():
    claims, _ = split_claims("📖 **Look after your books:** if a book gets damaged, you will need to pay for it.")
    assert [c.text for c in claims] == ["if a book gets damaged, you will need to pay for it."]


def test_a_good_luck_sign_off_is_not_a_claim_even_naming_a_module_code() -> None:
    text = "The mark is capped at 40. Good luck with BIO2115, and I hope the next few weeks are calmer."
    assert _reasons(text)["Good luck with BIO2115, and I hope the next few weeks are calmer."] == "closing"
    assert _claims("Good luck, and remember the fee rises to £20 on Monday.") == [
        "Good luck, and remember the fee rises to £20 on Monday."]
