"""Saved states tampered with: every document either fails to load with a
library error or loads as a state that plays to the end (one validator checks
JSON loading and ``game.position``)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.kernel.driver import random_playout
from tests.tamper import play_to_the_end, tamper


@cache
def _documents() -> tuple[str, ...]:
    """A new game, and states from the middle of random games (with optional rules)."""
    docs = [bg.to_json(bg.make("andromedas-edge", players=2).new_game(1))]
    for players, options, at in ((3, {}, 300), (4, {"teams": True, "destiny": True}, 500)):
        game = bg.make("andromedas-edge", players=players, **options)
        seen: list[Any] = []
        random_playout(game, 7, on_state=seen.append)
        docs.append(bg.to_json(seen[min(at, len(seen) - 1)]))
    return tuple(docs)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, 2),
    pick=st.integers(0, 10**9),
    how=st.sampled_from(("delete", "+1", "-1", "shorten")),
)
def test_tampered_states_fail_cleanly_or_play_to_the_end(which: int, pick: int, how: str) -> None:
    doc = json.loads(_documents()[which])
    if not tamper(doc["state"], how, pick):
        return
    try:
        state = bg.from_json(json.dumps(doc))
    except bg.BoardGameError:
        return
    play_to_the_end(state, 0)


def test_popping_a_module_deck_row_is_rejected() -> None:
    # The review's example: the last row of mbottom removed from a new game's JSON.
    doc = json.loads(_documents()[0])
    doc["state"]["mbottom"].pop()
    with pytest.raises(bg.SerializationError, match="mbottom"):
        bg.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("res", [[-1, 0, 0, 0, 0], [0, 0, 0, 0, 0]], "res"),
        ("vp", [9999, 1], "vp"),
        ("faction", [50, -1], "faction"),
        ("layout", [99] + [-1] * 23, "layout"),
        ("upgrades", [[-2, -1, -1, -1], [-1, -1, -1, -1]], "upgrades"),
    ],
)
def test_out_of_range_fields_are_rejected(field: str, value: Any, words: str) -> None:
    doc = json.loads(_documents()[0])
    doc["state"][field] = value
    with pytest.raises(bg.SerializationError, match=words):
        bg.from_json(json.dumps(doc))


def test_a_decision_without_legal_actions_is_rejected() -> None:
    # Keeping 1 of 2 peeked event cards when no card has been peeked at.
    from boardgames.games.andromedas_edge.state import Task

    state = bg.make("andromedas-edge", players=2).position()
    doc = json.loads(bg.to_json(state))
    doc["state"]["tasks"] = [[Task.PEEK, state.active, 0, 0], [Task.MAIN, state.active, 0, 0]]
    with pytest.raises(bg.SerializationError, match="no legal action"):
        bg.from_json(json.dumps(doc))
