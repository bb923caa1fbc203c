"""Return to Station, Modules (slots, half-moon slots, buying), Damage & Repair, Starships."""

from __future__ import annotations

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.state import BARGE, BAY, SCRAPPED, SUPPLY, Task
from tests.andromedas_edge.helpers import play, said, set_row, started, texts, turn_of, with_fields


def _kind(state, name: str) -> int:  # type: ignore[no-untyped-def]
    return next(k for k, m in enumerate(state.game.components.modules) if m.name == name)


def _station(state, player: int, names: list[str], damage: list[int] | None = None):  # type: ignore[no-untyped-def]
    kinds = [0, 1, 2, 3] + [_kind(state, n) for n in names]
    mods = state.game.components.modules
    market = [list(col) for col in state.market]
    deck = list(state.mdeck)
    for k in kinds[4:]:
        deck[k] -= 1
    industry = sum(1 for k in kinds if mods[k].type == 1)
    state = with_fields(state, mdeck=deck, market=market)
    state = set_row(state, "station", player, kinds)
    state = set_row(state, "mdmg", player, damage or [0] * len(kinds))
    state = set_row(state, "mmoon", player, [-1] * len(kinds))
    state = set_row(state, "mused", player, [0] * len(kinds))
    state = set_row(state, "irow", player, [i for i, k in enumerate(kinds) if mods[k].type == 1])
    return set_row(state, "half", player, [-1] * (industry - 1))


def _returning(names: list[str], ships_on_board: int = 1, damage: list[int] | None = None):  # type: ignore[no-untyped-def]
    state = started(2)
    p = state.active
    state = _station(state, p, names, damage)
    mine = list(state.ships[p])
    for i in range(ships_on_board):
        mine[i] = i
    state = set_row(state, "ships", p, mine)
    state = set_row(state, "res", p, [3, 2, 2, 2, 2])
    return play(turn_of(state, p), "return to station"), p


def test_energy_only_after_a_ship_in_the_same_row() -> None:
    state, _p = _returning(["Smelter", "Fusion Plant"])
    assert "activate module #4 with energy" not in texts(state)
    state = play(state, "activate module #4 with a ship")
    assert "activate module #5 with energy" in texts(state)
    assert "activate module #2 with energy" not in texts(state)  # commerce row has no ship yet


def test_a_module_with_a_ship_or_energy_cannot_be_activated_again() -> None:
    state, _p = _returning(["Smelter"], ships_on_board=2)
    state = play(state, "activate module #4 with a ship")
    assert not any(t.startswith("activate module #4") for t in texts(state))


def test_damaged_modules_cannot_be_activated() -> None:
    state, _p = _returning(["Smelter"], damage=[0, 0, 0, 0, 1])
    assert not any(t.startswith("activate module #4") for t in texts(state))


def test_science_modules_only_through_the_primary_reactor_with_a_ship() -> None:
    state, p = _returning(["Nanoforge"])
    assert not any(t.startswith("activate module #4") for t in texts(state))
    assert "activate module #0 with energy" not in texts(state)
    before = state.res[p]
    state = play(state, "activate module #0 with a ship")
    assert state.res[p][0] == before[0] + 2
    assert state.tasks[0][0] == Task.REACTOR
    state = play(state, "activate science module #4 through the reactor")
    assert state.res[p][3] == before[3] + 1


def test_moon_input_blocks_until_a_moon_is_slotted() -> None:
    state, p = _returning(["Black Market"])
    assert not any(t.startswith("activate module #4") for t in texts(state))
    moons = state.game.components.moons
    moon = next(k for k, m in enumerate(moons) if m.gain == (0, 0, 0, 0, 1) and not m.repair)
    repair_moon = next(k for k, m in enumerate(moons) if m.repair)
    pool = list(state.moon_pool)
    pool[moon] -= 1
    pool[repair_moon] -= 1
    state = with_fields(set_row(state, "claimed", p, sorted([moon, repair_moon])), moon_pool=pool)
    assert said(A.SlotMoon(repair_moon, 4)) not in texts(state)  # no repair moon as an input
    state = play(state, said(A.SlotMoon(moon, 4)), "activate module #4 with a ship")
    assert state.res[p][4] == 2 - 1 + 2  # the moon's credit is the cost, 2 credits the gain


