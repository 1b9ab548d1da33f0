"""Best-play puzzles: every play of one turn, its points, and the best of them.

A turn's action (GH-4) is one or two cards (one once the locomotive has reached
16, counted after the first card), or two cards discarded to take one marker
(GH-7), or a pass; once per turn a building may be bought for two collected
markers (at most three buys a game), and a building bought first can be the
"my building" of the cards played after it. The points of a play are the
markers its cards and take bring (GH-6), less the price of a buy; STOP claims
that may follow are the subject of the stop puzzles and are not counted.

The engine (``gadshill.gads_hill``) plays the same turns through its rule book;
this module asks the solver directly (:func:`engines.check_card`,
:func:`deduction.take_marker`), so any engine of :mod:`engines` can decide the
points (the solver may not import a game), and a test plays each generated
puzzle's best play through the engine's rule book and finds the same points.

A play is written in the notation of ``gadshill play``, its moves joined by
``"; "``: ``buy HOTEL; play 50 HOTEL``, ``play 18 -; play 27 CASINO``,
``discard 40,48 CHURCH S16``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from gadshill.rules.rulebook import Violation
from gadshill.solver import deduction, engines
from gadshill.solver.binding import bind_card
from gadshill.solver.model import CardReport, Effect, Marker, Position, marker_key
from gadshill.solver.position_file import PlayerInfo
from gadshill.solver.puzzles.ladder import LADDER, Step
from gadshill.solver.town import Town, order_spaces

BUY_PRICE = 2  # GH-4: two collected markers (the engine's constants say the same)
ONE_CARD_LOCOMOTIVE = 16  # GH-4: from here on, one card a turn
START_LOCOMOTIVE = 3  # the three fixed features


@dataclass(frozen=True)
class CardPlay:
    card: int
    my: str | None
    effect: Effect

    def notation(self) -> str:
        return f"play {self.card} {self.my or '-'}"


@dataclass(frozen=True)
class Play:
    """One way to spend the turn, with its points and its level on the ladder."""

    cards: tuple[CardPlay, ...] = ()
    discard: tuple[tuple[int, int], Marker, Effect] | None = None
    buy: str | None = None
    moves: tuple[str, ...] = field(default=())

    @property
    def points(self) -> int:
        gained = sum(c.effect.points for c in self.cards)
        if self.discard is not None:
            gained += self.discard[2].points
        return gained - (BUY_PRICE if self.buy else 0)

    @property
    def notation(self) -> str:
        return "; ".join(self.moves) if self.moves else "pass"

    @property
    def level(self) -> int:
        """The ladder: 1 one card, 2 one card with a cascade, 3 two cards or a take, 4 a buy."""
        if self.buy is not None:
            return 4
        if len(self.cards) == 2 or self.discard is not None:
            return 3
        if self.cards and self.cards[0].effect.buildings_placed:
            return 2
        return 1


def _locomotive(position: Position) -> int:
    return START_LOCOMOTIVE + len(position.placed)


#: (board, card, my building, engine) -> the card's report: a turn meets the same
#: board again and again (two cards, buys), so each is judged once per table
Cache = dict[tuple[str, int, str | None, str], CardReport]


def _card_options(
    town: Town,
    position: Position,
    card: int,
    own: tuple[str, ...],
    engine: str,
    cache: Cache | None = None,
) -> list[CardPlay]:
    tc = town.card(card)
    board = position.summary()
    choices: list[str | None] = [None] if not tc.needs_my_building else list(own)
    out: list[CardPlay] = []
    for my in choices:
        if my is not None and (position.location(my) is not None or my in position.retired):
            continue
        bound = bind_card(tc, position, my, own)
        if isinstance(bound, Violation):
            continue
        key = (board, card, my, engine)
        report = None if cache is None else cache.get(key)
        if report is None:
            report = engines.check_card(position, bound, engine)
            if cache is not None:
                cache[key] = report
        if report.playable and report.effect.after is not None:
            out.append(CardPlay(card, my, report.effect))
    return out


def beside_board(position: Position, owned: set[str], town: Town) -> list[str]:
    """Buildings nobody owns that can still be placed: the ones a player may buy."""
    standing = set(position.placed.values())
    return [
        b for b in sorted(town.buildings) if b not in owned and b not in standing
        and b not in position.retired
    ]  # fmt: skip


def plays(
    town: Town,
    position: Position,
    player: PlayerInfo,
    owned: set[str] | None = None,
    engine: str = "fast",
    buys_left: int = 3,
) -> list[Play]:
    """Every legal play of ``player``'s turn with positive points, and the pass."""
    hand = sorted(set(player.hand))
    cache: Cache = {}
    found: list[Play] = [Play()]
    owned = set(player.buildings) if owned is None else owned
    buy_options: list[str | None] = [None]
    if player.collected >= BUY_PRICE and buys_left > 0:
        buy_options += beside_board(position, owned, town)
    for buy in buy_options:
        own = player.buildings + ((buy,) if buy else ())
        prefix = (f"buy {buy}",) if buy else ()
        for first_card in hand:
            for first in _card_options(town, position, first_card, own, engine, cache):
                if buy and first.my != buy:
                    continue  # a buy pays only when the bought building is "my building"
                found.append(Play((first,), None, buy, (*prefix, first.notation())))
                after = first.effect.after
                assert after is not None
                if _locomotive(after) >= ONE_CARD_LOCOMOTIVE:
                    continue
                for second_card in hand:
                    if second_card == first_card:
                        continue
                    for second in _card_options(town, after, second_card, own, engine, cache):
                        found.append(
                            Play(
                                (first, second),
                                None,
                                buy,
                                (*prefix, first.notation(), second.notation()),
                            )
                        )
        if buy is None and len(hand) >= 2:
            takeable = sorted(
                (
                    (b, s)
                    for b, spaces in position.markers.items()
                    if len(spaces) > 1
                    for s in spaces
                ),
                key=marker_key,
            )
            for b, s in takeable:
                report = deduction.take_marker(position, b, s)
                if not report.legal:
                    continue
                for pair in itertools.combinations(hand, 2):
                    cards = f"{pair[0]},{pair[1]}"
                    found.append(
                        Play((), (pair, (b, s), report.effect), None, (f"discard {cards} {b} {s}",))
                    )
    return found


