"""The variant rules SM-V1 and SG-V1: a pack's turn limit ends the game.

The mini packs of Sutter's Mill and Sticky Gulch set ``turn_limit`` (the
project's own variant rule, not the rulebook's nor a ruling), so every game of
theirs ends and their game trees are finite (tests/adapters/test_mini_cfr.py
walks them whole). A game that reaches the limit is scored as the game's own end
scores it; the standard packs set no limit and never see the rule.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from gadshill.errors import DataError
from gadshill.gamedata import sticky_gulch, sutters_mill
from gadshill.gamedata.pack import BUILTIN
from gadshill.registry import get_spec
from gadshill.rules.bots import play_game
from gadshill.rules.records import Record, replay
from gadshill.rules.state import GameState
from tests.cli_runner import run

#: game -> (its variant rule's id, the pack file holding the limit, the limit's line,
#: the options of the mini game)
LIMITED = {
    "sutters-mill": ("SM-V1", "game.toml", "turn_limit = 2", {"variant": "mini"}),
    "sticky-gulch": (
        "SG-V1",
        "rules.toml",
        "turn_limit = 1",
        {"variant": "mini", "length": "short"},
    ),
}
LOADERS = {"sutters-mill": sutters_mill.load, "sticky-gulch": sticky_gulch.load}


def _limit(game: str) -> int:
    return int(LIMITED[game][2].split("=")[1])


def _unlimited_pack(game: str, where: Path) -> Path:
    """A copy of the game's mini pack without its turn limit: the same deal, no SM-V1/SG-V1."""
    pack = where / f"{game}-unlimited"
    shutil.copytree(BUILTIN / f"{game}-mini", pack)
    _rule_id, name, line, _options = LIMITED[game]
    text = (pack / name).read_text()
    assert line in text
    text = text.replace(line, "").replace("[end]\n", "")  # Sutter's Mill's [end] table
    (pack / name).write_text(text)
    return pack


def _normal_end(state: GameState[Any]) -> bool:
    """Whether the game's own end (SM-end.vein-empty, SG-5.end) was reached."""
    if state.game_id == "sutters-mill":
        return state.vein_head >= state.vein_tail  # type: ignore[attr-defined]
    return len(state.retired) >= state.target or not state.in_play  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", sorted(LIMITED))
def test_the_variant_rule_is_a_rule_book_entry(game: str) -> None:
    rule_id = LIMITED[game][0]
    rule = get_spec(game).rulebook[rule_id]
    assert rule.breach is None  # a procedure: the engine ends the game
    assert rule.text.startswith("Variant rule (gadshill's own")


@pytest.mark.parametrize("game", sorted(LIMITED))
def test_sm_v1_sg_v1_a_game_at_the_limit_ends_scored_as_the_game_s_own_end(
    game: str, tmp_path: Path
) -> None:
    """SM-V1 / SG-V1: the game ends when turn N ends, not a move earlier or later, and
    is scored as the game's own end scores it: the same position in a pack without
    the limit (the same deal) has the same scores and would name the same winners."""
    spec = get_spec(game)
    options = spec.resolve_options(LIMITED[game][3])
    plain = _unlimited_pack(game, tmp_path)
    plain_options = {k: v for k, v in options.items() if k != "variant"}
    limit, by_limit = _limit(game), 0
    for seed in range(1, 41):
        state = spec.new_game(2, seed, None, options)
        twin = spec.new_game(2, seed, plain, plain_options)
        rng = random.Random(seed)
        while not state.is_terminal:
            assert state.turn <= limit  # type: ignore[attr-defined]
            move = rng.choice(state.legal_moves())
            state.apply(move)
            twin.apply(move)
        if _normal_end(state):
            assert twin.is_terminal  # the game's own end came first: the rule did nothing
            continue
        by_limit += 1
        # the limit's turn has just ended: without the rule the next turn begins
        assert state.turn == limit  # type: ignore[attr-defined]
        assert not twin.is_terminal and twin.turn == limit + 1  # type: ignore[attr-defined]
        assert state.scores() == twin.scores()
        best = max(state.ranking_key(p) for p in range(2))
        assert state.winners() == [p for p in range(2) if state.ranking_key(p) == best]
    assert by_limit >= 10  # most random games end by the limit


