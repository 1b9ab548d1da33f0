"""The Gads Hill puzzles on the page: ``GET /api/puzzles`` and ``POST /api/puzzles/check``.

A puzzle is named by its kind, level and seed and generated again from them (the
generator is deterministic), so the server keeps no puzzle state and never takes an
answer key from the client. The page is sent the question, the position, the clues
(or the hand) and the town picture, never the answer or the steps; ``check`` judges
an answer with the puzzle checker and gives the steps when the answer is right or
when the solution is asked for. Generation is bounded: seeds lie in
``0..MAX_SEED``, at most ``MAX_RUNNING`` puzzles are generated at once, each within
``GENERATION_SECONDS``, and the last ``CACHED`` puzzles are kept. The solver is
imported when the first puzzle is asked for.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from typing import Any

from gadshill.errors import GadshillError

#: the largest seed a puzzle request may name
MAX_SEED = 999_999
#: puzzles generated at once (more are refused with 503)
MAX_RUNNING = 2
#: the most seconds one puzzle's generation may take
GENERATION_SECONDS = 20.0
#: puzzles kept, so that a check does not generate its puzzle again
CACHED = 64

#: how an answer is written, per kind (what ``gadshill puzzle check --answer`` takes)
ANSWER_FORMAT = {
    "stop": "every removable marker as BUILDING@SPACE, comma-separated: HOTEL@S3,SALOON@S12",
    "solo": "each building the clues name on its space, BUILDING@SPACE, comma-separated:"
    " BANK@S3,CHURCH@S7",
    "best-play": "the play in move notation, moves joined by ';':"
    " play 27 CASINO; play 18 -  (or buy HOTEL; play 50 HOTEL, discard 40,48 CHURCH S16, pass)",
}


class PuzzleBusy(GadshillError):
    """Too many puzzles are being generated, or one took too long: try again (503)."""


class _TooLong(Exception):
    pass


_lock = threading.Lock()
_running = threading.BoundedSemaphore(MAX_RUNNING)
_cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()


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


def puzzle(kind: str, level: int, seed: int) -> dict[str, Any]:
    """The whole puzzle (answer and steps included) of ``kind``, ``level`` and ``seed``."""
    key = (kind, level, seed)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return copy.deepcopy(_cache[key])
    if not _running.acquire(blocking=False):
        raise PuzzleBusy("the server is generating other puzzles: try again in a moment")
    try:
        from gadshill.solver.puzzles.generate import generate
        from gadshill.solver.town import load_town

        try:
            stats = _bounded_stats(GENERATION_SECONDS)
            doc = generate(load_town(None), kind, level, 1, seed, stats)[0]
        except _TooLong:
            raise PuzzleBusy(
                f"no {kind} puzzle of level {level} found from seed {seed} within"
                f" {GENERATION_SECONDS:.0f} seconds: try another seed"
            ) from None
    finally:
        _running.release()
    with _lock:
        _cache[key] = doc
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return copy.deepcopy(doc)


def question(kind: str, level: int, seed: int) -> dict[str, Any]:
    """What the page shows: the puzzle without its answer and steps, with the picture."""
    from gadshill.render.gads_hill import town_svg
    from gadshill.solver.position_file import load_position
    from gadshill.solver.town import load_town

    doc = puzzle(kind, level, seed)
    town = load_town(None)
    pf = load_position(doc["position"], town)
    hand = [
        {"card": n, "kind": town.card(n).kind, "text": town.card(n).text}
        for player in pf.players
        for n in player.hand
    ]
    return {
        "id": doc["id"],
        "kind": kind,
        "level": level,
        "seed": seed,
        "question": doc["question"],
        "position": doc["position"],
        "clues": [{"card": c["card"], "as": c["as"], "text": c["text"]} for c in doc["clues"]],
        "hand": hand,
        "answer_format": ANSWER_FORMAT[kind],
        "svg": town_svg(town, pf),
    }


def check(kind: str, level: int, seed: int, answer: str, reveal: bool) -> dict[str, Any]:
    """Judge ``answer`` with the puzzle checker; the steps when right or when revealed."""
    from gadshill.render.puzzle_pages import answer_text
    from gadshill.solver.puzzles.check import check_answer
    from gadshill.solver.puzzles.puzzle_file import load_puzzle
    from gadshill.solver.town import load_town

    doc = puzzle(kind, level, seed)
    out: dict[str, Any] = {"id": doc["id"], "right": False, "summary": "", "reasons": []}
    if answer.strip():
        town = load_town(None)
        verdict = check_answer(load_puzzle(doc, town), town, answer)
        # the checker's reasons name missed parts with the step that finds them: on the
        # page they are part of the solution, so "check" tells only right or wrong and
        # how many mistakes, and the reasons come with "show solution" (reveal)
        out.update(right=verdict.right, summary=verdict.summary)
        if reveal:
            out["reasons"] = verdict.wrong
    elif not reveal:
        raise GadshillError("answer: empty (or send reveal: true for the solution)")
    if out["right"] or reveal:
        out["answer"] = answer_text(doc)
        out["steps"] = doc["steps"]
    return out
