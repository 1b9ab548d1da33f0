"""Small games solved: a whole game tree as an OpenSpiel EFG game, CFR and NashConv on it.

The ``mini`` variants (``pyspiel.load_game("gadshill_gads_hill(variant=mini)")``)
are small, and CFR walks the whole tree every iteration, so the tree is walked
once: :func:`game_tree` writes every node as Gambit's EFG text, each player node
in the information set of its ``information_state_string`` (perfect recall), each
chance node with its outcomes' probabilities; OpenSpiel loads it
(``pyspiel.load_efg_game``) as a C++ game with the same tree, information sets
and returns, and its own CFR, ``nash_conv`` and ``exploitability`` run on that
at C++ speed. Returns are written less ``1/n`` (each seat's share of a draw), so
the EFG game is zero-sum: NashConv does not change under a constant shift. The
walk runs on the engine (:class:`~gadshill.adapters.walk.NativeWalk`) or, for a
check, through the adapter's states (:class:`AdapterWalk`): the same EFG text.

A game whose tree is larger than ``limit`` nodes is refused (a ``UsageError``).
Every mini and small variant's tree is whole (:attr:`GameTree.cut` is 0): Gads
Hill's end by its rules, Sutter's Mill's and Sticky Gulch's at their pack's turn
limit (SM-V1, SG-V1), all within the adapters' bound; the largest, Sutter's Mill
small, has 241,954 nodes (``bench/small_variants.py``). A smaller ``max_moves`` parameter
cuts a tree at that many native moves (a draw there), as the standard games'
trees would have to be.

A bot is turned into a policy over the same information sets
(:func:`bot_policy`): at each set, the next word of the move the bot chooses in
a state of that set (the words it has already spelled are kept; a prefix the
bot would never spell gets a uniform choice, which no value depends on); the
``random`` bot is uniform over whole moves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import pyspiel

from gadshill.adapters.actions import Speller
from gadshill.adapters.openspiel.state import GadshillState
from gadshill.adapters.walk import NativeWalk
from gadshill.errors import UsageError
from gadshill.rules.bots import make_bot
from gadshill.rules.rng import GameRandom
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

N = TypeVar("N")

#: nodes a tree may have before :func:`game_tree` refuses it
DEFAULT_LIMIT = 300_000


@dataclass
class InfoSet:
    """One information set of one player: its legal actions and the states in it."""

    player: int
    number: int
    actions: list[int]
    #: the first few states of the set, each the native state and the words chosen so
    #: far (a bot's choice is asked of them)
    states: list[tuple[GameState[Any], tuple[int, ...]]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"p{self.player}i{self.number}"


@dataclass
class GameTree:
    """A game's whole tree: its EFG text, counts, and each player's information sets."""

    efg: str
    nodes: int
    terminals: int
    #: information-state key -> its set, one mapping per player
    infosets: list[dict[Hashable, InfoSet]]
    spec: GameSpec
    speller: Speller
    #: leaves where the game was cut (``max_moves`` or ``max_game_length``), a draw:
    #: none when the tree is the whole game
    cut: int = 0
    #: the longest game in the tree: (native moves, decisions)
    longest: tuple[int, int] = (0, 0)

    def load(self) -> pyspiel.Game:
        """The tree as an OpenSpiel C++ game (``pyspiel.load_efg_game``)."""
        return pyspiel.load_efg_game(self.efg)


class Walk(Protocol[N]):
    """The questions a walk of a game tree asks of a node (:class:`AdapterWalk`, and
    :class:`~gadshill.adapters.walk.NativeWalk`, which answers them on the engine)."""

    players: int
    speller: Speller

    def root(self) -> N: ...
    def is_terminal(self, node: N) -> bool: ...
    def is_cut(self, node: N) -> bool: ...
    def depth(self, node: N) -> tuple[int, int]: ...
    def returns(self, node: N) -> list[float]: ...
    def is_chance(self, node: N) -> bool: ...
    def chance_outcomes(self, node: N) -> list[tuple[int, float]]: ...
    def player(self, node: N) -> int: ...
    def legal_actions(self, node: N) -> list[int]: ...
    def info_key(self, node: N, player: int) -> Hashable: ...
    def child(self, node: N, action: int) -> N: ...
    def native(self, node: N) -> tuple[GameState[Any], tuple[int, ...]]: ...


class AdapterWalk:
    """The tree as the OpenSpiel adapter's states give it (``pyspiel.State`` per node):
    the reference the native walk is checked against, a few times slower a node."""

    def __init__(self, game: pyspiel.Game):
        self.game = game
        self.players = game.num_players()
        self.speller = game.speller

    def root(self) -> GadshillState:
        state: GadshillState = self.game.new_initial_state()
        return state

    def is_terminal(self, node: GadshillState) -> bool:
        return bool(node.is_terminal())

    def is_cut(self, node: GadshillState) -> bool:
        return node.truncated()

    def depth(self, node: GadshillState) -> tuple[int, int]:
        return node.moves, node.decisions

    def returns(self, node: GadshillState) -> list[float]:
        return list(node.returns())

    def is_chance(self, node: GadshillState) -> bool:
        return bool(node.is_chance_node())

    def chance_outcomes(self, node: GadshillState) -> list[tuple[int, float]]:
        return list(node.chance_outcomes())

    def player(self, node: GadshillState) -> int:
        return int(node.current_player())

    def legal_actions(self, node: GadshillState) -> list[int]:
        return list(node.legal_actions())

    def info_key(self, node: GadshillState, player: int) -> Hashable:
        return str(node.information_state_string(player))

    def child(self, node: GadshillState, action: int) -> GadshillState:
        state: GadshillState = node.child(action)
        return state

    def native(self, node: GadshillState) -> tuple[GameState[Any], tuple[int, ...]]:
        assert node.game_state is not None
        return node.game_state, node.prefix


def game_tree(
    game: pyspiel.Game, limit: int = DEFAULT_LIMIT, keep: int = 4, native: bool = True
) -> GameTree:
    """Walk ``game`` (a gadshill OpenSpiel game) depth first and write its EFG text:
    on the engine (:class:`~gadshill.adapters.walk.NativeWalk`), or, with
    ``native=False``, through the adapter's states (the same text, slower).

    ``keep`` states of each information set are kept for :func:`bot_policy`."""
    walk: Walk[Any] = NativeWalk(game) if native else AdapterWalk(game)
    return walk_tree(walk, game.spec, limit, keep)


def walk_tree(
    walk: Walk[Any], spec: GameSpec, limit: int = DEFAULT_LIMIT, keep: int = 4
) -> GameTree:
    """The EFG text of the tree ``walk`` gives, depth first, children in action order."""
    players = walk.players
    share = 1.0 / players
    lines = [
        'EFG 2 R "gadshill" { ' + " ".join(f'"seat {p}"' for p in range(players)) + " }",
        '""',
    ]
    infosets: list[dict[Hashable, InfoSet]] = [{} for _ in range(players)]
    counts = dict.fromkeys(("nodes", "terminals", "chance", "cut", "moves", "decisions"), 0)
    # a node, or (parent, action): a child made when it is reached, so the stack stays small
    stack: list[tuple[Any, int | None]] = [(walk.root(), None)]
    while stack:
        parent, action = stack.pop()
        node = parent if action is None else walk.child(parent, action)
        counts["nodes"] += 1
        if counts["nodes"] > limit:
            raise UsageError(f"the game tree has more than {limit} nodes: lower max_moves")
        if walk.is_terminal(node):
            counts["terminals"] += 1
            counts["cut"] += walk.is_cut(node)
            moves, decisions = walk.depth(node)
            counts["moves"] = max(counts["moves"], moves)
            counts["decisions"] = max(counts["decisions"], decisions)
            payoffs = " ".join(repr(r - share) for r in walk.returns(node))
            lines.append(f't "" {counts["terminals"]} "" {{ {payoffs} }}')
            continue
        if walk.is_chance(node):
            counts["chance"] += 1
            outcomes = walk.chance_outcomes(node)
            body = " ".join(f'"{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {counts["chance"]} "" {{ {body} }} 0')
            actions = [a for a, _p in outcomes]
        else:
            player = walk.player(node)
            actions = walk.legal_actions(node)
            key = walk.info_key(node, player)
            found = infosets[player].get(key)
            if found is None:
                found = infosets[player][key] = InfoSet(player, len(infosets[player]) + 1, actions)
            elif found.actions != actions:
                raise RuntimeError(f"seat {player}: one information set, two action lists")
            if len(found.states) < keep:
                found.states.append(walk.native(node))
            words = " ".join(f'"{a}"' for a in actions)
            lines.append(f'p "" {player + 1} {found.number} "{found.name}" {{ {words} }} 0')
        # depth first, children in action order: push them in reverse
        stack.extend((node, a) for a in reversed(actions))
    return GameTree(
        "\n".join(lines) + "\n",
        counts["nodes"],
        counts["terminals"],
        infosets,
        spec,
        walk.speller,
        counts["cut"],
        (counts["moves"], counts["decisions"]),
    )


def cfr_curve(
    efg_game: pyspiel.Game,
    iterations: int,
    checkpoints: Iterable[int],
    solver: Callable[[pyspiel.Game], Any] = pyspiel.CFRSolver,
    report: Callable[[int, float], None] | None = None,
) -> list[tuple[int, float]]:
    """NashConv of the average policy after each checkpoint of ``iterations`` CFR steps
    (each point also handed to ``report`` as it is reached)."""
    marks = sorted(set(checkpoints) | {iterations})
    cfr = solver(efg_game)
    curve = []
    for done in range(1, iterations + 1):
        cfr.evaluate_and_update_policy()
        if done in marks:
            curve.append((done, pyspiel.nash_conv(efg_game, cfr.average_policy())))
            if report is not None:
                report(*curve[-1])
    return curve


def seat_values(efg_game: pyspiel.Game, policy: Any) -> list[float]:
    """Each seat's expected share of the win when every seat plays ``policy`` (the EFG
    game's returns are shifted by ``1/n``, so the share is added back)."""
    shift = 1.0 / efg_game.num_players()
    values = pyspiel.expected_returns(efg_game.new_initial_state(), policy, -1, True)
    return [value + shift for value in values]


