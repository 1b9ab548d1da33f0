"""Whole games: invariants under random play, replay, tampered records, hidden information."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from gadshill.errors import NotationError
from gadshill.gads_hill.moves import CODEC, Claim, Discard, Play
from gadshill.gads_hill.setup import new_game
from gadshill.gads_hill.spec import spec
from gadshill.gads_hill.state import GadsHillState
from gadshill.registry import get_spec
from gadshill.rules.bots import play_game
from gadshill.rules.records import Record, replay
from gadshill.rules.rulebook import IllegalMove
from tests.gads_hill.helpers import arrange, play, started, windows_pass

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def invariants(state: GadsHillState) -> None:
    assert sum(state.ledger().values()) == 110
    assert state.locomotive == 3 + len(state.placed)
    standing = list(state.placed.values())
    assert len(standing) == len(set(standing)), "a building stands on two spaces"
    for building, spaces in state.markers.items():
        assert spaces and len(spaces) <= 5
        assert not state.is_placed(building)
        assert not spaces & set(state.placed)
    assert all(n <= 3 for n in state.position().counts().values())
    every = [c for h in state.hands for c in h]
    every += [c for p in state.piles.values() for c in p] + state.discards
    assert sorted(every) == list(range(1, 61))


def random_game(players: int, seed: int) -> GadsHillState:
    """Random legal play, the invariants checked after every move. (That refused moves
    change nothing is checked at every step by tests/test_protocol.py.)"""
    rng = random.Random(seed)
    state = new_game(players, seed)
    moves = 0
    while not state.is_terminal:
        legal = state.legal_moves()
        assert legal, "a live state always has a legal move"
        # favour actions over passing so games get somewhere
        plays = [m for m in legal if isinstance(m, Play | Discard | Claim)]
        state.apply(rng.choice(plays if plays and rng.random() < 0.7 else legal))
        invariants(state)
        moves += 1
        assert moves < 5000
    return state


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_random_games_end_and_keep_invariants(players: int, seed: int) -> None:
    state = random_game(players, seed)
    assert state.is_terminal and state.legal_moves() == []
    assert len(state.winners()) >= 1


def test_tampered_record_is_refused_at_the_exact_move() -> None:
    played = play_game(spec(), ["sharp", "greedy", "random"], 11)
    record = Record.parse(played.record.to_jsonl())
    index = next(i for i, m in enumerate(record.moves) if m["move"] == "play")
    record.moves[index] = {
        "move": "play",
        "card": 60 if record.moves[index]["card"] != 60 else 59,
        "my": None,
    }
    result = replay(record, get_spec)
    assert not result.ok and result.refused_index == index + 1
    assert result.violations
    assert result.moves_played == index


def test_legal_moves_equal_the_checked_candidates() -> None:
    rng = random.Random(3)
    for seed in range(4):
        state = new_game(2 + seed, seed)
        steps = 0
        while not state.is_terminal and steps < 120:
            fast = state.legal_moves()
            slow = [m for m in state.candidate_moves() if not state.check(m)]
            assert sorted(map(str, fast)) == sorted(map(str, slow))
            state.apply(rng.choice(fast))
            steps += 1


def test_greedy_and_sharp_moves_are_legal_and_sharp_claims() -> None:
    state = arrange(
        started(),
        markers={"BANK": ["S4", "S8"], "BARBER": ["S4", "S8"], "CASINO": ["S4", "S6"]},
        hand=[],
    )
    from gadshill.gads_hill.bots import GreedyBot, SharpBot

    rng = random.Random(1)
    move = SharpBot().choose(state, rng)
    assert str(move) == "pass"  # no card in hand, nothing to discard
    state.apply(move)
    assert str(SharpBot().choose(state, rng)) == "claim CASINO S4"
    assert not str(GreedyBot().choose(state, rng)).startswith("claim")


def _secret_free(state: GadsHillState, player: int) -> None:
    obs = state.observation(player)
    text = json.dumps(obs)
    assert json.loads(text) == obs
    twin = state.clone()
    # swap other players' cards with pile cards of the same kind, and reorder the piles
    rng = random.Random(5)
    for seat in range(state.players):
        if seat == player:
            continue
        for i, card in enumerate(twin.hands[seat]):
            pile = twin.piles[twin.world.card_kind(card)]
            if pile:
                j = rng.randrange(len(pile))
                twin.hands[seat][i], pile[j] = pile[j], card
    for pile in twin.piles.values():
        rng.shuffle(pile)
    assert twin.observation(player) == obs
    assert twin.snapshot() != state.snapshot() or not any(state.piles.values())


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), cut=st.integers(0, 60))
def test_observation_hides_other_hands_and_pile_order(players: int, seed: int, cut: int) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(cut):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_moves()))
    for player in range(players):
        _secret_free(state, player)
        obs = state.observation(player)
        assert obs["hand"] == sorted(state.hands[player])
        assert "hands" not in obs and "rng" not in json.dumps(obs)


def _kinds(state: GadsHillState, cards: list[int]) -> list[str]:
    return sorted(state.world.card_kind(c) for c in cards)


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), cut=st.integers(0, 80))
def test_determinize_redraws_only_what_the_seat_cannot_see(
    players: int, seed: int, cut: int
) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(cut):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_moves()))
    before = state.snapshot()
    player = seed % players
    others = [p for p in range(players) if p != player]
    redrawn_hands = False
    for draw in range(8):
        twin = state.determinize(player, random.Random(draw))
        assert twin.observation(player) == state.observation(player)
        assert twin.hands[player] == state.hands[player]
        assert (twin.board_json(), twin.discards) == (state.board_json(), state.discards)
        for seat in others:  # a card's back shows its kind: each hand keeps its kinds
            assert _kinds(twin, twin.hands[seat]) == _kinds(state, state.hands[seat])
        for pile in state.piles:
            assert _kinds(twin, twin.piles[pile]) == _kinds(state, state.piles[pile])
        invariants(twin)  # every card and marker is still somewhere, once
        assert twin.rng.getstate() != state.rng.getstate()  # the future is redrawn too
        redrawn_hands |= any(twin.hands[p] != state.hands[p] for p in others)
    assert state.snapshot() == before
    same = state.determinize(player, random.Random(1)), state.determinize(player, random.Random(1))
    assert same[0] == same[1]
    kinds = state.world.card_kind
    tradable = any(state.piles[kinds(c)] for seat in others for c in state.hands[seat])
    if tradable and not state.reshuffled:  # a hidden card could trade places with a pile's
        assert redrawn_hands


def test_determinize_keeps_reshuffled_district_cards_apart() -> None:
    """After a reshuffle (GH-F4) a district card held since the deal cannot be in the new
    pile, and the pile's cards are known: only cards of one origin trade places."""
    state = started()
    district = state.piles["district"]
    state.discards += state.piles["building"] + state.piles["condition"] + district[:-1]
    state.piles["building"], state.piles["condition"], state.piles["district"] = (
        [],
        [],
        [district[-1]],
    )
    play(state, "pass", "draw district")  # the last card: the discarded districts come back
    (reshuffled,) = state.reshuffled
    assert sorted(state.piles["district"]) == reshuffled
    windows_pass(state)
    play(state, "pass", "draw district")  # seat 1 now holds one old and one new district card
    old = {seat: [c for c in state.hands[seat] if c not in reshuffled] for seat in (1, 2)}
    seen_swaps = set()
    for draw in range(30):
        twin = state.determinize(0, random.Random(draw))
        assert set(twin.piles["district"]) <= set(reshuffled)
        assert len([c for c in twin.hands[1] if c in reshuffled]) == 1
        assert not any(c in reshuffled for c in twin.hands[2])
        assert sorted(c for s in (1, 2) for c in twin.hands[s] if c not in reshuffled) == sorted(
            old[1] + old[2]
        )
        seen_swaps.add(tuple(sorted(twin.hands[1])))
    assert len(seen_swaps) > 1


