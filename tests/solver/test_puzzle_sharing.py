"""Codes, hints, answers in abbreviations, the daily puzzle and ``verify``'s field checks,
on the seeded batch of tests/solver/test_puzzles.py (every kind at every level)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest

from gadshill.errors import PuzzleError
from gadshill.solver.puzzles import best_play, codes, daily
from gadshill.solver.puzzles.analyse import analyse
from gadshill.solver.puzzles.check import check_answer
from gadshill.solver.puzzles.document import document
from gadshill.solver.puzzles.hints import hint
from gadshill.solver.puzzles.verify import mismatches
from tests.solver.test_puzzles import BATCH, batch, loaded, town

DOCS = [(kind, level, i) for kind, level, count in BATCH for i in range(count)]


def doc_of(kind: str, level: int, i: int) -> dict[str, Any]:
    return next(d for k, lv, c in BATCH if (k, lv) == (kind, level) for d in [batch(k, lv, c)[i]])


@pytest.mark.parametrize(("kind", "level", "i"), DOCS)
def test_codes_round_trip(kind: str, level: int, i: int) -> None:
    doc = doc_of(kind, level, i)
    puzzle = loaded(doc)
    code = doc["code"]
    assert code == codes.encode(puzzle, town()) and code.startswith(f"{kind}-")
    back = codes.decode(code, town())
    assert codes.same_content(back, puzzle)
    # the code alone gives the whole puzzle again: level, score, answer, steps, question
    again = document(back, analyse(back, town()), town(), doc["id"], doc["seed"])
    assert again == doc
    # read aloud: any case, spaces, I/L/O for 1/1/0
    assert codes.same_content(codes.decode(" " + code.upper() + " ", town()), puzzle)


def test_a_mistyped_code_is_one_line() -> None:
    code = doc_of("stop", 2, 0)["code"]
    body = code.removeprefix("stop-")
    swapped = body[0] + ("1" if body[1] != "1" else "2") + body[2:]
    for bad, message in [
        (f"stop-{swapped}", "the check does not add up: a character is mistyped"),
        (f"solo-{body}", "not the code's kind"),
        ("stop-", "expected KIND-CHARACTERS"),
        ("spot-abc", "not a kind"),
        (f"stop-{body[:-1]}u", "cannot be in a code"),
        (f"stop-{body[:6]}", "the check does not add up|too short"),
        # a version-1 code (one check character, mod 32) is refused by name
        ("stop-23ggj12g33kq71s81955595ncdd5ne9en6nanc00p00r", "a version-1 puzzle code"),
        ("stop-" + "a" * 300, "the check does not add up"),
        ("stop-" + "a" * 1_000_000, "longer than any puzzle code"),  # refused before reading
    ]:
        with pytest.raises(PuzzleError, match=message) as err:
            codes.decode(bad, town())
        assert "\n" not in str(err.value)
    assert codes.looks_like_code(code) and not codes.looks_like_code("puzzles.json")


@pytest.mark.parametrize(("kind", "level", "i"), DOCS)
def test_every_single_typo_and_neighbour_swap_is_caught(kind: str, level: int, i: int) -> None:
    """Every code of the batch, changed in one character (to each of the 31 others of
    the alphabet, anywhere after the kind) or with two different neighbours swapped, is
    refused: none reads as a puzzle (the check over the prime 1021, code_text)."""
    code = doc_of(kind, level, i)["code"]
    prefix, body = f"{kind}-", code.removeprefix(f"{kind}-")
    changed = [
        body[:k] + c + body[k + 1 :] for k in range(len(body)) for c in codes.ALPHABET
        if c != body[k]
    ]  # fmt: skip
    changed += [
        body[:k] + body[k + 1] + body[k] + body[k + 2 :] for k in range(len(body) - 1)
        if body[k] != body[k + 1]
    ]  # fmt: skip
    assert len(changed) >= 31 * len(body)
    for wrong in changed:  # (a few typos also read as a whole version-1 code: refused too)
        with pytest.raises(PuzzleError, match=r"the check does not add up|a version-1 puzzle"):
            codes.decode(prefix + wrong, town())


def _gives_away(text: str, parts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The answer parts a text states: ``B@S``, "the B marker on S", "B (stands) on S"."""
    said = (
        r"(@| marker on | stands on | on | can only stand on | can only go on ){}\b(?!,| and| or)"
    )
    return [(b, s) for b, s in parts if re.search(re.escape(b) + said.format(s), text)]


def _parts(doc: dict[str, Any]) -> list[tuple[str, str]]:
    if doc["kind"] == "stop":
        return [(m["building"], m["space"]) for m in doc["answer"]["removable"]]
    return [(b, s) for s, b in doc["answer"]["placed"].items()]


