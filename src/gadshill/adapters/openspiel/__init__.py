"""The three games as OpenSpiel Python games.

``import gadshill.adapters.openspiel`` registers ``gadshill_gads_hill``,
``gadshill_sutters_mill`` and ``gadshill_sticky_gulch``:

>>> import pyspiel
>>> import gadshill.adapters.openspiel
>>> game = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the setup's shuffles are chance nodes
True

Sequential, imperfect information, explicit chance: every shuffle and die the
engine asks of its generator becomes chance nodes (a shuffle of n pieces is
n - 1 deals, each choosing one of the pieces left; a die is one node with a
uniform outcome per face), through :func:`gadshill.rules.rng.chance_source`
and a scripted generator, so no game changes. Actions are the words of the
move notation (:mod:`gadshill.adapters.actions`). ``returns()`` gives each
seat its share of the win (1, or 1/k for k tied winners, else 0): constant-sum.

Parameters: ``players``, ``max_moves``, ``pack`` (a data pack folder) and every
option of the game's spec (``length``, ``variant``...), checked by
:mod:`gadshill.adapters.setting`. A game stops at ``max_moves`` native moves (by
default the measured bound) or at ``max_game_length`` decisions, whichever comes
first; a game stopped so is a draw, 1/n to each of the n seats (still
constant-sum). Sticky Gulch ends only by retirements, so a degenerate policy can
play it for ever:

>>> capped = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2, "max_moves": 50})
>>> state = capped.new_initial_state()
>>> while not state.is_terminal():  # the lowest action, the first chance outcome
...     chance = state.is_chance_node()
...     state.apply_action(state.chance_outcomes()[0][0] if chance else state.legal_actions()[0])
>>> state.truncated(), state.moves <= 50, state.returns()
(True, True, [0.5, 0.5])

Observation tensors are the game's own (:mod:`gadshill.adapters.tensors`, the
same as PettingZoo's). ``information_state_string(player)`` is perfect recall in
a few dozen characters: the seat, its move count, the words it has chosen of a move
it is spelling and a digest of what it saw (and, of its own moves, what it played)
after every move so far. ``information_state_tensor(player)`` is features: the
observation now and one one-hot plane per past decision of every seat as the seat
saw it (:mod:`gadshill.adapters.history`; perfect recall on every mini variant, the
last decisions on a full game). ``resample_from_infostate`` samples a full state
the seat cannot tell from the real one (the native ``determinize``), so OpenSpiel's
``ISMCTSBot`` runs as is. An action that is not legal raises ``ValueError`` and changes nothing.

The bridge by job, each module importing only those listed after it (an
import-linter contract): :mod:`.game` (the game type, the game, registration),
:mod:`.state` (the ``pyspiel.State`` face, resampling), :mod:`.observers` (tensors and
strings), :mod:`.core` (the state's core, its copy and pickle), :mod:`.answers` (who
acts, legal actions, applying one) and :mod:`.memory` (observations, history
digests), :mod:`.playing` (the native game behind the words, moves and chance played),
:mod:`.chain` (the moves kept, earlier positions rebuilt), :mod:`.chance` (scripted
draws as chance nodes, the paused engine).
"""

from gadshill.adapters.openspiel.chain import _Native
from gadshill.adapters.openspiel.chance import (
    DRAWS_PREDICTED,
    MAX_CHANCE_OUTCOMES,
    SPENT,
    ChanceError,
    NeedChance,
    Report,
    ScriptedRandom,
    _scripted,
)
from gadshill.adapters.openspiel.core import _Core
from gadshill.adapters.openspiel.game import GadshillGame, parameters, short_name
from gadshill.adapters.openspiel.observers import InfoStateObserver, Observer
from gadshill.adapters.openspiel.playing import CHANCE, CHECKPOINT_EVERY, TERMINAL
from gadshill.adapters.openspiel.state import RESAMPLE_ATTEMPTS, GadshillState

__all__ = [
    "CHANCE",
    "CHECKPOINT_EVERY",
    "DRAWS_PREDICTED",
    "MAX_CHANCE_OUTCOMES",
    "RESAMPLE_ATTEMPTS",
    "SPENT",
    "TERMINAL",
    "ChanceError",
    "GadshillGame",
    "GadshillState",
    "InfoStateObserver",
    "NeedChance",
    "Observer",
    "Report",
    "ScriptedRandom",
    "parameters",
    "short_name",
]

# (the names states serialized before the split pickled, so that they still load)
_OLD_PICKLED_NAMES = (_Core, _Native, _scripted)
