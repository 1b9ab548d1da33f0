"""A game's tree walked on the engine itself, node for node the OpenSpiel adapter's.

The OpenSpiel adapter (:mod:`gadshill.adapters.openspiel`) wraps every node in a
``pyspiel.State``: a deep copy per child, the legal words recomputed from the
move list, the digests of the information state folded on demand. A solver
walks each node once and needs none of that, so :class:`NativeWalk` walks the
same tree on the native state (its clone and move generation) with the adapter's
own parts: the words of :class:`~gadshill.adapters.actions.Speller`, the chance
outcomes of its scripted generator (a shuffle of n pieces is n - 1 deals, a die
one node) and its history digests. So a node here is the adapter's node: the
same legal actions in the same order, the same chance outcomes, the same returns
(a game cut at ``max_moves`` or ``max_game_length`` is a draw), and two decision
nodes share an information set exactly when the adapter's
``information_state_string`` is the same for them (the seat, its move count, the
digest of all it has seen and played, and the words it has chosen of the move it
is spelling). ``tests/adapters/test_mini_cfr.py`` checks that both walks write
the same EFG text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gadshill.adapters.actions import Speller, Spellings
from gadshill.adapters.openspiel.chance import NeedChance, ScriptedRandom
from gadshill.adapters.openspiel.game import GadshillGame
from gadshill.adapters.recall import Recall
from gadshill.adapters.setting import Setting
from gadshill.rules.moves import Move
from gadshill.rules.rng import chance_source
from gadshill.rules.state import GameState


class History:
    """Each seat's digest after a move, folded in when a decision of that seat asks for
    it (as the adapter's trail is): a leaf or a chance node never pays for one. Shared
    by every node until the next move."""

    __slots__ = ("before", "digests", "move", "mover", "recall", "state")

    def __init__(
        self,
        recall: Recall,
        state: GameState[Any],
        mover: int | None,
        move: str,
        before: History | None,
    ):
        self.recall, self.state, self.mover, self.move, self.before = (
            recall,
            state,
            mover,
            move,
            before,
        )
        self.digests: list[str | None] = [None] * state.num_players

    def digest(self, player: int) -> str:
        steps: list[History] = []
        step: History | None = self
        while step is not None and step.digests[player] is None:
            steps.append(step)
            step = step.before
        for step in reversed(steps):  # oldest first
            earlier = step.before
            before = "" if earlier is None else earlier.digests[player]
            assert before is not None
            move = step.move if player == step.mover else ""
            since = step.recall.since(None if earlier is None else earlier.state)
            step.digests[player] = step.recall.digest(before, step.state, player, move, since)
        found = self.digests[player]
        assert found is not None
        return found


@dataclass(slots=True)
class Node:
    """One node: the native state after the last whole move (None in the setup), the
    move waiting for its chance outcomes and those chosen so far, the words of the
    move being spelled, the counts the cap reads, and each seat's history digest."""

    state: GameState[Any] | None
    pending: Move | None
    outcomes: tuple[int, ...]
    labels: list[str]
    #: the chance node is a shuffle's deal: the next deals follow without the engine
    dealing: bool
    prefix: tuple[int, ...]
    moves: int
    decisions: int
    history: History | None
    words: Spellings | None = None

    @property
    def building(self) -> bool:
        return self.state is None or self.pending is not None


class NativeWalk:
    """The adapter's tree of ``game`` (a gadshill OpenSpiel game), walked natively."""

    def __init__(self, game: GadshillGame):
        self.setting: Setting = game.setting
        self.speller: Speller = game.speller
        self.players = game.num_players()
        self.max_moves = game.max_moves
        self.max_decisions = game.max_decisions
        self.recall: Recall = game.recall

    # --- the walk's questions -----------------------------------------------------
    def root(self) -> Node:
        return self._advance(Node(None, None, (), [], False, (), 0, 0, None))

    def is_terminal(self, node: Node) -> bool:
        if node.building:
            return False
        assert node.state is not None
        return node.state.is_terminal or self._truncated(node)

    def is_cut(self, node: Node) -> bool:
        assert node.state is not None
        return not node.state.is_terminal and self._truncated(node)

    def depth(self, node: Node) -> tuple[int, int]:
        return node.moves, node.decisions

    def _truncated(self, node: Node) -> bool:
        return node.moves >= self.max_moves or node.decisions >= self.max_decisions

    def returns(self, node: Node) -> list[float]:
        assert node.state is not None
        if not node.state.is_terminal:
            return [1.0 / self.players] * self.players  # cut: a draw
        winners = node.state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    def is_chance(self, node: Node) -> bool:
        return node.building

    def chance_outcomes(self, node: Node) -> list[tuple[int, float]]:
        count = len(node.labels)
        return [(outcome, 1.0 / count) for outcome in range(count)]

    def player(self, node: Node) -> int:
        assert node.state is not None
        return int(node.state.current_player)  # type: ignore[arg-type]

    def legal_actions(self, node: Node) -> list[int]:
        return self._words(node).next_words(node.prefix)

    def info_key(self, node: Node, player: int) -> tuple[Any, ...]:
        """What the adapter's ``information_state_string`` holds at a decision, less
        what follows from the rest (the observation now is in the digest)."""
        assert node.history is not None
        return (node.moves, node.history.digest(player), node.prefix)

    def child(self, node: Node, action: int) -> Node:
        if node.building:
            outcomes = (*node.outcomes, action)
            if node.dealing and len(node.labels) > 2:
                # the shuffle's next deal is among the pieces left (as the adapter deals)
                left = list(node.labels)
                left[0], left[action] = left[action], left[0]
                return Node(
                    node.state,
                    node.pending,
                    outcomes,
                    left[1:],
                    True,
                    (),
                    node.moves,
                    node.decisions,
                    node.history,
                )
            return self._advance(
                Node(
                    node.state,
                    node.pending,
                    outcomes,
                    [],
                    False,
                    (),
                    node.moves,
                    node.decisions,
                    node.history,
                )
            )
        words = self._words(node)
        prefix = (*node.prefix, action)
        move = words.move(prefix)
        if move is None:
            return Node(
                node.state,
                None,
                (),
                [],
                False,
                prefix,
                node.moves,
                node.decisions + 1,
                node.history,
                words,
            )
        return self._advance(
            Node(node.state, move, (), [], False, (), node.moves, node.decisions + 1, node.history)
        )

    def native(self, node: Node) -> tuple[GameState[Any], tuple[int, ...]]:
        """The native state of a decision node and the words chosen so far."""
        assert node.state is not None
        return node.state, node.prefix

    # --- the adapter's steps, natively ------------------------------------------------
    def _words(self, node: Node) -> Spellings:
        if node.words is None:
            assert node.state is not None
            node.words = self.speller.spellings(node.state.legal_moves())
        return node.words

    def _advance(self, node: Node) -> Node:
        """Play the pending step with the outcomes chosen: a chance node if it needs one
        more, else the next position (the setup's, or the move's)."""
        outcomes = list(node.outcomes)
        try:
            if node.state is None:
                with chance_source(lambda: ScriptedRandom.of(outcomes)):
                    state = self.setting.new_game(0)
            else:
                assert node.pending is not None
                state = node.state.clone()
                state.rng = ScriptedRandom.of(outcomes)
                state._play(node.pending)  # a legal move: its words spell one
        except NeedChance as need:
            node.labels, node.dealing = need.labels, need.dealing
            return node
        state.rng = ScriptedRandom.of([])
        if node.state is None:
            history = History(self.recall, state, None, "", None)
            return Node(state, None, (), [], False, (), 0, node.decisions, history)
        mover = node.state.current_player
        history = History(self.recall, state, mover, str(node.pending), node.history)
        return Node(state, None, (), [], False, (), node.moves + 1, node.decisions, history)
