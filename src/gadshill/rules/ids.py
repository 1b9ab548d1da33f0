"""Ids as a person types them: matched case-insensitively, an unknown one answered
with the closest known ids. One piece serves move notation in every game and the
Gads Hill position files.

>>> buildings = Ids("building", ["BANK", "CHURCH", "SALOON"])
>>> buildings.canonical("bank")
'BANK'
>>> buildings.canonical("banc")
Traceback (most recent call last):
...
gadshill.errors.NotationError: unknown building 'banc' (did you mean BANK?)

``aliases`` are other words for an id, such as the abbreviations a board prints:

>>> Ids("building", ["BANK"], aliases={"BNK": "BANK"}).canonical("bnk")
'BANK'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TypeVar

from gadshill.errors import GadshillError, NotationError, did_you_mean

M = TypeVar("M")


class Ids:
    """The known ids of one kind (buildings, spaces, drifters ...)."""

    def __init__(self, kind: str, known: Iterable[str], aliases: Mapping[str, str] | None = None):
        self.kind = kind
        self._by_folded = {word.casefold(): word for word in sorted(known)}
        for alias, word in (aliases or {}).items():  # an id itself wins over an alias
            if word.casefold() in self._by_folded:
                self._by_folded.setdefault(alias.casefold(), self._by_folded[word.casefold()])

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.casefold() in self._by_folded

    def canonical(self, word: object, error: type[GadshillError] = NotationError) -> str:
        """``word`` as the data spells it; an unknown word raises ``error`` with a hint."""
        if isinstance(word, str):
            found = self._by_folded.get(word.strip().casefold())
            if found is not None:
                return found
            hint = did_you_mean(word.strip(), sorted(set(self._by_folded.values())))
            raise error(f"unknown {self.kind} {word!r}{hint}")
        raise error(f"unknown {self.kind} {word!r}")


def canonical_move(move: M, fields: Mapping[str, Ids]) -> M:
    """The move with each id field (``fields``: field name -> its ids) spelled as the
    data spells it; an unknown id is a NotationError naming the move and field."""
    changes: dict[str, str] = {}
    for name, ids in fields.items():
        value = getattr(move, name, None)
        if not isinstance(value, str):
            continue
        try:
            spelled = ids.canonical(value)
        except NotationError as err:
            raise NotationError(f"{getattr(move, 'kind', 'move')} {name}: {err}") from None
        if spelled != value:
            changes[name] = spelled
    return dataclasses.replace(move, **changes) if changes else move  # type: ignore[type-var]
