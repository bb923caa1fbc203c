"""Scores: victory points by source, at any moment and at the end of the game (I7, I8, I10, I15).

The end-of-game values are the text's ("Completed Objectives are worth 5VP",
"Each Trade Good, spent or unspent, is worth 3VP", "Every Hero Tactics card
and Advanced Tactics card in your deck is worth 1VP"); outposts, colonies
and objectives' conditions are interpretations.  The winner is whoever
has the most points, ties shared (I15: the kernel's ``winners``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import BoardCounts
from boardgames.games.warpgate.state import held

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Tables
    from boardgames.games.warpgate.state import WarpgateState

__all__ = [
    "SCORED", "SCORE_MEMO_SIZE",
    "board_counts", "count_score_rows", "score_rows", "tactics_counts",
]

SCORED: tuple[str, ...] = (
    "marker", "colony", "owner", "ships",
    "goods", "spent", "techs", "tactics", "tactics_discard", "objectives",
)
"""The fields the score rows are counted from (the board's four first)."""

# Read from a state's ``__dict__``: a dict lookup per field is cheaper than an attribute read.
_SCORED = itemgetter(*SCORED)
_BOARD = itemgetter(*SCORED[:4])

SCORE_MEMO_SIZE = 4096
"""The most board and tactics counts a game remembers (see :func:`board_counts`,
:func:`tactics_counts`); each memo starts over when full."""


def score_rows(s: WarpgateState) -> tuple[tuple[float, ...], ...]:
    """Per player, the points of each of :data:`SCORE_PARTS`.

    The search bots value every position they reach by these scores, and
    most of those positions differ only in cards or in a half-made
    action, so the last rows are kept with everything
    :func:`count_score_rows` reads.  Other rows are counted anew, from the
    board and tactics counts remembered by their public fields: rows
    remembered by all ten fields were found again for fewer than one
    miss in six in a search (every world deals other objectives to the
    other players), and hashing the ten fields twice per miss cost more
    than counting the rows.
    """
    t = s.game.tables
    key = _SCORED(s.__dict__)
    # The last rows first: equal fields count equal rows, and a successor shares every field its
    # action did not change, so the tuples compare by identity (nothing is hashed).
    last, rows = t.last_scores
    if key == last:
        return rows
    rows = count_score_rows(s)
    t.last_scores = (key, rows)
    return rows


def board_counts(s: WarpgateState) -> BoardCounts:
    """What scoring counts on the board (I7, I8): per player their outposts, colonies, outposts
    and colonies by planet type, ships on the board and trade planets holding their ships;
    remembered per game by the board's four fields:
    they are public, so every world a search deals from one view shares them."""
    t = s.game.tables
    key = _BOARD(s.__dict__)
    memo = t.board_scores
    found = memo.get(key)
    if found is not None:
        return found
    n = s.game.players
    outposts = [0] * n
    colonies = [0] * n
    by_type = [[0] * 5 for _ in range(n)]
    for m, colony, kind in zip(s.marker, s.colony, t.place_type, strict=True):
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
    if len(memo) >= SCORE_MEMO_SIZE:
        memo.clear()
    found = memo[key] = (
        tuple(outposts), tuple(colonies), tuple(map(tuple, by_type)), tuple(on_board), tuple(trade_held),
    )
    return found


def tactics_counts(t: Tables, deck: tuple[int, ...], discard: tuple[int, ...]) -> tuple[int, int]:
    """I10: a player's advanced and hero tactics cards (in their tactics deck and discard pile) and
    the points they are worth, remembered per game by the two count vectors (public).

    Searched first by identity among the last vectors of every player (a player's tactics
    change seldom, and every world a search deals from one view shares them), then by value.
    """
    for last_deck, last_discard, counted in t.last_tactics:
        if deck is last_deck and discard is last_discard:
            return counted
    key = (deck, discard)
    memo = t.tactics_scores
    found = memo.get(key)
    if found is None:
        found = _count_tactics(t, deck, discard)
        if len(memo) >= SCORE_MEMO_SIZE:
            memo.clear()
        memo[key] = found
    t.last_tactics = (*t.last_tactics[1 - t.players:], (deck, discard, found))
    return found


def _count_tactics(t: Tables, deck: tuple[int, ...], discard: tuple[int, ...]) -> tuple[int, int]:
    """:func:`tactics_counts` counted."""
    tactic_vp = t.tactic_vp
    owned = [deck[c] + discard[c] for c in t.vp_tactics]
    points = sum([tactic_vp[c] * k for c, k in zip(t.vp_tactics, owned, strict=True)])
    return sum(owned), points


def count_score_rows(s: WarpgateState) -> tuple[tuple[float, ...], ...]:
    """:func:`score_rows` counted from the board's counts and each player's cards (I7, I8, I10)."""
    t = s.game.tables
    n = s.game.players
    control = s.game.interpretations.control
    met_rule = s.game.interpretations.objectives.met
    outposts, colonies, by_type, on_board, trade_held = board_counts(s)
    tech_vp = t.tech_vp
    kinds, counts, types = t.objective_kind, t.objective_count, t.objective_type
    rows: list[tuple[float, ...]] = []
    for q in range(n):
        goods = s.goods[q] + s.spent[q]
        owned, tactics_vp = tactics_counts(t, s.tactics[q], s.tactics_discard[q])
        techs = s.techs[q]
        totals = (colonies[q], len(techs), goods, on_board[q], trade_held[q], owned)
        met = 0
        for o in held(s.objectives[q]):
            if met_rule(kinds[o], counts[o], by_type[q][types[o]] if types[o] >= 0 else 0, totals):
                met += 1
        rows.append((
            float(outposts[q] * control.outpost_vp),
            float(colonies[q] * control.colony_vp),
            float(sum([tech_vp[c] for c in techs])),
            float(goods * I.TRADE_GOOD_VP),
            float(tactics_vp),
            float(met * I.OBJECTIVE_VP),
        ))
    return tuple(rows)
