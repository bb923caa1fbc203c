"""Information-set Monte Carlo tree search with determinization.

The bot searches one tree for its information set (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012).  Every iteration draws a full state
consistent with the bot's view (``game.resample``) and walks the tree with
it: a node's children are keyed by action id, and only the actions legal in
this determinization are candidates.  Selection is UCB1 in which a child's
exploration term counts the iterations in which it was *available*, not its
parent's visits, so actions that are legal only in some determinizations
are not starved.  Chance nodes are sampled with their exact probabilities and
get one child per outcome seen.  Each node keeps the payoff of the player who
chose the action leading to it (max-n), so any number of players works.

A leaf is valued by a uniform random rollout to the end of the game
(``returns``), or, when ``rollout_depth`` is set, by a rollout of at most that
many actions followed by ``game.heuristic`` for every player: the cheap
evaluation that long games need.

With ``prior_visits`` > 0 (progressive bias), the first time the search
reaches a decision node it values every legal action by ``game.heuristic`` of
its successor for the mover (in expectation over a chance node that
follows at once) and counts that value as ``prior_visits`` virtual
visits.  The search then grows best-first from one-ply greedy knowledge at
every node instead of trying untried actions in random order, which matters
when a turn offers dozens of actions and random rollouts say little.

Drawing a determinization can cost more than the rest of an iteration, so
``worlds=k`` draws only ``k`` of them per move and cycles through them
(``None``: a fresh one every iteration).

The budget is a number of iterations, a time in seconds per move, or both
(whichever ends first).  With an iteration budget the bot is deterministic
given its generator; a time budget depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np

from boardgames.bots.base import BotError
from boardgames.bots.greedy import expected_heuristic
from boardgames.kernel.actions import Action
from boardgames.kernel.chance import Sampler
from boardgames.kernel.driver import sample_outcome
from boardgames.kernel.game import CHANCE, TERMINAL, Game, State, View

__all__ = ["MCTSBot", "SearchStats"]


class _Node:
    """One node: children by action id, visits, availability and the mover's payoff sum."""

    __slots__ = ("avail", "children", "expanded", "value", "visits")

    def __init__(self, visits: int = 0, value: float = 0.0) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = visits
        self.avail = 0
        self.value = value
        self.expanded = False


class SearchStats:
    """What the last search did: iterations, seconds, and root visits per action text."""

    __slots__ = ("iterations", "seconds", "values", "visits")

    def __init__(self, iterations: int, seconds: float, visits: dict[str, int], values: dict[str, float]):
        self.iterations = iterations
        self.seconds = seconds
        self.visits = visits
        self.values = values

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else float("inf")

    def __repr__(self) -> str:
        return f"SearchStats(iterations={self.iterations}, seconds={self.seconds:.3f})"


