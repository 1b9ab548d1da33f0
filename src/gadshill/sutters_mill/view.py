"""Terminal views of a Sutter's Mill game: the board picture and move descriptions."""

from __future__ import annotations

from typing import Any

from gadshill.render.words import plural
from gadshill.rules.moves import Move
from gadshill.sutters_mill import effects
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import BOX, DIG, OVER, SUPPLY, TOWN
from gadshill.sutters_mill.picture import draw as draw  # the SVG picture (spec.draw)
from gadshill.sutters_mill.state import SuttersMillState


def _colour(state: SuttersMillState, p: int) -> str:
    return state.data.colours[p]


def _chip_text(state: SuttersMillState, chips: list[int], visible: bool) -> str:
    data = state.data
    if not visible:
        return f"{plural(len(chips), 'chip')} (face down)"
    values = sorted((data.chips[c].value for c in chips), reverse=True)
    return (
        f"{plural(sum(values), 'nugget')} in {plural(len(values), 'chip')}: "
        f"{' '.join(map(str, values))}"
    )


def _next_cost(state: SuttersMillState, none: str) -> str:
    """What the next paid action of the turn would cost (SM-1.cost)."""
    tables = state.tables
    paid = state.paid_actions
    return str(tables.costs[paid]) if paid < tables.max_paid_actions else none


def render(state: Any, viewer: int | None) -> str:
    """The board, the vein, every player's holdings; ``viewer`` sees only own chip values."""
    assert isinstance(state, SuttersMillState)
    tables = state.tables
    lines: list[str] = []
    mover = f"{_colour(state, state.player)} (seat {state.player})"
    status = (
        f"game over: {state.over_reason}"
        if state.phase == OVER
        else f"turn {state.turn}: {mover} to move, step {state.phase}"
    )
    lines.append(f"Sutter's Mill, {state.player_count} players. {status}")
    camp = state.current_camp()
    left = ", ".join(
        f"{tables.camps[c]} {state.section_left[c]}"
        for c in range(tables.camp_count)
        if state.section_left[c] or c == camp
    )
    lines.append(
        f"Vein: {state.vein_left()} chips left ({left or 'none'}); current camp: "
        f"{tables.camps[camp] if camp >= 0 else '-'}"
    )
    bank = sorted((state.data.chips[c].value for c in state.bank), reverse=True)
    lines.append(f"Bank: {' '.join(map(str, bank)) or 'empty'}")
    for space in range(tables.camp_count + tables.building_count):
        who = [
            f"{_colour(state, p)}#{k + 1}"
            for p in range(state.player_count)
            for k, loc in enumerate(state.prospectors[p])
            if loc == space
        ]
        row = f"  {tables.spaces[space]:<11}"
        if space >= tables.camp_count:
            b = space - tables.camp_count
            cards = " ".join(f"{_colour(state, o)}:{tables.ranks[r]}" for o, r in state.stacks[b])
            holder = state.deeds[b]
            deed = (
                "retired"
                if state.retired[b]
                else (f"deed {_colour(state, holder)}" if holder >= 0 else "deed free")
            )
            row += f" ({deed}) cards bottom->top: {cards or '-'}"
        if who:
            row += f"  prospectors: {' '.join(who)}"
        lines.append(row)
    adventurer = _colour(state, state.adventurer) if state.adventurer >= 0 else "beside the board"
    lines.append(f"Adventurer: {adventurer}")
    for p in range(state.player_count):
        visible = viewer is None or viewer == p
        supply = state.prospectors[p].count(SUPPLY)
        boxed = state.prospectors[p].count(BOX)
        mode = "winding down" if state.winding_down[p] else "building up"
        hand = (
            " ".join(tables.ranks[r] for r in state.hands[p])
            if visible
            else f"{len(state.hands[p])} cards"
        )
        pile = " ".join(tables.ranks[r] for r in state.piles[p]) or "-"
        chips = _chip_text(state, state.chips[p], visible)
        seat = f"{_colour(state, p)} (seat {p}, {mode}): {chips}"
        pieces = f"removed pile {pile}; prospectors supply {supply}, box {boxed}"
        lines.append(
            f"{seat}; hand {hand or '-'}; {pieces}; score now {state.score(p)}"
            if visible
            else f"{seat}; hand {hand}; {pieces}"
        )
    if state.phase == TOWN:
        lines.append(
            f"This turn: {plural(state.paid_actions, 'paid action')}, "
            f"{plural(state.debt, 'nugget')} owed, "
            f"next action costs {_next_cost(state, '-')}"
        )
    if state.phase == DIG:
        lines.append(f"This turn: {state.digs} prospectors dug")
    return "\n".join(lines)


