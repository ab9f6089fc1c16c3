"""The "Disable <rule> for this pair" edit of front matter `ignore`, in each style a prompt may use."""

from __future__ import annotations

import pytest
import yaml

from rubriq.core.prompt import parse_prompt
from rubriq.lsp.frontmatter import ignore_edit


def disable(text: str, code: str) -> str | None:
    edit = ignore_edit(text, code)
    return None if edit is None else text[: edit[0]] + edit[2] + text[edit[1] :]


@pytest.mark.parametrize(("before", "after"), [
    ("Write a poem.", "---\nignore: [LD002]\n---\nWrite a poem."),
    ("---\nmodel: gpt-4o\n---\nHi", "---\nmodel: gpt-4o\nignore: [LD002]\n---\nHi"),
    ("---\nignore: [RS001]\n---\nx", "---\nignore: [RS001, LD002]\n---\nx"),
    ("---\nignore: RS001\n---\nx", "---\nignore: [RS001, LD002]\n---\nx"),
    ("---\nignore:\n  - RS001\nmodel: x\n---\nx", "---\nignore:\n  - RS001\n  - LD002\nmodel: x\n---\nx"),
    ("---\n---\nx", "---\nignore: [LD002]\n---\nx"),
])
def test_the_code_is_added_in_the_prompts_own_style(before: str, after: str):
    edited = disable(before, "LD002")
    assert edited == after
    assert "LD002" in parse_prompt(edited).front_matter.ignore  # and Rubriq reads it back


@pytest.mark.parametrize("text", ["---\nignore: [LD002]\n---\n", "---\nignore: LD002\n---\n",
                                  "---\nignore:\n  - LD002\n---\n"])
def test_no_edit_when_the_code_is_already_ignored(text: str):
    assert disable(text, "LD002") is None


def test_the_edited_front_matter_stays_valid_yaml():
    edited = disable("---\nmodel: gpt-4o\nignore: [RS001, CN001]\n---\nBody", "LD002")
    assert yaml.safe_load(edited.split("---")[1]) == {"model": "gpt-4o", "ignore": ["RS001", "CN001", "LD002"]}
