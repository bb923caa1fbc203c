"""Rulebook "Actions in Detail": the nine actions and their worked examples."""

from __future__ import annotations

import pytest

from boardgames.games.age_of_galaxy.state import ACTION, C_EXPLORE, AgeState
from boardgames.kernel.errors import IllegalActionError
from tests.age_of_galaxy.helpers import (
    card,
    clear_planets,
    edit,
    make,
    plain_alliances,
    play,
    resources,
    started,
    tech,
    techs,
    texts,
    turn_of,
    with_alliance,
    with_hand,
    with_planet,
    zero_res,
)

MATTHIAS, HANNA, JAN = 0, 1, 2
VERDANT_2_INFLUENCE = 0  # planet kind: Helion Reach's Verdant planet (2 Influence)
DESERT_2_CREDIT = 1  # planet kind: Helion Reach's Desert planet
BARREN_RELIC = 3  # planet kind: Cryo Drift's Barren planet (1 Relic)


def base(players: int = 3, seed: int = 0) -> AgeState:
    state = plain_alliances(clear_planets(started(players, seed)))
    return edit(state, systems=(0, 1), fleet=0, espots=0b1, telescope=(0,) * players)


# -- Explore -----------------------------------------------------------------------------


def test_explore_example_matthias_gains_3_credit_and_2_innovation() -> None:
    state = zero_res(turn_of(base(), MATTHIAS), MATTHIAS, cruiser=1)
    discs_before = state.discs[MATTHIAS]
    state = play(state, "explore 1.1")
    assert state.is_chance and state.steps[0][0] == C_EXPLORE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 9 and all(p == pytest.approx(1 / 9) for _, p in outcomes)
    state = play(state, "exploration token 1 (3 credit, 2 innovation)")
    assert resources(state, MATTHIAS) | {"productivity": 0} == {
        "credit": 3, "productivity": 0, "strength": 0, "cruiser": 0, "innovation": 2, "influence": 0,
        "relic": 0, "prestige": 0,
    }
    assert state.explore_discs[MATTHIAS] == 1
    assert state.discs[MATTHIAS] == discs_before - 1
    assert state.espots == 0  # the token is discarded


def test_explore_needs_a_cruiser() -> None:
    state = zero_res(turn_of(base(), MATTHIAS), MATTHIAS)
    assert not any(t.startswith("explore") for t in texts(state))


def test_explore_only_reachable_tokens_and_warp_drive() -> None:
    state = zero_res(turn_of(base(), MATTHIAS), MATTHIAS, cruiser=1)
    state = edit(state, espots=0b1001)  # system 1 point 1, system 2 point 1
    assert [t for t in texts(state) if t.startswith("explore")] == ["explore 1.1"]
    warp = edit(state, techs=(techs(state.game, "Warp Drive"), 0, 0))
    assert [t for t in texts(warp) if t.startswith("explore")] == ["explore 1.1", "explore 2.1"]


def test_explore_with_hyperspace_scanner_and_subspace_sensor_bonuses() -> None:
    state = zero_res(turn_of(base(), MATTHIAS), MATTHIAS, cruiser=1)
    game = state.game
    state = edit(state, techs=(techs(game, "Warp Drive", "Hyperspace Scanner", "Subspace Sensor"), 0, 0))
    state = play(state, "explore 1.1", "exploration token 3 (2 innovation)")
    r = resources(state, MATTHIAS)
    assert r["innovation"] == 2 + 1 + 1 and r["relic"] == 1


# -- Trade -------------------------------------------------------------------------------------


def trade_state() -> AgeState:
    state = turn_of(base(), JAN)
    return edit(state, trade=(0, 1, 2), tdiscs=((), (), ()), flipped=0)  # card 1: Lore Exchange


def test_trade_example_jan_spends_3_innovation_for_2_influence() -> None:
    state = zero_res(trade_state(), JAN, innovation=3)
    assert state.game.components.trade_cards[state.trade[0]].name == "Lore Exchange"
    state = play(state, "trade at card 1")
    assert texts(state) == ["exchange option 1", "exchange option 2"]  # one exchange per Trade
    state = play(state, "exchange option 1")
    r = resources(state, JAN)
    assert r["innovation"] == 0 and r["influence"] == 2
    assert state.tdiscs[0] == (JAN,)


