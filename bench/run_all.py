"""Run every benchmark in bench/ (``make bench``); each prints its own ratios and figures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    here = Path(__file__).parent
    for path in sorted(here.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n=== {path.name} ===", flush=True)
        module.main(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
