"""A model folder named in a repository's `rubriq.toml` is data, never code: Rubriq requires a sentence-transformers
release that refuses custom module code without `trust_remote_code`, and never passes that flag itself."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import tomllib
from pathlib import Path

import pytest

from rubriq.core.config import Config
from rubriq.core.models.hub import LocalModelHub
from rubriq.core.models.resolve import packaged_embedding_dir

REPO = Path(__file__).resolve().parents[2]
FIRST_SAFE = (6, 0)  # sentence-transformers 6.0 stopped trusting local model folders (custom module classes)


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:2])


def test_the_dependency_floor_admits_only_releases_that_refuse_remote_code():
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    spec = next(d for d in dependencies if d.startswith("sentence-transformers"))
    floor = re.search(r">=\s*([\d.]+)", spec)
    assert floor is not None, spec
    assert _version_tuple(floor.group(1)) >= FIRST_SAFE, spec
    assert _version_tuple(importlib.metadata.version("sentence-transformers")) >= FIRST_SAFE


def test_no_code_passes_trust_remote_code():
    offenders = []
    for folder in ("server", "bench", "training"):
        for path in sorted((REPO / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.keyword) and node.arg == "trust_remote_code":
                    offenders.append(f"{path.relative_to(REPO)}:{node.value.lineno}")
                if isinstance(node, ast.Constant) and node.value == "trust_remote_code":
                    offenders.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert offenders == []


@pytest.mark.models
def test_a_configured_model_folder_with_custom_module_code_is_refused_and_its_code_never_runs(tmp_path: Path):
    packaged = packaged_embedding_dir()
    if packaged is None:
        pytest.skip("the packaged embedding model is not installed")
    folder = tmp_path / "model"
    folder.mkdir()
    for entry in packaged.iterdir():
        if entry.name != "modules.json":
            (folder / entry.name).symlink_to(entry)
    modules = json.loads((packaged / "modules.json").read_text(encoding="utf-8"))
    modules.append({"idx": len(modules), "name": "evil", "path": "", "type": "custom_module.Evil"})
    (folder / "modules.json").write_text(json.dumps(modules), encoding="utf-8")
    marker = tmp_path / "ran"
    (folder / "custom_module.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('the model folder ran code')\n"
        "import torch\nclass Evil(torch.nn.Module):\n    def forward(self, features):\n        return features\n"
        "    @classmethod\n    def load(cls, *args, **kwargs):\n        return cls()\n", encoding="utf-8")
    hub = LocalModelHub(Config(embedding_model=str(folder)), probe_hub=False)
    with pytest.raises(Exception, match="trust_remote_code"):
        hub.embedder()
    assert not marker.exists()
