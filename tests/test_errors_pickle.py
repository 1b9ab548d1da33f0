"""Every GadshillError pickles (issue 18): a worker's error reaches the caller as itself.

A process pool or a Ray task sends an exception back pickled; an error whose
``__init__`` takes other parameters than its message used to fail to unpickle
(``DataError``), so the caller saw "BrokenProcessPool" or a hang instead.
"""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from typing import Any

import gadshill
from gadshill.errors import DataError, GadshillError
from gadshill.gads_hill.moves import Claim
from gadshill.rules.records import Refusal
from gadshill.rules.rulebook import IllegalMove, Violation
from gadshill.web.table import PublicRefusal

#: errors whose __init__ takes more than a message, built with real arguments
BUILT: dict[type[GadshillError], GadshillError] = {
    DataError: DataError("pack/cards.toml", "no such card", "card 7", "kind"),
    IllegalMove: IllegalMove("take 3", [Violation("NIM-1", "cannot take 3")]),
    PublicRefusal: PublicRefusal(
        Refusal(Claim("BANK", "S7"), 1, ("GH-8",)), 12, {"GH-8": "a STOP claim takes ..."}
    ),
}


def _every_error_class() -> list[type[GadshillError]]:
    for module in pkgutil.walk_packages(gadshill.__path__, "gadshill."):
        if not module.name.startswith("gadshill.adapters"):  # optional extras
            importlib.import_module(module.name)
    found: list[type[GadshillError]] = []
    todo: list[type[GadshillError]] = [GadshillError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _state(err: BaseException) -> dict[str, Any]:
    return {key: repr(value) for key, value in vars(err).items()}


def test_every_gadshill_error_round_trips_through_pickle() -> None:
    classes = _every_error_class()
    assert len(classes) > 10 and DataError in classes and IllegalMove in classes
    for cls in classes:
        err = BUILT.get(cls) or cls(f"a {cls.__name__} happened")
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is cls
        assert str(back) == str(err) and back.args == err.args
        assert _state(back) == _state(err), cls


def test_a_data_error_from_a_worker_process_arrives_whole() -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=1) as pool:
        future = pool.submit(_raise_data_error)
        err = future.exception(timeout=60)
    assert isinstance(err, DataError) and err.field == "value"
    assert str(err) == "rules.toml: table.value: must be a number"


def _raise_data_error() -> None:
    raise DataError("rules.toml", "must be a number", "table", "value")