def describe(state: Any, move: Move) -> str:
    """A human line for the log (called before the move is applied): the move, then what
    it brings about, found by playing it on a copy (chips taken, change, deeds, the
    Adventurer, retirements, chips dropped from the vein, seats passed over, the end)."""
    assert isinstance(state, SuttersMillState)
    line = _move_line(state, move)
    if state.is_terminal or state.check(move):
        return line
    after = state.clone()
    effects.play(after, move)
    told = _aftermath(state, after, move)
    return f"{line}; {'; '.join(told)}" if told else line


def _values(state: SuttersMillState, chips: list[int]) -> str:
    values = sorted((state.tables.chip_values[c] for c in chips), reverse=True)
    return "+".join(map(str, values))


def _vein_chips(state: SuttersMillState, chips: list[int]) -> str:
    """Chips from the vein, taken face down: how many, of which colours."""
    if not chips:
        return "no chip"
    by_colour: dict[str, int] = {}
    for c in chips:
        colour = state.tables.chip_colours[c]
        by_colour[colour] = by_colour.get(colour, 0) + 1
    kinds = ", ".join(f"{n} {colour}" for colour, n in by_colour.items())
    return f"{plural(len(chips), 'chip')} ({kinds})"


def _aftermath(before: SuttersMillState, after: SuttersMillState, move: Move) -> list[str]:
    """What a move brought about beyond itself, in the order it happened."""
    tables = before.tables
    p = before.player
    told: list[str] = []
    gained = [c for c in after.chips[p] if c not in before.chips[p]]
    if isinstance(move, mv.Pay):
        if gained:  # change comes from the open bank: its values are public
            told.append(f"gets {_values(before, gained)} back in change")
        lost = sum(move.values) - before.debt - sum(tables.chip_values[c] for c in gained)
        if lost > 0:
            told.append(f"the bank cannot change the rest: {plural(lost, 'nugget')} lost")
    elif isinstance(move, mv.Dig) and before.phase == DIG and after.phase != DIG:
        camp = tables.camps[before.current_camp()]
        extra = gained[1:]  # the dig's own chip is said already
        told.append(
            f"no prospector of theirs is left in the {camp} camp: digging stops by itself, "
            f"businesses bring {_vein_chips(before, extra)}"
        )
    elif isinstance(move, mv.End) and before.phase == DIG:
        told.append(f"businesses bring {_vein_chips(before, gained)}")
    elif gained and not isinstance(move, mv.Dig | mv.Bonus):
        told.append(f"takes {_vein_chips(before, gained)}")
    for b in range(tables.building_count):
        name = tables.buildings[b]
        if after.retired[b] and not before.retired[b]:
            told.append(f"{name} retires: its last card is gone, and its deed with it")
        elif after.deeds[b] != before.deeds[b]:
            holder = after.deeds[b]
            told.append(
                f"the {name} deed goes to {_colour(after, holder)}"
                if holder >= 0
                else f"the {name} deed goes back beside the board"
            )
    if after.adventurer != before.adventurer:
        told.append(
            f"the Adventurer goes to {_colour(after, after.adventurer)}"
            if after.adventurer >= 0
            else "the Adventurer goes back beside the board (a tie for fewest deeds)"
        )
    dropped = len(after.chip_box) - len(before.chip_box)
    if dropped > 0:
        told.append(
            f"{plural(dropped, 'chip')} at the far end of the vein "
            f"{'goes' if dropped == 1 else 'go'} to the box"
        )
    if after.phase == OVER and before.phase != OVER:
        told.append(f"game over: {after.over_reason}")
    elif after.player != p or after.turn != before.turn:
        ended_by_itself = isinstance(move, mv.Dig | mv.Bonus) or (
            isinstance(move, mv.End) and before.phase == DIG
        )
        if ended_by_itself:
            told.append(
                "the turn ends" if isinstance(move, mv.Bonus) else "no bonus due: turn over"
            )
        skipped = (after.player - p - 1) % before.player_count
        if skipped:
            seats = [_colour(after, (p + k) % before.player_count) for k in range(1, skipped + 1)]
            told.append(
                f"{' and '.join(seats)} {'is' if skipped == 1 else 'are'} passed over "
                "(nothing left to do)"
            )
    return told


