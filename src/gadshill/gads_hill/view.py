"""Words and pictures for a Gads Hill game: the log line of each move, the view of a
seat (board, own hand; with hints also which cards are playable and why not, and the
STOP offers), the lines the demo tells at the end of each turn, and the
overlooked-points summary.

Deduction is the game, so a seat sees no solver answer unless it asks for hints:
what a card would do, which markers logic removes, and (in the log) whether a STOP
window has anything to find all stay hidden.
"""

from __future__ import annotations

from typing import Any

from gadshill.gads_hill.constants import BUY_PRICE, DRAFT, OVER, STOP, TURN
from gadshill.gads_hill.moves import Buy, Claim, Discard, Draft, Draw, Pass, Play, StopDone
from gadshill.gads_hill.picture import draw as draw  # the SVG picture (spec.draw)
from gadshill.gads_hill.rules import SOLVER_CARD_RULES
from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.summary import overlooked_summary as overlooked_summary
from gadshill.gads_hill.summary import turn_line as turn_line
from gadshill.gads_hill.targets import stop_claims
from gadshill.render.gads_hill import town_text
from gadshill.render.words import plural
from gadshill.rules.moves import Move
from gadshill.rules.spec import SeatView
from gadshill.rules.state import GameState
from gadshill.solver.model import Effect, Marker

#: the board as a position file (``position_file(state)``), for the town pictures
position_file = GadsHillState.position_file


def _state(state: GameState[Any]) -> GadsHillState:
    assert isinstance(state, GadsHillState)
    return state


def markers_text(markers: list[Marker] | tuple[Marker, ...]) -> str:
    return ", ".join(f"{b}@{s}" for b, s in markers) or "none"


def effect_text(effect: Effect) -> str:
    """What an effect does, in a few words, with its points."""
    parts: list[str] = []
    if effect.markers_placed:
        parts.append(f"marks {markers_text(effect.markers_placed)}")
    if effect.markers_to_player:
        spare = ", ".join(f"{n} {b}" for b, n in effect.markers_to_player)
        parts.append(f"keeps unneeded markers ({spare})")
    if effect.markers_removed:
        parts.append(f"removes {markers_text(effect.markers_removed)}")
    if effect.buildings_placed:
        built = ", ".join(f"{b} on {s}" for b, s in effect.buildings_placed)
        parts.append(f"builds {built}")
    if effect.markers_taken:
        parts.append(f"takes {markers_text(effect.markers_taken)}")
    if effect.retired:
        parts.append(f"{', '.join(effect.retired)} out of the game")
    parts.append(plural(effect.points, "point"))
    return "; ".join(parts)


def card_label(state: GadsHillState, card: int, my: str | None) -> str:
    text = state.world.card_text(card)
    mine = f" (my building: {my})" if my else ""
    return f"card {card} ({state.world.card_kind(card)}): {text!r}{mine}"


