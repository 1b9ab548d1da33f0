"""One colour per Gads Hill building, the same in every picture and on the page.

The pack gives no building a colour, so the buildings, in the order of their ids, take
Kenneth Kelly's 22 colours of maximum contrast (1965): markers of two buildings side by
side are told apart at a glance. A text drawn on a colour takes black or white,
whichever reads better (``svg.ink_on``: at least 4.58:1 on any colour).
"""

from __future__ import annotations

from gadshill.solver.town import Town

#: one colour per building, in the order of the building ids: Kenneth Kelly's 22
#: colours of maximum contrast (1965), so that markers of two buildings side by side
#: are told apart at a glance. The page's palette shows the same colours.
KELLY = (
    "#f2f3f4", "#222222", "#f3c300", "#875692", "#f38400", "#a1caf1", "#be0032", "#c2b280",
    "#848482", "#008856", "#e68fac", "#0067a5", "#f99379", "#604e97", "#f6a600", "#b3446c",
    "#dcd300", "#882d17", "#8db600", "#654522", "#e25822", "#2b3d26",
)  # fmt: skip


def building_colours(town: Town) -> dict[str, str]:
    """Each building's colour: the pack's order of ids mapped onto :data:`KELLY`.

    >>> from gadshill.solver.town import load_town
    >>> building_colours(load_town())["BANK"]
    '#f2f3f4'
    """
    return {b: KELLY[i % len(KELLY)] for i, b in enumerate(sorted(town.buildings))}
