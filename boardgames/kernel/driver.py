"""Seeded drivers: play a game to its end with a uniform random policy.

Used by the conformance checker, the benchmarks and the command line.  The
same game, seed and policy give the same game on every machine.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from boardgames.kernel.chance import Sampler
from boardgames.kernel.errors import ConformanceError, InvalidArgumentError
from boardgames.kernel.game import Game, State
from boardgames.kernel.serialize import Replay

__all__ = ["Playout", "random_playout", "sample_outcome"]


def sample_outcome(state: State, sampler: Sampler) -> int:
    """Id of a chance outcome of ``state`` drawn with its exact probability."""
    outcomes = state.chance_outcome_ids()
    draw = sampler.random()
    total = 0.0
    for action_id, probability in outcomes:
        total += probability
        if draw < total:
            return action_id
    return outcomes[-1][0]


@attrs.frozen
class Playout:
    """A finished random game: the final state, its replay and its length."""

    final: State
    replay: Replay
    length: int


def random_playout(
    game: Game,
    seed: int,
    *,
    max_length: int | None = None,
    on_state: Callable[[State], None] | None = None,
) -> Playout:
    """Play ``game`` from ``new_game(seed)`` choosing uniformly among legal actions.

    Chance is sampled with its probabilities from the same seeded stream.
    Raises :class:`ConformanceError` if the game is not over after
    ``max_length`` actions (default: the game's declared bound).
    """
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"random_playout() needs a game (bg.make(...)), not {type(game).__name__}")
    if max_length is not None and (isinstance(max_length, bool) or not isinstance(max_length, int)):
        raise InvalidArgumentError(f"max_length must be an int or None, not {max_length!r}")
    bound = game.max_game_length if max_length is None else max_length
    sampler = Sampler(seed)
    initial = state = game.new_game(seed)
    table = game.catalogue.actions
    taken: list[int] = []
    while not state.is_terminal:
        if len(taken) >= bound:
            raise ConformanceError(f"{game!r} seed {seed}: no end after {bound} actions")
        if on_state is not None:
            on_state(state)
        if state.is_chance:
            action_id = sample_outcome(state, sampler)
        else:
            legal = state.legal_action_ids()
            action_id = legal[sampler.index(len(legal))]
        taken.append(action_id)
        state = game._next_state(state, action_id)
    if on_state is not None:
        on_state(state)
    replay = Replay.record(initial, seed, [str(table[i]) for i in taken], state)
    return Playout(state, replay, len(taken))
