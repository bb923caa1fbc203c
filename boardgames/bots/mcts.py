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

Tree reuse (``reuse=True``).  After a decision the bot keeps its tree.  The
arena reports every step of the game to the bot through
:meth:`MCTSBot.observe`, the bot's own decisions included: the action when
the seat can tell it apart from every alternative (its own decisions, public
moves, outcomes it sees), ``None`` otherwise.  The kept node follows each
reported step down the tree (first into the chosen action's subtree); an
unobserved step, or a step the tree has no child for, drops it.
The next search starts from the kept node (its visits and values count, the
budget counts new iterations only) when, and only when, at least one step
was observed since the last decision and the tree survived every step; in
every other case (first move, after ``start``, a caller that never calls
``observe``, a dropped tree) the search is exactly a fresh one, so it makes
the same decision as a bot with ``reuse=False`` and the same generator.
"""

from __future__ import annotations

import bisect
import gc
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
    """One node: children by action id, visits, availability and the mover's payoff sum.

    ``states`` remembers, for the search stamped ``stamp``, the state each
    of its determinizations (by index) reached at this node, with the
    cumulative outcome table when it is a chance node, so that an iteration
    that walks the tree again with the same determinization applies nothing.
    """

    __slots__ = ("avail", "children", "expanded", "stamp", "states", "value", "visits")

    def __init__(self, visits: int = 0, value: float = 0.0, avail: int = 0) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = visits
        self.avail = avail
        self.value = value
        self.expanded = False
        self.stamp = 0
        self.states: dict[int, tuple[State, _Table | None]] | None = None


_Table = tuple[tuple[int, ...], list[float]]
"""A chance node's outcome ids and their cumulative probabilities, summed in order."""


class _Kept:
    """A subtree kept for one seat between its decisions, and whether a step was observed since."""

    __slots__ = ("node", "observed")

    def __init__(self, node: _Node) -> None:
        self.node = node
        self.observed = False


class SearchStats:
    """What the last search did: iterations, seconds, root visits per action text, reused visits.

    ``reused`` is the number of visits the root's children carried over from
    the previous search (tree reuse); ``iterations`` counts new ones only.
    """

    __slots__ = ("iterations", "reused", "seconds", "values", "visits")

    def __init__(
        self,
        iterations: int,
        seconds: float,
        visits: dict[str, int],
        values: dict[str, float],
        reused: int = 0,
    ):
        self.iterations = iterations
        self.seconds = seconds
        self.visits = visits
        self.values = values
        self.reused = reused

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else float("inf")

    def __repr__(self) -> str:
        return f"SearchStats(iterations={self.iterations}, seconds={self.seconds:.3f}, reused={self.reused})"


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
    (None: a new one every iteration).  A game whose spec declares no hidden
    information is resampled once per move whatever ``worlds`` says.
    ``reuse``: keep the subtree of the chosen action and follow the observed
    steps down it to the next decision (see the module docs).
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
        reuse: bool = True,
    ) -> None:
        if iterations is None and time_limit is None:
            iterations = 400
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
        ):
            raise BotError(f"iterations must be an int >= 1, not {iterations!r}")
        if time_limit is not None and (not isinstance(time_limit, (int, float)) or not time_limit > 0):
            raise BotError(f"time_limit must be a number of seconds > 0, not {time_limit!r}")
        if not isinstance(exploration, (int, float)) or not 0 <= exploration < math.inf:
            raise BotError(f"exploration must be a finite number >= 0, not {exploration!r}")
        if rollout_depth is not None and (not isinstance(rollout_depth, int) or rollout_depth < 0):
            raise BotError(f"rollout_depth must be an int >= 0 or None, not {rollout_depth!r}")
        if isinstance(prior_visits, bool) or not isinstance(prior_visits, int) or prior_visits < 0:
            raise BotError(f"prior_visits must be an int >= 0, not {prior_visits!r}")
        self.prior_visits = prior_visits
        if worlds is not None and (isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1):
            raise BotError(f"worlds must be an int >= 1 or None, not {worlds!r}")
        if not isinstance(reuse, bool):
            raise BotError(f"reuse must be True or False, not {reuse!r}")
        self.worlds = worlds
        self.reuse = reuse
        self.iterations = iterations
        self.time_limit = None if time_limit is None else float(time_limit)
        self.exploration = float(exploration)
        self.rollout_depth = rollout_depth
        self.last_search: SearchStats | None = None
        self._game: Game | None = None
        self._kept: dict[int, _Kept] = {}
        self._stamp = 0

    def start(self, game: Game, player: int) -> None:
        self._game = game
        self._kept.pop(player, None)

    def __getstate__(self) -> dict[str, object]:
        # A pickled bot (a tournament's worker's) travels without its game and kept trees:
        # they belong to one game, can be large, and start() gives the next game's.
        state = dict(self.__dict__)
        state["_kept"] = {}
        state["_game"] = None
        return state

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
        if not self.reuse:
            parts.append("reuse=False")
        return f"MCTSBot({', '.join(parts)})"

    def observe(self, seat: int, player: int, action: Action | None) -> None:
        """One step of the game, as ``seat`` saw it: who acted (a seat or CHANCE) and what.

        The arena calls this for every step of a game, the seat's own
        decisions included.  ``action`` is None when ``seat`` cannot tell the
        step apart from its alternatives (a hidden draw, a face-down play);
        that drops the kept subtree, and so does a step the tree never saw.
        """
        kept = self._kept.get(seat)
        if kept is None:
            return
        game = self._game
        child = None
        if action is not None and game is not None:
            action_id = game.catalogue.get_id(action)
            if action_id is not None:
                child = kept.node.children.get(action_id)
        if child is None:
            del self._kept[seat]
            return
        kept.node = child
        kept.observed = True

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        game = self._game
        if game is None:
            raise BotError("MCTSBot needs the game: call start(game, player) first")
        seat = view.player
        kept = self._kept.pop(seat, None)
        if len(legal_actions) == 1:
            self.last_search = SearchStats(0, 0.0, {str(legal_actions[0]): 0}, {})
            if self.reuse and kept is not None and kept.observed:
                self._kept[seat] = _Kept(kept.node)
            return legal_actions[0]
        root_ids = [game.action_id(a) for a in legal_actions]
        root = kept.node if self.reuse and kept is not None and kept.observed else _Node()
        virtual = self.prior_visits  # every child of a search with priors starts with these
        reused = sum(max(0, child.visits - virtual) for child in root.children.values())
        sampler = Sampler(rng)
        started = time.perf_counter()
        deadline = None if self.time_limit is None else started + self.time_limit
        budget = self.iterations
        iterate = self._iterate_with_priors if self.prior_visits else self._iterate
        worlds: list[State] = []
        count = self.worlds if game.spec.hidden_information else 1
        self._stamp += 1  # states remembered in the tree by earlier searches are of other worlds
        done = 0
        # The tree and the states it remembers are many long-lived objects and hold no
        # reference cycles: the cyclic garbage collector would only walk them over and
        # over (a third of a search in some games), so it waits until the search ends.
        collecting = gc.isenabled()
        gc.disable()
        try:
            while budget is None or done < budget:
                if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                    break
                if count is None:
                    world = game.resample(view, rng)
                    index = -1
                elif len(worlds) < count:
                    world = game.resample(view, rng)
                    worlds.append(world)
                    index = done
                else:
                    index = done % count
                    world = worlds[index]
                iterate(game, root, world, sampler, index)
                done += 1
        finally:
            if collecting:
                _settle()
                gc.enable()
        seconds = time.perf_counter() - started
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
            reused,
        )
        if self.reuse:
            # the arena reports this decision too, which moves the kept node to the chosen child
            self._kept[seat] = _Kept(root)
        return legal_actions[root_ids.index(choice)]

    def _iterate(self, game: Game, root: _Node, state: State, sampler: Sampler, world: int) -> None:
        """One iteration: select and expand with ``state``, evaluate, back up payoffs.

        ``world`` is the index of the determinization ``state`` (-1: used once).
        """
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        stamp = self._stamp if world >= 0 else -1
        table = _remembered(node, state, world, stamp)
        while True:
            player = state._player
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = _draw(state, table, sampler)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node()
                node = child
                state, table = _step(child, state, outcome, world, stamp)
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
                state = game._next_state(state, action_id)
                break
            best_id = _select(children, legal, c)
            node = children[best_id]
            path.append((node, player))
            state, table = _step(node, state, best_id, world, stamp)
        payoffs = self._evaluate(game, state, sampler, None)
        for visited, mover in path:
            visited.visits += 1
            if mover >= 0:
                visited.value += payoffs[mover]

    def _iterate_with_priors(
        self, game: Game, root: _Node, state: State, sampler: Sampler, world: int
    ) -> None:
        """One iteration with heuristic priors: a new node values all its actions at once.

        One pass over a decision node's legal actions gives each action it has
        no child for yet its prior and scores every child by UCB1 (a new
        child's score is its prior's mean: it has been available once).
        """
        path: list[tuple[_Node, int]] = []
        node = root
        c = self.exploration
        prior = self.prior_visits
        heuristics = game._heuristics
        advance = game._next_state
        logs = _LOGS
        sqrt = math.sqrt
        stamp = self._stamp if world >= 0 else -1
        table = _remembered(node, state, world, stamp)
        known: Sequence[float] | None = None  # the leaf's heuristics, when already computed for a prior
        while True:
            player = state._player
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = _draw(state, table, sampler)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node()
                node = child
                state, table = _step(child, state, outcome, world, stamp)
                path.append((node, CHANCE))
                continue
            children = node.children
            # UCB1 as _select computes it, fused with the priors of the actions
            # that have no child yet; ties keep the first legal action.
            legal = state.legal_action_ids()
            best_score = -1.0
            best_id = legal[0]
            # the successor of the best action when it was built here for its prior (and its
            # heuristics), so that it is neither built again nor valued twice at the leaf
            best_after: State | None = None
            best_values: Sequence[float] | None = None
            for a in legal:
                child = children.get(a)
                if child is None:
                    after = advance(state, a)
                    values: Sequence[float] | None = None
                    if after._player >= 0:
                        values = heuristics(after)
                        value = values[player]
                    else:
                        value = expected_heuristic(after, player, 1)
                    mean = prior * value
                    children[a] = _Node(prior, mean, 1)
                    # Available once: UCB1's exploration term is c * sqrt(log(1) / prior) = 0
                    # (c is finite), so the score is the mean alone, the same float.
                    score = mean / prior
                    if score > best_score:
                        best_score = score
                        best_id = a
                        best_after = after
                        best_values = values
                    continue
                avail = child.avail + 1
                child.avail = avail
                visits = child.visits
                try:
                    spread = logs[avail]
                except IndexError:
                    spread = _log(avail)
                score = child.value / visits + c * sqrt(spread / visits)
                if score > best_score:
                    best_score = score
                    best_id = a
                    best_after = None
                    best_values = None
            new = not node.expanded
            node.expanded = True
            node = children[best_id]
            path.append((node, player))
            if best_after is None:
                state, table = _step(node, state, best_id, world, stamp)
            else:
                state = best_after
                table = _remembered(node, state, world, stamp)
                known = best_values
            if new:
                break
            known = None
        payoffs = self._evaluate(game, state, sampler, known)
        for visited, mover in path:
            visited.visits += 1
            if mover >= 0:
                visited.value += payoffs[mover]

    def _evaluate(
        self, game: Game, state: State, sampler: Sampler, known: Sequence[float] | None
    ) -> Sequence[float]:
        """Payoffs per player: a random rollout to the end, or a bounded one and the heuristics.

        ``known`` is ``game.heuristics(state)`` when the caller has it already.
        """
        depth = self.rollout_depth
        if depth == 0:
            if state._player == TERMINAL:
                return state.returns()
            return known if known is not None else game._heuristics(state)
        limit = game.max_game_length if depth is None else depth
        advance = game._next_state
        steps = 0
        while steps < limit:
            player = state._player
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state = advance(state, sample_outcome(state, sampler))
            else:
                legal = state.legal_action_ids()
                state = advance(state, legal[sampler.index(len(legal))])
            steps += 1
        if state._player == TERMINAL:
            return state.returns()
        return game._heuristics(state)


