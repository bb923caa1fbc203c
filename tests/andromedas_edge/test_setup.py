"""Game Setup and Player Setup."""

from __future__ import annotations

import pytest

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.state import BAY, SUPPLY, Task
from tests.andromedas_edge.helpers import game, play, said, started, texts


@pytest.mark.parametrize(("players", "planets"), [(2, 4), (3, 6), (4, 8)])
def test_starting_regions_planets_by_player_count(players: int, planets: int) -> None:
    state = game(players).new_game(3)
    tiles = [t for t in state.layout if t >= 0]
    assert sum(1 for t in tiles if t < 15) == planets
    assert sorted(t for t in tiles if t >= 15) == list(range(15, 21))
    # laid out from the top left, left to right, top to bottom
    assert state.layout[: planets + 6] == tuple(tiles)
    assert sum(state.planet_stack) == 15 - planets


def test_moon_tokens_three_per_planet_and_one_per_nebula() -> None:
    state = game(3).new_game(1)
    g = state.game
    for r, code in enumerate(state.layout):
        if 0 <= code < 15:
            assert state.moon_top[r] >= 0 and state.moon_hidden[r] == 2
            assert g.components.moons[state.moon_top[r]].colour == g.components.planets[code].type
    for r in range(g.spaces, g.regions):
        assert g.components.moons[state.moon_top[r]].colour == 5


def test_starting_raiders_two_s_class_on_rolled_nebulae() -> None:
    state = game(2).new_game(5)
    g = state.game
    placed = [r for r in state.rpos if r >= 0]
    assert len(placed) == 2 and all(r >= g.spaces for r in placed)
    assert [g.components.raiders[c].cls for c in state.raider_cards] == [0, 1, 2, 3, 4]
    assert g.components.raiders[state.raider_cards[0]].name == "Vorticon Strikers"


def test_modules_progress_tracks_and_supply() -> None:
    state = game(4).new_game(0)
    assert all(k >= 0 for col in state.market for k in col)
    assert [sum(s) for s in state.dstacks] == [5, 5, 5]
    assert len(state.stokens) == 3 and min(state.stokens) >= 0
    assert sum(state.tdeck) == 80
    assert sum(state.edeck.counts) == 10 and state.edeck.size == 10


def test_player_setup_ships_leaders_and_start_positions() -> None:
    state = game(3).new_game(2)
    g = state.game
    for p in range(3):
        assert state.ships[p].count(BAY) == 3 and state.ships[p].count(SUPPLY) == 6
        bases = g.base_regions(state.layout)
        assert all(state.leaders_on[p][r] == 1 for r in bases)
        assert sum(state.leaders_on[p][g.spaces :]) == 2
        assert state.leaders_home[p] == 1
    order = g.turn_order(state.active)
    assert [state.vp[p] for p in order] == [1, 2, 3]


def test_factions_dealt_three_keep_one_with_resources_and_tracks() -> None:
    state = game(2).new_game(4)
    p = state.current_player
    assert state.tasks[0][0] == Task.FACTION
    assert len(state.offers[p]) == 3
    choice = state.offers[p][1]
    after = play(state, said(A.ChooseFaction(choice)))
    spec = after.game.components.factions[choice]
    assert after.faction[p] == choice
    assert after.res[p] == spec.start
    assert all(after.tracks[p][t] == 1 for t in spec.tracks)
    assert len(after.game.components.upgrades) + choice in after.upg_supply[p]


def test_destiny_deal_two_keep_one() -> None:
    state = started(2, destiny=True)
    assert all(d >= 0 for d in state.destiny)
    assert all(o == () for o in state.doffers)


def test_start_player_by_simulated_battle_is_seeded() -> None:
    g = game(4)
    assert {g.new_game(s).active for s in range(30)} == {0, 1, 2, 3}
    assert g.new_game(7).active == g.new_game(7).active


def test_first_turn_offers_launches_and_return() -> None:
    state = started(2)
    assert "return to station" in texts(state)
    assert any(t.startswith("launch transport") for t in texts(state))
