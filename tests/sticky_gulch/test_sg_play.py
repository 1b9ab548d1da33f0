"""Whole games: Sticky Gulch's invariants under random play (money, camps, lodes and cards
conserved), fast move generation, tampered records refused at the right move, bots, views.

Atomic refusal, clone independence, the notation round trip and replay to the same
state are checked for every game by tests/test_protocol.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadshill.registry import get_spec
from gadshill.rules.bots import play_game
from gadshill.rules.records import Record, replay
from gadshill.sticky_gulch.moves import Keep, Use
from gadshill.sticky_gulch.rules import BOOK
from gadshill.sticky_gulch.spec import spec
from gadshill.sticky_gulch.state import StickyGulchState
from tests.sticky_gulch.sg_util import fresh, give


def check_invariants(s: StickyGulchState, ledger: list[int]) -> None:
    data = s.data
    # money changes only through lodes and drifter costs
    assert s.money == ledger
    # every player's camps on the table plus in stock make 8
    for p in range(s.players):
        on_table = sum(s.sites[n].count(p) for n in s.in_play)
        assert on_table + s.stock[p] == data.table.camps_per_player
    # each lode is claimed at most once, in letter order
    keys = [(c[0], c[1]) for c in s.claims]
    assert len(keys) == len(set(keys))
    for number in set(c[0] for c in s.claims):
        letters = [c[1] for c in s.claims if c[0] == number]
        assert letters == [lode.letter for lode in data.location(number).lodes][: len(letters)]
    # retired locations hold no camps and are out of play
    for number in s.retired:
        assert number not in s.in_play and s.sites[number] == []
        assert s.claimed[number] == len(data.location(number).lodes)
    # every card is in exactly one place
    drifters = s.drifter_deck + s.drifter_discard + s.hire_offer + [d for h in s.hands for d in h]
    drifters += [d for o in s.draft_offers for d in o]
    assert sorted(drifters) == sorted(d.id for d in data.drifters)
    assert sorted(s.location_deck + s.in_play + s.retired) == list(range(1, 19))


def random_game(players: int, seed: int, length: str, steps: list[int] | None = None) -> None:
    s = fresh(players, seed, length)
    rng = random.Random(seed)
    ledger = list(s.money)
    claims = 0
    while not s.is_terminal:
        legal = s.legal_moves()
        move = rng.choice(legal)
        actor = s.actor
        if isinstance(move, Use):
            ledger[actor] -= s.drifter(move.drifter).cost
        s.apply(move)
        for number, letter, owner, dollars in s.claims[claims:]:
            assert s.data.location(number).lodes["ABCDEFGH".index(letter)].payout == dollars
            ledger[owner] += dollars
        claims = len(s.claims)
        check_invariants(s, ledger)
    assert len(s.retired) >= s.target or (not s.in_play and not s.location_deck)
    if len(s.winners()) > 1:
        assert not s.in_play and not s.location_deck


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    length=st.sampled_from(["short", "medium", "long"]),
)
def test_random_play_keeps_invariants(players: int, seed: int, length: str) -> None:
    random_game(players, seed, length)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_legal_moves_equal_filtered_candidates(players: int) -> None:
    positions = 0
    for seed in range(6):
        s = fresh(players, seed, "short")
        rng = random.Random(seed)
        while not s.is_terminal:
            fast = s.legal_moves()
            slow = [m for m in s.candidate_moves() if not BOOK.check(s, m)]
            assert len(fast) == len(set(fast))
            assert set(fast) == set(slow), (s.phase, set(fast) ^ set(slow))
            positions += 1
            s.apply(rng.choice(fast))
    assert positions > 250


def test_observation_hides_other_hands_and_decks() -> None:
    s = fresh(3, 2)
    obs = s.observation(0)
    assert obs["hand"] == s.hands[0]
    assert "hands" not in obs and isinstance(obs["drifter_deck"], int)
    assert obs["draft_offer"] == s.draft_offers[0]
    text = repr(obs)
    for p in (1, 2):
        for ident in s.draft_offers[p]:
            if ident not in s.draft_offers[0]:
                assert ident not in text


def _record(seed: int) -> Record:
    return Record.parse(play_game(spec(), ["random"] * 3, seed).record.to_jsonl())


def _states(record: Record) -> list[StickyGulchState]:
    """The state before each move of the record."""
    s = spec().new_game(len(record.players), record.seed, None, record.options)
    assert isinstance(s, StickyGulchState)
    out = []
    for raw in record.moves:
        out.append(s.clone())
        s.apply(spec().codec.from_json(raw))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_tampered_record_swapped_lines_refused_at_that_move(seed: int) -> None:
    record = _record(seed)
    states = _states(record)
    codec = spec().codec
    swaps = [
        i
        for i in range(len(record.moves) - 1)
        if states[i].check(codec.from_json(record.moves[i + 1]))  # type: ignore[arg-type]
    ]
    assert swaps
    i = swaps[len(swaps) // 2]
    record.moves[i], record.moves[i + 1] = record.moves[i + 1], record.moves[i]
    result = replay(record, get_spec)
    assert result.refused_index == i + 1 and result.violations


@pytest.mark.parametrize("seed", [3, 4])
def test_tampered_record_altered_move_refused_at_that_move(seed: int) -> None:
    record = _record(seed)
    states = _states(record)
    camps = [k for k, m in enumerate(record.moves) if m["move"] == "camp"]
    k = camps[len(camps) // 2]
    state = states[k]
    number = record.moves[k]["location"]
    x = sorted(state.data.location(number).x_sites)
    occupied = [i + 1 for i, o in enumerate(state.sites[number]) if o >= 0]
    bad_site = (x or occupied)[0]
    record.moves[k] = {"move": "camp", "location": number, "site": bad_site}
    result = replay(record, get_spec)
    assert result.refused_index == k + 1
    assert {v.rule for v in result.violations} & {"SG-R.camp-not-on-x", "SG-R.camp-unoccupied"}


def test_every_rule_has_a_function_named_after_it() -> None:
    sources = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    missing = [
        r for r in BOOK.ids() if "def test_" + r.replace("-", "_").replace(".", "_") not in sources
    ]
    assert not missing


def test_bots_hire_and_use_drifters() -> None:
    hired = used = 0
    for seed in range(6):
        seats = ["prospector", "greedy"] if seed % 2 else ["prospector"] * 3

        def count(state: object, move: object) -> None:
            nonlocal hired, used
            assert isinstance(state, StickyGulchState)
            hired += isinstance(move, Keep) and state.phase == "hire"
            used += isinstance(move, Use)

        played = play_game(spec(), seats, seed, options={"length": "short"}, on_move=count)
        assert played.state.is_terminal
    assert hired > 0 and used > 0


def test_heuristic_prefers_money_and_good_camps() -> None:
    from gadshill.sticky_gulch.heuristic import camp_value, heuristic

    s = fresh(2, 3)
    while s.phase != "act":
        s.apply(s.legal_moves()[0])
    p = s.player
    base = heuristic(s, p)
    richer = s.clone()
    richer.money[p] += 5
    assert heuristic(richer, p) == base + 5
    number = s.in_play[0]
    camped = s.clone()
    site = camped.available_sites(number)[0]
    camped.apply(spec().codec.parse(f"camp {number} {site}"))  # type: ignore[arg-type]
    assert camp_value(camped, number) > 0
    assert heuristic(camped, p) > base - 1.5 * 1  # the camp outweighs most of its point


def test_render_and_describe_respect_hidden_hands() -> None:
    from gadshill.sticky_gulch.view import describe, render

    s = fresh(3, 5)
    while s.phase != "act":
        s.apply(s.legal_moves()[0])
    names = {p: [s.drifter(i).name for i in s.hands[p]] for p in range(3)}
    picture = render(s, 0)
    assert all(name in picture for name in names[0])
    assert not any(name in picture for name in names[1] + names[2])
    assert all(name in render(s, None) for p in range(3) for name in names[p])
    assert "seat 0: $ 10" in picture and "action points left 3" in picture
    s.apply(spec().codec.parse("hire"))  # type: ignore[arg-type]
    offered = [s.drifter(i).name for i in s.hire_offer]
    line = describe(s, s.legal_moves()[0])
    assert "keeps one drifter" in line and not any(name in line for name in offered)
    assert all(name in render(s, s.player) for name in offered)
    assert not any(name in render(s, (s.player + 1) % 3) for name in offered)
    s2 = fresh(2, 9)
    while s2.phase != "act":
        s2.apply(s2.legal_moves()[0])
    number = s2.in_play[0]
    roll = describe(s2, spec().codec.parse(f"end {number}"))
    assert "free roll" in roll and s2.data.location(number).name in roll


def test_player_count_is_checked() -> None:
    from gadshill.errors import GadshillError

    with pytest.raises(GadshillError, match="sticky-gulch takes 2-4 players, not 5"):
        fresh(5, 1)
    with pytest.raises(GadshillError, match="sticky-gulch takes 2-4 players, not 1"):
        fresh(1, 1)
    assert [fresh(count, 1).players for count in (2, 4)] == [2, 4]  # the bounds themselves are fine


def test_describe_does_not_reveal_the_next_location() -> None:
    from gadshill.sticky_gulch.view import describe

    s = fresh(3, 2)
    while s.phase != "act":
        s.apply(s.legal_moves()[0])
    top = s.data.location(s.location_deck[-1]).name
    line = describe(s, spec().codec.parse("draw"))
    assert line == "draws a location card (1 action point)" and top not in line


def _after(s: StickyGulchState, text: str) -> StickyGulchState:
    out = s.clone()
    out.apply(spec().codec.parse(text))  # type: ignore[arg-type]
    return out


def test_greedy_lookahead_cannot_see_the_location_deck() -> None:
    # The greedy bot tries each move on a copy and asks the heuristic; the value of using
    # a drifter that draws a card and then camps must not depend on which card is on top.
    from gadshill.sticky_gulch.heuristic import heuristic

    s = fresh(3, 2)
    while s.phase != "act":
        s.apply(s.legal_moves()[0])
    p = s.player
    give(s, p, "lonesome-jake")
    by_total = sorted(s.location_deck, key=lambda n: s.data.location(n).total)
    values = []
    for top in (by_total[0], by_total[-1]):  # the poorest and the richest card left
        t = s.clone()
        t.location_deck.remove(top)
        t.location_deck.append(top)
        values.append(heuristic(_after(t, "use lonesome-jake -"), p))
    assert len(values) == 2 and values[0] == values[1]


def test_greedy_lookahead_values_do_not_depend_on_deck_order() -> None:
    from gadshill.sticky_gulch.heuristic import heuristic

    for seed in range(4):
        s = fresh(3, seed, "short")
        while s.phase != "act":
            s.apply(s.legal_moves()[0])
        give(s, s.player, "lonesome-jake")  # draws a card, then camps: tried at once
        rng = random.Random(seed)
        while not s.is_terminal:
            legal = s.legal_moves()
            if len(legal) > 1:
                me = s.actor
                shuffled = s.clone()
                other = random.Random(seed + 100)
                other.shuffle(shuffled.location_deck)
                other.shuffle(shuffled.drifter_deck)
                for move in legal:
                    a = _after(s, str(move))
                    b = _after(shuffled, str(move))
                    assert heuristic(a, me) == pytest.approx(heuristic(b, me)), str(move)
            s.apply(rng.choice(legal))


def test_SG_R_private_drifters_hidden_in_observation() -> None:
    assert "SG-R.private-drifters" in BOOK.ids()
    s = fresh(3, 5)
    while s.phase != "act":
        s.apply(s.legal_moves()[0])
    s.apply(spec().codec.parse("hire"))  # type: ignore[arg-type]
    assert s.phase == "hire" and s.hire_offer
    for viewer in range(3):
        obs = s.observation(viewer)
        text = repr(obs)
        assert obs["hand"] == s.hands[viewer]
        assert obs["hire_offer"] == (s.hire_offer if viewer == s.player else [])
        secret = [i for p in range(3) if p != viewer for i in s.hands[p]]
        if viewer != s.player:
            secret += s.hire_offer
        for ident in secret:
            if ident not in s.hands[viewer] and ident not in s.drifter_discard:
                assert ident not in text, (viewer, ident)
        assert "rng" not in obs and isinstance(obs["location_deck"], int)
