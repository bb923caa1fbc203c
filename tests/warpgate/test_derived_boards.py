"""What the rules derive from a board and keep (by identity) equals what the board says anew."""

from __future__ import annotations

import itertools

import pytest

import boardgames as bg
from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import MOVES, RECON, SKIRMISH
from boardgames.games.warpgate.control import _changed_masks, _count_masks, control_masks
from boardgames.games.warpgate.movement import move_destinations
from boardgames.games.warpgate.state import WarpgateState, count_board, occupancy
from tests.readable import walk


def _states(players: int, seeds: int) -> list[WarpgateState]:
    game = bg.make("warpgate", players=players)
    return [state for seed in range(seeds) for state, _ in walk(game, seed, game.max_game_length)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_boards_updated_from_the_last_board_equal_boards_counted_anew(players: int) -> None:
    for state in _states(players, 2):
        assert occupancy(state) == count_board(state.owner, players, state.game.tables.bit)


@pytest.mark.parametrize("players", [2, 5])
def test_control_masks_are_the_planets_control_acts_on(players: int) -> None:
    for state in _states(players, 2):
        t = state.game.tables
        rule = state.game.interpretations.control
        masks = control_masks(state, state.marker, state.colony)
        for p in range(players):
            spare = I.MARKERS - state.marker.count(p) > 0
            expected = sum(
                1 << d for d in t.planets
                if rule.effect(state.marker[d], bool(state.colony[d]), p, spare) != I.NO_CONTROL
            )
            assert masks[p] == expected


@pytest.mark.parametrize("players", [2, 4])
def test_control_masks_updated_from_the_last_markers_equal_masks_counted_anew(players: int) -> None:
    states = _states(players, 3)
    updated = 0
    for before, after in itertools.pairwise(states):
        t = after.game.tables
        if before.marker == after.marker and before.colony == after.colony:
            continue
        masks = _changed_masks(
            t, before.marker, before.colony, _count_masks(t, before.marker, before.colony),
            after.marker, after.colony,
        )
        if masks is not None:
            updated += 1
            assert masks == _count_masks(t, after.marker, after.colony)
    assert updated > 0


def test_move_destinations_follow_the_general_rules_for_movement() -> None:
    for state in _states(3, 1)[::7]:
        t = state.game.tables
        for p in range(3):
            for origin in occupancy(state).places[p]:
                for action in MOVES:
                    reach = 2 * 2 if action == RECON else 2
                    attack = action >= SKIRMISH  # Skirmish, Advance, Concentrate: "Move or Attack"
                    expected = tuple(
                        d for d in t.near[origin][reach]
                        if (t.seat[d] < 0 or t.seat[d] == p)
                        and (attack or state.owner[d] < 0 or state.owner[d] == p)
                    )
                    assert move_destinations(state, action, origin, 2, p) == expected
