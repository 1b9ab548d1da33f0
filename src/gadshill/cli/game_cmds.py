"""Commands every game shares: play, replay, rules, tournament.

Only Typer and the registry are imported up front (``gadshill --help`` stays
fast); each command imports the rule layer, bots and tables when it runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gadshill.cli.common import (
    MAX_GAMES,
    MAX_WORKERS,
    DataOption,
    GameArg,
    check_count,
    check_writable,
    console,
)
from gadshill.errors import UsageError, did_you_mean
from gadshill.registry import game_ids, get_spec

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from rich.table import Table

    from gadshill.rules.bots import Chooser
    from gadshill.rules.spec import GameSpec
    from gadshill.rules.state import GameState
    from gadshill.rules.tournament import GameOutcome, Standing

BOTS_HELP = (
    "Comma-separated seats: random, greedy, mcts, a game's own bots, human (default: human"
    " and greedy bots at a terminal, random bots otherwise)."
)
BOT_OPTION_HELP = "Bot option BOT.NAME=VALUE, e.g. mcts.playouts=200 (see docs/research.md)."


def parse_options(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"--option expects NAME=VALUE, got {item!r}")
        out[name] = value
    return out


def score_table(spec: GameSpec, state: GameState[Any], seats: list[str]) -> Table:
    from rich.table import Table

    table = Table(title=f"{spec.title}: final scores")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("result")
    winners = state.winners()
    for seat, (name, score) in enumerate(zip(seats, state.scores(), strict=True)):
        result = ("shared win" if len(winners) > 1 else "win") if seat in winners else ""
        table.add_row(str(seat), name, f"{score:g}", result)
    return table


def play_and_show(
    game: str,
    players: int | None,
    bots: str | None,
    seed: int,
    record: Path | None,
    data: Path | None,
    options: dict[str, str],
    quiet: bool = False,
    resume: Path | None = None,
    hints: bool = False,
    bot_options: list[str] | None = None,
) -> tuple[GameSpec, GameState[Any], list[str]]:
    from gadshill.cli import human_seat
    from gadshill.cli.narrate import Teller
    from gadshill.rules.bots import parse_bot_options

    spec, seats, seed, options = human_seat.table(game, players, bots, seed, options, resume, data)
    if record is not None:
        check_writable(record, "--record")
    choosers: dict[int, Chooser] = {
        seat: human_seat.HumanSeat(spec, hints=hints)
        for seat, name in enumerate(seats)
        if name == "human"
    }

    # the markers nobody claimed are named at the end of a turn only with --hints: a
    # seat playing without them must find them itself
    teller = Teller(spec, seats, moves=not quiet, turns=not quiet, bold=True, overlooked=hints)
    played = human_seat.play_resumable(
        spec,
        seats,
        seed,
        data,
        options,
        choosers,
        teller,
        resume,
        record or resume,
        parse_bot_options(bot_options or []),
    )
    target = record or resume  # a resumed game goes on in its own record
    if target is not None:
        played.record.write(target)
    return spec, played.state, seats


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command()
    def play(
        game: Annotated[
            str | None,
            typer.Argument(
                help=f"The game: {', '.join(game_ids())} (in any case); not with --resume."
            ),
        ] = None,
        players: Annotated[int | None, typer.Option(help="Number of seats.")] = None,
        bots: Annotated[str | None, typer.Option(help=BOTS_HELP)] = None,
        seed: Annotated[int, typer.Option(help="Seed for every shuffle and die.")] = 1,
        record: Annotated[
            Path | None, typer.Option(help="Write the game record (JSON Lines) here.")
        ] = None,
        option: Annotated[list[str] | None, typer.Option(help="Game option NAME=VALUE.")] = None,
        quiet: Annotated[
            bool, typer.Option(help="Only the final scores: no moves, no final board.")
        ] = False,
        hints: Annotated[
            bool, typer.Option(help="Show human seats the solver's help (playable cards, STOP).")
        ] = False,
        data: DataOption = None,
        resume: Annotated[
            Path | None,
            typer.Option(help="Go on with the game of this record (a game left with quit)."),
        ] = None,
        bot_option: Annotated[list[str] | None, typer.Option(help=BOT_OPTION_HELP)] = None,
    ) -> None:
        """Play a whole game between bots and/or humans.

        With no options: a human seat against bots at a terminal, bots only otherwise.
        """
        spec, state, seats = play_and_show(
            game or "",
            players,
            bots,
            seed,
            record,
            data,
            parse_options(option or []),
            quiet,
            resume,
            hints,
            bot_option,
        )
        if not quiet:
            console.print(spec.render(state, None))
        console.print(score_table(spec, state, seats))

    @app.command()
    def rules(
        game: GameArg,
        rule_id: Annotated[
            str | None, typer.Argument(metavar="[ID]", help="One rule: its id, text and kind.")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """List every rule of a game's rule book: id and text; or show one rule (the
        page's help links each id here)."""
        from rich.table import Table

        spec = get_spec(game)
        if rule_id is not None:
            if rule_id not in spec.rulebook.ids():
                raise UsageError(f"{spec.id} has no rule {rule_id!r}")
            entry = spec.rulebook[rule_id].to_json()
            if as_json:
                print(json.dumps(entry, indent=2))
                return
            moves = ", ".join(entry["moves"]) or "none (the engine carries it out)"
            console.print(f"[bold]{entry['id']}[/bold] ({entry['kind']}; moves: {moves})")
            console.print(entry["text"], markup=False)
            return
        if as_json:
            print(json.dumps([{"id": r.id, "text": r.text} for r in spec.rulebook], indent=2))
            return
        table = Table(title=f"{spec.title}: {len(spec.rulebook)} rules")
        table.add_column("id", no_wrap=True)
        table.add_column("rule")
        for rule in spec.rulebook:
            table.add_row(rule.id, rule.text)
        console.print(table)

    @app.command()
    def tournament(
        game: GameArg,
        bots: Annotated[str, typer.Option(help="Comma-separated bots, one per seat.")],
        games: Annotated[int, typer.Option(help="How many seeded games.")] = 100,
        seed: Annotated[int, typer.Option(help="First seed.")] = 1,
        workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
        option: Annotated[list[str] | None, typer.Option(help="Game option NAME=VALUE.")] = None,
        bot_option: Annotated[list[str] | None, typer.Option(help=BOT_OPTION_HELP)] = None,
        backend: Annotated[str, typer.Option(help="local (process pool) or ray.")] = "local",
        address: Annotated[
            str | None, typer.Option(help="Ray cluster address (default: a local Ray).")
        ] = None,
        data: DataOption = None,
        record_dir: Annotated[
            Path | None,
            typer.Option(help="Write every game's record here, as GAME-seedN.jsonl."),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """Play many seeded games with rotating seats; print win rates per bot and per seat.

        A bot named twice or more is counted per seat (sharp, sharp#2, ...).
        """
        import sys

        from gadshill.registry import spec_factory
        from gadshill.rules.bots import bot_names, make_bot, parse_bot_options
        from gadshill.rules.tournament import label_bots, records_in_the_way, run_tournament

        check_count("--games", games, 1, MAX_GAMES)
        if workers is not None:
            check_count("--workers", workers, 1, MAX_WORKERS)
        names = [b.strip() for b in bots.split(",")]
        spec = get_spec(game)
        known = bot_names(spec)
        for name in names:  # fail fast on a bad bot name, before any process starts
            if name not in known:
                hint = did_you_mean(name, known)
                raise UsageError(
                    f"unknown bot {name!r} for {spec.id}{hint} (bots: {', '.join(known)})"
                )
        per_bot = parse_bot_options(bot_option or [])
        for name in names:  # and on bad bot options
            make_bot(spec, name, per_bot.get(name))
        if backend not in ("local", "ray"):
            raise UsageError(f"--backend: {backend!r} is not one of local, ray")
        if address is not None and backend != "ray":
            raise UsageError("--address needs --backend ray")
        map_games = None
        if backend == "ray":
            from gadshill.adapters.ray import ray_mapper

            map_games = ray_mapper(address, workers)
        if data is not None:
            spec.describe_pack(data)  # a bad pack fails here, not in every worker
        if record_dir is not None:
            check_writable(record_dir, "--record-dir", folder=True)
            clash = records_in_the_way(record_dir, spec.id, range(seed, seed + games))
            if clash:
                more = f" and {len(clash) - 1} more" if len(clash) > 1 else ""
                raise UsageError(
                    f"--record-dir: {record_dir} already holds {clash[0]}{more};"
                    " records are never overwritten (use another folder)"
                )
        watch = None
        if not as_json and sys.stdout.isatty():
            watch = progress_bar(games)
        result = run_tournament(
            spec_factory(game),
            names,
            range(seed, seed + games),
            workers,
            parse_options(option or []),
            keep_outcomes=False,
            bot_options=per_bot,
            map_games=map_games,
            data=data,
            record_dir=record_dir,
            watch=watch,
        )
        labels = label_bots(names)
        by_bot = [(label, result.by_bot[label]) for label in labels]
        by_seat = sorted(result.by_seat.items())
        if as_json:
            report = {
                "game": spec.id,
                "games": games,
                "seed": seed,
                "bots": [{"bot": label, **standing_json(s)} for label, s in by_bot],
                "by_seat": [{"seat": seat, **standing_json(s)} for seat, s in by_seat],
                # Bradley-Terry on the Elo scale, every pair of seats of a game one comparison
                "ratings": [
                    {
                        "bot": label,
                        "elo": round(r.elo, 1),
                        "low": round(r.low, 1),
                        "high": round(r.high, 1),
                    }
                    for label, r in sorted(
                        result.ratings().items(), key=lambda kv: (-kv[1].elo, kv[0])
                    )
                ],
            }
            print(json.dumps(report, indent=2))
            return
        ranked = sorted(by_bot, key=lambda kv: -kv[1].win_rate)
        console.print(standings_table(f"{spec.title}: {games} games", "bot", ranked))
        seats = [(str(seat), standing) for seat, standing in by_seat]
        console.print(standings_table("by seat (bots rotate)", "seat", seats))


def standing_json(standing: Standing) -> dict[str, float]:
    return {
        "games": standing.games,
        "wins": standing.wins,
        "win_rate": standing.win_rate,
        "mean_score": standing.mean_score,
    }


def standings_table(title: str, key: str, rows: list[tuple[str, Standing]]) -> Table:
    from rich.table import Table

    table = Table(title=title)
    for column in (key, "games", "wins", "win rate", "mean score"):
        table.add_column(column)
    for name, standing in rows:
        table.add_row(
            name,
            str(standing.games),
            f"{standing.wins:g}",
            f"{standing.win_rate:.1%}",
            f"{standing.mean_score:.1f}",
        )
    return table


def progress_bar(total: int) -> Callable[[Iterable[GameOutcome]], Iterator[GameOutcome]]:
    """A wrapper for the stream of outcomes that shows a progress bar as they come
    (the bar is drawn on the terminal and cleared when the games are done)."""

    def watch(outcomes: Iterable[GameOutcome]) -> Iterator[GameOutcome]:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        columns = (
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("games", total=total)
            for outcome in outcomes:
                progress.advance(task)
                yield outcome

    return watch
