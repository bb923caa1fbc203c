"""Where the rulebook is silent or ambiguous: each reading as a named value,
with its reason.  The numbers refer to the list of interpretations in
``docs/games/andromedas-edge.md``; the rule functions that apply them cite
the same numbers."""

from __future__ import annotations

__all__ = [
    "DEVELOPMENT_VP",
    "MAX_TURN_ACTIONS",
    "PEEK_MIN_EVENT_CARDS",
    "TARGETING_LIMIT",
    "TURN_LIMIT",
]

TARGETING_LIMIT = 5
"""4. Targeting rerolls are modelled by their result: every die ends uniform on
targeting..6, with targeting capped at 5 (a die of targeting 6 or more would
never stop rerolling; the rulebook's reroll loop needs a face to keep)."""

PEEK_MIN_EVENT_CARDS = 2
"""8. A nebula peek ("look at the top 2 event cards") happens only while the
event deck holds at least 2 cards; with fewer the peek is skipped (the
rulebook does not say what a partial peek would be)."""

DEVELOPMENT_VP = (0, 5, 7, 10)
"""12. Final scoring: VP per development at development level 0-3; level 0
(below the first development space, which the rulebook does not price)
scores 0."""

TURN_LIMIT = 1000
"""17. Not a rule: the default ``turn_limit`` option, a cap on turns for
simulations, over four times the longest measured random game (229 turns);
a game stopped there is truncated, with no winners."""

MAX_TURN_ACTIONS = 600
"""17. A bound on the actions (chance outcomes included) of one turn, for
``max_game_length`` (the rulebook bounds nothing; free actions all use
something up, so a turn is finite)."""
