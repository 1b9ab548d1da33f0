"""Playing a card (GH-5, GH-6): every rule it breaks (GH-R1a, GH-R2, GH-R6a-c), each
worded only when shown, and, when it is playable, what it does: markers placed and
removed, the spare markers the player gets, then the cascade.

The candidates are the fast path's (:mod:`candidates`) or another engine's
(:func:`judge_card`); what follows from them is judged here for every engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from gadshill.rules.rulebook import Violation
from gadshill.solver.deduction.candidates import Candidates, card_candidates
from gadshill.solver.deduction.cascading import cascade_in_place, freeze, thaw
from gadshill.solver.deduction.compiled import Analysed, Frame, framed
from gadshill.solver.deduction.removals import explain_removals
from gadshill.solver.explain import card_violation
from gadshill.solver.matching import bits
from gadshill.solver.model import Clue, check_clue_ids
from gadshill.solver.position import (
    MARKERS_PER_BUILDING,
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    Marker,
    Position,
    SpaceId,
    natural,
)
from gadshill.solver.reports import CardReport, Effect, SolverViolation

#: a broken rule's id, and how to word its violation (only done when it is shown)
Break = tuple[str, Callable[[], SolverViolation]]


def _card_violations(position: Position, clue: Clue, cand: Candidates) -> list[SolverViolation]:
    found = [word() for _rule, word in _card_breaks(position, clue, cand)]
    found.sort(key=lambda v: v.key())
    return found


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
    return _judge(position, clue, card_candidates(position, clue, analysed))


def card_rules(position: Position, clue: Clue, analysed: Analysed | None = None) -> frozenset[str]:
    """The ids of the rules the clue breaks now (none: it is playable), neither worded nor
    followed by the effect: all that legal-move generation needs of each card. The same
    ids as ``check_card(position, clue).violations``."""
    check_clue_ids(position, clue)
    if clue.partner is not None and clue.partner == clue.subject:
        return frozenset({"GH-5"})
    breaks = _card_breaks(position, clue, card_candidates(position, clue, analysed))
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
    fr = framed(position)[0]
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
    markers, placed, retired = thaw(position)
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
    placed_now, taken, retired_now = cascade_in_place(
        markers, placed, retired, frozenset(confirmed)
    )
    effect = Effect(
        tuple(added),
        tuple(removed),
        tuple(placed_now),
        tuple(to_player),
        tuple(taken),
        tuple(retired_now),
        freeze(position, markers, placed, retired),
    )
    return CardReport(True, [], effect, dict(possible))
