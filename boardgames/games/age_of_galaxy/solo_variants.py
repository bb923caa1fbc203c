"""Standard and Advanced Solo variants: the Virtual Opponent.

At the end of each Action phase the Virtual Opponent reveals Faction cards
from the deck (2 in the Standard Solo Variant; in a scenario, the number the
die shows on the scenario's table) and for each one:

- "Colonizes the leftmost Planet with a type matching the Adaptation of the
  drawn card (if possible)": the leftmost empty planet of that type on the
  face-up System cards, wherever the Galactic Fleet marker is;
- resolves the effect of the card's Ideology (Scientific: +1 Cruiser;
  Diplomatic: +2 Influence, then Nominate for 3 if it has more than 2;
  Militaristic: you lose 1 Cruiser if you have more Cruisers than Strength;
  Industrial: it "acquires the leftmost Planet with an Action disc" and gains
  1 Influence; Cultural: the leftmost Exploration token is removed).

The deck it reveals from is every Faction card left after setup, the setup
discards included ("Place the remaining Faction cards in a deck").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy import war_phase
from boardgames.games.age_of_galaxy.components import (
    CRUISER,
    CULTURAL,
    DIPLOMATIC,
    INDUSTRIAL,
    MILITARISTIC,
    SCIENTIFIC,
    STRENGTH,
)
from boardgames.games.age_of_galaxy.icons import W, cruisers_on_planets
from boardgames.games.age_of_galaxy.state import (
    C_DIE,
    C_SOLO,
    CRUISERS_PER_PLAYER,
    MAX_SUPPLY_CRUISERS,
    SOLO_PHASE,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    VO_DISCS_TOTAL,
    VO_INFLUENCE,
    VO_PRESTIGE,
    AgeState,
)
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

STANDARD_REVEALS = 2
NOMINATE_COST = 3


def start(T: Tables, s: AgeState) -> None:
    if T.scenario is not None:
        W(s, "pend", (C_DIE,))
        W(s, "_player", CHANCE)
    else:
        _reveal(T, s, STANDARD_REVEALS)


def rolled(T: Tables, s: AgeState, face: int) -> None:
    scenario = T.scenario
    _reveal(T, s, STANDARD_REVEALS if scenario is None else scenario.reveal_die[face - 1])


def _reveal(T: Tables, s: AgeState, count: int) -> None:
    if count > 0 and s.deck:
        W(s, "pend", (C_SOLO, count))
        W(s, "_player", CHANCE)
    else:
        W(s, "pend", ())
        s.game.rules.phase_over(s, SOLO_PHASE)


def revealed(T: Tables, s: AgeState, card: int) -> None:
    W(s, "deck", s.deck & ~(1 << card))
    W(s, "played", s.played | 1 << card)
    faction = T.c.factions[card]
    _colonize(T, s, faction.adaptation)
    ideology = faction.ideology
    vo = list(s.vo)
    if ideology == SCIENTIFIC:
        room = min(MAX_SUPPLY_CRUISERS, CRUISERS_PER_PLAYER - cruisers_on_planets(s, VO)) - vo[VO_CRUISERS]
        if room > 0:
            vo[VO_CRUISERS] += 1
    elif ideology == DIPLOMATIC:
        vo[VO_INFLUENCE] += 2
        if vo[VO_INFLUENCE] > 2:
            space = _nominate_space(s)
            if space is not None and vo[VO_DISCS] < VO_DISCS_TOTAL:
                vo[VO_INFLUENCE] -= NOMINATE_COST
                vo[VO_PRESTIGE] += T.c.nominate[space].prestige
                vo[VO_DISCS] += 1
                nominate = list(s.nominate)
                nominate[space] = VO
                W(s, "nominate", tuple(nominate))
    elif ideology == MILITARISTIC:
        if s.res[CRUISER] > s.res[STRENGTH]:
            res = list(s.res)
            res[CRUISER] -= 1
            W(s, "res", tuple(res))
    elif ideology == INDUSTRIAL:
        W(s, "vo", tuple(vo))
        slot = industrial_target(T, s)
        if slot is not None:
            if not s.vo[VO_CRUISERS]:
                _cruiser_from_common_supply(s)
            war_phase.acquire(T, s, VO, slot)
        vo = list(s.vo)
        vo[VO_INFLUENCE] += 1
    elif ideology == CULTURAL and s.espots:
        spot = (s.espots & -s.espots).bit_length() - 1
        W(s, "espots", s.espots & ~(1 << spot))
        W(s, "gone", s.gone + 1)
    W(s, "vo", tuple(vo))
    left = s.pend[1] - 1
    _reveal(T, s, left)


def _nominate_space(s: AgeState) -> int | None:
    for i, owner in enumerate(s.nominate):
        if owner == -1:
            return i
    return None


def _colonize(T: Tables, s: AgeState, planet_type: int) -> None:
    if s.vo[VO_DISCS] >= VO_DISCS_TOTAL:
        return
    for slot, kind in enumerate(s.pkind):
        if kind >= 0 and s.powner[slot] == -1 and T.kind_type[kind] == planet_type:
            powner = list(s.powner)
            plevel = list(s.plevel)
            powner[slot] = VO
            plevel[slot] = 1
            W(s, "powner", tuple(powner))
            W(s, "plevel", tuple(plevel))
            vo = list(s.vo)
            vo[VO_DISCS] += 1
            W(s, "vo", tuple(vo))
            return


def industrial_target(T: Tables, s: AgeState) -> int | None:
    """The leftmost planet carrying your Action disc (Colonized or Developed), if a
    Cruiser of the Virtual Opponent's colour is left to place on it."""
    if cruisers_on_planets(s, VO) >= CRUISERS_PER_PLAYER:
        return None
    for slot, owner in enumerate(s.powner):
        if owner == 0 and s.plevel[slot] in (1, 2):
            return slot
    return None


def _cruiser_from_common_supply(s: AgeState) -> None:
    """The Industrial acquisition needs no Cruiser in the supply: one of its colour comes from
    the common supply (Cruisers are limited to the 9 of each colour)."""
    vo = list(s.vo)
    vo[VO_CRUISERS] += 1
    W(s, "vo", tuple(vo))
