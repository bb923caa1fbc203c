"""Rulebook: Event Cards, each with its clarification and example."""

from __future__ import annotations

from boardgames.games.galaxys_edge import EventCard, Species

from .helpers import BLUE, GREEN, RED, YELLOW, game_with, play, texts

# Every example is set up at the moment the player has rolled the event card symbol.


def rolled(state, build: str):  # type: ignore[no-untyped-def]
    return play(state, build, "end turn", "roll: event card")


def test_alien_embassy_example_green_claims_the_wargers_pledge() -> None:
    game = game_with(4, {"D3": ("wargers", [2]), "B2": ("wargers", [2]), "F2": ("hive", [3])})
    state = game.position(
        colonies={"D3a": YELLOW, "B2a": GREEN},
        flagships=("A1", "A3", "G1", "F2"),
        pledges={Species.WARGERS: YELLOW},
        hands=({}, {}, {}, {EventCard.ALIEN_EMBASSY: 1}),
        active=GREEN,
    )
    state = rolled(state, "build colony F2a")
    state = play(state, "play Alien Embassy on Wargers")
    assert state.embassy[Species.WARGERS][GREEN] == 1
    assert state.pledges[Species.WARGERS] == GREEN  # tally 2 against Yellow's 1
    assert state.colonies_left[GREEN] == 17  # B2a, F2a and the token, all from the supply
    assert state.discarded[EventCard.ALIEN_EMBASSY] == 1


def test_alien_embassy_tokens_stay_whoever_holds_the_pledge_and_many_may_share_one() -> None:
    game = game_with(3, {"D3": ("wargers", [2]), "F2": ("hive", [3])})
    state = game.position(
        colonies={"D3a": YELLOW},
        embassy={Species.WARGERS: {RED: 1, BLUE: 1}},
        flagships=("F2", "A3", "G1"),
        pledges={Species.WARGERS: YELLOW},
        hands=({EventCard.ALIEN_EMBASSY: 1}, {}, {}),
    )
    state = play(rolled(state, "build colony F2a"), "play Alien Embassy on Wargers")
    assert state.embassy[Species.WARGERS] == (2, 1, 0)
    assert state.pledges[Species.WARGERS] == RED


def test_cultural_takeover_example_yellow_replaces_the_least_valuable_rival_colony() -> None:
    sectors = {
        "D3": ("saplenti", [5, 7, 8, 9]),
        "D4": ("hive", [1, 2]),
        "C3": ("hive", [3]),
        "E3": ("hive", [4]),
    }
    game = game_with(4, sectors)
    state = game.position(
        colonies={"D3a": BLUE, "D3b": RED, "D3c": YELLOW, "D4a": YELLOW, "C3a": YELLOW, "E3a": YELLOW},
        flagships=("A1", "A3", "D4", "G1"),
        hands=({}, {}, {EventCard.CULTURAL_TAKEOVER: 1}, {}),
        active=YELLOW,
    )
    state = rolled(state, "build colony D4b")
    assert "play Cultural Takeover in D3" in texts(state)
    state = play(state, "play Cultural Takeover in D3")
    assert state.owner(game.system("D3a")) == YELLOW  # Blue's value-5 colony
    assert state.owner(game.system("D3b")) == RED
    assert state.colonies_left[BLUE] == 20


def test_cultural_takeover_needs_four_colonies_in_the_vicinity() -> None:
    game = game_with(3, {"D3": ("saplenti", [5, 7]), "D4": ("hive", [1, 2])})
    state = game.position(
        colonies={"D3a": BLUE, "D3b": YELLOW, "D4a": YELLOW},
        flagships=("A1", "A3", "D4"),
        hands=({}, {}, {EventCard.CULTURAL_TAKEOVER: 1}),
        active=YELLOW,
    )
    state = rolled(state, "build colony D4b")  # three Yellow colonies near D3
    assert not any(t.startswith("play Cultural Takeover") for t in texts(state))


