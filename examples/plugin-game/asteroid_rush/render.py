"""Pictures of Asteroid Rush: a text board for terminals and an SVG board.

Both draw from an :class:`~asteroid_rush.state.AsteroidView` plus the hands
the picture may show, so a state's picture (every hand) and a view's picture
(the viewer's hand only) are one code path and a view can never show more.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from boardgames.kernel.actions import Action
from boardgames.kernel.cards import cards_of
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, PLAYER_COLOUR_NAMES, Drawing, player_colour

from asteroid_rush.actions import Deliver, Discard, Draw, Fly, Mine, Rest, Roll, Scan, Stay, Trade
from asteroid_rush.components import (
    ASTEROIDS,
    BELT,
    CARDS,
    CELL_NAMES,
    FLARE_FACE,
    FLARE_LIMIT,
    FLIGHT_RANGE,
    KINDS,
    MINE_YIELD,
    ROUNDS,
    STATION,
)
from asteroid_rush.state import DEAL_PHASE, OVER, AsteroidState, AsteroidView, Kind, contract_points

__all__ = [
    "KIND_COLOURS",
    "action_group",
    "board_svg",
    "board_text",
    "decision_text",
    "describe_action",
    "help_text",
    "seat_name",
]

KIND_COLOURS = ("#c9a27e", "#d6ecf5", "#e3d3f2")
"""Hex fills for ore, ice and crystal asteroids (light, so the ships stand out)."""
STATION_COLOUR = "#bdbdbd"


def seat_name(player: int) -> str:
    """A seat's name in logs: the colour its ship is drawn in (Blue, Orange, Green, Purple)."""
    return PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOUR_NAMES)]


def _cell_label(cell: int) -> str:
    asteroid = ASTEROIDS[cell]
    return "station" if asteroid is None else f"{KINDS[asteroid.kind]} {asteroid.number}"


def _status(view: AsteroidView) -> str:
    head = f"Round {view.round} of {ROUNDS}"
    if not view.steps:
        return head + ": the game is over"
    kind, player = view.steps[0]
    if kind == Kind.DISCARD:
        return head + f": solar flare, {seat_name(player)} discards"
    roll = f"; last roll {view.last_roll}" if view.last_roll else ""
    return head + f": {seat_name(player)} {_DOING[kind]}{roll}"


_DOING: dict[int, str] = {
    Kind.DEAL: "is dealt a contract",
    Kind.ROLL: "rolls",
    Kind.FLY: "flies",
    Kind.WORK: "works",
    Kind.DRAW: "draws a contract",
}


def _hand_text(player: int, view: AsteroidView, hands: Mapping[int, tuple[int, ...]]) -> str:
    if player in hands:
        names = ", ".join(CARDS[c].name for c in cards_of(hands[player])) or "none"
        return f"hand: {names}"
    return f"hand: {view.hand_sizes[player]} hidden"