class MCTSBot:
    """Information-set MCTS.

    The defaults are the configuration measured in ``benchmarks/strength.py``
    for Galaxy's Edge: 400 iterations, heuristic leaves with priors of weight
    5, 10 determinizations per move and a small exploration constant (the
    heuristics are in [0, 1] but differ by a few hundredths between moves).

    ``iterations``: iterations per move (default 400 when no time is given).
    ``time_limit``: seconds per move; with ``iterations`` too, whichever ends first.
    ``exploration``: the UCB1 constant for payoffs in [0, 1].
    ``rollout_depth``: None for rollouts to the end of the game; otherwise at
    most that many random actions, then ``game.heuristic`` (0 evaluates the
    new leaf at once).
    ``prior_visits``: 0 for plain UCT expansion; otherwise the weight, in
    visits, of the heuristic prior given to every action of a new node.
    ``worlds``: how many determinizations to draw per move and cycle through
    (None: a new one every iteration).
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.1,
        rollout_depth: int | None = 0,
        prior_visits: int = 5,
        worlds: int | None = 10,
    ) -> None:
        if iterations is None and time_limit is None:
            iterations = 400
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
        ):
            raise BotError(f"iterations must be an int >= 1, not {iterations!r}")
        if time_limit is not None and (not isinstance(time_limit, (int, float)) or not time_limit > 0):
            raise BotError(f"time_limit must be a number of seconds > 0, not {time_limit!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise BotError(f"exploration must be a number >= 0, not {exploration!r}")
        if rollout_depth is not None and (not isinstance(rollout_depth, int) or rollout_depth < 0):
            raise BotError(f"rollout_depth must be an int >= 0 or None, not {rollout_depth!r}")
        if isinstance(prior_visits, bool) or not isinstance(prior_visits, int) or prior_visits < 0:
            raise BotError(f"prior_visits must be an int >= 0, not {prior_visits!r}")
        self.prior_visits = prior_visits
        if worlds is not None and (isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1):
            raise BotError(f"worlds must be an int >= 1 or None, not {worlds!r}")
        self.worlds = worlds
        self.iterations = iterations
        self.time_limit = None if time_limit is None else float(time_limit)
        self.exploration = float(exploration)
        self.rollout_depth = rollout_depth
        self.last_search: SearchStats | None = None
        self._game: Game | None = None

    def start(self, game: Game, player: int) -> None:
        self._game = game

    def __repr__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.time_limit is not None:
            parts.append(f"time_limit={self.time_limit}")
        parts.append(f"exploration={self.exploration}")
        if self.rollout_depth is not None:
            parts.append(f"rollout_depth={self.rollout_depth}")
        if self.prior_visits:
            parts.append(f"prior_visits={self.prior_visits}")
        if self.worlds is not None:
            parts.append(f"worlds={self.worlds}")
        return f"MCTSBot({', '.join(parts)})"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        game = self._game
        if game is None:
            raise BotError("MCTSBot needs the game: call start(game, player) first")
        if len(legal_actions) == 1:
            self.last_search = SearchStats(0, 0.0, {str(legal_actions[0]): 0}, {})
            return legal_actions[0]
        root_ids = [game.action_id(a) for a in legal_actions]
        root = _Node()
        sampler = Sampler(rng)
        started = time.perf_counter()
        deadline = None if self.time_limit is None else started + self.time_limit
        budget = self.iterations
        iterate = self._iterate_with_priors if self.prior_visits else self._iterate
        worlds: list[State] = []
        count = self.worlds
        done = 0
        while budget is None or done < budget:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if count is None:
                world = game.resample(view, rng)
            elif len(worlds) < count:
                world = game.resample(view, rng)
                worlds.append(world)
            else:
                world = worlds[done % count]
            iterate(game, root, world, sampler)
            done += 1
        seconds = time.perf_counter() - started
        virtual = self.prior_visits  # every root child of a search with priors starts with these
        visits = {i: root.children[i].visits - virtual if i in root.children else 0 for i in root_ids}
        best_visits = max(visits.values())
        best = [i for i in root_ids if visits[i] == best_visits]
        if len(best) > 1:
            best_value = max(_mean(root.children.get(i)) for i in best)
            best = [i for i in best if _mean(root.children.get(i)) == best_value]
        choice = best[0] if len(best) == 1 else best[sampler.index(len(best))]
        table = game.catalogue.actions
        self.last_search = SearchStats(
            done,
            seconds,
            {str(table[i]): visits[i] for i in root_ids},
            {str(table[i]): _mean(root.children.get(i)) for i in root_ids},
        )
        return legal_actions[root_ids.index(choice)]

    def _iterate(self, game: Game, root: _Node, state: State, sampler: Sampler) -> None:
        """One iteration: select and expand with ``state``, evaluate, back up payoffs."""
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        while True:
            player = state.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                node, state = _chance_step(node, state, sampler)
                path.append((node, CHANCE))
                continue
            legal = state.legal_action_ids()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action_id = untried[sampler.index(len(untried))] if len(untried) > 1 else untried[0]
                for a in legal:
                    existing = children.get(a)
                    if existing is not None:
                        existing.avail += 1
                child = children[action_id] = _Node()
                child.avail = 1
                path.append((child, player))
                state = state._apply(action_id)
                break
            best_id = _select(children, legal, c)
            node = children[best_id]
            path.append((node, player))
            state = state._apply(best_id)
        payoffs = self._evaluate(game, state, sampler)
        for visited, mover in path:
            visited.visits += 1
            if mover >= 0:
                visited.value += payoffs[mover]

    def _iterate_with_priors(self, game: Game, root: _Node, state: State, sampler: Sampler) -> None:
        """One iteration with heuristic priors: a new node values all its actions at once."""
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        prior = self.prior_visits
        while True:
            player = state.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                node, state = _chance_step(node, state, sampler)
                path.append((node, CHANCE))
                continue
            legal = state.legal_action_ids()
            children = node.children
            # The successors valued for the priors, so that the one selected is not built twice.
            valued: dict[int, State] = {}
            for a in legal:
                if a not in children:
                    after = valued[a] = state._apply(a)
                    children[a] = _Node(prior, prior * expected_heuristic(after, player, 1))
            new = not node.expanded
            node.expanded = True
            best_id = _select(children, legal, c)
            node = children[best_id]
            path.append((node, player))
            successor = valued.get(best_id)
            state = state._apply(best_id) if successor is None else successor
            if new:
                break
        payoffs = self._evaluate(game, state, sampler)
        for visited, mover in path:
            visited.visits += 1
            if mover >= 0:
                visited.value += payoffs[mover]

    def _evaluate(self, game: Game, state: State, sampler: Sampler) -> Sequence[float]:
        """Payoffs per player: a random rollout to the end, or a bounded one and the heuristic."""
        depth = self.rollout_depth
        limit = game.max_game_length if depth is None else depth
        steps = 0
        while steps < limit:
            player = state.current_player
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state = state._apply(sample_outcome(state, sampler))
            else:
                legal = state.legal_action_ids()
                state = state._apply(legal[sampler.index(len(legal))])
            steps += 1
        if state.current_player == TERMINAL:
            return state.returns()
        return [game.heuristic(state, p) for p in range(game.players)]


def _select(children: dict[int, _Node], legal: Sequence[int], c: float) -> int:
    """UCB1 over the legal children, each counted as available once more; ties keep the first."""
    log = math.log
    sqrt = math.sqrt
    best_score = -1.0
    best_id = legal[0]
    for a in legal:
        child = children[a]
        child.avail += 1
        score = child.value / child.visits + c * sqrt(log(child.avail) / child.visits)
        if score > best_score:
            best_score = score
            best_id = a
    return best_id


def _mean(node: _Node | None) -> float:
    return node.value / node.visits if node is not None and node.visits else 0.0


def _chance_step(node: _Node, state: State, sampler: Sampler) -> tuple[_Node, State]:
    """Descend through a chance node: sample its outcome with its probability."""
    outcome = sample_outcome(state, sampler)
    child = node.children.get(outcome)
    if child is None:
        child = node.children[outcome] = _Node()
    return child, state._apply(outcome)