def _select(children: dict[int, _Node], legal: Sequence[int], c: float) -> int:
    """UCB1 over the legal children, each counted as available once more; ties keep the first.

    :meth:`MCTSBot._iterate_with_priors` computes the same score inline, fused
    with the priors (a call per child would cost more than the loop): the two
    must stay alike, and the searches are checked to build the same trees."""
    logs = _LOGS
    sqrt = math.sqrt
    best_score = -1.0
    best_id = legal[0]
    for a in legal:
        child = children[a]
        avail = child.avail + 1
        child.avail = avail
        visits = child.visits
        try:
            spread = logs[avail]
        except IndexError:
            spread = _log(avail)
        score = child.value / visits + c * sqrt(spread / visits)
        if score > best_score:
            best_score = score
            best_id = a
    return best_id


_LOGS: list[float] = [math.log(n) if n else 0.0 for n in range(4096)]
"""``math.log(n)`` by ``n``: a list index is cheaper than a call, and gives the same float."""


def _log(n: int) -> float:
    """``math.log(n)`` for an ``n`` past the end of :data:`_LOGS`, which grows to hold it."""
    _LOGS.extend(math.log(k) for k in range(len(_LOGS), 2 * n))
    return _LOGS[n]


def _settle() -> None:
    """Move what the collector tracks into its oldest generation, unexamined.

    Every object the search made (nodes, remembered states) is still in the
    youngest generation, so the first allocation after ``gc.enable()`` would
    examine them all at once (a few percent of a search).  ``gc.freeze()``
    followed by ``gc.unfreeze()`` moves them (and every other tracked object)
    into the oldest generation instead, which full collections still
    examine.  Skipped when the program froze objects of its own, which
    unfreezing would thaw.
    """
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def _mean(node: _Node | None) -> float:
    return node.value / node.visits if node is not None and node.visits else 0.0


