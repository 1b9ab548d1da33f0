"""A printable booklet of puzzles (PDF, A4), the way puzzle books are made: a contents
page, then one question a page (the town, the board's markers spelled out, each card's
words beside its map, a grid for the answer), and the answers with their steps at the
back. Drawn with fpdf2, which draws the same SVG pictures as the pages and the web.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from fpdf import FPDF

from gadshill.errors import GadshillError
from gadshill.render.card_plan import card_plan_svg
from gadshill.render.gads_hill import town_svg
from gadshill.render.puzzle_glossary import RELATIONS, RULES, example_pair
from gadshill.render.puzzle_pages import answer_text, level_words
from gadshill.solver.position_file import load_position
from gadshill.solver.puzzles.generate import Stats, generate_one, puzzle_seed
from gadshill.solver.town import Town

#: A4 in millimetres, and the margin
WIDTH, HEIGHT, MARGIN = 210.0, 297.0, 14.0
#: the town picture's widest and narrowest width on a question page: the print plan
#: (``town_svg(layout="print")``, 484 units wide, no word under 12 units) prints its
#: words at 7 pt from 100 mm (the map, 1,040 units, printed them at 3-6 pt)
TOWN_WIDE, TOWN_NARROW = 182.0, 101.0
#: a Courier character's width, in ems
COURIER_EM = 0.6
#: a card's plan on the page, and its lot numbers' size as a share of a lot: 27 mm and
#: 0.68 print the numbers at 7 pt (at 20 mm and 0.45 they were 3.4 pt)
PLAN_WIDTH = 27.0
PLAN_DIGITS = 0.68
#: what the core PDF fonts cannot write, in words they can
_PLAIN = {"\u2191": "^", "\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
          "\u2013": "-", "\u2014": "-", "\u2026": "..."}  # fmt: skip


#: the most puzzles a booklet holds: its contents take three pages at most, and making
#: a hundred proved puzzles (a third of them best-play) takes minutes, not hours
MAX_BOOK = 100
#: contents lines on the first page (below the title and the intro) and on the next ones
CONTENTS_FIRST, CONTENTS_MORE = 34, 42


def book_puzzles(
    town: Town, kinds: tuple[str, ...], count: int, level: int | None, seed: int
) -> list[dict[str, Any]]:
    """``count`` puzzles, the kinds in turn, each level in turn unless ``level`` is given."""
    if not 1 <= count <= MAX_BOOK:
        raise GadshillError(f"--count must be 1 to {MAX_BOOK} (a booklet's bound), got {count}")
    if level is not None and not 1 <= level <= 4:
        raise GadshillError(f"--level must be 1 to 4, got {level}")
    out = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        lvl = level or (i // len(kinds)) % 4 + 1
        out.append(generate_one(town, kind, lvl, puzzle_seed(seed, kind, lvl, i), Stats()))
    return out


def _plain(text: str) -> str:
    for k, v in _PLAIN.items():
        text = text.replace(k, v)
    return text.encode("latin-1", "replace").decode("latin-1")


def _svg(picture: str) -> io.BytesIO:
    """An SVG for fpdf2: no tooltips (it has no use for them), core-font characters only."""
    return io.BytesIO(_plain(re.sub(r"<title>.*?</title>", "", picture)).encode("latin-1"))


def _ratio(picture: str) -> float:
    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', picture)
    assert found is not None
    return float(found.group(2)) / float(found.group(1))


class Book(FPDF):
    """The booklet: the footer on every page, and each question page's town kept."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: each question page's town: its picture and its width in print (mm)
        self.towns: list[tuple[str, float]] = []

    def footer(self) -> None:
        self.set_y(-10)
        self.set_font("Helvetica", size=8)
        self.set_text_color(110)
        self.cell(0, 5, f"Gads Hill puzzles - page {self.page_no()}", align="C")
        self.set_text_color(0)


def _lines(pdf: FPDF, width: float, text: str, size: float) -> int:
    pdf.set_font("Helvetica", size=size)
    lines = pdf.multi_cell(width, size * 0.42, _plain(text), dry_run=True, output="LINES")
    assert isinstance(lines, list)
    return len(lines)


