"""Move notation and JSON: one strict codec for every game."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gadshill.errors import NotationError
from gadshill.rules import MoveCodec
from tests.rules.toy_game import Say, Take

CODEC = MoveCodec([Take, Say])
ids = st.text(alphabet="ABCXYZ_0123456789", min_size=1, max_size=6)


def test_notation_round_trip_examples() -> None:
    assert str(Take(3)) == "take 3"
    assert str(Say(("A", "B"), True, None)) == "say A,B yes -"
    assert str(Say((), False, 2)) == "say - no 2"
    for move in (Take(3), Say(("A", "B"), True, None), Say((), False, 2)):
        assert CODEC.parse(str(move)) == move
        assert CODEC.from_json(move.to_json()) == move


@given(
    st.integers(-99, 99), st.lists(ids, max_size=4), st.booleans(), st.none() | st.integers(0, 5)
)
def test_round_trip_property(count: int, words: list[str], loud: bool, to: int | None) -> None:
    for move in (Take(count), Say(tuple(words), loud, to)):
        assert CODEC.parse(str(move)) == move
        assert CODEC.from_json(move.to_json()) == move


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty move"),
        ("jump 3", "unknown move 'jump'"),
        ("take", "expected 'take <count>'"),
        ("take 1 2", "expected 'take <count>'"),
        ("take two", "expected a whole number"),
        ("say A maybe -", "expected yes or no"),
        ("say A yes x", "expected a whole number"),
    ],
)
def test_parse_is_strict(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        CODEC.parse(text)


@pytest.mark.parametrize(
    "obj, fragment",
    [
        ([], "JSON object"),
        ({"move": "take"}, "missing"),
        ({"move": "take", "count": 1, "extra": 2}, "unknown"),
        ({"move": "take", "count": "1"}, "expected int"),
        ({"move": "take", "count": True}, "expected int"),
        ({"move": "say", "words": "A", "loud": True, "to": None}, "expected a list"),
        ({"move": 7}, "unknown move"),
    ],
)
def test_from_json_is_strict(obj: object, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        CODEC.from_json(obj)


def test_codec_refuses_duplicate_kinds() -> None:
    with pytest.raises(ValueError):
        MoveCodec([Take, Take])


def test_usage_lists_every_move() -> None:
    assert CODEC.usage() == ["say <words> <loud> <to>", "take <count>"]


def test_trailing_optional_fields_may_be_left_out() -> None:
    assert CODEC.parse("say A yes") == Say(("A",), True, None)
    with pytest.raises(NotationError, match="expected 'say <words> <loud> <to>'"):
        CODEC.parse("say A")
