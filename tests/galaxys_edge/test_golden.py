"""Golden playthroughs: seeded games recorded to files.

Any change in the rules' behaviour shows up here as a diff.  If a change is
intended, explain it in the commit and re-record the files with
``python -m tests.galaxys_edge.test_golden``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import boardgames as bg
from boardgames.kernel.driver import random_playout

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_to_the_recorded_result(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    replay = bg.Replay.from_json(path.read_text("utf-8"))
    final = replay.run()
    assert hashlib.sha256(bg.to_json(final).encode()).hexdigest() == doc["final_state_sha256"]
    # The same seed still produces the same game with the seeded random driver.
    again = random_playout(bg.make("galaxys-edge", players=replay.players), replay.seed or 0)
    assert again.replay.actions == replay.actions


def record() -> None:
    for players, seed in ((2, 101), (3, 202), (4, 303)):
        playout = random_playout(bg.make("galaxys-edge", players=players), seed)
        doc = json.loads(playout.replay.to_json())
        doc["final_state_sha256"] = hashlib.sha256(bg.to_json(playout.final).encode()).hexdigest()
        (GOLDEN / f"{players}p-seed{seed}.json").write_text(json.dumps(doc, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    record()
