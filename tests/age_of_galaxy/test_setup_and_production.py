"""Rulebook "Components", "Setup", "Production Phase", "Icons" and the Action Phase turn."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardgames as bg
from boardgames.games.age_of_galaxy import production_phase
from boardgames.games.age_of_galaxy.components import load_components
from boardgames.games.age_of_galaxy.state import ACTION, C_REDRAW, DISCARD, FOUND, NP, AgeWork
from tests.age_of_galaxy.helpers import (
    card,
    edit,
    make,
    play,
    resources,
    started,
    texts,
    turn_of,
    with_alliance,
    with_hand,
    zero_res,
)

# -- Components -------------------------------------------------------------------------------


def test_components_reference_set_has_the_rulebook_counts() -> None:
    c = load_components()
    assert len(c.factions) == 40 and len(c.systems) == 8 and len(c.trade_cards) == 5
    assert len(c.planet_tokens) == 5 and len(c.exploration_tokens) == 9
    assert len([t for t in c.technologies if t.path >= 0]) == 9
    named = {
        "Legarchaea": ["Water Dome Shield"], "Psykrio": ["Energy Shields"],
        "Tekhlifa": ["Nanoconstruct", "Dark Matter Power"], "Zephrion": ["Quantum Physics"],
        "Voicavus": ["Deep Space Telescope"], "Mersoma": ["Ocean Ecology"],
        "Shrynix": ["Cloaking Cruiser"], "Z-Qhik'eox": ["Bioship Factories"], "Us'ud": ["Ion Cannon"],
        "Kratox'7": ["AI Complex"], "Jamareih": ["Galactic Protocol", "Galactic Network"],
        "Rt182'": ["Subspace Sensor"],
    }
    for f in c.factions:
        assert [c.technologies[t].name for t in f.technologies] == named.get(f.name, [])
    assert all(c.technologies[t].advanced for f in c.factions for t in f.technologies)
    assert (3, 0, 0, 0, 2, 0, 0, 0) in c.exploration_tokens  # the Explore example's token
    assert 4 in [sp.prestige for sp in c.nominate]  # the Nominate example's space
    lore = next(t for t in c.trade_cards if t.name == "Lore Exchange")
    assert lore.exchanges[0].give[4] == 3 and lore.exchanges[0].get[5] == 2


def copy_reference(tmp_path: Path) -> Path:
    source = Path(bg.__file__).parent / "games" / "age_of_galaxy" / "data"
    for f in source.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text("utf-8"), "utf-8")
    return tmp_path


def test_components_load_from_a_users_directory(tmp_path: Path) -> None:
    folder = copy_reference(tmp_path)
    text = (folder / "factions.toml").read_text("utf-8").replace('name = "Aurelith"', 'name = "Real Faction"')
    (folder / "factions.toml").write_text(text, "utf-8")
    game = make(2, components=str(folder))
    assert any(f.name == "Real Faction" for f in game.components.factions)
    assert game.fingerprint() != make(2).fingerprint()


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("factions.toml", 'ideology = "diplomatic"', 'ideology = "pacifist"', "ideology is 'pacifist'"),
        ("factions.toml", "debut = { credit = 2 }", "debut = { gold = 2 }", "unknown resource 'gold'"),
        ("galaxy.toml", 'type = "arctic"', 'type = "jungle"', "type is 'jungle'"),
        ("board.toml", "spaces = [1, 1, 2, 3, 4]", "spaces = []", "at least one space"),
        ("technologies.toml", 'requires = ["terraforming"]', 'requires = ["magic"]', "unknown technology"),
        ("scenarios.toml", "reveal_die = [1, 2, 2, 2, 3, 3]", "reveal_die = [1, 2]", "per die face"),
        ("galaxy.toml", "[[system]]", "[[systen]]", "exactly 8"),
        ("factions.toml", "[[faction]]", "[[faction", "not valid TOML"),
    ],
)
def test_components_malformed_files_raise_component_error(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    folder = copy_reference(tmp_path)
    text = (folder / file).read_text("utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises(bg.ComponentError, match=message):
        make(2, components=str(folder))


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        ("factions.toml", 'adaptation = "arctic"', 'adaptation = "barren"'),
        ("technologies.toml", 'gain = { strength = 1 }', 'gain = { strength = 1 }\nadapt = ["barren"]'),
    ],
)
def test_components_barren_adaptation_only_from_terraforming(
    tmp_path: Path, file: str, old: str, new: str
) -> None:
    """Adaptation: "Barren planets may only be Colonized by players who have Researched
    the Terraforming Technology" -- a Faction or another Technology giving it is rejected."""
    folder = copy_reference(tmp_path)
    text = (folder / file).read_text("utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises(bg.ComponentError, match="Barren"):
        make(2, components=str(folder))


def test_components_missing_directory_raises_component_error(tmp_path: Path) -> None:
    with pytest.raises(bg.ComponentError, match="does not exist"):
        make(2, components=str(tmp_path / "nope"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"drafting": "yes"}, "drafting"),
        ({"explored_galaxy": 1}, "explored_galaxy"),
        ({"scenario": "relic-hunt"}, "1-player"),
        ({"scenario": 3}, "scenario"),
        ({"colour": "red"}, "no option 'colour'"),
        ({"components": 5}, "components"),
    ],
)
def test_setup_bad_options_raise_invalid_option_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(bg.InvalidOptionError, match=message):
        bg.make("age-of-galaxy", players=2, **options)


