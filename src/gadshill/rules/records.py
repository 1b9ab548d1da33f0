"""Game records as JSON Lines: a header, then one move per line.

A record plus its data pack reproduces a game exactly; ``replay`` re-checks
every move against the rule book and stops at the first illegal one. A line may
also be a *refusal* told to the table (GH-8 as amended: a STOP claim or a card the
solver refutes, ``{"refused": MOVE, "seat": N, "rules": [...]}``); replay checks
it is refused still and applies what it costs the seat.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from gadshill.errors import NotationError, RecordError, one_line
from gadshill.gamedata import strict_json
from gadshill.gamedata.pack import VARIANTS
from gadshill.rules.moves import Move
from gadshill.rules.rulebook import Violation
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.version import __version__

FORMAT = "gadshill-record"
#: the key of a refusal line (GH-8.refused)
REFUSED = "refused"


@dataclass(frozen=True)
class Refusal:
    """A move tried openly and refused (GH-8 as amended): told to every seat, kept in
    the record, never with the solver's reasoning."""

    move: Move
    seat: int
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {REFUSED: self.move.to_json(), "seat": self.seat, "rules": list(self.rules)}

    def line(self, name: str) -> str:
        """The log line every seat reads: who tried what, and the rule ids."""
        return f"{name}#{self.seat} tried {self.move}: refused [{', '.join(self.rules)}]"


def is_refusal(entry: Any) -> bool:
    """Whether a record line is a refusal rather than a move."""
    return isinstance(entry, dict) and REFUSED in entry


@dataclass
class Record:
    """Header fields and the moves of one game.

    >>> record = Record("nim", ["ann", "bob"], seed=7, data_id="nim", data_sha256="0" * 64)
    >>> record.moves.append({"move": "take", "count": 2})
    >>> text = record.to_jsonl()
    >>> len(text.splitlines())  # the header, then one line per move
    2
    >>> Record.parse(text) == record
    True
    >>> Record.parse('{"game": "nim"}')
    Traceback (most recent call last):
    ...
    gadshill.errors.RecordError: record: line 1 is not a gadshill-record header
    """

    game: str
    players: list[str]
    seed: int
    data_id: str
    data_sha256: str
    options: dict[str, str] = field(default_factory=dict)
    moves: list[dict[str, Any]] = field(default_factory=list)
    version: str = __version__

    def header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": self.version,
            "game": self.game,
            "data": {"id": self.data_id, "sha256": self.data_sha256},
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
        }

    def to_jsonl(self) -> str:
        lines = [json.dumps(self.header())] + [json.dumps(m) for m in self.moves]
        return "\n".join(lines) + "\n"

    def write(self, path: Path, exclusive: bool = False) -> None:
        """Write the record to ``path``; ``exclusive``: never over an existing file."""
        try:
            with path.open("x" if exclusive else "w") as out:
                out.write(self.to_jsonl())
        except FileExistsError:
            raise RecordError(f"{path}: a record is already there; not overwritten") from None
        except OSError as err:
            raise RecordError(f"{path}: cannot write record ({err.strerror})") from None

    def printable(self) -> Record:
        """This record with every text in it (names, ids, move fields) made safe to print:
        control characters and escape sequences (NUL, ESC, CR, ...) written escaped. A
        legal move holds none, so what replays is unchanged."""

        def safe(value: Any) -> Any:
            if isinstance(value, str):
                return one_line(value)
            if isinstance(value, list):
                return [safe(v) for v in value]
            if isinstance(value, dict):
                return {safe(k): safe(v) for k, v in value.items()}
            return value

        return replace(
            self,
            game=safe(self.game),
            players=safe(self.players),
            data_id=safe(self.data_id),
            data_sha256=safe(self.data_sha256),
            options=safe(self.options),
            moves=safe(self.moves),
            version=safe(self.version),
        )

    @classmethod
    def parse(cls, text: str, source: str = "record") -> Record:
        return cls._parse_lines(iter(text.splitlines()), source)

    @classmethod
    def _parse_lines(cls, lines: Iterator[str], source: str) -> Record:
        """A record from its lines, each parsed as it comes (none is kept as text)."""
        first = next(lines, "")
        if not first.strip():
            raise RecordError(f"{source}: empty record")
        header = _json_line(first, source, 1)
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise RecordError(f"{source}: line 1 is not a {FORMAT} header")
        data = header.get("data")
        players = header.get("players")
        seed = header.get("seed")
        options = header.get("options", {})
        if not isinstance(header.get("game"), str):
            raise RecordError(f"{source}: header has no game id")
        if not isinstance(data, dict) or not all(
            isinstance(data.get(k), str) for k in ("id", "sha256")
        ):
            raise RecordError(f"{source}: header 'data' needs string 'id' and 'sha256'")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError(f"{source}: header 'players' must be a list of names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"{source}: header 'seed' must be a whole number")
        if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()
        ):
            raise RecordError(f"{source}: header 'options' must map names to strings")
        moves = []
        for number, line in enumerate(lines, start=2):
            if line.strip():
                moves.append(_json_line(line, source, number))
        return cls(
            game=header["game"],
            players=players,
            seed=seed,
            data_id=data["id"],
            data_sha256=data["sha256"],
            options=options,
            moves=moves,
            version=str(header.get("version", "")),
        )

    @classmethod
    def read(cls, path: Path) -> Record:
        """Read a record file line by line: a line longer than ``MAX_LINE`` characters is
        refused before it is read whole (a 300 MB line once cost six times its size)."""
        try:
            with path.open(encoding="utf-8") as handle:
                return cls._parse_lines(_bounded_lines(handle, str(path)), str(path))
        except (OSError, UnicodeDecodeError) as err:
            raise RecordError(f"{path}: cannot read record ({err})") from None


