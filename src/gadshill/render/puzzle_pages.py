"""Printable puzzle pages: the question with the town picture and the clues, and a separate
solution page with the answer and the steps. Plain HTML with the SVG town inline (print
from any browser); every text goes through :func:`html.escape`.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gadshill.render.gads_hill import town_svg
from gadshill.solver.position_file import load_position
from gadshill.solver.puzzles.ladder import LADDER
from gadshill.solver.town import Town

STYLE = (
    "body{font-family:Georgia,serif;max-width:60em;margin:2em auto;color:#222}"
    "h1{font-size:1.4em}svg{max-width:100%;height:auto}li{margin:.3em 0}"
    ".meta{color:#666}.answer{font-weight:bold}@media print{a{display:none}}"
)


def _page(title: str, body: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def _header(puzzle: dict[str, Any], what: str) -> list[str]:
    level = puzzle["level"]
    rung = LADDER[level]
    name = rung.best_play_name if puzzle["kind"] == "best-play" else rung.name
    return [
        f"<h1>Gads Hill puzzle {escape(puzzle['id'])}: {what}</h1>",
        f'<p class="meta">{escape(puzzle["kind"])} puzzle, level {level}'
        f" ({escape(name)}), seed {puzzle['seed']}</p>",
    ]


def question_page(town: Town, puzzle: dict[str, Any]) -> str:
    """The puzzle to print: question, town picture, and the clues or the hand."""
    pf = load_position(puzzle["position"], town)
    body = _header(puzzle, "question")
    body.append(f"<p>{escape(puzzle['question'])}</p>")
    body.append(town_svg(town, pf))
    if puzzle["clues"]:
        body.append("<h2>Clues</h2><ol>")
        for clue in puzzle["clues"]:
            mine = f" (my building: {escape(clue['as'])})" if clue["as"] else ""
            text = town.card(clue["card"]).text
            body.append(f"<li>Card {clue['card']}{mine}: {escape(text)}</li>")
        body.append("</ol>")
    for player in pf.players:
        cards = "".join(
            f"<li>Card {n} ({escape(town.card(n).kind)}): {escape(town.card(n).text)}</li>"
            for n in player.hand
        )
        body.append(
            f"<h2>{escape(player.name)}</h2><p>Buildings: {escape(', '.join(player.buildings))};"
            f" collected markers: {player.collected}</p><ol>{cards}</ol>"
        )
    body.append(f'<p class="meta">Solution: {escape(puzzle["id"])}-solution.html</p>')
    return _page(f"Gads Hill puzzle {puzzle['id']}", body)


def answer_text(puzzle: dict[str, Any]) -> str:
    """The answer in one line, as ``gadshill puzzle check --answer`` takes it."""
    answer = puzzle["answer"]
    if puzzle["kind"] == "stop":
        return ",".join(f"{m['building']}@{m['space']}" for m in answer["removable"])
    if puzzle["kind"] == "solo":
        return ",".join(f"{b}@{s}" for s, b in answer["placed"].items())
    return f"{' | '.join(answer['plays'])} ({answer['points']} points)"


def solution_page(town: Town, puzzle: dict[str, Any]) -> str:
    """The answer and every step, with the solved town for stop and solo puzzles."""
    body = _header(puzzle, "solution")
    body.append(f'<p class="answer">{escape(answer_text(puzzle))}</p><h2>Steps</h2><ol>')
    for step in puzzle["steps"]:
        body.append(
            f"<li><em>{escape(step['technique'])} (level {step['level']})</em>:"
            f" {escape(step['because'])}</li>"
        )
    body.append("</ol>")
    if puzzle["kind"] == "solo":
        doc = dict(puzzle["position"])
        placed = dict(doc.get("placed", {}))
        placed.update(puzzle["answer"]["placed"])
        doc["placed"] = placed
        doc["locomotive"] = 3 + len(placed)
        body.append(town_svg(town, load_position(doc, town)))
    return _page(f"Gads Hill puzzle {puzzle['id']}: solution", body)
