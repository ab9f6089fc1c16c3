"""Hypothesis strategies for hostile prompt/output pairs: unicode that breaks naive code, front matter that breaks
YAML, every kind of constraint with hostile numbers, source blocks left open, nesting and very long lines.

Sizes are kept moderate (a few KB, lines up to `long_line` characters) so that one example runs in milliseconds;
the linear-work tests and `bench/growth.py` cover size itself.
"""

from __future__ import annotations

from hypothesis import strategies as st

# Characters that trip up text handling: combining marks, zero-width and bidi controls, astral emoji (two UTF-16
# units), a lone surrogate (legal in JSON from an editor), NUL and other controls, CR alone, full-width digits and
# other Unicode digits, ligatures, the BOM, line and paragraph separators.
HOSTILE_CHARS = (
    "\u0301", "\u0336", "\u200b", "\u200d", "\u200e", "\u202e", "\u2066", "\ufeff", "\u2028", "\u2029", "\x00",
    "\x07", "\x1b", "\r", "\t", "\x0b", "\x0c", "\x85", "\ud800", "\udfff", "😀", "👩‍👩‍👧", "🇩🇪", "𝔘", "ﬁ", "ß",
    "İ", "ǅ", "٣", "१", "５", "½", "⅓", "²", "Ⅻ", "∞", "−", "–", "—", "…", "“", "”", "‘", "’", "«", "»", "¿",
    "\u00a0", "\u3000", "ا", "ש", "中", "한", "ア", "ไ", "\U0010ffff",
)
NUMBERS = ("0", "1", "-1", "-0", "3", "10", "007", "2.5", ".5", "1e9", "1e999", "1,000", "1 000", "10^6",
           "99999999999999999999999999", "-99999999999", "NaN", "inf", "½", "٣", "５", "three", "zero", "a million",
           "twenty-one", "0x10", "1_000")
UNITS = ("words", "word", "sentences", "sentence", "paragraphs", "paragraph", "characters", "letters", "bullet points",
         "sections", "placeholders", "lines", "times", "highlighted sections", "tokens", "pages")
RELATIONS = ("at least", "at most", "less than", "more than", "fewer than", "exactly", "under", "over", "no more than",
             "between 3 and", "up to", "a minimum of", "a maximum of", "around", "")
CONSTRAINT_TEMPLATES = (
    "Answer in {rel} {n} {unit}.",
    "Your response should contain {rel} {n} {unit}.",
    "Use the word \"{word}\" {rel} {n} times.",
    "Do not use the word \"{word}\".",
    "Do not use any commas.",
    "Your entire response should be in English, and in all lowercase letters.",
    "Your entire response should be in all capital letters.",
    "Wrap your entire response in JSON format.",
    "Wrap your entire response with double quotation marks.",
    "Finish your response with this exact phrase: {word}. No other words should follow.",
    "At the end of your response, please add a postscript starting with P.{word}",
    "Include a title wrapped in double angular brackets, such as <<{word}>>.",
    "Highlight at least {n} sections with markdown, i.e. *highlighted section*.",
    "Your response must have {n} sections. Mark the beginning of each section with SECTION X.",
    "Your answer must contain exactly {n} bullet points. Use the markdown bullet points such as: * This is a point.",
    "The response must contain at least {n} placeholders represented by square brackets, such as [address].",
    "There should be {n} paragraphs. Paragraphs are separated with the markdown divider: ***",
    "Paragraph {n} must start with the word {word}.",
    "First repeat the request word for word without change, then give your answer.",
    "Give two different responses. Responses and only responses should be separated by 6 asterisk symbols: ******.",
    "Answer with one of the following options: (A) yes (B) no.",
    "In your response, the letter {word} should appear {rel} {n} times.",
    "Your ENTIRE response should be in {word} language, no other language is allowed.",
    "Respond in CSV format.",
    "Format the answer as a markdown table.",
    "Write it in under {n} characters.",
    "Include the keywords {word}, {word2} in the response.",
    "Use at most {n} words with all capital letters.",
)
WORDS = ("the", "a", "and", "rock", "peace", "war", "mom", "[x]", "*", "\\d+", "(", "<<", "P.S", "SECTION", "é",
         "😀", "", " ", "---", "Text:", "\"", "''", "\\", "$1", "%s", "{0}", "a" * 300)


def _hostile_piece() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE_CHARS),
        st.text(min_size=1, max_size=12),
        st.sampled_from(NUMBERS),
        st.sampled_from(WORDS),
    )


@st.composite
def hostile_text(draw: st.DrawFn, max_pieces: int = 30) -> str:
    """Ordinary words mixed with hostile characters and tokens."""
    pieces = draw(st.lists(st.one_of(_hostile_piece(), st.sampled_from(PROSE_WORDS)), max_size=max_pieces))
    return draw(st.sampled_from(["", " ", "\n"])).join(pieces)


PROSE_WORDS = (
    "The", "keeper", "climbed", "ninety", "steps", "and", "lit", "the", "lamp.", "However,", "it", "might", "be",
    "true", "that", "in", "2023", "the", "team", "handed", "out", "61,000", "parcels", "(according", "to", "reports).",
    "Experts", "agree", "this", "is", "definitely", "the", "best", "approach.", "Out", "of", "the", "blue,", "suddenly",
    "she", "saw", "it.", "In", "conclusion,", "it", "is", "important", "to", "note", "that", "very", "unique", "ideas",
    "delve", "into", "a", "rich", "tapestry.", "First,", "second,", "finally.", "x = 1", "return", "def", "f():",
)


