"""Adapter overhead: random play through OpenSpiel and PettingZoo against the native engine.

For each game, seeded two-player random games are played three ways, side by side
in one run (seed by seed, the three ways in turn, so a change in the machine's load
falls on all three):

- natively: ``legal_moves()`` + ``apply``;
- through OpenSpiel as its random rollouts play: chance nodes drawn from the
  seed, and at every decision ``state.legal_actions()`` then ``apply_action``;
- through PettingZoo's standard AEC loop: ``env.last()`` (the observation, with
  its tensor and ``action_mask``) then ``env.step``. This loop includes the
  observation tensor of every step (made once per position and seat).

Every way picks the same way: a whole move uniformly among the legal ones with
``random.Random(seed)``, in ``legal_moves()`` order (the adapters keep the list
of their one ``legal_moves()`` call), then plays its words one by one (picking
among words instead makes other, longer games). The native engine and PettingZoo
draw chance from the same seeded generator, so they play the very same games;
OpenSpiel's chance nodes are drawn from the seed, so its games are others of the
same kind (the mean length shows it). Times are CPU seconds of this process (a
busy machine inflates them less than the wall clock); each way prints game moves
per second, the ratio to native and the mean moves per game. The set-up's objects
are frozen out of the garbage collector before the clock starts (``gc.freeze``), so
a full collection, which would walk them all, costs a way no more than its own
objects.

The floor: OpenSpiel's bridge to any Python game. A do-nothing Python game
(:class:`NullState`, registered with pyspiel as ``gadshill_bench_null``) is
played by the same loop, once with decisions only and once with chance nodes
only; what a node of it costs is the bridge's own cost (the loop's calls,
``apply_action`` crossing into C++ and back into Python) with no game behind
it. Each adapted game then prints its nodes per native move, its floor (those
nodes at the null game's prices plus the native move) and the best ratio that
floor allows, beside the cost per move the adapter measured.

Then, per game, what a learner's tensors cost on top: the mean microseconds of
one OpenSpiel ``observation_tensor`` and one ``information_state_tensor`` of the
seat to move, asked once at every decision of random games (each asked of a new
position, so nothing is reused across positions).

``--game G`` (repeatable) plays only those games; ``--rates-only`` stops after the
first table, whose last line is then the last game's (what
``bench/compare_revisions.py`` shows of a run).

``--plain`` measures instead what the paused engine buys (the setup, and a move of a
kind that draws, run in a greenlet paused at each chance node): each path below played
the paused way and the plain way (no greenlet: a run started again from its start at
each chance node, patched in by :func:`plain_way`) in turn, and the ratio of their CPU
times: random games from the start (standard and mini variants), outcome-sampling
MCCFR on the mini variants, and OpenSpiel's ``MCTSBot`` on the standard games.

Run: ``PYTHONPATH=src python bench/bench_adapters.py [--games N] [--game G]
[--rates-only | --plain [--rounds R]]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from pettingzoo import AECEnv

import gadshill.adapters.openspiel as openspiel_adapter
from gadshill import registry
from gadshill.adapters.actions import Speller, Spellings
from gadshill.adapters.pettingzoo import env

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")
#: nodes of one null game (its decisions or chance nodes), and null games per measurement
NULL_NODES, NULL_GAMES = 200, 25
#: actions of a null decision and outcomes of a null chance node (as a short word list)
NULL_WIDTH = 4


class NullState(pyspiel.State):
    """A Python game that does nothing: ``NULL_NODES`` nodes, all chance nodes or all
    decisions (the seats in turn), ``NULL_WIDTH`` actions each, then the end. It
    answers as the adapter does (the seat to move, chance and the legal actions from
    Python attributes), so it costs what any Python game must."""

    def __init__(self, game: NullGame):
        super().__init__(game)
        self.chance, self.left, self.seat = game.chance, NULL_NODES, 0
        self.to_move = pyspiel.PlayerId.CHANCE if self.chance else 0

    def current_player(self) -> int:
        return int(self.to_move)

    def is_terminal(self) -> bool:
        return self.left == 0

    def is_chance_node(self) -> bool:
        return self.chance and self.left > 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        return list(range(NULL_WIDTH)) if self.left else []

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(action, 1.0 / NULL_WIDTH) for action in range(NULL_WIDTH)]

    def _apply_action(self, action: int) -> None:
        self.left -= 1
        if self.left == 0:
            self.to_move = pyspiel.PlayerId.TERMINAL
        elif not self.chance:
            self.seat = 1 - self.seat
            self.to_move = self.seat

    def returns(self) -> list[float]:
        return [0.5, 0.5]

    def __str__(self) -> str:
        return f"null: {self.left} nodes left"


NULL_TYPE = pyspiel.GameType(
    short_name="gadshill_bench_null",
    long_name="gadshill bench: a Python game that does nothing",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"chance": False},
)


class NullGame(pyspiel.Game):
    """The null game; ``chance=True`` makes every node a chance node."""

    def __init__(self, params: dict[str, Any] | None = None):
        self.chance = bool((params or {}).get("chance", False))
        info = pyspiel.GameInfo(
            num_distinct_actions=NULL_WIDTH,
            max_chance_outcomes=NULL_WIDTH,
            num_players=2,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=NULL_NODES,
        )
        super().__init__(NULL_TYPE, info, params or {})

    def new_initial_state(self) -> NullState:
        return NullState(self)


pyspiel.register_game(NULL_TYPE, NullGame)


def null_costs() -> tuple[float, float]:
    """Microseconds of CPU per decision and per chance node of the null game, played by
    :func:`through_openspiel`'s loop (made once, as the adapted games are)."""
    costs = []
    for chance in (False, True):
        loaded = pyspiel.load_game("gadshill_bench_null", {"chance": chance})
        rng, draws, spent = random.Random(0), random.Random(1), 0.0
        for _ in range(NULL_GAMES):
            start = time.process_time()
            state = loaded.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(draws.choice(state.chance_outcomes())[0])
                    continue
                legal = state.legal_actions()
                state.apply_action(rng.choice(legal))
            spent += time.process_time() - start
        costs.append(spent / (NULL_GAMES * NULL_NODES) * 1e6)
    return costs[0], costs[1]


