"""The fast path of Gads Hill deduction: STOP claims, card checks, the cascade.

Works on any :class:`Position` (it knows no map): the bipartite graph of
unplaced buildings with markers x free spaces, one edge per marker, analysed
once by :func:`matching.analyse`. The readings of the rules are documented in
``docs/solver.md``; in short:

* a marker is *logically removable* (GH-8) when no maximum layout (maximum
  matching) uses it; markers on built spaces and markers of buildings that
  already stand are trivially removable;
* a space is *claimed* when every maximum layout fills it (rule 1d for k
  buildings; GH-6);
* the *possible spaces* of a building named by a card (GH-6) are, among the
  spaces the clue allows: for a building without markers, the free unclaimed
  spaces; for a building with markers, those of its marker spaces that some
  maximum layout uses for it; for a placed building, its space; for a retired
  one, none; a condition card then keeps only spaces with a partner space in
  the relation (arc consistency over the two buildings);
* the cascade (rule 3) places every building left with one marker, rounds at a
  time, except on a space where two or more such buildings meet (Further
  rules 2) unless the card has just confirmed one of them.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial

from gadshill.errors import PositionError
from gadshill.rules.rulebook import Violation
from gadshill.solver import explain
from gadshill.solver.matching import (
    Analysis,
    analyse_rows,
    bits,
    matching_with,
    tight_closure,
)
from gadshill.solver.model import (
    MARKERS_PER_BUILDING,
    MAX_MARKERS_PER_SPACE,
    ActionReport,
    BuildingId,
    CardReport,
    Clue,
    Effect,
    Marker,
    Position,
    Removal,
    SolverViolation,
    SpaceId,
    StopReport,
    card_violation,
    check_clue_ids,
    label,
    marker_key,
    natural,
)

__all__ = [
    "Compiled",
    "cascade",
    "check_card",
    "claim",
    "claimed_spaces",
    "compile_position",
    "explain_removals",
    "forced_placements",
    "judge_card",
    "refute",
    "removable_edges",
    "removable_markers",
    "stop",
    "take_marker",
]


@dataclass(frozen=True, eq=False)
class Frame:
    """A town's building spaces in town order (S2 before S10), each one bit of an int:
    worked out once per set of spaces, so every board of a town shares it."""

    order: tuple[SpaceId, ...]
    index: dict[SpaceId, int]
    bit: dict[SpaceId, int]

    def mask(self, spaces: Iterable[SpaceId]) -> int:
        bit = self.bit
        out = 0
        for s in spaces:
            out |= bit[s]
        return out

    def spaces(self, mask: int) -> tuple[SpaceId, ...]:
        """The spaces of a mask, in town order."""
        order = self.order
        return tuple(order[v] for v in bits(mask))


@functools.lru_cache(maxsize=64)
def frame(spaces: frozenset[SpaceId]) -> Frame:
    """The frame of a town's spaces (ties of the natural order broken by the id)."""
    order = tuple(sorted(spaces, key=lambda s: (natural(s), s)))
    return Frame(
        order, {s: i for i, s in enumerate(order)}, {s: 1 << i for i, s in enumerate(order)}
    )


def _framed(position: Position) -> tuple[Frame, int]:
    """The position's frame and its built spaces; a building standing on a space the town
    lacks (a hand-made position) gets a bit of its own, so that it still has a location."""
    placed = position.placed
    found = frame(position.spaces)
    bit = found.bit
    built = 0
    try:
        for s in placed:
            built |= bit[s]
    except KeyError:
        found = frame(position.spaces | frozenset(placed))
        built = found.mask(placed)
    return found, built


