"""A game's entry in the registry: everything the generic commands need.

``play``, ``replay``, ``rules``, bots and tournaments work on any GameSpec, so
the three games share them without knowing each other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from gadshill.errors import UsageError
from gadshill.gamedata.pack import PackInfo, variant_folder
from gadshill.rules.encoding import Encoder
from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.report import AuditReport
from gadshill.rules.rulebook import RuleBook
from gadshill.rules.state import GameState

#: new_game(players, seed, data pack folder or None, options) -> state
NewGame = Callable[[int, int, Path | None, Mapping[str, str]], GameState[Any]]


#: the viewer of a render or drawing that is no seat: it sees no hand at all
SPECTATOR = -1

#: the arrangements a picture comes in (issue 30): "wide" for a desktop window (the
#: pieces of a move near the top), "portrait" for a phone held upright (the whole board
#: in a 390-px column at reading size, one unit a CSS pixel)
LAYOUTS = ("wide", "portrait")


class Draw(Protocol):
    """draw(state, viewer, layout=...): an SVG picture (a whole ``<svg>`` document) of
    what seat ``viewer`` may see, in one of :data:`LAYOUTS`."""

    def __call__(
        self, state: GameState[Any], viewer: int | None, /, *, layout: str = ...
    ) -> str: ...


def default_heuristic(state: GameState[Any], player: int) -> float:
    """Own score minus the best opponent's: what a one-ply greedy bot maximises."""
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != player]
    return scores[player] - (max(others) if others else 0.0)


def default_describe(state: GameState[Any], move: Move) -> str:
    return str(move)


@dataclass(frozen=True)
class MenuEntry:
    """One move of a seat's menu as the page offers it: the kind of move (``action``, a
    short id, and ``action_label``, the words of its button) and the pieces a player
    clicks to make it (``targets``, ``"KIND:ID"`` ids the picture or the hand carries as
    ``data-target``, in click order; none for a move that is a button). An irreversible
    move carries ``confirm``, the question the page asks before sending it (and it never
    holds the focus by default)."""

    move: Move
    label: str
    action: str
    action_label: str
    targets: tuple[str, ...] = ()
    confirm: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "move": str(self.move),
            "label": self.label,
            "action": self.action,
            "action_label": self.action_label,
            "targets": list(self.targets),
        }
        if self.confirm:
            out["confirm"] = self.confirm
        return out


@dataclass(frozen=True)
class HandCard:
    """A piece of the seat's own the page draws as a card: a Gads Hill clue card, a
    Sutter's Mill influence card, chip or deed, a Sticky Gulch drifter. ``plan`` is a
    small SVG (a Gads Hill card's town plan) or None; ``lights`` the board targets the
    card means (lit on hover); ``districts`` the districts its words name, each with
    its spaces, so the page can outline them."""

    target: str
    kind: str
    title: str
    text: str
    plan: str | None = None
    lights: tuple[str, ...] = ()
    districts: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "plan": self.plan,
            "lights": list(self.lights),
            "districts": [
                {"id": ident, "name": name, "spaces": list(spaces)}
                for ident, name, spaces in self.districts
            ],
        }


@dataclass(frozen=True)
class Tally:
    """A seat's public tallies: a score everybody may know and named counts."""

    seat: int
    score: float | None
    items: Mapping[str, int | float | str]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "score": self.score, "items": dict(self.items)}


#: entry(state, move, label) -> MenuEntry: what the page clicks to make a move
EntryOf = Callable[[GameState[Any], Move, str], MenuEntry]


def default_entry(state: GameState[Any], move: Move, label: str) -> MenuEntry:
    """A move without pieces to click: a button named after its kind."""
    return MenuEntry(move, label, move.kind, move.kind)


def no_targets(move: Move, seat: int | None = None) -> list[str]:
    return []


