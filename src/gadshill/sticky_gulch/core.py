"""The data of a Sticky Gulch game and the facts derived from it: what the rule book,
the effects, the move generator and the picture read and change.

:class:`StickyGulchCore` holds the position and answers questions about it; the
state class (:mod:`gadshill.sticky_gulch.state`) adds the game protocol on top: the
bound rule book, moves, clones, observations and snapshots. The modules that carry
out the rules type against this class, so none of them needs the state module above
it. The phases (``phase``) are named in ``constants``. Everything random (shuffles,
the starting player, every die) comes from ``self.rng``.
"""

from __future__ import annotations

from gadshill.gamedata.sticky_gulch import Drifter, Step, StickyGulchData
from gadshill.rules.rng import GameRandom
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import ACT, DRAFT, FREE, MAX_EXTRA_ROLLS, OVER
from gadshill.sticky_gulch.moves import Camp, Draw, Hire, Prospect, StickyGulchMove

# A claim: (location number, lode letter, player, dollars)
Claim = tuple[int, str, int, int]


def deck_top_known(seen: tuple[int, int] | None, deck: list[str], player: int) -> tuple[str, ...]:
    """The drifters on top of ``deck`` that ``player`` put back there after a hire
    (``seen``: who put back how many, the state's ``deck_top_seen``); one function for
    the state and its tensor's reader."""
    if seen is None or seen[0] != player or not seen[1]:
        return ()
    return tuple(deck[-seen[1] :])


