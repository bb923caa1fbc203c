"""Golden playthroughs: seeded random games recorded to a file.

Any change of behaviour (rules, component data, the order of legal actions or
chance outcomes) shows up here as a difference that must be explained, and the
file regenerated on purpose with ``python -m tests.age_of_galaxy.test_golden``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg

PATH = Path(__file__).parent / "golden_playthroughs.json"
GOLDEN = json.loads(PATH.read_text("utf-8"))


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: f"{r['players']}p-{r['options']}-seed{r['seed']}")
def test_golden_playthroughs_are_unchanged(record: dict[str, Any]) -> None:
    game = bg.make("age-of-galaxy", players=record["players"], **record["options"])
    playout = bg.random_playout(game, record["seed"])
    assert playout.length == record["length"]
    assert list(playout.final.scores()) == record["scores"]
    assert list(playout.replay.actions[-5:]) == record["last_actions"]
    assert bg.Replay.from_json(playout.replay.to_json()).run() == playout.final


def record() -> None:
    """Re-record every playthrough in the file (same games, options and seeds)."""
    records = []
    for old in GOLDEN:
        game = bg.make("age-of-galaxy", players=old["players"], **old["options"])
        playout = bg.random_playout(game, old["seed"])
        records.append({
            "players": old["players"],
            "options": old["options"],
            "seed": old["seed"],
            "length": playout.length,
            "scores": list(playout.final.scores()),
            "last_actions": list(playout.replay.actions[-5:]),
        })
    PATH.write_text(json.dumps(records, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    record()