def board_text(view: AsteroidView, hands: Mapping[int, tuple[int, ...]]) -> str:
    """The belt row by row, each hex as ``name kind number [ships]``, then one line per player."""
    lines = [_status(view), ""]
    rows: dict[int, list[int]] = {}
    for cell, (_, r) in enumerate(BELT.cells):
        rows.setdefault(r, []).append(cell)
    width = 18
    for r in sorted(rows):
        cells = rows[r]
        parts = []
        for cell in cells:
            ships = "".join(str(p) for p, at in enumerate(view.positions) if at == cell)
            text = f"{CELL_NAMES[cell]} {_cell_label(cell)}" + (f" [{ships}]" if ships else "")
            parts.append(text.ljust(width))
        lines.append(" " * ((5 - len(cells)) * width // 2) + "".join(parts).rstrip())
    lines.append("")
    for player, cell in enumerate(view.positions):
        hold = " ".join(f"{KINDS[k]} {n}" for k, n in enumerate(view.hold(player)))
        points = contract_points(view.delivered[player])
        lines.append(
            f"{seat_name(player)} [{player}] at {CELL_NAMES[cell]}; hold {hold}; delivered {points} points; "
            + _hand_text(player, view, hands)
        )
    lines.append(f"Deck: {view.deck_size} contracts")
    return "\n".join(lines)


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
    drawing.text(16, 26, _status(view), size=15, weight="bold")
    rolled = last_action.face if isinstance(last_action, Roll) else None
    flown = last_action.cell if isinstance(last_action, Fly) else None
    for cell in range(len(BELT)):
        x, y = _centre(cell)
        asteroid = ASTEROIDS[cell]
        fill = STATION_COLOUR if asteroid is None else KIND_COLOURS[asteroid.kind]
        lit = cell == flown or (asteroid is not None and asteroid.number == rolled)
        with drawing.group(title=f"{CELL_NAMES[cell]}: {_cell_label(cell)}", css="hex"):
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
        drawing.text(512, top + 62, _hand_text(player, view, hands), size=12)
    drawing.text(500, 60 + players * 82 + 12, f"deck: {view.deck_size} contracts", size=12, fill=MUTED)
    drawing.text(16, 404, f"phase: {view.phase}", size=11, fill=MUTED)
    return str(drawing)


# -- words for the log and the terminal seat ------------------------------------------


def describe_action(state: AsteroidState, action: Action, viewer: int | None = None) -> str:
    """A log line; another player's contract draw is told without naming the card."""
    step = state.front
    actor = step[1] if step is not None else state.active
    who = seat_name(actor)
    where = CELL_NAMES[state.positions[state.active]]
    if isinstance(action, Roll):
        gains = [
            f"{seat_name(p)} takes 1 {KINDS[a.kind]}"
            for p, cell in enumerate(state.positions)
            if (a := ASTEROIDS[cell]) is not None and a.number == action.face
        ]
        flare = "; solar flare!" if action.face == FLARE_FACE else ""
        return f"{who} rolls {action.face}" + (": " + ", ".join(gains) if gains else "") + flare
    if isinstance(action, Draw):
        verb = "is dealt" if state.phase == DEAL_PHASE else "draws"
        card = CARDS[action.card].name if viewer is None or viewer == actor else "a contract"
        return f"{who} {verb} {card}"
    if isinstance(action, Stay):
        return f"{who} stays at {where}"
    if isinstance(action, Fly):
        return f"{who} flies from {where} to {CELL_NAMES[action.cell]}"
    if isinstance(action, Mine):
        asteroid = ASTEROIDS[state.positions[state.active]]
        kind = KINDS[asteroid.kind] if asteroid is not None else "nothing"
        return f"{who} mines {MINE_YIELD} {kind} at {where}"
    if isinstance(action, Trade):
        return f"{who} trades 2 {KINDS[action.give]} for 1 {KINDS[action.get]} at the station"
    if isinstance(action, Deliver):
        contract = CARDS[action.card]
        return f"{who} delivers {contract.name} ({contract.cost_text()}) for {contract.points} points"
    if isinstance(action, Scan):
        return f"{who} scans for a contract"
    if isinstance(action, Rest):
        return f"{who} rests"
    if isinstance(action, Discard):
        return f"{who} discards 1 {KINDS[action.kind]} in the flare"
    return str(action)


def decision_text(view: AsteroidView) -> str:
    """The pending decision in the rules' words."""
    if not view.steps:
        return "The game is over."
    kind, player = view.steps[0]
    if kind == Kind.DISCARD:
        held = sum(view.hold(player))
        return f"Solar flare: you hold {held} resources; discard one (down to {FLARE_LIMIT})."
    where = CELL_NAMES[view.positions[view.active]]
    if kind == Kind.FLY:
        return f"Fly your ship up to {FLIGHT_RANGE} hexes from {where}, or stay."
    if kind == Kind.WORK:
        return f"Work at {where}: mine, trade or deliver at the station, scan for a contract, or rest."
    return f"{seat_name(view.player)} to decide"


def action_group(action: Action) -> str:
    """The heading an action is listed under at the terminal."""
    if isinstance(action, (Stay, Fly)):
        return "Fly"
    if isinstance(action, (Trade, Deliver)):
        return "At the station"
    if isinstance(action, (Mine, Scan, Rest)):
        return "Work"
    if isinstance(action, Discard):
        return "Solar flare"
    return "Chance"


def help_text(view: AsteroidView) -> str:
    """The legend of the board and the texts of the viewer's contracts."""
    lines = [
        "Each hex shows its name, then 'ore 3' (an ore asteroid yielding on a roll of 3) or 'station';",
        "[02] lists the ships on it by seat. Holds cap each resource at 4.",
        f"A roll of {FLARE_FACE} is a solar flare: holds above {FLARE_LIMIT} discard down to it.",
        "Your contracts:",
    ]
    lines += [
        f"  {CARDS[c].name}: {CARDS[c].cost_text()} -> {CARDS[c].points} points" for c in cards_of(view.hand)
    ] or ["  none"]
    return "\n".join(lines)