@pytest.mark.parametrize(("kind", "level", "i"), [d for d in DOCS if d[0] != "best-play"])
def test_hints_lead_to_the_answer_and_never_say_more_than_their_strength(
    kind: str, level: int, i: int
) -> None:
    doc = doc_of(kind, level, i)
    puzzle = loaded(doc)
    parts = _parts(doc)
    have: list[tuple[str, str]] = []
    for _ in range(len(doc["steps"]) + 1):
        partial = ",".join(f"{b}@{s}" for b, s in have)
        weak, clue, full = (hint(puzzle, town(), partial, k) for k in (1, 2, 3))
        if full.done:
            break
        assert weak.step == clue.step == full.step > 0
        assert not weak.reveals and not clue.reveals and full.reveals
        assert "card" not in weak.text  # where to look: no clue yet
        missing = [p for p in parts if p not in have]
        assert not _gives_away(weak.text, missing) and not _gives_away(clue.text, missing)
        assert len(clue.text) > len(weak.text) and len(full.text) > len(weak.text)
        # the deduction settles what it reveals, and it is part of the answer
        assert set(full.reveals) <= set(parts) - set(have)
        have.extend(full.reveals)
    else:
        pytest.fail("the hints did not finish the puzzle")
    assert check_answer(puzzle, town(), ",".join(f"{b}@{s}" for b, s in have)).right


def test_a_wrong_part_is_hinted_first() -> None:
    doc = doc_of("solo", 2, 0)
    puzzle = loaded(doc)
    (space, building), *_ = doc["answer"]["placed"].items()
    other = next(s for s in puzzle.position.position.free_spaces() if s != space)
    given = f"{building}@{other}"
    weak, clue, full = (hint(puzzle, town(), given, k) for k in (1, 2, 3))
    assert weak.text.startswith("one of your buildings is on a wrong space")
    assert other not in weak.text
    # which clue, not the space: "not on S7" would give a two-space building away
    assert clue.text.startswith(f"the {building} is on a wrong space: ")
    assert other not in clue.text and space not in clue.text
    assert full.text.startswith(f"the {building} does not stand on {other}:")


def test_best_play_hints_follow_the_moves() -> None:
    doc = doc_of("best-play", 3, 0)
    puzzle = loaded(doc)
    moves = doc["answer"]["plays"][0].split("; ")
    cards = {m.split()[1] for m in moves if m.startswith("play")}
    for k in range(len(moves)):
        partial = "; ".join(moves[:k])
        weak, clue, full = (hint(puzzle, town(), partial, s) for s in (1, 2, 3))
        assert not cards & set(weak.text.replace(",", " ").split())
        assert moves[k] not in weak.text and moves[k] not in clue.text
        assert full.text.startswith(moves[k]) or not moves[k].startswith("play")
    assert hint(puzzle, town(), "; ".join(moves), 1).done
    wrong = hint(puzzle, town(), "pass", 2)
    assert wrong.step == 0 and "your move 1 is not part of the best play" in wrong.text
    with pytest.raises(PuzzleError, match="strength"):
        hint(puzzle, town(), "", 4)


def _named(text: str, moves: list[str]) -> set[str]:
    """The cards, buildings and spaces of ``moves`` that ``text`` names."""
    words = {w.casefold() for w in re.findall(r"[A-Za-z_]+\d*", text)}
    cards = set(re.findall(r"cards? ((?:\d+(?:, | and | or )?)+)", text))
    said = {n for group in cards for n in re.findall(r"\d+", group)}
    found = set()
    for move in moves:
        for token in move.replace(",", " ").split()[1:]:
            if (token.isdigit() and token in said) or token.casefold() in words:
                found.add(token)
    return found


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_best_play_hints_below_3_never_name_the_answer(level: int) -> None:
    """Every hint of strength 1 and 2, from every prefix of every best order and from
    wrong partial answers, names no card, building or space of the best turn."""
    doc = doc_of("best-play", level, 0)
    puzzle = loaded(doc)
    orders = [p.split("; ") for p in doc["answer"]["plays"]]
    moves = sorted({m for o in orders for m in o})
    you = puzzle.position.players[0]
    partials = {"; ".join(o[:k]) for o in orders for k in range(len(o) + 1)}
    partials |= {"pass", f"play {you.hand[0]} -", "; ".join([*orders[0][:1], "pass"])}
    for partial in sorted(partials):
        for strength in (1, 2):
            given = hint(puzzle, town(), partial, strength)
            if given.done:
                continue
            own = set(partial.replace(";", " ").replace(",", " ").split())
            assert not _named(given.text, moves) - own, (partial, strength, given.text)
    # the hints lead through the whole turn, which then checks right
    for order in orders:
        assert hint(puzzle, town(), "; ".join(order), 1).done
        assert check_answer(puzzle, town(), "; ".join(order)).right