def test_trade_needs_an_empty_space_and_the_resources() -> None:
    state = zero_res(trade_state(), JAN, innovation=3)
    full = edit(state, tdiscs=((0, 1, 1, 0, 1), (), ()))
    assert "trade at card 1" not in texts(full)
    poor = zero_res(state, JAN, innovation=1)
    assert "trade at card 1" not in texts(poor)


def test_trade_with_one_affordable_exchange_resolves_it_directly() -> None:
    state = zero_res(trade_state(), JAN, innovation=2)
    state = play(state, "trade at card 1")
    r = resources(state, JAN)
    assert r["innovation"] == 0 and r["credit"] == 3


# -- Research ---------------------------------------------------------------------------------


def test_research_example_1_jan_planetary_shields_after_hyperspace_scanner() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, credit=3, innovation=1)
    game = state.game
    assert "research Planetary Shields" not in texts(state)
    state = edit(state, techs=(0, 0, techs(game, "Warp Drive", "Hyperspace Scanner")))
    state = play(state, "research Planetary Shields")
    r = resources(state, JAN)
    assert r["credit"] == 0 and r["innovation"] == 0 and r["prestige"] == 1
    assert state.techs[JAN] >> tech(game, "Planetary Shields") & 1


def test_research_example_2_hanna_deep_space_telescope_from_voicavus() -> None:
    state = turn_of(base(), HANNA)
    game = state.game
    voicavus = card(game, "Voicavus")
    state = with_alliance(state, HANNA, voicavus)
    state = zero_res(state, HANNA, credit=3, innovation=1)
    state = play(state, "research Deep Space Telescope")
    r = resources(state, HANNA)
    assert r["credit"] == 0 and r["innovation"] == 0 and r["relic"] == 2
    assert state.telescope[HANNA] == 2
    assert "explore telescope" not in texts(turn_of(state, MATTHIAS))


def test_research_faction_technology_needs_the_card_in_your_alliance() -> None:
    state = zero_res(turn_of(base(), HANNA), HANNA, credit=3, innovation=1)
    state = with_alliance(state, HANNA, card(state.game, "Zephrion"))
    assert "research Quantum Physics" in texts(state)
    assert "research Deep Space Telescope" not in texts(state)


def test_research_available_technologies_and_paths() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, credit=6, innovation=6)
    game = state.game
    research = [t for t in texts(state) if t.startswith("research")]
    assert research[:3] == ["research Terraforming", "research Warp Drive", "research Laser Weapon"]
    plasma = edit(state, techs=(0, 0, techs(game, "Laser Weapon", "Plasma Weapon")))
    opened = [t for t in texts(plasma) if t.startswith("research")]
    assert "research Xenology" in opened and "research Antimatter Missile" in opened
    assert "research Planetary Shields" not in opened


def test_research_costs_basic_3_credit_or_1_innovation() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, credit=3, innovation=1)
    state = play(state, "research Laser Weapon")
    assert texts(state) == ["pay with credit", "pay with innovation only"]
    paid = play(state, "pay with innovation only")
    r = resources(paid, JAN)
    assert r["credit"] == 3 and r["innovation"] == 0 and r["strength"] == 1


def test_research_advanced_costs_2_innovation_option() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, innovation=2)
    game = state.game
    state = edit(state, techs=(0, 0, techs(game, "Laser Weapon", "Plasma Weapon")))
    state = play(state, "research Antimatter Missile")
    r = resources(state, JAN)
    assert r["innovation"] == 0 and r["strength"] == 2


def test_research_xenology_choice_of_2_influence_or_1_relic() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, credit=3, innovation=1)
    state = edit(state, techs=(0, 0, techs(state.game, "Laser Weapon", "Plasma Weapon")))
    state = play(state, "research Xenology")
    assert texts(state) == ["take option 1", "take option 2"]
    relic = resources(play(state, "take option 2"), JAN)
    assert relic["relic"] == 1 and relic["prestige"] == 1


def test_research_cloaking_cruiser_others_lose_2_cruisers() -> None:
    state = turn_of(base(), JAN)
    state = with_alliance(state, JAN, card(state.game, "Shrynix"))
    state = zero_res(zero_res(zero_res(state, JAN, innovation=2), MATTHIAS, cruiser=3), HANNA, cruiser=1)
    state = play(state, "research Cloaking Cruiser")
    assert resources(state, MATTHIAS)["cruiser"] == 1 and resources(state, HANNA)["cruiser"] == 0
    assert resources(state, JAN)["strength"] == 1