def test_repair_barge_ships_activate_modules_scrapyard_ships_do_not() -> None:
    state = started(2)
    p = state.active
    mine = list(state.ships[p])
    mine[0], mine[1], mine[2] = SCRAPPED, BARGE, BAY
    state = play(turn_of(set_row(state, "ships", p, mine), p), "return to station")
    state = play(state, "activate module #2 with a ship")
    assert not any(t.endswith("with a ship") for t in texts(state))


def test_return_all_ships_clears_shields_and_sustain() -> None:
    state = started(2)
    p = state.active
    mine = list(state.ships[p])
    mine[0], mine[1], mine[8] = SCRAPPED, 3, 4
    dmg = [0] * 9
    dmg[8] = 1
    state = set_row(set_row(state, "ships", p, mine), "shield_dmg", p, dmg)
    state = play(turn_of(state, p), "return to station", "done")
    assert state.ships[p][:3] == (BAY, BAY, BAY) and state.ships[p][8] == BAY
    assert state.shield_dmg[p] == (0,) * 9


def test_shipwright_builds_a_ship_or_repairs() -> None:
    state, p = _returning([])
    state = play(state, "activate module #1 with a ship")
    assert "build transport" in texts(state) and "nothing to repair: gain 1 VP" in texts(state)
    vp = state.vp[p]
    after = play(state, "nothing to repair: gain 1 VP")
    assert after.vp[p] == vp + 1
    after = play(state, "build transport")
    assert after.ships[p].count(SUPPLY) == 5


def test_repair_options() -> None:
    state = started(2)
    p = state.active
    mine = list(state.ships[p])
    mine[0] = SCRAPPED
    mine[8] = BAY
    dmg = [0] * 9
    dmg[8] = 1
    state = set_row(set_row(state, "ships", p, mine), "shield_dmg", p, dmg)
    state = set_row(state, "mdmg", p, [0, 0, 1, 0])
    state = turn_of(state, p, [(Task.REPAIR, p, 0, 0), (Task.POST, p, 0, 0)])
    assert texts(state) == {"repair scrapped transport", "recharge heavy cruiser shields", "repair module #2"}
    assert play(state, "repair scrapped transport").ships[p][0] == BARGE
    assert play(state, "recharge heavy cruiser shields").shield_dmg[p][8] == 0
    assert play(state, "repair module #2").mdmg[p][2] == 0


def test_industry_half_moon_slots_feed_both_neighbours() -> None:
    state, p = _returning(["Smelter", "Smelter"], ships_on_board=2)
    moons = state.game.components.moons
    moon = next(k for k, m in enumerate(moons) if m.gain == (2, 0, 0, 0, 0))
    pool = list(state.moon_pool)
    pool[moon] -= 1
    state = with_fields(set_row(state, "claimed", p, [moon]), moon_pool=pool)
    # the Shipwright (core) and two Smelters: gaps between #1|#4 and #4|#5
    assert len(state.half[p]) == 2
    state = play(state, said(A.SlotMoon(moon, A.MAX_STATION + 2 - 1)))
    energy = state.res[p][0]
    state = play(state, "activate module #4 with a ship", "take transport from A1")
    state = play(state, "activate module #5 with a ship")  # the one ship left (A2)
    assert state.res[p][0] == energy + 4  # both neighbours gain the moon's 2 energy


def test_buying_modules_at_a_field_second_may_be_a_discard() -> None:
    state = started(2)
    state = with_fields(state, rpos=[-1] * len(state.rpos))
    p = state.active
    state = set_row(state, "res", p, [5, 5, 5, 5, 5])
    field = list(state.layout).index(17)  # Maximus Field
    from boardgames.games.andromedas_edge.actions import region_name

    name = region_name(field, state.game.spaces, state.game.components.columns)
    state = play(state, f"launch transport to {name}")
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    columns = ("take the module in science column", "take the module in industry column")
    assert all(t.startswith(columns) for t in texts(state))
    kind = state.market[1][2]
    track = state.tracks[p][1]
    state = play(state, "take the module in industry column space 3")
    assert state.station[p][-1] == kind and state.tracks[p][1] == track + 1
    while state.tasks[0][0] == Task.UPGRADE:  # the industry track reached a ship upgrade space
        state = state.apply(state.legal_actions()[0])
    assert "discard the module in science column space 1" in texts(state)
    state = play(state, "discard the module in science column space 1")
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    assert all(k >= 0 for col in state.market for k in col)  # columns refreshed


