"""Rounds and turns (I1-I3): dealing, playing a card onto a slot, Trade Goods for X, the end of a turn.

The actions chapter gives the faction board's four slots (the multiplier X
of a turn) and the Trade Good that adds one to X; when hands are dealt, who
goes first and when the game ends are interpretations (``Rounds``).
Every function here edits a fresh successor state (see ``rules.apply``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import DRAW
from boardgames.games.warpgate.state import DEAL, GOOD, PLAY, Pend
from boardgames.kernel.game import CHANCE, TERMINAL

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = [
    "add",
    "deal_card",
    "draw_action_card",
    "end_turn",
    "play_card",
    "play_ids",
    "put",
    "put_row",
    "remove",
    "spend_good",
]

_set = object.__setattr__


# -- tuple edits (every field is a tuple; an edit makes a new one) ----------------------------


def put(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    return (*t[:i], v, *t[i + 1 :])


def add(ms: tuple[int, ...], v: int) -> tuple[int, ...]:
    """The sorted multiset ``ms`` with one more ``v``."""
    i = bisect_right(ms, v)
    return (*ms[:i], v, *ms[i:])


def remove(ms: tuple[int, ...], v: int) -> tuple[int, ...]:
    """The multiset ``ms`` with one ``v`` fewer."""
    i = ms.index(v)
    return ms[:i] + ms[i + 1 :]


def put_row(rows: tuple[tuple[int, ...], ...], p: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``rows`` with player ``p``'s row replaced by ``row``."""
    return (*rows[:p], row, *rows[p + 1 :])


# -- dealing (I1) ------------------------------------------------------------------------------


def draw_action_card(s: WarpgateState, w: int, kind: int) -> None:
    """Player ``w`` draws an action card of ``kind`` into their hand.

    I1: an empty action deck is re-formed from the discard pile.
    """
    if s.deck[w]:
        _set(s, "deck", put_row(s.deck, w, remove(s.deck[w], kind)))
    else:
        _set(s, "deck", put_row(s.deck, w, remove(s.discard[w], kind)))
        _set(s, "discard", put_row(s.discard, w, ()))
    _set(s, "hand", put_row(s.hand, w, add(s.hand[w], kind)))


def deal_card(s: WarpgateState, kind: int) -> None:
    """I1: the player being dealt draws ``kind``; after the hand is full, the next player is dealt."""
    p = s.pend
    w = p.who
    draw_action_card(s, w, kind)
    left = p.left - 1
    if left and (s.deck[w] or s.discard[w]):
        _set(s, "pend", p._replace(left=left))
        return
    n = s.game.players
    nxt = (w + 1) % n
    if nxt == s.first:
        _set(s, "pend", Pend(PLAY))
        _set(s, "_player", s.first)
    else:
        _set(s, "pend", Pend(DEAL, who=nxt, left=s.game.interpretations.rounds.hand_size))


# -- playing an action card ---------------------------------------------------------------------


def play_ids(s: WarpgateState, feasible: Callable[[WarpgateState, int, int, int], bool]) -> tuple[int, ...]:
    """The cards the active player may play: each card's top or bottom action where it can be
    resolved (at the turn's X, or X + 1 with a Trade Good to spend), and Draw always."""
    t = s.t
    player = s.active
    out: list[int] = []
    x = s.slot + 1
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


def play_card(s: WarpgateState, action_id: int) -> tuple[int, int] | None:
    """The active player plays a card onto their next slot, using its top or bottom action or Draw.

    Returns (the action's code, X) to begin at once, or ``None`` when a
    Trade Good may first be spent for +1 X.
    """
    t = s.t
    player = s.active
    kind, half = divmod(action_id - t.off_play, 3)
    _set(s, "hand", put_row(s.hand, player, remove(s.hand[player], kind)))
    _set(s, "played", put_row(s.played, player, (*s.played[player], kind)))
    action = DRAW if half == 2 else t.card_actions[kind][half]
    x = s.slot + 1
    if s.goods[player]:
        _set(s, "pend", Pend(GOOD, action, x))
        return None
    return action, x


def spend_good(s: WarpgateState, spend: bool) -> tuple[int, int]:
    """Trade Goods: "you may spend one (and only one) Trade Good to increase this action's
    multiplier by 1"; returns (the action's code, X) to begin."""
    p = s.pend
    x = p.x
    if spend:
        player = s.active
        _set(s, "goods", put(s.goods, player, s.goods[player] - 1))
        _set(s, "spent", put(s.spent, player, s.spent[player] + 1))
        x += 1
    return p.action, x


def end_turn(s: WarpgateState) -> None:
    """End the active player's turn; at the end of their 4th, discard hand and played cards.

    After the last turn of a round the game ends (I2) or the next round
    starts with a new first player (I3) and a new deal (I1).
    """
    n = s.game.players
    rounds = s.game.interpretations.rounds
    player = s.active
    if s.slot == I.TURNS_PER_ROUND - 1:
        merged = tuple(sorted((*s.discard[player], *s.hand[player], *s.played[player])))
        _set(s, "discard", put_row(s.discard, player, merged))
        _set(s, "hand", put_row(s.hand, player, ()))
        _set(s, "played", put_row(s.played, player, ()))
    turn = s.turn + 1
    if turn == I.TURNS_PER_ROUND * n:
        if rounds.game_over(s.round, s.game.rounds):
            _set(s, "turn", turn)
            _set(s, "pend", Pend(PLAY))
            _set(s, "_player", TERMINAL)
            return
        first = rounds.next_first_player(s.first, n)
        _set(s, "round", s.round + 1)
        _set(s, "first", first)
        _set(s, "turn", 0)
        _set(s, "pend", Pend(DEAL, who=first, left=rounds.hand_size))
        _set(s, "_player", CHANCE)
        return
    _set(s, "turn", turn)
    _set(s, "pend", Pend(PLAY))
    _set(s, "_player", s.active)