def describe(state: GameState[Any], move: Move) -> str:
    """The log line of a move, written before it is applied (effects from the solver)."""
    s = _state(state)
    seat = s.current_player
    if isinstance(move, Draft):
        return f"drafts {move.building}"
    if isinstance(move, Play):
        line = f"turn {s.turn}: plays {card_label(s, move.card, move.my)}"
        violations = s.check(move)
        if violations:
            return line + " - refused: " + "; ".join(str(v) for v in violations)
        effect = s.card_report(move.card, move.my).effect
        after = s.locomotive + len(effect.buildings_placed)
        return f"{line} -> {effect_text(effect)}; locomotive {after}" + reshuffle_note(s, move)
    if isinstance(move, Discard):
        cards = " and ".join(str(c) for c in move.cards)
        report = s.take_report(move.building, move.space)
        line = f"turn {s.turn}: discards {cards}, takes {move.building}@{move.space}"
        if not report.legal:
            return f"{line} -> refused"
        after = s.locomotive + len(report.effect.buildings_placed)
        tail = f"{effect_text(report.effect)}; locomotive {after}"
        return f"{line} -> {tail}" + reshuffle_note(s, move)
    if isinstance(move, Pass):
        return f"turn {s.turn}: passes"
    if isinstance(move, Buy):
        return f"buys {move.building} for {BUY_PRICE} markers"
    if isinstance(move, Draw):
        line = f"draws from the {move.pile} pile" if move.pile else "draws nothing (piles empty)"
        # GH-8.window: every window opens; whether there is anything to find is not told
        return line + ("; STOP windows open" if s.players > 1 else "") + reshuffle_note(s, move)
    if isinstance(move, Claim):
        report = s.claim_report(move.building, move.space)
        # STOP is another player's call; the active player's own claim is just a claim
        call = f"turn {s.turn}: seat {seat}" if s.phase == TURN else f"STOP! seat {seat}"
        if not report.legal:
            return f"{call} claims {move.building}@{move.space} - refused: " + "; ".join(
                v.message for v in report.violations
            )
        why = next(
            (
                r.because
                for r in s.removable()
                if (r.building, r.space) == (move.building, move.space)
            ),
            "",
        )
        after = s.locomotive + len(report.effect.buildings_placed)
        return (
            f"{call} claims {move.building}@{move.space} ({why}) -> "
            f"{effect_text(report.effect)}; locomotive {after}"
        )
    if isinstance(move, StopDone):
        # what is left on the board stays open to claims: the overlooked markers are
        # told at the end of the game (overlooked_summary), not here
        if s.phase == STOP and (s.stop_seat + 1) % s.players == s.active:
            return "lets the last STOP window pass"
        return "lets the STOP window pass"
    return str(move)


def reshuffle_note(state: GadsHillState, move: Move) -> str:
    """GH-F4: when this move leaves all three piles empty with district cards among the
    discards, those come back as a new district pile; the log tells it."""
    sizes = {pile: len(cards) for pile, cards in state.piles.items()}
    if isinstance(move, Draw) and move.pile is not None:
        sizes[move.pile] -= 1
    if any(sizes.values()):
        return ""
    gone = list(state.discards)
    if isinstance(move, Play):
        gone.append(move.card)
    elif isinstance(move, Discard):
        gone += list(move.cards)
    districts = sum(1 for c in gone if state.world.card_kind(c) == "district")
    if not districts:
        return ""
    cards = (
        "the discarded district card is"
        if districts == 1
        else (f"the {districts} discarded district cards are")
    )
    return f"; all piles are empty: {cards} shuffled into a new district pile"


def board_text(state: GadsHillState) -> str:
    """The town map, drawn by the shared renderer."""
    return town_text(state.world.town, state.position_file())


def hand_lines(state: GadsHillState, seat: int) -> list[str]:
    """Each card of ``seat``'s hand with every way to play it: playable, or why not."""
    lines: list[str] = []
    for card in sorted(state.hands[seat]):
        lines.append(f"  {card_label(state, card, None)}")
        # the bindings GH-5 and GH-F5 allow, from the state (the book asks the same)
        choices = state.my_choices(seat, card)
        if not choices:
            lines.append("      not playable: no own building can be 'my building' (GH-5)")
        for my in choices:
            who = f"with {my}: " if my else ""
            report = state.card_report(card, my)
            if report.playable:
                lines.append(f"      {who}playable -> {effect_text(report.effect)}")
            else:
                why = "; ".join(str(v) for v in report.violations)
                lines.append(f"      {who}not playable: {why}")
    return lines


