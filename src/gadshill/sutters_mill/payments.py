"""Paying for town actions (ruling SM-2): which handfuls of chips a player may hand
over, what each loses after change, and which chips the bank gives back.

Pure functions over chip values and ``(value, count)`` pairs, cached: the legal
move generator asks the same questions of the same chip counts again and again.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

#: chip values as (value, count) pairs, sorted: the cacheable form of a holding
Holding = tuple[tuple[int, int], ...]


def is_minimal_payment(values: tuple[int, ...], due: int) -> bool:
    """SM-2.pay-minimal: the chips cover ``due`` and none of them could be kept back."""
    total = sum(values)
    return total >= due and (not values or total - min(values) < due)


@lru_cache(maxsize=4096)
def minimal_payments(items: Holding, due: int) -> tuple[tuple[int, ...], ...]:
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
def best_change(items: Holding, over: int) -> int:
    """The most, up to ``over``, that chips of these (value, count) pairs add up to."""
    reachable = {0}
    for value, count in items:
        reachable = {
            r + k * value for r in reachable for k in range(count + 1) if r + k * value <= over
        }
    return max(reachable)


@lru_cache(maxsize=4096)
def payment_loss(bank: Holding, values: tuple[int, ...], due: int) -> int:
    """What paying chips of ``values`` for ``due`` loses when the bank holds chips of the
    (value, count) pairs ``bank``: the overshoot less the change it can then give back."""
    over = sum(values) - due
    if over <= 0:
        return 0
    counts = Counter(dict(bank))
    counts.update(values)
    return over - best_change(tuple(sorted(counts.items())), over)


@lru_cache(maxsize=4096)
def least_loss_payments(items: Holding, bank: Holding, due: int) -> tuple[tuple[int, ...], ...]:
    """The minimal payments of ``items`` for ``due`` that lose the fewest nuggets after
    change (SM-2.least-overpayment): the payments a player may make."""
    options = minimal_payments(items, due)
    if not options:
        return ()
    losses = [payment_loss(bank, tuple(sorted(o)), due) for o in options]
    low = min(losses)
    return tuple(o for o, loss in zip(options, losses, strict=True) if loss == low)


def bank_change(bank: list[int], chip_values: list[int], over: int) -> list[int]:
    """SM-2.change: bank chips worth exactly ``over`` if possible, else the most below it;
    fewest chips, then lowest ids."""
    by_value: dict[int, list[int]] = {}
    for chip in sorted(bank):
        by_value.setdefault(chip_values[chip], []).append(chip)
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
