"""RuleBook: every violated rule is reported; gates stop; procedures are entries too."""

import pytest

from gadshill.rules import IllegalMove, Rule, RuleBook, Violation
from tests.rules.toy_game import BOOK, Say, Take, ToyState


def test_every_violation_is_reported_not_just_the_first() -> None:
    state = ToyState(2, seed=1)
    state.pile = 2
    violations = state.check(Take(4))
    assert [v.rule for v in violations] == ["TOY-1", "TOY-2"]
    assert violations[0].message == "cannot take 4"
    assert violations[1].message == "the pile holds 2, not 4"


def test_legal_move_has_no_violations() -> None:
    state = ToyState(2, seed=1)
    assert state.check(Take(1)) == []
    assert state.is_legal(Take(3))


def test_gate_stops_later_checks() -> None:
    book: RuleBook[object, object] = RuleBook("g")
    book.add(Rule("G", "gate", (int,), lambda s, m: True, gate=True))
    book.add(Rule("L", "later", (int,), lambda s, m: True))
    assert [v.rule for v in book.check(None, 1)] == ["G"]


def test_rules_only_govern_their_move_types() -> None:
    state = ToyState(2, seed=1)
    assert [v.rule for v in state.check(Say(("hi",), False, None))] == ["TOY-0"]


def test_apply_is_atomic_on_illegal_moves() -> None:
    state = ToyState(2, seed=3)
    before = state.snapshot()
    with pytest.raises(IllegalMove) as raised:
        state.apply(Take(9))
    assert {v.rule for v in raised.value.violations} == {"TOY-1"} | (
        {"TOY-2"} if before["pile"] < 9 else set()
    )
    assert state.snapshot() == before
    assert "take 9" in str(raised.value)


def test_TOY_3_procedure_is_an_entry_without_predicate() -> None:
    rule = BOOK["TOY-3"]
    assert rule.breach is None and not rule.governs(Take(1))
    assert "TOY-3" in BOOK.ids()


def test_duplicate_ids_are_refused() -> None:
    book: RuleBook[object, object] = RuleBook("d")
    book.procedure("X", "one")
    with pytest.raises(ValueError):
        book.procedure("X", "two")
    with pytest.raises(ValueError):
        RuleBook("d", [Rule("Y", "a"), Rule("Y", "b")])
    with pytest.raises(KeyError):
        book["nope"]


def test_legal_moves_are_the_candidates_that_pass() -> None:
    state = ToyState(2, seed=1)
    state.pile = 2
    assert state.legal_moves() == [Take(1), Take(2)]


def test_terminal_state_refuses_everything() -> None:
    state = ToyState(2, seed=1)
    state.pile = 0
    assert state.legal_moves() == []
    assert state.check(Take(1)) == [Violation("game-over", "the game is over")]


def test_violation_forms() -> None:
    v = Violation("SM-1", "too dear")
    assert str(v) == "[SM-1] too dear"
    assert v.to_json() == {"rule": "SM-1", "message": "too dear"}


def test_clone_is_independent_and_equal() -> None:
    state = ToyState(3, seed=5)
    twin = state.clone()
    assert twin == state
    twin.apply(Take(1))
    assert twin != state