def native(game: str, seed: int) -> tuple[int, float]:
    spec = registry.get_spec(game)
    start = time.process_time()
    state = spec.new_game(2, seed, None, spec.resolve_options({}))
    rng, moves = random.Random(seed), 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves, time.process_time() - start


def _pick(spellings: Mapping[tuple[int, ...], Any], rng: random.Random) -> list[int]:
    """A legal move picked as the native way picks it (uniformly, in ``legal_moves()``
    order), as the words that spell it."""
    legal = getattr(spellings, "legal", None)
    if legal is None:  # the adapters before issue 18's speed work: a dict in that order
        return list(rng.choice(list(spellings)))
    return list(spellings.speller.spell(rng.choice(legal)))  # type: ignore[attr-defined]


def through_openspiel(
    game: str, seed: int, loaded: Any, nodes: list[int] | None = None
) -> tuple[int, float]:
    """Moves and CPU seconds of one game; ``nodes`` (decisions, chance nodes) counts up."""
    decisions = chances = 0
    start = time.process_time()
    rng, chance = random.Random(seed), random.Random(-seed)
    state = loaded.new_initial_state()
    words: list[int] = []
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice(state.chance_outcomes())[0])
            chances += 1
            continue
        decisions += 1
        legal = state.legal_actions()  # what a rollout asks at every decision
        if not words:  # the first word of a move: pick the move
            words = _pick(state.spellings(), rng)
            moves += 1
        assert words[0] in legal
        state.apply_action(words.pop(0))
    spent = time.process_time() - start
    if nodes is not None:
        nodes[0] += decisions
        nodes[1] += chances
    return moves, spent


def through_pettingzoo(game: str, seed: int, table: Any) -> tuple[int, float]:
    start = time.process_time()
    table.reset(seed=seed)  # the game env(game, seed=seed) plays first
    rng = random.Random(seed)
    words: list[int] = []
    moves = 0
    for _agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        if not words:
            words = _pick(table.spellings(), rng)
            moves += 1
        assert observation["action_mask"][words[0]]
        table.step(words.pop(0))
    return moves, time.process_time() - start


