"""Instruction-following rules: one code per constraint kind, a prompt rule for conflicting constraints and an
information rule that shows each constraint Rubriq extracted and checked."""

from rubriq.core.rules import define

_IFEVAL = "Zhou et al. 2023, Instruction-Following Evaluation for Large Language Models (IFEval); research log 1.8"
_RUBRIQ = "Rubriq research log 1.8 (IFEval adaptation: constraints extracted from people's prompts)"
_PARAMETER = "instruction_following"
MISSED, FORMAT = "missed_constraint", "format_violation"

# kind -> (code, name, title, failure mode, how it is checked)
KIND_RULES: dict[str, tuple[str, str, str, str, str]] = {
    "length_constraints:number_words": (
        "IF001", "word-count", "Word count outside the requested limit", MISSED,
        "Words are `\\w+` tokens, as IFEval counts them. \"less than N\" passes with fewer than N words, \"at least "
        "N\" with N or more; \"at most N\" is read as fewer than N+1, \"more than N\" as at least N+1."),
    "length_constraints:number_sentences": (
        "IF002", "sentence-count", "Sentence count outside the requested limit", MISSED,
        "Sentences come from Punkt's English model, as in IFEval; relations as for word counts, \"exactly N\" "
        "requires N sentences."),
    "length_constraints:number_paragraphs": (
        "IF003", "divided-paragraph-count", "Wrong number of ***-separated paragraphs", MISSED,
        "Paragraphs are the parts between markdown dividers `***`; an empty part between two dividers fails. "
        "The count must equal the requested number."),
    "length_constraints:nth_paragraph_first_word": (
        "IF004", "paragraph-first-word", "Paragraph does not start with the requested word", MISSED,
        "Paragraphs are separated by a blank line; the nth paragraph's first word (lowercased, up to its first "
        "punctuation mark) must be the requested word, and the paragraph count must match when one was stated."),
    "keywords:existence": (
        "IF005", "required-keywords", "Required keyword missing", MISSED,
        "Each requested keyword must occur in the output (case-insensitive)."),
    "keywords:frequency": (
        "IF006", "keyword-frequency", "Keyword used too often or too rarely", MISSED,
        "Case-insensitive occurrences of the keyword, counted against the relation (less than / at least)."),
    "keywords:forbidden_words": (
        "IF007", "forbidden-words", "Forbidden word used", MISSED,
        "Each forbidden word is searched as a whole word, case-insensitively; every occurrence is marked."),
    "keywords:letter_frequency": (
        "IF008", "letter-frequency", "Letter used too often or too rarely", MISSED,
        "Case-insensitive count of one letter against the relation (less than / at least)."),
    "language:response_language": (
        "IF009", "response-language", "Response in the wrong language", MISSED,
        "The language detected by langdetect (seeded, so the verdict is deterministic) must be the requested one."),
    "change_case:english_capital": (
        "IF010", "all-capitals", "Not all capital letters", MISSED,
        "The output must contain no lowercase letter and be detected as English."),
    "change_case:english_lowercase": (
        "IF011", "all-lowercase", "Not all lowercase letters", MISSED,
        "The output must contain no capital letter and be detected as English."),
    "change_case:capital_word_frequency": (
        "IF012", "capital-word-frequency", "Too many or too few words in capitals", MISSED,
        "Words written entirely in capitals, split as `nltk.word_tokenize` splits them (Punkt sentences, then NLTK's "
        "Treebank-style tokenizer: \"DON'T\" is DO + N'T), counted against the relation."),
    "punctuation:no_comma": (
        "IF013", "no-commas", "Comma used", MISSED, "The output must not contain a comma; each comma is marked."),
    "startend:end_checker": (
        "IF014", "end-phrase", "Does not end with the requested phrase", MISSED,
        "The output, stripped of surrounding blanks and double quotes, must end with the phrase "
        "(case-insensitive)."),
    "startend:quotation": (
        "IF015", "quotation-wrap", "Not wrapped in double quotation marks", FORMAT,
        "The stripped output must start and end with a straight double quote."),
    "combination:repeat_prompt": (
        "IF016", "repeat-request", "Does not start by repeating the request", MISSED,
        "The stripped output must start with the request as written in the prompt (case-insensitive)."),
    "combination:two_responses": (
        "IF017", "two-responses", "Not two different responses separated by ******", FORMAT,
        "Splitting at `******` must give exactly two non-empty, different responses."),
    "detectable_content:number_placeholders": (
        "IF018", "placeholders", "Too few [placeholders]", MISSED,
        "Placeholders are bracketed runs `[...]`; there must be at least the requested number."),
    "detectable_content:postscript": (
        "IF019", "postscript", "Postscript missing", MISSED,
        "A line must start with the marker (P.S., P.P.S or the stated one), case-insensitive."),
    "detectable_format:json_format": (
        "IF020", "json-format", "Not valid JSON", FORMAT,
        "After removing a surrounding ```json fence, the whole output must parse as JSON."),
    "detectable_format:title": (
        "IF021", "title", "Title in <<double angular brackets>> missing", FORMAT,
        "The output must contain a non-empty title `<<title>>` on one line."),
    "detectable_format:number_highlighted_sections": (
        "IF022", "highlighted-sections", "Too few highlighted sections", FORMAT,
        "Highlighted sections are non-empty `*text*` or `**text**` spans on one line; at least the requested number."),
    "detectable_format:multiple_sections": (
        "IF023", "marked-sections", "Too few sections marked as requested", FORMAT,
        "Sections start with the requested marker and a number (`SECTION 1`, case-sensitive); at least the "
        "requested number."),
    "detectable_format:number_bullet_lists": (
        "IF024", "bullet-count", "Wrong number of bullet points", FORMAT,
        "Bullet points are lines starting with `*` (not `**`) or `-`; the count must equal the requested number."),
    "detectable_format:constrained_response": (
        "IF025", "constrained-response", "None of the allowed answers given", FORMAT,
        "The output must contain one of: My answer is yes. / My answer is no. / My answer is maybe."),
    "rubriq:approximate_words": (
        "IF030", "approximate-length", "Length far from the requested word count", MISSED,
        "\"About N words\" (and a bare \"in N words\") passes within 10% of N, counting `\\w+` words."),
    "rubriq:required_phrase": (
        "IF031", "required-phrase", "Required phrase missing", MISSED,
        "A quoted multi-word phrase the prompt asks for must occur in the output (case-insensitive)."),
    "rubriq:number_paragraphs": (
        "IF032", "paragraph-count", "Wrong number of paragraphs", MISSED,
        "Paragraphs are blocks separated by blank lines; the count must match the requested number."),
    "rubriq:bullet_count": (
        "IF033", "bullet-range", "Bullet points outside the requested range", FORMAT,
        "Bullet points (lines starting with `*` or `-`) counted against a range such as 3-5, at least or at most N."),
    "rubriq:bullet_list": (
        "IF034", "bullet-list", "List missing", FORMAT, "At least one bullet or numbered item is required."),
    "rubriq:no_lists": (
        "IF035", "no-lists", "List used where none was wanted", FORMAT,
        "The prompt asked for no bullet points or lists; each list item is marked."),
    "rubriq:numbered_list": (
        "IF036", "numbered-list", "Numbered list missing or of the wrong length", FORMAT,
        "Lines starting with `1.` or `1)`; their count must match when the prompt states one."),
    "rubriq:yaml_format": (
        "IF037", "yaml-format", "Not valid YAML", FORMAT,
        "The output (without a surrounding code fence) must parse with `yaml.safe_load` to a mapping or list."),
    "rubriq:markdown_table": (
        "IF038", "markdown-table", "Markdown table missing", FORMAT,
        "A table needs a `|---|` rule line and at least three `|` rows (header, rule, one row)."),
    "rubriq:csv_format": (
        "IF039", "csv-format", "Not CSV", FORMAT,
        "At least two rows of equal width (more than one column), read with Python's csv module."),
    "rubriq:headings": (
        "IF040", "headings", "Headings missing", FORMAT, "At least one markdown heading (`#` to `######`)."),
    "rubriq:reading_level": (
        "IF041", "reading-level", "Reading level above the requested grade", MISSED,
        "Flesch-Kincaid grade level of the output must be at most the requested grade plus one."),
    "rubriq:haiku": (
        "IF042", "haiku-form", "No three-line stanza for the requested haiku", MISSED,
        "A haiku is checked by form only: some stanza must have exactly three lines (titles excluded)."),
    "rubriq:number_characters": (
        "IF043", "character-count", "Character count outside the requested limit", MISSED,
        "Characters of the output without its surrounding blanks, against the relation (\"under 280 characters\")."),
    # Code, read statically: Python through its syntax tree, JavaScript imports by pattern; nothing is executed.
    "rubriq:code_function_names": (
        "IF044", "code-function-names", "A requested function or class is not defined", MISSED,
        "Each name the prompt gives (\"a function `parse_log(path)`\") must be defined in the code: a `def` or "
        "`class` in Python, a function, class or `const f = ...` in other languages."),
    "rubriq:code_type_hints": (
        "IF045", "code-type-hints", "Functions without type hints", MISSED,
        "Every Python function must annotate each parameter (`self` and `cls` aside) and its return type; each "
        "function that does not is marked. Code in other languages is not read."),
    "rubriq:code_stdlib_only": (
        "IF046", "code-stdlib-only", "Imports outside the standard library", MISSED,
        "Every Python import must be a standard-library module (`sys.stdlib_module_names`), every JavaScript import "
        "a Node built-in or a relative path; each other import is marked."),
    "rubriq:code_forbidden_import": (
        "IF047", "code-forbidden-import", "A module the prompt ruled out is imported", MISSED,
        "None of the named modules may be imported (\"don't use numpy\"); package names map to their import names "
        "(scikit-learn to sklearn)."),
    "rubriq:code_min_tests": (
        "IF048", "code-test-count", "Too few tests", MISSED,
        "Test functions are Python functions and methods named `test*` and JavaScript `test(...)` / `it(...)` "
        "calls; there must be at least the requested number."),
    "rubriq:code_docstrings": (
        "IF049", "code-docstrings", "Functions or classes without a docstring", MISSED,
        "Every Python function and class must have a docstring; each one without is marked."),
    "rubriq:code_block_count": (
        "IF050", "code-block-count", "Wrong number of code blocks", FORMAT,
        "Fenced code blocks (```), counted against the requested number."),
    "rubriq:no_code_blocks": (
        "IF051", "no-code-blocks", "Code fence used where none was wanted", FORMAT,
        "The prompt asked for no markdown fences; each fenced block is marked."),
    "rubriq:code_only": (
        "IF052", "code-only", "Text outside the code", FORMAT,
        "The prompt asked for only the code: nothing but blanks may stand outside the code blocks."),
    "rubriq:no_prose_after_code": (
        "IF053", "no-prose-after-code", "Text after the code", FORMAT,
        "Nothing but blanks may follow the last code block; the text after it is marked."),
    "rubriq:explanation_length": (
        "IF054", "explanation-length", "Explanation around the code too long", MISSED,
        "Words (`\\w+`) or Punkt sentences of the prose outside the code blocks, against the relation (\"keep "
        "the explanation under 50 words\"). Without code, the whole output is the explanation."),
    # Shapes beyond IFEval
    "rubriq:json_keys": (
        "IF055", "json-keys", "JSON object without the requested keys", FORMAT,
        "The output must parse as JSON; the top-level object, or each object of a top-level array, must have every "
        "requested key."),
    "rubriq:json_no_extra_keys": (
        "IF056", "json-extra-keys", "JSON keys the prompt did not ask for", FORMAT,
        "The JSON objects may have no key beyond the requested ones; each other key is marked."),
    "rubriq:json_key_case": (
        "IF057", "json-key-case", "JSON keys not in snake_case", FORMAT,
        "Every key of the JSON objects must be snake_case (lowercase words joined by underscores)."),
    "rubriq:table_columns": (
        "IF058", "table-columns", "Table without the requested columns", FORMAT,
        "The header row of the first markdown table (or a CSV's first row) must hold every requested column "
        "(case-insensitive, emphasis ignored)."),
    "rubriq:item_count": (
        "IF059", "item-count", "Wrong number of items", FORMAT,
        "List items (bulleted or numbered; without a list, the non-empty lines) counted against the relation "
        "(\"brainstorm 10 names\", \"three at most\")."),
    "rubriq:item_length": (
        "IF060", "item-length", "List items outside the word limit", MISSED,
        "Words (`\\w+`) of each list item, its marker left out, against the relation (\"each name two or three "
        "words\"); each item outside it is marked."),
    "rubriq:bullets_per_section": (
        "IF061", "bullets-per-section", "Too many or too few bullet points in a section", FORMAT,
        "The list items under each markdown heading, counted against the relation."),
    "rubriq:number_lines": (
        "IF062", "line-count", "Wrong number of lines", FORMAT,
        "Non-empty lines of the output against the relation (\"a one-line answer\", \"eight lines\")."),
    "rubriq:number_stanzas": (
        "IF063", "stanza-count", "Wrong number of stanzas", MISSED,
        "Stanzas are blocks separated by blank lines (a lone title line before them does not count); the count "
        "must equal the requested number."),
    "rubriq:lines_per_stanza": (
        "IF064", "lines-per-stanza", "Stanzas of the wrong length", MISSED,
        "Every stanza must have the requested number of non-empty lines; each one that does not is marked."),
    "rubriq:section_labels": (
        "IF065", "section-labels", "A requested section label is missing", FORMAT,
        "Each label the prompt names (\"under the headings Clothing, Sleeping and Kitchen\") must start a line: as "
        "a heading, in bold, as `Label:` or as `[Label]` (case-insensitive)."),
    "rubriq:starts_with": (
        "IF066", "starts-with", "Does not start as requested", MISSED,
        "The stripped output must start with one of the requested openings (case-insensitive, emphasis ignored)."),
    "rubriq:last_line_starts_with": (
        "IF067", "last-line-starts-with", "The last line does not start as requested", MISSED,
        "The last non-empty line must start with one of the requested openings (\"end with a line that starts "
        "with 'Next meeting:'\"), case-insensitive."),
    "rubriq:last_sentence_starts_with": (
        "IF068", "last-sentence-starts-with", "The last sentence does not start as requested", MISSED,
        "The last Punkt sentence must start with one of the requested openings (case-insensitive)."),
    "rubriq:ends_with_question": (
        "IF069", "ends-with-question", "Does not end with a question", MISSED,
        "The last sentence must end with a question mark (closing quotes and emphasis ignored)."),
    "rubriq:bold_answer": (
        "IF070", "bold-answer", "Final answer not in bold", FORMAT,
        "The last paragraph must hold bold text (`**answer**` or `__answer__`)."),
    "rubriq:no_emoji": (
        "IF071", "no-emoji", "Emoji used where none was wanted", FORMAT,
        "The output must contain no emoji (pictographs, symbols, flags, dingbats); each one is marked."),
    "rubriq:emoji_count": (
        "IF072", "emoji-count", "Wrong number of emoji", FORMAT, "Emoji counted against the relation."),
    "rubriq:no_headings": (
        "IF073", "no-headings", "Heading used where none was wanted", FORMAT,
        "The output must contain no markdown heading line (`#` to `######`); each one is marked."),
    "rubriq:no_markdown": (
        "IF074", "no-markdown", "Markdown used where plain text was wanted", FORMAT,
        "No headings, bold or italics, list markers, table rules or code fences; each one is marked."),
    "rubriq:all_lowercase": (
        "IF075", "lowercase-any-language", "Capital letters used", MISSED,
        "The output must contain no capital letter, in any language (the all-lowercase constraint of a prompt "
        "written in Spanish, French or German); each word with one is marked."),
    "rubriq:all_uppercase": (
        "IF078", "capitals-any-language", "Lowercase letters used", MISSED,
        "The output must contain no lowercase letter, in any language (the all-capitals constraint of a prompt "
        "written in Spanish, French or German); each word with one is marked."),
    "rubriq:field_length": (
        "IF079", "field-length", "A field's value outside the requested length", MISSED,
        "The words (`\\w+`) of the named field's value: the key of that name in each JSON object, else the text "
        "after a \"Field:\" line; each value must keep within the relation (\"the summary field under 20 words\")."),
    "rubriq:postscript_content": (
        "IF076", "postscript-content", "Postscript missing or without the requested content", MISSED,
        "A line must start with the marker (P.S. or the stated one), and the postscript from there on must hold each "
        "content word the prompt gives (in any of its forms)."),
    "rubriq:forbidden_topic": (
        "IF077", "forbidden-topic", "A topic the prompt ruled out is mentioned", MISSED,
        "The topic's words (\"do not mention the budget\": budget, budgets, budgeted ...) may not appear, each in "
        "any of its forms, in sequence; every mention is marked. At the model tier, `IF092` also points at sentences "
        "that talk about the topic without naming it."),
}

