"""What each move of Sutter's Mill does to the state.

Legality lives in the rule book (``rules.py``): these functions carry out moves
already known to be legal, and the procedures of the book (chips from the vein,
deeds, change, the end of the game) that follow from them.
"""

from __future__ import annotations

from gadshill.rules.moves import Move
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import (
    BONUS,
    BOX,
    DIG,
    OVER,
    START,
    SUPPLY,
    TOWN,
    TURN_LIMIT_REASON,
)
from gadshill.sutters_mill.core import SuttersMillCore
from gadshill.sutters_mill.payments import bank_change


def play(state: SuttersMillCore, move: Move) -> None:
    """Carry out a legal move of the seat to move."""
    tables = state.tables
    player = state.player
    if isinstance(move, mv.Dig):
        camp = state.current_camp()
        k = state.prospectors[player].index(camp)
        state.prospectors[player][k] = tables.space_index[move.building]
        state.digs += 1
        take_chip(state, player)
        after_dig(state)
    elif isinstance(move, mv.End):
        if state.phase == DIG:
            finish_digging(state)
        else:
            end_turn(state)
    elif isinstance(move, mv.Bonus):
        state.specials_used.add(tables.building_index[move.building])
        take_chip(state, player)
        if state.phase != OVER and not state.bonus_options():
            end_turn(state)
    elif isinstance(move, mv.WindDown):
        wind_down(state, player)
    elif isinstance(move, mv.Prospect):
        state.phase = DIG
    elif isinstance(move, mv.Town):
        state.phase = TOWN
    elif isinstance(move, mv.Pay):
        settle(state, player, move.values)
    else:
        town_action(state, move)


def wind_down(state: SuttersMillCore, player: int) -> None:
    """SM-3.winddown: unplayed cards and unused prospectors go to the box for good."""
    state.winding_down[player] = True
    state.card_box[player].extend(state.hands[player])
    state.hands[player] = []
    state.prospectors[player] = [BOX if loc == SUPPLY else loc for loc in state.prospectors[player]]


def town_action(state: SuttersMillCore, move: Move) -> None:
    """A paid or free action of Act in Town."""
    tables = state.tables
    player = state.player
    prospectors = state.prospectors[player]
    if isinstance(move, mv.PAID):
        # SM-1.cost: the k-th paid action of the turn adds its marginal cost
        state.debt += tables.costs[state.paid_actions]
        state.paid_actions += 1
    else:
        state.specials_used.add(state.special_building(move))  # SM-6.free: not counted
    if isinstance(move, mv.Bring | mv.FreeBring):
        prospectors[prospectors.index(SUPPLY)] = tables.space_index[move.space]
    elif isinstance(move, mv.PlaceCard | mv.FreeCard):
        building = tables.building_index[move.building]
        rank = tables.rank_index[move.rank]
        state.hands[player].remove(rank)
        state.stacks[building].append((player, rank))  # SM-D.order: the newest on top
        update_deed(state, building)
    elif isinstance(move, mv.MoveProspector | mv.FreeMove):
        prospectors[move.prospector - 1] = tables.space_index[move.space]
    elif isinstance(move, mv.Withdraw | mv.FreeWithdraw):
        prospectors[move.prospector - 1] = BOX
    elif isinstance(move, mv.Remove | mv.FreeRemove):
        building = prospectors[move.prospector - 1] - tables.camp_count
        state.removals.add((move.prospector - 1, building))
        remove_top(state, building)
    elif isinstance(move, mv.Shift):
        # SM-D.order: St. John's is the one way to reorder a stack, by one swap
        building = tables.building_index[move.building]
        i = move.position - 1
        j = i + 1 if move.direction == "up" else i - 1
        stack = state.stacks[building]
        stack[i], stack[j] = stack[j], stack[i]
        update_deed(state, building)
    else:  # pragma: no cover - the codec only builds known moves
        raise TypeError(f"unknown move {move!r}")


# --- the vein -------------------------------------------------------------------------
def take_chip(state: SuttersMillCore, player: int) -> None:
    """SM-A.one-chip: the next chip of the vein, in order, to ``player``."""
    if state.vein_head >= state.vein_tail:
        return
    chip = state.vein[state.vein_head]
    state.vein_head += 1
    state.section_left[state.tables.chip_sections[chip]] -= 1
    state.chips[player].append(chip)
    check_vein(state)


def drop_last_chip(state: SuttersMillCore) -> None:
    """SM-6.last-card: the chip at the far end of the vein leaves the game, face down."""
    if state.vein_head >= state.vein_tail:
        return
    state.vein_tail -= 1
    chip = state.vein[state.vein_tail]
    state.section_left[state.tables.chip_sections[chip]] -= 1
    state.chip_box.append(chip)
    check_vein(state)


