"""Rulebook: Loyalty Pledges (claims and the five bonuses), Game End and Scoring."""

from __future__ import annotations

import math

import pytest

import boardgames as bg
from boardgames.games.galaxys_edge import EventCard, Species
from boardgames.games.galaxys_edge.components import GEOMETRY
from boardgames.games.galaxys_edge.scoring import score_table
from boardgames.games.galaxys_edge.state import GalaxysEdgeState
from tests.readable import walk

from .helpers import BLUE, GREEN, RED, YELLOW, game_with, play


def test_loyalty_pledges_claimed_by_more_colonized_sectors_than_anyone_else() -> None:
    game = game_with(
        3, {"D3": ("hive", [2, 3, 4]), "E3": ("hive", [2]), "B2": ("hive", [2]), "F2": ("hive", [5])}
    )
    # Red: three colonies in one Hive sector.  Blue: colonies in two Hive sectors.
    state = game.position(
        colonies={"D3a": RED, "D3b": RED, "D3c": RED, "E3a": BLUE}, flagships=("A1", "B2", "G1"), active=BLUE
    )
    assert state.pledges[Species.THE_HIVE] == -1  # 1 sector each: nobody has more
    state = play(state, "build colony B2a")
    assert state.pledges[Species.THE_HIVE] == BLUE  # the number of colonies does not matter


def test_loyalty_pledges_held_until_someone_has_more() -> None:
    game = game_with(2, {"D3": ("hive", [2]), "E3": ("hive", [2]), "B2": ("hive", [2]), "F2": ("hive", [5])})
    state = game.position(
        colonies={"D3a": RED, "E3a": BLUE},
        flagships=("A1", "B2"),
        pledges={Species.THE_HIVE: RED},
        active=BLUE,
    )
    state = play(state, "build colony B2a", "end turn", "roll: own ban")
    assert state.pledges[Species.THE_HIVE] == BLUE
    state = game.position(
        colonies={"D3a": RED, "E3a": BLUE},
        flagships=("A1", "G1"),
        pledges={Species.THE_HIVE: RED},
        active=BLUE,
    )
    state = play(state, "end turn")
    assert state.pledges[Species.THE_HIVE] == RED  # a tie does not take the pledge


def test_loyalty_pledges_a_conquest_can_hand_the_pledge_to_another_player() -> None:
    # Blue held the Hive pledge on a 2-2 tie with Red; losing a sector to Red's conquest gives Red 3 to 1.
    game = game_with(
        3, {"D3": ("hive", [2, 9]), "E3": ("hive", [2]), "B2": ("hive", [2]), "C1": ("hive", [2])}
    )
    state = game.position(
        colonies={"D3b": BLUE, "E3a": BLUE, "B2a": RED, "C1a": RED},
        bases={"C2a": (RED, 1)},
        flagships=("A1", "G1", "D3"),
        pledges={Species.THE_HIVE: BLUE},
        active=YELLOW,
    )
    state = play(state, "build class-1 base D3a", "end turn", "roll: own ban")
    # Yellow's base completes D3; Red and Yellow both have Class 1 bases near: no control.
    assert state.pledges[Species.THE_HIVE] == BLUE
    state = game.position(
        colonies={"D3b": BLUE, "E3a": BLUE, "B2a": RED, "C1a": RED},
        bases={"C2a": (RED, 1)},
        flagships=("A1", "G1", "D3"),
        pledges={Species.THE_HIVE: BLUE},
        active=YELLOW,
    )
    state = play(state, "build class-2 base D3a", "end turn", "roll: own ban")
    assert state.owner(game.system("D3b")) == RED
    assert state.pledges[Species.THE_HIVE] == RED


def test_crystalloids_example_five_points_per_colony_on_a_value_1_system() -> None:
    game = game_with(4, {"D3": ("crystalloids", [1, 1, 1]), "E3": ("hive", [1, 4])})
    state = game.position(
        colonies={"D3a": YELLOW, "E3a": YELLOW, "E3b": YELLOW},
        bases={"D3b": (YELLOW, 1)},
        pledges={Species.CRYSTALLOIDS: YELLOW},
    )
    assert score_table(state)["Crystalloids"] == (0, 0, 10, 0)  # the base on a value-1 system earns nothing


