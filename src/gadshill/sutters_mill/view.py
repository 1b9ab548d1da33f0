"""Terminal views of a Sutter's Mill game: the board picture and move descriptions."""

from __future__ import annotations

from typing import Any

from gadshill.rules.moves import Move
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.state import BOX, DIG, OVER, SUPPLY, TOWN, SMState


def _colour(state: SMState, p: int) -> str:
    return state.data.colours[p]


def _chip_text(state: SMState, chips: list[int], visible: bool) -> str:
    data = state.data
    if not visible:
        return f"{len(chips)} chips (face down)"
    values = sorted((data.chips[c].value for c in chips), reverse=True)
    return f"{sum(values)} nuggets in {len(values)} chips: {' '.join(map(str, values))}"


def render(state: Any, viewer: int | None) -> str:
    """The board, the vein, every player's holdings; ``viewer`` sees only own chip values."""
    s: SMState = state
    t = s.t
    lines: list[str] = []
    status = (
        f"game over: {s.over_reason}"
        if s.phase == OVER
        else f"turn {s.turn}: {_colour(s, s.player)} (seat {s.player}) to move, step {s.phase}"
    )
    lines.append(f"Sutter's Mill, {s.n} players. {status}")
    camp = s.current_camp()
    left = ", ".join(
        f"{t.camps[c]} {s.section_left[c]}" for c in range(t.nc) if s.section_left[c] or c == camp
    )
    lines.append(
        f"Vein: {s.vein_left()} chips left ({left or 'none'}); current camp: "
        f"{t.camps[camp] if camp >= 0 else '-'}"
    )
    bank = sorted((s.data.chips[c].value for c in s.bank), reverse=True)
    lines.append(f"Bank: {' '.join(map(str, bank)) or 'empty'}")
    for space in range(t.nc + t.nb):
        who = [
            f"{_colour(s, p)}#{k + 1}"
            for p in range(s.n)
            for k, loc in enumerate(s.pros[p])
            if loc == space
        ]
        row = f"  {t.spaces[space]:<11}"
        if space >= t.nc:
            b = space - t.nc
            cards = " ".join(f"{_colour(s, o)}:{t.ranks[r]}" for o, r in s.stacks[b])
            holder = s.deed[b]
            deed = (
                "retired"
                if s.retired[b]
                else (f"deed {_colour(s, holder)}" if holder >= 0 else "deed free")
            )
            row += f" ({deed}) cards bottom->top: {cards or '-'}"
        if who:
            row += f"  prospectors: {' '.join(who)}"
        lines.append(row)
    adventurer = _colour(s, s.adventurer) if s.adventurer >= 0 else "beside the board"
    lines.append(f"Adventurer: {adventurer}")
    for p in range(s.n):
        visible = viewer is None or viewer == p
        supply = s.pros[p].count(SUPPLY)
        boxed = s.pros[p].count(BOX)
        mode = "winding down" if s.winding[p] else "building up"
        hand = " ".join(t.ranks[r] for r in s.hand[p]) if visible else f"{len(s.hand[p])} cards"
        pile = " ".join(t.ranks[r] for r in s.pile[p]) or "-"
        lines.append(
            f"{_colour(s, p)} (seat {p}, {mode}): {_chip_text(s, s.chips[p], visible)}; "
            f"hand {hand or '-'}; removed pile {pile}; prospectors supply {supply}, "
            f"box {boxed}; score now {s.score(p)}"
            if visible
            else f"{_colour(s, p)} (seat {p}, {mode}): {_chip_text(s, s.chips[p], visible)}; "
            f"hand {hand}; removed pile {pile}; prospectors supply {supply}, box {boxed}"
        )
    if s.phase == TOWN:
        lines.append(
            f"This turn: {s.paid} paid actions, {s.debt} nuggets owed, next action costs "
            f"{t.costs[s.paid] if s.paid < t.max_paid else '-'}"
        )
    if s.phase == DIG:
        lines.append(f"This turn: {s.digs} prospectors dug")
    return "\n".join(lines)


def describe(state: Any, move: Move) -> str:
    """A human line for the log (called before the move is applied)."""
    s: SMState = state
    t = s.t
    p = s.player
    who = _colour(s, p)
    if isinstance(move, mv.WindDown):
        return f"{who} switches to Winding Down"
    if isinstance(move, mv.Prospect):
        return f"{who} prospects for gold at the {t.camps[s.current_camp()]} camp"
    if isinstance(move, mv.Town):
        return f"{who} acts in town"
    if isinstance(move, mv.Dig):
        return f"{who} digs: a prospector to {move.building}, takes the next chip"
    if isinstance(move, mv.Bonus):
        return f"{who} takes the bonus chip of {move.building}"
    if isinstance(move, mv.End):
        if s.phase == DIG:
            deeds = sum(1 for h in s.deed if h == p) + (s.adventurer == p)
            return f"{who} stops digging and runs businesses ({deeds} chips)"
        return f"{who} ends the turn"
    if isinstance(move, mv.Pay):
        return f"{who} pays {'+'.join(map(str, move.values))} for {s.debt} owed"
    cost = ""
    if isinstance(move, mv.PAID):
        cost = (
            f" (paid action {s.paid + 1}, cost {t.costs[s.paid] if s.paid < t.max_paid else '?'})"
        )
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
        via = "Chalmer's" if s.winding[p] else "Odd Fellows"
        return f"{who} moves prospector {move.prospector} to {move.space} (free, {via})"
    if isinstance(move, mv.Withdraw):
        return f"{who} takes prospector {move.prospector} out of play{cost}"
    if isinstance(move, mv.FreeWithdraw):
        return f"{who} takes prospector {move.prospector} out of play (free, Chalmer's)"
    if isinstance(move, mv.Remove | mv.FreeRemove):
        free = " (free, Adams and Co.)" if isinstance(move, mv.FreeRemove) else cost
        k = move.prospector
        loc = s.pros[p][k - 1] if 1 <= k <= t.k else -1
        if loc >= t.nc and s.stacks[loc - t.nc]:
            owner, rank = s.stacks[loc - t.nc][-1]
            card = f"{_colour(s, owner)} {t.ranks[rank]}"
            return f"{who}'s prospector {k} removes the top card at {t.spaces[loc]}: {card}{free}"
        return f"{who}'s prospector {k} removes a card{free}"
    if isinstance(move, mv.Shift):
        return (
            f"{who} shifts the card at {move.building} position {move.position} "
            f"{move.direction} (free, St. John's)"
        )
    return str(move)
