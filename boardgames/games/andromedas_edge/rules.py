"""The dispatch of Andromeda's Edge: from the step at the head of the queue
to its legal actions, its chance outcomes, and the chapter function that
applies an action or runs an automatic step (on :mod:`boardgames.kernel.steps`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter
from types import MethodType
from typing import TYPE_CHECKING, Any

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import (
    battle,
    launching,
    progress_tracks,
    raiders,
    return_to_station,
    scoring,
    turn,
)
from boardgames.games.andromedas_edge.actions import MAX_STATION
from boardgames.games.andromedas_edge.components import ENERGY, NO_RESOURCES, RESOURCE_KINDS
from boardgames.games.andromedas_edge.interpretations import TARGETING_LIMIT
from boardgames.games.andromedas_edge.state import (
    OFF_BOARD,
    OVER,
    PLAY,
    ROLES,
    STEP_KINDS,
    AndromedasEdgeState,
    Task,
    Work,
    add_to,
    read,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import Deck, labelled_outcomes, mask_tables
from boardgames.kernel.chance import Die
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.steps import Role, StepMachine
from boardgames.kernel.work import put

DECISION_ROLE, CHANCE_ROLE, AUTO_ROLE = Role.DECISION.value, Role.CHANCE.value, Role.AUTO.value

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge


def to_act(fields: dict[str, Any]) -> int:
    """Who acts: nobody once the game is over, chance at a chance step, else the step's player."""
    if fields["phase"] == OVER:
        return TERMINAL
    head = fields["tasks"][0]
    if ROLES[head[0]] == CHANCE_ROLE:
        return CHANCE
    return int(head[1])


def step_needed(w: Any, task: tuple[int, ...]) -> bool:
    """Whether the decision or chance step ``task`` at the head of the queue
    waits for a choice or a draw; a step that does not is dropped while the
    queue settles (the kernel's ``needed`` hook)."""
    if ROLES[task[0]] == CHANCE_ROLE:
        return chance_possible(w, task)
    return decision_needed(w, task)


def step_looks(s: Any, d: dict[str, Any], task: tuple[int, ...]) -> bool | None:
    """:func:`step_needed` on the successor itself and its dict ``d`` (the
    kernel's ``direct_needed`` hook): None where the answer edits the queue."""
    if ROLES[task[0]] == CHANCE_ROLE:
        return chance_looks(s, d, task)
    return decision_looks(s, task, d)


def next_turn(w: Any) -> bool:
    """The queue ran empty: the turn is over and the next begins (the kernel's
    ``on_empty`` hook, on the synced successor); whether the game goes on."""
    s = w.sync()
    turn.next_turn(s, s.__dict__)
    return bool(w.peek("phase") == PLAY)


def chance_possible(w: Any, task: tuple[int, ...]) -> bool:
    """Whether a chance step has anything to draw; an empty tactics deck or
    event deck is first refilled from its discard pile (Drawing Cards)."""
    still = chance_looks(w, None, task)
    if still is None:  # an empty deck to re-form from its discard pile first
        if task[0] == Task.DRAW:
            w.tdeck = [a + b for a, b in zip(w.tdeck, w.tdiscard)]  # reshuffle the discard pile
            w.tdiscard = [0] * len(w.tdiscard)
        else:
            progress_tracks.reshuffle_events(w)
        still = chance_looks(w, None, task)
    return bool(still)


def chance_looks(s: Any, d: dict[str, Any] | None, task: tuple[int, ...]) -> bool | None:
    """:func:`chance_possible` without re-forming a deck (``s``: a Work or
    the successor itself, read through :func:`read` but for the tactics
    deck and discard pile, read as attributes; ``d``: its dict, or None to
    read it where needed; also the kernel's ``direct_needed`` hook): None
    where an empty deck is to be re-formed from its discard pile first.  A
    market column with a gap slides down on either
    (:func:`progress_tracks.refresh_column`, on the successor the Refill
    step's ``direct_needed`` hook itself)."""
    kind = task[0]
    if kind == Task.DRAW:  # (attributes: a call fewer than read(); a Work thaws the rows, unchanged)
        for n in s.tdeck:  # a card left (a loop that stops at the first: no sum() to call)
            if n:
                return task[2] > 0
        if not sum(s.tdiscard):
            return False  # nothing to draw, nothing to reshuffle
        return None
    if kind == Task.MOON:
        return len(moon_pool_of(s, task[2])) > 0  # (len() is specialised on 3.11, bool() a generic call)
    if kind == Task.REFILL:
        # slides the column (a Work's or the state's)
        return progress_tracks.refresh_column(s, s.__dict__ if d is None else d, task)
    if kind == Task.PLANET:
        return bool(sum(read(s, "planet_stack")))
    if kind == Task.EVENT:
        size = launching.edeck_size(s)
        if size == 0 and read(s, "ediscard"):
            return None
        return bool(read(s, "event_holder") == read(s, "active")) and size > 0
    if kind == Task.PEEK_DRAW:
        return True
    if kind == Task.RAIDER_ROLL:
        return bool(raiders.raider_targets(s, task[2], bool(task[3] & 1)))
    return kind == Task.BATTLE_DIE


def moon_pool_of(s: Any, region: int) -> list[int]:
    """The moon kinds left in the pool of the colour of ``region``'s planet
    (``s``: a state, a snapshot or a Work)."""
    game = s.game
    pool = s.moon_pool
    planet = game.components.planets[s.layout[region]]
    found = []
    for k in game.moons_of_colour[planet.type]:  # (loops, in these listings: no comprehension to call)
        if pool[k]:
            found.append(k)
    return found


_ALWAYS = frozenset(
    {
        Task.MAIN, Task.POST, Task.FACTION, Task.DESTINY, Task.RETURN, Task.ESCALATE,
        Task.DIPLOMACY, Task.PREPARE, Task.TACOPS, Task.REACTOR, Task.GIVE_MODULE, Task.SUPREMACY,
    }
)  # fmt: skip
"""Decision steps that always offer a choice ("done" or more) once queued."""

_ALWAYS_NEEDED = _ALWAYS | {Task.PEEK_DRAW, Task.BATTLE_DIE}
"""Steps never dropped while the queue settles: these decisions, and the chance
steps that always have something to draw (see :func:`chance_possible`)."""


def off_turn_needed(w: Any, task: tuple[int, ...]) -> bool:
    """Play Tactics Cards on other players' turns: the window is a decision only
    for a player holding an any-turn action card (:func:`turn.end_turn_chosen`;
    ``w``: a Work or a state)."""
    return turn.holds_any_turn_card(w, task[1])


def off_turn_looks(s: Any, d: dict[str, Any], task: tuple[int, ...]) -> bool:
    """:func:`off_turn_needed` on the successor itself (the kernel's ``direct_needed`` hook)."""
    return turn.holds_any_turn_card(s, task[1])


def window_needed(w: Any, task: tuple[int, ...]) -> bool:
    """:func:`window_on_state` on a Work (the kernel's ``needed`` hook: ``task``
    is the head of the queue), on its synced successor."""
    s = w.sync()
    return window_on_state(s, s.__dict__, task)


def window_on_state(s: Any, d: dict[str, Any], task: tuple[int, ...]) -> bool:
    """Free actions "at any time on your turn": a window for free actions
    between a launch's steps is a decision only when it opens, before a step
    that will happen (a raider in range strikes; two sides or more fight: else
    the next free-action step, at the end of the turn, offers the same), and a
    free action is possible.  A window that does not open takes the step it
    comes before with it (nothing happens between the two): the window is
    dropped by the kernel with it.  A launch's first window that does not open
    leaves its second at the head, which is checked in the same call (nothing
    happens before it either: a step of the settling fewer).  On the successor
    ``s`` itself and its dict ``d`` (the kernel's ``direct_needed`` hook;
    :func:`window_needed` on a Work)."""
    queue = s.tasks
    before = task[2]
    # a raider in range strikes (a dict of them: its truth, no bool() to call)
    if before == 0 and not launching.strike_candidates(s):
        if len(queue) < 2 or queue[1][0] != _STRIKE:
            return False
        if len(queue) < 3 or queue[2][0] != _WINDOW:
            d["tasks"] = queue[1:]  # the strike on top in the window's place, for the kernel to drop
            return False
        queue = queue[2:]  # the window before the battle, in the first's place
        before = 1
    # two sides or more fight
    if before == 1 and not battle.opposed(s, s.region):
        if len(queue) > 1 and queue[1][0] == _BATTLE:
            queue = queue[1:]  # the battle on top in the window's place, for the kernel to drop
        d["tasks"] = queue
        return False
    if before != task[2]:
        d["tasks"] = queue
    acts = _legal_window(s, task)
    if len(acts) > 1:  # "done" alone: no free action
        acts.sort()  # listed(acts, d) inlined: the listing kept as the state's legal ids
        d["_legal"] = tuple(acts)
        return True
    return False