@dataclass(slots=True)
class Compiled:
    """A position as bitmasks: the unplaced buildings with markers and, for each, its
    marked free spaces (``rows``), over the town's frame."""

    position: Position
    frame: Frame
    buildings: list[BuildingId]
    rows: list[int]
    built: int  # spaces with a building standing on them
    trivial: list[Marker]  # markers on built spaces or of placed/retired buildings
    _row_of: dict[BuildingId, int] | None = None
    _on: list[int] | None = None
    _at_least: list[int] | None = None

    def adjacency(self) -> list[list[int]]:
        """The rows as lists, each building's spaces in id order: the refuting layouts of
        :func:`matching.matching_with` follow that order, so it is kept."""
        index, markers, built = self.frame.index, self.position.markers, self.built
        return [
            [index[s] for s in sorted(markers[b]) if s in index and not (built >> index[s]) & 1]
            for b in self.buildings
        ]

    def row_of(self, building: BuildingId) -> int:
        """The building's row, -1 when it has none (no markers, or it stands already)."""
        if self._row_of is None:
            self._row_of = {b: i for i, b in enumerate(self.buildings)}
        return self._row_of.get(building, -1)

    def markers_on(self) -> list[int]:
        """How many markers each space of the frame holds (any building's)."""
        if self._on is None:
            on = [0] * len(self.frame.order)
            index = self.frame.index
            for marks in self.position.markers.values():
                for s in marks:
                    v = index.get(s)
                    if v is not None:
                        on[v] += 1
            self._on = on
        return self._on

    def at_least(self, count: int) -> int:
        """The spaces holding ``count`` markers or more (0 to 3: more than 3 count as 3)."""
        if self._at_least is None:
            masks = [(1 << len(self.frame.order)) - 1, 0, 0, 0]
            for v, n in enumerate(self.markers_on()):
                for k in range(1, min(n, MAX_MARKERS_PER_SPACE) + 1):
                    masks[k] |= 1 << v
            self._at_least = masks
        return self._at_least[max(0, min(count, MAX_MARKERS_PER_SPACE))]


def compile_position(position: Position) -> Compiled:
    """The position as bitmasks over its town's frame."""
    fr, built = _framed(position)
    markers = position.markers
    names = sorted(markers)
    bit = fr.bit
    rows: list[int] = []
    union = 0
    try:
        for b in names:
            row = 0
            for s in markers[b]:
                row |= bit[s]
            rows.append(row)
            union |= row
    except KeyError:  # a marker on a space the town lacks (a hand-made position)
        return _compile_every_marker(position, fr, built)
    if (
        union & built  # markers on built spaces
        or 0 in rows  # a building mapped to no markers
        or not position.retired.isdisjoint(markers)
        or not markers.keys().isdisjoint(position.placed.values())  # standing buildings'
    ):
        return _compile_every_marker(position, fr, built)
    return Compiled(position, fr, names, rows, built, [])


def _compile_every_marker(position: Position, fr: Frame, built: int) -> Compiled:
    """:func:`compile_position` of a position with trivially removable markers (on built
    or unknown spaces, or of standing buildings) or buildings listed without markers."""
    bit = fr.bit
    standing = position.retired.union(position.placed.values())
    buildings: list[BuildingId] = []
    rows: list[int] = []
    trivial: list[Marker] = []
    for b, marks in sorted(position.markers.items()):
        if not marks:
            continue
        if b in standing:
            trivial.extend((b, s) for s in marks)
            continue
        row = fr.mask(s for s in marks if s in bit)
        if len(marks) != row.bit_count() or row & built:  # markers off the free spaces
            trivial.extend((b, s) for s in sorted(marks) if not bit.get(s, 0) & ~built)
            row &= ~built
        buildings.append(b)
        rows.append(row)
    return Compiled(position, fr, buildings, rows, built, trivial)


@dataclass(slots=True)
class Analysed:
    """A position compiled and its matching analysed: what every question about one board
    shares, down to each named building's standing for the cards (GH-6), found once."""

    compiled: Compiled
    analysis: Analysis
    #: building -> its status and candidate spaces, as :func:`_candidates` finds them
    standing: dict[BuildingId, tuple[str, int]] = field(default_factory=dict)
    #: the free spaces no tight set claims (GH-R1c, GH-R1d), once asked
    open_spaces: int | None = None


def _analyse(position: Position, analysed: Analysed | None = None) -> Analysed:
    """The board's analysis: ``analysed`` when the caller kept it for this very position
    (the engine asks many questions of one board), else computed now."""
    if analysed is not None:
        return analysed
    compiled = compile_position(position)
    return Analysed(compiled, analyse_rows(compiled.rows, len(compiled.frame.order)))


def analyse_position(position: Position) -> Analysed:
    """Compile and analyse a board once, for :func:`check_card` and
    :func:`removable_markers` to share (``analysed=``)."""
    return _analyse(position)


