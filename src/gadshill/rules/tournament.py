"""Many seeded bot games on a local process pool, with seats rotated so that
no bot profits from always sitting first.
"""

from __future__ import annotations

import math
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

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
    #: (bot a, bot b) -> [a's points against b, games]: every pair of seats of every game
    #: is one comparison, won by the one that won the game (half each if both or neither)
    pairs: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    def ratings(self) -> dict[str, Rating]:
        """Each bot's Bradley-Terry rating on the Elo scale, with a 95% interval."""
        return bradley_terry(self.pairs)


@dataclass(frozen=True)
class Rating:
    """A Bradley-Terry strength on the Elo scale (mean 1500; 400 points: 10 to 1 odds)."""

    elo: float
    low: float  # the 95% interval
    high: float


#: the Elo scale: 400 points are odds of ten to one
ELO_SCALE = 400 / math.log(10)
ELO_MEAN = 1500.0
#: virtual drawn games added to every pair (a prior that keeps a bot that always
#: wins at a finite rating: its interval stays wide instead)
PRIOR_DRAWS = 1.0


def bradley_terry(pairs: dict[tuple[str, str], list[float]]) -> dict[str, Rating]:
    """Ratings from pairwise points by the MM algorithm (Hunter 2004), each pair of bots
    given ``PRIOR_DRAWS`` virtual drawn games; the intervals come from the Fisher
    information of the fitted model (1.96 standard errors of the centred strengths).

    >>> pairs = {("a", "b"): [30.0, 40.0]}  # a took 30 of 40 points from b
    >>> rated = bradley_terry(pairs)
    >>> round(rated["a"].elo - rated["b"].elo)  # odds of 30.5 to 10.5 with the prior draw
    185
    >>> rated["a"].low < rated["a"].elo < rated["a"].high
    True
    """
    bots = sorted({bot for pair in pairs for bot in pair})
    index = {bot: i for i, bot in enumerate(bots)}
    n = len(bots)
    games = [[0.0] * n for _ in range(n)]
    points = [[0.0] * n for _ in range(n)]  # points[i][j]: i's points against j
    for (a, b), (won, played) in pairs.items():
        i, j = index[a], index[b]
        games[i][j] += played
        games[j][i] += played
        points[i][j] += won
        points[j][i] += played - won
    for i in range(n):
        for j in range(n):
            if i != j:
                games[i][j] += PRIOR_DRAWS
                points[i][j] += PRIOR_DRAWS / 2
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            wins = sum(points[i])
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(wins / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(v) for v in new) / n)
        new = [v / scale for v in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(v) for v in strength]
    spread = _centred_errors(theta, games)
    return {
        bot: Rating(
            ELO_MEAN + ELO_SCALE * theta[i],
            ELO_MEAN + ELO_SCALE * (theta[i] - 1.96 * spread[i]),
            ELO_MEAN + ELO_SCALE * (theta[i] + 1.96 * spread[i]),
        )
        for bot, i in index.items()
    }


def _centred_errors(theta: list[float], games: list[list[float]]) -> list[float]:
    """Standard errors of the strengths centred on their mean: the Fisher information
    with the first strength held at 0, inverted, and moved to the centred strengths."""
    n = len(theta)
    if n < 2:
        return [0.0] * n
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                weight = games[i][j] * p * (1 - p)
                info[i][i] += weight
                info[i][j] -= weight
    cov = _inverse([row[1:] for row in info[1:]])  # strength 0 held fixed
    errors = []
    for k in range(n):  # the centred strength k is v . theta, v = e_k - 1/n
        v = [(1.0 if i == k else 0.0) - 1 / n for i in range(1, n)]
        variance = sum(v[a] * cov[a][b] * v[b] for a in range(n - 1) for b in range(n - 1))
        errors.append(math.sqrt(max(variance, 0.0)))
    return errors


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small positive definite matrix."""
    size = len(matrix)
    rows = [[*row, *(1.0 if i == k else 0.0 for k in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]


def seats_for(bots: list[str], seed: int) -> tuple[str, ...]:
    shift = seed % len(bots)
    return tuple(bots[shift:] + bots[:shift])


def label_bots(bots: list[str]) -> list[str]:
    """The seats' bots told apart: ``sharp,sharp,greedy`` -> ``sharp, sharp#2, greedy``."""
    seen: dict[str, int] = {}
    labels = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return labels


def bot_of(label: str) -> str:
    """The bot a label of :func:`label_bots` stands for (``sharp#2`` -> ``sharp``)."""
    name, sep, number = label.rpartition("#")
    return name if sep and number.isdigit() else label


def record_name(game: str, seed: int) -> str:
    """The file name of one tournament game's record (``--record-dir``)."""
    return f"{game}-seed{seed}.jsonl"


