"""SVG pictures of Galaxy's Edge: the hex board and every player's area.

The board is drawn from the game's own hex grid (the 3-4-5-6-5-4-3 shape);
the sector centres and system spots are computed once, at import, because
the shape is the same in every game.  Colonies are discs, bases triangles
with their Class, flagships arrow-shaped ships and bans octagons, each in
its player's colour.  Players keep the rulebook's colour names (Red, Blue,
Yellow, Green), drawn in the colour-blind-safe Okabe-Ito hues closest to
those names.
"""

from __future__ import annotations

import math
import textwrap

from boardgames.games.galaxys_edge import actions as act
from boardgames.games.galaxys_edge.actions import COLOURS
from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, EventCard, Species
from boardgames.games.galaxys_edge.render import Table, decision_text, status
from boardgames.kernel.actions import Action
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, PLAYER_COLOURS, Drawing

__all__ = ["SEAT_COLOURS", "draw"]

OKABE_ITO_YELLOW = "#F0E442"
"""Okabe and Ito's yellow: the kernel's seat palette has no yellow, the rulebook has a Yellow player."""

SEAT_COLOURS: tuple[str, ...] = (PLAYER_COLOURS[5], PLAYER_COLOURS[0], OKABE_ITO_YELLOW, PLAYER_COLOURS[2])
"""Red, Blue, Yellow, Green as Okabe-Ito's vermilion, blue, yellow and bluish green."""

_TEXT_ON = ("white", "white", INK, "white")  # legible text on each seat colour

SPECIES_TINTS: tuple[tuple[str, str], ...] = (
    ("#dcebf2", "#4b7f95"),  # Crystalloids: fill, border
    ("#f4e9d2", "#9a7431"),  # The Hive
    ("#f2e0e0", "#9b5757"),  # Humanoids
    ("#e2eedb", "#5c8a4c"),  # Saplenti
    ("#e7e2ef", "#6a5b92"),  # Wargers
)

RADIUS = 64.0
_W = math.sqrt(3) * RADIUS
_MARGIN = 16.0
_HIGHLIGHT = "#000000"


def _centres() -> tuple[tuple[float, float], ...]:
    raw = [(_W * (q + r / 2), 1.5 * RADIUS * r) for q, r in GEOMETRY.grid.cells]
    left = min(x for x, _ in raw) - _W / 2 - _MARGIN
    top = min(y for _, y in raw) - RADIUS - _MARGIN - 30
    return tuple((x - left, y - top) for x, y in raw)


CENTRES = _centres()
"""Each board position's centre in the picture, computed once from the hex grid."""

BOARD_WIDTH = max(x for x, _ in CENTRES) + _W / 2 + _MARGIN
BOARD_HEIGHT = max(y for _, y in CENTRES) + RADIUS + _MARGIN + 40

_SLOT_OFFSETS = ((-17.0, -8.0), (17.0, -8.0), (-17.0, 20.0), (17.0, 20.0))


def _spots(count: int) -> tuple[tuple[float, float], ...]:
    if count == 1:
        return ((0.0, 6.0),)
    if count == 2:
        return ((-17.0, 6.0), (17.0, 6.0))
    if count == 3:
        return ((-17.0, -8.0), (17.0, -8.0), (0.0, 20.0))
    return _SLOT_OFFSETS


SYSTEM_SPOTS = tuple(_spots(n) for n in range(SLOTS + 1))
"""Per number of systems in a sector, where each system's circle sits (offsets from the centre)."""

PANEL_X = BOARD_WIDTH + 8
PANEL_WIDTH = 380.0


