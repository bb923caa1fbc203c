"""Every game through OpenSpiel, checked by OpenSpiel's own tools and bots."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import boardgames as bg  # noqa: E402
import boardgames.adapters.openspiel as bos  # noqa: E402
from tests.adapters.cases import BUILT_IN, GAMES_AND_PLAYERS, ids  # noqa: E402
from tests.kernel.toy import ToyGame  # noqa: E402


def dealt(game: object, setup: int = 0) -> object:
    """The first decision state after setup ``setup``."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(setup)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def play_to_the_middle(game: object, steps: int, seed: int = 0) -> object:
    """A state after ``steps`` random actions and chance outcomes from setup ``seed``."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("case", GAMES_AND_PLAYERS, ids=ids)
def test_openspiel_random_simulation_test_passes(case: tuple[str, int]) -> None:
    game_id, players = case
    game = pyspiel.load_game(bos.openspiel_name(game_id), {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_game_type_and_info_declare_our_game(game_id: str) -> None:
    game = bos.load_game(game_id, players=2)
    ours = bg.make(game_id, players=2)
    kind = game.get_type()
    assert kind.short_name == "boardgames_" + game_id.replace("-", "_")
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (ours.spec.min_players, ours.spec.max_players)
    assert game.num_distinct_actions() == ours.num_distinct_actions
    assert game.max_game_length() == ours.max_game_length + 1  # the opening setup chance node
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.observation_tensor_shape() == list(ours.observation_shape)
    assert game.information_state_tensor_shape() == list(ours.observation_shape)


def test_pyspiel_load_game_takes_players_and_options_as_parameters() -> None:
    game = pyspiel.load_game("boardgames_warpgate", {"players": 3, "rounds": 2, "side": "b"})
    assert game.bg_game == bg.make("warpgate", players=3, rounds=2, side="b")
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_option_whose_default_is_none_is_an_empty_string_parameter() -> None:
    plain = pyspiel.load_game("boardgames_andromedas_edge", {"special_regions": ""})
    assert plain.bg_game.options["special_regions"] is None
    quasars = bos.load_game("andromedas-edge", players=2, special_regions="quasars")
    assert quasars.bg_game.options["special_regions"] == "quasars"
    assert quasars.get_parameters()["special_regions"] == "quasars"


def test_a_component_file_is_a_path_parameter_and_a_dict_is_refused() -> None:
    path = Path(bg.__file__).parent / "games" / "galaxys_edge" / "data" / "reference.toml"
    game = bos.load_game("galaxys-edge", players=2, components=path)
    assert game.get_parameters()["components"] == str(path)
    assert game.bg_game == bg.make("galaxys-edge", players=2, components=str(path))
    with pytest.raises(bg.InvalidOptionError, match="OpenSpiel parameters are bool, int, float or str"):
        bos.load_game("galaxys-edge", players=2, components=tomllib.loads(path.read_text("utf-8")))


def test_the_opening_chance_node_deals_seeded_setups_uniformly() -> None:
    game = bos.load_game("galaxys-edge", players=2, setups=5)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 0.2) for k in range(5)]
    state.apply_action(3)
    assert bos.bg_state(state) == bg.make("galaxys-edge", players=2).new_game(seed=3)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_actions_and_chance_outcomes_are_our_ids_and_probabilities(game_id: str) -> None:
    game = bos.load_game(game_id, players=2)
    state = play_to_the_middle(game, 40)
    ours = bos.bg_state(state)
    if ours.is_chance:
        expected = [(ours.game.action_id(a), p) for a, p in ours.chance_outcomes()]
        assert state.chance_outcomes() == expected
    else:
        assert state.legal_actions() == list(ours.legal_action_ids())
        for action in state.legal_actions():
            assert state.action_to_string(action) == str(ours.game.action_from_id(action))
    while not state.is_chance_node() and not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    if state.is_chance_node():
        ours = bos.bg_state(state)
        outcomes = state.chance_outcomes()
        assert outcomes == [(ours.game.action_id(a), p) for a, p in ours.chance_outcomes()]
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_clone_shares_our_immutable_state() -> None:
    state = dealt(bos.load_game("galaxys-edge", players=2))
    clone = state.clone()
    assert bos.bg_state(clone) is bos.bg_state(state)
    clone.apply_action(clone.legal_actions()[0])
    assert bos.bg_state(clone) is not bos.bg_state(state)
    assert len(clone.history()) == len(state.history()) + 1


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_serialization_round_trips_through_our_json(game_id: str) -> None:
    game = bos.load_game(game_id, players=2)
    state = play_to_the_middle(game, 60, seed=2)
    text = pyspiel.serialize_game_and_state(game, state)
    loaded_game, loaded = pyspiel.deserialize_game_and_state(text)
    assert bos.bg_state(loaded) == bos.bg_state(state)
    assert loaded.history() == state.history()
    assert str(loaded_game) == str(game)


def test_observations_and_information_states_come_from_the_view() -> None:
    game = bos.load_game("galaxys-edge", players=2)
    state = play_to_the_middle(game, 30)
    ours = bos.bg_state(state)
    for player in range(2):
        view = ours.view(player)
        assert state.information_state_string(player) == repr(view)
        assert state.observation_string(player) == ours.game.render_view(view)
        expected = ours.game.observation_tensor(ours, player)
        np.testing.assert_array_equal(np.array(state.observation_tensor(player)), expected)
        np.testing.assert_array_equal(np.array(state.information_state_tensor(player)), expected)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_resample_from_infostate_keeps_what_the_player_knows(game_id: str) -> None:
    game = bos.load_game(game_id, players=2)
    state = play_to_the_middle(game, 50, seed=1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
    assert any(bos.bg_state(world) != bos.bg_state(state) for world in worlds)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_openspiel_ismcts_and_mcts_play_whole_games(game_id: str) -> None:
    game = bos.load_game(game_id, players=2)
    random_state = np.random.RandomState(0)
    searchers = [
        ismcts.ISMCTSBot(game, bos.HeuristicEvaluator(), 0.5, max_simulations=3, random_state=random_state),
        mcts.MCTSBot(game, 0.5, 3, bos.HeuristicEvaluator(), random_state=random_state),
    ]
    state = game.new_initial_state()
    state.apply_action(7)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(random_state.choice(actions, p=probabilities)))
            continue
        player = state.current_player()
        action = searchers[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 10
    assert state.returns() == list(bos.bg_state(state).returns())
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))


def test_ismcts_with_random_rollouts_plays_a_decision() -> None:
    game = bos.load_game("galaxys-edge", players=2)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, max_simulations=2,
        random_state=np.random.RandomState(1),
    )
    state = dealt(game)
    assert bot.step(state) in state.legal_actions()


def test_a_plug_in_game_is_registered_and_loaded() -> None:
    bg.register_game("toy-race", ToyGame)
    names = bos.register_games()
    assert "boardgames_toy_race" in names
    game = pyspiel.load_game("boardgames_toy_race", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_an_unknown_game_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(bg.UnknownGameError, match="available games"):
        bos.load_game("no-such-game")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 9}, "2 to 4 players"),
        ({"colour": "red"}, "no option 'colour'"),
        ({"setups": 0}, "setups must be a positive int"),
    ],
)
def test_bad_parameters_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(bg.InvalidOptionError, match=message):
        bos.load_game("galaxys-edge", **kwargs)


def test_bad_openspiel_parameters_are_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("boardgames_galaxys_edge", {"colour": "red"})
    with pytest.raises(bg.InvalidOptionError, match="2 to 4 players"):
        pyspiel.load_game("boardgames_galaxys_edge", {"players": 5})
    game_class = type(bos.load_game("galaxys-edge"))
    with pytest.raises(bg.InvalidOptionError, match="no parameter 'colour'"):
        game_class({"colour": "red"})


def test_an_illegal_action_id_is_refused_and_changes_nothing() -> None:
    state = dealt(bos.load_game("galaxys-edge", players=2))
    before = bos.bg_state(state)
    illegal = next(a for a in range(100) if a not in state.legal_actions())
    with pytest.raises(bg.IllegalActionError, match="not legal"):
        state.apply_action(illegal)
    assert bos.bg_state(state) is before
    opening = bos.load_game("galaxys-edge", players=2, setups=3).new_initial_state()
    with pytest.raises(bg.IllegalActionError, match="setups 0..2"):
        opening.apply_action(3)
