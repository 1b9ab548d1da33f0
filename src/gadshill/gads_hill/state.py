"""The state of a Gads Hill game and what each (already checked) move does.

The rule book (:mod:`gadshill.gads_hill.rules`) decides whether a move is legal;
this module carries it out. Every card, marker take and STOP claim is
resolved by the deduction solver (:mod:`gadshill.solver.deduction`), whose
report is cached per (board, question) so that checking a move and
then playing it asks the solver once.

The marker ledger is explicit: each of the 110 markers is with its building
(a building never marked keeps its 5), on the board, collected by a player,
or paid for a building (out of the game). ``ledger()`` accounts for all of
them and :meth:`GadsHillState._settle` asserts it after every change.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Self

from gadshill.gads_hill.moves import (
    PILES,
    Buy,
    Claim,
    Discard,
    Draft,
    Draw,
    Pass,
    Play,
    StopDone,
)
from gadshill.gads_hill.world import World
from gadshill.rules.moves import Move
from gadshill.rules.state import GameState
from gadshill.solver import deduction
from gadshill.solver.model import (
    MARKERS_PER_BUILDING,
    ActionReport,
    CardReport,
    Effect,
    Marker,
    Position,
    Removal,
)

GAME_ID = "gads-hill"
#: the locomotive starts at 3 (station, cemetery and bison field stand) (GH-1)
START_LOCOMOTIVE = 3
#: the locomotive value at which the game ends (GH-1, GH-9)
END_LOCOMOTIVE = 22
#: from this locomotive value on, a turn plays at most one card (GH-4)
ONE_CARD_LOCOMOTIVE = 16
BUY_PRICE = 2
MAX_BUYS = 3
HAND = {"building": 3, "district": 1, "condition": 1}

# phases
DRAFT, TURN, STOP, OVER = "draft", "turn", "stop", "over"

#: a game's solver-answer cache is emptied when it grows beyond this many entries
ANSWERS_LIMIT = 50_000


@dataclass
class TurnLog:
    """What happened in one turn, for the narration and the overlooked points."""

    turn: int
    player: int
    events: list[dict[str, Any]] = field(default_factory=list)
    overlooked: list[Marker] = field(default_factory=list)
    locomotive: int = START_LOCOMOTIVE

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "player": self.player,
            "events": self.events,
            "overlooked": [list(m) for m in self.overlooked],
            "locomotive": self.locomotive,
        }


class GadsHillState(GameState[Move]):
    """A whole game: board, piles, hands, buildings, markers and the turn's progress."""

    game_id = GAME_ID

    def __init__(self, world: World, players: int, seed: int) -> None:
        self.world = world
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        # the board (GH-1): fixed features dealt to the three designated fields
        features = list(world.features)
        self.rng.shuffle(features)
        self.fields: dict[str, str] = dict(zip(world.fields, features, strict=True))
        self.markers: dict[str, frozenset[str]] = {}
        self.placed: dict[str, str] = {}
        self.retired: frozenset[str] = frozenset()
        # three piles, each shuffled on its own; the top card is the last one
        self.piles: dict[str, list[int]] = {}
        for pile in PILES:
            cards = sorted(world.cards_of(pile))
            self.rng.shuffle(cards)
            self.piles[pile] = cards
        self.discards: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        for seat in range(players):
            for pile in PILES:
                for _ in range(HAND[pile]):
                    self.hands[seat].append(self.piles[pile].pop())
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
        self.changed = False  # the board changed this turn (GH-9)
        self.quiet_turns = 0
        self.history: list[TurnLog] = []
        self.current_log = TurnLog(0, 0)
        self._key: Any = None
        # Solver answers keyed by (board, question): an answer depends only on the
        # board, so this game's clones share the cache.
        self._cache: dict[Any, Any] = {}

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

    def clone(self) -> Self:
        """A copy sharing the immutable world and solver answers, not the mutable parts."""
        new = copy.copy(self)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.fields = dict(self.fields)
        new.markers = dict(self.markers)
        new.placed = dict(self.placed)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.discards = list(self.discards)
        new.hands = [list(h) for h in self.hands]
        new.owner = dict(self.owner)
        new.owned = [list(o) for o in self.owned]
        new.buys = list(self.buys)
        new.collected = list(self.collected)
        new.history = list(self.history)
        new.current_log = copy.deepcopy(self.current_log)
        new._cache = self._cache  # keyed by the board: an answer holds for every equal board
        return new

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

    def position(self) -> Position:
        key = ("position", self.board_key())
        found = self._cache.get(key)
        if found is None:
            found = Position(self.world.spaces, dict(self.markers), dict(self.placed), self.retired)
            self._cache[key] = found
        result: Position = found
        return result

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
        return [b for b in self.owned[seat] if not self.is_placed(b) and b not in self.retired]

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
    def card_report(self, card: int, my: str | None) -> CardReport:
        key = ("card", self.board_key(), card, my)
        found = self._cache.get(key)
        if found is None:
            clue = self.world.clue(card, my)
            found = deduction.check_card(self.position(), clue)
            self._cache[key] = found
        report: CardReport = found
        return report

    def removable(self) -> list[Removal]:
        key = ("removable", self.board_key())
        found = self._cache.get(key)
        if found is None:
            found = deduction.removable_markers(self.position())
            self._cache[key] = found
        result: list[Removal] = found
        return result

    def removable_set(self) -> frozenset[Marker]:
        key = ("removable-set", self.board_key())
        found = self._cache.get(key)
        if found is None:
            found = frozenset((r.building, r.space) for r in self.removable())
            self._cache[key] = found
        result: frozenset[Marker] = found
        return result

    def take_report(self, building: str, space: str) -> ActionReport:
        key = ("take", self.board_key(), building, space)
        found = self._cache.get(key)
        if found is None:
            found = deduction.take_marker(self.position(), building, space)
            self._cache[key] = found
        report: ActionReport = found
        return report

    def claim_report(self, building: str, space: str) -> ActionReport:
        key = ("claim", self.board_key(), building, space)
        found = self._cache.get(key)
        if found is None:
            found = deduction.claim(self.position(), [(building, space)])
            self._cache[key] = found
        report: ActionReport = found
        return report

    # --- moves ---------------------------------------------------------------------------
    def candidate_moves(self) -> list[Move]:
        """Every move worth checking (a superset of the legal ones)."""
        return self._moves(exact=False)

    def legal_moves(self) -> list[Move]:
        """The legal moves, generated directly (equal to the checked candidates; tested)."""
        if self.is_terminal:
            return []
        return self._moves(exact=True)

    def _moves(self, exact: bool) -> list[Move]:
        seat = self.current_player
        if seat is None:
            return []
        out: list[Move] = []
        if self.phase == DRAFT:
            return [Draft(b) for b in self.beside_board()]
        if self.phase == STOP:
            out.extend(Claim(b, s) for b, s in sorted(self.removable_set()))
            out.append(StopDone())
            return out
        hand = sorted(set(self.hands[seat]))
        can_play = not self.claimed and (
            self.action is None
            or (
                self.action == "play"
                and self.cards_played < 2
                and self.locomotive < ONE_CARD_LOCOMOTIVE
            )
        )
        if can_play or not exact:
            for card in hand:
                if self.world.card_kind(card) == "building":
                    choices: list[str | None] = [None]
                else:
                    choices = list(self.my_buildings(seat)) if exact else list(self.owned[seat])
                for my in choices:
                    move = Play(card, my)
                    if exact and self.rulebook.check(self, move):
                        continue
                    out.append(move)
        if self.action is None:
            takeable = sorted(
                (b, s) for b, spaces in self.markers.items() if len(spaces) > 1 for s in spaces
            )
            if takeable and len(hand) >= 2:
                for i, first in enumerate(hand):
                    for second in hand[i + 1 :]:
                        for b, s in takeable:
                            out.append(Discard((first, second), b, s))
            out.append(Pass())
        if not self.bought and (
            not exact or (self.buys[seat] < MAX_BUYS and self.collected[seat] >= BUY_PRICE)
        ):
            out.extend(Buy(b) for b in self.beside_board())
        if self.action is not None:
            out.extend(Claim(b, s) for b, s in sorted(self.removable_set()))
            piles = [p for p in PILES if self.piles[p]]
            out.extend(Draw(p) for p in piles)
            if not piles:
                out.append(Draw(None))
        return out

    def _play(self, move: Move) -> None:
        seat = self.current_player
        assert seat is not None
        if isinstance(move, Draft):
            self._take_building(seat, move.building)
            self.drafted += 1
            if self.drafted == 2 * self.players:
                self._start_turn(0)
        elif isinstance(move, Play):
            self._play_card(seat, move)
        elif isinstance(move, Discard):
            for card in move.cards:
                self.hands[seat].remove(card)
                self.discards.append(card)
            report = self.take_report(move.building, move.space)
            self.action = "discard"
            self._event("discard", cards=list(move.cards))
            self._resolve(seat, report.effect, "take", building=move.building, space=move.space)
        elif isinstance(move, Pass):
            self.action = "pass"
            self._event("pass")
        elif isinstance(move, Buy):
            self.collected[seat] -= BUY_PRICE
            self.paid += BUY_PRICE
            self.buys[seat] += 1
            self.bought = True
            self._take_building(seat, move.building)
            self._event("buy", building=move.building)
        elif isinstance(move, Claim):
            report = self.claim_report(move.building, move.space)
            if self.phase == TURN:
                self.claimed = True
            self._resolve(seat, report.effect, "claim", building=move.building, space=move.space)
            if self.phase == STOP and not self.removable_set():
                self._end_turn()
        elif isinstance(move, Draw):
            if move.pile is not None:
                self.hands[seat].append(self.piles[move.pile].pop())
            self._event("draw", pile=move.pile)
            self._open_stop_windows()
        elif isinstance(move, StopDone):
            self._next_stop_window()
        else:  # pragma: no cover - the rule book refuses unknown moves
            raise TypeError(move)
        self._refill()
        self._key = None
        if len(self._cache) > ANSWERS_LIMIT:
            self._cache.clear()
        self._settle()

    # --- effects -------------------------------------------------------------------------
    def _take_building(self, seat: int, building: str) -> None:
        self.owner[building] = seat
        self.owned[seat].append(building)

    def _play_card(self, seat: int, move: Play) -> None:
        report = self.card_report(move.card, move.my)
        self.hands[seat].remove(move.card)
        self.discards.append(move.card)
        self.action = "play"
        self.cards_played += 1
        self._resolve(seat, report.effect, "play", card=move.card, my=move.my)

    def _resolve(self, seat: int, effect: Effect, kind: str, **details: Any) -> None:
        """Carry out a solver effect; its points go to ``seat`` (GH-6)."""
        after = effect.after
        assert after is not None, "the rule book only lets applicable effects through"
        before_board = sum(len(s) for s in self.markers.values())
        newly_marked = {b for b, _ in effect.markers_placed}
        from_stock = sum(self.stock(b) for b in newly_marked)
        self.markers = {b: s for b, s in after.markers.items() if s}
        self.placed = dict(after.placed)
        self.retired = after.retired
        self._key = None
        after_board = sum(len(s) for s in self.markers.values())
        points = before_board + from_stock - after_board
        assert points == effect.points, (
            f"solver effect counts {effect.points} points, the ledger {points}"
        )
        self.collected[seat] += points
        if effect.markers_placed or effect.markers_removed or effect.buildings_placed:
            self.changed = True
        self._event(
            kind,
            seat=seat,
            points=points,
            placed=[list(m) for m in effect.markers_placed],
            removed=[list(m) for m in effect.markers_removed],
            taken=[list(m) for m in effect.markers_taken],
            buildings=[list(m) for m in effect.buildings_placed],
            retired=list(effect.retired),
            locomotive=self.locomotive,
            **details,
        )

    def _event(self, kind: str, **details: Any) -> None:
        self.current_log.events.append({"event": kind, **details})

    def _refill(self) -> None:
        """When all three piles are empty, discarded district cards become a new pile (GH-F4)."""
        if any(self.piles.values()):
            return
        district = [c for c in self.discards if self.world.card_kind(c) == "district"]
        if not district:
            return
        self.discards = [c for c in self.discards if self.world.card_kind(c) != "district"]
        district.sort()
        self.rng.shuffle(district)
        self.piles["district"] = district
        self._event("reshuffle", cards=len(district))

    def _start_turn(self, seat: int) -> None:
        self.phase = TURN
        self.active = seat
        self.turn += 1
        self.action = None
        self.cards_played = 0
        self.bought = False
        self.claimed = False
        self.changed = False
        self.current_log = TurnLog(self.turn, seat, locomotive=self.locomotive)

    def _open_stop_windows(self) -> None:
        """After the active player's part, each other player may call STOP in turn (GH-8)."""
        if self.players > 1 and self.removable_set():
            self.phase = STOP
            self.stop_seat = (self.active + 1) % self.players
        else:
            self._end_turn()

    def _next_stop_window(self) -> None:
        nxt = (self.stop_seat + 1) % self.players
        if nxt == self.active:
            self._end_turn()
        else:
            self.stop_seat = nxt

    def _end_turn(self) -> None:
        """Record what nobody claimed, then the end test (GH-9) or the next player's turn."""
        self.current_log.overlooked = sorted(self.removable_set())
        self.current_log.locomotive = self.locomotive
        self.history.append(self.current_log)
        # GH-9 as we read it: a quiet round ends the game only once the building and
        # condition piles are empty. Before that every turn draws a fresh card, so
        # players who passed with dead hands will have new clues next round; and the
        # draws themselves bound the number of quiet turns, so the game still ends.
        fresh_clues = self.piles["building"] or self.piles["condition"]
        self.quiet_turns = 0 if self.changed or fresh_clues else self.quiet_turns + 1
        if self.locomotive >= END_LOCOMOTIVE or self.quiet_turns >= self.players:
            self.phase = OVER
            return
        self._start_turn((self.active + 1) % self.players)

    def _settle(self) -> None:
        total = sum(self.ledger().values())
        expected = MARKERS_PER_BUILDING * len(self.world.buildings)
        assert total == expected, f"marker ledger holds {total}, not {expected}"

    # --- views ---------------------------------------------------------------------------
    def board_json(self) -> dict[str, Any]:
        return {
            "fields": dict(sorted(self.fields.items())),
            "placed": dict(sorted(self.placed.items())),
            "markers": {b: sorted(s) for b, s in sorted(self.markers.items())},
            "out of the game": sorted(self.retired),
            "locomotive": self.locomotive,
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: their hand, the board, every owned building, pile sizes."""
        return {
            "game": GAME_ID,
            "player": player,
            "to move": self.current_player,
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "hand": sorted(self.hands[player]),
            "hand sizes": [len(h) for h in self.hands],
            "buildings": [list(o) for o in self.owned],
            "beside the board": self.beside_board(),
            "board": self.board_json(),
            "piles": {p: len(self.piles[p]) for p in PILES},
            "discards": list(self.discards),
            "collected": list(self.collected),
            "buys": list(self.buys),
            "paid": self.paid,
            "turn state": self._turn_json(),
            "history": [t.to_json() for t in self.history],
        }

    def _turn_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "cards played": self.cards_played,
            "bought": self.bought,
            "claimed": self.claimed,
            "changed": self.changed,
            "stop seat": self.stop_seat,
            "quiet turns": self.quiet_turns,
            "drafted": self.drafted,
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": self.players,
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "board": self.board_json(),
            "piles": {p: list(self.piles[p]) for p in PILES},
            "discards": list(self.discards),
            "hands": [list(h) for h in self.hands],
            "buildings": [list(o) for o in self.owned],
            "collected": list(self.collected),
            "buys": list(self.buys),
            "paid": self.paid,
            "turn state": self._turn_json(),
            "log": self.current_log.to_json(),
            "history": [t.to_json() for t in self.history],
            "rng": repr(self.rng.getstate()),
        }
