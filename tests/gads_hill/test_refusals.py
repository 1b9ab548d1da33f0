"""GH-8 as amended (honest play): a refused STOP claim is told to the table, kept in the
record (replays and resumed games see it again), and ends that seat's STOP window;
the terminal seat follows the same ruling."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from gadshill.cli.human_seat import HumanSeat
from gadshill.errors import RecordError
from gadshill.gads_hill.moves import Claim
from gadshill.registry import get_spec
from gadshill.rules.records import Record, Refusal, is_refusal, new_record, replay

SPEC = get_spec("gads-hill")


def to_a_refutable_stop_window(seed: int = 2) -> tuple[Any, Record, Claim]:
    """A game played at random up to a STOP window where a claim is refuted by GH-8 alone."""
    rng = random.Random(seed)
    state = SPEC.new_game(3, seed, None, {})
    record = new_record(SPEC, ["human"] * 3, seed, None, {})
    while not state.is_terminal:
        if state.phase == "stop":
            for building, spaces in sorted(state.markers.items()):
                for space in sorted(spaces):
                    claim = Claim(building, space)
                    if state.public_refusal(claim, state.check(claim)) == ("GH-8",):
                        return state, record, claim
        move = rng.choice(state.legal_moves())
        state.apply(move)
        record.moves.append(move.to_json())
    raise AssertionError("no refutable claim in this game")


def test_a_refusal_line_replays_told_and_costs_the_window() -> None:
    state, record, claim = to_a_refutable_stop_window()
    seat = state.current_player
    refusal = Refusal(claim, seat, ("GH-8",))
    record.moves.append(refusal.to_json())
    state.refuse(claim)
    assert is_refusal(record.moves[-1]) and state.current_player != seat
    told: list[str] = []
    again = replay(
        Record.parse(record.to_jsonl()),
        get_spec,
        on_refusal=lambda _s, r: told.append(r.line("human")),
    )
    assert again.ok and again.state.snapshot() == state.snapshot()
    assert told == [f"human#{seat} tried {claim}: refused [GH-8]"]


def test_a_refusal_line_that_is_no_refusal_is_a_record_error() -> None:
    state, record, _claim = to_a_refutable_stop_window()
    record.moves.append(Refusal(state.legal_moves()[-1], state.current_player, ("GH-8",)).to_json())
    with pytest.raises(RecordError, match="is not a refusal told to the table"):
        replay(record, get_spec)


def test_the_terminal_seat_tells_a_refused_claim_without_the_layout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state, _record, claim = to_a_refutable_stop_window()
    seat = state.current_player
    honest = HumanSeat(SPEC, ask=lambda _q: str(claim))
    assert honest(state, seat) == Refusal(claim, seat, ("GH-8",))
    helped = HumanSeat(SPEC, hints=True)
    assert helped.answer(state, seat, state.legal_moves(), str(claim)) is None
    shown = capsys.readouterr().out
    assert "layout" in shown  # with hints the refutation may be shown, privately


def test_play_keeps_the_refusal_in_the_record() -> None:
    from gadshill.rules.bots import play_game

    state, record, claim = to_a_refutable_stop_window()
    seat = state.current_player
    told: list[Refusal] = []
    human = HumanSeat(SPEC, ask=lambda _q: str(claim))
    rng = random.Random(1)
    asked: list[int] = []

    def once_then_random(state: Any, at: int) -> Any:  # the claim, then any legal move
        asked.append(at)
        return human(state, at) if len(asked) == 1 else rng.choice(state.legal_moves())

    played = play_game(
        SPEC,
        ["random"] * 3,
        record.seed,
        choosers={seat: once_then_random},
        resume=record,
        on_refusal=lambda _s, r: told.append(r),
    )
    lines = [m for m in played.record.moves if is_refusal(m)]
    assert told == [Refusal(claim, seat, ("GH-8",))] and len(lines) == 1
    assert replay(played.record, get_spec).ok


def test_replay_and_review_tell_the_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cli_runner import run

    state, record, claim = to_a_refutable_stop_window()
    seat = state.current_player
    record.moves.append(Refusal(claim, seat, ("GH-8",)).to_json())
    path = tmp_path / "refused.jsonl"
    record.write(path)
    told = f"human#{seat} tried {claim}: refused [GH-8]"
    for command in (["replay", "--narrate", str(path)], ["review", str(path)]):
        code, out, _err = run(command, capsys)
        assert code == 0 and told in out, command
    code, out, _err = run(["replay", str(path)], capsys)
    assert code == 0 and "(1 of them refused, told to the table)" in out


def to_a_refused_card_play(seed: int = 3) -> tuple[Any, Record, Any]:
    """A game played at random up to a turn whose active player holds a card the solver
    refuses (no card played yet this turn)."""
    from gadshill.gads_hill.moves import Play

    rng = random.Random(seed)
    state = SPEC.new_game(3, seed, None, {})
    record = new_record(SPEC, ["human"] * 3, seed, None, {})
    while not state.is_terminal:
        if state.phase == "turn" and state.action is None:
            seat = state.active
            for card in sorted(state.hands[seat]):
                for my in state.my_choices(seat, card):
                    play = Play(card, my)
                    violations = state.check(play)
                    if violations and state.public_refusal(play, violations):
                        return state, record, play
        move = rng.choice(state.legal_moves())
        state.apply(move)
        record.moves.append(move.to_json())
    raise AssertionError("no refused card play in this game")


def test_a_refused_card_play_ends_the_seats_card_plays_for_the_turn() -> None:
    """GH-8.refused-play: told to all, kept in the record, and no card is offered or
    taken again that turn; the seat may still discard, buy or pass; the next turn
    starts afresh."""
    state, record, play = to_a_refused_card_play()
    seat = state.active
    rules = state.public_refusal(play, state.check(play))
    state.refuse(play)
    record.moves.append(Refusal(play, seat, rules).to_json())
    assert state.current_player == seat and state.play_refused
    offered = [type(m).__name__ for m in state.legal_moves()]
    assert "Play" not in offered and "Pass" in offered
    assert "Play" not in [type(m).__name__ for m in state.candidate_moves()]
    for card in state.hands[seat]:  # every card, the legal ones included, is refused now
        for my in state.my_choices(seat, card):
            from gadshill.gads_hill.moves import Play

            again = state.check(Play(card, my))
            assert [v.rule for v in again] == ["GH-8.refused-play"]
            assert state.public_refusal(Play(card, my), again) == ()  # not told twice
    assert state.observation(seat)["turn state"]["play refused"] is True
    again = replay(Record.parse(record.to_jsonl()), get_spec)
    assert again.ok and again.state.snapshot() == state.snapshot()
    rng = random.Random(5)
    while state.current_player == seat and state.phase == "turn":
        state.apply(rng.choice(state.legal_moves()))
    while state.phase != "turn" or state.active == seat:
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_moves()))
    assert not state.play_refused  # a new turn, a new chance
