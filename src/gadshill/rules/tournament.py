"""Many seeded bot games on a local process pool, with seats rotated so that
no bot profits from always sitting first.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice

from gadshill.rules.bots import BotOptions, play_game
from gadshill.rules.spec import GameSpec


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


#: one game's job: the spec factory, the bots, the seed, game options, bot options
Job = tuple[Callable[[], GameSpec], list[str], int, dict[str, str], BotOptions]
#: map_games(play_one, jobs) -> outcomes in job order: another backend (Ray) plugs in here;
#: it is handed an iterator, so it may stream the jobs as a local pool does
GameMapper = Callable[[Callable[[Job], "GameOutcome"], Iterable[Job]], Iterable["GameOutcome"]]


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


def tally(outcomes: Iterable[GameOutcome], keep_outcomes: bool = True) -> TournamentResult:
    """Standings by bot and by seat; with ``keep_outcomes=False`` the games are counted
    as they come and not kept, so a billion of them need no more memory than one."""
    result = TournamentResult([])
    for outcome in outcomes:
        if keep_outcomes:
            result.outcomes.append(outcome)
        share = 1.0 / len(outcome.winners)
        for seat, bot in enumerate(outcome.seats):
            for key, table in ((bot, result.by_bot), (seat, result.by_seat)):
                standing = table.setdefault(key, Standing())  # type: ignore[arg-type]
                standing.games += 1
                standing.total_score += outcome.scores[seat]
                if seat in outcome.winners:
                    standing.wins += share
    return result


def _pooled(jobs: Iterator[Job], workers: int) -> Iterator[GameOutcome]:
    """The outcomes in job order, with at most a few jobs per worker in flight at once
    (``Executor.map`` would submit every job up front)."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: deque[Future[GameOutcome]] = deque(
            pool.submit(play_one, job) for job in islice(jobs, workers * IN_FLIGHT)
        )
        while pending:
            outcome = pending.popleft().result()
            for job in islice(jobs, 1):
                pending.append(pool.submit(play_one, job))
            yield outcome


#: jobs submitted ahead per worker process
IN_FLIGHT = 4


def run_tournament(
    spec_factory: Callable[[], GameSpec],
    bots: list[str],
    seeds: Iterable[int],
    workers: int | None = None,
    options: dict[str, str] | None = None,
    keep_outcomes: bool = True,
    bot_options: BotOptions | None = None,
    map_games: GameMapper | None = None,
) -> TournamentResult:
    """Play one game per seed; ``spec_factory`` must be a picklable module-level function.

    Jobs are made as the games are played, never all up front, so the number of
    seeds costs no memory (``keep_outcomes=False`` keeps the games out of the result too).
    ``map_games`` replaces the local process pool (the CLI's ``--backend ray``); each
    game depends only on its job, so every backend gives the same results.
    """
    chosen = {name: dict(values) for name, values in (bot_options or {}).items()}
    jobs = ((spec_factory, bots, seed, dict(options or {}), chosen) for seed in seeds)
    if map_games is not None:
        return tally(map_games(play_one, jobs), keep_outcomes)
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if isinstance(seeds, Sized):  # never more processes than games
        workers = min(workers, max(1, len(seeds)))
    if workers <= 1:
        return tally(map(play_one, jobs), keep_outcomes)
    return tally(_pooled(jobs, workers), keep_outcomes)
