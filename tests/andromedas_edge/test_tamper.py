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


def _edit(doc: dict[str, Any], field: str, edit: Any) -> None:
    doc["state"][field] = edit(doc["state"][field], doc["state"])


def _set(row: list[Any], i: int, value: Any) -> list[Any]:
    row = list(row)
    row[i] = value
    return row


@pytest.mark.parametrize(
    ("state", "field", "edit", "words"),
    [
        # each faction and destiny card is dealt once (Factions: 3 to each player)
        ("new", "offers", lambda v, s: [v[0], v[0]], "dealt to two players"),
        ("destiny", "doffers", lambda v, s: [v[0], v[0]], "dealt twice"),
        # Factions, Destiny Cards: one step per player keeps one card of their offer
        ("new", "tasks", lambda v, s: [v[0], *v], "one step to keep one"),
        ("new", "tasks", lambda v, s: [*v[:-1], [2, v[-1][1], 0, 0]], "destiny cards on offer"),
        ("destiny", "tasks", lambda v, s: [t for t in v if t[0] != 2 or t[1] != v[-2][1]], "cards on offer"),
        # Claiming Moons: a moon is revealed only where a planet has moons hidden under no top moon
        ("start", "tasks", lambda v, s: [[41, -1, 0, 0], *v], "no hidden moon"),
        # Destiny Cards are dealt only with the destiny option, and then to every player
        ("new", "destiny", lambda v, s: [0, -1], "with the destiny option"),
        ("destiny", "doffers", lambda v, s: [v[0], []], "with the destiny option"),
        # Return to Station: ships on modules and used modules only until Step 2
        ("start", "ships", lambda v, s: [_set(v[0], 0, -6), v[1]], "Return to Station"),
        ("start", "mused", lambda v, s: [_set(v[0], 0, 1), v[1]], "Return to Station"),
        # a defeated raider with no shields left returns to its card, undamaged
        ("shielded", "rdmg", lambda v, s: _set(v, len(v) - 2, 1), "not on the board"),
        # battle steps happen in the active region; the losers are known until Damage Ships
        ("start", "tasks", lambda v, s: [[47, -1, 0, 0], *v], "no active region"),
        ("start", "b_lost", lambda v, s: [2], "b_lost"),
        # Supremacy Track: "If you are the first to reach a supremacy token space, claim the token there"
        ("start", "tracks", lambda v, s: [[*v[0][:4], 2], v[1]], "claims the token"),
        # 2v2 Collaboration: transfers only between teammates
        ("start", "transferred", lambda v, s: True, "only in 2v2"),
    ],
)
def test_states_no_rule_reaches_are_rejected(state: str, field: str, edit: Any, words: str) -> None:
    game = bg.make("andromedas-edge", players=2, destiny=state == "destiny")
    built = {
        "new": lambda: game.new_game(3),
        "destiny": lambda: game.new_game(3),
        "start": lambda: game.position(),
        "shielded": lambda: game.position(raiders={"C": None}, raider_cards={"C": "Hollow Fleet"}),
    }[state]()
    doc = json.loads(bg.to_json(built))
    bg.from_json(json.dumps(doc))  # the state before the edit loads
    _edit(doc, field, edit)
    with pytest.raises(bg.SerializationError, match=words):
        bg.from_json(json.dumps(doc))


@pytest.mark.parametrize("where", ["planet", "second nebula", "third on the nebula"])
def test_leaders_only_where_player_setup_put_them(where: str) -> None:
    """Leaders: "1 leader on each Alliance Base ... 2 leaders on the nebula matching the
    die rolled ... their remaining 1 leader in the leaders area of their station";
    recruiting only takes them back to the station."""
    game = bg.make("andromedas-edge", players=2)
    doc = json.loads(bg.to_json(game.new_game(3)))
    s = doc["state"]
    row = s["leaders_on"][0]
    start = next(r for r in range(game.spaces, game.regions) if row[r])
    r = {
        "planet": next(r for r in range(game.spaces) if 0 <= s["layout"][r] < 15),
        "second nebula": next(r for r in range(game.spaces, game.regions) if not row[r]),
        "third on the nebula": start,
    }[where]
    row[r] += 1
    s["leaders_home"][0] -= 1
    with pytest.raises(bg.SerializationError, match="leaders_on of player 0"):
        bg.from_json(json.dumps(doc))