@dataclass(frozen=True)
class SeatView:
    """What one player is shown: the terminal seat and the web page both show this.

    By default a seat sees what a player at the table sees (the board, its own hand,
    the scores and the moves it may make), never a solver's answer; with ``hints`` a
    game may add its helpers' answers for learners.
    """

    #: the seat's picture in words: board, own hand, scores
    text: str
    #: the moves to pick from (a menu; any other move may still be typed)
    moves: list[Move]
    #: moves that may be typed but are not listed, each as "notation: what it does"
    typed: tuple[str, ...] = ()
    #: a label per move of ``moves``, in words (no more than the seat may know)
    labels: tuple[str, ...] = ()
    #: the seat's own pieces drawn as cards (its hand, chips, deeds, drifters)
    hand: tuple[HandCard, ...] = ()
    #: what this seat may do now, in the game's words; None when it is not to act
    prompt: str | None = None

    def menu(self) -> list[tuple[Move, str]]:
        """Each move of the menu with its label (its notation when it has none)."""
        labels = self.labels or tuple(str(move) for move in self.moves)
        return list(zip(self.moves, labels, strict=True))


@dataclass(frozen=True)
class GameSpec:
    """One game as the CLI, records and bots see it."""

    id: str
    title: str
    min_players: int
    max_players: int
    codec: MoveCodec
    rulebook: RuleBook[Any, Any]
    new_game: NewGame
    pack: Callable[[Path | None], PackInfo]
    #: describe_pack(data): the validated pack as JSON-able data (``gadshill data show``)
    describe_pack: Callable[[Path | None], dict[str, Any]]
    #: render(state, viewer): a terminal picture; viewer None shows everything, a seat its
    #: own hand, SPECTATOR (no seat) no hand
    render: Callable[[GameState[Any], int | None], str]
    #: draw(state, viewer): an SVG picture (a whole ``<svg>`` document) of what seat
    #: ``viewer`` may see; None: everything public; SPECTATOR: no hand
    #: ``layout`` (keyword): one of LAYOUTS, "wide" by default
    draw: Draw | None = None
    describe: Callable[[GameState[Any], Move], str] = default_describe
    heuristic: Callable[[GameState[Any], int], float] = default_heuristic
    #: option name -> allowed values (first is the default)
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: extra bots beyond random and greedy: name -> factory
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    #: the ``mcts`` bot's settings for this game (its own bot as guide and rollout
    #: policy...); a user's ``--bot-option mcts.NAME=VALUE`` overrides each
    mcts_options: Mapping[str, str] = field(default_factory=dict)
    #: a safety net: a game longer than this many moves is a bug, not a game
    max_moves: int = 100_000
    #: variant -> (native moves, adapter decisions) that bound its games: measured maxima
    #: plus margin (``bench/bench_variants.py``), for a variant other than the standard game
    variant_bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    #: seat_view(state, seat, hints): what a player sees; None: render and the legal moves
    seat_view: Callable[[GameState[Any], int, bool], SeatView] | None = None
    #: audit(spec, data, games): the pack's content checked, and measured over that many
    #: seeded bot games (``gadshill data check``); None: the game has no audit
    audit: Callable[[GameSpec, Path | None, int], AuditReport] | None = None
    #: encoder(state): the fixed-shape observation tensor of the state's pack and player
    #: count (the game's ``encoding`` module); the research adapters need one
    encoder: Callable[[GameState[Any]], Encoder] | None = None
    #: breakdown(state): per seat, the final score in parts that add up to it (the
    #: game's ``summary`` module; the end screen shows it): ``{"seat", "score",
    #: "parts": [{"key", "label", "value"}], "details": {...}}``
    breakdown: Callable[[GameState[Any]], list[dict[str, Any]]] | None = None
    #: review(state): what the table overlooked, as data (Gads Hill: ``gadshill review``)
    review: Callable[[GameState[Any]], dict[str, Any]] | None = None
    #: entry(state, move, label): a menu move with its action and the pieces clicked
    entry: EntryOf = default_entry
    #: move_targets(move, seat): the pieces a move names, for highlighting a move made
    #: (a pure function of the move and its mover: nothing beyond the log line)
    move_targets: Callable[[Move, int | None], list[str]] = no_targets
    #: hand(state, seat): the seat's own pieces as cards (nothing another seat's)
    hand: Callable[[GameState[Any], int], list[HandCard]] | None = None
    #: prompt(state, seat): what the seat to act may do, in a line
    prompt: Callable[[GameState[Any], int], str] | None = None
    #: tallies(state): every seat's public tallies (no hidden value)
    tallies: Callable[[GameState[Any]], list[Tally]] | None = None

    def view_for(self, state: GameState[Any], seat: int, hints: bool = False) -> SeatView:
        """What ``seat`` is shown: the game's own seat view, or its picture and legal
        moves; a seat that is not to move, or ``SPECTATOR``, gets no menu."""
        hand = tuple(self.hand(state, seat)) if self.hand and seat >= 0 else ()
        if seat != state.current_player:
            return SeatView(self.render(state, seat), [], hand=hand)
        prompt = self.prompt(state, seat) if self.prompt else None
        if self.seat_view is not None:
            shown = self.seat_view(state, seat, hints)
            return dataclasses.replace(shown, hand=hand, prompt=prompt)
        legal = state.legal_moves()
        labels = tuple(self.describe(state, move) for move in legal)
        return SeatView(self.render(state, seat), legal, labels=labels, hand=hand, prompt=prompt)

    def menu_entries(self, state: GameState[Any], shown: SeatView) -> list[MenuEntry]:
        """The seat's menu with each move's action and targets (``entry``)."""
        return [self.entry(state, move, label) for move, label in shown.menu()]

    def public_tallies(self, state: GameState[Any]) -> list[Tally]:
        """Every seat's public tallies; a game without its own: nothing but the seat."""
        if self.tallies is not None:
            return self.tallies(state)
        return [Tally(seat, None, {}) for seat in range(state.num_players)]

    def check_players(self, count: int) -> int:
        """``count`` if the game takes that many players, else a UsageError naming the range.

        >>> from gadshill.rules import MoveCodec, RuleBook
        >>> spec = GameSpec("nim", "Nim", 2, 4, MoveCodec([]), RuleBook("nim"), *[None] * 4)
        >>> spec.check_players(3)
        3
        >>> spec.check_players(5)
        Traceback (most recent call last):
        ...
        gadshill.errors.UsageError: nim takes 2-4 players
        """
        if not self.min_players <= count <= self.max_players:
            raise UsageError(f"{self.id} takes {self.min_players}-{self.max_players} players")
        return count

    def data_folder(self, data: Path | None, options: Mapping[str, str]) -> Path | None:
        """The pack folder a game with these options is dealt from (``variant`` picks a
        built-in pack; None: the game's own), as ``new_game`` reads it and records name it."""
        return variant_folder(self.id, data, options)

    def resolve_options(self, given: Mapping[str, str]) -> dict[str, str]:
        """Every option's value: the given ones checked, the others at their default.

        An unknown option or value is a :class:`~gadshill.errors.UsageError` (a
        ``ValueError``) naming what is allowed. (Only the options matter here, so
        the spec of this example leaves the game's functions out.)

        >>> from gadshill.rules import MoveCodec, RuleBook
        >>> spec = GameSpec(
        ...     "nim", "Nim", 2, 4, MoveCodec([]), RuleBook("nim"),
        ...     new_game=None, pack=None, describe_pack=None, render=None,
        ...     options={"variant": ("plain", "misere")},
        ... )
        >>> spec.resolve_options({})
        {'variant': 'plain'}
        >>> spec.resolve_options({"variant": "misere"})
        {'variant': 'misere'}
        >>> spec.resolve_options({"variant": "fast"})
        Traceback (most recent call last):
        ...
        gadshill.errors.UsageError: option variant: 'fast' is not one of plain, misere
        """
        out = {name: values[0] for name, values in self.options.items()}
        for name, value in given.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise UsageError(f"{self.id} has no option {name!r} (options: {known})")
            if value not in self.options[name]:
                allowed = ", ".join(self.options[name])
                raise UsageError(f"option {name}: {value!r} is not one of {allowed}")
            out[name] = value
        return out
