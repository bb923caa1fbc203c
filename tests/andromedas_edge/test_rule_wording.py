"""Rules where the rulebook's wording decides a case: free actions at any time on
your turn, ships placed on modules, a fifth moon, half-moon slots, slot VP,
the civilization track's draw and a second S-class event."""

from __future__ import annotations

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import raiders
from boardgames.games.andromedas_edge.actions import region_name
from boardgames.games.andromedas_edge.state import BAY, ON_MODULE, Task, Work
from tests.andromedas_edge.helpers import (
    claim,
    give_cards,
    play,
    said,
    set_row,
    started,
    texts,
    turn_of,
    with_fields,
)
from tests.andromedas_edge.test_battle import _battle_position
from tests.andromedas_edge.test_station import _kind, _returning, _station

ENERGY_MOON = 1  # the reference moon that gives 2 energy


def _action_card(state) -> int:  # type: ignore[no-untyped-def]
    return next(k for k, t in enumerate(state.game.components.tactics) if t.type == 0 and not t.any_turn)


# -- Free Actions: "Free actions may be used at any time on your turn" ----------------------------


def test_free_actions_at_any_time_on_your_turn_before_the_battle() -> None:
    # "Free actions may be used at any time on your turn, including immediately before or after
    # other actions."  Red abandons a moon for energy after launching and before the battle.
    state, red, _blue, _b2 = _battle_position()
    state = claim(state, red, ENERGY_MOON)
    after = play(state, "launch transport to B2")
    assert after.tasks[0][0] == Task.WINDOW and after.current_player == red
    assert said(A.Abandon(ENERGY_MOON)) in texts(after)
    energy = after.res[red][0]
    after = play(after, said(A.Abandon(ENERGY_MOON)))
    assert after.res[red][0] == energy + 2 and after.tasks[0][0] == Task.WINDOW
    after = play(after, "done")
    assert after.tasks[0][0] == Task.ESCALATE  # then the battle


def test_free_actions_in_battle_preparations_but_no_action_cards() -> None:
    # Free actions at any time on your turn; Tactics Cards Types: "Action: ... Can't be played
    # during battle."
    state, red, _blue, _b2 = _battle_position()
    state = claim(state, red, ENERGY_MOON)
    card = _action_card(state)
    state = give_cards(state, red, card)
    after = play(state, "launch transport to B2")
    assert said(A.PlayTactic(card)) in texts(after)  # before the battle: allowed
    after = play(after, "done", "done")  # the window, Red's escalation
    assert after.tasks[0][0] == Task.PREPARE and after.current_player == red
    assert said(A.Abandon(ENERGY_MOON)) in texts(after)
    assert said(A.PlayTactic(card)) not in texts(after)
    after = play(after, said(A.Abandon(ENERGY_MOON)), "spend 1 energy for a battle die")
    assert after.b_dice[red] == 2


def test_free_actions_window_before_the_raider_strike() -> None:
    # "Free actions may be used at any time on your turn": after activating a region and
    # before the raider strike.
    state = started(2)
    p = state.active
    g = state.game
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15 and state.moon_top[r] >= 0)
    rpos = [-1] * len(state.rpos)
    rpos[-1] = next(r for r in g.adjacent[planet] if r < g.spaces)  # a D-class raider next door
    state = with_fields(state, rpos=rpos)
    moon = state.moon_top[planet]
    after = play(state, f"launch transport to {region_name(planet, g.spaces, g.components.columns)}")
    while after.is_chance:
        after = after.apply(after.chance_outcomes()[0][0])
    assert after.tasks[0][:3] == (Task.WINDOW, p, 0)
    assert said(A.Abandon(moon)) in texts(after) and after.rpos[-1] != planet
    assert play(after, "done").rpos[-1] == planet  # the strike follows


def test_free_actions_no_window_when_no_strike_or_battle_follows() -> None:
    state = started(2)
    state = with_fields(state, rpos=[-1] * len(state.rpos))
    g = state.game
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15 and state.moon_top[r] >= 0)
    after = play(state, f"launch transport to {region_name(planet, g.spaces, g.components.columns)}")
    while after.is_chance:
        after = after.apply(after.chance_outcomes()[0][0])
    assert after.tasks[0][0] == Task.POST


# -- Return to Station: "take 1 ship from anywhere on the board ... and place it on the module" ------


