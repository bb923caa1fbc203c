"""The terminal seat of Asteroid Rush: the text board, log lines, the decision, help.

The text board (and the SVG picture, :mod:`asteroid_rush.picture`) draw from
an :class:`~asteroid_rush.state.AsteroidView` plus the hands the picture may
show, so a state's picture (every hand) and a view's picture (the viewer's
hand only) are one code path and a view can never show more.
"""

from __future__ import annotations

from collections.abc import Mapping

from boardgames.kernel.actions import Action
from boardgames.kernel.cards import cards_of
from boardgames.kernel.svg import PLAYER_COLOUR_NAMES

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
)
from asteroid_rush.state import DEAL_PHASE, AsteroidState, AsteroidView, Kind, contract_points

__all__ = [
    "action_group",
    "board_text",
    "cell_label",
    "decision_text",
    "describe_action",
    "hand_text",
    "help_text",
    "seat_name",
    "status",
]


def seat_name(player: int) -> str:
    """A seat's name in logs: the colour its ship is drawn in (Blue, Orange, Green, Purple)."""
    return PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOUR_NAMES)]


def cell_label(cell: int) -> str:
    asteroid = ASTEROIDS[cell]
    return "station" if asteroid is None else f"{KINDS[asteroid.kind]} {asteroid.number}"


def status(view: AsteroidView) -> str:
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


def hand_text(player: int, view: AsteroidView, hands: Mapping[int, tuple[int, ...]]) -> str:
    if player in hands:
        names = ", ".join(CARDS[c].name for c in cards_of(hands[player])) or "none"
        return f"hand: {names}"
    return f"hand: {view.hand_sizes[player]} hidden"


def board_text(view: AsteroidView, hands: Mapping[int, tuple[int, ...]]) -> str:
    """The belt row by row, each hex as ``name kind number [ships]``, then one line per player."""
    lines = [status(view), ""]
    rows: dict[int, list[int]] = {}
    for cell, (_, r) in enumerate(BELT.cells):
        rows.setdefault(r, []).append(cell)
    width = 18
    for r in sorted(rows):
        cells = rows[r]
        parts = []
        for cell in cells:
            ships = "".join(str(p) for p, at in enumerate(view.positions) if at == cell)
            text = f"{CELL_NAMES[cell]} {cell_label(cell)}" + (f" [{ships}]" if ships else "")
            parts.append(text.ljust(width))
        lines.append(" " * ((5 - len(cells)) * width // 2) + "".join(parts).rstrip())
    lines.append("")
    for player, cell in enumerate(view.positions):
        hold = " ".join(f"{KINDS[k]} {n}" for k, n in enumerate(view.hold(player)))
        points = contract_points(view.delivered[player])
        lines.append(
            f"{seat_name(player)} [{player}] at {CELL_NAMES[cell]}; hold {hold}; delivered {points} points; "
            + hand_text(player, view, hands)
        )
    lines.append(f"Deck: {view.deck_size} contracts")
    return "\n".join(lines)


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
