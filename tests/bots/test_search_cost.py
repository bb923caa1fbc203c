"""What the search saves must not change what it finds: remembered states, one world, no collector."""

from __future__ import annotations

import gc
import math

import numpy as np
import pytest

import boardgames as bg
import boardgames.bots.mcts as mcts
from boardgames.bots import MCTSBot
from boardgames.bots.mcts import SearchStats
from boardgames.kernel.game import GameSpec, State, View
from tests.kernel.toy import ToyGame

CONFIGS = {
    "priors": {"iterations": 150, "worlds": 3},
    "uct": {"iterations": 150, "prior_visits": 0, "rollout_depth": None, "worlds": 2, "exploration": 0.7},
    "fresh worlds": {"iterations": 80, "worlds": None},
}


def search(state: State, seed: int, **params: object) -> SearchStats:
    bot = MCTSBot(reuse=False, **params)  # type: ignore[arg-type]
    bot.start(state.game, state.current_player)
    bot.choose(state.view(state.current_player), state.legal_actions(), np.random.default_rng(seed))
    assert bot.last_search is not None
    return bot.last_search


def forgetful_step(child: object, state: State, action_id: int, world: int, stamp: int) -> tuple[State, None]:
    return state._apply(action_id), None


def forgetful_remembered(node: object, state: State, world: int, stamp: int) -> None:
    return None


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("game_id", ["warpgate", "galaxys-edge"])
def test_remembered_states_change_no_search(
    config: str, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same searches with every state rebuilt and every chance node sampled
    # by the kernel's sample_outcome: the same visits and values to the last bit.
    game = bg.make(game_id, players=2)
    state = game.new_game(4)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    params = CONFIGS[config]
    remembered = search(state, 9, **params)
    monkeypatch.setattr(mcts, "_step", forgetful_step)
    monkeypatch.setattr(mcts, "_remembered", forgetful_remembered)
    rebuilt = search(state, 9, **params)
    assert (remembered.visits, remembered.values) == (rebuilt.visits, rebuilt.values)


def test_a_game_without_hidden_information_is_resampled_once_per_move() -> None:
    drawn: list[int] = []

    class OpenToy(ToyGame):
        spec = GameSpec("open-toy", "Open race", 1, 3, 2, hidden_information=False)

        def resample(self, view: View, rng: np.random.Generator) -> State:
            drawn.append(1)
            return super().resample(view, rng)

    game = OpenToy(2)
    state = game._state((5, 3), (False, False), (2, 1), 0, 0)
    search(state, 0, iterations=50, worlds=None)
    assert len(drawn) == 1


def test_the_collector_is_back_on_after_a_search_and_stays_off_if_it_was() -> None:
    game = ToyGame(2)
    state = game._state((5, 3), (False, False), (2, 1), 0, 0)
    assert gc.isenabled()
    search(state, 0, iterations=20)
    assert gc.isenabled()
    gc.disable()
    try:
        search(state, 0, iterations=20)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_logarithm_table_grows_and_changes_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Selection reads log(n) from a table; one that has to grow at every step
    # gives the same visits and values as the full one, and the values math.log gives.
    game = bg.make("warpgate", players=2)
    state = game.new_game(4)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    expected = search(state, 9, iterations=150, worlds=3)
    monkeypatch.setattr(mcts, "_LOGS", [0.0, 0.0])
    grown = search(state, 9, iterations=150, worlds=3)
    assert (grown.visits, grown.values) == (expected.visits, expected.values)
    assert len(mcts._LOGS) > 2
    assert all(mcts._LOGS[n] == math.log(n) for n in range(1, len(mcts._LOGS)))
    assert mcts._log(10_000) == math.log(10_000)


def test_a_search_leaves_objects_the_program_froze_frozen() -> None:
    game = ToyGame(2)
    state = game._state((5, 3), (False, False), (2, 1), 0, 0)
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        search(state, 0, iterations=20)
        # none thawed (some may have been freed) and none of the search's added
        assert 0 < gc.get_freeze_count() <= frozen
        assert gc.isenabled()
    finally:
        gc.unfreeze()
