"""War Phase (rulebook "War Phase"), skipped in round 1.

Players compare the Cruisers in their supply; the most is the Overlord, ties
broken by Strength; players still tied share the place and its reward.  A
single Overlord may acquire a reachable Unprotected planet.  Then everyone
discards Cruisers down to their Strength.  After the War phase, if the
Galactic Fleet marker is on the rightmost System card, the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.actions import PLANET_SLOTS
from boardgames.games.age_of_galaxy.components import CREDIT, CRUISER, PRESTIGE, STRENGTH
from boardgames.games.age_of_galaxy.icons import (
    CREDIT_CAP,
    LAST_POSITION,
    add_now,
    reach,
    return_discs_now,
    supply_cruisers,
)
from boardgames.games.age_of_galaxy.interpretations import OVERLORD_MAY_DECLINE
from boardgames.games.age_of_galaxy.state import (
    COLONIZED,
    CONQUERED,
    D_ACQUIRE,
    D_SURRENDER,
    DEVELOPED,
    VO,
    VO_CRUISERS,
    VO_PRESTIGE,
    VO_STRENGTH,
    WAR_PHASE,
    AgeState,
)
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables



def strength_of(s: AgeState, owner: int) -> int:
    strength: int = s.vo[VO_STRENGTH] if owner == VO else s.res[owner * 8 + STRENGTH]
    return strength


def protected(T: Tables, s: AgeState, slot: int) -> bool:
    """War Phase "Protected planets".

    A Developed planet is always Protected; all of a player's planets
    (Conquered ones included) are Protected when their supply holds at least
    as many Cruisers as they have Colonized and Developed planets, or by
    their Technologies and Faction abilities.  The Virtual Opponent "is
    considered to have all 9 Technologies", Planetary Shields among them:
    all its planets are Protected.  "All other planets are considered
    Unprotected."
    """
    owner = s.powner[slot]
    if owner < 0:
        return False
    if owner == VO or s.plevel[slot] == DEVELOPED:
        return True
    return bool(shield(T, s, owner) & 1 << T.kind_type[s.pkind[slot]])


ALL_TYPES = -1  # every bit set: every planet type


def shield(T: Tables, s: AgeState, owner: int) -> int:
    """War Phase "Protected planets": the planet types of which ``owner``'s planets are
    Protected besides the Developed ones, as bits (:data:`ALL_TYPES`: all of them)."""
    if owner == VO:
        return ALL_TYPES
    if s.res[owner * 8 + CRUISER] >= T.planet_count(s.powner, s.plevel, owner):
        return ALL_TYPES
    agg = T.agg(s.techs[owner])
    if agg.protect_all:
        return ALL_TYPES
    return agg.protects | T.alliance(s.alliance[owner]).protects


def places(T: Tables, s: AgeState) -> dict[int, int]:
    """Each owner's place (1 = Overlord) by Cruisers in supply, ties by Strength.

    "Players compare the number of Cruisers in their supply ... If tied, the
    player with more Strength wins the tie.  If the tie remains, all the tied
    players gain the rewards."  Every player compares, with 0 Cruisers too;
    players still tied share a place, and the next place counts everyone above.
    """
    # loops, not comprehensions or zip(): on 3.11 each is a call of its own
    entries = []  # (owner, key): the players, ascending, then the Virtual Opponent (VO > them)
    for o in T.war_owners:
        entries.append((o, (supply_cruisers(s, o), strength_of(s, o))))
    placing = {}
    for o, key in entries:
        place = 1
        for _, other in entries:
            if other > key:
                place += 1
        placing[o] = place
    return placing


def war_phase(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """Rewards by place; a single Overlord may acquire a planet (skipped in round 1).

    Like the rest of the War phase, on the successor ``s`` being built (its fields
    replaced by new tuples in its ``__dict__`` ``f``: see :mod:`.icons`)."""
    if s.round == 1:
        T.after_phase[WAR_PHASE](T, s, f)
        return
    placing = places(T, s)
    table = T.war_rewards
    overlords = []
    for owner, place in placing.items():  # by owner, ascending (T.war_owners)
        if place == 1:
            overlords.append(owner)
        if place > len(table):
            continue
        credit, prestige = table[place - 1]
        if owner == VO:
            vo = s.vo
            f["vo"] = put(vo, VO_PRESTIGE, vo[VO_PRESTIGE] + prestige)
            continue
        res = s.res
        i = owner * 8 + CREDIT
        credit += res[i]
        f["res"] = put(res, i, credit if credit < CREDIT_CAP else CREDIT_CAP)
        if prestige:
            add_now(s, f, owner, PRESTIGE, prestige)
    if len(overlords) == 1:
        overlord = overlords[0]
        if overlord == VO:
            candidates = surrender_candidates(T, s)
            if candidates:
                f["steps"] = ((D_SURRENDER, 0),)  # you choose for the Virtual Opponent
                f["_legal"] = surrender_ids(T, candidates)  # the successor's legal ids, as below
                return
        else:
            candidates = acquire_candidates(T, s, overlord)
            if candidates:
                f["steps"] = ((D_ACQUIRE, overlord),)
                # the Overlord's choices, known here: the successor's legal ids (the kernel's
                # ``_legal`` cache), as action_phase.maybe_end_now gives a turn's
                f["_legal"] = acquire_ids(T, candidates)
                return
    end_of_war(T, s, f)


def acquire_ids(T: Tables, candidates: list[int]) -> tuple[int, ...]:
    """The ids of acquiring each of ``candidates`` (:func:`acquire_candidates`), ascending,
    and of acquiring nothing (see interpretations)."""
    found = list(map(T.ids.acquire.__getitem__, candidates))
    return (*found, T.ids.acquire_nothing) if OVERLORD_MAY_DECLINE else tuple(found)


def surrender_ids(T: Tables, candidates: list[int]) -> tuple[int, ...]:
    """The ids of surrendering each of ``candidates`` (:func:`surrender_candidates`), ascending."""
    return tuple(map(T.ids.surrender.__getitem__, candidates))


def acquire_candidates(T: Tables, s: AgeState, overlord: int) -> list[int]:
    """Reachable Unprotected planets not the Overlord's own, if the Overlord has a Cruiser to place.

    "All other planets are considered Unprotected": an empty planet and
    another player's Conquered planet can be acquired too.
    """
    if supply_cruisers(s, overlord) <= 0:
        return []
    last = reach(T, s, overlord)
    out = []
    powner, plevel, pkind = s.powner, s.plevel, s.pkind
    kind_type = T.kind_type
    shields: dict[int, int] = {}  # :func:`shield` of each owner met
    for slot in range(PLANET_SLOTS * (last + 1)):  # the planets at System positions up to ``last``
        kind = pkind[slot]
        if kind < 0:
            continue
        owner = powner[slot]
        if owner == overlord:
            continue
        if owner >= 0:  # as :func:`protected`
            if owner == VO or plevel[slot] == DEVELOPED:
                continue
            types = shields.get(owner)
            if types is None:
                types = shields[owner] = shield(T, s, owner)
            if types & 1 << kind_type[kind]:
                continue
        out.append(slot)
    return out


def surrender_candidates(T: Tables, s: AgeState) -> list[int]:
    """Standard Solo: your Unprotected planets within the Virtual Opponent's reach.

    "it only acquires one of your Unprotected planets, chosen by you, using 1
    of its Cruisers as normal" (your Conquered planets are yours too).
    """
    if s.vo[VO_CRUISERS] <= 0:
        return []
    types = shield(T, s, 0)  # as :func:`protected` for each of your planets
    if types == ALL_TYPES:
        return []
    last = reach(T, s, VO)
    plevel, pkind = s.plevel, s.pkind
    slot_pos, kind_type = T.slot_pos, T.kind_type
    powner = s.powner
    out = []
    slot = -1
    for _ in range(powner.count(0)):  # your few planets, left to right
        slot = powner.index(0, slot + 1)
        if slot_pos[slot] <= last and plevel[slot] != DEVELOPED and not types & 1 << kind_type[pkind[slot]]:
            out.append(slot)
    return out


def acquire(T: Tables, s: AgeState, f: dict[str, Any], owner: int, slot: int) -> None:
    """Remove all discs from the planet and place a Cruiser of ``owner`` from their supply
    (on the successor ``s`` being built, ``f`` its ``__dict__``).

    A Cruiser already on the planet (a Conquered planet acquired again) goes
    back to the common supply: a planet holds one Cruiser.
    """
    powner, plevel = s.powner, s.plevel
    old, level = powner[slot], plevel[slot]
    if old >= 0 and level in (COLONIZED, DEVELOPED):
        return_discs_now(s, f, old, level)
    f["powner"] = new_powner = put(powner, slot, owner)
    f["plevel"] = new_plevel = put(plevel, slot, CONQUERED)
    # the remembered planet layout carried over the acquisition
    T.layout_changed(s.pkind, len(s.systems), powner, plevel, new_powner, new_plevel, slot)
    if owner == VO:
        vo = s.vo
        f["vo"] = put(vo, VO_CRUISERS, vo[VO_CRUISERS] - 1)
    else:
        res = s.res
        i = owner * 8 + CRUISER
        f["res"] = put(res, i, res[i] - 1)


def choose_acquisition(T: Tables, s: AgeState, slot: int | None) -> AgeState:
    """The single Overlord (the step's player) acquires ``slot``, or nothing."""
    new, f = successor(s)
    if slot is not None:
        acquire(T, new, f, s.steps[0][1], slot)
    f["steps"] = ()
    end_of_war(T, new, f)
    return new


def choose_surrender(T: Tables, s: AgeState, slot: int) -> AgeState:
    new, f = successor(s)
    acquire(T, new, f, VO, slot)
    f["steps"] = ()
    end_of_war(T, new, f)
    return new


def end_of_war(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """Discard Cruisers down to Strength; the game ends if the fleet is on the rightmost card."""
    techs = s.techs
    for p in T.seats:
        res = s.res  # current again once an earlier player's Cruisers were discarded
        keep = res[p * 8 + STRENGTH] + T.agg(techs[p]).war_keep
        if res[p * 8 + CRUISER] > keep:
            f["res"] = put(res, p * 8 + CRUISER, keep)
    if T.solo:
        vo = s.vo
        if vo[VO_CRUISERS] > vo[VO_STRENGTH]:
            f["vo"] = put(vo, VO_CRUISERS, vo[VO_STRENGTH])
    if s.fleet >= LAST_POSITION:
        f["steps"] = ()  # nothing more to happen: the game is over
    else:
        T.after_phase[WAR_PHASE](T, s, f)