CODE_FOR_KIND: dict[str, str] = {kind: spec[0] for kind, spec in KIND_RULES.items()}
CONFLICT_CODE, CHECKED_CODE, TOPIC_BY_MEANING_CODE = "IF090", "IF091", "IF092"

for _kind, (_code, _name, _title, _mode, _how) in KIND_RULES.items():
    _ifeval = not _kind.startswith("rubriq:")
    define(
        _code, _name, _title, parameter=_PARAMETER, severity="warning", failure_mode=_mode,
        source=_IFEVAL if _ifeval else _RUBRIQ,
        definition=f"""
Constraint kind `{_kind}`{' (an IFEval instruction type)' if _ifeval else ' (a Rubriq kind beyond IFEval)'}.
The prompt states it; the output does not satisfy it. {_how}

The finding marks the offending part of the output and its data carries the constraint (`kind`, `params`, the
wording), the measured value and where the prompt stated it (`prompt_start`, `prompt_end`). Strict verdict; the
data also says whether IFEval's loose variant (first or last line removed, `*` removed) would pass.
""",
    )

define(
    CONFLICT_CODE, "conflicting-constraints", "The prompt states constraints no output can satisfy together",
    parameter="", severity="warning", source=_RUBRIQ, failure_mode=MISSED,
    definition="""
Two constraints extracted from the prompt contradict each other: bounds with no count between them (at least 300
and at most 100 words), all capitals and all lowercase, a keyword both required and forbidden, two response
languages or two whole-response formats. One of them will fail whatever the model writes; reword the prompt.
""",
)
define(
    CHECKED_CODE, "checked-constraint", "A constraint Rubriq extracted from the prompt and checks",
    parameter="", severity="information", source=_RUBRIQ,
    definition="""
Shown on the part of the prompt that states a verifiable constraint ("checked: at most 300 words"), so you see what
Rubriq understood. Extraction is conservative and pattern-based; a constraint read wrongly is visible here and its
code can be ignored in front matter (`ignore:`).
""",
)
define(
    TOPIC_BY_MEANING_CODE, "topic-by-meaning", "A sentence may talk about a topic the prompt ruled out",
    parameter="", severity="information", source=_RUBRIQ,
    definition="""
The prompt rules a topic out ("do not mention the budget") and, at the model tier, an output sentence reads as
talking about it without naming it ("we can spend no more than $40,000"). Cosine similarity between the
sentence's embedding and that of "talking about <topic>" at or above 0.292, the threshold chosen on the
development half of `tests/corpus/forbidden_topics/` for precision 0.9 (`python bench/forbidden_topics.py`:
development precision 0.91, recall 0.67; test precision 1.00, recall 0.67). Sentences that name the topic are
`IF077`'s. Information only: a reader decides whether the sentence is about the topic.
""",
)
