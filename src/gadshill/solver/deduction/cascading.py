"""The cascade (GH-R3, GH-F2): a building left with one marker is placed, in rounds,
except on a space where two or more such buildings meet, unless a card has just
confirmed one of them (the other is then out of the game for good).

Actions work on a position thawed into mutable dicts and sets (:func:`thaw`), run the
cascade on them and freeze the result (:func:`freeze`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gadshill.solver.position import BuildingId, Marker, Position, SpaceId, marker_key


def cascade_in_place(
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


def thaw(
    position: Position,
) -> tuple[dict[BuildingId, set[SpaceId]], dict[SpaceId, BuildingId], set[BuildingId]]:
    """The position's markers, buildings standing and retired ones, as copies to change."""
    return (
        {b: set(s) for b, s in position.markers.items() if s},
        dict(position.placed),
        set(position.retired),
    )


def freeze(
    position: Position,
    markers: Mapping[BuildingId, set[SpaceId]],
    placed: dict[SpaceId, BuildingId],
    retired: set[BuildingId],
) -> Position:
    """The position after an action: ``position``'s spaces with these markers and buildings."""
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
    markers, placed, retired = thaw(position)
    placed_now, taken, _ = cascade_in_place(markers, placed, retired, frozenset(confirmed))
    return freeze(position, markers, placed, retired), placed_now, taken
