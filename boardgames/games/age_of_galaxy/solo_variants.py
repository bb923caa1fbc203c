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

from typing import TYPE_CHECKING, Any

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
    AgeState,
)
from boardgames.kernel.chance import Die
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

STANDARD_REVEALS = 2
SOLO_DIE = Die((1, 2, 3, 4, 5, 6))  # Advanced Solo: a six-sided die
NOMINATE_COST = 3


def start(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """The end of the Action phase: the die in a scenario, else 2 cards to reveal (on the
    successor ``s`` being built, ``f`` its ``__dict__``: see :mod:`.icons`)."""
    if T.scenario is not None:
        f["steps"] = ((C_DIE, NO_PLAYER),)
    else:
        _reveal(T, s, f, STANDARD_REVEALS)


def rolled(T: Tables, s: AgeState, face: int) -> AgeState:
    """Advanced Solo: the scenario's table gives the cards to reveal for the face rolled."""
    new, fields = successor(s)
    scenario = T.scenario
    _reveal(T, new, fields, STANDARD_REVEALS if scenario is None else scenario.reveal_die[face - 1])
    return new


def _reveal(T: Tables, s: AgeState, f: dict[str, Any], count: int) -> None:
    if count > 0 and s.deck:
        f["steps"] = ((C_SOLO, NO_PLAYER, count),)
    else:
        f["steps"] = ()
        T.after_phase[SOLO_PHASE](T, s, f)


def revealed(T: Tables, s: AgeState, card: int) -> AgeState:
    """The Virtual Opponent Colonizes for the card's Adaptation, then resolves its Ideology.

    Built on the successor itself (its fields replaced by new tuples), as the phases
    after the last reveal.
    """
    new, f = successor(s)
    f["deck"] = s.deck & ~(1 << card)
    f["played"] = s.played | 1 << card
    vo = list(s.vo)
    _colonize(T, new, f, vo, T.card_adapt[card])
    ideology = T.card_ideology[card]
    if ideology == SCIENTIFIC:
        on_planets = T.conquered(new.powner, new.plevel, VO)
        colour = CRUISERS_PER_PLAYER - on_planets
        room = (colour if colour < MAX_SUPPLY_CRUISERS else MAX_SUPPLY_CRUISERS) - vo[VO_CRUISERS]
        if room > 0:
            vo[VO_CRUISERS] += 1
    elif ideology == DIPLOMATIC:
        vo[VO_INFLUENCE] += 2
        if vo[VO_INFLUENCE] > 2:
            space = _nominate_space(new)
            if space is not None and vo[VO_DISCS] < VO_DISCS_TOTAL:
                vo[VO_INFLUENCE] -= NOMINATE_COST
                vo[VO_PRESTIGE] += T.c.nominate[space].prestige
                vo[VO_DISCS] += 1
                f["nominate"] = put(s.nominate, space, VO)
    elif ideology == MILITARISTIC:
        res = s.res
        if res[CRUISER] > res[STRENGTH]:
            f["res"] = put(res, CRUISER, res[CRUISER] - 1)
    elif ideology == INDUSTRIAL:
        slot = industrial_target(T, new)
        if slot is not None:
            if not vo[VO_CRUISERS]:
                _cruiser_from_common_supply(vo)
            f["vo"] = tuple(vo)
            war_phase.acquire(T, new, f, VO, slot)
            vo = list(new.vo)
        vo[VO_INFLUENCE] += 1
    elif ideology == CULTURAL and s.espots:
        espots = s.espots
        spot = (espots & -espots).bit_length() - 1
        f["espots"] = espots & ~(1 << spot)
        f["gone"] = s.gone + 1
    f["vo"] = tuple(vo)
    left = s.steps[0][2] - 1
    if left > 0 and new.deck:
        f["steps"] = ((C_SOLO, NO_PLAYER, left),)
    else:
        f["steps"] = ()
        T.after_phase[SOLO_PHASE](T, new, f)
    return new


def _nominate_space(s: AgeState) -> int | None:
    for i, owner in enumerate(s.nominate):
        if owner == NOBODY:
            return int(i)
    return None


def _colonize(T: Tables, s: AgeState, f: dict[str, Any], vo: list[int], wanted: int) -> None:
    """The leftmost free planet of the type ``wanted`` (its bit: the card's Adaptation,
    ``Tables.card_adapt``) gets one of the Virtual Opponent's discs (while it has discs
    left); ``s`` is the successor being built, ``f`` its ``__dict__``, ``vo`` its Virtual
    Opponent.

    The free planets of the face-up System cards, left to right, are the planet layout's
    (:meth:`Tables.layout_of`, which the Action phase's last listing read), carried over
    the Colonize as a player's is."""
    if vo[VO_DISCS] >= VO_DISCS_TOTAL:
        return
    pkind, powner, plevel = s.pkind, s.powner, s.plevel
    systems = len(s.systems)
    at = 0  # the planet's index among the free planets (layout_changed need not find it)
    for colonize, planet in T.layout_of(pkind, powner, plevel, systems)[5]:  # left to right
        if planet == wanted:
            slot = T.colonize_slot[colonize]
            f["powner"] = new_powner = put(powner, slot, VO)
            f["plevel"] = new_plevel = put(plevel, slot, COLONIZED)
            T.layout_changed(pkind, systems, powner, plevel, new_powner, new_plevel, slot, at)
            vo[VO_DISCS] += 1
            return
        at += 1  # noqa: SIM113 (a counter, not enumerate(): a call and a pair per planet)


def industrial_target(T: Tables, s: AgeState) -> int | None:
    """The leftmost planet carrying your Action disc (Colonized or Developed), if a
    Cruiser of the Virtual Opponent's colour is left to place on it."""
    plevel, powner = s.plevel, s.powner
    if T.conquered(powner, plevel, VO) >= CRUISERS_PER_PLAYER:
        return None
    slot = -1
    for _ in range(powner.count(0)):  # your few planets, left to right
        slot = powner.index(0, slot + 1)
        if plevel[slot] == COLONIZED or plevel[slot] == DEVELOPED:
            return slot
    return None


def _cruiser_from_common_supply(vo: list[int]) -> None:
    """The Industrial acquisition needs no Cruiser in the supply: one of its colour comes from
    the common supply (Cruisers are limited to the 9 of each colour)."""
    vo[VO_CRUISERS] += 1
