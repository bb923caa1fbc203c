"""Rulebook: Determine Military Control, and Conquering."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames.games.galaxys_edge.military import military_controller

from .helpers import BLUE, GREEN, RED, YELLOW, game_with, play, texts


def test_determine_military_control_example_1_only_green_has_class_1_bases() -> None:
    # Green completes the Warger sector by building in its value-3 system.
    game = game_with(4, {"D3": ("wargers", [3, 5]), "C2": ("hive", [4, 6])})
    state = game.position(
        bases={"D3b": (GREEN, 1), "C2a": (RED, 2), "C2b": (GREEN, 1)},
        flagships=("A1", "A3", "G1", "D3"),
        active=GREEN,
    )
    state = play(state, "build colony D3a", "end turn")
    assert military_controller(state, game.sector("D3")) == GREEN
    after = play(state, "roll: own ban")
    # No rival colony in the sector: the Conquering action is lost.
    assert after.owner(game.system("D3a")) == GREEN and after.is_colony(game.system("D3a"))
    assert after.colonies_left[GREEN] == 19
    assert after.current_player == RED


def test_determine_military_control_example_2_class_2_decides_and_red_conquers() -> None:
    # Green builds in the Crystalloid value-6 system, completing it.  Red and
    # Green both have Class 1 bases in the vicinity (Green has more); only Red
    # has a Class 2 base, so Red conquers the most valuable rival colony: the
    # Green value-6 colony just built.
    game = game_with(4, {"D3": ("crystalloids", [2, 6]), "C2": ("hive", [1, 1]), "E2": ("hive", [3])})
    state = game.position(
        colonies={"D3a": BLUE},
        bases={"C2a": (GREEN, 1), "C2b": (GREEN, 1), "D2a": (RED, 1), "E2a": (RED, 2)},
        flagships=("A1", "A3", "G1", "D3"),
        active=GREEN,
    )
    state = play(state, "build colony D3b", "end turn", "roll: own ban")
    six = game.system("D3b")
    assert state.owner(six) == RED and state.is_colony(six)
    assert state.colonies_left[GREEN] == 20  # the displaced colony returns to Green's supply
    assert state.colonies_left[RED] == 19
    assert state.owner(game.system("D3a")) == BLUE  # only one colony is conquered


def test_determine_military_control_number_of_bases_does_not_matter() -> None:
    game = game_with(3, {"D3": ("hive", [4])})
    state = game.position(
        bases={"C2a": (RED, 1), "C3a": (BLUE, 1), "D2a": (BLUE, 1)}, flagships=("A1", "A3", "G1")
    )
    assert military_controller(state, game.sector("D3")) == -1


def test_determine_military_control_class_3_when_classes_1_and_2_decide_nothing() -> None:
    game = game_with(3, {"D3": ("hive", [4])})
    state = game.position(
        bases={"C2a": (RED, 1), "C3a": (BLUE, 1), "D2a": (BLUE, 2), "D4a": (YELLOW, 2), "E2a": (YELLOW, 3)},
        flagships=("A1", "A3", "G1"),
    )
    assert military_controller(state, game.sector("D3")) == YELLOW


def test_determine_military_control_bases_outside_the_vicinity_do_not_count() -> None:
    game = game_with(3, {"D3": ("hive", [4])})
    state = game.position(bases={"A1a": (RED, 1)}, flagships=("A1", "A3", "G1"))
    assert military_controller(state, game.sector("D3")) == -1


def test_determine_military_control_only_when_a_sector_is_completed() -> None:
    game = game_with(3, {"D3": ("hive", [4, 9, 2])})
    state = game.position(
        colonies={"D3b": BLUE}, bases={"C2a": (RED, 1)}, flagships=("A1", "D3", "G1"), active=BLUE
    )
    # Blue builds but the sector still has an empty system: no control, no conquest.
    state = play(state, "build colony D3a", "end turn", "roll: own ban")
    assert state.owner(game.system("D3b")) == BLUE


def test_conquering_at_most_once_per_sector_and_only_when_completed() -> None:
    game = game_with(2, {"D3": ("hive", [4, 9])})
    state = game.position(colonies={"D3b": BLUE}, flagships=("C2", "D3"), active=BLUE)
    state = play(state, "build colony D3a", "end turn", "roll: own ban")  # no bases: nobody controls
    assert state.owner(game.system("D3b")) == BLUE
    # Red builds a Class 1 base next to the completed sector later: no effect.
    state = play(state, "build class-1 base C2a", "end turn", "roll: next player's ban")
    assert state.owner(game.system("D3b")) == BLUE and state.owner(game.system("D3a")) == BLUE


def test_conquering_skipped_when_the_most_valuable_rival_colony_has_a_forcefield() -> None:
    game = game_with(3, {"D3": ("hive", [4, 9])})
    state = game.position(
        colonies={"D3b": BLUE}, bases={"C2a": (RED, 1)}, flagships=("D3", "A3", "G1"), forcefield={BLUE: 1}
    )
    state = play(state, "build colony D3a", "end turn", "roll: own ban")
    assert state.owner(game.system("D3b")) == BLUE


def test_conquering_equal_values_the_conqueror_chooses_whose_colony() -> None:
    game = game_with(4, {"D3": ("hive", [7, 7, 1])})
    state = game.position(
        colonies={"D3a": BLUE, "D3b": YELLOW},
        bases={"C2a": (RED, 1)},
        flagships=("A1", "A3", "G1", "D3"),
        active=GREEN,
    )
    state = play(state, "build colony D3c", "end turn", "roll: own ban")
    assert state.current_player == RED  # the conqueror decides, during Green's turn
    assert texts(state) == {"replace colony D3a", "replace colony D3b"}
    state = play(state, "replace colony D3b")
    assert state.owner(game.system("D3b")) == RED and state.owner(game.system("D3a")) == BLUE
    assert state.current_player == RED and state.active == RED  # Green's turn is over


def test_conquering_a_tied_protected_colony_does_not_shield_an_unprotected_one() -> None:
    game = game_with(4, {"D3": ("hive", [7, 7, 1])})
    state = game.position(
        colonies={"D3a": BLUE, "D3b": YELLOW},
        bases={"C2a": (RED, 1)},
        flagships=("A1", "A3", "G1", "D3"),
        forcefield={BLUE: 1},
        active=GREEN,
    )
    state = play(state, "build colony D3c", "end turn", "roll: own ban")
    assert state.owner(game.system("D3b")) == RED and state.owner(game.system("D3a")) == BLUE


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["C2", "C3", "D2", "D4", "E2", "E3", "D3"]), st.integers(0, 3), st.integers(1, 3)
        ),
        max_size=7,
        unique_by=lambda t: t[0],
    )
)
def test_determine_military_control_matches_the_class_by_class_rule(
    bases: list[tuple[str, int, int]],
) -> None:
    game = game_with(4, {n: ("hive", [5]) for n in ["C2", "C3", "D2", "D4", "E2", "E3", "D3"]})
    state = game.position(bases={f"{n}a": (p, c) for n, p, c in bases}, flagships=("A1", "A3", "G1", "G3"))
    expected = -1
    for base_class in (1, 2, 3):
        owners = {p for _, p, c in bases if c == base_class}
        if len(owners) == 1:
            expected = owners.pop()
            break
    assert military_controller(state, game.sector("D3")) == expected
