"""Listings along seeded random games: every step's listing names each action
once (``rules._legal_ids`` sorts without dropping repeats), and the launch
listing (built from region masks) keeps the rules of Launch Ship."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import boardgames as bg
from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import launching, progress_tracks, return_to_station, rules, turn
from boardgames.games.andromedas_edge.components import ENERGY, JUMP, VOYAGE
from boardgames.games.andromedas_edge.state import BAY, STEP_KINDS, Task
from boardgames.kernel.steps import Role
from tests.readable import walk

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3},
    {"players": 4, "teams": True},
    {"players": 3, "special_regions": "quasars", "destiny": True},
    {"players": 2, "special_regions": "vortexes"},
)


def _decisions(options: dict[str, Any], seed: int) -> list[Any]:
    """Every decision state along a seeded random game."""
    game = bg.make("andromedas-edge", **options)
    return [state for state, _ in walk(game, seed, game.max_game_length) if not state.is_chance]


def test_every_listing_names_each_action_once() -> None:
    kinds = set()
    for seed, options in enumerate(OPTION_SETS):
        for state in _decisions(options, seed):
            step = state.tasks[0]
            ids = rules.LEGAL[step[0]](state, step)
            assert len(set(ids)) == len(ids), (step, sorted(ids))
            assert state.legal_action_ids() == tuple(sorted(ids))
            kinds.add(step[0])
    assert {Task.MAIN, Task.POST, Task.RETURN, Task.PREPARE, Task.ESCALATE} <= kinds


def test_launch_listing_keeps_launch_ship() -> None:
    launches = jumps = 0
    for seed, options in enumerate(OPTION_SETS):
        for state in _decisions(options, seed + 10):
            if state.tasks[0][0] != Task.MAIN:
                continue
            game, p = state.game, state.tasks[0][1]
            ships = state.ships[p]
            mine = {loc for loc in ships if loc >= 0}
            for action in state.legal_actions():
                if not isinstance(action, A.Launch):
                    continue
                launches += 1
                assert any(loc == BAY and game.ship_types[i] == action.ship for i, loc in enumerate(ships))
                assert action.region not in mine  # never where one of yours already is
                spec = game.ship_spec(state.upgrades[p], action.ship)
                if action.region >= game.spaces:
                    assert spec.abilities & VOYAGE  # nebulae only with Voyage
                in_range = any(game.dist[o][action.region] <= spec.range for o in mine)
                if action.jump:
                    jumps += 1
                    assert mine and not in_range and spec.abilities & JUMP and state.res[p][ENERGY] >= 1
                else:
                    assert not mine or in_range
    assert launches > 100 and jumps > 0


def test_board_actions_kept_for_the_next_listing_match_a_fresh_listing() -> None:
    """``turn.board_actions`` keeps its answer by the identity of the rows it read
    (``game.last_free``); the kept answer of every listing that reuses it
    equals the listing worked out again from the state's fields."""
    reused = 0
    for seed, options in enumerate(OPTION_SETS):
        for state in _decisions(options, seed + 20):
            step = state.tasks[0]
            if step[0] not in (Task.MAIN, Task.POST, Task.RETURN, Task.WINDOW):
                continue
            game, p = state.game, step[1]
            ships, leaders, bonus = state.ships[p], state.leaders_on[p], state.bonus
            last = game.last_free[p]
            if last.ships is ships and last.leaders is leaders and last.bonus is bonus:
                reused += 1
                kept = last.board
                fresh = turn.board_actions(state, p, ships, leaders, bonus)
                assert sorted(kept) == sorted(fresh), (step, kept, fresh)
                assert game.last_free[p].board == fresh
            state.__dict__["_legal"] = None  # list again, through the kept answer if it applies
            assert state.legal_action_ids() == tuple(sorted(rules.LEGAL[step[0]](state, step)))
    assert reused > 50


