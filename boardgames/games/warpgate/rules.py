"""The dispatch: for each pending step, its legal ids, its chance outcomes and what an action does.

Every step kind (``state.STEPS``) maps to one chapter function; actions
begin in the chapter of the action played (:data:`BEGIN`), and whether an
action can be resolved at all is the chapter's too (:data:`FEASIBLE`).
A state reaches these through its game: ``state.game.rules``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache

from boardgames.games.warpgate import (
    battle,
    control,
    deploying,
    draw,
    movement,
    promote,
    research,
    scoring,
    trade,
    turn,
)
from boardgames.games.warpgate.components import (
    ADVANCE,
    CONCENTRATE,
    CONTROL,
    DRAW,
    MANEUVER,
    MOVES,
    PROMOTE,
    RECON,
    REINFORCE,
    RESEARCH,
    SKIRMISH,
    TRADE,
    WARP_IN,
)
from boardgames.games.warpgate.state import (
    CONTROL_PICK,
    COUNT,
    COUNT2,
    DEAL,
    DEPLOY,
    DEST,
    DEST2,
    DRAW_CARDS,
    DRONE,
    GOOD,
    HOP1,
    HOP2,
    OBJECTIVE,
    ORIGIN,
    ORIGIN2,
    PLAY,
    PROMO_DRAW,
    PROMOTE_PICK,
    REINFORCE_PICK,
    REVEAL_ATT,
    REVEAL_DEF,
    TECH,
    TECH_REVEAL,
    TRADE_FROM,
    WITHDRAW,
    Pend,
    WarpgateState,
)
from boardgames.kernel.game import CHANCE

__all__ = ["BEGIN", "FEASIBLE", "WarpgateRules", "begin", "feasible", "outcomes"]

_set = object.__setattr__


@lru_cache(maxsize=4096)
def outcomes(ms: tuple[int, ...], offset: int) -> tuple[tuple[int, float], ...]:
    """Drawing from the multiset ``ms``: each distinct card (as ``offset`` + card) and its chance.

    Remembered, because the same few piles are drawn from again and again
    (and every chance step asks twice: for its outcomes and to check one).
    """
    n = len(ms)
    out: list[tuple[int, float]] = []
    i = 0
    while i < n:
        v = ms[i]
        j = bisect_right(ms, v, i)
        out.append((offset + v, (j - i) / n))
        i = j
    return tuple(out)


# -- which actions can be resolved, and their first step -----------------------------------------


def _can_warp_in(s: WarpgateState, x: int, player: int) -> bool:
    return s.supply[player] > 0


def _can_reinforce(s: WarpgateState, x: int, player: int) -> bool:
    return s.supply[player] > 0 and player in s.owner


def _can_draw(s: WarpgateState, x: int, player: int) -> bool:
    return True


FEASIBLE: dict[int, Callable[[WarpgateState, int, int], bool]] = {
    RECON: lambda s, x, player: movement.any_move(s, RECON, x, player),
    MANEUVER: lambda s, x, player: movement.any_move(s, MANEUVER, x, player),
    SKIRMISH: lambda s, x, player: movement.any_move(s, SKIRMISH, x, player),
    ADVANCE: lambda s, x, player: movement.any_move(s, ADVANCE, x, player),
    CONCENTRATE: lambda s, x, player: movement.any_move(s, CONCENTRATE, x, player),
    WARP_IN: _can_warp_in,
    REINFORCE: _can_reinforce,
    RESEARCH: research.any_research,
    CONTROL: control.any_control,
    TRADE: trade.any_trade,
    PROMOTE: promote.any_promotion,
    DRAW: _can_draw,
}
"""Per action code: whether the action at X has at least one legal resolution for a player."""


def feasible(s: WarpgateState, action: int, x: int, player: int) -> bool:
    """Whether ``action`` at multiplier X has at least one legal resolution."""
    return FEASIBLE[action](s, x, player)


def begin(s: WarpgateState, action: int, x: int) -> None:
    """Start resolving ``action`` at multiplier X for the active player (on a fresh successor)."""
    player = s.active
    if action in MOVES:
        _set(s, "pend", Pend(ORIGIN, action, x))
    elif action == WARP_IN:
        _set(s, "pend", Pend(DEPLOY, action, x))
    elif action == REINFORCE:
        _set(s, "pend", Pend(REINFORCE_PICK, action, x, left=x))
    elif action == RESEARCH:
        _set(s, "pend", Pend(DRONE, action, x))
    elif action == CONTROL:
        _set(s, "pend", Pend(CONTROL_PICK, action, x, left=x))
    elif action == TRADE:
        _set(s, "pend", Pend(TRADE_FROM, action, x))
    elif action == PROMOTE:
        _set(s, "pend", Pend(PROMO_DRAW, action, x, left=x, who=player))
        _set(s, "_player", CHANCE)
    elif s.deck[player] or s.discard[player]:
        _set(s, "pend", Pend(DRAW_CARDS, action, x, left=x, who=player))
        _set(s, "_player", CHANCE)
    else:
        turn.end_turn(s)


BEGIN: dict[int, int] = {
    **dict.fromkeys(MOVES, ORIGIN), WARP_IN: DEPLOY, REINFORCE: REINFORCE_PICK, RESEARCH: DRONE,
    CONTROL: CONTROL_PICK, TRADE: TRADE_FROM, PROMOTE: PROMO_DRAW, DRAW: DRAW_CARDS,
}
"""Per action code: the step that begins it (see :func:`begin`)."""


# -- decisions -------------------------------------------------------------------------------------


def _play_ids(s: WarpgateState) -> tuple[int, ...]:
    return turn.play_ids(s, feasible)


def _good_ids(s: WarpgateState) -> tuple[int, ...]:
    """Spend a Trade Good only if the action can be resolved at X + 1; keeping them always."""
    p = s.pend
    off = s.t.off_spend
    if p.action == DRAW or feasible(s, p.action, p.x, s.active):
        return (off, off + 1)
    return (off,)


def _play(s: WarpgateState, action_id: int) -> None:
    started = turn.play_card(s, action_id)
    if started is not None:
        begin(s, *started)


def _good(s: WarpgateState, action_id: int) -> None:
    begin(s, *turn.spend_good(s, action_id == s.t.off_spend))


LEGAL: dict[int, Callable[[WarpgateState], tuple[int, ...]]] = {
    PLAY: _play_ids,
    GOOD: _good_ids,
    ORIGIN: movement.origin_ids,
    DEST: movement.destination_ids,
    COUNT: movement.count_ids,
    ORIGIN2: movement.second_origin_ids,
    DEST2: movement.second_destination_ids,
    COUNT2: movement.second_count_ids,
    DEPLOY: deploying.warp_in_ids,
    REINFORCE_PICK: deploying.reinforce_ids,
    DRONE: research.research_ids,
    TECH: research.take_ids,
    CONTROL_PICK: control.control_ids,
    TRADE_FROM: trade.trade_origin_ids,
    HOP1: trade.first_hop_ids,
    HOP2: trade.second_hop_ids,
    PROMOTE_PICK: promote.promote_ids,
    WITHDRAW: battle.withdraw_ids,
}
"""Per decision step: its legal action ids, ascending."""


def _done_or(then: Callable[[WarpgateState, int], None], done: Callable[[WarpgateState], None],
             offset: Callable[[WarpgateState], int]) -> Callable[[WarpgateState, int], None]:
    def apply(s: WarpgateState, action_id: int) -> None:
        if action_id == s.t.id_done:
            done(s)
        else:
            then(s, action_id - offset(s))
    return apply


APPLY: dict[int, Callable[[WarpgateState, int], None]] = {
    PLAY: _play,
    GOOD: _good,
    ORIGIN: lambda s, i: movement.choose_origin(s, i - s.t.off_from),
    DEST: lambda s, i: movement.choose_destination(s, i - s.t.off_to),
    COUNT: lambda s, i: movement.choose_count(s, i - s.t.off_ships + 1),
    ORIGIN2: lambda s, i: movement.choose_second_origin(s, None if i == s.t.id_done else i - s.t.off_from),
    DEST2: lambda s, i: movement.choose_second_destination(s, i - s.t.off_to),
    COUNT2: lambda s, i: movement.choose_second_count(s, i - s.t.off_ships + 1),
    DEPLOY: lambda s, i: deploying.warp_in(s, i - s.t.off_warp + 1),
    REINFORCE_PICK: _done_or(deploying.reinforce, turn.end_turn, lambda s: s.t.off_reinforce),
    DRONE: lambda s, i: research.fly_drone(s, i - s.t.off_research),
    TECH: lambda s, i: research.take_technology(s, i - s.t.off_take),
    CONTROL_PICK: _done_or(control.control, turn.end_turn, lambda s: s.t.off_control),
    TRADE_FROM: lambda s, i: trade.trade_origin(s, i - s.t.off_from),
    HOP1: lambda s, i: trade.first_hop(s, i - s.t.off_to),
    HOP2: lambda s, i: trade.second_hop(s, i - s.t.off_to),
    PROMOTE_PICK: lambda s, i: promote.promote(s, i - s.t.off_promote + s.t.first_promo),
    WITHDRAW: lambda s, i: battle.withdraw(s, i - s.t.off_withdraw),
    # chance steps
    DEAL: lambda s, i: turn.deal_card(s, i - s.t.off_draw),
    DRAW_CARDS: lambda s, i: draw.draw_card(s, i - s.t.off_draw),
    REVEAL_ATT: lambda s, i: battle.reveal(s, i - s.t.off_reveal),
    REVEAL_DEF: lambda s, i: battle.reveal(s, i - s.t.off_reveal),
    OBJECTIVE: lambda s, i: control.draw_objective(s, i - s.t.off_objective),
    TECH_REVEAL: lambda s, i: research.reveal_technology(s, i - s.t.off_tech),
    PROMO_DRAW: lambda s, i: promote.draw_promotion(s, i - s.t.off_promo_draw + s.t.first_promo),
}
"""Per step: what an action (or chance outcome) does, on a fresh successor."""


# -- chance ----------------------------------------------------------------------------------------


def _tactics_pile(s: WarpgateState) -> tuple[int, ...]:
    w = battle.revealing_side(s)
    return s.tactics[w] or s.tactics_discard[w]


CHANCE_OUTCOMES: dict[int, Callable[[WarpgateState], tuple[tuple[int, float], ...]]] = {
    DEAL: lambda s: outcomes(draw.drawing_pile(s), s.t.off_draw),
    DRAW_CARDS: lambda s: outcomes(draw.drawing_pile(s), s.t.off_draw),
    REVEAL_ATT: lambda s: outcomes(_tactics_pile(s), s.t.off_reveal),
    REVEAL_DEF: lambda s: outcomes(_tactics_pile(s), s.t.off_reveal),
    OBJECTIVE: lambda s: outcomes(s.objective_deck, s.t.off_objective),
    TECH_REVEAL: lambda s: outcomes(research.reveal_ids(s), s.t.off_tech),
    PROMO_DRAW: lambda s: outcomes(promote.promotion_pile(s), s.t.off_promo_draw - s.t.first_promo),
}
"""Per chance step: (outcome id, probability) of each card that may be drawn."""


class WarpgateRules:
    """The rules as a state reaches them (``state.game.rules``)."""

    def legal_ids(self, s: WarpgateState) -> tuple[int, ...]:
        return LEGAL[s.pend.step](s)

    def chance_ids(self, s: WarpgateState) -> tuple[tuple[int, float], ...]:
        if s._player != CHANCE:
            return ()
        return CHANCE_OUTCOMES[s.pend.step](s)

    def apply(self, s: WarpgateState, action_id: int) -> WarpgateState:
        new = s._successor()
        APPLY[s.pend.step](new, action_id)
        return new

    def feasible(self, s: WarpgateState, action: int, x: int, player: int) -> bool:
        return feasible(s, action, x, player)

    def move_destinations(
        self, s: WarpgateState, action: int, origin: int, x: int, player: int
    ) -> tuple[int, ...]:
        return movement.move_destinations(s, action, origin, x, player)

    def score_rows(self, s: WarpgateState) -> tuple[tuple[float, ...], ...]:
        return scoring.score_rows(s)

    def begin(self, s: WarpgateState, action: int, x: int) -> None:
        begin(s, action, x)
