"""A human at the terminal: the seat's view, a menu that fits on the screen, commands
(``help``, ``moves``, ``board``, ``quit``), and a way out that keeps the game.

The menu lists every legal move when there are few; a long one (every pair of cards
to discard...) is grouped by kind, one line each, and ``moves KIND`` pages through
that kind, so the bots' last moves stay on screen. Words are read in any case.
``quit``, Ctrl-C or the end of input raise :class:`SeatLeft`; the game loop turns that
into a partial record that ``gadshill play --resume RECORD`` continues.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape

from gadshill.cli.common import console
from gadshill.errors import GadshillError, NotationError, UsageError, did_you_mean
from gadshill.registry import get_spec
from gadshill.rules.bots import SeatLeft

if TYPE_CHECKING:
    from gadshill.cli.narrate import Teller
    from gadshill.rules.bots import BotOptions, Chooser, PlayedGame
    from gadshill.rules.moves import Move
    from gadshill.rules.records import Record, Refusal
    from gadshill.rules.spec import GameSpec, SeatView
    from gadshill.rules.state import GameState

#: seats of a game started with no options, when the game allows as many
DEFAULT_PLAYERS = 3

#: a menu this long or shorter is shown whole; a longer one is grouped by kind
MENU_WHOLE = 20
#: lines per page of ``moves KIND``
PAGE = 15

HELP = """\
Type one of:
  a number            the move of that number in the menu
  a move in notation  e.g. {examples} (names in any case)
  moves [KIND] [PAGE] every legal move, or those of one kind, {page} a page
  board               the board and your view again
  help                this text
  quit                stop here: the game so far is saved, to go on later with
                      gadshill play --resume RECORD (Ctrl-C and Ctrl-D do the same)
