"""Tampered saved states: every outcome is a library error or a state that plays to the end.

Saved states from random games are mutated (a field deleted, a number moved by
one, a list shortened, two values swapped); loading either raises
:class:`SerializationError` or gives a state that is then played to the end by
a random playout without any other error.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from tests.age_of_galaxy.helpers import make

CONFIGS: tuple[tuple[int, dict[str, Any]], ...] = (
    (1, {}),
    (1, {"scenario": "relic-hunt"}),
    (2, {}),
    (3, {"drafting": True}),
    (4, {"explored_galaxy": True}),
)


@functools.cache
def saved_states(config: int) -> tuple[str, ...]:
    """Every 7th state of two seeded random games, as JSON documents."""
    players, options = CONFIGS[config]
    game = make(players, **options)
    out = []
    for seed in (0, 1):
        for k, (state, _) in enumerate(bg.random_playout(game, seed).replay.states()):
            if k % 7 == 0:
                out.append(bg.to_json(state))
    return tuple(out)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_paths(item, (*path, i)))
    elif isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def tamper(state: dict[str, Any], kind: int, pick: int, delta: int) -> None:
    """One mutation of a state's data, chosen by ``kind`` at the ``pick``-th place."""
    paths = [p for p in _paths(state) if p]
    path = paths[pick % len(paths)]
    parent, key = _at(state, path[:-1]), path[-1]
    value = parent[key]
    if kind == 0:  # delete a field or a list entry
        del parent[key]
    elif kind == 1:  # a number moved by one either way
        if isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + delta
    elif kind == 2:  # a list shortened
        if isinstance(value, list) and value:
            value.pop()
    else:  # two values swapped
        numbers = [p for p in paths if isinstance(_at(state, p), int)]
        other = numbers[(pick * 7919 + delta) % len(numbers)]
        other_parent, other_key = _at(state, other[:-1]), other[-1]
        parent[key], other_parent[other_key] = other_parent[other_key], value


def play_to_end(state: bg.State, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(state.game.max_game_length):
        if state.is_terminal:
            return
        assert not state.winners, "winners while steps are pending"
        if state.is_chance:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node without outcomes"
            state = state.apply(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = state.legal_actions()
            assert legal, "a decision without legal actions"
            state = state.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError("the tampered game did not end within max_game_length")


@settings(max_examples=300, deadline=None)
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    which=st.integers(0, 10_000),
    kind=st.integers(0, 3),
    pick=st.integers(0, 10_000),
    delta=st.sampled_from((-1, 1)),
)
def test_tampered_states_are_refused_or_play_to_the_end(
    config: int, which: int, kind: int, pick: int, delta: int
) -> None:
    docs = saved_states(config)
    doc = json.loads(docs[which % len(docs)])
    state_data = copy.deepcopy(doc["state"])
    tamper(state_data, kind, pick, delta)
    doc["state"] = state_data
    try:
        state = bg.from_json(json.dumps(doc))
    except bg.SerializationError:
        return
    play_to_end(state, which)


def test_tampered_pending_explore_of_no_player_is_refused() -> None:
    state = make(2).new_game(0)
    doc = json.loads(bg.to_json(state))
    doc["state"]["pend"] = [12, -1]
    doc["state"]["player"] = -1
    with pytest.raises(bg.SerializationError, match=r"state\.pend"):
        bg.from_json(json.dumps(doc))


def test_tampered_turn_flags_cannot_give_an_action_without_a_disc() -> None:
    """A turn whose action is done (flags 1) turned into one with the card played (flags 2)
    by a player with no disc left would Scavenge forever."""
    for state, _ in bg.random_playout(make(2), 3).replay.states():
        if state.current_player >= 0 and state.flags == 1 and state.discs[state.current_player] == 0:
            break
    else:
        raise AssertionError("no such state in the game")
    doc = json.loads(bg.to_json(state))
    doc["state"]["flags"] = 2
    with pytest.raises(bg.SerializationError, match="without an Action disc"):
        bg.from_json(json.dumps(doc))
