"""One validator for `game.position(...)` and JSON loading: bad input is a library error, never a raw one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import boardgames as bg
from boardgames import BoardGameError, InvalidOptionError, SerializationError
from boardgames.games.galaxys_edge.components import EventCard, Species
from boardgames.games.galaxys_edge.state import Phase
from boardgames.kernel.driver import random_playout
from tests.tamper import play_to_the_end, tamper


def _game(players: int = 2) -> Any:
    return bg.make("galaxys-edge", players=players)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bans": {0: "Z9"}}, "not a sector name"),
        ({"bans": {0: ["D3"]}}, "not a sector name"),
        ({"flagships": (99, 0)}, "flagship position"),
        ({"flagships": ("D3",)}, "give 2 flagship positions"),
        ({"bases": {"A1a": 1}}, "must be \\(owner, class\\)"),
        ({"bases": {"A1a": (0, 4)}}, "base class"),
        ({"colonies": {"A1a": 0}, "bases": {"A1a": (1, 1)}}, "a colony and a base"),
        ({"colonies": {"A1a": True}}, "player must be"),
        ({"colonies": ["A1a"]}, "mapping"),
        ({"hands": ({EventCard.REBELLION: -1}, {})}, "hands\\[0\\]"),
        ({"hands": ({"rebellion": 1}, {})}, "not an EventCard"),
        ({"hands": ({EventCard.REBELLION: 99}, {})}, "hands\\[0\\]"),
        ({"embassy": {Species.WARGERS: {0: -2}}}, "embassy"),
        ({"forcefield": {0: 5}}, "forcefield"),
        ({"tiles": (0, 0)}, "every tile"),
        ({"active": 7}, "player must be"),
        ({"pledges": {Species.WARGERS: 5}}, "player must be"),
        ({"pledges": {"wargers": 0}}, "not a Species"),
    ],
)
def test_position_arguments_are_checked(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        _game().position(**arguments)


def test_position_pledges_follow_the_automatic_claim() -> None:
    """Loyalty Pledges: whoever has colonies in more sectors of a species than every other
    player claims its pledge, so a position may not give it to someone else."""
    game = _game()
    species = game.layout(tuple(range(len(game.components.tiles)))).species[game.sector("D3")]
    state = game.position(colonies={"D3a": 0})
    assert state.pledges[species] == 0
    with pytest.raises(InvalidOptionError, match="holds its loyalty pledge"):
        game.position(colonies={"D3a": 0}, pledges={Species(species): 1})


def test_position_forcefield_in_play_leaves_the_deck() -> None:
    game = _game()
    state = game.position(forcefield={1: 1})
    total = game.components.event_counts[EventCard.FORCEFIELD]
    assert state.deck[EventCard.FORCEFIELD] == total - 1
    assert bg.from_json(bg.to_json(state)) == state


def _document(state: bg.State) -> dict[str, Any]:
    return json.loads(bg.to_json(state))


def _choice_state() -> bg.State:
    game = _game(3)
    found: list[bg.State] = []

    def look(state: bg.State) -> None:
        if state.phase == Phase.CHOOSE:
            found.append(state)

    for seed in range(200):
        random_playout(game, seed, on_state=look)
        if found:
            return found[0]
    raise AssertionError("no choice of colonies in 200 games")


def test_a_choice_with_no_options_is_refused() -> None:
    doc = _document(_choice_state())
    doc["state"]["choice"]["options"] = []
    with pytest.raises(SerializationError, match="offers none"):
        bg.from_json(json.dumps(doc))


def test_a_placement_phase_with_every_flagship_placed_is_refused() -> None:
    game = _game()
    state = game.new_game(3)
    state = state.apply(state.legal_actions()[0])
    doc = _document(state)
    doc["state"]["placed"] = 2
    doc["state"]["player"] = state.start  # the next placer after both, counterclockwise
    doc["state"]["flagships"] = [f if f >= 0 else 0 for f in state.flagships]
    with pytest.raises(SerializationError, match="every flagship is placed"):
        bg.from_json(json.dumps(doc))


def test_pledges_contradicting_the_automatic_claim_are_refused() -> None:
    game = _game()
    species = game.layout(tuple(range(len(game.components.tiles)))).species[game.sector("D3")]
    doc = _document(game.position(colonies={"D3a": 0}))
    doc["state"]["pledges"][species] = 1
    with pytest.raises(SerializationError, match="holds its loyalty pledge"):
        bg.from_json(json.dumps(doc))
    doc["state"]["pledges"][species] = -1
    with pytest.raises(SerializationError, match="holds its loyalty pledge"):
        bg.from_json(json.dumps(doc))


def _saved_states() -> list[str]:
    game = _game(3)
    saved = [bg.to_json(game.new_game(4))]
    seen = [0]

    def keep(state: bg.State) -> None:
        seen[0] += 1
        if seen[0] % 3 == 0 or state.phase in (Phase.CHOOSE, Phase.PLACEMENT):
            saved.append(bg.to_json(state))

    random_playout(game, 5, on_state=keep)
    random_playout(game, 6, on_state=keep)
    return saved


SAVED = _saved_states()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st_.integers(0, len(SAVED) - 1),
    st_.integers(0, 10**6),
    st_.sampled_from(("delete", "+1", "-1", "shorten")),
)
def test_tampered_saved_games_are_refused_or_play_to_the_end(which: int, pick: int, how: str) -> None:
    """Delete a field, add or subtract 1, or shorten a list: a library error, or a game that ends."""
    doc = json.loads(SAVED[which])
    if not tamper(doc["state"], how, pick):
        return
    try:
        state = bg.from_json(json.dumps(doc))
    except BoardGameError:
        return
    play_to_the_end(state, pick)
