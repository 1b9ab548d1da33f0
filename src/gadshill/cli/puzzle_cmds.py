"""``gadshill puzzle generate|check|verify``: Gads Hill puzzles (docs/puzzles.md).

The solver, the town and the drawing are imported when a command runs, so
``gadshill --help`` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gadshill.cli.common import MAX_PUZZLES, DataOption, JsonOption, check_count, console
from gadshill.errors import GadshillError, PuzzleError

if TYPE_CHECKING:
    from gadshill.solver.puzzles.puzzle_file import Puzzle
    from gadshill.solver.town import Town

PuzzleArg = Annotated[
    str,
    typer.Argument(help='A puzzle file (JSON: one puzzle or {"puzzles": [...]}) or a puzzle code.'),
]
IdOption = Annotated[
    str | None,
    typer.Option("--id", help="Which puzzle of the file (by id); needed when it holds several."),
]
AnswersOption = Annotated[
    bool, typer.Option("--answers", help="Print the answers too (hidden otherwise).")
]


def _one(source: str, puzzle_id: str | None, town: Town) -> Puzzle:
    """The puzzle a file (chosen by ``--id``) or a code names."""
    from gadshill.solver.puzzles.codes import decode, looks_like_code
    from gadshill.solver.puzzles.puzzle_file import read_puzzles

    path = Path(source)
    if not _could_be_file(source):
        # never handed to the filesystem: a name part over 255 bytes, or a NUL, is no file
        if looks_like_code(source):
            return decode(source, town)
        raise PuzzleError(f"{_shown(source)}: neither a puzzle code nor a file name")
    if not path.exists() and looks_like_code(source):
        return decode(source, town)
    puzzles = read_puzzles(path, town)
    if puzzle_id is not None:
        for puzzle in puzzles:
            if puzzle.id == puzzle_id:
                return puzzle
        ids = ", ".join(p.id for p in puzzles)
        raise PuzzleError(f"{path}: no puzzle {puzzle_id!r} (ids: {ids})")
    if len(puzzles) > 1:
        ids = ", ".join(p.id for p in puzzles[:5]) + (", ..." if len(puzzles) > 5 else "")
        raise PuzzleError(f"{path} holds {len(puzzles)} puzzles: choose one with --id ({ids})")
    return puzzles[0]


#: the longest name of one file or folder (bytes) on the file systems gadshill runs on
NAME_MAX = 255


def _could_be_file(source: str) -> bool:
    """Whether ``source`` can name a file at all (so it may go to the filesystem)."""
    if not source or "\0" in source:
        return False
    try:
        return all(len(part.encode()) <= NAME_MAX for part in Path(source).parts)
    except UnicodeEncodeError:  # a lone surrogate from the command line
        return False


def _shown(source: str, limit: int = 40) -> str:
    """An argument as an error quotes it: at most ``limit`` characters."""
    return repr(source if len(source) <= limit else source[:limit] + "...")


def _print(text: str) -> None:
    console.print(text, markup=False, end="")


def write_pages(town: Town, puzzles: list[dict[str, Any]], out: Path) -> list[Path]:
    """Each puzzle's printable page, solution page and JSON file, named by its id."""
    from gadshill.render.puzzle_pages import question_page, solution_page

    written: list[Path] = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        for puzzle in puzzles:
            for suffix, make in (("", question_page), ("-solution", solution_page)):
                path = out / f"{puzzle['id']}{suffix}.html"
                path.write_text(make(town, puzzle), encoding="utf-8")
                written.append(path)
            path = out / f"{puzzle['id']}.json"  # the puzzle itself, for check and verify
            path.write_text(json.dumps(puzzle, indent=2) + "\n", encoding="utf-8")
            written.append(path)
    except OSError as err:
        raise GadshillError(f"{out}: cannot write ({err.strerror})") from None
    return written


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    puzzle_app = typer.Typer(
        no_args_is_help=True,
        help="Gads Hill puzzles: generate (proved, graded), show a code, check an answer,"
        " hints, the daily puzzle, a printable booklet, verify a puzzle.",
    )
    app.add_typer(puzzle_app, name="puzzle")

    @puzzle_app.command()
    def generate(
        kind: Annotated[str, typer.Option(help="stop, solo or best-play.")],
        level: Annotated[
            int, typer.Option(help="1 to 4: the hardest technique needed (docs/puzzles.md).")
        ] = 1,
        count: Annotated[int, typer.Option(help="How many puzzles.")] = 1,
        seed: Annotated[int, typer.Option(help="Same seed, same puzzles.")] = 1,
        answers: AnswersOption = False,
        as_json: JsonOption = False,
        output: Annotated[
            Path | None,
            typer.Option("-o", "--output", help="Write printable pages (HTML) to this folder."),
        ] = None,
        data: DataOption = None,
    ) -> None:
        """Generate verified puzzles: unique (CP-SAT), graded by the hardest technique."""
        from gadshill.render.puzzle_pages import puzzle_text
        from gadshill.solver.puzzles.generate import generate as make
        from gadshill.solver.puzzles.puzzle_file import dump_puzzles, kind_name
        from gadshill.solver.town import load_town

        check_count("--count", count, 1, MAX_PUZZLES)
        town = load_town(data)
        puzzles = make(town, kind_name(kind), level, count, seed)
        if output is not None:
            written = write_pages(town, puzzles, output)
            if not as_json:
                console.print(f"wrote {len(written)} files to {output}")
        if as_json:
            print(dump_puzzles(puzzles), end="")
            return
        for puzzle in puzzles:
            _print(puzzle_text(town, puzzle, answers))
            if output is not None:
                page = output / f"{puzzle['id']}.html"
                console.print(
                    f"  picture: {page} (solution: {puzzle['id']}-solution.html)", markup=False
                )

    @puzzle_app.command()
    def show(
        puzzle: PuzzleArg,
        puzzle_id: IdOption = None,
        answers: AnswersOption = False,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Print a puzzle from its code (or file): town, clues or hand with their maps."""
        from gadshill.render.puzzle_pages import puzzle_text
        from gadshill.solver.puzzles.analyse import analyse
        from gadshill.solver.puzzles.document import document
        from gadshill.solver.town import load_town

        town = load_town(data)
        loaded = _one(puzzle, puzzle_id, town)
        result = analyse(loaded, town)
        if not result.verified:
            raise PuzzleError(f"{puzzle}: not a puzzle: {result.problem}")
        named = None if loaded.id == "puzzle" else loaded.id  # a code: the code is the id
        doc = document(loaded, result, town, named, loaded.seed)
        if as_json:
            print(json.dumps(doc, indent=2))
        else:
            _print(puzzle_text(town, doc, answers))

    @puzzle_app.command()
    def check(
        puzzle: PuzzleArg,
        answer_arg: Annotated[
            str | None,
            typer.Argument(
                metavar="[ANSWER]",
                help="The answer (or give it with --answer).",
                show_default=False,
            ),
        ] = None,
        answer: Annotated[
            str | None,
            typer.Option(
                help="stop: 'HOTEL@S3,SAL@S12'; solo: 'BANK@S3,CHURCH@S7';"
                " best-play: 'play 27 CASINO; play 18 -'. Abbreviations as on the board."
            ),
        ] = None,
        puzzle_id: IdOption = None,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Is this answer right? For a wrong one, which parts are wrong and why (exit 1)."""
        from gadshill.solver.puzzles.check import check_answer
        from gadshill.solver.town import load_town

        if (answer_arg is None) == (answer is None):
            raise PuzzleError("give the answer once: as ANSWER or with --answer")
        town = load_town(data)
        given = answer if answer is not None else answer_arg
        assert given is not None
        verdict = check_answer(_one(puzzle, puzzle_id, town), town, given)
        if as_json:
            print(json.dumps(verdict.to_json(), indent=2))
        else:
            console.print(verdict.summary, markup=False)
            for line in verdict.wrong:
                console.print(f"  {line}", markup=False)
        if not verdict.right:
            raise typer.Exit(1)

    @puzzle_app.command()
    def hint(
        puzzle: PuzzleArg,
        answer: Annotated[
            str, typer.Option(help="Your answer so far, written as for check (may be empty).")
        ] = "",
        strength: Annotated[
            int,
            typer.Option(help="1 where to look, 2 which clue, 3 the deduction itself."),
        ] = 1,
        puzzle_id: IdOption = None,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """The next step from your answer so far, as little of it as you ask for."""
        from gadshill.solver.puzzles.hints import STRENGTHS, hint
        from gadshill.solver.town import load_town

        town = load_town(data)
        given = hint(_one(puzzle, puzzle_id, town), town, answer, strength)
        if as_json:
            print(json.dumps(given.to_json(), indent=2))
        else:
            where = f"step {given.step}, " if given.step else ""
            console.print(f"hint ({where}{STRENGTHS[given.strength]}): {given.text}", markup=False)

    @puzzle_app.command()
    def daily(
        date: Annotated[str | None, typer.Option(help="YYYY-MM-DD (default: today, UTC).")] = None,
        kind: Annotated[
            str | None, typer.Option(help="stop, solo or best-play (default: all three).")
        ] = None,
        answers: AnswersOption = False,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Today's puzzles, one per kind, the same for everyone (harder as the week goes)."""
        from gadshill.render.puzzle_pages import puzzle_text
        from gadshill.solver.puzzles.daily import daily as make
        from gadshill.solver.puzzles.daily import parse_date
        from gadshill.solver.puzzles.puzzle_file import KINDS, dump_puzzles, kind_name
        from gadshill.solver.town import load_town

        day = parse_date(date)
        kinds = KINDS if kind is None else (kind_name(kind),)
        town = load_town(data)
        puzzles = [make(town, day, k) for k in kinds]
        if as_json:
            print(dump_puzzles(puzzles), end="")
            return
        for k, puzzle in zip(kinds, puzzles, strict=True):
            console.print(f"Gads Hill {k} {day.isoformat()}", markup=False)
            _print(puzzle_text(town, puzzle, answers))

    @puzzle_app.command()
    def book(
        output: Annotated[Path, typer.Option("-o", "--output", help="The PDF to write.")],
        count: Annotated[int, typer.Option(help="How many puzzles (1 to 100).")] = 6,
        kind: Annotated[
            list[str] | None,
            typer.Option(help="stop, solo or best-play; repeat for several (default: all)."),
        ] = None,
        level: Annotated[
            int | None, typer.Option(help="1 to 4 (default: levels 1 to 4 in turn).")
        ] = None,
        seed: Annotated[int, typer.Option(help="Same seed, same booklet.")] = 1,
        data: DataOption = None,
    ) -> None:
        """A printable booklet (PDF): one question a page, answers and steps at the back."""
        from gadshill.cli.common import check_writable
        from gadshill.render.puzzle_book import book_puzzles, write_book
        from gadshill.solver.puzzles.puzzle_file import KINDS, kind_name
        from gadshill.solver.town import load_town

        kinds = tuple(kind_name(k) for k in kind) if kind else KINDS
        check_writable(output, "-o")
        town = load_town(data)
        puzzles = book_puzzles(town, kinds, count, level, seed)
        pages = write_book(town, puzzles, output)
        console.print(
            f"wrote {output}: {len(puzzles)} puzzles, {pages} pages"
            " (questions first, answers at the back)",
            markup=False,
        )

    @puzzle_app.command()
    def verify(
        puzzle: PuzzleArg,
        puzzle_id: IdOption = None,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Prove a (hand-made) puzzle unique with CP-SAT, grade it, check every field."""
        from gadshill.solver.puzzles.analyse import analyse
        from gadshill.solver.puzzles.check import layouts_text
        from gadshill.solver.puzzles.verify import mismatches
        from gadshill.solver.town import load_town

        town = load_town(data)
        loaded = _one(puzzle, puzzle_id, town)
        result = analyse(loaded, town)
        name = Path(puzzle).name if loaded.id == "puzzle" else loaded.id
        wrong = mismatches(loaded, result, town) if result.verified else []
        ok = result.verified and not wrong
        if as_json:
            print(
                json.dumps(
                    {
                        "verified": ok,
                        "unique": result.unique,
                        "problem": result.problem,
                        "mismatches": wrong,
                        "level": result.level,
                        "answer": result.answer,
                        "steps": [s.to_json() for s in result.steps],
                        "layouts": result.layouts,
                    },
                    indent=2,
                )
            )
        else:
            if ok:
                proof = "unique by CP-SAT" if loaded.kind == "solo" else "CP-SAT agrees"
                console.print(f"{name}: verified ({proof}); level {result.level}", markup=False)
            elif wrong:
                console.print(
                    f"{name}: a puzzle, but the file disagrees with it in {len(wrong)} field(s)",
                    markup=False,
                )
                for line in wrong:
                    console.print(f"  {line}", markup=False)
            else:
                console.print(f"{name}: not a puzzle: {result.problem}", markup=False)
                for line in layouts_text(result.layouts) if len(result.layouts) > 1 else []:
                    console.print(f"  layout: {line}", markup=False)
            for n, step in enumerate(result.steps, 1):
                console.print(
                    f"  {n}. [{step.technique}, level {step.level}] {step.because}", markup=False
                )
            if result.answer is not None:
                console.print(f"answer: {json.dumps(result.answer)}", markup=False)
        if not ok:
            raise typer.Exit(1)
