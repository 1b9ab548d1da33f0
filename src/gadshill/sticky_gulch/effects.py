"""What moves do: the turn machine and the interpreter of the drifter vocabulary.

``play(state, move)`` carries out a move the rule book has already accepted.
Drifter effects are queues of :class:`Step` (see ``gadshill.gamedata.sticky_gulch``):
steps without a choice run at once; a step with a choice puts the game in the
``effect`` phase until the player's ``place`` / ``pick`` / ``target`` / ``skip``.
"""

from __future__ import annotations

from gadshill.sticky_gulch import movegen
from gadshill.sticky_gulch.constants import (
    ACT,
    DRAFT,
    EFFECT,
    FREE,
    HIRE,
    OVER,
    REACT,
    ROLL,
    START_CAMPS,
    X_SITE,
)
from gadshill.sticky_gulch.core import StickyGulchCore, clear_roll, reset_turn
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
    Skip,
    StickyGulchMove,
    Target,
    Use,
)


def play(state: StickyGulchCore, move: StickyGulchMove) -> None:
    phase = state.phase
    costs = state.data.table.costs
    if isinstance(move, Keep):
        if phase == DRAFT:
            _draft_keep(state, move.drifter)
        else:
            _hire_keep(state, move.drifter)
    elif isinstance(move, Camp):
        if phase == START_CAMPS:
            _starting_camp(state, move.location, move.site)
        else:
            state.action_points -= state.camp_cost(move.location)
            state.camps_on[move.location] = state.camps_on.get(move.location, 0) + 1
            _set_camp(state, state.player, move.location, move.site)
    elif isinstance(move, Draw):
        state.action_points -= costs.draw_location[state.draws]
        state.draws += 1
        _draw_location(state)
    elif isinstance(move, Hire):
        state.action_points -= costs.hire[state.hires]
        state.hires += 1
        _offer(state)
    elif isinstance(move, Prospect):
        state.action_points -= costs.extra_roll[state.rolls]
        state.rolls += 1
        _announce_roll(state, move.location, final=False)
    elif isinstance(move, End):
        if move.location is None:
            _next_turn(state)
        else:
            _announce_roll(state, move.location, final=True)
    elif isinstance(move, Use):
        _use(state, move.drifter, move.value)
    elif isinstance(move, Roll):
        _roll(state)
    elif isinstance(move, Pass):
        state.window.pop(0)
        _next_in_window(state)
    elif isinstance(move, Target):
        state.queue.pop(0)
        _announce_roll(state, move.location, final=False)
    elif isinstance(move, Place):
        _place(state, move.location, move.site)
    elif isinstance(move, Pick):
        _pick(state, move.location, move.site)
    elif isinstance(move, Skip):
        state.queue.pop(0)
        state.picked = None
        advance(state)
    else:  # pragma: no cover - the codec only builds the classes above
        raise TypeError(f"not a Sticky Gulch move: {move!r}")


# --- the state of a turn ------------------------------------------------------------
# --- setup ----------------------------------------------------------------------------
def _draft_keep(state: StickyGulchCore, ident: str) -> None:
    player = state.draft_queue.pop(0)
    state.draft_offers[player].remove(ident)
    state.hands[player].append(ident)
    if state.draft_queue:
        state.actor = state.draft_queue[0]
    else:
        after_draft(state)


def after_draft(state: StickyGulchCore) -> None:
    """The drifters left over from the draft are shuffled back into the deck."""
    for offer in state.draft_offers:
        state.drifter_deck.extend(offer)
        offer.clear()
    state.rng.shuffle(state.drifter_deck)
    next_setup_camp(state, None)


def next_setup_camp(state: StickyGulchCore, last: int | None) -> None:
    """Go to the next starting camp owed; one with nowhere to go is dropped."""
    # SG-R.starting-camps: players 2-4 place 1, 2, 3 camps, each on another card
    while state.setup_queue:
        player = state.setup_queue[0]
        if player != last:
            state.setup_used = []
            last = player
        if state.stock[player] > 0 and any(
            number not in state.setup_used and FREE in state.sites[number]
            for number in state.in_play
        ):
            state.phase = START_CAMPS
            state.actor = player
            return
        state.setup_queue.pop(0)
    state.setup_used = []
    _start_play(state)


def _starting_camp(state: StickyGulchCore, number: int, site: int) -> None:
    player = state.setup_queue.pop(0)
    _set_camp(state, player, number, site)
    state.setup_used.append(number)
    next_setup_camp(state, player)


def _start_play(state: StickyGulchCore) -> None:
    # SG-R.turn-order: the starting player takes the first turn
    state.phase = ACT
    state.player = state.actor = state.starting_player
    state.turn = 1
    reset_turn(state)


# --- board -----------------------------------------------------------------------------
def put_in_play(state: StickyGulchCore, number: int) -> None:
    """Lay location ``number`` face up: its sites open except those marked X."""
    location = state.data.location(number)
    state.sites[number] = [
        X_SITE if site in location.x_sites else FREE
        for site in range(1, state.data.table.die_sides + 1)
    ]
    state.claimed[number] = 0
    state.in_play.append(number)


