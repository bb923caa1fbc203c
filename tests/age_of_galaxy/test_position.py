"""``game.position(...)``: positions in the rulebook's terms, checked by the JSON validator."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.games.age_of_galaxy.components import RESOURCES
from boardgames.games.age_of_galaxy.state import ACTION, D_ACQUIRE, WAR
from tests.age_of_galaxy.helpers import make, play, resources, texts
from tests.tamper import play_to_the_end

MATTHIAS, HANNA, JAN = 0, 1, 2


def test_position_war_phase_example_in_the_rulebooks_terms() -> None:
    """War Phase example: "In a 3-player game Matthias has 4 Cruisers, so he becomes the
    Overlord ... Hanna has 2 Cruisers so she gains 1 Prestige. Jan has 1 Cruiser"."""
    game = make(3)
    state = game.position(
        round=2,
        order=(JAN, HANNA, MATTHIAS),
        to_act=MATTHIAS,
        passed=(JAN, HANNA),
        action_discs={MATTHIAS: 1, HANNA: 0, JAN: 0},
        resources={
            MATTHIAS: {"cruiser": 4, "strength": 1, "credit": 11},
            HANNA: {"cruiser": 2, "strength": 3},
            JAN: {"cruiser": 1},
        },
        planets={"1.1": (HANNA, "colonized"), "1.2": (HANNA, "colonized"), "2.1": (HANNA, "colonized")},
    )
    assert state.stage == ACTION and state.current_player == MATTHIAS
    assert state.board_discs[HANNA] == 3  # counted from the planets
    state = play(state, "scavenge")
    assert state.stage == WAR and state.steps == ((D_ACQUIRE, MATTHIAS),)
    assert resources(state, MATTHIAS)["prestige"] == 1 and resources(state, HANNA)["prestige"] == 1
    assert resources(state, JAN)["prestige"] == 0
    assert "acquire 1.1" in texts(state)


def test_position_names_cards_technologies_and_places() -> None:
    game = make(2)
    state = game.position(
        hands={0: ["Voicavus"]},
        alliances={1: ["Kratox'7"]},
        technologies={1: ["Warp Drive", "Hyperspace Scanner"]},
        resources={1: {"credit": 3, "innovation": 2}},
        to_act=1,
    )
    assert "research AI Complex" in texts(state)  # on the Kratox'7 card of the Alliance
    assert state.board_discs[1] == 2  # the two researched Technologies hold discs
    assert bg.from_json(bg.to_json(state)) == state
    view = state.view(0)
    assert view.hand == 1 << game.components.factions.index(
        next(f for f in game.components.factions if f.name == "Voicavus")
    )


def test_position_solo_with_the_virtual_opponent() -> None:
    game = make(1)
    state = game.position(
        planets={"1.1": ("opponent", "colonized")}, nominate={1: "opponent"},
        virtual_opponent={"cruisers": 3, "influence": 1},
    )
    assert state.vo == (3, 1, 0, 4, 2)
    play_to_the_end(state, 0)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"colour": "red"}, "no argument 'colour'"),
        ({"round": 0}, "round 1..5"),
        ({"hands": {0: ["Nobody"]}}, "no Faction card 'Nobody'"),
        ({"hands": {0: ["Voicavus"], 1: ["Voicavus"]}}, "named twice"),
        ({"hands": {5: ["Voicavus"]}}, "not a player"),
        ({"resources": {0: {"gold": 1}}}, "no resource 'gold'"),
        ({"resources": {0: {"credit": 13}}}, r"state\.res: player 0's credit must be in 0\.\.12, not 13"),
        (
            {"resources": {0: {"cruiser": 5}},
             "planets": {name: (0, "conquered") for name in ("1.1", "1.2", "2.1", "2.2", "2.3")}},
            "more than 9 Cruisers",
        ),
        ({"technologies": {0: ["Planetary Shields"]}}, "without its prerequisite"),
        ({"technologies": {0: ["AI Complex"]}}, "on no card of the player's"),
        ({"planets": {"1.1": (0, "owned")}}, "colonized"),
        ({"planets": {"9.1": (0, "colonized")}}, "System cards are 1..5"),
        ({"planets": {"5.1": (0, "colonized")}}, r"state\.powner\[16\]: no planet there"),
        ({"planets": {"1.1": ("opponent", "colonized")}}, "solo"),
        ({"passed": [0]}, "has passed"),
        ({"action_discs": {0: 0}}, "without an Action disc"),
        ({"hands": {0: ["Voicavus", "Kratox'7", "Zephrion", "Mersoma", "Shrynix", "Us'ud", "Psykrio",
                        "Tekhlifa"]}}, "more than 7 cards"),
        ({"exploration": ["4.1"]}, "no Exploration point"),
    ],
)
def test_position_refuses_what_the_rules_cannot_reach(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(bg.InvalidOptionError, match=message):
        make(2).position(**setup)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 4),
    round_=st.integers(1, 5),
    amounts=st.lists(st.integers(0, 14), min_size=8, max_size=8),
    planet=st.sampled_from(("1.1", "1.2", "2.1", "2.2")),
    level=st.sampled_from(("colonized", "developed", "conquered")),
    techs=st.lists(st.sampled_from(("Terraforming", "Warp Drive", "Laser Weapon", "Plasma Weapon",
                                    "Antimatter Missile")), unique=True, max_size=4),
)
def test_position_either_refused_or_plays_to_the_end(
    players: int, round_: int, amounts: list[int], planet: str, level: str, techs: list[str]
) -> None:
    game = make(players)
    try:
        state = game.position(
            round=round_, resources={0: dict(zip(RESOURCES, amounts, strict=True))},
            planets={planet: (0, level)}, technologies={0: techs},
        )
    except bg.InvalidOptionError:
        return
    assert bg.from_json(bg.to_json(state)) == state
    play_to_the_end(state, round_)


def test_position_war_phase_the_overlords_acquisition() -> None:
    """War Phase: "If there is only one Overlord, the Overlord may acquire a reachable,
    Unprotected planet"; with no single Overlord there is no decision to set up."""
    game = make(2)
    state = game.position(
        round=3, phase="war", resources={0: {"cruiser": 3}, 1: {"cruiser": 1}},
        planets={"1.1": (1, "colonized"), "1.2": (1, "colonized")},
    )
    assert state.stage == WAR and state.steps == ((D_ACQUIRE, 0),) and state.current_player == 0
    legal = texts(state)
    assert "acquire 1.1" in legal and "acquire 1.2" in legal and legal[-1] == "acquire nothing"
    with pytest.raises(bg.InvalidOptionError, match="single Overlord"):
        game.position(round=3, phase="war", resources={0: {"cruiser": 1}, 1: {"cruiser": 1}})
    with pytest.raises(bg.InvalidOptionError, match="phases are"):
        game.position(phase="production")
    with pytest.raises(bg.InvalidOptionError, match=r"pending=.*a chance event"):
        game.position(phase="galactic")


def test_position_solo_war_you_choose_what_the_virtual_opponent_acquires() -> None:
    game = make(1)
    state = game.position(round=2, phase="war", virtual_opponent={"cruisers": 3},
                          planets={"1.1": (0, "colonized")})
    assert texts(state) == ["surrender 1.1"]