class StickyGulchCore(GameState[StickyGulchMove]):
    """A Sticky Gulch position's data, with the facts derived from it (the protocol's
    moves, clones and views are the state's,
    :class:`gadshill.sticky_gulch.state.StickyGulchState`)."""

    rng: GameRandom
    data: StickyGulchData
    players: int
    length: str
    target: int  # retirements that end the game (raised by one on a tie)
    starting_player: int
    phase: str
    player: int  # whose turn it is
    actor: int  # who must move now (differs in the draft, setup and reaction windows)
    turn: int
    money: list[int]
    stock: list[int]
    hands: list[list[str]]
    drifter_deck: list[str]  # top is the end of the list
    drifter_discard: list[str]
    location_deck: list[int]  # top is the end of the list
    in_play: list[int]
    retired: list[int]
    sites: list[list[int]]  # per location number: owner per site, FREE or X_SITE
    claimed: list[int]  # per location number: lodes claimed so far
    claims: list[Claim]
    # setup
    draft_offers: list[list[str]]  # draft: the two drifters dealt to each player
    draft_queue: list[int]
    setup_queue: list[int]  # players still owed a starting camp (one entry per camp)
    setup_used: list[int]  # locations this setup player has already camped on
    # the current turn
    action_points: int
    draws: int
    hires: int
    rolls: int
    camps_on: dict[int, int]
    new_locations: list[int]
    # hiring
    hire_offer: list[str]
    # (player, count): the top drifters of the deck that player put back after a hire
    deck_top_seen: tuple[int, int] | None
    # drifter effects in progress
    queue: list[Step]
    picked: tuple[int, int] | None
    effect_drawn: list[int]  # cards the drifter effect in progress drew
    # the prospecting roll in progress
    roll_location: int
    roll_final: bool
    die: int
    window: list[int]
    declared: list[tuple[int, str, int | None]]
    # narration of what happened (lodes paid, retirements...), for the move log; not rules
    log: list[str]

    def __init__(self, data: StickyGulchData, players: int, seed: int, length: str) -> None:
        """The table before the deal: decks in pack order, nothing in play.

        ``setup.new_game`` checks the player count and deals.
        """
        table = data.table
        self.data = data
        self.players = players
        self.length = length
        self.target = table.length(length)  # SG-5.length: retirements that end the game
        self.rng = GameRandom(seed)  # SG-R.dice: all chance from one seeded generator
        self.starting_player = self.player = self.actor = 0
        self.phase = DRAFT
        self.turn = 0
        self.money = [table.starting_money] * players  # SG-2: $10 each from the bank
        self.stock = [table.camps_per_player] * players
        self.hands = [[] for _ in range(players)]
        self.drifter_deck = [drifter.id for drifter in data.drifters]
        self.drifter_discard = []
        self.location_deck = [location.number for location in data.locations]
        self.in_play = []
        self.retired = []
        self.sites = [[] for _ in range(len(data.locations) + 1)]
        self.claimed = [0] * (len(data.locations) + 1)
        self.claims = []
        self.draft_offers = [[] for _ in range(players)]
        self.draft_queue = []
        self.setup_queue = []
        self.setup_used = []
        self.hire_offer = []
        self.deck_top_seen = None
        self.queue = []
        self.effect_drawn = []
        self.picked = None
        self.log = []
        reset_turn(self)
        clear_roll(self)

    # --- the protocol's facts ----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def num_players(self) -> int:
        return self.players

    def scores(self) -> list[float]:
        return [float(money) for money in self.money]

    def turns_left(self) -> int | None:
        limit = self.data.table.turn_limit  # SG-V1: the game ends when turn ``limit`` ends
        return None if limit is None else max(0, limit - self.turn)

    # --- questions the rules, the move generator and the bots ask ---------------------
    def drifter(self, ident: str) -> Drifter:
        return self.data.drifter_by_id[ident]

    def available_sites(self, number: int) -> list[int]:
        return [i + 1 for i, owner in enumerate(self.sites[number]) if owner == FREE]

    def action_cost(self, move: StickyGulchMove) -> int | None:
        """Action points the move costs now (SG-3's table); None when this turn has used
        up that action's row of the table, 0 for what costs nothing."""
        costs = self.data.table.costs
        if isinstance(move, Draw):
            done, table = self.draws, costs.draw_location
        elif isinstance(move, Hire):
            done, table = self.hires, costs.hire
        elif isinstance(move, Prospect):
            done, table = self.rolls, costs.extra_roll[: self.extra_roll_limit]
        elif isinstance(move, Camp) and self.phase == ACT:
            if self.camps_on.get(move.location, 0) >= len(costs.camp_on_location):
                return None
            return self.camp_cost(move.location)
        else:
            return 0
        return table[done] if done < len(table) else None

    @property
    def extra_roll_limit(self) -> int:
        """Additional rolls a turn may buy: the cost table's rows, two at most (SG-3)."""
        return min(len(self.data.table.costs.extra_roll), MAX_EXTRA_ROLLS)

    def camp_cost(self, number: int) -> int:
        costs = self.data.table.costs
        done = self.camps_on.get(number, 0)
        if done == 0 and number in self.new_locations:
            return costs.new_location_camp  # SG-R.new-location-camp: the first camp is free
        return costs.camp_on_location[done] if done < len(costs.camp_on_location) else 99

    def camps_of(self, player: int) -> list[tuple[int, int]]:
        return [
            (number, i + 1)
            for number in self.in_play
            for i, owner in enumerate(self.sites[number])
            if owner == player
        ]

    def deck_top_known_to(self, player: int) -> list[str]:
        """The drifters on top of the deck that ``player`` put back there after a hire."""
        return list(deck_top_known(self.deck_top_seen, self.drifter_deck, player))

    def eligible_die_drifters(self, player: int) -> list[Drifter]:
        """Die drifters ``player`` may use on the die now showing."""
        out = []
        for ident in self.hands[player]:
            drifter = self.data.drifter_by_id[ident]
            timely = drifter.when == "any-roll" or (
                drifter.when == "own-roll" and player == self.player
            )
            if timely and drifter.cost <= self.money[player]:
                out.append(drifter)
        return out


# --- the turn's and the roll's fields, set afresh (the deal and effects both do) ------
def reset_turn(state: StickyGulchCore) -> None:
    """A fresh turn: full action points, nothing done yet."""
    state.action_points = state.data.table.action_points
    state.draws = state.hires = state.rolls = 0
    state.camps_on = {}
    state.new_locations = []
    state.effect_drawn = []


def clear_roll(state: StickyGulchCore) -> None:
    state.roll_location = 0
    state.roll_final = False
    state.die = 0
    state.window = []
    state.declared = []