def check_vein(state: SuttersMillCore) -> None:
    if state.vein_head >= state.vein_tail and state.phase != OVER:
        # SM-end.vein-empty; SM-2.settle-at-end pays what is still owed
        if state.debt:
            settle(state, state.player, state.cheapest_payment(state.player, state.debt))
        state.phase = OVER
        state.over_reason = "the gold vein is empty"


# --- the turn -------------------------------------------------------------------------
def after_dig(state: SuttersMillCore) -> None:
    """Digging goes on while an own prospector stands in the current camp (SM-A.one-chip).
    SM-4.next-section: the current camp follows the vein, so when a section runs dry the
    next section's camp is current and the player's prospectors there may dig on."""
    if state.phase == OVER:
        return
    camp = state.current_camp()
    if camp < 0 or camp not in state.prospectors[state.player]:
        finish_digging(state)


def finish_digging(state: SuttersMillCore) -> None:
    """SM-B.businesses: a chip per own deed and one for the Adventurer; then the bonus step
    if a bonus is possible."""
    player = state.player
    for _ in range(state.business_chips(player)):
        take_chip(state, player)  # once the vein is empty the rest find no chip
    if state.phase == OVER:
        return
    state.phase = BONUS
    state.decide_bonuses()  # SM-4.bonus-section: eligibility fixed after businesses
    if not state.bonus_options():
        end_turn(state)


def end_turn(state: SuttersMillCore) -> None:
    if state.phase == OVER:
        return
    limit = state.data.turn_limit
    if limit is not None and state.turn >= limit:
        # SM-V1: the pack's last turn has ended; scored as at the rulebook's end
        state.phase = OVER
        state.over_reason = TURN_LIMIT_REASON
        return
    state.reset_turn()
    # SM-3.skip: seats that can no longer do anything are passed over
    for step in range(1, state.player_count + 1):
        seat = (state.player + step) % state.player_count
        if state.can_act(seat):
            state.player = seat
            state.phase = START
            state.turn += 1
            return
    state.phase = OVER
    state.over_reason = "no player can act any more"


# --- cards and deeds ------------------------------------------------------------------
def remove_top(state: SuttersMillCore, building: int) -> None:
    """SM-G.top-card: the top card to its owner's pile; SM-6.last-card when it was the last."""
    owner, rank = state.stacks[building].pop()
    state.piles[owner].append(rank)
    if not state.stacks[building]:
        state.retired[building] = True
        update_deed(state, building)
        drop_last_chip(state)
    else:
        update_deed(state, building)


def update_deed(state: SuttersMillCore, building: int) -> None:
    """SM-5.deed after a card change at ``building``; a retired building has no holder."""
    if state.retired[building]:
        state.deeds[building] = -1
    else:
        state.deeds[building] = deed_holder(state.stacks[building], state.tables.rank_values)
    update_adventurer(state)


def deed_holder(stack: list[tuple[int, int]], rank_values: list[int]) -> int:
    """SM-5.deed over one building's cards (bottom first): highest sum, then highest single
    card, then the card lying lowest; -1 when it has none."""
    if not stack:
        return -1
    total: dict[int, int] = {}
    best: dict[int, int] = {}
    first: dict[int, int] = {}
    for position, (owner, rank) in enumerate(stack):
        value = rank_values[rank]
        total[owner] = total.get(owner, 0) + value
        if value > best.get(owner, 0):
            best[owner] = value
        first.setdefault(owner, position)
    return max(total, key=lambda o: (total[o], best[o], -first[o]))


def update_adventurer(state: SuttersMillCore) -> None:
    """SM-5.adventurer: the single player with the fewest deeds, else nobody."""
    counts = [0] * state.player_count
    for holder in state.deeds:
        if holder >= 0:
            counts[holder] += 1
    low = min(counts)
    holders = [p for p, c in enumerate(counts) if c == low]
    state.adventurer = holders[0] if len(holders) == 1 else -1


# --- paying ---------------------------------------------------------------------------
def settle(state: SuttersMillCore, player: int, values: tuple[int, ...]) -> None:
    """SM-2.change: the chips go to the bank, the bank gives change back. Chips in the
    open bank are seen by all, so they stay public wherever they go next."""
    chip_values = state.tables.chip_values
    holding = sorted(state.chips[player])
    paid_chips = []
    for value in values:
        chip = next(c for c in holding if chip_values[c] == value)
        holding.remove(chip)
        state.chips[player].remove(chip)
        state.bank.append(chip)
        paid_chips.append(chip)
    state.public_chips = state.public_chips.union(paid_chips)
    over = sum(values) - state.debt
    state.debt = 0
    if over > 0:
        for chip in bank_change(state.bank, chip_values, over):
            state.bank.remove(chip)
            state.chips[player].append(chip)
