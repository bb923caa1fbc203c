"""The Trade action and Trade Goods.

"Move 1 ship from a planet with a trade icon ... to another planet with a
trade icon within range X, then again"; a completed trade takes a Trade
Good from the supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.deploying import move_ships
from boardgames.games.warpgate.state import HOP1, HOP2, Step, occupancy
from boardgames.games.warpgate.turn import end_turn_fields
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Occupancy
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

def trade_finals(s: WarpgateState, origin: int, hop: int, x: int, player: int) -> tuple[int, ...]:
    """Second hops from ``hop``: trade planets in range X, not the origin, holding no other player's ships."""
    # the places open to the ship as a bit mask (not another player's ships, not the origin)
    open_ = ~occupancy(s).others[player] & ~(1 << origin)
    out = []
    for h in s.game.tables.trade_near[hop][x]:
        if open_ >> h & 1:
            out.append(h)
    return tuple(out)


def trade_hops(s: WarpgateState, origin: int, x: int, player: int) -> tuple[int, ...]:
    """First hops from ``origin`` that leave a legal second hop (:func:`trade_finals`, on bit masks:
    a trade planet holding no other player's ships with a second one in range X of it, not the
    origin, holding none either)."""
    t = s.game.tables
    enemy = occupancy(s).others[player]
    open_ = ~enemy & ~(1 << origin)
    trade_mask = t.trade_near_mask
    out = []
    for h in t.trade_near[origin][x]:
        if not enemy >> h & 1 and trade_mask[h][x] & open_:
            out.append(h)
    return tuple(out)


def trade_origins(s: WarpgateState, x: int, player: int) -> tuple[int, ...]:
    """Trade planets holding ``player``'s ships from which a trade can be completed."""
    trade = s.game.tables.trade
    out = []
    for o in occupancy(s).places[player]:
        if trade[o] and trade_hops(s, o, x, player):
            out.append(o)
    return tuple(out)


def any_trade(s: WarpgateState, x: int, player: int, board: Occupancy) -> bool:
    """Whether any trade can be completed (:func:`trade_origins`, stopping at the first;
    ``board``: the state's :func:`~state.occupancy`).

    The same conditions on bit masks: a first hop holding no other player's
    ships, then a second trade planet in range X of it, not the origin, holding
    none either.
    """
    t = s.game.tables
    trade, near, trade_mask = t.trade, t.trade_near, t.trade_near_mask
    enemy = board.others[player]
    for o in board.places[player]:
        if not trade[o]:
            continue
        for h in near[o][x]:
            if not enemy >> h & 1 and trade_mask[h][x] & ~enemy & ~(1 << o):
                return True
    return False


def trade_origin_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, x = step
    off = s.game.tables.off_from
    return tuple([off + o for o in trade_origins(s, x, player)])


def first_hop_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, x, origin = step
    off = s.game.tables.off_to
    return tuple([off + h for h in trade_hops(s, origin, x, player)])


def second_hop_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, x, origin, hop = step
    off = s.game.tables.off_to
    return tuple([off + h for h in trade_finals(s, origin, hop, x, player)])


# Trade's choices build the successor themselves (the step machine's ``direct`` actions), with no Work.


def trade_origin(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The ship leaves from the origin chosen; its first hop is chosen next."""
    _, player, x = step
    new, fields = successor(s)
    fields["steps"] = ((HOP1, player, x, action_id - s.game.tables.off_from), *s.steps[1:])
    return new


def first_hop(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The first hop chosen; the second is chosen next."""
    _, player, x, origin = step
    new, fields = successor(s)
    fields["steps"] = ((HOP2, player, x, origin, action_id - s.game.tables.off_to), *s.steps[1:])
    return new


def second_hop(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The ship arrives (a planet holding no other player's ships); the trader takes a Trade Good
    from the supply (if one is left); the turn ends."""
    _, player, _x, origin, _hop = step
    new, fields = successor(s)
    move_ships(fields, player, origin, action_id - s.game.tables.off_to, 1)
    pool = fields["goods_pool"]
    if pool:
        goods = fields["goods"]
        fields["goods_pool"] = pool - 1
        fields["goods"] = put(goods, player, goods[player] + 1)
    end_turn_fields(fields, s.game)
    return new
