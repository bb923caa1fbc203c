"""Every game as a single-agent Gymnasium env, checked by Gymnasium's own env checker."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

import boardgames as bg
from boardgames.adapters.gymnasium import env
from boardgames.bots import GreedyBot, MCTSBot, RandomBot
from tests.adapters.cases import GAMES_AND_PLAYERS, ids
from tests.kernel.toy import ToyGame


def episode(arena: object, seed: int) -> tuple[list[int], float, bool, bool]:
    """A whole seeded episode with masked random actions: actions, reward, terminated, truncated."""
    rng = np.random.default_rng(seed)
    _, info = arena.reset(seed=seed)  # type: ignore[attr-defined]
    actions: list[int] = []
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        _, reward, terminated, truncated, info = arena.step(action)  # type: ignore[attr-defined]
        if terminated or truncated:
            return actions, reward, terminated, truncated
        assert reward == 0.0


@pytest.mark.parametrize("case", GAMES_AND_PLAYERS, ids=ids)
def test_gymnasium_check_env_passes(case: tuple[str, int]) -> None:
    game_id, players = case
    with warnings.catch_warnings():
        # check_env warns about the unbounded observation box and the missing render fps.
        warnings.simplefilter("ignore")
        check_env(env(game_id, players=players, illegal_action="lose"))
        check_env(env(game_id, players=players, illegal_action="lose", render_mode="ansi"))


@pytest.mark.parametrize("case", GAMES_AND_PLAYERS, ids=ids)
def test_a_whole_episode_ends_with_the_learners_return(case: tuple[str, int]) -> None:
    game_id, players = case
    seat = players - 1
    arena = env(game_id, players=players, seat=seat)
    _, reward, terminated, truncated = episode(arena, seed=players)
    final = arena.position
    assert final.is_terminal
    assert reward == final.returns()[seat]
    assert (terminated, truncated) == (not final.truncated, final.truncated)


def test_the_observation_is_the_learners_view_and_the_mask_its_legal_actions() -> None:
    arena = env("galaxys-edge", players=3, seat=1)
    observation, info = arena.reset(seed=6)
    state = arena.position
    assert state.current_player == 1
    np.testing.assert_array_equal(observation, state.game.observation_tensor(state, 1))
    np.testing.assert_array_equal(info["action_mask"].astype(bool), state.legal_action_mask())


def test_the_same_seed_and_actions_give_the_same_episode() -> None:
    first = env("warpgate", players=3, opponents="greedy")
    second = env("warpgate", players=3, opponents="greedy")
    assert episode(first, seed=3) == episode(second, seed=3)
    assert first.position == second.position


def test_opponents_are_named_bots_or_bot_objects() -> None:
    arena = env("galaxys-edge", players=4, opponents=["random", "greedy", MCTSBot(iterations=3)])
    assert [type(bot) for bot in arena.opponents.values()] == [RandomBot, GreedyBot, MCTSBot]
    assert list(arena.opponents) == [1, 2, 3]
    assert isinstance(env("galaxys-edge", opponents="mcts").opponents[1], MCTSBot)
    _, _, terminated, _ = episode(env("galaxys-edge", players=2, opponents=MCTSBot(iterations=3)), seed=1)
    assert terminated


def test_bad_seats_and_opponents_are_refused() -> None:
    with pytest.raises(bg.InvalidOptionError, match="seat must be 0..1"):
        env("galaxys-edge", players=2, seat=2)
    with pytest.raises(bg.InvalidOptionError, match="2 opponents are needed"):
        env("galaxys-edge", players=3, opponents=["random"])
    with pytest.raises(bg.BoardGameError, match="no bot named 'clever'"):
        env("galaxys-edge", opponents="clever")
    with pytest.raises(bg.InvalidOptionError, match="an opponent is"):
        env("galaxys-edge", players=2, opponents=[3])
    with pytest.raises(bg.UnknownGameError):
        env("no-such-game")
    with pytest.raises(bg.InvalidOptionError, match="illegal_action"):
        env("galaxys-edge", illegal_action="ignore")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    arena = env("galaxys-edge", players=2)
    _, info = arena.reset(seed=2)
    before = arena.position
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(bg.IllegalActionError, match="not legal now"):
        arena.step(illegal)
    with pytest.raises(bg.InvalidActionError, match="not an action id"):
        arena.step(-1)
    assert arena.position is before


def test_with_illegal_action_lose_an_illegal_action_ends_the_episode() -> None:
    arena = env("galaxys-edge", players=2, illegal_action="lose")
    _, info = arena.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = arena.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(bg.IllegalActionError, match="call reset"):
        arena.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_a_plug_in_game_passes_check_env() -> None:
    bg.register_game("toy-race", ToyGame)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env("toy-race", players=2, illegal_action="lose"))


def test_rgb_array_render_passes_check_env_and_draws_the_board() -> None:
    arena = env("warpgate", players=2, illegal_action="lose", render_mode="rgb_array")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(arena)
    arena.reset(seed=3)
    frame = arena.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3 and frame.shape[0] > 100