def draw(table: Table, last_action: Action | None = None) -> str:
    """The SVG picture of ``table``; ``last_action`` is outlined where it has a place."""
    players = table.players
    height = max(BOARD_HEIGHT, 400 + players * 112 + (140 if table.over else 0))
    d = Drawing(PANEL_X + PANEL_WIDTH, height, title="Galaxy's Edge")
    d.rect(0, 0, d.width, d.height, fill=BACKGROUND)
    d.text(_MARGIN, 28, "Galaxy's Edge", size=20, weight="bold")
    d.text(_MARGIN + 178, 28, f"{players} players: {status(table)}", size=13)
    where = _highlighted(table, last_action)
    with d.group(css="board"):
        for position in range(GEOMETRY.size):
            _sector(d, table, position)
    with d.group(css="last-action"):
        for position in where[0]:
            x, y = CENTRES[position]
            d.hexagon(x, y, RADIUS - 3, fill="none", stroke=_HIGHLIGHT, stroke_width=4, dash="8 4",
                      title=f"last action: {_action_text(table, last_action)}")
        for location in where[1]:
            x, y = _system_xy(table, location)
            d.circle(x, y, 16, stroke=_HIGHLIGHT, stroke_width=3,
                     title=f"last action: {_action_text(table, last_action)}")
    with d.group(css="choice"):
        for location in table.choice_options:
            x, y = _system_xy(table, location)
            d.circle(x, y, 17, stroke=_HIGHLIGHT, stroke_width=2, title="a colony that may be conquered")
    _legend(d, BOARD_HEIGHT - 22)
    _panel(d, table, last_action)
    return str(d)


def _legend(d: Drawing, y: float) -> None:
    """What the board's shapes mean, under the board."""
    x = _MARGIN
    with d.group(css="legend"):
        d.circle(x + 8, y, 8, fill=MUTED, stroke=INK)
        d.text(x + 20, y + 4, "colony", size=11)
        x += 74
        d.polygon([(x + 8, y - 9), (x + 17, y + 7), (x - 1, y + 7)], fill=MUTED, stroke=INK)
        d.text(x + 22, y + 4, "base (II = Class 2)", size=11)
        x += 140
        d.polygon([(x + 6, y - 9), (x + 13, y + 7), (x + 6, y + 3), (x - 1, y + 7)], fill=MUTED, stroke=INK)
        d.text(x + 18, y + 4, "flagship", size=11)
        x += 80
        d.polygon(_octagon(x + 6, y, 7.5), fill=MUTED, stroke=INK)
        d.text(x + 18, y + 4, "ban", size=11)
        x += 50
        d.circle(x + 8, y, 9, fill="white", stroke=MUTED)
        d.text(x + 8, y + 4, "5", size=10, anchor="middle")
        d.text(x + 22, y + 4, "empty system (value)", size=11)


def _system_xy(table: Table, location: int) -> tuple[float, float]:
    position = location // SLOTS
    systems = table.layout.systems[position]
    dx, dy = SYSTEM_SPOTS[len(systems)][systems.index(location)]
    x, y = CENTRES[position]
    return x + dx, y + dy


def _sector(d: Drawing, table: Table, position: int) -> None:
    x, y = CENTRES[position]
    species = table.layout.species[position]
    fill, border = SPECIES_TINTS[species]
    name = GEOMETRY.names[position]
    with d.group(css="sector", title=f"sector {name}: {Species(species).title}"):
        d.hexagon(x, y, RADIUS - 1, fill=fill, stroke=border, stroke_width=3)
        d.text(x, y - 40, name, size=12, weight="bold", anchor="middle")
        d.text(x, y - 28, Species(species).title, size=9, fill=border, anchor="middle")
        for location in table.layout.systems[position]:
            _system(d, table, location)
        _markers(d, table, position, x, y + 42)


def _system(d: Drawing, table: Table, location: int) -> None:
    x, y = _system_xy(table, location)
    value = table.layout.value[location]
    owner = table.owner(location)
    label = GEOMETRY.system_name(location)
    if owner < 0:
        with d.group(css="system", title=f"system {label}, value {value}: empty"):
            d.circle(x, y, 11, fill="white", stroke=MUTED, stroke_width=1.2)
            d.text(x, y + 4, str(value), size=11, anchor="middle")
        return
    colour, ink = SEAT_COLOURS[owner], _TEXT_ON[owner]
    base = table.base_class(location)
    if base == 0:
        with d.group(css="colony", title=f"{COLOURS[owner]}'s colony on {label}, value {value}"):
            d.circle(x, y, 12, fill=colour, stroke=INK, stroke_width=1.5)
            d.text(x, y + 4, str(value), size=11, anchor="middle", fill=ink, weight="bold")
        return
    with d.group(css="base", title=f"{COLOURS[owner]}'s Class-{base} base on {label}, value {value}"):
        triangle = [(x, y - 15), (x + 14, y + 10), (x - 14, y + 10)]
        d.polygon(triangle, fill=colour, stroke=INK, stroke_width=1.5)
        d.text(x, y + 7, "I" * base, size=10, anchor="middle", fill=ink, weight="bold")


