"""Text edits to a `.prompt`'s front matter, computed on the text the client holds.

Only `ignore:` is edited (the "Disable <rule> for this pair" fix). The existing style is kept: a flow list
(`ignore: [A, B]`) grows in place, a block list (`- A`) gets one more item, a scalar becomes a flow list, and a
prompt without front matter gets a new block at the top.
"""

from __future__ import annotations

import re

from rubriq.core.prompt import FRONT_MATTER_RE

IGNORE_LINE_RE = re.compile(r"^([ \t]*)ignore[ \t]*:[ \t]*(.*?)[ \t]*$", re.MULTILINE)
BLOCK_ITEM_RE = re.compile(r"^([ \t]*)-[ \t]+(\S.*?)[ \t]*$")


def _items(flow: str) -> list[str]:
    inner = flow.strip()[1:]
    inner = inner[: inner.rfind("]")] if "]" in inner else inner
    return [item.strip().strip("'\"") for item in inner.split(",") if item.strip()]


def ignore_edit(text: str, code: str) -> tuple[int, int, str] | None:
    """(start, end, replacement) that adds `code` to front matter `ignore`, or None when it is already there."""
    match = FRONT_MATTER_RE.match(text)
    if not match:
        return 0, 0, f"---\nignore: [{code}]\n---\n"
    yaml_start = text.index("\n") + 1
    closing = match.end()
    closing_line = text.rfind("---", 0, closing)
    region = text[yaml_start:closing_line]
    line = IGNORE_LINE_RE.search(region)
    if line is None:
        return closing_line, closing_line, f"ignore: [{code}]\n"
    indent, rest = line.group(1), line.group(2)
    rest_value = rest.split(" #", 1)[0].strip()
    line_start, line_end = yaml_start + line.start(), yaml_start + line.end()
    if rest_value.startswith("["):
        items = _items(rest_value)
        if code in (i.upper() for i in items):
            return None
        return line_start, line_end, f"{indent}ignore: [{', '.join([*items, code])}]"
    if rest_value and not rest_value.startswith("#"):
        if rest_value.strip("'\"").upper() == code:
            return None
        return line_start, line_end, f"{indent}ignore: [{rest_value}, {code}]"
    # A block list: the item lines follow the key.
    position = line_end + 1
    item_indent = indent + "  "
    last_end = line_end
    while position < closing_line:
        next_newline = text.find("\n", position)
        next_newline = closing_line if next_newline < 0 or next_newline > closing_line else next_newline
        item = BLOCK_ITEM_RE.match(text[position:next_newline])
        if item is None:
            break
        if item.group(2).strip("'\"").upper() == code:
            return None
        item_indent, last_end = item.group(1), next_newline
        position = next_newline + 1
    return last_end, last_end, f"\n{item_indent}- {code}"
