"""The state of a Sticky Gulch game: the game protocol on the game's data, and what
each seat may see of it.

:class:`StickyGulchState` binds the rule book (:mod:`gadshill.sticky_gulch.rules`)
and the move codec to the data and derived facts of
:mod:`gadshill.sticky_gulch.core`, and delegates: what a move does is in
``effects``, which moves are legal in ``movegen``, the deal in ``setup``. It adds
what the protocol asks of a whole game: clones, determinized copies, observations
and snapshots.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, cast

from gadshill.rules.ids import Ids, canonical_move
from gadshill.rules.moves import MoveCodec
from gadshill.rules.rng import GameRandom
from gadshill.rules.rulebook import RuleBook
from gadshill.sticky_gulch import effects, movegen
from gadshill.sticky_gulch.constants import GAME_ID, OVER
from gadshill.sticky_gulch.core import StickyGulchCore
from gadshill.sticky_gulch.moves import CODEC, Roll, StickyGulchMove
from gadshill.sticky_gulch.picture import draw
from gadshill.sticky_gulch.rules import BOOK


class StickyGulchState(StickyGulchCore):
    """A whole Sticky Gulch game: its data (``core``) with the rule book bound."""

    game_id: ClassVar[str] = GAME_ID
    rulebook: ClassVar[RuleBook[Any, Any]] = BOOK
    codec: ClassVar[MoveCodec] = CODEC

    # --- protocol --------------------------------------------------------------------
    def draws_first(self, move: StickyGulchMove) -> bool:
        # SG-R.dice: a roll's throw is the first thing it does (prospecting.roll); a roll
        # after a declared re-roll changes the die before it throws again
        return type(move) is Roll and not self.die

    def candidate_moves(self) -> list[StickyGulchMove]:
        return list(movegen.universe(self.data))

    def legal_moves(self) -> list[StickyGulchMove]:
        if self.phase == OVER:
            return []
        return movegen.legal_moves(self)

    def _play(self, move: StickyGulchMove) -> None:
        effects.play(self, move)

    def parse_move(self, text: str) -> StickyGulchMove:
        """A move from its notation; drifter ids are matched case-insensitively.

        An unknown drifter id is a ``NotationError`` naming the closest known ids.
        """
        move = cast(StickyGulchMove, self.codec.parse(text))
        return canonical_move(move, {"drifter": Ids("drifter", self.data.drifter_by_id)})

    def clone(self) -> StickyGulchState:
        other = StickyGulchState.__new__(StickyGulchState)
        mine = self.__dict__
        theirs = other.__dict__
        theirs.update(mine)
        other.rng = self.rng.copy()
        for name in (
            "money",
            "stock",
            "drifter_deck",
            "drifter_discard",
            "location_deck",
            "in_play",
            "retired",
            "claimed",
            "claims",
            "draft_queue",
            "setup_queue",
            "setup_used",
            "new_locations",
            "hire_offer",
            "queue",
            "effect_drawn",
            "window",
            "declared",
            "log",
        ):
            theirs[name] = mine[name][:]
        other.hands = [hand[:] for hand in self.hands]
        other.draft_offers = [offer[:] for offer in self.draft_offers]
        other.sites = [row[:] for row in self.sites]
        other.camps_on = dict(self.camps_on)
        return other

    def determinize(self, player: int, rng: random.Random) -> StickyGulchState:
        """A state ``player`` cannot tell from this one, with everything hidden redrawn.

        Redrawn from the drifters ``player`` has not seen: the other players' hands and
        draft offers, the hire offer when it is not ``player``'s, and the drifter deck
        (except the ones ``player`` put back on its top). The location deck is reshuffled
        (its cards are known, its order is not) and the generator reseeded from ``rng``.
        Sizes stay, so every component is conserved. The die-drifter window asks every
        player (SG-R.reaction-window), so it tells nothing about a hand and constrains
        no redraw.
        """
        # SG-R.private-drifters: what is hidden here is what observation() leaves out
        twin = self.clone()
        twin.rng = GameRandom(rng.getrandbits(64))
        rng.shuffle(twin.location_deck)
        self._redraw_drifters(twin, player, rng)
        return twin

    def _redraw_drifters(self, twin: StickyGulchState, player: int, rng: random.Random) -> None:
        """Deal the drifters ``player`` has not seen into ``twin``'s hidden piles.

        Every pile keeps its size.
        """
        hidden_deck = len(self.drifter_deck) - len(self.deck_top_known_to(player))
        others = [other for other in range(self.players) if other != player]
        piles = [(twin.hands[other], self.hands[other]) for other in others]
        piles += [(twin.draft_offers[other], self.draft_offers[other]) for other in others]
        if self.player != player:
            piles.append((twin.hire_offer, self.hire_offer))
        pool = self.drifter_deck[:hidden_deck] + [ident for _pile, real in piles for ident in real]
        rng.shuffle(pool)
        start = 0
        for pile, real in piles:
            pile[:] = pool[start : start + len(real)]
            start += len(real)
        twin.drifter_deck[:] = pool[start:] + self.drifter_deck[hidden_deck:]

    # --- views -----------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "turn": self.turn,
            "player": self.player,
            "actor": self.actor,
            "starting_player": self.starting_player,
            "length": self.length,
            "target": self.target,
            "money": list(self.money),
            "stock": list(self.stock),
            "hand_sizes": [len(hand) for hand in self.hands],
            "drifter_deck": len(self.drifter_deck),
            "drifter_discard": list(self.drifter_discard),
            "location_deck": len(self.location_deck),
            "in_play": [
                {
                    "location": number,
                    "sites": list(self.sites[number]),
                    "claimed": self.claimed[number],
                }
                for number in self.in_play
            ],
            "retired": list(self.retired),
            "claims": [list(claim) for claim in self.claims],
            "action_points": self.action_points,
            "used": {"draws": self.draws, "hires": self.hires, "rolls": self.rolls},
            "camps_on": {str(number): done for number, done in sorted(self.camps_on.items())},
            "new_locations": list(self.new_locations),
            "queue": [
                {
                    "verb": step.verb,
                    "by": step.by,
                    "any": step.any,
                    "whose": step.whose,
                    "points": step.points,
                }
                for step in self.queue
            ],
            "picked": list(self.picked) if self.picked else None,
            "effect_drawn": list(self.effect_drawn),
            "roll": {
                "location": self.roll_location,
                "final": self.roll_final,
                "die": self.die,
                "window": list(self.window),
                "declared": [list(declared) for declared in self.declared],
            },
            "setup_queue": list(self.setup_queue),
            "setup_used": list(self.setup_used),
        }

    def observation(self, player: int) -> dict[str, Any]:
        # SG-R.private-drifters: a seat sees its own drifters, and of the others only counts
        out = self._public()
        out["viewer"] = player
        out["hand"] = list(self.hands[player])
        out["draft_offer"] = list(self.draft_offers[player])
        out["hire_offer"] = list(self.hire_offer) if player == self.player else []
        out["deck_top"] = self.deck_top_known_to(player)
        return out

    def snapshot(self) -> dict[str, Any]:
        out = self._public()
        out["hands"] = [list(hand) for hand in self.hands]
        out["draft_offers"] = [list(offer) for offer in self.draft_offers]
        out["hire_offer"] = list(self.hire_offer)
        out["drifter_deck"] = list(self.drifter_deck)
        out["location_deck"] = list(self.location_deck)
        out["draft_queue"] = list(self.draft_queue)
        out["deck_top_seen"] = list(self.deck_top_seen) if self.deck_top_seen else None
        out["rng"] = self.rng.getstate()
        return out

    def _repr_svg_(self) -> str:
        """The picture everybody sees (``picture.draw``), so a state shows itself in Jupyter."""
        return draw(self, None)
