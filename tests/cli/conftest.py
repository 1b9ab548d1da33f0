"""Fixtures of the CLI tests."""

from __future__ import annotations

import pytest

from gadshill import registry


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game of tests/rules/toy_game.py, registered as ``toy`` for one test."""
    monkeypatch.setitem(registry.EXTRA_GAMES, "toy", "tests.rules.toy_game")
