"""Best-play puzzles: every turn the engine allows, its points, and the best of them.

A turn (GH-4, as the engine ``gadshill.gads_hill`` plays it) is one action: one or two
cards (one once the locomotive has reached 16, counted after the first card), or two
cards discarded to take one marker (GH-7), or a pass; and at most one buy, at any
point before the draw (before the action, between two cards, after the action), for
two collected markers the player has at that moment (at most three buys a game). A
bought building can be the "my building" of a card played after the buy. The points
of a turn are the markers its cards and take bring (GH-6), less the price of a buy;
the player's own STOP claims after the action are not counted (the stop puzzles ask
for those), and the question says so.

The solver may not import a game, so :func:`each_play` walks the same turn the engine's
move generator allows, asking the solver directly (:func:`engines.check_card`,
:func:`deduction.take_marker`) so that any engine of :mod:`engines` can decide the
points; ``tests/gads_hill/test_best_play_engine.py`` walks every legal move of the
engine's rule book depth-first to the draw, independently, and must find the same
best points and the same best turns.

A play is written in the notation of ``gadshill play``, its moves joined by
``"; "``: ``buy HOTEL; play 50 HOTEL``, ``play 18 -; play 27 CASINO``,
``play 32 UNDERTAKER; buy CHURCH; play 31 CHURCH``, ``discard 40,48 CHURCH S16``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
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
    def content(self) -> frozenset[str]:
        """The moves whatever their order: turns with the same content are one answer."""
        return frozenset(self.moves)

    @property
    def notation(self) -> str:
        return "; ".join(self.moves) if self.moves else "pass"

    @property
    def shape(self) -> int:
        """The answer's shape (not its level): 1 one card, 2 one card with a cascade,
        3 two cards or a take, 4 a buy."""
        if self.buy is not None:
            return 4
        if len(self.cards) == 2 or self.discard is not None:
            return 3
        if self.cards and self.cards[0].effect.buildings_placed:
            return 2
        return 1


def locomotive(position: Position) -> int:
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
    only: str | None = None,
) -> list[CardPlay]:
    """The ways to play ``card`` on this board (``only``: with that "my building")."""
    tc = town.card(card)
    board = position.summary()
    choices: list[str | None] = [None] if not tc.needs_my_building else list(own)
    if only is not None:
        choices = [my for my in choices if my == only]
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


def each_play(
    town: Town,
    position: Position,
    player: PlayerInfo,
    owned: set[str] | None = None,
    engine: str = "fast",
    buys_left: int = 3,
) -> Iterator[Play]:
    """Every turn of ``player`` the engine allows, in every order, and the pass; a buy
    only where a later card names the bought building as "my building".

    The engine (GH-4) lets the buy come at any point before the draw: before the
    first card, between two cards, after the action. A buy whose building no later
    card uses scores exactly two less than the same turn without it (which is legal
    too: owning a building changes no other card's legality), so such turns cannot be
    best and are left out; :func:`gadshill.solver.puzzles.turns.judge` scores them
    when a player gives one. STOP claims are not part of a turn's points.

    They come in the order most likely to score most first: the pass, each card alone, two
    cards, with a buy, then each discard and take (a walk that looks for a turn beating
    a lone card can stop at the first).
    """
    hand = sorted(set(player.hand))
    cache: Cache = {}
    owned = set(player.buildings) if owned is None else owned
    beside = beside_board(position, owned, town) if buys_left > 0 else []

    def options(
        board: Position, card: int, own: tuple[str, ...], only: str | None
    ) -> list[CardPlay]:
        got = _card_options(town, board, card, own, engine, cache, only)
        return got if only is None else [c for c in got if c.my == only]

    yield Play()
    for card in hand:
        for first in options(position, card, player.buildings, None):
            yield Play((first,), None, None, (first.notation(),))
    first_buys: list[str | None] = [None]
    if player.collected >= BUY_PRICE:
        first_buys += beside
    for buy in first_buys:
        own = player.buildings + ((buy,) if buy else ())
        prefix = (f"buy {buy}",) if buy else ()
        for first_card in hand:
            for first in options(position, first_card, own, None):
                used = buy is None or first.my == buy
                if used and buy is not None:  # a card alone without a buy came first
                    yield Play((first,), None, buy, (*prefix, first.notation()))
                after = first.effect.after
                assert after is not None
                if locomotive(after) >= ONE_CARD_LOCOMOTIVE:
                    continue
                # a second card: with the buy made before, or a buy now (GH-4: at any
                # point of the turn) with what the first card brought
                mids: list[str | None] = [None]
                if buy is None and player.collected + first.effect.points >= BUY_PRICE:
                    mids += beside
                for mid in mids:
                    own2 = own + ((mid,) if mid else ())
                    middle = (f"buy {mid}",) if mid else ()
                    need = mid if mid else (None if used else buy)
                    for second_card in hand:
                        if second_card == first_card:
                            continue
                        for second in options(after, second_card, own2, need):
                            moves = (*prefix, first.notation(), *middle, second.notation())
                            yield Play((first, second), None, buy or mid, moves)
    if len(hand) >= 2:
        takeable = sorted(
            ((b, s) for b, spaces in position.markers.items() if len(spaces) > 1 for s in spaces),
            key=marker_key,
        )
        for b, s in takeable:
            report = deduction.take_marker(position, b, s)
            if not report.legal:
                continue
            for pair in itertools.combinations(hand, 2):
                cards = f"{pair[0]},{pair[1]}"
                yield Play((), (pair, (b, s), report.effect), None, (f"discard {cards} {b} {s}",))


#: a rival: another turn within this many points of the best, one a solver must rule out
NEAR = 2
#: the most rivals the difficulty counts (a hand with dozens is not dozens of times harder)
MOST_RIVALS = 6
#: difficulty -> level: the highest difficulty of levels 1, 2 and 3 (level 4 above);
#: about a quarter of the unsteered candidates fall in each (bench/bench_puzzles.py)
LEVEL_TOP = (4, 7, 9)


@dataclass(frozen=True)
class BestPlay:
    """The best points, every best turn, and what makes the turn hard to find.

    The level is graded by the search a solver needs, not by the answer's shape (as
    Sudoku graders rate by what a solver must do): the moves of the best turn (depth),
    the *rivals* (other turns within :data:`NEAR` points, each a near miss to rule out)
    and the *trap* (the card that scores most alone is not part of the best turn, so
    the greedy first move leads astray).
    """

    points: int
    best: list[Play]
    rivals: int  # other sets of moves within NEAR points of the best
    runner_up: int  # the points of the best other set of moves
    greedy: Play | None  # the card that scores most alone

    @property
    def trap(self) -> bool:
        return self.greedy is not None and self.greedy.moves[0] not in self.best[0].content

    @property
    def depth(self) -> int:
        return len(self.best[0].moves)

    @property
    def difficulty(self) -> int:
        """3 a move past the first, one a rival (at most 6), 3 for a trap."""
        return 3 * (self.depth - 1) + min(self.rivals, MOST_RIVALS) + 3 * self.trap

    @property
    def level(self) -> int:
        return 1 + sum(self.difficulty > top for top in LEVEL_TOP)

    @property
    def one_answer(self) -> bool:
        """Every best turn makes the same moves (in one order or another)."""
        return len({p.content for p in self.best}) == 1


def best_play(town: Town, position: Position, player: PlayerInfo, engine: str = "fast") -> BestPlay:
    table = list(each_play(town, position, player, engine=engine))
    top = max(p.points for p in table)
    best = sorted((p for p in table if p.points == top), key=lambda p: p.notation)
    others: dict[frozenset[str], int] = {}
    for p in table:
        if p.content != best[0].content:
            others[p.content] = max(others.get(p.content, p.points), p.points)
    rivals = sum(1 for points in others.values() if points >= top - NEAR)
    singles = [p for p in table if len(p.moves) == 1 and p.cards]
    greedy = max(singles, key=lambda p: (p.points, [-c.card for c in p.cards]), default=None)
    return BestPlay(top, best, rivals, max(others.values(), default=0), greedy)


def explain(answer: BestPlay, play: Play | None = None) -> list[Step]:
    """The steps of a best play (the first one by default), move by move in its order
    (a buy, each card or the take), then why no other turn does as well."""
    play = answer.best[0] if play is None else play
    steps: list[Step] = []
    level = answer.level
    name = LADDER[level].best_play_name
    cards = {c.notation(): c for c in play.cards}
    for move in play.moves:
        if move.startswith("buy "):
            steps.append(
                Step(
                    name,
                    level,
                    f"buy the {play.buy} for {BUY_PRICE} collected markers",
                    focus=(play.buy,) if play.buy else (),
                )
            )
        elif move in cards:
            c = cards[move]
            steps.append(_effect_step(name, level, c.notation(), c.effect, (c.card,)))
        elif play.discard is not None:
            pair, (b, s), effect = play.discard
            steps.append(
                _effect_step(
                    name, level, f"discard {pair[0]} and {pair[1]}, take {b}@{s}", effect, pair
                )
            )
    rivals = (
        f"{answer.rivals} other turn(s) come within {NEAR} points"
        if answer.rivals
        else f"no other turn comes within {NEAR} points"
    )
    because = f"the turn scores {answer.points}; the next best scores {answer.runner_up}; {rivals}"
    if answer.greedy is not None:
        alone = f"the best card alone ({answer.greedy.notation}) scores {answer.greedy.points}"
        because += f"; {alone}" + (
            ", a trap: it is not part of the best turn" if answer.trap else ""
        )
    steps.append(Step(name, level, because))
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
                area=area, points=effect.points)  # fmt: skip
