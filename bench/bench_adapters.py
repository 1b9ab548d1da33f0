"""Adapter overhead: random play through OpenSpiel and PettingZoo against the native engine.

For each game, seeded two-player random games are played three ways, side by side
in one run (seed by seed, the three ways in turn, so a change in the machine's load
falls on all three):

- natively: ``legal_moves()`` + ``apply``;
- through OpenSpiel as its random rollouts play: chance nodes drawn from the
  seed, and at every decision ``state.legal_actions()`` then ``apply_action``;
- through PettingZoo's standard AEC loop: ``env.last()`` (the observation, with
  its tensor and ``action_mask``) then ``env.step``. This loop includes the
  observation tensor of every step (made once per position and seat).

Every way picks the same way: a whole move uniformly among the legal ones with
``random.Random(seed)``, in ``legal_moves()`` order (the adapters keep the list
of their one ``legal_moves()`` call), then plays its words one by one (picking
among words instead makes other, longer games). The native engine and PettingZoo
draw chance from the same seeded generator, so they play the very same games;
OpenSpiel's chance nodes are drawn from the seed, so its games are others of the
same kind (the mean length shows it). Times are CPU seconds of this process (a
busy machine inflates them less than the wall clock); each way prints game moves
per second, the ratio to native and the mean moves per game.

Then, per game, what a learner's tensors cost on top: the mean microseconds of
one OpenSpiel ``observation_tensor`` and one ``information_state_tensor`` of the
seat to move, asked once at every decision of random games (each asked of a new
position, so nothing is reused across positions).

Run: ``PYTHONPATH=src python bench/bench_adapters.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

import pyspiel

import gadshill.adapters.openspiel as openspiel_adapter
from gadshill import registry
from gadshill.adapters.actions import Speller, Spellings
from gadshill.adapters.pettingzoo import env

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")


def native(game: str, seed: int) -> tuple[int, float]:
    spec = registry.get_spec(game)
    start = time.process_time()
    state = spec.new_game(2, seed, None, spec.resolve_options({}))
    rng, moves = random.Random(seed), 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves, time.process_time() - start


def _pick(spellings: Mapping[tuple[int, ...], Any], rng: random.Random) -> list[int]:
    """A legal move picked as the native way picks it (uniformly, in ``legal_moves()``
    order), as the words that spell it."""
    legal = getattr(spellings, "legal", None)
    if legal is None:  # the adapters before issue 18's speed work: a dict in that order
        return list(rng.choice(list(spellings)))
    return list(spellings.speller.spell(rng.choice(legal)))  # type: ignore[attr-defined]


def through_openspiel(game: str, seed: int, loaded: Any) -> tuple[int, float]:
    start = time.process_time()
    rng, chance = random.Random(seed), random.Random(-seed)
    state = loaded.new_initial_state()
    words: list[int] = []
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice(state.chance_outcomes())[0])
            continue
        legal = state.legal_actions()  # what a rollout asks at every decision
        if not words:  # the first word of a move: pick the move
            words = _pick(state.spellings(), rng)
            moves += 1
        assert words[0] in legal
        state.apply_action(words.pop(0))
    return moves, time.process_time() - start


def through_pettingzoo(game: str, seed: int, table: Any) -> tuple[int, float]:
    start = time.process_time()
    table.reset(seed=seed)  # the game env(game, seed=seed) plays first
    rng = random.Random(seed)
    words: list[int] = []
    moves = 0
    for _agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        if not words:
            words = _pick(table.spellings(), rng)
            moves += 1
        assert observation["action_mask"][words[0]]
        table.step(words.pop(0))
    return moves, time.process_time() - start


class _Clock:
    """Time spent inside some functions, by name, each call's own time only (a
    named function called inside another is charged to its own name): each is replaced
    by a timed twin for the run."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.calls = 0
        self._undo: list[tuple[Any, str, Any]] = []
        self._stack: list[str] = []
        self._since = 0.0

    def _switch(self, now: float) -> None:
        if self._stack:
            self.spent[self._stack[-1]] += now - self._since
        self._since = now

    def wrap(self, owner: Any, name: str, label: str) -> None:
        real = getattr(owner, name)
        self.spent.setdefault(label, 0.0)
        clock, stack = time.perf_counter, self._stack

        def timed(*args: Any, **kwargs: Any) -> Any:
            self._switch(clock())
            stack.append(label)
            self.calls += 1
            try:
                return real(*args, **kwargs)
            finally:
                self._switch(clock())
                stack.pop()

        self._undo.append((owner, name, owner.__dict__.get(name)))
        setattr(owner, name, timed)

    def undo(self) -> None:
        for owner, name, before in reversed(self._undo):
            if before is None:
                delattr(owner, name)
            else:
                setattr(owner, name, before)


