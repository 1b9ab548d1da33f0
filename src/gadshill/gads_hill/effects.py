"""What each move does to a Gads Hill state, once the rule book has let it through.

Cards, marker takes and STOP claims apply the deduction solver's effect as it
is (the state caches the report the rule book already asked for); this module
moves the cards, books the points, and steps the turn along: the action, the
draw, the other players' STOP windows, the end of the turn and of the game.
"""

from __future__ import annotations

from typing import Any

from gadshill.gads_hill.constants import (
    BUY_PRICE,
    OVER,
    STOP,
    TURN,
)
from gadshill.gads_hill.core import GadsHillCore, TurnLog
from gadshill.gads_hill.moves import Buy, Claim, Discard, Draft, Draw, Pass, Play, StopDone
from gadshill.rules.moves import Move
from gadshill.solver.model import MARKERS_PER_BUILDING, Effect


def apply(state: GadsHillCore, move: Move) -> None:
    """Carry out a move the rule book has accepted; when it moved markers, check the
    marker ledger."""
    seat = state.current_player
    assert seat is not None
    if isinstance(move, Draft):
        take_building(state, seat, move.building)
        state.drafted += 1
        # GH-3.draft: two rounds of picks (a smaller pack may say one), then turn 1
        if state.drafted == state.world.sizes.draft_rounds * state.players:
            start_turn(state, 0)
    elif isinstance(move, Play):
        play_card(state, seat, move)
    elif isinstance(move, Discard):
        # GH-T2, GH-4.discards: the two cards go face up to the discard pile
        for card in move.cards:
            state.hands[seat].remove(card)
            state.discards.append(card)
        report = state.take_report(move.building, move.space)
        state.action = "discard"
        event(state, "discard", cards=list(move.cards))
        # GH-7: the taken marker, then the cascade, as the solver resolved them
        resolve(state, seat, report.effect, "take", building=move.building, space=move.space)
    elif isinstance(move, Pass):
        state.action = "pass"  # GH-T3: passing is the turn's action
        event(state, "pass")
    elif isinstance(move, Buy):
        # GH-4.buy-price: the price leaves the game (the ledger's "paid for buildings")
        state.collected[seat] -= BUY_PRICE
        state.paid += BUY_PRICE
        state.buys[seat] += 1
        state.bought = True
        take_building(state, seat, move.building)
        event(state, "buy", building=move.building)
    elif isinstance(move, Claim):
        # GH-8, GH-F3: a STOP claim removes a marker no layout uses, then the cascade
        report = state.claim_report(move.building, move.space)
        if state.phase == TURN:
            state.claimed = True
        # GH-8.window: the claimer's window stays open (more claims, then stop-done)
        resolve(state, seat, report.effect, "claim", building=move.building, space=move.space)
    elif isinstance(move, Draw):
        if move.pile is not None:  # GH-4.draw
            state.hands[seat].append(state.piles[move.pile].pop())
        event(state, "draw", pile=move.pile)
        open_stop_windows(state)
    elif isinstance(move, StopDone):
        next_stop_window(state)
    else:  # pragma: no cover - the rule book refuses unknown moves
        raise TypeError(move)
    refill(state)
    if isinstance(move, Play | Discard | Claim | Buy):  # the moves that move markers
        settle(state)


def refuse(state: GadsHillCore, move: Move) -> None:
    """GH-8 (amended): a refused STOP claim ends the claimer's chance to claim: a STOP
    window passes on at once; the active player claims no more this turn. A refused card
    play ends the active player's card plays for the turn (GH-8.refused-play): a card laid
    on the table and taken back was seen by all."""
    if isinstance(move, Play):
        state.play_refused = True
        return
    if not isinstance(move, Claim):
        return
    if state.phase == STOP:
        next_stop_window(state)
        refill(state)
    else:
        state.claim_refused = True


def take_building(state: GadsHillCore, seat: int, building: str) -> None:
    """A building from beside the board becomes one of ``seat``'s own (draft or buy)."""
    state.owner[building] = seat
    state.owned[seat].append(building)


def play_card(state: GadsHillCore, seat: int, move: Play) -> None:
    """GH-6: the solver resolves the card; GH-4.discards: the card goes face up."""
    report = state.card_report(move.card, move.my)
    state.hands[seat].remove(move.card)
    state.discards.append(move.card)
    state.action = "play"
    state.cards_played += 1
    resolve(state, seat, report.effect, "play", card=move.card, my=move.my)


