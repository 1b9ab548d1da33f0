"""The short version of ``bench/soak.py`` (issue 20): seeded games of every game with the
conservation, atomic-apply, clone and replay checks after every move; and proof that
each kind of check can fail."""

from __future__ import annotations

from typing import Any

import pytest

from gadshill.gads_hill.state import GadsHillState
from gadshill.registry import game_ids
from gadshill.rules.moves import Move
from gadshill.sticky_gulch.state import StickyGulchState
from tests.bench_script import bench_script

soak = bench_script("soak")


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_soaked_games_keep_every_invariant(game: str, seed: int) -> None:
    result = soak.soak_one((game, seed))
    assert result.breaks == []
    assert result.moves > 50 and result.checks >= 4 * result.moves


def test_the_command_reports_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "1", "--workers", "1", "--budget", "300"]) == 0
    out = capsys.readouterr().out
    assert "| sticky-gulch | 1 |" in out and "all games played" in out


def test_a_shared_clone_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(StickyGulchState, "clone", lambda self: self)
    (found,) = soak.soak_one(("sticky-gulch", 1)).breaks
    assert "changed a clone taken before" in found


def test_a_marker_from_nowhere_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    play = GadsHillState._play

    def leaky(self: GadsHillState, move: Move) -> None:
        play(self, move)
        if self.phase == "turn":
            self.collected[0] += 1

    monkeypatch.setattr(GadsHillState, "_play", leaky)
    (found,) = soak.soak_one(("gads-hill", 1)).breaks
    assert "markers:" in found


def test_a_refused_move_that_changes_the_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    check = StickyGulchState.check

    def sloppy(self: StickyGulchState, move: Any) -> Any:
        found = check(self, move)
        if found:
            self.turn += 1000  # a refusal that leaves a trace
        return found

    monkeypatch.setattr(StickyGulchState, "check", sloppy)
    (found,) = soak.soak_one(("sticky-gulch", 1)).breaks
    assert "changed the state" in found
