"""What the web page clicks in a Sutter's Mill game: each menu move's action and the
pieces that make it (``space:mill``, ``prospector:0-2``, ``card:J``, ``chip:5-1``,
``stack:mill/2``), the seat's own pieces drawn as cards (influence cards, its chips
with their values, its deeds), a prompt line and every seat's public tallies.

Ids: a camp or a building is a ``space`` (the notation's word for both); a
prospector is ``SEAT-NUMBER``; a card in a building's stack is ``BUILDING/POSITION``
(1 = bottom); an own chip is ``VALUE-N``, the N-th chip of that value (a payment
names values, so the chips of one value are told apart by their order only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from gadshill.render.words import plural
from gadshill.rules.moves import Move
from gadshill.rules.spec import HandCard, MenuEntry, Tally
from gadshill.rules.state import GameState
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import BONUS, DIG, OVER, START, SUPPLY, TOWN

if TYPE_CHECKING:
    from gadshill.sutters_mill.state import SuttersMillState

#: move kind -> (action id, the words of its button)
ACTIONS: dict[str, tuple[str, str]] = {
    mv.WindDown.kind: ("winddown", "Switch to Winding Down"),
    mv.Prospect.kind: ("prospect", "Prospect for gold"),
    mv.Town.kind: ("town", "Act in town"),
    mv.Dig.kind: ("dig", "Dig: a prospector to a building"),
    mv.Bonus.kind: ("bonus", "Take a bonus chip"),
    mv.End.kind: ("end", "End"),
    mv.Bring.kind: ("bring", "Bring a prospector"),
    mv.PlaceCard.kind: ("card", "Place an influence card"),
    mv.MoveProspector.kind: ("move", "Move a prospector"),
    mv.Withdraw.kind: ("withdraw", "Withdraw a prospector"),
    mv.Remove.kind: ("remove", "Remove a top card"),
    mv.FreeBring.kind: ("free-bring", "Bring a prospector (free, Odd Fellows)"),
    mv.FreeMove.kind: ("free-move", "Move a prospector (free)"),
    mv.FreeCard.kind: ("free-card", "Place a card (free, Eldorado)"),
    mv.FreeRemove.kind: ("free-remove", "Remove a top card (free, Adams and Co.)"),
    mv.FreeWithdraw.kind: ("free-withdraw", "Withdraw a prospector (free, Chalmer's)"),
    mv.Shift.kind: ("shift", "Shift a card (St. John's)"),
    mv.Pay.kind: ("pay", "Pay for the actions"),
}


def space(ident: str) -> str:
    return f"space:{ident}"


def prospector(seat: int | None, number: int) -> str:
    return f"prospector:{seat if seat is not None else 'x'}-{number}"


def stack_card(building: str, position: int) -> str:
    return f"stack:{building}/{position}"


def chip_ids(values: list[int] | tuple[int, ...]) -> list[str]:
    """``chip:VALUE-N`` for chips of these values, N counting each value from 1."""
    seen: dict[int, int] = {}
    out = []
    for value in values:
        seen[value] = seen.get(value, 0) + 1
        out.append(f"chip:{value}-{seen[value]}")
    return out


def move_targets(move: Move, seat: int | None = None) -> list[str]:
    """The pieces a move names, in click order: a pure function of the move and its
    mover (a prospector is known by its owner and number)."""
    if isinstance(move, mv.Dig | mv.Bonus):
        return [space(move.building)]
    if isinstance(move, mv.Bring | mv.FreeBring):
        return [space(move.space)]
    if isinstance(move, mv.PlaceCard | mv.FreeCard):
        return [f"card:{move.rank}", space(move.building)]
    if isinstance(move, mv.MoveProspector | mv.FreeMove):
        return [prospector(seat, move.prospector), space(move.space)]
    if isinstance(move, mv.Withdraw | mv.FreeWithdraw | mv.Remove | mv.FreeRemove):
        return [prospector(seat, move.prospector)]
    if isinstance(move, mv.Shift):
        other = move.position + (1 if move.direction == "up" else -1)
        return [stack_card(move.building, move.position), stack_card(move.building, other)]
    if isinstance(move, mv.Pay):
        return chip_ids(move.values)
    return []  # winddown, prospect, town, end: buttons


def entry(state: GameState[Any], move: Move, label: str) -> MenuEntry:
    s = cast("SuttersMillState", state)
    action, words = ACTIONS.get(move.kind, (move.kind, move.kind))
    if isinstance(move, mv.End):
        words = "Stop digging" if s.phase == DIG else "End the turn"
    confirm = WIND_DOWN_QUESTION if isinstance(move, mv.WindDown) else ""
    return MenuEntry(move, label, action, words, tuple(move_targets(move, s.player)), confirm)


#: SM-3: the switch cannot be taken back, so the page asks first
WIND_DOWN_QUESTION = (
    "Switch to Winding Down for good? Your unplayed influence cards and unused prospectors"
    " go back to the box, and there is no way back to Building Up."
)


def own_chip_values(state: SuttersMillState, seat: int) -> list[int]:
    """The seat's chip values, highest first (the order ``chip_ids`` counts in)."""
    return sorted((state.tables.chip_values[c] for c in state.chips[seat]), reverse=True)


