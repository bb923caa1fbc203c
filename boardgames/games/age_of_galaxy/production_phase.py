"""Production Phase (rulebook "Production Phase", steps 1-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy.components import CREDIT, PRODUCTIVITY
from boardgames.games.age_of_galaxy.icons import CREDIT_CAP, common_discs, gain
from boardgames.games.age_of_galaxy.state import PRODUCTION_PHASE, AgeWork

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

DISCS_PER_ROUND = 3


def production_phase(T: Tables, w: AgeWork) -> None:
    """3 Action discs, Credit from Productivity, lose 1 Productivity, Faction effects."""
    discs = w.discs
    res = w.res
    for p in range(T.n):
        discs[p] += min(DISCS_PER_ROUND, common_discs(w, p))
        b = p * 8
        res[b + CREDIT] = min(CREDIT_CAP, res[b + CREDIT] + res[b + PRODUCTIVITY])
        res[b + PRODUCTIVITY] = max(0, res[b + PRODUCTIVITY] - 1)
    alliances = w.peek("alliance")
    for p in range(T.n):  # step 4: simultaneously, so order does not matter
        effect = T.alliance(alliances[p]).production
        if any(effect):
            gain(w, p, effect)
    w.game.rules.phase_over(w, PRODUCTION_PHASE)