def _removable_found(compiled: Compiled, analysis: Analysis) -> list[Marker]:
    """The removable markers, unsorted: the trivial ones, then every edge no maximum
    layout uses."""
    found = compiled.trivial.copy()
    if analysis.narrowed:
        names, order, rows, allowed = (
            compiled.buildings,
            compiled.frame.order,
            compiled.rows,
            analysis.allowed,
        )
        for b in bits(analysis.narrowed):
            found.extend((names[b], order[v]) for v in bits(rows[b] & ~allowed[b]))
    return found


# --- STOP (GH-8) ------------------------------------------------------------------


def removable_edges(position: Position, analysed: Analysed | None = None) -> list[Marker]:
    """Every logically removable marker, without explanations (the lean STOP check)."""
    if analysed is None:
        compiled = compile_position(position)
        out = _removable_found(compiled, analyse_rows(compiled.rows, len(compiled.frame.order)))
    else:
        out = _removable_found(analysed.compiled, analysed.analysis)
    if len(out) > 1:
        out.sort(key=marker_key)
    return out


def _trivial_removal(position: Position, building: BuildingId, space: SpaceId) -> Removal:
    standing = position.placed.get(space)
    if standing is not None and standing != building:
        return Removal(
            building, space, (standing,), (space,), explain.built_text(building, space, standing)
        )
    return Removal(
        building,
        space,
        (),
        (),
        explain.placed_elsewhere_text(building, space, position.location(building)),
    )


def removable_markers(position: Position, analysed: Analysed | None = None) -> list[Removal]:
    """Every logically removable marker with its smallest tight set (GH-8)."""
    board = _analyse(position, analysed)
    compiled, analysis = board.compiled, board.analysis
    return _explain(position, compiled, analysis, _removable_found(compiled, analysis))


def explain_removals(position: Position, markers: Iterable[Marker]) -> list[Removal]:
    """The fast path's explanation of each of these markers, found removable by any engine.

    The CP-SAT and python-constraint engines say *which* markers go; the reason
    (the smallest tight set) is the same whoever found them, so it is worded once.
    """
    board = _analyse(position)
    compiled, analysis = board.compiled, board.analysis
    return _explain(position, compiled, analysis, markers)


def _explain(
    position: Position, compiled: Compiled, analysis: Analysis, markers: Iterable[Marker]
) -> list[Removal]:
    trivial = set(compiled.trivial)
    users: list[int] | None = None
    out: list[Removal] = []
    for b, s in markers:
        if (b, s) in trivial:
            out.append(_trivial_removal(position, b, s))
            continue
        v = compiled.frame.index.get(s)
        if v is None or _used(compiled, analysis, b, s) is not None:
            raise RuntimeError(f"the {label(b)} marker on {s} is not removable (engines disagree)")
        if users is None:
            users = analysis.users()
        tight, covered = tight_closure(analysis, users, v)
        tb = tuple(compiled.buildings[j] for j in bits(tight))
        ts = compiled.frame.spaces(covered)
        out.append(Removal(b, s, tb, ts, explain.removal_text(b, s, tb, ts)))
    out.sort(key=lambda r: marker_key((r.building, r.space)))
    return out


def _used(
    compiled: Compiled, analysis: Analysis, building: BuildingId, space: SpaceId
) -> tuple[int, int] | None:
    """(building index, space index) when some maximum layout uses this marker."""
    i, v = compiled.row_of(building), compiled.frame.index.get(space)
    if i < 0 or v is None or not (analysis.allowed[i] >> v) & 1:
        return None
    return i, v


def refute(
    position: Position, building: BuildingId, space: SpaceId
) -> dict[BuildingId, SpaceId] | None:
    """A maximum layout that uses the marker (building, space), or None if it is removable.

    The layout maps every building a maximum matching places to its space
    (buildings it leaves out are absent: that happens only when more buildings
    compete for some spaces than they can hold).
    """
    if space not in position.markers.get(building, frozenset()):
        raise PositionError(f"there is no {label(building)} marker on {space}")
    board = _analyse(position)
    compiled, analysis = board.compiled, board.analysis
    used = _used(compiled, analysis, building, space)
    return None if used is None else _layout(compiled, *used)


def _layout(compiled: Compiled, building: int, space: int) -> dict[BuildingId, SpaceId]:
    """A maximum layout with this building on this space (the edge must be in one)."""
    order = compiled.frame.order
    match_l = matching_with(compiled.adjacency(), len(order), building, space)
    return {compiled.buildings[u]: order[w] for u, w in enumerate(match_l) if w >= 0}


