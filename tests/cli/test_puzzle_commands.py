"""`gadshill puzzle generate|check|verify`: JSON shape, pages, verdicts, one-line errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tests.cli_runner import run

#: a hand-made solo puzzle whose two clues leave two layouts
NOT_UNIQUE = {
    "kind": "solo",
    "position": {"markers": {}, "placed": {}},
    "clues": [{"card": 23, "as": "BANK"}, {"card": 24, "as": "HOTEL"}],
}


def generate(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = run(["puzzle", "generate", *args, "--json"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    path = tmp_path / "puzzles.json"
    path.write_text(out)
    return doc


def test_generate_json_check_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = generate(
        tmp_path, capsys, "--kind", "stop", "--level", "2", "--count", "2", "--seed", "4"
    )
    assert set(doc) == {"puzzles"} and len(doc["puzzles"]) == 2
    puzzle = doc["puzzles"][0]
    assert puzzle["level"] == 2 and puzzle["kind"] == "stop"
    # the position is the format `gadshill stop` reads, and it answers the same markers
    position = tmp_path / "position.json"
    position.write_text(json.dumps(puzzle["position"]))
    code, out, _ = run(["stop", str(position), "--json"], capsys)
    assert code == 0
    stop_answer = [
        {"building": r["building"], "space": r["space"]} for r in json.loads(out)["removable"]
    ]
    assert puzzle["answer"] == {"removable": stop_answer}
    path = str(tmp_path / "puzzles.json")
    answer = ",".join(f"{m['building']}@{m['space']}" for m in stop_answer)
    code, out, _ = run(["puzzle", "check", path, "--id", puzzle["id"], "--answer", answer], capsys)
    assert code == 0 and out.startswith("right")
    claimed = stop_answer[0]["building"] + "@" + stop_answer[0]["space"]
    if len(stop_answer) > 1:  # one marker too few: refused, naming the step that removes it
        code, out, _ = run(
            ["puzzle", "check", path, "--id", puzzle["id"], "--answer", claimed], capsys
        )
        assert code == 1 and out.startswith("wrong") and "is missing" in out
    code, out, _ = run(["puzzle", "verify", path, "--id", puzzle["id"]], capsys)
    assert code == 0 and "verified" in out and "level 2" in out and "[pair, level 2]" in out
    # several puzzles in the file: --id is needed
    code, _, err = run(["puzzle", "verify", path], capsys)
    assert code == 2 and "choose one with --id" in err and err.count("\n") == 1


def test_generate_writes_printable_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "pages"
    code, out, _ = run(
        ["puzzle", "generate", "--kind", "solo", "--level", "1", "--seed", "3", "-o", str(out_dir)],
        capsys,
    )
    assert code == 0 and "wrote 3 files" in out
    (path,) = out_dir.glob("*.json")
    doc = {"puzzles": [json.loads(path.read_text())]}
    pid = doc["puzzles"][0]["id"]
    assert path.name == f"{pid}.json" and f"picture: {out_dir / pid}.html" in out
    page = (out_dir / f"{pid}.html").read_text()
    solution = (out_dir / f"{pid}-solution.html").read_text()
    assert "<svg" in page and "Clues" in page and doc["puzzles"][0]["question"] in page
    assert "Steps" in solution and "level 1" in solution
    # every card shown with its map: on the question page and on the solution page
    for html in (page, solution):
        assert html.count('class="card-plan"') == len(doc["puzzles"][0]["clues"])
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    ET.fromstring(svg)  # well-formed
    # the puzzle's own file is what check and verify read
    code, out, _ = run(["puzzle", "verify", str(path)], capsys)
    assert code == 0 and "verified (unique by CP-SAT); level 1" in out


def test_verify_hand_made_puzzle_shows_two_layouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(NOT_UNIQUE))
    code, out, _ = run(["puzzle", "verify", str(path)], capsys)
    assert code == 1
    assert "more than one layout" in out and out.count("layout: ") == 2
    code, out, _ = run(["puzzle", "verify", str(path), "--json"], capsys)
    report = json.loads(out)
    assert code == 1 and report["unique"] is False and len(report["layouts"]) == 2


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("{", "invalid JSON"),
        ({"kind": "sudoku", "position": {"markers": {}, "placed": {}}}, "kind: expected one of"),
        ({"position": {"markers": {}, "placed": {}}}, "missing 'kind'"),
        ({"kind": "stop"}, "missing 'position'"),
        ({"kind": "stop", "position": {"markers": {"BANK": ["S99"]}, "placed": {}}}, "S99"),
        ({**NOT_UNIQUE, "level": 7}, "level: expected 1 to 4"),
        ({**NOT_UNIQUE, "clues": [{"card": 61, "as": None}]}, "no card number 61"),
        ({**NOT_UNIQUE, "clues": [{"card": 23, "as": None}]}, "give 'as'"),
        (
            {**NOT_UNIQUE, "clues": [{"card": 1, "as": None}, {"card": 1, "as": None}]},
            "given twice",
        ),
        ({**NOT_UNIQUE, "clues": [{"card": 1, "as": "BANK"}]}, "'as' must be null"),
        ({**NOT_UNIQUE, "extra": 1}, "unknown key(s) extra"),
        ({"kind": "best-play", "position": {"markers": {}, "placed": {}}}, "needs the player"),
        (
            {"kind": "stop", "position": {"markers": {}, "placed": {}}, "clues": [{"card": 1}]},
            "has no clues",
        ),
    ],
)
def test_bad_puzzle_files_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: Any, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    code, _, err = run(["puzzle", "verify", str(path)], capsys)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_answers_and_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(NOT_UNIQUE))
    for args, message in [
        (["puzzle", "check", str(path), "--answer", "BANK S3"], "BUILDING@SPACE"),
        (
            ["puzzle", "check", str(path), "--answer", "BANK@S3"],
            "no single answer to check against: more than one layout meets every clue (",
        ),
        (["puzzle", "check", str(path), "BANK@S3", "--answer", "BANK@S3"], "give the answer once"),
        (["puzzle", "show", "stop-0001"], "the check does not add up: a character is mistyped"),
        (["puzzle", "hint", str(path), "--strength", "5"], "strength: expected 1, 2 or 3"),
        (["puzzle", "daily", "--date", "tomorrow"], "--date: expected YYYY-MM-DD"),
        (["puzzle", "book", "--count", "0", "-o", str(tmp_path / "b.pdf")], "--count must be"),
        (["puzzle", "check", str(tmp_path / "none.json"), "--answer", "BANK@S3"], "cannot read"),
        (["puzzle", "generate", "--kind", "stop", "--level", "9"], "level must be 1 to 4"),
        (["puzzle", "generate", "--kind", "sudoku"], "kind: expected one of"),
    ]:
        code, _, err = run(args, capsys)
        assert code == 2, args
        assert message in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "source",
    [
        "a" * 300,  # one name part over 255 bytes: never handed to the filesystem
        "x/" * 200 + "b" * 260,
        "stop-" + "a" * 300,  # written like a code: refused as one
        "best-play-" + "0" * 256,
        "\u00e9" * 200,  # 400 bytes in UTF-8
        "",
    ],
)
def test_long_and_odd_puzzle_arguments_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], source: str
) -> None:
    for args in (["show", source], ["verify", source], ["hint", source], ["check", source, "pass"]):
        code, _, err = run(["puzzle", *args], capsys)
        assert code == 2, (args[0], err)
        assert err.count("\n") == 1 and "Traceback" not in err and "OSError" not in err, err
        assert len(err) < 400, err  # a long argument is quoted short


def test_codes_show_check_and_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = generate(tmp_path, capsys, "--kind", "solo", "--level", "2", "--seed", "3")
    puzzle = doc["puzzles"][0]
    code = puzzle["code"]
    # the code prints the same puzzle, as JSON too (the code is its id)
    got, out, _ = run(["puzzle", "show", code, "--json"], capsys)
    shown = json.loads(out)
    assert got == 0 and shown == {**puzzle, "id": code, "seed": None}
    got, out, _ = run(["puzzle", "show", code.upper()], capsys)
    assert got == 0 and f"code: {code}" in out and "map: " in out and "answer:" not in out
    assert "railway" in out  # the town, then each card with its plan
    got, out, _ = run(["puzzle", "show", code, "--answers"], capsys)
    assert "answer: " in out
    placed = puzzle["answer"]["placed"]
    answer = ",".join(f"{b}@{s}" for s, b in placed.items())
    assert run(["puzzle", "check", code, answer], capsys)[0] == 0
    got, out, _ = run(["puzzle", "hint", code], capsys)
    assert got == 0 and out.startswith("hint (step ") and "where to look" in out
    got, out, _ = run(["puzzle", "hint", code, "--answer", answer, "--json"], capsys)
    assert json.loads(out)["done"] is True


def test_generate_keeps_answers_out_of_sight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["puzzle", "generate", "--kind", "stop", "--level", "1", "--seed", "2"]
    _, hidden, _ = run(args, capsys)
    _, shown, _ = run([*args, "--answers"], capsys)
    assert "answer:" not in hidden and "code: stop-" in hidden
    assert "  answer: " in shown
    assert "railway" in hidden and "Piedmont St" in hidden  # the board, in the terminal


def test_daily_is_one_per_kind(capsys: pytest.CaptureFixture[str]) -> None:
    got, out, _ = run(["puzzle", "daily", "--date", "2026-12-01", "--json"], capsys)
    docs = json.loads(out)["puzzles"]
    assert got == 0 and [d["kind"] for d in docs] == ["stop", "solo", "best-play"]
    assert [d["level"] for d in docs] == [1, 1, 1]  # a Tuesday: level 1 for every kind
    again = json.loads(run(["puzzle", "daily", "--date", "2026-12-01", "--kind", "solo",
                            "--json"], capsys)[1])  # fmt: skip
    assert again["puzzles"] == docs[1:2]


def test_booklet_has_the_pages_it_says(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Rendered to PNG: a contents page, one page per question, the answers at the back."""
    import pypdfium2

    path = tmp_path / "book.pdf"
    got, out, _ = run(["puzzle", "book", "--count", "3", "--seed", "4", "-o", str(path)], capsys)
    assert got == 0
    said = int(out.split(" pages")[0].rsplit(" ", 1)[1])
    pdf = pypdfium2.PdfDocument(str(path))
    assert len(pdf) == said >= 1 + 1 + 3 + 1
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    assert "Gads Hill puzzles" in texts[0]
    # the rules and glossary page: the booklet stands alone (no rule cited by id alone)
    assert "How to read the puzzles" in texts[1] and "straight across the street" in texts[1]
    glossary = " ".join(texts[1].split())  # the words, wherever the lines break
    assert "STOP claims you could" in glossary and "GH-" not in glossary
    assert "How a card scores" in glossary and "hardness number" in glossary
    for i in (1, 2, 3):  # each question on its own page, with its code and card maps
        page = texts[i + 1]
        assert f"Puzzle {i}:" in page and "code " in page and "Your answer" in page
    assert "Answers" in texts[5] and "Puzzle 1 (" in texts[5]
    for i in range(len(pdf)):
        image = pdf[i].render(scale=0.5).to_pil().convert("L")
        low, high = image.getextrema()
        assert low < 100 and high > 200, f"page {i + 1} is blank"
    pdf.close()