def test_modules_with_damage_icons_arrive_damaged() -> None:
    state = started(2)
    p = state.active
    from boardgames.games.andromedas_edge.progress_tracks import add_module
    from boardgames.games.andromedas_edge.state import Work

    w = Work(state._successor())
    new = w.sync()
    add_module(new, new.__dict__, p, _kind(state, "Salvage Rig"))
    assert w.mdmg[p][-1] == 1


# -- Modules: "Modules on your station may be rearranged at any time" ---------------------------


def _industry_row(slotted_gap: int | None = None):  # type: ignore[no-untyped-def]
    """Returning to station with the Shipwright #1 and Smelters #4, #5, #6 in the
    industry row and a claimed 2-energy moon (optionally slotted into a gap)."""
    from tests.andromedas_edge.helpers import claim

    state, p = _returning(["Smelter", "Smelter", "Smelter"], ships_on_board=2)
    moons = state.game.components.moons
    moon = next(k for k, m in enumerate(moons) if m.gain == (2, 0, 0, 0, 0))
    state = claim(state, p, moon)
    if slotted_gap is not None:
        state = play(state, said(A.SlotMoon(moon, A.MAX_STATION + slotted_gap - 1)))
    return state, p, moon


def _moves(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {t for t in texts(state) if t.startswith("move industry")}


def test_modules_may_be_rearranged_moving_an_industry_module_in_the_row() -> None:
    state, p, _moon = _industry_row()
    assert state.irow[p] == (1, 4, 5, 6)
    # the Shipwright (printed on the mat) stays first; each distinct new order is offered once
    assert _moves(state) == {
        "move industry module #4 to industry place 4",
        "move industry module #5 to industry place 2",
        "move industry module #6 to industry place 2",
        "move industry module #6 to industry place 3",
    }
    after = play(state, "move industry module #6 to industry place 2")
    assert after.irow[p] == (1, 6, 4, 5) and state.irow[p] == (1, 4, 5, 6)
    assert after.station[p] == state.station[p]  # module places (#k) keep their names


def test_modules_rearranged_not_twice_in_a_row_and_only_while_a_moon_is_involved() -> None:
    state, _p, moon = _industry_row()
    after = play(state, "move industry module #6 to industry place 2")
    assert not _moves(after)  # no second rearrangement directly after the first
    after = play(after, said(A.SlotMoon(moon, A.MAX_STATION)))
    assert _moves(after)  # another action came in between
    bare, _p = _returning(["Smelter", "Smelter", "Smelter"])
    assert not _moves(bare)  # no claimed moon, no slotted moon: the order cannot matter


def test_moon_half_slots_moon_stays_while_its_two_modules_stay_together() -> None:
    state, p, moon = _industry_row(slotted_gap=3)  # between #5 and #6
    after = play(state, "move industry module #4 to industry place 4")  # row 1 5 6 4
    assert after.irow[p] == (1, 5, 6, 4) and after.half[p] == (-1, moon, -1)
    energy = after.res[p][0]
    after = play(after, "activate module #6 with a ship", "take transport from A1")
    after = play(after, "activate module #5 with a ship")
    assert after.res[p][0] == energy + 4  # both neighbours still share the moon


def test_moon_half_slots_separating_the_modules_discards_the_moon_without_benefit() -> None:
    state, p, moon = _industry_row(slotted_gap=3)  # between #5 and #6
    before = state.res[p]
    after = play(state, "move industry module #6 to industry place 2")  # row 1 6 4 5
    assert after.irow[p] == (1, 6, 4, 5) and after.half[p] == (-1, -1, -1)
    assert after.moon_discard[moon] == state.moon_discard[moon] + 1
    assert after.res[p] == before and after.vp[p] == state.vp[p]


def test_new_industry_modules_join_the_end_of_the_rearranged_row() -> None:
    from boardgames.games.andromedas_edge.progress_tracks import add_module
    from boardgames.games.andromedas_edge.state import Work

    state, p, _moon = _industry_row()
    state = play(state, "move industry module #6 to industry place 2")
    w = Work(state._successor())
    new = w.sync()
    add_module(new, new.__dict__, p, _kind(state, "Smelter"))
    assert w.irow[p] == [1, 6, 4, 5, 7] and len(w.half[p]) == 4
