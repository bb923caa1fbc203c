"""Lint and strict typing are part of the test suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_check() -> None:
    # the notebooks' code cells too (ruff reads .ipynb files); the plug-in example has its own settings
    notebooks = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "examples").glob("*.ipynb"))
    assert notebooks
    result = run("ruff", "check", "boardgames", "tests", "benchmarks", "tools", "noxfile.py", *notebooks)
    assert result.returncode == 0, result.stdout + result.stderr


# The two mypy runs share mypy's cache directory: one worker runs both, one after the other.
@pytest.mark.xdist_group("mypy")
def test_mypy_strict() -> None:
    result = run("mypy", "--strict", "boardgames")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.xdist_group("mypy")
def test_plugin_example_lint_and_types() -> None:
    """The plug-in example (its own ruff settings, in its pyproject) is held to the same standard."""
    example = "examples/plugin-game"
    result = run("ruff", "check", example)
    assert result.returncode == 0, result.stdout + result.stderr
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", f"{example}/asteroid_rush", f"{example}/tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "MYPYPATH": f"{example}:{example}/tests"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
