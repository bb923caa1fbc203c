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

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, MAX_SYSTEMS, PLANET_SLOTS
from boardgames.games.age_of_galaxy.components import PRESTIGE
from boardgames.games.age_of_galaxy.icons import tokens_in_box
from boardgames.games.age_of_galaxy.interpretations import GOLDEN_AGE_KEPT, SECTION_TRADE_CARD
from boardgames.games.age_of_galaxy.state import C_PLANET_TOKEN, C_SYSTEM, GALACTIC_PHASE, NO_PLAYER, AgeWork

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables



def galactic_phase(T: Tables, w: AgeWork) -> None:
    """1. The Galactic Fleet marker moves right; the next System card is revealed."""
    w.fleet += 1
    if len(w.peek("systems")) < MAX_SYSTEMS:
        w.steps = ((C_SYSTEM, NO_PLAYER),)
        return
    after_reveal(T, w)


def reveal_system(T: Tables, w: AgeWork, card: int) -> None:
    """The revealed System card is covered with Planet tokens and face-down Exploration
    tokens by player count (while tokens are left)."""
    systems = w.systems
    position = len(systems)
    systems.append(card)
    pkind = w.pkind
    for k, kind in T.sys_planets[card]:
        pkind[position * PLANET_SLOTS + k] = kind
    for k in T.sys_explore[card]:
        if tokens_in_box(w) > 0:
            w.espots |= 1 << (position * EXPLORE_SLOTS + k)
    slots = tuple(position * PLANET_SLOTS + k for k in T.sys_token_slots[card])
    if slots and w.ptokens:
        w.steps = tuple([(C_PLANET_TOKEN, NO_PLAYER, slot) for slot in slots])  # one draw per space
        return
    after_reveal(T, w)


def place_planet_token(T: Tables, w: AgeWork, token: int) -> None:
    """A Planet token drawn for the space of the first step; the next space's draw follows
    while tokens are left."""
    steps = w.peek("steps")
    w.pkind[steps[0][2]] = T.c.planet_tokens[token]
    w.ptokens &= ~(1 << token)
    rest = steps[1:]
    if rest and w.ptokens:
        w.steps = rest
    else:
        after_reveal(T, w)


def after_reveal(T: Tables, w: AgeWork) -> None:
    """Steps 2-5, then the next round's Production phase."""
    n = T.n
    w.steps = ()
    # 2. discs from the action sections onto the Trade cards
    tdiscs = w.tdiscs
    sections = w.peek("sections")
    for section, card in enumerate(SECTION_TRADE_CARD):
        tdiscs[card] = sorted([*tdiscs[card], *sections[section]])
    w.sections = [[], [], []]
    # 3. Explore discs back to the common supply
    explore_discs = w.peek("explore_discs")
    if any(explore_discs):
        board = w.board_discs
        for p in range(n):
            board[p] -= explore_discs[p]
        w.explore_discs = [0] * n
    # 4. turn order by Prestige, ties to the disc on top
    res, stamp = w.peek("res"), w.peek("stamp")
    w.order = sorted(range(n), key=lambda p: (-res[p * 8 + PRESTIGE], -stamp[p]))
    # 5. Golden Age
    returned = [0] * n
    flipped = w.flipped
    for i, card in enumerate(w.peek("trade")):
        discs = tdiscs[i]
        if flipped >> i & 1 or len(discs) < T.trade_spaces[card]:
            continue
        for owner in discs:
            if owner < n:
                returned[owner] += 1
        tdiscs[i] = []
        flipped |= 1 << i
    if flipped != w.flipped:
        w.flipped = flipped
        board, supply = w.board_discs, w.discs
        for p in range(n):
            board[p] -= returned[p]
            supply[p] += min(GOLDEN_AGE_KEPT, returned[p])
    w.round += 1
    w.game.rules.phase_over(w, GALACTIC_PHASE)
