"""Rulebook "Faction Cards", "War Phase", "Galactic Phase" and "Golden Age"."""

from __future__ import annotations

from boardgames.games.age_of_galaxy import scoring
from boardgames.games.age_of_galaxy.components import DIPLOMATIC, SCIENTIFIC
from boardgames.games.age_of_galaxy.state import C_SYSTEM, D_ACQUIRE, NO_PLAYER, NP, WAR, AgeState
from tests.age_of_galaxy.helpers import (
    card,
    clear_planets,
    edit,
    only_turn_left,
    play,
    resources,
    started,
    techs,
    texts,
    turn_of,
    with_alliance,
    with_hand,
    with_planet,
    zero_res,
)

MATTHIAS, HANNA, JAN = 0, 1, 2
VERDANT, DESERT = 0, 1  # planet kinds on Helion Reach

# -- Faction Cards ---------------------------------------------------------------------------


def names_with(game, ideology: int) -> list[int]:  # type: ignore[no-untyped-def]
    return [f.index for f in game.components.factions if f.ideology == ideology and not f.technologies]


def test_faction_cards_true_major_ideology_example_jan() -> None:
    state = turn_of(started(3), JAN)
    game = state.game
    diplomatic = names_with(game, DIPLOMATIC)
    scientific = names_with(game, SCIENTIFIC)
    state = with_alliance(state, JAN, diplomatic[0], diplomatic[1], scientific[0])
    assert scoring.major_ideology(game.tables, state, JAN) == DIPLOMATIC
    state = zero_res(with_hand(state, JAN, scientific[1]), JAN)
    state = play(state, f"play {game.components.factions[scientific[1]].name}", "as true major ideology")
    assert scoring.major_ideology(game.tables, state, JAN) == SCIENTIFIC
    assert resources(state, JAN) == resources(zero_res(state, JAN), JAN)  # its other effects are ignored
    state = with_hand(turn_of(state, JAN), JAN, diplomatic[2])
    state = play(state, f"play {game.components.factions[diplomatic[2]].name}")
    assert "as true major ideology" not in texts(state)  # once per game
    assert "as alliance faction" not in texts(state)  # at most 3 Factions


def test_faction_cards_alliance_member_gains_debut_and_adaptation() -> None:
    state = turn_of(started(2), 0)
    game = state.game
    kratox = card(game, "Kratox'7")  # Verdant Adaptation, AI Complex
    debut = game.components.factions[kratox].debut
    state = zero_res(with_hand(with_alliance(state, 0, card(game, "Tekhlifa")), 0, kratox), 0)
    state = play(state, "play Kratox'7", "as alliance faction")
    assert state.alliance[0] == (card(game, "Tekhlifa"), kratox)
    assert tuple(resources(state, 0).values()) == debut
    assert game.tables.alliance(state.alliance[0]).adapt >> 4 & 1  # Verdant
    assert "research AI Complex" in texts(zero_res(state, 0, credit=3, innovation=1))


def test_faction_cards_one_card_per_turn() -> None:
    state = turn_of(started(2), 0)
    game = state.game
    a, b = card(game, "Aurelith"), card(game, "Brakkan")
    state = zero_res(with_hand(state, 0, a, b), 0)
    state = play(state, "play Aurelith", "as one-time reinforcement")
    assert not any(t.startswith("play") for t in texts(state))
    assert state.played >> a & 1


# -- War Phase --------------------------------------------------------------------------------------


def war_example() -> AgeState:
    """3 players: Matthias 4 Cruisers (Strength 1), Hanna 2 Cruisers and 3 planets, Jan 1 Cruiser."""
    state = clear_planets(started(3, seed=7))
    state = edit(state, round=2, systems=(0, 1), fleet=0, order=(JAN, HANNA, MATTHIAS))
    state = zero_res(state, MATTHIAS, cruiser=4, strength=1)
    state = zero_res(state, HANNA, cruiser=2, strength=3)
    state = zero_res(state, JAN, cruiser=1)
    state = with_planet(state, 0, VERDANT, HANNA, 1)  # her Colonized planet
    state = with_planet(state, 1, DESERT, HANNA, 1)
    state = with_planet(state, 4, VERDANT, HANNA, 1)
    board = list(state.board_discs)
    board[HANNA] = 3
    state = edit(state, board_discs=tuple(board))
    state = with_hand(state, MATTHIAS)
    return only_turn_left(state, MATTHIAS)


