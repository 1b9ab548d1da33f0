"""The position of a Sticky Gulch game, and what each seat may see of it.

The state holds the position and answers questions about it; what a move does is in
``effects``, which moves are legal in ``movegen``, the deal in ``setup``. The phases
(``state.phase``) are named in ``constants``. Everything random (shuffles, the starting
player, every die) comes from ``self.rng``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, cast

from gadshill.gamedata.sticky_gulch import Drifter, Step, StickyGulchData
from gadshill.rules.ids import Ids, canonical_move
from gadshill.rules.moves import MoveCodec
from gadshill.rules.rng import GameRandom
from gadshill.rules.rulebook import RuleBook
from gadshill.rules.state import GameState
from gadshill.sticky_gulch import effects, movegen
from gadshill.sticky_gulch.constants import ACT, DRAFT, FREE, GAME_ID, MAX_EXTRA_ROLLS, OVER
from gadshill.sticky_gulch.moves import CODEC, Camp, Draw, Hire, Prospect, Roll, StickyGulchMove
from gadshill.sticky_gulch.picture import draw
from gadshill.sticky_gulch.rules import BOOK

# A claim: (location number, lode letter, player, dollars)
Claim = tuple[int, str, int, int]


def deck_top_known(seen: tuple[int, int] | None, deck: list[str], player: int) -> tuple[str, ...]:
    """The drifters on top of ``deck`` that ``player`` put back there after a hire
    (``seen``: who put back how many, the state's ``deck_top_seen``); one function for
    the state and its tensor's reader."""
    if seen is None or seen[0] != player or not seen[1]:
        return ()
    return tuple(deck[-seen[1] :])


class StickyGulchState(GameState[StickyGulchMove]):
    game_id: ClassVar[str] = GAME_ID
    rulebook: ClassVar[RuleBook[Any, Any]] = BOOK
    codec: ClassVar[MoveCodec] = CODEC

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
        effects.reset_turn(self)
        effects.clear_roll(self)

    # --- protocol --------------------------------------------------------------------
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

    def draws_first(self, move: StickyGulchMove) -> bool:
        # SG-R.dice: a roll's throw is the first thing it does (effects._roll); a roll
        # after a declared re-roll changes the die before it throws again
        return type(move) is Roll and not self.die

    def candidate_moves(self) -> list[StickyGulchMove]:
        return list(movegen.universe(self.data))

    def legal_moves(self) -> list[StickyGulchMove]:
        if self.phase == OVER:
            return []
        return movegen.legal_moves(self)

    def _play(self, move: StickyGulchMove) -> None:
        effects.play(self, move)

    def parse_move(self, text: str) -> StickyGulchMove:
        """A move from its notation; drifter ids are matched case-insensitively.

        An unknown drifter id is a ``NotationError`` naming the closest known ids.
        """
        move = cast(StickyGulchMove, self.codec.parse(text))
        return canonical_move(move, {"drifter": Ids("drifter", self.data.drifter_by_id)})

    def clone(self) -> StickyGulchState:
        other = StickyGulchState.__new__(StickyGulchState)
        mine = self.__dict__
        theirs = other.__dict__
        theirs.update(mine)
        other.rng = self.rng.copy()
        for name in (
            "money",
            "stock",
            "drifter_deck",
            "drifter_discard",
            "location_deck",
            "in_play",
            "retired",
            "claimed",
            "claims",
            "draft_queue",
            "setup_queue",
            "setup_used",
            "new_locations",
            "hire_offer",
            "queue",
            "effect_drawn",
            "window",
            "declared",
            "log",
        ):
            theirs[name] = mine[name][:]
        other.hands = [hand[:] for hand in self.hands]
        other.draft_offers = [offer[:] for offer in self.draft_offers]
        other.sites = [row[:] for row in self.sites]
        other.camps_on = dict(self.camps_on)
        return other

    def determinize(self, player: int, rng: random.Random) -> StickyGulchState:
        """A state ``player`` cannot tell from this one, with everything hidden redrawn.

        Redrawn from the drifters ``player`` has not seen: the other players' hands and
        draft offers, the hire offer when it is not ``player``'s, and the drifter deck
        (except the ones ``player`` put back on its top). The location deck is reshuffled
        (its cards are known, its order is not) and the generator reseeded from ``rng``.
        Sizes stay, so every component is conserved. The die-drifter window asks every
        player (SG-R.reaction-window), so it tells nothing about a hand and constrains
        no redraw.
        """
        # SG-R.private-drifters: what is hidden here is what observation() leaves out
        twin = self.clone()
        twin.rng = GameRandom(rng.getrandbits(64))
        rng.shuffle(twin.location_deck)
        self._redraw_drifters(twin, player, rng)
        return twin

    def _redraw_drifters(self, twin: StickyGulchState, player: int, rng: random.Random) -> None:
        """Deal the drifters ``player`` has not seen into ``twin``'s hidden piles.

        Every pile keeps its size.
        """
        hidden_deck = len(self.drifter_deck) - len(self.deck_top_known_to(player))
        others = [other for other in range(self.players) if other != player]
        piles = [(twin.hands[other], self.hands[other]) for other in others]
        piles += [(twin.draft_offers[other], self.draft_offers[other]) for other in others]
        if self.player != player:
            piles.append((twin.hire_offer, self.hire_offer))
        pool = self.drifter_deck[:hidden_deck] + [ident for _pile, real in piles for ident in real]
        rng.shuffle(pool)
        start = 0
        for pile, real in piles:
            pile[:] = pool[start : start + len(real)]
            start += len(real)
        twin.drifter_deck[:] = pool[start:] + self.drifter_deck[hidden_deck:]

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

    # --- views -----------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "turn": self.turn,
            "player": self.player,
            "actor": self.actor,
            "starting_player": self.starting_player,
            "length": self.length,
            "target": self.target,
            "money": list(self.money),
            "stock": list(self.stock),
            "hand_sizes": [len(hand) for hand in self.hands],
            "drifter_deck": len(self.drifter_deck),
            "drifter_discard": list(self.drifter_discard),
            "location_deck": len(self.location_deck),
            "in_play": [
                {
                    "location": number,
                    "sites": list(self.sites[number]),
                    "claimed": self.claimed[number],
                }
                for number in self.in_play
            ],
            "retired": list(self.retired),
            "claims": [list(claim) for claim in self.claims],
            "action_points": self.action_points,
            "used": {"draws": self.draws, "hires": self.hires, "rolls": self.rolls},
            "camps_on": {str(number): done for number, done in sorted(self.camps_on.items())},
            "new_locations": list(self.new_locations),
            "queue": [
                {
                    "verb": step.verb,
                    "by": step.by,
                    "any": step.any,
                    "whose": step.whose,
                    "points": step.points,
                }
                for step in self.queue
            ],
            "picked": list(self.picked) if self.picked else None,
            "effect_drawn": list(self.effect_drawn),
            "roll": {
                "location": self.roll_location,
                "final": self.roll_final,
                "die": self.die,
                "window": list(self.window),
                "declared": [list(declared) for declared in self.declared],
            },
            "setup_queue": list(self.setup_queue),
            "setup_used": list(self.setup_used),
        }

    def observation(self, player: int) -> dict[str, Any]:
        # SG-R.private-drifters: a seat sees its own drifters, and of the others only counts
        out = self._public()
        out["viewer"] = player
        out["hand"] = list(self.hands[player])
        out["draft_offer"] = list(self.draft_offers[player])
        out["hire_offer"] = list(self.hire_offer) if player == self.player else []
        out["deck_top"] = self.deck_top_known_to(player)
        return out

    def snapshot(self) -> dict[str, Any]:
        out = self._public()
        out["hands"] = [list(hand) for hand in self.hands]
        out["draft_offers"] = [list(offer) for offer in self.draft_offers]
        out["hire_offer"] = list(self.hire_offer)
        out["drifter_deck"] = list(self.drifter_deck)
        out["location_deck"] = list(self.location_deck)
        out["draft_queue"] = list(self.draft_queue)
        out["deck_top_seen"] = list(self.deck_top_seen) if self.deck_top_seen else None
        out["rng"] = self.rng.getstate()
        return out

    def _repr_svg_(self) -> str:
        """The picture everybody sees (``picture.draw``), so a state shows itself in Jupyter."""
        return draw(self, None)
