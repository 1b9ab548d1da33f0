"""Random legal play over many seeds and 2-4 players: the invariants of Sutter's Mill
(every chip, card and prospector conserved; deeds and the Adventurer following the
cards), exact move generation, and tampered records refused at the right move.

Atomic refusal, clone independence, notation round trips and replay are checked for
every game, at every step of seeded random games, by tests/test_protocol.py."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from sm_helpers import BOX, SUPPLY, game

from gadshill.rules.bots import play_game
from gadshill.rules.records import Record, replay
from gadshill.sutters_mill import effects
from gadshill.sutters_mill.bots import patient_choice
from gadshill.sutters_mill.constants import OVER, START
from gadshill.sutters_mill.effects import deed_holder
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.spec import spec
from gadshill.sutters_mill.state import SuttersMillState
from gadshill.sutters_mill.view import describe, render


def check_invariants(s: SuttersMillState) -> None:
    tables = s.tables
    # all 84 chips exactly once: vein, players, bank, box
    everywhere = list(s.vein[s.vein_head : s.vein_tail]) + s.bank + s.chip_box
    for chips in s.chips:
        everywhere += chips
    assert sorted(everywhere) == list(range(len(s.data.chips))) == list(range(84))
    assert s.chip_box == list(reversed(s.vein[s.vein_tail :]))  # removed from the far end
    # chips in the open bank are public, and stay public wherever they go (determinize)
    assert set(s.bank) <= s.public_chips and set(tables.starting_chips) <= s.public_chips
    left = Counter(tables.chip_sections[c] for c in s.vein[s.vein_head : s.vein_tail])
    assert s.section_left == [left.get(c, 0) for c in range(tables.camp_count)]
    # every card of each seated colour: hand, town, scoring pile or box
    for p in range(s.player_count):
        town = [r for stack in s.stacks for o, r in stack if o == p]
        assert sorted(s.hands[p] + s.card_box[p] + s.piles[p] + town) == list(range(13))
        assert not (s.winding_down[p] and s.hands[p])
        assert not (not s.winding_down[p] and s.card_box[p])
    # 5 prospectors per seated colour, on a space, in the supply or in the box
    assert sum(len(ps) for ps in s.prospectors) == 5 * s.player_count
    for p, ps in enumerate(s.prospectors):
        assert len(ps) == 5
        assert all(loc in (SUPPLY, BOX) or 0 <= loc < tables.space_count for loc in ps)
        assert (SUPPLY not in ps) if s.winding_down[p] else (BOX not in ps)
    # deeds and the Adventurer follow the cards (SM-5)
    for b, stack in enumerate(s.stacks):
        expected = -1 if s.retired[b] else deed_holder(stack, tables.rank_values)
        assert s.deeds[b] == expected
    counts = [s.deeds.count(p) for p in range(s.player_count)]
    fewest = [p for p in range(s.player_count) if counts[p] == min(counts)]
    assert s.adventurer == (fewest[0] if len(fewest) == 1 else -1)
    # the game is over exactly when the vein is empty or nobody can act
    if s.phase == OVER:
        assert s.vein_head == s.vein_tail or not any(s.can_act(p) for p in range(s.player_count))
        assert s.debt == 0
    else:
        assert s.vein_head < s.vein_tail
        assert s.phase != START or s.can_act(s.player)
        assert s.debt <= s.nuggets(s.player)
        assert 0 <= s.paid_actions <= 5


def filtered_candidates(s: SuttersMillState) -> set[str]:
    return {str(x) for x in s.candidate_moves() if not s.check(x)}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), patient=st.booleans())
def test_random_play_keeps_every_invariant(seed: int, players: int, patient: bool) -> None:
    rng = random.Random(seed)
    s = game(players, seed)
    check_invariants(s)
    steps = 0
    while not s.is_terminal:
        legal = s.legal_moves()
        assert legal, "a seat to move always has a legal move"
        if steps % 7 == 0:
            # the fast generator is exact: equal to the candidates the rule book accepts
            assert {str(x) for x in legal} == filtered_candidates(s)
            assert len({str(x) for x in legal}) == len(legal)
        s.apply(patient_choice(s, legal, rng) if patient else rng.choice(legal))
        check_invariants(s)
        steps += 1
        assert steps < 20_000
    assert s.legal_moves() == []


def played(seed: int, players: int, bots: str = "random") -> Record:
    result = play_game(spec(), [bots] * players, seed)
    return result.record


def _state_before(record: Record, index: int) -> SuttersMillState:
    s = game(len(record.players), record.seed)
    for raw in record.moves[:index]:
        s.apply(CODEC.from_json(raw))
    return s


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), pick=st.integers(0, 10**6))
def test_swapped_moves_are_refused_at_that_move(seed: int, players: int, pick: int) -> None:
    record = played(seed, players)
    n = len(record.moves)
    rng = random.Random(pick)
    # find a swap i<j whose later move is illegal at i (many swaps stay legal)
    for _ in range(200):
        i, j = sorted(rng.sample(range(n), 2))
        if record.moves[i] == record.moves[j]:
            continue
        before = _state_before(record, i)
        violations = before.check(CODEC.from_json(record.moves[j]))
        if violations:
            break
    else:  # an illegal swap turns up within 3 tries on 40 sampled games
        raise AssertionError("no swap of two moves was refused in 200 tries")
    tampered = Record.parse(record.to_jsonl())
    tampered.moves[i], tampered.moves[j] = tampered.moves[j], tampered.moves[i]
    result = replay(tampered, lambda _g: spec())
    assert result.refused_index == i + 1
    assert [v.rule for v in result.violations] == [v.rule for v in violations]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), pick=st.integers(0, 10**6))
def test_altered_move_is_refused_at_that_move(seed: int, players: int, pick: int) -> None:
    record = played(seed, players)
    rng = random.Random(pick)
    i = rng.randrange(len(record.moves))
    before = _state_before(record, i)
    illegal = [x for x in before.candidate_moves() if before.check(x)]
    # a move of another step of the turn is always out of sequence
    illegal.append(CODEC.parse("end" if before.phase == START else "winddown"))
    bad = rng.choice(illegal)
    tampered = Record.parse(record.to_jsonl())
    tampered.moves[i] = bad.to_json()
    result = replay(tampered, lambda _g: spec())
    assert result.refused_index == i + 1
    assert result.refused_move == str(bad)
    assert {v.rule for v in result.violations} == {v.rule for v in before.check(bad)}


def test_greedy_games_keep_the_invariants() -> None:
    for seed in (1, 2):
        result = play_game(spec(), ["greedy", "random", "greedy"], seed)
        s = result.state
        assert isinstance(s, SuttersMillState)
        check_invariants(s)
        assert s.is_terminal


def test_observation_hides_vein_values_and_other_chips() -> None:
    s = game(3, 4)
    obs = s.observation(1)
    assert obs["vein"][:2] == ["blue", "blue"] and len(obs["vein"]) == 72
    assert obs["chips"][1] == sorted(s.chips[1])
    assert obs["chips"][0] == ["red", "red", "red"]
    assert "hands" not in obs and obs["hand_sizes"] == [13, 13, 13]
    import json

    json.dumps(obs)
    json.dumps(s.snapshot())


def test_patient_random_play_reaches_the_late_game() -> None:
    """Coverage check for the property test above: an emptied vein, bonus chips and
    last-card removals all happen under patient random play."""
    reasons, bonuses, retired = set(), 0, 0
    for seed in range(30):
        rng = random.Random(seed)
        s = game(2 + seed % 3, seed)
        while not s.is_terminal:
            move = patient_choice(s, s.legal_moves(), rng)
            bonuses += str(move).startswith("bonus")
            s.apply(move)
        reasons.add(s.over_reason)
        retired += sum(s.retired)
        check_invariants(s)
    assert "the gold vein is empty" in reasons
    assert bonuses > 0 and retired > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), winding=st.booleans())
def test_exact_generator_in_rich_town_positions(seed: int, winding: bool) -> None:
    """Positions random play rarely reaches: the mover holds every deed, cards of all
    colours in town, prospectors spread; a whole town turn is walked move by move."""
    rng = random.Random(seed)
    s = game(3, seed)
    spaces = s.tables.spaces
    for p in range(3):
        s.prospectors[p] = [rng.choice(range(len(spaces))) for _ in range(4)] + [SUPPLY]
    for b in range(s.tables.building_count):
        for _ in range(rng.randrange(0, 4)):
            owner = rng.randrange(3)
            if s.hands[owner]:
                r = rng.choice(s.hands[owner])
                s.hands[owner].remove(r)
                s.stacks[b].append((owner, r))
    for b in range(s.tables.building_count):  # the mover tops every building
        for r in sorted(s.hands[0], key=lambda r: -s.tables.rank_values[r])[:3]:
            s.hands[0].remove(r)
            s.stacks[b].append((0, r))
        effects.update_deed(s, b)
    s.chips[0] += s.bank
    s.bank = []
    s.phase = "town"
    if winding:
        s.winding_down[0] = True
        s.card_box[0], s.hands[0] = s.hands[0], []
        s.prospectors[0] = [BOX if loc == SUPPLY else loc for loc in s.prospectors[0]]
    check_invariants(s)
    while s.player == 0 and not s.is_terminal:
        legal = s.legal_moves()
        assert {str(x) for x in legal} == filtered_candidates(s)
        for move in legal:  # log lines: informative and free of rich markup brackets
            line = describe(s, move)
            assert line.startswith("red") and "[" not in line
        for viewer in (None, 0, 1):
            assert "[" not in render(s, viewer)
        s.apply(rng.choice(legal))
        check_invariants(s)


def test_greedy_against_patient_terminates() -> None:
    """Seed 70 once made a one-ply greedy shuttle a prospector between a camp and a
    building for ever; the heuristic now values camp prospectors and discounts cards
    buried under other players' cards, and such games end."""
    result = play_game(spec(), ["greedy", "patient"], 70)
    assert result.state.is_terminal and len(result.record.moves) < 5_000
    assert result.state.winners() == [0]


def test_observation_hides_the_boxed_vein_chip_SM_6_last_card() -> None:
    """The far-end chip a last-card removal sends to the box leaves the vein face down:
    an observation may tell its colour, never which chip (and so which value) it was."""
    from sm_helpers import BLUE, RED, cards, m, put, to_town

    s = game(3, 2)
    cards(s, "mill", [(BLUE, "5")])
    put(s, RED, ["mill"])
    to_town(s, RED, winding=True)
    s.apply(m("remove 1"))
    assert len(s.chip_box) == 1
    for viewer in range(3):
        obs = s.observation(viewer)
        assert obs["chip_box"] == ["gray"]
    assert s.snapshot()["chip_box"] == s.chip_box  # the full state still knows the chip