def test_setup_unknown_scenario_lists_the_known_ones() -> None:
    with pytest.raises(bg.InvalidOptionError, match="border-skirmish"):
        bg.make("age-of-galaxy", players=1, scenario="no-such")


def test_setup_player_count_1_to_4() -> None:
    for n in (1, 2, 3, 4):
        assert make(n).new_game(0).current_player in range(n)
    with pytest.raises(bg.InvalidOptionError):
        bg.make("age-of-galaxy", players=5)


# -- Setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_board_by_player_count(players: int) -> None:
    state = make(players).new_game(5)
    assert len(state.trade) == 3 and len(set(state.trade)) == 3  # step 2
    assert len(state.systems) == 2 and state.fleet == 0  # steps 5, 6
    assert all(resources(state, p)["productivity"] == 3 for p in range(players))  # step 12
    assert all(bin(h).count("1") == 7 for h in state.hands)  # step 13
    c = state.game.components
    blocked = [o == NP for o in state.nominate]
    assert blocked == [sp.players > players for sp in c.nominate]  # step 4
    for position, t in enumerate(state.trade):
        assert len(state.tdiscs[position]) == sum(1 for x in c.trade_cards[t].spaces if x > players)
    # step 11: the first player's disc on top of the Prestige track
    assert max(range(players), key=lambda p: state.stamp[p]) == state.order[0]


def test_setup_planet_and_exploration_tokens_by_player_count() -> None:
    for players in (2, 4):
        state = make(players).new_game(9)
        T = state.game.tables
        for pos, sys_card in enumerate(state.systems):
            used = [k for k in range(4) if state.pkind[pos * 4 + k] >= 0]
            expected = [k for k, _ in T.sys_planets[sys_card]] + list(T.sys_token_slots[sys_card])
            assert sorted(used) == sorted(expected)
            spots = [k for k in range(3) if state.espots >> (pos * 3 + k) & 1]
            assert spots == list(T.sys_explore[sys_card])


def test_setup_discard_up_to_3_then_draw_back_to_7() -> None:
    state = make(2).new_game(1)
    assert state.stage == DISCARD
    first = state.current_player
    for _ in range(3):
        discard = next(t for t in texts(state) if t.startswith("discard"))
        state = play(state, discard)
    assert state.is_chance and state.steps == ((C_REDRAW, first, 3),)
    for _ in range(3):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == bin(state.deck).count("1")
        state = state.apply(outcomes[0][0])  # type: ignore[assignment]
    assert bin(state.hands[first]).count("1") == 7 and bin(state.discards[first]).count("1") == 3
    assert state.current_player == state.order[1]


def test_setup_first_alliance_faction_and_debut_bonus_in_player_order() -> None:
    state = make(2).new_game(2)
    state = play(state, "keep hand", "keep hand")
    assert state.stage == FOUND and state.current_player == state.order[0]
    game = state.game
    first = state.order[0]
    name = next(t for t in texts(state)).removeprefix("found alliance with ")
    debut = game.components.factions[card(game, name)].debut
    before = resources(state, first)
    state = play(state, f"found alliance with {name}")
    assert state.alliance[first] == (card(game, name),)
    after = resources(state, first)
    assert after["influence"] - before["influence"] == debut[5] and after["innovation"] >= debut[4]
    assert state.current_player == state.order[1]


# -- Production ----------------------------------------------------------------------------------


def test_production_discs_credit_from_productivity_and_productivity_loss() -> None:
    state = started(3, seed=4)
    for p in range(3):
        r = resources(state, p)
        debut = state.game.components.factions[state.alliance[p][0]].debut
        assert state.discs[p] == 3
        assert r["credit"] == min(12, 3 + debut[0])
        assert r["productivity"] == 2 + debut[1]
    assert state.round == 1 and state.stage == ACTION


