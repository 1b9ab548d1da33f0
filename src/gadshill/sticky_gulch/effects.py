"""What moves do: the turn machine and the interpreter of the drifter vocabulary.

``play(state, move)`` carries out a move the rule book has already accepted.
Drifter effects are queues of :class:`Step` (see ``gadshill.gamedata.sticky_gulch``):
steps without a choice run at once; a step with a choice puts the game in the
``effect`` phase until the player's ``place`` / ``pick`` / ``target`` / ``skip``.
"""

from __future__ import annotations

from gadshill.sticky_gulch import movegen
from gadshill.sticky_gulch.moves import (
    Camp,
    Draw,
    End,
    Hire,
    Keep,
    Pass,
    Pick,
    Place,
    Prospect,
    Roll,
    SGMove,
    Skip,
    Target,
    Use,
)
from gadshill.sticky_gulch.state import FREE, StickyGulchState

#: steps that need a choice from the player
CHOICE_VERBS = ("camp", "roll", "move-camp", "evict")


def play(s: StickyGulchState, move: SGMove) -> None:
    phase = s.phase
    if isinstance(move, Keep):
        if phase == "draft":
            _draft_keep(s, move.drifter)
        else:
            _hire_keep(s, move.drifter)
    elif isinstance(move, Camp):
        if phase == "start-camps":
            _starting_camp(s, move.location, move.site)
        else:
            s.ap -= s.camp_cost(move.location)
            s.camps_on[move.location] = s.camps_on.get(move.location, 0) + 1
            _set_camp(s, s.player, move.location, move.site)
    elif isinstance(move, Draw):
        s.ap -= s.data.table.costs.draw_location[s.draws]
        s.draws += 1
        _draw_location(s)
    elif isinstance(move, Hire):
        s.ap -= s.data.table.costs.hire[s.hires]
        s.hires += 1
        _offer(s)
    elif isinstance(move, Prospect):
        s.ap -= s.data.table.costs.extra_roll[s.rolls]
        s.rolls += 1
        _announce_roll(s, move.location, final=False)
    elif isinstance(move, End):
        if move.location is None:
            _next_turn(s)
        else:
            _announce_roll(s, move.location, final=True)
    elif isinstance(move, Use):
        _use(s, move.drifter, move.value)
    elif isinstance(move, Roll):
        _roll(s)
    elif isinstance(move, Pass):
        s.window.pop(0)
        _next_in_window(s)
    elif isinstance(move, Target):
        s.queue.pop(0)
        _announce_roll(s, move.location, final=False)
    elif isinstance(move, Place):
        _place(s, move.location, move.site)
    elif isinstance(move, Pick):
        _pick(s, move.location, move.site)
    elif isinstance(move, Skip):
        s.queue.pop(0)
        s.picked = None
        advance(s)
    else:  # pragma: no cover - the codec only builds the classes above
        raise TypeError(f"not a Sticky Gulch move: {move!r}")


# --- setup ----------------------------------------------------------------------------
def _draft_keep(s: StickyGulchState, ident: str) -> None:
    p = s.draft_queue.pop(0)
    s.offers[p].remove(ident)
    s.hands[p].append(ident)
    if s.draft_queue:
        s.actor = s.draft_queue[0]
    else:
        s._after_draft()


def _starting_camp(s: StickyGulchState, number: int, site: int) -> None:
    p = s.setup_queue.pop(0)
    _set_camp(s, p, number, site)
    s.setup_used.append(number)
    s.next_setup_camp(p)


# --- board -----------------------------------------------------------------------------
def _set_camp(s: StickyGulchState, player: int, number: int, site: int) -> None:
    s.sites[number][site - 1] = player
    s.stock[player] -= 1


def _draw_location(s: StickyGulchState) -> None:
    if not s.location_deck:
        return
    number = s.location_deck.pop()
    s._put_in_play(number)
    s.new_locations.append(number)
    s.log.append(f"{s.data.location(number).name} (#{number}) comes into play")


def _retire(s: StickyGulchState, number: int) -> None:
    row = s.sites[number]
    for owner in row:
        if owner >= 0:
            s.stock[owner] += 1
    s.sites[number] = []
    s.in_play.remove(number)
    s.retired.append(number)
    s.log.append(f"{s.data.location(number).name} retires ({len(s.retired)}/{s.target})")
    if len(s.retired) >= s.target:
        best = max(s.money)
        if s.money.count(best) == 1:
            _game_over(s)
        else:
            s.target += 1  # SG-5: a tie plays on until one more location retires
            s.log.append(f"tie at ${best}: play on until {s.target} locations have retired")
    if s.phase != "over" and not s.in_play and not s.location_deck:
        _game_over(s)  # every location is retired: the tie stands


def _game_over(s: StickyGulchState) -> None:
    s.phase = "over"
    s.queue = []
    s.offer = []
    s._clear_roll()


# --- turn flow -------------------------------------------------------------------------
def _next_turn(s: StickyGulchState) -> None:
    s.player = (s.player + 1) % s.n
    s.actor = s.player
    s.turn += 1
    s._reset_turn()
    s.queue = []
    s.picked = None
    s.phase = "act"
    if not s.in_play and not s.location_deck:
        _game_over(s)


def advance(s: StickyGulchState) -> None:
    """Run automatic effect steps; stop at a step needing a choice, else back to acting."""
    if s.phase == "over":
        return
    while s.queue:
        step = s.queue[0]
        verb = step.verb
        if verb == "draw-location":
            s.queue.pop(0)
            _draw_location(s)
        elif verb == "actions":
            s.queue.pop(0)
            s.ap += step.points
        elif verb == "hire":
            s.queue.pop(0)
            if _offer(s):
                return
        elif has_choice(s):
            s.phase = "effect"
            s.actor = s.player
            return
        else:
            s.queue.pop(0)  # nothing to choose from: the step does nothing
            s.picked = None
    s.phase = "act"
    s.actor = s.player


