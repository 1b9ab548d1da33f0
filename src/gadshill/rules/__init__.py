"""The shared, declarative rule-checking layer: rules as data, the state
protocol, move notation, records, bots and tournaments. It imports no game."""

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