@dataclass(frozen=True)
class BestPlay:
    points: int
    best: list[Play]
    below: int  # the best points of the plays on lower rungs than the best play's

    @property
    def level(self) -> int:
        return min(p.level for p in self.best)


def best_play(town: Town, position: Position, player: PlayerInfo, engine: str = "fast") -> BestPlay:
    table = plays(town, position, player, engine=engine)
    top = max(p.points for p in table)
    best = sorted((p for p in table if p.points == top), key=lambda p: p.notation)
    level = min(p.level for p in best)
    below = max((p.points for p in table if p.level < level), default=0)
    return BestPlay(top, best, below)


def explain(answer: BestPlay) -> list[Step]:
    """The steps of the (first) best play: each card or take, then why nothing simpler does."""
    play = answer.best[0]
    steps: list[Step] = []
    name = LADDER[play.level].best_play_name
    if play.buy:
        steps.append(
            Step(
                name,
                play.level,
                f"buy the {play.buy} for {BUY_PRICE} collected markers",
                focus=(play.buy,),
            )
        )
    for c in play.cards:
        steps.append(_effect_step(name, play.level, c.notation(), c.effect, (c.card,)))
    if play.discard is not None:
        cards, (b, s), effect = play.discard
        steps.append(
            _effect_step(
                name, play.level, f"discard {cards[0]} and {cards[1]}, take {b}@{s}", effect, cards
            )
        )
    if play.level > 1:
        steps.append(
            Step(
                name,
                play.level,
                f"no play on a lower rung scores more than {answer.below}"
                f" (this one scores {answer.points})",
            )
        )
    return steps


