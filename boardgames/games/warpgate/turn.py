"""Rounds and turns (I1-I3): dealing, playing a card onto a slot, Trade Goods for X, the end of a turn.

The actions chapter gives the faction board's four slots (the multiplier X
of a turn) and the Trade Good that adds one to X; when hands are dealt, who
goes first and when the game ends are interpretations (``Rounds``).
Dealing, drawing and playing a card build the successor directly (the step machine's ``direct``
actions); the end of a turn is written into a successor's fields, or a Work's (:func:`end_turn`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import add
from typing import TYPE_CHECKING, Any

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import DRAW
from boardgames.games.warpgate.state import DEAL, DRAW_CARDS, GOOD, PLAY, Step
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.actions import Action
    from boardgames.kernel.work import Work

__all__ = [
    "active",
    "begin_fields",
    "draw_action_card",
    "end_turn",
    "end_turn_fields",
    "play_card",
    "play_ids",
    "play_queues",
    "replace_front",
    "set_steps",
    "spend_good",
]


def active(first: int, turn: int, players: int) -> int:
    """The player whose turn it is: turns go round from the round's first player (I3)."""
    return (first + turn % players) % players


def play_queues(players: int) -> tuple[tuple[tuple[Step], ...], ...]:
    """The queue of a turn that starts with playing a card, ``((PLAY, active(first, turn, n)),)``,
    by the round's first player and the turn: made once per game for :func:`end_turn_fields`."""
    return tuple(
        tuple(((PLAY, active(first, turn, players)),) for turn in range(I.TURNS_PER_ROUND * players))
        for first in range(players)
    )


# -- edits by whole new tuples ------------------------------------------------------------------
#
# The steps of every turn (dealing, drawing, playing a card, ending the turn) change one row of
# a per-player field; they assign a new tuple to the Work rather than thaw every player's row
# into lists (the Work keeps an assigned tuple as it is).  A field edited this way within an
# action is read back with ``Work.peek``, never thawed.


def set_steps(w: Work, steps: Sequence[Step]) -> None:
    """The queue becomes ``steps``: a new tuple, or, when the queue was thawed (an automatic step
    runs while the step machine holds the list), the same list edited in place."""
    queue = w.peek("steps")
    if type(queue) is list:
        queue[:] = [list(step) for step in steps]
    else:
        w.steps = tuple(steps)


def replace_front(w: Work, step: Step) -> None:
    """The first step of the queue becomes ``step`` (the action goes on with its next choice):
    a new tuple, or the held list edited in place when a rule has thawed the queue."""
    queue = w.peek("steps")
    if type(queue) is list:
        queue[0] = list(step)
    else:
        w.steps = (step, *queue[1:])


# -- dealing (I1) ------------------------------------------------------------------------------
#
# Dealing and drawing are the commonest actions: they build the successor themselves (the step
# machine's ``direct`` actions), writing new tuples into its fields with no Work at all.


