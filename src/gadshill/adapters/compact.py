"""A state's pickle without what every state of its game shares (issue 31, item 3).

OpenSpiel serializes a Python state as its action history and a pickle of its
``__dict__``. Pickled plainly, an adapted state carried its game's vocabulary
(the :class:`~gadshill.adapters.actions.Speller`), the data pack's tables in the
native state and in every kept copy of it, and a solver cache: 283 kB of text for
a Gads Hill state after 365 decisions (``bench/state_sizes.py``). Here those shared
objects are pickled as names (pickle's persistent ids) and found again by the same
names when the state is read back: the game's parts (:func:`register`, by each
loaded game) and the pack objects a newly dealt state holds (the attributes that
are the very same object in two games dealt apart). What is left is compressed.

>>> from gadshill.adapters.setting import setting
>>> game = setting("sutters-mill", players=2)
>>> state = game.new_game(3)
>>> packed = dumps({"native": state}, game, {})
>>> loads(packed, game, {})["native"].snapshot() == state.snapshot()
True
"""

from __future__ import annotations

import io
import pickle
import zlib
from collections.abc import Mapping
from typing import Any

from gadshill.adapters.setting import Setting

#: what is never a pack object, however it is shared (small, or pickled by value anyway)
_PLAIN = (int, float, str, bool, bytes, tuple, frozenset, type(None))
#: setting -> the pack objects its dealt states share, by name
_PACKS: dict[tuple[Any, ...], dict[str, Any]] = {}
#: setting -> the parts of its first loaded game (vocabulary, digests...), by name
_PARTS: dict[tuple[Any, ...], dict[str, Any]] = {}


def key(game: Setting) -> tuple[Any, ...]:
    """A hashable key of a setting (its options are a dict)."""
    options = tuple(sorted(game.options.items()))
    return (game.spec.id, game.players, options, game.data, game.max_moves, game.max_decisions)


def register(game: Setting, parts: Mapping[str, Any]) -> None:
    """Name the parts every state of a loaded game shares (the first game's are kept)."""
    _PARTS.setdefault(key(game), dict(parts))


def parts(game: Setting) -> dict[str, Any] | None:
    """The registered parts of a game of this setting (None: no game loaded here)."""
    return _PARTS.get(key(game))


def pack_objects(game: Setting) -> dict[str, Any]:
    """The objects of the data pack that every dealt state of ``game`` holds, by name."""
    found = _PACKS.get(key(game))
    if found is None:
        first = getattr(game.new_game(0), "__dict__", {})
        second = getattr(game.new_game(1), "__dict__", {})
        found = _PACKS[key(game)] = {
            f"pack.{name}": value
            for name, value in first.items()
            if value is second.get(name) and not isinstance(value, _PLAIN)
        }
    return found


def dumps(value: Any, game: Setting, shared: Mapping[str, Any]) -> bytes:
    """``value`` pickled with ``shared`` and the pack's objects as names, compressed."""
    names = {id(obj): name for name, obj in {**pack_objects(game), **shared}.items()}
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.persistent_id = lambda obj: names.get(id(obj))  # type: ignore[method-assign]
    pickler.dump(value)
    return zlib.compress(buffer.getvalue(), 6)


def loads(data: bytes, game: Setting, shared: Mapping[str, Any]) -> Any:
    """What :func:`dumps` pickled, its names resolved again."""
    objects = {**pack_objects(game), **shared}
    unpickler = pickle.Unpickler(io.BytesIO(zlib.decompress(data)))

    def persistent_load(name: str) -> Any:
        if name not in objects:
            raise pickle.UnpicklingError(f"a serialized state names {name!r}: not shared here")
        return objects[name]

    unpickler.persistent_load = persistent_load  # type: ignore[method-assign]
    return unpickler.load()
