"""Control Action and Objective Cards (with interpretation I7/I8 for how control works)."""

from __future__ import annotations

import pytest

from boardgames import IllegalActionError
from boardgames.games.warpgate.interpretations import NO_CONTROL
from tests.warpgate.helpers import acting, board, do, edit, fresh, ids, pair, pid, targets, texts, with_cards


def test_control_places_outposts_on_planets_with_your_ships() -> None:
    s = fresh()
    a, b = pair(s, 1)
    gate = s.t.place_names[s.t.gate[0]]
    st = acting(board(s, {a: (0, 1), b: (1, 1), gate: (0, 1)}), "control", 2)
    assert targets(st, "control ") == {a}  # not the enemy's planet, not a warpgate
    st = do(st, f"control {a}")
    assert st.marker[pid(s, a)] == 0 and st.colony[pid(s, a)] == 0
    assert st.current_player == 1  # nothing else to control


def test_control_upgrading_an_outpost_to_a_colony_yields_an_objective_card() -> None:
    s = fresh()
    a, _ = pair(s, 1)
    marker = list(s.marker)
    marker[pid(s, a)] = 0
    st = acting(edit(board(s, {a: (0, 1)}), marker=tuple(marker)), "control", 1)
    st = do(st, f"control {a}")
    assert st.colony[pid(s, a)] == 1
    assert st.is_chance  # draw an objective
    before = len(ids(st.objectives[0]))
    st = st.apply(st.chance_outcomes()[0][0])
    assert len(ids(st.objectives[0])) == before + 1 and st.current_player == 1


def test_control_each_planet_once_per_action_and_up_to_x() -> None:
    s = fresh()
    t = s.t
    planets = [t.place_names[p] for p in t.planets[:4]]
    st = acting(board(s, {p: (0, 1) for p in planets}), "control", 2)
    assert "done" not in texts(st)
    st = do(st, f"control {planets[0]}")
    assert planets[0] not in targets(st, "control ") and "done" in texts(st)
    with pytest.raises(IllegalActionError):
        do(st, f"control {planets[0]}")
    st = do(st, f"control {planets[1]}")
    assert st.current_player == 1


def test_control_replaces_an_enemy_outpost_but_never_a_colony() -> None:
    s = fresh()
    a, b = pair(s, 1)
    marker = list(s.marker)
    colony = list(s.colony)
    marker[pid(s, a)] = 1
    marker[pid(s, b)] = 1
    colony[pid(s, b)] = 1
    st = edit(board(s, {a: (0, 1), b: (0, 1)}), marker=tuple(marker), colony=tuple(colony))
    st = acting(st, "control", 2)
    assert targets(st, "control ") == {a}
    st = do(st, f"control {a}")
    assert st.marker[pid(s, a)] == 0


def test_control_your_colony_cannot_be_controlled_again() -> None:
    s = fresh()
    a, _ = pair(s, 1)
    marker = list(s.marker)
    colony = list(s.colony)
    marker[pid(s, a)] = 0
    colony[pid(s, a)] = 1
    st = edit(board(s, {a: (0, 1)}), marker=tuple(marker), colony=tuple(colony))
    assert not st.feasible(8, 4, 0)


def test_control_needs_a_marker_in_supply_for_a_new_outpost() -> None:
    s = fresh()
    t = s.t
    a, b = pair(s, 1)
    marker = [-1] * len(t.place_names)
    used = [p for p in t.planets if t.place_names[p] not in (a, b)][:12]
    for p in used:
        marker[p] = 0
    marker[pid(s, b)] = -1
    own_outpost = used[0]
    st = board(s, {a: (0, 1), t.place_names[own_outpost]: (0, 1)})
    st = acting(edit(st, marker=tuple(marker)), "control", 2)
    # no marker left for a, but the own outpost may still be flipped to a colony
    assert targets(st, "control ") == {t.place_names[own_outpost]}


def test_objectives_completed_are_worth_5_vp_and_secret() -> None:
    s = fresh()
    t = s.t
    settlers = t.objective_names.index("Settlers")  # 2 colonies
    deck = tuple(sorted({*ids(s.objective_deck), *ids(s.objectives[0])} - {settlers}))
    s = with_cards(s, objectives=((settlers,), ids(s.objectives[1])), objective_deck=deck)
    planets = t.planets[:2]
    marker = list(s.marker)
    colony = list(s.colony)
    for p in planets:
        marker[p], colony[p] = 0, 1
    done = edit(s, marker=tuple(marker), colony=tuple(colony))
    assert s.game.score_breakdown(s)["objectives"][0] == 0.0
    assert s.game.score_breakdown(done)["objectives"][0] == 5.0
    # secret: the other player's view holds only how many objectives player 0 has
    assert done.view(1).objective_counts[0] == 1
    swap = deck[0]
    other = with_cards(done, objectives=((swap,), ids(done.objectives[1])),
                       objective_deck=tuple(sorted({*deck, settlers} - {swap})))
    assert other.view(1) == done.view(1)
    assert other.view(0) != done.view(0)


@pytest.mark.parametrize("players", [2, 6])
def test_control_table_is_the_interpretations_effect(players: int) -> None:
    """I7: what Control does is the interpretation's ``effect``; the rules ask it through a table."""
    s = fresh(players)
    effect = s.game.interpretations.control.effect
    for p in range(players):
        for spare in (False, True):
            for m in range(-1, players):
                for c in (0, 1):
                    acts = s.t.control_acts[p][spare][2 * m + 2 + c]
                    assert acts == (effect(m, bool(c), p, spare) != NO_CONTROL)
