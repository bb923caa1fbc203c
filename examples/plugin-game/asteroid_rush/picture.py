"""The SVG picture of Asteroid Rush: the belt, the ships and a panel per player.

It draws from an :class:`~asteroid_rush.state.AsteroidView` plus the hands
the picture may show (see :mod:`asteroid_rush.render`), so a view's picture
can never show more than the view.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from boardgames.kernel.actions import Action
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, Drawing, player_colour

from asteroid_rush.actions import Fly, Roll
from asteroid_rush.components import ASTEROIDS, BELT, CELL_NAMES, KINDS, STATION
from asteroid_rush.render import cell_label, hand_text, seat_name, status
from asteroid_rush.state import OVER, AsteroidView, contract_points

__all__ = ["KIND_COLOURS", "board_svg"]

KIND_COLOURS = ("#c9a27e", "#d6ecf5", "#e3d3f2")
"""Hex fills for ore, ice and crystal asteroids (light, so the ships stand out)."""
STATION_COLOUR = "#bdbdbd"


RADIUS = 38.0
_SQ3 = math.sqrt(3.0)


def _centre(cell: int) -> tuple[float, float]:
    q, r = BELT.cells[cell]
    return 250 + RADIUS * _SQ3 * (q + r / 2), 210 + RADIUS * 1.5 * r


def board_svg(
    view: AsteroidView, hands: Mapping[int, tuple[int, ...]], title: str, last_action: Action | None
) -> str:
    """The belt as hexes coloured by resource, ships in seat colours, and a panel of the players."""
    players = len(view.positions)
    drawing = Drawing(820, 420, title=title)
    drawing.rect(0, 0, 820, 420, fill=BACKGROUND)
    drawing.text(16, 26, status(view), size=15, weight="bold")
    rolled = last_action.face if isinstance(last_action, Roll) else None
    flown = last_action.cell if isinstance(last_action, Fly) else None
    for cell in range(len(BELT)):
        x, y = _centre(cell)
        asteroid = ASTEROIDS[cell]
        fill = STATION_COLOUR if asteroid is None else KIND_COLOURS[asteroid.kind]
        lit = cell == flown or (asteroid is not None and asteroid.number == rolled)
        with drawing.group(title=f"{CELL_NAMES[cell]}: {cell_label(cell)}", css="hex"):
            drawing.hexagon(
                x, y, RADIUS - 1, fill=fill, stroke=INK if lit else MUTED, stroke_width=3 if lit else 1
            )
            drawing.text(x, y - 14, CELL_NAMES[cell], size=10, anchor="middle", fill=MUTED)
            label = (
                "STATION"
                if cell == STATION
                else f"{KINDS[asteroid.kind] if asteroid else ''} {asteroid.number if asteroid else ''}"
            )
            drawing.text(x, y + 2, label, size=11, anchor="middle")
        here = [p for p, at in enumerate(view.positions) if at == cell]
        for k, player in enumerate(here):
            sx = x + (k - (len(here) - 1) / 2) * 14
            drawing.circle(sx, y + 18, 6, fill=player_colour(player), stroke=INK, title=seat_name(player))
    for player in range(players):
        top = 60 + player * 82
        # the active player's panel has a heavier frame
        frame = 4 if player == view.active and view.phase != OVER else 2
        drawing.rect(500, top, 304, 74, fill="white", stroke=player_colour(player), stroke_width=frame, rx=6)
        drawing.circle(516, top + 16, 7, fill=player_colour(player), stroke=INK)
        points = contract_points(view.delivered[player])
        drawing.text(530, top + 21, f"{seat_name(player)}: {points} points delivered", size=13, weight="bold")
        hold = ", ".join(f"{KINDS[k]} {n}" for k, n in enumerate(view.hold(player)))
        drawing.text(512, top + 42, f"hold: {hold}", size=12)
        drawing.text(512, top + 62, hand_text(player, view, hands), size=12)
    drawing.text(500, 60 + players * 82 + 12, f"deck: {view.deck_size} contracts", size=12, fill=MUTED)
    drawing.text(16, 404, f"phase: {view.phase}", size=11, fill=MUTED)
    return str(drawing)
