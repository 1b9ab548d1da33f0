"""The engine's quick questions give the solver's own answers (issue 18, speed).

Legal-move generation asks only which rules a card breaks (``card_rules``, no
wording, no effect), and every question about one board shares its analysis
(``analyse_position``); both must agree with the full answers everywhere.
"""

from __future__ import annotations

import random

from gadshill.solver import deduction
from gadshill.solver.generate import positions, random_clue, synthetic_town


def test_card_rules_and_a_shared_analysis_agree_with_the_full_check() -> None:
    town = synthetic_town(7)
    rng = random.Random(7)
    broken = playable = 0
    for position in positions(7, 300, town):
        analysed = deduction.analyse_position(position)
        assert deduction.removable_markers(position, analysed) == deduction.removable_markers(
            position
        )
        for _ in range(3):
            clue = random_clue(rng, town, position)
            report = deduction.check_card(position, clue)
            rules = deduction.card_rules(position, clue, analysed)
            assert rules == {v.rule for v in report.violations}
            assert (not rules) == report.playable
            assert deduction.check_card(position, clue, analysed) == report
            broken += bool(rules)
            playable += not rules
    assert broken > 100 and playable > 100  # both kinds of card were asked about
