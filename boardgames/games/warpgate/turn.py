"""Rounds and turns (I1-I3): dealing, playing a card onto a slot, Trade Goods for X, the end of a turn.

The actions chapter gives the faction board's four slots (the multiplier X
of a turn) and the Trade Good that adds one to X; when hands are dealt, who
goes first and when the game ends are interpretations (``Rounds``).
Rules edit a :class:`~boardgames.kernel.work.Work` over the successor.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import DRAW
from boardgames.games.warpgate.state import DEAL, GOOD, PLAY, Step

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = [
    "active",
    "deal_card",
    "draw_action_card",
    "end_turn",
    "play_card",
    "play_ids",
    "spend_good",
]


def active(first: int, turn: int, players: int) -> int:
    """The player whose turn it is: turns go round from the round's first player (I3)."""
    return (first + turn % players) % players


# -- dealing (I1) ------------------------------------------------------------------------------


def draw_action_card(w: Work, player: int, kind: int) -> None:
    """``player`` draws an action card of ``kind`` into their hand.

    I1: an empty action deck is re-formed from the discard pile.
    """
    deck = w.deck[player]
    if deck:
        deck.remove(kind)
    else:
        discard = w.discard[player]
        w.deck[player] = discard
        discard.remove(kind)
        w.discard[player] = []
    insort(w.hand[player], kind)


def deal_card(w: Work, step: Step, action_id: int) -> None:
    """I1: the player being dealt draws a card; after the hand is full, the next player is dealt."""
    _, player, cards = step
    draw_action_card(w, player, action_id - w.game.tables.off_draw)
    queue = w.steps
    if cards > 1 and (w.deck[player] or w.discard[player]):
        queue[0][2] = cards - 1
        return
    queue.pop(0)
    n = w.game.players
    nxt = (player + 1) % n
    first = w.state.first
    if nxt == first:
        queue.insert(0, [PLAY, first])
    else:
        queue.insert(0, [DEAL, nxt, w.game.interpretations.rounds.hand_size])


# -- playing an action card ---------------------------------------------------------------------


def play_ids(
    s: WarpgateState, step: Step, feasible: Callable[[WarpgateState, int, int, int], bool]
) -> tuple[int, ...]:
    """The cards the active player may play: each card's top or bottom action where it can be
    resolved (at the turn's X, or X + 1 with a Trade Good to spend), and Draw always."""
    t = s.game.tables
    player = step[1]
    out: list[int] = []
    x = s.turn // s.game.players + 1
    bonus = x + 1 if s.goods[player] else x
    last = -1
    known: dict[int, bool] = {}
    card_actions = t.card_actions
    off = t.off_play
    for kind in s.hand[player]:
        if kind == last:
            continue
        last = kind
        top, bottom = card_actions[kind]
        base = off + 3 * kind
        ok = known.get(top)
        if ok is None:
            ok = known[top] = feasible(s, top, bonus, player)
        if ok:
            out.append(base)
        ok = known.get(bottom)
        if ok is None:
            ok = known[bottom] = feasible(s, bottom, bonus, player)
        if ok:
            out.append(base + 1)
        out.append(base + 2)
    return tuple(out)


def play_card(w: Work, player: int, action_id: int) -> tuple[int, int] | None:
    """``player`` plays a card onto their next slot, using its top or bottom action or Draw.

    Pops the PLAY step.  Returns (the action's code, X) to begin at once,
    or ``None`` when a Trade Good may first be spent for +1 X.
    """
    t = w.game.tables
    kind, half = divmod(action_id - t.off_play, 3)
    w.hand[player].remove(kind)
    w.played[player].append(kind)
    action = DRAW if half == 2 else t.card_actions[kind][half]
    x = w.state.turn // w.game.players + 1
    queue = w.steps
    queue.pop(0)
    if w.state.goods[player]:
        queue.insert(0, [GOOD, player, action, x])
        return None
    return action, x


def spend_good(w: Work, step: Step, spend: bool) -> tuple[int, int]:
    """Trade Goods: "you may spend one (and only one) Trade Good to increase this action's
    multiplier by 1"; pops the step and returns (the action's code, X) to begin."""
    _, player, action, x = step
    if spend:
        w.goods[player] -= 1
        w.spent[player] += 1
        x += 1
    w.steps.pop(0)
    return action, x


def end_turn(w: Work) -> None:
    """End the active player's turn; at the end of their 4th, discard hand and played cards.

    After the last turn of a round the game ends (I2: the queue is left
    empty) or the next round starts with a new first player (I3) and a new
    deal (I1).  The queue then holds only what comes next.
    """
    game = w.game
    n = game.players
    rounds = game.interpretations.rounds
    state = w.state
    turn, first = w.turn, w.first
    player = active(first, turn, n)
    if turn // n == I.TURNS_PER_ROUND - 1:
        merged = sorted((*state.discard[player], *w.hand[player], *w.played[player]))
        w.discard[player] = merged
        w.hand[player] = []
        w.played[player] = []
    turn += 1
    queue = w.steps
    queue.clear()
    if turn == I.TURNS_PER_ROUND * n:
        if rounds.game_over(w.round, game.rounds):
            w.turn = turn
            return
        first = rounds.next_first_player(first, n)
        w.round += 1
        w.first = first
        w.turn = 0
        queue.append([DEAL, first, rounds.hand_size])
        return
    w.turn = turn
    queue.append([PLAY, active(first, turn, n)])
