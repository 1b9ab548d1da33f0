"""Rules as data: an id that cites the rulebook or a ruling, the moves it governs,
a predicate and a message template. A RuleBook checks a move against all of its
rules and reports every one it breaks, not just the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from gadshill.errors import GadshillError

S = TypeVar("S")
M = TypeVar("M")

#: A predicate returns None/False when the move is fine, or True / a mapping of
#: template fields when the rule is broken.
Breach = Mapping[str, Any] | bool | None


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id and a message about this very move.

    >>> violation = Violation("NIM-1", "cannot take 3")
    >>> str(violation)
    '[NIM-1] cannot take 3'
    >>> violation.to_json()
    {'rule': 'NIM-1', 'message': 'cannot take 3'}
    """

    rule: str
    message: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


class IllegalMove(GadshillError, ValueError):
    """Raised by ``apply`` for a move that breaks rules; the state is untouched.

    ``violations`` lists every rule the move breaks, each with its id. A move
    is a value the caller chose, so this is a ``ValueError`` too (as in
    python-chess).

    >>> err = IllegalMove("take 3", [Violation("NIM-1", "cannot take 3")])
    >>> str(err)
    'illegal move take 3: [NIM-1] cannot take 3'
    >>> isinstance(err, ValueError), [v.rule for v in err.violations]
    (True, ['NIM-1'])
    """

    def __init__(self, move: object, violations: list[Violation]):
        self.move, self.violations = move, violations
        details = "; ".join(str(v) for v in violations)
        super().__init__(f"illegal move {move}: {details}")


@dataclass(frozen=True)
class Rule(Generic[S, M]):
    """One rule of a game.

    ``moves`` lists the move classes it governs; a rule with a ``breach``
    predicate is checked for each such move. A rule without a predicate is a
    *procedure* (setup, scoring, what a move does): it is still an entry of
    the rule book, implemented by the engine and covered by its tests.
    ``gate`` rules stop further checking when broken: later predicates may
    assume what a gate established (the player owns the piece, the id exists).

    A rule of a tiny game whose state is the pile (an int) and whose move is
    the number of stones taken (an int too):

    >>> rule = Rule(
    ...     "NIM-1",
    ...     "Take one or two stones.",
    ...     moves=(int,),
    ...     breach=lambda pile, take: take not in (1, 2),
    ...     message="cannot take {move}",
    ... )
    >>> rule.violation(5, 3)
    Violation(rule='NIM-1', message='cannot take 3')
    >>> rule.violation(5, 2) is None
    True
    """

    id: str
    text: str
    moves: tuple[type, ...] = ()
    breach: Callable[[S, M], Breach] | None = None
    message: str = ""
    gate: bool = False

    def to_json(self) -> dict[str, Any]:
        """The rule as ``gadshill rules GAME ID`` and the page's help show it: its id,
        text, what kind of entry it is and the moves it checks."""
        kind = "procedure" if self.breach is None else ("gate" if self.gate else "check")
        return {
            "id": self.id,
            "text": self.text,
            "kind": kind,
            "moves": sorted({str(getattr(m, "kind", m.__name__)) for m in self.moves}),
        }

    def governs(self, move: object) -> bool:
        return self.breach is not None and isinstance(move, self.moves)

    def violation(self, state: S, move: M) -> Violation | None:
        assert self.breach is not None
        found = self.breach(state, move)
        if not found:
            return None
        fields: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
        template = self.message or self.text
        return Violation(self.id, template.format(move=move, **fields))


class LazyFields(Mapping[str, Any]):
    """A breach whose message fields are worked out only when its message is worded:
    :meth:`RuleBook.allows` asks only whether a rule is broken, never why.

    >>> fields = LazyFields(lambda: {"pile": 2})
    >>> bool(fields), dict(fields)
    (True, {'pile': 2})
    """

    def __init__(self, make: Callable[[], Mapping[str, Any]]):
        self._make = make
        self._fields: Mapping[str, Any] | None = None

    def _got(self) -> Mapping[str, Any]:
        if self._fields is None:
            self._fields = self._make()
        return self._fields

    def __bool__(self) -> bool:  # a breach, whatever its fields
        return True

    def __getitem__(self, key: str) -> Any:
        return self._got()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._got())

    def __len__(self) -> int:
        return len(self._got())