def test_the_hive_example_two_and_three_colony_sectors_earn_seven() -> None:
    game = game_with(
        4,
        {
            "D3": ("hive", [2, 2]),
            "E3": ("hive", [2, 2, 2]),
            "D4": ("wargers", [3, 3, 3]),
            "B2": ("hive", [9]),
        },
    )
    state = game.position(
        colonies={"D3a": BLUE, "D3b": BLUE, "E3a": BLUE, "E3b": BLUE, "E3c": BLUE, "D4a": BLUE, "B2a": BLUE},
        bases={"D4b": (BLUE, 1), "D4c": (BLUE, 2)},
        pledges={Species.THE_HIVE: BLUE},
    )
    assert score_table(state)["The Hive"] == (0, 7, 0, 0)


def test_the_hive_four_colony_sector_earns_nine() -> None:
    game = game_with(2, {"D3": ("hive", [2, 2, 2, 2])})
    state = game.position(colonies={f"D3{s}": RED for s in "abcd"}, pledges={Species.THE_HIVE: RED})
    assert score_table(state)["The Hive"] == (9, 0)


def test_humanoids_example_shared_sectors_earn_nine() -> None:
    game = game_with(
        4,
        {
            "D3": ("humanoids", [2, 2, 2]),
            "E3": ("hive", [2, 2]),
            "B2": ("hive", [2, 2]),
            "F2": ("hive", [2, 2]),
        },
    )
    state = game.position(
        colonies={
            "D3a": GREEN,
            "D3b": RED,
            "D3c": BLUE,
            "E3a": GREEN,
            "E3b": YELLOW,
            "B2a": GREEN,
            "B2b": RED,
            "F2a": GREEN,
        },
        bases={"F2b": (RED, 1)},  # bases are not considered
        pledges={Species.HUMANOIDS: GREEN},
    )
    assert score_table(state)["Humanoids"] == (0, 0, 0, 9)


def test_humanoids_sector_with_all_four_players_earns_nine() -> None:
    game = game_with(4, {"D3": ("humanoids", [2, 2, 2, 2])})
    state = game.position(
        colonies={"D3a": GREEN, "D3b": RED, "D3c": BLUE, "D3d": YELLOW}, pledges={Species.HUMANOIDS: GREEN}
    )
    assert score_table(state)["Humanoids"] == (0, 0, 0, 9)


def test_saplenti_example_tied_for_fewest_bases_earns_eight() -> None:
    game = game_with(4, {})
    bases = {"A1a": (RED, 3), "A2a": (RED, 1), "A3a": (BLUE, 1), "B1a": (BLUE, 1)}
    bases |= {
        "B2a": (YELLOW, 1),
        "B3a": (YELLOW, 1),
        "B4a": (YELLOW, 1),
        "C1a": (GREEN, 1),
        "C2a": (GREEN, 2),
        "C3a": (GREEN, 1),
    }
    state = game.position(bases=bases, pledges={Species.SAPLENTI: RED})
    assert score_table(state)["Saplenti"] == (8, 0, 0, 0)


def test_saplenti_single_fewest_earns_fifteen_and_more_than_someone_earns_nothing() -> None:
    game = game_with(3, {})
    state = game.position(bases={"A1a": (BLUE, 1), "A2a": (YELLOW, 1)}, pledges={Species.SAPLENTI: RED})
    assert score_table(state)["Saplenti"] == (15, 0, 0)
    state = game.position(bases={"A1a": (RED, 1), "A3a": (BLUE, 1)}, pledges={Species.SAPLENTI: RED})
    assert score_table(state)["Saplenti"] == (0, 0, 0)