def hand(state: GameState[Any], seat: int) -> list[HandCard]:
    """The seat's influence cards, its chips (own values: a seat knows its chips) and
    its deeds."""
    s = cast("SuttersMillState", state)
    if not 0 <= seat < s.player_count:
        return []
    tables = s.tables
    cards = [
        HandCard(
            f"card:{tables.ranks[r]}",
            "influence",
            f"influence card {tables.ranks[r]}",
            f"worth {plural(tables.rank_values[r], 'point')} when removed",
        )
        for r in s.hands[seat]
    ]
    values = own_chip_values(s, seat)
    chips = [
        HandCard(ident, "chip", f"{plural(value, 'nugget')}", "a gold chip of yours")
        for ident, value in zip(chip_ids(values), values, strict=True)
    ]
    deeds = [
        HandCard(
            f"deed:{building.id}",
            "deed",
            f"deed: {building.name}",
            f"special: {building.special} ({building.when})"
            + (" - retired" if s.retired[b] else ""),
            lights=(space(building.id),),
        )
        for b, building in enumerate(s.data.buildings)
        if s.deeds[b] == seat
    ]
    return [*cards, *chips, *deeds]


def prompt(state: GameState[Any], seat: int) -> str:
    s = cast("SuttersMillState", state)
    if s.phase == START:
        return "Your turn: prospect for gold, act in town, or switch to Winding Down"
    if s.phase == DIG:
        camp = s.tables.camps[s.current_camp()]
        return f"Prospecting at the {camp} camp: dig with a prospector, or stop digging"
    if s.phase == BONUS:
        return "Take a bonus chip of a building whose deed you hold, or end the turn"
    if s.phase == TOWN:
        owed = f"; you owe {plural(s.debt, 'nugget')}" if s.debt else ""
        return f"Act in town: bring, move, place a card, withdraw or remove{owed}; then end"
    return ""


def tallies(state: GameState[Any]) -> list[Tally]:
    """Per seat what everybody sees: chips held (not their values: they are face
    down), cards in hand and removed, prospectors, deeds."""
    s = cast("SuttersMillState", state)
    out = []
    for p in range(s.player_count):
        items: dict[str, int | float | str] = {
            "chips": len(s.chips[p]),
            "cards": len(s.hands[p]),
            "removed": len(s.piles[p]),
            "prospectors": s.prospectors_in_play(p),
            "supply": s.prospectors[p].count(SUPPLY),
            "deeds": sum(1 for holder in s.deeds if holder == p),
        }
        score = s.score(p) if s.phase == OVER else None  # chip values are secret until the end
        out.append(Tally(p, score, items))
    return out
