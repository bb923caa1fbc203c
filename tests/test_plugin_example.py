"""The plug-in example installs as a user installs it, and is then a game like the built-in ones.

``examples/plugin-game`` (Asteroid Rush) is installed into a temporary
directory with pip; a fresh interpreter with that directory on its path must
find the game through the ``boardgames.games`` entry point (nothing registers
it by hand), pass the conformance checker, play through the command line and
pass its own tests against the installed copy.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "plugin-game"

CHECK = """
import sys
from importlib.metadata import entry_points
import boardgames as bg
import asteroid_rush

target = sys.argv[1]
assert asteroid_rush.__file__.startswith(target), asteroid_rush.__file__
assert "asteroid-rush" in {ep.name for ep in entry_points(group="boardgames.games")}
assert "asteroid-rush" in bg.available_games(), bg.available_games()
game = bg.make("asteroid-rush", players=2)
assert type(game) is asteroid_rush.AsteroidRush
for players in (2, 3, 4):
    report = bg.check_game("asteroid-rush", seeds=range(3), players=[players])
    assert report.games_played == 3, report
print("checked")
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The example installed into a temporary directory, and an environment that sees it."""
    target = tmp_path_factory.mktemp("plugin")
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target)]
    if importlib.util.find_spec("hatchling") is not None:
        # the build backend is here already (the dev extra): no download, no isolated environment
        command.append("--no-build-isolation")
    done = subprocess.run([*command, str(EXAMPLE)], capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    path = os.pathsep.join([str(target), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return target, {**os.environ, "PYTHONPATH": path}


def run(env: dict[str, str], *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv], capture_output=True, text=True, timeout=300, env=env, cwd=cwd, check=False
    )


def test_found_through_the_entry_point_and_conforms(installed: tuple[Path, dict[str, str]]) -> None:
    target, env = installed
    done = run(env, "-c", CHECK, str(target), cwd=target)
    assert done.returncode == 0 and "checked" in done.stdout, done.stdout + done.stderr


def test_plays_from_the_command_line(installed: tuple[Path, dict[str, str]]) -> None:
    target, env = installed
    done = run(env, "-m", "boardgames", "play", "asteroid-rush", "--players", "3", "--seed", "2", cwd=target)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Asteroid Rush (asteroid-rush), 3 players, seed 2" in done.stdout
    assert "Blue is dealt" in done.stdout and "rolls" in done.stdout
    listed = run(env, "-m", "boardgames", "list", cwd=target)
    assert "asteroid-rush" in listed.stdout, listed.stdout + listed.stderr


def test_its_own_tests_pass_on_the_installed_copy(installed: tuple[Path, dict[str, str]]) -> None:
    target, env = installed
    # run from the install directory, so the tests import the installed package, not the source
    done = run(env, "-m", "pytest", "-p", "no:cacheprovider", str(EXAMPLE / "tests"), cwd=target)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "failed" not in done.stdout
