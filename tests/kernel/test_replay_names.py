"""A replay may keep the names of who sat where (the bots or the players)."""

from __future__ import annotations

import json

import pytest

import boardgames as bg

from .toy import ToyGame

bg.register_game("toy-race", ToyGame)


def test_names_round_trip_and_are_optional() -> None:
    record = bg.play("toy-race", ["greedy", "random"], seed=3)
    assert record.replay.names == ("greedy", "random")
    text = record.replay.to_json()
    assert json.loads(text)["names"] == ["greedy", "random"]
    assert bg.Replay.from_json(text) == record.replay
    unnamed = bg.random_playout(bg.make("toy-race", players=2), 3).replay
    assert unnamed.names is None and "names" not in json.loads(unnamed.to_json())
    assert bg.Replay.from_json(unnamed.to_json()).names is None


@pytest.mark.parametrize("names", [["greedy"], "greedy,random", [1, 2], ["a", None]])
def test_bad_names_are_a_serialization_error(names: object) -> None:
    doc = json.loads(bg.play("toy-race", ["greedy", "random"], seed=3).replay.to_json())
    doc["names"] = names
    with pytest.raises(bg.SerializationError, match="names"):
        bg.Replay.from_json(json.dumps(doc))
