"""A broken ``--data`` folder ends in one line on stderr for every game, not a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gadshill.gamedata.pack import BUILTIN
from tests.cli_runner import exit_code

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


run = exit_code


@pytest.mark.parametrize("game", GAMES)
def test_a_folder_named_like_a_toml_file_is_a_data_error(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    (pack / "extra.toml").mkdir()  # hashed with the pack's files: once an IsADirectoryError
    code = run(["play", game, "--players", "3", "--quiet", "--data", str(pack)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("gadshill: error: ") and err.count("\n") == 1, err
    assert "extra.toml: cannot read" in err


@pytest.mark.parametrize("game", GAMES)
def test_toml_nested_too_deeply_is_a_data_error(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    first = sorted(pack.glob("*.toml"))[0]
    with first.open("a") as handle:  # once a RecursionError traceback from tomllib
        handle.write("\nnested = " + "[" * 5000 + "]" * 5000 + "\n")
    code = run(["data", "show", game, "--json", "--data", str(pack)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("gadshill: error: ") and err.count("\n") == 1, err
    assert f"{first.name}: invalid TOML (nested too deeply)" in err
