"""Golden playthroughs: seeded random games recorded to a file.

Any change of behaviour (rules, the order of legal actions or of chance
outcomes, an action's text) shows up here as a difference that must be
explained; re-record on purpose with ``python tests/test_golden.py`` (from
``examples/plugin-game``) after a deliberate rules change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from boardgames.kernel.driver import random_playout

from asteroid_rush import AsteroidRush

GOLDEN = Path(__file__).parent / "golden" / "playthroughs.json"
CASES = [(players, seed) for players in (2, 3, 4) for seed in range(4)]


def record(players: int, seed: int) -> dict[str, Any]:
    """One random game: its length, its scores and a hash of every action's text, in order."""
    playout = random_playout(AsteroidRush(players), seed)
    actions = "\n".join(playout.replay.actions)
    return {
        "players": players,
        "seed": seed,
        "length": playout.length,
        "scores": list(playout.final.scores()),
        "actions_sha256": hashlib.sha256(actions.encode()).hexdigest(),
    }


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_playthrough(players: int, seed: int) -> None:
    recorded = {(r["players"], r["seed"]): r for r in json.loads(GOLDEN.read_text("utf-8"))}
    assert record(players, seed) == recorded[(players, seed)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([record(*case) for case in CASES], indent=1) + "\n", "utf-8")
