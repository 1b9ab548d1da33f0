"""The shared, declarative rule-checking layer: rules as data, the state
protocol, move notation, records, bots and tournaments. It imports no game.

A whole game on this layer, in a few lines (the three games are this, larger):
moves with a notation, a rule book, a state, and a spec for the generic tools.

>>> from dataclasses import dataclass
>>> from pathlib import Path
>>> from gadshill.gamedata.pack import PackInfo
>>> from gadshill.rules.bots import play_game
>>> @dataclass(frozen=True)
... class Take(Move):
...     kind = "take"
...     count: int
>>> BOOK = RuleBook("nim")
>>> @BOOK.rule("NIM-1", "Take one or two stones.", (Take,), "cannot take {move.count}")
... def one_or_two(state, move):
...     return move.count not in (1, 2)
>>> BOOK.procedure("NIM-2", "Whoever takes the last stone wins.")
>>> class Nim(GameState[Take]):
...     game_id, rulebook, codec = "nim", BOOK, MoveCodec([Take])
...     def __init__(self, players, stones=5):
...         self.players, self.stones, self.turn = players, stones, 0
...     num_players = property(lambda self: self.players)
...     is_terminal = property(lambda self: self.stones <= 0)
...     current_player = property(lambda self: None if self.is_terminal else self.turn % 2)
...     def candidate_moves(self):
...         return [Take(n) for n in (1, 2) if n <= self.stones]
...     def _play(self, move):
...         self.stones, self.turn = self.stones - move.count, self.turn + 1
...     def scores(self):  # NIM-2
...         last = (self.turn - 1) % 2
...         return [float(self.is_terminal and p == last) for p in range(2)]
...     def snapshot(self):
...         return {"stones": self.stones, "turn": self.turn}
...     def observation(self, player):
...         return self.snapshot()
...     def determinize(self, player, rng):  # nothing is hidden in Nim
...         return self.clone()
>>> state = Nim(2)
>>> state.push("take 2")
Take(count=2)
>>> state.legal_moves()
[Take(count=1), Take(count=2)]
>>> state.push("take 3")
Traceback (most recent call last):
...
gadshill.rules.rulebook.IllegalMove: illegal move take 3: [NIM-1] cannot take 3
>>> state
<Nim nim: seat 1 to move; scores 0 0>
>>> spec = GameSpec(
...     "nim", "Nim", 2, 2, Nim.codec, BOOK,
...     new_game=lambda players, seed, data, options: Nim(players),
...     pack=lambda data: PackInfo("nim", Path("."), "0" * 64),
...     describe_pack=lambda data: {},
...     render=lambda state, viewer: f"{state.stones} stones",
... )
>>> played = play_game(spec, ["random", "greedy"], seed=3)
>>> played.state.is_terminal, played.state.scores()
(True, [0.0, 1.0])
>>> len(played.record.moves)
4
"""

from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.rulebook import IllegalMove, Rule, RuleBook, Violation
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

__all__ = [
    "GameSpec",
    "GameState",
    "IllegalMove",
    "Move",
    "MoveCodec",
    "Rule",
    "RuleBook",
    "Violation",
]
