"""Deploying Ships: Warp-in and Reinforce."""

from __future__ import annotations

import numpy as np
import pytest

from boardgames import IllegalActionError
from boardgames.games.warpgate.state import count_board, occupancy
from tests.tamper import random_step
from tests.warpgate.helpers import acting, board, do, edit, fresh, game, pair, pid, targets, texts, with_cards


def test_warp_in_up_to_x_ships_to_your_warpgate() -> None:
    s = fresh()
    gate = s.t.place_names[s.t.gate[0]]
    st = acting(board(s, {}), "warp_in", 3)
    assert texts(st) == ["warp in 1 ship", "warp in 2 ships", "warp in 3 ships"]
    after = do(st, "warp in 2 ships")
    assert after.ships[pid(s, gate)] == 2 and after.owner[pid(s, gate)] == 0 and after.supply[0] == 10


def test_warp_in_may_not_deploy_more_ships_than_your_supply() -> None:
    s = fresh()
    a, _ = pair(s, 1)
    st = acting(board(s, {a: (0, 10)}), "warp_in", 4)
    assert texts(st) == ["warp in 1 ship", "warp in 2 ships"]
    with pytest.raises(IllegalActionError):
        do(st, "warp in 3 ships")


def test_warp_in_not_playable_with_an_empty_supply() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, 6), b: (0, 6)})
    assert not st.feasible(5, 4, 0)


def test_reinforce_one_ship_to_each_of_up_to_x_places_with_your_ships() -> None:
    s = fresh()
    a, b = pair(s, 1)
    gate = s.t.place_names[s.t.gate[0]]
    st = acting(board(s, {a: (0, 1), b: (0, 1), gate: (0, 1)}), "reinforce", 2)
    assert targets(st, "reinforce ") == {a, b, gate}
    assert "done" not in texts(st)  # at least one ship must be deployed
    st = do(st, f"reinforce {a}")
    # may not deploy more than 1 ship to the same planet this way
    assert targets(st, "reinforce ") == {b, gate} and "done" in texts(st)
    with pytest.raises(IllegalActionError):
        do(st, f"reinforce {a}")
    st = do(st, f"reinforce {gate}")
    assert st.current_player == 1  # X = 2 places used: the action ends
    assert st.ships[pid(s, a)] == 2 and st.ships[pid(s, gate)] == 2 and st.supply[0] == 7


def test_reinforce_only_places_that_already_hold_your_ships() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = acting(board(s, {a: (0, 1), b: (1, 1)}), "reinforce", 4)
    assert targets(st, "reinforce ") == {a}  # never onto enemy ships, never to an empty planet


def test_reinforce_stops_when_the_supply_runs_out() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, 6), b: (0, 5)})
    st = do(acting(st, "reinforce", 4), f"reinforce {a}")
    assert st.supply[0] == 0 and st.current_player == 1


def test_deploying_never_onto_enemy_ships_in_a_random_game() -> None:
    g = fresh(players=4).game
    from boardgames.kernel.driver import random_playout

    seen = 0

    def check(state: object) -> None:
        nonlocal seen
        from boardgames.games.warpgate.state import REINFORCE_PICK, WarpgateState

        assert isinstance(state, WarpgateState)
        if state.current_player >= 0 and state.step[0] == REINFORCE_PICK:
            for a in state.legal_actions():
                if str(a).startswith("reinforce "):
                    assert state.owner[state.t.place_names.index(str(a)[10:])] == state.active
                    seen += 1

    for seed in range(6):
        random_playout(g, seed, on_state=check)
    assert seen > 0


def test_deploy_effect_of_a_technology_respects_supply() -> None:
    s = fresh()
    t = s.t
    deploy_tech = next(c for c in range(len(t.tech_names)) if t.tech_effect[c].deploy)
    st = with_cards(edit(board(s, {}), tech_avail=(deploy_tech,)),
                    tech_deck=tuple(c for c in range(len(t.tech_names)) if c != deploy_tech))
    st = acting(st, "research", 4)
    kind = t.tech_type[deploy_tech]
    planet = next(t.place_names[d] for d in t.near[st.drone[0]][4] if t.place_type[d] == kind)
    after = do(st, f"research at {planet}")
    assert after.ships[t.gate[0]] == 1 and after.supply[0] == 11


def test_ships_joining_your_own_ships_leave_the_owners_as_they_were() -> None:
    """A place's owner changes only when it changes hands, so the board counted for the
    previous position is the one found for the next (``state.occupancy``)."""
    s = fresh()
    gate = s.t.place_names[s.t.gate[0]]
    st = acting(board(s, {gate: (0, 1)}), "warp_in", 2)
    after = do(st, "warp in 2 ships")
    assert after.ships[pid(s, gate)] == 3 and after.owner is st.owner
    assert occupancy(after) is occupancy(st)


def test_the_board_counted_by_owner_identity_is_the_board_counted_anew() -> None:
    g = game(4)
    rng = np.random.default_rng(3)
    s = g.new_game(2)
    while not s.is_terminal:
        board_now = occupancy(s)
        assert board_now == count_board(s.owner, 4, s.t.bit)
        assert board_now.places == tuple(
            tuple(d for d, w in enumerate(s.owner) if w == p) for p in range(4)
        )
        s = random_step(s, rng)
