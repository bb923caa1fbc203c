"""Production Phase (rulebook "Production Phase", steps 1-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy.components import CREDIT, PRODUCTIVITY
from boardgames.games.age_of_galaxy.icons import W, common_discs, gain
from boardgames.games.age_of_galaxy.state import PRODUCTION_PHASE, AgeState

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

DISCS_PER_ROUND = 3


def production_phase(T: Tables, s: AgeState) -> None:
    """3 Action discs, Credit from Productivity, lose 1 Productivity, Faction effects."""
    discs = list(s.discs)
    res = list(s.res)
    for p in range(T.n):
        discs[p] += min(DISCS_PER_ROUND, common_discs(s, p))
        b = p * 8
        res[b + CREDIT] = min(12, res[b + CREDIT] + res[b + PRODUCTIVITY])
        res[b + PRODUCTIVITY] = max(0, res[b + PRODUCTIVITY] - 1)
    W(s, "discs", tuple(discs))
    W(s, "res", tuple(res))
    for p in range(T.n):  # step 4: simultaneously, so order does not matter
        effect = T.alliance(s.alliance[p]).production
        if any(effect):
            gain(s, p, effect)
    s.game.rules.phase_over(s, PRODUCTION_PHASE)
