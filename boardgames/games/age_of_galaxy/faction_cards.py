"""Faction Cards (rulebook "Faction Cards"): one card per turn, in one of four uses.

- a Faction of the Alliance (at most 3): Debut bonus, abilities, Adaptation,
  Technologies; never replaced or discarded;
- the True Major Ideology (once per game): only its Ideology counts;
- a One-time Reinforcement: gain it, discard the card;
- an Adaptation, while Colonizing (see :mod:`actions_in_detail`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy import action_phase
from boardgames.games.age_of_galaxy.actions import USE_ALLIANCE, USE_IDEOLOGY, USE_REINFORCEMENT
from boardgames.games.age_of_galaxy.icons import W, gain
from boardgames.games.age_of_galaxy.state import CARD_PLAYED, D_USE, AgeState

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

MAX_ALLIANCE = 3


def play(T: Tables, s: AgeState, card: int) -> None:
    W(s, "pend", (D_USE, card))


def use_legal(T: Tables, s: AgeState) -> list[int]:
    p = s._player
    uses = T.ids.use
    out = []
    if len(s.alliance[p]) < MAX_ALLIANCE:
        out.append(uses[USE_ALLIANCE])
    if s.ideology[p] < 0:
        out.append(uses[USE_IDEOLOGY])
    out.append(uses[USE_REINFORCEMENT])
    return out


def use(T: Tables, s: AgeState, how: int) -> None:
    p = s._player
    card = s.pend[1]
    hands = list(s.hands)
    hands[p] &= ~(1 << card)
    W(s, "hands", tuple(hands))
    W(s, "pend", ())
    W(s, "flags", s.flags | CARD_PLAYED)
    faction = T.c.factions[card]
    if how == USE_ALLIANCE:
        alliance = list(s.alliance)
        alliance[p] = (*alliance[p], card)
        W(s, "alliance", tuple(alliance))
        gain(s, p, faction.debut)
    elif how == USE_IDEOLOGY:
        ideology = list(s.ideology)
        ideology[p] = card
        W(s, "ideology", tuple(ideology))
    else:
        W(s, "played", s.played | 1 << card)
        gain(s, p, faction.reinforcement)
    action_phase.after_flags(T, s)
