"""Every ruling of RULINGS.md (GH-n, SM-n, SG-n) is an entry of its game's rule book,
is documented in docs/ with its id, and is named by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gadshill.registry import get_spec

ROOT = Path(__file__).parents[1]
RULINGS = {
    "gads-hill": [f"GH-{n}" for n in range(1, 10)],
    "sutters-mill": [f"SM-{n}" for n in range(1, 7)],
    "sticky-gulch": [f"SG-{n}" for n in range(1, 6)],
}
CASES = [(game, ruling) for game, rulings in RULINGS.items() for ruling in rulings]


def _mentions(text: str, ruling: str) -> bool:
    # "GH-4" but not "GH-40"; "GH-4.buy-limit" and "GH_4_" (test names) count.
    return re.search(rf"{ruling.replace('-', '[-_]')}(?![0-9])", text) is not None


@pytest.mark.parametrize("game, ruling", CASES)
def test_ruling_is_a_rule_book_entry(game: str, ruling: str) -> None:
    ids = get_spec(game).rulebook.ids()
    assert any(i == ruling or i.startswith(f"{ruling}.") for i in ids), ruling


@pytest.mark.parametrize("game, ruling", CASES)
def test_ruling_is_documented(game: str, ruling: str) -> None:
    docs = " ".join(p.read_text() for p in (ROOT / "docs").glob("*.md"))
    assert _mentions(docs, ruling)


@pytest.mark.parametrize("game, ruling", CASES)
def test_ruling_has_a_test(game: str, ruling: str) -> None:
    here = Path(__file__)
    sources = " ".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py") if p != here)
    assert _mentions(sources, ruling)
