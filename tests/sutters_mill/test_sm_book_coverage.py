"""Every rule id of the Sutter's Mill rule book is named somewhere in these tests, and the
rule book itself is well formed."""

from __future__ import annotations

import re
from pathlib import Path

from gadshill.sutters_mill.rules import BOOK

HERE = Path(__file__).parent


def test_every_rule_id_is_named_in_the_tests() -> None:
    sources = "\n".join(p.read_text() for p in HERE.glob("*.py"))
    # ids may also appear as test names with '-' and '.' turned into '_'
    missing = [
        rule.id
        for rule in BOOK
        if rule.id not in sources and re.sub(r"[-.]", "_", rule.id) not in sources
    ]
    assert missing == []


def test_rule_ids_cite_a_section_or_a_ruling() -> None:
    pattern = re.compile(r"^SM-(([1-6](\.[a-z-]+)?)|([A-G]|S|setup|end|town|id)\.[a-z-]+)$")
    for rule in BOOK:
        assert pattern.match(rule.id), rule.id
        assert rule.text and rule.text[0].isupper()
    rulings = {r.id.split(".")[0] for r in BOOK if re.match(r"^SM-\d", r.id)}
    assert rulings == {f"SM-{n}" for n in range(1, 7)}


def test_gates_only_for_sequence_and_ids() -> None:
    gates = [r.id for r in BOOK if r.gate]
    assert gates == ["SM-3.sequence", *[r.id for r in BOOK if r.id.startswith("SM-id.")]]
