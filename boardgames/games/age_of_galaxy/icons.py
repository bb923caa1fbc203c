"""Icons (rulebook "Icons"): resources and their caps, Cruisers, Action discs, reach.

Rulebook "Icons": at most 12 Credit, Productivity and Strength; at most 5
Cruisers in the supply; Cruisers (9) and Action discs (16, one on the
Prestige track) are limited and players may not gain more of them.

The helpers that change something edit the successor being built inside
``apply`` (the ``*_now`` ones) or, in the setup, its working copy (a
:class:`~boardgames.kernel.work.Work`); those that only read take a state or a
working copy (:data:`~state.Fields`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.components import CRUISER, PRESTIGE, RESOURCES, Gains
from boardgames.games.age_of_galaxy.interpretations import COLONIZE_COST_COUNTS
from boardgames.games.age_of_galaxy.state import (
    CONQUERED,
    CRUISERS_PER_PLAYER,
    DISCS_PER_PLAYER,
    EXPLORATION_TOKENS,
    MAX_SUPPLY_CRUISERS,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    AgeState,
    AgeWork,
    Fields,
)
from boardgames.kernel.cards import mask_size
from boardgames.kernel.resources import NO_CAP, ResourceKinds
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

CREDIT_CAP = 12  # Credit, Productivity and Strength
LAST_POSITION = 4  # the rightmost System card
RESOURCE_KINDS = ResourceKinds(
    RESOURCES,
    tuple(
        CREDIT_CAP if name in ("credit", "productivity", "strength")
        else MAX_SUPPLY_CRUISERS if name == "cruiser" else NO_CAP
        for name in RESOURCES
    ),
)


def tokens_in_box(s: AgeState) -> int:
    """Exploration tokens neither on the board, on a telescope, nor discarded."""
    return int(EXPLORATION_TOKENS - s.gone - mask_size(s.espots) - sum(s.telescope))


def cruisers_on_planets(plevel: Sequence[int], powner: Sequence[int], owner: int) -> int:
    """Cruisers of ``owner`` on planets: their Conquered planets (a planet holds one) among
    the planets at levels ``plevel`` with owners ``powner``."""
    count = 0
    slot = -1
    left = plevel.count(CONQUERED)
    while left:  # the few Conquered planets, left to right (no range() call)
        slot = plevel.index(CONQUERED, slot + 1)
        if powner[slot] == owner:
            count += 1
        left -= 1
    return count


def sorted_with(row: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The ascending ``row`` with ``value`` added, ascending: where it goes last or first
    without ``sorted()`` (a builtin call, a list and a tuple cost some 1,500 instructions more)."""
    if not row or row[-1] <= value:
        return row + (value,)
    if value <= row[0]:
        return (value,) + row
    return tuple(sorted((*row, value)))


def cruiser_room(s: AgeState, p: int) -> int:
    """How many more Cruisers player ``p`` may take (supply cap and the 9 in their colour)."""
    colour = CRUISERS_PER_PLAYER - cruisers_on_planets(s.plevel, s.powner, p)
    # the caps as conditional expressions, not min() and max() (builtin calls)
    room = (colour if colour < MAX_SUPPLY_CRUISERS else MAX_SUPPLY_CRUISERS) - s.res[p * 8 + CRUISER]
    return room if room > 0 else 0


_CAPS = RESOURCE_KINDS.caps


SparseGains = tuple[tuple[int, int], ...]
"""A gains vector as its non-zero (resource, amount) pairs, by resource: what the rules
gain (:func:`gain_now`), made once with the tables (``Tables.kind_reward`` and the like),
so that a gain needs no lookup of the 8-tuple (its hash alone some 600 instructions)."""


def sparse(g: Gains) -> SparseGains:
    """The non-zero (resource, amount) pairs of the gains vector ``g``."""
    return tuple([(i, amount) for i, amount in enumerate(g) if amount])


def _gain_into(s: Fields, res: list[int], p: int, g: SparseGains) -> bool:
    """``RESOURCE_KINDS.gain`` of each amount of ``g``, the caps inlined (hot path); whether
    Prestige was gained (a marker that moves: :func:`mark_prestige`)."""
    b = p * 8
    caps = _CAPS
    prestige = False
    for i, amount in g:
        if i == CRUISER:
            colour = CRUISERS_PER_PLAYER - cruisers_on_planets(s.peek("plevel"), s.peek("powner"), p)
            room = (colour if colour < MAX_SUPPLY_CRUISERS else MAX_SUPPLY_CRUISERS) - res[b + CRUISER]
            if room < amount:
                amount = room if room > 0 else 0
        elif i == PRESTIGE:
            prestige = amount > 0
        total = res[b + i] + amount
        res[b + i] = total if total <= caps[i] else caps[i]
    return prestige


