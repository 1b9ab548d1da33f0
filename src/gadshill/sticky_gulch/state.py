"""The state of a Sticky Gulch game and what each move does to it.

Phases (``state.phase``):

- ``draft``: each player, from the starting player on, keeps one of two dealt drifters;
- ``start-camps``: players 2-4 (in turn order) place their starting camps;
- ``act``: the active player spends action points, uses drifters, or ends the turn;
- ``hire``: the hiring player keeps one of the drifters drawn;
- ``effect``: a drifter effect waits for a choice (where to camp, what to move, ...);
- ``roll``: a prospecting roll is announced; its roller rolls the die;
- ``react``: the die is showing; players holding a die drifter may use one, in turn;
- ``over``: the game has ended.

Everything random (shuffles, the starting player, every die) comes from ``self.rng``.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from gadshill.errors import GadshillError
from gadshill.gamedata.sticky_gulch import Drifter, Step, StickyGulchData
from gadshill.rules.rng import GameRandom
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.moves import SGMove

FREE = -1  # an open site
XSITE = -2  # a site marked X

# A claim: (location number, lode letter, player, dollars)
Claim = tuple[int, str, int, int]


class StickyGulchState(GameState[SGMove]):
    game_id: ClassVar[str] = "sticky-gulch"

    data: StickyGulchData
    n: int
    length: str
    target: int  # retirements that end the game (raised by one on a tie)
    first: int  # the starting player
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
    sites: list[list[int]]  # per location number: owner per site, FREE or XSITE
    claimed: list[int]  # per location number: lodes claimed so far
    claims: list[Claim]
    # setup
    offers: list[list[str]]  # draft: the two drifters dealt to each player
    draft_queue: list[int]
    setup_queue: list[int]  # players still owed a starting camp (one entry per camp)
    setup_used: list[int]  # locations this setup player has already camped on
    # the current turn
    ap: int
    draws: int
    hires: int
    rolls: int
    camps_on: dict[int, int]
    new_locations: list[int]
    # hiring
    offer: list[str]
    # drifter effects in progress
    queue: list[Step]
    picked: tuple[int, int] | None
    # the prospecting roll in progress
    roll_loc: int
    roll_final: bool
    die: int
    window: list[int]
    declared: list[tuple[int, str, int | None]]
    # narration of what happened (lodes paid, retirements...), for the move log; not rules
    log: list[str]

    # --- construction -------------------------------------------------------------
    @classmethod
    def new(
        cls, data: StickyGulchData, players: int, seed: int, length: str = "medium"
    ) -> StickyGulchState:
        if not 2 <= players <= len(data.table.starting_camps):
            raise GadshillError(
                f"sticky-gulch takes 2-{len(data.table.starting_camps)} players, not {players}"
            )
        self = cls.__new__(cls)
        table = data.table
        self.data = data
        self.n = players
        self.length = length
        self.target = table.length(length)
        self.rng = GameRandom(seed)
        self.money = [table.starting_money] * players
        self.stock = [table.camps_per_player] * players
        self.hands = [[] for _ in range(players)]
        self.drifter_deck = [d.id for d in data.drifters]
        self.rng.shuffle(self.drifter_deck)
        self.drifter_discard = []
        self.location_deck = [loc.number for loc in data.locations]
        self.rng.shuffle(self.location_deck)
        self.in_play = []
        self.retired = []
        self.sites = [[] for _ in range(len(data.locations) + 1)]
        self.claimed = [0] * (len(data.locations) + 1)
        self.claims = []
        for _ in range(players):
            self._put_in_play(self.location_deck.pop())
        self.first = self.rng.randrange(players)  # the die roll for the starting player
        self.player = self.first
        self.turn = 0
        order = [(self.first + k) % players for k in range(players)]
        self.offers = [[] for _ in range(players)]
        for p in order:
            for _ in range(table.starting_drifter_deal):
                if self.drifter_deck:
                    self.offers[p].append(self.drifter_deck.pop())
        self.draft_queue = [p for p in order if self.offers[p]]
        self.setup_queue = []
        for position, p in enumerate(order):
            self.setup_queue += [p] * table.starting_camps[position]
        self.setup_used = []
        self._reset_turn()
        self.offer = []
        self.queue = []
        self.picked = None
        self._clear_roll()
        self.log = []
        self.phase = "draft"
        self.actor = self.draft_queue[0] if self.draft_queue else self.first
        if not self.draft_queue:
            self._after_draft()
        return self

    def _reset_turn(self) -> None:
        self.ap = self.data.table.action_points
        self.draws = self.hires = self.rolls = 0
        self.camps_on = {}
        self.new_locations = []

    def _clear_roll(self) -> None:
        self.roll_loc = 0
        self.roll_final = False
        self.die = 0
        self.window = []
        self.declared = []

    def _put_in_play(self, number: int) -> None:
        loc = self.data.location(number)
        self.sites[number] = [
            XSITE if s in loc.x_sites else FREE for s in range(1, self.data.table.die_sides + 1)
        ]
        self.claimed[number] = 0
        self.in_play.append(number)

    def _after_draft(self) -> None:
        # Leftover drafted drifters are shuffled back into the deck.
        for p in range(self.n):
            self.drifter_deck.extend(self.offers[p])
            self.offers[p] = []
        self.rng.shuffle(self.drifter_deck)
        self.next_setup_camp(None)

    def next_setup_camp(self, last: int | None) -> None:
        """Go to the next starting camp owed; one with nowhere to go is dropped."""
        while self.setup_queue:
            p = self.setup_queue[0]
            if p != last:
                self.setup_used = []
                last = p
            if self.stock[p] > 0 and any(
                n not in self.setup_used and FREE in self.sites[n] for n in self.in_play
            ):
                self.phase = "start-camps"
                self.actor = p
                return
            self.setup_queue.pop(0)
        self.setup_used = []
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "act"
        self.player = self.actor = self.first
        self.turn = 1
        self._reset_turn()

    # --- protocol --------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.actor

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def num_players(self) -> int:
        return self.n

    def scores(self) -> list[float]:
        return [float(m) for m in self.money]

    def candidate_moves(self) -> list[SGMove]:
        return list(movegen.universe(self.data))

    def legal_moves(self) -> list[SGMove]:
        if self.phase == "over":
            return []
        return movegen.legal_moves(self)

    def _play(self, move: SGMove) -> None:
        effects.play(self, move)

    def clone(self) -> StickyGulchState:
        other = StickyGulchState.__new__(StickyGulchState)
        d = self.__dict__
        od = other.__dict__
        od.update(d)
        rng = self.rng
        other.rng = rng.copy() if isinstance(rng, GameRandom) else copy.deepcopy(rng)
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
            "offer",
            "queue",
            "window",
            "declared",
            "log",
        ):
            od[name] = d[name][:]
        od["hands"] = [h[:] for h in self.hands]
        od["offers"] = [o[:] for o in self.offers]
        od["sites"] = [s[:] for s in self.sites]
        od["camps_on"] = dict(self.camps_on)
        return other

    # --- helpers the rules and the move generator share --------------------------------
    def drifter(self, ident: str) -> Drifter:
        return self.data.drifter_by_id[ident]

    def available_sites(self, number: int) -> list[int]:
        return [i + 1 for i, owner in enumerate(self.sites[number]) if owner == FREE]

    def camp_cost(self, number: int) -> int:
        costs = self.data.table.costs
        k = self.camps_on.get(number, 0)
        if k == 0 and number in self.new_locations:
            return costs.new_location_camp
        return costs.camp_on_location[k] if k < len(costs.camp_on_location) else 99

    def camps_of(self, player: int) -> list[tuple[int, int]]:
        return [
            (number, i + 1)
            for number in self.in_play
            for i, owner in enumerate(self.sites[number])
            if owner == player
        ]

    def eligible_die_drifters(self, player: int) -> list[Drifter]:
        """Die drifters ``player`` may use on the die now showing."""
        out = []
        for ident in self.hands[player]:
            d = self.data.drifter_by_id[ident]
            timely = d.when == "any-roll" or (d.when == "own-roll" and player == self.player)
            if timely and d.cost <= self.money[player]:
                out.append(d)
        return out

    def current_step(self) -> Step | None:
        return self.queue[0] if self.queue else None

    # --- views ---------------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "turn": self.turn,
            "player": self.player,
            "actor": self.actor,
            "first": self.first,
            "length": self.length,
            "target": self.target,
            "money": list(self.money),
            "stock": list(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
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
            "claims": [list(c) for c in self.claims],
            "action_points": self.ap,
            "used": {"draws": self.draws, "hires": self.hires, "rolls": self.rolls},
            "camps_on": {str(k): v for k, v in sorted(self.camps_on.items())},
            "new_locations": list(self.new_locations),
            "queue": [
                {"verb": s.verb, "by": s.by, "any": s.any, "whose": s.whose, "points": s.points}
                for s in self.queue
            ],
            "picked": list(self.picked) if self.picked else None,
            "roll": {
                "location": self.roll_loc,
                "final": self.roll_final,
                "die": self.die,
                "window": list(self.window),
                "declared": [list(d) for d in self.declared],
            },
            "setup_queue": list(self.setup_queue),
            "setup_used": list(self.setup_used),
        }

    def observation(self, player: int) -> dict[str, Any]:
        out = self._public()
        out["viewer"] = player
        out["hand"] = list(self.hands[player])
        out["draft_offer"] = list(self.offers[player])
        out["hire_offer"] = list(self.offer) if player == self.player else []
        return out

    def snapshot(self) -> dict[str, Any]:
        out = self._public()
        out["hands"] = [list(h) for h in self.hands]
        out["offers"] = [list(o) for o in self.offers]
        out["offer"] = list(self.offer)
        out["drifter_deck"] = list(self.drifter_deck)
        out["location_deck"] = list(self.location_deck)
        out["draft_queue"] = list(self.draft_queue)
        state = self.rng.getstate()
        out["rng"] = state if isinstance(state, int) else repr(state)
        return out


# The move generator, the effects and the rule book build on this class; imported last so
# each of them can import it (the rule book attaches itself as ``rulebook`` on import).
from gadshill.sticky_gulch import effects, movegen, rules  # noqa: E402

del rules
