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

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS
from boardgames.games.age_of_galaxy.components import PRESTIGE
from boardgames.games.age_of_galaxy.icons import W, tokens_in_box
from boardgames.games.age_of_galaxy.interpretations import GOLDEN_AGE_KEPT, SECTION_TRADE_CARD
from boardgames.games.age_of_galaxy.state import C_PLANET_TOKEN, C_SYSTEM, GALACTIC_PHASE, AgeState
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables



def galactic_phase(T: Tables, s: AgeState) -> None:
    W(s, "fleet", s.fleet + 1)
    if len(s.systems) < 5:
        W(s, "pend", (C_SYSTEM,))
        W(s, "_player", CHANCE)
        return
    after_reveal(T, s)


def reveal_system(T: Tables, s: AgeState, card: int) -> None:
    position = len(s.systems)
    W(s, "systems", (*s.systems, card))
    pkind = list(s.pkind)
    for k, kind in T.sys_planets[card]:
        pkind[position * PLANET_SLOTS + k] = kind
    W(s, "pkind", tuple(pkind))
    espots = s.espots
    for k in T.sys_explore[card]:
        if tokens_in_box(s) > 0:
            espots |= 1 << (position * EXPLORE_SLOTS + k)
            W(s, "espots", espots)
    slots = tuple(position * PLANET_SLOTS + k for k in T.sys_token_slots[card])
    if slots and s.ptokens:
        W(s, "pend", (C_PLANET_TOKEN, *slots))
        return
    after_reveal(T, s)


def place_planet_token(T: Tables, s: AgeState, token: int) -> None:
    slot = s.pend[1]
    pkind = list(s.pkind)
    pkind[slot] = T.c.planet_tokens[token]
    W(s, "pkind", tuple(pkind))
    W(s, "ptokens", s.ptokens & ~(1 << token))
    rest = s.pend[2:]
    if rest and s.ptokens:
        W(s, "pend", (C_PLANET_TOKEN, *rest))
    else:
        after_reveal(T, s)


def after_reveal(T: Tables, s: AgeState) -> None:
    """Steps 2-5, then the next round's Production phase."""
    n = T.n
    W(s, "pend", ())
    # 2. discs from the action sections onto the Trade cards
    moved = list(s.tdiscs)
    for section, card in enumerate(SECTION_TRADE_CARD):
        moved[card] = tuple(sorted(moved[card] + s.sections[section]))
    tdiscs = tuple(moved)
    W(s, "sections", ((), (), ()))
    # 3. Explore discs back to the common supply
    if any(s.explore_discs):
        W(s, "board_discs", tuple(b - e for b, e in zip(s.board_discs, s.explore_discs, strict=False)))
        W(s, "explore_discs", (0,) * n)
    # 4. turn order by Prestige, ties to the disc on top
    order = tuple(sorted(range(n), key=lambda p: (-s.res[p * 8 + PRESTIGE], -s.stamp[p])))
    W(s, "order", order)
    # 5. Golden Age
    returned = [0] * n
    flipped = s.flipped
    new_tdiscs = list(tdiscs)
    for i, (card, discs) in enumerate(zip(s.trade, tdiscs, strict=False)):
        if flipped >> i & 1 or len(discs) < T.trade_spaces[card]:
            continue
        for owner in discs:
            if owner < n:
                returned[owner] += 1
        new_tdiscs[i] = ()
        flipped |= 1 << i
    W(s, "tdiscs", tuple(new_tdiscs))
    if flipped != s.flipped:
        W(s, "flipped", flipped)
        W(s, "board_discs", tuple(b - r for b, r in zip(s.board_discs, returned, strict=False)))
        W(s, "discs", tuple(d + min(GOLDEN_AGE_KEPT, r) for d, r in zip(s.discs, returned, strict=False)))
    W(s, "round", s.round + 1)
    s.game.rules.phase_over(s, GALACTIC_PHASE)
