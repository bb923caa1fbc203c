"""Rulebook "Variants": Faction Drafting, Explored Galaxy Mode, Standard and Advanced Solo."""

from __future__ import annotations

import pytest

from boardgames.games.age_of_galaxy import solo_variants
from boardgames.games.age_of_galaxy.components import (
    CULTURAL,
    DIPLOMATIC,
    INDUSTRIAL,
    MILITARISTIC,
    SCIENTIFIC,
)
from boardgames.games.age_of_galaxy.state import (
    C_DIE,
    C_SOLO,
    D_SURRENDER,
    DRAFT,
    FOUND,
    NO_PLAYER,
    VO,
    VO_CRUISERS,
    VO_INFLUENCE,
    VO_PRESTIGE,
    VO_STRENGTH,
    WAR,
    AgeState,
)
from tests.age_of_galaxy.helpers import (
    clear_planets,
    edit,
    make,
    only_turn_left,
    play,
    resources,
    started,
    texts,
    with_hand,
    with_planet,
    zero_res,
)

VERDANT, DESERT = 0, 1

# -- Faction Drafting -----------------------------------------------------------------------------


def test_drafting_choose_one_and_pass_the_rest_left_until_7() -> None:
    state = make(3, drafting=True).new_game(3)
    assert state.stage == DRAFT and state.hands == (0, 0, 0)
    packets = state.packets
    for _ in range(3):  # everyone chooses once
        p = state.current_player
        first = next(iter(texts(state)))
        state = play(state, first)
        assert bin(state.hands[p]).count("1") == 1
    # the 6 unchosen cards went to the left (player p's to p + 1)
    for p in range(3):
        assert state.packets[(p + 1) % 3] == packets[p] & ~state.hands[p]
    while state.stage == DRAFT:
        state = play(state, texts(state)[0])
    assert state.stage == FOUND
    assert all(bin(h).count("1") == 7 for h in state.hands)


def test_drafting_views_hide_other_packets() -> None:
    state = make(2, drafting=True).new_game(4)
    view = state.view(0)
    assert view.packet == state.packets[0] and view.packet_sizes == (7, 7)
    a, b = state.packets[1] & -state.packets[1], state.deck & -state.deck
    other = edit(state, packets=(state.packets[0], (state.packets[1] & ~a) | b), deck=(state.deck & ~b) | a)
    assert other.view(0) == view  # the other packet is hidden
    assert other.view(1) != state.view(1)


# -- Explored Galaxy Mode ----------------------------------------------------------------------------


def test_explored_galaxy_mode_all_systems_face_up() -> None:
    state = make(4, explored_galaxy=True).new_game(2)
    assert len(state.systems) == 5
    T = state.game.tables
    assert any(state.pkind[4 * 4 + k] >= 0 for k in range(4))  # the last system has planets
    assert [k for k, _ in T.sys_planets[state.systems[4]]]


# -- Standard Solo Variant -------------------------------------------------------------------------------


def solo_state() -> AgeState:
    state = clear_planets(started(1, seed=2))
    state = edit(state, systems=(0, 1), fleet=0, round=2, espots=0b1001)
    state = zero_res(with_hand(state, 0), 0)
    return only_turn_left(state, 0)


def reveal(state: AgeState, ideology: int, adaptation: tuple[int, ...] = (0, 1, 2, 3, 4)) -> AgeState:
    """The end of the Action phase, then a revealed card of ``ideology`` (first of 2)."""
    state = play(state, "scavenge")
    assert state.is_chance and state.steps == ((C_SOLO, NO_PLAYER, 2),)
    game = state.game
    for action, _ in state.chance_outcomes():
        f = game.components.factions[action.card]  # type: ignore[attr-defined]
        if f.ideology == ideology and f.adaptation in adaptation:
            return state.apply(action)
    raise AssertionError("no such card in the deck")


def test_solo_setup_virtual_opponent() -> None:
    state = make(1).new_game(0)
    assert state.vo[VO_CRUISERS] == 2 and state.vo[VO_STRENGTH] == 4
    assert len(state.hands) == 1
    blocked = [o for o in state.nominate if o != -1]
    assert len(blocked) == sum(1 for sp in state.game.components.nominate if sp.players > 2)  # as 2 players