#: the longest line a record may have: a header or a move is a few hundred characters
MAX_LINE = 100_000


def _bounded_lines(handle: TextIO, source: str) -> Iterator[str]:
    for number in itertools.count(1):
        line = handle.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            raise RecordError(f"{source}: line {number} is longer than {MAX_LINE:,} characters")
        yield line.rstrip("\r\n")


def _json_line(line: str, source: str, number: int) -> Any:
    try:
        return strict_json.loads(line)
    except strict_json.JsonError as err:
        if err.syntax == "nested too deeply":
            raise RecordError(f"{source}: line {number} is nested too deeply") from None
        if err.syntax:
            raise RecordError(f"{source}: line {number} is not JSON ({err.syntax})") from None
        raise RecordError(f"{source}: line {number}: {err}") from None


@dataclass
class ReplayResult:
    """Where a replay ended: the state reached and, if refused, why."""

    state: GameState[Any]
    moves_played: int
    refused_index: int | None = None  # 1-based number of the first illegal move
    refused_move: str = ""
    violations: list[Violation] = field(default_factory=list)
    #: how many of the lines played were refusals told to the table (GH-8.refused)
    refusals: int = 0

    @property
    def ok(self) -> bool:
        return self.refused_index is None

    @property
    def over(self) -> bool:
        """Whether the game ended: a record cut short, or replayed ``to`` a move, is not."""
        return self.state.is_terminal

    def refusal(self) -> str:
        """The first illegal move and the rules it breaks, in one line ("" when all legal)."""
        if self.ok:
            return ""
        rules = ", ".join(v.rule for v in self.violations)
        return f"move {self.refused_index} '{self.refused_move}' is illegal ({rules})"


def new_record(
    spec: GameSpec, state_players: list[str], seed: int, data: Path | None, options: dict[str, str]
) -> Record:
    info = spec.pack(spec.data_folder(data, options))
    # the standard game stays unnamed, so records of it read as they always have
    kept = {k: v for k, v in options.items() if (k, v) != ("variant", VARIANTS[0])}
    return Record(spec.id, state_players, seed, info.id, info.sha256, kept)


def replay(
    record: Record,
    spec_for: Callable[[str], GameSpec],
    data: Path | None = None,
    on_move: Callable[[GameState[Any], Move], None] | None = None,
    after_move: Callable[[GameState[Any], Move], None] | None = None,
    to: int | None = None,
    on_refusal: Callable[[GameState[Any], Refusal], None] | None = None,
) -> ReplayResult:
    """Re-validate every move of a record from a fresh setup (the first ``to`` lines if given).

    ``on_move`` sees each move before it is applied, ``after_move`` the state it
    leads to, as in :func:`gadshill.rules.bots.play_game`; ``on_refusal`` each refusal
    line (GH-8.refused) before its cost is applied. A record that stops before the
    game ends replays without a refusal: ``over`` says whether it ended.
    """
    spec = spec_for(record.game)
    options = spec.resolve_options(record.options)
    info = spec.pack(spec.data_folder(data, options))
    if info.sha256 != record.data_sha256:
        raise RecordError(
            f"record was played with data pack {record.data_id} ({record.data_sha256[:12]}), "
            f"not {info.id} ({info.sha256[:12]}); pass --data with the right pack"
        )
    if not spec.min_players <= len(record.players) <= spec.max_players:
        raise RecordError(f"{spec.id} needs {spec.min_players}-{spec.max_players} players")
    state = spec.new_game(len(record.players), record.seed, data, options)
    moves = record.moves if to is None else record.moves[:to]
    refusals = 0
    for index, raw in enumerate(moves, start=1):
        told = is_refusal(raw)
        try:
            move = spec.codec.from_json(raw[REFUSED] if told else raw)
        except NotationError as err:
            raise RecordError(f"move {index} (line {index + 1}): {err}") from None
        violations = state.check(move)
        if told:  # GH-8.refused: still refused, openly, by the seat that tried it
            rules = state.public_refusal(move, violations)
            if not rules or raw.get("seat") != state.current_player:
                raise RecordError(f"line {index + 1}: {move} is not a refusal told to the table")
            if on_refusal is not None:
                on_refusal(state, Refusal(move, raw["seat"], rules))
            state.refuse(move)
            refusals += 1
            continue
        if violations:
            return ReplayResult(state, index - 1, index, str(move), violations, refusals)
        if on_move is not None:
            on_move(state, move)
        state.apply(move)
        if after_move is not None:
            after_move(state, move)
    return ReplayResult(state, len(moves), refusals=refusals)
