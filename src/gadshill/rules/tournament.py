"""Many seeded bot games on a local process pool, with seats rotated so that
no bot profits from always sitting first.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from gadshill.rules.bots import BotOptions, play_game
from gadshill.rules.spec import GameSpec

#: one game's job: the spec factory, the bots, the seed, game options, bot options
Job = tuple[Callable[[], GameSpec], list[str], int, dict[str, str], BotOptions]
#: map_games(play_one, jobs) -> outcomes in job order: another backend (Ray) plugs in here
GameMapper = Callable[[Callable[[Job], "GameOutcome"], list[Job]], Iterable["GameOutcome"]]


@dataclass(frozen=True)
class GameOutcome:
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int


@dataclass
class Standing:
    games: int = 0
    wins: float = 0.0  # a shared win counts 1/k for each of k winners
    total_score: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    outcomes: list[GameOutcome]
    by_bot: dict[str, Standing] = field(default_factory=dict)
    by_seat: dict[int, Standing] = field(default_factory=dict)


def seats_for(bots: list[str], seed: int) -> tuple[str, ...]:
    shift = seed % len(bots)
    return tuple(bots[shift:] + bots[:shift])


def play_one(args: Job) -> GameOutcome:
    """One tournament game (module-level, so process pools and Ray can ship it)."""
    spec_factory, bots, seed, options, bot_options = args
    spec = spec_factory()
    seats = seats_for(bots, seed)
    played = play_game(spec, list(seats), seed, options=options, bot_options=bot_options)
    state = played.state
    return GameOutcome(
        seed,
        seats,
        tuple(state.scores()),
        tuple(state.winners()),
        len(played.record.moves),
    )


def tally(outcomes: Iterable[GameOutcome]) -> TournamentResult:
    result = TournamentResult(list(outcomes))
    for outcome in result.outcomes:
        share = 1.0 / len(outcome.winners)
        for seat, bot in enumerate(outcome.seats):
            for key, table in ((bot, result.by_bot), (seat, result.by_seat)):
                standing = table.setdefault(key, Standing())  # type: ignore[arg-type]
                standing.games += 1
                standing.total_score += outcome.scores[seat]
                if seat in outcome.winners:
                    standing.wins += share
    return result


def run_tournament(
    spec_factory: Callable[[], GameSpec],
    bots: list[str],
    seeds: Iterable[int],
    workers: int | None = None,
    options: dict[str, str] | None = None,
    bot_options: BotOptions | None = None,
    map_games: GameMapper | None = None,
) -> TournamentResult:
    """Play one game per seed; ``spec_factory`` must be a picklable module-level function.

    ``map_games`` replaces the local process pool (the CLI's ``--backend ray``);
    each game depends only on its job, so every backend gives the same results.
    """
    bot_options = {name: dict(values) for name, values in (bot_options or {}).items()}
    jobs: list[Job] = [
        (spec_factory, bots, seed, dict(options or {}), bot_options) for seed in seeds
    ]
    if map_games is not None:
        return tally(map_games(play_one, jobs))
    # never more processes than games (a huge count overflowed ProcessPoolExecutor)
    workers = min(workers if workers is not None else (os.cpu_count() or 1), max(1, len(jobs)))
    if workers <= 1:
        return tally(map(play_one, jobs))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return tally(pool.map(play_one, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
