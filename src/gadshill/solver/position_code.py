"""Position codes: a short text that *is* a Gads Hill position, as FEN is a chess position.

``pos-`` and Crockford base-32 characters (see :mod:`gadshill.solver.code_text`), safe
in a URL, read in any case with spaces ignored. A code holds the standing buildings,
the markers, the retired buildings, the fixed features on the fields, whether the
locomotive is given (it always counts 3 + the buildings standing, so a flag says it)
and the players: their buildings, hands (in order) and collected markers. Player
names are not kept: a decoded position names them ``seat 0``, ``seat 1``, ... as
``GadsHillState.position_file()`` does.

Packing, in this order: the version (4 bits); the pack tag (10 bits of a hash of the
pack's ids, so a code of another card pack is refused, never read as another position:
the same hash also salts the check, so such a code must pass both, about one in a
million);
per building space in town order, a bit and the building standing there; per building
in sorted order, the count of its markers and their spaces in town order; the retired
buildings; per designated field, its feature (0: none); the locomotive flag; the
players. Counts are written short when small (Elias gamma), so an empty board is
``pos-`` and 15 characters. Two check characters make the whole code a multiple of the
prime 1021: every single mistyped character and every swap of two neighbours is refused
(the proof is in :mod:`~gadshill.solver.code_text`). A code cut short or made longer is refused by
its length, whatever the check says: the fields are read from the front, so a shorter
body runs out of bits and a longer one has bits left over.

Two levels: :func:`encode_doc` / :func:`decode_doc` carry a *raw* position JSON object
(known ids, board rules not checked: the board editor's positions in the making, with
four markers on a space or a building standing twice); :func:`encode` / :func:`decode`
carry a checked :class:`~gadshill.solver.position_file.PositionFile`.

>>> from gadshill.solver.town import load_town
>>> town = load_town()
>>> code = encode_doc({"markers": {"bank": ["s1", "s2"]}, "placed": {"S5": "HOTEL"}}, town)
>>> code == encode_doc({"placed": {"s5": "hot"}, "markers": {"BANK": ["S2", "S1"]}}, town)
True
>>> decode_doc(code, town)
{'markers': {'BANK': ['S1', 'S2']}, 'placed': {'S5': 'HOTEL'}}
>>> decode_doc(code[:-3] + code[-2] + code[-3] + code[-1], town)
Traceback (most recent call last):
...
gadshill.errors.PositionError: 'pos-...': the check does not add up: a character is mistyped, ...
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from gadshill.errors import PositionError
from gadshill.solver import code_text
from gadshill.solver.code_text import BitReader, BitWriter, CodeTooShort
from gadshill.solver.position_file import (
    LOCOMOTIVE_START,
    PLAYER_KEYS,
    TOP_KEYS,
    PositionFile,
    load_position,
    position_to_json,
)
from gadshill.solver.town import Town

T = TypeVar("T")

PREFIX = "pos-"
#: bumped when the packing changes; a code of another version is refused in one line
VERSION = 1
VERSION_BITS = 4
TAG_BITS = 10
#: the longest code shown whole in a message
SHOWN = 40
#: more characters than any position needs (a full board with five players and every
#: card in hand takes about 1,000): a longer text is refused before it is read
MAX_CHARACTERS = 2000


@dataclass(frozen=True)
class _Pack:
    """The pack's ids in code order, and the bits each field takes."""

    tag: int
    #: added into the check, so a code of another pack fails it as well as the tag
    salt: int
    spaces: tuple[str, ...]
    buildings: tuple[str, ...]
    features: tuple[str, ...]
    fields: tuple[str, ...]
    cards: frozenset[int]
    space_bits: int
    building_bits: int
    feature_bits: int
    card_bits: int
    collected_bits: int

    @property
    def most_collected(self) -> int:
        return (1 << self.collected_bits) - 1


