"""Plain-text tables for the terminal and for ``TournamentResult.table``."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["text_table"]


def text_table(rows: Sequence[Sequence[str]], left: Sequence[int] = (0,)) -> str:
    """Aligned columns with a rule under the header row; columns in ``left`` are left-aligned.

    >>> print(text_table([["bot", "wins"], ["mcts", "12"]]))
    bot   wins
    ----  ----
    mcts    12
    """
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.ljust(w) if k in left else cell.rjust(w)
            for k, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
