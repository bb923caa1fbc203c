"""The scripts of ``benchmarks/`` as modules, for the tests of the tools a speed change is checked with."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parent.parent
"""The checkout's root."""


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, imported (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"no benchmarks/{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
