"""The data of a Sutter's Mill game and the facts derived from it: the board, the
hands, the chips, where the turn stands, and the questions the rule book, the
effects, the move generator and the picture ask of them.

:class:`SuttersMillCore` holds the position and answers questions about it; the
state class (:mod:`gadshill.sutters_mill.state`) adds the game protocol on top: the
bound rule book, moves, clones, observations and snapshots. The modules that carry
out the rules type against this class, so none of them needs the state module
above it. Spaces, buildings, ranks and chips are numbers (see ``tables``); a
prospector's location is a space number, ``SUPPLY`` or ``BOX``.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from gadshill.gamedata.sutters_mill import SuttersMillData
from gadshill.rules.moves import Move
from gadshill.rules.rng import GameRandom
from gadshill.rules.state import GameState
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import OVER, START, SUPPLY
from gadshill.sutters_mill.payments import (
    Holding,
    has_needless_chip,
    least_loss,
    least_loss_payments,
    payment_loss,
)
from gadshill.sutters_mill.tables import Tables, tables_for


@lru_cache(maxsize=1024)
def _holding(tables: Tables, chips: tuple[int, ...]) -> Holding:
    """Chip ids as (value, count) pairs: the bank's holding, asked for again and again."""
    chip_values = tables.chip_values
    return tuple(sorted(Counter(chip_values[c] for c in chips).items()))


