"""Data packs: one folder of TOML files per game, with checked field access.

A pack is identified by its folder name and a SHA-256 over its files, so a game
record can say exactly which cards and tables it was played with.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from typing import Any, Generic, TypeVar

from gadshill.errors import DataError, UsageError, quoted_list

BUILTIN = Path(__file__).parent / "packs"
#: the largest file a pack may hold: the built-in files are a few KB; a stray 1.5 GB
#: ``*.toml`` in a pack folder was once read whole to hash it
MAX_PACK_FILE = 4 * 1024 * 1024
T = TypeVar("T")

#: every game's ``variant`` option: the game as published; ``mini``, a small pack of
#: the same rules (few pieces, short) where OpenSpiel's CFR and exploitability run in
#: seconds; ``small``, a larger one with real strategy (unequal seats, exploitable bots)
#: that CFR+ solves in minutes (docs/research.md, "The small variants");
#: the built-in pack of a variant other than the first is the folder ``<game>-<variant>``
VARIANTS = ("standard", "mini", "small")


@dataclass(frozen=True)
class PackInfo:
    """Where a pack lives and what it hashes to."""

    game: str
    path: Path
    sha256: str

    @property
    def id(self) -> str:
        return self.path.name


def pack_path(game: str, data: Path | None = None) -> Path:
    """The folder of a game's pack: ``data`` if given, else the built-in one."""
    path = Path(data) if data is not None else BUILTIN / game
    try:
        found = path.is_dir()
    except OSError as err:  # a name too long for the file system, ...
        raise DataError(_shown(path), f"data pack folder not usable ({err.strerror})") from None
    if not found:
        raise DataError(_shown(path), "data pack folder not found")
    return path


def _shown(path: Path, limit: int = 120) -> str:
    """A path as an error line shows it: a name of thousands of characters is cut."""
    text = str(path)
    return text if len(text) <= limit else f"{text[: limit // 2]}...{text[-limit // 2 :]}"


def guess_game(path: Path, games: Iterable[str]) -> str | None:
    """Which of ``games`` has a built-in pack with the same file names as the folder."""
    names = {file.name for file in pack_path("", path).glob("*.toml")}
    for game in games:
        if {f.name for f in (BUILTIN / game).glob("*.toml")} == names:
            return game
    return None


def variant_folder(game: str, data: Path | None, options: Mapping[str, str]) -> Path | None:
    """The pack a game is dealt from: ``data`` if given, else its variant's built-in pack
    (None: the game's own). A variant is a pack of its own, so it takes no ``data``.

    >>> variant_folder("sticky-gulch", None, {"variant": "mini"}).name
    'sticky-gulch-mini'
    >>> variant_folder("sticky-gulch", None, {"variant": "standard"}) is None
    True
    """
    variant = options.get("variant", VARIANTS[0])
    if variant == VARIANTS[0]:
        return data
    if data is not None:
        raise UsageError(f"variant={variant} plays its own built-in pack: give no --data with it")
    return BUILTIN / f"{game}-{variant}"


def pack_files(path: Path) -> dict[str, bytes]:
    """What a pack is: its folder's ``*.toml`` files, by name, each checked for size
    before it is read (the folder's other files are not the pack's)."""
    files = {}
    for file in sorted(path.glob("*.toml")):
        try:
            check_size(file, file.stat().st_size)
            files[file.name] = file.read_bytes()
        except OSError as err:  # a folder named *.toml, an unreadable file
            raise DataError(str(file), f"cannot read ({err.strerror})") from None
    return files


def pack_info(game: str, path: Path) -> PackInfo:
    digest = hashlib.sha256()
    for name, content in pack_files(path).items():
        digest.update(name.encode())
        digest.update(content)
    return PackInfo(game, path, digest.hexdigest())


Stamp = tuple[tuple[str, int, int], ...]


