"""``game.position(...)`` for every moment the rules can reach: setup steps, sub-decisions
of an action, chance events, the War phase, solo phases and the end; and the round trip
from any reachable state through :func:`describe` and back."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.games.age_of_galaxy.position import describe
from boardgames.games.age_of_galaxy.state import (
    ACTION,
    C_DIE,
    C_EXPLORE,
    C_PLANET_TOKEN,
    C_REDRAW,
    C_SOLO,
    C_SYSTEM,
    D_ADAPT,
    D_BONUS,
    D_BUILD,
    D_EXCHANGE,
    D_PAY,
    D_RETRIEVE,
    D_TAKE,
    D_USE,
    DISCARD,
    DRAFT,
    END,
    FOUND,
    NO_PLAYER,
    S_TURN,
    WAR,
    AgeState,
)
from tests.age_of_galaxy.helpers import card, make, play, resources, tech, texts
from tests.tamper import play_randomly, play_to_the_end

SEVEN = ["Legarchaea", "Psykrio", "Tekhlifa", "Zephrion", "Voicavus", "Mersoma", "Shrynix"]


def outcomes(state: AgeState) -> list[str]:
    return [str(action) for action, _ in state.chance_outcomes()]


def _pushed(state: AgeState, kind: int, *args: int) -> tuple[tuple[int, ...], ...]:
    """The queue of a turn's sub-decision: the step in front of its player's turn step."""
    p = state.current_player
    return ((kind, p, *args), (S_TURN, p))


# -- setup ------------------------------------------------------------------------------------


def test_position_setup_discard_then_draw_back_up_to_seven() -> None:
    """Setup 13: "Each player may discard up to 3 of them and draw back up to 7"."""
    game = make(3)
    state = game.position(phase="discard", order=(1, 2, 0), to_act=1, hands={1: SEVEN})
    assert state.stage == DISCARD and state.current_player == 1 and state.round == 0
    assert texts(state) == [f"discard {name}" for name in sorted(SEVEN, key=lambda n: card(game, n))] + [
        "keep hand"
    ]
    state = play(state, "discard Voicavus", "keep hand")
    assert state.is_chance and state.steps == ((C_REDRAW, 1, 1),)
    drawing = game.position(phase="discard", pending="draw", to_act=1, order=(1, 2, 0),
                            hands={1: SEVEN[:5]}, discards={1: SEVEN[5:]})
    assert drawing.is_chance and drawing.steps == ((C_REDRAW, 1, 2),)
    assert len(outcomes(drawing)) == bin(drawing.deck).count("1")
    assert not any(name in " ".join(outcomes(drawing)) for name in SEVEN)


def test_position_setup_found_the_alliance_in_turn_order() -> None:
    """Setup 14: "each player chooses 1 Faction card from their hand" to found the Alliance."""
    game = make(2)
    state = game.position(phase="found", to_act=1, alliances={0: ["Voicavus"]}, hands={1: SEVEN[:4]})
    assert state.stage == FOUND and state.current_player == 1
    assert texts(state) == [f"found alliance with {name}" for name in SEVEN[:4]]
    debut = game.components.factions[card(game, "Voicavus")].debut
    assert tuple(state.res[0:8]) == tuple(x + (3 if i == 1 else 0) for i, x in enumerate(debut))
    state = play(state, "found alliance with Psykrio")
    assert state.stage == ACTION and state.round == 1


def test_position_setup_faction_drafting() -> None:
    """Faction Drafting: "choose 1 card, place it face down and pass the remaining cards"."""
    game = make(3, drafting=True)
    state = game.position(phase="draft", to_act=2, hands={0: ["Kratox'7"], 1: ["Jamareih"]},
                          packets={2: SEVEN[:6]})
    assert state.stage == DRAFT and state.current_player == 2
    assert texts(state) == [f"draft {name}" for name in sorted(SEVEN[:6], key=lambda n: card(game, n))]
    with pytest.raises(bg.InvalidOptionError, match="drafting replaces setup step 13"):
        make(3).position(phase="draft")


# -- a turn in progress ----------------------------------------------------------------------------


def test_position_playing_a_faction_card_its_use_to_choose() -> None:
    """Faction Cards: one card per turn "as either" an Alliance Faction, a True Major
    Ideology or a One-time Reinforcement."""
    state = make(2).position(hands={0: ["Voicavus"]}, pending=("use", "Voicavus"),
                             true_ideologies={0: "Psykrio"})
    assert state.steps[0][0] == D_USE
    assert texts(state) == ["as alliance faction", "as one-time reinforcement"]
    with pytest.raises(bg.InvalidOptionError, match="card being played is in hand"):
        make(2).position(pending=("use", "Voicavus"))


def test_position_trade_exchange_to_choose() -> None:
    """Trade: "place an Action disc ... then choose one of the exchanges and resolve it"."""
    state = make(2).position(resources={0: {"innovation": 3, "influence": 3}}, trade_discs={1: [0]},
                             pending=("exchange", 1), trade_cards=["Lore Exchange", "Arms Bazaar",
                                                                   "Relic Market"])
    assert state.steps == _pushed(state, D_EXCHANGE, 0)
    assert texts(state) == ["exchange option 1", "exchange option 2"]
    with pytest.raises(bg.InvalidOptionError, match="disc is on the Trade card"):
        make(2).position(resources={0: {"innovation": 3}}, pending=("exchange", 2))


def test_position_research_payment_and_xenology_choice() -> None:
    """Research: "Basic Technology: 3 Credit / 1 Innovation"; Xenology offers a choice."""
    game = make(2)
    paying = game.position(resources={0: {"credit": 3, "innovation": 1}}, technologies={0: ["Warp Drive"]},
                           pending=("pay", "Warp Drive"))
    assert paying.steps == _pushed(paying, D_PAY, tech(game, "Warp Drive"))
    assert texts(paying) == ["pay with credit", "pay with innovation only"]
    after = play(paying, "pay with innovation only")
    assert resources(after, 0)["innovation"] == 0 and resources(after, 0)["credit"] == 3
    path = ["Warp Drive", "Hyperspace Scanner", "Laser Weapon", "Plasma Weapon", "Xenology"]
    taking = game.position(technologies={0: path}, pending=("take", "Xenology"))
    assert taking.steps == _pushed(taking, D_TAKE, tech(game, "Xenology"))
    assert texts(taking)[0] == "take option 1"
    with pytest.raises(bg.InvalidOptionError, match="offers no choice"):
        game.position(technologies={0: ["Warp Drive"]}, pending=("take", "Warp Drive"))
    with pytest.raises(bg.InvalidOptionError, match="being paid for is researched"):
        game.position(pending=("pay", "Warp Drive"))


def test_position_manufacture_and_retrieve_how_many() -> None:
    """Manufacture: "2 Credit for each Cruiser"; Retrieve: 3 Credit and 1 Innovation per Relic."""
    game = make(2)
    building = game.position(resources={0: {"credit": 6}}, sections={"manufacture": [0]}, pending="build")
    assert building.steps == _pushed(building, D_BUILD)
    assert texts(building) == ["build 1 cruiser", "build 2 cruisers", "build 3 cruisers"]
    retrieving = game.position(resources={0: {"credit": 6, "innovation": 2}}, sections={"retrieve": [0]},
                               pending="retrieve")
    assert retrieving.steps == _pushed(retrieving, D_RETRIEVE)
    assert texts(retrieving) == ["retrieve 1 relic", "retrieve 2 relics"]


def test_position_colonize_which_card_as_the_adaptation() -> None:
    """Faction Cards: "play a card with an Adaptation matching the chosen planet type"."""
    game = make(2)
    state = game.position(hands={0: ["Voicavus", "Kratox'7"]}, pending=("adapt", "1.1"))
    assert state.steps == _pushed(state, D_ADAPT, 0)
    assert texts(state) == ["adapt with Voicavus", "adapt with Kratox'7"]
    with pytest.raises(bg.InvalidOptionError, match="Colonizing an empty planet"):
        game.position(hands={0: ["Voicavus", "Kratox'7"]}, pending=("adapt", "1.1"),
                      planets={"1.1": (1, "colonized")})


def test_position_develop_bonus_to_choose() -> None:
    """Develop: gain "either 1 Influence, or 1 Credit and 1 Productivity"."""
    state = make(2).position(planets={"1.1": (0, "developed")}, pending="develop bonus")
    assert state.steps == _pushed(state, D_BONUS)
    assert texts(state) == ["gain 1 influence", "gain 1 credit and 1 productivity"]


def test_position_after_the_turns_action() -> None:
    """A turn after its action: the card and the Free actions remain, then end turn."""
    state = make(2).position(acted=True, hands={0: ["Voicavus"]}, resources={0: {"productivity": 2}})
    assert texts(state) == ["play Voicavus", "convert 2 productivity to 1 credit", "end turn"]
    with pytest.raises(bg.InvalidOptionError, match="ended by itself"):
        make(2).position(acted=True, card_played=True, resources={0: {"productivity": 0}})
    with pytest.raises(bg.InvalidOptionError, match="action in progress after the turn's action"):
        make(2).position(acted=True, planets={"1.1": (0, "developed")}, pending="develop bonus")


# -- chance events ---------------------------------------------------------------------------------


def test_position_exploration_token_being_revealed() -> None:
    """Explore: "reveal an Exploration token ... gain the depicted resources"; tokens
    already revealed are not drawn again."""
    game = make(2)
    state = game.position(explore_discs={1: 1}, to_act=1, pending="exploration reveal", revealed=[1, 2])
    assert state.is_chance and state.steps == ((C_EXPLORE, 1), (S_TURN, 1))
    assert len(state.chance_outcomes()) == 7 and state.gone == 3
    after = state.apply(state.chance_outcomes()[0][0])
    assert after.current_player == 1 and after.gone == 3


def test_position_galactic_phase_system_card_and_planet_tokens() -> None:
    """Galactic Phase 1: the next System card is revealed and covered with Planet tokens."""
    game = make(2)
    revealing = game.position(phase="galactic", round=2, pending="system reveal")
    assert revealing.is_chance and revealing.steps == ((C_SYSTEM, NO_PLAYER),) and revealing.stage == WAR
    assert len(revealing.systems) == 3 and revealing.fleet == 2
    assert len(revealing.chance_outcomes()) == len(game.components.systems) - 3
    first = game.position(phase="galactic", round=1, pending="system reveal")
    assert first.stage == ACTION and first.round == 1
    systems = [s.name for s in game.components.systems]
    newest = next(i for i in range(3, len(systems)) if game.tables.sys_token_slots[i])
    slots = [f"4.{k + 1}" for k in game.tables.sys_token_slots[newest]]
    placing = game.position(phase="galactic", round=2, systems=[*systems[:3], systems[newest]],
                            pending=("planet tokens", slots))
    assert placing.steps[0][0] == C_PLANET_TOKEN and placing.is_chance
    assert len(placing.chance_outcomes()) == bin(placing.ptokens).count("1")
    with pytest.raises(bg.InvalidOptionError, match="no Galactic phase after"):
        game.position(phase="galactic", round=5, pending="system reveal")


def test_position_solo_die_and_the_virtual_opponents_reveals() -> None:
    """Advanced Solo: the die decides how many cards the Virtual Opponent reveals."""
    game = make(1, scenario="relic-hunt")
    rolling = game.position(phase="solo", pending="solo die")
    assert rolling.steps == ((C_DIE, NO_PLAYER),) and outcomes(rolling) == [f"die {f}" for f in range(1, 7)]
    revealing = game.position(phase="solo", pending=("solo reveal", 2))
    assert revealing.steps == ((C_SOLO, NO_PLAYER, 2),)
    assert len(revealing.chance_outcomes()) == bin(revealing.deck).count("1")
    with pytest.raises(bg.InvalidOptionError, match="only in an Advanced Solo scenario"):
        make(1).position(phase="solo", pending="solo die")


def test_position_game_end_scores() -> None:
    game = make(2)
    state = game.position(phase="end", resources={0: {"prestige": 5}, 1: {"prestige": 2}})
    assert state.stage == END and state.is_terminal and state.winners == frozenset({0})


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"pending": "build", "phase": "war"}, r"pending=.*in the war phase: nothing"),
        ({"pending": ("exchange",)}, r"\('exchange', Trade card 1\.\.3\)"),
        ({"pending": ("exchange", 4)}, "Trade cards are numbered 1..3"),
        ({"pending": "teleport"}, r"pending=.*use, exchange"),
        ({"phase": "discard", "round": 2}, "setup is before round 1"),
        ({"phase": "solo"}, "only in the solo variants|chance event"),
        ({"phase": "end", "round": 3}, "ends in round 5"),
        ({"acted": 1}, r"acted=.*True or False"),
        ({"prestige_order": [0]}, "prestige_order"),
        ({"revealed": [10]}, "numbered 1..9"),
        ({"planet_tokens": {"1.3": 1, "2.3": 1}}, "placed once"),
    ],
)
def test_position_refuses_moments_the_rules_cannot_reach(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(bg.InvalidOptionError, match=message):
        make(2).position(**setup)


# -- the round trip ---------------------------------------------------------------------------------


GAMES = (
    (1, {}), (1, {"scenario": "border-skirmish"}), (2, {}), (2, {"drafting": True}),
    (3, {"explored_galaxy": True}), (4, {}),
)


def _reachable(players: int, options: dict[str, Any], seed: int, steps: int) -> AgeState:
    state = play_randomly(make(players, **options).new_game(seed), seed, steps)
    assert isinstance(state, AgeState)
    return state


@settings(max_examples=60, deadline=None)
@given(which=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**16), steps=st.integers(0, 600))
def test_position_of_a_reachable_states_description_round_trips(which: int, seed: int, steps: int) -> None:
    players, options = GAMES[which]
    state = _reachable(players, options, seed, steps)
    game = state.game
    built = game.position(**describe(game.tables, state))
    # the same position, up to the numbering of Prestige moves (only their order counts)
    for name in ("_player", *AgeState.FIELDS):
        if name not in ("stamp", "clock"):
            assert built.__dict__[name] == state.__dict__[name], name
    assert sorted(range(players), key=lambda p: state.stamp[p]) == sorted(
        range(players), key=lambda p: built.stamp[p]
    )
    assert describe(game.tables, built) == describe(game.tables, state)
    assert bg.from_json(bg.to_json(built)) == built
    if built.is_chance:
        assert built.chance_outcomes() == state.chance_outcomes()
    else:
        assert texts(built) == [str(a) for a in state.legal_actions()]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_position_built_mid_game_plays_to_the_end(players: int) -> None:
    state = _reachable(players, {}, players, 150)
    built = state.game.position(**describe(state.game.tables, state))
    play_to_the_end(built, players)
