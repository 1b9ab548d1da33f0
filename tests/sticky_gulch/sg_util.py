"""Helpers shared by the Sticky Gulch tests: build states and arrange scenarios."""

from __future__ import annotations

from gadshill.rules.rulebook import Violation
from gadshill.sticky_gulch import effects
from gadshill.sticky_gulch.constants import FREE
from gadshill.sticky_gulch.moves import StickyGulchMove
from gadshill.sticky_gulch.spec import spec
from gadshill.sticky_gulch.state import StickyGulchState


def fresh(players: int = 3, seed: int = 1, length: str = "medium") -> StickyGulchState:
    state = spec().new_game(players, seed, None, {"length": length})
    assert isinstance(state, StickyGulchState)
    return state


def setup_done(s: StickyGulchState) -> StickyGulchState:
    """Play the draft and the starting camps with the first legal move each time."""
    while s.phase in ("draft", "start-camps"):
        s.apply(s.legal_moves()[0])
    return s


def at_act(players: int = 3, seed: int = 1, length: str = "medium") -> StickyGulchState:
    return setup_done(fresh(players, seed, length))


def give(s: StickyGulchState, player: int, ident: str) -> None:
    """Move a drifter from wherever it is into ``player``'s hand."""
    for pile in (s.drifter_deck, s.drifter_discard, s.hire_offer, *s.hands, *s.draft_offers):
        if ident in pile:
            pile.remove(ident)
    s.hands[player].append(ident)


def bring(s: StickyGulchState, number: int) -> None:
    """Put location ``number`` into play (from the deck) if it is not already."""
    if number in s.in_play:
        return
    s.location_deck.remove(number)
    effects.put_in_play(s, number)


def empty_board(s: StickyGulchState) -> None:
    """Send every camp home so scenarios start from open sites."""
    for number in s.in_play:
        row = s.sites[number]
        for i, owner in enumerate(row):
            if owner >= 0:
                s.stock[owner] += 1
                row[i] = FREE


def rule_ids(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


def play(s: StickyGulchState, *texts: str, auto_pass: bool = True) -> None:
    """Apply moves in notation. The die-drifter window asks every player
    (SG-R.reaction-window); with ``auto_pass`` the players who hold nothing usable pass
    there, as they would at the table, so a scenario names only the moves that matter."""
    for text in texts:
        if auto_pass:
            pass_idle(s)
        move = spec().codec.parse(text)
        s.apply(move)  # type: ignore[arg-type]
    if auto_pass:
        pass_idle(s)


def pass_idle(s: StickyGulchState) -> None:
    """Pass for each player of the open die-drifter window who has no usable die drifter."""
    while s.phase == "react" and not s.eligible_die_drifters(s.actor):
        s.apply(parse("pass"))


def parse(text: str) -> StickyGulchMove:
    move = spec().codec.parse(text)
    return move  # type: ignore[return-value]


def open_site(s: StickyGulchState, number: int) -> int:
    return s.available_sites(number)[0]
