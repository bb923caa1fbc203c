"""Technology Cards and the Research Action."""

from __future__ import annotations

import pytest

from boardgames import IllegalActionError
from boardgames.games.warpgate.components import PLANET_TYPES
from boardgames.games.warpgate.state import DRONE
from tests.warpgate.helpers import acting, board, do, edit, fresh, ids, pid, targets, texts, with_cards


def _with_available(s, *names: str):  # type: ignore[no-untyped-def]
    t = s.t
    avail = tuple(sorted(t.tech_names.index(n) for n in names))
    deck = tuple(c for c in range(len(t.tech_names)) if c not in avail)
    return with_cards(edit(s, tech_avail=avail), tech_deck=deck)


def test_research_drone_moves_to_a_planet_in_range_matching_an_available_technology() -> None:
    s = _with_available(fresh(), "Alien Imports", "Warp Capacitors")  # desert, oceanic
    t = s.t
    st = acting(s, "research", 2)
    start = s.drone[0]
    expected = {
        t.place_names[d] for d in t.near[start][2]
        if t.place_type[d] >= 0 and PLANET_TYPES[t.place_type[d]] in ("desert", "oceanic")
    }
    assert targets(st, "research at ") == expected and expected


def test_research_may_not_enter_a_planet_with_enemy_ships_but_may_leave_one() -> None:
    s = _with_available(fresh(), "Alien Imports", "Warp Capacitors")
    t = s.t
    # drone sits on a desert planet held by the enemy; another desert/oceanic planet is near
    desert = [d for d in t.planets if t.place_type[d] in (0, 1)]
    here = desert[0]
    there = next(d for d in desert if d != here and t.dist[here][d] <= 3)
    other = [d for d in desert if d not in (here, there) and t.dist[here][d] <= 3]
    ships = {t.place_names[here]: (1, 2), t.place_names[there]: (1, 1)}
    st = edit(board(s, ships), drone=(here, s.drone[1]))
    st = acting(st, "research", 3)
    offered = targets(st, "research at ")
    assert t.place_names[there] not in offered  # may not move to a planet with enemy ships
    assert {t.place_names[d] for d in other} <= offered  # but may move away from one


def test_research_drone_must_move_to_research() -> None:
    s = _with_available(fresh(), "Alien Imports", "Warp Capacitors")
    t = s.t
    desert = next(d for d in t.planets if t.place_type[d] == 0)
    st = acting(edit(s, drone=(desert, s.drone[1])), "research", 2)
    assert t.place_names[desert] not in targets(st, "research at ")


def test_research_may_not_move_to_a_type_without_an_available_technology() -> None:
    s = _with_available(fresh(), "Alien Imports", "Sand Skimmers")  # both desert
    st = acting(s, "research", 4)
    assert all(s.t.place_type[pid(s, n)] == 0 for n in targets(st, "research at "))
    ice = next(s.t.place_names[d] for d in s.t.near[s.drone[0]][4] if s.t.place_type[d] == 3)
    with pytest.raises(IllegalActionError):
        do(st, f"research at {ice}")


def test_research_take_one_matching_card_and_refill_to_two() -> None:
    s = _with_available(fresh(), "Alien Imports", "Sand Skimmers")
    t = s.t
    desert = next(t.place_names[d] for d in t.near[s.drone[0]][4] if t.place_type[d] == 0)
    st = do(acting(s, "research", 4), f"research at {desert}")
    assert texts(st) == ["take technology Alien Imports", "take technology Sand Skimmers"]
    st = do(st, "take technology Alien Imports")
    assert t.tech_names.index("Alien Imports") in st.techs[0]
    assert st.is_chance  # only 1 available: reveal the top card of the deck
    outcomes = st.chance_outcomes()
    # the top card of the desert deck: the 2 desert cards not available
    assert {str(a) for a, _ in outcomes} == {
        "reveal technology Dune Refineries", "reveal technology Mirage Screens"}
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    st = st.apply(outcomes[0][0])
    assert len(st.tech_avail) == 2 and len(ids(st.tech_deck)) == 17


