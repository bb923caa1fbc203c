"""`game.position(...)` and the one validator it shares with JSON loading."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import boardgames as bg
from boardgames import BoardGameError, InvalidOptionError, SerializationError
from boardgames.games.warpgate.state import STEPS, WarpgateState
from boardgames.kernel.cards import cards_of
from boardgames.kernel.driver import random_playout
from tests.tamper import play_to_the_end, tamper
from tests.warpgate.helpers import game


def test_position_in_the_rulebooks_terms() -> None:
    g = game(3)
    s = g.position(
        ships={"Warpgate 1": (0, 3), "Aridia": (0, 2), "Brine": (1, 4)},
        outposts={"Aridia": 0}, colonies={"Brine": 1},
        technologies={2: ["Alien Imports"]}, trade_goods={1: (1, 2)},
        hands={0: ["Recon/Warp-in", "Skirmish/Research"]},
        objectives={0: ["Settlers"]}, turn=2, player=1,
        played={0: ["Advance/Control", "Advance/Control"], 1: ["Concentrate/Trade"], 2: ["Recon/Warp-in"]},
        promoted={1: ["Ambush"]},
    )
    t = s.t
    assert s.current_player == 1 and s.slot == 1
    assert s.supply == (7, 8, 12)
    assert s.marker[t.place_names.index("Aridia")] == 0 and s.colony[t.place_names.index("Brine")] == 1
    assert s.game.score_breakdown(s)["trade goods"] == (0.0, 9.0, 0.0)
    assert [t.card_names[c] for c in cards_of(s.hand[0])] == ["Recon/Warp-in", "Skirmish/Research"]
    assert t.tactic_names.index("Ambush") in cards_of(s.tactics[1])
    assert s.game.score_breakdown(s)["tactics"][1] == 2.0  # the faction hero and Ambush
    assert bg.from_json(bg.to_json(s)) == s
    play_to_the_end(s, 1)


def test_position_defaults_are_a_playable_start() -> None:
    for players in range(2, 7):
        g = game(players)
        s = g.position()
        assert s.current_player == 0 and s.legal_actions()
        assert all(len(cards_of(h)) == 5 for h in s.hand)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"ships": {"Atlantis": (0, 1)}}, "'Atlantis' is not one of"),
        ({"ships": {"Aridia": 3}}, "must be \\(player, count\\)"),
        ({"ships": {"Aridia": (5, 1)}}, "player of ships"),
        ({"ships": {"Aridia": (0, 13)}}, "count of ships"),
        ({"ships": {"Aridia": (0, 7), "Brine": (0, 7)}}, "more than 12 ships"),
        ({"ships": {"Warpgate 2": (0, 1)}}, "another player's warpgate"),
        ({"outposts": {"Aridia": 0}, "colonies": {"Aridia": 1}}, "outpost and a colony"),
        ({"outposts": {"Warpgate 1": 0}}, "marker on a warpgate"),
        ({"drones": {0: "Warpgate 2"}}, "research drone is on another player's warpgate"),
        ({"drones": {7: "Aridia"}}, "a player in drones"),
        ({"technologies": {0: "Alien Imports"}}, "list of names"),
        ({"technologies": {0: ["Alien Imports"]}, "available": ["Alien Imports"]}, "repeated"),
        ({"trade_goods": {0: (99, 0)}}, "unspent"),
        ({"factions": ["Nobody", "Nobody"]}, "factions"),
        ({"hands": {0: ["Recon/Warp-in"] * 9}}, "no more Recon/Warp-in"),
        ({"promoted": {0: ["Pitched Battle"]}}, "not a promotion card"),
        ({"objectives": {0: ["Settlers"], 1: ["Settlers"]}}, "already held"),
        ({"turn": 2}, "turn\\(s\\) this round"),
        ({"round": 0}, "round"),
        ({"turn": True}, "turn"),
        ({"player": "0"}, "player"),
        ({"ships": ["Aridia"]}, "mapping"),
        ({"hands": {0: []}}, "too few action cards"),
    ],
)
def test_position_refuses_what_the_rules_cannot_reach(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        game(2).position(**arguments)


def _mid_game(step: str, players: int = 3, seeds: range = range(40)) -> WarpgateState:
    g = game(players)
    found: list[WarpgateState] = []

    def look(state: object) -> None:
        if not found and isinstance(state, WarpgateState) and state.steps and STEPS[state.step[0]] == step:
            found.append(state)

    for seed in seeds:
        random_playout(g, seed, on_state=look)
        if found:
            return found[0]
    raise AssertionError(f"no {step} step in {len(seeds)} games")


def _tampered(state: WarpgateState, edit: dict[str, Any]) -> str:
    doc = json.loads(bg.to_json(state))
    doc["state"].update(edit)
    return json.dumps(doc)


def test_a_pending_move_from_no_place_is_refused() -> None:
    s = _mid_game("destination")
    steps = json.loads(bg.to_json(s))["state"]["steps"]
    steps[0][4] = -1  # origin
    with pytest.raises(SerializationError, match="origin"):
        bg.from_json(_tampered(s, {"steps": steps}))


def test_a_warp_in_beyond_the_turns_multiplier_is_refused() -> None:
    s = _mid_game("warp-in")
    steps = json.loads(bg.to_json(s))["state"]["steps"]
    steps[0][2] = 9  # X
    with pytest.raises(SerializationError, match="X is 9"):
        bg.from_json(_tampered(s, {"steps": steps}))


def test_ships_on_another_players_warpgate_are_refused() -> None:
    """"You may never move to another player's Warpgate under any circumstances." """
    g = game(2)
    s = g.new_game(0)
    t = s.t
    owner, ships = list(s.owner), list(s.ships)
    gate = t.gate[1]
    owner[gate] = 0
    supply = [s.supply[0] - 2, s.supply[1] + ships[gate]]
    ships[gate] = 2
    with pytest.raises(SerializationError, match="another player's warpgate"):
        bg.from_json(_tampered(s, {"owner": owner, "ships": ships, "supply": supply}))


def _saved_states() -> list[str]:
    g = game(3)
    saved: list[str] = [bg.to_json(g.new_game(4))]

    def keep(state: object) -> None:
        if isinstance(state, WarpgateState) and len(saved) < 40 and state.turn % 3 == 1:
            saved.append(bg.to_json(state))

    random_playout(g, 5, on_state=keep)
    return saved


SAVED = _saved_states()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