_STRIKE, _WINDOW, _BATTLE = Task.STRIKE, Task.WINDOW, Task.BATTLE
"""A launch's window steps and the steps they come before, as module constants
(a global read costs less than an attribute of ``Task``)."""


def decision_needed(w: Work, task: tuple[int, ...]) -> bool:
    """Whether a decision step still has a choice to make (else it is skipped)."""
    if task[0] == Task.WINDOW:
        return window_needed(w, task)
    s = w.view()  # only looks
    return bool(decision_looks(s, task, s.__dict__ if s is w.state else None))


def decision_looks(s: Any, task: tuple[int, ...], d: dict[str, Any] | None) -> bool | None:
    """:func:`decision_needed` on a view ``s`` (``d``: its dict when it is the
    successor itself, see :func:`listed`); None for a window, whose check may
    edit the queue (:func:`window_on_state`)."""
    kind, player = task[0], task[1]
    if kind in _ALWAYS:
        return True
    if kind == Task.OFF_TURN:
        return off_turn_needed(s, task)
    if kind == Task.DISCARD:
        return bool(sum(s.hands[player]) > progress_tracks.tactics_limit(s, player))
    if kind == Task.SPEND:
        if sum(s.res[player]) + sum(s.hands[player]) > 0:
            return True
        return bool(s.claimed[player]) and bool(decision_actions(s, task))
    if kind == Task.GAIN:
        return task[2] > 0
    if kind == Task.WINDOW:
        return None  # window_on_state (it may edit the queue)
    if kind == Task.CIV_DRAW:
        cards: int = sum(s.tdeck) + sum(s.tdiscard)
        return cards > 0 and progress_tracks.tactics_limit(s, player) > sum(s.hands[player])
    return listed(LEGAL[kind](s, task), d)


def listing_needed(w: Any, task: tuple[int, ...]) -> bool:
    """A decision step that is needed when it lists anything (the rest of
    :func:`decision_needed`; the ``needed`` hook of those kinds, :data:`_BY_LISTING`)."""
    s = w.view()  # only looks
    return listed(LEGAL[task[0]](s, task), s.__dict__ if s is w.state else None)


def listing_looks(s: Any, d: dict[str, Any], task: tuple[int, ...]) -> bool:
    """:func:`listing_needed` on the successor itself and its dict ``d`` (the
    kernel's ``direct_needed`` hook)."""
    ids = LEGAL[task[0]](s, task)
    if ids:  # listed(ids, d) inlined: the listing kept as the state's legal ids
        ids.sort()
        d["_legal"] = tuple(ids)
        return True
    return False


_BY_LISTING = frozenset(
    {
        Task.RAIDER, Task.PEEK, Task.BUY, Task.CITY, Task.SHIPYARD, Task.REPAIR, Task.BUILD,
        Task.DEVELOP, Task.UPGRADE, Task.DISCOVERY, Task.MOON_FULL, Task.SHIP_FROM, Task.DAMAGE,
    }
)  # fmt: skip
"""Decision steps needed exactly when their listing is not empty (:func:`listing_needed`)."""


def listed(ids: list[int], d: dict[str, Any] | None) -> bool:
    """Whether a decision step that lists ``ids`` is needed.  When they are
    listed on the successor itself (``d``: its dict; None for a view that is
    not it), the settled queue stops at this step with the successor as it
    is: its legal ids are kept in the state's cache (``_legal``, as
    :meth:`Rules.legal_ids` gives them), not listed again."""
    if ids and d is not None:
        ids.sort()  # as _legal_ids sorts a listing
        d["_legal"] = tuple(ids)
    return bool(ids)


Getter = Callable[[Any], tuple[int, ...]]


def _getter(keys: tuple[int, ...]) -> Getter:
    """``lambda row: tuple(row[k] for k in keys)``, in C (an itemgetter; a tuple for one key too)."""
    if len(keys) == 1:
        key = keys[0]
        return lambda row: (row[key],)
    return itemgetter(*keys) if keys else lambda row: ()


def _strike(s: Any, d: dict[str, Any], task: Any) -> None:
    """Raider Strike: a single class in range strikes at once; several: the active
    player chooses.  On the successor ``s`` itself and its dict ``d`` (no working copy)."""
    found = launching.strike_candidates(s)
    if len(found) == 1:
        launching.raider_strike(s, d, next(iter(found)))
    elif found:
        d["tasks"] = ((Task.RAIDER, s.active, 0, 0),) + s.tasks


def _nothing(w: Any, task: Any) -> None:
    """A step kind that only marks a point of the turn."""




def chance_outcomes(s: Any) -> list[tuple[int, float]]:
    """Each chance outcome with a weight (normalised by the caller)."""
    K = s.game.key_ids
    task = s.tasks[0]
    kind = task[0]
    if kind == Task.DRAW:
        return [(K[A.DrawnTactic, k], n) for k, n in enumerate(s.tdeck) if n]
    if kind == Task.MOON:
        return [(K[A.MoonRevealed, k], s.moon_pool[k]) for k in moon_pool_of(s, task[2])]
    if kind == Task.REFILL:
        column = task[2]
        if any(n for k, n in enumerate(s.mdeck) if s.game.components.modules[k].type == column):
            mods = s.game.components.modules
            return [
                (K[A.ModuleRevealed, k], n) for k, n in enumerate(s.mdeck) if n and mods[k].type == column
            ]
        return [(K[A.ModuleRevealed, s.mbottom[column][0]], 1)]
    if kind == Task.PLANET:
        return [(K[A.PlanetRevealed, p], 1) for p, n in enumerate(s.planet_stack) if n]
    if kind in (Task.EVENT, Task.PEEK_DRAW):
        depth = task[2] if kind == Task.PEEK_DRAW else 0
        return list(s.edeck.draw_outcomes(K[A.EventRevealed, 0], depth))
    if kind == Task.RAIDER_ROLL:
        return [(K[A.DieRoll, face], 1) for face, _ in raiders.raider_targets(s, task[2], bool(task[3] & 1))]
    if kind == Task.BATTLE_DIE:
        return [(K[A.DieRoll, f], 1) for f in battle.die_faces(s.b_target[task[2]])]
    return []


def legal_actions(s: AndromedasEdgeState) -> list[int]:
    task = s.tasks[0]
    return decision_actions(s, task)


def decision_actions(s: Any, task: Any) -> list[int]:
    """The legal action ids of the decision step ``task`` (see :data:`LEGAL`), unsorted."""
    return LEGAL[task[0]](s, task)


def _legal_main(s: Any, task: Any) -> list[int]:
    p = task[1]
    acts = launching.launch_option_ids(s, p, [s.game.rules.return_to_station])
    return turn.free_actions(s, p, acts)


def _legal_post(s: Any, task: Any) -> list[int]:
    return turn.free_actions(s, task[1], [s.game.rules.end_turn])


def _legal_return(s: Any, task: Any) -> list[int]:
    p = task[1]
    acts = return_to_station.activation_ids(s, p, [s.game.rules.done])
    return turn.free_actions(s, p, acts)


