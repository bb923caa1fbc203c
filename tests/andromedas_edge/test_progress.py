"""Developments, Progress Tracks, The Event Track, Resources, Free Actions."""

from __future__ import annotations

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import progress_tracks as progress
from boardgames.games.andromedas_edge.state import BAY, DEVELOPED, MARKER_ON_STATION, Task, Work
from tests.andromedas_edge.helpers import play, said, set_row, started, texts, turn_of, with_fields


def _work(state):  # type: ignore[no-untyped-def]
    return Work(state._successor())


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
    state = play(state, said(A.DiscardTactic(0)), said(A.DiscardTactic(0)))
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
    synced = w.sync()
    progress.build_development(synced, synced.__dict__, p, planet)
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
    synced = w.sync()
    progress.advance(synced, synced.__dict__, p, 0)  # space 3 has an event icon
    assert w.event_pos == pos + 1


def test_supremacy_token_or_two_vp() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][4] = 1
    token = w.stokens[0]
    synced = w.sync()
    progress.advance(synced, synced.__dict__, p, 4)
    assert w.sheld[p][token] == 1 and w.stokens[0] == -1
    w.tracks[1 - p][4] = 1
    vp = w.vp[1 - p]
    synced = w.sync()
    progress.advance(synced, synced.__dict__, 1 - p, 4)
    assert w.vp[1 - p] == vp + 2


def test_tactics_limit_space_may_draw_up_to_the_new_limit() -> None:
    # Civilization Track: "the number of tactics cards you can keep at the end of your turn is
    # increased. You may then immediately draw tactics cards until you have reached your new
    # maximum hand size."
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][3] = 3
    w.tasks = [[Task.POST, p, 0, 0]]
    synced = w.sync()
    progress.advance(synced, synced.__dict__, p, 3)
    assert progress.tactics_limit(w, p) == 6
    reached = with_fields(state, tracks=w.tracks, tasks=w.tasks)
    assert texts(reached) == {"done", "draw tactics cards up to the hand limit"}
    declined = play(reached, "done")
    assert declined.tasks[0][0] == Task.POST and sum(declined.hands[p]) == 0
    drawing = play(reached, "draw tactics cards up to the hand limit")
    assert drawing.is_chance and drawing.tasks[0] == (Task.DRAW, p, 6, 0)


def test_discovery_space_claims_a_token_secretly() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    w.tracks[p][0] = 1
    w.tasks = [[Task.POST, p, 0, 0]]
    synced = w.sync()
    progress.advance(synced, synced.__dict__, p, 0)
    w.commit()
    s = with_fields(state, tracks=w.tracks, tasks=w.tasks)
    assert s.tasks[0][0] == Task.DISCOVERY and s.current_player == p
    assert s.view(p).dstack_seen == s.dstacks[0]
    assert s.view(1 - p).dstack_seen == ()
    kind = next(k for k, n in enumerate(s.dstacks[0]) if n)
    after = play(s, said(A.TakeToken(kind)))
    assert after.dheld[p][kind] == 1
    assert said(A.UseToken(False, kind)) in texts(after)


def test_ship_upgrade_builds_a_free_ship_of_that_type() -> None:
    state = started(2)
    p = state.active
    w = _work(state)
    tile = next(t for t in w.upg_supply[p] if state.game.tile_spec(t).ship == 1)
    progress.place_upgrade(w.sync(), p, tile)
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
    synced = w.sync()
    progress.event_step(synced, synced.__dict__)
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
    after = play(state, said(A.Abandon(moon)))
    assert after.vp[p] == state.vp[p] + 1 and after.tasks[0][0] == Task.REPAIR
    assert play(after, "repair module #1").mdmg[p][1] == 0


def test_development_cards_once_each() -> None:
    state = started(2)
    p = state.active
    state = set_row(state, "devcards", p, [0, 0, 0, 0, 1])
    after = play(state, "use supremacy development card")
    assert after.res[p][0] == state.res[p][0] + 4
    assert "use supremacy development card" not in texts(after)


