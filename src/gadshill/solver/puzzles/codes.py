"""A puzzle's code: a short text that *is* its content, to share, print and type.

Simon Tatham's puzzles print a "descriptive game ID" beside the random seed: the seed
rebuilds a puzzle only with the same generator, the ID rebuilds it always. A code here
is the same idea: the kind, the board (standing buildings, markers, retired buildings,
fixed features, the locomotive), the player of a best-play puzzle (buildings, hand,
collected markers) and the clues of a solo puzzle (card, "my building"), packed as bits
and written in Crockford's base 32 behind the kind: ``stop-...``, ``solo-...``,
``best-play-...``. A check character catches a mistyped code. The level, answer and
steps are not in the code: they are worked out again from the content, so a code stays
true whatever the generator does next. Ids are numbered in the pack's sorted order, so a
code belongs to one card pack (a code from another pack is refused or reads differently).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gadshill.errors import GadshillError, PuzzleError
from gadshill.solver.position_file import position_to_json
from gadshill.solver.puzzles.puzzle_file import KINDS, Puzzle, kind_name, load_puzzle
from gadshill.solver.town import Town

#: Crockford's base 32: no I, L, O or U, so a code read aloud or off paper is typed right
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
#: letters a reader may type for a digit they look like
CONFUSED = {"i": "1", "l": "1", "o": "0"}
#: bumped when the packing changes; a code of another version is refused in one line
VERSION = 1
#: the name of the player of a best-play puzzle rebuilt from a code
PLAYER = "You"


@dataclass(frozen=True)
class _Widths:
    """Bits per field, from the pack's sizes (the same pack gives the same code)."""

    space: int
    building: int
    feature: int
    card: int

    @classmethod
    def of(cls, town: Town) -> _Widths:
        return cls(
            len(town.spaces).bit_length(),
            len(town.buildings).bit_length(),
            len(town.features).bit_length(),
            max(town.cards).bit_length(),
        )


class _Bits:
    def __init__(self) -> None:
        self.value = 0
        self.size = 0

    def put(self, number: int, width: int) -> None:
        if not 0 <= number < 1 << width:
            raise PuzzleError(f"cannot write {number} in a code ({width} bits)")
        self.value = self.value << width | number
        self.size += width

    def items(self, things: list[int], width: int, count_width: int) -> None:
        self.put(len(things), count_width)
        for thing in things:
            self.put(thing, width)


class _Reader:
    def __init__(self, value: int, size: int) -> None:
        self.value, self.left = value, size

    def take(self, width: int) -> int:
        if width > self.left:
            raise PuzzleError("the code is too short (a character missing?)")
        self.left -= width
        return self.value >> self.left & ((1 << width) - 1)

    def items(self, width: int, count_width: int) -> Iterator[int]:
        for _ in range(self.take(count_width)):
            yield self.take(width)


def _indexes(town: Town) -> tuple[list[str], list[str], list[str], list[str]]:
    spaces = town.ordered(town.spaces)
    return spaces, sorted(town.buildings), sorted(town.features), sorted(town.fields)


