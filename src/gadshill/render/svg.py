"""Drawing primitives every game's picture shares: an SVG document built as an
ElementTree, text, rectangles, a legend box and one colour per seat.

Everything goes through :mod:`xml.etree.ElementTree`, so a name from a data pack
(``<script>&``) is escaped by construction: no picture concatenates user text.

>>> doc = Document(200, 100, "A <test> & more")
>>> text(doc.root, 10, 20, "Tom & <Jerry>")  # doctest: +ELLIPSIS
<Element 'text' at ...>
>>> svg = doc.to_string()
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "Tom &amp; &lt;Jerry&gt;" in svg and "<Jerry>" not in svg
True
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import TypeVar

Sizes = TypeVar("Sizes")

NAMESPACE = "http://www.w3.org/2000/svg"
PAPER = "#f3ead3"
INK = "#222"
#: a ring drawn round whatever a picture highlights
HIGHLIGHT = "#d62728"
#: one colour per seat, in seat order (colour-blind friendly Tableau hues)
SEAT_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2")
#: colour words a data pack may use, drawn in these hues (any other word: the seat's hue)
NAMED_COLOURS = {
    "red": "#c0392b",
    "blue": "#2f6fbf",
    "green": "#2e8b3a",
    "yellow": "#e0b500",
    "brown": "#8b5a2b",
    "gray": "#8a8a8a",
    "grey": "#8a8a8a",
    "black": "#222222",
    "white": "#fafafa",
    "orange": "#e67e22",
    "purple": "#8e44ad",
}
LINE = 16  # the height of a line of 12-point text


def number(value: float) -> str:
    """A coordinate as SVG wants it: at most one decimal, no trailing ``.0``.

    >>> number(3.0), number(2.25), number(-0.04)
    ('3', '2.2', '0')
    """
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def luminance(colour: str) -> float:
    """The WCAG relative luminance of a ``#rgb`` or ``#rrggbb`` colour.

    >>> luminance("#fff"), luminance("#000000")
    (1.0, 0.0)
    """
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; text wants 4.5).

    >>> round(contrast("#fff", "#ff7f0e"), 1), round(contrast("#000", "#ff7f0e"), 1)
    (2.5, 8.3)
    """
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a digit on a seat's disc)."""
    return "#000" if contrast("#000", fill) >= contrast("#fff", fill) else "#fff"


def seat_colour(seat: int) -> str:
    """The hue of a seat in every picture."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def named_colour(name: str, seat: int) -> str:
    """The hue of a colour word from a data pack, else the seat's own hue."""
    return NAMED_COLOURS.get(name.lower(), seat_colour(seat))


def _attributes(attrs: dict[str, object]) -> dict[str, str]:
    """Keyword arguments as SVG attributes: ``class_`` is ``class``, ``font_size`` is
    ``font-size``, numbers are formatted, ``None`` is left out."""
    out: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = number(value) if isinstance(value, int | float) else str(value)
    return out