def _step(child: _Node, state: State, action_id: int, world: int, stamp: int) -> tuple[State, _Table | None]:
    """The state at ``child`` after ``action_id`` in determinization ``world``, remembered there."""
    if child.stamp == stamp and child.states is not None:
        seen = child.states.get(world)
        if seen is not None:
            return seen
    return _remember(child, state.game._next_state(state, action_id), world, stamp)


def _remembered(node: _Node, state: State, world: int, stamp: int) -> _Table | None:
    """Remember ``state`` at ``node`` for ``world``; its outcome table if it is a chance node."""
    if node.stamp == stamp and node.states is not None:
        seen = node.states.get(world)
        if seen is not None:
            return seen[1]
    return _remember(node, state, world, stamp)[1]


def _remember(node: _Node, state: State, world: int, stamp: int) -> tuple[State, _Table | None]:
    table: _Table | None = None
    if state._player == CHANCE:
        ids = []
        cumulative = []
        total = 0.0
        for outcome, probability in state.chance_outcome_ids():
            total += probability
            ids.append(outcome)
            cumulative.append(total)
        table = (tuple(ids), cumulative)
    entry = (state, table)
    if world >= 0:
        if node.stamp != stamp or node.states is None:
            node.stamp = stamp
            node.states = {world: entry}
        else:
            node.states[world] = entry
    return entry


def _draw(state: State, table: _Table | None, sampler: Sampler) -> int:
    """A chance outcome drawn with its probability: ``sample_outcome``, from a remembered table."""
    if table is None:
        return sample_outcome(state, sampler)
    ids, cumulative = table
    # the first outcome whose running total exceeds the draw, as sample_outcome finds it
    k = bisect.bisect_right(cumulative, sampler.random())
    return ids[k] if k < len(ids) else ids[-1]