def test_strike_candidates_kept_per_region_match_a_fresh_working_out() -> None:
    """``launching.strike_candidates`` keeps its answers per region for the raider
    positions and cards (``game.last_strike_reach``) and refuses the regions out of
    every raider's range by a mask: along random games, every answer equals the
    one worked out again, and every region the mask refuses has no candidate."""
    kept = refused = 0
    for seed, options in enumerate(OPTION_SETS):
        game = bg.make("andromedas-edge", **options)
        for state, _ in walk(game, seed + 40, game.max_game_length):
            rpos, cards = state.rpos, state.raider_cards
            found = launching.strike_candidates(state)
            assert found == launching._strike_candidates(state, state.region, rpos, cards)
            last = game.last_strike_reach
            assert last[0] is rpos and last[1] is cards
            kept += state.region in last[3]
            for region in range(game.regions):
                if not last[2] >> region & 1:
                    refused += 1
                    assert not launching._strike_candidates(state, region, rpos, cards)
    assert kept > 50 and refused > 1000


def test_market_places_that_cost_nothing_need_no_payment_test() -> None:
    """``Game.market_checks`` leaves out the payment test of a place that costs
    nothing: the modules one can pay for are those whose price ``can_afford``
    covers, along random games."""
    checked = 0
    for seed, options in enumerate(OPTION_SETS[:3]):
        for state in _decisions(options, seed + 50):
            game = state.game
            for p in range(game.players):
                res = state.res[p]
                expected = [
                    (k, i)
                    for k in range(4)
                    for i in range(3)
                    if state.market[k][i] >= 0 and progress_tracks.can_afford(res, game.market_prices[k][i])
                ]
                assert progress_tracks.market_options(state, p, 0b1111) == expected
                checked += 1
    assert checked > 500


def test_distances_are_symmetric() -> None:
    """The raider-strike test reads a raider's distance from the active region's
    row of ``Game.dist`` (an undirected board; Quasars block both ways)."""
    for special in (None, "quasars", "vortexes"):
        game = bg.make("andromedas-edge", players=3, special_regions=special)
        dist = game.dist
        assert all(dist[a][b] == dist[b][a] for a in range(game.regions) for b in range(game.regions))


def test_steps_needed_by_listing_are_the_rest_of_decision_needed() -> None:
    """``rules._BY_LISTING`` (their ``needed`` hook is ``listing_needed``) are the
    decision steps that ``rules.decision_needed`` answers by listing them."""
    decisions = {k.code for k in STEP_KINDS if k.role == Role.DECISION}
    answered = {Task.OFF_TURN, Task.DISCARD, Task.SPEND, Task.GAIN, Task.WINDOW, Task.CIV_DRAW}
    assert decisions - rules._ALWAYS - answered == rules._BY_LISTING


def test_kept_move_ids_are_the_rearrangement_options() -> None:
    """``Game.move_ids`` (kept per industry row) names the moves of ``rearrange_options``."""
    checked = 0
    for seed, options in enumerate(OPTION_SETS):
        for state in _decisions(options, seed + 30):
            game = state.game
            for p in range(game.players):
                found = return_to_station.rearrange_options(state, p)
                if found:
                    checked += 1
                    moves = game.rules.move_industry_ids
                    assert game.move_ids(state.irow[p]) == tuple(moves[k][i] for k, i in found)
                assert bool(found) == return_to_station.rearrangeable(state, p)
    assert checked > 50


def test_launch_regions_kept_or_built_on_the_last_are_those_of_one_pass() -> None:
    """``Game.launch_regions`` answers a layout from its memo, from the last layout's
    answer when a planet was revealed since, or by one pass over the spaces: the same
    regions every way (a fresh game object has nothing kept and makes the one pass)."""
    built_on_last = 0
    for seed, options in enumerate(OPTION_SETS):
        game = bg.make("andromedas-edge", **options)
        layouts = []
        for state, _ in walk(game, seed + 60, game.max_game_length):
            if not layouts or state.layout != layouts[-1]:
                layouts.append(state.layout)
        for before, layout in pairwise(layouts):
            fresh = bg.make("andromedas-edge", **options)
            game.launch_regions(before)
            built_on_last += game._launch_regions_after_reveal(layout) is not None
            assert game.launch_regions(layout) == fresh.launch_regions(layout)
    assert built_on_last > 5
