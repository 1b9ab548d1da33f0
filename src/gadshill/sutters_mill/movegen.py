"""Move generation of Sutter's Mill: a cheap superset of candidates for the rule book,
and the exact legal moves generated directly (bots call it for every position).

The exact generator must equal "candidates the book accepts"; the property tests
compare the two along random games, so a rule changed in one place shows.
"""

from __future__ import annotations

from gadshill.rules.moves import Move
from gadshill.sutters_mill.constants import BONUS, DIG, OVER, START, SUPPLY
from gadshill.sutters_mill.core import SuttersMillCore


def candidate_moves(state: SuttersMillCore) -> list[Move]:
    """Every syntactically possible move of the current step (a cheap superset)."""
    tables = state.tables
    if state.phase == OVER:
        return []
    if state.phase == START:
        return [tables.wind_down, tables.prospect, tables.town]
    if state.phase == DIG:
        return [*tables.dig_moves, tables.end]
    if state.phase == BONUS:
        return [*tables.bonus_moves, tables.end]
    out: list[Move] = [tables.end]
    out += tables.bring_moves + tables.free_bring_moves
    for b in range(tables.building_count):
        out += tables.card_moves[b] + tables.free_card_moves[b]
        for position in range(1, len(state.stacks[b]) + 1):
            out += [tables.shift_move(b, position, "up"), tables.shift_move(b, position, "down")]
    for k in range(tables.prospector_count):
        out += tables.move_moves[k] + tables.free_move_moves[k]
        out += [
            tables.withdraw_moves[k],
            tables.free_withdraw_moves[k],
            tables.remove_moves[k],
            tables.free_remove_moves[k],
        ]
    if state.debt:
        # the legal payments, each with one more chip of every value held (a needless
        # chip), every single chip, and everything: polynomial in the values held
        counts = state.chip_counts(state.player)
        everything = tuple(v for v in sorted(counts, reverse=True) for _ in range(counts[v]))
        pays = {everything, *((v,) for v in counts)}
        for legal in state.payments(state.player, state.debt):
            pays.add(legal)
            pays.update(tuple(sorted((*legal, v), reverse=True)) for v in counts)
        out += [tables.pay_move(p) for p in sorted(pays) if p]
    return out


def legal_moves(state: SuttersMillCore) -> list[Move]:
    """Exactly the moves the rule book allows, generated directly."""
    tables = state.tables
    phase = state.phase
    player = state.player
    if phase == OVER:
        return []
    prospectors = state.prospectors[player]
    if phase == START:
        out: list[Move] = []
        if not state.winding_down[player]:
            out.append(tables.wind_down)
        if state.current_camp() in prospectors:
            out.append(tables.prospect)
        if state.town_possible(player):
            out.append(tables.town)
        return out
    if phase == DIG:
        out = list(tables.dig_moves) if state.current_camp() in prospectors else []
        if state.digs:
            out.append(tables.end)
        return out
    if phase == BONUS:
        out = [tables.bonus_moves[b] for b in state.bonus_options()]
        out.append(tables.end)
        return out
    return legal_town(state, player)


def legal_town(state: SuttersMillCore, player: int) -> list[Move]:
    """The legal moves of Act in Town: paid and free actions, payments, the end."""
    tables = state.tables
    prospectors = state.prospectors[player]
    winding = state.winding_down[player]
    out: list[Move] = []
    if state.paid_actions and not state.debt:
        out.append(tables.end)
    can_pay_action = state.paid_actions < tables.max_paid_actions and (
        state.debt + tables.costs[state.paid_actions] <= state.nuggets(player)
    )
    camp_count = tables.camp_count
    used = state.specials_used
    deeds = state.deeds
    at = [0] * tables.space_count
    for loc in prospectors:
        if loc >= 0:
            at[loc] += 1
    in_play = [k for k, loc in enumerate(prospectors) if loc >= 0]

    def may_use(building: int) -> bool:
        return deeds[building] == player and building not in used

    if not winding:
        oddfellows = may_use(tables.oddfellows)
        eldorado = may_use(tables.eldorado)
        if SUPPLY in prospectors:
            if can_pay_action:
                out += tables.bring_moves
            if oddfellows:
                out += tables.free_bring_moves
        hand = state.hands[player]
        if hand and (can_pay_action or eldorado):
            for b in range(tables.building_count):
                here = at[camp_count + b]
                # SM-D.prospector-count: one more own prospector there than own cards
                if here and here > state.cards_at(player, b):
                    if can_pay_action:
                        row = tables.card_moves[b]
                        out += [row[r] for r in hand]
                    if eldorado:
                        row = tables.free_card_moves[b]
                        out += [row[r] for r in hand]
        free_move = oddfellows
    else:
        free_move = may_use(tables.chalmers)
    for k in in_play:
        here = prospectors[k]
        if can_pay_action:
            out += tables.move_away[k][here]
        if free_move:
            out += tables.free_move_away[k][here]
    if winding:
        chalmers = may_use(tables.chalmers)
        adams = may_use(tables.adams)
        keep_one = state.paid_actions == 0 and len(in_play) == 1  # SM-3.keep-a-paid-action
        for k in in_play:
            if can_pay_action:
                out.append(tables.withdraw_moves[k])
            if chalmers and not keep_one:
                out.append(tables.free_withdraw_moves[k])
            here = prospectors[k]
            building = here - camp_count
            if (
                here >= camp_count
                and state.stacks[building]
                and (k, building) not in state.removals
            ):
                if can_pay_action:
                    out.append(tables.remove_moves[k])
                if adams:
                    out.append(tables.free_remove_moves[k])
    if may_use(tables.stjohns):
        for b in range(tables.building_count):
            stack = state.stacks[b]
            if at[camp_count + b] and len(stack) > 1:
                for i, (owner, _) in enumerate(stack):
                    if owner == player:
                        if i + 1 < len(stack):
                            out.append(tables.shift_move(b, i + 1, "up"))
                        if i > 0:
                            out.append(tables.shift_move(b, i + 1, "down"))
    if state.debt:
        out += [tables.pay_move(v) for v in state.payments(player, state.debt)]
    return out