def test_sm_v1_ties_are_broken_by_sm_6_tie() -> None:
    """SM-V1 scores with SM-end.scoring and breaks ties by fewer minus points (SM-6.tie)."""
    state = get_spec("sutters-mill").new_game(2, 1, None, {"variant": "mini"})
    assert state.ranking_key(0) == (float(state.score(0)), -float(state.minus_points(0)))


def test_sg_v1_the_richest_wins_and_a_tie_is_shared() -> None:
    """SG-V1: at the limit the richest seat wins; tied seats share the win (SG-5.end)."""
    spec = get_spec("sticky-gulch")
    seen = set()
    for seed in range(1, 61):
        played = play_game(spec, ["random", "random"], seed, options={"variant": "mini"})
        money = played.state.money  # type: ignore[attr-defined]
        winners = played.state.winners()
        assert winners == [p for p in range(2) if money[p] == max(money)]
        seen.add(len(winners))
    assert seen == {1, 2}  # both a single winner and a shared win happen


@pytest.mark.parametrize("game", sorted(LIMITED))
def test_a_game_ended_by_the_limit_replays_and_revalidates(game: str, tmp_path: Path) -> None:
    spec = get_spec(game)
    for seed in range(1, 30):
        played = play_game(spec, ["greedy", "random"], seed, options=LIMITED[game][3])
        if not _normal_end(played.state):
            break
    else:
        pytest.fail("no game ended by the turn limit")
    assert played.state.turn == _limit(game)  # type: ignore[attr-defined]
    path = tmp_path / "game.jsonl"
    played.record.write(path)
    again = replay(Record.read(path), get_spec)
    assert again.ok and again.over
    assert again.state.snapshot() == played.state.snapshot()
    # a move after the end is refused: the record stops where the rule ended the game
    extra = Record.read(path)
    extra.moves.append(extra.moves[-1])
    assert not replay(extra, get_spec).ok


@pytest.mark.parametrize("game", sorted(LIMITED))
def test_a_standard_game_never_sees_the_variant_rule(game: str) -> None:
    table_limit = (
        sticky_gulch.load(None).table.turn_limit
        if game == "sticky-gulch"
        else sutters_mill.load(None).turn_limit
    )
    assert table_limit is None
    assert "turn_limit" not in str(get_spec(game).describe_pack(None))
    # the standard game plays on past the mini's limit, to its own end
    played = play_game(get_spec(game), ["greedy", "greedy"], 1)
    assert played.state.turn > 3 * _limit(game)  # type: ignore[attr-defined]
    assert _normal_end(played.state)


@pytest.mark.parametrize("game", sorted(LIMITED))
@pytest.mark.parametrize("value", ["0", "-2", "10001", '"3"', "true", "2.5"])
def test_a_bad_turn_limit_is_one_line_naming_it(
    game: str, value: str, tmp_path: Path, capsys: Any
) -> None:
    pack = tmp_path / game
    shutil.copytree(BUILTIN / f"{game}-mini", pack)
    _rule_id, name, line, _options = LIMITED[game]
    (pack / name).write_text((pack / name).read_text().replace(line, f"turn_limit = {value}"))
    with pytest.raises(DataError, match="turn_limit"):
        LOADERS[game](pack)
    code, out, err = run(["data", "show", game, "--data", str(pack)], capsys)
    assert code == 2
    assert "turn_limit" in err and "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1


def test_sm_v1_an_unknown_field_of_end_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "sutters-mill"
    shutil.copytree(BUILTIN / "sutters-mill-mini", pack)
    game = pack / "game.toml"
    game.write_text(game.read_text().replace("turn_limit = 2", "turn_limit = 2\nrounds = 2"))
    with pytest.raises(DataError, match="unknown field"):
        sutters_mill.load(pack)