# -- Play Tactics Cards: "Some may be played on other players' turns" ---------------------------


def _card(state, name: str) -> int:  # type: ignore[no-untyped-def]
    return next(k for k, t in enumerate(state.game.components.tactics) if t.name == name)


def _ending_turn():  # type: ignore[no-untyped-def]
    """The active player is about to end their turn; the other player holds nothing."""
    state = started(2)
    p = state.active
    return turn_of(state, p, [(Task.POST, p, 0, 0)]), p, 1 - p


def test_play_tactics_cards_on_other_players_turns_when_that_turn_ends() -> None:
    from boardgames.games.andromedas_edge.state import SCRAPPED
    from tests.andromedas_edge.helpers import give_cards

    state, p, q = _ending_turn()
    card = _card(state, "Emergency Repairs")
    assert state.game.components.tactics[card].any_turn
    mine = list(state.ships[q])
    mine[0] = SCRAPPED
    state = give_cards(set_row(state, "ships", q, mine), q, card)
    state = play(state, "end turn")
    assert state.current_player == q and state.active == p and state.tasks[0][0] == Task.OFF_TURN
    assert texts(state) >= {"done", said(A.PlayTactic(card))}
    state = play(state, said(A.PlayTactic(card)), "repair scrapped transport")
    assert state.ships[q][0] == -4 and state.hands[q][card] == 0  # on the Repair Barge
    assert state.active == q and state.tasks[0][0] == Task.MAIN  # the window closed with the last card


def test_play_tactics_cards_off_turn_window_only_for_a_playable_card() -> None:
    from tests.andromedas_edge.helpers import give_cards

    state, p, q = _ending_turn()
    state = give_cards(state, q, _card(state, "Salvage Run"))  # an action card for your own turn only
    after = play(state, "end turn")
    assert after.active == q and after.tasks[0][0] == Task.MAIN  # no window: nothing playable
    passing = play(give_cards(state, q, _card(state, "Opportune Salvage")), "end turn", "done")
    assert passing.active == q and passing.tasks[0][0] == Task.MAIN
    del p


def test_play_tactics_cards_any_turn_cards_also_on_your_own_turn() -> None:
    from tests.andromedas_edge.helpers import give_cards

    state, p, _q = _ending_turn()
    card = _card(state, "Opportune Salvage")
    state = give_cards(state, p, card)
    before = state.res[p]
    state = play(state, said(A.PlayTactic(card)))
    assert state.res[p][0] == before[0] + 1 and state.res[p][4] == before[4] + 1


def test_slot_a_moon_token_on_another_players_turn_in_the_same_window() -> None:
    from tests.andromedas_edge.helpers import claim, give_cards

    state, _p, q = _ending_turn()
    state = claim(give_cards(state, q, _card(state, "Opportune Salvage")), q, 20)
    state = play(state, "end turn")
    assert said(A.SlotMoon(20, A.TACOPS_SLOT)) in texts(state)
    state = play(state, said(A.SlotMoon(20, A.TACOPS_SLOT)))
    assert state.tacops[q] == 20 and state.current_player == q  # still holding the card: window open


# -- Abandon a Moon Token: "You may discard a moon as part of paying a resource cost" -------------


