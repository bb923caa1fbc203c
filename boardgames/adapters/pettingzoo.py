"""Every registered game as a PettingZoo ``AECEnv`` (``pip install 'boardgames[pettingzoo]'``).

>>> from boardgames.adapters.pettingzoo import env
>>> table = env("galaxys-edge", players=2)
>>> table.reset(seed=1)
>>> table.possible_agents
['red_0', 'blue_1']
>>> observation, reward, termination, truncation, info = table.last()
>>> sorted(observation)
['action_mask', 'observation']

How the contract maps:

- One agent per seat, named after the seat (``game.player_name``) and its
  index: ``red_0``, ``blue_1``; seats with no name of their own are
  ``player_0``, ``player_1``...  The agent to act is the seat of
  ``state.current_player``; a decision that belongs to another seat (an
  escalation, a choice of colony) selects that agent.
- The action space of every agent is ``Discrete(game.num_distinct_actions)``
  over our stable action ids.  An observation is a dict: ``"observation"``,
  ``game.observation_tensor`` of the agent's view (float32, unbounded), and
  ``"action_mask"``, an int8 mask of the legal ids (all zeros when it is not
  the agent's turn).
- Chance (dice, draws) is resolved inside the environment with a
  ``numpy.random.Generator`` seeded by ``reset(seed=...)``, which also seeds
  the setup; the same seed and actions give the same game.
- Rewards are 0 until the end, then ``returns()``: 1/len(winners) to each
  winner.  A game stopped by a length limit (``state.truncated``) ends with
  every agent truncated instead of terminated.
- ``render_mode="ansi"`` returns ``game.render(state)``, the whole state as
  a spectator sees it; ``"rgb_array"`` returns the board picture
  (``game.render_svg``) as an RGB array (with the ``viz`` extra).
- An illegal or unknown action id in ``step`` raises
  :class:`~boardgames.IllegalActionError` / :class:`~boardgames.InvalidActionError`
  and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

import boardgames as bg
from boardgames.adapters import RENDER_MODES, check_render_mode, render_frame
from boardgames.kernel.errors import IllegalActionError, InvalidActionError

try:
    import gymnasium
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardgames.adapters.pettingzoo needs PettingZoo: pip install 'boardgames[pettingzoo]'"
    ) from error

__all__ = ["BoardGameAECEnv", "agent_names", "env", "observation_space", "resolve_chance"]



def agent_names(game: bg.Game) -> list[str]:
    """One PettingZoo agent name per seat, in seat order.

    >>> agent_names(bg.make("warpgate", players=2))
    ['blue_0', 'orange_1']
    """
    names = []
    for player in range(game.players):
        descriptor = re.sub(r"[^a-z0-9]+", "_", game.player_name(player).lower()).strip("_")
        if not descriptor or descriptor == f"p{player}":
            descriptor = "player"
        names.append(f"{descriptor}_{player}")
    if len(set(names)) < len(names):
        names = [f"player_{player}" for player in range(game.players)]
    return names


def observation_space(game: bg.Game) -> gymnasium.spaces.Dict:
    """The space of ``{"observation": tensor, "action_mask": mask}`` for ``game``."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, game.observation_shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (game.num_distinct_actions,), np.int8),
        }
    )


def resolve_chance(state: bg.State, rng: np.random.Generator) -> bg.State:
    """``state`` after every chance node in a row is drawn with ``rng``."""
    game = state.game
    while state.is_chance:
        state = state.apply(game.sample_chance(state, rng))
    return state


def check_action(state: bg.State, action: Any) -> int:
    """``action`` as a legal action id of ``state``; our errors otherwise, nothing changed."""
    game = state.game
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidActionError(f"an action is an int id of {game.id}, not {action!r}")
    action_id = int(action)
    if not 0 <= action_id < game.num_distinct_actions:
        raise InvalidActionError(
            f"{action_id} is not an action id of {game.id} (ids 0..{game.num_distinct_actions - 1})"
        )
    if action_id not in state.legal_action_ids():
        legal = state.legal_action_ids()
        shown = ", ".join(f"{i} ({game.action_from_id(i)})" for i in legal[:8])
        raise IllegalActionError(
            f"action {action_id} ({game.action_from_id(action_id)}) is not legal now; legal: {shown}"
            + (", ..." if len(legal) > 8 else "")
        )
    return action_id


class BoardGameAECEnv(AECEnv):  # type: ignore[misc]
    """One of our games as a PettingZoo ``AECEnv``; see the module docs for the mapping."""

    def __init__(self, game: bg.Game, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = agent_names(game)
        self._seat = {agent: player for player, agent in enumerate(self.possible_agents)}
        space = observation_space(game)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        actions = gymnasium.spaces.Discrete(game.num_distinct_actions)
        self.action_spaces = {agent: actions for agent in self.possible_agents}
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"boardgames_{game.id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self._rng = np.random.default_rng()
        self.state_: bg.State | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def position(self) -> bg.State:
        """Our current :class:`~boardgames.State` (after ``reset``)."""
        if self.state_ is None:
            raise InvalidActionError("call reset() before using the environment")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: setup and chance drawn from a generator seeded by ``seed``."""
        self._rng = np.random.default_rng(seed)
        setup = int(self._rng.integers(2**63))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance(resolve_chance(self.game.new_game(seed=setup), self._rng))

    def _advance(self, state: bg.State) -> None:
        self.state_ = state
        if state.is_terminal:
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = not state.truncated
                self.truncations[agent] = state.truncated
        else:
            for agent in self.agents:
                self.rewards[agent] = 0.0
            self.agent_selection = self.possible_agents[state.current_player]

    def step(self, action: Any) -> None:
        """Apply ``action`` (an id) for ``agent_selection``; ``None`` for a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    f"the game is over for {agent}: step(None) to remove it, not {action!r}"
                )
            self._was_dead_step(action)
            return
        state = self.position
        action_id = check_action(state, action)
        self._cumulative_rewards[agent] = 0.0
        self._advance(resolve_chance(state.apply_id(action_id), self._rng))
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.position
        player = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if state.current_player == player:
            mask[list(state.legal_action_ids())] = 1
        tensor = np.asarray(self.game.observation_tensor(state, player), dtype=np.float32)
        return {"observation": tensor, "action_mask": mask}

    def render(self) -> Any:
        """The whole state as text (``"ansi"``) or as an RGB array (``"rgb_array"``);
        nothing without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass 'ansi' or 'rgb_array'")
            return None
        return render_frame(self.game, self.position, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the environment holds no resources."""


def env(
    game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> BoardGameAECEnv:
    """A PettingZoo ``AECEnv`` of ``bg.make(game_id, players, **options)``.

    Unknown games and bad options raise :class:`~boardgames.UnknownGameError`
    and :class:`~boardgames.InvalidOptionError`.
    """
    return BoardGameAECEnv(bg.make(game_id, players=players, **options), render_mode=render_mode)
