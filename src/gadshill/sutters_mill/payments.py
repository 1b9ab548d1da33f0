"""Paying for town actions (ruling SM-2): which handfuls of chips a player may hand
over, what each loses after change, and which chips the bank gives back.

Pure functions over chip values and ``(value, count)`` pairs, cached: the legal
move generator asks the same questions of the same chip counts again and again.

Every search here is a small change-making problem, solved over *amounts* (a
subset-sum table bounded by the overshoot), never by walking every sub-multiset of
a holding: a pack may have two dozen distinct chip values.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

#: chip values as (value, count) pairs, sorted: the cacheable form of a holding
Holding = tuple[tuple[int, int], ...]


@lru_cache(maxsize=4096)
def best_change(items: Holding, over: int) -> int:
    """The most, up to ``over``, that chips of these (value, count) pairs add up to."""
    if over <= 0:
        return 0
    reachable = 1  # bit t set: t nuggets can be made
    mask = (1 << (over + 1)) - 1
    for value, count in items:
        for _ in range(count):
            grown = (reachable | (reachable << value)) & mask
            if grown == reachable:
                break
            reachable = grown
    return reachable.bit_length() - 1


@lru_cache(maxsize=4096)
def payment_loss(bank: Holding, values: tuple[int, ...], due: int) -> int:
    """What paying chips of ``values`` for ``due`` loses when the bank holds chips of the
    (value, count) pairs ``bank``: the overshoot less the change it can then give back
    (the paid chips are in the bank by then, so they can come back as change)."""
    over = sum(values) - due
    if over <= 0:
        return 0
    counts = Counter(dict(bank))
    counts.update(values)
    return over - best_change(tuple(sorted(counts.items())), over)


def _without_one(values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The payments one chip smaller, one per distinct value."""
    out = []
    for value in sorted(set(values), reverse=True):
        i = values.index(value)
        out.append(values[:i] + values[i + 1 :])
    return out


def has_needless_chip(bank: Holding, values: tuple[int, ...], due: int) -> bool:
    """SM-2.pay-minimal: some chip could be kept back and the rest would still cover
    ``due`` and lose no more after change (a chip the bank's change needs is not
    needless: 2+2 for 1 with a 3 in the bank loses nothing, a lone 2 loses one)."""
    loss = payment_loss(bank, values, due)
    return any(
        sum(rest) >= due and payment_loss(bank, rest, due) <= loss for rest in _without_one(values)
    )


@lru_cache(maxsize=4096)
def least_loss(items: Holding, bank: Holding, due: int) -> int:
    """The fewest nuggets any payment of ``items`` for ``due`` loses: handing over
    more chips never loses more (the bank can give them back), so paying everything
    loses the least. -1 when the chips do not cover ``due``."""
    everything = tuple(v for v, n in sorted(items, reverse=True) for _ in range(n))
    if sum(everything) < due:
        return -1
    return payment_loss(bank, everything, due)


@lru_cache(maxsize=4096)
def least_loss_payments(items: Holding, bank: Holding, due: int) -> tuple[tuple[int, ...], ...]:
    """The payments a player may make (SM-2.pay-minimal, SM-2.least-overpayment): the
    handfuls of ``items`` (values descending) that cover ``due``, lose the fewest
    nuggets after change, and hold no needless chip.

    Losing the least is kept by adding chips, so the search grows handfuls and stops
    growing one as soon as it loses the least: a larger one would hold a needless
    chip. A handful worth more than ``due`` + the least loss + the whole bank cannot
    get its overshoot back, which bounds the amounts searched.
    """
    low = least_loss(items, bank, due)
    if low < 0:
        return ()
    values = sorted((v for v, n in items if n), reverse=True)
    counts = dict(items)
    bound = due + low + sum(v * n for v, n in bank)
    found: list[tuple[int, ...]] = []

    def grow(start: int, chosen: tuple[int, ...], total: int) -> None:
        if total >= due and payment_loss(bank, chosen, due) == low:
            if not has_needless_chip(bank, chosen, due):
                found.append(chosen)
            return
        for j in range(start, len(values)):
            value = values[j]
            extended, worth = chosen, total
            for _ in range(counts[value]):
                extended, worth = (*extended, value), worth + value
                if worth > bound:
                    break
                grow(j + 1, extended, worth)

    grow(0, (), 0)
    return tuple(sorted(found, key=lambda o: (sum(o), len(o), [-v for v in o])))


def bank_change(bank: list[int], chip_values: list[int], over: int) -> list[int]:
    """SM-2.change: bank chips worth exactly ``over`` if possible, else the most below it;
    fewest chips, then fewest of the larger values, then lowest ids."""
    by_value: dict[int, list[int]] = {}
    for chip in sorted(bank):
        by_value.setdefault(chip_values[chip], []).append(chip)
    values = sorted(by_value, reverse=True)
    if over <= 0 or not values:
        return []
    # fewest[i][t]: the fewest chips of values[i:] making exactly t (absent: impossible)
    fewest: list[dict[int, int]] = [{} for _ in range(len(values) + 1)]
    fewest[len(values)] = {0: 0}
    for i in range(len(values) - 1, -1, -1):
        value, later = values[i], fewest[i + 1]
        here: dict[int, int] = {}
        for amount, chips in later.items():
            for n in range(len(by_value[value]) + 1):
                t = amount + n * value
                if t > over:
                    break
                if chips + n < here.get(t, 1 << 30):
                    here[t] = chips + n
        fewest[i] = here
    total = max(fewest[0])
    left, chips_left = total, fewest[0][total]
    out: list[int] = []
    for i, value in enumerate(values):
        for n in range(len(by_value[value]) + 1):
            rest = left - n * value
            if rest < 0:
                break
            if fewest[i + 1].get(rest, -1) == chips_left - n:
                out += by_value[value][:n]
                left, chips_left = rest, chips_left - n
                break
    return out
