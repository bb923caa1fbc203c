"""The Trade action and Trade Goods.

"Move 1 ship from a planet with a trade icon ... to another planet with a
trade icon within range X, then again"; a completed trade takes a Trade
Good from the supply.  Edits are made on a fresh successor state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.deploying import put_ships, take_ships
from boardgames.games.warpgate.state import HOP1, HOP2
from boardgames.games.warpgate.turn import end_turn, put

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = [
    "any_trade",
    "first_hop",
    "first_hop_ids",
    "second_hop",
    "second_hop_ids",
    "trade_finals",
    "trade_hops",
    "trade_origin",
    "trade_origin_ids",
    "trade_origins",
]

_set = object.__setattr__


def trade_finals(s: WarpgateState, origin: int, hop: int, x: int, player: int) -> tuple[int, ...]:
    """Second hops from ``hop``: trade planets in range X, not the origin, holding no other player's ships."""
    owner = s.owner
    return tuple(
        h for h in s.t.trade_near[hop][x] if h != origin and (owner[h] < 0 or owner[h] == player)
    )


def trade_hops(s: WarpgateState, origin: int, x: int, player: int) -> tuple[int, ...]:
    """First hops from ``origin`` that leave a legal second hop."""
    owner = s.owner
    return tuple(
        h for h in s.t.trade_near[origin][x]
        if (owner[h] < 0 or owner[h] == player) and trade_finals(s, origin, h, x, player)
    )


def trade_origins(s: WarpgateState, x: int, player: int) -> tuple[int, ...]:
    """Trade planets holding ``player``'s ships from which a trade can be completed."""
    trade = s.t.trade
    return tuple(
        o for o, w in enumerate(s.owner)
        if w == player and trade[o] and trade_hops(s, o, x, player)
    )


def any_trade(s: WarpgateState, x: int, player: int) -> bool:
    """Whether any trade can be completed (:func:`trade_origins`, stopping at the first)."""
    t = s.t
    trade, near, owner = t.trade, t.trade_near, s.owner
    for o, w in enumerate(owner):
        if w != player or not trade[o]:
            continue
        for h in near[o][x]:
            if owner[h] >= 0 and owner[h] != player:
                continue
            for f in near[h][x]:
                if f != o and (owner[f] < 0 or owner[f] == player):
                    return True
    return False


def trade_origin_ids(s: WarpgateState) -> tuple[int, ...]:
    off = s.t.off_from
    return tuple(off + o for o in trade_origins(s, s.pend.x, s.active))


def first_hop_ids(s: WarpgateState) -> tuple[int, ...]:
    p = s.pend
    off = s.t.off_to
    return tuple(off + h for h in trade_hops(s, p.origin, p.x, s.active))


def second_hop_ids(s: WarpgateState) -> tuple[int, ...]:
    p = s.pend
    off = s.t.off_to
    return tuple(off + h for h in trade_finals(s, p.origin, p.dest, p.x, s.active))


def trade_origin(s: WarpgateState, origin: int) -> None:
    _set(s, "pend", s.pend._replace(step=HOP1, origin=origin))


def first_hop(s: WarpgateState, hop: int) -> None:
    _set(s, "pend", s.pend._replace(step=HOP2, dest=hop))


def second_hop(s: WarpgateState, final: int) -> None:
    """The ship arrives; the trader takes a Trade Good from the supply (if one is left)."""
    p = s.pend
    player = s.active
    take_ships(s, p.origin, 1)
    put_ships(s, final, player, 1)
    if s.goods_pool:
        _set(s, "goods_pool", s.goods_pool - 1)
        _set(s, "goods", put(s.goods, player, s.goods[player] + 1))
    end_turn(s)
