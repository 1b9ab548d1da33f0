"""The state of a Sutter's Mill game and the effects of its moves.

Legality lives in the rule book (``rules.py``); this module carries out moves
already known to be legal and generates the legal moves fast. Internally spaces
are numbers: camps ``0..C-1`` in vein order, then buildings ``C..C+7``;
prospector locations are a space number, ``SUPPLY`` or ``BOX``.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import product
from typing import Any, ClassVar

from gadshill.gamedata.sutters_mill import SuttersMillData
from gadshill.rules.moves import Move
from gadshill.rules.rulebook import RuleBook
from gadshill.rules.state import GameState
from gadshill.sutters_mill import moves as mv

SUPPLY = -1
BOX = -2

START, DIG, BONUS, TOWN, OVER = "start", "dig", "bonus", "town", "over"


class Tables:
    """Per-pack lookups and every move object, built once and shared by all states."""

    def __init__(self, data: SuttersMillData):
        self.data = data
        self.camps = [c.id for c in data.camps]
        self.buildings = [b.id for b in data.buildings]
        self.spaces = self.camps + self.buildings
        self.space_index = {s: i for i, s in enumerate(self.spaces)}
        self.nc = len(self.camps)
        self.nb = len(self.buildings)
        self.building_index = {b: i for i, b in enumerate(self.buildings)}
        self.ranks = [c.rank for c in data.cards]
        self.rank_index = {r: i for i, r in enumerate(self.ranks)}
        self.rank_value = [c.value for c in data.cards]
        self.chip_value = [c.value for c in data.chips]
        colour_section = {colour: i for i, colour in enumerate(data.vein_colours)}
        self.chip_section = [colour_section.get(c.colour, -1) for c in data.chips]
        self.vein_chips = [
            [c.id for c in data.chips if c.colour == colour] for colour in data.vein_colours
        ]
        self.start_chips = [c.id for c in data.chips if c.colour == data.starting_colour]
        special = {b.special: i for i, b in enumerate(data.buildings)}
        self.b_oddfellows = special["free-prospector"]
        self.b_eldorado = special["free-card"]
        self.b_stjohns = special["card-shift"]
        self.b_adams = special["free-removal"]
        self.b_chalmers = special["free-move-or-removal"]
        #: building -> the camp whose section its bonus needs
        self.bonus_camp: dict[int, int] = {}
        for i, b in enumerate(data.buildings):
            if b.camp is not None:
                self.bonus_camp[i] = self.camps.index(b.camp)
        self.costs = list(data.marginal_costs)
        self.max_paid = len(self.costs)
        self.minus = [0, *data.prospector_minus]
        k = data.prospectors
        self.k = k
        nb, ns, nr = self.nb, len(self.spaces), len(self.ranks)
        B, S = self.buildings, self.spaces
        self.WINDDOWN, self.PROSPECT, self.TOWN, self.END = (
            mv.WindDown(),
            mv.Prospect(),
            mv.Town(),
            mv.End(),
        )
        self.dig: list[Move] = [mv.Dig(B[b]) for b in range(nb)]
        self.bonus: list[Move] = [mv.Bonus(B[b]) for b in range(nb)]
        self.bring: list[Move] = [mv.Bring(S[s]) for s in range(ns)]
        self.free_bring: list[Move] = [mv.FreeBring(S[s]) for s in range(ns)]
        self.card: list[list[Move]] = [
            [mv.PlaceCard(B[b], self.ranks[r]) for r in range(nr)] for b in range(nb)
        ]
        self.free_card: list[list[Move]] = [
            [mv.FreeCard(B[b], self.ranks[r]) for r in range(nr)] for b in range(nb)
        ]
        self.move: list[list[Move]] = [
            [mv.MoveProspector(p + 1, S[s]) for s in range(ns)] for p in range(k)
        ]
        self.free_move: list[list[Move]] = [
            [mv.FreeMove(p + 1, S[s]) for s in range(ns)] for p in range(k)
        ]
        #: prospector k standing on space h: the moves to every other space
        self.move_away = [
            [[row[x] for x in range(ns) if x != h] for h in range(ns)] for row in self.move
        ]
        self.free_move_away = [
            [[row[x] for x in range(ns) if x != h] for h in range(ns)] for row in self.free_move
        ]
        self.withdraw: list[Move] = [mv.Withdraw(p + 1) for p in range(k)]
        self.free_withdraw: list[Move] = [mv.FreeWithdraw(p + 1) for p in range(k)]
        self.remove: list[Move] = [mv.Remove(p + 1) for p in range(k)]
        self.free_remove: list[Move] = [mv.FreeRemove(p + 1) for p in range(k)]
        self._shift: dict[tuple[int, int, str], mv.Shift] = {}
        self._pay: dict[tuple[int, ...], mv.Pay] = {}

    def shift(self, b: int, pos: int, direction: str) -> mv.Shift:
        key = (b, pos, direction)
        move = self._shift.get(key)
        if move is None:
            move = self._shift[key] = mv.Shift(self.buildings[b], pos, direction)
        return move

    def pay(self, values: tuple[int, ...]) -> mv.Pay:
        move = self._pay.get(values)
        if move is None:
            move = self._pay[values] = mv.Pay(values)
        return move


@lru_cache(maxsize=8)
def tables_for(data: SuttersMillData) -> Tables:
    return Tables(data)


@lru_cache(maxsize=4096)
def _minimal_payments(items: tuple[tuple[int, int], ...], due: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of chip values (descending tuples) of the (value, count) pairs
    ``items`` covering ``due`` with no superfluous chip: dropping any one chip would
    leave less than ``due``."""
    counts = dict(items)
    values = sorted(counts, reverse=True)
    out: list[tuple[int, ...]] = []
    # a minimal payment never holds more chips of value v than ceil(due / v)
    for combo in product(*(range(min(counts[v], -(-due // v)) + 1) for v in values)):
        total = sum(n * v for n, v in zip(combo, values, strict=True))
        if total < due:
            continue
        smallest = min((v for n, v in zip(combo, values, strict=True) if n), default=0)
        if total - smallest >= due:
            continue
        out.append(tuple(v for n, v in zip(combo, values, strict=True) for _ in range(n)))
    return tuple(out)


@lru_cache(maxsize=4096)
def best_change(items: tuple[tuple[int, int], ...], over: int) -> int:
    """The most, up to ``over``, that chips of these (value, count) pairs add up to."""
    reachable = {0}
    for value, count in items:
        reachable = {
            r + k * value for r in reachable for k in range(count + 1) if r + k * value <= over
        }
    return max(reachable)


@lru_cache(maxsize=4096)
def payment_loss(bank: tuple[tuple[int, int], ...], values: tuple[int, ...], due: int) -> int:
    """What paying chips of ``values`` for ``due`` loses when the bank holds chips of the
    (value, count) pairs ``bank``: the overshoot less the change it can then give back."""
    over = sum(values) - due
    if over <= 0:
        return 0
    counts = Counter(dict(bank))
    counts.update(values)
    return over - best_change(tuple(sorted(counts.items())), over)


@lru_cache(maxsize=4096)
def _least_loss_payments(
    items: tuple[tuple[int, int], ...], bank: tuple[tuple[int, int], ...], due: int
) -> tuple[tuple[int, ...], ...]:
    options = _minimal_payments(items, due)
    if not options:
        return ()
    losses = [payment_loss(bank, tuple(sorted(o)), due) for o in options]
    low = min(losses)
    return tuple(o for o, loss in zip(options, losses, strict=True) if loss == low)


def is_minimal_payment(values: tuple[int, ...], due: int) -> bool:
    total = sum(values)
    return total >= due and (not values or total - min(values) < due)


class SMState(GameState[Move]):
    """A Sutter's Mill position: board, hands, chips, and where the turn stands."""

    game_id: ClassVar[str] = "sutters-mill"
    rulebook: ClassVar[RuleBook[Any, Any]]  # set by gadshill.sutters_mill.rules

    def __init__(self, data: SuttersMillData, players: int, seed: int):
        t = tables_for(data)
        self.t = t
        self.data = data
        self.n = players
        self.seed = seed
        self.rng = random.Random(seed)
        # SM-2.vein: each colour shuffled on its own, laid in camp order
        self.vein: list[int] = []
        for chips in t.vein_chips:
            section = list(chips)
            self.rng.shuffle(section)
            self.vein.extend(section)
        self.head = 0
        self.tail = len(self.vein)
        self.section_left = [len(c) for c in t.vein_chips]
        # SM-2.starting-chips: one red chip of each value per player, the rest is the bank
        self.chips: list[list[int]] = [[] for _ in range(players)]
        bank = list(t.start_chips)
        for p in range(players):
            for value in data.starting_values:
                chip = next(c for c in bank if t.chip_value[c] == value)
                bank.remove(chip)
                self.chips[p].append(chip)
        self.bank: list[int] = bank
        self.chip_box: list[int] = []
        nr = len(t.ranks)
        self.hand: list[list[int]] = [list(range(nr)) for _ in range(players)]
        self.card_box: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[list[int]] = [[] for _ in range(players)]
        self.stacks: list[list[tuple[int, int]]] = [[] for _ in range(t.nb)]
        # SM-setup.pieces: one prospector each at the first camp, the rest in the supply
        self.pros: list[list[int]] = [[0] + [SUPPLY] * (t.k - 1) for _ in range(players)]
        self.winding = [False] * players
        self.deed = [-1] * t.nb
        self.retired = [False] * t.nb
        self.adventurer = -1
        self.player = 0
        self.phase = START
        self.turn = 1
        self.over_reason = ""
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.digs = 0
        self.paid = 0
        self.debt = 0
        self.used: set[int] = set()  # buildings whose special was used this turn
        self.removed: set[tuple[int, int]] = set()  # (prospector, building) removals

    # --- the protocol ------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.player

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def clone(self) -> SMState:
        new = object.__new__(SMState)
        d = self.__dict__
        nd = new.__dict__
        nd.update(d)
        nd["vein"] = d["vein"]  # never mutated after setup
        nd["section_left"] = d["section_left"][:]
        for key in ("chips", "hand", "card_box", "pile", "stacks", "pros"):
            nd[key] = [x[:] for x in d[key]]
        for key in ("bank", "chip_box", "winding", "deed", "retired"):
            nd[key] = d[key][:]
        nd["used"] = set(d["used"])
        nd["removed"] = set(d["removed"])
        nd["rng"] = random.Random()
        nd["rng"].setstate(self.rng.getstate())
        return new

    # --- queries used by the rules and the views ----------------------------------
    def current_camp(self) -> int:
        """The camp whose section holds the next chip of the vein (-1 when empty)."""
        if self.head >= self.tail:
            return -1
        return self.t.chip_section[self.vein[self.head]]

    def vein_left(self) -> int:
        return self.tail - self.head

    def nuggets(self, p: int) -> int:
        return sum(map(self.t.chip_value.__getitem__, self.chips[p]))

    def chip_counts(self, p: int) -> dict[int, int]:
        counts: dict[int, int] = {}
        cv = self.t.chip_value
        for c in self.chips[p]:
            v = cv[c]
            counts[v] = counts.get(v, 0) + 1
        return counts

    def count_at(self, p: int, space: int) -> int:
        return self.pros[p].count(space)

    def cards_of_at(self, p: int, b: int) -> int:
        return sum(1 for owner, _ in self.stacks[b] if owner == p)

    def in_play(self, p: int) -> int:
        return sum(1 for loc in self.pros[p] if loc >= 0)

    def has_supply(self, p: int) -> bool:
        return SUPPLY in self.pros[p]

    def special_building(self, move: Move) -> int:
        """The building whose deed grants a free action or bonus move."""
        t = self.t
        if isinstance(move, mv.Bonus):
            return t.building_index.get(move.building, -1)
        if isinstance(move, mv.FreeBring):
            return t.b_oddfellows
        if isinstance(move, mv.FreeMove):
            return t.b_chalmers if self.winding[self.player] else t.b_oddfellows
        if isinstance(move, mv.FreeCard):
            return t.b_eldorado
        if isinstance(move, mv.FreeRemove):
            return t.b_adams
        if isinstance(move, mv.FreeWithdraw):
            return t.b_chalmers
        if isinstance(move, mv.Shift):
            return t.b_stjohns
        return -1

    def bonus_possible(self, b: int) -> bool:
        camp = self.t.bonus_camp.get(b)
        return camp is not None and self.section_left[camp] > 0

    def can_act(self, p: int) -> bool:
        """Whether seat p can prospect or act in town (else SM-3.skip passes it over);
        with the default data only a wound-down player without prospectors on the
        board cannot act any more."""
        return self.current_camp() in self.pros[p] or self._town_possible(p)

    def minus_points(self, p: int) -> int:
        rv = self.t.rank_value
        town = sum(rv[r] for stack in self.stacks for owner, r in stack if owner == p)
        return town + self.t.minus[self.in_play(p)]

    def score(self, p: int) -> int:
        rv = self.t.rank_value
        return self.nuggets(p) + sum(rv[r] for r in self.pile[p]) - self.minus_points(p)

    def scores(self) -> list[float]:
        return [float(self.score(p)) for p in range(self.n)]

    def ranking_key(self, player: int) -> tuple[float, ...]:
        # SM-6.tie: more points first, then fewer minus points; else a shared win
        return (float(self.score(player)), -float(self.minus_points(player)))

    # --- effects -----------------------------------------------------------------
    def _take_chip(self, p: int) -> None:
        """SM-A.one-chip: the next chip of the vein, in order, to player p."""
        if self.head >= self.tail:
            return
        chip = self.vein[self.head]
        self.head += 1
        self.section_left[self.t.chip_section[chip]] -= 1
        self.chips[p].append(chip)
        self._check_vein()

    def _drop_last_chip(self) -> None:
        """SM-6.last-card: the chip at the far end of the vein leaves the game."""
        if self.head >= self.tail:
            return
        self.tail -= 1
        chip = self.vein[self.tail]
        self.section_left[self.t.chip_section[chip]] -= 1
        self.chip_box.append(chip)
        self._check_vein()

    def _check_vein(self) -> None:
        if self.head >= self.tail and self.phase != OVER:
            # SM-end.vein-empty; SM-2.settle-at-end pays what is still owed
            if self.debt:
                self._settle(self.player, self._cheapest_payment(self.player, self.debt))
            self.phase = OVER
            self.over_reason = "the gold vein is empty"

    def _update_deed(self, b: int) -> None:
        """SM-5.deed: highest sum, then highest single card, then earliest card."""
        if self.retired[b]:
            self.deed[b] = -1
        else:
            self.deed[b] = deed_holder(self.stacks[b], self.t.rank_value)
        self._update_adventurer()

    def _update_adventurer(self) -> None:
        """SM-5.adventurer: the single player with fewest deeds, else nobody."""
        counts = [0] * self.n
        for holder in self.deed:
            if holder >= 0:
                counts[holder] += 1
        low = min(counts)
        holders = [p for p, c in enumerate(counts) if c == low]
        self.adventurer = holders[0] if len(holders) == 1 else -1

    def _bank_items(self) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(Counter(self.t.chip_value[c] for c in self.bank).items()))

    def payment_loss(self, values: tuple[int, ...], due: int) -> int:
        """SM-2.least-overpayment: the nuggets a payment loses, its overshoot of ``due``
        less the change the bank (which then holds the paid chips too) can give back."""
        return payment_loss(self._bank_items(), tuple(sorted(values)), due)

    def payments(self, p: int, due: int) -> list[tuple[int, ...]]:
        """The payments player p may make for ``due``: minimal (SM-2.pay-minimal) and
        losing the fewest nuggets after change (SM-2.least-overpayment)."""
        items = tuple(sorted(self.chip_counts(p).items()))
        return list(_least_loss_payments(items, self._bank_items(), due))

    def _cheapest_payment(self, p: int, due: int) -> tuple[int, ...]:
        options = self.payments(p, due)
        if not options:  # cannot happen when SM-1.afford holds; pay everything
            cv = self.t.chip_value
            return tuple(sorted((cv[c] for c in self.chips[p]), reverse=True))
        return min(options, key=lambda o: (sum(o), len(o), [-v for v in o]))

    def _settle(self, p: int, values: tuple[int, ...]) -> None:
        """SM-2.change: the chips go to the bank, the bank gives change back."""
        cv = self.t.chip_value
        hand = sorted(self.chips[p])
        paid = 0
        for value in values:
            chip = next(c for c in hand if cv[c] == value)
            hand.remove(chip)
            self.chips[p].remove(chip)
            self.bank.append(chip)
            paid += value
        over = paid - self.debt
        self.debt = 0
        if over > 0:
            for chip in bank_change(self.bank, cv, over):
                self.bank.remove(chip)
                self.chips[p].append(chip)

    def _end_turn(self) -> None:
        if self.phase == OVER:
            return
        self._reset_turn()
        # SM-3.skip: seats that can no longer do anything are passed over
        for step in range(1, self.n + 1):
            nxt = (self.player + step) % self.n
            if self.can_act(nxt):
                self.player = nxt
                self.phase = START
                self.turn += 1
                return
        self.phase = OVER
        self.over_reason = "no player can act any more"

    def _finish_digging(self) -> None:
        """SM-B.businesses, then the bonus step if a bonus is possible."""
        p = self.player
        for holder in self.deed:
            if holder == p:
                self._take_chip(p)
        if self.adventurer == p:
            self._take_chip(p)
        if self.phase == OVER:
            return
        self.phase = BONUS
        if not self._bonus_options():
            self._end_turn()

    def _bonus_options(self) -> list[int]:
        p = self.player
        return [
            b
            for b in self.t.bonus_camp
            if self.deed[b] == p and b not in self.used and self.bonus_possible(b)
        ]

    def _after_dig(self) -> None:
        if self.phase == OVER:
            return
        camp = self.current_camp()
        if camp < 0 or camp not in self.pros[self.player]:
            self._finish_digging()

    def _remove_top(self, b: int) -> None:
        """SM-G.top-card: the top card to its owner's pile; SM-6.last-card."""
        owner, rank = self.stacks[b].pop()
        self.pile[owner].append(rank)
        if not self.stacks[b]:
            self.retired[b] = True
            self._update_deed(b)
            self._drop_last_chip()
        else:
            self._update_deed(b)

    def _play(self, move: Move) -> None:
        t = self.t
        p = self.player
        if isinstance(move, mv.Dig):
            camp = self.current_camp()
            k = self.pros[p].index(camp)
            self.pros[p][k] = t.space_index[move.building]
            self.digs += 1
            self._take_chip(p)
            self._after_dig()
        elif isinstance(move, mv.End):
            if self.phase == DIG:
                self._finish_digging()
            else:
                self._end_turn()
        elif isinstance(move, mv.Bonus):
            b = t.building_index[move.building]
            self.used.add(b)
            self._take_chip(p)
            if self.phase != OVER and not self._bonus_options():
                self._end_turn()
        elif isinstance(move, mv.WindDown):
            # SM-3.winddown: unplayed cards and unused prospectors to the box
            self.winding[p] = True
            self.card_box[p].extend(self.hand[p])
            self.hand[p] = []
            self.pros[p] = [BOX if loc == SUPPLY else loc for loc in self.pros[p]]
        elif isinstance(move, mv.Prospect):
            self.phase = DIG
        elif isinstance(move, mv.Town):
            self.phase = TOWN
        elif isinstance(move, mv.Pay):
            self._settle(p, move.values)
        else:
            self._town_action(move)

    def _town_action(self, move: Move) -> None:
        t = self.t
        p = self.player
        if isinstance(move, mv.PAID):
            # SM-1.cost: the k-th paid action of the turn adds its marginal cost
            self.debt += t.costs[self.paid]
            self.paid += 1
        else:
            self.used.add(self.special_building(move))  # SM-6.free: not counted
        if isinstance(move, mv.Bring | mv.FreeBring):
            k = self.pros[p].index(SUPPLY)
            self.pros[p][k] = t.space_index[move.space]
        elif isinstance(move, mv.PlaceCard | mv.FreeCard):
            b = t.building_index[move.building]
            r = t.rank_index[move.rank]
            self.hand[p].remove(r)
            self.stacks[b].append((p, r))
            self._update_deed(b)
        elif isinstance(move, mv.MoveProspector | mv.FreeMove):
            self.pros[p][move.prospector - 1] = t.space_index[move.space]
        elif isinstance(move, mv.Withdraw | mv.FreeWithdraw):
            self.pros[p][move.prospector - 1] = BOX
        elif isinstance(move, mv.Remove | mv.FreeRemove):
            b = self.pros[p][move.prospector - 1] - t.nc
            self.removed.add((move.prospector - 1, b))
            self._remove_top(b)
        elif isinstance(move, mv.Shift):
            b = t.building_index[move.building]
            i = move.position - 1
            j = i + 1 if move.direction == "up" else i - 1
            stack = self.stacks[b]
            stack[i], stack[j] = stack[j], stack[i]
            self._update_deed(b)
        else:  # pragma: no cover - the codec only builds known moves
            raise TypeError(f"unknown move {move!r}")

    # --- move generation ---------------------------------------------------------
    def candidate_moves(self) -> list[Move]:
        """Every syntactically possible move of the current step (a cheap superset)."""
        t = self.t
        if self.phase == OVER:
            return []
        if self.phase == START:
            return [t.WINDDOWN, t.PROSPECT, t.TOWN]
        if self.phase == DIG:
            return [*t.dig, t.END]
        if self.phase == BONUS:
            return [*t.bonus, t.END]
        out: list[Move] = [t.END]
        out += t.bring + t.free_bring
        for b in range(t.nb):
            out += t.card[b] + t.free_card[b]
            for pos in range(1, len(self.stacks[b]) + 1):
                out += [t.shift(b, pos, "up"), t.shift(b, pos, "down")]
        for k in range(t.k):
            out += t.move[k] + t.free_move[k]
            out += [t.withdraw[k], t.free_withdraw[k], t.remove[k], t.free_remove[k]]
        if self.debt:
            counts = self.chip_counts(self.player)
            values = sorted(counts, reverse=True)
            bound = self.debt + max(values, default=0)  # no covering payment holds more
            for combo in product(*(range(min(counts[v], bound // v) + 1) for v in values)):
                pay = tuple(v for n, v in zip(combo, values, strict=True) for _ in range(n))
                if pay:
                    out.append(t.pay(pay))
        return out

    def legal_moves(self) -> list[Move]:
        """Exactly the moves the rule book allows, generated directly."""
        t = self.t
        phase = self.phase
        p = self.player
        if phase == OVER:
            return []
        pros = self.pros[p]
        if phase == START:
            out: list[Move] = []
            if not self.winding[p]:
                out.append(t.WINDDOWN)
            camp = self.current_camp()
            if camp in pros:
                out.append(t.PROSPECT)
            if self._town_possible(p):
                out.append(t.TOWN)
            return out
        if phase == DIG:
            out = list(t.dig) if self.current_camp() in pros else []
            if self.digs:
                out.append(t.END)
            return out
        if phase == BONUS:
            out = [t.bonus[b] for b in self._bonus_options()]
            out.append(t.END)
            return out
        return self._legal_town(p)

    def _town_possible(self, p: int) -> bool:
        """Act in Town needs one paid action it can take: C/E in Building Up, E/F after."""
        first = self.t.costs[0]
        if first and first > self.nuggets(p):
            return False
        if self.winding[p]:
            return self.in_play(p) > 0
        return True

    def _legal_town(self, p: int) -> list[Move]:
        t = self.t
        pros = self.pros[p]
        winding = self.winding[p]
        out: list[Move] = []
        if self.paid and not self.debt:
            out.append(t.END)
        can_pay_action = self.paid < t.max_paid and (
            self.debt + t.costs[self.paid] <= self.nuggets(p)
        )
        nc, nb = t.nc, t.nb
        ns = nc + nb
        used = self.used
        deed = self.deed
        at = [0] * ns
        for loc in pros:
            if loc >= 0:
                at[loc] += 1
        in_play = [k for k, loc in enumerate(pros) if loc >= 0]
        if not winding:
            supply = SUPPLY in pros
            odd = deed[t.b_oddfellows] == p and t.b_oddfellows not in used
            eld = deed[t.b_eldorado] == p and t.b_eldorado not in used
            if supply:
                if can_pay_action:
                    out += t.bring
                if odd:
                    out += t.free_bring
            hand = self.hand[p]
            if hand and (can_pay_action or eld):
                stacks = self.stacks
                for b in range(nb):
                    n_here = at[nc + b]
                    if n_here and n_here > sum(1 for owner, _ in stacks[b] if owner == p):
                        if can_pay_action:
                            row = t.card[b]
                            out += [row[r] for r in hand]
                        if eld:
                            row = t.free_card[b]
                            out += [row[r] for r in hand]
            free_move = odd
        else:
            free_move = deed[t.b_chalmers] == p and t.b_chalmers not in used
        for k in in_play:
            here = pros[k]
            if can_pay_action:
                out += t.move_away[k][here]
            if free_move:
                out += t.free_move_away[k][here]
        if winding:
            chal = deed[t.b_chalmers] == p and t.b_chalmers not in used
            adams = deed[t.b_adams] == p and t.b_adams not in used
            keep_one = self.paid == 0 and len(in_play) == 1  # SM-3.keep-a-paid-action
            for k in in_play:
                if can_pay_action:
                    out.append(t.withdraw[k])
                if chal and not keep_one:
                    out.append(t.free_withdraw[k])
                here = pros[k]
                if here >= nc and self.stacks[here - nc] and (k, here - nc) not in self.removed:
                    if can_pay_action:
                        out.append(t.remove[k])
                    if adams:
                        out.append(t.free_remove[k])
        if deed[t.b_stjohns] == p and t.b_stjohns not in used:
            for b in range(nb):
                stack = self.stacks[b]
                if at[nc + b] and len(stack) > 1:
                    for i, (owner, _) in enumerate(stack):
                        if owner == p:
                            if i + 1 < len(stack):
                                out.append(t.shift(b, i + 1, "up"))
                            if i > 0:
                                out.append(t.shift(b, i + 1, "down"))
        if self.debt:
            out += [t.pay(v) for v in self.payments(p, self.debt)]
        return out

    # --- views -------------------------------------------------------------------
    def _common(self) -> dict[str, Any]:
        t = self.t
        return {
            "players": self.n,
            "colours": list(self.data.colours[: self.n]),
            "turn": self.turn,
            "player": self.current_player,
            "phase": self.phase,
            "over_reason": self.over_reason,
            "current_camp": t.camps[c] if (c := self.current_camp()) >= 0 else None,
            "section_left": dict(zip(t.camps, self.section_left, strict=True)),
            "winding_down": list(self.winding),
            "prospectors": [
                [
                    t.spaces[loc] if loc >= 0 else ("supply" if loc == SUPPLY else "box")
                    for loc in ps
                ]
                for ps in self.pros
            ],
            "stacks": {
                t.buildings[b]: [[o, t.ranks[r]] for o, r in self.stacks[b]] for b in range(t.nb)
            },
            "deeds": {t.buildings[b]: (h if h >= 0 else None) for b, h in enumerate(self.deed)},
            "retired": [t.buildings[b] for b in range(t.nb) if self.retired[b]],
            "adventurer": self.adventurer if self.adventurer >= 0 else None,
            "piles": [[t.ranks[r] for r in pile] for pile in self.pile],
            "bank": sorted(self.bank),
            "turn_state": {
                "digs": self.digs,
                "paid_actions": self.paid,
                "debt": self.debt,
                "specials_used": sorted(t.buildings[b] for b in self.used),
                "removals": sorted([k + 1, t.buildings[b]] for k, b in self.removed),
            },
        }

    def observation(self, player: int) -> dict[str, Any]:
        obs = self._common()
        cols = self.data.chips
        obs["viewer"] = player
        obs["vein"] = [cols[c].colour for c in self.vein[self.head : self.tail]]
        # vein chips leave for the box face down (SM-6.last-card): their colours only
        obs["chip_box"] = [cols[c].colour for c in self.chip_box]
        obs["chips"] = [
            sorted(self.chips[p]) if p == player else [cols[c].colour for c in self.chips[p]]
            for p in range(self.n)
        ]
        obs["hand"] = [self.t.ranks[r] for r in self.hand[player]]
        obs["hand_sizes"] = [len(h) for h in self.hand]
        return obs

    def snapshot(self) -> dict[str, Any]:
        snap = self._common()
        snap["seed"] = self.seed
        snap["vein"] = self.vein[self.head : self.tail]
        snap["chip_box"] = sorted(self.chip_box)
        snap["chips"] = [sorted(c) for c in self.chips]
        snap["hands"] = [[self.t.ranks[r] for r in h] for h in self.hand]
        snap["card_box"] = [[self.t.ranks[r] for r in h] for h in self.card_box]
        return snap


def deed_holder(stack: list[tuple[int, int]], rank_value: list[int]) -> int:
    """SM-5.deed over one building's cards (bottom first); -1 when it has none."""
    if not stack:
        return -1
    total: dict[int, int] = {}
    best: dict[int, int] = {}
    first: dict[int, int] = {}
    for pos, (owner, rank) in enumerate(stack):
        v = rank_value[rank]
        total[owner] = total.get(owner, 0) + v
        if v > best.get(owner, 0):
            best[owner] = v
        first.setdefault(owner, pos)
    return max(total, key=lambda o: (total[o], best[o], -first[o]))


def bank_change(bank: list[int], chip_value: list[int], over: int) -> list[int]:
    """SM-2.change: bank chips worth exactly ``over`` if possible, else the most below it;
    fewest chips, then lowest ids."""
    by_value: dict[int, list[int]] = {}
    for chip in sorted(bank):
        by_value.setdefault(chip_value[chip], []).append(chip)
    values = sorted(by_value, reverse=True)
    best: tuple[int, int, list[int]] | None = None
    for combo in product(*(range(min(len(by_value[v]), over // v) + 1) for v in values)):
        total = sum(n * v for n, v in zip(combo, values, strict=True))
        if total > over:
            continue
        chips = [c for n, v in zip(combo, values, strict=True) for c in by_value[v][:n]]
        key = (-total, len(chips))
        if best is None or key < (best[0], best[1]):
            best = (key[0], key[1], chips)
    return best[2] if best else []