def _move_line(state: SuttersMillState, move: Move) -> str:
    tables = state.tables
    p = state.player
    who = _colour(state, p)
    if isinstance(move, mv.WindDown):
        return f"{who} switches to Winding Down"
    if isinstance(move, mv.Prospect):
        return f"{who} prospects for gold at the {tables.camps[state.current_camp()]} camp"
    if isinstance(move, mv.Town):
        return f"{who} acts in town"
    if isinstance(move, mv.Dig):
        return f"{who} digs: a prospector to {move.building}, takes the next chip"
    if isinstance(move, mv.Bonus):
        return f"{who} takes the bonus chip of {move.building}"
    if isinstance(move, mv.End):
        if state.phase == DIG:
            return f"{who} stops digging"
        return f"{who} ends the turn"
    if isinstance(move, mv.Pay):
        return f"{who} pays {'+'.join(map(str, move.values))} for {state.debt} owed"
    cost = ""
    if isinstance(move, mv.PAID):
        cost = f" (paid action {state.paid_actions + 1}, cost {_next_cost(state, '?')})"
    if isinstance(move, mv.Bring):
        return f"{who} brings a prospector to {move.space}{cost}"
    if isinstance(move, mv.FreeBring):
        return f"{who} brings a prospector to {move.space} (free, Odd Fellows)"
    if isinstance(move, mv.PlaceCard):
        return f"{who} places the {move.rank} at {move.building}{cost}"
    if isinstance(move, mv.FreeCard):
        return f"{who} places the {move.rank} at {move.building} (free, Eldorado)"
    if isinstance(move, mv.MoveProspector):
        return f"{who} moves prospector {move.prospector} to {move.space}{cost}"
    if isinstance(move, mv.FreeMove):
        via = "Chalmer's" if state.winding_down[p] else "Odd Fellows"
        return f"{who} moves prospector {move.prospector} to {move.space} (free, {via})"
    if isinstance(move, mv.Withdraw):
        return f"{who} takes prospector {move.prospector} out of play{cost}"
    if isinstance(move, mv.FreeWithdraw):
        return f"{who} takes prospector {move.prospector} out of play (free, Chalmer's)"
    if isinstance(move, mv.Remove | mv.FreeRemove):
        free = " (free, Adams and Co.)" if isinstance(move, mv.FreeRemove) else cost
        k = move.prospector
        loc = state.prospectors[p][k - 1] if 1 <= k <= tables.prospector_count else -1
        if loc >= tables.camp_count and state.stacks[loc - tables.camp_count]:
            owner, rank = state.stacks[loc - tables.camp_count][-1]
            card = f"{_colour(state, owner)} {tables.ranks[rank]}"
            where = tables.spaces[loc]
            return f"{who}'s prospector {k} removes the top card at {where}: {card}{free}"
        return f"{who}'s prospector {k} removes a card{free}"
    if isinstance(move, mv.Shift):
        b = tables.building_index.get(move.building, -1)
        stack = state.stacks[b] if b >= 0 else []
        card = ""
        if 1 <= move.position <= len(stack):
            owner, rank = stack[move.position - 1]
            card = f"{_colour(state, owner)}'s {tables.ranks[rank]} "
        return (
            f"{who} shifts {card or 'the card '}at {move.building} from position "
            f"{move.position} {move.direction} (free, St. John's)"
        )
    return str(move)
