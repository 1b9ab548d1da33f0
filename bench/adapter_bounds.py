"""What any adapter design allows: how much of a move's time is left for the tensor and
the adapter's own work at half of native speed (issue 18's target), against what the
tensor's work alone costs.

``bench_adapters.py`` measures the adapters as they are. This script asks what *any*
PettingZoo adapter of these engines could reach, so a missed target can be told
from a design that could be mended. For each game, two-player games seed by seed, in
turn (so a change in the machine's load falls on every way):

- *native*: ``legal_moves()`` then ``apply``, as ``bench_adapters.py``;
- *one action a move, tensor free*: the cheapest AEC adapter there can be of the
  engine: the PettingZoo adapter itself with its words and tensor taken out. Every
  legal move is one action (no words: a step is a move), the mask marks
  the legal moves' actions, the observation is a copy of zeros of the tensor's size,
  and PettingZoo's own loop (``agent_iter``, ``last``, ``step``) runs as a learner
  runs it. Whatever the action space and the tensor, an adapter does at least this.
- the *budget*: at half of native a move may cost twice a native move, so the tensor
  of each step gets at most ``2 * native - (one action a move, tensor free)``;
- the *tensor's own work*, per move, for the seat to move, on the same games: the
  adapters' reader (``rules.encoding.Dense``) reading each new position (*read*),
  then the same position again at once (*recheck*: every source compared, nothing
  changed, nothing written): the recheck is what *finding* what a move changed costs,
  and read less recheck what *writing* it costs. Writing only what changed is the
  least any faithful tensor must do; an engine that reported its own changes would
  still pay the writing.

A budget below the writing alone means no action space, no reader and no cache can
reach half of native in this language: the engine is too fast for its tensor.

For OpenSpiel (no tensor in its rollouts), the cheapest adapter has one decision a
move and the game's chance nodes (as many as ``bench_adapters.py``'s OpenSpiel way
meets), each at the bridge's own price (``bench_adapters.py``'s do-nothing game);
half of native leaves the adapter's own work ``2 * native - that`` a move, set beside
today's own work: the OpenSpiel way's time a move less its nodes at those prices and
less the native move.

Run: ``PYTHONPATH=src python bench/adapter_bounds.py [--games N]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

import numpy as np
import pyspiel

from bench_adapters import GAMES, native, null_costs, through_openspiel
from gadshill.adapters.openspiel import short_name
from gadshill.adapters.pettingzoo import GadshillEnv
from gadshill.rules.encoding import Dense
from gadshill.rules.moves import Move


class OneActionAMove(GadshillEnv):
    """The adapter (:class:`GadshillEnv`: its reset, rewards, truncation and agent
    selection) with the least an action space and a tensor can cost: one action per
    legal move (numbered as first met; the mask as wide as the moves met so far, in
    powers of two, so no game pays for a wider one than a real action space of its
    moves), the mask of the legal ones, and a free tensor (zeros copied). A bench, not
    an environment to learn on: its declared spaces are still the words'."""

    def __init__(self, game: str):
        super().__init__(game, players=2)
        self.ids: dict[Move, int] = {}
        self.zeros = np.zeros(self.tensors.observation_size, np.float32)
        self.actions = 256
        self.no_mask = np.zeros(self.actions, np.int8)
        self.legal: dict[int, Move] | None = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed, options)
        self.legal = None

    def legal_actions(self) -> dict[int, Move]:
        legal = self.legal
        if legal is None:
            assert self.game_state is not None
            ids, legal = self.ids, {}
            for move in self.game_state.legal_moves():
                legal[ids.setdefault(move, len(ids))] = move
            self.legal = legal
            while len(ids) > self.actions:
                self.actions *= 2
                self.no_mask = np.zeros(self.actions, np.int8)
        return legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game_state is not None
        if self.game_state.current_player == self._seats[agent]:
            legal = list(self.legal_actions())  # first: it may widen the mask
            mask = np.zeros(self.actions, np.int8)
            mask[legal] = 1
            return {"observation": self.zeros.copy(), "action_mask": mask}
        return {"observation": self.zeros.copy(), "action_mask": self.no_mask.copy()}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None
        state._play(self.legal_actions()[action])
        self.legal = None
        self._moved(state)


def through_one_action_a_move(seed: int, table: OneActionAMove) -> tuple[int, float]:
    """Moves and CPU seconds of one game, each move picked as natively (uniformly, in
    ``legal_moves()`` order, from ``random.Random(seed)``)."""
    start = time.process_time()
    table.reset(seed=seed)
    rng, moves = random.Random(seed), 0
    for _agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        action = table.ids[rng.choice(list(table.legal_actions().values()))]
        assert observation["action_mask"][action]
        table.step(action)
        moves += 1
    return moves, time.process_time() - start