@cache
def _pack(town: Town) -> _Pack:
    spaces = tuple(town.ordered(town.spaces))
    buildings = tuple(sorted(town.buildings))
    features = tuple(sorted(town.features))
    fields = tuple(sorted(town.fields))
    cards = tuple(sorted(town.cards))
    ids = "|".join(
        ",".join(map(str, part)) for part in (spaces, buildings, features, fields, cards)
    )
    digest = int.from_bytes(hashlib.sha256(ids.encode()).digest()[:4], "big")
    total_markers = sum(b.markers for b in town.buildings.values())
    return _Pack(
        tag=digest % (1 << TAG_BITS),
        salt=digest % code_text.CHECK_PRIME,
        spaces=spaces,
        buildings=buildings,
        features=features,
        fields=fields,
        cards=frozenset(cards),
        space_bits=len(spaces).bit_length(),
        building_bits=len(buildings).bit_length(),
        feature_bits=len(features).bit_length(),  # 0 is "not given"
        card_bits=max(cards).bit_length(),
        # a player may have taken every marker of the pack (110 in the standard one)
        collected_bits=total_markers.bit_length(),
    )


def looks_like_position_code(text: str) -> bool:
    """Whether ``text`` is written like a position code (``pos-`` and characters).

    >>> looks_like_position_code("POS-3k9a"), looks_like_position_code("game.json")
    (True, False)
    """
    prefix, rest = text.strip()[: len(PREFIX)], text.strip()[len(PREFIX) :]
    return prefix.casefold() == PREFIX and "".join(rest.split()).isalnum()


def names_a_code(text: str) -> bool:
    """Whether a command-line argument is a code rather than a path: written like a
    code, and no file of that name exists."""
    if not looks_like_position_code(text):
        return False
    try:
        return not Path(text.strip()).exists()
    except OSError:  # a name no file can have (too long): not a path
        return True


# --- encoding -----------------------------------------------------------------------


def encode(pf: PositionFile, town: Town) -> str:
    """The code of a checked position (player names are not kept)."""
    return encode_doc(position_to_json(pf), town)


def encode_doc(doc: Any, town: Town) -> str:
    """The code of a raw position JSON object: ids known (any case, abbreviations),
    board rules not checked. The same position always gives the same code."""
    pack = _pack(town)
    if not isinstance(doc, dict):
        raise PositionError("a position is a JSON object")
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise PositionError(f"unknown key(s) {', '.join(map(repr, unknown))}")
    bits = BitWriter()
    bits.put(VERSION, VERSION_BITS)
    bits.put(pack.tag, TAG_BITS)

    placed = _keyed(doc, "placed", town.space_id, _id, town.building_id)
    for space in pack.spaces:
        bits.put(space in placed, 1)
        if space in placed:
            bits.put(pack.buildings.index(placed[space]), pack.building_bits)

    markers = _keyed(doc, "markers", town.building_id, _ids, town.space_id)
    for building in pack.buildings:
        where = sorted(pack.spaces.index(s) for s in markers.get(building, []))
        _put_items(bits, where, pack.space_bits)

    retired = _ids(town.building_id, _entries(doc, "retired", list), "retired")
    _put_items(bits, sorted(pack.buildings.index(b) for b in retired), pack.building_bits)

    fields = _keyed(doc, "fields", town.field_id, _id, town.feature_id)
    for fid in pack.fields:
        feature = fields.get(fid)
        bits.put(0 if feature is None else pack.features.index(feature) + 1, pack.feature_bits)

    locomotive = doc.get("locomotive")
    if locomotive is not None and locomotive != LOCOMOTIVE_START + len(placed):
        raise PositionError(
            f"locomotive: {locomotive!r}, but a code keeps only that it is given: it counts"
            f" 3 fixed features and {len(placed)} building(s) standing,"
            f" {LOCOMOTIVE_START + len(placed)}"
        )
    bits.put(locomotive is not None, 1)

    players = _entries(doc, "players", list)
    bits.put_count(len(players))
    for i, player in enumerate(players):
        _put_player(bits, player, f"players[{i}]", pack, town)
    return PREFIX + code_text.with_check(bits.text(), pack.salt)


