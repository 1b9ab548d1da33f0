"""The greedy bot's evaluation: one-ply lookahead must not peek at face-down chips."""

from __future__ import annotations

from sm_helpers import BLUE, RED, game, give_deed, m, put, work_vein

from gadshill.sutters_mill.heuristic import heuristic
from gadshill.sutters_mill.state import SuttersMillState


def _twins() -> tuple[SuttersMillState, SuttersMillState]:
    """Two positions a player cannot tell apart (SM-2.vein: the vein and other players'
    chips lie face down): red is digging with a prospector still in the river; the
    next vein chips and blue's chip differ in value only."""
    s = game(3, 11)
    give_deed(s, "mill", RED)  # a business chip and a bonus to think about
    work_vein(s, 1, to=BLUE)
    put(s, RED, ["river", "river"])
    s.apply(m("prospect"))
    s.apply(m("dig hook"))
    twin = s.clone()
    cv = s.tables.chip_values
    head = twin.vein_head
    # swap the next chip of the vein with a blue chip of another value further on,
    # and blue's face-down blue chip with one of another value in the vein
    j = next(i for i in range(head + 1, 24) if cv[twin.vein[i]] != cv[twin.vein[head]])
    vein = list(twin.vein)
    vein[head], vein[j] = vein[j], vein[head]
    held = twin.chips[BLUE][-1]
    k = next(i for i in range(head + 2, 24) if cv[vein[i]] != cv[held] and i != j)
    twin.chips[BLUE][-1], vein[k] = vein[k], held
    twin.vein = vein
    assert twin.observation(RED) == s.observation(RED)
    assert twin.snapshot() != s.snapshot()
    return s, twin


def _values(s: SuttersMillState) -> list[tuple[str, float]]:
    out = []
    for move in s.legal_moves():
        after = s.clone()
        after.apply(move)
        out.append((str(move), round(heuristic(after, RED), 9)))
    return out


def test_greedy_heuristic_cannot_see_face_down_chip_values() -> None:
    s, twin = _twins()
    assert {name for name, _ in _values(s)} >= {"dig mill", "end"}
    assert _values(s) == _values(twin)
