"""The steps applied straight on the successor (no working copy): end of turn,
tactics draws and moon reveals, checked against their rules along seeded
random games."""

from __future__ import annotations

import boardgames as bg
from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import progress_tracks
from boardgames.games.andromedas_edge.state import MARKER_ON_STATION, PLAY, Task
from boardgames.kernel.chance import Sampler


def _random_steps(players: int, seed: int):  # type: ignore[no-untyped-def]
    """(state, action, successor) along a seeded random game."""
    game = bg.make("andromedas-edge", players=players)
    sampler = Sampler(seed)
    state = game.new_game(seed)
    while not state.is_terminal:
        if state.is_chance:
            outcomes = state.chance_outcomes()
            action = outcomes[sampler.index(len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[sampler.index(len(legal))]
        after = state.apply(action)
        yield state, action, after
        state = after


def test_direct_steps_follow_their_rules() -> None:
    seen = {A.EndTurn: 0, A.DrawnTactic: 0, A.MoonRevealed: 0}
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for state, action, after in _random_steps(players, seed):
            if isinstance(action, A.DrawnTactic):
                seen[A.DrawnTactic] += 1
                p, left = state.tasks[0][1], state.tasks[0][2]
                assert after.tdeck[action.kind] == state.tdeck[action.kind] - 1
                assert after.hands[p][action.kind] == state.hands[p][action.kind] + 1
                if left > 1 and sum(after.tdeck) + sum(after.tdiscard):
                    assert after.tasks[0][:3] == (Task.DRAW, p, left - 1)
            elif isinstance(action, A.MoonRevealed):
                seen[A.MoonRevealed] += 1
                region = state.tasks[0][2]
                assert after.moon_top[region] == action.kind
                assert after.moon_pool[action.kind] == state.moon_pool[action.kind] - 1
                assert after.moon_hidden[region] == state.moon_hidden[region] - 1
            elif isinstance(action, A.EndTurn):
                seen[A.EndTurn] += 1
                p = state.active
                head = after.tasks[0] if after.tasks else None
                over_limit = sum(state.hands[p]) > progress_tracks.tactics_limit(state, p)
                if head is not None and head[0] == Task.OFF_TURN:
                    continue  # another player's window for an any-turn card comes first
                if over_limit:
                    assert head is not None and head[:2] == (Task.DISCARD, p)
                elif (
                    state.event_holder == p and state.event_pos == MARKER_ON_STATION and state.final < 0
                ):
                    assert head is not None and head[0] == Task.EVENT
                elif after.phase == PLAY:
                    nxt = (p + 1) % state.game.players
                    assert head == (Task.MAIN, nxt, 0, 0)
                    assert (after.active, after.region, after.turn) == (nxt, -1, state.turn + 1)
                    assert not (after.transferred or after.ability_used or after.module_first)
                    caps = (10, 5, 5, 5, 5)  # Taking Your Turn: the excess is discarded
                    assert after.res[p] == tuple(min(n, cap) for n, cap in zip(state.res[p], caps))
    assert all(seen.values()), seen