def _entries(doc: dict[str, Any], key: str, kind: type) -> Any:
    """``doc[key]`` (empty when absent), refused if it is not a ``kind``."""
    value = doc.get(key, kind())
    if not isinstance(value, kind):
        raise PositionError(f"{key!r} must be {'an object' if kind is dict else 'a list'}")
    return value


def _keyed(
    doc: dict[str, Any],
    key: str,
    match: Callable[[object], str],
    read: Callable[[Callable[[object], str], object, str], T],
    value_match: Callable[[object], str],
) -> dict[str, T]:
    """``doc[key]``'s object with each key matched to its id (an id given twice, in two
    spellings, is refused) and each value read by ``read`` (:func:`_id` or :func:`_ids`)."""
    out: dict[str, T] = {}
    for given, raw in _entries(doc, key, dict).items():
        name = _id(match, given, key)
        if name in out:
            raise PositionError(f"{key}: {name} is given twice")
        out[name] = read(value_match, raw, f"{key}.{name}")
    return out


def _id(match: Callable[[object], str], given: object, where: str) -> str:
    try:
        return match(given)
    except PositionError as err:
        raise PositionError(f"{where}: {err}") from None


def _ids(match: Callable[[object], str], given: object, where: str) -> list[str]:
    """The ids of a list, each once (a code keeps a set, so a repeat is refused)."""
    if not isinstance(given, list):
        raise PositionError(f"{where}: expected a list of ids")
    ids = [_id(match, one, where) for one in given]
    if len(set(ids)) != len(ids):
        raise PositionError(f"{where}: an id is listed twice")
    return ids


def _put_items(bits: BitWriter, items: list[int], width: int) -> None:
    bits.put_count(len(items))
    for item in items:
        bits.put(item, width)


def _put_player(bits: BitWriter, player: Any, where: str, pack: _Pack, town: Town) -> None:
    if not isinstance(player, dict):
        raise PositionError(f"{where}: expected an object")
    unknown = sorted(set(player) - PLAYER_KEYS)
    if unknown:
        raise PositionError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}")
    given = player.get("buildings", [])
    if not isinstance(given, list):
        raise PositionError(f"{where}.buildings: expected a list of building ids")
    own = [_id(town.building_id, b, f"{where}.buildings") for b in given]
    _put_items(bits, [pack.buildings.index(b) for b in own], pack.building_bits)
    hand = player.get("hand", [])
    if not isinstance(hand, list):
        raise PositionError(f"{where}.hand: expected a list of card numbers")
    for number in hand:
        if isinstance(number, bool) or not isinstance(number, int) or number not in pack.cards:
            raise PositionError(f"{where}.hand: {number!r} is not a card number of this pack")
    _put_items(bits, hand, pack.card_bits)
    collected = player.get("collected", 0)
    if isinstance(collected, bool) or not isinstance(collected, int) or collected < 0:
        raise PositionError(f"{where}.collected: expected a count of markers (0 or more)")
    if collected > pack.most_collected:
        raise PositionError(
            f"{where}.collected: {collected} markers do not fit in a code"
            f" (at most {pack.most_collected})"
        )
    bits.put(collected, pack.collected_bits)


# --- decoding -----------------------------------------------------------------------


def decode(code: str, town: Town, *, allow_crowded: bool = False) -> PositionFile:
    """The checked position a code names (PositionError if the code or the board is wrong)."""
    doc = decode_doc(code, town)
    return load_position(doc, town, allow_crowded=allow_crowded, name=_shown(code))


def decode_doc(code: str, town: Town) -> dict[str, Any]:
    """The raw position JSON object a code names (board rules not checked)."""
    shown = _shown(code)
    try:
        pack = _pack(town)
        return _read(_body(code, pack), pack)
    except CodeTooShort:
        raise PositionError(f"{shown}: the code is too short (a character missing?)") from None
    except PositionError as err:
        raise PositionError(f"{shown}: {err}") from None


