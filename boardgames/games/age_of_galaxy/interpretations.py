"""Where the rulebook is silent or ambiguous: each reading the rules take, with its reason.

The numbers refer to the "Interpretations" list of ``docs/games/age-of-galaxy.md``,
which gives the full text.  The chapter modules read these names, so a reading
can be found (and changed) in one place.
"""

from __future__ import annotations

from boardgames.games.age_of_galaxy.state import COLONIZED, DEVELOPED

# 1. Discs on the Manufacture, Retrieve and Scavenge sections move "to the corresponding
# Trade cards": there are three of each, so the left, middle and right card, in that order.
SECTION_TRADE_CARD = (0, 1, 2)

# 4. The solo variants count as a 2-player game for the spaces blocked by non-player
# discs and for the War rewards ("the Virtual Opponent ... as in a 2-player game").
SOLO_PLAYER_COUNT = 2

# 6. Free actions turn resources into Credit; at the 12-Credit cap they would only
# destroy resources, so they are not offered there.
FREE_ACTIONS_AT_CREDIT_CAP = False

# 7. "Spend any amount" of Credit on Manufacture or Retrieve: at least one Cruiser or
# Relic, since a disc that buys nothing changes nothing.
LEAST_MANUFACTURED = 1
LEAST_RETRIEVED = 1

# 8. The Colonize cost counts Colonized planets, and a Developed planet is a Colonized
# planet that was developed; Conquered planets are no longer the player's colony.
COLONIZE_COST_COUNTS = (COLONIZED, DEVELOPED)

# 12. The single Overlord "may" acquire a planet: acquiring nothing is a choice.
OVERLORD_MAY_DECLINE = True

# 14. In a Golden Age each player "may keep up to 3" returned discs: keeping them is
# always taken, since extra discs only add actions.
GOLDEN_AGE_KEPT = 3