def test_war_phase_example_overlord_acquires_and_discards_to_strength() -> None:
    state = play(war_example(), "scavenge")  # Matthias's last action ends the Action phase
    assert state.stage == WAR and state.steps == ((D_ACQUIRE, MATTHIAS),)
    m, h, j = resources(state, MATTHIAS), resources(state, HANNA), resources(state, JAN)
    assert m["credit"] == 1 + 2 and m["prestige"] == 1  # Overlord: 2 Credit, 1 Prestige (+1 scavenged)
    assert h["prestige"] == 1 and h["credit"] == 0  # second place: 1 Prestige
    assert j["prestige"] == 0 and j["credit"] == 0  # third place: nothing with 3 players
    legal = texts(state)
    assert "acquire 1.1" in legal and "acquire 1.2" in legal and legal[-1] == "acquire nothing"
    assert "acquire 2.1" not in legal  # beyond the Galactic Fleet marker
    state = play(state, "acquire 1.1")
    assert state.powner[0] == MATTHIAS and state.plevel[0] == 3
    assert state.board_discs[HANNA] == 2  # her disc went back to the common supply
    assert resources(state, MATTHIAS)["cruiser"] == 1  # 3 left, Strength 1: discards 2
    assert resources(state, HANNA)["cruiser"] == 2  # Strength 3
    assert resources(state, JAN)["cruiser"] == 0  # Strength 0
    assert scoring.planets(state, HANNA) == (2, 0, 0)  # no points for the acquired planet
    assert scoring.planets(state, MATTHIAS) == (0, 0, 1)  # one Conquered planet
    assert state.is_chance and state.steps == ((C_SYSTEM, NO_PLAYER),)  # then the Galactic phase


def test_war_phase_strength_breaks_ties_and_remaining_ties_share() -> None:
    state = edit(war_example(), order=(JAN, HANNA, MATTHIAS))
    state = zero_res(zero_res(state, MATTHIAS, cruiser=2, strength=5), HANNA, cruiser=2, strength=3)
    state = zero_res(state, JAN, cruiser=2, strength=5)
    state = play(state, "scavenge")
    # Matthias and Jan tie on Cruisers and Strength: both Overlords, no acquisition
    assert resources(state, MATTHIAS)["prestige"] == 1 and resources(state, JAN)["prestige"] == 1
    assert resources(state, JAN)["credit"] == 2
    assert resources(state, HANNA)["prestige"] == 0  # third behind two Overlords
    assert state.is_chance and state.steps == ((C_SYSTEM, NO_PLAYER),)  # no single Overlord: no acquisition


def test_war_phase_protected_planets() -> None:
    from boardgames.games.age_of_galaxy.war_phase import protected

    state = war_example()
    T = state.game.tables
    assert not protected(T, state, 0)  # 2 Cruisers < 3 planets
    assert protected(T, zero_res(state, HANNA, cruiser=3), 0)  # Cruisers >= planets
    assert protected(T, with_planet(state, 0, VERDANT, HANNA, 2), 0)  # Developed: always
    shields = edit(state, techs=(0, techs(state.game, "Planetary Shields"), 0))
    assert protected(T, shields, 0)
    dome = edit(state, techs=(0, techs(state.game, "Water Dome Shield"), 0))
    assert protected(T, dome, 0) and not protected(T, dome, 1)  # Verdant yes, Desert no


def test_war_phase_skipped_in_round_1() -> None:
    state = edit(war_example(), round=1)
    state = play(state, "scavenge")
    assert resources(state, MATTHIAS)["prestige"] == 0 and state.is_chance and state.fleet == 1


def test_war_phase_energy_shields_keep_2_more() -> None:
    state = war_example()
    state = edit(state, techs=(techs(state.game, "Energy Shields"), 0, 0))
    state = play(state, "scavenge", "acquire nothing")
    assert resources(state, MATTHIAS)["cruiser"] == 3


def test_game_end_after_war_when_fleet_on_the_rightmost_card() -> None:
    state = edit(war_example(), round=5, fleet=4, systems=(0, 1, 2, 3, 4))
    state = play(state, "scavenge", "acquire nothing")
    assert state.is_terminal and state.winners


# -- Galactic Phase and Golden Age -------------------------------------------------------------------


def galactic_example() -> AgeState:
    state = edit(war_example(), round=1, trade=(0, 1, 2), flipped=0)  # Lore Exchange first
    state = zero_res(zero_res(zero_res(state, MATTHIAS), HANNA), JAN)
    # the Lore Exchange has 5 spaces, 1 blocked by a non-player disc with 3 players
    tdiscs = ((MATTHIAS, HANNA, HANNA, NP), (), ())
    # Matthias: 1 disc on the Lore Exchange, 2 on Manufacture, 1 on Explore; Hanna: 3 planets, 2 on
    # the Lore Exchange; Jan: 1 on Scavenge
    return edit(state, tdiscs=tdiscs, sections=((MATTHIAS, MATTHIAS), (), (JAN,)), board_discs=(4, 5, 1),
                explore_discs=(1, 0, 0))


def test_galactic_phase_fleet_moves_and_reveals_the_next_system() -> None:
    state = play(galactic_example(), "scavenge")
    assert state.fleet == 1 and state.is_chance and state.steps == ((C_SYSTEM, NO_PLAYER),)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6  # the 6 System cards not face up
    state = state.apply(outcomes[0][0])  # type: ignore[assignment]
    assert len(state.systems) == 3