class _Clock:
    """CPU time spent inside some functions, by name, each call's own time only (a
    named function called inside another is charged to its own name), less what the
    clock's reads cost (measured on an empty function): each is replaced by a timed
    twin for the run."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self._undo: list[tuple[Any, str, Any]] = []
        self._stack: list[str] = []
        self._since = 0.0

    def _switch(self, now: float) -> None:
        if self._stack:
            self.spent[self._stack[-1]] += now - self._since
        self._since = now

    def wrap(self, owner: Any, name: str, label: str) -> None:
        real = getattr(owner, name)
        self.spent.setdefault(label, 0.0)
        self.calls.setdefault(label, 0)
        clock, stack, calls = time.process_time, self._stack, self.calls

        def timed(*args: Any, **kwargs: Any) -> Any:
            self._switch(clock())
            stack.append(label)
            calls[label] += 1
            try:
                return real(*args, **kwargs)
            finally:
                self._switch(clock())
                stack.pop()

        self._undo.append((owner, name, owner.__dict__.get(name)))
        setattr(owner, name, timed)

    def undo(self) -> None:
        for owner, name, before in reversed(self._undo):
            if before is None:
                delattr(owner, name)
            else:
                setattr(owner, name, before)
        self._undo.clear()  # wrapped again later, the times add up

    def net(self) -> dict[str, float]:
        """Each name's time less its calls' share of the clock's cost."""
        cost = _timing_cost()
        spent = self.spent.items()
        return {name: max(0.0, seconds - self.calls[name] * cost) for name, seconds in spent}


def _timing_cost(calls: int = 20_000) -> float:
    """CPU seconds that timing one call adds (an empty function, timed and not)."""

    class Empty:
        def call(self) -> None:
            pass

    empty = Empty()
    start = time.process_time()
    for _ in range(calls):
        empty.call()
    plain = time.process_time() - start
    clock = _Clock()
    clock.wrap(empty, "call", "empty")
    start = time.process_time()
    for _ in range(calls):
        empty.call()
    return max(0.0, (time.process_time() - start - plain) / calls)


def pettingzoo_parts(
    game: str, seeds: range
) -> tuple[dict[str, float], float, int, float, tuple[float, float]]:
    """Where a PettingZoo move's CPU time goes, in microseconds per native move: the
    engine's own work (``legal_moves`` and playing the move, what a native move costs
    less its rule-book check, which the adapter skips: its move is a legal one), the
    observation tensor, the action mask, the words (``Spellings``: the legal moves by
    kind, the legal words after a prefix, the move the words spell, and the spelling of
    the move this loop picks). A call inside
    another counts in its own part only; each part is net of its calls' clock reads
    (measured on an empty function; on a busy machine that estimate runs low).

    The same games are played again untimed and timed, seed by seed in turn (so a change
    in the machine's load falls on both), each way on a new environment (whose own
    caches, the speller's, start empty as the main run's did): both are repeats of the
    main run's games, so the caches that environments share (the encoder's spans of
    field values, the engine's) are as warm in the one as in the other. The rest of a
    move (PettingZoo's loop, ``observe`` and ``step`` themselves, this loop's pick) is
    the untimed repeat's time less these parts; the main run's time less the repeat's is
    what the first pass pays to fill those shared caches. Also the steps per native
    move, the untimed repeat's microseconds per move, and those of as many new games
    (other seeds) played next on the repeat's environment, natively and through it seed
    by seed: what a long run pays, its caches as warm as they get, when its games are
    not repeats."""
    untimed, table = env(game, players=2), env(game, players=2)
    state_class = type(table.setting.new_game(0))
    clock = _Clock()
    played = moves = 0
    spent = 0.0
    for seed in seeds:
        made, seconds = through_pettingzoo(game, seed, untimed)
        moves, spent = moves + made, spent + seconds
        clock.wrap(table.tensors, "observation", "tensor")  # what observe hands out, once a step
        clock.wrap(table, "_mask", "mask")
        clock.wrap(Speller, "spellings", "words")
        for name in ("next_words", "move"):
            clock.wrap(Spellings, name, "words")
        clock.wrap(Speller, "spell", "words")
        for name in ("legal_moves", "apply", "_play"):
            clock.wrap(state_class, name, "engine")
        try:
            played += through_pettingzoo(game, seed, table)[0]
        finally:
            clock.undo()
    fresh = _microseconds_a_move(game, range(seeds.stop, 2 * seeds.stop - seeds.start), untimed)
    parts = clock.net()
    steps = clock.calls["tensor"]  # one observation a step
    per_move = {name: seconds / played * 1e6 for name, seconds in parts.items()}
    return per_move, steps / played, played, spent / moves * 1e6, fresh


