"""Per-pack lookups of Sutter's Mill, built once per data pack and shared by all states.

Internally spaces are numbers: camps ``0..C-1`` in vein order, then buildings
``C..C+7``; buildings on their own are numbered ``0..7``; card ranks and chips
are numbers too. Every move object the generator hands out is built here once,
so generating the legal moves allocates no moves.
"""

from __future__ import annotations

from functools import lru_cache

from gadshill.gamedata.sutters_mill import SuttersMillData
from gadshill.rules.ids import Ids
from gadshill.rules.moves import Move
from gadshill.sutters_mill import moves as mv

DIRECTIONS = ("up", "down")
#: move fields holding an id of the notation -> the kind of id


class Tables:
    """Lookups and move objects for one data pack."""

    def __init__(self, data: SuttersMillData):
        self.data = data
        self.camps = [c.id for c in data.camps]
        self.buildings = [b.id for b in data.buildings]
        self.spaces = self.camps + self.buildings
        self.space_index = {s: i for i, s in enumerate(self.spaces)}
        self.camp_count = len(self.camps)
        self.building_count = len(self.buildings)
        self.space_count = len(self.spaces)
        self.building_index = {b: i for i, b in enumerate(self.buildings)}
        self.ranks = [c.rank for c in data.cards]
        self.rank_index = {r: i for i, r in enumerate(self.ranks)}
        self.rank_values = [c.value for c in data.cards]
        self.chip_values = [c.value for c in data.chips]
        self.chip_colours = [c.colour for c in data.chips]
        colour_section = {colour: i for i, colour in enumerate(data.vein_colours)}
        #: chip -> the vein section (camp) of its colour, -1 for the starting colour
        self.chip_sections = [colour_section.get(c.colour, -1) for c in data.chips]
        self.vein_chips = [
            [c.id for c in data.chips if c.colour == colour] for colour in data.vein_colours
        ]
        self.starting_chips = [c.id for c in data.chips if c.colour == data.starting_colour]
        # the buildings whose deeds grant a free action, by what the data pack says they do
        special = {b.special: i for i, b in enumerate(data.buildings)}
        self.oddfellows = special["free-prospector"]
        self.eldorado = special["free-card"]
        self.stjohns = special["card-shift"]
        self.adams = special["free-removal"]
        self.chalmers = special["free-move-or-removal"]
        #: building -> the camp whose section its bonus needs
        self.bonus_camp: dict[int, int] = {}
        for i, b in enumerate(data.buildings):
            if b.camp is not None:
                self.bonus_camp[i] = self.camps.index(b.camp)
        self.costs = list(data.marginal_costs)
        self.max_paid_actions = len(self.costs)
        #: minus points by the number of own prospectors on the board
        self.prospector_minus = [0, *data.prospector_minus]
        self.prospector_count = data.prospectors
        #: notation ids in any case -> as the pack spells them (``parse_move``)
        spaces = Ids("space", self.spaces)
        self.id_fields = {
            "space": spaces,
            "building": spaces,
            "rank": Ids("rank", self.ranks),
            "direction": Ids("direction", DIRECTIONS),
        }
        self._build_moves()

    def _build_moves(self) -> None:
        buildings, spaces, ranks = self.buildings, self.spaces, self.ranks
        numbers = range(1, self.prospector_count + 1)  # a player's own prospector numbers
        self.wind_down, self.prospect, self.town, self.end = (
            mv.WindDown(),
            mv.Prospect(),
            mv.Town(),
            mv.End(),
        )
        self.dig_moves: list[Move] = [mv.Dig(b) for b in buildings]
        self.bonus_moves: list[Move] = [mv.Bonus(b) for b in buildings]
        self.bring_moves: list[Move] = [mv.Bring(s) for s in spaces]
        self.free_bring_moves: list[Move] = [mv.FreeBring(s) for s in spaces]
        #: [building][rank]
        self.card_moves: list[list[Move]] = [[mv.PlaceCard(b, r) for r in ranks] for b in buildings]
        self.free_card_moves: list[list[Move]] = [
            [mv.FreeCard(b, r) for r in ranks] for b in buildings
        ]
        #: [prospector][space]
        self.move_moves: list[list[Move]] = [
            [mv.MoveProspector(k, s) for s in spaces] for k in numbers
        ]
        self.free_move_moves: list[list[Move]] = [
            [mv.FreeMove(k, s) for s in spaces] for k in numbers
        ]
        #: [prospector][space it stands on]: the moves to every other space
        self.move_away = [
            [[move for x, move in enumerate(row) if x != here] for here in range(len(row))]
            for row in self.move_moves
        ]
        self.free_move_away = [
            [[move for x, move in enumerate(row) if x != here] for here in range(len(row))]
            for row in self.free_move_moves
        ]
        self.withdraw_moves: list[Move] = [mv.Withdraw(k) for k in numbers]
        self.free_withdraw_moves: list[Move] = [mv.FreeWithdraw(k) for k in numbers]
        self.remove_moves: list[Move] = [mv.Remove(k) for k in numbers]
        self.free_remove_moves: list[Move] = [mv.FreeRemove(k) for k in numbers]
        self._shift_moves: dict[tuple[int, int, str], mv.Shift] = {}
        self._pay_moves: dict[tuple[int, ...], mv.Pay] = {}

    def shift_move(self, building: int, position: int, direction: str) -> mv.Shift:
        key = (building, position, direction)
        move = self._shift_moves.get(key)
        if move is None:
            move = self._shift_moves[key] = mv.Shift(self.buildings[building], position, direction)
        return move

    def pay_move(self, values: tuple[int, ...]) -> mv.Pay:
        move = self._pay_moves.get(values)
        if move is None:
            move = self._pay_moves[values] = mv.Pay(values)
        return move


@lru_cache(maxsize=8)
def tables_for(data: SuttersMillData) -> Tables:
    return Tables(data)
