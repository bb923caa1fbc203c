"""Development sessions: ``nox -s tests``, ``nox -s lint``, ``nox -s bench``."""

from __future__ import annotations

from pathlib import Path

import nox

nox.options.sessions = ["tests"]


@nox.session(python="3.11")
def tests(session: nox.Session) -> None:
    """The whole suite (rules, conformance, lint, types, docs, notebooks)."""
    session.install("-e", ".[dev]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session(python="3.11")
def lint(session: nox.Session) -> None:
    session.install("-e", ".[dev]")
    session.run("ruff", "check", "boardgames", "tests", "benchmarks", "tools", "noxfile.py")
    session.run("mypy", "--strict", "boardgames")
    session.run("ruff", "check", "examples/plugin-game")
    session.run("ruff", "check", *sorted(str(path) for path in Path("examples").glob("*.ipynb")))


@nox.session(python="3.11")
def bench(session: nox.Session) -> None:
    """Speed of random playouts (and OpenSpiel's backgammon for comparison)."""
    session.install("-e", ".[dev,openspiel]")
    session.run("python", "benchmarks/speed.py", *session.posargs)