def _microseconds_a_move(game: str, seeds: range, table: Any) -> tuple[float, float]:
    """Microseconds a move of these games through ``table``, and natively (in turn)."""
    moves, spent = [0, 0], [0.0, 0.0]
    for seed in seeds:
        for k, (made, seconds) in enumerate(
            (through_pettingzoo(game, seed, table), native(game, seed))
        ):
            moves[k] += made
            spent[k] += seconds
    return spent[0] / moves[0] * 1e6, spent[1] / moves[1] * 1e6


def pettingzoo_without_tensor(game: str, seeds: range) -> tuple[float, float]:
    """Microseconds a move through PettingZoo with the observation tensor made free (a
    copy of zeros of its size instead of the seat's tensor: what every other part of
    the loop allows), and natively, the same new games seed by seed in turn."""
    table = env(game, players=2)
    zeros = np.zeros(table.tensors.observation_size, np.float32)

    def free(state: Any, player: int, prefix: Any = ()) -> np.ndarray:
        return zeros.copy()

    table.tensors.observation = free  # type: ignore[method-assign]
    return _microseconds_a_move(game, seeds, table)


def pettingzoo_floor(size: int, words: int, steps: int = 20_000) -> float:
    """Microseconds a step of the same AEC loop costs on a do-nothing environment with
    the same observation (a float32 tensor of ``size`` and a mask, each a new copy, as
    the adapter hands them out)."""

    class Null(AECEnv):
        def __init__(self) -> None:
            super().__init__()
            self.metadata = {"name": "null", "is_parallelizable": False}
            self.possible_agents = ["a", "b"]
            self.tensor = np.zeros(size, np.float32)
            self.mask = np.zeros(words, np.int8)
            self.mask[0] = 1

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self.agent_selection = "a"

        def observe(self, agent: str) -> dict[str, np.ndarray]:
            return {"observation": self.tensor.copy(), "action_mask": self.mask.copy()}

        def step(self, action: Any) -> None:
            self._cumulative_rewards[self.agent_selection] = 0.0
            self.agent_selection = "b" if self.agent_selection == "a" else "a"

    null = Null()
    null.reset()
    start = time.process_time()
    for _agent in null.agent_iter(max_iter=steps):
        observation, _reward, _terminated, _truncated, _info = null.last()
        null.step(0 if observation["action_mask"][0] else None)
    return (time.process_time() - start) / steps * 1e6


def floor_line(
    game: str, moves: list[int], seconds: list[float], nodes: list[int], prices: tuple[float, float]
) -> str:
    """A game's floor: OpenSpiel's decisions and chance nodes per native move, the native
    move's microseconds, the floor (those nodes at the null game's ``prices`` plus the
    native move), the best ratio it allows, and what the adapter spent per move (and
    above the floor)."""
    decisions, chances = (n / moves[1] for n in nodes)
    native_us, adapter_us = (seconds[k] / moves[k] * 1e6 for k in (0, 1))
    floor = decisions * prices[0] + chances * prices[1] + native_us
    return (
        f"{game:<13} {decisions:>9.2f} {chances:>7.2f} {native_us:>11.1f}  {floor:>8.1f}"
        f"  {native_us / floor:>10.2f}   {adapter_us:>12.1f}  {adapter_us - floor:>+8.1f}"
    )


