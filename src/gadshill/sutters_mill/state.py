"""The state of a Sutter's Mill game: the game protocol on the game's data.

:class:`SuttersMillState` binds the rule book (:mod:`gadshill.sutters_mill.rules`)
and the move codec to the data and derived facts of
:mod:`gadshill.sutters_mill.core`, and delegates: what moves do is in ``effects``,
which moves exist in ``movegen``. It adds what the protocol asks of a whole game:
clones, determinized copies, observations and snapshots.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from gadshill.rules.ids import canonical_move
from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.rng import GameRandom
from gadshill.rules.rulebook import RuleBook
from gadshill.sutters_mill import effects, movegen
from gadshill.sutters_mill.constants import GAME_ID, SUPPLY
from gadshill.sutters_mill.core import SuttersMillCore
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.picture import draw
from gadshill.sutters_mill.rules import BOOK


class SuttersMillState(SuttersMillCore):
    """A Sutter's Mill position: board, hands, chips, and where the turn stands."""

    game_id: ClassVar[str] = GAME_ID
    rulebook: ClassVar[RuleBook[Any, Any]] = BOOK
    codec: ClassVar[MoveCodec] = CODEC

    # --- the protocol ------------------------------------------------------------
    def candidate_moves(self) -> list[Move]:
        return movegen.candidate_moves(self)

    def legal_moves(self) -> list[Move]:
        return movegen.legal_moves(self)

    def _play(self, move: Move) -> None:
        effects.play(self, move)

    def parse_move(self, text: str) -> Move:
        """A move from its notation, its ids matched case-insensitively (``dig MILL``);
        an unknown id is a NotationError that suggests the closest known one."""
        return canonical_move(self.codec.parse(text), self.tables.id_fields)

    def clone(self) -> Self:
        new = object.__new__(type(self))
        own = self.__dict__
        copied = new.__dict__
        copied.update(own)  # the vein list and the frozen public chips are never mutated
        copied["section_left"] = own["section_left"][:]
        for key in ("chips", "hands", "card_box", "piles", "stacks", "prospectors"):
            copied[key] = [x[:] for x in own[key]]
        for key in ("bank", "chip_box", "winding_down", "deeds", "retired"):
            copied[key] = own[key][:]
        copied["specials_used"] = set(own["specials_used"])
        copied["removals"] = set(own["removals"])
        copied["rng"] = self.rng.copy()
        return new

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A state ``player`` cannot tell from this one, its hidden chips redrawn.

        Hidden from ``player`` are the chips lying face down: the order of the vein
        still to dig, the chips boxed from its far end, and the chips other players
        took from the vein. Each of those is swapped with a random hidden chip of the same colour
        (colours are seen), in the vein, the box and the holdings alike, so every
        chip stays once in the game. ``player``'s own chips, the bank and every chip
        that passed through the open bank (``public_chips``: the pay and change moves
        are public) stay. Hands need no redraw: a hand is all cards not yet played
        or removed, which everybody sees. The generator is reseeded from ``rng``.
        """
        new = self.clone()
        hidden = self.hidden_chips(player)
        colours = self.tables.chip_colours
        by_colour: dict[str, list[int]] = {}
        for chip in sorted(hidden):
            by_colour.setdefault(colours[chip], []).append(chip)
        relabel: dict[int, int] = {}
        for chips in by_colour.values():
            drawn = chips[:]
            rng.shuffle(drawn)
            relabel.update(zip(chips, drawn, strict=True))
        new.vein = [relabel.get(c, c) for c in self.vein]
        new.chip_box = [relabel.get(c, c) for c in self.chip_box]
        for other in range(self.player_count):
            if other != player:
                new.chips[other] = [relabel.get(c, c) for c in self.chips[other]]
        new.rng = GameRandom(rng.getrandbits(64))
        return new

    def hidden_chips(self, player: int) -> set[int]:
        """The chips whose identity ``player`` cannot know (only their colour)."""
        hidden = set(self.vein[self.vein_head : self.vein_tail]) | set(self.chip_box)
        for other in range(self.player_count):
            if other != player:
                hidden.update(c for c in self.chips[other] if c not in self.public_chips)
        return hidden

    # --- views ------------------------------------------------------------------------
    def _common(self) -> dict[str, Any]:
        tables = self.tables
        camp = self.current_camp()
        return {
            "players": self.player_count,
            "colours": list(self.data.colours[: self.player_count]),
            "turn": self.turn,
            "player": self.current_player,
            "phase": self.phase,
            "over_reason": self.over_reason,
            "current_camp": tables.camps[camp] if camp >= 0 else None,
            "section_left": dict(zip(tables.camps, self.section_left, strict=True)),
            "winding_down": list(self.winding_down),
            "prospectors": [
                [
                    tables.spaces[loc] if loc >= 0 else ("supply" if loc == SUPPLY else "box")
                    for loc in own
                ]
                for own in self.prospectors
            ],
            "stacks": {
                tables.buildings[b]: [[owner, tables.ranks[r]] for owner, r in stack]
                for b, stack in enumerate(self.stacks)
            },
            "deeds": {
                tables.buildings[b]: (holder if holder >= 0 else None)
                for b, holder in enumerate(self.deeds)
            },
            "retired": [tables.buildings[b] for b, gone in enumerate(self.retired) if gone],
            "adventurer": self.adventurer if self.adventurer >= 0 else None,
            "piles": [[tables.ranks[r] for r in pile] for pile in self.piles],
            "bank": sorted(self.bank),
            "turn_state": {
                "digs": self.digs,
                "paid_actions": self.paid_actions,
                "debt": self.debt,
                "specials_used": sorted(tables.buildings[b] for b in self.specials_used),
                "bonus_sections": dict(zip(tables.camps, self.bonus_sections, strict=True)),
                "removals": sorted([k + 1, tables.buildings[b]] for k, b in self.removals),
            },
        }

    def observation(self, player: int) -> dict[str, Any]:
        obs = self._common()
        colours = self.tables.chip_colours
        obs["viewer"] = player
        obs["vein"] = [colours[c] for c in self.vein[self.vein_head : self.vein_tail]]
        # vein chips leave for the box face down (SM-6.last-card): their colours only
        obs["chip_box"] = [colours[c] for c in self.chip_box]
        obs["chips"] = [
            sorted(chips) if p == player else [colours[c] for c in chips]
            for p, chips in enumerate(self.chips)
        ]
        obs["hand"] = [self.tables.ranks[r] for r in self.hands[player]]
        obs["hand_sizes"] = [len(h) for h in self.hands]
        return obs

    def snapshot(self) -> dict[str, Any]:
        ranks = self.tables.ranks
        snap = self._common()
        snap["seed"] = self.seed
        snap["vein"] = self.vein[self.vein_head : self.vein_tail]
        snap["chip_box"] = sorted(self.chip_box)
        snap["chips"] = [sorted(c) for c in self.chips]
        snap["public_chips"] = sorted(self.public_chips)
        snap["hands"] = [[ranks[r] for r in h] for h in self.hands]
        snap["card_box"] = [[ranks[r] for r in h] for h in self.card_box]
        return snap

    def _repr_svg_(self) -> str:
        """The picture everybody sees (``picture.draw``), so a state shows itself in Jupyter."""
        return draw(self, None)
