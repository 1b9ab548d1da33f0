"""A script of bench/ loaded as a module, for tests that run its pieces on small inputs
(bench/ is not a package: its scripts run by path)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).parents[1] / "bench"


def bench_script(name: str) -> ModuleType:
    """``bench/<name>.py`` imported as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
