"""docs/sqb.md carries the case format's JSON Schema exactly as the code defines it."""

import json
import re
from pathlib import Path

from rubriq.core.sqb.case import case_json_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "sqb.md"


def test_documented_schema_matches_the_case_model():
    blocks = re.findall(r"```json\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, "docs/sqb.md has a JSON Schema block"
    assert json.loads(blocks[-1]) == case_json_schema()
