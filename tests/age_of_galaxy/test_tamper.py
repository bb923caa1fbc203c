"""Tampered saved states: every outcome is a library error or a state that plays to the end.

Saved states from random games are mutated (a field deleted, a number moved by
one, a list shortened, two values swapped); loading either raises
:class:`SerializationError` or gives a state that is then played to the end by
a random playout without any other error.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from tests.age_of_galaxy.helpers import make
from tests.tamper import KINDS, play_to_the_end, tamper

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


@settings(max_examples=300, deadline=None)
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    which=st.integers(0, 10_000),
    kind=st.sampled_from(KINDS),
    pick=st.integers(0, 10_000),
)
def test_tampered_states_are_refused_or_play_to_the_end(
    config: int, which: int, kind: str, pick: int
) -> None:
    docs = saved_states(config)
    doc = json.loads(docs[which % len(docs)])
    if not tamper(doc["state"], kind, pick):
        return
    try:
        state = bg.from_json(json.dumps(doc))
    except bg.SerializationError:
        return
    play_to_the_end(state, which)


def test_tampered_pending_explore_of_no_player_is_refused() -> None:
    state = make(2).new_game(0)
    doc = json.loads(bg.to_json(state))
    doc["state"]["steps"] = [[12, -1], [20, state.current_player]]
    doc["state"]["player"] = -1
    with pytest.raises(bg.SerializationError, match=r"state\.steps\[0\]\[1\]"):
        bg.from_json(json.dumps(doc))


def _refused_with_flags(players: int, seed: int, first: int | None, flags: int) -> None:
    """The first state of a seeded game in which the player to act has done the turn's
    action (flags 1) with no disc left (and, with ``first``, a step of that kind is
    first), saved with ``flags`` instead, is refused for want of an Action disc."""
    for state, _ in bg.random_playout(make(players), seed).replay.states():
        p = state.current_player
        if p >= 0 and state.flags == 1 and state.discs[p] == 0 and first in (None, state.steps[0][0]):
            break
    else:
        raise AssertionError("no such state in the game")
    doc = json.loads(bg.to_json(state))
    doc["state"]["flags"] = flags
    with pytest.raises(bg.SerializationError, match="without an Action disc"):
        bg.from_json(json.dumps(doc))


def test_tampered_turn_flags_cannot_give_an_action_without_a_disc() -> None:
    """A turn whose action is done (flags 1) turned into one with the card played (flags 2)
    by a player with no disc left would Scavenge forever."""
    _refused_with_flags(2, 3, None, 2)


def test_tampered_turn_flags_cannot_give_a_card_and_an_action_without_a_disc() -> None:
    """A card being played after the turn's action (flags 1) turned into one played before
    it (flags 0) by a player with no disc left would Scavenge forever."""
    _refused_with_flags(1, 0, 1, 0)


def test_a_solo_planet_owned_by_a_seat_nobody_plays_is_refused() -> None:
    """In a solo game a planet belongs to you (0), the Virtual Opponent (4) or nobody:
    an owner 1-3 (a seat nobody plays) is refused on loading (it broke the War phase)."""
    state = make(1).new_game(0)
    doc = json.loads(bg.to_json(state))
    slot = next(i for i, kind in enumerate(state.pkind) if kind >= 0)
    doc["state"]["powner"][slot] = 3
    doc["state"]["plevel"][slot] = 3
    with pytest.raises(bg.SerializationError, match=rf"state\.powner\[{slot}\]"):
        bg.from_json(json.dumps(doc))
