"""The table's schema: the games, their seats and events, the seats' preferences and
the rematches (one SQLAlchemy Core description for SQLite and PostgreSQL), and the check
made when a database is opened (:func:`check_and_create`): a database that is not (or
no longer) gadshill's is refused in one line; an older gadshill one gets the columns
added since; what is missing is created.
"""

from __future__ import annotations

import sqlalchemy as sa

from gadshill.errors import UsageError

META = sa.MetaData()
GAMES = sa.Table(
    "games",
    META,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("header", sa.Text, nullable=False),  # the record's header, seed included
    sa.Column("hints", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("to_move", sa.Integer, nullable=True),
    sa.Column("finished", sa.Boolean, nullable=False, index=True),
    # issue 30: who made it (the lobby names them), when it last moved or was joined (an
    # idle game with a seat still open expires), how many joins so far (announced: a join
    # shows at once) and whether it expired
    sa.Column("creator", sa.String(40), nullable=True),
    sa.Column("touched", sa.Float, nullable=True),
    sa.Column("joined", sa.Integer, nullable=False, server_default="0"),
    sa.Column("expired", sa.Boolean, nullable=False, server_default=sa.false()),
)
SEATS = sa.Table(
    "seats",
    META,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(40), nullable=False),
    # None: open, nobody joined yet; "for:..." kept for a player (a rematch's seat)
    sa.Column("token_hash", sa.String(64), nullable=True),
    # the player's name, chosen on create or join (None: not given; a bot's is its kind)
    sa.Column("name", sa.String(40), nullable=True),
)
EVENTS = sa.Table(
    "events",
    META,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),  # the version this event made
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("entry", sa.Text, nullable=False),  # a record line: a move or a refusal
    sa.Column("line", sa.Text, nullable=False),  # the log line every seat reads
)

#: a seat's standing preferences (web/prefs.py), as JSON: they survive a restart
PREFS = sa.Table(
    "prefs",
    META,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("prefs", sa.Text, nullable=False),
)

#: a finished game's rematch: the game its players are asked to (one per game)
REMATCHES = sa.Table(
    "rematches",
    META,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("rematch_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
)

#: the tables without which the stored games are not whole: one missing beside the
#: others is a damaged database (created again empty, every game would read version 0)
CORE = ("games", "seats", "events")

#: columns added since the first schema: an older gadshill database gets them at start
ADDED = {
    ("games", "creator"): "VARCHAR(40)",
    ("games", "touched"): "FLOAT",
    ("games", "joined"): "INTEGER NOT NULL DEFAULT 0",
    ("games", "expired"): "BOOLEAN NOT NULL DEFAULT FALSE",
    ("seats", "name"): "VARCHAR(40)",
}


def check_and_create(engine: sa.Engine, where: str) -> None:
    """Refuse a database that is not (or no longer) gadshill's, in one line: a damaged
    SQLite file, another program's tables of our names, a core table dropped; give an
    older gadshill database the columns added since; create what is missing."""
    refuse = f"--db {where}"
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            said = [row[0] for row in conn.exec_driver_sql("PRAGMA quick_check").all()]
        if said != ["ok"]:
            raise UsageError(f"{refuse}: the SQLite file is damaged ({said[0]}): refused")
    inspector = sa.inspect(engine)
    present = set(inspector.get_table_names())
    added: dict[str, list[str]] = {}
    for table in META.sorted_tables:
        if table.name not in present:
            continue
        have = {column["name"] for column in inspector.get_columns(table.name)}
        missing = [c.name for c in table.columns if c.name not in have]
        foreign = [name for name in missing if (table.name, name) not in ADDED]
        if foreign:
            raise UsageError(
                f"{refuse}: its table {table.name} is not gadshill's (no column"
                f" {foreign[0]}): refused"
            )
        added[table.name] = missing
    lost = [name for name in CORE if name not in present]
    if present & {table.name for table in META.sorted_tables} and lost:
        raise UsageError(f"{refuse}: damaged: the table {lost[0]} is missing: refused")
    for table_name, missing in added.items():
        with engine.begin() as conn:
            for name in missing:
                kind = ADDED[(table_name, name)]
                conn.exec_driver_sql(f"ALTER TABLE {table_name} ADD COLUMN {name} {kind}")
    META.create_all(engine)
