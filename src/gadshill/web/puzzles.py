"""The Gads Hill puzzles on the page: their own router, page script and style, so the
table's files stay the table's (``app.py`` includes :data:`router`; ``index.html`` has
a ``<section id="puzzles">`` and loads ``/puzzles.js``).

* ``GET /api/puzzles?code=CODE``: the puzzle a code names; ``?kind=&level=`` a puzzle
  from the shipped pool (at random, or the ``pick``-th); ``?kind=&level=&seed=`` one
  generated from a seed; ``GET /api/puzzles/daily?kind=&date=`` the puzzle of the day.
* ``POST /api/puzzles/check``: right or wrong and how many parts are wrong; the reasons,
  the answer and the steps come with a right answer or when the solution is asked for;
  with the daily puzzle's date, the result line to share.
* ``POST /api/puzzles/hint``: the next step, in the strength asked, from the answer so far.

A puzzle is named by its code (its content), so the server keeps no puzzle state and
never takes an answer key from the client. The page is sent the question, the position,
the clues or the hand with their maps, and the town as a compact plan in two turns
(``svg`` landscape, ``svg_portrait`` for a phone), never the answer or the
steps. Generation is bounded: seeds lie in ``0..MAX_SEED``, at most ``MAX_RUNNING``
puzzles are worked out at once, generation stops after ``GENERATION_SECONDS``, and the
last ``CACHED`` puzzles are kept. The solver is imported when the first puzzle is asked for.
"""

from __future__ import annotations

import copy
import datetime as dt
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from gadshill.errors import GadshillError
from gadshill.web.wire import cached

#: the largest seed a puzzle request may name
MAX_SEED = 999_999
#: puzzles worked out at once (more are refused with 503)
MAX_RUNNING = 2
#: the most seconds one puzzle's generation may take
GENERATION_SECONDS = 20.0
#: puzzles kept, so that a check or a hint does not work its puzzle out again
CACHED = 64

#: how an answer is written, per kind (what ``gadshill puzzle check`` takes)
ANSWER_FORMAT = {
    "stop": "click each marker logic removes, or type them as BUILDING@SPACE, comma-separated"
    " (the board's abbreviations do): HOT@S3,SAL@S12",
    "solo": "click a building, then its space; or type BUILDING@SPACE, comma-separated:"
    " BNK@S3,CHU@S7",
    "best-play": "the play in move notation, moves joined by ';':"
    " play 27 CASINO; play 18 -  (or buy HOTEL; play 50 HOTEL, discard 40,48 CHU S16, pass)",
}

Kind = Literal["stop", "solo", "best-play"]
Code = Annotated[str, StringConstraints(min_length=3, max_length=200)]
Answer = Annotated[str, StringConstraints(max_length=2000)]


class PuzzleBusy(GadshillError):
    """Too many puzzles are being worked out, or one took too long: try again (503)."""


class CheckIn(BaseModel):
    """``POST /api/puzzles/check``: the puzzle's code and the answer's text."""

    model_config = ConfigDict(extra="forbid")
    code: Code
    #: as ``gadshill puzzle check`` takes it; may be empty with ``reveal``
    answer: Answer = ""
    #: send the solution (answer and steps) whatever the answer
    reveal: bool = False
    #: the daily puzzle's date (YYYY-MM-DD), for the result line to share
    date: Annotated[str, StringConstraints(max_length=10)] | None = None
    #: hints used so far (for the result line)
    hints: int = Field(default=0, ge=0, le=999)
    #: the solution was shown before (the result line says "solution shown", not "solved")
    shown: bool = False


class HintIn(BaseModel):
    """``POST /api/puzzles/hint``: the code, the answer so far and the strength (1-3)."""

    model_config = ConfigDict(extra="forbid")
    code: Code
    answer: Answer = ""
    strength: int = Field(default=1, ge=1, le=3)


class _TooLong(Exception):
    pass


_lock = threading.Lock()
_running = threading.BoundedSemaphore(MAX_RUNNING)
_cache: OrderedDict[str, dict[str, Any]] = OrderedDict()


def _bounded_stats(seconds: float) -> Any:
    """A ``Stats`` whose attempt counter raises once ``seconds`` have passed."""
    from gadshill.solver.puzzles.generate import Stats

    deadline = time.monotonic() + seconds

    class BoundedStats(Stats):
        @property
        def attempts(self) -> int:
            return self._attempts

        @attempts.setter
        def attempts(self, value: int) -> None:
            if value and time.monotonic() > deadline:
                raise _TooLong
            self._attempts = value

    return BoundedStats()


