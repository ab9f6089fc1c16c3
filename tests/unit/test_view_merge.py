"""The server's view between model passes: tier 0 of the current text plus the last model pass's own findings,
and one finding per code and span when both tiers report it (FA002 comes from the value checks and faithfulness)."""

from __future__ import annotations

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.findings import Finding
from rubriq.core.metrics import TIER_TEXT
from rubriq.lsp.documents import Side
from rubriq.lsp.store import ModelPass, Snapshot, finding_key, merge

SOURCE = "Last year the clinic hired 530 staff, most of them nurses. It opened in March 2019."
PROMPT = f"Summarise the report below.\n\n<report>\n{SOURCE}\n</report>\n"
BEFORE = "The clinic hired 350 staff last year."
AFTER = "The clinic hired 350 staff last year. It opened in 2019."


def _snapshot(output: str) -> Snapshot:
    return Snapshot("pair", Side("file:///p.prompt", PROMPT, 1), Side("file:///p.out", output, 2), Config())


def _model_fa002(tier0: engine.CheckResult, output: str, message: str) -> Finding:
    """A model-tier FA002 on the same value as tier 0's, quoting the source in its own words."""
    value = next(f for f in tier0.findings if f.code == "FA002")
    return Finding.at("FA002", value.span, message, text=output, data=dict(value.data))


def test_a_value_both_tiers_flag_is_shown_once_after_an_edit() -> None:
    tier0_before = engine.check(PROMPT, BEFORE, tiers=frozenset({TIER_TEXT}))
    model_finding = _model_fa002(tier0_before, BEFORE, "350 — the source says 530 (model tier's wording)")
    model_result = engine.CheckResult(tier0_before.prompt, tier0_before.output, tier0_before.task,
                                      tier0_before.profile, [model_finding])
    model_pass = ModelPass(model_result, PROMPT, BEFORE, frozenset(finding_key(f) for f in tier0_before.findings))
    tier0_after = engine.check(PROMPT, AFTER, tiers=frozenset({TIER_TEXT}))

    view = merge(_snapshot(AFTER), tier0_after, model_pass)
    on_value = [f for f in view.findings if f.code == "FA002" and AFTER[f.start:f.end] == "350"]
    assert len(on_value) == 1
    assert on_value[0].message.startswith("350 — the source says 530: “")  # tier 0's, of the current text
    assert view.model_findings == 0

    unchanged = merge(_snapshot(BEFORE), tier0_before, model_pass)  # the model pass ran on this very text
    assert [f.message for f in unchanged.findings if f.code == "FA002"] == [model_finding.message]
