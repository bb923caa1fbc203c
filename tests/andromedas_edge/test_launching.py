"""Launching: Launch Ship, Activate Region, additional launch requirements, Raider Strike."""

from __future__ import annotations

import numpy as np

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.state import BAY, Task
from boardgames.kernel.cards import Deck
from tests.andromedas_edge.helpers import (
    outcome,
    play,
    region,
    said,
    set_row,
    started,
    texts,
    turn_of,
    where,
    with_fields,
)


def _clear_raiders(state):  # type: ignore[no-untyped-def]
    return with_fields(state, rpos=[-1] * len(state.rpos))


def test_first_launch_only_to_unoccupied_regions() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    other = 1 - p
    target = where(state, 16)  # Trade Hub
    ships = list(state.ships[other])
    ships[0] = target
    state = set_row(state, "ships", other, ships)
    name = f"launch transport to {_name(state, target)}"
    assert name not in texts(state)


def test_attack_allows_first_launch_to_occupied_region() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    target = where(state, 16)
    ships = list(state.ships[1 - p])
    ships[0] = target
    state = set_row(state, "ships", 1 - p, ships)
    mine = list(state.ships[p])
    mine[6] = BAY  # the fighter
    state = set_row(state, "ships", p, mine)
    state = set_row(state, "res", p, [2, 0, 0, 0, 2])
    assert f"launch fighter to {_name(state, target)}" in texts(state)


def test_subsequent_launch_within_range_not_where_you_are() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    home = region(state, "B2")
    mine = list(state.ships[p])
    mine[0] = home
    state = set_row(state, "ships", p, mine)
    options = texts(state)
    launches = {t for t in options if t.startswith("launch transport to ")}
    assert launches  # only neighbours of B2
    for t in launches:
        r = region(state, t.split()[-1])
        assert state.game.dist[home][r] == 1


def test_nebula_needs_voyage_and_jump_spends_energy() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    mine = list(state.ships[p])
    mine[0] = region(state, "A1")
    mine[7] = BAY  # science vessel
    mine[8] = BAY  # heavy cruiser
    state = set_row(state, "ships", p, mine)
    state = set_row(state, "res", p, [1, 0, 0, 0, 2])
    options = texts(state)
    assert "launch science vessel to N1" in options
    assert not any(t.startswith("launch transport to N") for t in options)
    far = "launch heavy cruiser to B4 by jump"
    assert far in options
    after = play(state, far)
    assert after.res[p][0] == 0


def test_alliance_base_only_if_activated() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    state = set_row(state, "res", p, [0, 0, 0, 0, 1])
    hub = where(state, 16)
    assert f"launch transport to {_name(state, hub)}" not in texts(state)
    state = set_row(state, "res", p, [1, 0, 0, 0, 1])
    assert f"launch transport to {_name(state, hub)}" in texts(state)


def test_activating_a_planet_claims_the_top_moon_and_reveals_the_next() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15)
    top = state.moon_top[planet]
    after = play(state, f"launch transport to {_name(state, planet)}")
    assert top in after.claimed[p]
    assert after.is_chance and after.tasks[0][0] == Task.MOON
    kind = after.chance_outcomes()[0][0]
    after = after.apply(kind)
    assert after.moon_top[planet] >= 0 and after.moon_hidden[planet] == 1


def test_planet_without_moons_gives_its_printed_resource() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15)
    top = list(state.moon_top)
    top[planet] = -1
    hidden = list(state.moon_hidden)
    hidden[planet] = 0
    state = with_fields(state, moon_top=top, moon_hidden=hidden)
    before = state.res[p]
    after = play(state, f"launch transport to {_name(state, planet)}")
    gained = tuple(a - b for a, b in zip(after.res[p], before))
    assert gained == state.game.components.planets[state.layout[planet]].exhausted


def test_nebula_claims_moon_and_peeks_at_two_event_cards() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    mine = list(state.ships[p])
    mine[7] = BAY
    state = set_row(state, "ships", p, mine)
    after = play(state, "launch science vessel to N1")
    assert after.claimed[p]
    assert after.tasks[0][0] == Task.PEEK_DRAW
    after = after.apply(after.chance_outcomes()[0][0])
    after = after.apply(after.chance_outcomes()[0][0])
    assert after.current_player == p and after.tasks[0][0] == Task.PEEK
    first, second = after.etop[0][0], after.etop[1][0]
    after = play(after, said(A.KeepOnTop(second)))
    assert after.etop[0][0] == second and after.ebottom[-1][0] == first
    view_me, view_other = after.view(p), after.view(1 - p)
    assert view_me.etop[0][0] == second and view_other.etop[0][0] == -1