def _markers(d: Drawing, table: Table, position: int, x: float, y: float) -> None:
    """Flagships and bans in the sector's deep space, side by side."""
    ships = [p for p, f in enumerate(table.view.flagships) if f == position]
    bans = [p for p, b in enumerate(table.view.bans) if b == position]
    count = len(ships) + len(bans)
    left = x - (count - 1) * 8
    for i, player in enumerate(ships):
        cx = left + 16 * i
        with d.group(css="flagship", title=f"{COLOURS[player]}'s flagship"):
            d.polygon([(cx, y - 9), (cx + 7, y + 7), (cx, y + 3), (cx - 7, y + 7)],
                      fill=SEAT_COLOURS[player], stroke=INK, stroke_width=1.3)
    for i, player in enumerate(bans):
        cx = left + 16 * (len(ships) + i)
        with d.group(css="ban", title=f"{COLOURS[player]}'s ban"):
            d.polygon(_octagon(cx, y, 7.5), fill=SEAT_COLOURS[player], stroke=INK, stroke_width=1.3)
            d.line(cx - 3.5, y - 3.5, cx + 3.5, y + 3.5, stroke=INK, stroke_width=1.6)
            d.line(cx - 3.5, y + 3.5, cx + 3.5, y - 3.5, stroke=INK, stroke_width=1.6)


def _octagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.radians(22.5 + 45 * k)), y + r * math.sin(math.radians(22.5 + 45 * k)))
            for k in range(8)]


