"""Production Phase (rulebook "Production Phase", steps 1-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.components import CREDIT, PRODUCTIVITY
from boardgames.games.age_of_galaxy.icons import CREDIT_CAP, common_discs, gain_now
from boardgames.games.age_of_galaxy.state import PRODUCTION_PHASE, AgeState, AgeWork

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

DISCS_PER_ROUND = 3


def production_now(T: Tables, s: AgeState, f: dict[str, Any]) -> None:
    """3 Action discs, Credit from Productivity, lose 1 Productivity, Faction effects; on
    the successor ``s`` being built (its fields replaced by new tuples in its ``__dict__``
    ``f``: see :mod:`.icons`)."""
    discs = list(s.discs)
    res = list(s.res)
    # (the caps as conditional expressions, not min and max: builtin calls, once per player a round)
    for p in T.seats:
        common = common_discs(s, p)  # (reads the discs before this phase)
        discs[p] += common if common < DISCS_PER_ROUND else DISCS_PER_ROUND
        b = p * 8
        productivity = res[b + PRODUCTIVITY]
        credit = res[b + CREDIT] + productivity
        res[b + CREDIT] = credit if credit < CREDIT_CAP else CREDIT_CAP
        if productivity > 0:
            res[b + PRODUCTIVITY] = productivity - 1
    f["discs"] = tuple(discs)
    f["res"] = tuple(res)
    alliances = s.alliance
    for p in T.seats:  # step 4: simultaneously, so order does not matter
        effect = T.alliance(alliances[p]).production
        if effect is not None:
            gain_now(s, f, p, effect)
    T.after_phase[PRODUCTION_PHASE](T, s, f)


def production_phase(T: Tables, w: AgeWork) -> None:
    """:func:`production_now` on the successor of the working copy ``w`` (see
    :meth:`~boardgames.kernel.work.Work.sync`)."""
    s = w.sync()
    production_now(T, s, s.__dict__)
