"""The ``Game`` class of Asteroid Rush: thin hooks, each delegating to the module that holds its rules."""

from __future__ import annotations

import hashlib
from typing import Any, ClassVar

import numpy as np
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.game import Game, GameSpec, State, View
from boardgames.kernel.steps import StepMachine

from asteroid_rush import knowledge, picture, position, render, scoring, setup, validation
from asteroid_rush.actions import catalogue
from asteroid_rush.components import ASTEROIDS, CARDS, COPIES, FLARE_LIMIT, HOLD, ROUNDS, TARGET
from asteroid_rush.rules import RULES
from asteroid_rush.state import AsteroidState, AsteroidView

__all__ = ["AsteroidRush"]


class AsteroidRush(Game):
    """Asteroid Rush for 2 to 4 players (rules in the package README)."""

    spec = GameSpec(
        id="asteroid-rush",
        title="Asteroid Rush",
        min_players=2,
        max_players=4,
        default_players=3,
        hidden_information=True,
        description="Mine a 19-hex asteroid belt and deliver secret contracts (a plug-in example).",
    )

    rules: ClassVar[StepMachine[AsteroidState]] = RULES
    """The turn structure and the rules (:mod:`asteroid_rush.rules`); states reach them here."""

    def _build_catalogue(self) -> ActionCatalogue:
        return catalogue()

    def new_game(self, seed: int | None = 0) -> AsteroidState:
        """§3: ships at the station, empty holds; the first chance nodes deal one contract each.

        The game has no hidden setup, so ``seed`` changes nothing: every
        random event is a chance node.
        """
        return setup.new_game(self)

    @property
    def max_game_length(self) -> int:
        # the deal, then per turn: roll, flare discards (at most 6 per player), fly, work, draw
        n = self.players
        return n + ROUNDS * n * (4 + 6 * n)

    def fingerprint(self) -> str:
        data = repr((CARDS, ASTEROIDS, HOLD, COPIES, ROUNDS, TARGET, FLARE_LIMIT)).encode()
        return hashlib.sha256(data).hexdigest()[:16]

    def player_name(self, player: int) -> str:
        self._check_player(player)
        return render.seat_name(player)

    # -- scores ---------------------------------------------------------------------

    def score_parts(self, state: AsteroidState, player: int) -> tuple[int, int, int]:
        """§9 in order: contracts, cargo, unfinished (:func:`asteroid_rush.scoring.score_parts`)."""
        return scoring.score_parts(state, player)

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        return scoring.score_breakdown(self._check_state(state, AsteroidState))

    def _heuristics(self, state: State) -> tuple[float, ...]:
        # Unchecked (bots call it on the hot path); heuristic(state, player) and
        # heuristics(state) check their arguments and call this.
        s: AsteroidState = state  # type: ignore[assignment]
        return tuple(scoring.heuristic(s, p) for p in range(self.players))

    # -- hidden information ----------------------------------------------------------

    def resample(self, view: View, rng: np.random.Generator) -> AsteroidState:
        self._check_rng(rng)
        return knowledge.resample(self, self._check_view(view, AsteroidView), rng)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (knowledge.observation_size(self.players),)

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        """The view of ``player`` as floats, seats rotated so that ``player`` comes first."""
        view = self._check_state(state, AsteroidState).view(player)
        return knowledge.observation(view, self.players)

    # -- JSON ------------------------------------------------------------------------

    def state_to_data(self, state: State) -> dict[str, Any]:
        return validation.state_to_data(self._check_state(state, AsteroidState))

    def state_from_data(self, data: Any) -> AsteroidState:
        return validation.state_from_data(self, data)

    def position(self, **setup: Any) -> AsteroidState:
        """A position set up by hand, in the rules' terms; every keyword is optional.

        ``phase``: where the active player's turn is, ``"roll"``, ``"fly"``
        (the default), ``"work"`` or ``"draw"`` (the draw of a scan);
        ``active`` (seat, default 0) and ``round`` (default 1);
        ``ships``: each seat's hex (default: all at the station, ``"C3"``);
        ``holds``: each seat's resources, like ``{"ore": 2, "ice": 1}``;
        ``hands`` and ``delivered``: each seat's contracts by name (the deck
        holds the rest); ``flares``: the seats with a flare discard pending
        before the flight, in turn order; ``last_roll`` (default 1).

        It is checked as a loaded game is; a fault raises
        :class:`~boardgames.kernel.errors.InvalidOptionError` naming it.

        >>> game = AsteroidRush(2)
        >>> state = game.position(
        ...     phase="work", ships=["B1", "C3"], holds=[{"ore": 3}, {}], hands=[["drill"], []]
        ... )
        >>> [str(action) for action in state.legal_actions()]
        ['mine', 'scan', 'rest']
        >>> state.apply_text("mine").hold(0)
        (4, 0, 0)
        """
        return position.build_position(self, **setup)

    # -- pictures and words ----------------------------------------------------------

    def render(self, state: State) -> str:
        state = self._check_state(state, AsteroidState)
        return render.board_text(state.view(0), dict(enumerate(state.hands)))

    def render_view(self, view: View) -> str:
        view = self._check_view(view, AsteroidView)
        board = render.board_text(view, {view.player: view.hand})
        return f"What {render.seat_name(view.player)} knows:\n" + board

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """The belt, the ships and the players; a state shows every hand, a view only its player's."""
        self._check_target(target)
        if last_action is not None:
            self._check_action(last_action)
        if isinstance(target, AsteroidState):
            hands = dict(enumerate(target.hands))
            return picture.board_svg(target.view(0), hands, self.spec.title, last_action)
        view = self._check_view(target, AsteroidView)
        title = f"{self.spec.title}: what {render.seat_name(view.player)} knows"
        return picture.board_svg(view, {view.player: view.hand}, title, last_action)

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        self._check_action(action)
        self._check_viewer(viewer)
        return render.describe_action(self._check_state(state, AsteroidState), action, viewer)

    def decision_text(self, view: View) -> str:
        return render.decision_text(self._check_view(view, AsteroidView))

    def action_group(self, action: Action) -> str:
        self._check_action(action)
        return render.action_group(action)

    def help_text(self, view: View) -> str:
        return render.help_text(self._check_view(view, AsteroidView))