def has_choice(s: StickyGulchState) -> bool:
    """Whether the effect step at the head of the queue has at least one option."""
    return bool(movegen.effect_moves(s, with_skip=False))


# --- hiring ------------------------------------------------------------------------------
def _offer(s: StickyGulchState) -> bool:
    """Draw drifters for a hire; False when there are none left anywhere."""
    s.offer = []
    for _ in range(s.data.table.hire_draw):
        if not s.drifter_deck and s.drifter_discard:
            s.drifter_deck = s.drifter_discard
            s.drifter_discard = []
            s.rng.shuffle(s.drifter_deck)
        if s.drifter_deck:
            s.offer.append(s.drifter_deck.pop())
    if not s.offer:
        return False
    s.phase = "hire"
    s.actor = s.player
    return True


def _hire_keep(s: StickyGulchState, ident: str) -> None:
    s.offer.remove(ident)
    s.hands[s.player].append(ident)
    s.drifter_deck.extend(reversed(s.offer))  # the others go back on top, face down
    s.offer = []
    s.log.append(f"seat {s.player} hires a drifter")
    advance(s)


# --- drifters ----------------------------------------------------------------------------
def _use(s: StickyGulchState, ident: str, value: int | None) -> None:
    d = s.drifter(ident)
    p = s.actor
    s.money[p] -= d.cost
    s.hands[p].remove(ident)
    s.drifter_discard.append(ident)
    s.log.append(f"seat {p} uses {d.name} (${d.cost})")
    if d.roll_timed:
        s.declared.append((p, ident, value))
        s.window.pop(0)
        _next_in_window(s)
    else:
        s.queue = list(d.effect) + s.queue
        advance(s)


def _place(s: StickyGulchState, number: int, site: int) -> None:
    step = s.queue.pop(0)
    if step.verb == "move-camp" and s.picked is not None:
        src_loc, src_site = s.picked
        owner = s.sites[src_loc][src_site - 1]
        s.sites[src_loc][src_site - 1] = FREE
        s.sites[number][site - 1] = owner
        s.picked = None
    else:
        _set_camp(s, s.player, number, site)
    advance(s)


def _pick(s: StickyGulchState, number: int, site: int) -> None:
    step = s.queue[0]
    if step.verb == "evict":
        s.queue.pop(0)
        owner = s.sites[number][site - 1]
        s.sites[number][site - 1] = FREE
        s.stock[owner] += 1
        s.log.append(f"seat {owner}'s camp at #{number} site {site} is sent home")
        advance(s)
    else:
        s.picked = (number, site)  # move-camp: the destination comes next


# --- prospecting -------------------------------------------------------------------------
def _announce_roll(s: StickyGulchState, number: int, final: bool) -> None:
    s.roll_loc = number
    s.roll_final = final
    s.die = 0
    s.phase = "roll"
    s.actor = s.player


def _roll(s: StickyGulchState) -> None:
    if s.die:  # the window has closed on a declared reroll: throw it now
        _resolve_roll(s)
        return
    s.die = s.rng.randint(1, s.data.table.die_sides)
    s.window = [p for k in range(s.n) if s.eligible_die_drifters(p := (s.player + k) % s.n)]
    s.declared = []
    _next_in_window(s)


def _next_in_window(s: StickyGulchState) -> None:
    while s.window and not s.eligible_die_drifters(s.window[0]):
        s.window.pop(0)
    if s.window:
        s.phase = "react"
        s.actor = s.window[0]
        return
    if any(s.drifter(ident).effect[0].verb == "reroll" for _p, ident, _v in s.declared):
        # A reroll is a new throw: it is its own move, so that nobody deciding in the
        # window (a bot trying moves on a copy of the state) sees the new face first.
        s.phase = "roll"
        s.actor = s.player
        return
    _resolve_roll(s)


def conflict_order(s: StickyGulchState) -> list[tuple[int, str, int | None]]:
    """SG-5: the higher hiring cost goes first, then the name in alphabetical order."""
    return sorted(s.declared, key=lambda d: (-s.drifter(d[1]).cost, s.drifter(d[1]).name))


def _resolve_roll(s: StickyGulchState) -> None:
    sides = s.data.table.die_sides
    for _p, ident, value in conflict_order(s):
        step = s.drifter(ident).effect[0]
        if step.verb == "reroll":
            s.die = s.rng.randint(1, sides)
        elif step.any:
            assert value is not None
            s.die = value
        else:
            assert value is not None
            s.die = min(sides, max(1, s.die + value))
    number, die, final = s.roll_loc, s.die, s.roll_final
    s._clear_roll()
    pay_lode(s, number, die)
    if s.phase == "over":
        return
    if final:
        _next_turn(s)
    else:
        advance(s)


def pay_lode(s: StickyGulchState, number: int, die: int) -> None:
    """SG-4: the camp on the rolled site takes the next unclaimed lode."""
    loc = s.data.location(number)
    owner = s.sites[number][die - 1]
    if owner < 0:
        s.log.append(f"die {die} at {loc.name}: no camp there, nothing paid")
        return
    lode = loc.lodes[s.claimed[number]]
    s.claimed[number] += 1
    s.money[owner] += lode.payout
    s.claims.append((number, lode.letter, owner, lode.payout))
    s.log.append(
        f"die {die} at {loc.name}: seat {owner} claims lode {lode.letter} (${lode.payout})"
    )
    if s.claimed[number] == len(loc.lodes):
        _retire(s, number)
