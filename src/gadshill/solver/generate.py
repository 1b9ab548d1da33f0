"""Random Gads Hill positions and clues for tests and benchmarks (seeded).

The solver knows no map, so these work on a synthetic town: spaces S1..S19
on a rough grid with a symmetric ``next-to`` relation (grid neighbours plus a
few random links). Positions come two ways:

* :func:`random_position` builds one directly: some placed buildings, buildings
  with 1-5 markers (at most 3 markers per space), with planted tight sets and
  shared last markers so removable markers are common; then the cascade runs,
  so no building is left with a lone marker except on a shared space;
* :func:`played_position` plays random cards (and takes) from an empty board
  through :func:`deduction.check_card`: the positions a game really reaches.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gadshill.solver.deduction.cards import check_card
from gadshill.solver.deduction.cascading import cascade
from gadshill.solver.deduction.claims import take_marker
from gadshill.solver.model import (
    MARKERS_PER_BUILDING,
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    Clue,
    Position,
    SpaceId,
)

BUILDINGS: tuple[BuildingId, ...] = (
    "bank", "barber", "butcher", "church", "courthouse", "cityhall", "doc", "drugstore",
    "hotel", "jail", "casino", "laundry", "newspaper", "sheriff", "postoffice", "saloon",
    "school", "undertaker", "smithy", "stable", "stagecoach", "theatre",
)  # fmt: skip


@dataclass(frozen=True)
class Town:
    """A synthetic map: spaces and a symmetric next-to relation."""

    spaces: tuple[SpaceId, ...]
    next_to: frozenset[tuple[SpaceId, SpaceId]]

    def empty(self) -> Position:
        return Position(frozenset(self.spaces))


def synthetic_town(seed: int = 0, n_spaces: int = 19, columns: int = 4) -> Town:
    rng = random.Random(seed)
    spaces = tuple(f"S{i}" for i in range(1, n_spaces + 1))
    pairs: set[tuple[SpaceId, SpaceId]] = set()
    for i in range(n_spaces):
        c = i % columns
        for j in (i + 1 if c + 1 < columns else -1, i + columns):
            if 0 <= j < n_spaces:
                pairs.add((spaces[i], spaces[j]))
    for _ in range(n_spaces // 4):
        a, b = rng.sample(spaces, 2)
        pairs.add((a, b))
    sym = pairs | {(b, a) for a, b in pairs}
    return Town(spaces, frozenset(sym))


def random_position(
    rng: random.Random,
    town: Town,
    marked: tuple[int, int] = (3, 14),
    placed: tuple[int, int] = (0, 8),
    plant: float = 0.7,
    normalise: bool = True,
) -> Position:
    """A plausible position: see the module docstring."""
    names = list(BUILDINGS)
    rng.shuffle(names)
    spaces = list(town.spaces)
    n_placed = rng.randint(*placed)
    built = rng.sample(spaces, n_placed)
    standing = {s: names.pop() for s in built}
    free = [s for s in spaces if s not in standing]
    n_marked = min(rng.randint(*marked), len(names))
    group = [names.pop() for _ in range(n_marked)]
    load = dict.fromkeys(free, 0)
    markers: dict[BuildingId, set[SpaceId]] = {}

    def put(b: BuildingId, choices: list[SpaceId], want: int) -> None:
        open_ = [s for s in choices if load[s] < MAX_MARKERS_PER_SPACE]
        got = rng.sample(open_, min(want, len(open_)))
        markers.setdefault(b, set()).update(got)
        for s in got:
            load[s] += 1

    todo = list(group)
    areas: list[SpaceId] = []
    while todo and rng.random() < plant:
        kind = rng.random()
        if kind < 0.25 and len(todo) >= 2:  # shared last markers (Further rules 2)
            s = rng.choice(free)
            areas.append(s)
            for _ in range(2):
                if load[s] < MAX_MARKERS_PER_SPACE:
                    put(todo.pop(), [s], 1)
        else:  # a tight set: k buildings on exactly k spaces
            k = min(rng.randint(2, 4), len(todo), len(free))
            if k < 2:
                break
            area = rng.sample(free, k)
            areas.extend(area)
            for _ in range(k):
                put(todo.pop(), area, rng.randint(2, k))
    for b in todo:  # the rest, often intruding on a planted area (removable markers)
        want = rng.randint(1, MARKERS_PER_BUILDING)
        if areas and rng.random() < 0.7:
            want = max(want, 2)
            put(b, [rng.choice(areas)], 1)
            want -= 1
        put(b, [s for s in free if s not in markers.get(b, ())], want)
    position = Position(
        frozenset(spaces),
        {b: frozenset(s) for b, s in markers.items() if s},
        standing,
    )
    if normalise:
        position = cascade(position)[0]
    return position


def random_clue(rng: random.Random, town: Town, position: Position, binary: float = 0.35) -> Clue:
    """A random card: building card (4 spaces), district card (5-8) or condition card."""
    names = list(BUILDINGS)
    pool = [b for b in names if b not in position.retired] or names
    subject = rng.choice(pool)
    kind = rng.random()
    if kind < binary:
        partner = rng.choice([b for b in pool if b != subject] or names)
        region = frozenset(rng.sample(town.spaces, rng.randint(6, 12)))
        return Clue(subject, region, partner, town.next_to, text="condition")
    size = 4 if kind < 0.7 else rng.randint(5, 8)
    return Clue(subject, frozenset(rng.sample(town.spaces, size)), text="building")


def played_position(rng: random.Random, town: Town, steps: int = 12) -> Position:
    """A position reached by playing random playable cards and taking random markers."""
    position = town.empty()
    for _ in range(steps * 4):
        if steps <= 0:
            break
        if rng.random() < 0.15 and position.marker_count():
            b, s = rng.choice(position.marker_list())
            report = take_marker(position, b, s)
        else:
            report_c = check_card(position, random_clue(rng, town, position))
            if not report_c.playable or report_c.effect.after is None:
                continue
            position = report_c.effect.after
            steps -= 1
            continue
        if report.legal and report.effect.after is not None:
            position = report.effect.after
            steps -= 1
    return position


def positions(seed: int, count: int, town: Town | None = None) -> list[Position]:
    """A reproducible mix of constructed and played positions."""
    rng = random.Random(seed)
    town = town or synthetic_town(seed)
    out: list[Position] = []
    for i in range(count):
        if i % 3 == 2:
            out.append(played_position(rng, town, rng.randint(4, 16)))
        else:
            out.append(random_position(rng, town))
    return out


def board(
    markers: dict[BuildingId, str] | None = None,
    placed: dict[SpaceId, BuildingId] | None = None,
    retired: tuple[BuildingId, ...] = (),
    n_spaces: int = 19,
) -> Position:
    """A hand-made position on spaces S1..S<n>: ``board({"bank": "S1 S2"}, {"S3": "hotel"})``."""
    return Position(
        frozenset(f"S{i}" for i in range(1, n_spaces + 1)),
        {b: frozenset(spaces.split()) for b, spaces in (markers or {}).items()},
        dict(placed or {}),
        frozenset(retired),
    )


def spaces(text: str) -> frozenset[SpaceId]:
    """``spaces("S1 S2")`` -> frozenset({"S1", "S2"})."""
    return frozenset(text.split())


def relation(text: str) -> frozenset[tuple[SpaceId, SpaceId]]:
    """A symmetric relation from ``"S1-S2 S3-S4"``."""
    pairs = [tuple(p.split("-")) for p in text.split()]
    return frozenset((a, b) for a, b in pairs) | frozenset((b, a) for a, b in pairs)
