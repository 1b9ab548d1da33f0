"""The state of a Gads Hill game: the game protocol on the game's data.

:class:`GadsHillState` binds the rule book (:mod:`gadshill.gads_hill.rules`) and
the move codec to the data and derived facts of :mod:`gadshill.gads_hill.core`,
and delegates: :mod:`gadshill.gads_hill.effects` carries out a move and
:mod:`gadshill.gads_hill.movegen` lists the moves. It adds what the protocol asks
of a whole game: clones, determinized copies, observations and snapshots.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from gadshill.gads_hill import effects, movegen
from gadshill.gads_hill.constants import DRAFT, GAME_ID, OVER, PILES, STOP
from gadshill.gads_hill.core import GadsHillCore, TurnLog
from gadshill.gads_hill.moves import CODEC, Claim, Play
from gadshill.gads_hill.picture import draw
from gadshill.gads_hill.rules import BOOK, SOLVER_REFUSALS
from gadshill.rules.ids import canonical_move
from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.rng import GameRandom
from gadshill.rules.rulebook import RuleBook, Violation


class GadsHillState(GadsHillCore):
    """A whole game: board, piles, hands, buildings, markers and the turn's progress.

    A state comes empty from the constructor; :func:`gadshill.gads_hill.setup.new_game`
    deals it (fields, piles, hands) from the state's own seeded generator.
    """

    game_id: ClassVar[str] = GAME_ID
    rulebook: ClassVar[RuleBook[Any, Any]] = BOOK
    codec: ClassVar[MoveCodec] = CODEC

    # --- the protocol ------------------------------------------------------------------
    def candidate_moves(self) -> list[Move]:
        """Every move worth checking (a superset of the legal ones)."""
        return movegen.candidate_moves(self)

    def legal_moves(self) -> list[Move]:
        """The legal moves, generated directly (equal to the checked candidates; tested)."""
        return movegen.legal_moves(self)

    def _play(self, move: Move) -> None:
        effects.apply(self, move)

    def public_refusal(self, move: Move, violations: list[Violation]) -> tuple[str, ...]:
        """GH-8 (amended): a STOP claim or a card the solver refutes was tried openly, so
        every seat is told (the rule ids, never the solver's layout)."""
        rules = tuple(dict.fromkeys(v.rule for v in violations))
        if isinstance(move, Claim | Play) and rules and set(rules) <= SOLVER_REFUSALS:
            return rules
        return ()

    def refuse(self, move: Move) -> None:
        effects.refuse(self, move)

    def parse_move(self, text: str) -> Move:
        """A move from its notation, its ids matched case-insensitively (``claim bank s7``
        is ``claim BANK S7``); an unknown id is a NotationError naming the closest ones."""
        return canonical_move(self.codec.parse(text), self.world.id_fields)

    def clone(self) -> Self:
        """A copy sharing the immutable world and solver answers, not the mutable parts."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)  # what copy.copy does, without its detours
        new.rng = self.rng.copy()
        new.fields = dict(self.fields)
        new.markers = dict(self.markers)
        new.placed = dict(self.placed)
        new.piles = {k: list(v) for k, v in self.piles.items()}
        new.discards = list(self.discards)
        new.reshuffled = [list(r) for r in self.reshuffled]
        new.hands = [list(h) for h in self.hands]
        new.owner = dict(self.owner)
        new.owned = [list(o) for o in self.owned]
        new.buys = list(self.buys)
        new.collected = list(self.collected)
        new.history = list(self.history)
        log = self.current_log  # its events are never changed once logged (core.TurnLog)
        new.current_log = TurnLog(
            log.turn, log.player, list(log.events), list(log.overlooked), log.locomotive, log.board
        )
        new._cache = self._cache  # keyed by the board: an answer holds for every equal board
        return new

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A full game consistent with what ``player`` has seen, hidden cards redrawn.

        Hidden from ``player`` are the other hands, the order of the three piles and the
        generator's future; the board, the buildings, the discards and every pile's size
        are public (the fixed features are dealt face up). Each card's back shows its
        kind, and ``player`` saw every draw, so a hidden card may only trade places with
        a card of the same kind that came out of the same pile: the same kind, and the
        same reshuffle of the discards (GH-F4) when district cards were reshuffled.
        """
        new = self.clone()
        slots: dict[tuple[str, int], list[tuple[list[int], int]]] = {}
        hidden = [new.hands[seat] for seat in range(new.players) if seat != player]
        for cards in [*hidden, *(new.piles[pile] for pile in PILES)]:
            for index, card in enumerate(cards):
                slots.setdefault(self._origin(card), []).append((cards, index))
        for places in slots.values():
            cards = [where[index] for where, index in places]
            rng.shuffle(cards)
            for (where, index), card in zip(places, cards, strict=True):
                where[index] = card
        new.rng = GameRandom(rng.getrandbits(64))
        return new

    def _origin(self, card: int) -> tuple[str, int]:
        """The pile a hidden card came from: its kind, and for a district card the last
        reshuffle it was part of (0: the district pile of the setup)."""
        kind = self.world.card_kind(card)
        generation = max(
            (n for n, cards in enumerate(self.reshuffled, 1) if card in cards), default=0
        )
        return kind, generation

    # --- views ---------------------------------------------------------------------------
    def board_json(self) -> dict[str, Any]:
        return {
            "fields": dict(sorted(self.fields.items())),
            "placed": dict(sorted(self.placed.items())),
            "markers": {b: sorted(s) for b, s in sorted(self.markers.items())},
            "out of the game": sorted(self.retired),
            "locomotive": self.locomotive,
        }

    def _public(self) -> dict[str, Any]:
        """What every seat sees: the common part of an observation and a snapshot."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "board": self.board_json(),
            "buildings": [list(o) for o in self.owned],
            "discards": list(self.discards),
            "reshuffled": [list(r) for r in self.reshuffled],
            "collected": list(self.collected),
            "buys": list(self.buys),
            "paid": self.paid,
            "turn state": {
                "action": self.action,
                "cards played": self.cards_played,
                "bought": self.bought,
                "claimed": self.claimed,
                "claim refused": self.claim_refused,
                "play refused": self.play_refused,
                "changed": self.changed,
                "stop seat": self.stop_seat,
                "quiet turns": self.quiet_turns,
                "drafted": self.drafted,
            },
            "history": [t.to_json() for t in self.history],
        }

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: their hand, the board, every owned building, pile sizes."""
        return {
            "game": GAME_ID,
            "player": player,
            "to move": self.current_player,
            **self._public(),
            "hand": sorted(self.hands[player]),
            "hand sizes": [len(h) for h in self.hands],
            "beside the board": self.beside_board(),
            "piles": {p: len(self.piles[p]) for p in PILES},
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "players": self.players,
            **self._public(),
            "piles": {p: list(self.piles[p]) for p in PILES},
            "hands": [list(h) for h in self.hands],
            "log": self.current_log.to_json(),
            "rng": self.rng.getstate(),
        }

    def __repr__(self) -> str:
        if self.phase == OVER:
            step = "over"
        elif self.phase == DRAFT:
            step = f"draft, seat {self.current_player} to pick"
        elif self.phase == STOP:
            step = f"turn {self.turn}, seat {self.stop_seat}'s STOP window"
        else:
            step = f"turn {self.turn}, seat {self.active} to move"
        collected = " ".join(str(c) for c in self.collected)
        return (
            f"<{type(self).__name__} {self.players} players: {step};"
            f" locomotive {self.locomotive}; collected {collected}>"
        )

    def _repr_svg_(self) -> str:
        """The picture everybody sees (``picture.draw``), so a state shows itself in Jupyter."""
        return draw(self, None)
