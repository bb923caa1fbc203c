"""The shared conformance checker over every built-in game, many seeds, every player count."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.kernel.registry import game_class

SEEDS = range(200)


@pytest.mark.parametrize("game_id", bg.available_games())
def test_every_game_passes_the_conformance_checker(game_id: str) -> None:
    spec = game_class(game_id).spec
    for players in range(spec.min_players, spec.max_players + 1):
        report = bg.check_game(game_id, seeds=SEEDS, players=[players], view_every=7, json_every=13)
        assert report.games_played == len(SEEDS)
        assert report.longest_game <= bg.make(game_id, players=players).max_game_length
