"""The README's example outputs are what the commands print today (issue 12: figures
drifted). Every ``$ gadshill ...`` example of the README is run; each line it shows must
appear in the output, in order (a line ``...`` or holding ``...`` stands for lines left
out); a ``# exit N`` comment is the exit code; ``make demo``'s output is checked too."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from gadshill.cli.demo_cmds import run_demo
from tests.cli_runner import exit_code

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
#: examples whose input the README does not give (a record tampered by hand), and the
#: server, which runs until stopped (tests/web/test_serve.py starts it on loopback)
NOT_RUN = {
    "replay tampered.jsonl",
    "serve",
    # search-bot games and tournaments that take minutes (tests/rules/test_mcts.py and
    # tests/adapters/ play the same commands on small budgets)
    "play sticky-gulch --players 2 --bots mcts,prospector --bot-option mcts.playouts=200",
    "tournament sutters-mill --bots mcts,patient --games 20 --bot-option mcts.ms=500",
    "tournament sticky-gulch --bots mcts,prospector --games 200 --backend ray",
}


def code_blocks() -> list[list[str]]:
    blocks: list[list[str]] = []
    inside = False
    for line in README.splitlines():
        if line.startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    return blocks


def examples() -> list[tuple[str, int, list[str]]]:
    """(command, exit code, shown lines) of every ``$ gadshill`` example."""
    found: list[tuple[str, int, list[str]]] = []
    for block in code_blocks():
        current: tuple[str, int, list[str]] | None = None
        for line in block:
            if line.startswith("$ gadshill "):
                command, _, comment = line[len("$ gadshill ") :].partition("  #")
                code = re.search(r"exit (\d)", comment)
                current = (command.strip(), int(code.group(1)) if code else 0, [])
                found.append(current)
            elif current is not None:
                current[2].append(line.rstrip())
    return found


def shown_in(shown: list[str], actual: str) -> None:
    """Each shown line appears in ``actual``, in order; '...' lines are wildcards."""
    # titles of tables are centred on the terminal's width: compare without the margins
    lines = [line.strip() for line in actual.splitlines()]
    at = 0
    for want in shown:
        if "..." in want or want.startswith("(the ") or not want.strip():
            continue
        try:
            at = lines.index(want.strip(), at) + 1
        except ValueError:
            context = "\n".join(lines[max(0, at - 3) : at + 12])
            message = f"README line not in the output:\n{want}\n---\n{context}"
            raise AssertionError(message) from None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", folder / "examples")
    return folder


def test_every_example_is_found() -> None:
    commands = [command.split()[0] for command, _, _ in examples()]
    for needed in ("stop", "check", "render", "play", "replay", "rules", "tournament"):
        assert needed in commands


@pytest.mark.parametrize(
    ("command", "code", "shown"),
    [pytest.param(*example, id=example[0][:60]) for example in examples()],
)
def test_readme_example(
    command: str,
    code: int,
    shown: list[str],
    workdir: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if command in NOT_RUN:
        pytest.skip("the README describes its input in words")
    monkeypatch.chdir(workdir)
    if "out/demo.jsonl" in command and not (workdir / "out" / "demo.jsonl").exists():
        run_demo(50, workdir / "out")
    capsys.readouterr()
    assert exit_code(shlex.split(command)) == code
    out, err = capsys.readouterr()
    shown_in(shown, out + err)


def test_make_demo_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    block = README.split("`make demo` prints (shortened):\n\n```\n", 1)[1].split("```", 1)[0]
    run_demo(50, tmp_path / "out")
    out = capsys.readouterr().out.replace(str(tmp_path / "out"), "out")
    shown_in(block.splitlines(), out)
