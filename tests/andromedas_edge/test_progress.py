"""Developments, Progress Tracks, The Event Track, Resources, Free Actions."""

from __future__ import annotations

from boardgames.games.andromedas_edge import progress
from boardgames.games.andromedas_edge.work import BAY, DEVELOPED, MARKER_ON_STATION, Task, Work
from tests.andromedas_edge.helpers import play, set_row, started, texts, turn_of, with_fields


def _work(state):  # type: ignore[no-untyped-def]
    return Work(dict(state.__dict__), state.game)


def test_credits_are_wild_for_titanium_ice_nanocarbon_not_energy() -> None:
    assert progress.can_pay((0, 0, 1, 0, 2), (0, 2, 1, 0, 0))
    assert not progress.can_pay((0, 0, 0, 0, 3), (1, 0, 0, 0, 0))
    res = [1, 1, 0, 0, 3]
    progress.pay(res, (1, 2, 1, 0, 1))
    assert res == [0, 0, 0, 0, 0]


def test_resources_over_the_limits_are_discarded_at_the_end_of_the_turn() -> None:
    state = started(2)
    p = state.active
    state = set_row(state, "res", p, [12, 7, 0, 0, 6])
    state = play(turn_of(state, p, [(Task.POST, p, 0, 0)]), "end turn")
    assert state.res[p] == (10, 5, 0, 0, 5)


def test_tactics_hand_limit_discard_at_end_of_turn() -> None:
    state = started(2)
    p = state.active
    hand = [0] * len(state.hands[p])
    hand[0] = 7
    deck = list(state.tdeck)
    deck[0] -= 7
    state = with_fields(set_row(state, "hands", p, hand), tdeck=deck)
    state = play(turn_of(state, p, [(Task.POST, p, 0, 0)]), "end turn")
    assert state.current_player == p and state.tasks[0][0] == Task.DISCARD
    state = play(state, "discard tactics card 0", "discard tactics card 0")
    assert sum(state.hands[p]) == 5 and state.active != p


def _development_position():  # type: ignore[no-untyped-def]
    state = started(2)
    p = state.active
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15)
    mine = list(state.ships[p])
    mine[0] = planet
    state = set_row(state, "ships", p, mine)
    state = set_row(state, "res", p, [5, 5, 5, 5, 5])
    return state, p, planet


def test_building_a_development() -> None:
    state, p, planet = _development_position()
    spec = state.game.components.planets[state.layout[planet]]
    w = _work(state)
    assert progress.development_sites(w, p) == [planet]
    leaders_before = w.leaders_home[p]
    progress.build_development(w, p, planet)
    assert w.dev[planet] == p and w.ships[p][0] == DEVELOPED
    assert w.leaders_home[p] == leaders_before - state.game.components.dev_leaders[spec.type]
    assert w.devcards[p][spec.type] == 1
    assert w.tracks[p][spec.type] == state.tracks[p][spec.type] + 1


def test_development_needs_leaders_and_not_the_last_ship() -> None:
    state, p, planet = _development_position()
    state = with_fields(state, leaders_home=[0, 0])
    assert progress.development_sites(state, p) == []
    state, p, planet = _development_position()
    mine = [planet] + [-1] * 8  # the transport is the only ship
    state = set_row(state, "ships", p, mine)
    assert progress.development_sites(state, p) == []


def test_development_scoring_counts_leaders_nearby_up_to_10() -> None:
    state, _p, planet = _development_position()
    w = _work(state)
    assigned = state.game.components.dev_leaders[state.game.components.planets[state.layout[planet]].type]
    nearby = sum(w.leaders_on[q][r] for q in range(2) for r in (planet, *state.game.adjacent[planet]))
    assert progress.leaders_near(w, planet, assigned) == min(10, nearby + assigned)
    for q in range(2):
        w.leaders_on[q][planet] = 5
    assert progress.leaders_near(w, planet, assigned) == 10


def test_event_space_advances_the_event_marker() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][0] = 2
    pos = w.event_pos
    progress.advance(w, p, 0)  # space 3 has an event icon
    assert w.event_pos == pos + 1


def test_supremacy_token_or_two_vp() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][4] = 1
    token = w.stokens[0]
    progress.advance(w, p, 4)
    assert w.sheld[p][token] == 1 and w.stokens[0] == -1
    w.tracks[1 - p][4] = 1
    vp = w.vp[1 - p]
    progress.advance(w, 1 - p, 4)
    assert w.vp[1 - p] == vp + 2


