"""Constraints that no output can satisfy together: "at least 300 words" and "at most 100 words", all capitals and
all lowercase, a keyword both required and forbidden, two different response languages."""

from __future__ import annotations

from dataclasses import dataclass

from rubriq.core.constraints.types import AT_LEAST, EXACTLY, LESS_THAN, Constraint


@dataclass(frozen=True)
class Conflict:
    first: Constraint
    second: Constraint
    reason: str


def _measure(c: Constraint) -> tuple[str, str, int] | None:
    """(what is counted, relation, value) for count constraints."""
    p = c.params
    simple = {
        "length_constraints:number_words": ("words", "relation", "num_words"),
        "length_constraints:number_sentences": ("sentences", "relation", "num_sentences"),
        "change_case:capital_word_frequency": ("capital words", "capital_relation", "capital_frequency"),
    }
    if c.kind in simple:
        name, rel, num = simple[c.kind]
        return name, p[rel], p[num]
    if c.kind == "keywords:frequency":
        return f"occurrences of {p['keyword'].lower()!r}", p["relation"], p["frequency"]
    if c.kind == "keywords:letter_frequency":
        return f"letter {p['letter']!r}", p["let_relation"], p["let_frequency"]
    if c.kind == "detectable_format:number_bullet_lists":
        return "bullet points", EXACTLY, p["num_bullets"]
    return None


def _admissible(relation: str, value: int) -> tuple[int, int | None]:
    """The counts a relation admits as [low, high] (high None: unbounded)."""
    if relation == AT_LEAST:
        return value, None
    if relation == LESS_THAN:
        return 0, value - 1
    return value, value


def find_conflicts(constraints: list[Constraint]) -> list[Conflict]:
    conflicts: list[Conflict] = []
    measured = [(c, m) for c in constraints if (m := _measure(c)) is not None]
    for i, (a, (name_a, rel_a, val_a)) in enumerate(measured):
        low_a, high_a = _admissible(rel_a, val_a)
        for b, (name_b, rel_b, val_b) in measured[i + 1:]:
            if name_a != name_b:
                continue
            low_b, high_b = _admissible(rel_b, val_b)
            low, high = max(low_a, low_b), min(h for h in (high_a, high_b, 10**9) if h is not None)
            if low > high:
                conflicts.append(Conflict(a, b, f"no number of {name_a} is both {a.wording!r} and {b.wording!r}"))
    kinds = {c.kind: c for c in constraints}
    upper, lower = kinds.get("change_case:english_capital"), kinds.get("change_case:english_lowercase")
    if upper and lower:
        conflicts.append(Conflict(upper, lower, "a response cannot be all capitals and all lowercase"))
    any_upper, any_lower = kinds.get("rubriq:all_uppercase"), kinds.get("rubriq:all_lowercase")
    if any_upper and any_lower:
        conflicts.append(Conflict(any_upper, any_lower, "a response cannot be all capitals and all lowercase"))
    languages = [c for c in constraints if c.kind == "language:response_language"]
    for other in languages[1:]:
        if other.params["language"] != languages[0].params["language"]:
            conflicts.append(Conflict(languages[0], other, "two different response languages"))
    english = upper or lower
    if english and languages and languages[0].params["language"] != "en":
        conflicts.append(Conflict(english, languages[0], "the casing constraint requires English, the language "
                                  f"constraint {languages[0].params['language']}"))
    forbidden = [(c, w.lower()) for c in constraints if c.kind == "keywords:forbidden_words"
                 for w in c.params["forbidden_words"]]
    for c in constraints:
        required: list[str] = []
        if c.kind == "keywords:existence":
            required = [k.lower() for k in c.params["keywords"]]
        elif c.kind == "keywords:frequency" and c.params["relation"] == AT_LEAST and c.params["frequency"] > 0:
            required = [c.params["keyword"].lower()]
        for word in required:
            for f, banned in forbidden:
                if banned == word:
                    conflicts.append(Conflict(c, f, f"{word!r} is both required and forbidden"))
    lists = [c for c in constraints if c.kind in ("detectable_format:number_bullet_lists", "rubriq:bullet_list")
             or (c.kind == "rubriq:bullet_count" and (c.params.get("min") or 0) > 0)]
    no_lists = kinds.get("rubriq:no_lists")
    if no_lists and lists:
        conflicts.append(Conflict(lists[0], no_lists, "bullet points are both required and forbidden"))
    formats = [c for c in constraints if c.kind in ("detectable_format:json_format", "rubriq:yaml_format",
                                                     "rubriq:csv_format")]
    for other in formats[1:]:
        conflicts.append(Conflict(formats[0], other, "the whole response cannot be in two formats"))
    return conflicts
