"""The data of a Gads Hill game and the facts derived from it: what the rule book,
the effects, the move generator and the picture read and change.

:class:`GadsHillCore` holds the position (board, piles, hands, buildings, markers,
the turn's progress) and answers questions about it; the state class
(:mod:`gadshill.gads_hill.state`) adds the game protocol on top: the bound rule
book, moves, clones, observations and snapshots. The modules that carry out the
rules type against this class, so none of them needs the state module above it.

Every card, marker take and STOP claim is resolved by the deduction solver
(:mod:`gadshill.solver.deduction`), whose report is cached per (board, question) so
that checking a move and then playing it asks the solver once; the answers of one
board are one dictionary, found once per board, so that asking again costs a
dictionary lookup.

The marker ledger is explicit: each of the 110 markers is with its building
(a building never marked keeps its 5), on the board, collected by a player,
or paid for a building (out of the game). ``ledger()`` accounts for all of
them and the effects assert it after every change (GH-C).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from gadshill.gads_hill.constants import DRAFT, OVER, PILES, START_LOCOMOTIVE, STOP
from gadshill.gads_hill.world import World
from gadshill.rules.moves import Move
from gadshill.rules.rng import GameRandom
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


@dataclass
class TurnLog:
    """What happened in one turn, for the narration and the overlooked points."""

    turn: int
    player: int
    events: list[dict[str, Any]] = field(default_factory=list)
    overlooked: list[Marker] = field(default_factory=list)
    locomotive: int = START_LOCOMOTIVE
    #: the board at the end of the turn (public; kept by reference, it is immutable and
    #: the state made it already), so a review can explain what was overlooked there
    board: Position | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "player": self.player,
            # a copy: a snapshot taken before a move must not grow with it (an event
            # is never changed once logged, so copying the list is enough)
            "events": list(self.events),
            "overlooked": [list(m) for m in self.overlooked],
            "locomotive": self.locomotive,
        }


class GadsHillCore(GameState[Move]):
    """A whole game's data: board, piles, hands, buildings, markers and the turn's
    progress, with the facts and solver answers derived from them.

    The protocol's moves, clones and views are the state's
    (:class:`gadshill.gads_hill.state.GadsHillState`), which is what games are made of.
    """

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

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the solver's answers (a cache, worked out again when asked:
        it was a third of a pickled state)."""
        kept = dict(self.__dict__)
        kept["_cache"], kept["_here"] = {}, None
        return kept

    # --- the protocol's facts ----------------------------------------------------
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

    def position_file(self) -> PositionFile:
        """The board with the seats, as position files and the town pictures hold it."""
        players = tuple(
            PlayerInfo(f"seat {p}", tuple(self.owned[p]), (), self.collected[p])
            for p in range(self.players)
        )
        return PositionFile(self.position(), players, self.locomotive, dict(self.fields))

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
