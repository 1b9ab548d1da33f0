"""Bots over the state protocol, and the loop that plays a game between them.

A bot has its own RNG, seeded from the game seed and its seat, so the game's
chance (owned by the state) never depends on which bots play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from gadshill.errors import GadshillError, RecordError, UsageError, did_you_mean
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, Refusal, new_record, replay
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState[Any], rng: random.Random) -> Move: ...


class RandomBot:
    """Plays a legal move at random (uniform), drawn from the bot's own generator.

    >>> import random
    >>> class Pile:  # all this bot asks of a state
    ...     def legal_moves(self):
    ...         return ["take 1", "take 2"]
    >>> RandomBot().choose(Pile(), random.Random(4))
    'take 1'
    """

    name = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> Move:
        return rng.choice(state.legal_moves())


class GreedyBot:
    """Looks one move ahead: plays the move after which the game's score estimate
    likes its position best."""

    name = "greedy"

    def __init__(self, heuristic: Callable[[GameState[Any], int], float]):
        self.heuristic = heuristic

    def choose(self, state: GameState[Any], rng: random.Random) -> Move:
        player = state.current_player
        assert player is not None
        best: list[Move] = []
        best_value = float("-inf")
        for move in state.legal_moves():
            after = state.clone()
            after.apply(move)
            value = self.heuristic(after, player)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)


#: bot name -> option name -> value (``--bot-option mcts.playouts=200``)
BotOptions = Mapping[str, Mapping[str, str]]


def parse_bot_options(items: list[str]) -> dict[str, dict[str, str]]:
    """``BOT.NAME=VALUE`` items (``--bot-option``) grouped by bot.

    >>> parse_bot_options(["mcts.playouts=200", "mcts.rollout=random"])
    {'mcts': {'playouts': '200', 'rollout': 'random'}}
    >>> parse_bot_options(["playouts=200"])
    Traceback (most recent call last):
    ...
    gadshill.errors.UsageError: --bot-option expects BOT.NAME=VALUE, got 'playouts=200'
    """
    out: dict[str, dict[str, str]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        bot, dot, name = key.partition(".")
        if not (sep and dot and bot and name and value):
            raise UsageError(f"--bot-option expects BOT.NAME=VALUE, got {item!r}")
        out.setdefault(bot.strip(), {})[name.strip()] = value.strip()
    return out


def bot_names(spec: GameSpec) -> list[str]:
    """Every bot a game can seat: the generic ones and the game's own."""
    return list(dict.fromkeys(["random", "greedy", "mcts", *spec.bots]))


def bot_help(spec: GameSpec) -> list[dict[str, str]]:
    """What each bot a game can seat does, in a line: the first paragraph of its class's
    docstring (one place for the page's help and the docs)."""
    out = []
    for name in bot_names(spec):
        if name == "mcts":
            from gadshill.rules.mcts import MctsBot

            kind: type = MctsBot
        elif name in spec.bots:
            kind = type(spec.bots[name]())
        else:
            kind = RandomBot if name == "random" else GreedyBot
        first = (kind.__doc__ or "").strip().split("\n\n")[0]
        out.append({"name": name, "text": " ".join(first.split())})
    return out


def make_bot(spec: GameSpec, name: str, options: Mapping[str, str] | None = None) -> Bot:
    if name == "mcts":  # the search bot of every game (IS-MCTS over determinize)
        from gadshill.rules.mcts import make_mcts

        return make_mcts(spec.heuristic, {**spec.mcts_options, **(options or {})}, spec.bots)
    if options:
        raise UsageError(f"bot {name!r} takes no options (only mcts does)")
    # A game's own bot of a generic name (e.g. a greedy bot that reads the solver's
    # points instead of cloning states) takes precedence over the generic one.
    if name in spec.bots:
        bot: Bot = spec.bots[name]()
        return bot
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot(spec.heuristic)
    known = bot_names(spec)
    raise UsageError(
        f"unknown bot {name!r} for {spec.id}{did_you_mean(name, known)}"
        f" (bots: {', '.join(known)}, human)"
    )