def _cards(town: Town, puzzle: dict[str, Any]) -> list[tuple[int, str]]:
    """(card, the words printed beside its plan) for the clues or the hand."""
    out = []
    for clue in puzzle["clues"]:
        mine = f" (my building: {clue['as']})" if clue["as"] else ""
        out.append((clue["card"], f"Card {clue['card']}{mine}: {town.card(clue['card']).text}"))
    for player in puzzle["position"].get("players", []):
        for n in player["hand"]:
            card = town.card(n)
            out.append((n, f"Card {n} ({card.kind}): {card.text}"))
    return out


def _facts(town: Town, puzzle: dict[str, Any]) -> list[str]:
    """The lines under the picture: the board's abbreviations, markers, the player."""
    pos = puzzle["position"]
    lines = []
    if puzzle["kind"] == "stop":
        for b, spaces in pos["markers"].items():
            bb = town.buildings[b]
            lines.append(f"{bb.abbr} = {bb.name}: markers on {', '.join(spaces)}")
        standing = [f"{town.buildings[b].abbr} = {town.buildings[b].name} ({s})"
                    for s, b in pos["placed"].items()]  # fmt: skip
        if standing:
            lines.append("Standing: " + ", ".join(standing))
    else:
        used = sorted(set(pos["placed"].values()) | set(pos["markers"]))
        if used:
            words = ", ".join(f"{town.buildings[b].abbr} = {town.buildings[b].name}" for b in used)
            lines.append(f"On the board: {words}")
    for player in pos.get("players", []):
        lines.append(
            f"{player['name']}: buildings {', '.join(player['buildings'])};"
            f" {player['collected']} collected marker(s)"
        )
    return lines


