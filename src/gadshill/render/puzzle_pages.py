"""Puzzle pages: the question to print (one page: town picture, the board's markers in a
table, each card's words beside its map, an answer grid) and a separate solution page
(answer and steps, the solved town); and the same puzzle as terminal text. Plain HTML
with the SVGs inline (print from any browser); every text goes through :func:`html.escape`.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gadshill.render.card_plan import card_plan_svg, card_plan_text
from gadshill.render.gads_hill import town_svg, town_text
from gadshill.solver.position_file import PositionFile, load_position
from gadshill.solver.puzzles.ladder import level_title
from gadshill.solver.town import Town

STYLE = (
    "body{font-family:Georgia,serif;max-width:60em;margin:1.5em auto;color:#222}"
    "h1{font-size:1.3em;margin:.2em 0}h2{font-size:1.05em;margin:.6em 0 .2em}"
    "svg.town{width:100%;height:auto;max-height:50vh}li{margin:.25em 0}"
    ".meta{color:#555}.answer{font-weight:bold}.code{font-family:monospace}"
    ".card{display:flex;gap:.6em;align-items:center;break-inside:avoid}"
    ".card svg{flex:none}table{border-collapse:collapse}td,th{border:1px solid #999;"
    "padding:1px 6px;text-align:left}.grid td{min-width:6em;height:1.4em}"
    ".cols{display:flex;gap:1.2em;flex-wrap:wrap}"
    ".cards{columns:2;column-gap:1.2em}"
    "@media print{body{margin:0;max-width:none;font-size:9pt}a{display:none}"
    "svg.town{width:15cm;height:auto;max-height:none}.card svg{width:2.2cm;height:auto}"
    "@page{size:A4;margin:10mm}}"
)


def level_words(puzzle: dict[str, Any]) -> str:
    """``level 3 (set), hardness 16``: the level as every face names it (pages, terminal,
    web, booklet). The grade within the level is its hardness (the JSON's ``score``), a
    word no reader takes for a best-play answer's points."""
    title = level_title(puzzle["kind"], puzzle["level"])
    hardness = puzzle.get("score")
    words = f"level {puzzle['level']} ({title})"
    return words if hardness is None else f"{words}, hardness {hardness}"


def _page(title: str, body: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def _header(puzzle: dict[str, Any], what: str) -> list[str]:
    return [
        f"<h1>Gads Hill {escape(puzzle['kind'])} puzzle: {what}</h1>",
        f'<p class="meta">{escape(level_words(puzzle))}; code'
        f' <span class="code">{escape(puzzle.get("code") or "")}</span>'
        " (<code>gadshill puzzle show CODE</code> rebuilds it)</p>",
    ]


def _svg_class(picture: str, name: str) -> str:
    return picture.replace("<svg ", f'<svg class="{name}" ', 1)


def _town(town: Town, pf: PositionFile) -> str:
    """The town in the print plan (484 units wide, no word under 12): printed 15 cm
    wide, its words are 10.5 pt (the map, 1,040 units at 10 cm tall, printed them at 4)."""
    return _svg_class(town_svg(town, pf, layout="print"), "town")


def card_html(town: Town, number: int, as_building: str | None, kind: bool = False) -> str:
    """One card: its map as a small plan, its number and words."""
    card = town.card(number)
    mine = f" (my building: {escape(as_building)})" if as_building else ""
    what = f" ({escape(card.kind)})" if kind else ""
    plan = card_plan_svg(town, card.spaces, f"card {number}", cell=13)
    return (
        f'<div class="card">{plan}<div><b>Card {number}</b>{what}{mine}:'
        f" {escape(card.text)}</div></div>"
    )


def legend_html(town: Town, pf: PositionFile) -> str:
    """The abbreviations on the board, spelled out (STA and STG are not guesses)."""
    pos = pf.position
    used = sorted(set(pos.placed.values()) | {b for b, s in pos.markers.items() if s})
    if not used:
        return ""
    words = ", ".join(
        f"{escape(town.buildings[b].abbr)} = {escape(town.buildings[b].name)}" for b in used
    )
    return f'<p class="meta">On the board: {words}.</p>'


def markers_html(town: Town, pf: PositionFile) -> str:
    """Each building's markers as a table (the picture's small print, readable)."""
    pos = pf.position
    rows = [
        f"<tr><td>{escape(town.buildings[b].name)} ({escape(town.buildings[b].abbr)})</td>"
        f"<td>{escape(', '.join(town.ordered(spaces)))}</td></tr>"
        for b, spaces in sorted(pos.markers.items())
        if spaces
    ]
    return "<table><tr><th>building</th><th>its markers on</th></tr>" + "".join(rows) + "</table>"


def grid_html(puzzle: dict[str, Any]) -> str:
    """Where the solver writes the answer."""
    if puzzle["kind"] == "stop":
        empty = "<tr><td></td><td></td></tr>"
        cells = "<tr><th>marker (building)</th><th>on space</th></tr>" + empty * 6
    elif puzzle["kind"] == "solo":
        named = sorted({b for c in puzzle["clues"] for b in _named(c)})
        cells = "<tr><th>building</th><th>stands on</th></tr>" + "".join(
            f"<tr><td>{escape(b)}</td><td></td></tr>" for b in named
        )
    else:
        cells = "<tr><th>move</th><th>points</th></tr>" + "<tr><td></td><td></td></tr>" * 3
    return f'<h2>Your answer</h2><table class="grid">{cells}</table>'


def _named(clue: dict[str, Any]) -> list[str]:
    c = clue.get("constraint") or {}
    return [b for b in (c.get("building"), c.get("other")) if b]


def question_body(town: Town, puzzle: dict[str, Any]) -> list[str]:
    """The question's HTML without the page around it (the booklet and the page share it)."""
    pf = load_position(puzzle["position"], town)
    body = [f"<p>{escape(puzzle['question'])}</p>", _town(town, pf)]
    body.append(legend_html(town, pf))
    if puzzle["clues"]:
        body.append('<h2>Clues</h2><div class="cards">')
        body.extend(card_html(town, c["card"], c["as"]) for c in puzzle["clues"])
        body.append("</div>")
    for player in pf.players:
        body.append(
            f"<h2>{escape(player.name)}</h2><p>Buildings: {escape(', '.join(player.buildings))};"
            f' collected markers: {player.collected}</p><div class="cards">'
        )
        body.extend(card_html(town, n, None, kind=True) for n in player.hand)
        body.append("</div>")
    # the markers (stop) beside the answer grid: the page stays one page
    markers = markers_html(town, pf) if puzzle["kind"] == "stop" else ""
    body.append(f'<div class="cols"><div>{markers}</div><div>{grid_html(puzzle)}</div></div>')
    return body


def question_page(town: Town, puzzle: dict[str, Any]) -> str:
    """The puzzle to print on one page: question, town, clues or hand with their maps."""
    body = _header(puzzle, "question") + question_body(town, puzzle)
    body.append(f'<p class="meta">Solution: {escape(puzzle["id"])}-solution.html</p>')
    return _page(f"Gads Hill puzzle {puzzle['id']}", body)


def answer_text(puzzle: dict[str, Any]) -> str:
    """The answer in one line, as ``gadshill puzzle check`` takes it (parts after ", ",
    so that a printed line breaks between two parts, never inside an id)."""
    answer = puzzle["answer"]
    if puzzle["kind"] == "stop":
        return ", ".join(f"{m['building']}@{m['space']}" for m in answer["removable"])
    if puzzle["kind"] == "solo":
        return ", ".join(f"{b}@{s}" for s, b in answer["placed"].items())
    return f"{' | '.join(answer['plays'])} ({answer['points']} points)"


def solved_position(town: Town, puzzle: dict[str, Any]) -> PositionFile | None:
    """The town once a solo puzzle is solved (None for the other kinds)."""
    if puzzle["kind"] != "solo":
        return None
    doc = dict(puzzle["position"])
    placed = dict(doc.get("placed", {}))
    placed.update(puzzle["answer"]["placed"])
    doc["placed"] = placed
    doc["locomotive"] = 3 + len(placed)
    return load_position(doc, town)


def solution_body(town: Town, puzzle: dict[str, Any]) -> list[str]:
    body = [f'<p class="answer">{escape(answer_text(puzzle))}</p><h2>Steps</h2><ol>']
    for step in puzzle["steps"]:
        body.append(
            f"<li><em>{escape(step['technique'])} (level {step['level']})</em>:"
            f" {escape(step['because'])}</li>"
        )
    body.append("</ol>")
    solved = solved_position(town, puzzle)
    if solved is not None:
        body.append(_town(town, solved))
    # the cards the steps read, with their maps, as on the question page
    cards = [(c["card"], c["as"], False) for c in puzzle["clues"]] + [
        (n, None, True) for p in puzzle["position"].get("players", []) for n in p["hand"]
    ]
    if cards:
        body.append('<h2>The cards</h2><div class="cards">')
        body.extend(card_html(town, n, mine, kind) for n, mine, kind in cards)
        body.append("</div>")
    return body


def solution_page(town: Town, puzzle: dict[str, Any]) -> str:
    """The answer and every step, with the solved town for solo puzzles."""
    body = _header(puzzle, "solution") + solution_body(town, puzzle)
    return _page(f"Gads Hill puzzle {puzzle['id']}: solution", body)


# --------------------------------------------------------------------------- text


def card_text(town: Town, number: int, as_building: str | None, kind: bool = False) -> list[str]:
    """A card for the terminal: its words, then its map as a small plan."""
    card = town.card(number)
    mine = f" [my building: {as_building}]" if as_building else ""
    what = f" ({card.kind})" if kind else ""
    return [f"card {number}{what}{mine}: {card.text}"] + [
        "    " + line for line in card_plan_text(town, card.spaces)
    ]


def puzzle_text(town: Town, puzzle: dict[str, Any], answers: bool, board: bool = True) -> str:
    """The puzzle for the terminal; the answer only when asked for."""
    lines = [f"{puzzle['id']} ({level_words(puzzle)}): {puzzle['question']}"]
    lines.append(f"  code: {puzzle['code']}")
    pf = load_position(puzzle["position"], town)
    if board:
        lines.extend("  " + row for row in town_text(town, pf).rstrip("\n").split("\n"))
    for clue in puzzle["clues"]:
        lines.extend("  " + row for row in card_text(town, clue["card"], clue["as"]))
    for player in pf.players:
        for n in player.hand:
            lines.extend("  " + row for row in card_text(town, n, None, kind=True))
    if answers:
        lines.append(f"  answer: {answer_text(puzzle)}")
    return "\n".join(lines) + "\n"