def test_cultural_takeover_not_a_sector_whose_least_valuable_rival_colony_has_a_forcefield() -> None:
    sectors = {
        "D3": ("saplenti", [5, 7, 8, 9]),
        "D4": ("hive", [1, 2]),
        "C3": ("hive", [3]),
        "E3": ("hive", [4]),
    }
    game = game_with(4, sectors)
    state = game.position(
        colonies={"D3a": BLUE, "D3b": RED, "D3c": YELLOW, "D4a": YELLOW, "C3a": YELLOW, "E3a": YELLOW},
        flagships=("A1", "A3", "D4", "G1"),
        hands=({}, {}, {EventCard.CULTURAL_TAKEOVER: 1}, {}),
        forcefield={BLUE: 1},
        active=YELLOW,
    )
    state = rolled(state, "build colony D4b")
    assert "play Cultural Takeover in D3" not in texts(state)


def test_discovery_mission_example_blue_colonizes_the_least_valuable_available_system() -> None:
    game = game_with(3, {"D3": ("wargers", [6, 4, 9]), "F2": ("hive", [3, 3])})
    state = game.position(
        colonies={"D3c": RED},
        flagships=("A1", "F2", "G1"),
        hands=({}, {EventCard.DISCOVERY_MISSION: 1}, {}),
        active=BLUE,
    )
    state = rolled(state, "build colony F2a")
    state = play(state, "play Discovery Mission in D3")
    assert state.owner(game.system("D3b")) == BLUE  # the value-4 system
    assert state.owner(game.system("D3a")) == -1


def test_discovery_mission_not_where_you_have_installations_or_a_ban_is() -> None:
    game = game_with(3, {"D3": ("wargers", [6, 4]), "D4": ("wargers", [6, 4]), "F2": ("hive", [3, 3])})
    state = game.position(
        bases={"D3a": (BLUE, 1)},
        flagships=("A1", "F2", "G1"),
        bans={RED: "D4"},
        hands=({}, {EventCard.DISCOVERY_MISSION: 1}, {}),
        active=BLUE,
    )
    options = texts(rolled(state, "build colony F2a"))
    assert "play Discovery Mission in D3" not in options
    assert "play Discovery Mission in D4" not in options
    assert "play Discovery Mission in F2" not in options  # Blue just built there
    assert "play Discovery Mission in C3" in options


def test_discovery_mission_resolves_military_control_if_it_completes_the_sector() -> None:
    game = game_with(3, {"D3": ("wargers", [6, 4]), "F2": ("hive", [3, 3])})
    state = game.position(
        colonies={"D3a": RED},
        bases={"C2a": (RED, 1)},
        flagships=("A1", "F2", "G1"),
        hands=({}, {EventCard.DISCOVERY_MISSION: 1}, {}),
        active=BLUE,
    )
    state = play(rolled(state, "build colony F2a"), "play Discovery Mission in D3")
    # The mission completes D3; Red alone has a Class 1 base near it and conquers Blue's colony.
    assert state.owner(game.system("D3b")) == RED
    assert state.current_player == YELLOW


def test_forcefield_example_protects_colonies_until_the_end_of_the_owners_next_turn() -> None:
    game = game_with(2, {"D3": ("wargers", [9, 1]), "F2": ("hive", [3, 3, 3]), "C2": ("hive", [2, 2])})
    state = game.position(
        colonies={"D3a": RED},
        bases={"C2a": (BLUE, 1)},
        flagships=("F2", "A1"),
        hands=({EventCard.FORCEFIELD: 1}, {EventCard.SURPRISE_ATTACK: 2}),
    )
    state = play(rolled(state, "build colony F2a"), "play Forcefield")
    assert state.protected(RED)
    # Blue's Surprise Attack cannot touch Red's colony during Blue's turn...
    blue = rolled(state, "build colony C2b")
    assert "play Surprise Attack in D3" not in texts(blue)
    state = play(blue, "do nothing")
    # ...nor during Red's next turn; the card is discarded when that turn ends.
    assert state.protected(RED)
    state = play(state, "build colony F2b", "end turn", "roll: own ban")
    assert not state.protected(RED)
    assert state.discarded[EventCard.FORCEFIELD] == 1
    blue = rolled(state, "build colony B1a")
    assert "play Surprise Attack in D3" in texts(blue)


