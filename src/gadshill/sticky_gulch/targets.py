"""What the web page clicks in a Sticky Gulch game: each menu move's action and the
pieces that make it (``location:7``, ``site:7/2``, ``drifter:silver-eagle``,
``die:4``), the seat's drifters drawn as cards with their text (its hand, the two
dealt or hired it keeps one of, the deck's top it has seen), a prompt line and every
seat's public tallies.

Drifters are private (SG-R.private-drifters): only the seat's own are in its hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from gadshill.rules.moves import Move
from gadshill.rules.spec import HandCard, MenuEntry, Tally
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import (
    ACT,
    DRAFT,
    EFFECT,
    HIRE,
    REACT,
    ROLL,
    START_CAMPS,
)
from gadshill.sticky_gulch.moves import (
    Camp,
    Draw,
    End,
    Hire,
    Keep,
    Pass,
    Pick,
    Place,
    Prospect,
    Roll,
    Skip,
    Target,
    Use,
)

if TYPE_CHECKING:
    from gadshill.sticky_gulch.state import StickyGulchState

#: move kind -> (action id, the words of its button)
ACTIONS: dict[str, tuple[str, str]] = {
    Keep.kind: ("keep", "Keep a drifter"),
    Draw.kind: ("draw", "Draw a location card"),
    Camp.kind: ("camp", "Set up a camp"),
    Hire.kind: ("hire", "Hire a drifter"),
    Prospect.kind: ("prospect", "Pay for a prospecting roll"),
    Use.kind: ("use", "Use a drifter"),
    Roll.kind: ("roll", "Roll the die"),
    Pass.kind: ("pass", "Let the die stand"),
    End.kind: ("end", "End the turn (free roll)"),
    Target.kind: ("target", "Aim the drifter's roll"),
    Place.kind: ("place", "Put the camp here"),
    Pick.kind: ("pick", "Pick a camp"),
    Skip.kind: ("skip", "Skip the drifter's step"),
}


def location(number: int) -> str:
    return f"location:{number}"


def site(number: int, index: int) -> str:
    return f"site:{number}/{index}"


def drifter(ident: str) -> str:
    return f"drifter:{ident}"


def move_targets(move: Move, seat: int | None = None) -> list[str]:
    """The pieces a move names that every seat may know, in click order: a pure function
    of the move. A kept drifter is not named (its log line hides it,
    SG-R.private-drifters); a used one is (the table sees it used)."""
    if isinstance(move, Use):
        return [drifter(move.drifter)]
    if isinstance(move, Camp | Place | Pick):
        return [site(move.location, move.site)]
    if isinstance(move, Prospect | Target):
        return [location(move.location)]
    if isinstance(move, End) and move.location is not None:
        return [location(move.location)]
    return []  # draw, hire, roll, pass, skip, an end with no location left: buttons


def entry(state: GameState[Any], move: Move, label: str) -> MenuEntry:
    """A menu move; a die drifter's change is clicked as the face it turns the die to."""
    s = cast("StickyGulchState", state)
    action, words = ACTIONS.get(move.kind, (move.kind, move.kind))
    targets = move_targets(move)
    if isinstance(move, Keep):  # the seat's own choice: clicked in its own hand
        targets = [drifter(move.drifter)]
    if isinstance(move, Use) and move.value is not None:
        step = s.drifter(move.drifter).effect[0]
        face = move.value if step.any else s.die + move.value
        targets.append(f"die:{face}")
    return MenuEntry(move, label, action, words, tuple(targets))


def _card(state: StickyGulchState, ident: str, kind: str) -> HandCard:
    d = state.drifter(ident)
    return HandCard(drifter(ident), kind, f"{d.name} (${d.cost})", d.text())


def hand(state: GameState[Any], seat: int) -> list[HandCard]:
    """The seat's drifters: in hand, dealt to it (the draft), hired (to keep one of),
    and the deck's top it has seen; kinds ``drifter``, ``dealt``, ``hired``, ``seen``."""
    s = cast("StickyGulchState", state)
    if not 0 <= seat < s.players:
        return []
    out = [_card(s, ident, "drifter") for ident in s.hands[seat]]
    if s.phase == DRAFT:
        out += [_card(s, ident, "dealt") for ident in s.draft_offers[seat]]
    if s.phase == HIRE and seat == s.player:
        out += [_card(s, ident, "hired") for ident in s.hire_offer]
    out += [_card(s, ident, "seen") for ident in s.deck_top_known_to(seat)]
    return out


def _where(state: StickyGulchState, number: int | None) -> str:
    if not number:
        return "-"
    return f"{state.data.location(number).name} (#{number})"


def prompt(state: GameState[Any], seat: int) -> str:
    s = cast("StickyGulchState", state)
    if s.phase == DRAFT:
        return "Keep one of the two drifters dealt to you"
    if s.phase == START_CAMPS:
        return "Set up a starting camp: pick an open site"
    if s.phase == ACT:
        return (
            f"Your turn ({s.action_points} action points): draw a location, set up a camp, "
            "hire, prospect, use a drifter, or end the turn"
        )
    if s.phase == HIRE:
        return "Keep one of the two drifters you hired"
    if s.phase == EFFECT and s.queue:
        return f"A drifter's step ({s.queue[0].verb}): choose where, or skip it"
    if s.phase == ROLL:
        return f"Roll the die for {_where(s, s.roll_location)}"
    if s.phase == REACT:
        return f"The die shows {s.die}: use a drifter on it, or let it stand"
    return ""


def tallies(state: GameState[Any]) -> list[Tally]:
    """Per seat what everybody sees: money (the score), camps, drifters held, lodes."""
    s = cast("StickyGulchState", state)
    return [
        Tally(
            p,
            s.money[p],
            {
                "money": s.money[p],
                "camps": len(s.camps_of(p)),
                "stock": s.stock[p],
                "drifters": len(s.hands[p]),
                "lodes": sum(1 for claim in s.claims if claim[2] == p),
            },
        )
        for p in range(s.players)
    ]
