"""How long games get: the measurements behind the adapters' bounds (``setting.BOUNDS``).

For each game (and option given), every player count, seeds 0 to N-1, three
policies: a whole move uniformly among the legal ones, a word uniformly among
the legal next words (what OpenSpiel's random agents do: longer games), and the
game's greedy bot against its best heuristic bot. Prints the longest game seen
in native moves and in decisions (words), and the bound in force beside it; a
bound should be about twice the longest. A degenerate policy (always the lowest
word) never ends Sticky Gulch: the bound is what stops it.

Run: ``PYTHONPATH=src python bench/game_lengths.py --games 60 [--option length=long]``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from gadshill.adapters.actions import Speller, move_words
from gadshill.adapters.bots import benchmark_bots
from gadshill.adapters.setting import Setting, bound, setting
from gadshill.errors import UsageError
from gadshill.registry import game_ids
from gadshill.rules.bots import make_bot

#: a game's length: (native moves, decisions)
Length = tuple[int, int]
#: cap on moves while measuring (far past any real game; the degenerate case stops here)
CAP = 20_000


def by_moves(game: Setting, speller: Speller, seed: int) -> Length:
    state, rng = game.new_game(seed), random.Random(seed)
    moves = decisions = 0
    while not state.is_terminal and moves < CAP:
        move = rng.choice(state.legal_moves())
        state.apply(move)
        moves, decisions = moves + 1, decisions + len(move_words(move))
    return moves, decisions


def by_words(game: Setting, speller: Speller, seed: int) -> Length:
    state, rng = game.new_game(seed), random.Random(seed)
    moves = decisions = 0
    while not state.is_terminal and moves < CAP:
        spellings = speller.spellings(state.legal_moves())
        prefix: tuple[int, ...] = ()
        while prefix not in spellings:
            prefix = (*prefix, rng.choice(Speller.next_words(spellings, prefix)))
        state.apply(spellings[prefix])
        moves, decisions = moves + 1, decisions + len(prefix)
    return moves, decisions


def by_bots(game: Setting, speller: Speller, seed: int) -> Length:
    greedy, best = benchmark_bots(game.spec)[:2]
    bots = [make_bot(game.spec, [greedy, best][(seat + seed) % 2]) for seat in range(game.players)]
    state, rng = game.new_game(seed), random.Random(seed)
    moves = decisions = 0
    while not state.is_terminal and moves < CAP:
        move = bots[state.current_player or 0].choose(state, rng)
        state.apply(move)
        moves, decisions = moves + 1, decisions + len(move_words(move))
    return moves, decisions


POLICIES: dict[str, Callable[[Setting, Speller, int], Length]] = {
    "moves": by_moves,
    "words": by_words,
    "bots": by_bots,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    args, _unknown = parser.parse_known_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    print(f"longest of {args.games} games per policy and player count: moves / decisions")
    print("game            options            players  moves      words      bots       bound")
    for game_id in args.game or game_ids():
        first = setting(game_id, options=options)
        spec = first.spec
        for players in range(spec.min_players, spec.max_players + 1):
            try:
                game = setting(game_id, players, options, max_moves=CAP)
            except UsageError:  # the pack seats fewer (a mini variant)
                continue
            speller = Speller(game)
            cells = []
            for policy in POLICIES.values():
                lengths = [policy(game, speller, seed) for seed in range(args.games)]
                cells.append(f"{max(m for m, _ in lengths)}/{max(d for _, d in lengths)}")
            moves, decisions = bound(spec, game.options)
            shown = ",".join(f"{k}={v}" for k, v in game.options.items())
            print(
                f"{game_id:<15} {shown:<18} {players:>7}  "
                + "".join(f"{cell:<11}" for cell in cells)
                + f"{moves}/{decisions}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