def _shown(code: str) -> str:
    """The code as a message quotes it, shortened if long."""
    text = code.strip()
    if len(text) > SHOWN:
        text = f"{text[:12]}...{text[-8:]}"
    return repr(text)


def _body(code: str, pack: _Pack) -> BitReader:
    """The bits of a code's body, once its prefix, characters and check are right (the
    check is salted with the pack's digest: a code of another pack fails it)."""
    if not isinstance(code, str):
        raise PositionError("a position code is a text")
    text = code.strip()
    if text[: len(PREFIX)].casefold() != PREFIX:
        raise PositionError(f"a position code starts with {PREFIX!r}")
    rest = code_text.normalise(text[len(PREFIX) :])
    if len(rest) > MAX_CHARACTERS:
        raise PositionError(
            f"the code is too long ({len(rest)} characters; a position code has at most"
            f" {MAX_CHARACTERS})"
        )
    bad = code_text.bad_characters(rest)
    if bad:
        raise PositionError(f"{bad!r} cannot be in a position code")
    if len(rest) <= code_text.CHECK_CHARS:
        raise PositionError("the code is too short (a character missing?)")
    body = BitReader.of(rest[: -code_text.CHECK_CHARS])
    if not code_text.check_holds(rest, pack.salt):
        try:  # a code of another version or pack fails the check too: say so as well
            _read_head(BitReader.of(rest[: -code_text.CHECK_CHARS]), pack)
            besides = ""
        except (PositionError, CodeTooShort) as err:
            besides = f" (or it was {err})"
        raise PositionError(
            "the check does not add up: a character is mistyped, missing or extra,"
            f" or two are swapped{besides}"
        )
    return body


def _read_head(bits: BitReader, pack: _Pack) -> None:
    """The version and the pack tag: a code of another version or pack says so."""
    version = bits.take(VERSION_BITS)
    if version != VERSION:
        raise PositionError(
            f"written for version {version} of position codes (this gadshill reads {VERSION})"
        )
    if bits.take(TAG_BITS) != pack.tag:
        raise PositionError("written for another card pack (its ids differ from this one's)")


def _read(bits: BitReader, pack: _Pack) -> dict[str, Any]:
    _read_head(bits, pack)
    placed: dict[str, str] = {}
    for space in pack.spaces:
        if bits.take(1):
            placed[space] = _at(pack.buildings, bits.take(pack.building_bits))
    markers: dict[str, list[str]] = {}
    for building in pack.buildings:
        spaces = [_at(pack.spaces, i) for i in _take_items(bits, pack.space_bits)]
        if spaces:
            markers[building] = spaces
    doc: dict[str, Any] = {"markers": markers, "placed": placed}
    retired = [_at(pack.buildings, i) for i in _take_items(bits, pack.building_bits)]
    if retired:
        doc["retired"] = retired
    fields = {fid: bits.take(pack.feature_bits) for fid in pack.fields}
    if any(fields.values()):
        doc["fields"] = {fid: _at(pack.features, v - 1) for fid, v in fields.items() if v}
    if bits.take(1):
        doc["locomotive"] = LOCOMOTIVE_START + len(placed)
    players = []
    for seat in range(bits.take_count()):
        own = [_at(pack.buildings, i) for i in _take_items(bits, pack.building_bits)]
        hand = list(_take_items(bits, pack.card_bits))
        if any(number not in pack.cards for number in hand):
            raise PositionError("names a card this card pack does not have")
        collected = bits.take(pack.collected_bits)
        players.append(
            {"name": f"seat {seat}", "buildings": own, "hand": hand, "collected": collected}
        )
    if players:
        doc["players"] = players
    if not bits.at_end():
        raise PositionError("the code is too long (a character too many?)")
    return doc


def _take_items(bits: BitReader, width: int) -> Iterable[int]:
    return [bits.take(width) for _ in range(bits.take_count())]


def _at(ids: tuple[str, ...], index: int) -> str:
    if index >= len(ids):
        raise PositionError("names something this card pack does not have")
    return ids[index]
