"""Rulebook "Game End and Scoring": the five parts, the Major Ideologies and the tie-breaks."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

import boardgames as bg
from boardgames.games.age_of_galaxy import scoring
from boardgames.games.age_of_galaxy.components import (
    CULTURAL,
    DIPLOMATIC,
    IDEOLOGIES,
    INDUSTRIAL,
    MILITARISTIC,
    SCIENTIFIC,
)
from boardgames.games.age_of_galaxy.state import AgeState
from boardgames.kernel.driver import random_playout
from boardgames.kernel.game import TERMINAL
from tests.age_of_galaxy.helpers import (
    card,
    clear_planets,
    edit,
    started,
    techs,
    with_alliance,
    with_planet,
    zero_res,
)
from tests.tamper import random_step


def plain(ideology: int, count: int = 1) -> AgeState:
    state = clear_planets(started(2, seed=3))
    game = state.game
    cards = [f.index for f in game.components.factions if f.ideology == ideology and not f.scoring
             and not f.technologies][:count]
    state = with_alliance(state, 0, *cards)
    state = zero_res(state, 0, prestige=9, relic=5, strength=7)
    state = with_planet(state, 0, 0, 0, 1)  # Colonized
    state = with_planet(state, 1, 1, 0, 2)  # Developed
    state = with_planet(state, 4, 0, 0, 3)  # Conquered
    return edit(state, techs=(techs(game, "Laser Weapon", "Plasma Weapon", "Antimatter Missile"), 0))


@pytest.mark.parametrize(
    ("ideology", "points"),
    [
        (SCIENTIFIC, 1),  # 1 Advanced Technology
        (DIPLOMATIC, 2),  # 9 Prestige // 4
        (MILITARISTIC, 1 + 3),  # 1 Conquered planet + 7 Strength // 2
        (INDUSTRIAL, 1),  # 1 Developed planet
        (CULTURAL, 2),  # 5 Relics // 2
    ],
)
def test_scoring_major_ideology(ideology: int, points: int) -> None:
    state = plain(ideology)
    parts = state.game.score_breakdown(state)
    assert parts["major ideology"][0] == points, IDEOLOGIES[ideology]
    assert parts["prestige"][0] == 9 and parts["relics"][0] == 5
    assert parts["galaxy"][0] == 1 + 2  # Conquered planets give nothing
    assert sum(v[0] for v in parts.values()) == state.scores()[0]


def test_scoring_no_major_ideology_on_a_tie() -> None:
    state = plain(SCIENTIFIC)
    game = state.game
    a = next(f.index for f in game.components.factions if f.ideology == CULTURAL and not f.technologies)
    state = with_alliance(state, 0, state.alliance[0][0], a)
    assert scoring.major_ideology(game.tables, state, 0) is None
    assert game.score_breakdown(state)["major ideology"][0] == 0


def test_majority_is_the_one_most_shared_ideology() -> None:
    """``majority`` against counting in a Counter: every list of up to 4 Ideologies."""
    for size in range(5):
        for ideologies in itertools.product(range(len(IDEOLOGIES)), repeat=size):
            counts = Counter(ideologies).most_common()
            expected = counts[0][0] if counts and (len(counts) == 1 or counts[1][1] < counts[0][1]) else None
            assert scoring.majority(list(ideologies)) == expected, ideologies


def test_scoring_faction_scorings_and_galactic_network() -> None:
    state = plain(INDUSTRIAL)
    game = state.game
    scorer = next(f for f in game.components.factions if f.scoring == (1, 1, 1))  # 1 per Developed
    state = with_alliance(state, 0, scorer.index)
    assert game.score_breakdown(state)["faction scoring"][0] == 1
    network = edit(state, techs=(techs(game, "Galactic Protocol", "Galactic Network"), 0))
    assert game.score_breakdown(network)["faction scoring"][0] == 1 + 1 * 1 + 2 * 1


def test_scoring_prestige_beyond_20_and_40_is_a_plain_number() -> None:
    state = zero_res(plain(SCIENTIFIC), 0, prestige=45)
    assert state.game.score_breakdown(state)["prestige"][0] == 45


def test_scoring_ties_go_to_prestige_then_the_disc_on_top() -> None:
    state = clear_planets(started(2, seed=3))
    game = state.game
    state = with_alliance(state, 0, card(game, "Aurelith"))
    state = with_alliance(state, 1, card(game, "Brakkan"))
    state = edit(zero_res(zero_res(state, 0, prestige=3, relic=2), 1, prestige=5, relic=1), _player=TERMINAL)
    a, b = state.scores()
    assert a == b and state.winners == frozenset({1})  # more Prestige
    state = edit(zero_res(zero_res(state, 0, prestige=5, relic=1), 1, prestige=5, relic=1),
                 stamp=(8, 3), clock=8)
    assert state.winners == frozenset({0})  # same Prestige: the disc on top
    assert state.returns() == (1.0, 0.0)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_scores_from_one_pass_equal_the_sum_of_the_parts(players: int) -> None:
    game = bg.make("age-of-galaxy", players=players)
    checked = 0
    for seed in range(3):
        def check(state: bg.State) -> None:
            nonlocal checked
            assert isinstance(state, AgeState)
            parts = game.score_breakdown(state)
            assert state.scores() == tuple(sum(v[p] for v in parts.values()) for p in range(players))
            checked += 1
        random_playout(game, seed, on_state=check)
    assert checked > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_totals_and_heuristics_agree_with_the_breakdown_along_random_games(players: int) -> None:
    """The remembered tables behind ``scoring.totals`` (profiles per Technologies and
    Alliance, planet counts per layout) give the sum of :func:`scoring.breakdown`'s parts,
    and the heuristic is that sum plus the resources' worth against the best rival."""
    import numpy as np

    from boardgames.games.age_of_galaxy.components import (
        CREDIT,
        CRUISER,
        INFLUENCE,
        INNOVATION,
        PRODUCTIVITY,
        STRENGTH,
    )

    game = bg.make("age-of-galaxy", players=players)
    rng = np.random.default_rng(3)
    checked = 0
    for seed in range(3):
        state = game.new_game(seed)
        while not state.is_terminal:
            parts = scoring.breakdown(game.tables, state)
            expected = [int(sum(values[p] for values in parts.values())) for p in range(players)]
            assert scoring.totals(game.tables, state) == expected
            r, rounds_left = state.res, max(0, 5 - state.round)
            values = [
                expected[p] + r[p * 8 + CREDIT] / 3.5 + r[p * 8 + INNOVATION] / 2.5
                + r[p * 8 + INFLUENCE] / 2.0 + r[p * 8 + CRUISER] * 0.4 + r[p * 8 + STRENGTH] * 0.2
                + r[p * 8 + PRODUCTIVITY] * rounds_left / 3.5 + state.hands[p].bit_count() * 0.8
                for p in range(players)
            ]
            rivals = [max(v for q, v in enumerate(values) if q != p) for p in range(players)]
            # the logistic of the lead, by math.exp as kernel.game.leads_over_rivals takes it
            # (numpy's exp can differ in the last bit, on machines with AVX-512 for one)
            assert game._heuristics(state) == tuple(
                1.0 / (1.0 + math.exp(-(values[p] - rivals[p]) / 6.0)) for p in range(players)
            )
            checked += 1
            state = random_step(state, rng)
    assert checked > 300
