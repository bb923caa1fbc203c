"""Galactic Phase (rulebook "Galactic Phase" and "Golden Age"), skipped in the last round.

1. The Galactic Fleet marker moves right; the next face-down System card is
   revealed (a chance node) and covered with Planet tokens (chance nodes) and
   face-down Exploration tokens by player count.
2. Discs on Manufacture, Retrieve and Scavenge move to the corresponding Trade
   cards (left, middle, right).
3. Explore discs return to the common supply.
4. New turn order: most Prestige first, ties to the disc on top.
5. Golden Age for every filled Trade card: its discs return to their owners,
   each keeps up to 3 (the rest go to the common supply), the card flips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, MAX_SYSTEMS, PLANET_SLOTS
from boardgames.games.age_of_galaxy.components import PRESTIGE
from boardgames.games.age_of_galaxy.icons import tokens_in_box
from boardgames.games.age_of_galaxy.interpretations import GOLDEN_AGE_KEPT
from boardgames.games.age_of_galaxy.state import (
    C_PLANET_TOKEN,
    C_SYSTEM,
    GALACTIC_PHASE,
    NO_PLAYER,
    AgeState,
)
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables



# The Galactic phase and the next round's Production phase build the successor themselves
# (``successor(state)``, new values in its ``__dict__``), as the War phase before them.


def galactic_phase(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """1. The Galactic Fleet marker moves right; the next System card is revealed (on the
    successor ``s`` being built, ``f`` its ``__dict__``: see :mod:`.icons`)."""
    f["fleet"] = s.fleet + 1
    if len(s.systems) < MAX_SYSTEMS:
        f["steps"] = ((C_SYSTEM, NO_PLAYER),)
        return
    after_reveal(T, s, f)


def reveal_system(T: Tables, s: AgeState, card: int) -> AgeState:
    """The revealed System card is covered with Planet tokens and face-down Exploration
    tokens by player count (while tokens are left)."""
    new, f = successor(s)
    position = len(s.systems)
    f["systems"] = (*s.systems, card)
    pkind = list(s.pkind)
    base = position * PLANET_SLOTS
    printed = []
    for k, kind in T.sys_planets[card]:
        pkind[base + k] = kind
        printed.append(base + k)
    f["pkind"] = new_pkind = tuple(pkind)
    T.layout_revealed(s.pkind, position, s.powner, s.plevel, new_pkind, position + 1, printed)
    for k in T.sys_explore[card]:
        if tokens_in_box(new) > 0:
            f["espots"] = new.espots | 1 << (position * EXPLORE_SLOTS + k)
    draws = []  # one draw per Planet token space
    for k in T.sys_token_slots[card]:
        draws.append((C_PLANET_TOKEN, NO_PLAYER, base + k))
    if draws and s.ptokens:
        f["steps"] = tuple(draws)
    else:
        after_reveal(T, new, f)
    return new


def place_planet_token(T: Tables, s: AgeState, token: int) -> AgeState:
    """A Planet token drawn for the space of the first step; the next space's draw follows
    while tokens are left."""
    new, f = successor(s)
    steps = s.steps
    slot = steps[0][2]
    f["pkind"] = new_pkind = put(s.pkind, slot, T.c.planet_tokens[token])
    T.layout_revealed(s.pkind, len(s.systems), s.powner, s.plevel, new_pkind, len(s.systems), (slot,))
    f["ptokens"] = ptokens = s.ptokens & ~(1 << token)
    rest = steps[1:]
    if rest and ptokens:
        f["steps"] = rest
    else:
        after_reveal(T, new, f)
    return new


def after_reveal(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """Steps 2-5, then the next round's Production phase, on the successor ``s`` being built."""
    n = T.n
    f["steps"] = ()
    # 2. discs from the action sections onto the Trade cards
    tdiscs = list(s.tdiscs)
    sections = s.sections
    moved = False  # whether a Trade card's discs change (if not, the Trade row stays the same
    # tuple, which Tables.open_trades remembers by identity)
    for section, card in T.section_cards:  # (SECTION_TRADE_CARD)
        placed = sections[section]
        if placed:  # an empty section leaves its card's discs as they are (both kept sorted)
            tdiscs[card] = tuple(sorted([*tdiscs[card], *placed]))
            moved = True
    if moved:
        f["sections"] = ((), (), ())
    # 3. Explore discs back to the common supply
    explore_discs = s.explore_discs
    if explore_discs.count(0) < n:  # some disc (a method call costs less than any())
        board = list(s.board_discs)
        for p in T.seats:
            board[p] -= explore_discs[p]
        f["board_discs"] = tuple(board)
        f["explore_discs"] = (0,) * n
    # 4. turn order by Prestige, ties to the disc on top (a solo player's order stays (0,))
    if n > 1:
        res, stamp = s.res, s.stamp
        ranked = []
        for p in T.seats:
            ranked.append((-res[p * 8 + PRESTIGE], -stamp[p], p))
        ranked.sort()
        order = []
        for _, _, p in ranked:
            order.append(p)
        f["order"] = tuple(order)
    # 5. Golden Age
    returned = [0] * n
    flipped = s.flipped
    for i, card in enumerate(s.trade):
        discs = tdiscs[i]
        if flipped >> i & 1 or len(discs) < T.trade_spaces[card]:
            continue
        for owner in discs:
            if owner < n:
                returned[owner] += 1
        tdiscs[i] = ()
        flipped |= 1 << i
        moved = True
    if moved:
        f["tdiscs"] = tuple(tdiscs)
    if flipped != s.flipped:
        f["flipped"] = flipped
        board, supply = list(s.board_discs), list(s.discs)
        for p in T.seats:
            board[p] -= returned[p]
            kept = returned[p]
            supply[p] += kept if kept < GOLDEN_AGE_KEPT else GOLDEN_AGE_KEPT
        f["board_discs"], f["discs"] = tuple(board), tuple(supply)
    f["round"] = s.round + 1
    T.after_phase[GALACTIC_PHASE](T, s, f)