@dataclass
class RuleBook(Generic[S, M]):
    """All rules of one game, in the order a player would check them."""

    game: str
    rules: list[Rule[S, M]] = field(default_factory=list)
    _by_type: dict[type, list[Rule[S, M]]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for rule in self.rules:
            if rule.id in seen:
                raise ValueError(f"duplicate rule id {rule.id}")
            seen.add(rule.id)

    def add(self, rule: Rule[S, M]) -> Rule[S, M]:
        if any(r.id == rule.id for r in self.rules):
            raise ValueError(f"duplicate rule id {rule.id}")
        self.rules.append(rule)
        self._by_type.clear()
        return rule

    def rule(
        self,
        id: str,
        text: str,
        moves: tuple[type, ...] = (),
        message: str = "",
        gate: bool = False,
    ) -> Callable[[Callable[[S, M], Breach]], Callable[[S, M], Breach]]:
        """Decorator form: ``@book.rule("SM-1", "text", (Move,))`` over a predicate."""

        def register(breach: Callable[[S, M], Breach]) -> Callable[[S, M], Breach]:
            self.add(Rule(id, text, moves, breach, message, gate))
            return breach

        return register

    def procedure(self, id: str, text: str) -> None:
        """Record a rule that the engine carries out rather than checks."""
        self.add(Rule(id, text))

    def __iter__(self) -> Iterator[Rule[S, M]]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __getitem__(self, id: str) -> Rule[S, M]:
        for rule in self.rules:
            if rule.id == id:
                return rule
        raise KeyError(id)

    def ids(self) -> list[str]:
        return [rule.id for rule in self.rules]

    def _governing(self, move: M) -> list[Rule[S, M]]:
        kind = type(move)
        rules = self._by_type.get(kind)
        if rules is None:
            rules = [rule for rule in self.rules if rule.governs(move)]
            self._by_type[kind] = rules
        return rules

    def check(self, state: S, move: M) -> list[Violation]:
        """Every rule this move breaks in this state (empty when it is legal).

        Not just the first: a player learns everything wrong with a move at once.
        (The state here is a pile of stones, an int; a move, the stones taken.)

        >>> book = RuleBook("nim")
        >>> @book.rule("NIM-1", "Take one or two stones.", (int,), "cannot take {move}")
        ... def one_or_two(pile, take):
        ...     return take not in (1, 2)
        >>> @book.rule("NIM-2", "Take no more than the pile.", (int,), "the pile holds {pile}")
        ... def no_more_than_the_pile(pile, take):
        ...     return {"pile": pile} if take > pile else None
        >>> book.check(5, 2)
        []
        >>> [str(v) for v in book.check(2, 3)]
        ['[NIM-1] cannot take 3', '[NIM-2] the pile holds 2']
        """
        found: list[Violation] = []
        for rule in self._governing(move):
            violation = rule.violation(state, move)
            if violation is not None:
                found.append(violation)
                if rule.gate:
                    break
        return found

    def allows(self, state: S, move: M) -> bool:
        """Whether the move breaks no rule: ``not check(state, move)``, but it stops at the
        first broken rule and words no message (legal-move generation asks it of every
        candidate).

        >>> book = RuleBook("nim")
        >>> @book.rule("NIM-1", "Take one or two stones.", (int,), "cannot take {move}")
        ... def one_or_two(pile, take):
        ...     return take not in (1, 2)
        >>> book.allows(5, 2), book.allows(5, 3)
        (True, False)
        """
        for rule in self._governing(move):
            assert rule.breach is not None
            if rule.breach(state, move):
                return False
        return True
