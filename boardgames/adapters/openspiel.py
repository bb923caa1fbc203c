"""Every registered game as an OpenSpiel game (``pip install 'boardgames[openspiel]'``).

Importing this module registers each game of :func:`boardgames.available_games`
(plug-ins included) with pyspiel under ``boardgames_<id>`` (``-`` turned into
``_``), so OpenSpiel's own loaders, algorithms and test tools see it::

    import pyspiel
    import boardgames.adapters.openspiel as bos

    game = pyspiel.load_game("boardgames_galaxys_edge", {"players": 3})
    game = bos.load_game("galaxys-edge", players=3)       # the same, with our errors

How the contract maps:

- The game is sequential with explicit stochastic chance; it has imperfect
  information when the game's spec says it hides anything.  Rewards come only
  at the end, from ``returns()``: 1/len(winners) to each winner, so utilities
  lie in [0, 1].  The game is declared general-sum because a truncated game or
  a failed solo scenario pays 0 to everyone.
- Our setups are drawn from a seed, not from chance nodes, so every OpenSpiel
  game opens with one chance node that deals one of ``setups`` seeded setups
  (``new_game(seed=k)`` for outcome ``k``), uniformly.  After it, actions and
  chance outcomes are our stable action ids with their exact probabilities.
- A state wraps one of our immutable states, so ``clone`` copies a reference;
  ``serialize`` stores the position as our JSON (:func:`boardgames.to_json`),
  validated again when it is loaded.
- Observation and information-state strings and tensors come from
  ``state.view(player)``: the observation string is the game's picture of the
  view, the information-state string is the view's exact text, and both
  tensors are ``game.observation_tensor``.  The information state is what the
  player knows now, not the sequence of everything it saw (see the docs).
- ``resample_from_infostate`` is ``game.resample`` of the player's view, so
  OpenSpiel's IS-MCTS can search our games.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from typing import Any

import numpy as np

import boardgames as bg
from boardgames.kernel.errors import InvalidActionError, InvalidOptionError
from boardgames.kernel.registry import game_class

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardgames.adapters.openspiel needs OpenSpiel: pip install 'boardgames[openspiel]'"
    ) from error

__all__ = [
    "DEFAULT_SETUPS",
    "HeuristicEvaluator",
    "OpenSpielGame",
    "OpenSpielState",
    "bg_state",
    "load_game",
    "openspiel_name",
    "register_games",
]

PREFIX = "boardgames_"

DEFAULT_SETUPS = 1000
"""How many seeded setups the opening chance node chooses among, by default."""

_SETUPS = "setups"
_PLAYERS = "players"

Parameter = bool | int | float | str


def openspiel_name(game_id: str) -> str:
    """The name under which pyspiel knows one of our games.

    >>> openspiel_name("galaxys-edge")
    'boardgames_galaxys_edge'
    """
    return PREFIX + game_id.replace("-", "_")


def _parameter_default(option: bg.OptionSpec) -> Parameter | None:
    """The OpenSpiel default of an option, or None if OpenSpiel cannot carry it.

    An option whose default is ``None`` (no scenario, the reference component
    set) becomes a string parameter in which ``""`` means ``None``.
    """
    default = option.default
    if default is None:
        return ""
    if isinstance(default, bool | int | float | str):
        return default
    return None


def _parameter_specification(cls: type[bg.Game]) -> dict[str, Parameter]:
    spec: dict[str, Parameter] = {_PLAYERS: cls.spec.default_players, _SETUPS: DEFAULT_SETUPS}
    for option in cls.spec.options:
        default = _parameter_default(option)
        if default is not None:
            spec[option.name] = default
    return spec


def _game_type(game_id: str, cls: type[bg.Game]) -> Any:
    spec = cls.spec
    information = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if spec.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=openspiel_name(game_id),
        long_name=f"{spec.title} (boardgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(cls),
    )


def _options_from_parameters(cls: type[bg.Game], params: Mapping[str, Any]) -> dict[str, Any]:
    """Our options from OpenSpiel parameters.

    pyspiel fills in every parameter; those at their default (``""`` for an
    option whose default is ``None``) are left out, so the game equals the one
    :func:`boardgames.make` gives for the same choices.
    """
    options: dict[str, Any] = {}
    for option in cls.spec.options:
        if option.name in params:
            value, default = params[option.name], _parameter_default(option)
            if value != default or type(value) is not type(default):
                options[option.name] = value
    return options


def _parameters_from_options(game: bg.Game, setups: int) -> dict[str, Parameter]:
    """OpenSpiel parameters for a made game; :class:`InvalidOptionError` if one cannot be carried."""
    params: dict[str, Parameter] = {_PLAYERS: game.players, _SETUPS: setups}
    for name, value in game.raw_options.items():
        if _parameter_default(game.spec.option(name)) is None:
            raise InvalidOptionError(f"option {name!r} of {game.id} has no OpenSpiel parameter")
        if value is None:
            value = ""
        elif isinstance(value, os.PathLike):
            value = os.fspath(value)
        if not isinstance(value, bool | int | float | str):
            raise InvalidOptionError(
                f"option {name!r}: OpenSpiel parameters are bool, int, float or str, not {value!r}"
            )
        params[name] = value
    return params


class _Position:
    """One of our immutable states (or none yet, before the setup) with cached views.

    OpenSpiel clones a Python state by deep-copying its attributes and
    serializes it by pickling them.  A position is immutable, so a deep copy is
    the position itself, and it pickles as our validated JSON.
    """

    __slots__ = ("cache", "game", "setups", "state")

    def __init__(self, game: bg.Game, state: bg.State | None, setups: int) -> None:
        self.game = game
        self.state = state
        self.setups = setups
        self.cache: dict[tuple[str, int], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        document = None if self.state is None else bg.to_json(self.state)
        key = (game.id, game.players, json.dumps(dict(game.raw_options), sort_keys=True, default=str))
        return (_restore_position, (key, document, self.setups))


def _restore_position(key: tuple[str, int, str], document: str | None, setups: int) -> _Position:
    game_id, players, options = key
    if document is None:
        return _Position(bg.make(game_id, players=players, **json.loads(options)), None, setups)
    state = bg.from_json(document)
    return _Position(state.game, state, setups)


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games, configured by OpenSpiel parameters, as a ``pyspiel.Game``.

    ``bg_game`` is our :class:`~boardgames.Game` behind it.
    """

    def __init__(self, game_id: str, params: Mapping[str, Any]) -> None:
        cls = game_class(game_id)
        setups = params.get(_SETUPS, DEFAULT_SETUPS)
        if not isinstance(setups, int) or isinstance(setups, bool) or setups < 1:
            raise InvalidOptionError(f"setups must be a positive int, not {setups!r}")
        players = params.get(_PLAYERS, cls.spec.default_players)
        unknown = sorted(set(params) - set(_parameter_specification(cls)))
        if unknown:
            raise InvalidOptionError(f"{openspiel_name(game_id)} has no parameter {unknown[0]!r}")
        self.bg_game: bg.Game = bg.make(game_id, players=players, **_options_from_parameters(cls, params))
        self.setups: int = setups
        game = self.bg_game
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=max(game.num_distinct_actions, setups),
            num_players=game.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_game_length + 1,
        )
        super().__init__(_game_type(game_id, cls), info, dict(params))

    def new_initial_state(self) -> OpenSpielState:
        """The state before the setup: a chance node over ``setups`` seeded setups."""
        return OpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of a player's view (the only observation our games define)."""
        if params:
            raise InvalidOptionError(f"observers of {self.bg_game.id} take no parameters, not {params!r}")
        perfect_recall = False
        if iig_obs_type is not None:
            single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if not iig_obs_type.public_info or not single:
                raise InvalidOptionError(
                    "our games observe a player's whole view (public information and the player's own); "
                    f"{iig_obs_type} is not available"
                )
            perfect_recall = bool(iig_obs_type.perfect_recall)
        return _Observer(self.bg_game, information_state=perfect_recall)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A ``pyspiel.State`` holding one of our immutable states (see :func:`bg_state`)."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._position = _Position(game.bg_game, None, game.setups)

    def _state(self) -> bg.State:
        state = self._position.state
        if state is None:
            raise InvalidActionError("no setup is dealt yet: this state is the opening chance node")
        return state

    def current_player(self) -> int:
        state = self._position.state
        if state is None or state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._state().legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        position = self._position
        if position.state is None:
            return [(seed, 1.0 / position.setups) for seed in range(position.setups)]
        game = position.game
        return [(game.action_id(action), p) for action, p in position.state.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        position = self._position
        if position.state is None:
            if not 0 <= action < position.setups:
                raise bg.IllegalActionError(
                    f"the opening chance node deals setups 0..{position.setups - 1}, not {action}"
                )
            state = position.game.new_game(seed=int(action))
        else:
            state = position.state.apply_id(int(action))
        self._position = _Position(position.game, state, position.setups)

    def _action_to_string(self, player: int, action: int) -> str:
        position = self._position
        if position.state is None and player == pyspiel.PlayerId.CHANCE:
            return f"setup {action}"
        game = position.game
        if not 0 <= action < game.num_distinct_actions:
            raise InvalidActionError(f"{action!r} is not an action id of {game.id}")
        return str(game.action_from_id(action))

    def is_terminal(self) -> bool:
        state = self._position.state
        return state is not None and state.is_terminal

    def returns(self) -> list[float]:
        state = self._position.state
        if state is None:
            return [0.0] * self._position.game.players
        return list(state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state consistent with what ``player_id`` knows: ``game.resample`` of its view.

        The generator is seeded from one draw of ``probability_sampler``.
        Like every state OpenSpiel did not reach by applying actions, the
        result has an empty ``history()``.
        """
        position = self._position
        if position.state is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(float(probability_sampler()) * 2**53)
        rng = np.random.default_rng(seed)
        resampled = position.game.resample(position.state.view(player_id), rng)
        result = OpenSpielState(self.get_game())
        result._position = _Position(position.game, resampled, position.setups)
        return result

    def __str__(self) -> str:
        position = self._position
        if position.state is None:
            game = position.game
            return f"{game.spec.title}, {game.players} players: setup to be dealt"
        text: str | None = position.cache.get(("render", -1))
        if text is None:
            text = position.game.render(position.state)
            position.cache[("render", -1)] = text
        return text


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's ``mcts.MCTSBot`` and ``ismcts.ISMCTSBot``: our ``game.heuristic``.

    A leaf is valued by ``game.heuristic(state, player)`` for every player
    (``returns()`` at the end of the game) instead of a random rollout to the
    end, which costs hundreds of actions in our games; the prior is uniform.
    """

    def evaluate(self, state: Any) -> np.ndarray:
        ours = bg_state(state)
        if ours.is_terminal:
            return np.array(ours.returns())
        game = ours.game
        return np.array(game.heuristics(ours))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def bg_state(state: Any) -> bg.State:
    """Our :class:`~boardgames.State` inside an OpenSpiel state of this adapter.

    :class:`InvalidActionError` before the setup is dealt (there is none yet).
    """
    if not isinstance(state, OpenSpielState):
        raise InvalidOptionError(f"{state!r} is not a state of a boardgames OpenSpiel game")
    return state._state()


class _Observer:
    """A PyObserver of a player's view: ``game.observation_tensor`` and view texts."""

    def __init__(self, game: bg.Game, *, information_state: bool) -> None:
        self.game = game
        self.information_state = information_state
        shape = game.observation_shape
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        position = state._position
        if position.state is None:
            self.tensor.fill(0.0)
            return
        tensor: np.ndarray | None = position.cache.get(("tensor", player))
        if tensor is None:
            tensor = self.game.observation_tensor(position.state, player).ravel()
            position.cache[("tensor", player)] = tensor
        self.tensor[:] = tensor

    def string_from(self, state: OpenSpielState, player: int) -> str:
        position = state._position
        if position.state is None:
            return "setup to be dealt"
        kind = "information" if self.information_state else "observation"
        key = (kind, player)
        text: str | None = position.cache.get(key)
        if text is None:
            view = position.state.view(player)
            text = repr(view) if self.information_state else self.game.render_view(view)
            position.cache[key] = text
        return text


def _game_subclass(game_id: str) -> type[OpenSpielGame]:
    """The ``OpenSpielGame`` subclass pyspiel creates for ``game_id`` from parameters.

    pyspiel keeps the creator it is given until the interpreter has shut
    down; a class outlives that safely, where a closure would be freed
    without the GIL and abort the process at exit.
    """

    def __init__(self: OpenSpielGame, params: Mapping[str, Any] | None = None) -> None:
        OpenSpielGame.__init__(self, game_id, params or {})

    name = "".join(part.title() for part in game_id.replace("-", "_").split("_")) + "OpenSpielGame"
    return type(name, (OpenSpielGame,), {"__init__": __init__, "__module__": __name__})


def register_games() -> tuple[str, ...]:
    """Register every game of :func:`boardgames.available_games` not yet known to pyspiel.

    Returns the pyspiel names of all our games.  Called on import; call it
    again after registering a game at run time.
    """
    known = set(pyspiel.registered_names())
    names = []
    for game_id in bg.available_games():
        name = openspiel_name(game_id)
        if name not in known:
            pyspiel.register_game(_game_type(game_id, game_class(game_id)), _game_subclass(game_id))
        names.append(name)
    return tuple(names)


def load_game(
    game_id: str, players: int | None = None, *, setups: int = DEFAULT_SETUPS, **options: Any
) -> Any:
    """A ``pyspiel.Game`` of one of our games, options as in :func:`boardgames.make`.

    Bad input raises our errors before OpenSpiel sees it:
    :class:`~boardgames.UnknownGameError` for an unknown id,
    :class:`~boardgames.InvalidOptionError` for a bad option or player count.

    >>> game = load_game("galaxys-edge", players=3)
    >>> game.num_players(), game.get_type().short_name
    (3, 'boardgames_galaxys_edge')
    """
    game = bg.make(game_id, players=players, **options)
    if not isinstance(setups, int) or isinstance(setups, bool) or setups < 1:
        raise InvalidOptionError(f"setups must be a positive int, not {setups!r}")
    params = _parameters_from_options(game, setups)
    if openspiel_name(game_id) not in pyspiel.registered_names():
        register_games()
    return pyspiel.load_game(openspiel_name(game_id), params)


register_games()