def gain(w: AgeWork, p: int, g: Gains) -> None:
    """Player ``p`` gains ``g``; amounts beyond a cap are lost."""
    held = w.peek("res")
    res = held if type(held) is list else list(held)
    prestige = _gain_into(w, res, p, sparse(g))
    if res is not held:
        w.res = res
    if prestige:
        mark_prestige(w, p)


def mark_prestige(w: AgeWork, p: int) -> None:
    """A Prestige marker that moves lands on top of any discs already there."""
    clock = w.peek("clock") + 1
    w.clock = clock
    w.put("stamp", p, clock)


# The same on a successor that a rule builds itself (``successor(state)``, then
# its fields replaced by new values in its ``__dict__``, with no working copy).  They
# take the successor ``s`` and its instance dict ``f`` (``s.__dict__``, read once by
# the rule: reading ``__dict__`` is a descriptor call of about 285 instructions on
# 3.11), read fields as attributes of ``s`` (about 75 instructions, against about 195
# for ``f[name]``) and write them into ``f``.


def gain_now(s: AgeState, f: dict[str, Any], p: int, g: SparseGains) -> None:
    """:func:`gain` on a successor being built, of the gains ``g`` as :data:`SparseGains`."""
    res = list(s.res)
    prestige = _gain_into(s, res, p, g)
    f["res"] = tuple(res)
    if prestige:
        mark_prestige_now(s, f, p)


def mark_prestige_now(s: AgeState, f: dict[str, Any], p: int) -> None:
    f["clock"] = clock = s.clock + 1
    f["stamp"] = put(s.stamp, p, clock)


def exchange_now(s: AgeState, f: dict[str, Any], p: int, give: SparseGains, get: SparseGains) -> None:
    """Player ``p`` pays ``give`` (its non-zero (resource, amount) pairs), then gains
    ``get`` as :func:`gain_now` does, in one copy of the resources (a Trade's exchange)."""
    res = list(s.res)
    b = p * 8
    for i, amount in give:
        res[b + i] -= amount
    prestige = _gain_into(s, res, p, get)
    f["res"] = tuple(res)
    if prestige:
        mark_prestige_now(s, f, p)


def add_now(s: AgeState, f: dict[str, Any], p: int, resource: int, amount: int) -> None:
    """:func:`add` on a successor being built."""
    i = p * 8 + resource
    res = s.res
    f["res"] = put(res, i, res[i] + amount)
    if resource == PRESTIGE and amount > 0:
        mark_prestige_now(s, f, p)


def lose_now(s: AgeState, f: dict[str, Any], p: int, resource: int, amount: int) -> None:
    """Lose up to ``amount`` (never below 0)."""
    i = p * 8 + resource
    res = s.res
    left = res[i] - amount
    if left < 0:
        left = 0
    if left != res[i]:
        f["res"] = put(res, i, left)


def place_disc_now(s: AgeState, f: dict[str, Any], p: int) -> None:
    """Move one Action disc from ``p``'s personal supply to the board."""
    discs = list(s.discs)
    discs[p] -= 1
    f["discs"] = tuple(discs)
    board = list(s.board_discs)
    board[p] += 1
    f["board_discs"] = tuple(board)


def return_discs_now(s: AgeState, f: dict[str, Any], owner: int, count: int) -> None:
    """Discs of ``owner`` leave the board for the common supply (on a successor being built)."""
    if owner == VO:
        vo = s.vo
        f["vo"] = put(vo, VO_DISCS, vo[VO_DISCS] - count)
    elif owner < VO:
        board = s.board_discs
        f["board_discs"] = put(board, owner, board[owner] - count)


def common_discs(s: AgeState, p: int) -> int:
    """Discs of ``p``'s colour still in the common supply."""
    return DISCS_PER_PLAYER - s.discs[p] - s.board_discs[p]


def reach(T: Tables, s: AgeState, owner: int) -> int:
    """The rightmost reachable System position for ``owner`` (Reachable; Warp Drive)."""
    # the Virtual Opponent has all 9 Technologies (War phase)
    last = s.fleet + 1 if owner == VO else s.fleet + T.agg(s.techs[owner]).reach
    return last if last < LAST_POSITION else LAST_POSITION  # (not min(): a builtin call)


def planet_count(s: Fields, owner: int) -> int:
    """Colonized and Developed planets of ``owner``."""
    counted = COLONIZE_COST_COUNTS
    levels = zip(s.peek("powner"), s.peek("plevel"), strict=False)
    return len([o for o, lv in levels if o == owner and lv in counted])


def supply_cruisers(s: AgeState, owner: int) -> int:
    return s.vo[VO_CRUISERS] if owner == VO else s.res[owner * 8 + CRUISER]
