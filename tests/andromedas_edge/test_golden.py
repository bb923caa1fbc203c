"""Golden playthroughs: seeded random games recorded to files.

Any change in behaviour shows up as a difference that must be explained;
regenerate with ``python -m tests.andromedas_edge.test_golden`` after a
deliberate rules change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import boardgames as bg
from boardgames.kernel.driver import random_playout

GOLDEN = Path(__file__).parent / "golden" / "playthroughs.json"
CASES = [
    (2, 1, {}),
    (3, 2, {}),
    (4, 3, {}),
    (3, 4, {"special_regions": "quasars", "destiny": True}),
    (4, 5, {"teams": True, "special_regions": "vortexes", "event_deck": "Cosmic Twilight"}),
]


def record(players: int, seed: int, options: dict[str, object]) -> dict[str, object]:
    game = bg.make("andromedas-edge", players=players, **options)
    playout = random_playout(game, seed)
    actions = "\n".join(playout.replay.actions)
    return {
        "players": players,
        "seed": seed,
        "options": options,
        "length": playout.length,
        "scores": list(playout.final.scores()),
        "winners": sorted(playout.final.winners),
        "actions_sha256": hashlib.sha256(actions.encode()).hexdigest(),
    }


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_golden_playthrough(players: int, seed: int, options: dict[str, object]) -> None:
    recorded = {(r["players"], r["seed"]): r for r in json.loads(GOLDEN.read_text())}
    assert record(players, seed, options) == recorded[(players, seed)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([record(*case) for case in CASES], indent=1) + "\n")
