"""Property-based tests: rules with many cases (caps and limits, costs, War rewards)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.games.age_of_galaxy.state import DISCS_PER_PLAYER, AgeState
from boardgames.games.age_of_galaxy.war_phase import places
from tests.age_of_galaxy.helpers import (
    card,
    clear_planets,
    edit,
    make,
    only_turn_left,
    play,
    resources,
    started,
    turn_of,
    with_alliance,
    with_hand,
    with_planet,
    zero_res,
)


def check_invariants(state: AgeState) -> None:
    game = state.game
    n = game.players
    for p in range(n):
        r = resources(state, p)
        assert 0 <= r["credit"] <= 12 and 0 <= r["productivity"] <= 12 and 0 <= r["strength"] <= 12
        assert 0 <= r["cruiser"] <= 5  # Icons: at most 5 Cruisers in the supply
        on_planets = sum(1 for o, lv in zip(state.powner, state.plevel, strict=True) if o == p and lv == 3)
        assert r["cruiser"] + on_planets <= 9  # 9 Cruisers per colour
        assert min(state.discs[p], state.board_discs[p]) >= 0
        assert state.discs[p] + state.board_discs[p] <= DISCS_PER_PLAYER
        assert len(state.alliance[p]) <= 3
    groups = [*state.hands, *state.discards, state.deck, *state.packets, state.played]
    groups += [1 << c for a in state.alliance for c in a] + [1 << c for c in state.ideology if c >= 0]
    union = 0
    for g in groups:
        assert not union & g
        union |= g
    assert union == game.tables.all_cards  # every Faction card is in exactly one place
    parts = game.score_breakdown(state)
    assert all(abs(sum(v[p] for v in parts.values()) - state.scores()[p]) < 1e-9 for p in range(n))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    players=st.integers(1, 4),
    drafting=st.booleans(),
    explored=st.booleans(),
)
def test_icons_caps_and_limits_hold_through_whole_games(
    seed: int, players: int, drafting: bool, explored: bool
) -> None:
    game = make(players, drafting=drafting, explored_galaxy=explored)
    bg.random_playout(game, seed, on_state=lambda s: check_invariants(s))  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(owned=st.integers(0, 6), nanoconstruct=st.booleans(), extra=st.integers(0, 3))
def test_colonize_cost_is_the_number_of_colonized_planets(
    owned: int, nanoconstruct: bool, extra: int
) -> None:
    state = clear_planets(started(2, seed=1))
    game = state.game
    state = edit(state, systems=(0, 1, 2, 3, 4), fleet=0)
    state = with_alliance(with_hand(turn_of(state, 0), 0), 0, card(game, "Voicavus"))  # Verdant
    slots = [s for s in range(8, 20)][:owned]
    for slot in slots:
        state = with_planet(state, slot, 1, 0, 1 + (slot % 2))  # Colonized or Developed
    state = with_planet(state, 0, 0)  # an empty reachable Verdant planet
    tech_mask = 1 << game.components.tech_id("nanoconstruct") if nanoconstruct else 0
    state = edit(state, techs=(tech_mask, 0))
    cost = max(0, owned - (3 if nanoconstruct else 0))
    state = zero_res(state, 0, credit=cost + extra)
    after = play(state, "colonize 1.1")
    assert resources(after, 0)["credit"] == extra
    if cost > 0:
        assert "colonize 1.1" not in [str(a) for a in zero_res(state, 0, credit=cost - 1).legal_actions()]


@settings(max_examples=60, deadline=None)
@given(
    cruisers=st.lists(st.integers(0, 5), min_size=4, max_size=4),
    strength=st.lists(st.integers(0, 4), min_size=4, max_size=4),
)
def test_war_rewards_follow_the_table_with_strength_tiebreak_and_shared_places(
    cruisers: list[int], strength: list[int]
) -> None:
    base = clear_planets(started(4, seed=2))
    base = edit(base, round=2)
    for p in range(4):
        base = zero_res(base, p, cruiser=cruisers[p], strength=strength[p])
    base = with_hand(base, 0)
    placing = places(base.game.tables, base)
    state = only_turn_left(base, 0)
    state = zero_res(state, 0, cruiser=cruisers[0], strength=strength[0], credit=11)
    state = play(state, "scavenge")  # credit 12: no Free action left, the Action phase ends
    table = {1: (3, 1), 2: (1, 1), 3: (0, 1)}
    for p in range(4):
        key = (cruisers[p], strength[p])
        better = sum(1 for q in range(4) if (cruisers[q], strength[q]) > key)
        expected = table.get(better + 1, (0, 0))
        assert placing[p] == better + 1
        r = resources(state, p)
        start_credit = 12 if p == 0 else 0
        assert r["prestige"] == expected[1]
        assert r["credit"] == min(12, start_credit + expected[0])
