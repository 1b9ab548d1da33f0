"""The booklet's rules-and-glossary page: what a reader needs to solve alone, in the
project's own words (never the rulebook's): the town, what a card says, each relation
word of the cards with a small plan of two spaces in that relation, what a STOP claim
may take, and how a best-play turn scores.
"""

from __future__ import annotations

from gadshill.solver.model import natural
from gadshill.solver.town import Town

#: the relation ids of the card vocabulary, with the words the cards use and a definition
RELATIONS: tuple[tuple[str, str, str], ...] = (
    ("next-to", "next door, right next to",
     "the two lots touch, in the same block (a street between them does not count)"),
    ("opposite", "straight across the street",
     "the two lots face each other across one street"),
    ("same-street", "shared a street, on the same street",
     "both lots front one street, by their entrance or, for a corner lot, its side street"),
    ("same-block", "in the same block", "both lots lie in one block (between the same streets)"),
    ("other-block", "in another block", "the lots lie in different blocks"),
    ("north-of", "north of", "strictly further north (the top of the plan is north)"),
    ("south-of", "south of", "strictly further south"),
    ("east-of", "east of", "strictly further east (right on the plan)"),
    ("west-of", "west of", "strictly further west"),
)  # fmt: skip

#: the paragraphs before the relation words
RULES: tuple[tuple[str, str], ...] = (
    ("The town",
     "The town has numbered building lots, S1 to S19, along its streets, and three fields"
     " F1 to F3 for fixed features. A plan beside each card shows the town from above,"
     " north at the top: a dark square is a lot of the card's map, a light one a lot"
     " outside it, a grey one a field. A building stands on one lot, and one lot holds at most one"
     " building. On each puzzle's big town plan: the lot's id at its top left, a black bar"
     " on the side of its entrance street (a white bar: a corner lot's side street),"
     " markers as coloured chips, a brown lot with white letters a standing building;"
     " the railway at the bottom with its stops 0 to 22 and the locomotive as a red"
     " square."),
    ("Markers",
     "A marker (three letters, e.g. HOT for the Hotel) says a building may stand on that"
     " lot. A building whose markers are all on lots the town needs for others cannot"
     " stand there. A building down to its last marker stands on that lot, unless another"
     " building is down to its last marker on the same lot: then one of the two stands"
     " there and the other stays out of town."),
    ("What a card says",
     "A building card names a building and a map: the building stands on a lot of the"
     " map. A district card says the same of 'my building', one of the player's own"
     " buildings, named when the card is played. A condition card names a building, a map"
     " and a relation to 'my building' (the words below)."),
    ("STOP (stop puzzles)",
     "Logic removes a marker when no layout of the town can use it: a layout stands as"
     " many buildings as can stand, each on one of its marker lots, one to a lot. The"
     " answer is every such marker, those seen at once and those that only show once the"
     " first are gone; a building's last marker is never part of it."),
    ("Levels",
     "Each puzzle has a level, 1 (warm-up) to 4, set by the hardest reasoning it needs,"
     " and a hardness number that ranks puzzles within their level. Neither is the"
     " answer's points."),
    ("How a card scores (best-play puzzles)",
     "A card scores one point for each marker it takes off the board: its building's"
     " markers on lots the card rules out; then, each time a building is down to one"
     " marker, the building is built on that lot and that marker and every other marker"
     " on the lot come off too (which may leave another building with one marker, and so"
     " on). A card whose building has no marker on the board marks the free lots of its"
     " map that the building may take; of the building's five markers, those it does not"
     " need are yours. A card that contradicts the board cannot be played."),
    ("Best play (best-play puzzles)",
     "Your turn is one action: one or two cards (one only, once the locomotive has"
     " reached 16), or two cards discarded to take one marker, or a pass; and at most one"
     " building bought, for 2 collected markers, at any point of the turn (a bought"
     " building can be the 'my building' of a card played after it). The turn scores the"
     " markers your cards or your take bring you, less 2 for a buy; STOP claims you could"
     " make afterwards are not counted. The answer is the turn that scores most; when its"
     " moves can come in another order and score as much, every such order is right."),
)  # fmt: skip


def example_pair(town: Town, relation: str) -> tuple[str, str]:
    """Two lots in ``relation`` (X on the first, 'my building' on the second), the first
    in the pack's order: what the relation's small plan shows."""
    return min(town.geography.pairs(relation), key=lambda p: (natural(p[0]), natural(p[1])))
