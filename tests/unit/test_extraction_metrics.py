"""Extraction: requested format and JSON Schema, requested fields and entities, invented fields and values."""

from __future__ import annotations

import json

from rubriq.core.engine import check
from rubriq.core.metrics.extraction import SourceIndex, json_nodes, key_matches, value_in_source

TIER_0 = frozenset({0})

SOURCE = """<email>
Hi team, John Smith (john.smith@acme.com, +1 555-123-4567) confirmed the order of 1,200 units on March 5, 2024.
The invoice total is $4,500.00. For delivery questions contact Mary Jones at mary@acme.com.
</email>"""

SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "total": {"type": "number"}, "currency": {"enum": ["USD", "EUR"]}},
    "required": ["name", "total", "currency"],
    "additionalProperties": False,
}


def run(instruction: str, output: str, source: str = SOURCE):
    return check(f"---\ntask: extraction\n---\n{instruction}\n\n{source}", output, tiers=TIER_0)


def codes(result, prefix: str = "EX") -> list[str]:
    return [f.code for f in result.findings if f.code.startswith(prefix)]


def param(result, name: str):
    return next(p for p in result.profile.parameters if p.name == name)


GOOD_JSON = json.dumps({"name": "John Smith", "email": "john.smith@acme.com", "order_date": "2024-03-05"})


# --- format -------------------------------------------------------------------------------------------------------


def test_output_that_is_not_the_requested_json_is_reported():
    # "for our JSON importer": JSON the extraction asks for, not a whole-response format instruction following checks
    result = run("Extract the name, email and order date for our JSON importer.", "name = John Smith; email = john")
    assert "EX001" in codes(result)
    assert param(result, "format_compliance").score == 0.0


def test_valid_json_complies():
    result = run("Extract the name, email and order date. Return JSON.", f"```json\n{GOOD_JSON}\n```")
    assert "EX001" not in codes(result)
    assert param(result, "format_compliance").score == 1.0


def test_json_wrapped_in_prose_is_a_format_problem():
    result = run("Extract the name, email and order date for our JSON importer.",
                 f"Sure! Here is the data you asked for:\n\n{GOOD_JSON}\n\nLet me know if you need more.")
    finding = next(f for f in result.findings if f.code == "EX001")
    assert finding.data["error"] == "wrapped in prose"
    assert param(result, "format_compliance").score == 0.8


def test_a_json_failure_already_reported_by_instruction_following_is_not_repeated():
    result = run("Extract the name and email. Respond in JSON format.", "Name: John Smith")
    assert "EX001" not in codes(result)
    assert any(f.code.startswith("IF") and "JSON" in f.message for f in result.findings)
    assert param(result, "format_compliance").score == 0.0
    assert "reported by instruction following" in param(result, "format_compliance").detail


def test_yaml_and_csv_requests_are_parsed_as_such():
    yaml_out = "name: John Smith\nemail: john.smith@acme.com\n"
    assert param(run("Extract the name and email as YAML.", yaml_out), "format_compliance").score == 1.0
    csv_out = "name,email\nJohn Smith,john.smith@acme.com\nMary Jones,mary@acme.com\n"
    result = run("List the people and their email addresses as CSV.", csv_out)
    assert param(result, "format_compliance").score == 1.0
    ragged = "name,email\nJohn Smith,john.smith@acme.com,extra\n"
    assert param(run("List the people and emails as CSV.", ragged), "format_compliance").score == 0.0


def test_no_format_requested_is_not_applicable():
    result = run("Extract the name and email.", "Name: John Smith\nEmail: john.smith@acme.com")
    assert param(result, "format_compliance").status == "not_applicable"


def test_schema_violations_are_reported_on_the_offending_values():
    prompt = f"Extract the invoice. The output must follow this schema:\n{json.dumps(SCHEMA)}"
    output = json.dumps({"name": "John Smith", "total": "4500", "currency": "dollars"})
    result = run(prompt, output)
    violations = [f for f in result.findings if f.code == "EX002"]
    assert [(f.data["path"], f.evidence) for f in violations] == [("total", '"4500"'), ("currency", '"dollars"')]
    assert param(result, "format_compliance").score == 0.6


def test_output_valid_against_the_schema_has_no_violation():
    prompt = f"Extract the invoice. The output must follow this schema:\n{json.dumps(SCHEMA)}"
    result = run(prompt, json.dumps({"name": "John Smith", "total": 4500.0, "currency": "USD"}))
    assert not {"EX002", "EX003", "EX004"} & set(codes(result))
    assert param(result, "format_compliance").score == 1.0
    assert param(result, "entity_completeness").score == 1.0


def test_json_nodes_carry_exact_spans():
    text = 'x = {"a": [1, {"b": "two"}], "c": null}'
    nodes = {node.path: node for node in json_nodes(text, 4)}
    assert text[nodes[("a", 1, "b")].span.start : nodes[("a", 1, "b")].span.end] == '"two"'
    assert text[nodes[("c",)].key_span.start : nodes[("c",)].key_span.end] == '"c"'
    assert nodes[()].span.end == len(text)


