"""Numbers as people write them in prompts: digits, number words ("twenty-five"), "once", "twice", "a single"."""

from __future__ import annotations

import re

_UNITS = {
    "zero": 0, "no": 0, "one": 1, "a single": 1, "single": 1, "an": 1, "a": 1, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a dozen": 12,
    "dozen": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_SCALES = {"a hundred": 100, "one hundred": 100, "hundred": 100, "a thousand": 1000, "one thousand": 1000}

_DIGIT_WORDS = "one|two|three|four|five|six|seven|eight|nine"
# A count: digits (with thousands separators) or number words. Bounded repetitions only.
NUM = (
    r"(?:\d{1,3}(?:,\d{3}){1,2}(?!\d)|\d{1,7}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    rf"(?:[- ](?:{_DIGIT_WORDS}))?|a hundred|one hundred|a thousand|one thousand|a dozen|a single|zero|one|two|three|"
    r"four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
    r"nineteen)"
)
TIMES_WORD = r"(?:once|twice|thrice)"


def parse_number(text: str) -> int | None:
    """The integer a count expression denotes, or None."""
    word = re.sub(r"\s+", " ", text.strip().lower())
    if not word:
        return None
    if word[0].isdigit():
        digits = word.replace(",", "")
        return int(digits) if digits.isdigit() else None
    for table in (_UNITS, _TIMES, _SCALES, _TENS):
        if word in table:
            return table[word]
    parts = re.split(r"[- ]", word)
    if len(parts) == 2 and parts[0] in _TENS and parts[1] in _UNITS:
        return _TENS[parts[0]] + _UNITS[parts[1]]
    return None

