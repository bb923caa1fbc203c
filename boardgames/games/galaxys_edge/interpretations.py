"""Every interpretation where the Galaxy's Edge rulebook is silent or ambiguous.

The switches below are the interpretations that can be swapped: each is
read by the one rule it concerns, and its docstring gives the reason for the
choice.  The others fix the order of play or follow from the library's
contract, and are described here and in ``docs/games/galaxys-edge.md``:

1. Military control is determined after the event die and its event (the
   rulebook lists "Roll the Event Die" before "Establish Military Control",
   and control is claimed "only immediately after the sector is completed",
   in the turn that completes it); a Discovery Mission that completes a
   sector resolves its control at once, as its card says (``rules``,
   ``military.determine_control``).
5. A pledge is claimed automatically whenever a player leads a species'
   tally alone: holding a pledge never costs points, so "you can claim" is
   applied at once (``pledges.claim_pledge``).
6. A Forcefield played on turn T protects through the end of its owner's
   next turn (``ending.end_turn``).
7. A Wormhole moves a flagship to any *other* sector, and ``draw event
   card`` is offered only while the deck has cards: the library never
   offers an action that changes nothing.
8. A Discovery Mission colonizes the least valuable empty system, the first
   slot among equal values (they are indistinguishable for every rule).
9. Bases counted for Saplenti and Wargers are those on the board at the end;
   a Rebellion returns the replaced base's tokens to its owner.
11. The game ends after as many consecutive turns without a build as there
    are players, counted from any player (``ending.end_turn``).
"""

from __future__ import annotations

from boardgames.games.galaxys_edge.components import EventCard

__all__ = [
    "CARDS_NEEDING_A_SUPPLY_COLONY",
    "CONQUEST_NEEDS_A_SUPPLY_COLONY",
    "PROTECTED_TIE_SHIELDS_THE_OTHERS",
    "REPLACER_CHOOSES_AMONG_TIES",
    "SECOND_FORCEFIELD_REPLACES_THE_FIRST",
]

REPLACER_CHOOSES_AMONG_TIES = True
"""2. When conquering, a Surprise Attack or a Cultural Takeover meets rival
colonies of equal value (most or least), the replacing player chooses whose
colony is replaced (one ``replace colony`` action per rival owner).  The text
names "the" colony and gives no tie rule; the choice keeps the decision with
the player the rule favours.  ``False``: the first tied colony in slot order
is replaced."""

PROTECTED_TIE_SHIELDS_THE_OTHERS = False
"""3. A colony under a Forcefield tied for most (or least) valuable does not
shield an unprotected one of the same value: the Forcefield protects its
owner's colonies only.  ``True``: a protected tied colony stops the
replacement altogether."""

CONQUEST_NEEDS_A_SUPPLY_COLONY = True
"""4. Conquering replaces a colony "with one from her supply": a player with no
colony left in supply loses the conquest."""

CARDS_NEEDING_A_SUPPLY_COLONY: frozenset[EventCard] = frozenset(
    {
        EventCard.ALIEN_EMBASSY,
        EventCard.CULTURAL_TAKEOVER,
        EventCard.DISCOVERY_MISSION,
        EventCard.REBELLION,
        EventCard.SURPRISE_ATTACK,
    }
)
"""4. The cards that place a colony token or replace something "with one of your
own" cannot be played by a player with no colony left in supply."""

SECOND_FORCEFIELD_REPLACES_THE_FIRST = True
"""6. A second Forcefield played while one is active replaces it (the earlier
card would end with that same turn anyway), and the earlier one is removed
from the game at once.  ``False``: a player with a Forcefield in play cannot
play another."""