def _set_camp(state: StickyGulchCore, player: int, number: int, site: int) -> None:
    state.sites[number][site - 1] = player
    state.stock[player] -= 1


def _draw_location(state: StickyGulchCore) -> bool:
    if not state.location_deck:
        return False
    number = state.location_deck.pop()
    put_in_play(state, number)
    state.new_locations.append(number)  # SG-R.new-location-camp: its first camp is free
    state.log.append(f"{state.data.location(number).name} (#{number}) comes into play")
    return True


def _retire(state: StickyGulchCore, number: int) -> None:
    # SG-4.retire: every lode claimed: the camps go home and the card leaves play
    for owner in state.sites[number]:
        if owner >= 0:
            state.stock[owner] += 1
    state.sites[number] = []
    state.in_play.remove(number)
    state.retired.append(number)
    name = state.data.location(number).name
    state.log.append(f"{name} retires ({len(state.retired)}/{state.target})")
    # SG-5.end: enough retirements and one richest player end the game; a tie plays on
    if len(state.retired) >= state.target:
        best = max(state.money)
        if state.money.count(best) == 1:
            _game_over(state)
        else:
            state.target += 1
            state.log.append(f"tie at ${best}: play on until {state.target} locations have retired")
    if state.phase != OVER and not state.in_play and not state.location_deck:
        _game_over(state)  # every location is retired: the tie stands


def _game_over(state: StickyGulchCore) -> None:
    state.phase = OVER
    state.queue = []
    state.hire_offer = []
    clear_roll(state)


# --- turn flow -------------------------------------------------------------------------
def _next_turn(state: StickyGulchCore) -> None:
    limit = state.data.table.turn_limit
    if limit is not None and state.turn >= limit:
        # SG-V1: the pack's last turn has ended: the richest wins, a tie shares (SG-5.end)
        state.log.append(f"the turn limit ({limit}) is reached")
        _game_over(state)
        return
    # SG-R.turn-order: turns pass to the left (seat + 1)
    state.player = (state.player + 1) % state.players
    state.actor = state.player
    state.turn += 1
    reset_turn(state)
    state.queue = []
    state.picked = None
    state.phase = ACT
    if not state.in_play and not state.location_deck:
        _game_over(state)


def advance(state: StickyGulchCore) -> None:
    """Run automatic effect steps; stop at a step needing a choice, else back to acting."""
    # SG-1.vocabulary: the steps run in order; one with nothing to choose from does nothing.
    # SG-R.drifter-exempt: what a drifter does counts toward no per-turn limit.
    if state.phase == OVER:
        return
    while state.queue:
        step = state.queue[0]
        verb = step.verb
        if verb == "draw-location":
            state.queue.pop(0)
            if _draw_location(state):
                state.effect_drawn.append(state.in_play[-1])
        elif verb == "actions":
            state.queue.pop(0)
            state.action_points += step.points
        elif verb == "hire":
            state.queue.pop(0)
            if _offer(state):
                return
        elif has_choice(state):
            state.phase = EFFECT
            state.actor = state.player
            return
        else:
            state.queue.pop(0)  # nothing to choose from: the step does nothing
            state.picked = None
    state.effect_drawn = []
    state.phase = ACT
    state.actor = state.player


def has_choice(state: StickyGulchCore) -> bool:
    """Whether the effect step at the head of the queue has at least one option."""
    return bool(movegen.effect_moves(state, with_skip=False))


# --- hiring ------------------------------------------------------------------------------
def _offer(state: StickyGulchCore) -> bool:
    """Draw drifters for a hire; False when there are none left anywhere."""
    state.hire_offer = []
    state.deck_top_seen = None  # the drifters put back on top are drawn first
    for _ in range(state.data.table.hire_draw):
        if not state.drifter_deck and state.drifter_discard:
            # SG-R.drifter-discard: the discards, shuffled, become the new deck
            state.drifter_deck = state.drifter_discard
            state.drifter_discard = []
            state.rng.shuffle(state.drifter_deck)
        if state.drifter_deck:
            state.hire_offer.append(state.drifter_deck.pop())
    if not state.hire_offer:
        return False
    state.phase = HIRE
    state.actor = state.player
    return True


def _hire_keep(state: StickyGulchCore, ident: str) -> None:
    state.hire_offer.remove(ident)
    state.hands[state.player].append(ident)
    # the others go back on top, face down: only the hiring player knows them
    state.drifter_deck.extend(reversed(state.hire_offer))
    state.deck_top_seen = (state.player, len(state.hire_offer))
    state.hire_offer = []
    state.log.append(f"seat {state.player} hires a drifter")
    advance(state)


