"""A card's candidates (GH-6): for each building the clue names, its status on the board
and the spaces it may still stand on, before a condition card's relation and after it
(arc consistency over the two buildings), as masks over the board's frame.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from gadshill.solver.deduction.compiled import (
    Analysed,
    Compiled,
    Frame,
    analysed_board,
    compile_position,
)
from gadshill.solver.model import Clue
from gadshill.solver.position import BuildingId, Position, SpaceId


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


def card_candidates(position: Position, clue: Clue, analysed: Analysed | None = None) -> Candidates:
    """The fast path's candidates and possible spaces of each named building (GH-6)."""
    board = analysed_board(position, analysed)
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