def test_research_no_refill_while_two_or_more_remain_available() -> None:
    s = _with_available(fresh(), "Alien Imports", "Sand Skimmers", "Warp Capacitors")
    t = s.t
    oceanic = next(t.place_names[d] for d in t.near[s.drone[0]][4] if t.place_type[d] == 1)
    st = do(acting(s, "research", 4), f"research at {oceanic}")
    assert not st.is_chance and len(st.tech_avail) == 2 and st.current_player == 1


def test_research_no_refill_when_the_deck_is_empty() -> None:
    s = fresh()
    t = s.t
    others = tuple(range(2, len(t.tech_names)))
    s = with_cards(edit(s, tech_avail=(0, 1), techs=(others, ())), tech_deck=())
    desert = next(t.place_names[d] for d in t.near[s.drone[0]][4] if t.place_type[d] == t.tech_type[0])
    st = do(acting(s, "research", 4), f"research at {desert}")
    if st.current_player == 0:
        st = do(st, f"take technology {t.tech_names[0]}")
    assert not st.is_chance and len(st.tech_avail) == 1


def test_technologies_remain_in_play_and_are_worth_their_vp() -> None:
    s = fresh()
    t = s.t
    two = [c for c in range(len(t.tech_names)) if t.tech_vp[c] == 2][:2]
    st = edit(s, techs=(tuple(two), ()), tech_avail=tuple(c for c in s.tech_avail if c not in two))
    st = with_cards(st, tech_deck=tuple(c for c in ids(s.tech_deck) if c not in two))
    assert st.game.score_breakdown(st)["technologies"] == (4.0, 0.0)
    assert sum(1 for c in range(len(t.tech_names)) if t.tech_vp[c] == 2) > len(t.tech_names) // 2


def test_research_worked_example_purple_player_alien_imports_not_warp_capacitors() -> None:
    """The rulebook's example: the drone sits on an Oceanic planet, "Alien Imports" (Desert) and
    "Warp Capacitors" (Oceanic) are available; moving to a Desert planet obtains Alien Imports,
    and Warp Capacitors cannot be obtained without moving to another Oceanic planet."""
    s = _with_available(fresh(), "Alien Imports", "Warp Capacitors")
    t = s.t
    oceanic = [d for d in t.planets if PLANET_TYPES[t.place_type[d]] == "oceanic"]
    for here in oceanic:
        deserts = [d for d in t.near[here][2] if t.place_type[d] == PLANET_TYPES.index("desert")]
        if deserts:
            break
    st = acting(edit(s, drone=(here, s.drone[1])), "research", 2)
    assert t.place_names[here] not in targets(st, "research at ")
    after = do(st, f"research at {t.place_names[deserts[0]]}")
    assert after.techs[0] == (t.tech_names.index("Alien Imports"),)
    assert t.tech_names.index("Warp Capacitors") in after.tech_avail


def test_research_drone_may_not_be_attacked_and_is_not_a_ship() -> None:
    s = fresh()
    t = s.t
    a = t.place_names[t.planets[0]]
    b = next(t.place_names[d] for d in t.near[t.planets[0]][1] if t.place_type[d] >= 0)
    # only player 1's research drone is at b: a Skirmish there is a plain move, not an attack
    st = edit(board(s, {a: (0, 1)}), drone=(s.drone[0], pid(s, b)))
    after = do(acting(st, "skirmish", 1), f"from {a}", f"to {b}")
    assert not after.is_chance and after.owner[pid(s, b)] == 0
    assert after.drone[1] == pid(s, b)  # it stays: only a Research action moves a drone


def test_research_drone_never_ends_in_an_empty_hex_and_only_research_moves_it() -> None:
    s = fresh(players=4, seed=3)
    t = s.t
    from boardgames.kernel.driver import random_playout

    moved = 0
    previous: list[object] = [None]

    def check(state: object) -> None:
        nonlocal moved
        assert isinstance(state, type(s))
        before = previous[0]
        if isinstance(before, type(s)) and before.drone != state.drone:
            assert before.step[0] == DRONE  # the research step: nothing else moves a drone
        previous[0] = state
        assert all(0 <= d < len(t.place_names) for d in state.drone)
        for a in state.legal_actions():
            if str(a).startswith("research at "):
                assert t.place_type[t.place_names.index(str(a)[12:])] >= 0  # a planet, never empty space
                moved += 1

    for seed in range(4):
        previous[0] = None
        random_playout(s.game, seed, on_state=check)
    assert moved > 0
