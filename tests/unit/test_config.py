"""Settings are found upward from the checked file; bad values are reported and replaced by their defaults."""

from rubriq.core.config import Config, config_from_mapping, load_config
from rubriq.core.families import Family


def test_defaults_when_no_config_file(tmp_path):
    config, problems, path = load_config(tmp_path / "a.prompt")
    assert config == Config() and problems == [] and path is None


def test_rubriq_toml_is_found_upward(tmp_path):
    (tmp_path / "rubriq.toml").write_text('family = "claude"\ndebounce_ms = 300\n', encoding="utf-8")
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    config, problems, path = load_config(nested / "x.prompt")
    assert path == tmp_path / "rubriq.toml" and problems == []
    assert config.family is Family.CLAUDE and config.debounce_ms == 300


def test_pyproject_tool_table_is_used_and_a_pyproject_without_it_is_skipped(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.rubriq]\nignore = ["FM002"]\n', encoding="utf-8")
    inner = tmp_path / "pkg"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    config, _, path = load_config(inner / "x.prompt")
    assert path == tmp_path / "pyproject.toml" and config.ignore == ["FM002"]


def test_invalid_value_is_reported_and_replaced_by_its_default(tmp_path):
    (tmp_path / "rubriq.toml").write_text('debounce_ms = "soon"\nfamily = "gpt"\nbogus = 1\n', encoding="utf-8")
    config, problems, _ = load_config(tmp_path / "x.prompt")
    assert config.debounce_ms == 200 and config.family is Family.GPT
    assert any("debounce_ms" in p and "default" in p for p in problems)
    assert any("bogus" in p for p in problems)


def test_unreadable_toml_gives_defaults_and_a_problem(tmp_path):
    (tmp_path / "rubriq.toml").write_text("family = [", encoding="utf-8")
    config, problems, _ = load_config(tmp_path / "x.prompt")
    assert config == Config() and "cannot be read" in problems[0]


def test_client_settings_are_validated_key_by_key():
    config, problems = config_from_mapping({"model_tiers": "manual", "top_k": 0}, "client")
    assert config.model_tiers == "manual" and config.top_k == Config().top_k
    assert problems and problems[0].startswith("client: invalid value for 'top_k'")