def claimed_spaces(position: Position, without: BuildingId | None = None) -> frozenset[SpaceId]:
    """Free spaces that every maximum layout fills: closed to a building without markers.

    ``without``: the spaces claimed by the *other* buildings (that building's
    markers ignored), the tight sets of rule 1d as seen by that building.
    """
    if without is not None and without in position.markers:
        position = position.replace(
            markers={b: s for b, s in position.markers.items() if b != without}
        )
    board = _analyse(position)
    compiled, analysis = board.compiled, board.analysis
    return frozenset(compiled.frame.spaces(analysis.claimed))


def forced_placements(position: Position) -> list[Marker]:
    """Buildings every maximum layout places, and on the same space: logically located.

    The cascade places them only once their other markers are gone (by STOP
    claims); this lists them directly.
    """
    board = _analyse(position)
    compiled, analysis = board.compiled, board.analysis
    out: list[Marker] = []
    for b, allowed in enumerate(analysis.allowed):
        if allowed and not allowed & (allowed - 1) and not (analysis.uncovered_left >> b) & 1:
            out.append((compiled.buildings[b], compiled.frame.order[allowed.bit_length() - 1]))
    return out


# --- the cascade (GH-R3, GH-F2) ---------------------------------------------------


def _cascade(
    markers: dict[BuildingId, set[SpaceId]],
    placed: dict[SpaceId, BuildingId],
    retired: set[BuildingId],
    confirmed: frozenset[BuildingId],
) -> tuple[list[Marker], list[Marker], list[BuildingId]]:
    """Place buildings left with one marker, in rounds, mutating the arguments (GH-R3)."""
    placed_now: list[Marker] = []
    taken: list[Marker] = []
    retired_now: list[BuildingId] = []
    standing = set(placed.values())
    while True:
        singles: dict[SpaceId, list[BuildingId]] = {}
        for b, marks in markers.items():
            if len(marks) == 1 and b not in standing:
                (s,) = marks
                if s not in placed:
                    singles.setdefault(s, []).append(b)
        moves: list[Marker] = []
        for s, group in singles.items():
            if len(group) == 1:
                moves.append((group[0], s))
            else:
                # GH-F2: shared last markers stay until a card confirms one building
                sure = [b for b in group if b in confirmed]
                if len(sure) == 1:
                    moves.append((sure[0], s))
        if not moves:
            break
        moves.sort(key=marker_key)
        for b, s in moves:
            placed[s] = b
            standing.add(b)
            placed_now.append((b, s))
        done = {s for _, s in moves}
        for c in sorted(markers):
            marks = markers[c]
            hit = marks & done
            if hit:
                taken.extend((c, s) for s in sorted(hit))
                marks -= hit
                if not marks and c not in standing:  # GH-F2: the other one is out for good
                    retired.add(c)
                    retired_now.append(c)
    for c in [c for c, m in markers.items() if not m]:
        del markers[c]
    return placed_now, sorted(taken, key=marker_key), retired_now


def _mutable(
    position: Position,
) -> tuple[dict[BuildingId, set[SpaceId]], dict[SpaceId, BuildingId], set[BuildingId]]:
    return (
        {b: set(s) for b, s in position.markers.items() if s},
        dict(position.placed),
        set(position.retired),
    )


def _freeze(
    position: Position,
    markers: Mapping[BuildingId, set[SpaceId]],
    placed: dict[SpaceId, BuildingId],
    retired: set[BuildingId],
) -> Position:
    return Position(
        position.spaces,
        {b: frozenset(s) for b, s in markers.items() if s},
        placed,
        frozenset(retired),
    )


def cascade(
    position: Position, confirmed: Iterable[BuildingId] = ()
) -> tuple[Position, list[Marker], list[Marker]]:
    """Apply rule 3 until nothing changes: (position after, buildings placed, markers taken).

    ``confirmed`` buildings (just pinned down by a card) are placed even on a
    space they share with another building's last marker; that building is
    then out of the game (``Position.retired``).
    """
    markers, placed, retired = _mutable(position)
    placed_now, taken, _ = _cascade(markers, placed, retired, frozenset(confirmed))
    return _freeze(position, markers, placed, retired), placed_now, taken