@dataclass
class BotPolicy:
    """A bot as a tabular policy of the EFG game, and how often it disagreed with itself."""

    policy: pyspiel.TabularPolicy
    #: information sets in which the bot chose differently in two of its states
    split: int
    sets: int


def bot_policy(
    tree: GameTree,
    efg_game: pyspiel.Game,
    bot: str,
    options: dict[str, str] | None = None,
    seed: int = 1,
    ask: int | None = None,
) -> BotPolicy:
    """``bot`` (a name of the game's bots, or ``mcts``) as a policy over the tree's sets.

    The bot is asked in each kept state of a set (the first ``ask`` of them, if
    given) with a generator seeded from ``seed`` and the number of the first set
    that asks in that state; the state it sees has a fresh generator for the
    future (the adapter's scripted one has no outcomes), which a seat cannot know
    anyway. A state's move is chosen once: the sets of its later words (the same
    state, a longer prefix) spell the same move. A set of one action needs no bot.
    The first state's answer is the policy; ``split`` counts the sets in which
    another state asked got another answer (a bot that reads only what its seat
    sees has none)."""
    if bot == "random":  # uniform over whole moves, not over words
        return BotPolicy(_uniform_moves(tree, efg_game), 0, sum(len(p) for p in tree.infosets))
    chosen: dict[int, tuple[int, ...]] = {}  # id of a native state -> the move's words

    def word(native: GameState[Any], prefix: tuple[int, ...], number: int) -> int | None:
        if id(native) not in chosen:
            move = make_bot(tree.spec, bot, options).choose(
                _fresh(native, seed * 7919 + number), random.Random(seed * 7919 + number)
            )
            chosen[id(native)] = tree.speller.spell(move)
        words = chosen[id(native)]
        if words[: len(prefix)] != prefix or len(words) <= len(prefix):
            return None
        return words[len(prefix)]

    choice: dict[str, int | None] = {}
    split = 0
    for player_sets in tree.infosets:
        for info in player_sets.values():
            if len(info.actions) == 1:
                choice[info.name] = info.actions[0]
                continue
            answers = [word(state, prefix, info.number) for state, prefix in info.states[:ask]]
            choice[info.name] = answers[0]
            split += len(set(answers)) > 1
    table: dict[str, list[tuple[int, float]]] = {}
    for state, names in _efg_decisions(efg_game):
        wanted = choice[names[0]]
        actions = state.legal_actions()
        labels = [state.action_to_string(a) for a in actions]
        if wanted is not None and str(wanted) in labels:
            pick = actions[labels.index(str(wanted))]
            table[state.information_state_string()] = [(a, float(a == pick)) for a in actions]
        else:
            table[state.information_state_string()] = [(a, 1 / len(actions)) for a in actions]
    sets = sum(len(p) for p in tree.infosets)
    return BotPolicy(pyspiel.TabularPolicy(table), split, sets)