def test_wargers_example_single_most_bases_earns_fifteen() -> None:
    game = game_with(4, {})
    bases = {"A1a": (YELLOW, 1), "A2a": (YELLOW, 2), "A3a": (YELLOW, 3), "B1a": (GREEN, 1), "B2a": (GREEN, 1)}
    bases |= {"B3a": (RED, 1), "B4a": (BLUE, 1)}
    state = game.position(bases=bases, pledges={Species.WARGERS: YELLOW})
    assert score_table(state)["Wargers"] == (0, 0, 15, 0)


def test_wargers_tied_for_most_earns_eight() -> None:
    game = game_with(2, {})
    state = game.position(bases={"A1a": (RED, 1), "A2a": (BLUE, 3)}, pledges={Species.WARGERS: BLUE})
    assert score_table(state)["Wargers"] == (0, 8)


def scoring_example():  # type: ignore[no-untyped-def]
    """The rulebook's Scoring Example, on 7 sectors (three players: Red, Blue, Yellow)."""
    game = game_with(
        3,
        {
            "D3": ("hive", [1, 4, 5, 6]),  # Red 4+5, Blue 1, Yellow 6
            "D4": ("humanoids", [1, 3, 4, 6]),  # Red 3+4+6, Blue 1
            "C3": ("wargers", [7, 2]),  # Yellow 7, Yellow base
            "C2": ("saplenti", [3, 5]),  # Red base, Yellow base
            "E3": ("crystalloids", [8, 2]),  # Blue base, Yellow base
        },
    )
    return game.position(
        colonies={
            "D3a": BLUE,
            "D3b": RED,
            "D3c": RED,
            "D3d": YELLOW,
            "D4a": BLUE,
            "D4b": RED,
            "D4c": RED,
            "D4d": RED,
            "C3a": YELLOW,
        },
        bases={"C3b": (YELLOW, 1), "C2a": (RED, 2), "C2b": (YELLOW, 1), "E3a": (BLUE, 1), "E3b": (YELLOW, 3)},
        pledges={
            Species.WARGERS: YELLOW,
            Species.SAPLENTI: RED,
            Species.THE_HIVE: RED,
            Species.HUMANOIDS: BLUE,
            Species.CRYSTALLOIDS: BLUE,
        },
    )


def test_scoring_example_totals_red_37_blue_19_yellow_28() -> None:
    state = scoring_example()
    table = score_table(state)
    assert table == {
        "Saplenti": (8, 0, 0),
        "Wargers": (0, 0, 15),
        "The Hive": (7, 0, 0),
        "Humanoids": (0, 7, 0),
        "Crystalloids": (0, 10, 0),
        "colonies": (22, 2, 13),
    }
    assert state.scores() == (37.0, 19.0, 28.0)
    assert list(table) == ["Saplenti", "Wargers", "The Hive", "Humanoids", "Crystalloids", "colonies"]


def test_game_end_when_all_players_take_consecutive_turns_without_building() -> None:
    state = scoring_example()
    assert not state.is_terminal
    state = play(state, "end turn", "end turn")
    assert not state.is_terminal
    state = play(state, "end turn")
    assert state.is_terminal
    assert state.winners == frozenset({RED})
    assert state.returns() == (1.0, 0.0, 0.0)


def test_game_end_a_build_restarts_the_count() -> None:
    game = game_with(2, {"D3": ("hive", [2, 2])})
    state = game.position(flagships=("A1", "D3"))
    state = play(state, "end turn", "build colony D3a", "end turn", "roll: own ban", "end turn")
    assert not state.is_terminal
    assert play(state, "end turn").is_terminal


def test_scoring_ties_share_the_victory() -> None:
    game = game_with(2, {"D3": ("hive", [4, 4])})
    state = game.position(colonies={"D3a": RED, "D3b": BLUE}, pledges={})
    state = play(state, "end turn", "end turn")
    assert state.winners == frozenset({RED, BLUE})
    assert state.returns() == (0.5, 0.5)


