"""The Sutter's Mill rule book is well formed: ids cite a section, a ruling or a variant
rule (SM-V1), and only the step and id checks are gates. (That every id is named by a
test and every procedure at its code is checked for all games in tests/test_rule_ids.py.)"""

from __future__ import annotations

import re

from gadshill.sutters_mill.rules import BOOK


def test_rule_ids_cite_a_section_or_a_ruling() -> None:
    # SM-V1..: the project's own variant rules (docs/rulings.md, "Variant rules")
    pattern = re.compile(r"^SM-(([1-6](\.[a-z-]+)?)|([A-G]|S|setup|end|town|id)\.[a-z-]+|V[1-9])$")
    for rule in BOOK:
        assert pattern.match(rule.id), rule.id
        assert rule.text and rule.text[0].isupper()
    rulings = {r.id.split(".")[0] for r in BOOK if re.match(r"^SM-\d", r.id)}
    assert rulings == {f"SM-{n}" for n in range(1, 7)}


def test_gates_only_for_sequence_and_ids() -> None:
    gates = [r.id for r in BOOK if r.gate]
    assert gates == ["SM-3.sequence", *[r.id for r in BOOK if r.id.startswith("SM-id.")]]