def _cached(key: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The whole puzzle (answer and steps included) kept under ``key``, made when missing."""
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return copy.deepcopy(_cache[key])
    if not _running.acquire(blocking=False):
        raise PuzzleBusy("the server is working out other puzzles: try again in a moment")
    try:
        doc = make()
    finally:
        _running.release()
    with _lock:
        _cache[key] = doc
        if doc["code"] != key:
            _cache[doc["code"]] = doc
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return copy.deepcopy(doc)


def from_code(code: str) -> dict[str, Any]:
    """The puzzle a code names: worked out from its content, proved unless best-play
    (whose CP-SAT proof takes seconds: a best-play code from this server's pool or
    generator was proved when it was made; any other is scored by the solver's fast
    engine, which the tests hold to CP-SAT's scores)."""
    from gadshill.solver.puzzles import codes
    from gadshill.solver.puzzles.analyse import analyse
    from gadshill.solver.puzzles.document import document
    from gadshill.solver.town import load_town

    town = load_town(None)
    puzzle = codes.decode(code, town)
    canonical = codes.encode(puzzle, town)

    def make() -> dict[str, Any]:
        result = analyse(puzzle, town, prove=puzzle.kind != "best-play")
        if not result.solved or not result.unique or result.problem:
            raise GadshillError(f"code {code!r}: not a puzzle: {result.problem}")
        return document(puzzle, result, town, None, None)

    return _cached(canonical, make)


def generated(kind: str, level: int, seed: int) -> dict[str, Any]:
    """The puzzle of ``kind`` and ``level`` generated from ``seed`` (bounded in time)."""
    from gadshill.solver.puzzles.generate import generate
    from gadshill.solver.town import load_town

    def make() -> dict[str, Any]:
        try:
            stats = _bounded_stats(GENERATION_SECONDS)
            doc: dict[str, Any] = generate(load_town(None), kind, level, 1, seed, stats)[0]
            return doc
        except _TooLong:
            raise PuzzleBusy(
                f"no {kind} puzzle of level {level} found from seed {seed} within"
                f" {GENERATION_SECONDS:.0f} seconds: try another seed"
            ) from None

    return _cached(f"{kind}:{level}:{seed}", make)


def todays(kind: str, date: dt.date) -> dict[str, Any]:
    """The puzzle of the day of ``kind``."""
    from gadshill.solver.puzzles.daily import daily
    from gadshill.solver.town import load_town

    return _cached(f"daily:{kind}:{date.isoformat()}", lambda: daily(load_town(None), date, kind))


def question(doc: dict[str, Any]) -> dict[str, Any]:
    """What the page shows: the puzzle without its answer and steps, with its pictures."""
    from gadshill.render.card_plan import card_plan_svg
    from gadshill.render.gads_hill import town_svg
    from gadshill.render.puzzle_pages import level_words
    from gadshill.solver.position_file import load_position
    from gadshill.solver.town import load_town

    town = load_town(None)
    pf = load_position(doc["position"], town)

    def card(n: int, mine: str | None) -> dict[str, Any]:
        c = town.card(n)
        return {
            "card": n,
            "as": mine,
            "kind": c.kind,
            "text": c.text,
            "plan": card_plan_svg(town, c.spaces, f"card {n}", cell=13),
        }

    named = sorted({b for c in doc["clues"] for b in (c["constraint"]["building"],
                    c["constraint"].get("other")) if b})  # fmt: skip
    return {
        "id": doc["id"],
        "code": doc["code"],
        "kind": doc["kind"],
        "level": doc["level"],
        "level_words": level_words(doc),
        "question": doc["question"],
        "position": doc["position"],
        "clues": [card(c["card"], c["as"]) for c in doc["clues"]],
        "hand": [card(n, None) for player in pf.players for n in player.hand],
        "named": named,
        "free": town.ordered(pf.position.free_spaces()),
        "abbr": {b.abbr: bid for bid, b in sorted(town.buildings.items())},
        "answer_format": ANSWER_FORMAT[doc["kind"]],
        # the compact plan at its reading size (text >= 12 px): landscape for a window,
        # a quarter turn for a phone held upright; the page shows the one that fits
        "svg": town_svg(town, pf, layout="plan"),
        "svg_portrait": town_svg(town, pf, layout="portrait"),
    }


def check(body: CheckIn) -> dict[str, Any]:
    """Judge an answer with the puzzle checker; the steps when right or when revealed."""
    from gadshill.render.puzzle_pages import answer_text
    from gadshill.solver.puzzles.check import check_answer
    from gadshill.solver.puzzles.daily import parse_date, result_line
    from gadshill.solver.puzzles.puzzle_file import load_puzzle
    from gadshill.solver.town import load_town

    doc = from_code(body.code)
    out: dict[str, Any] = {"code": doc["code"], "right": False, "summary": "", "wrong": 0}
    out["reasons"] = []
    if body.answer.strip():
        town = load_town(None)
        verdict = check_answer(load_puzzle(doc, town), town, body.answer)
        # the reasons name missed parts with the step that finds them: on the page they
        # are part of the solution, so "check" tells right or wrong and how many parts
        # are wrong, and the reasons come with "show solution" (reveal)
        out.update(right=verdict.right, summary=verdict.summary, wrong=len(verdict.wrong))
        if body.reveal:
            out["reasons"] = verdict.wrong
    elif not body.reveal:
        raise GadshillError("answer: empty (or send reveal: true for the solution)")
    if out["right"] or body.reveal:
        out["answer"] = answer_text(doc)
        out["steps"] = doc["steps"]
    if body.date is not None:
        day = parse_date(body.date)
        revealed = body.reveal or body.shown
        out["share"] = result_line(doc["kind"], day, out["right"], body.hints, revealed)
    return out


def hint(body: HintIn) -> dict[str, Any]:
    from gadshill.solver.puzzles.hints import hint as next_hint
    from gadshill.solver.puzzles.puzzle_file import load_puzzle
    from gadshill.solver.town import load_town

    doc = from_code(body.code)
    town = load_town(None)
    return next_hint(load_puzzle(doc, town), town, body.answer, body.strength).to_json()


def _static(name: str) -> str:
    return (resources.files("gadshill.web") / "static" / name).read_text(encoding="utf-8")


router = APIRouter()
_files = {
    "puzzles.js": ("text/javascript", _static("puzzles.js")),
    "puzzles.css": ("text/css", _static("puzzles.css")),
}


@router.get("/puzzles.js", include_in_schema=False)
def script(request: Request) -> Response:
    return cached(request, _files["puzzles.js"][1], _files["puzzles.js"][0])


@router.get("/puzzles.css", include_in_schema=False)
def style(request: Request) -> Response:
    return cached(request, _files["puzzles.css"][1], _files["puzzles.css"][0])


@router.get("/api/puzzles")
def get_puzzle(
    code: Annotated[str | None, Query(min_length=3, max_length=200)] = None,
    kind: Kind | None = None,
    level: Annotated[int, Query(ge=1, le=4)] = 1,
    seed: Annotated[int | None, Query(ge=0, le=MAX_SEED)] = None,
    pick: Annotated[int | None, Query(ge=0, le=10_000)] = None,
) -> dict[str, Any]:
    """A puzzle without its answer and steps: by code, from the pool, or from a seed."""
    if code is not None:
        return question(from_code(code))
    if kind is None:
        raise GadshillError("kind: give a kind (stop, solo, best-play) or a code")
    if seed is not None:
        return question(generated(kind, level, seed))
    from gadshill.solver.puzzles.pool import pool_code

    rng = random.Random(pick) if pick is not None else random.Random()
    return question(from_code(pool_code(kind, level, rng)))


@router.get("/api/puzzles/daily")
def get_daily(
    kind: Kind,
    date: Annotated[str | None, Query(max_length=10)] = None,
) -> dict[str, Any]:
    """The puzzle of the day (today in UTC unless ``date`` is given) of ``kind``."""
    from gadshill.solver.puzzles.daily import parse_date

    day = parse_date(date)
    shown = question(todays(kind, day))
    shown["date"] = day.isoformat()
    return shown


@router.post("/api/puzzles/check")
def post_check(body: CheckIn) -> dict[str, Any]:
    """Judge an answer (the puzzle is worked out again from its code)."""
    return check(body)


@router.post("/api/puzzles/hint")
def post_hint(body: HintIn) -> dict[str, Any]:
    """The next step from the answer so far, in the strength asked (1, 2 or 3)."""
    return hint(body)