def draw_action_card(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """A card dealt (I1) or drawn by the Draw action ("draw X cards"): the player draws an action
    card of the kind drawn into their hand.  Dealt: after the hand is full, the next player is
    dealt.  Drawn: after X cards, or when none is left to draw, the turn ends.

    I1: an empty action deck is re-formed from the discard pile.

    The commonest action of the game, one function for both steps (the step machine's ``direct``
    action for DEAL and DRAW_CARDS): the successor's count vectors are edited in place as lists
    rather than through ``cards.take``/``cards.add`` (the step machine has checked that the kind
    is an outcome of the pile, so no count goes negative).
    """
    player = step[1]
    new, fields = successor(s)
    t = s.game.tables
    kind = action_id - t.off_draw
    empty = t.no_cards
    rows = list(fields["deck"])
    row = rows[player]
    if row != empty:
        rest = list(row)
    else:
        discard = fields["discard"]
        rest = list(discard[player])
        fields["discard"] = put(discard, player, empty)
    rest[kind] -= 1
    rows[player] = left = tuple(rest)
    fields["deck"] = tuple(rows)
    rows = list(fields["hand"])
    held_cards = list(rows[player])
    held_cards[kind] += 1
    rows[player] = tuple(held_cards)
    fields["hand"] = tuple(rows)
    dealt = step[0] == DEAL
    cards = step[-1]  # the cards still to deal or draw, this one included
    if cards > 1 and (left != empty or fields["discard"][player] != empty):  # and a card left to draw
        if dealt:
            fields["steps"] = ((DEAL, player, cards - 1),)
        else:
            fields["steps"] = ((DRAW_CARDS, player, step[2], cards - 1),)
        return new
    game = s.game
    if not dealt:
        end_turn_fields(fields, game)
        return new
    nxt = (player + 1) % game.players
    first = s.first
    if nxt == first:
        fields["steps"] = ((PLAY, first),)
    else:
        fields["steps"] = ((DEAL, nxt, game.interpretations.rounds.hand_size),)
    return new


# -- playing an action card ---------------------------------------------------------------------


def play_ids(
    feasible: Callable[[WarpgateState, int, int, int], int], s: WarpgateState, step: Step
) -> tuple[int, ...]:
    """The cards the active player may play: each card's top or bottom action where it can be
    resolved (at the turn's X, or X + 1 with a Trade Good to spend), and Draw always.

    ``feasible(s, x, player, wanted)`` says which of the actions in the bit
    mask ``wanted`` can be resolved (``rules.feasible_actions``); it is asked
    once, for the actions on the cards in hand; each card's ids then come
    from a table (``Tables.play_masks``, ``Tables.play_uses``), as ids and as the catalogue's
    actions (the kernel's cache of the legal actions is filled with them).
    """
    game = s.game
    t = game.tables
    player = step[1]
    hand = s.hand[player]
    actions = 0
    for mask in compress(t.play_masks, hand):
        actions |= mask
    x = s.turn // game.players + 1
    if s.goods[player]:
        x += 1
    ok = feasible(s, x, player, actions)
    out: tuple[int, ...] = ()
    listed: tuple[Action, ...] = ()
    for mask, by_ok in compress(t.play_uses, hand):
        ids, ids_listed = by_ok[ok & mask]
        out += ids
        listed += ids_listed
    # The kernel's memo of the last listing, filled with the ids (State.legal_actions reads it).
    s.game._last_actions = (out, listed)
    return out


def play_card(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The active player plays a card onto their next slot, using its top or bottom action or Draw:
    the action begins at X (:func:`begin_fields`), or first a Trade Good may be spent for +1 X.

    Builds the successor itself (a ``direct`` action of the step machine), editing it by new tuples.
    """
    new, fields = successor(s)
    game = s.game
    t = game.tables
    player = step[1]
    kind, action = t.plays[action_id - t.off_play]
    rows = list(fields["hand"])
    held_cards = list(rows[player])
    held_cards[kind] -= 1  # the kind is in the hand: it is a legal action
    rows[player] = tuple(held_cards)
    fields["hand"] = tuple(rows)
    rows = list(fields["played"])
    rows[player] += (kind,)
    fields["played"] = tuple(rows)
    x = s.turn // game.players + 1
    rest = s.steps[1:]
    if s.goods[player]:
        fields["steps"] = ((GOOD, player, action, x), *rest)
    else:
        fields["steps"] = rest
        begin_fields(fields, game, player, action, x)
    return new


def begin_fields(fields: dict[str, Any], game: Warpgate, player: int, action: int, x: int) -> None:
    """``player`` starts resolving ``action`` at multiplier X: its first step goes to the front of
    the queue (from the game's table, ``rules.first_steps``), or the turn ends at once: a Draw with
    no card left to draw (``fields``: a successor's ``__dict__`` whose fields are all still tuples;
    ``rules.begin`` is this on a Work)."""
    if action == DRAW and not (any(fields["deck"][player]) or any(fields["discard"][player])):
        end_turn_fields(fields, game)
    else:
        fields["steps"] = (game.first_steps[player][action][x], *fields["steps"])


def spend_good(fields: dict[str, Any], step: Step, spend: bool) -> tuple[int, int]:
    """Trade Goods: "you may spend one (and only one) Trade Good to increase this action's
    multiplier by 1"; pops the step and returns (the action's code, X) to begin
    (``fields``: a successor's ``__dict__``, edited by new tuples)."""
    _, player, action, x = step
    if spend:
        goods, spent = fields["goods"], fields["spent"]
        fields["goods"] = put(goods, player, goods[player] - 1)
        fields["spent"] = put(spent, player, spent[player] + 1)
        x += 1
    fields["steps"] = fields["steps"][1:]
    return action, x


def end_turn_fields(fields: dict[str, Any], game: Warpgate) -> None:
    """End the active player's turn; at the end of their 4th, discard hand and played cards
    (``fields``: a successor's ``__dict__`` whose fields are all still tuples, edited by new
    tuples).

    After the last turn of a round the game ends (I2: the queue is left
    empty) or the next round starts with a new first player (I3) and a new
    deal (I1).  The queue then holds only what comes next.
    """
    n = game.players
    turn = fields["turn"]
    first = fields["first"]
    if turn // n == I.TURNS_PER_ROUND - 1:
        player = active(first, turn, n)
        discard, hand, played = fields["discard"], fields["hand"], fields["played"]
        kept = list(map(add, discard[player], hand[player]))  # the two count vectors added
        for kind in played[player]:
            kept[kind] += 1
        fields["discard"] = put(discard, player, tuple(kept))
        fields["hand"] = put(hand, player, game.tables.no_cards)
        fields["played"] = put(played, player, ())
    turn += 1
    if turn == I.TURNS_PER_ROUND * n:
        rounds = game.interpretations.rounds
        if rounds.game_over(fields["round"], game.rounds):
            fields["turn"] = turn
            fields["steps"] = ()
            return
        first = fields["first"] = rounds.next_first_player(first, n)
        fields["round"] += 1
        fields["turn"] = 0
        fields["steps"] = ((DEAL, first, rounds.hand_size),)
        return
    fields["turn"] = turn
    fields["steps"] = game.play_queues[first][turn]  # ((PLAY, active(first, turn, n)),)


def end_turn(w: Work) -> None:
    """:func:`end_turn_fields` on a Work (its last edit: the Work is synced, then the successor
    edited directly)."""
    end_turn_fields(w.sync().__dict__, w.game)
