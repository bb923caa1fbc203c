"""§6 Working and §7 Delivering contracts."""

from __future__ import annotations

from boardgames.kernel.work import Work

from asteroid_rush.actions import DELIVER, DRAW, MINE, REST, SCAN, TRADE, TRADES
from asteroid_rush.components import ASTEROIDS, CARDS, HAND_LIMIT, HOLD, HOLD_SIZE, MINE_YIELD, STATION
from asteroid_rush.setup import take_contract
from asteroid_rush.state import AsteroidState, Kind

__all__ = ["TRADE_PRICE", "deliver", "drawn", "work_ids", "worked"]

TRADE_PRICE = 2
"""§6: a trade pays 2 of one resource for 1 of another."""

_CAPS = HOLD.caps


def work_ids(state: AsteroidState, step: tuple[int, ...]) -> tuple[int, ...]:
    """§6: mine on an asteroid, trade or deliver at the station, scan, or rest.

    Only real choices are offered: no mining into a full hold, no trade for
    a resource the hold has 4 of.
    """
    player = step[1]
    where = state.positions[player]
    offset = player * HOLD_SIZE
    hold = state.holds[offset : offset + HOLD_SIZE]
    ids: list[int] = []
    asteroid = ASTEROIDS[where]
    if asteroid is not None and hold[asteroid.kind] < _CAPS[asteroid.kind]:
        ids.append(MINE)
    if where == STATION:
        ids += [
            TRADE + i
            for i, (give, get) in enumerate(TRADES)
            if hold[give] >= TRADE_PRICE and hold[get] < _CAPS[get]
        ]
        # §7: a contract can be delivered when the hold carries its cargo
        for card, n in enumerate(state.hands[player]):
            if n and HOLD.can_pay(hold, CARDS[card].cost):
                ids.append(DELIVER + card)
    if sum(state.hands[player]) < HAND_LIMIT and any(state.deck):
        ids.append(SCAN)
    ids.append(REST)
    return tuple(ids)


def worked(w: Work, step: tuple[int, ...], action_id: int) -> None:
    """§6: exactly one work action, then the turn ends (a scan first draws its contract)."""
    w.pop()
    player = step[1]
    offset = player * HOLD_SIZE
    # the catalogue's blocks, in id order: MINE, TRADE..., DELIVER..., SCAN, REST
    if action_id == MINE:
        asteroid = ASTEROIDS[w.state.positions[player]]
        assert asteroid is not None  # offered only on an asteroid
        HOLD.gain(w.holds, asteroid.kind, MINE_YIELD, offset)
    elif action_id < DELIVER:
        give, get = TRADES[action_id - TRADE]
        holds: list[int] = w.holds
        HOLD.pay(holds, give, TRADE_PRICE, offset)
        HOLD.gain(holds, get, 1, offset)
    elif action_id < SCAN:
        deliver(w, player, action_id - DELIVER)
    elif action_id == SCAN:
        w.push((Kind.DRAW, player))
    # REST: nothing happens


def deliver(w: Work, player: int, card: int) -> None:
    """§7: "pay the cargo it asks for from the hold and lay the contract face up in front of you"."""
    HOLD.pay_all(w.holds, CARDS[card].cost, player * HOLD_SIZE)
    w.hands[player][card] -= 1
    w.delivered[player][card] += 1


def drawn(w: Work, step: tuple[int, ...], action_id: int) -> None:
    """§6 scan: "draw the top contract of the deck into hand"."""
    w.pop()
    take_contract(w, step[1], action_id - DRAW)