@st.composite
def prose(draw: st.DrawFn) -> str:
    sentences = draw(st.lists(st.lists(st.sampled_from(PROSE_WORDS), min_size=1, max_size=25).map(" ".join),
                              max_size=12))
    return draw(st.sampled_from([" ", "\n", "\n\n"])).join(sentences)


@st.composite
def constraint(draw: st.DrawFn) -> str:
    template = draw(st.sampled_from(CONSTRAINT_TEMPLATES))
    return template.format(rel=draw(st.sampled_from(RELATIONS)), n=draw(st.sampled_from(NUMBERS)),
                           unit=draw(st.sampled_from(UNITS)), word=draw(st.sampled_from(WORDS)),
                           word2=draw(st.sampled_from(WORDS)))


FRONT_MATTER_VALUES = (
    "gpt-4.1", "claude-3-5-sonnet", "gemini", "llama", "", "null", "~", "[]", "{}", "[a, b]", "{a: 1}", "yes", "no",
    "on", "1e999", "-1", "!!int abc", "!!float abc", "!!bool maybe", "!!timestamp 2024-99-99", "!!binary x",
    "!!python/object:os.system x", "&a [*a]", "*undefined", "'unterminated", "\"\\ud800\"", "|\n  block\n  text",
    ">\n  folded", "[" * 600 + "]" * 600, "{a: " * 300 + "1" + "}" * 300, "summarization", "grounded_qa", "nonsense",
    "[FM002, RS001, XX999]", "FM002", "{readability: 2, faithfulness: -1, nothing: 3}", "{readability: abc}",
)
FRONT_MATTER_KEYS = ("model", "family", "task", "audience", "weights", "ignore", "unknown", "modle", "? complex",
                     "1", "true", "\"quoted: key\"", "- list")


@st.composite
def front_matter(draw: st.DrawFn) -> str:
    if not draw(st.booleans()):
        return ""
    lines = [f"{draw(st.sampled_from(FRONT_MATTER_KEYS))}: {draw(st.sampled_from(FRONT_MATTER_VALUES))}"
             for _ in range(draw(st.integers(0, 6)))]
    if draw(st.integers(0, 9)) == 0:
        lines.append(draw(hostile_text(8)))
    closing = draw(st.sampled_from(["---\n", "---", "--- \n", "...\n", ""]))  # "" leaves it unclosed
    return "---\n" + "\n".join(lines) + "\n" + closing


@st.composite
def source_block(draw: st.DrawFn) -> str:
    body = draw(st.one_of(prose(), hostile_text()))
    tag = draw(st.sampled_from(["document", "context", "article", "text", "source", "data", "code"]))
    shape = draw(st.integers(0, 8))
    if shape == 0:
        return f"<{tag}>\n{body}\n</{tag}>"
    if shape == 1:
        return f"<{tag}>\n{body}"  # never closed
    if shape == 2:
        return f"```{draw(st.sampled_from(['', 'python', 'json', 'text']))}\n{body}\n```"
    if shape == 3:
        return f"```\n{body}"  # unclosed fence
    if shape == 4:
        return f'"""\n{body}\n"""'
    if shape == 5:
        return f"{draw(st.sampled_from(['Text', 'Article', 'Context', 'Input']))}: {body}\nQuestion: what happened?"
    if shape == 6:
        return "<" + tag + ">" * draw(st.integers(1, 3)) + body + "</" * draw(st.integers(1, 3)) + tag
    if shape == 7:
        return "<document>" * draw(st.integers(2, 40)) + body + "</document>" * draw(st.integers(0, 40))
    return f"“{body}”"


@st.composite
def prompt_text(draw: st.DrawFn) -> str:
    parts = [draw(front_matter())]
    body = draw(st.lists(st.one_of(prose(), constraint(), source_block(), hostile_text()), max_size=6))
    parts.append(draw(st.sampled_from(["\n", "\n\n", " "])).join(body))
    return "".join(parts)


MARKDOWN = ("# Title", "## Section 1", "SECTION 1", "* point", "- item", "1. first", "10) tenth", "| a | b |",
            "|---|---|", "***", "******", "<<Title>>", "*highlighted*", "**bold**", "P.S. done", "P.P.S", "```",
            "```python", "    indented code", "> quote", "[placeholder]", "{\"a\": 1}", "[1, 2", "\"", "a,b,c",
            "1,2,3\n4,5,6", "---")


@st.composite
def long_line(draw: st.DrawFn, max_chars: int = 3000) -> str:
    unit = draw(st.sampled_from(["a", "word ", "1,", "*", "[x]", "<<", "\"", "😀", "\u0301", "e\u0301", "-", ". "]))
    return unit * draw(st.integers(1, max(1, max_chars // len(unit))))


@st.composite
def output_text(draw: st.DrawFn, max_line: int = 3000) -> str:
    pieces = draw(st.lists(st.one_of(prose(), hostile_text(), st.sampled_from(MARKDOWN), long_line(max_line),
                                     st.just("")), max_size=10))
    text = draw(st.sampled_from(["\n", "\n\n", " ", "\r\n", "\r"])).join(pieces)
    wrap = draw(st.integers(0, 6))
    if wrap == 0:
        return f"\"{text}\""
    if wrap == 1:
        return "{\"answer\": " + json_string(text) + "}"
    return text


def json_string(text: str) -> str:
    import json

    return json.dumps(text)


def pairs(max_line: int = 3000) -> st.SearchStrategy[tuple[str, str]]:
    return st.tuples(prompt_text(), output_text(max_line))
