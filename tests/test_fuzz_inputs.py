"""Fuzzing the readers issue 20 hardened: whatever the bytes, a record, a puzzle file and a
card text end in a ``GadshillError`` (one line at the command) or a result, never in
another exception."""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadshill.errors import GadshillError
from gadshill.gads_hill.cardtext import read_text, text_findings
from gadshill.gamedata.gads_hill import load
from gadshill.rules.records import Record
from gadshill.solver.geography import Geography
from gadshill.solver.puzzles.puzzle_file import read_puzzles
from gadshill.solver.town import load_town

SETTINGS = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
HEADER = (Path(__file__).parent / "golden" / "sticky-gulch.jsonl").open().readline()

#: JSON-ish fragments: deep nesting, long numbers, control characters, odd keys
pieces = st.sampled_from(
    ["{", "}", "[", "]", '"', ":", ",", "9" * 120, "-1e999", "\x00", "\x1b[2J", "\u2028",
     '"move"', '"format"', "null", "true", " ", "\n", "\r", '"players"', "1.5"]
)  # fmt: skip
fragments = st.lists(pieces, max_size=60).map("".join)


@SETTINGS
@given(body=fragments)
def test_a_record_of_any_text_is_read_or_refused(tmp_path: Path, body: str) -> None:
    path = tmp_path / "fuzz.jsonl"
    for text in (body, HEADER + body):
        path.write_text(text, encoding="utf-8")
        try:
            record = Record.read(path)
        except GadshillError:
            continue
        shown = record.printable()
        assert all(ch.isprintable() for name in shown.players for ch in name)


@SETTINGS
@given(body=fragments)
def test_a_puzzle_file_of_any_text_is_read_or_refused(tmp_path: Path, body: str) -> None:
    path = tmp_path / "fuzz.json"
    path.write_text(body, encoding="utf-8")
    with contextlib.suppress(GadshillError):
        read_puzzles(path, load_town())


words = st.sampled_from(
    ["My building", "The SALOON", "was", "on", "between", "and", "or", "not", "away from",
     "corner of", "north of", "east of", "Piedmont St", "Main St", "Oak St", "Front St",
     "Iron Mountain Rd", "edge of town", "eastern suburb", "suburbs", "centre", "by the railway",
     "east of town", ",", ".", ";", ":", "-", "  "]
)  # fmt: skip


@SETTINGS
@given(text=st.lists(words, max_size=25).map(" ".join), card=st.integers(1, 60))
def test_any_card_text_is_read_and_judged(text: str, card: int) -> None:
    town = load()
    geography = Geography(town)
    mentions = read_text(text, town)
    assert all(0 <= m.start < m.end <= len(text) for m in mentions)
    starts = [m.start for m in mentions]
    assert starts == sorted(starts)
    spans = sorted((m.start, m.end) for m in mentions)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans)), "overlapping"
    for problem in text_findings(replace(town.cards[card], text=text), geography):
        assert problem and "\n" not in problem