def uniform_log_weights(game: pyspiel.Game, games: int, seed: int) -> list[float]:
    """The log10 probability of each of ``games`` whole games played uniformly at random
    (chance by its own odds), least first: how small outcome sampling's importance
    weights get on this game."""
    rng = random.Random(seed)
    logs = []
    for _ in range(games):
        state, log = game.new_initial_state(), 0.0
        while not state.is_terminal():
            if state.is_chance_node():
                action, chance = rng.choice(state.chance_outcomes())
                log += math.log10(chance)
            else:
                actions = state.legal_actions()
                action = rng.choice(actions)
                log -= math.log10(len(actions))
            state.apply_action(action)
        logs.append(log)
    return sorted(logs)


def _uniform_moves(tree: GameTree, efg_game: pyspiel.Game) -> pyspiel.TabularPolicy:
    """The random bot's policy: each legal move equally likely, so a word is as likely
    as the share of the moves (that continue the prefix) it begins."""
    shares: dict[str, dict[str, float]] = {}
    for player_sets in tree.infosets:
        for info in player_sets.values():
            state, prefix = info.states[0]
            size = len(prefix)
            spellings = tree.speller.spellings(state.legal_moves())
            nexts = [w[size] for w in spellings if w[:size] == prefix]
            shares[info.name] = {str(w): nexts.count(w) / len(nexts) for w in set(nexts)}
    table = {}
    for state, names in _efg_decisions(efg_game):
        share = shares[names[0]]
        table[state.information_state_string()] = [
            (a, share.get(state.action_to_string(a), 0.0)) for a in state.legal_actions()
        ]
    return pyspiel.TabularPolicy(table)


def _fresh(native: GameState[Any], seed: int) -> GameState[Any]:
    """A copy of ``native`` with a seeded generator for its future."""
    seen = native.clone()
    seen.rng = GameRandom(seed)
    return seen


def _efg_decisions(efg_game: pyspiel.Game) -> Iterable[tuple[pyspiel.State, list[str]]]:
    """Each decision state of the EFG game once per information set, with its set's name."""
    seen: set[str] = set()
    stack = [efg_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _p in state.chance_outcomes())
            continue
        key = state.information_state_string()
        if key not in seen:
            seen.add(key)
            yield state, [key.split("-", 3)[3]]
        stack.extend(state.child(a) for a in state.legal_actions())
