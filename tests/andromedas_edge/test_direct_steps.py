"""The steps applied straight on the successor (no working copy): end of turn,
tactics draws and moon reveals, checked against their rules along seeded
random games."""

from __future__ import annotations

import boardgames as bg
from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import progress_tracks
from boardgames.games.andromedas_edge.state import MARKER_ON_STATION, PLAY, Task
from boardgames.kernel.chance import Sampler
from boardgames.kernel.registry import game_class


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


def test_settling_on_the_successor_agrees_with_settling_on_a_work() -> None:
    """The ``direct_needed`` checks (``rules.step_looks``, ``chance_looks``,
    ``listing_looks``, ``window_on_state``, ``off_turn_needed``) settle a direct
    action's successor as the ``needed`` checks do on a Work: the same game
    played by a machine without them goes through the same states.  Every
    answer they give (needed, dropped, left to the Work) comes up."""
    answers: dict[object, int] = {}
    for players, seed in ((2, 4), (3, 5), (4, 13)):  # 4 players, seed 13: a None (rare)
        # Instances of their own (bg.make shares one per configuration): their hooks change.
        game = game_class("andromedas-edge")(players)
        plain = game_class("andromedas-edge")(players)
        machine = game.rules
        counted = []
        for look in machine._direct_needed:
            if look is None:
                counted.append(None)
                continue

            def counting(s, d, step, _look=look):  # type: ignore[no-untyped-def]
                answer = _look(s, d, step)
                answers[answer] = answers.get(answer, 0) + 1
                return answer

            counted.append(counting)
        machine._direct_needed = tuple(counted)
        plain.rules._direct_needed = (None,) * len(counted)
        sampler = Sampler(seed)
        state, other = game.new_game(seed), plain.new_game(seed)
        while not state.is_terminal:
            assert bg.to_json(state) == bg.to_json(other)
            assert state.current_player == other.current_player
            if state.is_chance:
                outcomes = state.chance_outcome_ids()
                assert outcomes == other.chance_outcome_ids()
                action_id = outcomes[sampler.index(len(outcomes))][0]
            else:
                legal = state.legal_action_ids()
                assert legal == other.legal_action_ids()
                action_id = legal[sampler.index(len(legal))]
            state, other = state.apply_id(action_id), other.apply_id(action_id)
        assert other.is_terminal and state.scores() == other.scores()
    assert answers.get(True, 0) > 50 and answers.get(False, 0) > 50 and answers.get(None, 0) > 0
