"""The examples of docs/solver.md run, from the repository's root."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def test_solver_md_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "docs" / "solver.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted >= 10 and result.failed == 0
