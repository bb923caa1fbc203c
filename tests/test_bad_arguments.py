"""Bad arguments to any public function of any game are library errors.

Every class of bad argument gets a test over every built-in game: the error
is a :class:`BoardGameError` (never a raw IndexError, KeyError,
AttributeError, TypeError or numpy error), and nothing changes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import boardgames as bg
from boardgames.kernel.errors import InvalidArgumentError
from boardgames.kernel.registry import _BUILTIN

GAMES = sorted(_BUILTIN)


def _other_count(game_id: str) -> tuple[bg.Game, bg.Game]:
    """The game at its default player count, and at another count."""
    game = bg.make(game_id)
    spec = game.spec
    other = spec.min_players if game.players != spec.min_players else spec.max_players
    return game, bg.make(game_id, players=other)


def _foreign(game_id: str) -> bg.Game:
    return bg.make(next(g for g in GAMES if g != game_id))


def _chance_state(game: bg.Game) -> bg.State:
    rng = bg.make_rng(0)
    state = game.new_game(1)
    while not state.is_chance:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [[2], 2.0, "2", True])
def test_make_rejects_a_player_count_that_is_not_an_int(game_id: str, players: Any) -> None:
    with pytest.raises(bg.InvalidOptionError, match="players must be an int"):
        bg.make(game_id, players=players)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [-1, "x", 1.5, True, [1], np.float64(2.0)])
def test_new_game_rejects_a_seed_outside_none_and_ints_from_zero(game_id: str, seed: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="a seed is None or an int >= 0"):
        bg.make(game_id).new_game(seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_new_game_accepts_none_and_non_negative_ints(game_id: str) -> None:
    game = bg.make(game_id)
    assert game.new_game(np.int64(3)) == game.new_game(3)
    assert game.new_game(None).current_player is not None
    assert game.new_game(2**70).game is game


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_rejects_a_bad_generator(game_id: str) -> None:
    game = bg.make(game_id)
    view = game.new_game(1).view(0)
    for rng in (None, 7, "rng"):
        with pytest.raises(InvalidArgumentError, match="numpy Generator"):
            game.resample(view, rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_rejects_views_of_other_games_and_player_counts(game_id: str) -> None:
    game, other = _other_count(game_id)
    rng = bg.make_rng(0)
    with pytest.raises(InvalidArgumentError):
        game.resample(None, rng)  # type: ignore[arg-type]
    with pytest.raises(bg.HiddenInformationError, match="expected a view of"):
        game.resample(other.new_game(1).view(0), rng)
    with pytest.raises(bg.HiddenInformationError, match="expected a view of"):
        game.resample(_foreign(game_id).new_game(1).view(0), rng)
    with pytest.raises(bg.HiddenInformationError):
        game.resample(bg.View(0), rng)


@pytest.mark.parametrize("game_id", GAMES)
def test_sample_chance_rejects_bad_generators_and_other_games_states(game_id: str) -> None:
    game, other = _other_count(game_id)
    state = _chance_state(game)
    with pytest.raises(InvalidArgumentError, match="numpy Generator"):
        game.sample_chance(state, None)  # type: ignore[arg-type]
    for wrong in (None, _chance_state(other), _foreign(game_id).new_game(1)):
        with pytest.raises(InvalidArgumentError, match="expected a state of"):
            game.sample_chance(wrong, bg.make_rng(0))  # type: ignore[arg-type]
    assert state.is_legal(game.sample_chance(state, bg.make_rng(0)))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("player", [9, -1, None, "0", 1.0, True])
def test_heuristic_observation_and_view_reject_a_player_who_is_not_seated(game_id: str, player: Any) -> None:
    game = bg.make(game_id)
    state = game.new_game(1)
    with pytest.raises(InvalidArgumentError, match="player must be an int in 0.."):
        game.heuristic(state, player)
    with pytest.raises(InvalidArgumentError, match="player must be an int in 0.."):
        game.observation_tensor(state, player)
    with pytest.raises(InvalidArgumentError, match="player must be an int in 0.."):
        state.view(player)


@pytest.mark.parametrize("game_id", GAMES)
def test_state_functions_reject_states_of_other_games_and_player_counts(game_id: str) -> None:
    game, other = _other_count(game_id)
    calls = (
        lambda wrong: game.heuristic(wrong, 0),
        lambda wrong: game.observation_tensor(wrong, 0),
        game.render,
        game.score_breakdown,
        game.state_to_data,
    )
    for wrong in (None, other.new_game(1), _foreign(game_id).new_game(1), game.new_game(1).view(0)):
        for call in calls:
            with pytest.raises(InvalidArgumentError, match="expected a state of"):
                call(wrong)


@pytest.mark.parametrize("game_id", GAMES)
def test_describe_action_rejects_non_actions_and_viewers_who_are_not_seated(game_id: str) -> None:
    game = bg.make(game_id)
    state = game.new_game(1)
    action = state.legal_actions()[0]
    for wrong in (None, "roll", 3):
        with pytest.raises(bg.InvalidActionError, match="is not an action of"):
            game.describe_action(state, wrong)  # type: ignore[arg-type]
    for viewer in (9, -1, "0"):
        with pytest.raises(InvalidArgumentError, match="viewer must be an int"):
            game.describe_action(state, action, viewer=viewer)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="expected a state of"):
        game.describe_action(None, action)  # type: ignore[arg-type]
    assert game.describe_action(state, action, viewer=0)


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_reject_what_is_not_a_state_or_view_of_the_game(game_id: str) -> None:
    game, other = _other_count(game_id)
    foreign = _foreign(game_id)
    for wrong in (None, 3, other.new_game(1), foreign.new_game(1)):
        with pytest.raises(InvalidArgumentError):
            game.render_svg(wrong)  # type: ignore[arg-type]
    for view in (other.new_game(1).view(0), foreign.new_game(1).view(0)):
        with pytest.raises(bg.HiddenInformationError):
            game.render_svg(view)
        with pytest.raises(bg.HiddenInformationError):
            game.render_view(view)
        with pytest.raises(bg.HiddenInformationError):
            game.decision_text(view)
        with pytest.raises(bg.HiddenInformationError):
            game.help_text(view)
    with pytest.raises(InvalidArgumentError):
        game.render_view(game.new_game(1))  # type: ignore[arg-type]
    with pytest.raises(bg.InvalidActionError):
        game.render_svg(game.new_game(1), last_action="x")  # type: ignore[arg-type]
    with pytest.raises(bg.InvalidActionError):
        game.action_group(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        game.player_name(game.players)


@pytest.mark.parametrize("game_id", GAMES)
def test_to_json_writes_only_states_and_views(game_id: str) -> None:
    game = bg.make(game_id)
    for wrong in (None, game, "state", 3):
        with pytest.raises(InvalidArgumentError, match="writes a state or a view"):
            bg.to_json(wrong)  # type: ignore[arg-type]
    with pytest.raises(bg.SerializationError):
        bg.from_json(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playout_rejects_what_is_not_a_game_or_seed(game_id: str) -> None:
    game = bg.make(game_id)
    with pytest.raises(InvalidArgumentError):
        bg.random_playout(game.new_game(1), seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        bg.random_playout(game, seed="x")  # type: ignore[arg-type]


INT_OPTIONS = [
    (game_id, option.name, option.default)
    for game_id in GAMES
    for option in bg.make(game_id).spec.options
    if type(option.default) is int
]


def test_some_games_have_integer_options() -> None:
    assert {game_id for game_id, _, _ in INT_OPTIONS} >= {"andromedas-edge", "warpgate"}


@pytest.mark.parametrize(("game_id", "name", "default"), INT_OPTIONS)
def test_integer_options_reject_integral_floats_with_one_message(
    game_id: str, name: str, default: int
) -> None:
    assert bg.make(game_id, **{name: default}).options[name] == default
    for wrong in (float(default), str(default), True, None):
        with pytest.raises(bg.InvalidOptionError, match=rf"option '{name}': must be .*an int.*, not "):
            bg.make(game_id, **{name: wrong})


@pytest.mark.parametrize("game_id", GAMES)
def test_asking_the_spec_for_an_unknown_option_names_the_known_ones(game_id: str) -> None:
    spec = bg.make(game_id).spec
    with pytest.raises(bg.InvalidOptionError, match="has no option 'colour'"):
        spec.option("colour")


def test_register_game_takes_a_game_class() -> None:
    for wrong in (3, "galaxys-edge", bg.Game.__init__):
        with pytest.raises(bg.InvalidOptionError, match="needs a Game subclass"):
            bg.register_game("not-a-game", wrong)  # type: ignore[arg-type]
    assert "not-a-game" not in bg.available_games()
