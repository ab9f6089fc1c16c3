"""Rules of extraction tasks: the requested format or schema, the requested fields, nothing invented."""

from rubriq.core.rules import define

_FORMAT = "Rubriq research log 1.8 (IFEval format constraints) and Part 3 (extraction: schema/format compliance)"
_ENTITIES = "Rubriq research log 1.2 adaptation and Part 3 (extraction: completeness vs. source entities)"
_INVENTION = "Rubriq research log 1.9 and Part 3 (extraction: no-invention check), a risk signal"

define(
    "EX001", "extraction-format-invalid", "The requested format does not parse",
    parameter="format_compliance", severity="error", source=_FORMAT, failure_mode="format_violation",
    definition="""
The prompt asks for JSON, YAML or CSV (or gives a JSON Schema or an example object), and the output is not that
format: JSON is read with `json.loads`, YAML with `yaml.safe_load` (it must give a mapping or a list), CSV with the
`csv` module (at least two columns, every row as wide as the header). Also reported when the data parses but is
wrapped in prose the format does not allow. When instruction following already checks the same whole-response
format in this profile, that finding stands alone and this one is not repeated.
""",
)
define(
    "EX002", "schema-violation", "A value violates the requested schema",
    parameter="format_compliance", severity="warning", source=_FORMAT, failure_mode="format_violation",
    definition="""
When the prompt gives a JSON Schema, the output's JSON is validated with `jsonschema` (the draft the schema
declares, Draft 2020-12 otherwise). Each type, enum, pattern, format, range or length violation is reported on the
offending value with the validator's message. Missing required properties are EX003 and properties the schema
forbids are EX004.
""",
)
define(
    "EX003", "missing-field", "A requested field is missing",
    parameter="entity_completeness", severity="warning", source=_ENTITIES, failure_mode="incomplete_coverage",
    definition="""
Fields the prompt asks for (a schema's required properties, the keys of an example object, "fields: name, email,
phone", "extract the name, date and amount") must appear as keys of the output (any depth of the JSON or YAML, the
CSV header, `Key: value` lines). Names match across spellings: `due date`, `due_date`, `dueDate` and `DueDate` are
the same field, and `phone` matches `phone number`.
""",
)
define(
    "EX004", "invented-field", "A field the prompt did not ask for",
    parameter="no_invention", severity="information", source=_INVENTION, failure_mode="invented_fields",
    badge="risk-signal",
    definition="""
The prompt fixes the fields (a JSON Schema, an example object or an explicit list of keys) and the output adds a key
that matches none of them. Extra fields are where extraction models tend to put inferred or invented data.
""",
)
define(
    "EX005", "invented-value", "A value does not occur in the source",
    parameter="no_invention", severity="warning", source=_INVENTION, failure_mode="invented_fields",
    badge="risk-signal",
    definition="""
Every extracted value (JSON/YAML leaves, CSV cells, `Key: value` values) is looked up in the prompt's source text:
numbers by value (`1,200.00` = `1200`), digit strings such as phone numbers by their digits, dates by day, month and
year across formats, text case- and punctuation-insensitively, word by word (reordering is allowed). A value with
words the source does not contain is reported as **unverifiable here**: it may be inferred, normalised beyond
recognition, or invented. Values the prompt itself offers (an enum, a label set) are not reported.
""",
)
define(
    "EX006", "missing-entity", "A source entity of the requested kind is missing",
    parameter="entity_completeness", severity="information", source=_ENTITIES, failure_mode="incomplete_coverage",
    definition="""
The prompt asks for every entity of a kind ("all email addresses", "every date", "all the people") and the source
contains one that the output does not: emails, URLs, phone numbers (by digits), dates (across formats), amounts (by
value), people (capitalised multi-word names not ending in a place or organisation word such as "Street" or "Inc")
and organisations (names ending in such a word) are found by pattern in the source and looked up in the output.
Plural kinds in an extraction list ("pull out all dates and people") are read as entity kinds, not field names.
""",
)