def pettingzoo_parts(game: str, seeds: range) -> tuple[dict[str, float], int]:
    """Where a PettingZoo move's time goes, in microseconds per native move (the wall
    clock, whose reads cost far less than the CPU clock's; a busy machine inflates
    every part alike): the
    engine's own work (``legal_moves`` and ``apply``, what a native move costs), the
    observation tensor, the action mask, the words (``Spellings``: the legal words
    after a prefix, the move the words spell, a move's words), and the rest
    (PettingZoo's loop: ``agent_iter``, ``last``, ``step``'s bookkeeping, and this
    loop's pick). A call inside another counts in its own part only. The clock's own
    reads fall in the parts; ``clock`` is their estimated total (calls times the cost
    of timing an empty call), to read the parts against."""
    table = env(game, players=2)
    state_class = type(table.setting.new_game(0))
    clock = _Clock()
    clock.wrap(table.tensors, "observation", "tensor")
    clock.wrap(table, "_mask", "mask")
    clock.wrap(table, "spellings", "words")
    for name in ("next_words", "move", "_of_kind"):
        clock.wrap(Spellings, name, "words")
    clock.wrap(Speller, "spell", "words")
    clock.wrap(state_class, "legal_moves", "engine")
    clock.wrap(state_class, "apply", "engine")
    moves = 0
    start = time.perf_counter()
    try:
        for seed in seeds:
            moves += through_pettingzoo(game, seed, table)[0]
    finally:
        total = time.perf_counter() - start
        clock.undo()
    parts = dict(clock.spent)
    parts["rest"] = total - sum(parts.values())
    parts["clock"] = clock.calls * _timing_cost()
    return {name: seconds / moves * 1e6 for name, seconds in parts.items()}, moves


def _timing_cost(calls: int = 20_000) -> float:
    """Seconds that timing one call adds (an empty function, timed and not)."""

    class Empty:
        def call(self) -> None:
            pass

    empty = Empty()
    start = time.perf_counter()
    for _ in range(calls):
        empty.call()
    plain = time.perf_counter() - start
    clock = _Clock()
    clock.wrap(empty, "call", "empty")
    start = time.perf_counter()
    for _ in range(calls):
        empty.call()
    return max(0.0, (time.perf_counter() - start - plain) / calls)


def tensor_costs(loaded: Any, seeds: range) -> tuple[float, float, int]:
    """Mean microseconds of one observation tensor and one information-state tensor of
    the seat to move, asked at every decision of random games, and how many."""
    spent = [0.0, 0.0]
    asked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            seat = state.current_player()
            for k, ask in enumerate((state.observation_tensor, state.information_state_tensor)):
                start = time.process_time()
                ask(seat)
                spent[k] += time.process_time() - start
            asked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return spent[0] / asked * 1e6, spent[1] / asked * 1e6, asked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    print(
        f"{args.games} random two-player games per game and way (uniform over moves; the"
        " PettingZoo loop includes the observation tensor); game moves per CPU second,"
        " ratio to native, mean moves per game"
    )
    print("game          native         openspiel (ratio)  length   pettingzoo (ratio)  length")
    # made once, as a user makes them (building the action space reads the whole pack)
    loaded = {
        game: pyspiel.load_game(openspiel_adapter.short_name(game), {"players": 2})
        for game in GAMES
    }
    tables = {game: env(game, players=2) for game in GAMES}
    for game in GAMES:
        moves, seconds = [0, 0, 0], [0.0, 0.0, 0.0]
        for seed in seeds:
            for k, (made, spent) in enumerate(
                (
                    native(game, seed),
                    through_openspiel(game, seed, loaded[game]),
                    through_pettingzoo(game, seed, tables[game]),
                )
            ):
                moves[k] += made
                seconds[k] += spent
        rates = [m / s for m, s in zip(moves, seconds, strict=True)]
        lengths = [m / len(seeds) for m in moves]
        base = rates[0]
        print(
            f"{game:<13} {base:>7.0f} {lengths[0]:>5.0f}   {rates[1]:>7.0f} ({rates[1] / base:.2f})"
            f"  {lengths[1]:>5.0f}   {rates[2]:>7.0f} ({rates[2] / base:.2f})   {lengths[2]:>5.0f}",
            flush=True,
        )
    print(
        "PettingZoo, where a move's time goes (wall-clock us per native move; the engine's"
        " part is what a native move costs)"
    )
    for game in GAMES:
        parts, moves = pettingzoo_parts(game, seeds)
        clock = parts.pop("clock")
        shown = "  ".join(f"{name} {spent:6.1f}" for name, spent in parts.items())
        print(
            f"{game:<13} {shown}   total {sum(parts.values()):6.1f}"
            f"  (clock {clock:.1f} of it; {moves} moves)",
            flush=True,
        )
    print("tensors, OpenSpiel, the seat to move at every decision: us per tensor (asked)")
    for game in GAMES:
        observation, information, asked = tensor_costs(loaded[game], range(1, 3))
        print(
            f"{game:<13} observation {observation:>7.1f}   information state"
            f" {information:>7.1f}   ({asked})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
