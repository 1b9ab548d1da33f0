"""Information-set MCTS: one search bot for every game (``--bots mcts``).

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012): every playout
starts from a fresh ``determinize(player, rng)`` of the real state, so the bot
never sees a hidden hand, a deck order or a die to come. One tree is shared by
all determinizations; its edges are moves, and a node's statistics count only
the playouts in which its move was available (UCB with availability counts),
so moves that exist in few determinizations are not over-trusted.

Tuning knobs, all options of the ``mcts`` bot (``--bot-option mcts.NAME=VALUE``):

- ``playouts``: playouts per move, or ``ms``: a time budget per move (the
  default, 1500 playouts capped at 900 ms, stays under one second a move; a
  search that stops on playouts alone is reproducible from the seed);
- ``rollout``: ``random`` moves; ``heuristic``: the game's one-ply greedy
  choice with probability ``greedy`` (else a random move); or one of the
  game's own bots by name (``prospector``, ``patient``, ``sharp``...);
- ``cutoff``: a rollout stops after this many moves and the game's heuristic
  values the leaf, squashed to a win chance (-1 plays to the end; 0 values the
  new leaf at once); a game that a turn limit ends within the round (a variant's,
  SM-V1, SG-V1) is always played to the end, since the heuristic values a future
  that game no longer has;
- ``c``: the UCB exploration constant;
- ``normalize``: 1 rescales the children's mean rewards to [0, 1] among
  siblings before UCB (as MuZero does with its values); 0, the default, uses
  them as they are;
- ``widen``: progressive widening: a node with n visits has at most
  ``1 + widen * sqrt(n)`` children, tried in the order of a shuffled move list;
- ``guide``: one of the game's own bots (or ``none``) whose choice at each tree
  node gets the prior ``prior`` (the other moves share the rest): selection is then PUCT
  (AlphaZero's rule, ``Q + c * P * sqrt(N) / (1 + n)``), so the search follows
  the guide until its playouts show a better move, instead of spreading a few
  hundred noisy playouts evenly over every move.

A playout's reward for each seat is 1 for a sole win (1/k for k winners) plus
``margin`` times the squashed lead over the best other seat, on the scale of the
leads this search has seen, so that a search that cannot change the winner still
plays for points; at a cut-off it is the heuristic's verdict.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from gadshill.errors import UsageError
from gadshill.rules.moves import Move
from gadshill.rules.state import GameState

Heuristic = Callable[[GameState[Any], int], float]
Policy = Callable[[GameState[Any], random.Random], Move]


@dataclass(frozen=True)
class MctsConfig:
    """The ``mcts`` bot's options; ``from_options`` reads them from ``NAME=VALUE`` text."""

    playouts: int = 1500
    ms: float = 900.0
    rollout: str = "random"
    greedy: float = 0.5
    cutoff: int = 0
    c: float = 0.7
    widen: float = 0.0
    margin: float = 0.05
    normalize: int = 0
    guide: str = ""
    prior: float = 0.5

    @classmethod
    def from_options(cls, options: Mapping[str, str], policies: Iterable[str] = ()) -> MctsConfig:
        """A config from option text, each value checked.

        >>> MctsConfig.from_options({"playouts": "50", "rollout": "random"}).playouts
        50
        >>> MctsConfig.from_options({"depth": "3"})
        Traceback (most recent call last):
        ...
        gadshill.errors.UsageError: mcts has no option 'depth' (options: playouts, ms, \
rollout, greedy, cutoff, c, widen, margin, normalize, guide, prior)
        """
        kinds = {f.name: f.type for f in fields(cls)}
        values: dict[str, Any] = {}
        for name, text in options.items():
            if name not in kinds:
                known = ", ".join(kinds)
                raise UsageError(f"mcts has no option {name!r} (options: {known})")
            if name in ("rollout", "guide"):
                allowed = ["random", "heuristic"] if name == "rollout" else ["none", ""]
                allowed += policies
                if text not in allowed:
                    choices = ", ".join(a for a in allowed if a)
                    raise UsageError(f"mcts.{name}: {text!r} is not one of {choices}")
                values[name] = "" if text == "none" else text
                continue
            try:
                number = int(text) if kinds[name] == "int" else float(text)
            except ValueError:
                raise UsageError(f"mcts.{name}: expected a number, got {text!r}") from None
            if (
                not math.isfinite(number)
                or (number < 0 and name != "cutoff")
                or (name in ("greedy", "prior") and number > 1)
            ):
                raise UsageError(f"mcts.{name}: {text} is out of range")
            values[name] = number
        if "ms" in values and "playouts" not in values:
            values["playouts"] = 0  # a time budget alone: as many playouts as fit
        if "playouts" in values and "ms" not in values:
            values["ms"] = 0.0  # a playout budget alone: no clock
        config = cls(**values)
        if config.playouts <= 0 and config.ms <= 0:
            raise UsageError("mcts needs a budget: playouts or ms above 0")
        return config


