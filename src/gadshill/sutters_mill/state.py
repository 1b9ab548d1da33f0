"""The state of a Sutter's Mill game: the board, the hands, the chips, and where the
turn stands.

The state holds the position and answers questions about it; what moves do is in
``effects``, which moves exist in ``movegen``, which are allowed in the rule book
(``rules``). Spaces, buildings, ranks and chips are numbers (see ``tables``);
a prospector's location is a space number, ``SUPPLY`` or ``BOX``.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any, ClassVar, Self

from gadshill.gamedata.sutters_mill import SuttersMillData
from gadshill.rules.ids import canonical_move
from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.rng import GameRandom
from gadshill.rules.rulebook import RuleBook
from gadshill.rules.state import GameState
from gadshill.sutters_mill import effects, movegen
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import GAME_ID, OVER, START, SUPPLY
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.payments import (
    Holding,
    has_needless_chip,
    least_loss,
    least_loss_payments,
    payment_loss,
)
from gadshill.sutters_mill.picture import draw
from gadshill.sutters_mill.rules import BOOK
from gadshill.sutters_mill.tables import Tables, tables_for


@lru_cache(maxsize=1024)
def _holding(tables: Tables, chips: tuple[int, ...]) -> Holding:
    """Chip ids as (value, count) pairs: the bank's holding, asked for again and again."""
    chip_values = tables.chip_values
    return tuple(sorted(Counter(chip_values[c] for c in chips).items()))


