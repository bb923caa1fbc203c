"""One test per section of the rules in README.md; each quotes the sentence it checks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.hexgrid import hex_distance
from hypothesis import given, settings
from hypothesis import strategies as st

from asteroid_rush import AsteroidRush
from asteroid_rush.components import ASTEROIDS, BELT, CARDS, CELL_NAMES, KINDS, STATION
from asteroid_rush.state import Kind
from helpers import cards, cell, position, texts


def test_s1_the_belt() -> None:
    """§1: "The centre hex, C3, is the station ... each pair of resource and number appears exactly once"."""
    assert len(BELT) == 19
    assert CELL_NAMES[:3] == ("A1", "A2", "A3") and CELL_NAMES[-1] == "E3"
    assert CELL_NAMES[STATION] == "C3" and ASTEROIDS[STATION] is None
    pairs = Counter((a.kind, a.number) for a in ASTEROIDS if a is not None)
    assert set(pairs) == {(k, n) for k in range(3) for n in range(1, 7)}
    assert set(pairs.values()) == {1}
    assert (KINDS[ASTEROIDS[cell("B4")].kind], ASTEROIDS[cell("B4")].number) == ("ore", 2)  # type: ignore[union-attr]


def test_s2_ships_and_holds() -> None:
    """§2:

    "Each player has one ship, which starts at the station" ... "anything gained beyond 4 ... is lost".
    """
    start = AsteroidRush(3).new_game(0)
    assert start.positions == (STATION,) * 3
    # B1 is ore 4: mining with 3 ore fills the hold to 4, the second ore is lost
    state = position(positions=["B1", "C3"], holds=[[3, 0, 0], [0, 0, 0]], phase="work").apply_text("mine")
    assert state.hold(0) == (4, 0, 0)
    # ships share a hex
    assert position(positions=["B1", "B1"]).positions == (cell("B1"),) * 2


def test_s3_contracts_and_setup() -> None:
    """§3: "Shuffle the deck and deal one contract face down to each player, seat 0 first"."""
    state = AsteroidRush(2).new_game(0)
    assert state.phase == "deal" and state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(CARDS)
    assert all(Fraction(p).limit_denominator(100) == Fraction(2, 24) for _, p in outcomes)
    state = state.apply_text("draw reactor").apply_text("draw reactor")
    assert state.hands == (cards("reactor"), cards("reactor"))
    # only 2 reactors: the third deal cannot be one
    assert "draw reactor" not in [str(a) for a, _ in state.apply_text("roll 1").chance_outcomes()]
    assert state.phase == "roll" and state.active == 0
    # "A player holds at most 3 contracts"
    full = position(phase="work", hands=[["lenses", "laser", "drill"], ["coolant"]])
    assert "scan" not in texts(full)


def test_s4_the_roll_yields() -> None:
    """§4: "Every ship (whoever owns it) that sits on an asteroid printed with the rolled number takes 1"."""
    # A2 is ice 2, C1 is ice 3, E3 is crystal 1
    state = position(players=3, phase="roll", round=2, positions=["A2", "C1", "A2"], last_roll=5)
    assert [p for _, p in state.chance_outcomes()] == [1 / 6] * 6
    after = state.apply_text("roll 2")
    assert [after.hold(p) for p in range(3)] == [(0, 1, 0), (0, 0, 0), (0, 1, 0)]
    assert after.phase == "fly" and after.current_player == 0


def test_s4_solar_flare() -> None:
    """§4: "every player whose hold carries more than 6 resources in all discards ... until they carry 6"."""
    holds = [[3, 3, 1], [2, 2, 2], [4, 4, 0]]  # 7, 6 and 8 resources
    state = position(players=3, phase="roll", active=1, round=2, holds=holds, last_roll=3)
    state = state.apply_text("roll 6")
    # in turn order from the active player (seat 1): seat 2 first, then seat 0
    assert state.current_player == 2
    assert texts(state) == ["discard ore", "discard ice"]
    state = state.apply_text("discard ore")
    assert state.current_player == 2  # still 7
    state = state.apply_text("discard ice")
    assert state.current_player == 0
    state = state.apply_text("discard crystal")
    assert [sum(state.hold(p)) for p in range(3)] == [6, 6, 6]
    assert state.current_player == 1 and state.phase == "fly"


def test_s5_flying() -> None:
    """§5: "either stays or flies the ship to any hex at a distance of 1 or 2 from its hex"."""
    state = position(positions=["A1", "C3"])
    flights = texts(state)
    assert flights[0] == "stay"
    targets = sorted(t.removeprefix("fly to ") for t in flights[1:])
    assert targets == sorted(["A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"])
    moved = state.apply_text("fly to C2")
    assert moved.positions[0] == cell("C2") and moved.phase == "work"
    # from the station every other hex is in range
    assert len(texts(position(positions=["C3", "C3"]))) == 1 + 18


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(range(19)), st.sampled_from(range(19)))
def test_s5_flying_range_from_any_hex(start: int, other: int) -> None:
    """§5: "any hex at a distance of 1 or 2 from its hex", from every hex to every hex."""
    state = position(positions=[start, STATION])
    offered = f"fly to {CELL_NAMES[other]}" in texts(state)
    assert offered == (1 <= hex_distance(BELT.cells[start], BELT.cells[other]) <= 2)


@settings(max_examples=50, deadline=None)
@given(
    st.sampled_from([c for c in range(19) if c != STATION]),
    st.lists(st.integers(0, 4), min_size=3, max_size=3),
)
def test_s2_holds_never_exceed_four_when_mining(where: int, hold: list[int]) -> None:
    """§2: "A ship's hold carries at most 4 of each resource; anything gained beyond 4 ... is lost"."""
    state = position(phase="work", positions=[where, STATION], holds=[hold, [0, 0, 0]])
    kind = ASTEROIDS[where].kind  # type: ignore[union-attr]
    if hold[kind] == 4:
        assert "mine" not in texts(state)
        return
    after = state.apply_text("mine")
    expected = list(hold)
    expected[kind] = min(4, hold[kind] + 2)
    assert list(after.hold(0)) == expected


def test_s6_working() -> None:
    """§6: "Then the active player does exactly one of these, and the turn ends"."""
    # mine: 2 of the asteroid's resource (C2 is crystal 4); no trades away from the station
    at_c2 = position(phase="work", positions=["C2", "C3"], holds=[[2, 0, 0], [0, 0, 0]])
    assert texts(at_c2) == ["mine", "scan", "rest"]
    mined = at_c2.apply_text("mine")
    assert mined.hold(0) == (2, 0, 2)
    assert mined.active == 1 and mined.phase == "roll" and mined.current_player == CHANCE
    # "A ship whose hold already carries 4 of that resource cannot mine there."
    assert "mine" not in texts(position(phase="work", positions=["C2", "C3"], holds=[[0, 0, 4], [0, 0, 0]]))
    # trade at the station: pay 2, take 1 of a resource the hold has fewer than 4 of
    at_station = position(phase="work", holds=[[2, 4, 0], [0, 0, 0]])
    trades = [t for t in texts(at_station) if t.startswith("trade")]
    assert trades == ["trade 2 ore for 1 crystal", "trade 2 ice for 1 ore", "trade 2 ice for 1 crystal"]
    assert at_station.apply_text("trade 2 ice for 1 ore").hold(0) == (3, 2, 0)
    # scan draws the top contract, then the turn ends
    scanning = at_station.apply_text("scan")
    assert scanning.front == (Kind.DRAW, 0) and scanning.current_player == CHANCE
    drawn = scanning.apply_text("draw drill")
    assert drawn.hands[0] == cards("hull plating", "drill")
    assert drawn.active == 1
    rested = at_station.apply_text("rest")
    assert rested.holds == at_station.holds and rested.active == 1


def test_s7_delivering_contracts() -> None:
    """§7: "pay the cargo it asks for from the hold and lay the contract face up in front of you"."""
    state = position(phase="work", holds=[[2, 2, 2], [0, 0, 0]], hands=[["reactor", "drill"], ["lenses"]])
    assert "deliver reactor" in texts(state) and "deliver drill" not in texts(state)  # drill needs 3 ore
    after = state.apply_text("deliver reactor")
    assert after.hold(0) == (0, 0, 1)
    assert after.hands[0] == cards("drill")
    assert after.delivered[0] == cards("reactor")
    assert after.score_parts(0)[0] == 5
    # only at the station
    away = position(
        phase="work", positions=["A1", "C3"], holds=[[3, 2, 2], [0, 0, 0]], hands=[["reactor"], []]
    )
    assert not any(t.startswith("deliver") for t in texts(away))


def test_s8_turn_order_and_end_of_the_game() -> None:
    """§8:

    "The game ends at the end of a round in which any player has delivered contracts worth 12 points".
    """
    delivered = [["reactor", "telescope"], []]  # 10 points
    state = position(
        phase="work", holds=[[2, 1, 2], [0, 0, 0]], hands=[["warp core"], ["lenses"]], delivered=delivered
    ).apply_text("deliver warp core")
    assert state.ending and state.active == 1 and state.current_player == CHANCE  # seat 1 still plays
    state = state.apply_text("roll 1").apply_text("stay").apply_text("rest")
    assert state.current_player == TERMINAL and state.phase == "over"
    # "and at the end of round 15 in any case"
    last = position(phase="work", active=1, round=15).apply_text("rest")
    assert last.is_terminal
    not_yet = position(phase="work", active=1, round=14).apply_text("rest")
    assert not_yet.round == 15 and not_yet.active == 0


def test_s9_scoring_and_winning() -> None:
    """§9:

    "cargo: 1 point for every full 3 resources" ... "minus 1 point for every contract still in their hand".
    """
    state = position(
        phase="work",
        active=1,
        round=15,
        holds=[[4, 4, 0], [2, 0, 0]],
        hands=[["lenses", "laser"], []],
        delivered=[["drill"], ["coolant", "sensor"]],
    ).apply_text("rest")
    game = state.game
    assert game.score_breakdown(state) == {
        "contracts": (4.0, 4.0),
        "cargo": (2.0, 0.0),
        "unfinished": (-2.0, 0.0),
    }
    assert state.scores() == (4.0, 4.0)
    assert state.winners == frozenset({0, 1}) and state.returns() == (0.5, 0.5)


def test_s10_what_each_player_knows() -> None:
    """§10:

    "The contracts in a hand are known only to their owner; the order of the deck is known to no one".
    """
    mine = position(hands=[["lenses"], ["drill"]])
    theirs = position(hands=[["lenses"], ["reactor"]])
    assert mine.view(0) == theirs.view(0)
    assert mine.view(1) != theirs.view(1)
    game = AsteroidRush(2)
    assert np.array_equal(game.observation_tensor(mine, 0), game.observation_tensor(theirs, 0))
    resampled = game.resample(mine.view(0), np.random.default_rng(3))
    assert resampled.hands[0] == mine.hands[0] and sum(resampled.hands[1]) == 1
    scan = position(phase="draw", active=1)
    draw = game.parse_action("draw reactor")
    assert game.describe_action(scan, draw, viewer=0) == "Orange draws a contract"
    assert game.describe_action(scan, draw, viewer=1) == "Orange draws reactor"
    assert "reactor" not in game.render_view(scan.apply(draw).view(0))
    assert "reactor" in game.render_view(scan.apply(draw).view(1))


def test_the_traceability_table_names_real_code_and_tests() -> None:
    """Every `module.name` and `test_name` in the README's traceability table exists."""
    import importlib
    import re
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text("utf-8")
    table = readme[readme.index("## Traceability") : readme.index("## Interpretations")]
    tests = set(re.findall(r"^def (test_\w+)", Path(__file__).read_text("utf-8"), re.M))
    named_tests = re.findall(r"`(test_\w+)`", table)
    assert len(named_tests) >= 10 and set(named_tests) <= tests
    modules = "components|state|setup|roll|flight|working|turn_order|scoring|knowledge|render|rules|game"
    names = re.findall(rf"`({modules})\.(\w+)(?:\.(\w+))?`", table)
    assert len(names) >= 15
    for module, name, attribute in names:
        target = getattr(importlib.import_module(f"asteroid_rush.{module}"), name)
        assert not attribute or hasattr(target, attribute), f"{module}.{name}.{attribute}"