def test_return_to_station_a_ship_placed_on_a_module_leaves_the_board() -> None:
    # "To activate a module, either take 1 ship from anywhere on the board (or the Repair Barge
    # area of the Scrapyard) and place it on the module".  The transport on the planet that
    # activates the Architect is no longer there to populate a development.
    state = started(2)
    p = state.active
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15)
    g = state.game
    other = next(r for r in range(g.spaces, g.regions))
    mine = list(state.ships[p])
    mine[0], mine[1] = planet, other
    state = set_row(set_row(state, "ships", p, mine), "res", p, [5, 5, 5, 5, 5])
    name = region_name(planet, g.spaces, g.components.columns)
    state = play(turn_of(state, p), "return to station", "activate module #3 with a ship")
    assert texts(state) == {f"take transport from {name}", f"take transport from {region_name(other)}"}
    used = play(state, f"take transport from {name}")
    assert used.ships[p][0] == ON_MODULE
    assert f"build development on {name}" not in texts(used)
    kept = play(state, f"take transport from {region_name(other)}")
    assert f"build development on {name}" in texts(kept)
    assert play(kept, f"build development on {name}", "done").ships[p][1] == BAY  # all return


# -- Claiming Moons: a fifth moon ------------------------------------------------------------------


def test_claiming_moons_a_fifth_moon_may_be_slotted_elsewhere() -> None:
    # "You can use the free action Abandon Moon on your turn to discard a moon and gain the
    # depicted benefits, or you can slot a moon token elsewhere on your station during any
    # player's turn to free up space."
    state = started(2)
    p = state.active
    state = claim(state, p, 0, 1, 2, 4, 5)
    state = turn_of(state, p, [(Task.MOON_FULL, p, 0, 0), (Task.POST, p, 0, 0)])
    assert said(A.Abandon(0)) in texts(state) and said(A.SlotMoon(5, A.TACOPS_SLOT)) in texts(state)
    after = play(state, said(A.SlotMoon(5, A.TACOPS_SLOT)))
    assert after.tacops[p] == 5 and after.claimed[p] == (0, 1, 2, 4)
    assert after.tasks[0][0] == Task.POST


# -- Moon Half Slots: "All industry modules have half-moon slots on each side" ---------------------


def test_moon_half_slots_the_shipwright_is_an_industry_module() -> None:
    # "All industry modules have half-moon slots on each side ... you gain the slotted moon's
    # benefit when you activate the modules on both sides of it."  The Shipwright is an
    # industry module (core); the slot between it and a Smelter pays on both sides.
    state, p = _returning(["Smelter"], ships_on_board=2)
    state = claim(state, p, ENERGY_MOON)
    state = play(state, said(A.SlotMoon(ENERGY_MOON, A.MAX_STATION)))
    energy = state.res[p][0]
    after = play(state, "activate module #1 with a ship", "take transport from A1")
    assert after.res[p][0] == energy + 2 and after.tasks[0][0] == Task.SHIPYARD
    after = play(after, "nothing to repair: gain 1 VP", "activate module #4 with a ship")
    assert after.res[p][0] == energy + 4


# -- Slotting Moons into Modules: "you score those VP once" ----------------------------------------


def test_slotting_moons_slot_vp_scored_once() -> None:
    # "If a moon slot has VP printed on it, you score those VP once, when you slot a moon into it."
    state = started(2)
    p = state.active
    state = _station(state, p, ["Trade Depot"])
    slot_vp = state.game.components.modules[_kind(state, "Trade Depot")].slot_vp
    state = turn_of(claim(state, p, 0, 2), p)
    vp = state.vp[p]
    first = play(state, said(A.SlotMoon(0, 4)))
    assert first.vp[p] == vp + slot_vp
    second = play(first, said(A.SlotMoon(2, 4)))  # replaces moon 0 (discarded)
    assert second.vp[p] == vp + slot_vp and second.mmoon[p][4] == 2
    assert second.moon_discard[0] == state.moon_discard[0] + 1


# -- Placing New Raiders: S-class -------------------------------------------------------------------


def test_placing_new_raiders_s_class_already_on_the_board_places_two() -> None:
    # "If the raider of the indicated class is already on the board, instead place 2 S-Class
    # raiders in the region indicated on their card."  The indicated class may be S itself.
    state = started(2)
    g = state.game
    assert any(state.rpos[i] >= 0 for i in g.class_standees[0])  # two S-class start on the board
    w = Work(state._successor())
    w.tasks = []
    raiders.place_raider(w.sync(), 0, 1)
    assert w.tasks[0] == [Task.RAIDER_ROLL, -1, 0, 4]  # two standees, random nebula
    w.rpos = [-1] * len(w.rpos)
    w.tasks = []
    raiders.place_raider(w.sync(), 0, 1)
    assert w.tasks[0] == [Task.RAIDER_ROLL, -1, 0, 2]  # none on the board: one
