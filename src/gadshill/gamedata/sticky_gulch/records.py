"""What a Sticky Gulch pack holds, as frozen records: locations and their lodes,
drifters and their effect steps, the table of numbers and costs, and the whole pack
(:class:`StickyGulchData`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from gadshill.gamedata.pack import PackInfo
from gadshill.gamedata.sticky_gulch.constants import DRIFTER_COUNT, LOCATION_COUNT


@dataclass(frozen=True)
class Lode:
    letter: str
    payout: int


@dataclass(frozen=True)
class Location:
    number: int  # 1-based card number, the id used in move notation
    name: str
    x_sites: frozenset[int]
    lodes: tuple[Lode, ...]

    @cached_property
    def total(self) -> int:
        return sum(lode.payout for lode in self.lodes)

    @cached_property
    def left(self) -> tuple[int, ...]:
        """Dollars still to pay once k lodes are claimed, for k = 0 .. len(lodes)."""
        return tuple(
            sum(lode.payout for lode in self.lodes[k:]) for k in range(len(self.lodes) + 1)
        )


@dataclass(frozen=True)
class Step:
    """One step of a drifter effect."""

    verb: str
    by: int = 0  # set-die: largest change
    any: bool = False  # set-die: any face
    whose: str = "own"  # move-camp: own camps or anyone's
    points: int = 0  # actions: extra action points

    def describe(self) -> str:
        if self.verb == "draw-location":
            return "draw a location card (its first camp this turn is free)"
        if self.verb == "camp":
            return "set up a camp on any available site for free"
        if self.verb == "roll":
            return "make a free prospecting roll on any location"
        if self.verb == "reroll":
            return "roll the pending die again"
        if self.verb == "set-die":
            if self.any:
                return "turn the pending die to any face"
            amount = {1: "1", 2: "1 or 2"}.get(self.by, f"1 to {self.by}")
            return f"move the pending die up or down by {amount}"
        if self.verb == "move-camp":
            owner = "one of your camps" if self.whose == "own" else "any player's camp"
            return f"move {owner} to another available site"
        if self.verb == "evict":
            return "send another player's camp back to its owner's stockpile"
        if self.verb == "actions":
            more = (
                "1 more action point" if self.points == 1 else f"{self.points} more action points"
            )
            return f"gain {more} this turn"
        return "hire a drifter without spending action points"


@dataclass(frozen=True)
class Drifter:
    id: str  # slug of the name, used in move notation
    name: str
    cost: int
    when: str
    effect: tuple[Step, ...]
    flavor: str

    @property
    def roll_timed(self) -> bool:
        return self.when != "own-turn"

    def text(self) -> str:
        timing = {
            "own-turn": "On your turn",
            "own-roll": "After your own die roll, before the lode is paid",
            "any-roll": "After any player's die roll, before the lode is paid",
        }[self.when]
        return f"{timing}: " + "; then ".join(step.describe() for step in self.effect) + "."


@dataclass(frozen=True)
class Costs:
    draw_location: tuple[int, ...]
    camp_on_location: tuple[int, ...]
    hire: tuple[int, ...]
    extra_roll: tuple[int, ...]
    new_location_camp: int


@dataclass(frozen=True)
class Table:
    starting_money: int
    action_points: int
    camps_per_player: int
    die_sides: int
    starting_drifter_deal: int
    hire_draw: int
    starting_camps: tuple[int, ...]
    costs: Costs
    lengths: tuple[tuple[str, int], ...]
    #: the location cards and drifters of the pack (SG-1: 18 and 27 unless it says otherwise)
    location_count: int = LOCATION_COUNT
    drifter_count: int = DRIFTER_COUNT
    #: SG-V1 (a variant's rule, not the rulebook's): the game ends when this turn ends;
    #: None (the standard pack) plays to the rulebook's end
    turn_limit: int | None = None
    #: SG-V2 (a variant's rule): seats are named in turn order, so seat 0 starts and no
    #: die picks the starting player; False (the standard pack) rolls for it (SG-R.setup-deal)
    seats_in_turn_order: bool = False

    def length(self, name: str) -> int:
        return dict(self.lengths)[name]


@dataclass(frozen=True)
class StickyGulchData:
    info: PackInfo
    table: Table
    locations: tuple[Location, ...]
    drifters: tuple[Drifter, ...]

    def location(self, number: int) -> Location:
        return self.locations[number - 1]

    @cached_property
    def drifter_by_id(self) -> dict[str, Drifter]:
        return {d.id: d for d in self.drifters}