def element(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    """A child element with the given attributes (see ``_attributes`` for the names)."""
    return ET.SubElement(parent, tag, _attributes(attrs))


def group(parent: ET.Element, class_: str | None = None, **attrs: object) -> ET.Element:
    return element(parent, "g", class_=class_, **attrs)


def rect(
    parent: ET.Element, x: float, y: float, width: float, height: float, **attrs: object
) -> ET.Element:
    return element(parent, "rect", x=x, y=y, width=width, height=height, **attrs)


def circle(parent: ET.Element, cx: float, cy: float, r: float, **attrs: object) -> ET.Element:
    return element(parent, "circle", cx=cx, cy=cy, r=r, **attrs)


def line(
    parent: ET.Element, x1: float, y1: float, x2: float, y2: float, **attrs: object
) -> ET.Element:
    return element(parent, "line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    tooltip: str | None = None,
    **attrs: object,
) -> ET.Element:
    """A ``<text>`` element; ``tooltip`` adds a ``<title>`` (shown on hover)."""
    attrs.setdefault("font_size", 12)
    node = element(parent, "text", x=x, y=y, **attrs)
    node.text = content
    if tooltip is not None:
        title(node, tooltip)
    return node


def title(parent: ET.Element, content: str) -> ET.Element:
    node = ET.SubElement(parent, "title")
    node.text = content
    return node


def lines(parent: ET.Element, x: float, y: float, rows: Sequence[str], **attrs: object) -> float:
    """Rows of text one under another from ``y``; answers the ``y`` below the last."""
    attrs.setdefault("font_size", 12)
    for row in rows:
        element(parent, "text", x=x, y=y, **attrs).text = row
        y += LINE
    return y


def legend(parent: ET.Element, x: float, y: float, entries: Sequence[tuple[str, str]]) -> float:
    """A framed box of (swatch colour, meaning) rows; answers its height.

    A swatch colour of ``""`` draws a row without a swatch. Its words are at least
    13 units high: a legend is read, not glanced at.
    """
    box = group(parent, "legend")
    row = 20
    height = 28 + row * len(entries)
    width = 34 + 8 * max([len("Legend"), *(len(label) for _, label in entries)])
    rect(box, x, y, width, height, fill="#fffaf0", stroke="#6b5a3a")
    text(box, x + 8, y + 18, "Legend", font_weight="bold", font_size=14)
    for i, (colour, label) in enumerate(entries):
        row_y = y + 24 + row * i
        if colour:
            rect(box, x + 8, row_y + 2, 14, 14, fill=colour, stroke=INK, stroke_width=0.5)
        text(box, x + 28, row_y + 14, label, font_size=13)
    return height


class Document:
    """An SVG document being drawn: ``root`` is the ``<svg>`` element."""

    def __init__(self, width: float, height: float, heading: str, paper: str = PAPER):
        self.root = ET.Element(
            "svg",
            _attributes(
                {
                    "xmlns": NAMESPACE,
                    "width": width,
                    "height": height,
                    "viewBox": f"0 0 {number(width)} {number(height)}",
                    "font_family": "sans-serif",
                }
            ),
        )
        title(self.root, heading)
        self.background = rect(self.root, 0, 0, width, height, fill=paper)

    def resize(self, width: float, height: float) -> None:
        """Grow or shrink the canvas (a picture knows its size only once drawn)."""
        for node in (self.root, self.background):
            node.set("width", number(width))
            node.set("height", number(height))
        self.root.set("viewBox", f"0 0 {number(width)} {number(height)}")

    def fluid(self, min_font: float) -> None:
        """Drop the fixed size (the page sizes the picture by its ``viewBox``) and tell,
        as ``data-min-width``, the CSS width under which the smallest text of the picture
        (``min_font`` units) would be drawn under 12 CSS px: a page narrower than that
        scrolls the picture rather than shrink it."""
        width = float(self.root.get("width", "0"))
        for name in ("width", "height"):
            del self.root.attrib[name]
        self.root.set("data-min-width", str(math.ceil(width * 12 / min_font)))

    def to_string(self) -> str:
        """The whole document, one ``<svg>`` element, ending in a newline."""
        # one line per top-level part; deeper whitespace would change the texts' content
        self.root.text = "\n"
        for child in self.root:
            child.tail = "\n"
        return ET.tostring(self.root, encoding="unicode") + "\n"


def arrangement(layouts: Mapping[str, Sizes], layout: str) -> Sizes:
    """A picture's sizes for ``layout`` ("wide", "portrait": ``rules.spec.LAYOUTS``).

    >>> arrangement({"wide": 1}, "tall")
    Traceback (most recent call last):
    ...
    ValueError: unknown layout 'tall' (layouts: wide)
    """
    if layout not in layouts:
        raise ValueError(f"unknown layout {layout!r} (layouts: {', '.join(layouts)})")
    return layouts[layout]


def wrap(content: str, width: int) -> list[str]:
    """A long text as rows of at most ``width`` characters (a picture has no reflow)."""
    return textwrap.wrap(content, width) or [""]


def seat_heading(
    parent: ET.Element, x: float, y: float, colour: str, label: str, tooltip: str | None = None
) -> float:
    """A seat's heading in a side panel: its colour swatch and a bold label; answers the
    ``y`` of the next row."""
    row = group(parent, "seat")
    rect(row, x, y - 13, 14, 14, fill=colour, stroke=INK, stroke_width=0.5)
    text(row, x + 20, y, label, tooltip=tooltip, font_weight="bold", font_size=14)
    return y + LINE + 2
