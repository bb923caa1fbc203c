"""Optional Rules: Special Regions (Quasars, Vortexes), Destiny Cards, 2v2 Mode."""

from __future__ import annotations

from boardgames.games.andromedas_edge import battle, scoring
from boardgames.games.andromedas_edge.work import OVER, Task
from tests.andromedas_edge.helpers import game, play, set_row, started, texts, turn_of, with_fields


def test_quasars_are_placed_first_and_block_movement() -> None:
    g = game(2, special_regions="quasars")
    state = g.new_game(0)
    a, b = g.components.special_spaces
    assert state.layout[a] == 21 and state.layout[b] == 22
    assert sum(1 for t in state.layout if 0 <= t < 21) == 10  # same number of planets and bases
    assert a not in g.launchable(state.layout)
    # range is counted around, not through, a Quasar
    left, right = a - 1, a + 1
    assert g.dist[left][right] > 2
    plain = game(2)
    assert plain.dist[left][right] == 2


def test_special_region_die_numbers_place_raiders() -> None:
    g = game(2, special_regions="vortexes")
    tile = g.components.vortexes[0]
    for face in tile.numbers:
        assert g.face_region[face] == g.components.special_spaces[0]


def test_vortex_benefit_on_launch_and_at_start_of_turn() -> None:
    state = started(2, special_regions="vortexes")
    state = with_fields(state, rpos=[-1] * len(state.rpos))
    g = state.game
    p = state.active
    space = g.components.special_spaces[0]
    mine = list(state.ships[p])
    mine[0] = space
    state = set_row(state, "ships", p, mine)
    before = state.res[p]
    state = play(turn_of(state, p, [(Task.POST, p, 0, 0)]), "end turn")
    other = state.active
    state = play(state, "return to station", "done", "end turn")
    assert state.active == p
    gain = g.components.vortexes[0].gain
    assert state.res[p] == tuple(min(c, a + b) for a, b, c in zip(before, gain, (10, 5, 5, 5, 5)))
    del other


def test_special_region_scoring_for_adjacent_developments() -> None:
    state = started(2, special_regions="quasars")
    g = state.game
    space = g.components.special_spaces[0]
    planet = next(r for r in g.adjacent[space] if r < g.spaces and 0 <= state.layout[r] < 15)
    dev = [-1] * g.regions
    dev[planet] = 0
    state = with_fields(state, dev=dev, phase=OVER)
    assert scoring.final_parts(state, 0)["special regions"] >= g.components.quasars[0].vp


def test_2v2_teammates_do_not_battle() -> None:
    state = started(4, teams=True)
    region = 7
    ships = [list(row) for row in state.ships]
    ships[0][0] = region
    ships[1][0] = region
    state = with_fields(state, ships=ships, rpos=[-1] * len(state.rpos))
    assert battle.sides_present(state, region) == {0}
    ships[2][0] = region
    state = with_fields(state, ships=ships)
    assert battle.sides_present(state, region) == {0, 1}


def test_2v2_team_scores_and_transfers() -> None:
    state = started(4, teams=True)
    over = with_fields(state, phase=OVER, vp=[30, 30, 50, 5])
    scores = over.scores()
    mine = scores[0] + scores[1]
    theirs = scores[2] + scores[3]
    assert over.winners == (
        frozenset({0, 1}) if mine > theirs else frozenset({2, 3}) if theirs > mine else over.winners
    )
    p = state.active
    state = set_row(state, "res", p, [2, 0, 0, 0, 0])
    assert "give 1 energy to teammate" in texts(state)
    after = play(state, "give 1 energy to teammate")
    assert after.res[p ^ 1][0] == state.res[p ^ 1][0] + 1
    assert not any("teammate" in t for t in texts(after))  # once per turn


def test_2v2_start_player_is_the_leftmost_of_the_winning_team() -> None:
    g = game(4, teams=True)
    assert {g.new_game(s).active for s in range(20)} <= {0, 2}
