"""General Rules for Movement, Recon, Maneuver, Skirmish, Advance and Concentrate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from boardgames import IllegalActionError
from boardgames.games.warpgate.state import arg
from tests.warpgate.helpers import (
    acting,
    attackers,
    board,
    dist,
    do,
    fresh,
    pair,
    pid,
    places_where,
    targets,
    texts,
)


def _origin_and_range(x: int) -> tuple[str, set[str]]:
    s = fresh()
    a, _ = pair(s, 1)
    t = s.t
    within = {t.place_names[b] for b in t.near[pid(s, a)][x] if t.seat[b] in (-1, 0)}
    return a, within


# -- General Rules for Movement ----------------------------------------------------------


def test_general_movement_ships_end_only_on_planets_or_warpgates() -> None:
    s = fresh()
    a, _ = pair(s, 1)
    s = acting(board(s, {a: (0, 1)}), "recon", 4)
    dests = targets(do(s, f"from {a}"), "to ")
    assert dests  # range 8 reaches much of the map
    names = set(s.t.place_names)
    assert dests <= names  # every destination is a planet or a warpgate, never an empty hex
    assert len(s.t.grid) > len(names)  # the map has empty hexes, and none is offered


def test_general_movement_may_not_move_onto_another_players_ships() -> None:
    s = fresh()
    a, b = pair(s, 1)
    s = board(s, {a: (0, 3), b: (1, 1)})
    for action in ("recon", "maneuver"):
        st = do(acting(s, action, 2), f"from {a}")
        assert b not in targets(st, "to ")
        assert any(d != b for d in targets(st, "to "))


def test_general_movement_attack_onto_enemy_ships_allowed_with_skirmish_advance_concentrate() -> None:
    s = fresh()
    a, b = pair(s, 1)
    s = board(s, {a: (0, 3), b: (1, 1)})
    for action in ("skirmish", "advance", "concentrate"):
        st = do(acting(s, action, 1), f"from {a}")
        assert b in targets(st, "to ")


def test_general_movement_outposts_colonies_and_drones_do_not_block() -> None:
    s = fresh()
    a, b = pair(s, 1)
    s = board(s, {a: (0, 2)})
    marker = list(s.marker)
    colony = list(s.colony)
    marker[pid(s, b)] = 1
    colony[pid(s, b)] = 1
    drone = (s.drone[0], pid(s, b))
    blocked = s._successor()
    for k, v in (("marker", tuple(marker)), ("colony", tuple(colony)), ("drone", drone)):
        object.__setattr__(blocked, k, v)
    for action in ("recon", "maneuver", "skirmish"):
        assert b in targets(do(acting(blocked, action, 1), f"from {a}"), "to ")


def test_general_movement_may_never_move_to_another_players_warpgate() -> None:
    s = fresh()
    t = s.t
    enemy_gate = t.place_names[t.gate[1]]
    near = next(t.place_names[i] for i in t.planets if t.dist[i][t.gate[1]] == 1)
    empty = board(s, {near: (0, 3)})
    defended = board(s, {near: (0, 3), enemy_gate: (1, 2)})
    for st in (empty, defended):
        for action in ("recon", "maneuver", "skirmish", "advance", "concentrate"):
            after = do(acting(st, action, 4), f"from {near}")
            assert enemy_gate not in targets(after, "to ")
        with pytest.raises(IllegalActionError):
            do(acting(st, "skirmish", 4), f"from {near}", f"to {enemy_gate}")


def test_general_movement_own_warpgate_counts_as_a_planet() -> None:
    s = fresh()
    t = s.t
    gate = t.place_names[t.gate[0]]
    near = next(t.place_names[i] for i in t.planets if t.dist[i][t.gate[0]] == 1)
    st = do(acting(board(s, {near: (0, 1)}), "skirmish", 1), f"from {near}")
    assert gate in targets(st, "to ")


@pytest.mark.parametrize("x", [1, 2, 3, 4])
def test_general_movement_shorter_range_is_always_fine(x: int) -> None:
    s = fresh()
    a, within = _origin_and_range(x)
    st = do(acting(board(s, {a: (0, 2)}), "maneuver", x), f"from {a}")
    assert targets(st, "to ") == within
    assert all(1 <= dist(s, a, d) <= x for d in within)


# -- Recon -----------------------------------------------------------------------------


def test_recon_exactly_one_ship_range_x_plus_x() -> None:
    s = fresh()
    a, within = _origin_and_range(4)
    st = do(acting(board(s, {a: (0, 3)}), "recon", 2), f"from {a}")
    assert targets(st, "to ") == within  # range X+X = 4
    assert not any(txt.endswith("ships") or txt.endswith("ship") for txt in texts(st))
    d = sorted(within)[0]
    after = do(st, f"to {d}")
    assert after.ships[pid(s, a)] == 2 and after.ships[pid(s, d)] == 1


def test_recon_may_not_move_to_a_planet_with_enemy_ships() -> None:
    s = fresh()
    a, b = pair(s, 2)
    st = do(acting(board(s, {a: (0, 1), b: (1, 1)}), "recon", 1), f"from {a}")
    assert b not in targets(st, "to ")


# -- Maneuver ----------------------------------------------------------------------------


def test_maneuver_any_number_of_ships_then_optional_second_group() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = do(acting(board(s, {a: (0, 4)}), "maneuver", 1), f"from {a}", f"to {b}")
    assert texts(st) == ["1 ship", "2 ships", "3 ships", "4 ships"]
    st = do(st, "3 ships")
    # the second group: a different group of 1 or more ships, from the same or another planet
    assert f"from {a}" in texts(st) and "done" in texts(st)
    assert f"from {b}" not in texts(st)  # the 3 ships that just moved are not a different group
    st2 = do(st, f"from {a}", f"to {b}")
    assert st2.ships[pid(s, b)] == 4 and st2.owner[pid(s, a)] == -1
    assert st2.current_player == 1  # the turn passed


def test_maneuver_second_group_may_start_where_the_first_ended() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, 2), b: (0, 1)})
    st = do(acting(st, "maneuver", 1), f"from {a}", f"to {b}", "2 ships")
    assert f"from {b}" in texts(st)  # the ship already at b did not move
    st = do(st, f"from {b}")
    assert a in targets(st, "to ")
    st = do(st, f"to {a}")
    assert st.ships[pid(s, a)] == 1 and st.ships[pid(s, b)] == 2


def test_maneuver_done_ends_after_one_group() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, 2)})
    st = do(acting(st, "maneuver", 1), f"from {a}", f"to {b}", "1 ship", "done")
    assert st.ships[pid(s, a)] == 1 and st.ships[pid(s, b)] == 1 and st.current_player == 1


def test_maneuver_may_not_move_to_a_planet_with_enemy_ships() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = do(acting(board(s, {a: (0, 2), b: (1, 1)}), "maneuver", 1), f"from {a}")
    assert b not in targets(st, "to ")


# -- Skirmish ----------------------------------------------------------------------------


def test_skirmish_exactly_one_ship_move_or_attack() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = do(acting(board(s, {a: (0, 3), b: (1, 1)}), "skirmish", 1), f"from {a}", f"to {b}")
    assert st.is_chance  # an attack starts a battle: tactics are revealed
    assert attackers(st) == 1
    assert st.ships[pid(s, a)] == 2


# -- Advance -----------------------------------------------------------------------------


def test_advance_may_not_move_a_single_ship() -> None:
    s = fresh()
    a, b = pair(s, 1)
    with pytest.raises(IllegalActionError):
        do(acting(board(s, {a: (0, 1), b: (0, 3)}), "advance", 1), f"from {a}")
    st = do(acting(board(s, {a: (0, 3)}), "advance", 1), f"from {a}", f"to {b}")
    assert texts(st) == ["2 ships", "3 ships"]


def test_advance_card_half_not_offered_without_two_ships_together() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, 1), b: (0, 1)})
    st = acting(st, "advance", 1)
    assert texts(st) == []


def test_advance_attack_with_two_or_more() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = do(acting(board(s, {a: (0, 2), b: (1, 3)}), "advance", 1), f"from {a}", f"to {b}")
    assert st.is_chance and attackers(st) == 2 and st.owner[pid(s, a)] == -1


# -- Concentrate -------------------------------------------------------------------------


def test_concentrate_from_two_planets_both_in_range_of_destination() -> None:
    s = fresh()
    t = s.t
    # a destination with own ships at range 1 and range 2 from it
    for d in t.planets:
        ones = [o for o in t.planets if t.dist[o][d] == 1]
        twos = [o for o in t.planets if t.dist[o][d] == 2]
        if ones and twos:
            break
    dn, a, far = t.place_names[d], t.place_names[ones[0]], t.place_names[twos[0]]
    st = board(s, {a: (0, 2), far: (0, 2)})
    at1 = do(acting(st, "concentrate", 1), f"from {a}", f"to {dn}", "2 ships")
    # range 2 > X = 1: no second planet may join, so the first group resolves at once
    assert at1.ships[d] == 2 and at1.current_player == 1 and at1.ships[twos[0]] == 2
    at2 = do(acting(st, "concentrate", 2), f"from {a}", f"to {dn}", "1 ship")
    assert f"from {far}" in texts(at2) and f"from {a}" not in texts(at2)
    end = do(at2, f"from {far}", "2 ships")
    assert end.ships[d] == 3 and end.ships[ones[0]] == 1 and end.owner[twos[0]] == -1


def test_concentrate_two_planets_attack_together() -> None:
    s = fresh()
    t = s.t
    for d in t.planets:
        ones = [o for o in t.planets if t.dist[o][d] == 1]
        if len(ones) >= 2:
            break
    dn, a, b = t.place_names[d], t.place_names[ones[0]], t.place_names[ones[1]]
    st = board(s, {a: (0, 2), b: (0, 1), dn: (1, 2)})
    st = do(acting(st, "concentrate", 1), f"from {a}", f"to {dn}", "2 ships", f"from {b}")
    assert st.is_chance and attackers(st) == 3  # one battle with 3 attackers


def test_concentrate_any_number_from_one_planet() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = do(acting(board(s, {a: (0, 3)}), "concentrate", 1), f"from {a}", f"to {b}", "1 ship")
    assert st.ships[pid(s, b)] == 1 and st.current_player == 1


def test_movement_actions_never_offer_empty_hexes_for_any_place() -> None:
    s = fresh(players=3)
    planets = places_where(s, lambda i: s.t.place_type[i] >= 0)
    for origin in planets[:5]:
        st = do(acting(board(s, {origin: (0, 2)}), "recon", 3), f"from {origin}")
        assert targets(st, "to ") <= set(s.t.place_names)


_LAYOUT = fresh(3)
_PLACES = len(_LAYOUT.t.place_names)


@settings(max_examples=150, deadline=None)
@given(
    st_.lists(st_.tuples(st_.integers(0, _PLACES - 1), st_.integers(0, 2), st_.integers(1, 3)),
              min_size=1, max_size=10),
    st_.sampled_from(["recon", "maneuver", "skirmish", "advance", "concentrate"]),
    st_.integers(1, 5),
)
def test_general_movement_destinations_are_exactly_the_legal_places(
    placements: list[tuple[int, int, int]], action: str, x: int
) -> None:
    """Every movement action offers exactly the places the General Rules for Movement allow."""
    s = _LAYOUT
    t = s.t
    ships: dict[str, tuple[int, int]] = {}
    for place, player, count in placements:
        if t.seat[place] in (-1, player):  # ships never stand on another player's warpgate
            ships[t.place_names[place]] = (player, count)
    if not any(p == 0 for p, _ in ships.values()):
        return
    st = acting(board(s, ships), action, x)
    need = 2 if action == "advance" else 1
    origins = targets(st, "from ")
    for name, (player, count) in ships.items():
        if player == 0 and count >= need and name not in origins:
            # an own stack is left out only when it has nowhere to go
            assert not st.move_destinations(arg(st.step, "action"), pid(s, name), x, 0)
    reach = 2 * x if action == "recon" else x
    attack = action in ("skirmish", "advance", "concentrate")
    for origin in origins:
        o = pid(s, origin)
        offered = targets(do(st, f"from {origin}"), "to ")
        expected = set()
        for d in range(len(t.place_names)):
            if d == o or t.dist[o][d] > reach:
                continue
            if t.seat[d] not in (-1, 0):
                continue  # never another player's warpgate
            if not attack and st.owner[d] not in (-1, 0):
                continue  # never onto enemy ships unless attacking
            expected.add(t.place_names[d])
        assert offered == expected
