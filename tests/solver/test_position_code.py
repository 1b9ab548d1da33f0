"""Position codes (solver/position_code.py): exact round trips of reachable and
hypothesis-built positions, canonical codes, and every slip refused in one line.

Positions come from real seeded games (random legal moves, every seat's hand) and from
hypothesis-built boards; raw boards (four markers on a space, a building standing
twice) round-trip through ``encode_doc``/``decode_doc``.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gadshill
from gadshill.errors import PositionError
from gadshill.gads_hill.positions import position_file_at
from gadshill.gamedata.pack import pack_path
from gadshill.solver import code_text, position_code
from gadshill.solver.model import Position
from gadshill.solver.position_code import (
    decode,
    decode_doc,
    encode,
    encode_doc,
    looks_like_position_code,
)
from gadshill.solver.position_file import (
    PlayerInfo,
    PositionFile,
    load_position,
    position_to_json,
)
from gadshill.solver.town import Town, load_town

TOWN = load_town()
SPACES = TOWN.ordered(TOWN.spaces)
BUILDINGS = sorted(TOWN.buildings)
FEATURES = sorted(TOWN.features)
CARDS = sorted(TOWN.cards)


def game_position(players: int, seed: int, moves: int) -> PositionFile:
    """The position of a seeded game after up to ``moves`` random legal moves, all hands."""
    state = gadshill.new_game("gads-hill", players=players, seed=seed)
    chooser = random.Random(seed * 1000 + moves)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.push(chooser.choice(state.legal_moves()))
    return position_file_at(state, None)  # type: ignore[arg-type]


games = st.builds(
    game_position,
    players=st.integers(2, 5),
    seed=st.integers(1, 10_000),
    moves=st.integers(0, 200),
)


@st.composite
def boards(draw: st.DrawFn) -> PositionFile:
    """A checked position: buildings standing, markers (at most 3 a space), retired
    buildings, fields, the locomotive, players with hands and collected markers."""
    order = draw(st.permutations(BUILDINGS))
    free = list(SPACES)
    placed: dict[str, str] = {}
    standing = draw(st.integers(0, 8))
    for building in order[:standing]:
        space = draw(st.sampled_from(free))
        free.remove(space)
        placed[space] = building
    retired = order[standing : standing + draw(st.integers(0, 2))]
    crowd = dict.fromkeys(free, 0)
    markers: dict[str, frozenset[str]] = {}
    for building in order[standing + len(retired) :]:
        room = [s for s in free if crowd[s] < 3]
        spaces = draw(st.lists(st.sampled_from(room), max_size=5, unique=True)) if room else []
        for space in spaces:
            crowd[space] += 1
        if spaces:
            markers[building] = frozenset(spaces)
    fields = dict(zip(sorted(TOWN.fields), draw(st.permutations(FEATURES)), strict=True))
    cards = draw(st.permutations(CARDS))
    players = []
    for seat in range(draw(st.integers(0, 5))):
        own = tuple(draw(st.lists(st.sampled_from(BUILDINGS), max_size=4, unique=True)))
        own = tuple(b for b in own if not any(b in p.buildings for p in players))
        hand = tuple(cards[seat * 6 : seat * 6 + draw(st.integers(0, 6))])
        players.append(PlayerInfo(f"seat {seat}", own, hand, draw(st.integers(0, 110))))
    pf = PositionFile(
        Position(TOWN.space_ids, markers, placed, frozenset(retired)),
        tuple(players),
        3 + len(placed) if draw(st.booleans()) else None,
        fields if draw(st.booleans()) else {},
    )
    return load_position(position_to_json(pf), TOWN)  # checked, as a file


@st.composite
def raw_docs(draw: st.DrawFn) -> dict[str, Any]:
    """A raw position the board editor may hold: any markers, a building on two spaces."""
    placed = draw(st.dictionaries(st.sampled_from(SPACES), st.sampled_from(BUILDINGS)))
    markers = draw(
        st.dictionaries(
            st.sampled_from(BUILDINGS), st.lists(st.sampled_from(SPACES), unique=True, min_size=1)
        )
    )
    doc: dict[str, Any] = {"markers": markers, "placed": placed}
    fields = draw(st.dictionaries(st.sampled_from(sorted(TOWN.fields)), st.sampled_from(FEATURES)))
    if fields:
        doc["fields"] = fields
    return doc


def canonical(doc: dict[str, Any]) -> dict[str, Any]:
    """A raw doc as decode_doc gives it back: spaces and buildings in code order."""
    out: dict[str, Any] = {
        "markers": {b: TOWN.ordered(s) for b, s in sorted(doc["markers"].items()) if s},
        "placed": {s: doc["placed"][s] for s in TOWN.ordered(doc["placed"])},
    }
    if doc.get("fields"):
        out["fields"] = {f: doc["fields"][f] for f in sorted(doc["fields"])}
    return out


# --- round trips --------------------------------------------------------------------------


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_reachable_positions_round_trip(pf: PositionFile) -> None:
    code = encode(pf, TOWN)
    assert decode(code, TOWN) == pf
    assert encode(decode(code, TOWN), TOWN) == code
    assert looks_like_position_code(code)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_built_positions_round_trip_and_codes_are_canonical(pf: PositionFile) -> None:
    code = encode(pf, TOWN)
    assert decode(code, TOWN) == pf
    # the same position written another way (keys and lists shuffled, any case,
    # abbreviations) gives the same code
    doc = position_to_json(pf)
    abbr = {b.id: b.abbr for b in TOWN.buildings.values()}
    shuffled = {
        "placed": {s.lower(): abbr[b] for s, b in reversed(doc["placed"].items())},
        "markers": {b.lower(): list(reversed(s)) for b, s in reversed(doc["markers"].items())},
    }
    for key in ("retired", "fields", "locomotive", "players"):
        if key in doc:
            shuffled[key] = doc[key]
    assert encode_doc(shuffled, TOWN) == code


@settings(max_examples=100)
@given(raw_docs())
def test_raw_boards_round_trip(doc: dict[str, Any]) -> None:
    code = encode_doc(doc, TOWN)
    assert decode_doc(code, TOWN) == canonical(doc)
    assert encode_doc(decode_doc(code, TOWN), TOWN) == code


def test_a_raw_board_with_four_markers_on_a_space_is_coded_but_not_checked() -> None:
    doc = {
        "markers": {b: ["S7"] for b in ("BANK", "CHURCH", "HOTEL", "SALOON")},
        "placed": {"S1": "JAIL", "S2": "JAIL"},
    }
    code = encode_doc(doc, TOWN)
    assert decode_doc(code, TOWN) == doc
    with pytest.raises(PositionError, match=r"^'pos-.*': placed.S2: JAIL already stands on S1"):
        decode(code, TOWN)


def test_names_become_seats_and_hands_keep_their_order() -> None:
    pf = load_position(
        {
            "markers": {},
            "placed": {},
            "players": [{"name": "Ann", "hand": [39, 2, 17], "collected": 110}],
        },
        TOWN,
    )
    back = decode(encode(pf, TOWN), TOWN)
    assert back.players == (PlayerInfo("seat 0", (), (39, 2, 17), 110),)


# --- every slip refused -------------------------------------------------------------------


def sample_codes() -> list[str]:
    docs = [
        game_position(3, 8, 60),
        game_position(5, 2, 150),
        load_position("examples/tight-pair.json", TOWN),
        load_position({"markers": {}, "placed": {}}, TOWN),
    ]
    return [encode(pf, TOWN) for pf in docs]


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(games, boards()))
def test_every_slip_of_generated_codes_is_refused(pf: PositionFile) -> None:
    """Exhaustively per code: every substitution, every neighbour swap, every cut."""
    code = encode(pf, TOWN)
    body = code[4:]
    slips = [
        body[:i] + c + body[i + 1 :]
        for i in range(len(body))
        for c in code_text.ALPHABET
        if c != body[i]
    ]
    slips += [
        body[:i] + body[i + 1] + body[i] + body[i + 2 :]
        for i in range(len(body) - 1)
        if body[i] != body[i + 1]
    ]
    slips += [body[:end] for end in range(len(body))]
    for slip in slips:
        with pytest.raises(PositionError):
            decode_doc("pos-" + slip, TOWN)


@pytest.mark.parametrize("code", sample_codes())
def test_every_single_substitution_is_refused(code: str) -> None:
    body = code[len("pos-") :]
    for i, original in enumerate(body):
        for c in code_text.ALPHABET:
            if c != original:
                slip = "pos-" + body[:i] + c + body[i + 1 :]
                with pytest.raises(
                    PositionError, match=r"^'pos-.*': the check does not add up: a character"
                ):
                    decode_doc(slip, TOWN)


@pytest.mark.parametrize("code", sample_codes())
def test_every_neighbour_swap_is_refused(code: str) -> None:
    body = code[len("pos-") :]
    for i in range(len(body) - 1):
        if body[i] != body[i + 1]:
            slip = "pos-" + body[:i] + body[i + 1] + body[i] + body[i + 2 :]
            with pytest.raises(PositionError, match=r"does not add up: .* or two are swapped"):
                decode_doc(slip, TOWN)


@pytest.mark.parametrize("code", sample_codes())
def test_cut_or_lengthened_codes_are_refused(code: str) -> None:
    for end in range(len("pos-"), len(code)):
        with pytest.raises(PositionError) as info:
            decode_doc(code[:end], TOWN)
        assert "\n" not in str(info.value)
    for extra in ("0", "00", "7", "zz", "000"):
        with pytest.raises(PositionError):
            decode_doc(code + extra, TOWN)


def test_a_long_code_is_shortened_in_messages() -> None:
    code = sample_codes()[1]
    slip = code[:-1] + ("0" if code[-1] != "0" else "1")
    with pytest.raises(PositionError) as info:
        decode_doc(slip, TOWN)
    assert str(info.value).startswith(f"'{slip[:12]}...{slip[-8:]}': ")


def test_typing_slips_that_are_not_mistakes_are_read() -> None:
    code = encode(game_position(3, 8, 60), TOWN)
    body = code[4:]
    spaced = "POS-" + " ".join(body[i : i + 4] for i in range(0, len(body), 4)).upper()
    assert decode_doc(spaced, TOWN) == decode_doc(code, TOWN)
    if "1" in body or "0" in body:
        looks = "pos-" + body.replace("1", "l").replace("0", "O")
        assert decode_doc(looks, TOWN) == decode_doc(code, TOWN)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3g20003zzzzg2r4", "a position code starts with 'pos-'"),
        ("pos-3g2u003zzzzg2r4", "'u' cannot be in a position code"),
        ("pos-", "too short"),
        ("pos-3", "too short"),
        ("pos-" + "z" * 2001, r"too long \(2001 characters; a position code has at most 2000\)"),
    ],
)
def test_malformed_codes(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        decode_doc(text, TOWN)


def with_header(code: str, version: int | None = None, tag: int | None = None) -> str:
    """``code`` with another version or pack tag in its header, the check made right again."""
    body = code[4:-2]
    reader = code_text.BitReader.of(body)
    old_version, old_tag = reader.take(4), reader.take(10)
    rest_bits = reader.left
    rest = reader.value & ((1 << rest_bits) - 1)
    value = (version if version is not None else old_version) << 10
    value = (value | (tag if tag is not None else old_tag)) << rest_bits | rest
    return "pos-" + code_text.with_check(code_text.text_of(value, len(body)))


def test_another_version_is_refused_naming_it() -> None:
    code = sample_codes()[2]
    assert decode_doc(with_header(code), TOWN) == decode_doc(code, TOWN)
    with pytest.raises(PositionError, match=r"written for version 2 of position codes .*reads 1"):
        decode_doc(with_header(code, version=2), TOWN)


SETUP_WITHOUT_CARD_60 = """
spaces = 19
buildings = 22
cards = { building = 22, district = 16, condition = 21 }
players = [2, 5]
hand = { building = 3, district = 1, condition = 1 }
draft_rounds = 2
one_card_locomotive = 16
"""


def modified_pack(tmp_path: Path, change: str) -> Town:
    pack = tmp_path / "gads-hill"
    shutil.copytree(pack_path("gads-hill"), pack)
    if change == "rename":
        for file in pack.glob("*.toml"):
            file.write_text(file.read_text().replace("THEATRE", "OPERA_HOUSE"))
    else:  # the last card (60, a condition card) out of the pack
        cards = pack / "cards.toml"
        text = cards.read_text()
        cards.write_text(text[: text.rindex("[[card]]")])
        (pack / "setup.toml").write_text(SETUP_WITHOUT_CARD_60)
    return load_town(pack)


@pytest.mark.parametrize("change", ["rename", "card"])
def test_a_code_of_another_pack_is_refused(tmp_path: Path, change: str) -> None:
    other = modified_pack(tmp_path, change)
    doc = {"markers": {"BANK": ["S1", "S4"]}, "placed": {"S3": "HOTEL"}}
    theirs, ours = encode_doc(doc, other), encode_doc(doc, TOWN)
    assert theirs != ours
    with pytest.raises(PositionError, match=r"^'pos-.*': written for another card pack"):
        decode_doc(theirs, TOWN)
    with pytest.raises(PositionError, match="written for another card pack"):
        decode_doc(ours, other)


# --- what encoding refuses ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"markers": {"SALON": ["S1"]}, "placed": {}}, "markers: unknown building 'SALON'"),
        ({"markers": {"BANK": ["S1", "s1"]}, "placed": {}}, "markers.BANK: an id is listed"),
        ({"markers": {}, "placed": {}, "locomotive": 5}, "locomotive: 5, but"),
        (
            {"markers": {}, "placed": {}, "players": [{"collected": 128}]},
            r"players\[0\].collected: 128 markers do not fit in a code \(at most 127\)",
        ),
        ({"markers": {}, "placed": {}, "players": [{"hand": [61]}]}, "61 is not a card number"),
        ({"markers": {}, "placed": {}, "colour": 1}, "unknown key"),
    ],
)
def test_encoding_refuses_in_one_line(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        encode_doc(doc, TOWN)


def test_api_reads_codes_and_gives_them() -> None:
    position = gadshill.load_position("examples/tight-pair.json")
    code = position.code
    assert gadshill.load_position(code).file == position.file
    assert gadshill.stop(code) == gadshill.stop(position)
    with pytest.raises(PositionError, match="the check does not add up"):
        gadshill.load_position(code[:-1] + ("0" if code[-1] != "0" else "1"))


def test_typical_lengths() -> None:
    """Short enough to type: the empty board, a mid-game, a full board with hands."""
    empty = encode(load_position({"markers": {}, "placed": {}}, TOWN), TOWN)
    mid = encode(game_position(3, 1, 60), TOWN)
    assert len(empty) <= 20
    assert len(mid) <= 100


def test_a_running_games_code_holds_only_the_seats_own_hand() -> None:
    state = gadshill.new_game("gads-hill", players=4, seed=12)
    chooser = random.Random(12)
    for _ in range(50):
        state.push(chooser.choice(state.legal_moves()))
    for seat in range(4):
        back = decode(encode(position_file_at(state, seat), TOWN), TOWN)  # type: ignore[arg-type]
        assert [bool(p.hand) for p in back.players] == [p == seat for p in range(4)]
        assert back.players[seat].hand == tuple(state.hands[seat])  # type: ignore[attr-defined]
        assert [p.collected for p in back.players] == state.collected  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no seat 4"):
        position_file_at(state, 4)  # type: ignore[arg-type]


def test_a_huge_code_is_refused_quickly_as_a_code() -> None:
    huge = "pos-" + "z" * 5000
    assert position_code.names_a_code(huge)
    with pytest.raises(PositionError, match="too long"):
        gadshill.load_position(huge)