def bot_rng(seed: int, seat: int) -> random.Random:
    return random.Random(seed * 1009 + seat * 7919 + 1)


@dataclass
class PlayedGame:
    state: GameState[Any]
    record: Record


#: chooser(state, seat) -> move; lets the CLI put a human in any seat, whose answer
#: may be a Refusal (GH-8.refused: told to the table, kept, and costly)
Chooser = Callable[[GameState[Any], int], Move | Refusal]


class SeatLeft(GadshillError):
    """A chooser gave the game up (a human quit, Ctrl-C): ``record`` holds the game so far,
    which ``play_game(..., resume=record)`` continues."""

    record: Record | None = None


def _bot_chooser(bot: Bot, rng: random.Random) -> Chooser:
    return lambda state, _seat: bot.choose(state, rng)


def play_game(
    spec: GameSpec,
    seats: list[str],
    seed: int,
    data: Path | None = None,
    options: dict[str, str] | None = None,
    choosers: dict[int, Chooser] | None = None,
    on_move: Callable[[GameState[Any], Move], None] | None = None,
    after_move: Callable[[GameState[Any], Move], None] | None = None,
    resume: Record | None = None,
    bot_options: BotOptions | None = None,
    on_refusal: Callable[[GameState[Any], Refusal], None] | None = None,
) -> PlayedGame:
    """Play one game to the end; every move goes through ``apply``.

    ``on_move`` sees each move before it is played (to describe it), ``after_move``
    the state it leads to (to report what it caused); ``bot_options`` configures
    bots by name (``{"mcts": {"playouts": "200"}}``); ``on_refusal`` each refusal a
    human seat makes openly (GH-8.refused), before its cost. The docstring of
    :mod:`gadshill.rules` plays a whole tiny game with it.
    """
    options = spec.resolve_options(options or {})
    spec.check_players(len(seats))
    choosers = dict(choosers or {})
    for index, name in enumerate(seats):
        if index not in choosers:
            bot = make_bot(spec, name, (bot_options or {}).get(name))
            choosers[index] = _bot_chooser(bot, bot_rng(seed, index))
    state = spec.new_game(len(seats), seed, data, options)
    record = new_record(spec, list(seats), seed, data, options)
    if resume is not None:  # the moves played so far, each checked again
        done = replay(resume, lambda _game: spec, data, on_refusal=on_refusal)
        if not done.ok:
            raise RecordError(done.refusal())
        state, record.moves = done.state, list(resume.moves)
    try:
        _play_on(spec, state, record, choosers, on_move, after_move, on_refusal)
    except (SeatLeft, KeyboardInterrupt, EOFError) as err:
        left = err if isinstance(err, SeatLeft) else SeatLeft("interrupted")
        left.record = record
        raise left from None
    return PlayedGame(state, record)


def _play_on(
    spec: GameSpec,
    state: GameState[Any],
    record: Record,
    choosers: dict[int, Chooser],
    on_move: Callable[[GameState[Any], Move], None] | None,
    after_move: Callable[[GameState[Any], Move], None] | None,
    on_refusal: Callable[[GameState[Any], Refusal], None] | None = None,
) -> None:
    while not state.is_terminal:
        if len(record.moves) >= spec.max_moves:
            raise GadshillError(f"{spec.id} did not end within {spec.max_moves} moves")
        seat = state.current_player
        assert seat is not None, "a state that is not terminal has a player to move"
        move = choosers[seat](state, seat)
        if isinstance(move, Refusal):  # GH-8.refused: told, kept, and it costs the seat
            if on_refusal is not None:
                on_refusal(state, move)
            state.refuse(move.move)
            record.moves.append(move.to_json())
            continue
        if on_move is not None:
            on_move(state, move)
        state.apply(move)
        record.moves.append(move.to_json())
        if after_move is not None:
            after_move(state, move)