# --- playing a card (GH-5, GH-6) ----------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _region_mask(region: frozenset[SpaceId], fr: Frame) -> int:
    """A clue's region as a mask (a card is asked about on many boards)."""
    return fr.mask(region)


@functools.lru_cache(maxsize=256)
def _relation_masks(
    relation: frozenset[tuple[SpaceId, SpaceId]], fr: Frame
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A condition card's relation as masks: for each space (by index), the spaces it is
    related to forwards (a -> every c with (a, c)) and backwards (c -> every a), pairs of
    one space with itself left out. The cards of one relation share them."""
    index = fr.index
    forwards = [0] * len(fr.order)
    backwards = [0] * len(fr.order)
    for a, c in relation:
        if a != c:
            i, j = index[a], index[c]
            forwards[i] |= 1 << j
            backwards[j] |= 1 << i
    return tuple(forwards), tuple(backwards)


@dataclass(slots=True)
class Candidates:
    """Each named building's ``status`` ("retired", "placed", "marked" or "unmarked"), its
    candidates before a condition card's relation (``unary``) and its possible spaces after
    it (``possible``), as masks over the frame (GH-6); ``compiled`` is the board's when the
    fast path found them (it counts the markers per space once for every card)."""

    frame: Frame
    status: dict[BuildingId, str]
    unary: dict[BuildingId, int]
    possible: dict[BuildingId, int]
    compiled: Compiled | None = None

    def sets(self, masks: Mapping[BuildingId, int]) -> dict[BuildingId, frozenset[SpaceId]]:
        return {b: frozenset(self.frame.spaces(m)) for b, m in masks.items()}

    def board(self, position: Position) -> Compiled:
        return self.compiled if self.compiled is not None else compile_position(position)


def _candidates(position: Position, clue: Clue, analysed: Analysed | None = None) -> Candidates:
    """The fast path's candidates and possible spaces of each named building (GH-6)."""
    board = _analyse(position, analysed)
    fr = board.compiled.frame
    region = _region_mask(clue.region, fr)
    subject, partner = clue.subject, clue.partner
    kind, cand = _standing(position, board, subject)
    status = {subject: kind}
    unary = {subject: cand & region}
    if partner is None:
        return Candidates(fr, status, unary, dict(unary), board.compiled)
    status[partner], uy = _standing(position, board, partner)
    unary[partner] = uy
    assert clue.relation is not None  # check_clue_ids
    forwards, backwards = _relation_masks(clue.relation, fr)
    # keep each x related to some y, then each y related to some kept x
    px = unary[subject] & _related(uy, backwards)
    py = uy & _related(px, forwards)
    return Candidates(fr, status, unary, {subject: px, partner: py}, board.compiled)


def _related(spaces: int, relation: tuple[int, ...]) -> int:
    """Every space related to one of ``spaces`` (``relation``: one mask per space)."""
    out = 0
    while spaces:
        low = spaces & -spaces
        spaces ^= low
        out |= relation[low.bit_length() - 1]
    return out


def _standing(position: Position, board: Analysed, b: BuildingId) -> tuple[str, int]:
    """A named building's status and candidate spaces on this board, before the clue."""
    found = board.standing.get(b)
    if found is None:
        compiled = board.compiled
        where = position.location(b)
        if b in position.retired:
            found = ("retired", 0)
        elif where is not None:
            found = ("placed", compiled.frame.bit[where])
        elif position.markers.get(b):
            i = compiled.row_of(b)
            found = ("marked", board.analysis.allowed[i] if i >= 0 else 0)
        else:
            if board.open_spaces is None:
                # GH-R1c: only free spaces (no building stands there); GH-R1d: none claimed
                everything = (1 << len(compiled.frame.order)) - 1
                board.open_spaces = everything & ~compiled.built & ~board.analysis.claimed
            found = ("unmarked", board.open_spaces)
        board.standing[b] = found
    return found


def _card_violations(position: Position, clue: Clue, cand: Candidates) -> list[SolverViolation]:
    found = [word() for _rule, word in _card_breaks(position, clue, cand)]
    found.sort(key=lambda v: v.key())
    return found


#: a broken rule's id, and how to word its violation (only done when it is shown)
Break = tuple[str, Callable[[], SolverViolation]]


def _card_breaks(position: Position, clue: Clue, cand: Candidates) -> list[Break]:
    """Every rule the card breaks (GH-R1a, GH-R2, GH-R6a-c), each with its wording."""
    found: list[Break] = []
    named = clue.named()
    fr, status, unary, possible = cand.frame, cand.status, cand.unary, cand.possible
    subject, partner = clue.subject, clue.partner
    for b in named:
        # the other named building (none for a one-building clue, or one related to itself)
        other = None if partner in (None, subject) else partner if b == subject else subject
        # A relation failure is reported only when the other side had candidates:
        # otherwise the other building's own violation is the cause.
        by_relation = bool(unary[b]) and not possible[b]
        if by_relation and other is not None and not unary[other]:
            continue
        who = (b, other) if by_relation and other is not None else (b,)
        kind = status[b]
        if kind == "retired":
            found.append(("GH-R6b", partial(card_violation, "GH-R6b", (b,))))
        elif kind == "placed":
            if not possible[b]:
                where = (position.location(b) or "",)
                found.append(("GH-R6b", partial(card_violation, "GH-R6b", who, where)))
        elif kind == "marked":
            if not possible[b]:
                found.append(("GH-R2", partial(r2_violation, position, clue, who)))
        elif not possible[b]:
            found.append(("GH-R1a", partial(_spaced, "GH-R1a", who, fr, unary[b])))
        elif possible[b].bit_count() > MARKERS_PER_BUILDING:
            found.append(("GH-R6a", partial(_spaced, "GH-R6a", (b,), fr, possible[b])))
    # GH-R1b, GH-R6c: a space receiving a marker may share it, but ends with at most three.
    # (Only receiving spaces are counted: no other space gains a marker.)
    newcomers = [b for b in named if status[b] == "unmarked"]
    receiving = 0
    for b in newcomers:
        receiving |= possible[b]
    if receiving:
        board = cand.board(position)
        marked = [b for b in dict.fromkeys(named) if status[b] == "marked"]
        # each newcomer and each marked building adds at most one marker to a space, so
        # only a space with 4 - (their number) markers already can end with more than 3
        receiving &= board.at_least(MAX_MARKERS_PER_SPACE + 1 - len(newcomers) - len(marked))
        on = board.markers_on() if receiving else []
        for v in bits(receiving):
            space = fr.order[v]
            count = on[v]  # the markers there now; a marked building keeps its possible ones
            for b in marked:
                count += ((possible[b] >> v) & 1) - (space in position.markers[b])
            for b in newcomers:
                count += (possible[b] >> v) & 1
            if count > MAX_MARKERS_PER_SPACE:
                word = partial(_crowded, position, cand, newcomers, space)
                found.append(("GH-R6c", word))
    return found


def _spaced(rule: str, who: tuple[BuildingId, ...], fr: Frame, spaces: int) -> SolverViolation:
    return card_violation(rule, who, fr.spaces(spaces))


def _crowded(
    position: Position, cand: Candidates, newcomers: list[BuildingId], space: SpaceId
) -> SolverViolation:
    """GH-R6c for a space that would hold more than three markers, naming every building
    with a marker there after the card."""
    bit = cand.frame.bit[space]
    there: list[BuildingId] = []
    for b, marks in position.markers.items():
        if cand.status.get(b) == "marked":
            if cand.possible[b] & bit:
                there.append(b)
        elif space in marks:
            there.append(b)
    there.extend(b for b in newcomers if cand.possible[b] & bit)
    return card_violation("GH-R6c", tuple(sorted(there)), (space,), len(there))


def r2_violation(position: Position, clue: Clue, who: tuple[BuildingId, ...]) -> SolverViolation:
    """GH-R2 for a marked building whose every marker the clue would remove, with the
    reason: when some markers lie where the clue allows but other buildings claim those
    spaces, the tight set that claims them is named (the same for every engine)."""
    b = who[0]
    markers = tuple(sorted(position.markers[b]))
    inside = sorted(position.markers[b] & clue.region) if b == clue.subject else []
    if len(who) == 1 and inside:
        removals = explain_removals(position, [(b, s) for s in inside])
        tight_b = sorted({t for r in removals for t in r.tight_buildings} - {b})
        tight_s = sorted({t for r in removals for t in r.tight_spaces}, key=natural)
        if tight_b:
            return card_violation(
                "GH-R2", who, markers, tight=(tuple(tight_b), tuple(tight_s)), allowed=tuple(inside)
            )
    return card_violation("GH-R2", who, markers)


def check_card(position: Position, clue: Clue, analysed: Analysed | None = None) -> CardReport:
    """Is the clue playable now, which rules does it break (all of them), what does it do?

    ``analysed`` is :func:`analyse_position` of this position, when the caller keeps it."""
    check_clue_ids(position, clue)
    if clue.partner is not None and clue.partner == clue.subject:
        return CardReport(False, [card_violation("GH-5", (clue.subject,))], Effect())
    return _judge(position, clue, _candidates(position, clue, analysed))


def card_rules(position: Position, clue: Clue, analysed: Analysed | None = None) -> frozenset[str]:
    """The ids of the rules the clue breaks now (none: it is playable), neither worded nor
    followed by the effect: all that legal-move generation needs of each card. The same
    ids as ``check_card(position, clue).violations``."""
    check_clue_ids(position, clue)
    if clue.partner is not None and clue.partner == clue.subject:
        return frozenset({"GH-5"})
    breaks = _card_breaks(position, clue, _candidates(position, clue, analysed))
    return frozenset(rule for rule, _word in breaks)


def judge_card(
    position: Position,
    clue: Clue,
    status: Mapping[BuildingId, str],
    unary: Mapping[BuildingId, frozenset[SpaceId]],
    possible: Mapping[BuildingId, frozenset[SpaceId]],
) -> CardReport:
    """The card's verdict and effect, given each named building's candidates (GH-6).

    ``status`` is "retired", "placed", "marked" or "unmarked"; ``unary`` the
    candidates before a condition card's relation, ``possible`` after it. Finding
    those is the search (the fast path here, or another engine); what follows from
    them (every broken rule, the markers placed and removed, the cascade) is this.
    """
    fr = _framed(position)[0]
    cand = Candidates(
        fr,
        dict(status),
        {b: fr.mask(s) for b, s in unary.items()},
        {b: fr.mask(s) for b, s in possible.items()},
    )
    return _judge(position, clue, cand, possible)


def _judge(
    position: Position,
    clue: Clue,
    cand: Candidates,
    possible: Mapping[BuildingId, frozenset[SpaceId]] | None = None,
) -> CardReport:
    """:func:`judge_card` on candidates as masks (``possible``: the same as sets, when the
    caller has them)."""
    if possible is None:
        possible = cand.sets(cand.possible)
    status = cand.status
    violations: list[Violation] = list(_card_violations(position, clue, cand))
    if violations:
        return CardReport(False, violations, Effect(), possible)
    markers, placed, retired = _mutable(position)
    added: list[Marker] = []
    removed: list[Marker] = []
    to_player: list[tuple[BuildingId, int]] = []
    confirmed: set[BuildingId] = set()
    for b in clue.named():
        kind = status[b]
        if kind == "marked":
            gone = markers[b] - possible[b]
            removed.extend((b, s) for s in sorted(gone, key=natural))
            markers[b] -= gone
        elif kind == "unmarked":
            markers[b] = set(possible[b])
            added.extend((b, s) for s in sorted(possible[b], key=natural))
            spare = MARKERS_PER_BUILDING - len(possible[b])  # GH-R1c: unneeded, the player's
            if spare:
                to_player.append((b, spare))
        if kind in ("marked", "unmarked") and len(possible[b]) == 1:
            confirmed.add(b)
    placed_now, taken, retired_now = _cascade(markers, placed, retired, frozenset(confirmed))
    effect = Effect(
        tuple(added),
        tuple(removed),
        tuple(placed_now),
        tuple(to_player),
        tuple(taken),
        tuple(retired_now),
        _freeze(position, markers, placed, retired),
    )
    return CardReport(True, [], effect, dict(possible))


# --- discarding two cards to take a marker (GH-7) ---------------------------------


def take_marker(position: Position, building: BuildingId, space: SpaceId) -> ActionReport:
    """Take one marker from the board (GH-7); a building's last marker cannot be taken."""
    marks = position.markers.get(building, frozenset())
    if space not in marks:
        return ActionReport(
            False,
            [
                SolverViolation(
                    "GH-7",
                    f"there is no {label(building)} marker on {space}",
                    (building,),
                    (space,),
                )
            ],
            Effect(),
        )
    if len(marks) == 1:
        return ActionReport(
            False,
            [
                SolverViolation(
                    "GH-7",
                    f"the last {label(building)} marker cannot be taken",
                    (building,),
                    (space,),
                )
            ],
            Effect(),
        )
    markers, placed, retired = _mutable(position)
    markers[building].discard(space)
    placed_now, taken, retired_now = _cascade(markers, placed, retired, frozenset())
    effect = Effect(
        markers_removed=((building, space),),
        buildings_placed=tuple(placed_now),
        markers_taken=tuple(taken),
        retired=tuple(retired_now),
        after=_freeze(position, markers, placed, retired),
    )
    return ActionReport(True, [], effect)


# --- STOP claims (GH-8) -------------------------------------------------------------


#: an engine's answer to "which markers does logic remove?" (sorted (building, space))
Removable = Callable[[Position], Iterable[Marker]]


def claim(
    position: Position, claims: Iterable[Marker], removable: Removable | None = None
) -> ActionReport:
    """Claim markers as logically removable; all must be, then the cascade runs.

    Removing a marker that no maximum layout uses leaves the set of maximum
    layouts unchanged, so claims are judged together against this position.
    A rejected claim comes with a layout that uses it (``refutations``).
    ``removable``: another engine's judgement of which markers go (the fast
    path's by default); the refuting layouts are the fast path's in any case.
    """
    wanted = sorted(set(claims), key=marker_key)
    violations: list[Violation] = []
    refutations: dict[Marker, dict[BuildingId, SpaceId]] = {}
    board = _analyse(position)
    compiled, analysis = board.compiled, board.analysis
    trivial = set(compiled.trivial)
    judged = None if removable is None else set(removable(position))
    for b, s in wanted:
        if s not in position.markers.get(b, frozenset()):
            violations.append(
                SolverViolation("GH-8", f"there is no {label(b)} marker on {s}", (b,), (s,))
            )
            continue
        used = None if (b, s) in trivial else _used(compiled, analysis, b, s)
        removable_here = used is None if judged is None else (b, s) in judged
        if removable_here:
            continue
        if used is None:
            raise RuntimeError(f"the {label(b)} marker on {s} is removable (engines disagree)")
        layout = _layout(compiled, *used)
        refutations[(b, s)] = layout
        violations.append(
            SolverViolation("GH-8", explain.refutation_text(b, s, layout), (b,), (s,))
        )
    if violations:
        return ActionReport(False, violations, Effect(), refutations)
    return ActionReport(True, [], _remove(position, wanted))


def _remove(position: Position, wanted: list[Marker]) -> Effect:
    """Take these (removable) markers off the board, then run the cascade."""
    markers, placed, retired = _mutable(position)
    standing = set(placed.values())
    emptied: list[BuildingId] = []
    for b, s in wanted:
        markers[b].discard(s)
        if not markers[b] and b not in standing and b not in retired:
            emptied.append(b)  # only when all its markers were on built spaces
    retired.update(emptied)
    placed_now, taken, retired_now = _cascade(markers, placed, retired, frozenset())
    retired_now = sorted(set(emptied) | set(retired_now))
    return Effect(
        markers_removed=tuple(wanted),
        buildings_placed=tuple(placed_now),
        markers_taken=tuple(taken),
        retired=tuple(retired_now),
        after=_freeze(position, markers, placed, retired),
    )


def stop(position: Position, removable: Removable | None = None) -> StopReport:
    """The STOP closure: claim every removable marker, cascade, repeat until none is left.

    ``removable``: another engine's judgement of which markers go in each round
    (the fast path's by default); the explanations are the fast path's.
    """
    removals: list[Removal] = []
    placements: list[Marker] = []
    placement_rounds: list[int] = []
    current = position
    for round_no in itertools.count():
        if removable is None:
            found = removable_markers(current)
        else:
            found = explain_removals(current, removable(current))
        if not found:
            break
        removals.extend(dataclasses.replace(r, round=round_no) for r in found)
        effect = _remove(current, [(r.building, r.space) for r in found])
        assert effect.after is not None
        placements.extend(effect.buildings_placed)
        placement_rounds.extend(round_no for _ in effect.buildings_placed)
        current = effect.after
    return StopReport(removals, placements, current, placement_rounds)
