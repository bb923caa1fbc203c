"""JSON for Galaxy's Edge states and replays: exact round trips, tampering caught."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import boardgames as bg
from boardgames.kernel.driver import random_playout


def midgame() -> bg.State:
    game = bg.make("galaxys-edge", players=3)
    state = game.new_game(5)
    rng = bg.Sampler(5)
    for _ in range(120):
        if state.is_chance:
            state = state.apply(game.sample_chance(state, rng.generator))
        else:
            actions = state.legal_actions()
            state = state.apply(actions[rng.index(len(actions))])
    return state


def test_json_round_trip_is_exact() -> None:
    state = midgame()
    again = bg.from_json(bg.to_json(state))
    assert again == state
    assert again.legal_actions() == state.legal_actions()
    assert str(again) == str(state)


def test_json_of_a_custom_component_set_rebuilds_the_same_game() -> None:
    from .helpers import component_data

    game = bg.make("galaxys-edge", players=2, components=component_data({"D3": ("hive", [9])}))
    state = game.new_game(1)
    assert bg.from_json(bg.to_json(state)) == state


def tamper(change: Callable[[dict[str, Any]], None]) -> str:
    doc = json.loads(bg.to_json(midgame()))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="other"),
        lambda d: d.update(version=99),
        lambda d: d.update(game="chess"),
        lambda d: d.update(players=9),
        lambda d: d.update(fingerprint="0000"),
        lambda d: d["state"].pop("occupant"),
        lambda d: d["state"]["occupant"].__setitem__(0, 99),
        lambda d: d["state"]["hands"][0].__setitem__(0, 4),  # a card from nowhere
        lambda d: d["state"]["colonies_left"].__setitem__(0, 20),  # colonies from nowhere
        lambda d: d["state"].update(player=2, phase=2),  # a player at a chance node
        lambda d: d["state"].update(tiles=[0] * 30),
        lambda d: d["state"].update(moved="yes"),
        lambda d: d["state"]["flagships"].__setitem__(0, 31),
        lambda d: d["state"].update(choice={"chooser": 0, "options": [0], "then": 0}),
    ],
)
def test_tampered_json_raises_a_serialization_error(change: Callable[[dict[str, Any]], None]) -> None:
    with pytest.raises(bg.SerializationError):
        bg.from_json(tamper(change))


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"format": "boardgames/state"}', "1e999999"])
def test_corrupted_json_raises_a_serialization_error(text: str) -> None:
    with pytest.raises(bg.SerializationError):
        bg.from_json(text)


def test_replay_round_trip_and_verification() -> None:
    game = bg.make("galaxys-edge", players=2)
    playout = random_playout(game, 3)
    replay = bg.Replay.from_json(playout.replay.to_json())
    assert replay == playout.replay
    assert replay.run() == playout.final
    forged = json.loads(playout.replay.to_json())
    forged["scores"][0] += 1
    with pytest.raises(bg.ReplayError, match="re-runs to"):
        bg.Replay.from_json(json.dumps(forged)).run()
    forged = json.loads(playout.replay.to_json())
    forged["actions"][5] = "build colony A1a"
    with pytest.raises(bg.ReplayError, match="action 6"):
        bg.Replay.from_json(json.dumps(forged)).run()
