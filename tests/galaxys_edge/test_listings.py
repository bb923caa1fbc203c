"""The listings' id tables against the rules they stand for."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.games.galaxys_edge.actions import BuildBase
from boardgames.games.galaxys_edge.state import BASE_CLASSES, MILITARY_TOKENS_PER_PLAYER


@pytest.mark.parametrize("players", [2, 4])
def test_base_ids_build_every_class_the_tokens_left_allow_on_every_empty_system(players: int) -> None:
    # Build One Base: a Class-c base is a stack of c military tokens from the supply.
    game = bg.make("galaxys-edge", players=players)
    catalogue = game.catalogue.actions
    for here, per_tokens in game.rules.base_ids.items():
        assert len(per_tokens) == MILITARY_TOKENS_PER_PLAYER + 1
        for tokens, ids in enumerate(per_tokens):
            actions = [catalogue[i] for i in ids]
            expected = [
                BuildBase(location=loc, base_class=c)
                for loc in here
                for c in range(1, BASE_CLASSES + 1)
                if c <= tokens
            ]
            assert actions == expected
            assert list(ids) == sorted(ids)
