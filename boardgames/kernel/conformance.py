"""The public conformance checker: the contract every game must pass.

``check_game("my-game", seeds=range(200))`` plays seeded random games at
every supported player count and checks, at every step, what the public
contract promises (see ``docs/contract.md``).  Plug-in authors run it on
their own games; the test suite runs it on every registered game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import attrs
import numpy as np

from boardgames.kernel.actions import Action
from boardgames.kernel.chance import Sampler, make_rng
from boardgames.kernel.driver import sample_outcome
from boardgames.kernel.errors import BoardGameError, ConformanceError, IllegalActionError
from boardgames.kernel.game import CHANCE, TERMINAL, Game, State
from boardgames.kernel.registry import game_class, make
from boardgames.kernel.serialize import Replay, from_json, to_json

__all__ = ["ConformanceReport", "check_game", "check_state"]


@attrs.frozen
class ConformanceReport:
    game: str
    games_played: int
    actions_applied: int
    longest_game: int
    player_counts: tuple[int, ...]


def _fail(game: Game, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game!r}, seed {seed}, step {step}: {what}")


def check_state(game: Game, state: State, seed: int = 0, step: int = 0, *, deep: bool = True) -> None:
    """Check one state against the contract (raises :class:`ConformanceError`)."""
    player = state.current_player
    if state.is_terminal is not (player == TERMINAL) or state.is_chance is not (player == CHANCE):
        raise _fail(
            game, seed, step,
            f"is_terminal {state.is_terminal!r} and is_chance {state.is_chance!r} disagree with "
            f"current_player {player} (a game sets _player with State._set_player)",
        )
    legal = state.legal_actions()
    ids = state.legal_action_ids()
    if player == TERMINAL:
        if legal or state.chance_outcomes():
            raise _fail(game, seed, step, "a terminal state offers actions")
        winners = state.winners
        if not winners <= frozenset(range(game.players)):
            raise _fail(game, seed, step, "winners names someone who is not a player")
        if state.truncated:
            if winners or any(state.returns()):
                raise _fail(game, seed, step, "a truncated game has winners")
        elif not winners and game.players > 1:
            raise _fail(game, seed, step, "a terminal state of a multiplayer game has no winner")
        if len(state.scores()) != game.players:
            raise _fail(game, seed, step, "scores() has the wrong length")
        if not math.isclose(sum(state.returns()), 1.0 if winners else 0.0):
            raise _fail(game, seed, step, "returns() do not share 1 among the winners")
        return
    if state.winners:
        raise _fail(game, seed, step, "winners before the end")
    if state.truncated:
        raise _fail(game, seed, step, "truncated before the end")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if legal:
            raise _fail(game, seed, step, "a chance node offers player actions")
        if not outcomes:
            raise _fail(game, seed, step, "a chance node has no outcomes")
        if [(game.action_id(a), p) for a, p in outcomes] != list(state.chance_outcome_ids()):
            raise _fail(game, seed, step, "chance_outcomes() and chance_outcome_ids() disagree")
        probabilities = [p for _, p in outcomes]
        if any(not 0.0 < p <= 1.0 for p in probabilities) or not math.isclose(
            sum(probabilities), 1.0, abs_tol=1e-9
        ):
            raise _fail(game, seed, step, f"chance probabilities {probabilities} do not sum to 1")
        texts = [str(a) for a, _ in outcomes]
        if len(set(texts)) != len(texts):
            raise _fail(game, seed, step, "two chance outcomes share a text")
        return
    if not 0 <= player < game.players:
        raise _fail(game, seed, step, f"current_player {player} is not a player, CHANCE or TERMINAL")
    if not legal:
        raise _fail(game, seed, step, "no legal actions at a decision")
    if list(ids) != sorted(set(ids)):
        raise _fail(game, seed, step, "legal action ids are not ascending and distinct")
    if legal != tuple(game.action_from_id(i) for i in ids):
        raise _fail(game, seed, step, "legal_actions() and legal_action_ids() disagree")
    texts = [str(a) for a in legal]
    if len(set(texts)) != len(texts):
        raise _fail(game, seed, step, "two legal actions share a text")
    mask = state.legal_action_mask()
    if mask.dtype != np.bool_ or mask.shape != (game.num_distinct_actions,):
        raise _fail(game, seed, step, "the mask has the wrong dtype or shape")
    if set(np.flatnonzero(mask).tolist()) != set(ids):
        raise _fail(game, seed, step, "the mask disagrees with legal_actions()")
    if deep:
        for action, action_id in zip(legal, ids):
            if game.action_id(action) != action_id or game.parse_action(str(action)) != action:
                raise _fail(game, seed, step, f"{action} does not round-trip through its id and text")


def _check_fresh_caches(game: Game, state: State, seed: int, step: int, action: Action) -> None:
    """A successor's caches hold nothing of its parent's (which the checker has
    just asked every question): each is empty or what the successor computes."""
    fields = state.__dict__
    decision = state.current_player >= 0
    legal = fields["_legal"]
    if legal is not None and legal != (state._legal_ids() if decision else ()):
        raise _fail(game, seed, step, f"after {action} the successor holds stale legal ids")
    outcomes = fields["_chance"]
    if outcomes is not None and outcomes != (state._chance_ids() if state.is_chance else ()):
        raise _fail(game, seed, step, f"after {action} the successor holds stale chance outcomes")


def _check_illegal_rejected(game: Game, state: State, seed: int, step: int, sampler: Sampler) -> None:
    if state.is_terminal:
        allowed: set[int] = set()
    elif state.is_chance:
        allowed = {i for i, _ in state.chance_outcome_ids()}
    else:
        allowed = set(state.legal_action_ids())
    if len(allowed) >= game.num_distinct_actions:
        return
    before = game.state_to_data(state)
    for _ in range(3):
        candidate = sampler.index(game.num_distinct_actions)
        if candidate in allowed:
            continue
        try:
            state.apply(game.action_from_id(candidate))
        except IllegalActionError:
            pass
        else:
            raise _fail(game, seed, step, f"illegal action {game.action_from_id(candidate)} was accepted")
    if game.state_to_data(state) != before:
        raise _fail(game, seed, step, "a rejected action changed the state")


def _check_heuristics(game: Game, state: State, seed: int, step: int) -> None:
    values = game.heuristics(state)
    if not isinstance(values, tuple) or len(values) != game.players:
        raise _fail(game, seed, step, "heuristics() is not a tuple with one value per player")
    for p, value in enumerate(values):
        if not 0.0 <= value <= 1.0:
            raise _fail(game, seed, step, f"heuristic for player {p} is {value!r}, not in [0, 1]")
        if game.heuristic(state, p) != value:
            raise _fail(game, seed, step, f"heuristic(state, {p}) differs from heuristics(state)[{p}]")


def _check_views(game: Game, state: State, seed: int, step: int, rng: np.random.Generator) -> None:
    _check_heuristics(game, state, seed, step)
    for p in range(game.players):
        view = state.view(p)
        if view.game is not game:
            raise _fail(game, seed, step, f"player {p}'s view does not name its game (pass game=self.game)")
        tensor = game.observation_tensor(state, p)
        if tensor.dtype != np.float32 or tensor.shape != game.observation_shape:
            raise _fail(game, seed, step, f"observation tensor for player {p} has the wrong shape or dtype")
        other = game.resample(view, rng)
        if other.view(p) != view:
            raise _fail(game, seed, step, f"resample() of player {p}'s view is not consistent with it")
        if not np.array_equal(game.observation_tensor(other, p), tensor):
            raise _fail(game, seed, step, f"observation of player {p} depends on hidden information")
        if other.current_player != state.current_player:
            raise _fail(game, seed, step, "a resampled state has another player to act")
        if state.current_player == p and other.legal_action_ids() != state.legal_action_ids():
            raise _fail(game, seed, step, f"player {p}'s legal actions depend on what they cannot see")


def _check_view_json(game: Game, state: State, seed: int, step: int) -> None:
    for p in range(game.players):
        view = state.view(p)
        try:
            again = from_json(to_json(view), game=game)
        except BoardGameError as error:
            raise _fail(game, seed, step, f"JSON round trip of player {p}'s view failed: {error}") from None
        if again != view or again.game != game:
            raise _fail(game, seed, step, f"JSON round trip changed player {p}'s view")


def _play_one(game: Game, seed: int, *, view_every: int, json_every: int) -> tuple[int, State, Replay]:
    sampler = Sampler(seed)
    rng = make_rng(seed + 1_000_003)
    initial = state = game.new_game(seed)
    if game.new_game(seed) != initial:
        raise _fail(game, seed, 0, "new_game(seed) is not deterministic")
    texts: list[str] = []
    bound = game.max_game_length
    step = 0
    while True:
        check_state(game, state, seed, step, deep=step % 7 == 0)
        if step % json_every == 0 or state.is_terminal:
            try:
                again = from_json(to_json(state), game=game)
            except BoardGameError as error:
                raise _fail(game, seed, step, f"JSON round trip failed: {error}") from None
            if again != state:
                raise _fail(game, seed, step, "JSON round trip changed the state")
            if again.scores() != state.scores():
                raise _fail(game, seed, step, "scores differ after a JSON round trip")
        if step % view_every == 0 or state.is_terminal:
            _check_views(game, state, seed, step, rng)
        if step == 0 or state.is_terminal:
            _check_view_json(game, state, seed, step)
        if step % 11 == 0:
            _check_illegal_rejected(game, state, seed, step, sampler)
        if state.is_terminal:
            break
        if step >= bound:
            raise _fail(
                game, seed, step, f"the game did not end within its declared bound of {bound} actions"
            )
        if state.is_chance:
            action = game.action_from_id(sample_outcome(state, sampler))
        else:
            legal = state.legal_actions()
            action = legal[sampler.index(len(legal))]
        # Every step: apply must not rebind any field of the old state.  Every
        # fifth step also compare full serializations, which catches a value
        # mutated in place.
        fields = state._fields()
        deep = step % 5 == 0
        snapshot = game.state_to_data(state) if deep else None
        following = state.apply(action)
        after = state._fields()
        if after.keys() != fields.keys() or any(after[k] is not v for k, v in fields.items()):
            raise _fail(game, seed, step, f"apply({action}) changed the old state")
        if deep and game.state_to_data(state) != snapshot:
            raise _fail(game, seed, step, f"apply({action}) changed the old state")
        if deep and state._apply(game.action_id(action)) != following:
            # apply goes through game._next_state, which a game may point past _apply
            raise _fail(game, seed, step, f"the state's _apply({action}) and apply disagree")
        if following.__dict__.keys() != state.__dict__.keys():
            # a rule that stored a field the state class does not have (or dropped one)
            raise _fail(game, seed, step, f"apply({action}) gave a successor with other fields")
        _check_fresh_caches(game, following, seed, step, action)
        texts.append(str(action))
        state = following
        step += 1
    replay = Replay.record(initial, seed, texts, state)
    return step, state, replay


def check_game(
    game: str | Game,
    seeds: Iterable[int] = range(20),
    players: Iterable[int] | None = None,
    *,
    view_every: int = 5,
    json_every: int = 9,
    **options: Any,
) -> ConformanceReport:
    """Play seeded random games and check the public contract throughout.

    ``game`` is a registered id (made at every player count in ``players``,
    default all supported) or one configured :class:`Game`.  Raises
    :class:`ConformanceError` naming the game, seed and step of the first
    failure; returns a report of what was checked.
    """
    if isinstance(game, Game):
        games = [game]
    else:
        spec = game_class(game).spec
        counts = (
            tuple(players) if players is not None else tuple(range(spec.min_players, spec.max_players + 1))
        )
        games = [make(game, players=n, **options) for n in counts]
    seeds = tuple(seeds)
    played = applied = longest = 0
    for g in games:
        for seed in seeds:
            length, final, replay = _play_one(g, seed, view_every=view_every, json_every=json_every)
            again = Replay.from_json(replay.to_json(), game=g).run(g)
            if again != final:
                raise _fail(g, seed, length, "the same seed and actions gave a different game")
            played += 1
            applied += length
            longest = max(longest, length)
    return ConformanceReport(
        game=games[0].id,
        games_played=played,
        actions_applied=applied,
        longest_game=longest,
        player_counts=tuple(g.players for g in games),
    )
