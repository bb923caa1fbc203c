"""Every registered game as a single-agent Gymnasium env (``pip install 'boardgames[gymnasium]'``).

The learner plays one seat; our bots play the others.

>>> from boardgames.adapters.gymnasium import env
>>> arena = env("galaxys-edge", players=2, seat=0, opponents="random")
>>> observation, info = arena.reset(seed=3)
>>> observation.shape == arena.observation_space.shape, info["action_mask"].dtype
(True, dtype('int8'))

How the contract maps:

- ``reset(seed=...)`` seeds the env's generator, which draws the setup, every
  chance outcome and every opponent's random numbers; the same seed and
  actions give the same game.  The other seats act (and chance is drawn) until
  it is the learner's decision or the game is over.
- The observation is ``game.observation_tensor`` of the learner's view
  (float32, unbounded); the action space is ``Discrete(num_distinct_actions)``
  over our stable action ids, and ``info["action_mask"]`` (int8) marks the
  legal ones (all zeros once the game is over).
- The reward is 0 until the end, then the learner's ``returns()``:
  1/len(winners) if it won, else 0.  A game stopped by a length limit is
  ``truncated``, not ``terminated``.
- Opponents are ``"random"``, ``"greedy"``, ``"mcts"`` (our bots with their
  default settings), or :class:`~boardgames.bots.Bot` objects; one value for
  every other seat or a sequence with one per other seat, in seat order.
- An action id outside the space raises :class:`~boardgames.InvalidActionError`.
  An id the rules do not allow now raises :class:`~boardgames.IllegalActionError`
  and changes nothing, unless the env was made with ``illegal_action="lose"``:
  then the episode ends at once with reward ``-1`` and ``info["illegal_action"]``
  set, for learners that do not mask (and for ``check_env``, which steps with
  unmasked random actions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

import boardgames as bg
from boardgames.adapters import RENDER_MODES, check_render_mode, render_frame
from boardgames.adapters.pettingzoo import check_action
from boardgames.bots import Bot, make_bot, start_bot
from boardgames.bots.base import check_choice
from boardgames.kernel.errors import IllegalActionError, InvalidOptionError

try:
    import gymnasium
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardgames.adapters.gymnasium needs Gymnasium: pip install 'boardgames[gymnasium]'"
    ) from error

__all__ = ["ILLEGAL_ACTION_REWARD", "BoardGameEnv", "env"]

ILLEGAL_ACTION_REWARD = -1.0
"""The reward of an illegal action when the env was made with ``illegal_action="lose"``."""

Opponent = str | Bot


def _opponent(spec: Opponent) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec)
    if isinstance(spec, Bot):
        return spec
    raise InvalidOptionError(f"an opponent is 'random', 'greedy', 'mcts' or a Bot, not {spec!r}")


class BoardGameEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of one of our games as a Gymnasium env; see the module docs for the mapping."""

    def __init__(
        self,
        game: bg.Game,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        illegal_action: str = "raise",
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise InvalidOptionError(f"seat must be 0..{game.players - 1}, not {seat!r}")
        self.metadata = {"render_modes": list(RENDER_MODES)}
        check_render_mode(render_mode)
        if illegal_action not in ("raise", "lose"):
            raise InvalidOptionError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        others = [player for player in range(game.players) if player != seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            specs: list[Opponent] = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others):
                raise InvalidOptionError(
                    f"{len(others)} opponents are needed (one per other seat), not {len(specs)}"
                )
        self.game = game
        self.seat = seat
        self.opponents: dict[int, Bot] = {player: _opponent(spec) for player, spec in zip(others, specs)}
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, game.observation_shape, np.float32)
        self.action_space = gymnasium.spaces.Discrete(game.num_distinct_actions)
        self.state_: bg.State | None = None
        self._over = False

    @property
    def position(self) -> bg.State:
        """Our current :class:`~boardgames.State` (after ``reset``)."""
        if self.state_ is None:
            raise IllegalActionError("call reset() before step()")
        return self.state_

    def _observe(self, state: bg.State) -> tuple[np.ndarray, dict[str, Any]]:
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if state.current_player == self.seat:
            mask[list(state.legal_action_ids())] = 1
        tensor = np.array(self.game.observation_tensor(state, self.seat), dtype=np.float32)
        return tensor, {"action_mask": mask}

    def _play_until_our_turn(self, state: bg.State) -> bg.State:
        rng = self.np_random
        game = self.game
        while not state.is_terminal and state.current_player != self.seat:
            if state.is_chance:
                state = state.apply(game.sample_chance(state, rng))
                continue
            player = state.current_player
            bot = self.opponents[player]
            legal = state.legal_actions()
            state = state.apply(check_choice(bot, bot.choose(state.view(player), legal, rng), legal))
        return state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game: the setup, chance and the opponents drawn from the generator seeded by ``seed``."""
        super().reset(seed=seed)
        for player, bot in self.opponents.items():
            start_bot(bot, self.game, player)
        state = self.game.new_game(seed=int(self.np_random.integers(2**63)))
        self.state_ = self._play_until_our_turn(state)
        self._over = False
        return self._observe(self.state_)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then the opponents' and chance, up to its next decision."""
        state = self.position
        if self._over or state.is_terminal:
            raise IllegalActionError("the episode is over: call reset()")
        try:
            action_id = check_action(state, action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._over = True
            observation, info = self._observe(state)
            info["action_mask"][:] = 0
            info["illegal_action"] = True
            return observation, ILLEGAL_ACTION_REWARD, True, False, info
        state = self._play_until_our_turn(state.apply_id(action_id))
        self.state_ = state
        observation, info = self._observe(state)
        reward = float(state.returns()[self.seat]) if state.is_terminal else 0.0
        terminated = state.is_terminal and not state.truncated
        return observation, reward, terminated, state.truncated, info

    def render(self) -> Any:
        """The whole state as text (``"ansi"``) or as an RGB array (``"rgb_array"``);
        nothing without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass 'ansi' or 'rgb_array'")
            return None
        return render_frame(self.game, self.position, self.render_mode)


def env(
    game_id: str,
    players: int | None = None,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    render_mode: str | None = None,
    illegal_action: str = "raise",
    **options: Any,
) -> BoardGameEnv:
    """A single-agent env of ``bg.make(game_id, players, **options)`` in which ``seat`` learns.

    Unknown games, bad options, seats and opponents raise
    :class:`~boardgames.UnknownGameError`, :class:`~boardgames.InvalidOptionError`
    or :class:`~boardgames.bots.BotError`.
    """
    game = bg.make(game_id, players=players, **options)
    return BoardGameEnv(game, seat, opponents, render_mode=render_mode, illegal_action=illegal_action)
