"""The `gadshill` examples of docs/puzzles.md and of README's "Puzzles" section run, and
print exactly what the documents show (so their figures and answers stay true)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.cli_runner import run

ROOT = Path(__file__).parents[1]


def examples(text: str) -> list[tuple[str, int, str]]:
    """(command, exit code, expected output) of every ``$ gadshill`` line in code blocks."""
    found: list[tuple[str, int, str]] = []
    block = False
    current: list[str] | None = None
    for line in [*text.split("\n"), "```"]:
        if line.startswith("```") or (block and line.startswith("$ gadshill ")):
            if current is not None:
                command, code = current[0], 0
                if "# exit " in command:
                    command, _, tail = command.partition("# exit ")
                    code = int(tail)
                found.append((command.strip(), code, "\n".join(current[1:]).strip("\n")))
                current = None
            if line.startswith("```"):
                block = not block
                continue
        if block and line.startswith("$ gadshill "):
            current = [line[len("$ gadshill ") :]]
        elif current is not None:
            current.append(line)
    return found


def section(text: str, title: str) -> str:
    start = text.index(f"\n### {title}")
    ends = [i for i in (text.find("\n## ", start + 1), text.find("\n### ", start + 1)) if i > 0]
    return text[start : min(ends) if ends else None]


DOCS = examples((ROOT / "docs" / "puzzles.md").read_text())
README = examples(section((ROOT / "README.md").read_text(), "Puzzles"))


@pytest.mark.parametrize(("command", "code", "expected"), DOCS + README)
def test_documented_command_prints_what_the_document_shows(
    command: str,
    code: int,
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    got_code, out, err = run(shlex.split(command), capsys)
    assert got_code == code, err
    assert out.rstrip("\n") == expected


def test_the_documents_show_every_kind() -> None:
    assert len(DOCS) >= 10
    kinds = " ".join(command for command, _, _ in README)
    assert all(f"--kind {kind}" in kinds for kind in ("stop", "solo", "best-play"))