class SuttersMillState(GameState[Move]):
    """A Sutter's Mill position: board, hands, chips, and where the turn stands."""

    game_id: ClassVar[str] = GAME_ID
    rulebook: ClassVar[RuleBook[Any, Any]] = BOOK
    codec: ClassVar[MoveCodec] = CODEC

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

    # --- the protocol ------------------------------------------------------------
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

    def candidate_moves(self) -> list[Move]:
        return movegen.candidate_moves(self)

    def legal_moves(self) -> list[Move]:
        return movegen.legal_moves(self)

    def _play(self, move: Move) -> None:
        effects.play(self, move)

    def parse_move(self, text: str) -> Move:
        """A move from its notation, its ids matched case-insensitively (``dig MILL``);
        an unknown id is a NotationError that suggests the closest known one."""
        return canonical_move(self.codec.parse(text), self.tables.id_fields)

    def clone(self) -> Self:
        new = object.__new__(type(self))
        own = self.__dict__
        copied = new.__dict__
        copied.update(own)  # the vein list and the frozen public chips are never mutated
        copied["section_left"] = own["section_left"][:]
        for key in ("chips", "hands", "card_box", "piles", "stacks", "prospectors"):
            copied[key] = [x[:] for x in own[key]]
        for key in ("bank", "chip_box", "winding_down", "deeds", "retired"):
            copied[key] = own[key][:]
        copied["specials_used"] = set(own["specials_used"])
        copied["removals"] = set(own["removals"])
        copied["rng"] = self.rng.copy()
        return new

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A state ``player`` cannot tell from this one, its hidden chips redrawn.

        Hidden from ``player`` are the chips lying face down: the order of the vein
        still to dig, the chips boxed from its far end, and the chips other players
        took from the vein. Each of those is swapped with a random hidden chip of the same colour
        (colours are seen), in the vein, the box and the holdings alike, so every
        chip stays once in the game. ``player``'s own chips, the bank and every chip
        that passed through the open bank (``public_chips``: the pay and change moves
        are public) stay. Hands need no redraw: a hand is all cards not yet played
        or removed, which everybody sees. The generator is reseeded from ``rng``.
        """
        new = self.clone()
        hidden = self.hidden_chips(player)
        colours = self.tables.chip_colours
        by_colour: dict[str, list[int]] = {}
        for chip in sorted(hidden):
            by_colour.setdefault(colours[chip], []).append(chip)
        relabel: dict[int, int] = {}
        for chips in by_colour.values():
            drawn = chips[:]
            rng.shuffle(drawn)
            relabel.update(zip(chips, drawn, strict=True))
        new.vein = [relabel.get(c, c) for c in self.vein]
        new.chip_box = [relabel.get(c, c) for c in self.chip_box]
        for other in range(self.player_count):
            if other != player:
                new.chips[other] = [relabel.get(c, c) for c in self.chips[other]]
        new.rng = GameRandom(rng.getrandbits(64))
        return new

    def hidden_chips(self, player: int) -> set[int]:
        """The chips whose identity ``player`` cannot know (only their colour)."""
        hidden = set(self.vein[self.vein_head : self.vein_tail]) | set(self.chip_box)
        for other in range(self.player_count):
            if other != player:
                hidden.update(c for c in self.chips[other] if c not in self.public_chips)
        return hidden

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

    # --- views ------------------------------------------------------------------------
    def _common(self) -> dict[str, Any]:
        tables = self.tables
        camp = self.current_camp()
        return {
            "players": self.player_count,
            "colours": list(self.data.colours[: self.player_count]),
            "turn": self.turn,
            "player": self.current_player,
            "phase": self.phase,
            "over_reason": self.over_reason,
            "current_camp": tables.camps[camp] if camp >= 0 else None,
            "section_left": dict(zip(tables.camps, self.section_left, strict=True)),
            "winding_down": list(self.winding_down),
            "prospectors": [
                [
                    tables.spaces[loc] if loc >= 0 else ("supply" if loc == SUPPLY else "box")
                    for loc in own
                ]
                for own in self.prospectors
            ],
            "stacks": {
                tables.buildings[b]: [[owner, tables.ranks[r]] for owner, r in stack]
                for b, stack in enumerate(self.stacks)
            },
            "deeds": {
                tables.buildings[b]: (holder if holder >= 0 else None)
                for b, holder in enumerate(self.deeds)
            },
            "retired": [tables.buildings[b] for b, gone in enumerate(self.retired) if gone],
            "adventurer": self.adventurer if self.adventurer >= 0 else None,
            "piles": [[tables.ranks[r] for r in pile] for pile in self.piles],
            "bank": sorted(self.bank),
            "turn_state": {
                "digs": self.digs,
                "paid_actions": self.paid_actions,
                "debt": self.debt,
                "specials_used": sorted(tables.buildings[b] for b in self.specials_used),
                "bonus_sections": dict(zip(tables.camps, self.bonus_sections, strict=True)),
                "removals": sorted([k + 1, tables.buildings[b]] for k, b in self.removals),
            },
        }

    def observation(self, player: int) -> dict[str, Any]:
        obs = self._common()
        colours = self.tables.chip_colours
        obs["viewer"] = player
        obs["vein"] = [colours[c] for c in self.vein[self.vein_head : self.vein_tail]]
        # vein chips leave for the box face down (SM-6.last-card): their colours only
        obs["chip_box"] = [colours[c] for c in self.chip_box]
        obs["chips"] = [
            sorted(chips) if p == player else [colours[c] for c in chips]
            for p, chips in enumerate(self.chips)
        ]
        obs["hand"] = [self.tables.ranks[r] for r in self.hands[player]]
        obs["hand_sizes"] = [len(h) for h in self.hands]
        return obs

    def snapshot(self) -> dict[str, Any]:
        ranks = self.tables.ranks
        snap = self._common()
        snap["seed"] = self.seed
        snap["vein"] = self.vein[self.vein_head : self.vein_tail]
        snap["chip_box"] = sorted(self.chip_box)
        snap["chips"] = [sorted(c) for c in self.chips]
        snap["public_chips"] = sorted(self.public_chips)
        snap["hands"] = [[ranks[r] for r in h] for h in self.hands]
        snap["card_box"] = [[ranks[r] for r in h] for h in self.card_box]
        return snap

    def _repr_svg_(self) -> str:
        """The picture everybody sees (``picture.draw``), so a state shows itself in Jupyter."""
        return draw(self, None)
