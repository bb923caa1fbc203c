"""``game.position(...)``: positions by hand in the rulebook's terms, checked by
the same validator as JSON loading."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames as bg
from boardgames.games.andromedas_edge.state import BAY, SCRAPPED, Task


def _game(players: int = 2, **options: Any) -> Any:
    return bg.make("andromedas-edge", players=players, **options)


def test_position_sets_each_part_in_the_rulebooks_terms() -> None:
    g = _game(3)
    state = g.position(
        to_act="Blue",
        factions={"Red": "Korr Warhost"},
        resources={"Blue": {"energy": 4, "credits": 2}},
        vp={0: 12},
        tracks={0: {"industry": 4}},
        ships={"Blue": {"transport 1": "A1", "fighter": "launch bay", "transport 2": "scrapyard"}},
        modules={0: ["Smelter", "Trade Depot"]},
        damaged={0: [2]},
        claimed_moons={1: [1]},
        slotted_moons={0: {5: 3, "tactical operations": 5, "industry half-moon slot 1": 2}},
        hands={2: {"Salvage Run": 2}},
        raiders={"S": ["N1", "N2"], "A": "B3", "D": None},
    )
    comps = g.components
    assert state.current_player == 1 and state.tasks == ((Task.MAIN, 1, 0, 0),)
    assert comps.factions[state.faction[0]].name == "Korr Warhost"
    assert all(f >= 0 for f in state.faction)  # everyone has kept a faction
    assert state.res[1][0] == 4 and state.res[1][4] == 2 and state.vp[0] == 12
    assert state.tracks[0][1] == 4
    assert state.ships[1][:2] == (0, SCRAPPED) and state.ships[1][6] == BAY
    assert [comps.modules[k].name for k in state.station[0][4:]] == ["Smelter", "Trade Depot"]
    assert state.mdmg[0][2] == 1 and state.claimed[1] == (1,)
    assert state.mmoon[0][5] == 3 and state.tacops[0] == 5 and state.half[0][0] == 2
    salvage = next(k for k, t in enumerate(comps.tactics) if t.name == "Salvage Run")
    assert state.hands[2][salvage] == 2
    standees = g.class_standees
    assert [state.rpos[i] for i in standees[0][:2]] == [g.spaces, g.spaces + 1]
    assert state.rpos[standees[1][0]] == 8 and state.rpos[standees[4][0]] == -1
    # the position is a state like any other: it serializes and plays
    assert bg.from_json(bg.to_json(state)) == state
    assert state.legal_actions()


def test_position_defaults_to_a_fresh_game_after_the_faction_choices() -> None:
    g = _game(2)
    fresh = g.new_game(4)
    state = g.position(seed=4)
    assert state.layout == fresh.layout and state.market == fresh.market and state.rpos == fresh.rpos
    assert state.current_player == fresh.active
    assert [state.faction[p] for p in range(2)] == [fresh.offers[p][0] for p in range(2)]


@pytest.mark.parametrize(
    ("parts", "words"),
    [
        ({"resources": {0: {"energy": -1}}}, "whole number"),
        ({"resources": {0: {"gold": 1}}}, "not a resource"),
        ({"ships": {0: {"transport 9": "A1"}}}, "not a ship"),
        ({"ships": {0: {"fighter": "N1"}}}, "Voyage"),
        ({"ships": {0: {"fighter": "Z9"}}}, "not a region"),
        ({"slotted_moons": {0: {2: 3}}}, "no moon slot"),
        ({"slotted_moons": {0: {"half": 3}}}, "not a moon slot"),
        ({"modules": {0: ["Shipwright"]}}, "core module"),
        ({"modules": {0: "Smelter"}}, "list of module names"),
        ({"raiders": {"S": ["A9"]}}, "not a region"),
        ({"raiders": {"Q": "A1"}}, "raider class"),
        ({"hands": {0: {"Salvage Run": 99}}}, "left in the tactics deck"),
        ({"vp": {0: 9999}}, "vp"),
        ({"vp": {7: 1}}, "not a player"),
        ({"factions": {"Red": "Nobody"}}, "not a faction"),
        ({"claimed_moons": {0: [1, 2, 4, 5, 6]}}, "5 moons"),
        ({"damaged": {0: [99]}}, "station place"),
        ({"to_act": "Purple"}, "not a player"),
        ({"seed": -1}, "seed"),
        ({"colonies": {}}, "unknown parts"),
    ],
)
def test_position_rejects_bad_or_impossible_parts(parts: dict[str, Any], words: str) -> None:
    with pytest.raises(bg.InvalidOptionError, match=words):
        _game(2).position(**parts)