def test_abandon_a_moon_as_part_of_paying_a_resource_cost() -> None:
    from tests.andromedas_edge.helpers import claim

    state = started(2)
    p = state.active
    state = set_row(state, "res", p, [0, 0, 0, 0, 0])
    state = claim(state, p, 4, 12)  # moon 4 gives 1 titanium, moon 12 gives 1 ice
    shipyard = turn_of(state, p, [(Task.SHIPYARD, p, 0, 0), (Task.POST, p, 0, 0)])
    # only the titanium moon brings a ship within reach (a transport costs 1 titanium)
    assert {t for t in texts(shipyard) if t.startswith("abandon")} == {said(A.Abandon(4))}
    assert "build transport" not in texts(shipyard)
    after = play(shipyard, said(A.Abandon(4)))
    assert after.tasks[0][0] == Task.SHIPYARD and "build transport" in texts(after)
    after = play(after, "build transport")
    assert after.res[p] == (0, 0, 0, 0, 0) and after.claimed[p] == (12,)
    rich = set_row(shipyard, "res", p, [0, 5, 5, 5, 5])
    assert not any(t.startswith("abandon") for t in texts(rich))  # nothing to cover


def test_abandon_a_moon_to_pay_makes_an_alliance_base_launchable() -> None:
    from boardgames.games.andromedas_edge.actions import region_name
    from tests.andromedas_edge.helpers import claim, where

    state = started(2)
    state = with_fields(state, rpos=[-1] * len(state.rpos))
    p = state.active
    state = set_row(state, "res", p, [0, 0, 0, 0, 0])
    monolith = where(state, 15 + 0)  # Monolith of Ancients: spend any 2 resources to draw 3
    name = region_name(monolith, state.game.spaces, state.game.components.columns)
    assert f"launch transport to {name}" not in texts(state)  # nothing to spend
    state = claim(state, p, 20)  # an orphaned nebula moon with 2 credits
    assert f"launch transport to {name}" in texts(state)  # able to activate it, paying with the moon
    state = play(state, f"launch transport to {name}")
    assert state.tasks[0][0] == Task.SPEND and texts(state) == {said(A.Abandon(20))}
    state = play(state, said(A.Abandon(20)), "spend 1 credits", "spend 1 credits")
    assert state.is_chance and state.tasks[0][:3] == (Task.DRAW, p, 3)


# -- Use Faction Abilities: "a player may use their faction abilities as free actions on their turn"


def _faction(name: str, res: list[int]):  # type: ignore[no-untyped-def]
    state = started(2)
    p = state.active
    f = next(i for i, spec in enumerate(state.game.components.factions) if spec.name == name)
    faction = list(state.faction)
    faction[p] = f
    state = set_row(with_fields(state, faction=faction), "res", p, res)
    return turn_of(state, p), p


def test_use_faction_abilities_as_free_actions_once_per_turn() -> None:
    state, p = _faction("Synthari Collective", [1, 0, 0, 0, 0])  # spend 1 energy: gain 1 nanocarbon
    assert "use faction ability" in texts(state)
    after = play(state, "use faction ability")
    assert after.res[p] == (0, 0, 0, 1, 0)
    after = set_row(after, "res", p, [3, 0, 0, 0, 0])
    assert "use faction ability" not in texts(after)  # once per turn
    after = play(after, "return to station", "done", "end turn", "return to station", "done", "end turn")
    assert after.active == p and "use faction ability" in texts(after)  # a new turn


def test_use_faction_abilities_needs_the_cost_and_an_ability() -> None:
    state, _p = _faction("Synthari Collective", [0, 0, 0, 0, 0])
    assert "use faction ability" not in texts(state)
    state, _p = _faction("Terran Compact", [5, 5, 5, 5, 5])  # scores at the end only
    assert "use faction ability" not in texts(state)


def test_use_faction_abilities_draw_and_repair() -> None:
    state, p = _faction("Vael Merchants", [0, 0, 0, 0, 2])  # spend 2 credits: draw 1
    state = play(state, "use faction ability")
    assert state.is_chance and state.tasks[0][:3] == (Task.DRAW, p, 1)
    state, p = _faction("Korr Warhost", [2, 0, 0, 0, 0])  # spend 2 energy: repair 1
    state = set_row(state, "mdmg", p, [0, 0, 1, 0])
    state = play(state, "use faction ability", "repair module #2")
    assert state.mdmg[p] == (0, 0, 0, 0) and state.res[p][0] == 0
