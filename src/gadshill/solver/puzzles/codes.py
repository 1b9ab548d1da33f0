"""A puzzle's code: a short text that *is* its content, to share, print and type.

Simon Tatham's puzzles print a "descriptive game ID" beside the random seed: the seed
rebuilds a puzzle only with the same generator, the ID rebuilds it always. A code here
is the same idea: the kind, the board (standing buildings, markers, retired buildings,
fixed features, the locomotive), the player of a best-play puzzle (buildings, hand,
collected markers) and the clues of a solo puzzle (card, "my building"), packed as bits
and written in Crockford's base 32 behind the kind: ``stop-...``, ``solo-...``,
``best-play-...``. Two check characters (:mod:`gadshill.solver.code_text`, shared with
the position codes: the whole code is a multiple of the prime 1021) catch every single
wrong character and every swap of two neighbours; version 1 had one check character,
a weighted sum mod 32 that let about one typo in seventy through as another puzzle, and
is refused in one line that names its version. The level, answer and
steps are not in the code: they are worked out again from the content, so a code stays
true whatever the generator does next. Ids are numbered in the pack's sorted order, so a
code belongs to one card pack (a code from another pack is refused or reads differently).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gadshill.errors import GadshillError, PuzzleError
from gadshill.solver import code_text
from gadshill.solver.code_text import BitReader, BitWriter, CodeTooShort
from gadshill.solver.position_file import position_to_json
from gadshill.solver.puzzles.puzzle_file import KINDS, Puzzle, kind_name, load_puzzle
from gadshill.solver.town import Town

#: Crockford's base 32: no I, L, O or U, so a code read aloud or off paper is typed right
ALPHABET = code_text.ALPHABET
#: bumped when the packing changes; a code of another version is refused in one line
#: (2: two check characters over the prime 1021 instead of one weighted sum mod 32)
VERSION = 2
#: the version of the codes with one check character, recognised to be refused by name
OLD_VERSION = 1
#: a code quoted in an error message is cut to this many characters
SHOWN = 40
#: the longest text read as a code: reading a base-32 number is quadratic in its length
#: (a million characters would take a minute), and the longest puzzle code is a few
#: hundred characters (every marker of the board and a whole hand)
MAX_CODE = 2_000
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


def _put_items(bits: BitWriter, things: list[int], width: int, count_width: int) -> None:
    """A count in ``count_width`` bits, then each thing in ``width`` bits."""
    bits.put(len(things), count_width)
    for thing in things:
        bits.put(thing, width)


def _take_items(bits: BitReader, width: int, count_width: int) -> Iterator[int]:
    for _ in range(bits.take(count_width)):
        yield bits.take(width)


def _indexes(town: Town) -> tuple[list[str], list[str], list[str], list[str]]:
    spaces = town.ordered(town.spaces)
    return spaces, sorted(town.buildings), sorted(town.features), sorted(town.fields)


def encode(puzzle: Puzzle, town: Town) -> str:
    """The code of ``puzzle`` (its content; level, answer and steps are left out)."""
    try:
        return f"{puzzle.kind}-{code_text.with_check(_bits_of(puzzle, town).text())}"
    except ValueError as err:  # a field too large for its bits
        raise PuzzleError(f"cannot write this puzzle as a code: {err}") from None


def _bits_of(puzzle: Puzzle, town: Town) -> BitWriter:
    w = _Widths.of(town)
    spaces, buildings, features, fields = _indexes(town)
    pf = puzzle.position
    pos = pf.position
    bits = BitWriter()
    bits.put(VERSION, 4)
    bits.put(KINDS.index(puzzle.kind), 2)
    placed = [spaces.index(s) << w.building | buildings.index(b) for s, b in pos.placed.items()]
    _put_items(bits, sorted(placed), w.space + w.building, w.space)
    marks = [
        buildings.index(b) << w.space | spaces.index(s)
        for b, where in pos.markers.items()
        for s in where
    ]
    _put_items(bits, sorted(marks), w.space + w.building, 7)
    _put_items(bits, sorted(buildings.index(b) for b in pos.retired), w.building, w.building)
    for f in fields:  # 0: not given
        feature = pf.fields.get(f)
        bits.put(0 if feature is None else features.index(feature) + 1, w.feature)
    bits.put(0 if pf.locomotive is None else pf.locomotive + 1, 5)
    bits.put(len(pf.players), 3)
    for player in pf.players:
        _put_items(bits, [buildings.index(b) for b in player.buildings], w.building, 3)
        _put_items(bits, list(player.hand), w.card, 4)
        bits.put(min(player.collected, 31), 5)
    bits.put(len(puzzle.clues), 5)
    for clue in puzzle.clues:
        bits.put(clue.card, w.card)
        bits.put(0 if clue.as_building is None else buildings.index(clue.as_building) + 1,
                 w.building)  # fmt: skip
    return bits


def _is_old_code(text: str, kind: str, town: Town) -> bool:
    """Whether ``text`` is a whole version-1 code: its one check character (a weighted
    sum of the body mod 32) adds up and its body reads as a version-1 puzzle of ``kind``
    (a mistyped version-2 code passes all of this about once in a few thousand typos,
    and is refused either way)."""
    body, check = text[:-1], text[-1]
    weighted = sum((i + 1) * ALPHABET.index(c) for i, c in enumerate(body)) % 32
    if not body or ALPHABET[weighted] != check:
        return False
    try:
        _read(BitReader.of(body), kind, town, OLD_VERSION)
    except (GadshillError, IndexError, ValueError):
        return False
    return True


def _shown(code: str) -> str:
    """A code as an error message quotes it: cut when long."""
    text = code.strip()
    return repr(text if len(text) <= SHOWN else f"{text[:24]}...{text[-8:]}")


def decode(code: str, town: Town) -> Puzzle:
    """The puzzle a code names, loaded and checked like a puzzle file (PuzzleError if not)."""
    shown = _shown(code)
    if len(code) > MAX_CODE:
        raise PuzzleError(f"code {shown}: longer than any puzzle code ({MAX_CODE} characters)")
    text = code.strip().casefold().replace(" ", "")
    kind, sep, rest = text.rpartition("-")
    if not sep or not rest:
        raise PuzzleError(f"code {shown}: expected KIND-CHARACTERS, e.g. stop-0k3f...")
    try:
        kind = kind_name(kind)
    except PuzzleError:
        raise PuzzleError(
            f"code {shown}: {kind[:SHOWN]!r} is not a kind ({', '.join(KINDS)})"
        ) from None
    rest = code_text.normalise(rest)
    bad = code_text.bad_characters(rest)
    if bad:
        raise PuzzleError(f"code {shown}: {bad!r} cannot be in a code")
    if len(rest) <= code_text.CHECK_CHARS:
        raise PuzzleError(f"code {shown}: the code is too short (a character missing?)")
    if not code_text.check_holds(rest):
        if _is_old_code(rest, kind, town):
            raise PuzzleError(
                f"code {shown}: a version-{OLD_VERSION} puzzle code; this gadshill reads"
                f" version {VERSION} (its check catches every typo): make the code again"
                " from the puzzle (puzzle show FILE)"
            )
        raise PuzzleError(
            f"code {shown}: the check does not add up: a character is mistyped, missing or"
            " extra, or two are swapped"
        )
    body = rest[: -code_text.CHECK_CHARS]
    try:
        doc = _read(BitReader.of(body), kind, town)
        return load_puzzle(doc, town)
    except GadshillError as err:
        raise PuzzleError(f"code {shown}: {err}") from None
    except CodeTooShort:
        raise PuzzleError(f"code {shown}: the code is too short (a character missing?)") from None
    except (IndexError, ValueError):
        raise PuzzleError(f"code {shown}: names something this card pack does not have") from None


def _read(bits: BitReader, kind: str, town: Town, expected: int = VERSION) -> dict[str, Any]:
    """The puzzle JSON of a body's bits (version 1 packed the same, with another check)."""
    w = _Widths.of(town)
    spaces, buildings, features, fields = _indexes(town)
    version = bits.take(4)
    if version != expected:
        raise PuzzleError(
            f"written for version {version} of puzzle codes (this gadshill reads {VERSION})"
        )
    if KINDS[bits.take(2)] != kind:
        raise PuzzleError("the kind before the dash is not the code's kind")
    space_mask, building_mask = (1 << w.space) - 1, (1 << w.building) - 1
    placed = {
        spaces[v >> w.building]: buildings[v & building_mask]
        for v in _take_items(bits, w.space + w.building, w.space)
    }
    markers: dict[str, list[str]] = {}
    for v in _take_items(bits, w.space + w.building, 7):
        markers.setdefault(buildings[v >> w.space], []).append(spaces[v & space_mask])
    doc: dict[str, Any] = {"markers": markers, "placed": placed}
    retired = [buildings[v] for v in _take_items(bits, w.building, w.building)]
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
        own = [buildings[v] for v in _take_items(bits, w.building, 3)]
        hand = list(_take_items(bits, w.card, 4))
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