def _effect_step(name: str, level: int, what: str, effect: Effect, cards: tuple[int, ...]) -> Step:
    parts = []
    if effect.markers_placed:
        parts.append("marks " + ", ".join(f"{b}@{s}" for b, s in effect.markers_placed))
    if effect.markers_removed:
        parts.append("removes " + ", ".join(f"{b}@{s}" for b, s in effect.markers_removed))
    if effect.buildings_placed:
        parts.append("places " + ", ".join(f"{b} on {s}" for b, s in effect.buildings_placed))
    if effect.markers_taken:
        parts.append("takes " + ", ".join(f"{b}@{s}" for b, s in effect.markers_taken))
    spare = sum(n for _, n in effect.markers_to_player)
    if spare:
        parts.append(f"keeps {spare} unneeded marker(s)")
    because = f"{what}: {'; '.join(parts) or 'changes nothing'}: {effect.points} point(s)"
    removes = tuple(effect.markers_removed) + tuple(effect.markers_taken)
    touched = [*effect.markers_placed, *removes, *effect.buildings_placed]
    area = tuple(order_spaces({s for _, s in touched}))
    return Step(name, level, because, removes, tuple(effect.buildings_placed), cards=cards,
                area=area)  # fmt: skip


def why_illegal(town: Town, position: Position, player: PlayerInfo, moves: list[str]) -> str | None:
    """The first thing that makes this play illegal this turn (with its rule id), or None.

    ``moves`` are in canonical notation (:func:`answers.play_moves`).
    """
    hand = set(player.hand)
    own = tuple(player.buildings)
    bought = False
    acted: list[str] = []  # "card" or "discard", in order
    for n, move in enumerate(moves, 1):
        where = f"move {n} ({move})"
        kind, *args = move.split()
        if kind == "pass":
            if len(moves) > 1:
                return f"{where}: [GH-4] a pass is the whole turn"
            continue
        if kind == "buy":
            building = args[0]
            if acted:
                return f"{where}: [GH-4] a building is bought before the turn's action"
            if bought:
                return f"{where}: [GH-4] one building a turn may be bought"
            if player.collected < BUY_PRICE:
                return (
                    f"{where}: [GH-4] a building costs {BUY_PRICE} collected markers;"
                    f" you have {player.collected}"
                )
            if building not in beside_board(position, set(own), town):
                return f"{where}: [GH-4] the {building} is not for sale (owned, standing or out)"
            bought, own = True, (*own, building)
            continue
        if kind == "discard":
            cards = [int(c) for c in args[0].split(",")]
            missing = [c for c in cards if c not in hand]
            if len(set(cards)) != 2 or missing:
                return f"{where}: [GH-7] discard two different cards of your hand {sorted(hand)}"
            if acted:
                return f"{where}: [GH-7] a discard and take is the whole action"
            report = deduction.take_marker(position, args[1], args[2])
            if not report.legal:
                return f"{where}: " + "; ".join(str(v) for v in report.violations)
            acted.append("discard")
            position = report.effect.after or position
            hand -= set(cards)
            continue
        card, my = int(args[0]), (None if args[1] == "-" else args[1])
        if card not in hand:
            return f"{where}: card {card} is not in your hand {sorted(hand)}"
        if "discard" in acted or len(acted) >= 2:
            return f"{where}: [GH-4] the action is one or two cards, or a discard and take"
        if acted and _locomotive(position) >= ONE_CARD_LOCOMOTIVE:
            return f"{where}: [GH-4] one card a turn once the locomotive has reached 16"
        bound = bind_card(town.card(card), position, my, own)
        if isinstance(bound, Violation):
            return f"{where}: {bound}"
        checked = engines.check_card(position, bound, "fast")
        if not checked.playable or checked.effect.after is None:
            return f"{where}: " + "; ".join(str(v) for v in checked.violations)
        acted.append("card")
        position = checked.effect.after
        hand.discard(card)
    if bought and not acted:
        return "[GH-4] a turn needs an action after the buy: one or two cards, or a pass"
    return None
