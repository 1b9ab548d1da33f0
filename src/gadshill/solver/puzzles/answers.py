"""Answers as a solver types them, for every kind and every face (command line, files,
the web): ids in any case, and a building also by the abbreviation the board shows
(``SAL@S7`` is ``SALOON@S7``; ``STA`` the Stable, ``STG`` the Stagecoach).

* stop and solo: ``BUILDING@SPACE`` parts joined by ``,`` (or ``;``);
* best-play: moves in the notation of ``gadshill play`` joined by ``;``
  (``play 27 CASINO; play 18 -``, ``buy HOTEL; play 50 HOTEL``,
  ``discard 40,48 CHURCH S16``, ``pass``).
"""

from __future__ import annotations

from gadshill.errors import PositionError, PuzzleError
from gadshill.solver.model import Marker
from gadshill.solver.town import Town


def building(town: Town, text: str) -> str:
    """The building ``text`` names: its id or its board abbreviation, in any case."""
    word = text.strip()
    for bid, b in town.buildings.items():
        if b.abbr.casefold() == word.casefold():
            return bid
    return town.building_id(word)


def marker(town: Town, text: str, what: str) -> Marker:
    """``BUILDING@SPACE`` (a marker, a placement); an error names it as ``what``.

    >>> from gadshill.solver.town import load_town
    >>> marker(load_town(), "sal@s7", "marker")
    ('SALOON', 'S7')
    """
    name, sep, space = text.partition("@")
    if not sep or not name.strip() or not space.strip():
        raise PuzzleError(f"a {what} is BUILDING@SPACE, got {text!r}")
    try:
        return building(town, name), town.space_id(space.strip())
    except PositionError as err:
        raise PuzzleError(f"{what} {text!r}: {err}") from None


def parse_markers(answer: str, town: Town, what: str, allow_empty: bool = False) -> list[Marker]:
    """The parts of a stop or solo answer, each once (a partial answer may be empty)."""
    out: list[Marker] = []
    for part in answer.replace(";", ",").split(","):
        text = part.strip()
        if not text:
            continue
        pair = marker(town, text, what)
        if pair in out:
            raise PuzzleError(f"{what} {text!r} is given twice")
        out.append(pair)
    if not out and not allow_empty:
        raise PuzzleError("the answer names nothing")
    return out


def play_moves(text: str, town: Town, allow_empty: bool = False) -> list[str]:
    """The moves of a best-play answer in canonical notation (ids as the pack spells them)."""
    moves: list[str] = []
    for part in text.split(";"):
        tokens = part.split()
        if not tokens:
            continue
        kind = tokens[0].casefold()
        try:
            if kind == "play" and len(tokens) == 3:
                my = "-" if tokens[2] == "-" else building(town, tokens[2])
                moves.append(f"play {int(tokens[1])} {my}")
            elif kind == "buy" and len(tokens) == 2:
                moves.append(f"buy {building(town, tokens[1])}")
            elif kind == "discard" and len(tokens) == 4:
                cards = ",".join(str(n) for n in sorted(int(c) for c in tokens[1].split(",")))
                taken = f"{building(town, tokens[2])} {town.space_id(tokens[3])}"
                moves.append(f"discard {cards} {taken}")
            elif kind == "pass" and len(tokens) == 1:
                moves.append("pass")
            else:
                raise PuzzleError(
                    f"{part.strip()!r}: a move is 'play CARD MY|-', 'buy BUILDING',"
                    " 'discard CARD,CARD BUILDING SPACE' or 'pass'"
                )
        except ValueError as err:
            if isinstance(err, PuzzleError):
                raise
            raise PuzzleError(f"{part.strip()!r}: {err}") from None
    if not moves and not allow_empty:
        raise PuzzleError("the answer names no move")
    return moves


def normalise_play(text: str, town: Town) -> str:
    """A play in canonical notation, moves joined by ``; ``."""
    return "; ".join(play_moves(text, town))
