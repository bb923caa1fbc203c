"""Scores: victory points by source, at any moment and at the end of the game (I7, I8, I10, I15).

The end-of-game values are the text's ("Completed Objectives are worth 5VP",
"Each Trade Good, spent or unspent, is worth 3VP", "Every Hero Tactics card
and Advanced Tactics card in your deck is worth 1VP"); outposts, colonies
and objectives' conditions are interpretations.  The winner is whoever
has the most points, ties shared (I15: the kernel's ``winners``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import held

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["SCORE_MEMO_SIZE", "count_score_rows", "score_rows"]

SCORE_MEMO_SIZE = 4096
"""The most score rows a game remembers (see :func:`score_rows`); it starts over when full."""


def score_rows(s: WarpgateState) -> tuple[tuple[float, ...], ...]:
    """Per player, the points of each of :data:`SCORE_PARTS`.

    The search bots value every position they reach by these scores, and
    most of those positions differ only in cards or in a half-made
    action, so the rows are remembered per game by everything
    :func:`count_score_rows` reads.
    """
    t = s.game.tables
    marker, colony, owner, ships = s.marker, s.colony, s.owner, s.ships
    goods, spent, techs, tactics = s.goods, s.spent, s.techs, s.tactics
    tactics_discard, objectives = s.tactics_discard, s.objectives
    # The last rows first, by the identity of the fields they were counted from: a successor
    # shares every field its action did not change (no key is hashed).
    last, rows = t.last_scores
    if (
        last[0] is marker and last[1] is colony and last[2] is owner and last[3] is ships
        and last[4] is goods and last[5] is spent and last[6] is techs and last[7] is tactics
        and last[8] is tactics_discard and last[9] is objectives
    ):
        return rows
    key = (marker, colony, owner, ships, goods, spent, techs, tactics, tactics_discard, objectives)
    memo = t.score_memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= SCORE_MEMO_SIZE:
            memo.clear()
        found = memo[key] = count_score_rows(s)
    t.last_scores = (key, found)
    return found


def count_score_rows(s: WarpgateState) -> tuple[tuple[float, ...], ...]:
    """:func:`score_rows` counted in one pass over the board (I7, I8, I10)."""
    t = s.t
    n = s.game.players
    control = s.game.interpretations.control
    met_rule = s.game.interpretations.objectives.met
    place_type = t.place_type
    outposts = [0] * n
    colonies = [0] * n
    by_type = [[0] * 5 for _ in range(n)]
    for m, colony, kind in zip(s.marker, s.colony, place_type, strict=True):
        if m >= 0:
            if colony:
                colonies[m] += 1
            else:
                outposts[m] += 1
            by_type[m][kind] += 1
    on_board = [0] * n
    trade_held = [0] * n
    for w, count, trade in zip(s.owner, s.ships, t.trade, strict=True):
        if w >= 0:
            on_board[w] += count
            if trade:
                trade_held[w] += 1
    tactic_vp, tech_vp, vp_tactics = t.tactic_vp, t.tech_vp, t.vp_tactics
    kinds, counts, types = t.objective_kind, t.objective_count, t.objective_type
    rows: list[tuple[float, ...]] = []
    for q in range(n):
        goods = s.goods[q] + s.spent[q]
        deck, discard = s.tactics[q], s.tactics_discard[q]
        owned = [deck[c] + discard[c] for c in vp_tactics]
        techs = s.techs[q]
        totals = (colonies[q], len(techs), goods, on_board[q], trade_held[q], sum(owned))
        met = 0
        for o in held(s.objectives[q]):
            if met_rule(kinds[o], counts[o], by_type[q][types[o]] if types[o] >= 0 else 0, totals):
                met += 1
        rows.append((
            float(outposts[q] * control.outpost_vp),
            float(colonies[q] * control.colony_vp),
            float(sum([tech_vp[c] for c in techs])),
            float(goods * I.TRADE_GOOD_VP),
            float(sum([tactic_vp[c] * k for c, k in zip(vp_tactics, owned, strict=True)])),
            float(met * I.OBJECTIVE_VP),
        ))
    return tuple(rows)
