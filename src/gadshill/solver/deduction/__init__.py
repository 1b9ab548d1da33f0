"""The fast path of Gads Hill deduction: STOP claims, card checks, the cascade.

Works on any :class:`Position` (it knows no map): the bipartite graph of
unplaced buildings with markers x free spaces, one edge per marker, analysed
once by :func:`matching.analyse`. The readings of the rules are documented in
``docs/solver.md``; in short:

* a marker is *logically removable* (GH-8) when no maximum layout (maximum
  matching) uses it; markers on built spaces and markers of buildings that
  already stand are trivially removable;
* a space is *claimed* when every maximum layout fills it (rule 1d for k
  buildings; GH-6);
* the *possible spaces* of a building named by a card (GH-6) are, among the
  spaces the clue allows: for a building without markers, the free unclaimed
  spaces; for a building with markers, those of its marker spaces that some
  maximum layout uses for it; for a placed building, its space; for a retired
  one, none; a condition card then keeps only spaces with a partner space in
  the relation (arc consistency over the two buildings);
* the cascade (rule 3) places every building left with one marker, rounds at a
  time, except on a space where two or more such buildings meet (Further
  rules 2) unless the card has just confirmed one of them.

One module per job, each importing only the ones listed below it: ``claims`` (GH-7,
GH-8 and the STOP closure) and ``cards`` (GH-5, GH-6); ``removals`` (the closure's
answers and their explanations), ``candidates`` (a card's possible spaces) and
``cascading`` (rule 3); ``compiled`` (the board as bitmasks, its matching analysed).
Every name is importable from here.
"""

from __future__ import annotations

from gadshill.solver.deduction.candidates import Candidates
from gadshill.solver.deduction.cards import (
    Break,
    card_rules,
    check_card,
    judge_card,
    r2_violation,
)
from gadshill.solver.deduction.cascading import cascade
from gadshill.solver.deduction.claims import Removable, claim, stop, take_marker
from gadshill.solver.deduction.compiled import (
    Analysed,
    Compiled,
    Frame,
    analyse_position,
    compile_position,
    frame,
)
from gadshill.solver.deduction.removals import (
    claimed_spaces,
    explain_removals,
    forced_placements,
    refute,
    removable_edges,
    removable_markers,
)

__all__ = [
    "Analysed",
    "Break",
    "Candidates",
    "Compiled",
    "Frame",
    "Removable",
    "analyse_position",
    "card_rules",
    "cascade",
    "check_card",
    "claim",
    "claimed_spaces",
    "compile_position",
    "explain_removals",
    "forced_placements",
    "frame",
    "judge_card",
    "r2_violation",
    "refute",
    "removable_edges",
    "removable_markers",
    "stop",
    "take_marker",
]
