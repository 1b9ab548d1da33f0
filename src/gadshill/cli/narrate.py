"""Telling a game move by move: one piece for ``play``, ``demo``, ``replay --narrate``
and ``review``.

A :class:`Teller` is handed to the game loop (``play_game``) or to ``replay`` as
their ``on_move`` (a line for the move, written before it is applied, so it can
say what the move will do) and ``after_move`` (for Gads Hill, the end of each turn:
the locomotive and the markers nobody claimed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gadshill.cli.common import console

if TYPE_CHECKING:
    from gadshill.rules.moves import Move
    from gadshill.rules.records import Refusal
    from gadshill.rules.spec import GameSpec
    from gadshill.rules.state import GameState


#: what the Gads Hill story (demo, review) leaves out: draws and STOP windows let pass
STORY_QUIET_KINDS = frozenset({"draw", "stop-done"})


class Teller:
    """Prints a game as it goes.

    ``moves``: a line per move, as ``NAME#SEAT what it does``; ``quiet_kinds``:
    move kinds left out of that (the demo leaves out draws and passed STOP
    windows); ``turns``: the Gads Hill end-of-turn lines, which name the markers
    nobody claimed only when ``overlooked`` (a seat playing without hints must find
    them itself); ``indent`` before each line. A game taken up again (``play
    --resume``) is told from where it goes on: the turns before are not told again.
    """

    def __init__(
        self,
        spec: GameSpec,
        seats: list[str],
        *,
        moves: bool = True,
        turns: bool = True,
        quiet_kinds: frozenset[str] = frozenset(),
        indent: str = "",
        bold: bool = False,
        overlooked: bool = True,
    ):
        self.spec, self.seats = spec, seats
        self.moves, self.turns, self.quiet_kinds = moves, turns, quiet_kinds
        self.indent, self.bold, self.overlooked = indent, bold, overlooked
        self.told_turns: int | None = None  # set by the first move told
        self.log_before = 0  # Sticky Gulch: the length of the game's log before the move

    def on_move(self, state: GameState[Any], move: Move) -> None:
        if self.told_turns is None:
            self.told_turns = len(getattr(state, "history", ()))
        self.log_before = len(getattr(state, "log", ()))
        if not self.moves or move.kind in self.quiet_kinds:
            return
        seat = state.current_player
        who = f"{self.seats[seat or 0]}#{seat}"
        if self.bold:
            who = f"[bold]{who}[/bold]"
        console.print(f"{self.indent}{who} {self.spec.describe(state, move)}")

    def on_refusal(self, state: GameState[Any], refusal: Refusal) -> None:
        """GH-8.refused: an open attempt the rules refused, told to the whole table."""
        if self.moves or self.turns:  # rare and telling: review shows them without --moves
            console.print(f"{self.indent}{refusal.line(self.seats[refusal.seat])}")

    def after_move(self, state: GameState[Any], move: Move) -> None:
        if self.moves and move.kind not in self.quiet_kinds:
            # what the move turned up, which its line (written before) could not say
            for line in drawn_lines(state, self.log_before):
                console.print(f"{self.indent}  {line}", markup=False)
        if not self.turns:
            return
        for line in turn_end_lines(state, self.told_turns or 0, self.overlooked):
            console.print(f"[dim]{self.indent}{line}[/dim]")
        self.told_turns = len(getattr(state, "history", ()))


def turn_end_lines(state: GameState[Any], told: int, overlooked: bool = True) -> list[str]:
    """The end-of-turn lines of the Gads Hill turns after the first ``told`` (none for
    the other games): the locomotive, and (``overlooked``) every marker left on the
    board that logic would have removed."""
    from gadshill.gads_hill.state import GadsHillState
    from gadshill.gads_hill.view import turn_line

    if not isinstance(state, GadsHillState):
        return []
    return [
        f"end of turn {log.turn}: locomotive {log.locomotive}"
        + ("; " + turn_line(log).split(": ", 1)[1] if overlooked else "")
        for log in state.history[told:]
    ]


def drawn_lines(state: GameState[Any], since: int) -> list[str]:
    """Sticky Gulch: the location cards that came into play since the log had ``since``
    lines (a draw, or a drifter's draw, turns one up face up for everybody)."""
    from gadshill.sticky_gulch.state import StickyGulchState

    if not isinstance(state, StickyGulchState):
        return []
    return [line for line in state.log[since:] if line.endswith("comes into play")]
