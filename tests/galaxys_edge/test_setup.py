"""Rulebook: Components, Setup (vicinity, flagship placement) and Turn Order."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.games.galaxys_edge import EventCard, GalaxysEdgeState, Phase
from boardgames.games.galaxys_edge.components import GEOMETRY, ROWS

from .helpers import texts


def new(players: int, seed: int) -> GalaxysEdgeState:
    state = bg.make("galaxys-edge", players=players).new_game(seed)
    assert isinstance(state, GalaxysEdgeState)
    return state


def test_components_board_of_30_sectors_in_rows_around_a_central_row_of_6() -> None:
    assert sum(ROWS) == 30
    assert max(ROWS) == 6 and ROWS.index(6) == len(ROWS) // 2
    assert list(ROWS[:3]) == sorted(ROWS[:3]) and list(ROWS[4:]) == sorted(ROWS[4:], reverse=True)
    # Every sector touches at least two others; inner sectors have six neighbours.
    assert all(len(n) in (2, 3, 4, 5, 6) for n in GEOMETRY.neighbours)
    assert all(len(GEOMETRY.neighbours[p]) == 6 for p in range(30) if p not in GEOMETRY.outer)


def test_setup_sectors_are_shuffled_and_the_same_seed_gives_the_same_board() -> None:
    layouts = {new(3, seed).layout.tiles for seed in range(10)}
    assert len(layouts) == 10
    assert new(3, 5) == new(3, 5)
    for layout in layouts:
        assert sorted(layout) == list(range(30))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_two_hidden_event_cards_each_and_the_rest_in_the_deck(players: int) -> None:
    state = new(players, 11)
    assert all(sum(hand) == 2 for hand in state.hands)
    assert sum(state.deck) == 28 - 2 * players
    view = state.view(0)
    assert view.hand == state.hands[0]
    assert view.hand_sizes == (2,) * players
    assert view.deck_size == sum(state.deck)
    assert not hasattr(view, "hands") and not hasattr(view, "deck")


def test_setup_starting_player_is_random() -> None:
    starts = {new(4, seed).current_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}


def test_setup_flagships_placed_counterclockwise_from_the_starting_player() -> None:
    state = new(4, 3)
    start = state.current_player
    order = []
    while state.phase == Phase.PLACEMENT:
        order.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert order == [start, (start - 1) % 4, (start - 2) % 4, (start - 3) % 4]


def test_setup_flagships_only_in_outer_sectors() -> None:
    state = new(3, 0)
    placements = [a for a in state.legal_actions()]
    assert {GEOMETRY.by_name[str(a).split()[-1]] for a in placements} == set(GEOMETRY.outer)


def test_vicinity_example_2_no_flagship_in_the_vicinity_of_a_placed_rival_flagship() -> None:
    state = new(4, 0)
    state = state.apply_text("place flagship A1")
    options = {str(a).split()[-1] for a in state.legal_actions()}
    # A1's vicinity is A1 and its neighbours A2, B1, B2.
    assert not options & {"A1", "A2", "B1"}
    assert "A3" in options and "D1" in options
    state = state.apply_text("place flagship D6")
    options = {str(a).split()[-1] for a in state.legal_actions()}
    assert not options & {"A1", "A2", "B1", "D6", "C5", "E5"}


def test_turn_order_last_placer_moves_first_then_clockwise() -> None:
    state = new(3, 8)
    while state.phase == Phase.PLACEMENT:
        last = state.current_player
        state = state.apply(state.legal_actions()[0])
    assert state.phase == Phase.TURN and state.current_player == last
    state = state.apply_text("end turn")
    assert state.current_player == (last + 1) % 3


def test_setup_reference_components_are_labelled_as_a_reference_set() -> None:
    game = bg.make("galaxys-edge", players=2)
    assert game.components.name == "reference"  # type: ignore[attr-defined]
    assert sum(game.components.event_counts) == 28  # type: ignore[attr-defined]
    assert len(game.components.tiles) == 30  # type: ignore[attr-defined]
    assert set(game.components.die_faces) == {0, 1, 2}  # type: ignore[attr-defined]


def test_event_card_types_are_the_seven_of_the_rulebook() -> None:
    assert [c.title for c in EventCard] == [
        "Alien Embassy",
        "Cultural Takeover",
        "Discovery Mission",
        "Forcefield",
        "Rebellion",
        "Surprise Attack",
        "Wormhole",
    ]


def test_placement_offers_every_allowed_outer_sector_with_readable_names() -> None:
    state = new(2, 1)
    assert "place flagship A1" in texts(state)
