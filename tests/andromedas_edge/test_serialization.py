"""JSON round trips, validation, hidden information and log lines."""

from __future__ import annotations

import json

import numpy as np
import pytest

import boardgames as bg
from boardgames.kernel.driver import random_playout
from tests.andromedas_edge.helpers import game, started


def _register() -> None:
    from boardgames.kernel.registry import available_games, register_game

    if "andromedas-edge" not in available_games():
        from boardgames.games.andromedas_edge import AndromedasEdge

        register_game("andromedas-edge", AndromedasEdge)


def test_json_round_trip_through_a_game() -> None:
    _register()
    g = game(3, special_regions="vortexes", destiny=True)
    states = []
    random_playout(g, 2, on_state=states.append)
    for state in states[::97]:
        assert bg.from_json(bg.to_json(state)) == state


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("vp", "many"),
        ("tdeck", [0] * 10),
        ("phase", 9),
        ("tasks", [[999, 0, 0, 0]]),
        ("market", [[-1, -1, -1]] * 4),
        ("station", [[0, 1, 2, 3, 999]] * 2),
        ("irow", [[2], [1]]),
        ("irow", [1, 1]),
        ("rearranged", 1),
        ("tasks", [[28, 0, 0, 0]]),
    ],
)
def test_tampered_json_is_rejected(field: str, value: object) -> None:
    _register()
    state = started(2)
    doc = json.loads(bg.to_json(state))
    doc["state"][field] = value
    with pytest.raises(bg.SerializationError):
        bg.from_json(json.dumps(doc))


def test_views_hide_hands_destiny_and_tokens() -> None:
    state = started(2, destiny=True)
    p = state.active
    hands = [list(h) for h in state.hands]
    deck = list(state.tdeck)
    hands[1 - p][0] += 1
    deck[0] -= 1
    from tests.andromedas_edge.helpers import with_fields

    a = with_fields(state, hands=hands, tdeck=deck)
    hands2 = [list(h) for h in state.hands]
    deck2 = list(state.tdeck)
    hands2[1 - p][5] += 1
    deck2[5] -= 1
    b = with_fields(state, hands=hands2, tdeck=deck2)
    assert a.view(p) == b.view(p)
    assert a.view(1 - p) != b.view(1 - p)
    g = state.game
    assert np.array_equal(g.observation_tensor(a, p), g.observation_tensor(b, p))
    resampled = g.resample(a.view(p), np.random.default_rng(1))
    assert resampled.view(p) == a.view(p)


def test_describe_hides_other_players_draws() -> None:
    state = started(2)
    p = state.active
    from boardgames.games.andromedas_edge.state import Task
    from tests.andromedas_edge.helpers import with_fields

    drawing = with_fields(state, tasks=[(Task.DRAW, p, 1, 0), (Task.MAIN, p, 0, 0)])
    action = drawing.chance_outcomes()[0][0]
    g = state.game
    assert "draws a tactics card:" in g.describe_action(drawing, action, p)
    assert g.describe_action(drawing, action, 1 - p).endswith("draws a tactics card")


def test_render_and_score_breakdown_and_heuristic() -> None:
    g = game(2)
    final = random_playout(g, 5).final
    text = g.render(final)
    assert "Andromeda's Edge" in text and "station" in text
    table = g.score_breakdown(final)
    assert "VP track" in table and "developments" in table
    assert all(0.0 <= g.heuristic(final, p) <= 1.0 for p in range(2))
    assert sum(final.returns()) == pytest.approx(1.0)


def test_conformance_small() -> None:
    _register()
    from boardgames.kernel.conformance import check_game

    report = check_game("andromedas-edge", seeds=range(2), view_every=20, json_every=30)
    assert report.games_played == 6


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"top": [0], "top_seen": []}, "top_seen must hold who has seen each"),
        ({"top": [999], "top_seen": [1]}, "top holds 999, not a card kind"),
        ({"bottom": [0], "bottom_seen": [0]}, "bottom_seen holds 0"),
        ({"bottom": [0], "bottom_seen": [4]}, "bottom_seen holds 4"),  # a third player, in a 2-player game
        ({"bottom": [0], "bottom_seen": [-1]}, "bottom_seen holds -1"),
        ({"counts": [1]}, "counts must hold one count per kind"),
        ({"counts": "two of each"}, "counts must be >= 0 and at most 1"),
        ({"extra": []}, "expected an object with exactly"),
    ],
)
def test_a_tampered_event_deck_is_rejected_by_part(change: dict[str, object], message: str) -> None:
    # The event deck is the kernel's Deck, read back with Deck.from_data.
    _register()
    doc = json.loads(bg.to_json(started(2)))
    deck = doc["state"]["edeck"]
    if change.get("counts") == "two of each":  # each event card exists once
        change = {"counts": [2] * len(deck["counts"])}
    deck.update(change)
    with pytest.raises(bg.SerializationError, match=message):
        bg.from_json(json.dumps(doc))
