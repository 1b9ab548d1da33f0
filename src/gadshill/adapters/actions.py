"""Integer actions and observation vectors shared by the OpenSpiel and PettingZoo adapters.

A move is spelled as a short sequence of *words*, one integer action each: its
kind, then each field in order (an absent value is ``-``; a tuple is its items
followed by the word ``<end>``). The action space of a game is its fixed
vocabulary: ``<end>``, every move kind, ``-``, ``yes``, ``no``, the whole
numbers from -10 to the largest in the data pack, and every id in the data
pack, every word of the game's candidate moves (its move universe) and the
text constants of its modules (``up``, ``down``). So ``camp 14 3`` is three
actions (``camp``, ``14``, ``3``) and ``discard 13,21 JAIL S10`` is six. Legal
words at each step are those that extend the chosen prefix towards some legal
move; the move is played when the words spell a whole one. docs/research.md
lists the mapping in full.

The observation vector hashes the player's ``observation(player)`` (JSON) into
``OBS_SIZE`` buckets (feature hashing): each leaf adds its number, or 1 for its
text, in the bucket of its path; list positions are dropped so a hand is a bag.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec

END = "<end>"
NONE = "-"
OBS_SIZE = 512
LOWEST_INT = -10


def move_words(move: Move) -> tuple[str, ...]:
    """The words (actions) that spell ``move``."""
    words = [move.kind]
    for item in fields(move):
        value = getattr(move, item.name)
        if isinstance(value, tuple):
            words.extend(_word(v) for v in value)
            words.append(END)
        else:
            words.append(_word(value))
    return tuple(words)


def _word(value: object) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _leaves(value: Any) -> Iterable[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def vocabulary(spec: GameSpec) -> list[str]:
    """The game's action words in action-id order (fixed for a data pack)."""
    values = list(_leaves(spec.describe_pack(None)))
    ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    ids = sorted({v for v in values if isinstance(v, str) and 0 < len(v) <= 40 and " " not in v})
    words = [END, *sorted(spec.codec.classes), NONE, "yes", "no"]
    words += [str(n) for n in range(LOWEST_INT, max([0, *ints]) + 1)]
    words += ids
    # and every word of the game's candidate moves (its move universe)
    for players in (spec.min_players, spec.max_players):
        state = spec.new_game(players, 0, None, spec.resolve_options({}))
        words += sorted({w for move in state.candidate_moves() for w in move_words(move)})
    words += _package_words(spec.new_game.__module__.rpartition(".")[0])
    return list(dict.fromkeys(words))


def _package_words(package: str) -> list[str]:
    """Text constants of a game package's modules (a Sutter's Mill shift goes "up")."""
    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        if not name.startswith(package + ".") or module is None:
            continue
        for value in vars(module).values():
            items = value if isinstance(value, tuple) else (value,)
            found.update(
                v for v in items if isinstance(v, str) and v and " " not in v and len(v) <= 24
            )
    return sorted(found)


class Speller:
    """Legal words after a prefix, and the move a complete spelling names."""

    def __init__(self, spec: GameSpec):
        self.words = vocabulary(spec)
        self.ids = {word: index for index, word in enumerate(self.words)}

    def spellings(self, legal: Iterable[Move]) -> dict[tuple[int, ...], Move]:
        out: dict[tuple[int, ...], Move] = {}
        for move in legal:
            words = move_words(move)
            missing = [w for w in words if w not in self.ids]
            if missing:
                raise ValueError(f"move {move} uses words outside the action space: {missing}")
            out[tuple(self.ids[w] for w in words)] = move
        return out

    @staticmethod
    def next_words(spellings: dict[tuple[int, ...], Move], prefix: tuple[int, ...]) -> list[int]:
        size = len(prefix)
        return sorted({ids[size] for ids in spellings if len(ids) > size and ids[:size] == prefix})


def observation_vector(observation: Any, prefix: Iterable[int] = ()) -> list[float]:
    """A fixed-size vector of a JSON observation (feature hashing), plus the chosen prefix."""
    out = [0.0] * OBS_SIZE
    _hash_into(out, "", observation)
    for position, word in enumerate(prefix):
        out[_bucket(f"prefix/{position}={word}")] += 1.0
    return out


def _bucket(text: str) -> int:
    return zlib.crc32(text.encode()) % OBS_SIZE


def _hash_into(out: list[float], path: str, value: Any) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _hash_into(out, f"{path}/{key}", item)
    elif isinstance(value, list | tuple):
        out[_bucket(f"{path}#len")] += len(value)
        for item in value:
            _hash_into(out, f"{path}[]", item)
    elif isinstance(value, bool) or value is None or isinstance(value, str):
        out[_bucket(f"{path}={value}")] += 1.0
    elif isinstance(value, int | float):
        out[_bucket(path)] += float(value)
