"""The state of a Gads Hill game: the position, the solver's answers about it, and
what each seat may see of it.

The rule book (:mod:`gadshill.gads_hill.rules`) decides whether a move is legal;
:mod:`gadshill.gads_hill.effects` carries it out and
:mod:`gadshill.gads_hill.movegen` lists the moves. Every card, marker take and
STOP claim is resolved by the deduction solver (:mod:`gadshill.solver.deduction`),
whose report is cached per (board, question) so that checking a move and then
playing it asks the solver once; the answers of one board are one dictionary,
found once per board, so that asking again costs a dictionary lookup.

The marker ledger is explicit: each of the 110 markers is with its building
(a building never marked keeps its 5), on the board, collected by a player,
or paid for a building (out of the game). ``ledger()`` accounts for all of
them and the effects assert it after every change (GH-C).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Self, TypeVar

from gadshill.gads_hill import effects, movegen
from gadshill.gads_hill.constants import (
    DRAFT,
    GAME_ID,
    OVER,
    PILES,
    START_LOCOMOTIVE,
    STOP,
)
from gadshill.gads_hill.effects import TurnLog
from gadshill.gads_hill.moves import CODEC, Claim, Play
from gadshill.gads_hill.picture import draw
from gadshill.gads_hill.rules import BOOK, SOLVER_REFUSALS
from gadshill.gads_hill.world import World
from gadshill.rules.ids import canonical_move
from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.rng import GameRandom
from gadshill.rules.rulebook import RuleBook, Violation
from gadshill.rules.state import GameState
from gadshill.solver import deduction
from gadshill.solver.binding import my_building_problem
from gadshill.solver.model import (
    MARKERS_PER_BUILDING,
    ActionReport,
    CardReport,
    Marker,
    Position,
    Removal,
)
from gadshill.solver.position_file import PlayerInfo, PositionFile

T = TypeVar("T")

#: a game's solver-answer cache is emptied when it holds the answers of this many boards
BOARDS_LIMIT = 5_000


class GadsHillState(GameState[Move]):
    """A whole game: board, piles, hands, buildings, markers and the turn's progress.

    A state comes empty from the constructor; :func:`gadshill.gads_hill.setup.new_game`
    deals it (fields, piles, hands) from the state's own seeded generator.
    """

    game_id: ClassVar[str] = GAME_ID
    rulebook: ClassVar[RuleBook[Any, Any]] = BOOK
    codec: ClassVar[MoveCodec] = CODEC
    rng: GameRandom

    def __init__(self, world: World, players: int, seed: int) -> None:
        self.world = world
        self.players = players
        self.seed = seed
        self.rng = GameRandom(seed)
        # the board: designated field -> fixed feature, marked buildings, standing ones
        self.fields: dict[str, str] = {}
        self.markers: dict[str, frozenset[str]] = {}
        self.placed: dict[str, str] = {}
        self.retired: frozenset[str] = frozenset()
        # three face-down piles, one per kind of card; the top card is the last one
        self.piles: dict[str, list[int]] = {pile: [] for pile in PILES}
        self.discards: list[int] = []
        #: the district cards of each reshuffle of the discards (GH-F4), in order
        self.reshuffled: list[list[int]] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        # buildings: owner seat, or None while beside the board
        self.owner: dict[str, int | None] = dict.fromkeys(world.buildings)
        self.owned: list[list[str]] = [[] for _ in range(players)]
        self.buys = [0] * players
        self.collected = [0] * players
        self.paid = 0
        # progress
        self.phase = DRAFT
        self.drafted = 0  # draft picks made (two rounds of `players` picks)
        self.active = 0
        self.stop_seat = 0
        self.turn = 0
        self.action: str | None = None  # "play", "discard" or "pass" once acted
        self.cards_played = 0
        self.bought = False
        self.claimed = False  # the active player has claimed: no further card
        self.claim_refused = False  # the active player's claim was refused: no more (GH-8)
        self.play_refused = False  # a card play was refused: no more cards (GH-8.refused-play)
        self.changed = False  # the board changed this turn (GH-9)
        self.quiet_turns = 0
        self.history: list[TurnLog] = []
        self.current_log = TurnLog(0, 0)
        self._key: Any = None
        # Solver answers per board, then per question: an answer depends only on the
        # board, so this game's clones share the cache; ``_here`` is this board's.
        self._cache: dict[Any, dict[Any, Any]] = {}
        self._here: dict[Any, Any] | None = None

    # --- the protocol ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == DRAFT:
            return self.drafted % self.players
        if self.phase == STOP:
            return self.stop_seat
        return self.active

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """One point per collected marker (GH-9)."""
        return [float(c) for c in self.collected]

    def candidate_moves(self) -> list[Move]:
        """Every move worth checking (a superset of the legal ones)."""
        return movegen.candidate_moves(self)

    def legal_moves(self) -> list[Move]:
        """The legal moves, generated directly (equal to the checked candidates; tested)."""
        return movegen.legal_moves(self)

    def _play(self, move: Move) -> None:
        effects.apply(self, move)

    def public_refusal(self, move: Move, violations: list[Violation]) -> tuple[str, ...]:
        """GH-8 (amended): a STOP claim or a card the solver refutes was tried openly, so
        every seat is told (the rule ids, never the solver's layout)."""
        rules = tuple(dict.fromkeys(v.rule for v in violations))
        if isinstance(move, Claim | Play) and rules and set(rules) <= SOLVER_REFUSALS:
            return rules
        return ()

    def refuse(self, move: Move) -> None:
        effects.refuse(self, move)

    def parse_move(self, text: str) -> Move:
        """A move from its notation, its ids matched case-insensitively (``claim bank s7``
        is ``claim BANK S7``); an unknown id is a NotationError naming the closest ones."""
        return canonical_move(self.codec.parse(text), self.world.id_fields)

    def clone(self) -> Self:
        """A copy sharing the immutable world and solver answers, not the mutable parts."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)  # what copy.copy does, without its detours
        new.rng = self.rng.copy()
        new.fields = dict(self.fields)
        new.markers = dict(self.markers)
        new.placed = dict(self.placed)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.discards = list(self.discards)
        new.reshuffled = [list(r) for r in self.reshuffled]
        new.hands = [list(h) for h in self.hands]
        new.owner = dict(self.owner)
        new.owned = [list(o) for o in self.owned]
        new.buys = list(self.buys)
        new.collected = list(self.collected)
        new.history = list(self.history)
        log = self.current_log  # its events are never changed once logged (effects.TurnLog)
        new.current_log = TurnLog(
            log.turn, log.player, list(log.events), list(log.overlooked), log.locomotive, log.board
        )
        new._cache = self._cache  # keyed by the board: an answer holds for every equal board
        return new

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A full game consistent with what ``player`` has seen, hidden cards redrawn.

        Hidden from ``player`` are the other hands, the order of the three piles and the
        generator's future; the board, the buildings, the discards and every pile's size
        are public (the fixed features are dealt face up). Each card's back shows its
        kind, and ``player`` saw every draw, so a hidden card may only trade places with
        a card of the same kind that came out of the same pile: the same kind, and the
        same reshuffle of the discards (GH-F4) when district cards were reshuffled.
        """
        new = self.clone()
        slots: dict[tuple[str, int], list[tuple[list[int], int]]] = {}
        hidden = [new.hands[seat] for seat in range(new.players) if seat != player]
        for cards in [*hidden, *(new.piles[pile] for pile in PILES)]:
            for index, card in enumerate(cards):
                slots.setdefault(self._origin(card), []).append((cards, index))
        for places in slots.values():
            cards = [where[index] for where, index in places]
            rng.shuffle(cards)
            for (where, index), card in zip(places, cards, strict=True):
                where[index] = card
        new.rng = GameRandom(rng.getrandbits(64))
        return new

    def _origin(self, card: int) -> tuple[str, int]:
        """The pile a hidden card came from: its kind, and for a district card the last
        reshuffle it was part of (0: the district pile of the setup)."""
        kind = self.world.card_kind(card)
        generation = max(
            (n for n, cards in enumerate(self.reshuffled, 1) if card in cards), default=0
        )
        return kind, generation

    # --- derived facts -------------------------------------------------------------------
    @property
    def locomotive(self) -> int:
        """Buildings standing, the three fixed features included (GH-1)."""
        return START_LOCOMOTIVE + len(self.placed)

    def board_key(self) -> Any:
        """A hashable picture of the board: solver answers depend on nothing else."""
        if self._key is None:
            self._key = (
                frozenset(self.markers.items()),
                frozenset(self.placed.items()),
                self.retired,
            )
        return self._key

    def board_changed(self) -> None:
        """Forget the board's key and answers after a change of markers or buildings."""
        self._key = None
        self._here = None

    def _board(self) -> dict[Any, Any]:
        """This board's answers, shared by every state of the game with an equal board
        (the shared cache is emptied when it holds too many boards)."""
        here = self._here
        if here is None:
            key = self.board_key()
            here = self._cache.get(key)
            if here is None:
                if len(self._cache) >= BOARDS_LIMIT:
                    self._cache.clear()
                here = self._cache[key] = {}
            self._here = here
        return here

    def position(self) -> Position:
        """The board as the solver reads it (one object per board, shared by clones)."""
        here = self._board()
        found: Position | None = here.get("position")
        if found is None:
            found = here["position"] = Position(
                self.world.spaces, dict(self.markers), dict(self.placed), self.retired
            )
        return found

    def location(self, building: str) -> str | None:
        for space, standing in self.placed.items():
            if standing == building:
                return space
        return None

    def is_placed(self, building: str) -> bool:
        return building in self.placed.values()

    def stock(self, building: str) -> int:
        """Markers still with the building: 5 until it is first marked on the board."""
        if building in self.markers or building in self.retired or self.is_placed(building):
            return 0
        return MARKERS_PER_BUILDING

    def ledger(self) -> dict[str, int]:
        """Where the 110 markers are (rule GH-C): the parts always sum to 110."""
        gone = set(self.markers) | set(self.retired) | set(self.placed.values())
        unmarked = sum(1 for b in self.world.buildings if b not in gone)
        return {
            "with buildings": MARKERS_PER_BUILDING * unmarked,
            "on the board": sum(len(s) for s in self.markers.values()),
            "collected": sum(self.collected),
            "paid for buildings": self.paid,
        }

    def my_buildings(self, seat: int) -> list[str]:
        """Own buildings that can still be "my building" (not placed, not out) (GH-5)."""
        position = self.position()  # GH-F5 has one source: the solver's binding check
        return [b for b in self.owned[seat] if my_building_problem(position, b) is None]

    def my_choices(self, seat: int, card: int) -> list[str | None]:
        """The bindings of "my building" a card can take: None for a building card,
        else the seat's usable buildings other than the one the card names (GH-5)."""
        if self.world.card_kind(card) == "building":
            return [None]
        named = self.world.card_building(card)
        return [b for b in self.my_buildings(seat) if b != named]

    def beside_board(self) -> list[str]:
        """Buildings nobody owns that are still in play: not standing on the board and not
        out of the game (GH-F2: a building that is out can never be placed)."""
        return [
            b
            for b in self.world.buildings
            if self.owner[b] is None and not self.is_placed(b) and b not in self.retired
        ]

    # --- solver questions, cached per board --------------------------------------------
    def _answer(self, question: tuple[Any, ...], ask: Callable[[], T]) -> T:
        """The cached answer to a question about this board, asked once per board."""
        here = self._board()
        found = here.get(question)
        if found is None:
            found = here[question] = ask()
        answer: T = found
        return answer

    def card_report(self, card: int, my: str | None) -> CardReport:
        # GH-F1: the solver judges a card by the board alone; earlier clues are not asked
        return self._answer(
            ("card", card, my),
            lambda: deduction.check_card(
                self.position(), self.world.clue(card, my), self.analysed()
            ),
        )

    def card_rules(self, card: int, my: str | None) -> frozenset[str]:
        """The ids of the rules the card breaks on this board (none: playable), without
        their wording or the card's effect: all that legal-move generation needs (each
        of the card's rules asks, so the answer is looked up without a closure)."""
        here = self._here if self._here is not None else self._board()
        question = ("card rules", card, my)
        found: frozenset[str] | None = here.get(question)
        if found is None:
            clue = self.world.clue(card, my)
            found = here[question] = deduction.card_rules(self.position(), clue, self.analysed())
        return found

    def analysed(self) -> deduction.Analysed:
        """The board compiled and its matching analysed, shared by every question of it."""
        here = self._here if self._here is not None else self._board()
        found: deduction.Analysed | None = here.get("analysed")
        if found is None:
            found = here["analysed"] = deduction.analyse_position(self.position())
        return found

    def removable(self) -> list[Removal]:
        return self._answer(
            ("removable",),
            lambda: deduction.removable_markers(self.position(), self.analysed()),
        )

    def removable_set(self) -> frozenset[Marker]:
        """The removable markers without their explanations (move generation's question)."""
        return self._answer(
            ("removable-set",),
            lambda: frozenset(deduction.removable_edges(self.position(), self.analysed())),
        )

    def take_report(self, building: str, space: str) -> ActionReport:
        return self._answer(
            ("take", building, space),
            lambda: deduction.take_marker(self.position(), building, space),
        )

    def claim_report(self, building: str, space: str) -> ActionReport:
        return self._answer(
            ("claim", building, space),
            lambda: deduction.claim(self.position(), [(building, space)]),
        )

    # --- views ---------------------------------------------------------------------------
    def board_json(self) -> dict[str, Any]:
        return {
            "fields": dict(sorted(self.fields.items())),
            "placed": dict(sorted(self.placed.items())),
            "markers": {b: sorted(s) for b, s in sorted(self.markers.items())},
            "out of the game": sorted(self.retired),
            "locomotive": self.locomotive,
        }

    def _public(self) -> dict[str, Any]:
        """What every seat sees: the common part of an observation and a snapshot."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "board": self.board_json(),
            "buildings": [list(o) for o in self.owned],
            "discards": list(self.discards),
            "reshuffled": [list(r) for r in self.reshuffled],
            "collected": list(self.collected),
            "buys": list(self.buys),
            "paid": self.paid,
            "turn state": {
                "action": self.action,
                "cards played": self.cards_played,
                "bought": self.bought,
                "claimed": self.claimed,
                "claim refused": self.claim_refused,
                "play refused": self.play_refused,
                "changed": self.changed,
                "stop seat": self.stop_seat,
                "quiet turns": self.quiet_turns,
                "drafted": self.drafted,
            },
            "history": [t.to_json() for t in self.history],
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: their hand, the board, every owned building, pile sizes."""
        return {
            "game": GAME_ID,
            "player": player,
            "to move": self.current_player,
            **self._public(),
            "hand": sorted(self.hands[player]),
            "hand sizes": [len(h) for h in self.hands],
            "beside the board": self.beside_board(),
            "piles": {p: len(self.piles[p]) for p in PILES},
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": self.players,
            **self._public(),
            "piles": {p: list(self.piles[p]) for p in PILES},
            "hands": [list(h) for h in self.hands],
            "log": self.current_log.to_json(),
            "rng": self.rng.getstate(),
        }

    def position_file(self) -> PositionFile:
        """The board with the seats, as position files and the town pictures hold it."""
        players = tuple(
            PlayerInfo(f"seat {p}", tuple(self.owned[p]), (), self.collected[p])
            for p in range(self.players)
        )
        return PositionFile(self.position(), players, self.locomotive, dict(self.fields))

    def __repr__(self) -> str:
        if self.phase == OVER:
            step = "over"
        elif self.phase == DRAFT:
            step = f"draft, seat {self.current_player} to pick"
        elif self.phase == STOP:
            step = f"turn {self.turn}, seat {self.stop_seat}'s STOP window"
        else:
            step = f"turn {self.turn}, seat {self.active} to move"
        collected = " ".join(str(c) for c in self.collected)
        return (
            f"<{type(self).__name__} {self.players} players: {step};"
            f" locomotive {self.locomotive}; collected {collected}>"
        )

    def _repr_svg_(self) -> str:
        """The picture everybody sees (``picture.draw``), so a state shows itself in Jupyter."""
        return draw(self, None)
