"""Golden playthroughs: seeded random games recorded to a file.

Any change of behaviour (rules, component data, the order of legal actions or
chance outcomes) shows up here as a difference that must be explained, and the
file regenerated on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg

GOLDEN = json.loads((Path(__file__).parent / "golden_playthroughs.json").read_text("utf-8"))


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: f"{r['players']}p-{r['options']}-seed{r['seed']}")
def test_golden_playthroughs_are_unchanged(record: dict[str, Any]) -> None:
    game = bg.make("age-of-galaxy", players=record["players"], **record["options"])
    playout = bg.random_playout(game, record["seed"])
    assert playout.length == record["length"]
    assert list(playout.final.scores()) == record["scores"]
    assert list(playout.replay.actions[-5:]) == record["last_actions"]
    assert bg.Replay.from_json(playout.replay.to_json()).run() == playout.final
