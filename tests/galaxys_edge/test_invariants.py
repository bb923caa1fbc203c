"""Properties that hold in every reachable position (hypothesis drives the play)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.games.galaxys_edge import EventCard, GalaxysEdgeState, Phase
from boardgames.games.galaxys_edge.pledges import pledge_tallies
from boardgames.games.galaxys_edge.scoring import score_table
from boardgames.games.galaxys_edge.state import (
    COLONIES_PER_PLAYER,
    MILITARY_TOKENS_PER_PLAYER,
    derived_fields,
)


def check(state: GalaxysEdgeState) -> None:
    game = state.game
    n = game.players
    # Components are conserved: colonies, military tokens, event cards.
    for p in range(n):
        colonies = sum(
            1 for loc in range(len(state.occupant)) if state.is_colony(loc) and state.owner(loc) == p
        )
        embassy = sum(row[p] for row in state.embassy)
        assert colonies + embassy + state.colonies_left[p] == COLONIES_PER_PLAYER
        tokens = sum(
            state.base_class(loc)
            for loc in range(len(state.occupant))
            if state.owner(loc) == p and not state.is_colony(loc)
        )
        assert tokens + state.tokens_left[p] == MILITARY_TOKENS_PER_PLAYER
    in_play = sum(1 for f in state.forcefield if f)
    for card in EventCard:
        total = sum(h[card] for h in state.hands) + state.deck[card] + state.discarded[card]
        total += in_play if card == EventCard.FORCEFIELD else 0
        assert total == game.components.event_counts[card]
    # Incrementally kept masks equal what the board says.
    derived = derived_fields(state.layout, state.occupant, n, state.bans)
    for name, value in derived.items():
        assert getattr(state, name) == value, name
    if state.phase != Phase.PLACEMENT:
        assert all(f >= 0 for f in state.flagships)
    # The one-pass totals the bots use are the columns of the scoring table.
    table = score_table(state)
    assert list(state.scores()) == [float(sum(column)) for column in zip(*table.values())]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000), st.lists(st.integers(0, 10_000), min_size=50, max_size=400))
def test_invariants_hold_along_any_play(players: int, seed: int, choices: list[int]) -> None:
    game = bg.make("galaxys-edge", players=players)
    state = game.new_game(seed)
    for choice in choices:
        assert isinstance(state, GalaxysEdgeState)
        check(state)
        if state.is_terminal:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state = state.apply(outcomes[choice % len(outcomes)][0])
        else:
            actions = state.legal_actions()
            state = state.apply(actions[choice % len(actions)])


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000), st.lists(st.integers(0, 10_000), min_size=30, max_size=200))
def test_pledge_holder_leads_whenever_someone_leads_alone(
    players: int, seed: int, choices: list[int]
) -> None:
    """Loyalty Pledges: whoever leads a species alone holds its pledge."""
    state = bg.make("galaxys-edge", players=players).new_game(seed)
    for choice in choices:
        if state.is_terminal:
            break
        assert isinstance(state, GalaxysEdgeState)
        if state.current_player >= 0:
            for species in range(5):
                tallies = pledge_tallies(state, species)
                best = max(tallies)
                if best and tallies.count(best) == 1:
                    assert state.pledges[species] == tallies.index(best)
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state = state.apply(outcomes[choice % len(outcomes)][0])
        else:
            actions = state.legal_actions()
            state = state.apply(actions[choice % len(actions)])