def test_parse_move_matches_ids_in_any_case_and_names_the_close_ones() -> None:
    state = new_game(3, 1)
    assert state.parse_move("claim casino s4") == Claim("CASINO", "S4")
    assert state.parse_move("play 27 Casino") == Play(27, "CASINO")
    assert state.parse_move("discard 3,41 bank s7") == Discard((3, 41), "BANK", "S7")
    assert state.parse_move("draw District") == CODEC.parse("draw district")
    assert state.parse_move("play 18 -") == Play(18, None)
    assert state.push("draft stage_coach_office") == CODEC.parse("draft STAGE_COACH_OFFICE")
    for text, hint in (
        ("buy banc", "did you mean BANK?"),
        ("claim BANK S77", "claim space: unknown space 'S77'"),
        ("draw distrct", "did you mean district?"),
    ):
        with pytest.raises(NotationError, match=re.escape(hint)) as raised:
            state.parse_move(text)
        assert "\n" not in str(raised.value)
    with pytest.raises(NotationError):
        state.parse_move("claim XYZZY S1")


def test_typed_notation_takes_the_abbreviations_the_board_prints() -> None:
    """Issue 17: wherever a building is typed, the board's abbreviation (``STG``) names
    it too, in any case; the move is the same move, recorded with the full id."""
    state = new_game(3, 1)
    town = state.world.town
    for ident, building in town.buildings.items():
        assert state.parse_move(f"draft {building.abbr.lower()}") == CODEC.parse(f"draft {ident}")
    assert state.parse_move("claim STG s12") == Claim("STAGE_COACH_OFFICE", "S12")
    assert state.parse_move("play 27 cas") == Play(27, "CASINO")
    assert state.parse_move("discard 41,3 BNK S7") == Discard((3, 41), "BANK", "S7")
    assert str(state.parse_move("buy sal")) == "buy SALOON"
    assert town.building_id("chu") == "CHURCH"  # position files too
    with pytest.raises(NotationError, match="unknown building 'STX'"):
        state.parse_move("draft STX")


