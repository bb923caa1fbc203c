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
from boardgames.games.age_of_galaxy.icons import gain_now
from boardgames.games.age_of_galaxy.state import CARD_PLAYED, D_USE, AgeState
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

MAX_ALLIANCE = 3


def play(T: Tables, s: AgeState, card: int) -> AgeState:
    """Faction Cards: the card is chosen first, then how it is played."""
    new, fields = successor(s)
    fields["steps"] = ((D_USE, s._player, card),) + s.steps
    # the uses to choose from, known here (the player's Alliance and Ideology are the
    # successor's): its legal ids, so that its listing need not work them out
    fields["_legal"] = use_legal(T, s)
    return new


def use_legal(T: Tables, s: AgeState) -> tuple[int, ...]:
    """The uses open to the player for the card they play, ascending: a Faction of their
    Alliance (fewer than 3 so far), the True Major Ideology (once), a One-time Reinforcement."""
    p = s._player
    uses = T.ids.use
    out = []
    if len(s.alliance[p]) < MAX_ALLIANCE:
        out.append(uses[USE_ALLIANCE])
    if s.ideology[p] < 0:
        out.append(uses[USE_IDEOLOGY])
    out.append(uses[USE_REINFORCEMENT])
    return tuple(out)


def use(T: Tables, s: AgeState, how: int) -> AgeState:
    """Faction Cards: as a Faction of the Alliance (Debut bonus), as the True Major
    Ideology, or as a One-time Reinforcement (gain it, discard the card)."""
    new, fields = successor(s)
    p = s._player
    card = s.steps[0][2]
    fields["hands"] = put(s.hands, p, s.hands[p] & ~(1 << card))
    fields["steps"] = s.steps[1:]
    fields["flags"] = s.flags | CARD_PLAYED
    if how == USE_ALLIANCE:
        fields["alliance"] = put(s.alliance, p, (*s.alliance[p], card))
        gain_now(new, fields, p, T.debuts[card])
    elif how == USE_IDEOLOGY:
        fields["ideology"] = put(s.ideology, p, card)
    else:
        fields["played"] = s.played | 1 << card
        gain_now(new, fields, p, T.reinforcements[card])
    action_phase.maybe_end_now(T, new, fields)
    return new
