"""Gads Hill puzzles: every generated puzzle of a seeded batch is unique by CP-SAT, its
answer is the solver's, its level is its hardest step and the techniques below fail;
``check`` accepts the answer and refuses every single change with a reason."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from gadshill.errors import PuzzleError, UsageError
from gadshill.solver import engines
from gadshill.solver.generate import board
from gadshill.solver.model import marker_key
from gadshill.solver.puzzles import best_play, uniqueness
from gadshill.solver.puzzles.check import check_answer, normalise_play
from gadshill.solver.puzzles.generate import Stats, generate
from gadshill.solver.puzzles.ladder import LADDER, TECHNIQUE_LEVEL, level_title, score
from gadshill.solver.puzzles.puzzle_file import Puzzle, load_puzzle
from gadshill.solver.puzzles.solo_steps import Constraint, SoloClue, solve_solo
from gadshill.solver.puzzles.stop_steps import solve_stop
from gadshill.solver.town import Town, load_town

SEED = 2026
#: (kind, level, count) of the seeded batch: every kind at every level
BATCH = [
    *(("stop", level, 2) for level in (1, 2, 3, 4)),
    *(("solo", level, 2) for level in (1, 2, 3, 4)),
    *(("best-play", level, 1) for level in (1, 2, 3, 4)),
]
KEYS = {
    *("id", "kind", "level", "score", "seed", "code", "question"),
    *("position", "answer", "steps", "clues"),
}
STEP_KEYS = {"technique", "level", "because", "removes", "places"}


@functools.cache
def town() -> Town:
    return load_town()


@functools.cache
def batch(kind: str, level: int, count: int) -> tuple[dict[str, Any], ...]:
    return tuple(generate(town(), kind, level, count, SEED))


def loaded(doc: dict[str, Any]) -> Puzzle:
    return load_puzzle(doc, town())


@pytest.mark.parametrize(("kind", "level", "count"), BATCH)
def test_generated_puzzles_are_verified(kind: str, level: int, count: int) -> None:
    docs = batch(kind, level, count)
    assert len(docs) == count
    for doc in docs:
        assert set(doc) == KEYS
        assert doc["kind"] == kind and doc["level"] == level
        assert all(set(step) == STEP_KEYS for step in doc["steps"])
        # the level is the hardest step, and each step's technique sits on that rung
        assert max(step["level"] for step in doc["steps"]) == level
        assert all(TECHNIQUE_LEVEL[step["technique"]] == step["level"] for step in doc["steps"])
        puzzle = loaded(doc)
        if kind != "best-play":
            assert doc["score"] == score([step["technique"] for step in doc["steps"]]) > 0
        position = puzzle.position.position
        if kind == "stop":
            answer = [(m["building"], m["space"]) for m in doc["answer"]["removable"]]
            assert answer, "a stop puzzle removes at least one marker"
            # exactly what `gadshill stop` answers, and CP-SAT decides the same markers
            fast = engines.stop(position)
            assert answer == [(r.building, r.space) for r in fast.removable]
            assert uniqueness.stop_closure(position) == sorted(answer, key=marker_key)
            assert solve_stop(position, level).solved
            assert level == 1 or not solve_stop(position, level - 1).solved
        elif kind == "solo":
            free = position.free_spaces()
            clues = [c.solo() for c in puzzle.clues]
            layouts = uniqueness.solo_layouts(free, [c.constraint for c in puzzle.clues])
            assert layouts == [doc["answer"]["placed"]]
            assert solve_solo(free, clues).layout == doc["answer"]["placed"]
            assert solve_solo(free, clues, level).solved
            assert level == 1 or not solve_solo(free, clues, level - 1).solved
            named = {b for c in puzzle.clues for b in c.constraint.named()}
            assert set(doc["answer"]["placed"].values()) == named
        else:
            you = puzzle.position.players[0]
            fast = best_play.best_play(town(), position, you)
            proved = best_play.best_play(town(), position, you, engine="cpsat")
            assert doc["answer"] == {
                "points": fast.points,
                "plays": [p.notation for p in fast.best],
            }
            assert proved.points == fast.points
            assert [p.notation for p in proved.best] == doc["answer"]["plays"]
            # every best turn makes the same moves, in one order or another (one answer)
            assert len({frozenset(p.split("; ")) for p in doc["answer"]["plays"]}) == 1
            # graded by the search it needs; the score within the level is its difficulty
            assert fast.level == level and doc["score"] == fast.difficulty
            low = 0 if level == 1 else best_play.LEVEL_TOP[level - 2] + 1
            high = best_play.LEVEL_TOP[level - 1] if level < 4 else 10**6
            assert low <= fast.difficulty <= high
            assert fast.difficulty == 3 * (fast.depth - 1) + min(fast.rivals, 6) + 3 * fast.trap


def test_same_seed_same_puzzles() -> None:
    again = tuple(generate(town(), "stop", 2, 2, SEED))
    assert again == batch("stop", 2, 2)
    other = tuple(generate(town(), "stop", 2, 2, SEED + 1))
    assert other != again
    # each puzzle is rebuilt from its own seed alone
    stats = Stats()
    from gadshill.solver.puzzles.generate import generate_one

    first = again[0]
    assert generate_one(town(), "stop", 2, first["seed"], stats) == first


def test_generation_counts_attempts_and_refuses_bad_arguments() -> None:
    stats = Stats()
    generate(town(), "solo", 1, 2, 9, stats)
    assert stats.attempts >= 2 and stats.rejected == stats.attempts - 2
    with pytest.raises(UsageError, match="level must be 1 to 4"):
        generate(town(), "stop", 5, 1, 1)
    with pytest.raises(UsageError, match="count must be at least 1"):
        generate(town(), "stop", 1, 0, 1)


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_stop_check_accepts_answer_and_refuses_every_single_change(level: int) -> None:
    doc = batch("stop", level, 2)[0]
    puzzle = loaded(doc)
    answer = [(m["building"], m["space"]) for m in doc["answer"]["removable"]]
    text = ",".join(f"{b.lower()}@{s.lower()}" for b, s in answer)
    assert check_answer(puzzle, town(), text).right
    for dropped in answer:
        rest = ",".join(f"{b}@{s}" for b, s in answer if (b, s) != dropped)
        if not rest:  # the answer's only marker: an empty answer is a usage error
            continue
        verdict = check_answer(puzzle, town(), rest)
        assert not verdict.right
        (line,) = verdict.wrong
        assert line.startswith(f"{dropped[0]}@{dropped[1]} is missing: ") and " goes" in line
    for marker in puzzle.position.position.marker_list():
        if marker in answer:
            continue
        added = text + f",{marker[0]}@{marker[1]}"
        verdict = check_answer(puzzle, town(), added)
        assert not verdict.right
        (line,) = verdict.wrong
        assert "stays: the layout" in line and "uses it" in line


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_solo_check_accepts_answer_and_refuses_every_moved_building(level: int) -> None:
    doc = batch("solo", level, 2)[0]
    puzzle = loaded(doc)
    placed: dict[str, str] = doc["answer"]["placed"]
    right = ",".join(f"{b}@{s}" for s, b in placed.items())
    assert check_answer(puzzle, town(), right).right
    free = sorted(puzzle.position.position.free_spaces())
    for space, building in placed.items():
        elsewhere = next(s for s in free if s != space)
        answer = ",".join(f"{b}@{elsewhere if b == building else s}" for s, b in placed.items())
        verdict = check_answer(puzzle, town(), answer)
        assert not verdict.right
        (line,) = verdict.wrong
        assert line.startswith(f"{building}@{elsewhere}: ") and len(line) > 30


def test_best_play_check() -> None:
    doc = batch("best-play", 3, 1)[0]
    puzzle = loaded(doc)
    for best in doc["answer"]["plays"]:  # each order of the best moves is right
        assert check_answer(puzzle, town(), best.lower()).right
    verdict = check_answer(puzzle, town(), "pass")
    assert not verdict.right and "scores 0; the best scores" in verdict.wrong[0]
    assert not check_answer(puzzle, town(), "play 99 -").right
    # a buy is legal at any point of the turn (GH-4): after the action it only costs
    you = puzzle.position.players[0]
    for_sale = best_play.beside_board(puzzle.position.position, set(you.buildings), town())
    verdict = check_answer(puzzle, town(), f"pass; buy {for_sale[0]}")
    assert not verdict.right
    collected = you.collected
    if collected >= 2:
        assert "scores -2; the best scores" in verdict.wrong[0]
    else:
        assert "a building costs 2 collected markers" in verdict.wrong[0]


def test_bad_answers_are_one_line_errors() -> None:
    puzzle = loaded(batch("stop", 1, 2)[0])
    for answer, message in [
        ("", "empty"),
        ("HOTEL", "BUILDING@SPACE"),
        ("HOTLE@S3", "did you mean HOTEL"),
        ("HOTEL@S3,hotel@s3", "given twice"),
    ]:
        with pytest.raises(PuzzleError, match=message) as err:
            check_answer(puzzle, town(), answer)
        assert "\n" not in str(err.value)
    with pytest.raises(PuzzleError, match="a move is"):
        normalise_play("fly 3", town())


def test_stop_steps_grade_the_ladder() -> None:
    shared = board({"BANK": "S3", "CHURCH": "S3", "HOTEL": "S3 S9"}, n_spaces=19)
    assert solve_stop(shared).level == 1
    pair = board({"CHURCH": "S7 S12", "BANK": "S7 S12", "SALOON": "S12 S3"})
    assert solve_stop(pair).level == 2
    assert solve_stop(pair).steps[0].because.startswith("BANK and CHURCH can only stand on S7")
    # three pairs in a chain: each pair shows only once the next one has removed a marker
    chain = board(
        {
            "A": "S1 S2 S5", "B": "S1 S2", "C": "S5 S6 S7", "D": "S5 S6",
            "E": "S7 S8 S10", "F": "S7 S8", "G": "S10 S11", "H": "S10 S11", "X": "S1 S9",
        }
    )  # fmt: skip
    solution = solve_stop(chain)
    assert solution.level == 4 and solution.solved
    assert solution.steps[-1].technique == "chain"
    assert not solve_stop(chain, 3).solved


def test_solo_steps_and_cpsat_agree_on_uniqueness() -> None:
    free = [f"S{i}" for i in range(1, 6)]
    clues = [
        SoloClue(1, Constraint("BANK", frozenset({"S1", "S2"}))),
        SoloClue(2, Constraint("CHURCH", frozenset({"S1", "S2"}))),
        SoloClue(3, Constraint("HOTEL", frozenset({"S2", "S3"}))),
    ]
    # BANK and CHURCH share S1 and S2, so HOTEL stands on S3 (a hidden single: three
    # buildings on three spaces, only HOTEL reaches S3); but which of the two stands on
    # S1 is open: the step solver stops, CP-SAT finds two layouts
    solution = solve_solo(free, clues)
    assert not solution.solved
    assert any(s.places == (("HOTEL", "S3"),) for s in solution.steps)
    layouts = uniqueness.solo_layouts(free, [c.constraint for c in clues])
    assert len(layouts) == 2 and all(layout["S3"] == "HOTEL" for layout in layouts)
    clues.append(SoloClue(4, Constraint("BANK", frozenset({"S1"}))))
    solved = solve_solo(free, clues)
    assert solved.solved and [solved.layout] == uniqueness.solo_layouts(
        free, [c.constraint for c in clues]
    )
    # a relation (a condition card) is read against the other building's spaces
    tied = [
        SoloClue(1, Constraint("BANK", frozenset({"S1"}))),
        SoloClue(
            2,
            Constraint("SALOON", None, "HOTEL", "next-to", frozenset({("S2", "S3"), ("S4", "S5")})),
        ),
        SoloClue(3, Constraint("HOTEL", frozenset({"S1", "S5"}))),
    ]
    result = solve_solo(free, tied)
    assert result.solved and result.level == 2
    assert result.layout == {"S1": "BANK", "S4": "SALOON", "S5": "HOTEL"}
    assert not solve_solo(free, tied, 1).solved
    assert uniqueness.solo_layouts(free, [c.constraint for c in tied]) == [result.layout]


def test_ladder_names_four_rungs() -> None:
    assert [LADDER[k].name for k in (1, 2, 3, 4)] == ["single", "pair", "set", "chain"]
    names = [LADDER[k].best_play_name for k in (1, 2, 3, 4)]
    assert names == ["clear", "close", "deep", "cunning"]  # the search, not the shape
    assert all(TECHNIQUE_LEVEL[name] == k for k, name in enumerate(names, 1))
    # a best-play page names the level without telling the play's shape
    titles = [level_title("best-play", k) for k in (1, 2, 3, 4)]
    assert not set(titles) & {*names, "cards", "discard", "take", "two"}
    assert [level_title("solo", k) for k in (1, 2, 3, 4)] == ["single", "pair", "set", "chain"]
    assert TECHNIQUE_LEVEL["hidden single"] == 1


def test_solo_hidden_single() -> None:
    """As many buildings as spaces left to them: a space only one can reach is its own."""
    free = ["S1", "S2", "S3"]
    clues = [
        SoloClue(1, Constraint("BANK", frozenset({"S1", "S2", "S3"}))),
        SoloClue(2, Constraint("HOTEL", frozenset({"S1", "S2"}))),
        SoloClue(3, Constraint("CHURCH", frozenset({"S1", "S2"}))),
    ]
    solution = solve_solo(free, clues, max_level=1)
    hidden = [s for s in solution.steps if s.technique == "hidden single"]
    assert hidden and hidden[0].places == (("BANK", "S3"),) and hidden[0].level == 1
    assert hidden[0].removes == (("BANK", "S1"), ("BANK", "S2"))
    # sound: every layout CP-SAT finds has BANK on S3 (HOTEL and CHURCH stay open)
    layouts = uniqueness.solo_layouts(free, [c.constraint for c in clues])
    assert len(layouts) == 2 and all(layout["S3"] == "BANK" for layout in layouts)
    # with a spare space nothing has to be filled: no hidden single, and no answer
    wider = SoloClue(1, Constraint("BANK", frozenset({"S1", "S2", "S3", "S4"})))
    spare = solve_solo([*free, "S4"], [wider, *clues[1:]])
    assert not any(s.technique == "hidden single" for s in spare.steps)
    # the generated solo puzzles use it
    used = {step["technique"] for level in (3, 4) for doc in batch("solo", level, 2)
            for step in doc["steps"]}  # fmt: skip
    assert "hidden single" in used


@pytest.mark.parametrize("seed", range(1, 11))
def test_solo_level_1_is_a_cards_map_alone(seed: int) -> None:
    """An independent solver that reads only each card's map (never a relation) and
    places buildings by singles and hidden singles finishes every level-1 solo puzzle;
    a condition card's spaces with no partner in its relation are the relation's work
    (level 2), not the map's: before, 4 of these 40 puzzles were graded 1 but needed it."""
    for doc in generate(town(), "solo", 1, 4, seed):
        puzzle = loaded(doc)
        free = set(puzzle.position.position.free_spaces())
        domains: dict[str, set[str]] = {}
        for clue in puzzle.clues:
            card = town().card(clue.card)
            building = card.building if card.kind == "condition" else clue.as_building
            building = building or card.building
            assert building is not None
            domains.setdefault(building, set(free))
            domains[building] &= set(card.spaces)
            if card.kind == "condition":
                domains.setdefault(clue.as_building or "", set(free))
        domains.pop("", None)
        changed = True
        while changed:
            changed = False
            for b, spaces in domains.items():
                if len(spaces) == 1:
                    (s,) = spaces
                    for other in domains:
                        if other != b and s in domains[other]:
                            domains[other].discard(s)
                            changed = True
            open_ = set().union(*domains.values())
            if len(open_) == len(domains):  # every space left is filled: hidden singles
                for s in open_:
                    holders = [b for b in domains if s in domains[b]]
                    if len(holders) == 1 and len(domains[holders[0]]) > 1:
                        domains[holders[0]] = {s}
                        changed = True
        layout = {next(iter(d)): b for b, d in domains.items() if len(d) == 1}
        assert layout == doc["answer"]["placed"], doc["code"]
