"""Game End, Final Scoring and Resolving Ties."""

from __future__ import annotations

import boardgames as bg
from boardgames.games.andromedas_edge import progress_tracks as progress
from boardgames.games.andromedas_edge import scoring
from boardgames.games.andromedas_edge.state import MARKER_REMOVED, OVER, Task, Work
from tests.andromedas_edge.helpers import game, play, set_row, started, turn_of, with_fields


def test_reaching_the_terminus_gives_every_player_one_more_turn() -> None:
    state = started(3)
    p = state.active
    state = set_row(state, "vp", p, 49)
    w = Work(state._successor())
    synced = w.sync()
    progress.add_vp(synced, synced.__dict__, p, 1)
    assert w.final == 3 and w.event_pos == MARKER_REMOVED
    w.commit()
    s = with_fields(state, vp=w.vp, final=w.final, event_pos=w.event_pos, tasks=[(Task.POST, p, 0, 0)])
    order = []
    turns = 0
    while not s.is_terminal:
        if s.is_chance:
            s = s.apply(s.chance_outcomes()[0][0])
            continue
        if s.tasks[0][0] == Task.MAIN:
            order.append(s.active)
            s = play(s, "return to station", "done", "end turn")
            turns += 1
            continue
        s = s.apply(s.legal_actions()[0])
    # the triggering player's turn ends, then each player (including them) takes 1 more turn
    assert order == [(p + 1) % 3, (p + 2) % 3, p]
    assert s.current_player == bg.TERMINAL


def test_no_event_cards_during_the_final_turns() -> None:
    state = started(2)
    p = state.active
    state = with_fields(state, final=2, event_pos=MARKER_REMOVED, event_holder=p)
    state = play(turn_of(state, p, [(Task.POST, p, 0, 0)]), "end turn")
    assert state.tasks[0][0] == Task.MAIN


def _over(state):  # type: ignore[no-untyped-def]
    return with_fields(state, phase=OVER)


def test_final_scoring_parts() -> None:
    state = started(2)
    p = state.active
    g = state.game
    planet = next(r for r, code in enumerate(state.layout) if 0 <= code < 15)
    kind = g.components.planets[state.layout[planet]].type
    dev = [-1] * g.regions
    dev[planet] = p
    tracks = [0, 0, 0, 0, 0]
    tracks[kind] = 5  # development level 2
    tracks[2] = max(tracks[2], 4)  # vault 1
    state = with_fields(state, dev=dev)
    state = set_row(state, "tracks", p, tracks)
    state = set_row(state, "res", p, [2, 1, 0, 0, 0])
    state = set_row(state, "mdmg", p, [1, 0, 0, 0])
    parts = scoring.final_parts(_over(state), p)
    assert parts["progress tracks"] == sum(g.components.tracks[t].vp[tracks[t]] for t in range(5))
    assert parts["developments"] == 7
    assert parts["damaged modules"] == -2
    assert parts["vault bonus"] == 3 * 1
    assert parts["leaders"] == state.leaders_home[p]
    table = g.score_breakdown(_over(state))
    assert sum(col[p] for col in table.values()) == _over(state).scores()[p]


def test_ties_broken_by_modules_then_resources_then_shared() -> None:
    state = _over(started(2))
    state = with_fields(state, vp=[60, 60], res=[[0] * 5, [0] * 5], tracks=[[0] * 5, [0] * 5])
    state = with_fields(state, leaders_home=[0, 0], faction=[-1, -1])
    assert state.winners == frozenset({0, 1})
    richer = set_row(state, "res", 1, [1, 0, 0, 0, 0])
    assert richer.winners == frozenset({1})
    bigger = set_row(set_row(richer, "station", 0, [0, 1, 2, 3, 5]), "mdmg", 0, [0] * 5)
    bigger = set_row(set_row(bigger, "mmoon", 0, [-1] * 5), "mused", 0, [0] * 5)
    assert bigger.winners == frozenset({0})


def test_destiny_goals_need_the_highest_marker() -> None:
    state = _over(started(2, destiny=True))
    g = state.game
    card = state.destiny[0]
    (t1, v1), (t2, _v2) = g.components.destiny[card].goals
    tracks = [[0] * 5, [0] * 5]
    tracks[0][t1] = 3
    tracks[1][t2] = 3
    state = with_fields(state, tracks=tracks)
    assert scoring.final_parts(state, 0)["destiny"] == v1


def test_turn_limit_truncates_without_winners() -> None:
    # Not a rule: a cap for simulations.  A game stopped there is marked, has no
    # winners and returns 0 to everyone; a game that ends by its rules is not marked.
    from boardgames.kernel.driver import random_playout

    g = game(2, turn_limit=20)
    stopped = random_playout(g, 3).final
    assert stopped.is_terminal and stopped.truncated and stopped.turn == 20  # type: ignore[attr-defined]
    assert stopped.winners == frozenset() and stopped.returns() == (0.0, 0.0)
    assert "truncated" in g.render(stopped)
    ended = random_playout(game(2), 3).final
    assert not ended.truncated and ended.final == 0 and ended.winners  # type: ignore[attr-defined]
    assert sum(ended.returns()) == 1.0