def test_galactic_phase_golden_age_example_lore_exchange_filled() -> None:
    state = play(galactic_example(), "scavenge")
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])  # type: ignore[assignment]
    # the Manufacture discs filled the Lore Exchange: a Golden Age
    assert state.flipped == 0b001 and state.tdiscs[0] == ()
    # Matthias got 3 of his discs back (keeps up to 3) and Hanna 2; then 3 each from Production
    assert state.discs[MATTHIAS] == 3 + 3 and state.discs[HANNA] == 2 + 3
    assert state.board_discs[MATTHIAS] == 1  # only his Scavenge disc, now on the third Trade card
    assert state.board_discs[HANNA] == 3  # her planets
    assert state.tdiscs[2] == (MATTHIAS, JAN)  # Scavenge discs moved to the corresponding card
    assert state.explore_discs == (0, 0, 0)
    assert state.round == 2


def test_galactic_phase_turn_order_by_prestige_ties_to_the_disc_on_top() -> None:
    state = galactic_example()
    state = zero_res(zero_res(zero_res(state, MATTHIAS, prestige=2), HANNA, prestige=5), JAN, prestige=2)
    state = edit(state, stamp=(10, 11, 12), clock=12)  # Jan arrived last on 2: his disc on top
    state = play(state, "scavenge")
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])  # type: ignore[assignment]
    assert state.order == (HANNA, JAN, MATTHIAS)


def test_galactic_phase_explored_galaxy_mode_reveals_nothing() -> None:
    state = started(3, explored_galaxy=True)
    assert len(state.systems) == 5
    state = only_turn_left(zero_res(with_hand(state, state.current_player), state.current_player),
                           state.current_player)
    state = play(state, "scavenge")
    assert not state.is_chance and state.fleet == 1 and state.round == 2


def test_war_phase_players_without_cruisers_compare_too_three_players() -> None:
    """War Phase: "Players compare the number of Cruisers in their supply ... If tied, the
    player with more Strength wins the tie."  Nothing leaves out a player with 0 Cruisers:
    with 3/0/0 Cruisers the 0-Cruiser player with more Strength is second."""
    state = war_example()
    state = zero_res(state, MATTHIAS, cruiser=3, strength=1)
    state = zero_res(state, HANNA, cruiser=0, strength=3)
    state = zero_res(state, JAN, cruiser=0, strength=1)
    state = play(state, "scavenge")
    assert resources(state, MATTHIAS)["prestige"] == 1 and resources(state, MATTHIAS)["credit"] == 3
    assert resources(state, HANNA)["prestige"] == 1  # second place: 1 Prestige
    assert resources(state, JAN)["prestige"] == 0  # third place gains nothing with 3 players
    assert state.steps == ((D_ACQUIRE, MATTHIAS),)


def test_war_phase_players_without_cruisers_compare_too_two_players() -> None:
    """War Phase: with 0/0 Cruisers in a 2-player game, the player with more Strength is
    the Overlord ("If tied, the player with more Strength wins the tie") and gains the
    rewards; with no Cruiser to place ("place a Cruiser from their supply on it") there is
    no acquisition."""
    state = clear_planets(started(2, seed=3))
    state = edit(state, round=2)
    state = zero_res(state, 0, strength=2)
    state = zero_res(state, 1, strength=1)
    state = with_planet(state, 0, VERDANT, 1, 1)  # an Unprotected planet would be there to take
    state = with_hand(state, 1)
    state = only_turn_left(state, 1)
    state = zero_res(state, 1, strength=1, credit=11)
    state = play(state, "scavenge")
    assert resources(state, 0)["credit"] == 1 and resources(state, 0)["prestige"] == 1
    assert resources(state, 1)["prestige"] == 0
    assert state.is_chance and state.steps == ((C_SYSTEM, NO_PLAYER),)  # straight on to the Galactic phase


def test_war_phase_conquered_planets_can_be_acquired_again() -> None:
    """Protected planets: "All other planets are considered Unprotected."  A Conquered
    planet whose owner's planets are Unprotected may be acquired by the Overlord; its
    Cruiser leaves the planet."""
    state = war_example()
    state = with_planet(state, 2, DESERT, JAN, 3)  # Jan's Conquered planet
    state = with_planet(state, 3, VERDANT, JAN, 1)  # and a Colonized one
    board = list(state.board_discs)
    board[JAN] = 1
    state = edit(state, board_discs=tuple(board))
    state = zero_res(state, JAN, cruiser=0)  # 0 Cruisers < 1 planet: all his planets Unprotected
    state = play(state, "scavenge")
    assert "acquire 1.3" in texts(state)
    state = play(state, "acquire 1.3")
    assert state.powner[2] == MATTHIAS and state.plevel[2] == 3
    assert scoring.planets(state, JAN) == (1, 0, 0)


def test_war_phase_conquered_planet_protected_like_the_owners_others() -> None:
    """Protected planets: "If a player has a number of Cruisers in their supply equal to or
    higher than the number of their Colonized and Developed planets, all their planets are
    Protected" (their Conquered planets among them)."""
    from boardgames.games.age_of_galaxy.war_phase import protected

    state = with_planet(war_example(), 2, DESERT, JAN, 3)
    T = state.game.tables
    assert protected(T, zero_res(state, JAN, cruiser=1), 2)
    assert not protected(T, with_planet(zero_res(state, JAN, cruiser=0), 3, VERDANT, JAN, 1), 2)
