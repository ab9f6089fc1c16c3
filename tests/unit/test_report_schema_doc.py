"""docs/report-schema.md carries the JSON Schema of `rubriq check --format json` exactly as the code defines it."""

import json
import re
from pathlib import Path

from rubriq.core.report import CheckReport

DOC = Path(__file__).resolve().parents[2] / "docs" / "report-schema.md"


def test_documented_schema_matches_the_report_model():
    blocks = re.findall(r"```json\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert json.loads(blocks[-1]) == CheckReport.model_json_schema()
