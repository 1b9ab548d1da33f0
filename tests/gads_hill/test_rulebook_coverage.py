"""Every rule id of the Gads Hill rule book is named by some test."""

from __future__ import annotations

from pathlib import Path

from gadshill.gads_hill.rules import BOOK

HERE = Path(__file__).parent


def test_every_rule_id_occurs_in_the_tests() -> None:
    sources = "\n".join(
        p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name
    )
    as_names = sources.replace("_", "-").replace("-", ".")
    missing = [
        rule
        for rule in BOOK.ids()
        if rule not in sources and rule.replace("-", ".") not in as_names
    ]
    assert not missing, f"rules without a test: {missing}"


def test_rulings_are_all_in_the_book() -> None:
    ids = set(BOOK.ids())
    for n in range(1, 10):
        assert f"GH-{n}" in ids or any(i.startswith(f"GH-{n}.") for i in ids)