def _legal_faction(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    p = task[1]
    return [K[A.ChooseFaction, f] for f in s.offers[p]]


def _legal_destiny(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    p = task[1]
    return [K[A.ChooseDestiny, d] for d in s.doffers[p]]  # two distinct cards (checked on loading)


def _legal_raider(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    return [K[A.ChooseRaider, c] for c in sorted(launching.strike_candidates(s))]


def _legal_peek(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    top = s.edeck.top
    return [K[A.KeepOnTop, top[0]], K[A.KeepOnTop, top[1]]] if len(top) >= 2 else []  # distinct cards (Deck)


def _legal_spend(s: Any, task: Any) -> list[int]:
    """Spend: tactics cards are resources too."""
    rules = s.game.rules
    p = task[1]
    hand = s.hands[p]
    # the kinds held (resources are never negative) and the tactics cards held,
    # from tables of ids (compress: no loop or key per kind)
    spend = [*compress(rules.spend_any_ids, s.res[p])]
    spend += compress(rules.discard_tactic_ids, hand)
    need = task[2]
    if s.claimed[p]:  # (turn.moon_payment offers nothing without a claimed moon: no call or lambda)
        spend += turn.moon_payment(s, p, lambda res: {0} if sum(res) + sum(hand) >= need else set())
    return spend


def _legal_gain(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    return [K[A.GainAny, r] for r in range(5)]


def _legal_buy(s: Any, task: Any) -> list[int]:
    rules = s.game.rules
    p = task[1]
    acts = []
    buy_ids = rules.buy_module_ids  # by column and place (no key built per option)
    for k, i in progress_tracks.market_options(s, p, task[2]):
        acts.append(buy_ids[k][i])
    mask = task[2]
    if task[3]:
        market = s.market
        discard_ids = rules.discard_module_ids
        for k in progress_tracks.MASK_COLUMNS[mask]:
            column, ids = market[k], discard_ids[k]
            for i in (0, 1, 2):  # the column's places (a constant: no range() to call)
                if column[i] >= 0:
                    acts.append(ids[i])
    if s.claimed[p]:  # (turn.moon_payment offers nothing without a claimed moon: no call or lambda)
        acts += turn.moon_payment(s, p, lambda res: {*progress_tracks.market_options(s, p, mask, res=res)})
    return acts


def _legal_city(s: Any, task: Any) -> list[int]:
    buy_ids = s.game.rules.buy_module_ids
    p = task[1]
    return [buy_ids[k][i] for k, i in progress_tracks.market_options(s, p, 0b1111, free=True)]


def _legal_shipyard(s: Any, task: Any) -> list[int]:
    rules = s.game.rules
    p = task[1]
    acts = []
    build_ids, repair_ids = rules.build_ship_ids, rules.repair_ids  # (no key built per option)
    for t in return_to_station.build_options(s, p):
        acts.append(build_ids[t])
    for o, t in return_to_station.repair_options(s, p):
        acts.append(repair_ids[o][t])
    if s.claimed[p]:  # (turn.moon_payment offers nothing without a claimed moon: no call or lambda)
        acts += turn.moon_payment(s, p, lambda res: {*return_to_station.build_options(s, p, res)})
    return acts


def _legal_repair(s: Any, task: Any) -> list[int]:
    repair_ids = s.game.rules.repair_ids  # (no key built per option)
    p = task[1]
    acts = []
    for o, t in return_to_station.repair_options(s, p):
        acts.append(repair_ids[o][t])
    return acts


def _legal_build(s: Any, task: Any) -> list[int]:
    build_ids = s.game.rules.build_ship_ids
    p = task[1]
    acts = [build_ids[t] for t in return_to_station.build_options(s, p)]
    if s.claimed[p]:  # (turn.moon_payment offers nothing without a claimed moon: no call or lambda)
        acts += turn.moon_payment(s, p, lambda res: {*return_to_station.build_options(s, p, res)})
    return acts


def _legal_develop(s: Any, task: Any) -> list[int]:
    rules = s.game.rules
    p = task[1]
    acts = [rules.draw_card] if task[2] else []
    develop_ids = rules.develop_ids  # (no key built per option)
    for r in progress_tracks.development_sites(s, p):
        acts.append(develop_ids[r])
    if s.claimed[p]:  # (turn.moon_payment offers nothing without a claimed moon: no call or lambda)
        acts += turn.moon_payment(s, p, lambda res: {*progress_tracks.development_sites(s, p, res)})
    return acts


def _legal_upgrade(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    p = task[1]
    return [K[A.Upgrade, t] for t in sorted(progress_tracks.upgrade_options(s, p))]


def _legal_discovery(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    acts = []
    for k, n in enumerate(s.dstacks[task[2]]):
        if n:
            acts.append(K[A.TakeToken, k])
    return acts


def _legal_escalate(s: Any, task: Any) -> list[int]:
    rules = s.game.rules
    acts = [rules.done]
    ids = rules.escalate_ids
    for i, _ in battle.escalation_ships(s, task[1]):  # (a loop: no comprehension to call)
        acts.append(ids[i])
    return acts


def _legal_diplomacy(s: Any, task: Any) -> list[int]:
    p = task[1]
    rules = s.game.rules
    acts = [rules.done]
    hand = s.hands[p]  # the diplomacy cards held (Rules.tactic_picks)
    if hand != rules.no_cards:  # (a row a rule thawed, a list, goes on: compress skips zeros)
        counts, ids = rules.tactic_picks[3]
        acts += compress(ids, counts(hand))
    if p == s.active:  # free actions on your turn, in battle too (no action cards)
        turn.free_actions(s, p, acts, battle=True)
    return acts


def _legal_prepare(s: Any, task: Any) -> list[int]:
    p = task[1]
    rules = s.game.rules
    acts = [rules.done]
    if s.res[p][ENERGY] and s.b_dice[p] < battle.DICE_LIMIT:
        acts.append(rules.energy_die)
    hand = s.hands[p]  # the battle cards held (Rules.tactic_picks)
    if hand != rules.no_cards:  # (a row a rule thawed, a list, goes on: compress skips zeros)
        counts, ids = rules.tactic_picks[4]
        acts += compress(ids, counts(hand))
    if p == s.active:  # free actions on your turn, in battle too (no action cards)
        turn.free_actions(s, p, acts, battle=True)
    return acts


def _legal_tacops(s: Any, task: Any) -> list[int]:
    rules = s.game.rules
    p = task[1]
    ids = rules.tacops_ids  # (no key built per option)
    acts = [rules.done, ids[False]]
    if s.tacops[p] >= 0:
        acts.append(ids[True])
    claimed = s.claimed[p]
    if claimed:
        slot_ids = rules.slot_moon_ids
        for m in {*claimed}:  # in any order: the listing is sorted
            acts.append(slot_ids[m][A.TACOPS_SLOT])
    return acts


def _legal_reactor(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    p = task[1]
    acts = [K[A.Done,]]
    for slot in return_to_station.reactor_options(s, p):
        acts.append(K[A.ActivateScience, slot])
    if s.claimed[p]:  # (turn.moon_payment offers nothing without a claimed moon: no call or lambda)
        acts += turn.moon_payment(s, p, lambda res: {*return_to_station.reactor_options(s, p, res)})
    return acts


def _legal_discard(s: Any, task: Any) -> list[int]:
    return [*compress(s.game.rules.discard_tactic_ids, s.hands[task[1]])]


def _legal_moon_full(s: Any, task: Any) -> list[int]:
    """Moon full: abandon one, or slot one elsewhere on the station."""
    K = s.game.key_ids
    p = task[1]
    claimed = sorted({*s.claimed[p]})
    acts = [K[A.Abandon, m] for m in claimed]
    return acts + [K[A.SlotMoon, m, t] for m in claimed for t in return_to_station.slot_targets(s, p, m)]


def _legal_window(s: Any, task: Any) -> list[int]:
    """Done, or the free actions."""
    return turn.free_actions(s, task[1], [s.game.rules.done])


def _legal_civ_draw(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    return [s.game.rules.done, K[A.DrawToLimit,]]


def _legal_ship_from(s: Any, task: Any) -> list[int]:
    take_ids = s.game.rules.take_ship_ids  # (no key built per option)
    p = task[1]
    acts = []
    for t, loc in return_to_station.ship_sources(s, p):
        acts.append(take_ids[t][loc])
    return acts


def _legal_damage(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    p = task[1]
    acts = []
    for slot, d in enumerate(s.mdmg[p]):
        if not d:
            acts.append(K[A.DamageModule, slot])
    return acts


def _legal_give_module(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    return [K[A.GiveModule, False], K[A.GiveModule, True]]


def _legal_off_turn(s: Any, task: Any) -> list[int]:
    p = task[1]
    return turn.off_turn_actions(s, p)


def _legal_supremacy(s: Any, task: Any) -> list[int]:
    K = s.game.key_ids
    game = s.game
    return [K[A.AwardSupremacy, q] for q in sorted((task[3], game.teammate(task[3])))]


LEGAL: dict[int, Callable[[Any, Any], list[int]]] = {
    Task.MAIN: _legal_main,
    Task.POST: _legal_post,
    Task.RETURN: _legal_return,
    Task.FACTION: _legal_faction,
    Task.DESTINY: _legal_destiny,
    Task.RAIDER: _legal_raider,
    Task.PEEK: _legal_peek,
    Task.SPEND: _legal_spend,
    Task.GAIN: _legal_gain,
    Task.BUY: _legal_buy,
    Task.CITY: _legal_city,
    Task.SHIPYARD: _legal_shipyard,
    Task.REPAIR: _legal_repair,
    Task.BUILD: _legal_build,
    Task.DEVELOP: _legal_develop,
    Task.UPGRADE: _legal_upgrade,
    Task.DISCOVERY: _legal_discovery,
    Task.ESCALATE: _legal_escalate,
    Task.DIPLOMACY: _legal_diplomacy,
    Task.PREPARE: _legal_prepare,
    Task.TACOPS: _legal_tacops,
    Task.REACTOR: _legal_reactor,
    Task.DISCARD: _legal_discard,
    Task.MOON_FULL: _legal_moon_full,
    Task.WINDOW: _legal_window,
    Task.CIV_DRAW: _legal_civ_draw,
    Task.SHIP_FROM: _legal_ship_from,
    Task.DAMAGE: _legal_damage,
    Task.GIVE_MODULE: _legal_give_module,
    Task.OFF_TURN: _legal_off_turn,
    Task.SUPREMACY: _legal_supremacy,
}
"""The legal actions of each kind of decision step."""

_LEGAL_BY_KIND: tuple[Any, ...] = tuple(LEGAL.get(kind) for kind in range(max(LEGAL) + 1))
""":data:`LEGAL` as a tuple indexed by the step's kind (None: not a decision), for
:func:`_legal_ids` (a tuple's subscript costs less than a dict's)."""


def _legal_ids(s: Any) -> tuple[int, ...]:
    """The legal ids of a decision state: its step's listing (:data:`LEGAL`),
    sorted in place (every decision state is listed here; Rules.legal_ids comes
    here too).  Every listing names each action once (its parts list distinct
    action families, each over distinct places, kinds or moons), so no set is
    built to drop repeats (tests/andromedas_edge/test_listings.py checks it
    along random games).  It is also the state's ``_legal_ids`` itself (set
    below)."""
    step = s.tasks[0]
    ids = _LEGAL_BY_KIND[step[0]](s, step)
    ids.sort()
    return tuple(ids)


AndromedasEdgeState._legal_ids = _legal_ids  # type: ignore[method-assign,assignment]
"""The state's listing is :func:`_legal_ids` itself, in place of the method that reaches
it through ``game.rules`` (``state.py`` cannot import this module at its top)."""


def _do_choose_faction(w: Work, task: Any, kind: int, p: int, action: Any) -> None:
    w.pop()
    turn.choose_faction(w, p, action.faction)


def _do_choose_destiny(w: Work, task: Any, kind: int, p: int, action: Any) -> None:
    w.pop()
    w.destiny[p] = action.card
    w.doffers[p] = []


def _do_transfer(w: Work, task: Any, kind: int, p: int, action: Any) -> None:
    turn.transfer(w, p, action)


def _do_award_supremacy(w: Work, task: Any, kind: int, p: int, action: Any) -> None:
    w.pop()
    turn.award_supremacy(w, task[2], action.player)


PERFORM: dict[type[Action], Any] = {
    A.ChooseFaction: _do_choose_faction,
    A.ChooseDestiny: _do_choose_destiny,
    A.Transfer: _do_transfer,
    A.AwardSupremacy: _do_award_supremacy,
}
"""The decisions carried out on a Work (by action class): choosing a faction or a
destiny card at setup and the 2v2 transfer and supremacy award; every other
decision is a rule of :data:`DIRECT_DECISIONS` ("done" too: it drops its step,
:func:`_done`)."""


# -- the step machine ------------------------------------------------------------------------


def _decide(w: Any, step: tuple[int, ...], action_id: int) -> None:
    """A decision of :data:`PERFORM` on a Work (whose successor has closed the
    rearrangement window, :meth:`AndromedasEdgeState._successor`)."""
    rules: Rules = w.game.rules
    rules.perform[action_id](w, step, step[0], step[1], rules.actions[action_id])


RETURN_STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    ((Task.RETURN, p, 0, 0), (Task.RETURN_SHIPS, p, 0, 0), (Task.POST, p, 0, 0)) for p in range(4)
)
"""The queue after ``p``'s Return to Station: ``RETURN_STEPS[p]`` (see :func:`_return_to_station`)."""


def _return_to_station(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """The turn's action, Return to Station: its three steps (Activate Modules,
    Return All Ships, then the free actions after the action) in place of the
    main step.  (Launch Ship is :func:`launching.launch`.)"""
    d["tasks"] = RETURN_STEPS[step[1]]


def _run_end_turn(s: Any, d: dict[str, Any], step: tuple[int, ...]) -> None:
    """The end of the turn as a queued step (after the off-turn windows, a
    discard or an event): :func:`turn.end_turn` on the successor, its step
    already dropped from the queue."""
    turn.end_turn(s, d, s.tasks)


def _count_down(s: Any, d: dict[str, Any], step: tuple[int, ...]) -> None:
    """One fewer left to spend or gain in ``step``, the head of the queue; a
    Spend step with everything spent gives way to what follows it
    (:func:`turn.then_spent`)."""
    left = step[2] - 1
    if left or step[0] != Task.SPEND:
        d["tasks"] = ((step[0], step[1], left, step[3]),) + s.tasks[1:]
    else:
        turn.then_spent(s, d, step[1], step[3])


def _spend_any(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Spend 1 of any resource (Monolith, Trade Hub, Spaceport)."""
    p = step[1]
    res = [*s.res]
    row = [*res[p]]
    row[action.resource] -= 1  # add_to() inlined: each resource spent
    res[p] = tuple(row)
    d["res"] = tuple(res)
    _count_down(s, d, step)


def _gain_any(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Gain 1 of any resource."""
    add_to(d, "res", step[1], action.resource, 1)
    _count_down(s, d, step)


def _discard_tactic(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Discard a tactics card: down to the hand limit, or as a resource to spend
    ("tactics cards are resources too")."""
    add_to(d, "hands", step[1], action.kind, -1)
    discard = s.tdiscard
    d["tdiscard"] = put(discard, action.kind, discard[action.kind] + 1)
    if step[0] == Task.SPEND:
        _count_down(s, d, step)


def _recruit(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Recruit Leaders (a free action): a leader leaves the region for home."""
    p = step[1]
    add_to(d, "leaders_on", p, action.region, -1)
    home = [*s.leaders_home]
    home[p] += 1  # put() inlined
    d["leaders_home"] = tuple(home)


def _damage_module(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Damage a module of your station."""
    d["tasks"] = s.tasks[1:]
    add_to(d, "mdmg", step[1], action.slot, 1)


def _take_token(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Discovery token space: take a token of the space's stack."""
    d["tasks"] = s.tasks[1:]
    add_to(d, "dstacks", step[2], action.kind, -1)
    add_to(d, "dheld", step[1], action.kind, 1)


def _discard_module(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Discard a module from the market (offered by a Buy step's second pick)."""
    d["tasks"] = s.tasks[1:]
    progress_tracks.discard_module(s, d, action.column, action.place)


def _draw_card(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Draw 1 tactics card."""
    d["tasks"] = ((Task.DRAW, step[1], 1, 0),) + s.tasks[1:]


def _draw_to_limit(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """A tactics card limit space: "You may then immediately draw" up to the new limit."""
    p = step[1]
    left = progress_tracks.tactics_limit(s, p) - sum(s.hands[p])
    d["tasks"] = ((Task.DRAW, p, left, 0),) + s.tasks[1:]


def _keep_on_top(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Activating a Nebula: which of the top 2 event cards stays on top."""
    d["tasks"] = s.tasks[1:]
    d["edeck"] = progress_tracks.keep_on_top(s.edeck, action.card)


def _buy_module(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Buying or Acquiring Modules (a Buy step's first pick leaves a second)."""
    kind, p = step[0], step[1]
    if kind == Task.BUY and not step[3]:
        d["tasks"] = ((Task.BUY, p, step[2], 1),) + s.tasks[1:]
    else:
        d["tasks"] = s.tasks[1:]
    progress_tracks.gain_module(s, d, p, action.column, action.place, paid=kind == Task.BUY)


def _build_ship(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    d["tasks"] = s.tasks[1:]
    return_to_station.build_ship(s, d, step[1], action.ship)


def _repair(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    d["tasks"] = s.tasks[1:]
    return_to_station.repair(s, d, step[1], action.option, action.target)


def _take_ship(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Activate Modules: the chosen ship goes on the module (``step[2]``), which then acts."""
    d["tasks"] = s.tasks[1:]
    return_to_station.take_ship(s, d, step[1], action.ship, action.place)
    return_to_station.resolve_module(s, d, step[1], step[2])


def _choose_raider(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Raider Strike: the active player chooses which class in range strikes."""
    d["tasks"] = s.tasks[1:]
    launching.raider_strike(s, d, action.cls)


def _upgrade(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    d["tasks"] = s.tasks[1:]
    progress_tracks.place_upgrade(s, step[1], action.tile)


def _develop(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    d["tasks"] = s.tasks[1:]
    progress_tracks.build_development(s, d, step[1], action.region)


def _tac_ops(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    d["tasks"] = s.tasks[1:]
    battle.tactical_operations(s, d, step[1], action.moon)


def _slot_moon(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    if step[0] == Task.MOON_FULL:
        d["tasks"] = s.tasks[1:]
    return_to_station.slot_moon(s, d, step[1], action.moon, action.slot)


def _abandon(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    p = step[1]
    if step[0] == Task.MOON_FULL:
        d["tasks"] = s.tasks[1:]
        if p != s.active:  # a moon gained on another player's turn: no benefit
            launching.unclaim_moon(s, d, p, action.moon)
            discard = s.moon_discard
            d["moon_discard"] = put(discard, action.moon, discard[action.moon] + 1)
            return
    turn.abandon_moon(s, d, p, action.moon)


def _use_token(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Discovery and supremacy tokens: used once, for their effect."""
    p, kind = step[1], action.kind
    components = s.game.components
    held, used, effect = (
        ("sheld", "sused", components.supremacy[kind])
        if action.supremacy
        else ("dheld", "dused", components.discoveries[kind])
    )
    add_to(d, held, p, kind, -1)
    d[used] = put(d[used], kind, d[used][kind] + 1)
    progress_tracks.apply_effect(s, d, p, effect)


def _collect_bonus(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Bonus resources of a region with your ship: all of them, once."""
    bonus = s.bonus
    progress_tracks.gain(s, d, step[1], bonus[action.region])
    d["bonus"] = put(bonus, action.region, NO_RESOURCES)


def _give_module(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """2v2: the first module bought on a turn goes to you or your teammate."""
    d["tasks"] = s.tasks[1:]
    p = step[1]
    progress_tracks.receive_module(s, d, s.game.teammate(p) if action.give else p, step[2])


def _done(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """"Done", offered by the steps that may end unused: the step is dropped."""
    d["tasks"] = s.tasks[1:]


DirectRule = Callable[[Any, dict[str, Any], tuple[int, ...], Any], None]
"""A rule of :data:`DIRECT_DECISIONS`: ``rule(successor, its dict, step, action)``
(the dict for its stores, read once by :func:`_direct_decision`; fields are read as
attributes, which see the stores)."""

DIRECT_DECISIONS: dict[type[Action], DirectRule] = {
    A.Done: _done,
    A.Launch: launching.launch,
    A.ReturnToStation: _return_to_station,
    A.EndTurn: turn.end_turn_chosen,
    A.Escalate: battle.escalate,
    A.SpendEnergyDie: battle.spend_energy_die,
    A.SpendAny: _spend_any,
    A.GainAny: _gain_any,
    A.DiscardTactic: _discard_tactic,
    A.Recruit: _recruit,
    A.DamageModule: _damage_module,
    A.TakeToken: _take_token,
    A.DiscardModule: _discard_module,
    A.DrawCard: _draw_card,
    A.DrawToLimit: _draw_to_limit,
    A.KeepOnTop: _keep_on_top,
    A.MoveIndustry: return_to_station.rearrange,
    A.Activate: return_to_station.activate,
    A.ActivateScience: return_to_station.activate,
    A.TakeShip: _take_ship,
    A.BuyModule: _buy_module,
    A.BuildShip: _build_ship,
    A.Repair: _repair,
    A.PlayTactic: turn.play_tactic,
    A.TacOps: _tac_ops,
    A.Develop: _develop,
    A.UseDevelopmentCard: turn.use_development_card,
    A.Upgrade: _upgrade,
    A.ChooseRaider: _choose_raider,
    A.SlotMoon: _slot_moon,
    A.Abandon: _abandon,
    A.UseToken: _use_token,
    A.CollectBonus: _collect_bonus,
    A.GiveModule: _give_module,
    A.UseFactionAbility: turn.use_faction_ability,
}
"""Decisions carried out on the successor itself (no working copy): they only
edit a few fields and the queue (see :func:`_direct_decision`): the turn's
action and "end turn" too, so that the main step, the step after the action
and every other decision step share one ``direct`` function; the others are
:data:`PERFORM`'s, on a Work.  Each is called as ``rule(successor, its
dict, step, action)``; the chapter functions that take these arguments themselves are
entered here with no wrapper (a call fewer)."""


def _direct_decision(rules: Rules, state: Any, step: tuple[int, ...], action_id: int) -> Any:
    """A decision on the successor itself (no working copy): the rules of
    :data:`DIRECT_DECISIONS` ("done" among them) edit it; any other action as
    :func:`_decide`.  The step machine's ``direct`` hook bound to the game's
    :class:`Rules` (no ``state.game.rules`` to read: every action comes here
    or to :func:`_direct_chance`)."""
    rule, action = rules.direct_decisions[action_id]
    if rule is None:
        return None  # on a Work, by _decide (the step machine's decide)
    # state._successor() inlined (half the actions come here; a call is about
    # 500 instructions): a decision node's caches reset, the rearrangement
    # window closed (see AndromedasEdgeState._successor)
    new = AndromedasEdgeState()
    d = new.__dict__
    d |= state.__dict__  # (dict.update is a call the specialiser leaves generic: 230 more)
    d["_legal"] = None
    if new.rearranged:
        d["rearranged"] = False
    if rule is _done:  # (no call for "done"'s one edit)
        d["tasks"] = new.tasks[1:]
    else:
        rule(new, d, step, action)
    return new


_BATTLE_DIE, _DRAW, _REFILL = Task.BATTLE_DIE, Task.DRAW, Task.REFILL
"""The commonest chance steps' kinds as module constants (a global read costs less
than an attribute of ``Task``): :func:`_direct_chance` and :func:`_outcomes` test them first."""


def _direct_chance(rules: Rules, state: Any, step: tuple[int, ...], action_id: int) -> Any:
    """A chance outcome on the successor itself (no working copy; the
    kernel's ``direct`` of every chance step, bound to the game's
    :class:`Rules`): the commonest two, a battle die and a drawn tactics
    card, here; a module revealed by :func:`_module_revealed`; the others by
    their rule of :data:`CHANCE_RESULTS`."""
    # state._successor() inlined (a quarter of the actions come here): a chance
    # node's cache reset, the rearrangement window closed (see
    # AndromedasEdgeState._successor)
    new = AndromedasEdgeState()
    d = new.__dict__
    d |= state.__dict__  # (as in _direct_decision)
    queue = new.tasks
    kind = step[0]
    if kind != _BATTLE_DIE or queue[1] is not step:
        # (kept for the participant's next die, the same step: Rules.die_steps repeats
        # one tuple, and targeting does not change between dice, so its outcomes are
        # this node's, which the successor copied: none to list and cache again)
        d["_chance"] = None
    if new.rearranged:
        d["rearranged"] = False
    if kind == _BATTLE_DIE:
        # Step 4 -- Roll Dice: one battle die's result joins its participant's rolls
        d["tasks"] = queue[1:]
        who = step[2]
        rolls = [*new.b_rolls]  # put() inlined
        rolls[who] = rolls[who] + (action_id - rules.first_die + 1,)
        d["b_rolls"] = tuple(rolls)
    elif kind == _DRAW:
        # Drawing Cards: the drawn tactics card goes from the deck to the hand of
        # the step's player; a draw of several cards draws again
        card = action_id - rules.first_tactic
        p, left = step[1], step[2]
        d["tasks"] = ((_DRAW, p, left - 1, 0),) + queue[1:] if left > 1 else queue[1:]
        tdeck = [*new.tdeck]
        tdeck[card] -= 1  # put() inlined
        d["tdeck"] = tuple(tdeck)
        hands = [*new.hands]
        hand = [*hands[p]]
        hand[card] += 1  # add_to() inlined
        hands[p] = tuple(hand)
        d["hands"] = tuple(hands)
    elif kind == _REFILL:
        _module_revealed(new, d, step, action_id)  # its step stays on top
    else:
        d["tasks"] = queue[1:]
        CHANCE_RESULTS[kind](new, d, step, action_id)
    return new


def _moon_revealed(s: Any, d: dict[str, Any], step: tuple[int, ...], action_id: int) -> None:
    """Claiming Moons: the moon revealed from the pool becomes the region's top
    moon (one fewer hidden there)."""
    kind = action_id - s.game.rules.first_moon
    region = step[2]
    pool, top, hidden = [*s.moon_pool], [*s.moon_top], [*s.moon_hidden]
    pool[kind] -= 1  # put() inlined, three times
    top[region] = kind
    hidden[region] -= 1
    d["moon_pool"], d["moon_top"], d["moon_hidden"] = tuple(pool), tuple(top), tuple(hidden)


def _module_revealed(s: Any, d: dict[str, Any], step: tuple[int, ...], action_id: int) -> None:
    """Refilling the market: the module revealed from the deck of the column's
    type (or, that deck empty, the first one put under it) fills the column's
    first empty place, and the column is refreshed again: its step, ``step``,
    stays at the head of the queue (:func:`_direct_chance` leaves it there)."""
    kind = action_id - s.game.rules.first_module
    column = step[2]
    mdeck = s.mdeck
    if mdeck[kind]:
        left = [*mdeck]
        left[kind] -= 1  # put() inlined
        d["mdeck"] = tuple(left)
    else:
        mbottom = s.mbottom
        d["mbottom"] = put(mbottom, column, mbottom[column][1:])
    market = [*s.market]
    row = [*market[column]]
    row[row.index(-1)] = kind  # put_in() inlined: every module revealed
    market[column] = tuple(row)
    d["market"] = tuple(market)


def _planet_revealed(s: Any, d: dict[str, Any], step: tuple[int, ...], action_id: int) -> None:
    """Triggering an Event: the planet revealed from the stack (:func:`progress_tracks.reveal_planet`)."""
    progress_tracks.reveal_planet(s, s.game.rules.actions[action_id].planet)


def _peeked(s: Any, d: dict[str, Any], step: tuple[int, ...], action_id: int) -> None:
    """Activating a Nebula: the event card looked at (:func:`launching.peek_card`)."""
    launching.peek_card(s, d, step[1], step[2], s.game.rules.actions[action_id].card)


def _event_revealed(s: Any, d: dict[str, Any], step: tuple[int, ...], action_id: int) -> None:
    """Resolve Event Card: the revealed card (:func:`progress_tracks.resolve_event`)."""
    card = s.game.rules.actions[action_id].card
    progress_tracks.take_event(s, card)
    progress_tracks.resolve_event(s, d, card)


def _raider_rolled(s: Any, d: dict[str, Any], step: tuple[int, ...], action_id: int) -> None:
    """Placing New Raiders: the die's region, or (occupied) a roll again for a
    random nebula not occupied by a raider."""
    region = s.game.face_region[s.game.rules.actions[action_id].face]
    if raiders.placeable(s, step[2], region):
        raiders.put_raider(s, step[2], step[3] >> 1, region)
    else:
        d["tasks"] = ((Task.RAIDER_ROLL, -1, step[2], step[3] | 1),) + s.tasks


CHANCE_RESULTS: dict[int, Callable[[Any, dict[str, Any], tuple[int, ...], int], None]] = {
    Task.MOON: _moon_revealed,
    Task.PLANET: _planet_revealed,
    Task.PEEK_DRAW: _peeked,
    Task.EVENT: _event_revealed,
    Task.RAIDER_ROLL: _raider_rolled,
}
"""The chance results but battle dice, tactics draws and module reveals (:func:`_direct_chance`),
by step kind: each edits the successor (``rule(successor, its dict, step, action_id)``,
the dict read once by :func:`_direct_chance`), its step already dropped from the queue."""


def _outcomes(s: Any, _step: Any = None) -> tuple[tuple[int, float], ...]:
    """(id, probability) of the chance step on top of the queue (the kernel's
    ``outcomes`` hook passes it too), in id order: tactics draws and moon
    reveals from their count vectors (:func:`~boardgames.kernel.cards.labelled_outcomes`),
    dice from the game's :class:`~boardgames.kernel.chance.Die` tables.  It is
    also the state's ``_chance_ids`` itself (set below: no call on the way)."""
    step = s.tasks[0]
    kind = step[0]
    rules: Rules = s.game.rules
    if kind == _BATTLE_DIE:  # the commonest chance step first
        target = s.b_target[step[2]]  # within 0..TARGETING_LIMIT (min and max cost a call each)
        return rules.battle_die[0 if target < 0 else TARGETING_LIMIT if target > TARGETING_LIMIT else target]
    if kind == _DRAW:
        return labelled_outcomes(s.tdeck, rules.tactic_draws)
    if kind == Task.EVENT or kind == Task.PEEK_DRAW:
        depth = step[2] if kind == Task.PEEK_DRAW else 0
        deck: Deck = s.edeck
        return deck.draw_outcomes(rules.first_event, depth)  # a peek looks below the known top
    if kind == Task.RAIDER_ROLL:
        faces = tuple(face for face, _ in raiders.raider_targets(s, step[2], bool(step[3] & 1)))
        return rules.raider_die(faces)
    if kind == Task.MOON:  # the pool of the planet's colour
        counts, ids = rules.moon_draws[s.game.components.planets[s.layout[step[2]]].type]
        return labelled_outcomes(counts(s.moon_pool), ids)
    if kind == Task.REFILL:  # the deck of the column's type
        counts, ids = rules.module_draws[step[2]]
        found = labelled_outcomes(counts(s.mdeck), ids)
        if found:
            return found
    outcomes = chance_outcomes(s)
    total = sum(weight for _, weight in outcomes)
    return tuple(sorted([(i, weight / total) for i, weight in outcomes]))


AndromedasEdgeState._chance_ids = _outcomes  # type: ignore[method-assign,assignment]
"""The state's chance listing is :func:`_outcomes` itself (a chance node has a step on
top), in place of the method that reaches it by a call (``state.py`` cannot import this
module at its top)."""


DIRECT_RUN: dict[int, Callable[[Any, dict[str, Any], Any], None]] = {
    Task.END_TURN: _run_end_turn,
    Task.RETURN_SHIPS: return_to_station.return_ships,
    Task.STRIKE: _strike,
    Task.BATTLE: battle.start_battle,
    Task.BATTLE_DIPLOMACY: battle.diplomacy_stage,
    Task.BATTLE_PREPARE: battle.prepare_stage,
    Task.BATTLE_ROLL: battle.roll_stage,
    Task.BATTLE_OUTCOME: battle.outcome,
    Task.BATTLE_DAMAGE: battle.damage_stage,
}
"""Automatic steps that run on the successor itself (no working copy): each is
called as ``rule(successor, its dict, step)``, the dict the step machine holds."""


Chunks = tuple[tuple[tuple[int, ...], ...], ...]
"""Ids by region as tables by bytes of a region mask (:func:`~boardgames.kernel.cards.mask_tables`)."""


class Rules(StepMachine["AndromedasEdgeState"]):
    """The step machine of one configured game: every decision step lists its
    legal ids with its function in :data:`LEGAL` and applies them with
    the rule of their action family in :data:`PERFORM` (looked up by action
    id in ``perform``); every chance step
    draws with :func:`_outcomes` and applies its outcome on the successor itself; automatic
    steps run their function in :data:`DIRECT_RUN`.  Most steps build the
    successor themselves, with no working copy (the kernel's ``direct`` and
    ``direct_run``): the decisions of :data:`DIRECT_DECISIONS` ("done" among them)
    (:func:`_direct_decision`: the turn's action, Launch Ship or Return to
    Station, and "end turn" among them), every automatic step
    (the end of the turn, Return All Ships, the raider strike and the battle
    stages, :data:`DIRECT_RUN`), tactics draws,
    moon and module reveals and battle dice.
    While the queue settles, steps
    with nothing to decide or draw drop out (:func:`step_needed`) and an
    empty queue starts the next turn (:func:`next_turn`)."""

    def __init__(self, game: AndromedasEdge) -> None:
        codes = [k.code for k in STEP_KINDS.kinds if k is not None]
        decisions = [k for k in codes if ROLES[k] == DECISION_ROLE]
        chances = [k for k in codes if ROLES[k] == CHANCE_ROLE]
        autos = [k for k in codes if ROLES[k] == AUTO_ROLE]
        direct_decision = MethodType(_direct_decision, self)  # (bound once: the rules at hand)
        direct_chance = MethodType(_direct_chance, self)
        super().__init__(
            STEP_KINDS,
            legal={k: LEGAL[k] for k in decisions},
            outcomes={k: _outcomes for k in chances},
            decide={k: _decide for k in decisions},
            direct={
                **{k: direct_decision for k in decisions},
                **{k: direct_chance for k in chances},
            },
            run={k: _nothing for k in autos if k not in DIRECT_RUN},
            direct_run=DIRECT_RUN,
            needed={
                **{k: step_needed for k in (*decisions, *chances) if k not in _ALWAYS_NEEDED},
                # The same checks without step_needed's dispatch (a call fewer):
                **{k: chance_possible for k in chances if k not in _ALWAYS_NEEDED},
                **{k: listing_needed for k in _BY_LISTING},
                Task.OFF_TURN: off_turn_needed,
                Task.WINDOW: window_needed,
            },
            # The same checks on the successor itself after a direct action (no Work
            # to settle when they only read).
            direct_needed={
                **{k: step_looks for k in (*decisions, *chances) if k not in _ALWAYS_NEEDED},
                **{k: chance_looks for k in chances if k not in _ALWAYS_NEEDED},
                Task.REFILL: progress_tracks.refresh_column,  # (chance_looks' own answer, a call fewer)
                **{k: listing_looks for k in _BY_LISTING},
                Task.OFF_TURN: off_turn_looks,
                Task.WINDOW: window_on_state,
            },
            on_empty=next_turn,
            queue="tasks",
            work=Work,
        )
        self.game = game
        self.listing_of: Callable[[Any], tuple[int, ...]] = _legal_ids
        """:func:`_legal_ids`, for the state's own ``_legal_ids`` (which this module
        replaces with it)."""
        self.outcomes_of: Callable[[Any], tuple[tuple[int, float], ...]] = _outcomes
        """:func:`_outcomes`, for the state's own ``_chance_ids`` (which this module
        replaces by :func:`_outcomes` itself)."""
        K = game.key_ids
        self.first_tactic: int = K[A.DrawnTactic, 0]
        self.tactic_draws: tuple[int, ...] = tuple(
            range(self.first_tactic, self.first_tactic + len(game.components.tactics))
        )
        """The ids of drawing each tactics card kind (the labels of their outcomes)."""
        self.first_moon: int = K[A.MoonRevealed, 0]
        self.first_die: int = K[A.DieRoll, 1]
        self.first_module: int = K[A.ModuleRevealed, 0]
        self.first_event: int = K[A.EventRevealed, 0]
        self.done: int = K[A.Done,]
        self.actions: tuple[Action, ...] = game.catalogue.actions
        """Every action by id."""
        self.perform: tuple[Any, ...] = tuple(PERFORM.get(type(a)) for a in self.actions)
        """The rule of :data:`PERFORM` that carries out each decision, by action id."""
        self.direct_decisions: tuple[tuple[DirectRule | None, Action], ...] = tuple(
            (DIRECT_DECISIONS.get(type(a)), a) for a in self.actions
        )
        """The rule of :data:`DIRECT_DECISIONS` of each action id (None: :data:`PERFORM`'s on a Work)
        and the action itself (one look-up for both)."""
        track = game.components.tracks[3]
        self.tactics_limits: tuple[int, ...] = tuple(
            progress_tracks.tactics_limit_at(track, i) for i in range(len(track.special))
        )
        """The tactics card limit at each Civilization Track position."""
        self.play_tactic_ids: tuple[int, ...] = tuple(
            K[A.PlayTactic, k] for k in range(len(game.components.tactics))
        )
        """The id of playing each tactics card kind."""
        types = game.tactic_types
        self.free_tactic_ids: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((k, i) for k, i in enumerate(self.play_tactic_ids) if types[k] in playable)
            for playable in ((0, 1, 2), (1, 2))
        )
        """(card kind, id of playing it) of the tactics cards playable as free
        actions: ``[0]`` on your turn (action, event, sustain), ``[1]`` during
        battle, where action cards "can't be played"."""
        self.free_tactic_picks: tuple[tuple[Getter, tuple[int, ...]], ...] = tuple(
            (_getter(tuple(k for k, _ in pairs)), tuple(i for _, i in pairs))
            for pairs in self.free_tactic_ids
        )
        """The same as (a function giving a hand's count of each of those kinds, their ids):
        ``compress(ids, counts(hand))`` lists the playable ones held."""
        self.tactic_picks: tuple[tuple[Getter, tuple[int, ...]], ...] = tuple(
            (_getter(kinds), tuple(self.play_tactic_ids[k] for k in kinds))
            for kinds in (game.tactics_of_type(kind) for kind in range(5))
        )
        """Per tactics card type, (a hand's count of each kind of that type, the ids
        of playing them): ``compress(ids, counts(hand))`` lists those held."""
        self.escalate_ids: tuple[int, ...] = tuple(K[A.Escalate, i] for i in range(len(game.ship_types)))
        """The id of Escalation moving each ship (by its place in a ship row)."""
        self.energy_die: int = K[A.SpendEnergyDie,]
        kinds = len(RESOURCE_KINDS.names)
        self.spend_any_ids: tuple[int, ...] = tuple(K[A.SpendAny, r] for r in range(kinds))
        self.discard_tactic_ids: tuple[int, ...] = tuple(
            K[A.DiscardTactic, k] for k in range(len(game.components.tactics))
        )
        """The ids of spending 1 resource of each kind and of discarding each tactics card kind."""
        c = game.components
        self.no_cards: tuple[int, ...] = (0,) * len(c.tactics)
        self.no_devcards: tuple[int, ...] = (0,) * 5  # one count per development type
        self.no_discoveries: tuple[int, ...] = (0,) * len(c.discoveries)
        self.no_supremacy: tuple[int, ...] = (0,) * len(c.supremacy)
        """Empty rows of a hand, development cards, discovery and supremacy tokens."""
        self.any_turn_counts: Getter = _getter(game.any_turn_cards)
        """A hand's count of each action card kind playable on other players' turns."""
        self.no_resources: tuple[int, ...] = NO_RESOURCES
        """A row of resources of each kind with none of any (a region's bonus resources)."""
        self.off_turn_queues: tuple[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...], ...] = tuple(
            tuple(
                (q, (*((Task.OFF_TURN, later, 0, 0) for later in order[i:]), turn.END_TURN_STEP))
                for i, q in enumerate(order)
                if i
            )
            for order in game.turn_orders
        )
        """When ``p``'s turn ends, each other player ``q`` in turn order with the
        queue from ``q``'s window for any-turn cards on: the windows of ``q`` and
        the later players, then the end of the turn: ``off_turn_queues[p]``
        (:func:`turn.end_turn_chosen`)."""
        self.slot_moon_ids: dict[int, dict[int, int]] = {}
        """The id of slotting moon kind ``m`` into each slot: ``slot_moon_ids[m][slot]``."""
        self.launch_ids: dict[int, dict[int, dict[bool, int]]] = {}
        """The id of each launch: ``launch_ids[ship][region][jump]``."""
        self.launch_id_rows: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
        """The ids of launching each ship type, by region: ``launch_id_rows[ship][jump][region]``."""
        self.move_industry_ids: dict[int, dict[int, int]] = {}
        """The id of moving industry module ``slot`` to row ``place``: ``move_industry_ids[slot][place]``."""
        for i, action in enumerate(game.catalogue.actions):
            if type(action) is A.SlotMoon:
                self.slot_moon_ids.setdefault(action.moon, {})[action.slot] = i
            elif type(action) is A.Launch:
                self.launch_ids.setdefault(action.ship, {}).setdefault(action.region, {})[action.jump] = i
            elif type(action) is A.MoveIndustry:
                self.move_industry_ids.setdefault(action.slot, {})[action.place] = i
        self.launch_id_rows = tuple(
            (
                tuple(self.launch_ids[t][r][False] for r in range(game.regions)),
                tuple(self.launch_ids[t][r][True] for r in range(game.regions)),
            )
            for t in range(4)
        )
        self.launch_id_chunks: tuple[tuple[Chunks, Chunks], ...] = tuple(
            (mask_tables(stay, 8), mask_tables(jumped, 8)) for stay, jumped in self.launch_id_rows
        )
        """The same by bytes of a mask of regions: ``launch_id_chunks[ship][jump][c][byte]``
        are the ids of the regions ``8 * c + i`` for each bit ``i`` set in ``byte``."""
        self.activate_ids: tuple[tuple[int, int], ...] = tuple(
            (K[A.Activate, slot, False], K[A.Activate, slot, True]) for slot in range(MAX_STATION)
        )
        """The id of activating the module at each station place with energy ([0]) or a ship ([1])."""
        self.buy_module_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(K[A.BuyModule, k, i] for i in range(3)) for k in range(4)
        )
        self.discard_module_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(K[A.DiscardModule, k, i] for i in range(3)) for k in range(4)
        )
        """The ids of buying and of discarding the module at each market place: ``[column][place]``."""
        self.build_ship_ids: tuple[int, ...] = tuple(K[A.BuildShip, t] for t in range(4))
        """The id of building a ship of each type."""
        self.repair_ids: tuple[tuple[int, ...], ...] = (
            tuple(K[A.Repair, 0, t] for t in range(4)),
            tuple(K[A.Repair, 1, t] for t in range(4)),
            tuple(K[A.Repair, 2, slot] for slot in range(MAX_STATION)),
            (K[A.Repair, 3, 0],),
        )
        """The id of each repair option: ``repair_ids[option][target]`` (:class:`actions.Repair`)."""
        places = (*range(game.regions), A.BARGE_PLACE)
        self.take_ship_ids: tuple[dict[int, int], ...] = tuple(
            {place: K[A.TakeShip, t, place] for place in places} for t in range(4)
        )
        """The id of taking a ship of each type from each place (a region, or the
        Repair Barge): ``take_ship_ids[ship][place]``."""
        self.tacops_ids: tuple[int, int] = (K[A.TacOps, False], K[A.TacOps, True])
        """The ids of Tactical Operations without and with its moon (``tacops_ids[moon]``)."""
        self.develop_ids: tuple[int, ...] = tuple(K[A.Develop, r] for r in range(game.spaces))
        self.draw_card: int = K[A.DrawCard,]
        """The ids of developing each planet's space, and of drawing a card instead."""
        self.end_turn: int = K[A.EndTurn,]
        self.return_to_station: int = K[A.ReturnToStation,]
        self.use_ability: int = K[A.UseFactionAbility,]
        self.abandon_ids: tuple[int, ...] = tuple(K[A.Abandon, m] for m in range(len(game.components.moons)))
        """The id of abandoning each moon kind."""
        self.recruit_ids: tuple[int, ...] = tuple(K[A.Recruit, r] for r in range(game.regions))
        self.bonus_ids: tuple[int, ...] = tuple(K[A.CollectBonus, r] for r in range(game.regions))
        """The ids of recruiting a leader and of collecting the bonus resources, by region."""
        returned = {loc: return_to_station.returned_place(loc) for loc in (*OFF_BOARD, *range(game.regions))}
        self.returned_places: Callable[[int], int] = returned.__getitem__
        """Where a ship at each place is after Return All Ships
        (:func:`return_to_station.returned_place` of every place)."""
        self._die_ids = {face: K[A.DieRoll, face] for face in range(1, 7)}
        self.battle_die: tuple[tuple[tuple[int, float], ...], ...] = tuple(
            Die(tuple(battle.die_faces(target))).chance_ids(self._die_ids)
            for target in range(TARGETING_LIMIT + 1)
        )
        """The battle die's outcomes by targeting value (Targeting: rerolls below it)."""
        self.die_steps: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(((Task.BATTLE_DIE, -1, p, 0),) * n for n in range(battle.DICE_LIMIT + 1))
            for p in range(game.players + 1)
        )
        """Step 4 -- Roll Dice: ``die_steps[p][n]``, the ``n`` battle-die steps of
        participant ``p`` (the raiders are ``players``; at most ``DICE_LIMIT`` dice)."""
        self._raider_dice: dict[tuple[int, ...], tuple[tuple[int, float], ...]] = {}
        self.sustain_targeting: tuple[tuple[int, int], ...] = tuple(
            (k, card.effect.targeting)
            for k, card in enumerate(game.components.tactics)
            if card.effect.targeting
        )
        """(kind, targeting bonus) of the tactics cards that add targeting while
        in play (sustain cards, Battle Preparations)."""
        self.battle_card_rest: tuple[Any, ...] = tuple(
            battle.attrs_without_battle(card.effect) for card in game.components.tactics
        )
        """Per tactics card kind, what playing it as a diplomacy or battle card does
        at once (:func:`battle.play_battle_card`): its effect without the dice,
        targeting and ceasefire that last for the battle (an ``attrs.evolve``
        made once, not at every play)."""
        self.moon_draws: tuple[tuple[Getter, tuple[int, ...]], ...] = tuple(
            (_getter(kinds), tuple(self.first_moon + k for k in kinds)) for kinds in game.moons_of_colour
        )
        """Per planet colour, the counts of its moon kinds in a pool (a function of the
        pool) and the ids of revealing each: a moon reveal draws from that share only."""
        self.module_draws: tuple[tuple[Getter, tuple[int, ...]], ...] = tuple(
            (_getter(kinds), tuple(self.first_module + k for k in kinds)) for kinds in game.column_modules
        )
        """The same for each market column and the module deck of its type (``mdeck``)."""

    def raider_die(self, faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
        """A raider's placement roll over the die faces that place it (Placing New Raiders)."""
        found = self._raider_dice.get(faces)
        if found is None:
            found = self._raider_dice[faces] = Die(faces).chance_ids(self._die_ids)
        return found

    def legal_ids(self, state: Any) -> tuple[int, ...]:
        return state._legal_ids()  # type: ignore[no-any-return]  # LEGAL, sorted (AndromedasEdgeState)

    def scores(self, state: AndromedasEdgeState) -> tuple[float, ...]:
        return tuple(float(sum(col)) for col in zip(*scoring.score_table(state).values()))

    def winners(self, state: AndromedasEdgeState) -> frozenset[int]:
        return scoring.winners(state)
