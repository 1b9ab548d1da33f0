"""What a Gads Hill card's text says about its spaces, read the way a player reads it.

The map on a card decides at the table (GH-2), so a text that promises other spaces
misleads. :func:`read_text` finds what the text names: district words (each
district's ``words`` in ``town.toml``: "edge of town" is the city limit on every
card that uses it), streets the building fronts ("on Piedmont St", "onto Iron
Mountain Rd"), corners, "between A and B", sides ("east of Main St") and streets the
building keeps off ("did not face Main St", "away from Piedmont St"). Mentions joined
by "or" form one group. :func:`text_findings` then holds the card's map to them:
the map lies inside each group's spaces and every member of a group meets the map;
a member of an "or" whose other side names nothing ("in the north-east of town or
at the eastern city limit") must meet the map; no map space has its door on a
street the text keeps the building off.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gadshill.gamedata.gads_hill import Card, Query, TownData
from gadshill.solver.geography import Geography
from gadshill.solver.town import order_spaces


@dataclass(frozen=True)
class Mention:
    """A phrase of a card's text and the spaces it stands for."""

    start: int
    end: int
    phrase: str
    #: what the phrase means, as a query of the card vocabulary
    query: Query
    #: the text keeps the building off this street
    negated: bool = False


def _alternation(names: Iterable[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


_CLAUSE_END = re.compile(r"[.;:,]")
_NEGATION = re.compile(r"\b(not|never|away from)\b[^.;:,]*$", re.IGNORECASE)
_OR = re.compile(r"\bor\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.;]")


def read_text(text: str, data: TownData) -> list[Mention]:
    """Every street phrase and district word of ``text``, in order."""
    street = f"({_alternation(data.streets)})"
    patterns: list[tuple[re.Pattern[str], str]] = [
        (re.compile(rf"\bcorners? of {street}(?:\s+(and|&|or)\s+{street})?", re.I), "corner"),
        (re.compile(rf"\bbetween {street} and {street}", re.I), "between"),
        (re.compile(rf"\b(north|south|east|west) of {street}", re.I), "side"),
        (re.compile(rf"\b{street}(?:\s+or\s+{street})?", re.I), "street"),
    ]
    canonical = {name.lower(): name for name in data.streets}
    taken: list[tuple[int, int]] = []
    found: list[Mention] = []

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    for pattern, kind in patterns:
        for match in pattern.finditer(text):
            if not free(*match.span()):
                continue
            taken.append(match.span())
            groups = match.groups()
            if kind == "side":
                query = Query(f"{groups[0].lower()}_of", (canonical[groups[1].lower()],))
            elif kind == "between":
                query = Query("between", tuple(canonical[g.lower()] for g in groups))
            else:
                names = [canonical[g.lower()] for g in groups if g and g.lower() in canonical]
                joined = kind == "corner" and len(groups) > 1 and groups[1] in ("and", "&")
                if joined:
                    query = Query("corner", tuple(names))
                else:
                    leaves = [
                        Query("corner" if kind == "corner" else "street", (n,)) for n in names
                    ]
                    query = leaves[0] if len(leaves) == 1 else Query("any_of", parts=tuple(leaves))
            before = text[: match.start()]
            clause = _CLAUSE_END.split(before)[-1]
            negated = kind == "street" and bool(_NEGATION.search(clause))
            found.append(Mention(*match.span(), match.group(0), query, negated))
    words = {w.lower(): d.id for d in data.districts.values() for w in d.words}
    if words:
        pattern = re.compile(rf"(?<![\w-])({_alternation(words)})(?![\w-])", re.I)
        # longest first, so "eastern suburb" beats the "suburb" inside it
        for start, end, phrase in sorted(_all_matches(pattern, text), key=lambda m: m[0] - m[1]):
            if free(start, end):
                taken.append((start, end))
                found.append(
                    Mention(start, end, phrase, Query("district", (words[phrase.lower()],)))
                )
    return sorted(found, key=lambda m: m.start)


def _all_matches(pattern: re.Pattern[str], text: str) -> list[tuple[int, int, str]]:
    """Every match, overlapping ones too (``finditer`` would hide "suburb" inside another word)."""
    out = []
    for start in range(len(text)):
        found = pattern.match(text, start)
        if found:
            out.append((found.start(), found.end(), found.group(0)))
    return out


def _groups(text: str, mentions: list[Mention]) -> list[tuple[list[Mention], bool]]:
    """Mentions joined by "or" into groups; each with whether an "or" in its sentence
    has nothing named on its other side (then the group is only one alternative)."""
    groups: list[list[Mention]] = []
    for mention in mentions:
        if groups:
            gap = text[groups[-1][-1].end : mention.start]
            if _OR.search(gap) and not _SENTENCE_END.search(gap):
                groups[-1].append(mention)
                continue
        groups.append([mention])
    out = []
    for group in groups:
        head, tail = group[0], group[-1]
        before = _SENTENCE_END.split(text[: head.start])[-1]
        after = _SENTENCE_END.split(text[tail.end :])[0]
        prev = [m for m in mentions if m.end <= head.start]
        nxt = [m for m in mentions if m.start >= tail.end]
        if prev:
            before = text[prev[-1].end : head.start]
        if nxt:
            after = text[tail.end : nxt[0].start]
        dangling = bool(_OR.search(before) and not _SENTENCE_END.search(before))
        dangling |= bool(_OR.search(after) and not _SENTENCE_END.search(after))
        out.append((group, dangling))
    return out


def _spaces(spaces: Iterable[str]) -> str:
    return ", ".join(order_spaces(spaces)) or "none"


def _meaning(mention: Mention, geography: Geography) -> str:
    """'edge of town' (district city-limit: S1, S4, ...)"""
    what = (
        f"district {mention.query.names[0]}"
        if mention.query.op == "district"
        else str(mention.query)
    )
    return f"'{mention.phrase}' ({what}: {_spaces(geography.region(mention.query))})"


def text_findings(card: Card, geography: Geography) -> list[str]:
    """What the card's text says that its map does not: one message per disagreement."""
    marked = frozenset(card.spaces)
    mentions = read_text(card.text, geography.data)
    problems = []
    for mention in (m for m in mentions if m.negated):
        doors = {s for s in marked if geography.data.spaces[s].entrance == mention.query.names[0]}
        if doors:
            problems.append(
                f"the text keeps it off {mention.query.names[0]}, but the map has"
                f" {_spaces(doors)} with a door on it"
            )
    positive = [m for m in mentions if not m.negated]
    for group, dangling in _groups(card.text, positive):
        regions = [geography.region(m.query) for m in group]
        union = frozenset().union(*regions)
        for mention, region in zip(group, regions, strict=True):
            if not region & marked:
                problems.append(f"{_meaning(mention, geography)} names no space of the map")
        if not dangling and not marked <= union:
            said = " or ".join(_meaning(m, geography) for m in group)
            problems.append(f"{said}: the map also has {_spaces(marked - union)}")
    return problems