def test_forcefield_does_not_protect_bases() -> None:
    game = game_with(2, {"D3": ("saplenti", [5]), "F2": ("hive", [3, 3])})
    state = game.position(
        bases={"D3a": (RED, 2)},
        colonies={"D4a": BLUE},
        flagships=("A1", "F2"),
        pledges={Species.SAPLENTI: BLUE},
        forcefield={RED: 1},
        hands=({}, {EventCard.REBELLION: 1}),
        active=BLUE,
    )
    assert "play Rebellion on D3a" in texts(rolled(state, "build colony F2a"))


def test_rebellion_example_green_replaces_a_base_in_a_saplenti_sector() -> None:
    game = game_with(4, {"D3": ("saplenti", [5, 2]), "D4": ("wargers", [5]), "F2": ("hive", [3, 3])})
    state = game.position(
        bases={"D3a": (RED, 2), "D4a": (RED, 1)},
        colonies={"D3b": GREEN},
        flagships=("A1", "A3", "G1", "F2"),
        pledges={Species.SAPLENTI: GREEN},
        hands=({}, {}, {}, {EventCard.REBELLION: 1}),
        active=GREEN,
    )
    state = rolled(state, "build colony F2a")
    options = {t for t in texts(state) if t.startswith("play Rebellion")}
    assert options == {"play Rebellion on D3a"}  # only in sectors of a pledged species
    state = play(state, "play Rebellion on D3a")
    assert state.owner(game.system("D3a")) == GREEN and state.is_colony(game.system("D3a"))
    assert state.tokens_left[RED] == 19  # the class-2 base's tokens return to Red


def test_surprise_attack_example_red_replaces_the_most_valuable_rival_colony() -> None:
    game = game_with(3, {"D3": ("wargers", [9, 3, 1]), "F2": ("hive", [3, 3]), "C2": ("hive", [2])})
    state = game.position(
        colonies={"D3a": YELLOW, "D3b": BLUE},
        bases={"C2a": (RED, 1)},
        flagships=("F2", "A1", "G1"),
        hands=({EventCard.SURPRISE_ATTACK: 1}, {}, {}),
    )
    state = rolled(state, "build colony F2a")
    state = play(state, "play Surprise Attack in D3")
    assert state.owner(game.system("D3a")) == RED  # Yellow's value-9 colony
    assert state.owner(game.system("D3b")) == BLUE


def test_surprise_attack_only_incomplete_sectors_with_your_base_in_the_vicinity() -> None:
    game = game_with(3, {"D3": ("wargers", [9, 3]), "E3": ("wargers", [9, 3]), "F2": ("hive", [3, 3])})
    state = game.position(
        colonies={"D3a": YELLOW, "D3b": BLUE, "E3a": YELLOW, "G1a": YELLOW},
        bases={"C2a": (RED, 1), "F3a": (RED, 1)},
        flagships=("F2", "A1", "G1"),
        hands=({EventCard.SURPRISE_ATTACK: 1}, {}, {}),
    )
    options = texts(rolled(state, "build colony F2a"))
    assert "play Surprise Attack in D3" not in options  # complete
    assert "play Surprise Attack in E3" in options
    assert "play Surprise Attack in G1" not in options  # no Red base in its vicinity


def test_wormhole_example_any_flagship_to_any_sector() -> None:
    game = game_with(2, {"F2": ("hive", [3, 3])})
    state = game.position(flagships=("A1", "F2"), hands=({}, {EventCard.WORMHOLE: 1}), active=BLUE)
    state = rolled(state, "build colony F2a")
    options = {t for t in texts(state) if t.startswith("play Wormhole")}
    assert len(options) == 2 * 29  # either flagship, any other sector
    state = play(state, "play Wormhole: Blue flagship to A3")
    assert state.flagships[BLUE] == game.sector("A3")
    assert state.current_player == RED
