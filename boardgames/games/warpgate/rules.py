"""The dispatch: for each step kind, its legal ids, its chance outcomes and what an action does.

Built on :class:`boardgames.kernel.steps.StepMachine`: every step kind of
``state.KINDS`` maps to one chapter function; actions begin in the
chapter of the action played (:func:`begin`), and whether an action can be
resolved at all is the chapter's too (:func:`feasible_actions`).  A state reaches
these through its game: ``state.game.rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from boardgames.games.warpgate import (
    battle,
    control,
    deploying,
    movement,
    promote,
    research,
    scoring,
    trade,
    turn,
)
from boardgames.games.warpgate.components import (
    CONTROL,
    DRAW,
    MAX_MULTIPLIER,
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
    BATTLE,
    CONTROL_PICK,
    COUNT,
    COUNT2,
    DEAL,
    DEPLOY,
    DEST,
    DEST2,
    DRAW_CARDS,
    DRONE,
    END_TURN,
    GOOD,
    HOP1,
    HOP2,
    KINDS,
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
    Step,
    WarpgateState,
    WarpgateWork,
    occupancy,
)
from boardgames.kernel.cards import draw_outcomes
from boardgames.kernel.game import successor
from boardgames.kernel.steps import StepMachine
from boardgames.kernel.work import Work

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Tables

__all__ = [
    "EFFECTS", "MACHINE", "OUTCOME_BASES", "PILES", "PILE_SIZES", "WarpgateRules", "WarpgateWork",
    "begin", "feasible", "feasible_actions", "first_step", "first_steps", "pile_outcomes",
]


# -- which actions can be resolved, and their first step -----------------------------------------


_MOVES = sum(1 << move for move in MOVES)
_WARP_IN, _REINFORCE, _RESEARCH = 1 << WARP_IN, 1 << REINFORCE, 1 << RESEARCH
_CONTROL, _TRADE, _PROMOTE, _DRAW = 1 << CONTROL, 1 << TRADE, 1 << PROMOTE, 1 << DRAW


def feasible_actions(s: WarpgateState, x: int, player: int, wanted: int) -> int:
    """The actions among ``wanted`` (a bit mask by action code) that at multiplier X have at least
    one legal resolution for ``player``, as a bit mask.

    Each chapter says when its action can be resolved; the board's
    occupancy is counted once for all of them, the five moves are asked in
    one pass (``movement.moves_mask``), and only the actions wanted are asked.
    """
    board = occupancy(s)
    ok = wanted & _DRAW  # Draw: always (with no card left to draw, the turn ends)
    if wanted & _MOVES:
        ok |= movement.moves_mask(s, x, player, board) & wanted
    if s.supply[player] > 0:
        # Warp-in: a ship left in supply; Reinforce: and a place holding the player's ships.
        ok |= wanted & _WARP_IN
        if board.mine[player]:
            ok |= wanted & _REINFORCE
    if wanted & _RESEARCH and research.any_research(s, x, player, board):
        ok |= _RESEARCH
    if wanted & _CONTROL and control.any_control(s, x, player, board):
        ok |= _CONTROL
    if wanted & _TRADE and trade.any_trade(s, x, player, board):
        ok |= _TRADE
    if wanted & _PROMOTE and promote.any_promotion(s):
        ok |= _PROMOTE
    return ok


def feasible(s: WarpgateState, action: int, x: int, player: int) -> bool:
    """Whether ``action`` at multiplier X has at least one legal resolution."""
    return feasible_actions(s, x, player, 1 << action) != 0


_FIRST: tuple[tuple[int, int], ...] = tuple(
    (ORIGIN, 0) if action in MOVES else {
        WARP_IN: (DEPLOY, 1),
        REINFORCE: (REINFORCE_PICK, 2),
        RESEARCH: (DRONE, 1),
        CONTROL: (CONTROL_PICK, 2),
        TRADE: (TRADE_FROM, 1),
        PROMOTE: (PROMO_DRAW, 4),
        DRAW: (DRAW_CARDS, 3),
    }[action]
    for action in range(DRAW + 1)
)
"""Per action code: the kind of its first step and the step's arguments after the player:
0 ``(action, x)`` (a move's origin), 1 ``(x,)``, 2 ``(x, 0)`` (none chosen yet), 3 ``(x, x)``
(Draw: X cards still to draw, if any is left), 4 ``(x, x)`` (Promote: X cards to take)."""


def first_step(player: int, action: int, x: int, can_draw: bool) -> Step | None:
    """The first step of ``action`` at multiplier X for ``player``; ``None`` for a Draw with no
    card left to draw (``can_draw``: the deck or the discard pile holds a card): the turn ends."""
    kind, form = _FIRST[action]
    if form == 3:
        return (kind, player, x, x) if can_draw else None
    if form == 0:
        return (kind, player, action, x)
    if form == 1:
        return (kind, player, x)
    if form == 2:
        return (kind, player, x, 0)
    return (kind, player, x, x)


def first_steps(players: int) -> tuple[tuple[tuple[Step, ...], ...], ...]:
    """:func:`first_step` of every player, action and X (a Draw's as if a card were left to draw),
    as ``[player][action][x]``: made once per game for ``turn.begin_fields``."""
    table = []
    for player in range(players):
        by_action = []
        for action in range(DRAW + 1):
            row = []
            for x in range(MAX_MULTIPLIER + 1):
                first = first_step(player, action, x, True)
                assert first is not None
                row.append(first)
            by_action.append(tuple(row))
        table.append(tuple(by_action))
    return tuple(table)


def begin(w: Work, player: int, action: int, x: int) -> None:
    """``player`` starts resolving ``action`` at multiplier X: its first step goes to the front."""
    can_draw = action != DRAW or any(w.peek("deck")[player]) or any(w.peek("discard")[player])
    first = first_step(player, action, x, can_draw)
    if first is None:
        turn.end_turn(w)
    else:
        turn.set_steps(w, (first, *map(tuple, w.peek("steps"))))


# -- decisions -------------------------------------------------------------------------------------


_play_ids = partial(turn.play_ids, feasible_actions)
"""The cards that may be played (a ``partial``: no Python frame of its own on the commonest
decision)."""


def _good_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """Spend a Trade Good only if the action can be resolved at X + 1; keeping them always."""
    _, player, action, x = step
    off = s.game.tables.off_spend
    if action == DRAW or feasible(s, action, x, player):
        return (off, off + 1)
    return (off,)


# Playing a card, spending a Trade Good and choosing a move's origin build the successor
# themselves (the step machine's ``direct`` actions): they write a few new tuples, no Work.


def _good(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    new, fields = successor(s)
    game = s.game
    started = turn.spend_good(fields, step, action_id == game.tables.off_spend)
    turn.begin_fields(fields, game, step[1], *started)
    return new


def _origin(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """General Rules for Movement: the ships move from the origin chosen; the destination is next."""
    new, fields = successor(s)
    fields["steps"] = (movement.destination_step(step, action_id - s.game.tables.off_from), *s.steps[1:])
    return new


def _end_turn(w: Work, step: Step) -> None:
    turn.end_turn(w)


def _destination(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """General Rules for Movement: a Recon or Skirmish ship that attacks nobody moves and the turn
    ends, a group whose size is to be chosen waits for it, and a whole group moves
    (:func:`movement.group`), straight into the successor; a Recon or Skirmish attack goes through
    :func:`movement.choose_destination` on a Work."""
    _, player, action, x, origin = step
    destination = action_id - s.game.tables.off_to
    if action in (RECON, SKIRMISH):
        other = s.owner[destination]
        if other < 0 or other == player:
            new, fields = successor(s)
            deploying.move_ships(fields, player, origin, destination, 1)
            turn.end_turn_fields(fields, s.game)
            return new
    else:
        count = movement.count_step(s.ships, step, destination)
        if count is None:  # the whole group moves
            return movement.group(s, player, action, x, origin, destination, s.ships[origin])
        new, fields = successor(s)  # how many ships is chosen next
        fields["steps"] = (count, *s.steps[1:])
        return new
    w = WarpgateWork(successor(s)[0])
    movement.choose_destination(w, step, action_id)
    return w.commit()  # type: ignore[no-any-return]


# -- chance ----------------------------------------------------------------------------------------
#
# Every chance step draws a card from a pile that is a count vector: its outcomes are the kernel's
# ``cards.draw_outcomes`` of the pile, outcome ``base + kind`` for each kind the pile holds, in
# ascending kind order.  :data:`PILES` names the pile of each chance step kind and
# :data:`OUTCOME_BASES` the id of its kind 0; the outcomes, the outcome actions and whether an id is
# an outcome (``WarpgateState.chance_outcomes`` and ``_allows``) all follow from these two.


def _deal_pile(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """:func:`draw.drawing_pile` (inlined: dealing and drawing are the commonest chance steps)."""
    deck = s.deck[step[1]]
    return deck if deck != s.game.tables.no_cards else s.discard[step[1]]


def _reveal_pile(s: WarpgateState, step: Step) -> tuple[int, ...]:
    return battle.tactics_pile(s, step[1])


def _objective_pile(s: WarpgateState, step: Step) -> tuple[int, ...]:
    return s.objective_deck


def _technology_pile(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """The cards that may be revealed: those of the deck the taken card came from (I12)."""
    return research.technology_deck(s, step[2])


def _promotion_pile(s: WarpgateState, step: Step) -> tuple[int, ...]:
    return promote.promotion_pile(s)


PILES: dict[int, Callable[[WarpgateState, Step], tuple[int, ...]]] = {
    DEAL: _deal_pile,
    DRAW_CARDS: _deal_pile,
    REVEAL_ATT: _reveal_pile,
    REVEAL_DEF: _reveal_pile,
    OBJECTIVE: _objective_pile,
    TECH_REVEAL: _technology_pile,
    PROMO_DRAW: _promotion_pile,
}
"""Per chance step kind: the pile (a count vector) its card is drawn from."""

OUTCOME_BASES: dict[int, Callable[[Tables], int]] = {
    DEAL: lambda t: t.off_draw,
    DRAW_CARDS: lambda t: t.off_draw,
    REVEAL_ATT: lambda t: t.off_reveal,
    REVEAL_DEF: lambda t: t.off_reveal,
    OBJECTIVE: lambda t: t.off_objective,
    TECH_REVEAL: lambda t: t.off_tech,
    PROMO_DRAW: lambda t: t.off_promo_draw - t.first_promo,  # the pile counts every tactics card
}
"""Per chance step kind: the id of the outcome drawing a card of kind 0 from its pile."""

PILE_SIZES: dict[int, Callable[[Tables], int]] = {
    DEAL: lambda t: len(t.card_names),
    DRAW_CARDS: lambda t: len(t.card_names),
    REVEAL_ATT: lambda t: len(t.tactic_names),
    REVEAL_DEF: lambda t: len(t.tactic_names),
    OBJECTIVE: lambda t: len(t.objective_names),
    TECH_REVEAL: lambda t: len(t.tech_names),
    PROMO_DRAW: lambda t: len(t.tactic_names),  # the pile counts every tactics card
}
"""Per chance step kind: how many card kinds its pile counts (the length of its count vector)."""


def pile_outcomes(s: WarpgateState, step: Step) -> tuple[tuple[int, float], ...]:
    """The outcomes of the chance step ``step``: a card of its pile, ``(id, probability)``."""
    kind = step[0]
    game = s.game
    return draw_outcomes(PILES[kind](s, step), game.outcome_base[kind])


EFFECTS: dict[int, Callable[[Work, Step, int], None]] = {
    WITHDRAW: battle.withdraw,
    OBJECTIVE: control.draw_objective,
}
"""Per step kind: what an action or chance outcome does on a Work (it takes the step off the queue
when done); the kinds answered by building the successor directly are in :data:`MACHINE`'s ``direct``."""


LEGAL: dict[int, Callable[[WarpgateState, Step], tuple[int, ...]]] = {
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
"""Per decision step kind: its legal ids (each a tuple, ascending)."""

OUTCOMES: dict[int, Callable[[WarpgateState, Step], tuple[tuple[int, float], ...]]] = {
    kind: pile_outcomes for kind in PILES
}
"""Per chance step kind: its outcomes, ``(id, probability)`` in ascending id order."""

MACHINE: StepMachine[WarpgateState] = StepMachine(
    KINDS,
    legal=LEGAL,
    outcomes=OUTCOMES,
    decide=EFFECTS,
    direct={
        DEAL: turn.draw_action_card,
        DRAW_CARDS: turn.draw_action_card,
        PLAY: turn.play_card,
        GOOD: _good,
        ORIGIN: _origin,
        DEST: _destination,
        COUNT: movement.choose_count,
        ORIGIN2: movement.choose_second_origin,
        DEST2: movement.choose_second_destination,
        COUNT2: movement.choose_second_count,
        REVEAL_ATT: battle.reveal,
        REVEAL_DEF: battle.reveal,
        DRONE: research.fly_drone,
        TECH: research.choose_technology,
        TECH_REVEAL: research.reveal_technology,
        TRADE_FROM: trade.trade_origin,
        HOP1: trade.first_hop,
        HOP2: trade.second_hop,
        PROMO_DRAW: promote.draw_promotion,
        PROMOTE_PICK: promote.choose_promotion,
        CONTROL_PICK: control.control,
        DEPLOY: deploying.warp_in,
        REINFORCE_PICK: deploying.reinforce,
    },
    run={BATTLE: battle.resolve, END_TURN: _end_turn},
    work=WarpgateWork,
)
"""Per step kind: its legal ids (decisions), outcomes (chance) and effect (all)."""

def _no_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    return ()


def _no_pile(s: WarpgateState, step: Step) -> tuple[int, ...]:
    return ()


class WarpgateRules:
    """The rules as a state reaches them (``state.game.rules``)."""

    machine = MACHINE

    # The machine's own methods, with no call in between (the hot path).
    legal_ids = staticmethod(MACHINE.legal_ids)
    chance_ids = staticmethod(MACHINE.chance_ids)
    apply = staticmethod(MACHINE.apply)

    legal_by_kind: tuple[Callable[[WarpgateState, Step], tuple[int, ...]], ...] = tuple(
        LEGAL.get(kind, _no_ids) for kind in range(len(KINDS.kinds))
    )
    """:data:`LEGAL` as a table indexed by step kind: what the machine's ``legal_ids`` calls for the
    first step, for a state to call itself (``WarpgateState._legal_ids``: one frame less per decision)."""
    pile_by_kind: tuple[Callable[[WarpgateState, Step], tuple[int, ...]], ...] = tuple(
        PILES.get(kind, _no_pile) for kind in range(len(KINDS.kinds))
    )
    """:data:`PILES` as a table indexed by step kind (``WarpgateState._chance_ids``, its chance
    outcomes and ``_allows``); no pile at a step that is not a chance step."""

    def feasible(self, s: WarpgateState, action: int, x: int, player: int) -> bool:
        return feasible(s, action, x, player)

    def move_destinations(
        self, s: WarpgateState, action: int, origin: int, x: int, player: int
    ) -> tuple[int, ...]:
        return movement.move_destinations(s, action, origin, x, player)

    def score_rows(self, s: WarpgateState) -> tuple[tuple[float, ...], ...]:
        return scoring.score_rows(s)