def _question_page(pdf: Book, town: Town, number: int, puzzle: dict[str, Any]) -> None:
    pdf.add_page()
    inner = WIDTH - 2 * MARGIN
    pdf.set_font("Helvetica", "B", 13)
    pdf.cell(0, 7, _plain(f"Puzzle {number}: {puzzle['kind']}, {level_words(puzzle)}"))
    pdf.ln(7)
    # the code on one line: a code broken in two is a code mistyped
    code = f"code {puzzle['code']}"
    pdf.set_font("Courier", size=min(7.5, inner / (len(code) * COURIER_EM) * 72 / 25.4))
    pdf.cell(0, 3.4, code)
    pdf.ln(3.4)
    pdf.ln(1)
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 4.4, _plain(puzzle["question"]), new_x="LMARGIN", new_y="NEXT", align="L")
    picture = town_svg(town, load_position(puzzle["position"], town), layout="print")
    cards = _cards(town, puzzle)
    facts = _facts(town, puzzle)
    column = (inner - 4) / 2  # the cards in two columns
    text_width = column - PLAN_WIDTH - 2
    plan_height = PLAN_WIDTH * _ratio(card_plan_svg(town, [], "card"))
    heights = [max(plan_height, _lines(pdf, text_width, t, 8.5) * 3.6) + 2 for _, t in cards]
    rows = [max(heights[i : i + 2]) for i in range(0, len(heights), 2)]
    fact_height = sum(_lines(pdf, inner, f, 8.5) * 3.6 for f in facts)
    left = HEIGHT - 16 - pdf.get_y() - sum(rows) - fact_height - _grid_height(puzzle) - 6
    town_width = max(TOWN_NARROW, min(TOWN_WIDE, left / _ratio(picture)))
    pdf.image(_svg(picture), x=MARGIN + (inner - town_width) / 2, w=town_width)
    pdf.towns.append((picture, town_width))
    pdf.ln(2)  # the railway's stop numbers end at the picture's edge
    for fact in facts:
        pdf.set_font("Helvetica", size=8.5)
        pdf.multi_cell(0, 3.6, _plain(fact), new_x="LMARGIN", new_y="NEXT", align="L")
    pdf.ln(1)
    for i, (card, text) in enumerate(cards):
        if i % 2 == 0:
            top = pdf.get_y()
        x = MARGIN + (i % 2) * (column + 4)
        plan = card_plan_svg(town, town.card(card).spaces, f"card {card}", digits=PLAN_DIGITS)
        pdf.image(_svg(plan), x=x, y=top, w=PLAN_WIDTH)
        pdf.set_xy(x + PLAN_WIDTH + 2, top + 0.5)
        pdf.set_font("Helvetica", size=8.5)
        pdf.multi_cell(text_width, 3.6, _plain(text), new_x="LMARGIN", new_y="NEXT", align="L")
        pdf.set_y(top + rows[i // 2])
    _grid(pdf, puzzle)


def _grid_rows(puzzle: dict[str, Any]) -> list[tuple[str, str]]:
    if puzzle["kind"] == "solo":
        return [(b, "") for b in sorted(puzzle["answer"]["placed"].values())]
    return [("", "")] * (4 if puzzle["kind"] == "stop" else 3)


def _grid_height(puzzle: dict[str, Any]) -> float:
    return 8 + 6 * (1 + (len(_grid_rows(puzzle)) + 1) // 2)


def _grid(pdf: Book, puzzle: dict[str, Any]) -> None:
    """The answer grid, in two columns of (building or move, space or points)."""
    pdf.ln(2)
    pdf.set_font("Helvetica", "B", 9)
    pdf.cell(0, 5, "Your answer")
    pdf.ln(5)
    heads = {"stop": ("marker (building)", "on space"), "solo": ("building", "stands on"),
             "best-play": ("move", "points")}[puzzle["kind"]]  # fmt: skip
    rows = _grid_rows(puzzle)
    half = (len(rows) + 1) // 2
    second: list[tuple[str, str] | None] = [*rows[half:], None][:half]
    for line in [(heads, heads), *zip(rows[:half], second, strict=True)]:
        pdf.set_font("Helvetica", "B" if line[0] is heads else "", 8.5)
        for cell in line:
            if cell is not None:
                pdf.cell(55, 6, _plain(cell[0]), border=1)
                pdf.cell(30, 6, cell[1], border=1)
                pdf.cell(6, 6, "")
        pdf.ln(6)


def _answers(pdf: Book, puzzles: list[dict[str, Any]]) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, "Answers")
    pdf.ln(10)
    for number, puzzle in enumerate(puzzles, 1):
        pdf.set_font("Helvetica", "B", 10)
        pdf.set_x(MARGIN)
        pdf.multi_cell(
            0,
            5,
            _plain(f"Puzzle {number} ({puzzle['kind']}, {level_words(puzzle)})"),
            new_x="LMARGIN",
            new_y="NEXT",
            align="L",
        )
        pdf.set_font("Helvetica", size=9)
        pdf.set_x(MARGIN)
        pdf.multi_cell(
            0,
            4.2,
            _plain("Answer: " + answer_text(puzzle)),
            new_x="LMARGIN",
            new_y="NEXT",
            align="L",
        )
        for k, step in enumerate(puzzle["steps"], 1):
            pdf.set_x(MARGIN + 4)
            pdf.multi_cell(
                0,
                3.8,
                _plain(f"{k}. [{step['technique']}] {step['because']}"),
                new_x="LMARGIN",
                new_y="NEXT",
                align="L",
            )
        pdf.ln(3)


def _contents(pdf: Book, puzzles: list[dict[str, Any]]) -> None:
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 12, "Gads Hill puzzles")
    pdf.ln(14)
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(
        0,
        5,
        "Every puzzle has one answer, proved by a solver that knows nothing of the steps (a"
        " best-play answer is one set of moves; when they can come in another order and"
        " score as much, every such order is right). Stop and solo puzzles are graded by the"
        " hardest technique they need, best-play puzzles by the search they ask for: level 1"
        " is the easiest, 4 the hardest; the hardness ranks puzzles within a level. The next"
        " page says how to read the puzzles. A card's map is drawn beside its words: the"
        " map decides. The answers and their steps are at the back.",
    )
    pdf.ln(4)
    before = contents_pages(len(puzzles))
    for number, puzzle in enumerate(puzzles, 1):
        if number > CONTENTS_FIRST and (number - CONTENTS_FIRST) % CONTENTS_MORE == 1:
            pdf.add_page()
        pdf.cell(0, 6, _plain(f"Puzzle {number}: {puzzle['kind']}, {level_words(puzzle)}"
                              f" .......... page {number + before}"))  # fmt: skip
        pdf.ln(6)


#: the glossary's relation plans: width on the page (mm)
GLOSSARY_PLAN = 27.0


def _glossary(pdf: Book, town: Town) -> None:
    """One page: how to read the puzzles, and each relation word with a small plan."""
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, "How to read the puzzles")
    pdf.ln(10)
    for title, text in RULES:
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(0, 5, _plain(title))
        pdf.ln(5)
        pdf.set_font("Helvetica", size=9)
        pdf.multi_cell(0, 3.9, _plain(text), new_x="LMARGIN", new_y="NEXT", align="L")
        pdf.ln(1)
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(0, 5, "The relation words of the condition cards")
    pdf.ln(5)
    pdf.set_font("Helvetica", size=9)
    pdf.multi_cell(0, 4, _plain(
        "A condition card ties its building X to 'my building' Y. Each plan shows two lots"
        " in that relation: X on the first lot named, Y on the second."),
        new_x="LMARGIN", new_y="NEXT", align="L")  # fmt: skip
    pdf.ln(1)
    inner = WIDTH - 2 * MARGIN
    column = (inner - 4) / 2
    plan_height = GLOSSARY_PLAN * _ratio(card_plan_svg(town, [], "x"))
    for i, (relation, words, meaning) in enumerate(RELATIONS):
        if i % 2 == 0:
            top = pdf.get_y()
        x = MARGIN + (i % 2) * (column + 4)
        a, b = example_pair(town, relation)
        plan = card_plan_svg(town, [a, b], f"X on {a}, Y on {b}", digits=PLAN_DIGITS)
        pdf.image(_svg(plan), x=x, y=top, w=GLOSSARY_PLAN)
        pdf.set_xy(x + GLOSSARY_PLAN + 2, top)
        pdf.set_font("Helvetica", "B", 9)
        pdf.multi_cell(column - GLOSSARY_PLAN - 2, 4, _plain(f'"{words}"'),
                       new_x="LMARGIN", new_y="NEXT", align="L")  # fmt: skip
        pdf.set_x(x + GLOSSARY_PLAN + 2)
        pdf.set_font("Helvetica", size=9)
        pdf.multi_cell(column - GLOSSARY_PLAN - 2, 4, _plain(meaning),
                       new_x="LMARGIN", new_y="NEXT", align="L")  # fmt: skip
        if i % 2 == 1 or i == len(RELATIONS) - 1:
            pdf.set_y(max(pdf.get_y(), top + plan_height) + 2)


