"""What ``gadshill data check`` says about a game's pack: an :class:`AuditReport` of
*findings* (errors make the check fail, warnings are worth a look) and *tables* of
measured figures. A :class:`~gadshill.rules.spec.GameSpec` names its audit by the
report it gives, so this module sits below both the spec and the audit that fills it
(:mod:`gadshill.rules.audit`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR, WARNING = "error", "warning"
#: the check that plays seeded games (run only when some are asked for)
SIMULATION = "simulation"


@dataclass(frozen=True)
class Finding:
    """One thing the audit found: ``subject`` (a card, a drifter...) broke ``check``."""

    level: str
    check: str
    subject: str
    message: str

    def line(self) -> str:
        return f"{self.level}: [{self.check}] {self.subject}: {self.message}"

    def to_json(self) -> dict[str, str]:
        return {
            "level": self.level,
            "check": self.check,
            "subject": self.subject,
            "message": self.message,
        }


@dataclass(frozen=True)
class Table:
    """Measured figures: a title, column names and rows of plain values."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
        }


@dataclass
class AuditReport:
    """Everything ``data check`` says about one game's pack."""

    game: str
    pack: str
    sha256: str
    games: int
    #: the checks that ran, so that "no finding" reads as "checked and fine"
    checks: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.games <= 0:  # no games, no measured figures
            self.checks = [c for c in self.checks if c != SIMULATION]

    def error(self, check: str, subject: str, message: str) -> None:
        self.findings.append(Finding(ERROR, check, subject, message))

    def warning(self, check: str, subject: str, message: str) -> None:
        self.findings.append(Finding(WARNING, check, subject, message))

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == ERROR]

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "pack": self.pack,
            "sha256": self.sha256,
            "games": self.games,
            "ok": self.ok,
            "checks": self.checks,
            "findings": [f.to_json() for f in self.findings],
            "tables": [t.to_json() for t in self.tables],
        }
