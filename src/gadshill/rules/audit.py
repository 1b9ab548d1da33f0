"""What ``gadshill data check`` reports: findings about a data pack, and simulated play.

Each game has a ``pack_audit`` module (same name in all three) whose ``audit`` is a
:class:`PackAudit`: the game's loader, its static checks and its simulation, run the
same way for every game into an :class:`AuditReport`: *errors* (a card whose text
disagrees with its map, a duplicate, content no position can use) make the check fail;
*warnings* are worth a look; *tables* are the measured figures (playability, use
rates, payouts). :func:`simulate` plays the seeded bot games those figures come from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from gadshill.gamedata.pack import BUILTIN, PackInfo, current_info
from gadshill.rules.bots import bot_rng, make_bot
from gadshill.rules.moves import Move
from gadshill.rules.report import ERROR, SIMULATION, WARNING, AuditReport, Finding, Table
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

#: the report's names, importable from here as before (they live in rules/report.py)
__all__ = [
    "ERROR",
    "SIMULATION",
    "WARNING",
    "AuditReport",
    "Check",
    "Finding",
    "Observer",
    "PackAudit",
    "Played",
    "Simulation",
    "Table",
    "pack_label",
    "simulate",
    "win_share",
]


def pack_label(info: PackInfo) -> str:
    """How a report names a pack: "built-in" for the shipped one, else its folder."""
    return "built-in" if info.path.resolve() == (BUILTIN / info.game).resolve() else str(info.path)


#: a game's pack as its loader reads it
P = TypeVar("P")
#: a static check: findings about the pack added to the report
Check = Callable[[P, AuditReport], None]
#: the measured part: (spec, pack folder, games, pack, report), run when games > 0
Simulation = Callable[[GameSpec, Path | None, int, P, AuditReport], None]


@dataclass(frozen=True)
class PackAudit(Generic[P]):
    """One game's ``data check``: what is its own (loader, static checks, simulation)
    given to the skeleton every game shares. Called as ``audit(spec, data, games)``."""

    game: str
    #: the game's validating loader (``data`` None: the built-in pack)
    load: Callable[[Path | None], P]
    #: the names of every check, in the order a report lists them
    checks: Sequence[str]
    #: the static checks, run in this order
    static: Sequence[Check[P]]
    simulation: Simulation[P]

    def __call__(self, spec: GameSpec, data: Path | None = None, games: int = 0) -> AuditReport:
        """Every check on the pack ``data`` (the built-in one if None); ``games`` seeded
        bot games measure it when above 0."""
        info = current_info(self.game, data)
        pack = self.load(data)
        report = AuditReport(self.game, pack_label(info), info.sha256, games, list(self.checks))
        for check in self.static:
            check(pack, report)
        if games > 0:
            self.simulation(spec, data, games, pack, report)
        return report


#: observe(state before the move, the move, the seat that made it)
Observer = Callable[[GameState[Any], Move, int], None]


@dataclass(frozen=True)
class Played:
    """One simulated game: its seed, final state and bot names by seat."""

    seed: int
    state: GameState[Any]
    bots: tuple[str, ...]


def simulate(
    spec: GameSpec,
    data: Path | None,
    games: int,
    bots: Sequence[str],
    observe: Observer | None = None,
    after: Observer | None = None,
    options: Callable[[int], dict[str, str]] | None = None,
    first_seed: int = 1,
    table_sizes: range | None = None,
) -> Iterator[Played]:
    """Play ``games`` seeded games, cycling the table size through ``table_sizes``: the
    sizes the pack seats (a mini pack seats two), the game's range if not given (the
    bot names are dealt round the seats); ``observe`` sees every move before it is
    played, ``after`` the state it led to."""
    sizes = table_sizes or range(spec.min_players, spec.max_players + 1)
    for k in range(games):
        seed = first_seed + k
        players = sizes[k % len(sizes)]
        names = tuple(bots[(k + seat) % len(bots)] for seat in range(players))
        state = spec.new_game(players, seed, data, options(k) if options else {})
        seats = [make_bot(spec, name) for name in names]
        rngs = [bot_rng(seed, seat) for seat in range(players)]
        moves = 0
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            move = seats[seat].choose(state, rngs[seat])
            if observe is not None:
                observe(state, move, seat)
            state.apply(move)
            if after is not None:
                after(state, move, seat)
            moves += 1
            if moves > spec.max_moves:
                raise RuntimeError(f"{spec.id} seed {seed}: no end after {moves} moves")
        yield Played(seed, state, names)


def win_share(state: GameState[Any], seat: int) -> float:
    """A seat's share of the win scaled so that 1.0 is a fair share at this table."""
    winners = state.winners()
    return state.num_players / len(winners) if seat in winners else 0.0