def contents_pages(count: int) -> int:
    """How many pages the contents of ``count`` puzzles and the glossary take (the
    questions follow)."""
    return 1 + max(0, -(-(count - CONTENTS_FIRST) // CONTENTS_MORE)) + 1


def write_book(town: Town, puzzles: list[dict[str, Any]], path: Path) -> int:
    """Write the booklet; answers its number of pages."""
    pdf = build_book(town, puzzles)
    try:
        pdf.output(str(path))
    except OSError as err:
        raise GadshillError(f"{path}: cannot write ({err.strerror})") from None
    return pdf.page_no()


def build_book(town: Town, puzzles: list[dict[str, Any]]) -> Book:
    """The booklet's pages, laid out (what :func:`write_book` writes)."""
    pdf = Book(format="A4")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, margin=14)
    pdf.set_title("Gads Hill puzzles")
    _contents(pdf, puzzles)
    _glossary(pdf, town)
    before = contents_pages(len(puzzles))
    if pdf.page_no() != before:  # pragma: no cover - the contents lines are counted to fit
        raise GadshillError(f"the contents and glossary take {pdf.page_no()} pages, not {before}")
    for number, puzzle in enumerate(puzzles, 1):
        _question_page(pdf, town, number, puzzle)
        if pdf.page_no() != number + before:
            raise GadshillError(f"puzzle {number} ({puzzle['id']}) does not fit on one page")
    _answers(pdf, puzzles)
    return pdf