# --- fields and entities ------------------------------------------------------------------------------------------


def test_field_names_match_across_spellings():
    assert key_matches("order date", "order_date") and key_matches("order date", "orderDate")
    assert key_matches("phone", "phone_number") and key_matches("Due Dates", "due_date")
    assert not key_matches("email", "name")


def test_field_lists_are_read_only_where_the_prompt_lists_fields():
    listed = run("Return JSON with the fields: name, email and phone.", GOOD_JSON)
    assert [f.data["field"] for f in listed.findings if f.code == "EX003"] == ["phone"]
    adjective = run("Extract the key points from the email as JSON.", GOOD_JSON)
    assert param(adjective, "entity_completeness").status == "not_applicable"
    assert "EX004" not in codes(adjective)


def test_a_missing_requested_field_is_reported():
    result = run("Extract the name, email, phone number and order date. Return JSON.", GOOD_JSON)
    missing = [f.data["field"] for f in result.findings if f.code == "EX003"]
    assert missing == ["phone number"]
    assert param(result, "entity_completeness").score == 0.75


def test_schema_required_fields_missing_are_reported_as_missing_not_as_violations():
    prompt = f"Extract the invoice as JSON matching this schema:\n{json.dumps(SCHEMA)}"
    result = run(prompt, json.dumps({"name": "John Smith", "total": 4500}))
    assert [f.data["field"] for f in result.findings if f.code == "EX003"] == ["currency"]
    assert "EX002" not in codes(result)


def test_missing_entities_of_the_requested_kind_are_reported():
    result = run("Extract all email addresses from the email.", "john.smith@acme.com")
    missing = [f.data["entity"] for f in result.findings if f.code == "EX006"]
    assert missing == ["mary@acme.com"]
    assert param(result, "entity_completeness").score == 0.5


def test_every_entity_present_raises_nothing():
    result = run("Extract all email addresses from the email.", "- john.smith@acme.com\n- mary@acme.com")
    assert "EX006" not in codes(result)
    assert param(result, "entity_completeness").score == 1.0


def test_plural_kinds_in_an_extraction_list_are_entity_kinds_and_places_are_not_people():
    source = ("<text>Priya Raman ordered a desk on 12 January 2025 for delivery to 14 Elm Street. "
              "Tom Baker from Acme Corp confirmed it.</text>")
    result = run("Pull out all dates and people mentioned in the text.", "- Priya Raman\n- 12 January 2025", source)
    assert [f.data["entity"] for f in result.findings if f.code == "EX006"] == ["Tom Baker"]
    assert "EX003" not in codes(result)


# --- invention ----------------------------------------------------------------------------------------------------


def test_values_absent_from_the_source_are_unverifiable():
    output = json.dumps({"name": "John Smith", "company": "Acme Industries", "quantity": 1300})
    result = run("Extract the name, company and quantity. Return JSON.", output)
    flagged = {f.data["value"]: f for f in result.findings if f.code == "EX005"}
    assert set(flagged) == {"Acme Industries", "1300"}
    assert flagged["Acme Industries"].data["missing"] == ["industries"]
    assert "unverifiable here" in flagged["1300"].message


def test_reformatted_values_are_found_in_the_source():
    source = SourceIndex.of(SOURCE)
    for value in ("2024-03-05", "03/05/2024", "(555) 123-4567", 1200, "1200", "$4,500", 4500.0, "Smith, John",
                  "JOHN.SMITH@ACME.COM"):
        assert value_in_source(value, source)[0], value


def test_keys_outside_the_example_object_are_invented_fields():
    prompt = 'Extract the contact. Return it in this format: {"name": "...", "email": "..."}'
    output = json.dumps({"name": "John Smith", "email": "john.smith@acme.com", "title": "CEO"})
    result = run(prompt, output)
    assert [f.data["field"] for f in result.findings if f.code == "EX004"] == ["title"]
    assert "EX003" not in codes(result)


def test_keys_matching_the_example_are_not_invented():
    prompt = 'Extract the contact. Return it in this format: {"name": "...", "email": "..."}'
    result = run(prompt, json.dumps({"name": "John Smith", "email": "john.smith@acme.com"}))
    assert not {"EX004", "EX005"} & set(codes(result))
    assert param(result, "no_invention").score == 1.0


def test_labels_the_prompt_offers_are_not_invented_values():
    prompt = "Extract the customer name and classify the sentiment as positive or negative. Return JSON."
    output = json.dumps({"name": "John Smith", "sentiment": "positive"})
    assert "EX005" not in codes(run(prompt, output))


def test_no_source_means_values_cannot_be_checked():
    result = check("---\ntask: extraction\n---\nExtract the name and email. Return JSON.", GOOD_JSON, tiers=TIER_0)
    assert param(result, "no_invention").status == "not_applicable"


def test_extract_from_the_text_below_runs_the_extraction_profile():
    result = check(f"Extract the name and email from the text below. Return JSON.\n\n{SOURCE.replace('email', 'text')}",
                   GOOD_JSON, tiers=TIER_0)
    assert result.profile.task == "extraction"
    assert param(result, "format_compliance").status == "ok"