def test_a_peek_past_the_known_top_and_an_empty_middle_brings_up_the_card_under_the_deck() -> None:
    """Activating a Nebula: "look at the top 2 event cards"; a card put under the
    deck comes up once the deck above it is gone, still seen by who saw it."""
    state = _clear_raiders(started(2))
    p = state.active
    other = 1 - p
    a, b, c, *rest = state.game.event_cards
    empty = (0,) * len(state.edeck.counts)
    state = with_fields(
        state, edeck=Deck((a,), empty, (b, c), (1 << other,), (1 << other, 1 << p)), ediscard=rest
    )
    mine = list(state.ships[p])
    mine[7] = BAY
    state = set_row(state, "ships", p, mine)

    def revealed(card: int) -> A.EventRevealed:
        return A.EventRevealed(card, state.game.components.events[card].name)

    after = play(state, "launch science vessel to N1")
    assert [o for o, _ in after.chance_outcomes()] == [revealed(a)]
    after = after.apply(after.chance_outcomes()[0][0])
    assert [o for o, _ in after.chance_outcomes()] == [revealed(b)]
    after = after.apply(after.chance_outcomes()[0][0])
    both = 1 << p | 1 << other
    assert after.etop == ((a, both), (b, both)) and after.ebottom == ((c, 1 << p),)
    after = play(after, said(A.KeepOnTop(a)))
    assert after.etop == ((a, both),) and after.ebottom == ((c, 1 << p), (b, both))
    assert after.view(other).ebottom == ((-1, 1 << p), (b, both))
    again = after.game.resample(after.view(other), np.random.default_rng(3))
    assert again.etop == after.etop and again.ebottom == after.ebottom and again.edeck == after.edeck


def test_trade_hub_spend_any_two_for_two_credits() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    state = set_row(state, "res", p, [3, 0, 0, 0, 0])
    hub = where(state, 16)
    after = play(state, f"launch transport to {_name(state, hub)}", "spend 1 energy", "spend 1 energy")
    assert after.res[p] == (1, 0, 0, 0, 2)


def test_monolith_draws_three() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    state = set_row(state, "res", p, [2, 0, 0, 0, 0])
    monolith = where(state, 15)
    after = play(state, f"launch transport to {_name(state, monolith)}", "spend 1 energy", "spend 1 energy")
    for _ in range(3):
        assert after.is_chance
        after = after.apply(after.chance_outcomes()[0][0])
    assert sum(after.hands[p]) == 3


def test_raider_strike_moves_an_in_range_raider_into_the_active_region() -> None:
    state = started(2)
    p = state.active
    target = region(state, "A1")
    rpos = [-1] * len(state.rpos)
    rpos[4] = region(state, "A2")  # the A-class raider, range >= 1
    state = with_fields(state, rpos=rpos)
    state = set_row(state, "res", p, [2, 0, 0, 0, 0])
    after = play(state, f"launch transport to {_name(state, target)}")
    assert after.rpos[4] == target or after.is_chance or after.tasks[0][0] != Task.MAIN


def test_s_class_swarm_moves_every_s_raider_in_range() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    target = region(state, "B2")
    rpos = list(state.rpos)
    rpos[0] = region(state, "B1")
    rpos[1] = region(state, "B3")
    state = with_fields(state, rpos=rpos, region=target)
    from boardgames.games.andromedas_edge.launching import raider_strike, strike_candidates
    from boardgames.games.andromedas_edge.state import Work

    assert strike_candidates(state) == {0: [0, 1]}
    w = Work(state._successor())
    new = w.sync()
    raider_strike(new, new.__dict__, 0)
    assert w.rpos[0] == w.rpos[1] == target
    del p


def test_no_strike_into_a_region_with_another_class() -> None:
    state = _clear_raiders(started(2))
    target = region(state, "B2")
    rpos = list(state.rpos)
    rpos[4] = target
    rpos[0] = region(state, "B1")
    state = with_fields(state, rpos=rpos, region=target)
    from boardgames.games.andromedas_edge.launching import strike_candidates

    assert strike_candidates(state) == {}


def test_forced_return_to_station_when_launch_bay_is_empty() -> None:
    state = _clear_raiders(started(2))
    p = state.active
    mine = list(state.ships[p])
    mine[:3] = [region(state, "A1"), region(state, "A2"), region(state, "B1")]
    state = turn_of(set_row(state, "ships", p, mine), p)
    assert not any(t.startswith("launch") for t in texts(state))
    assert "return to station" in texts(state)


def _name(state, r):  # type: ignore[no-untyped-def]
    from boardgames.games.andromedas_edge.actions import region_name

    return region_name(r, state.game.spaces, state.game.components.columns)


def test_raider_placement_occupied_nebula_rerolls_to_an_unoccupied_one() -> None:
    state = _clear_raiders(started(2))
    g = state.game
    cards = list(state.raider_cards)
    cards[1] = 2  # Ash Corsairs: A-class, starts in a random nebula
    rpos = [g.spaces + i for i in range(4)] + [-1] * 4  # S-class raiders on N1-N4
    state = with_fields(
        state, raider_cards=cards, rpos=rpos, tasks=[(Task.RAIDER_ROLL, -1, 1, 2), (Task.MAIN, 0, 0, 0)]
    )
    assert {str(a) for a, _ in state.chance_outcomes()} == {f"die shows {f}" for f in range(1, 7)}
    again = outcome(state, "die shows 1")  # N1 holds a raider of another class: a random unoccupied nebula
    assert {str(a) for a, _ in again.chance_outcomes()} == {"die shows 5", "die shows 6"}
    placed = outcome(again, "die shows 6")
    assert placed.rpos[4] == g.spaces + 5


def test_raider_already_on_board_places_two_s_class_instead() -> None:
    state = _clear_raiders(started(2))
    from boardgames.games.andromedas_edge.raiders import place_raider
    from boardgames.games.andromedas_edge.state import Work

    w = Work(state._successor())
    w.rpos[4] = region(state, "A1")  # the A-class raider is out
    w.tasks = []
    place_raider(w.sync(), 1, 1)
    assert w.tasks[0][:4] == [Task.RAIDER_ROLL, -1, 0, 4]  # two S-class standees, random nebula