# --- drifters ----------------------------------------------------------------------------
def _use(state: StickyGulchCore, ident: str, value: int | None) -> None:
    drifter = state.drifter(ident)
    player = state.actor
    state.money[player] -= drifter.cost  # SG-2: the hiring cost goes to the bank
    state.hands[player].remove(ident)
    state.drifter_discard.append(ident)  # SG-R.drifter-discard: discarded at once
    state.log.append(f"seat {player} uses {drifter.name} (${drifter.cost})")
    # SG-R.drifter-exempt: using a drifter costs no action point
    if drifter.roll_timed:
        state.declared.append((player, ident, value))
        state.window.pop(0)
        _next_in_window(state)
    else:
        state.queue = list(drifter.effect) + state.queue
        advance(state)


def _place(state: StickyGulchCore, number: int, site: int) -> None:
    step = state.queue.pop(0)
    if step.verb == "move-camp" and state.picked is not None:
        from_number, from_site = state.picked
        owner = state.sites[from_number][from_site - 1]
        state.sites[from_number][from_site - 1] = FREE
        state.sites[number][site - 1] = owner
        state.picked = None
    else:
        _set_camp(state, state.player, number, site)
        if number in state.effect_drawn and number in state.new_locations:
            # SG-R.new-location-camp: a drifter's camp on the card it drew itself
            # (Lonesome Jake) is that card's free first camp
            state.new_locations.remove(number)
    advance(state)


def _pick(state: StickyGulchCore, number: int, site: int) -> None:
    step = state.queue[0]
    if step.verb == "evict":
        state.queue.pop(0)
        owner = state.sites[number][site - 1]
        state.sites[number][site - 1] = FREE
        state.stock[owner] += 1
        state.log.append(f"seat {owner}'s camp at #{number} site {site} is sent home")
        advance(state)
    else:
        state.picked = (number, site)  # move-camp: the destination comes next


# --- prospecting -------------------------------------------------------------------------
def _announce_roll(state: StickyGulchCore, number: int, final: bool) -> None:
    state.roll_location = number
    state.roll_final = final
    state.die = 0
    state.phase = ROLL
    state.actor = state.player


def _roll(state: StickyGulchCore) -> None:
    if state.die:  # the window has closed on a declared reroll: throw it now
        _resolve_roll(state)
        return
    state.die = state.rng.randint(1, state.data.table.die_sides)  # SG-R.dice
    # SG-R.reaction-window: everyone, from the roller on, is asked in turn; asking only
    # the holders of a usable die drifter would show the table who holds one
    state.window = [(state.player + offset) % state.players for offset in range(state.players)]
    state.declared = []
    _next_in_window(state)


def _next_in_window(state: StickyGulchCore) -> None:
    if state.window:
        state.phase = REACT
        state.actor = state.window[0]
        return
    if any(
        state.drifter(ident).effect[0].verb == "reroll" for _player, ident, _value in state.declared
    ):
        # A reroll is a new throw: it is its own move, so that nobody deciding in the
        # window (a bot trying moves on a copy of the state) sees the new face first.
        state.phase = ROLL
        state.actor = state.player
        return
    _resolve_roll(state)


def conflict_order(state: StickyGulchCore) -> list[tuple[int, str, int | None]]:
    """SG-5.conflict: the higher hiring cost goes first, then the name in alphabetical order."""
    by_id = state.data.drifter_by_id
    return sorted(
        state.declared,
        key=lambda declared: (-by_id[declared[1]].cost, by_id[declared[1]].name),
    )


def _resolve_roll(state: StickyGulchCore) -> None:
    sides = state.data.table.die_sides
    for _player, ident, value in conflict_order(state):
        step = state.drifter(ident).effect[0]
        was = state.die
        if step.verb == "reroll":
            state.die = state.rng.randint(1, sides)
        elif step.any:
            assert value is not None
            state.die = value
        else:
            assert value is not None
            state.die = min(sides, max(1, state.die + value))
        name = state.drifter(ident).name
        if step.verb == "reroll":
            state.log.append(f"{name}'s re-roll: the die showed {was}, now {state.die}")
        else:
            state.log.append(f"{name} turns the die from {was} to {state.die}")
    number, die, final = state.roll_location, state.die, state.roll_final
    clear_roll(state)
    pay_lode(state, number, die)
    if state.phase == OVER:
        return
    if final:
        _next_turn(state)
    else:
        advance(state)


def pay_lode(state: StickyGulchCore, number: int, die: int) -> None:
    """SG-4.prospect: the camp on the rolled site takes the next unclaimed lode."""
    location = state.data.location(number)
    owner = state.sites[number][die - 1]
    if owner < 0:
        state.log.append(f"die {die} at {location.name}: no camp there, nothing paid")
        return
    lode = location.lodes[state.claimed[number]]
    state.claimed[number] += 1
    state.money[owner] += lode.payout
    state.claims.append((number, lode.letter, owner, lode.payout))
    state.log.append(
        f"die {die} at {location.name}: seat {owner} claims lode {lode.letter} (${lode.payout})"
    )
    if state.claimed[number] == len(location.lodes):
        _retire(state, number)