def test_answers_take_the_board_abbreviations() -> None:
    doc = doc_of("stop", 1, 0)
    puzzle = loaded(doc)
    short = ",".join(
        f"{town().buildings[m['building']].abbr.lower()}@{m['space']}"
        for m in doc["answer"]["removable"]
    )
    assert check_answer(puzzle, town(), short).right
    solo = doc_of("solo", 1, 0)
    short = ",".join(f"{town().buildings[b].abbr}@{s}" for s, b in solo["answer"]["placed"].items())
    assert check_answer(loaded(solo), town(), short).right


def test_best_play_check_names_the_illegal_move() -> None:
    puzzle = loaded(doc_of("best-play", 3, 0))
    you = puzzle.position.players[0]
    hand = you.hand
    absent = next(n for n in range(1, 61) if n not in hand)
    verdict = check_answer(puzzle, town(), f"play {absent} -")
    assert not verdict.right
    assert f"move 1 (play {absent} -): card {absent} is not in your hand" in verdict.wrong[0]
    verdict = check_answer(puzzle, town(), f"pass; play {hand[0]} -")
    assert "[GH-4] a pass is the turn's one action" in verdict.wrong[0]
    # a buy after the pass is legal (GH-4: at any point of the turn); it only costs
    for_sale = best_play.beside_board(puzzle.position.position, set(you.buildings), town())
    verdict = check_answer(puzzle, town(), f"pass; buy {for_sale[0]}")
    alone = check_answer(puzzle, town(), f"buy {for_sale[0]}")
    if you.collected >= 2:
        assert verdict.wrong[0].startswith(f"pass; buy {for_sale[0]} scores -2; the best scores")
        assert "[GH-4] a turn needs its action" in alone.wrong[0]
    else:
        assert "[GH-4] a building costs 2 collected markers" in verdict.wrong[0]


def test_verify_reports_every_mismatch() -> None:
    doc = dict(doc_of("solo", 2, 0))
    puzzle = loaded(doc)
    result = analyse(puzzle, town())
    assert mismatches(puzzle, result, town()) == []
    doc.update(level=3, score=1, question="Where?", code="solo-0", id="solo-9-1")
    doc["steps"] = doc["steps"][:-1]
    doc["clues"] = [dict(doc["clues"][0], text="Somewhere."), *doc["clues"][1:]]
    found = mismatches(loaded(doc), result, town())
    fields = [line.split(":")[0] for line in found]
    assert fields == ["level", "score", "question", "code", "steps", "clues[0].text", "id"]
    doc = dict(doc_of("stop", 1, 0), seed=doc_of("stop", 1, 1)["seed"])
    doc["id"] = f"stop-1-{doc['seed']:x}"
    found = mismatches(loaded(doc), analyse(loaded(doc), town()), town())
    assert len(found) == 1 and found[0].startswith("seed: seed ") and "another puzzle" in found[0]


def test_daily_puzzle_is_the_same_for_everyone() -> None:
    day = dt.date(2026, 12, 1)  # a Tuesday: level 1
    first = daily.daily(town(), day, "stop")
    assert first == daily.daily(town(), day, "stop") and first["level"] == 1
    assert daily.daily(town(), dt.date(2026, 12, 2), "stop") != first
    line = daily.result_line("solo", day, True, 2)
    assert line == "Gads Hill solo 2026-12-01 (level 1): solved, 2 hints"
    sunday = daily.parse_date("2026-12-06")
    assert sunday.weekday() == 6 and daily.daily_level(sunday, "solo") == 4
    assert daily.daily_level(day, "best-play") == 1  # graded by search: level 1 is common
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        daily.parse_date("1 Dec")


@pytest.mark.parametrize("kind", ["stop", "solo", "best-play"])
def test_the_shipped_pool_holds_verified_puzzles_of_their_levels(kind: str) -> None:
    from gadshill.solver.puzzles.pool import pool

    for level, found in pool()[kind].items():
        assert len(found) >= 10
        for n, code in enumerate(found):
            puzzle = codes.decode(code, town())
            # best-play's CP-SAT proof takes seconds: two per level here (every one was
            # proved when the pool was made); the fast engine grades all of them
            result = analyse(puzzle, town(), prove=kind != "best-play" or n < 2)
            assert result.verified and result.level == int(level), (code, result.problem)
            if kind == "best-play":  # one set of moves, in every order that scores as much
                assert len({frozenset(p.split("; ")) for p in result.answer["plays"]}) == 1
