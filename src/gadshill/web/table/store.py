"""The store of one server's games, its jobs together: reading and catching up tables
(:mod:`.tables`), new games, joins and the lobby (:mod:`.seating`), a seat's moves and
preferences (:mod:`.moves`), the server's own moves for bots and preferences
(:mod:`.server_moves`), the rematch (:mod:`.rematch`) and replays uploaded as records
(:mod:`.record_import`).
"""

from __future__ import annotations

from gadshill.web.table.moves import Moves
from gadshill.web.table.record_import import RecordImports
from gadshill.web.table.rematch import Rematches
from gadshill.web.table.server_moves import ServerMoves


class Store(Rematches, Moves, ServerMoves, RecordImports):
    """The games of one server, kept in a :class:`~gadshill.web.db.Database` and cached
    in memory.

    ``kick(game_id)`` is called whenever a bot is to move (the app's worker takes it
    from there); ``changed(game_id, version)`` after every event this process stores.
    """
