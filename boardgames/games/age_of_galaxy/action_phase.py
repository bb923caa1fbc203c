"""Action Phase (rulebook "Action Phase"): turns in turn order until all have passed.

A turn is one action (placing an Action disc), at most one Faction card, and
any number of Free actions (2 Productivity, 1 Innovation or 1 Influence for
1 Credit).  The card and the Free actions may come before or after the
action, so after it the player ends the turn explicitly ("end turn"); the
turn ends by itself when nothing optional is left.  A player with no discs at
the start of their turn passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy.actions import CONVERT_INFLUENCE, CONVERT_INNOVATION, CONVERT_PRODUCTIVITY
from boardgames.games.age_of_galaxy.components import CREDIT, INFLUENCE, INNOVATION, PRODUCTIVITY
from boardgames.games.age_of_galaxy.icons import CREDIT_CAP, W
from boardgames.games.age_of_galaxy.interpretations import FREE_ACTIONS_AT_CREDIT_CAP
from boardgames.games.age_of_galaxy.state import ACTED, ACTION, ACTION_PHASE, CARD_PLAYED, AgeState

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

_CONVERT_COST = {CONVERT_PRODUCTIVITY: (PRODUCTIVITY, 2), CONVERT_INNOVATION: (INNOVATION, 1),
                 CONVERT_INFLUENCE: (INFLUENCE, 1)}


def start(T: Tables, s: AgeState) -> None:
    W(s, "stage", ACTION)
    W(s, "passed", 0)
    W(s, "pend", ())
    _turn_from(T, s, 0)


def _turn_from(T: Tables, s: AgeState, pos: int) -> None:
    """Start the turn of the first player from ``pos`` on (in turn order) who has not passed."""
    n = T.n
    passed = s.passed
    for step in range(n):
        i = (pos + step) % n
        p = s.order[i]
        if passed >> p & 1:
            continue
        if s.discs[p] == 0:  # no discs at the beginning of the turn: pass
            passed |= 1 << p
            continue
        W(s, "passed", passed)
        W(s, "pos", i)
        W(s, "flags", 0)
        W(s, "_player", p)
        return
    W(s, "passed", passed)
    W(s, "flags", 0)
    W(s, "pos", 0)  # no turn-order position is current once everyone has passed
    end_of_action_phase(T, s)


def end_of_action_phase(T: Tables, s: AgeState) -> None:
    """"The Action phase ends once all players have passed"."""
    s.game.rules.phase_over(s, ACTION_PHASE)


def end_turn(T: Tables, s: AgeState) -> None:
    _turn_from(T, s, s.pos + 1)


def conversions(s: AgeState, p: int) -> list[int]:
    """Free actions that would change something (Credit is capped at 12)."""
    b = p * 8
    res = s.res
    if res[b + CREDIT] >= CREDIT_CAP and not FREE_ACTIONS_AT_CREDIT_CAP:
        return []
    out = []
    if res[b + PRODUCTIVITY] >= 2:
        out.append(CONVERT_PRODUCTIVITY)
    if res[b + INNOVATION] >= 1:
        out.append(CONVERT_INNOVATION)
    if res[b + INFLUENCE] >= 1:
        out.append(CONVERT_INFLUENCE)
    return out


def convert(T: Tables, s: AgeState, kind: int) -> None:
    p = s._player
    resource, amount = _CONVERT_COST[kind]
    res = list(s.res)
    res[p * 8 + resource] -= amount
    res[p * 8 + CREDIT] += 1
    W(s, "res", tuple(res))
    _maybe_end(T, s)


def action_done(T: Tables, s: AgeState) -> None:
    """The turn's action is resolved; end the turn if nothing optional is left."""
    W(s, "pend", ())
    W(s, "flags", s.flags | ACTED)
    _maybe_end(T, s)


def _maybe_end(T: Tables, s: AgeState) -> None:
    p = s._player
    if not s.flags & ACTED:
        return
    if (s.flags & CARD_PLAYED or not s.hands[p]) and not conversions(s, p):
        end_turn(T, s)


def after_flags(T: Tables, s: AgeState) -> None:
    """Re-check the end of the turn after a Faction card was played."""
    _maybe_end(T, s)