def test_solo_virtual_opponent_colonizes_leftmost_matching_planet() -> None:
    state = with_planet(with_planet(solo_state(), 0, DESERT), 1, VERDANT)
    state = reveal(state, SCIENTIFIC, adaptation=(4,))  # Verdant
    assert state.powner[1] == VO and state.plevel[1] == 1
    assert state.vo[VO_CRUISERS] == 3  # Scientific: +1 Cruiser
    assert resources(state, 0)["credit"] == 1  # the card gives you nothing


def test_solo_diplomatic_nominates_with_3_influence() -> None:
    state = solo_state()
    state = edit(state, vo=(2, 1, 0, 4, 0))
    state = reveal(state, DIPLOMATIC)
    assert state.vo[VO_INFLUENCE] == 0
    assert state.vo[VO_PRESTIGE] == state.game.components.nominate[0].prestige
    assert state.nominate[0] == VO


def test_solo_militaristic_you_lose_a_cruiser_over_strength() -> None:
    state = zero_res(solo_state(), 0, cruiser=3, strength=1)
    assert resources(reveal(state, MILITARISTIC), 0)["cruiser"] == 2
    state = zero_res(solo_state(), 0, cruiser=1, strength=1)
    assert resources(reveal(state, MILITARISTIC), 0)["cruiser"] == 1


def test_solo_industrial_acquires_leftmost_planet_with_your_disc() -> None:
    state = with_planet(with_planet(solo_state(), 0, VERDANT, 0, 1), 1, DESERT, 0, 1)
    state = zero_res(state, 0)
    state = edit(state, board_discs=(2,))
    state = reveal(state, INDUSTRIAL, adaptation=(0, 2, 3))  # nothing to colonize here
    assert state.powner[0] == VO and state.plevel[0] == 3
    assert state.vo[VO_INFLUENCE] == 1 and state.vo[VO_CRUISERS] == 1
    assert state.board_discs[0] == 2  # 2 planets + the Scavenge disc - the disc returned


def test_solo_industrial_acquires_without_further_conditions() -> None:
    """Standard Solo, Industrial: "The Virtual Opponent acquires the leftmost Planet with an
    Action disc and gains 1 Influence."  Neither Protection nor a Cruiser in its supply is
    asked: your Developed, Protected planet is taken even when it has no Cruiser."""
    state = with_planet(with_planet(solo_state(), 0, VERDANT, 0, 2), 1, DESERT, 0, 1)
    state = zero_res(state, 0, cruiser=5, strength=5)  # 5 Cruisers >= 2 planets: all Protected
    state = edit(state, board_discs=(3,), vo=(0, 0, 0, 4, 0))
    state = reveal(state, INDUSTRIAL, adaptation=(0, 2, 3))
    assert state.powner[0] == VO and state.plevel[0] == 3
    assert state.vo[VO_CRUISERS] == 0 and state.vo[VO_INFLUENCE] == 1  # its Cruiser is on the planet
    assert state.board_discs[0] == 2  # both discs of the Developed planet returned, + Scavenge


def test_solo_virtual_opponent_colonizes_beyond_the_fleet() -> None:
    """Standard Solo: "The Virtual Opponent Colonizes the leftmost Planet with a type matching
    the Adaptation of the drawn card (if possible)" -- no reach is asked."""
    state = with_planet(solo_state(), 4, VERDANT)  # System card 2, right of the Galactic Fleet
    state = edit(state, pkind=tuple(-1 if k == VERDANT and i != 4 else k for i, k in enumerate(state.pkind)))
    state = reveal(state, SCIENTIFIC, adaptation=(4,))
    assert state.powner[4] == VO and state.plevel[4] == 1


def test_solo_virtual_opponent_has_planetary_shields() -> None:
    """Standard Solo, War phase: "The Virtual Opponent is considered to have all 9
    Technologies" -- Planetary Shields: "All your Planets are Protected."  Its planets
    are Protected even without a Cruiser."""
    from boardgames.games.age_of_galaxy.war_phase import acquire_candidates, protected

    state = with_planet(solo_state(), 0, VERDANT, VO, 1)
    state = edit(state, vo=(0, 0, 0, 4, 1))
    T = state.game.tables
    assert protected(T, state, 0)
    state = zero_res(state, 0, cruiser=1)
    assert 0 not in acquire_candidates(T, state, 0)


