"""Resource gains and payments, caps, discs, reach and Protection.

These helpers edit a successor state inside ``apply`` (copy-on-write): each
replaces only the fields it changes, with new tuples.

Rulebook "Icons": at most 12 Credit, Productivity and Strength; at most 5
Cruisers in the supply; Cruisers (9) and Action discs (16, one on the
Prestige track) are limited and players may not gain more of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy.components import (
    CREDIT,
    CRUISER,
    PRESTIGE,
    PRODUCTIVITY,
    STRENGTH,
    Gains,
)
from boardgames.games.age_of_galaxy.interpretations import COLONIZE_COST_COUNTS
from boardgames.games.age_of_galaxy.state import (
    CRUISERS_PER_PLAYER,
    DISCS_PER_PLAYER,
    EXPLORATION_TOKENS,
    MAX_SUPPLY_CRUISERS,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    AgeState,
)

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

W = object.__setattr__
CAPPED = (CREDIT, PRODUCTIVITY, STRENGTH)
CREDIT_CAP = 12  # also Productivity and Strength


def tokens_in_box(s: AgeState) -> int:
    """Exploration tokens neither on the board, on a telescope, nor discarded."""
    return EXPLORATION_TOKENS - s.gone - bin(s.espots).count("1") - sum(s.telescope)


def cruisers_on_planets(s: AgeState, owner: int) -> int:
    return sum(1 for o, lv in zip(s.powner, s.plevel, strict=False) if o == owner and lv == 3)


def cruiser_room(s: AgeState, p: int) -> int:
    """How many more Cruisers player ``p`` may take (supply cap and the 9 in their colour)."""
    have = s.res[p * 8 + CRUISER]
    return max(0, min(MAX_SUPPLY_CRUISERS, CRUISERS_PER_PLAYER - cruisers_on_planets(s, p)) - have)


def gain(s: AgeState, p: int, g: Gains) -> None:
    """Player ``p`` gains ``g``; amounts beyond a cap are lost."""
    res = list(s.res)
    b = p * 8
    for i, amount in enumerate(g):
        if not amount:
            continue
        if i in CAPPED:
            res[b + i] = min(12, res[b + i] + amount)
        elif i == CRUISER:
            res[b + i] += min(amount, cruiser_room(s, p))
        else:
            res[b + i] += amount
    W(s, "res", tuple(res))
    if g[PRESTIGE] > 0:
        mark_prestige(s, p)


def mark_prestige(s: AgeState, p: int) -> None:
    """A Prestige marker that moves lands on top of any discs already there."""
    clock = s.clock + 1
    stamp = list(s.stamp)
    stamp[p] = clock
    W(s, "stamp", tuple(stamp))
    W(s, "clock", clock)


def pay(s: AgeState, p: int, g: Gains) -> None:
    res = list(s.res)
    b = p * 8
    for i, amount in enumerate(g):
        res[b + i] -= amount
    W(s, "res", tuple(res))


def add(s: AgeState, p: int, resource: int, amount: int) -> None:
    """Change one resource by ``amount`` (no caps; callers check them)."""
    res = list(s.res)
    res[p * 8 + resource] += amount
    W(s, "res", tuple(res))
    if resource == PRESTIGE and amount > 0:
        mark_prestige(s, p)


def lose(s: AgeState, p: int, resource: int, amount: int) -> None:
    """Lose up to ``amount`` (never below 0)."""
    i = p * 8 + resource
    have = s.res[i]
    if have and amount:
        res = list(s.res)
        res[i] = max(0, have - amount)
        W(s, "res", tuple(res))


def place_disc(s: AgeState, p: int) -> None:
    """Move one Action disc from ``p``'s personal supply to the board."""
    discs = list(s.discs)
    discs[p] -= 1
    board = list(s.board_discs)
    board[p] += 1
    W(s, "discs", tuple(discs))
    W(s, "board_discs", tuple(board))


def return_discs(s: AgeState, owner: int, count: int) -> None:
    """Discs of ``owner`` leave the board for the common supply."""
    if not count:
        return
    if owner == VO:
        vo = list(s.vo)
        vo[VO_DISCS] -= count
        W(s, "vo", tuple(vo))
    elif owner < 4:
        board = list(s.board_discs)
        board[owner] -= count
        W(s, "board_discs", tuple(board))


def common_discs(s: AgeState, p: int) -> int:
    """Discs of ``p``'s colour still in the common supply."""
    return DISCS_PER_PLAYER - s.discs[p] - s.board_discs[p]


def reach(T: Tables, s: AgeState, owner: int) -> int:
    """The rightmost reachable System position for ``owner`` (Reachable; Warp Drive)."""
    if owner == VO:
        return min(4, s.fleet + 1)  # the Virtual Opponent has all 9 Technologies (War phase)
    return min(4, s.fleet + T.agg(s.techs[owner]).reach)


def planet_count(s: AgeState, owner: int) -> int:
    """Colonized and Developed planets of ``owner``."""
    counted = COLONIZE_COST_COUNTS
    return sum(1 for o, lv in zip(s.powner, s.plevel, strict=False) if o == owner and lv in counted)


def supply_cruisers(s: AgeState, owner: int) -> int:
    return s.vo[VO_CRUISERS] if owner == VO else s.res[owner * 8 + CRUISER]
