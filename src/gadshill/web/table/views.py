"""What a seat is shown of a table, as the API answers it: the view now or at an
earlier version (``GameSpec.view_for``, the same as the terminal seat: never another
seat's hand, a deck's order or, without hints, a solver's answer), the events the page
steps through, the end screen, and a delta from the view the page holds (web/wire.py).
"""

from __future__ import annotations

from typing import Any

from gadshill.rules.records import is_refusal
from gadshill.rules.spec import SPECTATOR, SeatView
from gadshill.rules.state import GameState
from gadshill.web import analysis_answers, prefs, wire
from gadshill.web.table.errors import TooEarly
from gadshill.web.table.seats import HUMAN, is_joined
from gadshill.web.table.state import TableState

#: the kinds of target that name a piece in a hand (GH cards, SM cards, chips and deeds,
#: SG drifters): an event's targets leave them out, for every seat reads the same events
HAND_KINDS = frozenset({"card", "chip", "deed", "drifter"})


class Table(TableState):
    """One game being played, and what each seat (or a spectator) is shown of it."""

    def events(self, after: int, upto: int | None = None) -> list[dict[str, Any]]:
        """The events after version ``after`` (up to ``upto``) as the page steps them:
        version, seat, the log line and the pieces the move named
        (``GameSpec.move_targets``: the move's own ids, nothing the line does not tell)."""
        upto = self.version if upto is None else upto
        after = max(0, min(after, upto))
        out = []
        for n in range(after + 1, upto + 1):
            raw = self.record.moves[n - 1]
            # the move's own ids (a refused one's too: the log line names them), but never
            # a piece of a hand: which drifter was kept, which chips paid, which cards
            # discarded is the mover's secret (every seat reads the same events)
            move = self.spec.codec.from_json(raw["refused"] if is_refusal(raw) else raw)
            named = self.spec.move_targets(move, self.movers[n - 1])
            targets = [t for t in named if t.partition(":")[0] not in HAND_KINDS]
            out.append(
                {
                    "version": n,
                    "seat": self.movers[n - 1],
                    "line": self.log[n - 1],
                    "targets": targets,
                }
            )
        return out

    def view(
        self,
        seat: int,
        hints: bool = False,
        version: int | None = None,
        since: int | None = None,
        reveal: bool = False,
        known: int | None = None,
        layout: str = "wide",
    ) -> dict[str, Any]:
        """What ``seat`` (or SPECTATOR) is shown, as the API answers it: now, or as it
        was at ``version``; ``last`` holds the events after ``since`` (default: the last
        one). ``reveal`` (only once the game is over) shows everything, as no seat.
        ``known``: the version of this seat's view the page holds; the answer is then a
        delta from it when the table remembers it (``wire.delta``), else whole.
        ``layout``: the picture's arrangement (``spec.LAYOUTS``: a phone asks "portrait")."""
        if reveal and not self.state.is_terminal:
            raise TooEarly("everything is shown once the game is over")
        at = self.version if version is None else version
        state = self.state if at == self.version else self.state_at(at)
        if reveal:
            text = self.spec.render(state, None)
            svg = self.spec.draw(state, None, layout=layout) if self.spec.draw is not None else None
            shown = SeatView(text, [])
        else:
            shown = self.spec.view_for(state, seat, hints and self.hints)
            svg = self.spec.draw(state, seat, layout=layout) if self.spec.draw is not None else None
        view: dict[str, Any] = {
            "id": self.id,
            "game": self.spec.id,
            "title": self.spec.title,
            "version": at,
            "latest": self.version,
            "seat": None if seat == SPECTATOR else seat,
            "seats": [
                {
                    "seat": i,
                    "kind": kind,
                    "name": self.seat_name(i),
                    **({"joined": is_joined(h)} if kind == HUMAN else {}),
                }
                for i, (kind, h) in enumerate(zip(self.kinds, self.hashes, strict=True))
            ],
            "joins": self.joined,
            "expired": self.expired,
            "to_move": state.current_player,
            "thinking": self.thinking() if at == self.version else None,
            "terminal": state.is_terminal,
            "legal_moves": [str(move) for move in shown.moves],
            "menu": [entry.to_json() for entry in self.spec.menu_entries(state, shown)],
            "typed": list(shown.typed),
            "text": shown.text,
            "log": list(self.log[:at]),
            "last": self.events(at - 1 if since is None else since, at),
            "svg": svg,
            "hints": self.hints,
            "revealed": reveal,
            "offers": [offer.to_json() for offer in prefs.OFFERS.get(self.spec.id, ())],
            "prefs": self.seat_prefs(seat) if seat != SPECTATOR else None,
            "waiting": self.waiting(state) if at == self.version else None,
            "hand": [card.to_json() for card in shown.hand],
            "prompt": shown.prompt,
            "public": [tally.to_json() for tally in self.spec.public_tallies(state)],
        }
        # "Analyse this position": only what this view shows (every hand: a replay's)
        shown_seat = None if seat == SPECTATOR else seat
        view["analysis"] = analysis_answers.game_code(self.spec.id, state, shown_seat, reveal)
        if state.is_terminal:
            view["scores"] = state.scores()
            view["winners"] = state.winners()
            view.update(self.end(state))
        hinted = hints and self.hints
        # a delta is only good against a base asked the same way, layout included
        base = None if known is None else self.sent.base((seat, hinted, known, reveal, layout))
        self.sent.remember((seat, hinted, at, reveal, layout), view)
        if base is not None and known is not None and known <= at:
            return wire.delta(view, known, base)
        return view

    def end(self, state: GameState[Any]) -> dict[str, Any]:
        """What the end screen shows besides the scores: each seat's score in parts, the
        game's review (Gads Hill: the overlooked markers), where the record is, and the
        rematch once a seat asked for one."""
        spec = self.spec
        return {
            "breakdown": spec.breakdown(state) if spec.breakdown is not None else None,
            "review": spec.review(state) if spec.review is not None else None,
            "record": f"/api/games/{self.id}/record",
            "rematch": self.rematch,
        }
