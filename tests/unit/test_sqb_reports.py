"""SQB reports explain every number, and text from a case never becomes markup in them."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.sqb.reports import MISS_KINDS, PALETTE, md, to_html, to_markdown, write_reports
from rubriq.core.sqb.runner import run_suite

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sqb"
SCRIPT = "<script>alert(1)</script>"

HOSTILE = f"""task: "Explain the outage {SCRIPT}"
source_corpus:
  - {{id: s1, text: "The API failed at noon because the pool was full. {SCRIPT}"}}
reference_facts:
  - {{id: F1, text: "The API failed at noon. {SCRIPT}"}}
  - {{id: F2, text: The database was migrated to a new region.}}
required_topics: ["Cause {SCRIPT}"]
forbidden_claims: ["The database crashed. {SCRIPT}"]
outputs:
  - {{name: "A{SCRIPT}", file: a.md, baseline: true}}
  - {{name: B, file: b.md}}
"""


@pytest.fixture(scope="module")
def hub() -> LocalModelHub:
    return LocalModelHub(Config(), probe_hub=False)


@pytest.fixture(scope="module")
def example(hub):
    return run_suite(EXAMPLE, hub, jobs=1)


def test_markdown_text_is_inert():
    assert md(f"a | b {SCRIPT} [x](javascript:y) *bold*") == (
        r"a \| b &lt;script&gt;alert(1)&lt;/script&gt; \[x\](javascript:y) \*bold\*")


@pytest.mark.models
def test_no_raw_tag_from_a_case_survives_in_the_markdown_or_html_report(tmp_path, hub):
    (tmp_path / "a.md").write_text(f"The API failed. {SCRIPT}\n\n# Heading {SCRIPT}\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("The API failed at noon because the pool was full.", encoding="utf-8")
    (tmp_path / "c.sqb.yaml").write_text(HOSTILE, encoding="utf-8")
    paths = write_reports(run_suite(tmp_path, hub, jobs=1), tmp_path / "out")
    markdown = paths["markdown"].read_text(encoding="utf-8")
    page = paths["html"].read_text(encoding="utf-8")
    assert not re.search(r"<\s*/?\s*script", markdown, re.IGNORECASE), "the Markdown report has a raw tag"
    assert not re.search(r"<\s*/?\s*script", page, re.IGNORECASE), "the HTML report has a raw tag"
    assert markdown.count("&lt;script&gt;") >= 5
    assert "alert(1)" in json.loads(paths["json"].read_text(encoding="utf-8"))["cases"][0]["task"]


@pytest.mark.models
def test_the_markdown_report_explains_every_number_per_contender(example):
    markdown = to_markdown(example)
    for heading in ("### C-graph", "**Reference facts**", "**Required topics**", "**Unsupported claims**",
                    "**Forbidden claims**"):
        assert heading in markdown
    a_naive = markdown.split("### A-naive")[1].split("### B-retrieval")[0]
    assert "“The connection pool has a maximum of 20 connections, which may have been exhausted.”" in a_naive
    assert "**yes — hard failure**" in a_naive
    # every missed fact says what lost it (the example has an envelope, so none is unattributed)
    case = example.cases[0]
    for contender in case.contenders:
        for fact in contender.facts:
            assert fact.present or fact.missed_because in ("generation", "retrieval")
            assert fact.reason and (fact.evidence or not fact.present)
    assert "retrieval: not in the envelope" in markdown and "generation: the envelope had it" in markdown


@pytest.mark.models
def test_the_html_page_has_the_charts_tables_and_evidence_and_loads_nothing(example):
    page = to_html(example)
    for part in ("Why facts were missed", "Which facts each contender conveyed",
                 "Which required topics each contender addressed", "Unsupported claims", "Forbidden claims",
                 "closest source sentence"):
        assert part in page
    assert page.count("<svg") == 2 * len(example.cases)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page), "no resource from the network"
    assert "<script" not in page


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.models
@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium package (tests/e2e/setup.sh installs it)")
def test_the_charts_render_in_a_real_browser(tmp_path, example):
    page = tmp_path / "report.html"
    page.write_text(to_html(example), encoding="utf-8")
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=1280,1400", f"--screenshot={shot}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    from PIL import Image

    pixels = {rgb for _, rgb in Image.open(shot).convert("RGB").getcolors(1 << 24)}
    for colour in (*PALETTE[:3], *(c for _, _, c in MISS_KINDS[:3])):  # three contenders; three kinds of fact
        rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert rgb in pixels, f"nothing drawn in {colour}"
