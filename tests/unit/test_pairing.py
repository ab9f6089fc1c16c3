"""x.prompt ↔ x.out pairing and safe reading of the files."""

from pathlib import Path

import pytest

from rubriq.core.pairing import InputError, find_pairs, partner_of, read_text, resolve_pair


def _write(folder: Path, name: str, text: str = "x") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_folder_pairs_are_found_and_unpaired_files_skipped_with_a_reason(tmp_path):
    _write(tmp_path, "a.prompt")
    _write(tmp_path, "a.out")
    _write(tmp_path, "b.out")
    _write(tmp_path, "c.prompt")
    _write(tmp_path, "notes.txt")
    pairs, skipped = find_pairs(tmp_path)
    assert [(p.prompt.name, p.output.name) for p in pairs] == [("a.prompt", "a.out")]
    reasons = {s.path.name: s.reason for s in skipped}
    assert reasons == {"b.out": "no b.prompt beside it", "c.prompt": "no c.out beside it"}


def test_prompt_defaults_to_its_sibling_output_and_an_out_finds_its_prompt(tmp_path):
    prompt, out = _write(tmp_path, "x.prompt"), _write(tmp_path, "x.out")
    assert resolve_pair(prompt).output == out
    assert resolve_pair(out).prompt == prompt
    other = _write(tmp_path, "other.txt")
    assert resolve_pair(prompt, other).output == other


def test_missing_partner_is_an_input_error(tmp_path):
    prompt = _write(tmp_path, "x.prompt")
    with pytest.raises(InputError, match=r"x\.out: no such file"):
        resolve_pair(prompt)


def test_partner_of_needs_a_known_suffix(tmp_path):
    with pytest.raises(InputError, match=r"expected a \.prompt or \.out"):
        partner_of(tmp_path / "x.txt")


def test_read_text_refuses_binary_non_utf8_directories_and_missing_files(tmp_path):
    binary = tmp_path / "b.out"
    binary.write_bytes(b"\x00\x01\x02abc")
    latin1 = tmp_path / "l.out"
    latin1.write_bytes("café".encode("latin-1"))
    with pytest.raises(InputError, match="binary"):
        read_text(binary)
    with pytest.raises(InputError, match="not valid UTF-8"):
        read_text(latin1)
    with pytest.raises(InputError, match="is a directory"):
        read_text(tmp_path)
    with pytest.raises(InputError, match="no such file"):
        read_text(tmp_path / "missing.out")


def test_read_text_drops_a_bom_and_normalises_newlines(tmp_path):
    path = tmp_path / "w.out"
    path.write_bytes("\ufeffline one\r\nline two".encode())
    assert read_text(path) == "line one\nline two"