#: Sticky Gulch positions whose one move is a roll of a fresh die, and rounds of each way
ROLLS, ROLL_ROUNDS = 200, 8


def roll_costs(loaded: Any) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median CPU microseconds, over ``ROLL_ROUNDS`` rounds of ``ROLLS`` Sticky Gulch
    positions waiting on a roll of a fresh die, of a roll two ways, in turn: as the
    engine says it draws first (``GameState.draws_first``: the move waits unplayed at its
    chance node, played straight once the die is chosen), and as if it did not (paused in
    a greenlet at its draw). Per way: the roll's word and the die's outcome, as a
    rollout plays them; and a clone made at the die's chance node (as OpenSpiel's
    ``MCTSBot`` makes at every node it expands) with the outcome applied to it."""
    roll, rng = loaded.speller.ids["roll"], random.Random(0)
    positions: list[Any] = []
    state = loaded.new_initial_state()
    while len(positions) < ROLLS:
        if state.is_terminal():
            state = loaded.new_initial_state()
        now = None if state.is_chance_node() or state.prefix else state.game_state
        # (a roll of a fresh die: not one after a declared re-roll)
        fresh = now is not None and now.draws_first(now.legal_moves()[0])
        if fresh and state.legal_actions() == [roll]:
            positions.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    state_class = type(positions[0].game_state)
    first = state_class.draws_first

    def measured(straight: bool, clone: bool) -> float:
        twins = [position.clone() for position in positions]
        if clone:
            for twin in twins:
                twin.apply_action(roll)
        start = time.process_time()
        for twin in twins:
            if clone:
                twin.clone().apply_action(3)
            else:
                twin.apply_action(roll)
                twin.apply_action(3)
        return (time.process_time() - start) / len(twins) * 1e6

    spent: dict[tuple[bool, bool], list[float]] = {}
    try:
        for _round in range(ROLL_ROUNDS):
            for straight in (True, False):
                state_class.draws_first = first if straight else lambda self, move: False
                for clone in (False, True):
                    spent.setdefault((straight, clone), []).append(measured(straight, clone))
    finally:
        state_class.draws_first = first
    medians = {way: sorted(times)[len(times) // 2] for way, times in spent.items()}
    return (medians[True, False], medians[False, False]), (
        medians[True, True],
        medians[False, True],
    )


def tensor_costs(loaded: Any, seeds: range) -> tuple[float, float, int]:
    """Mean microseconds of one observation tensor and one information-state tensor of
    the seat to move, asked at every decision of random games, and how many."""
    spent = [0.0, 0.0]
    asked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            seat = state.current_player()
            for k, ask in enumerate((state.observation_tensor, state.information_state_tensor)):
                start = time.process_time()
                ask(seat)
                spent[k] += time.process_time() - start
            asked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return spent[0] / asked * 1e6, spent[1] / asked * 1e6, asked


# --- the paused engine against the plain way (``--plain``) -----------------------------


def plain_way() -> Callable[[bool], None]:
    """A switch between the adapter's two ways of turning the engine's draws into chance
    nodes: ``switch(True)`` patches in the plain way, ``switch(False)`` puts the paused
    engine back.

    The paused engine (:mod:`gadshill.adapters.openspiel.chance`) runs the setup, and a
    move of a kind known to draw, in a greenlet paused at each draw until its outcome is
    chosen: run once. The plain way has no greenlet: a scripted generator raises at the
    first outcome it lacks, what the run changed is undone (the setup dropped; a move's
    state before it kept, the move tried on a clone of it), and the run starts again from
    the start with the outcomes so far when the next one is chosen. The same chance nodes
    in the same order (a shuffle's later deals are served without a run either way), so
    the same games: :func:`paused_engine` checks their lengths agree."""
    from gadshill.adapters.openspiel.chain import _Native
    from gadshill.adapters.openspiel.chance import _IDLE, SPENT, NeedChance, ScriptedRandom
    from gadshill.adapters.openspiel.core import _Core
    from gadshill.rules.rng import chance_source

    paused = {name: _Core.__dict__.get(name) for name in ("_advance", "_play")}

    def advance(core: Any) -> None:
        if core.native is None:  # the setup, from its start with the outcomes so far
            if not core.outcomes and core.chances.first is not None:
                labels, core.dealing = core.chances.first
                core.chance_labels = list(labels)
                return
            outcomes = list(core.outcomes)
            try:
                with chance_source(lambda: ScriptedRandom.of(outcomes)):
                    dealt = core.setting.new_game(0)
            except NeedChance as need:
                core.chance_labels, core.dealing = need.labels, need.dealing
                if not core.outcomes:
                    core.chances.first = list(need.labels), need.dealing
                return
            core._ran(("done", dealt), None)
            return
        straight, core.straight = core.straight, False  # (a move that drew first: on live)
        state = core._live()  # (else a clone of the kept state before the move)
        rng = state.rng = _IDLE.straight
        rng.outcomes, rng.used = core.outcomes, 0
        try:
            state._play(core.pending)
        except NeedChance as need:
            if straight:
                core._restore(keep=True)
            else:
                core.native = _Native(core.step.after)
            core.chance_labels, core.dealing = need.labels, need.dealing
            return
        except BaseException:
            if straight:
                core._restore(keep=False)
            else:
                core.native = _Native(core.step.after)
            raise
        core._done(state)

    def play(core: Any, move: Any, mover: int) -> None:
        kind, chances = move.kind, core.chances
        state = core.native.state
        first = kind in chances.draws and state.draws_first(move)
        if kind in chances.foreseen and not first:  # on clones of the state kept before it
            if core.step.after is not state:
                core.step.after, core.unkept = state, 0
            core.pending, core.mover, core.outcomes = move, mover, []
            try:
                advance(core)
            except BaseException:
                core.pending = None
                raise
            return
        rng = state.rng
        try:
            state._play(move)
        except NeedChance as need:
            if not first:  # drawn midway: the state before it again
                core._restore(keep=True)
            core.pending, core.mover, core.outcomes = move, mover, []
            core.chance_labels, core.dealing = need.labels, need.dealing
            core.straight = first
            return
        except BaseException:
            core._restore(keep=False)
            raise
        if state.rng is not rng:
            state.rng = SPENT
        if kind in chances.draws:
            chances.played(kind, False)
        core._moved(state, mover, move, ())

    def switch(plain: bool) -> None:
        for name, way in (("_advance", advance), ("_play", play)):
            if plain:
                setattr(_Core, name, way)
            elif paused[name] is None:
                if name in _Core.__dict__:
                    delattr(_Core, name)
            else:
                setattr(_Core, name, paused[name])

    return switch


def _rollouts(loaded: Any, game: str, seeds: range) -> tuple[float, int]:
    """CPU seconds and moves of random games from the start (:func:`through_openspiel`)."""
    spent, moves = 0.0, 0
    for seed in seeds:
        made, seconds = through_openspiel(game, seed, loaded)
        spent, moves = spent + seconds, moves + made
    return spent, moves


def _rollouts_of(count: int) -> Callable[[Any, str], tuple[float, int]]:
    """:func:`_rollouts` of ``count`` games (seeds 1 to ``count``)."""
    return lambda loaded, game: _rollouts(loaded, game, range(1, count + 1))


def _searched(loaded: Any, make: Callable[[Any], Any], steps: int) -> tuple[float, int]:
    """CPU seconds of ``steps`` steps of a solver or bot made by ``make`` (its own seed)."""
    step = make(loaded)
    start = time.process_time()
    for _ in range(steps):
        step()
    return time.process_time() - start, steps


def _mccfr(loaded: Any) -> Callable[[], None]:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    np.random.seed(1)  # (the solver samples with numpy's global generator)
    return outcome_sampling_mccfr.OutcomeSamplingSolver(loaded).iteration


def _mcts(loaded: Any) -> Callable[[], None]:
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(loaded, 1.4, 20, evaluator, random_state=np.random.RandomState(1))
    state = loaded.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node() or state.moves < 10:  # a decision some moves in
        chance = state.is_chance_node()
        actions = [a for a, _p in state.chance_outcomes()] if chance else state.legal_actions()
        state.apply_action(rng.choice(actions))
    return lambda: bot.step(state)


def paused_engine(games: int, rounds: int) -> None:
    """Each path users run, the paused way and the plain way in turn (which first
    alternates), ``rounds`` times: the median CPU seconds of each, and the plain way's
    time over the paused's. Random games: ``games`` standard ones, 20 times as many of a
    mini variant (a few moves each: the setup is most of one)."""
    switch = plain_way()
    paths: list[tuple[str, str, str, Callable[[Any, str], tuple[float, int]]]] = []
    for variant in ("standard", "mini"):
        for game in GAMES:
            paths.append(
                (
                    "random games from the start",
                    game,
                    variant,
                    _rollouts_of(games * (20 if variant == "mini" else 1)),
                )
            )
    for game in GAMES:
        paths.append(
            (
                "outcome sampling MCCFR, 200 iterations",
                game,
                "mini",
                lambda g, _: _searched(g, _mccfr, 200),
            )
        )
        paths.append(
            (
                "MCTSBot, 20 simulations, 3 decisions",
                game,
                "standard",
                lambda g, _: _searched(g, _mcts, 3),
            )
        )
    print(
        f"the paused engine against the plain way (no greenlet: each chance node's run started"
        f" again from its start): CPU seconds, median of {rounds} rounds in turn; plain / paused"
    )
    for name, game, variant, measure in paths:
        spent: dict[bool, list[float]] = {False: [], True: []}
        work: dict[bool, set[int]] = {False: set(), True: set()}
        try:
            for turn in range(rounds):
                for plain in (False, True) if turn % 2 == 0 else (True, False):
                    switch(plain)
                    # (a game of its own each way: what it learns of its moves' draws too)
                    loaded = pyspiel.load_game(
                        f"{openspiel_adapter.short_name(game)}(variant={variant},players=2)"
                    )
                    seconds, done = measure(loaded, game)
                    spent[plain].append(seconds)
                    work[plain].add(done)
        finally:
            switch(False)
        assert work[False] == work[True], f"{name}, {game}: the two ways played other games"
        paused_s, plain_s = (sorted(spent[way])[rounds // 2] for way in (False, True))
        print(
            f"{name:<40} {game:<13} {variant:<9} paused {paused_s:7.3f}  plain {plain_s:7.3f}"
            f"  plain / paused {plain_s / paused_s:.2f}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument(
        "--plain",
        action="store_true",
        help="only the paused engine against the plain way (no greenlet), side by side",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --plain")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    parser.add_argument("--rates-only", action="store_true", help="only the first table")
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    games = tuple(args.game or GAMES)
    if args.plain:
        paused_engine(args.games, args.rounds)
        return 0
    print(
        f"{args.games} random two-player games per game and way (uniform over moves; the"
        " PettingZoo loop includes the observation tensor); game moves per CPU second,"
        " ratio to native, mean moves per game"
    )
    print("game          native         openspiel (ratio)  length   pettingzoo (ratio)  length")
    # made once, as a user makes them (building the action space reads the whole pack)
    loaded = {
        game: pyspiel.load_game(openspiel_adapter.short_name(game), {"players": 2})
        for game in games
    }
    tables = {game: env(game, players=2) for game in games}
    # the set-up's objects (packs, action spaces, encoders) out of the collector's sight: a
    # full collection walked them all (some 25 ms) in whichever way it fell
    gc.collect()
    gc.freeze()
    floors: list[tuple[str, list[int], list[float], list[int]]] = []
    natives: dict[str, float] = {}  # a native move's microseconds, by game
    pettingzoo_us: dict[str, float] = {}  # and through PettingZoo, untimed
    for game in games:
        moves, seconds = [0, 0, 0], [0.0, 0.0, 0.0]
        nodes = [0, 0]  # OpenSpiel's decisions and chance nodes
        for seed in seeds:
            for k, (made, spent) in enumerate(
                (
                    native(game, seed),
                    through_openspiel(game, seed, loaded[game], nodes),
                    through_pettingzoo(game, seed, tables[game]),
                )
            ):
                moves[k] += made
                seconds[k] += spent
        rates = [m / s for m, s in zip(moves, seconds, strict=True)]
        lengths = [m / len(seeds) for m in moves]
        base = rates[0]
        print(
            f"{game:<13} {base:>7.0f} {lengths[0]:>5.0f}   {rates[1]:>7.0f} ({rates[1] / base:.2f})"
            f"  {lengths[1]:>5.0f}   {rates[2]:>7.0f} ({rates[2] / base:.2f})   {lengths[2]:>5.0f}",
            flush=True,
        )
        floors.append((game, moves, seconds, nodes))
        natives[game] = seconds[0] / moves[0] * 1e6
        pettingzoo_us[game] = seconds[2] / moves[2] * 1e6
    if args.rates_only:
        return 0
    decision_us, chance_us = null_costs()
    print(
        f"the floor, a do-nothing Python game through the same loop: {decision_us:.1f} us per"
        f" decision, {chance_us:.1f} us per chance node"
    )
    print(
        "game          decisions  chance   native us  floor us  best ratio   openspiel us"
        "  (over the floor)"
    )
    for measured in floors:
        print(floor_line(*measured, (decision_us, chance_us)), flush=True)
    print(
        "PettingZoo, where a move's CPU time goes (us per native move, parts timed in a repeat"
        " of the same games; the engine's part is what a native move costs, less its rule-book"
        " check; the rest is the untimed repeat's total less the parts; first pass: the main"
        " run's total above less the repeat's, what filling the caches costs, the encoder's"
        " remembered spans above all; new games: as many other seeds played next, warm, what a"
        " long run keeps paying, and the ratios to native of the main run and of those games,"
        " each played natively too); without the tensor: those new games again with the"
        " observation tensor made free (zeros copied), and its ratio to native: what the rest"
        " of the loop allows; the floor: the same loop's steps on a do-nothing environment with"
        " the same tensor and mask (copied, as the adapter hands them out), and the native move"
    )
    for game in games:
        parts, steps, played, repeat, fresh = pettingzoo_parts(game, seeds)
        untimed = pettingzoo_us[game]
        parts["rest"] = repeat - sum(parts.values())
        parts["first pass"] = untimed - repeat
        shown = "  ".join(f"{name} {spent:6.1f}" for name, spent in parts.items())
        table = tables[game]
        step = pettingzoo_floor(table.tensors.observation_size, len(table.speller.words))
        native_us = natives[game]
        floor = steps * step + native_us
        others = range(seeds.stop, 2 * seeds.stop - seeds.start)  # the new games
        free, free_native = pettingzoo_without_tensor(game, others)
        print(
            f"{game:<13} {shown}   total {untimed:6.1f}   new games {fresh[0]:6.1f}"
            f" ({native_us / untimed:.2f}, new games {fresh[1] / fresh[0]:.2f} of native)"
            f"   without the tensor {free:6.1f} ({free_native / free:.2f})"
            f"   steps {steps:.2f}"
            f"  floor {floor:6.1f} (native {native_us:.1f} + {step:.1f} a step)"
            f"  best ratio {native_us / floor:.2f}  ({played} moves)",
            flush=True,
        )
    if "sticky-gulch" in loaded:
        (rolled, paused), (cloned, cloned_paused) = roll_costs(loaded["sticky-gulch"])
        print(
            f"a Sticky Gulch roll of a fresh die, us (median of {ROLL_ROUNDS} rounds of {ROLLS}):"
            f" its word and the die's outcome {rolled:.1f} straight, {paused:.1f} in a greenlet;"
            f" a clone at the die's chance node and the outcome {cloned:.1f} straight,"
            f" {cloned_paused:.1f} in a greenlet (the paused run given up, the state rebuilt)"
        )
    print("tensors, OpenSpiel, the seat to move at every decision: us per tensor (asked)")
    for game in games:
        observation, information, asked = tensor_costs(loaded[game], range(1, 3))
        print(
            f"{game:<13} observation {observation:>7.1f}   information state"
            f" {information:>7.1f}   ({asked})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
