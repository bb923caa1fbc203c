"""Tampering with saved states, for every game's tamper test.

A saved state is mutated in one place (a field or list entry deleted, a
number moved by one, a list shortened, two numbers swapped, a flag flipped).
Loading it must then either raise a library error or give a state that a
random playout takes to the end without any other error.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import boardgames as bg

KINDS = ("delete", "+1", "-1", "shorten", "swap")
"""The mutations :func:`tamper` knows."""


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (dict keys and list indices), the value's own first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += places(item, (*path, i))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def tamper(data: dict[str, Any], kind: str, pick: int) -> bool:
    """Mutate ``data`` (a state's JSON data) by ``kind`` at its ``pick``-th place.

    Returns False, leaving ``data`` alone, when the kind does not apply
    there (a number change on a list, say).  A boolean is flipped by +1/-1.
    """
    paths = [p for p in places(data) if p]
    path = paths[pick % len(paths)]
    parent, key = _at(data, path[:-1]), path[-1]
    value = parent[key]
    if kind == "delete":
        del parent[key]
    elif kind == "shorten":
        if not isinstance(value, list) or not value:
            return False
        value.pop()
    elif kind in ("+1", "-1"):
        if isinstance(value, bool):
            parent[key] = not value
        elif isinstance(value, int):
            parent[key] = value + (1 if kind == "+1" else -1)
        else:
            return False
    elif kind == "swap":
        numbers = [p for p in paths if isinstance(_at(data, p), int) and p != path]
        if not isinstance(value, int) or not numbers:
            return False
        other = numbers[(pick * 7919) % len(numbers)]
        other_parent, other_key = _at(data, other[:-1]), other[-1]
        parent[key], other_parent[other_key] = other_parent[other_key], value
    else:
        raise ValueError(f"unknown kind of tampering {kind!r}; known: {KINDS}")
    return True


def play_randomly(state: bg.State, seed: int, steps: int) -> bg.State:
    """The state after at most ``steps`` seeded random steps from ``state`` (fewer if the game ends)."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = random_step(state, rng)
    return state


def random_step(state: bg.State, rng: np.random.Generator) -> bg.State:
    """The state after one random step: a chance outcome by its probability, else a uniform legal action."""
    if state.is_chance:
        return state.apply(state.game.sample_chance(state, rng))
    legal = state.legal_actions()
    return state.apply(legal[int(rng.integers(len(legal)))])


def play_to_the_end(state: bg.State, seed: int) -> None:
    """A seeded random playout that must reach the end with no error: every
    decision has legal actions, every chance node outcomes, and there are no
    winners before the end."""
    game = state.game
    rng = np.random.default_rng(seed)
    for _ in range(game.max_game_length + 1):
        if state.is_terminal:
            return
        assert not state.winners, "winners while steps are pending"
        if state.is_chance:
            assert state.chance_outcomes(), "a chance node without outcomes"
            state = state.apply(game.sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            assert legal, "a decision without legal actions"
            state = state.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError("the tampered game did not end within max_game_length")
