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
    Path, typer.Argument(help='A puzzle file (JSON): one puzzle or {"puzzles": [...]}.')
]
IdOption = Annotated[
    str | None,
    typer.Option("--id", help="Which puzzle of the file (by id); needed when it holds several."),
]


def _one(path: Path, puzzle_id: str | None, town: Town) -> Puzzle:
    from gadshill.solver.puzzles.puzzle_file import read_puzzles

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
        help="Gads Hill puzzles: generate (proved, graded), check an answer, verify a puzzle.",
    )
    app.add_typer(puzzle_app, name="puzzle")

    @puzzle_app.command()
    def generate(
        kind: Annotated[str, typer.Option(help="stop, solo or best-play.")],
        level: Annotated[
            int, typer.Option(help="1 single, 2 pair, 3 set, 4 chain (docs/puzzles.md).")
        ] = 1,
        count: Annotated[int, typer.Option(help="How many puzzles.")] = 1,
        seed: Annotated[int, typer.Option(help="Same seed, same puzzles.")] = 1,
        as_json: JsonOption = False,
        output: Annotated[
            Path | None,
            typer.Option("-o", "--output", help="Write printable pages (HTML) to this folder."),
        ] = None,
        data: DataOption = None,
    ) -> None:
        """Generate verified puzzles: unique (CP-SAT), graded by the hardest technique."""
        from gadshill.render.puzzle_pages import answer_text
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
            console.print(
                f"{puzzle['id']} (level {puzzle['level']}): {puzzle['question']}", markup=False
            )
            for clue in puzzle["clues"]:
                mine = f" [my building: {clue['as']}]" if clue["as"] else ""
                text = town.card(clue["card"]).text
                console.print(f"  card {clue['card']}{mine}: {text}", markup=False)
            if output is not None:
                page = output / f"{puzzle['id']}.html"
                console.print(
                    f"  picture: {page} (solution: {puzzle['id']}-solution.html)", markup=False
                )
            console.print(f"  answer: {answer_text(puzzle)}", markup=False)

    @puzzle_app.command()
    def check(
        puzzle: PuzzleArg,
        answer: Annotated[
            str,
            typer.Option(
                help="stop: 'HOTEL@S3,SALOON@S12'; solo: 'BANK@S3,CHURCH@S7';"
                " best-play: 'play 27 CASINO; play 18 -'."
            ),
        ],
        puzzle_id: IdOption = None,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Is this answer right? For a wrong one, which parts are wrong and why (exit 1)."""
        from gadshill.solver.puzzles.check import check_answer
        from gadshill.solver.town import load_town

        town = load_town(data)
        verdict = check_answer(_one(puzzle, puzzle_id, town), town, answer)
        if as_json:
            print(json.dumps(verdict.to_json(), indent=2))
        else:
            console.print(verdict.summary, markup=False)
            for line in verdict.wrong:
                console.print(f"  {line}", markup=False)
        if not verdict.right:
            raise typer.Exit(1)

    @puzzle_app.command()
    def verify(
        puzzle: PuzzleArg,
        puzzle_id: IdOption = None,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Prove a (hand-made) puzzle unique with CP-SAT, grade it, print its steps."""
        from gadshill.solver.puzzles.analyse import analyse
        from gadshill.solver.puzzles.check import layouts_text
        from gadshill.solver.town import load_town

        town = load_town(data)
        loaded = _one(puzzle, puzzle_id, town)
        result = analyse(loaded, town)
        name = puzzle.name if loaded.id == "puzzle" else loaded.id
        mismatch = ""
        if result.verified and loaded.answer is not None and loaded.answer != result.answer:
            mismatch = "the file's answer differs from the solver's"
        if result.verified and loaded.level is not None and loaded.level != result.level:
            mismatch = f"the file says level {loaded.level}, the steps need level {result.level}"
        ok = result.verified and not mismatch
        if as_json:
            print(
                json.dumps(
                    {
                        "verified": ok,
                        "unique": result.unique,
                        "problem": result.problem or mismatch,
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
            else:
                console.print(f"{name}: not a puzzle: {result.problem or mismatch}", markup=False)
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