def test_booklet_count_is_bounded_and_the_contents_spill_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every count up to the bound makes a booklet (the contents take as many pages as
    they need); a larger count is refused in one line before anything is made."""
    import pypdfium2

    from gadshill.render.puzzle_book import MAX_BOOK, contents_pages, write_book
    from gadshill.solver.puzzles.generate import generate as make
    from gadshill.solver.town import load_town

    for count in (MAX_BOOK + 1, 1_000_000):
        got, _, err = run(["puzzle", "book", "--count", str(count), "-o", str(tmp_path / "b.pdf")],
                          capsys)  # fmt: skip
        assert got == 2 and f"--count must be 1 to {MAX_BOOK}" in err and err.count("\n") == 1
    town = load_town()
    few = make(town, "stop", 1, 3, 8)
    path = tmp_path / "big.pdf"
    pages = write_book(town, [few[i % 3] for i in range(MAX_BOOK)], path)
    before = contents_pages(MAX_BOOK)
    assert before == 4 and pages > before + MAX_BOOK  # three contents pages, the glossary
    pdf = pypdfium2.PdfDocument(str(path))
    last = pdf[before - 2].get_textpage().get_text_range()  # the glossary follows
    assert f"Puzzle {MAX_BOOK}: stop" in last and f"page {MAX_BOOK + before}" in last
    assert f"Puzzle {MAX_BOOK}:" in pdf[MAX_BOOK + before - 1].get_textpage().get_text_range()
    pdf.close()


def test_booklet_card_maps_print_their_numbers_at_7_pt_at_least() -> None:
    """Every text of a card's plan in the booklet (its lot numbers and caption) is 7 pt or
    more in print (3.4 pt before issue 29), in the questions and on the glossary page."""
    import re

    from gadshill.render.card_plan import card_plan_svg
    from gadshill.render.puzzle_book import GLOSSARY_PLAN, PLAN_DIGITS, PLAN_WIDTH
    from gadshill.solver.town import load_town

    plan = card_plan_svg(load_town(), ["S1", "S19"], "card 1", digits=PLAN_DIGITS)
    found = re.search(r'viewBox="0 0 ([\d.]+)', plan)
    assert found is not None
    width = float(found.group(1))
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', plan)]
    for printed_mm in (PLAN_WIDTH, GLOSSARY_PLAN):
        assert min(sizes) * printed_mm / width * 72 / 25.4 >= 7.0


def test_booklet_town_labels_print_at_7_pt_at_least() -> None:
    """Every word of every question page's town (lot ids, markers, streets, railway
    stops) is 7 pt or more in print (3-6 pt with the map before issue 29): measured on the
    pages of a booklet of the pool's puzzles with the most cards of every kind and level,
    and at the narrowest width a page may give its town."""
    import re

    from gadshill.render.gads_hill import town_svg
    from gadshill.render.puzzle_book import TOWN_NARROW, build_book
    from gadshill.solver.position_file import load_position
    from gadshill.solver.puzzles import codes
    from gadshill.solver.puzzles.analyse import analyse
    from gadshill.solver.puzzles.document import document
    from gadshill.solver.puzzles.pool import pool
    from gadshill.solver.town import load_town

    town = load_town()

    def points(picture: str, printed_mm: float) -> float:
        found = re.search(r'viewBox="0 0 ([\d.]+)', picture)
        assert found is not None
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', picture)]
        return min(sizes) * printed_mm / float(found.group(1)) * 72 / 25.4

    def cards(doc: dict[str, Any]) -> int:
        return len(doc["clues"]) + sum(len(p["hand"]) for p in doc["position"].get("players", []))

    chosen = []
    for levels in pool().values():
        for found in levels.values():
            docs = []
            for code in found:
                puzzle = codes.decode(code, town)
                docs.append(document(puzzle, analyse(puzzle, town, prove=False), town, None, None))
            chosen += sorted(docs, key=cards, reverse=True)[:2]
    book = build_book(town, chosen)
    assert len(book.towns) == len(chosen) == 24
    for number, (picture, printed_mm) in enumerate(book.towns, 1):
        assert points(picture, printed_mm) >= 7.0, f"puzzle {number}: {printed_mm} mm"
    crowded = town_svg(town, load_position(chosen[0]["position"], town), layout="print")
    assert points(crowded, TOWN_NARROW) >= 7.0
