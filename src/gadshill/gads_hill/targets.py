"""What the web page clicks in a Gads Hill game: each menu move's action and the pieces
that make it (``card:12``, ``marker:BANK@S3``, ``building:BANK``, ``pile:district``),
the seat's hand drawn as cards (words, small plan, the spaces it means), a prompt line
and every seat's public tallies.

The picture (``picture.draw``) carries the same ids as ``data-target`` attributes and
the hand carries the cards', so every target of a menu entry can be clicked. Nothing
here asks the solver: a target list is the move's own pieces.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, cast

from gadshill.gads_hill.constants import BUY_PRICE, DRAFT, MAX_BUYS, OVER, STOP, TURN
from gadshill.gads_hill.moves import Buy, Claim, Discard, Draft, Draw, Pass, Play, StopDone
from gadshill.gads_hill.rules import SOLVER_REFUSALS
from gadshill.render.card_plan import card_plan_svg
from gadshill.rules.moves import Move
from gadshill.rules.spec import HandCard, MenuEntry, Tally
from gadshill.rules.state import GameState
from gadshill.solver.town import Town

if TYPE_CHECKING:
    from gadshill.gads_hill.state import GadsHillState

#: move kind -> (action id, the words of its button)
ACTIONS: dict[str, tuple[str, str]] = {
    Draft.kind: ("draft", "Draft a building"),
    Play.kind: ("play", "Play a card"),
    Discard.kind: ("discard", "Discard two cards for a marker"),
    Pass.kind: ("pass", "Pass (no action)"),
    Buy.kind: ("buy", f"Buy a building ({BUY_PRICE} markers)"),
    Draw.kind: ("draw", "Draw a card (ends your turn)"),
    Claim.kind: ("claim", "STOP!"),
    StopDone.kind: ("stop-pass", "Let the STOP window pass"),
}


def card(number: int) -> str:
    return f"card:{number}"


def building(ident: str) -> str:
    return f"building:{ident}"


def marker(ident: str, space: str) -> str:
    return f"marker:{ident}@{space}"


def space(ident: str) -> str:
    return f"space:{ident}"


def pile(name: str) -> str:
    return f"pile:{name}"


def move_targets(move: Move, seat: int | None = None) -> list[str]:
    """The pieces a move names, in click order: a pure function of the move."""
    if isinstance(move, Draft | Buy):
        return [building(move.building)]
    if isinstance(move, Play):
        return [card(move.card), *([building(move.my)] if move.my else [])]
    if isinstance(move, Discard):
        return [*(card(c) for c in move.cards), marker(move.building, move.space)]
    if isinstance(move, Claim):
        return [marker(move.building, move.space)]
    if isinstance(move, Draw) and move.pile is not None:
        return [pile(move.pile)]
    return []  # pass, stop-done, a draw from no pile: buttons


def entry(state: GameState[Any], move: Move, label: str) -> MenuEntry:
    action, words = ACTIONS.get(move.kind, (move.kind, move.kind))
    return MenuEntry(move, label, action, words, tuple(move_targets(move)))


@cache
def _districts(town: Town) -> list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]:
    """(id, name, words, spaces) of every district, longest words first (so "eastern
    outskirts" is found before "outskirts")."""
    data = town.data
    out = []
    for district in data.districts.values():
        words = district.words or (district.name.removeprefix("the "),)
        spaces = tuple(s.id for s in data.spaces.values() if district.id in s.districts)
        out.append((district.id, district.name, tuple(words), spaces))
    return out


def named_districts(town: Town, text: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """The districts a card's words name, each with its spaces (a word inside a longer
    district's word, "outskirts" in "eastern outskirts", is that longer district)."""
    lowered = text.lower()
    found: list[tuple[str, str, tuple[str, ...]]] = []
    phrases = sorted(((w, d) for d in _districts(town) for w in d[2]), key=lambda wd: -len(wd[0]))
    for word, (ident, name, _words, spaces) in phrases:
        at = lowered.find(word.lower())
        if at < 0:
            continue
        lowered = lowered[:at] + " " * len(word) + lowered[at + len(word) :]
        if all(ident != known for known, _n, _s in found):
            found.append((ident, name, spaces))
    return found


@cache
def _plan(town: Town, number: int) -> str:
    # 28-unit cells: the plan's space numbers are 12.6 units, legible at its own size
    return card_plan_svg(town, town.card(number).spaces, cell=28)  # the card names itself


def hand_card(state: GadsHillState, number: int) -> HandCard:
    """One card of a hand: its words, its small plan and the spaces its plan marks."""
    world = state.world
    town = world.town
    kind = world.card_kind(number)
    named = world.card_building(number)
    title = f"{number} · {kind}" + (f" · {town.buildings[named].name}" if named else "")
    text = world.card_text(number)
    return HandCard(
        card(number),
        kind,
        title,
        text,
        _plan(town, number),
        tuple(space(s) for s in town.ordered(town.card(number).spaces)),
        tuple(
            (ident, name, tuple(space(s) for s in spaces))
            for ident, name, spaces in named_districts(town, text)
        ),
    )


def hand(state: GameState[Any], seat: int) -> list[HandCard]:
    """The seat's own cards, ascending (nobody else's: hands are secret)."""
    s = cast("GadsHillState", state)
    if not 0 <= seat < s.players or s.phase == OVER:
        return []
    return [hand_card(s, number) for number in sorted(s.hands[seat])]


def prompt(state: GameState[Any], seat: int) -> str:
    """What the seat to act may do, in the game's words (no solver answer)."""
    s = cast("GadsHillState", state)
    if s.phase == DRAFT:
        return "Draft: take a building from beside the board"
    if s.phase == STOP:
        return "A STOP window: claim a marker (STOP!) or let it pass"
    buy = not s.bought and s.buys[seat] < MAX_BUYS and s.collected[seat] >= BUY_PRICE
    if s.action is None:
        # GH-7: a marker whose building is marked on two spaces or more, for two cards
        takeable = any(len(spaces) > 1 for spaces in s.markers.values())
        can = ["play a card"] if s.hands[seat] else []
        can += ["discard two for a marker"] if takeable and len(s.hands[seat]) >= 2 else []
        can += ["buy a building"] if buy else []
        return f"Your turn: {', '.join(can)}{', or ' if can else ''}pass"
    can = []
    second = s.cards_played < 2 and s.locomotive < s.world.sizes.one_card_locomotive
    if s.action == "play" and second and not s.claimed and s.hands[seat]:
        can.append("play another card")
    can += ["claim a marker (STOP!)"] if s.markers and not s.claim_refused else []
    can += ["buy a building"] if buy else []
    return f"Your turn: {', '.join(can)}{', or ' if can else ''}draw a card to end the turn"


def tallies(state: GameState[Any]) -> list[Tally]:
    """Per seat: collected markers (the score), cards in hand, buildings, buys."""
    s = cast("GadsHillState", state)
    return [
        Tally(
            p,
            s.collected[p],
            {
                "markers": s.collected[p],
                "cards": len(s.hands[p]),
                "buildings": len(s.owned[p]),
                "placed": sum(1 for b in s.owned[p] if s.is_placed(b)),
                "bought": s.buys[p],
            },
        )
        for p in range(s.players)
    ]


def stop_claims(state: GadsHillState, seat: int) -> list[Move]:
    """Without hints, a STOP offers one claim per marker on the board (any may be tried,
    a wrong one is refused to the table, GH-8.refused): which ones logic removes is
    the player's to find, so the list tells nothing."""
    if state.current_player != seat:
        return []
    if not (state.phase == STOP or (state.phase == TURN and state.action is not None)):
        return []
    out: list[Move] = []
    for b, spaces in sorted(state.markers.items()):
        for s in sorted(spaces):
            claim = Claim(b, s)
            # the visible rules (whose turn, GH-8.refused...) decide; the solver's are tried
            if {v.rule for v in state.check(claim)} <= SOLVER_REFUSALS:
                out.append(claim)
    return out