def test_tactics_limit_space_draws_up_to_the_new_limit() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][3] = 3
    w.tasks = []
    progress.advance(w, p, 3)
    assert progress.tactics_limit(w, p) == 6
    assert w.tasks[0] == [Task.DRAW, p, 6, 0]


def test_discovery_space_claims_a_token_secretly() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][0] = 1
    w.tasks = [[Task.POST, p, 0, 0]]
    progress.advance(w, p, 0)
    w.commit()
    s = with_fields(state, tracks=w.tracks, tasks=w.tasks)
    assert s.tasks[0][0] == Task.DISCOVERY and s.current_player == p
    assert s.view(p).dstack_seen == s.dstacks[0]
    assert s.view(1 - p).dstack_seen == ()
    kind = next(k for k, n in enumerate(s.dstacks[0]) if n)
    after = play(s, f"claim discovery kind {kind}")
    assert after.dheld[p][kind] == 1
    assert f"use discovery token kind {kind}" in texts(after)


def test_ship_upgrade_builds_a_free_ship_of_that_type() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    tile = next(t for t in w.upg_supply[p] if state.game.tile_spec(t).ship == 1)
    progress.place_upgrade(w, p, tile)
    assert w.upgrades[p][1] == tile and w.ships[p][6] == BAY
    assert progress.upgrade_options(w, p) and all(
        state.game.tile_spec(t).ship != 1 for t in progress.upgrade_options(w, p)
    )


def test_event_track_end_reveals_a_planet_and_resolves_an_event_at_end_of_turn() -> None:
    state = started(2)
    p = state.active
    end = state.game.components.event_end
    state = with_fields(state, event_pos=end - 1)
    w = _work(state)
    w.tasks = [[Task.POST, p, 0, 0]]
    progress.event_step(w)
    assert w.event_pos == MARKER_ON_STATION and w.event_holder == p
    assert w.tasks[0][0] == Task.PLANET
    w.commit()
    s = with_fields(state, event_pos=w.event_pos, event_holder=w.event_holder, tasks=w.tasks)
    planet = s.chance_outcomes()[0][0]
    s = s.apply(planet)
    space = 6 + 4  # 2 players: 4 planets and 6 bases fill the first 10 spaces
    assert s.layout[space] == planet.planet  # type: ignore[attr-defined]
    s = s.apply(s.chance_outcomes()[0][0])  # its top moon
    assert s.moon_top[space] >= 0 and s.moon_hidden[space] == 2
    s = play(s, "end turn")
    assert s.is_chance and s.tasks[0][0] == Task.EVENT
    card = s.chance_outcomes()[0][0]
    event = state.game.components.events[card.card]  # type: ignore[attr-defined]
    damaged = set_row(s, "mdmg", 1 - p, [1, 0, 0, 0])
    expected = [
        max(0, state.game.components.tracks[event.track].vp[s.tracks[q][event.track]] - (q == 1 - p))
        for q in range(2)
    ]
    after = damaged.apply(card)
    gained = [after.vp[q] - s.vp[q] for q in range(2)]
    assert gained[0] >= expected[0] and gained[1] >= expected[1]
    assert after.event_pos == state.game.components.event_start[0]


def test_recruit_leaders_and_abandon_moons() -> None:
    state = started(2)
    p = state.active
    nebula = next(r for r in range(state.game.spaces, state.game.regions) if state.leaders_on[p][r])
    mine = list(state.ships[p])
    mine[7] = nebula
    moon = next(k for k, m in enumerate(state.game.components.moons) if m.repair)
    pool = list(state.moon_pool)
    pool[moon] -= 1
    state = with_fields(set_row(set_row(state, "ships", p, mine), "claimed", p, [moon]), moon_pool=pool)
    state = set_row(state, "mdmg", p, [0, 1, 0, 0])
    after = play(state, f"recruit leader from N{nebula - state.game.spaces + 1}")
    assert after.leaders_home[p] == state.leaders_home[p] + 1
    after = play(state, f"abandon moon {moon}")
    assert after.vp[p] == state.vp[p] + 1 and after.tasks[0][0] == Task.REPAIR
    assert play(after, "repair module #1").mdmg[p][1] == 0


def test_development_cards_once_each() -> None:
    state = started(2)
    p = state.active
    state = set_row(state, "devcards", p, [0, 0, 0, 0, 1])
    after = play(state, "use supremacy development card")
    assert after.res[p][0] == state.res[p][0] + 4
    assert "use supremacy development card" not in texts(after)