@dataclass(eq=False)
class Node:
    """An edge of the shared tree: the move that led here and who made it."""

    move: Move | None
    mover: int | None
    parent: Node | None
    children: dict[Move, Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    reward: float = 0.0

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(
            math.log(max(1, self.available)) / self.visits
        )


class MctsBot:
    """Searches: plays many games ahead from guesses of what it cannot see, and picks
    the move that did best, within its time per move.

    Determinized single-observer IS-MCTS over the state protocol."""

    name = "mcts"

    def __init__(
        self,
        heuristic: Heuristic,
        config: MctsConfig | None = None,
        policy: Policy | None = None,
        guide: Policy | None = None,
    ):
        self.heuristic = heuristic
        self.config = config or MctsConfig()
        #: a game's own bot as the rollout policy (``rollout=prospector``)
        self.policy = policy
        #: a game's own bot whose choice is the prior of PUCT selection (``guide=...``)
        self.guide = guide
        #: playouts of the last search (benchmarks read it)
        self.last_playouts = 0
        self._scale = 1.0
        self._lead_scale = 0.0

    def choose(self, state: GameState[Any], rng: random.Random) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1:
            self.last_playouts = 0
            return legal[0]
        player = state.current_player
        assert player is not None
        config = self.config
        root = Node(None, None, None)
        self._scale, self._lead_scale = 1.0, 0.0
        deadline = time.perf_counter() + config.ms / 1000 if config.ms > 0 else math.inf
        playouts = 0
        while (config.playouts <= 0 or playouts < config.playouts) and (
            playouts == 0 or time.perf_counter() < deadline
        ):
            self._playout(root, state.determinize(player, rng), rng)
            playouts += 1
        self.last_playouts = playouts
        best = max(
            (child for child in root.children.values() if child.move in legal),
            key=lambda child: (child.visits, child.reward),
            default=None,
        )
        return best.move if best is not None and best.move is not None else rng.choice(legal)

    # --- one playout ---------------------------------------------------------------
    def _playout(self, root: Node, state: GameState[Any], rng: random.Random) -> None:
        config = self.config
        node = root
        while not state.is_terminal:
            moves = state.legal_moves()
            mover = state.current_player
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            if self.guide is not None:
                move = self._select_guided(node, moves, state, rng)
                child = node.children.get(move)
                state.apply(move)
                if child is None:
                    child = node.children[move] = Node(move, mover, node)
                    child.available = 1
                    node = child
                    break
                node = child
                continue
            untried = [move for move in moves if move not in node.children]
            limit = 1 + config.widen * math.sqrt(node.visits) if config.widen > 0 else math.inf
            grown = sum(1 for move in moves if move in node.children)
            if untried and grown < limit:
                move = rng.choice(untried)
                child = Node(move, mover, node)
                child.available = 1
                node.children[move] = child
                state.apply(move)
                node = child
                break
            options = [node.children[move] for move in moves if move in node.children]
            node = self._select(options)
            state.apply(node.move)
        rewards = self._rollout(state, rng)
        while node is not None:
            node.visits += 1
            if node.mover is not None:
                node.reward += rewards[node.mover]
            node = node.parent  # type: ignore[assignment]

    def _select_guided(
        self, node: Node, moves: list[Move], state: GameState[Any], rng: random.Random
    ) -> Move:
        """PUCT: ``Q + c * P * sqrt(N) / (1 + n)``, P the guide's prior.

        The guide's move here gets ``prior`` and the others share the rest. A move
        not tried yet is valued at the visit-weighted mean of its tried siblings
        (0.5 before any), so it is tried once its prior's share of the exploration
        outweighs what the tried moves have shown.
        """
        assert self.guide is not None
        config = self.config
        favourite = self.guide(state, rng) if len(moves) > 1 else moves[0]
        others = (1.0 - config.prior) / (len(moves) - 1) if len(moves) > 1 else 0.0
        tried = [node.children[m] for m in moves if m in node.children]
        total = sum(child.visits for child in tried)
        unseen = sum(child.reward for child in tried) / total if total else 0.5
        root_n = math.sqrt(max(1, total))
        best, best_score = moves[0], -math.inf
        for move in moves:
            child = node.children.get(move)
            visits = child.visits if child is not None else 0
            value = child.reward / visits if child is not None and visits else unseen
            share = config.prior if move == favourite else others
            score = value + config.c * share * root_n / (1 + visits)
            if score > best_score:
                best, best_score = move, score
        return best

    def _select(self, options: list[Node]) -> Node:
        """UCB over the available children, their mean rewards rescaled to [0, 1] among
        themselves (``normalize``) so that small value differences still steer the search."""
        c = self.config.c
        if not self.config.normalize:
            return max(options, key=lambda n: n.ucb(c))
        means = [n.reward / n.visits for n in options]
        low, high = min(means), max(means)
        spread = high - low
        best, best_score = options[0], -math.inf
        for child, mean in zip(options, means, strict=True):
            value = (mean - low) / spread if spread > 1e-12 else 0.5
            score = value + c * math.sqrt(math.log(max(1, child.available)) / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _rollout(self, state: GameState[Any], rng: random.Random) -> list[float]:
        config = self.config
        steps = 0
        while not state.is_terminal:
            if config.cutoff >= 0 and steps >= config.cutoff and not _ends_this_round(state):
                return self._leaf_values(state)
            if self.policy is not None:
                move = self.policy(state, rng)
                state.apply(move)
                steps += 1
                continue
            moves = state.legal_moves()
            if config.rollout == "heuristic" and len(moves) > 1 and rng.random() < config.greedy:
                move = self._greedy(state, moves, rng)
            else:
                move = rng.choice(moves)
            state.apply(move)
            steps += 1
        return self._rewards(state, None)

    def _greedy(self, state: GameState[Any], moves: list[Move], rng: random.Random) -> Move:
        player = state.current_player
        assert player is not None
        best: list[Move] = []
        best_value = -math.inf
        for move in moves:
            after = state.clone()
            after.apply(move)
            value = self.heuristic(after, player)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value >= best_value - 1e-9:
                best.append(move)
        return rng.choice(best)

    def _leaf_values(self, state: GameState[Any]) -> list[float]:
        """The heuristic's verdict at a cut-off, squashed to (0, 1) on a scale it learns.

        ``heuristic(state, p)`` is p's lead (own score minus the best other's, or the
        game's finer measure); its typical size differs between games and phases, so
        the scale is a running mean of the sizes seen in this search.
        """
        values = [self.heuristic(state, p) for p in range(state.num_players)]
        size = sum(abs(v) for v in values) / len(values)
        self._scale += 0.05 * (size - self._scale)
        scale = max(self._scale, 1e-6)
        return [0.5 + 0.5 * math.tanh(v / scale) for v in values]

    def _rewards(self, state: GameState[Any], values: list[float] | None) -> list[float]:
        """Win shares (final ranking, or the heuristic's at a cut-off) plus a margin term."""
        count = state.num_players
        if values is None:
            winners = state.winners()
            scores = state.scores()
        else:
            top = max(values)
            winners = [p for p, v in enumerate(values) if v == top]
            scores = values
        out = [1.0 / len(winners) if p in winners else 0.0 for p in range(count)]
        if self.config.margin:
            leads = [
                scores[p] - max((s for q, s in enumerate(scores) if q != p), default=0.0)
                for p in range(count)
            ]
            # the typical lead of this search's playouts: a lead counts for as much
            # in a high-scoring game as in a low-scoring one
            size = max(abs(lead) for lead in leads)
            self._lead_scale += (size - self._lead_scale) / (8.0 if self._lead_scale else 1.0)
            scale = max(self._lead_scale, 1e-6)
            for p in range(count):
                out[p] += self.config.margin * math.tanh(leads[p] / scale)
        return out


def _ends_this_round(state: GameState[Any]) -> bool:
    """Whether a turn limit (SM-V1, SG-V1) ends the game before any seat has a turn
    after its next one: a heuristic values what a seat builds up for later turns, which
    such a game no longer has, so the rollout plays on to the end and its real result."""
    left = state.turns_left()
    return left is not None and left < state.num_players


def make_mcts(
    heuristic: Heuristic, options: Mapping[str, str], bots: Mapping[str, Callable[[], Any]]
) -> MctsBot:
    """An ``mcts`` bot with the game's heuristic, its own bots as rollout policies, and
    the given options."""
    config = MctsConfig.from_options(options, bots)
    policy = None
    if config.rollout in bots and config.rollout not in ("random", "heuristic"):
        policy = bots[config.rollout]().choose
    guide = bots[config.guide]().choose if config.guide else None
    return MctsBot(heuristic, config, policy, guide)
