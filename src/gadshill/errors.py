"""User-facing errors.

Every error a user can cause (bad data pack, record, position, move text or CLI
argument) is a :class:`GadshillError`; the CLI prints its message as one line
and exits non-zero, never with a traceback.
"""


class GadshillError(Exception):
    """Base of every error caused by input; ``str(err)`` is a one-line message."""


class DataError(GadshillError):
    """A data pack (TOML) is missing, malformed or inconsistent."""

    def __init__(self, file: str, what: str, entry: str | None = None, field: str | None = None):
        where = file
        if entry is not None:
            where += f": {entry}"
        if field is not None:
            where += f".{field}"
        super().__init__(f"{where}: {what}")
        self.file, self.entry, self.field, self.what = file, entry, field, what


class NotationError(GadshillError):
    """A move's text or JSON form cannot be parsed."""


class RecordError(GadshillError):
    """A game record is malformed (bad header, bad JSON, unknown game)."""


class PositionError(GadshillError):
    """A Gads Hill position file is malformed or names unknown ids."""
