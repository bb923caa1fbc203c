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
from boardgames.games.age_of_galaxy.icons import cruisers_on_planets
from boardgames.games.age_of_galaxy.state import (
    C_DIE,
    C_SOLO,
    COLONIZED,
    CRUISERS_PER_PLAYER,
    DEVELOPED,
    MAX_SUPPLY_CRUISERS,
    NO_PLAYER,
    NOBODY,
    SOLO_PHASE,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    VO_DISCS_TOTAL,
    VO_INFLUENCE,
    VO_PRESTIGE,
    AgeWork,
    Fields,
)
from boardgames.kernel.chance import Die

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

STANDARD_REVEALS = 2
SOLO_DIE = Die((1, 2, 3, 4, 5, 6))  # Advanced Solo: a six-sided die
NOMINATE_COST = 3


def start(T: Tables, w: AgeWork) -> None:
    """The end of the Action phase: the die in a scenario, else 2 cards to reveal."""
    if T.scenario is not None:
        w.steps = ((C_DIE, NO_PLAYER),)
    else:
        _reveal(T, w, STANDARD_REVEALS)


def rolled(T: Tables, w: AgeWork, face: int) -> None:
    """Advanced Solo: the scenario's table gives the cards to reveal for the face rolled."""
    scenario = T.scenario
    _reveal(T, w, STANDARD_REVEALS if scenario is None else scenario.reveal_die[face - 1])


def _reveal(T: Tables, w: AgeWork, count: int) -> None:
    if count > 0 and w.deck:
        w.steps = ((C_SOLO, NO_PLAYER, count),)
    else:
        w.steps = ()
        w.game.rules.phase_over(w, SOLO_PHASE)


def revealed(T: Tables, w: AgeWork, card: int) -> None:
    """The Virtual Opponent Colonizes for the card's Adaptation, then resolves its Ideology."""
    w.deck = w.peek("deck") & ~(1 << card)
    w.played = w.peek("played") | 1 << card
    faction = T.c.factions[card]
    _colonize(T, w, faction.adaptation)
    ideology = faction.ideology
    if ideology == SCIENTIFIC:
        have = w.peek("vo")[VO_CRUISERS]
        room = min(MAX_SUPPLY_CRUISERS, CRUISERS_PER_PLAYER - cruisers_on_planets(w, VO)) - have
        if room > 0:
            w.add("vo", VO_CRUISERS, 1)
    elif ideology == DIPLOMATIC:
        vo = w.vo
        vo[VO_INFLUENCE] += 2
        if vo[VO_INFLUENCE] > 2:
            space = _nominate_space(w)
            if space is not None and vo[VO_DISCS] < VO_DISCS_TOTAL:
                vo[VO_INFLUENCE] -= NOMINATE_COST
                vo[VO_PRESTIGE] += T.c.nominate[space].prestige
                vo[VO_DISCS] += 1
                w.nominate[space] = VO
    elif ideology == MILITARISTIC:
        res = w.peek("res")
        if res[CRUISER] > res[STRENGTH]:
            w.add("res", CRUISER, -1)
    elif ideology == INDUSTRIAL:
        vo = w.vo
        slot = industrial_target(T, w)
        if slot is not None:
            if not vo[VO_CRUISERS]:
                _cruiser_from_common_supply(w)
            war_phase.acquire(T, w, VO, slot)
        vo[VO_INFLUENCE] += 1
    elif ideology == CULTURAL and w.peek("espots"):
        espots = w.peek("espots")
        spot = (espots & -espots).bit_length() - 1
        w.espots = espots & ~(1 << spot)
        w.gone = w.peek("gone") + 1
    _reveal(T, w, w.peek("steps")[0][2] - 1)


def _nominate_space(s: Fields) -> int | None:
    for i, owner in enumerate(s.peek("nominate")):
        if owner == NOBODY:
            return int(i)
    return None


def _colonize(T: Tables, w: AgeWork, planet_type: int) -> None:
    if w.peek("vo")[VO_DISCS] >= VO_DISCS_TOTAL:
        return
    powner = w.peek("powner")
    for slot, kind in enumerate(w.peek("pkind")):
        if kind >= 0 and powner[slot] == NOBODY and T.kind_type[kind] == planet_type:
            w.put("powner", slot, VO)
            w.put("plevel", slot, COLONIZED)
            w.add("vo", VO_DISCS, 1)
            return


def industrial_target(T: Tables, s: Fields) -> int | None:
    """The leftmost planet carrying your Action disc (Colonized or Developed), if a
    Cruiser of the Virtual Opponent's colour is left to place on it."""
    if cruisers_on_planets(s, VO) >= CRUISERS_PER_PLAYER:
        return None
    plevel = s.peek("plevel")
    for slot, owner in enumerate(s.peek("powner")):
        if owner == 0 and plevel[slot] in (COLONIZED, DEVELOPED):
            return slot
    return None


def _cruiser_from_common_supply(w: AgeWork) -> None:
    """The Industrial acquisition needs no Cruiser in the supply: one of its colour comes from
    the common supply (Cruisers are limited to the 9 of each colour)."""
    w.vo[VO_CRUISERS] += 1