def _stamp(path: Path) -> Stamp:
    """Names, sizes and modification times of a pack's files: a cheap change detector."""
    out = []
    for file in sorted(path.glob("*.toml")):
        try:
            stat = file.stat()
        except OSError as err:
            raise DataError(str(file), f"cannot read ({err.strerror})") from None
        if not S_ISREG(stat.st_mode):  # a named pipe would block the hash forever
            raise DataError(str(file), "cannot read (not a regular file)")
        check_size(file, stat.st_size)
        out.append((file.name, stat.st_size, stat.st_mtime_ns))
    return tuple(out)


@lru_cache(maxsize=32)
def _info_cached(game: str, path: Path, stamp: Stamp) -> PackInfo:
    return pack_info(game, path)


def current_info(game: str, data: Path | None = None) -> PackInfo:
    """The pack's id and SHA-256, hashed again only when its files change on disk."""
    path = pack_path(game, data).resolve()
    return _info_cached(game, path, _stamp(path))


class PackCache(Generic[T]):
    """What a game builds from a pack (data, a town, a world), built once per pack content.

    The one caching strategy of every loader: objects are keyed by the pack's folder
    and SHA-256, so a pack is read once however often games start, and a pack
    edited on disk is read again. A few packs are kept, the least recent dropped.
    """

    def __init__(self, game: str, build: Callable[[PackInfo], T], size: int = 8):
        self.game, self.build, self.size = game, build, size
        self._built: OrderedDict[tuple[Path, str], T] = OrderedDict()

    def __call__(self, data: Path | None = None) -> T:
        pack = current_info(self.game, data)
        key = (pack.path, pack.sha256)
        if key in self._built:
            self._built.move_to_end(key)
            return self._built[key]
        built = self._built[key] = self.build(pack)
        if len(self._built) > self.size:
            self._built.popitem(last=False)
        return built


def check_size(file: Path, size: int) -> None:
    """A pack file larger than ``MAX_PACK_FILE`` is refused before it is read."""
    if size > MAX_PACK_FILE:
        raise DataError(
            str(file), f"{size:,} bytes: a pack file may have at most {MAX_PACK_FILE:,}"
        )


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file, turning every failure into a one-line DataError."""
    if not path.is_file():
        raise DataError(str(path), "file not found")
    try:
        check_size(path, path.stat().st_size)
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise DataError(str(path), f"invalid TOML ({err})") from None
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(str(path), f"cannot read ({err})") from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise DataError(str(path), "invalid TOML (nested too deeply)") from None
    except ValueError:  # int() refuses more than 4,300 digits; no pack needs a tenth of that
        raise DataError(str(path), "invalid TOML (a number too long)") from None


class Entry:
    """Typed access to one TOML table; every error names file, entry and field."""

    def __init__(self, file: Path | str, name: str, table: Any):
        self.file, self.name = str(file), name
        if not isinstance(table, Mapping):
            raise DataError(self.file, "expected a table", name)
        self.table: Mapping[str, Any] = table

    def error(self, what: str, field: str | None = None) -> DataError:
        return DataError(self.file, what, self.name, field)

    def get(self, field: str, kind: type[T], default: T | None = None) -> T:
        if field not in self.table:
            if default is not None:
                return default
            raise self.error("missing field", field)
        value = self.table[field]
        # bool is an int in Python; a data file must not pass true for a number.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(f"expected {kind.__name__}, got {type(value).__name__}", field)
        return value

    def list_of(self, field: str, kind: type[T], default: list[T] | None = None) -> list[T]:
        if field not in self.table and default is not None:
            return default
        values = self.get(field, list)
        for value in values:
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise self.error(f"expected a list of {kind.__name__}", field)
        return list(values)

    def check_keys(self, allowed: set[str]) -> None:
        unknown = sorted(set(self.table) - allowed)
        if unknown:
            raise self.error(f"unknown field(s) {quoted_list(unknown)}")


def entries(file: Path | str, doc: Mapping[str, Any], key: str) -> list[Entry]:
    """The array of tables ``[[key]]`` of a document, as Entries named ``key[i]``."""
    items = doc.get(key)
    if not isinstance(items, list):
        raise DataError(str(file), f"missing array of tables [[{key}]]")
    return [Entry(file, f"{key}[{i}]", item) for i, item in enumerate(items)]