def render(state: GameState[Any], viewer: int | None, hints: bool = False) -> str:
    """The board, the players, and for a seat its own hand; ``hints`` adds, per card,
    whether it is playable and what it would do, and the markers a STOP may claim."""
    s = _state(state)
    out = [board_text(s)]
    for p in range(s.players):
        mine = ", ".join(
            b
            + (f" (on {s.location(b)})" if s.is_placed(b) else "")
            + (" (out)" if b in s.retired else "")
            for b in s.owned[p]
        )
        out.append(
            f"seat {p}: {s.collected[p]} markers, {len(s.hands[p])} cards, buys {s.buys[p]},"
            f" buildings: {mine or '-'}"
        )
    piles = ", ".join(f"{p} {len(c)}" for p, c in s.piles.items())
    out.append(f"piles: {piles}; discards {len(s.discards)}; turn {s.turn}")
    out.append(f"beside the board: {', '.join(s.beside_board()) or '-'}")
    seat = viewer if viewer is not None and 0 <= viewer < s.players else None  # SPECTATOR
    if seat is not None and s.phase != OVER:
        out.append(f"your hand (seat {seat}):")
        if hints:
            out.extend(hand_lines(s, seat))
        else:
            out.extend(f"  {card_label(s, card, None)}" for card in sorted(s.hands[seat]))
        if hints and s.phase != DRAFT and (s.phase == STOP or s.action is not None):
            removals = s.removable()
            if removals:
                out.append("STOP: markers you can claim:")
                out.extend(f"  claim {r.building} {r.space}: {r.because}" for r in removals)
    if viewer is None and s.phase == OVER:
        out.append(overlooked_summary(s))
    return "\n".join(out)


#: the card rules the deduction solver decides: a seat without hints may try the card
SOLVER_RULES = frozenset((*SOLVER_CARD_RULES, "GH-6.solver"))


def seat_moves(state: GadsHillState, seat: int, hints: bool) -> list[Move]:
    """The menu of ``seat``: the legal moves, except that without hints it lists no
    STOP claim (that list is the solver's answer) and every card the visible rules
    allow, playable or not (whether a clue fits the town is for the player to find)."""
    legal = state.legal_moves()
    if hints:
        return legal
    menu = [m for m in legal if not isinstance(m, Claim)]
    if state.phase == TURN and state.current_player == seat:
        listed = set(menu)
        for move in state.candidate_moves():
            if isinstance(move, Play) and move not in listed:
                broken = {v.rule for v in state.check(move)}
                if broken <= SOLVER_RULES:
                    menu.append(move)
        order = {m: i for i, m in enumerate(state.candidate_moves())}
        menu.sort(key=lambda m: order.get(m, len(order)))
    # one claim per marker on the board, in board order, after the other moves: neither
    # list nor order tells which markers logic removes (GH-8.refused makes a wrong try
    # public)
    return [*menu, *stop_claims(state, seat)]


def preview(state: GadsHillState, move: Move) -> str:
    """A menu line that tells what a move is, not what it would do (no solver answer)."""
    if isinstance(move, Play):
        return f"play {card_label(state, move.card, move.my)}"
    if isinstance(move, Discard):
        cards = " and ".join(str(c) for c in move.cards)
        return f"discard {cards}, take the {move.building} marker on {move.space}"
    if isinstance(move, Claim):
        return f"STOP! claim the {move.building} marker on {move.space}"
    if isinstance(move, Draw):
        return f"draw from the {move.pile} pile" if move.pile else "draw nothing (piles empty)"
    if isinstance(move, StopDone):
        return "let the STOP window pass"
    return describe(state, move)  # drafts, buys and passes tell nothing hidden


def seat_view(state: GameState[Any], seat: int, hints: bool) -> SeatView:
    """What ``seat`` sees: its picture and menu; without hints a STOP offers every
    marker on the board (not the solver's list), and no menu line tells what a move
    would do."""
    s = _state(state)
    claims = s.phase == STOP or (s.phase == TURN and s.action is not None)
    typed = (
        "claim BUILDING SPACE: STOP! take a marker no layout of the town can use"
        " (the board's abbreviations do: claim STG S12)",
    )
    moves = seat_moves(s, seat, hints)
    label = describe if hints else preview
    return SeatView(
        render(s, seat, hints),
        moves,
        typed if claims and s.current_player == seat and not hints else (),
        tuple(label(s, move) for move in moves),
    )