# -- Manufacture, Retrieve, Scavenge ----------------------------------------------------------


def test_manufacture_example_jan_pays_4_credit_for_2_cruisers() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, credit=4)
    state = play(state, "manufacture")
    assert texts(state) == ["build 1 cruiser", "build 2 cruisers"]
    state = play(state, "build 2 cruisers")
    r = resources(state, JAN)
    assert r["credit"] == 0 and r["cruiser"] == 2
    assert state.sections[0] == (JAN,)


def test_manufacture_at_most_5_cruisers_in_supply_and_bioship_discount() -> None:
    state = zero_res(turn_of(base(), JAN), JAN, credit=12, cruiser=3)
    assert texts(play(state, "manufacture")) == ["build 1 cruiser", "build 2 cruisers"]
    cheap = edit(zero_res(state, JAN, credit=3), techs=(0, 0, techs(state.game, "Bioship Factories")))
    assert texts(play(cheap, "manufacture"))[-1] == "build 3 cruisers"


def test_retrieve_example_matthias_3_credit_and_1_innovation_per_relic() -> None:
    state = zero_res(turn_of(base(), MATTHIAS), MATTHIAS, credit=3, innovation=1)
    one = play(state, "retrieve")
    assert resources(one, MATTHIAS)["relic"] == 1 and resources(one, MATTHIAS)["credit"] == 0
    two = play(zero_res(state, MATTHIAS, credit=6, innovation=2), "retrieve")
    assert texts(two) == ["retrieve 1 relic", "retrieve 2 relics"]
    r = resources(play(two, "retrieve 2 relics"), MATTHIAS)
    assert r["relic"] == 2 and r["credit"] == 0 and r["innovation"] == 0


def test_scavenge_example_hanna_gains_1_credit() -> None:
    state = zero_res(turn_of(base(), HANNA), HANNA)
    state = play(state, "scavenge")
    assert resources(state, HANNA)["credit"] == 1
    assert state.sections[2] == (HANNA,)


# -- Colonize ---------------------------------------------------------------------------------


def colonize_state() -> AgeState:
    state = turn_of(base(), MATTHIAS)
    game = state.game
    state = with_alliance(state, MATTHIAS, card(game, "Voicavus"))  # Verdant Adaptation
    state = with_hand(state, MATTHIAS)
    state = with_planet(state, 0, VERDANT_2_INFLUENCE)  # the circled planet, 1.1
    state = with_planet(state, 1, DESERT_2_CREDIT, MATTHIAS, 1)
    state = with_planet(state, 4, DESERT_2_CREDIT, MATTHIAS, 1)
    return zero_res(state, MATTHIAS, credit=2)


def test_colonize_example_matthias_pays_2_and_gains_2_influence() -> None:
    state = colonize_state()
    assert "colonize 1.1" in texts(state)
    state = play(state, "colonize 1.1")
    r = resources(state, MATTHIAS)
    assert r["credit"] == 0 and r["influence"] == 2
    assert state.powner[0] == MATTHIAS and state.plevel[0] == 1


def test_colonize_requires_credit_empty_reachable_matching() -> None:
    state = colonize_state()
    assert "colonize 1.1" not in texts(zero_res(state, MATTHIAS, credit=1))
    assert "colonize 1.1" not in texts(with_planet(state, 0, VERDANT_2_INFLUENCE, HANNA, 3))
    far = with_planet(with_planet(state, 0, DESERT_2_CREDIT), 8, VERDANT_2_INFLUENCE)  # system 3
    assert "colonize 3.1" not in texts(far)
    assert "colonize 1.1" not in texts(far)  # Desert does not match Verdant


def test_colonize_barren_needs_terraforming() -> None:
    state = with_planet(colonize_state(), 0, BARREN_RELIC)
    assert "colonize 1.1" not in texts(state)
    terra = edit(state, techs=(techs(state.game, "Terraforming"), 0, 0))
    assert "colonize 1.1" in texts(terra)