def tensor_work(table: OneActionAMove, seed: int, readers: list[Dense]) -> tuple[int, float, float]:
    """Moves of one native game (of ``table``'s setting), and the CPU seconds of the seat
    to move's reader reading each new position, then the same position again (nothing
    changed)."""
    state = table.setting.new_game(seed)
    rng, moves, read, recheck = random.Random(seed), 0, 0.0, 0.0
    clock = time.process_time
    while not state.is_terminal:
        seat = state.current_player
        if seat is not None:
            reader = readers[seat]
            start = clock()
            reader.read(state)
            middle = clock()
            reader.read(state)
            read, recheck = read + middle - start, recheck + clock() - middle
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves, read, recheck


def _pettingzoo_verdict(budget: float, writing: float, read: float) -> str:
    if budget < writing:
        return "out of reach for any adapter"
    if budget >= read:
        return "within reach of one action a move"
    return "needs one action a move and a cheaper tensor"


def _openspiel_verdict(budget: float, today: float) -> str:
    if budget <= 0:
        return "out of reach for any adapter"
    return "today's own work fits" if today <= budget else "needs its own work cut to the budget"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    print(
        f"{args.games} random two-player games per game and way; CPU us per native move."
        " PettingZoo: the cheapest adapter there can be (one action a move, tensor free) and"
        " the budget half of native leaves the tensor beside it; the tensor's own work,"
        " reading each new position of the seat to move = finding what changed (the same"
        " position read again) + writing it; the best ratio an adapter with today's tensor"
        " and one action a move could reach. A budget under the writing alone is out of"
        " reach for any action space, reader or cache."
    )
    print(
        "game          native  one action, free (ratio)  budget   tensor: read  finding"
        "  writing  best ratio   verdict"
    )
    prices = null_costs()
    openspiel: dict[str, tuple[float, float, float]] = {}
    for game in GAMES:
        table = OneActionAMove(game)
        encoder = table.tensors.encoder
        readers = [Dense(encoder, seat) for seat in range(2)]
        loaded = pyspiel.load_game(short_name(game), {"players": 2})
        for seed in range(seeds.stop, seeds.stop + 2):  # warm the caches, on other games
            native(game, seed)
            through_one_action_a_move(seed, table)
            tensor_work(table, seed, readers)
            through_openspiel(game, seed, loaded)
        gc.collect()
        gc.freeze()
        moves, spent = [0, 0, 0, 0], [0.0, 0.0, 0.0, 0.0]
        nodes = [0, 0]  # OpenSpiel's decisions and chance nodes
        recheck = 0.0
        for seed in seeds:
            made, seconds = native(game, seed)
            moves[0], spent[0] = moves[0] + made, spent[0] + seconds
            made, seconds = through_one_action_a_move(seed, table)
            moves[1], spent[1] = moves[1] + made, spent[1] + seconds
            made, read, again = tensor_work(table, seed, readers)
            moves[2], spent[2], recheck = moves[2] + made, spent[2] + read, recheck + again
            made, seconds = through_openspiel(game, seed, loaded, nodes)
            moves[3], spent[3] = moves[3] + made, spent[3] + seconds
        gc.unfreeze()
        if len(set(moves[:3])) != 1:  # the same games, or the figures compare nothing
            raise SystemExit(f"{game}: the ways played different games: {moves[:3]} moves")
        native_us, free_us, read_us, openspiel_us = (spent[k] / moves[k] * 1e6 for k in range(4))
        finding_us = recheck / moves[2] * 1e6
        writing_us = read_us - finding_us
        budget = 2 * native_us - free_us
        best = native_us / (free_us + read_us)
        print(
            f"{game:<13} {native_us:6.1f}  {free_us:10.1f} ({native_us / free_us:.2f})"
            f"        {budget:6.1f}   {read_us:11.1f}  {finding_us:7.1f}  {writing_us:7.1f}"
            f"  {best:10.2f}   {_pettingzoo_verdict(budget, writing_us, read_us)}",
            flush=True,
        )
        chances = nodes[1] / moves[3]
        openspiel[game] = (
            native_us,
            chances,
            openspiel_us - chances * prices[1] - nodes[0] / moves[3] * prices[0],
        )
    print(
        f"OpenSpiel: the bridge's own price (a do-nothing Python game): {prices[0]:.1f} us a"
        f" decision, {prices[1]:.1f} us a chance node. The cheapest adapter has one decision a"
        " move and the game's chance nodes; the budget is what half of native leaves the"
        " adapter's own work beside it; today's own work is the adapter's time a move less its"
        " nodes at the bridge's price and less the native move"
    )
    print("game          native  chance/move  cheapest (ratio)  budget  today's own work  verdict")
    for game, (native_us, chances, own) in openspiel.items():
        cheapest = native_us + prices[0] + chances * prices[1]
        budget = 2 * native_us - cheapest
        ratio, today = native_us / cheapest, own - native_us
        print(
            f"{game:<13} {native_us:6.1f}  {chances:11.2f}  {cheapest:8.1f} ({ratio:.2f})"
            f"  {budget:6.1f}  {today:16.1f}  {_openspiel_verdict(budget, today)}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