def resolve(state: GadsHillCore, seat: int, effect: Effect, kind: str, **details: Any) -> None:
    """Carry out a solver effect; its points go to ``seat`` (GH-6)."""
    after = effect.after
    assert after is not None, "the rule book only lets applicable effects through"
    before_board = sum(len(s) for s in state.markers.values())
    newly_marked = {b for b, _ in effect.markers_placed}
    from_stock = sum(state.stock(b) for b in newly_marked)
    state.markers = {b: s for b, s in after.markers.items() if s}
    state.placed = dict(after.placed)
    state.retired = after.retired
    state.board_changed()  # the one place the board changes: the solver's answers are new
    after_board = sum(len(s) for s in state.markers.values())
    points = before_board + from_stock - after_board
    assert points == effect.points, (
        f"solver effect counts {effect.points} points, the ledger {points}"
    )
    state.collected[seat] += points
    if effect.markers_placed or effect.markers_removed or effect.buildings_placed:
        state.changed = True
    event(
        state,
        kind,
        seat=seat,
        points=points,
        placed=[list(m) for m in effect.markers_placed],
        removed=[list(m) for m in effect.markers_removed],
        taken=[list(m) for m in effect.markers_taken],
        buildings=[list(m) for m in effect.buildings_placed],
        retired=list(effect.retired),
        locomotive=state.locomotive,
        **details,
    )


def event(state: GadsHillCore, kind: str, **details: Any) -> None:
    state.current_log.events.append({"event": kind, **details})


def refill(state: GadsHillCore) -> None:
    """When all three piles are empty, discarded district cards become a new pile (GH-F4)."""
    if any(state.piles.values()):
        return
    district = [c for c in state.discards if state.world.card_kind(c) == "district"]
    if not district:
        return
    state.discards = [c for c in state.discards if state.world.card_kind(c) != "district"]
    district.sort()
    state.reshuffled.append(list(district))
    state.rng.shuffle(district)
    state.piles["district"] = district
    event(state, "reshuffle", cards=len(district))


def start_turn(state: GadsHillCore, seat: int) -> None:
    state.phase = TURN
    state.active = seat
    state.turn += 1
    state.action = None
    state.cards_played = 0
    state.bought = False
    state.claimed = False
    state.claim_refused = False
    state.play_refused = False
    state.changed = False
    state.current_log = TurnLog(state.turn, seat, locomotive=state.locomotive)


def open_stop_windows(state: GadsHillCore) -> None:
    """After the active player's part, each other player may call STOP in turn
    (GH-8.window). Every window opens, whether or not a marker is removable: a window
    that opened only when there is something to find would tell the table so."""
    if state.players > 1:
        state.phase = STOP
        state.stop_seat = (state.active + 1) % state.players
    else:
        end_turn(state)


def next_stop_window(state: GadsHillCore) -> None:
    """GH-8.window: stop-done passes the window on clockwise, back to the active player."""
    following = (state.stop_seat + 1) % state.players
    if following == state.active:
        end_turn(state)
    else:
        state.stop_seat = following


def end_turn(state: GadsHillCore) -> None:
    """Record what nobody claimed, then the end test (GH-9) or the next player's turn."""
    # GH-8.overlooked: the removable markers left at the end of the turn
    state.current_log.overlooked = sorted(state.removable_set())
    state.current_log.locomotive = state.locomotive
    state.current_log.board = state.position()  # the one removable_set just read
    state.history.append(state.current_log)
    # GH-9 (amended): a quiet turn is one that *began* with the building and
    # condition piles empty and changed nothing. Before that every turn draws a
    # fresh card, and the player who draws the last one gets a turn to use it;
    # the draws themselves bound the number of quiet turns, so the game still ends.
    state.quiet_turns = (
        0 if state.changed or began_with_fresh_cards(state) else state.quiet_turns + 1
    )
    if state.locomotive >= state.world.sizes.end_locomotive or state.quiet_turns >= state.players:
        state.phase = OVER
        return
    start_turn(state, (state.active + 1) % state.players)


def began_with_fresh_cards(state: GadsHillCore) -> bool:
    """GH-9: whether the current turn began with a building or condition card to draw:
    the piles hold one now, or this turn's draw took one (draws are the only way
    a pile shrinks, so nothing else can have emptied them since the turn began)."""
    if state.piles["building"] or state.piles["condition"]:
        return True
    return any(
        e["event"] == "draw" and e.get("pile") in ("building", "condition")
        for e in state.current_log.events
    )


def settle(state: GadsHillCore) -> None:
    """GH-C: the four places of the ledger still hold all 110 markers."""
    total = sum(state.ledger().values())
    expected = MARKERS_PER_BUILDING * len(state.world.buildings)
    assert total == expected, f"marker ledger holds {total}, not {expected}"