def test_colonize_warp_drive_reaches_one_card_ahead() -> None:
    state = with_planet(colonize_state(), 4 * 1 + 2, VERDANT_2_INFLUENCE)  # system 2, planet 3
    assert "colonize 2.3" not in texts(state)
    warp = edit(state, techs=(techs(state.game, "Warp Drive"), 0, 0))
    assert "colonize 2.3" in texts(warp)


def test_colonize_with_a_faction_card_played_as_adaptation() -> None:
    state = colonize_state()
    game = state.game
    state = with_alliance(state, MATTHIAS, card(game, "Tekhlifa"))  # Volcanic only
    assert "colonize 1.1" not in texts(state)
    kratox = card(game, "Kratox'7")  # Verdant
    rt = card(game, "Rt182'")  # Verdant
    state = with_hand(state, MATTHIAS, kratox, rt)
    state = play(state, "colonize 1.1")
    assert texts(state) == ["adapt with Kratox'7", "adapt with Rt182'"]
    state = play(state, "adapt with Rt182'")
    assert state.played >> rt & 1 and not state.hands[MATTHIAS] >> rt & 1
    assert not any(t.startswith("play ") for t in texts(state))  # that was the turn's card


def test_colonize_nanoconstruct_spends_3_fewer() -> None:
    state = edit(colonize_state(), techs=(techs(make().new_game(0).game, "Nanoconstruct"), 0, 0))
    state = zero_res(state, MATTHIAS)
    assert "colonize 1.1" in texts(state)  # 2 planets - 3: free


# -- Develop and Nominate ----------------------------------------------------------------------


def develop_state() -> AgeState:
    state = turn_of(base(), HANNA)
    state = with_planet(state, 0, VERDANT_2_INFLUENCE, HANNA, 1)
    return zero_res(state, HANNA, credit=7)


def test_develop_example_hanna_pays_7_credit() -> None:
    state = play(develop_state(), "develop 1.1")
    assert state.plevel[0] == 2
    r = resources(state, HANNA)
    assert r["credit"] == 0 and r["prestige"] == 1
    assert texts(state) == ["gain 1 influence", "gain 1 credit and 1 productivity"]
    after = resources(play(state, "gain 1 credit and 1 productivity"), HANNA)
    assert after["credit"] == 1 and after["productivity"] == 1 and after["influence"] == 0


def test_develop_bonus_is_1_influence_or_1_credit_and_1_productivity() -> None:
    """Develop: "Gain either 1 Influence / 1 Credit and 1 Productivity."  The rulebook's
    notation binds "and" tighter than "/" (Research: "3 Credit and 1 Innovation / 2
    Innovation"): 1 Influence, or 1 Credit and 1 Productivity."""
    state = play(develop_state(), "develop 1.1")
    influence = resources(play(state, "gain 1 influence"), HANNA)
    assert (influence["influence"], influence["credit"], influence["productivity"]) == (1, 0, 0)
    credit = resources(play(state, "gain 1 credit and 1 productivity"), HANNA)
    assert (credit["influence"], credit["credit"], credit["productivity"]) == (0, 1, 1)


def test_develop_advanced_engineering_and_ai_complex() -> None:
    state = zero_res(develop_state(), HANNA, credit=5)
    assert "develop 1.1" not in texts(state)
    game = state.game
    eng = edit(state, techs=(0, techs(game, "Terraforming", "Advanced Engineering", "AI Complex"), 0))
    r = resources(play(eng, "develop 1.1", "gain 1 influence"), HANNA)
    assert r["credit"] == 0 and r["cruiser"] == 2 and r["productivity"] == 1 and r["influence"] == 1


def test_nominate_example_hanna_spends_3_influence_for_4_prestige() -> None:
    state = with_planet(develop_state(), 0, VERDANT_2_INFLUENCE, HANNA, 2)
    state = zero_res(state, HANNA, influence=3)
    state = play(state, "nominate space 2 (4 prestige)")
    r = resources(state, HANNA)
    assert r["influence"] == 0 and r["prestige"] == 4
    assert state.nominate[1] == HANNA
    assert "nominate space 2 (4 prestige)" not in texts(turn_of(zero_res(state, HANNA, influence=3), HANNA))


