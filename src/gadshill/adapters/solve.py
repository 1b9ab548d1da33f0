"""Small games solved: a whole game tree as an OpenSpiel EFG game, CFR and NashConv on it.

The ``mini`` variants (``pyspiel.load_game("gadshill_sticky_gulch(variant=mini)")``)
are small, but a game of the Python adapter still costs a fraction of a
millisecond a node, and CFR walks the whole tree every iteration. So the tree is
walked once: :func:`game_tree` writes every node as Gambit's EFG text, each
player node in the information set of its ``information_state_string`` (perfect
recall), each chance node with its outcomes' probabilities; OpenSpiel loads it
(``pyspiel.load_efg_game``) as a C++ game with the same tree, information sets
and returns, and its own CFR, ``nash_conv`` and ``exploitability`` run on that
at C++ speed. Returns are written less ``1/n`` (each seat's share of a draw), so
the EFG game is zero-sum: NashConv does not change under a constant shift.

A game whose tree is larger than ``limit`` nodes is refused (a ``UsageError``);
the adapter's ``max_moves`` parameter cuts a game at that many native moves (a
draw), which is how a mini variant's tree is kept to a size CFR can walk.

A bot is turned into a policy over the same information sets
(:func:`bot_policy`): at each set, the next word of the move the bot chooses in
a state of that set (the words it has already spelled are kept; a prefix the
bot would never spell gets a uniform choice, which no value depends on); the
``random`` bot is uniform over whole moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from gadshill.adapters.actions import move_words
from gadshill.adapters.openspiel import GadshillState
from gadshill.errors import UsageError
from gadshill.rules.bots import make_bot
from gadshill.rules.rng import GameRandom

#: nodes a tree may have before :func:`game_tree` refuses it
DEFAULT_LIMIT = 300_000


@dataclass
class InfoSet:
    """One information set of one player: its legal actions and the states in it."""

    player: int
    number: int
    actions: list[int]
    #: the first few states of the set (a bot's choice is asked of them)
    states: list[GadshillState] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"p{self.player}i{self.number}"


@dataclass
class GameTree:
    """A game's whole tree: its EFG text, counts, and each player's information sets."""

    efg: str
    nodes: int
    terminals: int
    #: information-state string -> its set, one mapping per player
    infosets: list[dict[str, InfoSet]]

    def load(self) -> pyspiel.Game:
        """The tree as an OpenSpiel C++ game (``pyspiel.load_efg_game``)."""
        return pyspiel.load_efg_game(self.efg)


def game_tree(game: pyspiel.Game, limit: int = DEFAULT_LIMIT, keep: int = 4) -> GameTree:
    """Walk ``game`` (a gadshill OpenSpiel game) depth first and write its EFG text.

    ``keep`` states of each information set are kept for :func:`bot_policy`."""
    players = game.num_players()
    share = 1.0 / players
    lines = [
        'EFG 2 R "gadshill" { ' + " ".join(f'"seat {p}"' for p in range(players)) + " }",
        '""',
    ]
    infosets: list[dict[str, InfoSet]] = [{} for _ in range(players)]
    counts = {"nodes": 0, "terminals": 0, "chance": 0}
    stack: list[GadshillState] = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        counts["nodes"] += 1
        if counts["nodes"] > limit:
            raise UsageError(f"the game tree has more than {limit} nodes: lower max_moves")
        if state.is_terminal():
            counts["terminals"] += 1
            payoffs = " ".join(repr(r - share) for r in state.returns())
            lines.append(f't "" {counts["terminals"]} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            counts["chance"] += 1
            outcomes = state.chance_outcomes()
            body = " ".join(f'"{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {counts["chance"]} "" {{ {body} }} 0')
            actions = [a for a, _p in outcomes]
        else:
            player = state.current_player()
            actions = state.legal_actions()
            key = state.information_state_string(player)
            found = infosets[player].get(key)
            if found is None:
                found = infosets[player][key] = InfoSet(player, len(infosets[player]) + 1, actions)
            elif found.actions != actions:
                raise RuntimeError(f"seat {player}: one information set, two action lists")
            if len(found.states) < keep:
                found.states.append(state)
            words = " ".join(f'"{a}"' for a in actions)
            lines.append(f'p "" {player + 1} {found.number} "{found.name}" {{ {words} }} 0')
        # depth first, children in action order: push them in reverse
        stack.extend(state.child(a) for a in reversed(actions))
    return GameTree("\n".join(lines) + "\n", counts["nodes"], counts["terminals"], infosets)


def cfr_curve(
    efg_game: pyspiel.Game,
    iterations: int,
    checkpoints: Iterable[int],
    solver: Callable[[pyspiel.Game], Any] = pyspiel.CFRSolver,
) -> list[tuple[int, float]]:
    """NashConv of the average policy after each checkpoint of ``iterations`` CFR steps."""
    marks = sorted(set(checkpoints) | {iterations})
    cfr = solver(efg_game)
    curve = []
    for done in range(1, iterations + 1):
        cfr.evaluate_and_update_policy()
        if done in marks:
            curve.append((done, pyspiel.nash_conv(efg_game, cfr.average_policy())))
    return curve


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
) -> BotPolicy:
    """``bot`` (a name of the game's bots, or ``mcts``) as a policy over the tree's sets.

    The bot is asked in each kept state of a set with a generator seeded from
    ``seed`` and the set's number; the state it sees has a fresh generator for
    the future (the adapter's scripted one has no outcomes), which a seat cannot
    know anyway. The first state's answer is the policy; ``split`` counts the sets
    in which another kept state got another answer (a bot that reads only what
    its seat sees has none)."""
    if bot == "random":  # uniform over whole moves, not over words
        return BotPolicy(_uniform_moves(tree, efg_game), 0, sum(len(p) for p in tree.infosets))
    choice: dict[str, int | None] = {}
    split = 0
    for player_sets in tree.infosets:
        for info in player_sets.values():
            answers = [
                _bot_word(state, bot, options, seed * 7919 + info.number) for state in info.states
            ]
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


def _uniform_moves(tree: GameTree, efg_game: pyspiel.Game) -> pyspiel.TabularPolicy:
    """The random bot's policy: each legal move equally likely, so a word is as likely
    as the share of the moves (that continue the prefix) it begins."""
    shares: dict[str, dict[str, float]] = {}
    for player_sets in tree.infosets:
        for info in player_sets.values():
            state = info.states[0]
            size = len(state.prefix)
            nexts = [w[size] for w in state.spellings() if w[:size] == state.prefix]
            shares[info.name] = {str(w): nexts.count(w) / len(nexts) for w in set(nexts)}
    table = {}
    for state, names in _efg_decisions(efg_game):
        share = shares[names[0]]
        table[state.information_state_string()] = [
            (a, share.get(state.action_to_string(a), 0.0)) for a in state.legal_actions()
        ]
    return pyspiel.TabularPolicy(table)


def _bot_word(
    state: GadshillState, bot: str, options: dict[str, str] | None, seed: int
) -> int | None:
    """The next word of the move ``bot`` chooses in ``state`` (None: a prefix it would not
    spell)."""
    native = state.game_state
    assert native is not None
    seen = native.clone()
    seen.rng = GameRandom(seed)
    move = make_bot(state.spec, bot, options).choose(seen, random.Random(seed))
    words = [state.speller.ids[w] for w in move_words(move)]
    prefix = list(state.prefix)
    if words[: len(prefix)] != prefix or len(words) <= len(prefix):
        return None
    return words[len(prefix)]


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
