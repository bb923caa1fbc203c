"""Action Phase (rulebook "Action Phase"): turns in turn order until all have passed.

A turn is one action (placing an Action disc), at most one Faction card, and
any number of Free actions (2 Productivity, 1 Innovation or 1 Influence for
1 Credit).  The card and the Free actions may come before or after the
action, so after it the player ends the turn explicitly ("end turn"); the
turn ends by itself when nothing optional is left.  A player with no discs at
the start of their turn passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.actions import CONVERT_INFLUENCE, CONVERT_INNOVATION, CONVERT_PRODUCTIVITY
from boardgames.games.age_of_galaxy.components import CREDIT, INFLUENCE, INNOVATION, PRODUCTIVITY
from boardgames.games.age_of_galaxy.icons import CREDIT_CAP
from boardgames.games.age_of_galaxy.interpretations import FREE_ACTIONS_AT_CREDIT_CAP
from boardgames.games.age_of_galaxy.state import (
    ACTED,
    ACTION_PHASE,
    CARD_PLAYED,
    NP,
    AgeState,
)
from boardgames.kernel.game import successor

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

_CONVERT_COST = {CONVERT_PRODUCTIVITY: (PRODUCTIVITY, 2), CONVERT_INNOVATION: (INNOVATION, 1),
                 CONVERT_INFLUENCE: (INFLUENCE, 1)}


def start(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """The Action phase begins with the first player in turn order (on the successor
    ``s`` being built, ``f`` its ``__dict__``: see :mod:`.icons`)."""
    f["passed"] = 0
    _turn_from(T, s, f, 0)


def _turn_from(T: Tables, s: AgeState, f: dict[str, Any], pos: int) -> None:
    """Start the turn of the first player from turn-order position ``pos`` on who has not
    passed: their turn step is the queue (on the successor ``s`` being built, ``f`` its
    ``__dict__``: see :mod:`.icons`).  A player with no discs at the beginning of their
    turn passes; once everyone has, the phase ends."""
    order = s.order
    discs = s.discs
    passed = s.passed
    n = T.n
    f["flags"] = 0
    i = pos % n
    # each of the n turn-order positions once, from ``pos`` on (a loop over the order itself:
    # ``range`` and a modulo per position cost about three times as much); ``passed`` and
    # ``pos`` are stored only where they may change (at 1 player the position is always 0)
    for _ in order:
        p = order[i]
        if not passed >> p & 1:
            if discs[p] == 0:  # no discs at the beginning of the turn: pass
                passed |= 1 << p
                f["passed"] = passed
            else:
                if n > 1:
                    f["pos"] = i
                f["steps"] = T.turn_queues[p]
                return
        i += 1
        if i == n:
            i = 0
    if n > 1:
        f["pos"] = 0  # no turn-order position is current once everyone has passed
    f["steps"] = ()
    T.after_phase[ACTION_PHASE](T, s, f)  # "The Action phase ends once all players have passed"


def end_turn(T: Tables, s: AgeState, _: int = 0) -> AgeState:
    """The player ends the turn; the next player who has not passed takes theirs."""
    new, fields = successor(s)
    _turn_from(T, new, fields, s.pos + 1)
    return new


# Every set of Free actions, indexed by a bit per conversion that ``p`` can pay for
# (bit 0 Productivity, bit 1 Innovation, bit 2 Influence), in catalogue order.
CONVERSIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(kind for bit, kind in enumerate((CONVERT_PRODUCTIVITY, CONVERT_INNOVATION, CONVERT_INFLUENCE))
          if key >> bit & 1)
    for key in range(8)
)


# where player ``p``'s Credit, Productivity, Innovation and Influence are in the resources
# (``p * 8 + resource``), read by conversion_key (on every turn: four additions cost more)
_CONVERTED_AT = tuple(
    (p * 8 + CREDIT, p * 8 + PRODUCTIVITY, p * 8 + INNOVATION, p * 8 + INFLUENCE) for p in range(NP)
)


def conversion_key(res: Sequence[int], p: int) -> int:
    """The index in :data:`CONVERSIONS` of the Free actions that would change something
    for player ``p`` with the resources ``res`` (Credit is capped at 12)."""
    credit, productivity, innovation, influence = _CONVERTED_AT[p]
    if res[credit] >= CREDIT_CAP and not FREE_ACTIONS_AT_CREDIT_CAP:
        return 0
    # tests that jump, not bools combined: a comparison that jumps is specialized for ints
    key = 0
    if res[productivity] >= 2:
        key = 1
    if res[innovation] >= 1:
        key |= 2
    if res[influence] >= 1:
        key |= 4
    return key


def conversions(s: AgeState, p: int) -> tuple[int, ...]:
    """Free actions that would change something (Credit is capped at 12)."""
    return CONVERSIONS[conversion_key(s.res, p)]


def convert(T: Tables, s: AgeState, kind: int) -> AgeState:
    """Free action: 2 Productivity, 1 Innovation or 1 Influence for 1 Credit."""
    p = s._player
    b = p * 8
    resource, amount = _CONVERT_COST[kind]
    res = list(s.res)
    res[b + resource] -= amount
    res[b + CREDIT] += 1
    new, f = successor(s)
    f["res"] = tuple(res)
    maybe_end_now(T, new, f)
    return new


def action_done_now(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """The turn's action is resolved (its turn step is first again); end the turn if
    nothing optional is left (on the successor ``s`` being built, ``f`` its ``__dict__``)."""
    maybe_end_now(T, s, f, s.flags | ACTED)


def maybe_end_now(T: Tables, s: AgeState, f: dict[str, Any], done: int = 0) -> None:
    """End the turn if its action is done and no card or Free action would change anything
    (on the successor ``s`` being built, ``f`` its ``__dict__``); ``done``, from
    :func:`action_done_now`, is the turn's flags once its action is resolved, stored
    with the turn step first again only if the turn goes on (the next turn stores its own).

    Otherwise the turn goes on with the choices :func:`acted_ids` names, known here: they
    are the successor's legal ids (the kernel's ``_legal`` cache, which every successor
    starts without), so that its listing need not work them out again."""
    if done:
        flags = done
    else:
        flags = s.flags
        if not flags & ACTED:
            return
    p = s._player
    key = conversion_key(s.res, p)
    hand = s.hands[p]
    if flags & CARD_PLAYED or not hand:  # no card to play: the Free actions and end turn
        if not key:
            _turn_from(T, s, f, s.pos + 1)  # the next turn
            return
        f["_legal"] = T.after_action[key]
    else:
        f["_legal"] = acted_ids(T, flags, hand, key)
    if done:
        f["steps"] = T.turn_queues[p]
        f["flags"] = done


def acted_ids(T: Tables, flags: int, hand: int, key: int) -> tuple[int, ...]:
    """The choices of a turn whose action is done (``flags``): the cards of ``hand`` unless
    one was played, the Free actions of :func:`conversion_key` ``key``, end turn (ascending)."""
    if flags & CARD_PLAYED:
        return T.after_action[key]
    known = T.hand_memo.get(hand)  # Tables.hand_choices, without a call
    return (T.hand_choices(hand) if known is None else known)[0] + T.after_action[key]