class SuttersMillCore(GameState[Move]):
    """A Sutter's Mill position's data: board, hands, chips, and where the turn
    stands, with the facts derived from them (the protocol's moves, clones and views
    are the state's, :class:`gadshill.sutters_mill.state.SuttersMillState`)."""

    rng: GameRandom

    def __init__(self, data: SuttersMillData, players: int, seed: int):
        tables = tables_for(data)
        self.tables = tables
        self.data = data
        self.player_count = players
        self.seed = seed
        self.rng = GameRandom(seed)
        # SM-2.vein: each colour shuffled on its own, laid in camp order
        self.vein: list[int] = []
        for chips in tables.vein_chips:
            section = list(chips)
            self.rng.shuffle(section)
            self.vein.extend(section)
        #: the next chip to dig, and one past the far-end chip (removals box it)
        self.vein_head = 0
        self.vein_tail = len(self.vein)
        self.section_left = [len(c) for c in tables.vein_chips]
        # SM-2.starting-chips: one red chip of each value per player, the rest is the bank
        self.chips: list[list[int]] = [[] for _ in range(players)]
        bank = list(tables.starting_chips)
        for p in range(players):
            for value in data.starting_values:
                chip = next(c for c in bank if tables.chip_values[c] == value)
                bank.remove(chip)
                self.chips[p].append(chip)
        self.bank: list[int] = bank
        self.chip_box: list[int] = []
        #: chips everybody has seen: the red ones, and any that passed through the open bank
        self.public_chips: frozenset[int] = frozenset(tables.starting_chips)
        # SM-setup.pieces: all cards in hand; one prospector at the first camp, the rest
        # in the supply; seat 0 starts
        ranks = len(tables.ranks)
        self.hands: list[list[int]] = [list(range(ranks)) for _ in range(players)]
        self.card_box: list[list[int]] = [[] for _ in range(players)]
        self.piles: list[list[int]] = [[] for _ in range(players)]
        #: per building its cards as (owner, rank), bottom first
        self.stacks: list[list[tuple[int, int]]] = [[] for _ in range(tables.building_count)]
        self.prospectors: list[list[int]] = [
            [0] + [SUPPLY] * (tables.prospector_count - 1) for _ in range(players)
        ]
        self.winding_down = [False] * players
        self.deeds = [-1] * tables.building_count
        self.retired = [False] * tables.building_count
        self.adventurer = -1
        self.player = 0
        self.phase = START
        self.turn = 1
        self.over_reason = ""
        self.reset_turn()

    def reset_turn(self) -> None:
        self.digs = 0
        self.paid_actions = 0
        self.debt = 0
        self.specials_used: set[int] = set()  # buildings whose special was used this turn
        self.removals: set[tuple[int, int]] = set()  # (prospector, building) this turn
        # SM-4.bonus-section: chips left per section once businesses have run (decided
        # then, so the bonuses may be taken in any order)
        self.bonus_sections: tuple[int, ...] = tuple(self.section_left)

    # --- the protocol's facts ----------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.player_count

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.player

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def turns_left(self) -> int | None:
        limit = self.data.turn_limit  # SM-V1: the game ends when turn ``limit`` ends
        return None if limit is None else max(0, limit - self.turn)

    # --- queries used by the rules, the effects and the views -----------------------
    def current_camp(self) -> int:
        """The camp whose section holds the next chip of the vein (-1 when empty); when a
        section runs dry the next section's camp is current (SM-4.next-section)."""
        if self.vein_head >= self.vein_tail:
            return -1
        return self.tables.chip_sections[self.vein[self.vein_head]]

    def vein_left(self) -> int:
        return self.vein_tail - self.vein_head

    def nuggets(self, player: int) -> int:
        return sum(map(self.tables.chip_values.__getitem__, self.chips[player]))

    def chip_counts(self, player: int) -> dict[int, int]:
        """The player's chips as value -> count."""
        counts: dict[int, int] = {}
        chip_values = self.tables.chip_values
        for chip in self.chips[player]:
            value = chip_values[chip]
            counts[value] = counts.get(value, 0) + 1
        return counts

    def prospectors_at(self, player: int, space: int) -> int:
        return self.prospectors[player].count(space)

    def cards_at(self, player: int, building: int) -> int:
        return sum(1 for owner, _ in self.stacks[building] if owner == player)

    def prospectors_in_play(self, player: int) -> int:
        return sum(1 for loc in self.prospectors[player] if loc >= 0)

    def special_building(self, move: Move) -> int:
        """The building whose deed grants a free action or bonus move (-1: none)."""
        tables = self.tables
        if isinstance(move, mv.Bonus):
            return tables.building_index.get(move.building, -1)
        if isinstance(move, mv.FreeBring):
            return tables.oddfellows
        if isinstance(move, mv.FreeMove):
            return tables.chalmers if self.winding_down[self.player] else tables.oddfellows
        if isinstance(move, mv.FreeCard):
            return tables.eldorado
        if isinstance(move, mv.FreeRemove):
            return tables.adams
        if isinstance(move, mv.FreeWithdraw):
            return tables.chalmers
        if isinstance(move, mv.Shift):
            return tables.stjohns
        return -1

    def business_chips(self, player: int) -> int:
        """SM-B.businesses: the chips a player's businesses bring after digging, one per
        own deed and one for the Adventurer."""
        return self.deeds.count(player) + (self.adventurer == player)

    def decide_bonuses(self) -> None:
        """SM-4.bonus-section: which sections still hold a chip after businesses ran."""
        self.bonus_sections = tuple(self.section_left)

    def bonus_possible(self, building: int) -> bool:
        """SM-4.bonus-section: the bonus building's section held a chip once the
        businesses had run (taking another bonus since then does not matter)."""
        camp = self.tables.bonus_camp.get(building)
        return camp is not None and self.bonus_sections[camp] > 0

    def bonus_options(self) -> list[int]:
        """The bonus buildings whose chip the seat to move may still take this turn."""
        player = self.player
        return [
            b
            for b in self.tables.bonus_camp
            if self.deeds[b] == player and b not in self.specials_used and self.bonus_possible(b)
        ]

    def town_possible(self, player: int) -> bool:
        """SM-3.town-possible: one paid action is within reach (C/E in Building Up, E/F
        after)."""
        first = self.tables.costs[0]
        if first and first > self.nuggets(player):
            return False
        if self.winding_down[player]:
            return self.prospectors_in_play(player) > 0
        return True

    def can_act(self, player: int) -> bool:
        """Whether a seat can prospect or act in town (else SM-3.skip passes it over);
        with the default data only a wound-down player without prospectors on the
        board cannot act any more."""
        return self.current_camp() in self.prospectors[player] or self.town_possible(player)

    # --- paying -----------------------------------------------------------------------
    def _bank_holding(self) -> Holding:
        return _holding(self.tables, tuple(self.bank))

    def payment_loss(self, values: tuple[int, ...], due: int) -> int:
        """SM-2.least-overpayment: the nuggets a payment loses, its overshoot of ``due``
        less the change the bank (which then holds the paid chips too) can give back."""
        return payment_loss(self._bank_holding(), tuple(sorted(values, reverse=True)), due)

    def least_loss(self, player: int, due: int) -> int:
        """SM-2.least-overpayment: the fewest nuggets any payment of ``player`` loses."""
        items = tuple(sorted(self.chip_counts(player).items()))
        return least_loss(items, self._bank_holding(), due)

    def has_needless_chip(self, values: tuple[int, ...], due: int) -> bool:
        """SM-2.pay-minimal: a chip of ``values`` could be kept at no loss."""
        return has_needless_chip(self._bank_holding(), tuple(sorted(values, reverse=True)), due)

    def owns_values(self, player: int, values: tuple[int, ...]) -> bool:
        """Whether ``player`` holds chips of all these values (SM-2.pay-owned)."""
        counts = self.chip_counts(player)
        return all(counts.get(v, 0) >= n for v, n in Counter(values).items())

    def payments(self, player: int, due: int) -> list[tuple[int, ...]]:
        """The payments a player may make for ``due``, cheapest first: no needless chip
        (SM-2.pay-minimal) and the fewest nuggets lost after change
        (SM-2.least-overpayment)."""
        items = tuple(sorted(self.chip_counts(player).items()))
        return list(least_loss_payments(items, self._bank_holding(), due))

    def cheapest_payment(self, player: int, due: int) -> tuple[int, ...]:
        """The payment the engine makes when the game ends with costs owed
        (SM-2.settle-at-end): the least loss, then the fewest nuggets and chips."""
        options = self.payments(player, due)
        if not options:  # cannot happen when SM-1.afford holds; pay everything
            chip_values = self.tables.chip_values
            return tuple(sorted((chip_values[c] for c in self.chips[player]), reverse=True))
        return options[0]

    # --- scores -----------------------------------------------------------------------
    def minus_points(self, player: int) -> int:
        """Own cards still in town, and the minus for own prospectors on the board."""
        rank_values = self.tables.rank_values
        town = sum(rank_values[r] for stack in self.stacks for owner, r in stack if owner == player)
        return town + self.tables.prospector_minus[self.prospectors_in_play(player)]

    def score(self, player: int) -> int:
        # SM-end.scoring: nuggets plus own removed cards, less the minus points
        rank_values = self.tables.rank_values
        removed = sum(rank_values[r] for r in self.piles[player])
        return self.nuggets(player) + removed - self.minus_points(player)

    def scores(self) -> list[float]:
        return [float(self.score(p)) for p in range(self.player_count)]

    def ranking_key(self, player: int) -> tuple[float, ...]:
        # SM-6.tie: more points first, then fewer minus points; else a shared win
        return (float(self.score(player)), -float(self.minus_points(player)))