def encode(puzzle: Puzzle, town: Town) -> str:
    """The code of ``puzzle`` (its content; level, answer and steps are left out)."""
    w = _Widths.of(town)
    spaces, buildings, features, fields = _indexes(town)
    pf = puzzle.position
    pos = pf.position
    bits = _Bits()
    bits.put(VERSION, 4)
    bits.put(KINDS.index(puzzle.kind), 2)
    placed = [spaces.index(s) << w.building | buildings.index(b) for s, b in pos.placed.items()]
    bits.items(sorted(placed), w.space + w.building, w.space)
    marks = [
        buildings.index(b) << w.space | spaces.index(s)
        for b, where in pos.markers.items()
        for s in where
    ]
    bits.items(sorted(marks), w.space + w.building, 7)
    bits.items(sorted(buildings.index(b) for b in pos.retired), w.building, w.building)
    for f in fields:  # 0: not given
        feature = pf.fields.get(f)
        bits.put(0 if feature is None else features.index(feature) + 1, w.feature)
    bits.put(0 if pf.locomotive is None else pf.locomotive + 1, 5)
    bits.put(len(pf.players), 3)
    for player in pf.players:
        bits.items([buildings.index(b) for b in player.buildings], w.building, 3)
        bits.items(list(player.hand), w.card, 4)
        bits.put(min(player.collected, 31), 5)
    bits.put(len(puzzle.clues), 5)
    for clue in puzzle.clues:
        bits.put(clue.card, w.card)
        bits.put(0 if clue.as_building is None else buildings.index(clue.as_building) + 1,
                 w.building)  # fmt: skip
    bits.put(0, -bits.size % 5)  # whole characters
    body = _to_text(bits.value, bits.size // 5)
    return f"{puzzle.kind}-{body}{ALPHABET[_check(body)]}"


def _to_text(value: int, length: int) -> str:
    return "".join(ALPHABET[value >> (5 * i) & 31] for i in reversed(range(length)))


def _check(body: str) -> int:
    """A check character: catches any one wrong character and most swaps of two."""
    return sum((i + 1) * ALPHABET.index(c) for i, c in enumerate(body)) % 32


def decode(code: str, town: Town) -> Puzzle:
    """The puzzle a code names, loaded and checked like a puzzle file (PuzzleError if not)."""
    text = code.strip().casefold().replace(" ", "")
    kind, sep, rest = text.rpartition("-")
    if not sep or not rest:
        raise PuzzleError(f"code {code!r}: expected KIND-CHARACTERS, e.g. stop-0k3f...")
    try:
        kind = kind_name(kind)
    except PuzzleError:
        raise PuzzleError(f"code {code!r}: {kind!r} is not a kind ({', '.join(KINDS)})") from None
    rest = "".join(CONFUSED.get(c, c) for c in rest)
    bad = sorted({c for c in rest if c not in ALPHABET})
    if bad:
        raise PuzzleError(f"code {code!r}: {''.join(bad)!r} cannot be in a code")
    body, check = rest[:-1], rest[-1]
    if not body or ALPHABET[_check(body)] != check:
        raise PuzzleError(f"code {code!r}: a character is wrong (the check does not add up)")
    value = 0
    for c in body:
        value = value << 5 | ALPHABET.index(c)
    try:
        doc = _read(_Reader(value, 5 * len(body)), kind, town)
        return load_puzzle(doc, town)
    except GadshillError as err:
        raise PuzzleError(f"code {code!r}: {err}") from None
    except (IndexError, ValueError):
        raise PuzzleError(f"code {code!r}: names something this card pack does not have") from None


def _read(bits: _Reader, kind: str, town: Town) -> dict[str, Any]:
    w = _Widths.of(town)
    spaces, buildings, features, fields = _indexes(town)
    if bits.take(4) != VERSION:
        raise PuzzleError(f"written by another version of gadshill (this one reads {VERSION})")
    if KINDS[bits.take(2)] != kind:
        raise PuzzleError("the kind before the dash is not the code's kind")
    space_mask, building_mask = (1 << w.space) - 1, (1 << w.building) - 1
    placed = {
        spaces[v >> w.building]: buildings[v & building_mask]
        for v in bits.items(w.space + w.building, w.space)
    }
    markers: dict[str, list[str]] = {}
    for v in bits.items(w.space + w.building, 7):
        markers.setdefault(buildings[v >> w.space], []).append(spaces[v & space_mask])
    doc: dict[str, Any] = {"markers": markers, "placed": placed}
    retired = [buildings[v] for v in bits.items(w.building, w.building)]
    if retired:
        doc["retired"] = retired
    given = {f: bits.take(w.feature) for f in fields}
    if any(given.values()):
        doc["fields"] = {f: features[v - 1] for f, v in given.items() if v}
    locomotive = bits.take(5)
    if locomotive:
        doc["locomotive"] = locomotive - 1
    players = []
    for _ in range(bits.take(3)):
        own = [buildings[v] for v in bits.items(w.building, 3)]
        hand = list(bits.items(w.card, 4))
        players.append({"name": PLAYER, "buildings": own, "hand": hand, "collected": bits.take(5)})
    if players:
        doc["players"] = players
    clues = []
    for _ in range(bits.take(5)):
        card = bits.take(w.card)
        mine = bits.take(w.building)
        clues.append({"card": card, "as": buildings[mine - 1] if mine else None})
    if bits.left >= 5 or bits.take(bits.left):
        raise PuzzleError("the code is too long (a character too many?)")
    return {"kind": kind, "position": doc, "clues": clues}


def same_content(a: Puzzle, b: Puzzle) -> bool:
    """Whether two puzzles have the same content (what a code keeps)."""
    return (
        a.kind == b.kind
        and position_to_json(a.position) == position_to_json(b.position)
        and [(c.card, c.as_building) for c in a.clues] == [(c.card, c.as_building) for c in b.clues]
    )


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is written like a code (a kind, a dash, characters), not a path."""
    kind, sep, rest = text.strip().casefold().rpartition("-")
    return bool(sep) and kind in KINDS and rest.isalnum()
