"""The step solver of STOP puzzles: the STOP closure as a player would find it.

``gadshill stop`` finds every removable marker at once (GH-8, matching theory);
a player finds them one at a time, each by a *tight set* they can see on the
board: buildings T whose markers all lie on the spaces N(T) that every maximum
layout fills with them. The step solver takes, round by round, the removable
markers of :func:`deduction.removable_markers` with their smallest tight set,
and orders them the way a player would, easiest first:

* level 1 ``single``: N(T) is one space (lone markers sharing it);
* level 2 ``pair``: N(T) is two spaces (rule 1d);
* level 3 ``set``: N(T) is three or more spaces;
* level 4 ``chain``: the tight set only shows once earlier steps have removed
  markers of T off N(T), or the marker is only removable after the cascade placed
  a building (a second round of the closure).

A tight set is *visible* when every marker of its buildings lies on N(T); a
step is taken only when its set is visible. ``max_level`` limits the techniques:
a puzzle of level k is solved with ``max_level=k`` and not with ``k - 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadshill.solver import deduction
from gadshill.solver.model import Marker, Position, Removal, join_words, label, marker_key
from gadshill.solver.puzzles.ladder import MAX_LEVEL, Step, technique_name


@dataclass(frozen=True)
class StopSolution:
    """The steps found, the markers they remove (in step order), and whether that is all."""

    steps: list[Step]
    removed: list[Marker]
    solved: bool
    after: Position

    @property
    def level(self) -> int:
        return max((s.level for s in self.steps), default=0)


#: the largest tight set (in spaces) a player is asked to see at once
MAX_SET = 4


def _visible(position: Position, buildings: tuple[str, ...], spaces: tuple[str, ...]) -> bool:
    where = set(spaces)
    return all(position.markers.get(b, frozenset()) <= where for b in buildings)


def _base_level(n_spaces: int) -> int:
    return 1 if n_spaces <= 1 else 2 if n_spaces == 2 else 3


def _options(
    start: Position, seen: Position, first: Removal, now: Removal, round_no: int
) -> list[tuple[int, Removal]]:
    """The ways a player can see this removal now: (level, the removal whose tight set
    shows it, with its sentence)."""
    out: list[tuple[int, Removal]] = []
    if round_no == 1:
        if len(now.tight_spaces) <= MAX_SET and _visible(
            start, now.tight_buildings, now.tight_spaces
        ):
            out.append((_base_level(len(now.tight_spaces)), now))
        if len(first.tight_spaces) <= MAX_SET:
            out.append((_base_level(len(first.tight_spaces)), first))
    if len(now.tight_spaces) <= MAX_SET and _visible(seen, now.tight_buildings, now.tight_spaces):
        out.append((MAX_LEVEL, now))
    return out


def solve_stop(position: Position, max_level: int = MAX_LEVEL) -> StopSolution:
    """Solve the STOP puzzle of ``position`` with the techniques up to ``max_level``.

    >>> from gadshill.solver.generate import board
    >>> pair = board({"CHURCH": "S7 S12", "BANK": "S7 S12", "SALOON": "S12 S3"})
    >>> solution = solve_stop(pair)
    >>> solution.level, solution.removed
    (2, [('SALOON', 'S12')])
    >>> print(solution.steps[0].because)  # doctest: +NORMALIZE_WHITESPACE
    BANK and CHURCH can only stand on S7 and S12, so the SALOON marker on S12 goes;
    then SALOON stands on S3
    >>> solve_stop(pair, max_level=1).solved
    False
    """
    steps: list[Step] = []
    removed: list[Marker] = []
    current = position
    round_no = 0
    placed_before: list[Marker] = []
    while True:
        pending = deduction.removable_markers(current)
        if not pending:
            return StopSolution(steps, removed, True, current)
        round_no += 1
        first = {(r.building, r.space): r for r in pending}
        seen = current
        done: list[Marker] = []
        round_steps: list[Step] = []
        while len(done) < len(pending):
            now = [r for r in deduction.removable_markers(seen) if (r.building, r.space) in first]
            choice: tuple[int, Removal] | None = None
            for removal in now:
                marker = (removal.building, removal.space)
                for level, seen_by in _options(current, seen, first[marker], removal, round_no):
                    if level <= max_level and (choice is None or level < choice[0]):
                        choice = (level, seen_by)
            if choice is None:
                if max_level < MAX_LEVEL:
                    steps.extend(round_steps)
                    removed.extend(done)
                    return StopSolution(steps, removed, False, current)
                # only a set too large to see at once: a chain at best
                choice = (MAX_LEVEL, now[0])
            level, removal = choice
            because = removal.because
            marker = (removal.building, removal.space)
            done.append(marker)
            markers = dict(seen.markers)
            markers[removal.building] = markers[removal.building] - {removal.space}
            seen = seen.replace(markers=markers)
            if level == MAX_LEVEL:
                because = _chain_prefix(placed_before, round_no) + because
            round_steps.append(
                Step(
                    technique_name(level),
                    level,
                    because,
                    (marker,),
                    focus=tuple(removal.tight_buildings),
                    area=tuple(removal.tight_spaces),
                )
            )
        report = deduction.claim(current, done)
        effect = report.effect
        assert report.legal and effect.after is not None
        placed = list(effect.buildings_placed)
        if placed and round_steps:
            last = round_steps[-1]
            round_steps[-1] = Step(
                last.technique,
                last.level,
                last.because + "; then " + _standing(placed),
                last.removes,
                tuple(placed),
                focus=last.focus,
                area=last.area,
            )
        steps.extend(round_steps)
        removed.extend(done)
        placed_before = placed
        current = effect.after


def _standing(placed: list[Marker]) -> str:
    words = [f"{label(b)} stands on {s}" for b, s in sorted(placed, key=marker_key)]
    return join_words(words)


def _chain_prefix(placed_before: list[Marker], round_no: int) -> str:
    if round_no > 1 and placed_before:
        return f"now that {_standing(placed_before)}, "
    if round_no > 1:
        return "after the removals above, "
    return "once the markers above are gone, "
