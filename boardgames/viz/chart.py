"""The score breakdown of a position as an SVG bar chart."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames import State
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, Drawing, player_colour

__all__ = ["score_chart_svg"]

_LABEL = 150.0
_BAR = 13.0
_GAP = 10.0
_PLOT = 360.0
_VALUE = 44.0


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def score_chart_svg(state: State, names: Sequence[str] | None = None) -> str:
    """The parts of each player's score (``Game.score_breakdown``) and the totals, as SVG bars.

    A group of bars per part, one bar per player in the seat's colour,
    then the totals; negative parts extend left of the zero line.
    ``names`` labels the seats (default ``Game.player_name``).

    >>> import boardgames as bg
    >>> state = bg.make("galaxys-edge", players=2).new_game(1)
    >>> svg = score_chart_svg(state, ["greedy", "random"])
    >>> svg.startswith("<svg") and "total" in svg and "greedy" in svg
    True
    """
    game = state.game
    labels = [game.player_name(p) for p in range(game.players)] if names is None else list(names)
    rows = [*game.score_breakdown(state).items(), ("total", tuple(state.scores()))]
    values = [v for _, parts in rows for v in parts]
    low = min(0.0, *values)
    high = max(0.0, *values)
    span = (high - low) or 1.0
    zero = _LABEL + _PLOT * (-low / span)
    legend_height = 24.0
    group = game.players * _BAR + _GAP
    width = _LABEL + _PLOT + _VALUE + 10
    height = legend_height + len(rows) * group + 10
    drawing = Drawing(width, height, title="Score breakdown")
    drawing.rect(0, 0, width, height, fill=BACKGROUND)
    x = 8.0
    for player, label in enumerate(labels):
        drawing.rect(x, 6, 12, 12, fill=player_colour(player))
        drawing.text(x + 16, 16, label, size=11)
        x += 28 + 6.5 * len(label)
    y = legend_height
    for part, parts in rows:
        bold = "bold" if part == "total" else "normal"
        drawing.text(_LABEL - 8, y + group / 2, part, size=11, anchor="end", weight=bold)
        for player, value in enumerate(parts):
            end = _LABEL + _PLOT * ((value - low) / span)
            left, right = min(zero, end), max(zero, end)
            drawing.rect(
                left,
                y + player * _BAR,
                max(right - left, 0.5),
                _BAR - 2,
                fill=player_colour(player),
                title=f"{labels[player]}: {part} {_number(value)}",
            )
            drawing.text(right + 4, y + player * _BAR + _BAR - 4, _number(value), size=10, fill=INK)
        y += group
    drawing.line(zero, legend_height - 2, zero, y, stroke=MUTED)
    return str(drawing)