def test_heuristics_value_every_player_by_their_lead_over_the_best_rival() -> None:
    game = game_with(3, {"D3": ("hive", [4, 2]), "E3": ("hive", [3])})
    state = game.position(
        colonies={"D3a": RED, "D3b": BLUE, "E3a": YELLOW},
        flagships=("A1", "B2", "G1"),
        hands=({}, {EventCard.WORMHOLE: 1}, {}),
        pledges={},
    )
    scores = state.scores()
    buildable = state.open_mask & ~state.ban_mask
    room = [(state.reach[p] & buildable).bit_count() for p in range(3)]
    estimate = [scores[p] + 2.0 * sum(state.hands[p]) + 0.5 * room[p] for p in range(3)]
    expected = tuple(
        1.0 / (1.0 + math.exp(-(estimate[p] - max(e for q, e in enumerate(estimate) if q != p)) / 8.0))
        for p in range(3)
    )
    assert game.heuristics(state) == expected
    assert tuple(game.heuristic(state, p) for p in range(3)) == expected
    # Red has 4 points; Blue's card (worth 2) lifts their 2 points level with Red; Yellow (3) trails.
    assert expected[RED] == expected[BLUE] == 0.5 > expected[YELLOW]


def test_heuristics_players_tied_for_the_lead_are_even() -> None:
    game = game_with(2, {"D3": ("hive", [4, 4])})
    state = game.position(colonies={"D3a": RED, "D3b": BLUE}, flagships=("A1", "G1"), pledges={})
    # Equal scores, no cards, the same room to build: no lead either way.
    assert game.heuristics(state) == (0.5, 0.5)


def _recount(state: GalaxysEdgeState) -> dict[str, tuple[int, ...]]:
    """The Scoring section's words counted system by system (an oracle for the sector records)."""
    n = state.game.players
    layout = state.layout
    colonies = [[0] * n for _ in range(GEOMETRY.size)]  # per sector, per player
    points, ones, bases = [0] * n, [0] * n, [0] * n
    for p in range(GEOMETRY.size):
        for loc in layout.systems[p]:
            owner = state.owner(loc)
            if owner < 0:
                continue
            if state.is_colony(loc):
                colonies[p][owner] += 1
                points[owner] += layout.value[loc]
                ones[owner] += layout.value[loc] == 1
            else:
                bases[owner] += 1
    hive = [sum({2: 2, 3: 5, 4: 9}.get(row[i], 0) for row in colonies) for i in range(n)]
    humanoids = [
        sum({1: 2, 2: 5, 3: 9}.get(sum(1 for c in row if c) - 1, 0) for row in colonies if row[i])
        for i in range(n)
    ]

    def extreme(pick: int, i: int) -> int:
        if bases[i] != pick:
            return 0
        return 15 if bases.count(pick) == 1 else 8

    bonus = {
        "Saplenti": lambda i: extreme(min(bases), i),
        "Wargers": lambda i: extreme(max(bases), i),
        "The Hive": lambda i: hive[i],
        "Humanoids": lambda i: humanoids[i],
        "Crystalloids": lambda i: 5 * ones[i],
    }
    species = dict(
        zip(
            bonus,
            (Species.SAPLENTI, Species.WARGERS, Species.THE_HIVE, Species.HUMANOIDS, Species.CRYSTALLOIDS),
        )
    )
    table = {
        name: tuple(rule(i) if state.pledges[species[name]] == i else 0 for i in range(n))
        for name, rule in bonus.items()
    }
    table["colonies"] = tuple(points)
    return table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_sector_records_add_up_to_a_count_of_every_system(players: int) -> None:
    # The scores are sums of remembered per-sector records; along seeded random games
    # (and with the memos emptied halfway) they equal a count of every system.
    game = bg.make("galaxys-edge", players=players)
    for seed in range(3):
        for steps, step in enumerate(walk(game, seed, game.max_game_length)):
            state = step[0]
            if steps % 7 == 0:
                expected = _recount(state)
                assert score_table(state) == expected
                assert state.scores() == tuple(float(sum(col)) for col in zip(*expected.values()))
            if steps == 100:
                state.layout.records.clear()
                state.layout.totals.clear()
                state.layout.counted.clear()
        final = step[0].apply(step[1])
        assert final.is_terminal
        assert score_table(final) == _recount(final)
