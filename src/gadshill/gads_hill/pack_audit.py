"""``gadshill data check gads-hill``: a card set checked before anyone plays it.

Static checks of the pack (GH-2): each card's map against its query and its text
(:mod:`gadshill.gads_hill.cardtext`), the building each text names, duplicate
clues, cards no position can ever play (an empty map; a condition whose relation no
pair of spaces on the map satisfies), buildings no card can place, and the town
itself (every space on a street, entrances and corners touching their streets, every
space reachable along the streets, every space on some card). Then ``games`` seeded
bot games measure each card: how often its holder could play it and the points a
play brought (GH-6).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import networkx as nx

from gadshill.gads_hill.cardtext import text_findings
from gadshill.gads_hill.constants import GAME_ID, TURN
from gadshill.gads_hill.moves import Play
from gadshill.gads_hill.state import GadsHillState
from gadshill.gamedata import gads_hill as gamedata
from gadshill.gamedata.gads_hill import Card, Space, Street, TownData
from gadshill.rules.audit import AuditReport, PackAudit, Table, simulate
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.solver.geography import Geography
from gadshill.solver.town import order_spaces

#: the bots of the simulated games, dealt round the seats
BOTS = ["sharp", "greedy", "random"]
#: a card held this often and never playable is worth a look (fewer turns prove little)
NEVER_PLAYABLE_TURNS = 30
CHECKS = [
    "map-vs-query",
    "text-vs-map",
    "names",
    "duplicate",
    "unplayable",
    "unplaceable",
    "town",
    "simulation",
]


def _cards(town: TownData, report: AuditReport) -> None:
    """Each card: its map against its query and its text, the buildings its text
    names, and whether any position can ever play it."""
    geography = Geography(town)
    for number, card in sorted(town.cards.items()):
        subject = f"card {number}"
        described, marked = geography.region(card.region), frozenset(card.spaces)
        if described != marked:
            report.error(
                "map-vs-query",
                subject,
                f"the map has {_list(marked - described)} beyond the query ({card.region}),"
                f" the query {_list(described - marked)} beyond the map",
            )
        for problem in text_findings(card, geography):
            report.error("text-vs-map", subject, problem)
        for problem in _name_problems(card, town):
            report.error("names", subject, problem)
        if not marked:
            report.error("unplayable", subject, "its map marks no space: it can never be played")
        elif card.relation is not None:
            pairs = geography.pairs(card.relation)
            if not any(a in marked for a, _b in pairs):
                report.error(
                    "unplayable",
                    subject,
                    f"no space of its map is {card.relation} any other space: no position"
                    " can ever play it (GH-6)",
                )


def _list(spaces: frozenset[str] | set[str]) -> str:
    return ", ".join(order_spaces(spaces)) or "none"


def _name_problems(card: Card, town: TownData) -> list[str]:
    """The text names the card's building (and no other), and "my building" exactly
    when the card needs one (GH-5)."""
    text, out = card.text, []
    says_my = "my building" in text.lower()
    if card.kind == "building" and says_my:
        out.append("a building card's text speaks of 'my building'")
    if card.kind != "building" and not says_my:
        out.append(f"a {card.kind} card's text must speak of 'my building' (GH-5)")
    named = {
        b.id
        for b in town.buildings.values()
        if _spelled(b.id, b.name, text) and b.id != card.building
    }
    if card.building is not None:
        found = town.buildings[card.building]
        if not _spelled(found.id, found.name, text):
            out.append(f"the text does not name its building {card.building}")
    if named:
        out.append(f"the text names {', '.join(sorted(named))}, which the card is not about")
    return out


def _spelled(ident: str, name: str, text: str) -> bool:
    """Whether the text names the building in capitals ("CITY HALL", "DOC's")."""
    spellings = {ident.replace("_", " "), name.upper()}
    return any(re.search(rf"(?<![A-Z]){re.escape(s)}(?![A-Z])", text) for s in spellings)


def _duplicates(town: TownData, report: AuditReport) -> None:
    seen: dict[tuple[Any, ...], int] = {}
    for number, card in sorted(town.cards.items()):
        clue = (card.kind, card.building, card.relation, frozenset(card.spaces))
        if clue in seen:
            report.error("duplicate", f"card {number}", f"gives the same clue as card {seen[clue]}")
        else:
            seen[clue] = number


def _unplaceable(town: TownData, report: AuditReport) -> None:
    named = Counter(c.building for c in town.cards.values() if c.building is not None)
    districts = any(c.kind == "district" for c in town.cards.values())
    for building in town.buildings:
        if named[building]:
            continue
        if districts:
            report.warning(
                "unplaceable",
                building,
                "no building or condition card names it: only its owner's district cards"
                " and the cascade can place it",
            )
        else:
            report.error("unplaceable", building, "no card can ever place it")


def _touches(space: Space, street: Street) -> bool:
    """The lot borders the street band (one unit from its centre line, within its length)."""
    across, along = (space.y, space.x) if street.axis == "east-west" else (space.x, space.y)
    return abs(across - street.at) == 1 and street.start <= along <= street.end


def _town_graph(town: TownData, report: AuditReport) -> None:
    graph = nx.Graph()
    streets = town.streets
    for name, street in streets.items():
        graph.add_node(("street", name))
        for other_name, other in streets.items():
            crosses = street.axis != other.axis and (
                street.start <= other.at <= street.end and other.start <= street.at <= other.end
            )
            if crosses:
                graph.add_edge(("street", name), ("street", other_name))
    for space in town.spaces.values():
        subject = f"space {space.id}"
        touched = {n for n, s in streets.items() if _touches(space, s)}
        graph.add_node(("space", space.id))
        for name in touched:
            graph.add_edge(("space", space.id), ("street", name))
        for name in sorted(set(space.streets) - touched):
            role = "its entrance" if name == space.entrance else "a corner street"
            report.error("town", subject, f"{role} {name} does not run along the lot")
        if len(space.corner) == 1 or (
            space.corner and len({streets[n].axis for n in space.corner}) < 2
        ):
            report.error("town", subject, "a corner joins two crossing streets")
        crossing = [(a, b) for a in touched for b in touched if streets[a].axis < streets[b].axis]
        if crossing and not space.corner:
            pair = " and ".join(sorted(crossing[0]))
            report.warning("town", subject, f"borders {pair} but is listed as no corner")
    if graph.number_of_nodes():
        parts = sorted(nx.connected_components(graph), key=len, reverse=True)
        for part in parts[1:]:
            cut = order_spaces(n[1] for n in part if n[0] == "space")
            if cut:
                report.error(
                    "town",
                    f"space {cut[0]}",
                    f"cannot be reached along the streets ({', '.join(cut)})",
                )
    on_cards = {s for c in town.cards.values() for s in c.spaces}
    for unmarked in order_spaces(set(town.spaces) - on_cards):
        report.warning("town", f"space {unmarked}", "no card marks it")


def _simulate(
    spec: GameSpec, data: Path | None, games: int, town: TownData, report: AuditReport
) -> None:
    """Per card: turns its holder had it at hand to act, turns it was playable, plays and
    the mean points a play brought; a card held but never playable is worth a look. Not
    played when a card's map disagrees with its query: the engine refuses such a pack."""
    if any(f.check == "map-vs-query" for f in report.errors):
        report.warning("simulation", "pack", "not simulated: the engine refuses its maps")
        return
    held: Counter[int] = Counter()
    playable: Counter[int] = Counter()
    played: Counter[int] = Counter()
    points: defaultdict[int, float] = defaultdict(float)
    before: dict[str, float] = {}

    def observe(state: GameState[Any], move: Move, seat: int) -> None:
        assert isinstance(state, GadsHillState)
        if state.phase == TURN and state.action is None and seat == state.active:
            legal = {m.card for m in state.legal_moves() if isinstance(m, Play)}
            for card in set(state.hands[seat]):
                held[card] += 1
                playable[card] += card in legal
        if isinstance(move, Play):
            before["score"] = state.scores()[seat]

    def after(state: GameState[Any], move: Move, seat: int) -> None:
        if isinstance(move, Play):
            played[move.card] += 1
            points[move.card] += state.scores()[seat] - before["score"]

    seats = range(town.sizes.min_players, town.sizes.max_players + 1)  # the pack's table sizes
    for _ in simulate(spec, data, games, BOTS, observe, after, table_sizes=seats):
        pass
    rows = []
    for number, card in sorted(town.cards.items()):
        if held[number] >= NEVER_PLAYABLE_TURNS and not playable[number]:
            report.warning(
                "simulation",
                f"card {number}",
                f"held on {held[number]} turns of {games} games and never playable",
            )
        rows.append(
            (
                number,
                card.kind,
                card.building or "-",
                held[number],
                round(playable[number] / held[number], 3) if held[number] else None,
                played[number],
                round(points[number] / played[number], 2) if played[number] else None,
            )
        )
    report.tables.append(
        Table(
            f"cards over {games} seeded games ({', '.join(BOTS)} bots)",
            ("card", "type", "building", "turns held", "playable", "plays", "mean points"),
            tuple(rows),
        )
    )


#: ``gadshill data check gads-hill``: ``audit(spec, data, games)`` (the module doc)
audit = PackAudit(
    GAME_ID, gamedata.load, CHECKS, (_cards, _duplicates, _unplaceable, _town_graph), _simulate
)