def test_production_end_of_production_faction_effects() -> None:

    state = started(2)
    game = state.game
    producer = card(game, "Dolmari")  # production = { innovation = 1 }
    assert game.components.factions[producer].production[4] == 1
    state = with_alliance(state, 0, producer)
    state = zero_res(state, 0, productivity=2)
    state = edit(state, discs=(0, 0))
    work = AgeWork(state._successor())
    production_phase.production_phase(game.tables, work)
    new = work.commit()
    r = resources(new, 0)
    assert r["credit"] == 2 and r["productivity"] == 1 and r["innovation"] == 1 and new.discs[0] == 3


def test_production_discs_are_limited() -> None:

    state = edit(started(2), discs=(0, 0), board_discs=(14, 0))
    work = AgeWork(state._successor())
    production_phase.production_phase(state.game.tables, work)
    new = work.commit()
    assert new.discs == (1, 3)


# -- Icons: caps and Free actions -------------------------------------------------------------------


def test_icons_free_actions_convert_to_credit() -> None:
    state = zero_res(turn_of(started(2), 0), 0, productivity=4, innovation=1, influence=1)
    assert {"convert 2 productivity to 1 credit", "convert 1 innovation to 1 credit",
            "convert 1 influence to 1 credit"} <= set(texts(state))
    state = play(state, "convert 2 productivity to 1 credit", "convert 1 innovation to 1 credit",
                 "convert 1 influence to 1 credit")
    assert resources(state, 0) | {} == {
        "credit": 3, "productivity": 2, "strength": 0, "cruiser": 0, "innovation": 0, "influence": 0,
        "relic": 0, "prestige": 0,
    }


def test_icons_caps_credit_productivity_strength_12_cruisers_5() -> None:
    state = zero_res(turn_of(started(2), 0), 0, credit=12, innovation=3, productivity=12, strength=12)
    assert not any(t.startswith("convert") for t in texts(state))
    state = play(state, "scavenge")
    assert resources(state, 0)["credit"] == 12
    from boardgames.games.age_of_galaxy.icons import gain

    work = AgeWork(state._successor())
    gain(work, 0, (5, 5, 5, 9, 0, 0, 0, 0))
    new = work.commit()
    r = resources(new, 0)
    assert (r["credit"], r["productivity"], r["strength"], r["cruiser"]) == (12, 12, 12, 5)


def test_icons_cruisers_limited_to_9_in_your_colour() -> None:
    from boardgames.games.age_of_galaxy.icons import gain

    state = zero_res(started(2), 0)
    n = len(state.pkind)
    owners = tuple(0 if slot < 6 else -1 for slot in range(n))
    levels = tuple(3 if slot < 6 else 0 for slot in range(n))
    state = edit(state, powner=owners, plevel=levels, pkind=tuple(max(k, 0) for k in state.pkind))
    work = AgeWork(state._successor())
    gain(work, 0, (0, 0, 0, 5, 0, 0, 0, 0))
    new = work.commit()
    assert resources(new, 0)["cruiser"] == 3


# -- Action Phase turn structure ----------------------------------------------------------------------


def test_action_phase_one_action_then_optional_card_and_end_turn() -> None:
    state = zero_res(turn_of(started(2), 0), 0)
    state = with_hand(state, 0, card(state.game, "Aurelith"))
    state = play(state, "scavenge")
    assert state.current_player == 0
    legal = texts(state)
    assert "play Aurelith" in legal and "end turn" in legal and "scavenge" not in legal
    state = play(state, "play Aurelith")
    assert texts(state) == ["as alliance faction", "as true major ideology", "as one-time reinforcement"]
    state = play(state, "as one-time reinforcement")
    assert state.current_player == 1  # nothing optional left: the turn ended


def test_action_phase_player_without_discs_passes() -> None:
    state = edit(started(3), order=(0, 1, 2))
    state = turn_of(state, 0)
    state = edit(state, discs=(1, 0, 2), passed=0)
    state = zero_res(with_hand(state, 0), 0)
    state = play(state, "scavenge")  # nothing optional left: the turn ends itself
    assert state.current_player == 2 and state.passed == 0b010


def test_action_phase_ends_when_all_have_passed() -> None:
    state = turn_of(started(2), 0, discs=1)
    state = with_hand(state, 0)
    state = zero_res(edit(state, discs=(1, 0), passed=0b10), 0)
    state = play(state, "scavenge")
    assert state.is_chance and state.fleet == 1  # round 1: War skipped, Galactic reveals a system