def test_a_state_shows_itself() -> None:
    state = started()
    assert (
        repr(state)
        == "<GadsHillState 3 players: turn 1, seat 0 to move; locomotive 3; collected 0 0 0>"
    )
    assert "draft, seat 0 to pick" in repr(new_game(2, 1))
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_notation_round_trips() -> None:
    for text in (
        "draft CASINO",
        "play 18 -",
        "play 27 CASINO",
        "discard 3,41 BANK S7",
        "pass",
        "buy HOTEL",
        "draw district",
        "draw -",
        "claim SALOON S12",
        "stop-done",
    ):
        move = CODEC.parse(text)
        assert str(move) == text
        assert CODEC.from_json(move.to_json()) == move


def test_world_clues_agree_with_the_town_for_every_card_and_binding() -> None:
    state = new_game(2, 1)
    world = state.world
    for number, card in world.town.cards.items():
        bindings = [None] if card.kind == "building" else list(world.buildings)
        for my in bindings:
            if my is not None and my == card.building:
                continue
            assert world.clue(number, my) == card.clue(my)


class GameMachine(RuleBasedStateMachine):
    """Hypothesis stateful play: legal moves, illegal attempts, invariants after each step."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GadsHillState | None = None

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 10_000))
    def setup(self, players: int, seed: int) -> None:
        self.state = new_game(players, seed)

    @rule(pick=st.integers(0, 10_000))
    def legal(self, pick: int) -> None:
        assert self.state is not None
        if not self.state.is_terminal:
            moves = self.state.legal_moves()
            self.state.apply(moves[pick % len(moves)])

    @rule(pick=st.integers(0, 10_000))
    def illegal(self, pick: int) -> None:
        assert self.state is not None
        wrong = [m for m in self.state.candidate_moves() if self.state.check(m)]
        wrong.append(Play(61 + pick % 5, None))
        move = wrong[pick % len(wrong)]
        before = self.state.snapshot()
        with pytest.raises(IllegalMove):
            self.state.apply(move)
        assert self.state.snapshot() == before

    @invariant()
    def consistent(self) -> None:
        if self.state is not None:
            invariants(self.state)


GameMachine.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_stateful_play = GameMachine.TestCase


def test_tournament_orders_sharp_over_greedy_over_random() -> None:
    from gadshill.rules.tournament import run_tournament

    # Sharp's edge over greedy is small (about 55:45 of the wins over 600 games), so a
    # few dozen games may show either order: 300 seeded games show the edge.
    result = run_tournament(spec, ["sharp", "greedy", "random"], range(1, 301), workers=1)
    sharp, greedy, rand = (result.by_bot[b] for b in ("sharp", "greedy", "random"))
    assert sharp.wins > greedy.wins > rand.wins
    assert greedy.mean_score > rand.mean_score


def test_a_snapshot_does_not_change_with_later_moves() -> None:
    """Issue 20 (found by bench/soak.py): the turn log's events were the live list, so a
    snapshot taken before a card play changed with it (and an atomicity check comparing
    snapshots could not see a change to them)."""
    import copy

    state = new_game(3, 1)
    for _ in range(40):
        before = state.snapshot()
        kept = copy.deepcopy(before)
        state.apply(state.legal_moves()[0])
        assert before == kept
