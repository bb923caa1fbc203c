"""A successor empties only the caches of its parent's kind of node (``Rules``):
a state caches legal ids only at a decision and chance outcomes only at a chance
node, whatever a caller asks at which node."""

from __future__ import annotations

import numpy as np
import pytest

import boardgames as bg


@pytest.mark.parametrize("players", [2, 3, 4])
def test_successors_start_with_empty_caches_whatever_was_asked(players: int) -> None:
    game = bg.make("galaxys-edge", players=players)
    rng = np.random.default_rng(players)
    for seed in range(3):
        state = game.new_game(seed)
        while not state.is_terminal:
            # every question at every node, as a curious caller would ask them
            ids = state.legal_action_ids()
            outcomes = state.chance_outcome_ids()
            actions = state.legal_actions()
            assert (not ids) == (not actions) == state.is_chance
            assert bool(outcomes) == state.is_chance
            state.legal_action_mask()
            chosen = (
                game.sample_chance(state, rng) if state.is_chance else actions[rng.integers(len(actions))]
            )
            state = state.apply(chosen)
            fields = state.__dict__
            assert fields["_legal"] is None
            assert fields["_chance"] is None
