"""Data packs: one folder of TOML files per game, with checked field access.

A pack is identified by its folder name and a SHA-256 over its files, so a game
record can say exactly which cards and tables it was played with.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from gadshill.errors import DataError

BUILTIN = Path(__file__).parent / "packs"
T = TypeVar("T")


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
    if not path.is_dir():
        raise DataError(str(path), "data pack folder not found")
    return path


def pack_info(game: str, path: Path) -> PackInfo:
    digest = hashlib.sha256()
    for file in sorted(path.glob("*.toml")):
        digest.update(file.name.encode())
        try:
            digest.update(file.read_bytes())
        except OSError as err:  # a folder named *.toml, an unreadable file
            raise DataError(str(file), f"cannot read ({err.strerror})") from None
    return PackInfo(game, path, digest.hexdigest())


def read_toml(path: Path) -> dict[str, Any]:
    """Parse one TOML file, turning every failure into a one-line DataError."""
    if not path.is_file():
        raise DataError(str(path), "file not found")
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise DataError(str(path), f"invalid TOML ({err})") from None
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(str(path), f"cannot read ({err})") from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise DataError(str(path), "invalid TOML (nested too deeply)") from None


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
            raise self.error(f"unknown field(s) {', '.join(unknown)}")


def entries(file: Path | str, doc: Mapping[str, Any], key: str) -> list[Entry]:
    """The array of tables ``[[key]]`` of a document, as Entries named ``key[i]``."""
    items = doc.get(key)
    if not isinstance(items, list):
        raise DataError(str(file), f"missing array of tables [[{key}]]")
    return [Entry(file, f"{key}[{i}]", item) for i, item in enumerate(items)]