def test_solo_deck_holds_the_setup_discards() -> None:
    """Standard Solo setup 3: "Place the remaining Faction cards in a deck" -- every card not
    in your hand, the ones you discarded in setup step 13 included."""
    state = make(1).new_game(0)
    hand = [str(a) for a in state.legal_actions() if str(a).startswith("discard ")]
    state = play(state, hand[0], hand[1], hand[2])
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.stage == FOUND and state.discards == (0,)
    assert bin(state.deck).count("1") == 40 - 7
    assert state.deck | state.hands[0] == (1 << 40) - 1


def test_solo_cultural_removes_the_leftmost_exploration_token() -> None:
    state = reveal(solo_state(), CULTURAL)
    assert state.espots == 0b1000


def test_solo_two_cards_then_war_with_the_virtual_opponent() -> None:
    state = with_planet(solo_state(), 0, VERDANT, 0, 1)
    state = zero_res(state, 0)
    state = edit(state, board_discs=(1,), vo=(3, 0, 0, 4, 0))
    state = play(state, "scavenge")
    game = state.game
    harmless = [a for a, _ in state.chance_outcomes()
                if game.components.factions[a.card].ideology == CULTURAL]  # type: ignore[attr-defined]
    state = state.apply(harmless[0])
    state = state.apply(next(a for a, _ in state.chance_outcomes() if a not in harmless[:1]
                             and game.components.factions[a.card].ideology == CULTURAL))  # type: ignore[attr-defined]
    # the Virtual Opponent is the Overlord: you choose which Unprotected planet it acquires
    assert state.stage == WAR and state.steps == ((D_SURRENDER, 0),) and state.current_player == 0
    assert texts(state) == ["surrender 1.1"]
    state = play(state, "surrender 1.1")
    assert state.powner[0] == VO and state.vo[VO_CRUISERS] == 2
    assert state.vo[VO_PRESTIGE] == 1  # Overlord reward (2-player table)


def test_solo_game_runs_to_the_end() -> None:
    import boardgames as bg

    playout = bg.random_playout(make(1), seed=11)
    assert playout.final.is_terminal and playout.final.winners == frozenset({0})


# -- Advanced Solo Variant: scenarios --------------------------------------------------------------------


def test_advanced_solo_scenario_setup_and_die() -> None:
    game = make(1, scenario="border-skirmish")
    state = game.new_game(0)
    assert state.vo[VO_CRUISERS] == 3 and state.vo[VO_STRENGTH] == 5
    assert resources(state, 0)["cruiser"] == 1 and resources(state, 0)["credit"] == 1
    state = clear_planets(started(1, seed=2, scenario="border-skirmish"))
    state = only_turn_left(zero_res(with_hand(edit(state, round=2), 0), 0), 0)
    state = play(state, "scavenge")
    assert state.is_chance and state.steps == ((C_DIE, NO_PLAYER),)
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"die {f}" for f in range(1, 7)]
    assert state.apply_text("die 1").steps == ((C_SOLO, NO_PLAYER, 1),)
    assert state.apply_text("die 6").steps == ((C_SOLO, NO_PLAYER, 3),)


@pytest.mark.parametrize("scenario", ["border-skirmish", "relic-hunt"])
def test_advanced_solo_scenario_victory_conditions(scenario: str) -> None:
    import boardgames as bg

    game = make(1, scenario=scenario)
    final = bg.random_playout(game, seed=5).final
    assert final.is_terminal
    won = game.scenario_result(final)  # type: ignore[arg-type]
    sc = game.components.scenario(scenario)
    score = final.scores()[0]
    assert won == (score >= sc.min_score and final.res[6] >= sc.min_relics  # type: ignore[attr-defined]
                   and (not sc.more_prestige_than_opponent
                        or final.res[7] > final.vo[VO_PRESTIGE]))  # type: ignore[attr-defined]
    rich = edit(final, res=(0, 0, 0, 0, 0, 0, 9, 40))  # type: ignore[arg-type]
    assert game.scenario_result(rich) is True
    assert make(1).scenario_result(make(1).new_game(0)) is None
    assert solo_variants.STANDARD_REVEALS == 2
