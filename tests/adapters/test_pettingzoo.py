"""Every game as a PettingZoo AECEnv, checked by PettingZoo's own API and seed tests."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import boardgames as bg
from boardgames.adapters.pettingzoo import env
from tests.adapters.cases import BUILT_IN, GAMES_AND_PLAYERS, ids
from tests.kernel.toy import ToyGame


def play_out(table: object, seed: int) -> list[tuple[str, int]]:
    """Play a seeded game with masked random actions; the (agent, action) pairs taken."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)  # type: ignore[attr-defined]
    taken = []
    for agent in table.agent_iter():  # type: ignore[attr-defined]
        observation, _, termination, truncation, _ = table.last()  # type: ignore[attr-defined]
        if termination or truncation:
            table.step(None)  # type: ignore[attr-defined]
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append((agent, action))
        table.step(action)  # type: ignore[attr-defined]
    return taken


@pytest.mark.parametrize("case", GAMES_AND_PLAYERS, ids=ids)
def test_pettingzoo_api_and_seed_tests_pass(case: tuple[str, int]) -> None:
    game_id, players = case
    with warnings.catch_warnings():
        # api_test warns that a dict observation is not a NumPy array, as for every masked env.
        warnings.simplefilter("ignore")
        api_test(env(game_id, players=players), num_cycles=1000)
        seed_test(lambda: env(game_id, players=players), num_cycles=200)


def test_agents_are_named_after_seats() -> None:
    assert env("galaxys-edge", players=3).possible_agents == ["red_0", "blue_1", "yellow_2"]
    assert env("warpgate", players=2).possible_agents == ["blue_0", "orange_1"]


def test_the_agent_to_act_sees_the_legal_mask_and_the_others_an_empty_one() -> None:
    table = env("galaxys-edge", players=2)
    table.reset(seed=4)
    state = table.position
    acting = table.agent_selection
    assert acting == table.possible_agents[state.current_player]
    mask = table.observe(acting)["action_mask"]
    assert mask.dtype == np.int8
    np.testing.assert_array_equal(mask.astype(bool), state.legal_action_mask())
    other = next(agent for agent in table.possible_agents if agent != acting)
    assert not table.observe(other)["action_mask"].any()
    for player, agent in enumerate(table.possible_agents):
        expected = state.game.observation_tensor(state, player)
        np.testing.assert_array_equal(table.observe(agent)["observation"], expected)


def test_rewards_are_the_returns_at_the_end() -> None:
    table = env("warpgate", players=3)
    play_out(table, seed=5)
    final = table.position
    assert final.is_terminal
    # every agent has stepped out after its last observation; returns are what last() showed
    assert table.agents == []
    table.reset(seed=5)
    rewards = {agent: 0.0 for agent in table.possible_agents}
    rng = np.random.default_rng(5)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        rewards[agent] += reward
        if termination or truncation:
            table.step(None)
        else:
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert [rewards[agent] for agent in table.possible_agents] == list(final.returns())


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    first, second = env("andromedas-edge", players=2), env("andromedas-edge", players=2)
    assert play_out(first, seed=8) == play_out(second, seed=8)
    assert first.position == second.position
    assert play_out(first, seed=9) != play_out(second, seed=8)


def test_ansi_render_draws_the_whole_state() -> None:
    table = env("galaxys-edge", players=2, render_mode="ansi")
    table.reset(seed=1)
    assert table.render() == table.game.render(table.position)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_rgb_array_render_is_the_board_picture_as_pixels(game_id: str) -> None:
    table = env(game_id, players=2, render_mode="rgb_array")
    table.reset(seed=1)
    frame = table.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.shape[0] > 100 and frame.shape[1] > 100
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 8  # a drawn board, not a blank frame


def test_render_modes_other_than_ansi_and_rgb_array_are_refused() -> None:
    with pytest.raises(bg.InvalidOptionError, match="render_mode"):
        env("galaxys-edge", render_mode="human")


def test_illegal_and_unknown_action_ids_are_refused_and_change_nothing() -> None:
    table = env("galaxys-edge", players=2)
    table.reset(seed=2)
    before, agent = table.position, table.agent_selection
    illegal = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(bg.IllegalActionError, match="not legal now"):
        table.step(illegal)
    with pytest.raises(bg.InvalidActionError, match="not an action id"):
        table.step(table.game.num_distinct_actions)
    with pytest.raises(bg.InvalidActionError, match="an int id"):
        table.step("place flagship A1")
    assert table.position is before and table.agent_selection == agent


def test_unknown_games_and_bad_options_are_refused() -> None:
    with pytest.raises(bg.UnknownGameError):
        env("no-such-game")
    with pytest.raises(bg.InvalidOptionError, match="players"):
        env("galaxys-edge", players=7)


def test_a_plug_in_game_passes_the_api_test() -> None:
    bg.register_game("toy-race", ToyGame)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("toy-race", players=3), num_cycles=100)
