"""What the analysis board's endpoints answer (:mod:`web.analysis` routes them).

Every answer the CLI also gives is made by the CLI's own functions and put under
``answer`` as ``gadshill ... --json`` prints it, so the page and the terminal agree
word for word; beside it come only what the board needs to draw the answer (rounds,
tight sets, the spaces of a broken rule, a card's effect as a picture).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gadshill.errors import GadshillError

if TYPE_CHECKING:
    from gadshill.rules.rulebook import Violation
    from gadshill.solver.model import CardReport, Position
    from gadshill.solver.position_file import PositionFile
    from gadshill.solver.position_problems import Problem
    from gadshill.solver.town import Town

#: the locomotive counts the three fixed features and every building standing
LOCOMOTIVE_START = 3


class BoardError(GadshillError):
    """A position the editor cannot even hold (an unknown id, a list too long): 422."""


def _town() -> Town:
    from gadshill.solver.town import load_town

    return load_town(None)


@functools.cache
def pack() -> dict[str, Any]:
    """The pack as the editor shows it: buildings with their colours, the fields and
    features, and each card's number, kind and text (its plan: :func:`card`)."""
    from gadshill.render.building_colours import building_colours

    town = _town()
    colours = building_colours(town)
    return {
        "buildings": [
            {"id": b, "abbr": info.abbr, "name": info.name, "colour": colours[b]}
            for b, info in sorted(town.buildings.items())
        ],
        "spaces": list(town.ordered(town.space_ids)),
        "fields": sorted(town.fields),
        "features": [
            {"id": f, "abbr": info.abbr, "name": info.name}
            for f, info in sorted(town.features.items())
        ],
        "cards": [
            {
                "number": n,
                "kind": card.kind,
                "text": card.text,
                "needs_my_building": card.needs_my_building,
            }
            for n, card in sorted(town.cards.items())
        ],
    }


def card(number: int) -> dict[str, Any]:
    """One card with its small town plan (the spaces it names, GH-5)."""
    from gadshill.render.card_plan import card_plan_svg

    town = _town()
    found = town.card(number)
    return {
        "number": found.number,
        "kind": found.kind,
        "text": found.text,
        "needs_my_building": found.needs_my_building,
        # cells wide enough for its space numbers to be 12 px (no caption: the page says it)
        "plan": card_plan_svg(town, found.spaces, "", cell=27),
    }


def doc_of(code: str) -> dict[str, Any]:
    """The raw position a code names (board rules not checked)."""
    from gadshill.solver.position_code import decode_doc

    return decode_doc(code, _town())


def new_game_doc(seed: int | None) -> dict[str, Any]:
    """An empty board, with the fixed features a new game of ``seed`` deals (GH-1)."""
    doc: dict[str, Any] = {"markers": {}, "placed": {}, "locomotive": LOCOMOTIVE_START}
    if seed is not None:
        from gadshill.registry import get_spec

        spec = get_spec("gads-hill")
        state = spec.new_game(spec.min_players, seed, None, spec.resolve_options({}))
        doc["fields"] = dict(sorted(getattr(state, "fields", {}).items()))
    return doc


def _drawable(doc: Mapping[str, Any], town: Town) -> PositionFile:
    """A raw position (canonical ids) as a picture can take it, whatever rule it breaks."""
    from gadshill.solver.model import Position
    from gadshill.solver.position_file import PositionFile

    position = Position(
        town.space_ids,
        {b: frozenset(s) for b, s in doc.get("markers", {}).items()},
        dict(doc.get("placed", {})),
        frozenset(doc.get("retired", ())),
    )
    fields = dict(doc.get("fields", {}))
    return PositionFile(position, (), doc.get("locomotive"), fields)


def _problem(problem: Problem, town: Town) -> dict[str, Any]:
    """A problem as the page lists it: level, rule, message, and where it is, split
    into spaces, fields and buildings (a picture rings the spaces and fields)."""
    where = problem.where
    return {
        "level": problem.kind,
        "rule": problem.rule or "",
        "message": problem.message,
        "spaces": [w for w in where if w in town.space_ids],
        "fields": [w for w in where if w in town.fields],
        "buildings": [w for w in where if w in town.buildings],
    }


def board(doc: dict[str, Any], layout: str) -> dict[str, Any]:
    """A raw position's code, every problem (where it is, rule id) and its picture."""
    from gadshill.render.town_plan import plan_svg
    from gadshill.solver.position_code import decode_doc, encode_doc
    from gadshill.solver.position_problems import position_problems

    town = _town()
    code = encode_doc(doc, town)
    canonical = decode_doc(code, town)
    problems = [_problem(p, town) for p in position_problems(canonical, town)]
    flagged: dict[str, str] = {}
    for p in problems:
        for where in (*p["spaces"], *p["fields"]):
            if flagged.get(where) != "error":
                flagged[where] = p["level"]
    picture = plan_svg(town, _drawable(canonical, town), layout == "portrait", flagged=flagged)
    errors = sum(p["level"] == "error" for p in problems)
    return {
        "code": code,
        "position": canonical,
        "problems": problems,
        "errors": errors,
        "locomotive": LOCOMOTIVE_START + len(canonical.get("placed", {})),
        "svg": picture,
    }


def _checked(code: str) -> tuple[Town, PositionFile]:
    """The town and the checked position of a code (a one-line error when it breaks a
    board rule: questions wait until the board is one a game can have)."""
    from gadshill.solver.position_code import decode

    town = _town()
    return town, decode(code, town)