def _highlighted(table: Table, action: Action | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(positions, locations) the last action touched on the board."""
    match action:
        case act.PlaceFlagship(position=p) | act.MoveFlagship(position=p):
            return (p,), ()
        case act.PlayCulturalTakeover(position=p) | act.PlayDiscoveryMission(position=p):
            return (p,), ()
        case act.PlaySurpriseAttack(position=p) | act.PlayWormhole(position=p):
            return (p,), ()
        case act.BuildColony(location=loc) | act.BuildBase(location=loc):
            return (), (loc,)
        case act.PlayRebellion(location=loc) | act.ReplaceColony(location=loc):
            return (), (loc,)
        case act.RollResult(face=face) if table.view.built >= 0 and face.name != "EVENT":
            return (table.view.built // SLOTS,), ()
    return (), ()


def _action_text(table: Table, action: Action | None) -> str:
    if action is None:
        return ""
    if isinstance(action, act.EventDrawn) and table.viewer is not None:
        # The drawer is no longer known once the turn has passed on, so a
        # view never names a drawn card here (its own cards are in its hand).
        return "an event card was drawn"
    return str(action)


def _panel(d: Drawing, table: Table, last_action: Action | None) -> None:
    x = PANEL_X
    y = 56.0
    for line in _wrap(decision_text(table), 58):
        d.text(x, y, line, size=11, italic=True)
        y += 14
    if last_action is not None:
        d.text(x, y + 2, f"Last action: {_action_text(table, last_action)}", size=11, weight="bold")
        y += 16
    y += 8
    totals = [sum(col) for col in zip(*table.scores.values())]
    for p in range(table.players):
        y = _player_area(d, table, p, totals[p], x, y) + 8
    y = _pledges(d, table, x, y + 4)
    d.text(x, y + 14, f"Event deck: {table.view.deck_size} cards", size=11)
    removed = ", ".join(f"{n}x {c.title}" for c, n in zip(EventCard, table.view.discarded) if n)
    if removed:
        for line in _wrap(f"Removed from the game: {removed}", 60):
            y += 14
            d.text(x, y + 14, line, size=10, fill=MUTED)


def _player_area(d: Drawing, table: Table, player: int, total: int, x: float, y: float) -> float:
    colour = SEAT_COLOURS[player]
    to_act = table.acting(player)
    height = 104.0
    with d.group(css="player", title=f"{COLOURS[player]}'s area"):
        d.rect(x, y, PANEL_WIDTH - 16, height, fill="white", stroke=INK if to_act else MUTED,
               stroke_width=2.5 if to_act else 1, rx=6)
        d.rect(x, y, 10, height, fill=colour, rx=3)
        name = COLOURS[player] + (" (you)" if player == table.viewer else "")
        d.text(x + 18, y + 18, name, size=14, weight="bold")
        if to_act:
            d.text(x + 26 + 9.5 * len(name), y + 18, "to act", size=11, fill=INK, italic=True)
        points = f"{total} point{'' if total == 1 else 's'}"
        d.text(x + PANEL_WIDTH - 26, y + 19, points, size=14, weight="bold", anchor="end")
        d.text(x + 18, y + 38, f"Colonies in supply: {table.view.colonies_left[player]}/20", size=11)
        d.text(x + 190, y + 38, f"Military tokens: {table.view.tokens_left[player]}/20", size=11)
        held = [s.title for s in Species if table.view.pledges[s] == player]
        d.text(x + 18, y + 56, "Pledges: " + (", ".join(held) if held else "none"), size=11)
        if table.view.forcefield[player]:
            d.text(x + PANEL_WIDTH - 26, y + 56, "Forcefield", size=11, weight="bold", anchor="end")
        _hand(d, table, player, x + 18, y + 66)
    return y + height


def _hand(d: Drawing, table: Table, player: int, x: float, y: float) -> None:
    """Event cards: named when the picture's viewer may see them, else face down."""
    hand = table.hands[player]
    size = table.view.hand_sizes[player]
    if hand is None:
        for i in range(min(size, 12)):
            d.rect(x + 14 * i, y, 22, 30, fill="#5b5b7a", stroke=INK, stroke_width=1, rx=3,
                   title="an event card, face down")
        count = f"{size} event card{'' if size == 1 else 's'} (face down)"
        d.text(x + 14 * min(size, 12) + 14, y + 20, count, size=11, fill=MUTED)
        return
    if not size:
        d.text(x, y + 20, "No event cards", size=11, fill=MUTED)
        return
    cards = [card for card, n in zip(EventCard, hand) for _ in range(n)]
    cx = x
    for card in cards:
        width = 6.2 * len(card.title) + 10
        if cx + width > x + PANEL_WIDTH - 40:
            d.text(cx, y + 20, "...", size=11)
            break
        d.rect(cx, y, width, 30, fill="#fffbe6", stroke=INK, stroke_width=1, rx=3, title=card.title)
        d.text(cx + width / 2, y + 19, card.title, size=10, anchor="middle")
        cx += width + 4


def _pledges(d: Drawing, table: Table, x: float, y: float) -> float:
    d.text(x, y + 12, "Loyalty pledges", size=13, weight="bold")
    y += 20
    for species in Species:
        fill, border = SPECIES_TINTS[species]
        holder = table.view.pledges[species]
        d.rect(x, y, PANEL_WIDTH - 16, 34, fill=fill, stroke=border, stroke_width=1.5, rx=4)
        d.text(x + 8, y + 14, species.title, size=12, weight="bold", fill=border)
        score = [row for name, row in table.scores.items() if name == species.title]
        bonus = f" (bonus {score[0][holder]} points)" if holder >= 0 and score else ""
        held = f"held by {COLOURS[holder]}{bonus}" if holder >= 0 else "held by nobody"
        d.text(x + 8, y + 28, held, size=10)
        tokens = table.view.embassy[species]
        if any(tokens):
            for i, (p, n) in enumerate((p, n) for p, n in enumerate(tokens) if n):
                cx = x + 230 + 36 * i
                d.circle(cx, y + 17, 8, fill=SEAT_COLOURS[p], stroke=INK,
                         title=f"{n} Alien Embassy colony token(s) of {COLOURS[p]}")
                d.text(cx + 11, y + 21, f"x{n}", size=10)
        y += 38
    if table.over:
        y = _breakdown(d, table, x, y + 6)
    return y


def _breakdown(d: Drawing, table: Table, x: float, y: float) -> float:
    d.text(x, y + 12, "Final score", size=13, weight="bold")
    y += 28
    cols = [x + 110 + 62 * p for p in range(table.players)]
    for p, cx in enumerate(cols):
        d.text(cx, y, COLOURS[p], size=10, weight="bold", anchor="end")
    for name, row in [*table.scores.items(), ("total", tuple(sum(c) for c in zip(*table.scores.values())))]:
        y += 14
        d.text(x, y, name, size=10, weight="bold" if name == "total" else "normal")
        for p, cx in enumerate(cols):
            d.text(cx, y, str(row[p]), size=10, anchor="end", weight="bold" if name == "total" else "normal")
    return y + 8


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width)