def records_in_the_way(folder: Path, game: str, seeds: range) -> list[str]:
    """The records a tournament of ``seeds`` would write that ``folder`` already holds
    (sorted by seed): it refuses to start rather than overwrite them."""
    try:
        present = {p.name for p in folder.iterdir()}
    except OSError:
        return []  # a missing or unreadable folder is check_writable's to report
    return [n for n in (record_name(game, s) for s in seeds) if n in present]


#: one game's job: the spec factory, the bots (labels of :func:`label_bots`), the seed,
#: game options, bot options (by bot name), the data pack folder (None: built-in) and
#: the folder to write the game's record in (None: not written)
Job = tuple[
    Callable[[], GameSpec],
    list[str],
    int,
    dict[str, str],
    BotOptions,
    Path | None,
    Path | None,
]
#: map_games(play_one, jobs) -> outcomes in job order: another backend (Ray) plugs in here;
#: it is handed an iterator, so it may stream the jobs as a local pool does
GameMapper = Callable[[Callable[[Job], "GameOutcome"], Iterable[Job]], Iterable["GameOutcome"]]


def play_one(args: Job) -> GameOutcome:
    """One tournament game (module-level, so process pools and Ray can ship it)."""
    spec_factory, bots, seed, options, bot_options, data, record_dir = args
    spec = spec_factory()
    seats = seats_for(bots, seed)
    played = play_game(
        spec, [bot_of(s) for s in seats], seed, data, options=options, bot_options=bot_options
    )
    if record_dir is not None:
        # exclusive: a second tournament into the same folder never replaces a record
        played.record.write(record_dir / record_name(spec.id, seed), exclusive=True)
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
        _compare(result.pairs, outcome)
        for seat, bot in enumerate(outcome.seats):
            for key, table in ((bot, result.by_bot), (seat, result.by_seat)):
                standing = table.setdefault(key, Standing())  # type: ignore[arg-type]
                standing.games += 1
                standing.total_score += outcome.scores[seat]
                if seat in outcome.winners:
                    standing.wins += share
    return result


def _compare(pairs: dict[tuple[str, str], list[float]], outcome: GameOutcome) -> None:
    """Every pair of seats of one game as one comparison (``TournamentResult.pairs``);
    two seats of the same bot are not compared."""
    seats = outcome.seats
    for a in range(len(seats)):
        for b in range(a + 1, len(seats)):
            if seats[a] == seats[b]:
                continue
            won_a, won_b = a in outcome.winners, b in outcome.winners
            points = 1.0 if won_a and not won_b else 0.0 if won_b and not won_a else 0.5
            key, points = (
                ((seats[a], seats[b]), points)
                if seats[a] < seats[b]
                else ((seats[b], seats[a]), 1.0 - points)
            )
            tally = pairs.setdefault(key, [0.0, 0.0])
            tally[0] += points
            tally[1] += 1


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
    data: Path | None = None,
    record_dir: Path | None = None,
    watch: Callable[[Iterable[GameOutcome]], Iterable[GameOutcome]] | None = None,
) -> TournamentResult:
    """Play one game per seed; ``spec_factory`` must be a picklable module-level function.

    Jobs are made as the games are played, never all up front, so the number of
    seeds costs no memory (``keep_outcomes=False`` keeps the games out of the result too).
    ``map_games`` replaces the local process pool (the CLI's ``--backend ray``); each
    game depends only on its job, so every backend gives the same results.

    A bot named more than once is labelled per seat (``sharp``, ``sharp#2``, see
    :func:`label_bots`) and counted apart; ``bot_options`` go by bot name, so they
    apply to every seat of that bot. ``data`` is the game's data pack folder,
    ``record_dir`` an existing folder for every game's record (:func:`record_name`),
    and ``watch`` wraps the stream of outcomes on its way to :func:`tally` (the CLI's
    progress bar); it must yield each outcome it is given, in order.
    """
    labels = label_bots(list(bots))
    chosen = {name: dict(values) for name, values in (bot_options or {}).items()}
    jobs = (
        (spec_factory, labels, seed, dict(options or {}), chosen, data, record_dir)
        for seed in seeds
    )
    outcomes: Iterable[GameOutcome]
    if map_games is not None:
        outcomes = map_games(play_one, jobs)
    else:
        workers = workers if workers is not None else (os.cpu_count() or 1)
        if isinstance(seeds, Sized):  # never more processes than games
            workers = min(workers, max(1, len(seeds)))
        outcomes = map(play_one, jobs) if workers <= 1 else _pooled(jobs, workers)
    return tally(watch(outcomes) if watch is not None else outcomes, keep_outcomes)