def test_nominate_needs_a_developed_planet_and_an_open_space() -> None:
    state = zero_res(develop_state(), HANNA, influence=3)
    assert not any(t.startswith("nominate") for t in texts(state))
    developed = with_planet(state, 0, VERDANT_2_INFLUENCE, HANNA, 2)
    spaces = [t for t in texts(developed) if t.startswith("nominate")]
    assert "nominate space 5 (3 prestige)" not in spaces  # a 4-player space, blocked with 3


# -- errors -------------------------------------------------------------------------------------


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    state = zero_res(turn_of(base(), HANNA), HANNA)
    before = state.game.state_to_data(state)
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply_text("develop 1.1")
    assert state.game.state_to_data(state) == before
    assert state.current_player == HANNA and state.stage == ACTION


# -- Technologies: immediate effects as the rulebook lists them ------------------------------------


@pytest.mark.parametrize(
    ("name", "faction", "prerequisites", "gains"),
    [
        ("Terraforming", None, (), {"productivity": 1}),
        ("Advanced Engineering", None, ("Terraforming",), {"productivity": 1}),
        ("Planetary Shields", None, ("Terraforming", "Advanced Engineering"), {"prestige": 1}),
        ("Hyperspace Scanner", None, ("Warp Drive",), {"innovation": 1}),
        ("Laser Weapon", None, (), {"strength": 1}),
        ("Plasma Weapon", None, ("Laser Weapon",), {"productivity": 1, "strength": 1}),
        ("Antimatter Missile", None, ("Laser Weapon", "Plasma Weapon"), {"strength": 2}),
        ("Water Dome Shield", "Legarchaea", (), {"strength": 1}),
        ("Energy Shields", "Psykrio", (), {"strength": 1}),
        ("Dark Matter Power", "Tekhlifa", (), {"productivity": 2, "prestige": 2}),
        ("Quantum Physics", "Zephrion", (), {"innovation": 3, "prestige": 2}),
        ("Deep Space Telescope", "Voicavus", (), {"relic": 2}),
        ("Cloaking Cruiser", "Shrynix", (), {"strength": 1}),
        ("Bioship Factories", "Z-Qhik'eox", (), {"strength": 3}),
        ("Ion Cannon", "Us'ud", (), {"strength": 2, "cruiser": 1}),
        ("Galactic Protocol", "Jamareih", (), {"relic": 1, "productivity": 1, "influence": 1}),
        ("Subspace Sensor", "Rt182'", (), {"relic": 1}),
    ],
)
def test_technologies_immediate_effects(
    name: str, faction: str | None, prerequisites: tuple[str, ...], gains: dict[str, int]
) -> None:
    state = turn_of(base(), JAN)
    game = state.game
    if faction is not None:
        state = with_alliance(state, JAN, card(game, faction))
    state = edit(state, techs=(0, 0, techs(game, *prerequisites)))
    state = zero_res(state, JAN, innovation=2)  # pays 1 (Basic) or 2 (Advanced) Innovation
    state = play(state, f"research {name}")
    if "pay with credit" in texts(state):
        state = play(state, "pay with innovation only")
    got = {k: v for k, v in resources(state, JAN).items() if v}
    left = 1 if not game.components.technologies[tech(game, name)].advanced else 0
    expected = dict(gains)
    expected["innovation"] = expected.get("innovation", 0) + left
    assert got == {k: v for k, v in expected.items() if v}


def test_technologies_ocean_ecology_prestige_per_oceanic_and_verdant_planet() -> None:
    state = turn_of(base(), JAN)
    game = state.game
    state = with_alliance(state, JAN, card(game, "Mersoma"))
    state = with_planet(state, 0, VERDANT_2_INFLUENCE, JAN, 1)
    state = with_planet(state, 1, DESERT_2_CREDIT, JAN, 1)
    state = with_planet(state, 5, 5, JAN, 2)  # Ember Cradle's Oceanic planet, Developed
    state = zero_res(state, JAN, innovation=2)
    assert resources(play(state, "research Ocean Ecology"), JAN)["prestige"] == 2


def test_technologies_galactic_network_requires_galactic_protocol() -> None:
    state = turn_of(base(), JAN)
    state = with_alliance(state, JAN, card(state.game, "Jamareih"))
    state = zero_res(state, JAN, innovation=4)
    assert "research Galactic Network" not in texts(state)
    state = play(state, "research Galactic Protocol", "end turn")
    assert "research Galactic Network" in texts(turn_of(state, JAN))
