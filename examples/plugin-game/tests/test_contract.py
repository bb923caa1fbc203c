"""The library's contract: conformance, JSON validation, pictures and the terminal hooks."""

from __future__ import annotations

import json
from typing import Any

import boardgames as bg
import numpy as np
import pytest

from asteroid_rush import AsteroidRush
from asteroid_rush.state import Kind
from helpers import cards, position


@pytest.fixture(autouse=True)
def registered() -> None:
    """Run from a source checkout too: the entry point needs an installed package."""
    if "asteroid-rush" not in bg.available_games():
        bg.register_game("asteroid-rush", AsteroidRush)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    report = bg.check_game("asteroid-rush", seeds=range(4), players=[players])
    assert report.games_played == 4 and report.player_counts == (players,)


def test_catalogue_texts_parse_back() -> None:
    game = bg.make("asteroid-rush", players=2)
    for action_id, action in enumerate(game.catalogue):
        assert game.parse_action(str(action)) == action
        assert game.action_id(action) == action_id
    assert str(game.parse_action("trade 2 ore for 1 ice")) == "trade 2 ore for 1 ice"
    with pytest.raises(bg.InvalidActionError):
        game.parse_action("fly to Z9")


def test_illegal_action_changes_nothing() -> None:
    state = position(phase="work")
    with pytest.raises(bg.IllegalActionError):
        state.apply_text("mine")  # on the station
    assert state.phase == "work"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("holds", [[5, 0, 0], [0, 0, 0]]),  # above the hold's cap
        ("deck", [2] * 12),  # the dealt hull plating and coolant counted twice
        ("hands", [["lenses", "laser", "drill", "coolant"], ["coolant"]]),  # above the hand limit
        ("steps", [[Kind.DISCARD, 0], [Kind.FLY, 0], [Kind.WORK, 0], [Kind.END_TURN, 0]]),  # no rolled 6
        ("steps", [[9, 0]]),  # no such step
        ("steps", [[Kind.WORK, 0], [Kind.END_TURN, 0], [Kind.ROLL, 1]]),  # not what the turn order queues
        ("steps", [[Kind.FLY, 1], [Kind.WORK, 1], [Kind.END_TURN, 1]]),  # not the active player's turn
        ("last_roll", 0),  # play began but nothing was rolled
    ],
)
def test_tampered_json_is_rejected(field: str, value: Any) -> None:
    state = position()
    doc = json.loads(bg.to_json(state))
    if field == "hands":
        value = [list(cards(*hand)) for hand in value]
    doc["state"][field] = value
    with pytest.raises(bg.SerializationError):
        bg.from_json(json.dumps(doc))


def test_json_knows_the_game_ends_with_the_round_of_the_target() -> None:
    fourteen = [["reactor", "telescope", "drill"], []]
    assert position(active=1, delivered=fourteen).ending
    with pytest.raises(bg.SerializationError, match="target was reached"):
        position(active=0, round=2, delivered=fourteen)


def test_json_round_trip() -> None:
    state = position(phase="work", holds=[[1, 2, 3], [0, 4, 0]], hands=[["reactor"], ["drill", "lenses"]])
    assert bg.from_json(bg.to_json(state)) == state


def test_pictures() -> None:
    state = position(phase="work", positions=["B2", "C3"], hands=[["reactor"], ["drill"]])
    game = state.game
    text = game.render(state)
    assert "B2 ice 5 [0]" in text and "reactor" in text and "drill" in text
    svg = game.render_svg(state, last_action=game.parse_action("fly to B2"))
    assert svg.startswith("<svg") and "reactor" in svg
    view_svg = game.render_svg(state.view(0))
    assert "reactor" in view_svg and "drill" not in view_svg and "1 hidden" in view_svg


def test_terminal_hooks() -> None:
    state = position(phase="work", holds=[[2, 0, 0], [0, 0, 0]])
    game = state.game
    view = state.view(0)
    assert "Work at C3" in game.decision_text(view)
    assert game.action_group(game.parse_action("trade 2 ore for 1 ice")) == "At the station"
    assert game.action_group(game.parse_action("fly to A1")) == "Fly"
    assert "hull plating: 2 ore -> 2 points" in game.help_text(view)
    assert 0.0 <= game.heuristic(state, 0) <= 1.0
    assert game.observation_tensor(state, 1).shape == game.observation_shape
    assert game.observation_tensor(state, 1).dtype == np.float32


def test_positions_by_hand_in_the_rules_terms() -> None:
    game = AsteroidRush(3)
    state = game.position(
        phase="fly",
        active=1,
        round=2,
        ships=["B1", "C3", "E3"],
        holds=[{"ore": 4, "ice": 3}, {}, {"crystal": 4, "ice": 4}],
        hands=[["reactor"], [], ["drill", "drill"]],
        delivered=[[], ["lenses"], []],
        flares=[2, 0],
        last_roll=6,
    )
    assert state.current_player == 2 and state.active == 1 and state.round == 2
    assert state.view(0).flares == (2, 0)
    assert state.hold(2) == (0, 4, 4) and state.hands[2] == cards("drill", "drill")
    assert state.deck[cards("drill").index(1)] == 0
    assert bg.from_json(bg.to_json(state)) == state
    drawing = game.position(phase="draw", active=2, hands=[[], [], ["coolant"]], last_roll=2)
    assert drawing.current_player == bg.CHANCE and drawing.front == (Kind.DRAW, 2)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"ships": ["Z9", "C3"]}, "ships\\[0\\]: 'Z9' is not one of"),
        ({"hands": [["reactor", "reactor"], []], "delivered": [[], ["reactor"]]}, "copies of reactor"),
        ({"hands": [["reactor", "lenses", "drill", "laser"], []]}, "more than 3 contracts"),
        ({"holds": [{"gold": 1}, {}]}, "holds\\[0\\]: 'gold'"),
        ({"holds": [{"ore": 5}, {}]}, "must be an int in 0..4"),
        ({"flares": [0], "last_roll": 6}, "under the flare limit"),
        ({"flares": [0], "phase": "work"}, "only before the flight"),
        ({"phase": "deal"}, "phase must be one of"),
        ({"active": 2}, "active must be a seat"),
        ({"ships": ["C3"]}, "one per seat"),
    ],
)
def test_positions_that_the_rules_cannot_reach_are_refused(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(bg.InvalidOptionError, match=message):
        AsteroidRush(2).position(**setup)