def stop(code: str, layout: str) -> dict[str, Any]:
    """``gadshill stop CODE --json`` as ``answer``; each removal's round and tight set,
    each placement's round."""
    from gadshill.render.town_plan import plan_svg
    from gadshill.solver import engines

    town, loaded = _checked(code)
    closure = engines.stop(loaded.position)
    return {
        "code": code,
        "answer": closure.to_json(),
        "removals": [
            {
                **r.to_json(),
                "round": r.round,
                "tight_buildings": list(r.tight_buildings),
                "tight_spaces": list(r.tight_spaces),
                "tight_markers": [
                    f"{b}@{s}"
                    for b in r.tight_buildings
                    for s in town.ordered(loaded.position.markers.get(b, ()))
                ],
            }
            for r in closure.removable
        ],
        "placements": [
            {"building": b, "space": s, "round": n}
            for (b, s), n in zip(closure.placements, closure.placement_rounds, strict=True)
        ],
        "svg": plan_svg(town, loaded, layout == "portrait"),
    }


def _violation(v: Violation) -> dict[str, Any]:
    return {
        **v.to_json(),
        "spaces": list(getattr(v, "spaces", ())),
        "buildings": list(getattr(v, "buildings", ())),
    }


def _after_code(town: Town, loaded: PositionFile, after: Position | None) -> str | None:
    """The code of the position a playable card leaves (players and fields kept)."""
    from gadshill.solver.position_code import encode
    from gadshill.solver.position_file import PositionFile

    if after is None:
        return None
    locomotive = None if loaded.locomotive is None else LOCOMOTIVE_START + len(after.placed)
    return encode(PositionFile(after, loaded.players, locomotive, loaded.fields), town)


def _effect_svg(town: Town, loaded: PositionFile, report: CardReport, portrait: bool) -> str:
    """The board with the card's effect on it: its markers placed and its buildings
    standing, the markers it removes still drawn (the page fades them)."""
    from gadshill.render.town_plan import plan_svg
    from gadshill.solver.position_file import PositionFile

    before = loaded.position
    effect = report.effect
    markers = {b: set(s) for b, s in before.markers.items()}
    for b, s in effect.markers_placed:
        markers.setdefault(b, set()).add(s)
    placed = dict(before.placed)
    for b, s in effect.buildings_placed:
        placed[s] = b
    shown = before.replace(markers={b: frozenset(s) for b, s in markers.items()}, placed=placed)
    return plan_svg(town, PositionFile(shown, (), loaded.locomotive, loaded.fields), portrait)


def _marks(pairs: Any) -> list[str]:
    return [f"{b}@{s}" for b, s in pairs]


def card_reports(
    town: Town, loaded: PositionFile, number: int, as_building: str | None, player: str | None
) -> tuple[list[tuple[str | None, CardReport]], Any]:
    """Each report the page shows and the CLI's JSON of the same question.

    A card that needs "my building" (GH-5) and names none is answered per building as
    ``gadshill check --player P`` does: each of the player's buildings, or, without a
    player, each building that could be "my building" (neither standing nor out of the
    game), each report what ``gadshill check --as B`` answers.
    """
    from gadshill.solver import engines

    card = town.card(number)
    if as_building is not None or not card.needs_my_building:
        report = engines.check(town, loaded, number, as_building, player)
        named = None if as_building is None else town.building_id(as_building)
        return [(named, report)], report.to_json()
    if player is not None:
        each = engines.check_each_building(town, loaded, number, player)
        return list(each.reports.items()), each.to_json()
    position = loaded.position
    standing = set(position.placed.values())
    candidates = [b for b in sorted(town.buildings) if b not in standing | position.retired]
    reports = [(b, engines.check(town, loaded, number, b)) for b in candidates]
    return list(reports), [{"as": b, **r.to_json()} for b, r in reports]


def check(
    code: str, card: int, as_building: str | None, player: str | None, layout: str
) -> dict[str, Any]:
    """``gadshill check CODE --card N [--as B] [--player P] --json`` as ``answer`` (per
    building: a list, see :func:`card_reports`), and each report with what the board
    draws."""
    town, loaded = _checked(code)
    number = town.card(card).number
    reports, answer = card_reports(town, loaded, number, as_building, player)
    portrait = layout == "portrait"
    shown = []
    for building, report in reports:
        effect = report.effect
        shown.append(
            {
                "as": building,
                "playable": report.playable,
                "violations": [_violation(v) for v in report.violations],
                "effect": effect.to_json(),
                "placed": _marks(effect.markers_placed),
                "gone": _marks((*effect.markers_removed, *effect.markers_taken)),
                "built": [s for _, s in effect.buildings_placed],
                "after": _after_code(town, loaded, effect.after),
                "svg": _effect_svg(town, loaded, report, portrait) if report.playable else None,
            }
        )
    return {
        "code": code,
        "card": {"number": number, "text": town.card(number).text},
        "per_building": isinstance(answer, list),
        "answer": answer,
        "reports": shown,
    }


def game_code(game: str, state: Any, seat: int | None, everything: bool) -> str | None:
    """The code of a game's position for "Analyse this position" (Gads Hill only).

    ``everything`` (a finished game's replay, everything shown): every hand. Else only
    what ``seat`` may know: the board, every seat's buildings and collected markers, and
    its own hand (``seat`` None, a spectator: no hand at all); never a pile.
    """
    if game != "gads-hill":
        return None
    from gadshill.gads_hill.positions import position_file_at
    from gadshill.solver.position_code import encode
    from gadshill.solver.position_file import PositionFile

    pf = position_file_at(state, None if everything else seat)
    # a spectator holds no hand; a hand's order is no part of the game (a seat's cards
    # are the same cards however the state keeps them), so it is sorted
    players = tuple(
        dataclasses.replace(
            p, hand=() if seat is None and not everything else tuple(sorted(p.hand))
        )
        for p in pf.players
    )
    return encode(PositionFile(pf.position, players, pf.locomotive, pf.fields), _town())
