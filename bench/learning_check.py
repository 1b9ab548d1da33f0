"""Does a learner learn from the tensors? REINFORCE with numpy on the mini variants.

For each mini game (two players): a linear softmax policy over the legal actions
(one weight row per action, on the tensor's features, each squashed as
``sign(x) * log(1 + |x|)``, plus a bias) learns by REINFORCE (the return minus a
running mean) against uniformly random play, the learner's seat alternating game by
game. Each update is divided by ``x @ x`` (as normalised least mean squares does), so
one step size means the same for a tensor of 250 features and one of 2,500. It
learns once from the observation tensor and once from the information-state tensor,
with the same seeds, episodes and step size; the table gives the mean return
against random play (win 1, shared win 1/k, loss 0) of the policy before learning
and after, over the same evaluation games, and the time.

Run: ``PYTHONPATH=src python bench/learning_check.py [--episodes 4000] [--eval 1000]
[--step 1.0]``. (A mean return over 1,000 games has a standard error of about 0.015.)
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)

GAMES = {
    "gads-hill": "gadshill_gads_hill(variant=mini)",
    "sutters-mill": "gadshill_sutters_mill(variant=mini)",
    "sticky-gulch": "gadshill_sticky_gulch(variant=mini,length=short)",
}
Features = Callable[[pyspiel.State, int], np.ndarray]


def features(kind: str) -> Features:
    def read(state: pyspiel.State, seat: int) -> np.ndarray:
        raw = (
            state.observation_tensor(seat)
            if kind == "observation"
            else state.information_state_tensor(seat)
        )
        x = np.asarray(raw, np.float64)
        return np.append(np.sign(x) * np.log1p(np.abs(x)), 1.0)

    return read


class Policy:
    """Softmax over the legal actions of ``weights @ x``."""

    def __init__(self, actions: int, size: int):
        self.weights = np.zeros((actions, size))

    def probabilities(self, x: np.ndarray, legal: list[int]) -> np.ndarray:
        logits = self.weights[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()


def play(
    game: pyspiel.Game,
    policy: Policy,
    read: Features,
    seat: int,
    rng: random.Random,
    trail: list[tuple[np.ndarray, list[int], int, np.ndarray]] | None = None,
) -> float:
    """One game of the policy at ``seat`` against random play: its return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        if state.current_player() != seat:
            state.apply_action(legal[rng.randrange(len(legal))])
            continue
        x = read(state, seat)
        p = policy.probabilities(x, legal)
        pick = int(np.searchsorted(np.cumsum(p), rng.random() * p.sum()))
        pick = min(pick, len(legal) - 1)
        if trail is not None:
            trail.append((x, legal, pick, p))
        state.apply_action(legal[pick])
    return float(state.returns()[seat])


def evaluate(game: pyspiel.Game, policy: Policy, read: Features, games: int) -> float:
    rng = random.Random(10_000)
    return sum(play(game, policy, read, n % 2, rng) for n in range(games)) / games


def learn(name: str, kind: str, episodes: int, games: int, step: float) -> tuple[int, float, float]:
    game = pyspiel.load_game(name)
    read = features(kind)
    size = 1 + (
        game.observation_tensor_size()
        if kind == "observation"
        else game.information_state_tensor_size()
    )
    policy = Policy(game.num_distinct_actions(), size)
    before = evaluate(game, policy, read, games)
    rng, baseline = random.Random(1), 0.5
    for episode in range(episodes):
        trail: list[tuple[np.ndarray, list[int], int, np.ndarray]] = []
        result = play(game, policy, read, episode % 2, rng, trail)
        advantage = result - baseline
        baseline += 0.01 * (result - baseline)
        for x, legal, pick, p in trail:
            grad = -p
            grad[pick] += 1.0
            policy.weights[legal] += step * advantage * np.outer(grad, x) / (x @ x)
    return size, before, evaluate(game, policy, read, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--eval", type=int, default=1000)
    parser.add_argument("--step", type=float, default=1.0)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"{args.episodes} learning games, {args.eval} evaluation games, step {args.step}")
    print("game | tensor | features | before | after | seconds")
    for game in args.games.split(","):
        for kind in ("observation", "information state"):
            start = time.perf_counter()
            size, before, after = learn(GAMES[game], kind, args.episodes, args.eval, args.step)
            took = time.perf_counter() - start
            row = f"{game} | {kind} | {size:,} | {before:.3f} | {after:.3f} | {took:.0f}"
            print(row, flush=True)


if __name__ == "__main__":
    main()
