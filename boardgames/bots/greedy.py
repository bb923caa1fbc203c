"""A one-ply look-ahead bot over the game's heuristic.

For each legal action the bot applies it to a full state drawn from its view
(``game.resample``) and values the successor with ``game.heuristic`` for its
own seat.  A successor that is a chance node is valued by the expectation over
its outcomes (``chance_outcomes``), recursively through chains of chance
nodes.  A finished game is valued by its payoff (``returns``).  Ties are
broken at random with the seeded generator.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from boardgames.bots.base import BotError
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, TERMINAL, Game, State, View

__all__ = ["GreedyBot", "expected_heuristic"]

_TIE = 1e-9


class GreedyBot:
    """One-ply greedy play on ``game.heuristic``, with expectations over chance.

    ``determinizations`` is how many full states are drawn from the view and
    averaged over (more helps in games with much hidden information).
    ``chance_depth`` bounds how many chance nodes in a row are expanded
    exactly; below that a chance node is valued by its heuristic.
    """

    name = "greedy"

    def __init__(self, determinizations: int = 1, chance_depth: int = 2) -> None:
        if not isinstance(determinizations, int) or determinizations < 1:
            raise BotError(f"determinizations must be an int >= 1, not {determinizations!r}")
        if not isinstance(chance_depth, int) or chance_depth < 0:
            raise BotError(f"chance_depth must be an int >= 0, not {chance_depth!r}")
        self.determinizations = determinizations
        self.chance_depth = chance_depth
        self._game: Game | None = None

    def start(self, game: Game, player: int) -> None:
        self._game = game

    def __getstate__(self) -> dict[str, object]:
        # A pickled bot (a tournament's worker's) travels without its game: start() gives it.
        state = dict(self.__dict__)
        state["_game"] = None
        return state

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        game = self._game
        if game is None:
            raise BotError("GreedyBot needs the game: call start(game, player) first")
        if len(legal_actions) == 1:
            return legal_actions[0]
        player = view.player
        ids = [game.action_id(a) for a in legal_actions]
        totals = [0.0] * len(ids)
        advance = game._next_state
        for _ in range(self.determinizations):
            state = game.resample(view, rng)
            for k, action_id in enumerate(ids):
                totals[k] += expected_heuristic(advance(state, action_id), player, self.chance_depth)
        best = max(totals)
        tied = [k for k, v in enumerate(totals) if v >= best - _TIE]
        return legal_actions[tied[int(rng.integers(len(tied)))] if len(tied) > 1 else tied[0]]

    def __repr__(self) -> str:
        return f"GreedyBot(determinizations={self.determinizations}, chance_depth={self.chance_depth})"


def expected_heuristic(state: State, player: int, chance_depth: int) -> float:
    """``game.heuristic`` of ``state`` for ``player``, in expectation over chance.

    A chance node is valued by its outcomes weighted by their probabilities,
    through at most ``chance_depth`` chance nodes in a row; a finished game by
    its payoff.
    """
    who = state._player
    if who == TERMINAL:
        return state.returns()[player]
    if who == CHANCE and chance_depth > 0:
        total = 0.0  # summed in outcome order, as sum() would
        advance = state.game._next_state
        for outcome, probability in state.chance_outcome_ids():
            total += probability * expected_heuristic(advance(state, outcome), player, chance_depth - 1)
        return total
    return state.game._heuristics(state)[player]