Move kinds now: {kinds}"""


Ask = Callable[[str], str]


def _prompt(text: str) -> str:
    try:
        return str(typer.prompt(text))
    except (EOFError, KeyboardInterrupt, typer.Abort):
        raise SeatLeft("the human seat left the game") from None


class HumanSeat:
    """A chooser (``play_game``'s ``choosers``) reading moves from a person."""

    def __init__(self, spec: GameSpec, ask: Ask = _prompt, hints: bool = False):
        self.spec, self.ask, self.hints = spec, ask, hints
        self.view: SeatView | None = None

    def __call__(self, state: GameState[Any], seat: int) -> Move | Refusal:
        # what a player at the table sees (spec.view_for): no solver answers without hints
        self.view = view = self.spec.view_for(state, seat, self.hints)
        legal = view.moves
        self.show(state, legal)
        while True:
            try:
                answer = self.ask(f"seat {seat}: move number or notation (help)").strip()
            except KeyboardInterrupt:
                raise SeatLeft("the human seat left the game") from None
            move = self.answer(state, seat, legal, answer)
            if move is not None:
                return move

    # -- the menu

    def show(self, state: GameState[Any], legal: list[Move]) -> None:
        assert self.view is not None
        console.print(self.view.text)
        self.menu(state, legal)
        for line in self.view.typed:
            console.print(f"  or type {line}")

    def line(self, state: GameState[Any], number: int, move: Move) -> str:
        labels = dict(self.view.menu()) if self.view is not None else {}
        label = labels.get(move) or self.spec.describe(state, move)
        return f"  {number:>3}. {label}   [dim]{move}[/dim]"

    def menu(self, state: GameState[Any], legal: list[Move]) -> None:
        if len(legal) <= MENU_WHOLE:
            for number, move in enumerate(legal, start=1):
                console.print(self.line(state, number, move))
            return
        kinds: dict[str, list[int]] = {}
        for number, move in enumerate(legal, start=1):
            kinds.setdefault(move.kind, []).append(number)
        console.print(f"  {len(legal)} legal moves:")
        for kind, numbers in kinds.items():
            if len(numbers) == 1:
                console.print(self.line(state, numbers[0], legal[numbers[0] - 1]))
            else:
                first = legal[numbers[0] - 1]
                console.print(
                    f"  {numbers[0]:>3}-{numbers[-1]}: {len(numbers)} '{kind}' moves, e.g."
                    f" [dim]{first}[/dim]: type 'moves {kind}' to list them"
                )

    def page(self, state: GameState[Any], legal: list[Move], words: list[str]) -> None:
        kinds = list(dict.fromkeys(m.kind for m in legal))
        kind = None
        page = 1
        for word in words:
            if word.isascii() and word.isdigit() and len(word) < 6:
                page = max(1, int(word))
            elif word.casefold() in (k.casefold() for k in kinds):
                kind = next(k for k in kinds if k.casefold() == word.casefold())
            else:
                hint = did_you_mean(word, kinds)
                said = f"no move kind {word!r}{hint} (kinds: {', '.join(kinds)})"
                console.print(f"[red]{escape(said)}[/red]")
                return
        chosen = [(n, m) for n, m in enumerate(legal, start=1) if kind is None or m.kind == kind]
        pages = max(1, -(-len(chosen) // PAGE))
        page = min(page, pages)
        for number, move in chosen[(page - 1) * PAGE : page * PAGE]:
            console.print(self.line(state, number, move))
        if pages > 1:
            more = f"; 'moves {kind or ''} {page + 1}'".replace("  ", " ") if page < pages else ""
            console.print(f"  page {page} of {pages}{more}")

    # -- an answer

    def answer(
        self, state: GameState[Any], seat: int, legal: list[Move], answer: str
    ) -> Move | Refusal | None:
        words = answer.split()
        command = words[0].casefold() if words else ""
        if command in ("help", "?"):
            kinds = ", ".join(dict.fromkeys(m.kind for m in legal))
            examples = ", ".join(f"'{m}'" for m in legal[:2]) or "'pass'"
            console.print(HELP.format(examples=examples, page=PAGE, kinds=kinds), markup=False)
            return None
        if command == "moves":
            self.page(state, legal, words[1:])
            return None
        if command == "board":
            self.show(state, legal)
            return None
        if command in ("quit", "exit"):
            raise SeatLeft("the human seat left the game")
        if not answer:
            return None
        # ASCII digits only ("²" is a digit to str.isdigit but not to int), and no
        # longer than the menu's numbers (int() refuses over 4300 digits).
        number = answer.isascii() and answer.isdigit() and len(answer) <= len(str(len(legal)))
        spelled = {str(m).casefold(): m for m in legal}
        if number and 1 <= int(answer) <= len(legal):
            move = legal[int(answer) - 1]
        elif answer.casefold() in spelled:  # a menu line's notation, in any case
            move = spelled[answer.casefold()]
        else:
            try:
                # the state's own parser: a game reads its ids in any case ("bank" is BANK)
                move = state.parse_move(answer)
            except NotationError as err:
                console.print(f"[red]{escape(str(err))}[/red] (type 'help')")
                return None
        # without hints a menu may hold moves the solver refuses: every choice is checked
        violations = state.check(move)
        if not violations:
            return move
        rules = () if self.hints else state.public_refusal(move, violations)
        if rules:  # GH-8.refused: tried openly; the table hears of it, the solver says no more
            from gadshill.rules.records import Refusal

            return Refusal(move, seat, rules)
        console.print(f"[red]refused: {escape(str(move))}[/red]")
        for violation in violations:
            said = str(violation)
            if not self.hints and state.public_refusal(move, [violation]):
                # no layout without hints: the rule's own words from the book
                said = f"[{violation.rule}] {self.spec.rulebook[violation.rule].text}"
            console.print(f"  [red]{escape(said)}[/red]")
        return None


# -- the table: who sits where, a game begun or resumed, a game left


def at_terminal() -> bool:
    """Whether a person sits at the command (standard input and output are a terminal)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def seat_names(players: int | None, bots: str) -> list[str]:
    """One name per seat; a single bot name fills every seat."""
    seats = [b.strip() for b in bots.split(",") if b.strip()]
    if players is not None and len(seats) == 1:
        seats = seats * players
    if players is not None and len(seats) != players:
        raise UsageError(f"--players {players} but {len(seats)} bots given in --bots")
    return seats


def table(
    game: str,
    players: int | None,
    bots: str | None,
    seed: int,
    options: dict[str, str],
    resume: Path | None,
    data: Path | None,
) -> tuple[GameSpec, list[str], int, dict[str, str]]:
    """The game, its seats, seed and options: from the arguments, with sensible
    defaults (a human against greedy bots at a terminal, random bots otherwise;
    three seats when the game allows), or from the record of a game to resume."""
    if resume is not None:
        from gadshill.rules.records import Record

        if game or players is not None or bots is not None or options:
            raise UsageError("--resume takes the game, seats, seed and options from its record")
        earlier = Record.read(resume)
        return get_spec(earlier.game), list(earlier.players), earlier.seed, earlier.options
    if not game:
        raise UsageError("play needs a GAME (or --resume RECORD)")
    spec = get_spec(game)
    if players is not None:  # before seat_names repeats a bot name --players times
        spec.check_players(players)
    count = players
    if count is None and (bots is None or "," not in bots):
        count = min(max(DEFAULT_PLAYERS, spec.min_players), spec.max_players)
    if bots is None:
        human = at_terminal()
        bots = ",".join(["human"] + ["greedy"] * ((count or 2) - 1)) if human else "random"
    return spec, seat_names(count, bots), seed, options


def play_resumable(
    spec: GameSpec,
    seats: list[str],
    seed: int,
    data: Path | None,
    options: dict[str, str],
    choosers: dict[int, Chooser],
    teller: Teller,
    resume: Path | None,
    save_to: Path | None,
    bot_options: BotOptions | None = None,
) -> PlayedGame:
    """Play (or go on with the record ``resume``); when a seat leaves, write the game
    so far (to ``save_to``, else a file named after the game and seed) and say how to
    go on."""
    from gadshill.rules.bots import play_game
    from gadshill.rules.records import Record

    earlier = Record.read(resume) if resume is not None else None
    try:
        return play_game(
            spec,
            seats,
            seed,
            data,
            options,
            choosers,
            on_move=teller.on_move,
            after_move=teller.after_move,
            resume=earlier,
            bot_options=bot_options,
            on_refusal=teller.on_refusal,
        )
    except SeatLeft as left:
        if left.record is None:
            raise
        if save_to is not None:
            path = save_to
            left.record.write(path)
        else:
            path = _write_new(left.record, f"{spec.id}-seed{seed}")
        moves = len(left.record.moves)
        console.print(
            f"game left after {moves} moves; the record is in {path}: go on with"
            f" gadshill play --resume {path}"
        )
        raise typer.Exit(130) from None


def _write_new(record: Record, stem: str) -> Path:
    """Write ``record`` to ``STEM.jsonl``, or ``STEM-2.jsonl``, ... : a file that did
    not exist (an earlier game's record is never overwritten)."""
    for number in range(1, 10_000):
        path = Path(f"{stem}.jsonl" if number == 1 else f"{stem}-{number}.jsonl")
        try:
            with path.open("x") as handle:
                handle.write(record.to_jsonl())
            return path
        except FileExistsError:
            continue
        except OSError as err:
            raise GadshillError(f"{path}: cannot write record ({err.strerror})") from None
    raise GadshillError(f"{stem}.jsonl and 9,998 numbered ones exist: none was overwritten")
