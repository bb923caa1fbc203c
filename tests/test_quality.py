"""Lint and strict typing are part of the test suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_check() -> None:
    result = run("ruff", "check", "boardgames", "tests", "benchmarks", "tools", "noxfile.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = run("mypy", "--strict", "boardgames")
    assert result.returncode == 0, result.stdout + result.stderr
