"""The kernel's conformance checker over 200 seeds for each variant at each player count.

The default game (Standard Solo with 1 player) is checked by ``tests/test_conformance.py``;
here the options: Faction Drafting, Explored Galaxy Mode and every reference scenario.
Views and JSON are checked every 15 / 25 steps (and at every terminal) to keep this fast.
"""

from __future__ import annotations

import pytest

import boardgames as bg

SEEDS = range(200)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("option", ["drafting", "explored_galaxy"])
def test_variants_pass_the_conformance_checker(option: str, players: int) -> None:
    report = bg.check_game(
        "age-of-galaxy", seeds=SEEDS, players=[players], view_every=15, json_every=25, **{option: True}
    )
    assert report.games_played == len(SEEDS)
    assert report.longest_game <= bg.make("age-of-galaxy", players=players).max_game_length


@pytest.mark.parametrize("scenario", ["border-skirmish", "relic-hunt"])
def test_advanced_solo_scenarios_pass_the_conformance_checker(scenario: str) -> None:
    report = bg.check_game(
        "age-of-galaxy", seeds=SEEDS, players=[1], view_every=15, json_every=25, scenario=scenario
    )
    assert report.games_played == len(SEEDS)


def test_default_game_longest_games_stay_well_inside_the_bound() -> None:
    for players in (1, 2, 3, 4):
        game = bg.make("age-of-galaxy", players=players)
        longest = max(bg.random_playout(game, seed).length for seed in range(40))
        assert longest * 3 < game.max_game_length
