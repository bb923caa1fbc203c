"""SVG pictures of Warpgate: the hex map and every player's area.

The map is drawn from the game's own hex grid (the map tiles laid for the
player count); each cell's centre is computed once per game
(:func:`map_geometry`, cached on the game's tables).  Planets are discs
coloured and lettered by type, warpgates hexagons in their seat's colour;
ships are numbered badges, outposts hollow and colonies filled squares,
research drones diamonds, each in its player's colour.
"""

from __future__ import annotations

import math
import textwrap
from functools import lru_cache

import attrs

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import PLANET_TYPES, Tables
from boardgames.games.warpgate.render import Table, decision_text, seat_name, status
from boardgames.games.warpgate.state import STEPS
from boardgames.kernel.actions import Action
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, Drawing, player_colour

__all__ = ["MapGeometry", "draw", "map_geometry"]

RADIUS = 36.0
_MARGIN = 14.0
_TOP = 44.0
PANEL_WIDTH = 440.0
_HIGHLIGHT = "#000000"

PLANET_FILLS: dict[str, str] = {
    "desert": "#ead9a8",
    "oceanic": "#a9cbe8",
    "volcanic": "#d9a08a",
    "ice": "#eef4f7",
    "jungle": "#a9d3a0",
}
"""Planet discs by type (light tints, each also lettered, so colour is never the only cue)."""


@attrs.frozen
class MapGeometry:
    """Where each cell and each place sits in the picture."""

    cells: tuple[tuple[float, float], ...]
    places: tuple[tuple[float, float], ...]
    width: float
    height: float


@lru_cache(maxsize=32)
def map_geometry(tables: Tables) -> MapGeometry:
    """The picture coordinates of a game's map (computed once per game's tables)."""
    w = math.sqrt(3) * RADIUS
    raw = [(w * (q + r / 2), 1.5 * RADIUS * r) for q, r in tables.grid.cells]
    left = min(x for x, _ in raw) - w / 2 - _MARGIN
    top = min(y for _, y in raw) - RADIUS - _TOP
    cells = tuple((x - left, y - top) for x, y in raw)
    width = max(x for x, _ in cells) + w / 2 + _MARGIN
    height = max(y for _, y in cells) + RADIUS + _MARGIN + 52
    return MapGeometry(cells, tuple(cells[c] for c in tables.cell_of), width, height)


def draw(table: Table, last_action: Action | None = None) -> str:
    """The SVG picture of ``table``; ``last_action`` is outlined where it has a place."""
    geometry = map_geometry(table.t)
    panel_x = geometry.width + 8
    panel_height = 190 + table.players * 144 + (150 if table.over else 0)
    d = Drawing(panel_x + PANEL_WIDTH, max(geometry.height, panel_height), title="Warpgate")
    d.rect(0, 0, d.width, d.height, fill=BACKGROUND)
    d.text(_MARGIN, 28, "Warpgate", size=20, weight="bold")
    d.text(_MARGIN + 118, 28, f"{table.players} players: {status(table)}", size=12)
    with d.group(css="map"):
        for x, y in geometry.cells:
            d.hexagon(x, y, RADIUS - 1, fill="#eceef3", stroke="#cfd3dc", stroke_width=1)
        for place in range(len(table.t.place_names)):
            _place(d, table, place, *geometry.places[place])
    with d.group(css="last-action"):
        for place in _highlighted(table, last_action):
            x, y = geometry.places[place]
            d.hexagon(x, y, RADIUS - 3, stroke=_HIGHLIGHT, stroke_width=3.5, dash="7 3",
                      title=f"last action: {_action_text(table, last_action)}")
    with d.group(css="battle"):
        if table.step and STEPS[table.step[0]] in ("attacker reveal", "defender reveal", "withdraw"):
            place = table.step[2]
            x, y = geometry.places[place]
            d.hexagon(x, y, RADIUS - 8, stroke=_HIGHLIGHT, stroke_width=2.5, dash="3 3",
                      title=f"battle at {table.t.place_names[place]}")
    _legend(d, geometry.height - 40)
    _panel(d, table, last_action, panel_x)
    return str(d)


def _place(d: Drawing, table: Table, place: int, x: float, y: float) -> None:
    t = table.t
    name = t.place_names[place]
    kind = t.place_type[place]
    if kind < 0:
        seat = t.seat[place]
        with d.group(css="warpgate", title=f"{name}, {seat_name(seat)}'s warpgate"):
            d.hexagon(x, y, RADIUS - 4, fill="white", stroke=player_colour(seat), stroke_width=3)
            d.circle(x, y - 4, 10, fill="none", stroke=player_colour(seat), stroke_width=3)
    else:
        planet = PLANET_TYPES[kind]
        trade = ", trade icon" if t.trade[place] else ""
        with d.group(css="planet", title=f"{name}, {planet} planet{trade}"):
            d.circle(x, y - 4, 13, fill=PLANET_FILLS[planet], stroke=INK, stroke_width=1)
            d.text(x, y, planet[0].upper(), size=11, anchor="middle", weight="bold", fill="#444444")
            if t.trade[place]:
                d.circle(x - 17, y + 7, 5.5, fill="#f2c14e", stroke=INK, stroke_width=0.8)
                d.text(x - 17, y + 10, "$", size=8, anchor="middle")
    d.text(x, y + 23, name, size=8 if kind < 0 else 8.5, anchor="middle")
    owner = table.view.owner[place]
    if owner >= 0:
        count = table.view.ships[place]
        with d.group(css="ships", title=f"{count} ship{'s' if count != 1 else ''} of {seat_name(owner)}"):
            d.circle(x + 16, y - 14, 9, fill=player_colour(owner), stroke=INK, stroke_width=1.2)
            d.text(x + 16, y - 10, str(count), size=11, anchor="middle", weight="bold", fill="white")
    marker = table.view.marker[place]
    if marker >= 0:
        colony = bool(table.view.colony[place])
        kind_name = "colony" if colony else "outpost"
        with d.group(css=kind_name, title=f"{seat_name(marker)}'s {kind_name}"):
            d.rect(x - 25, y - 22, 11, 11, fill=player_colour(marker) if colony else "white",
                   stroke=player_colour(marker), stroke_width=2.5)
    drones = [p for p, at in enumerate(table.view.drone) if at == place]
    for i, player in enumerate(drones):
        cx = x + 14 + 7 * i
        with d.group(css="drone", title=f"{seat_name(player)}'s research drone"):
            d.polygon([(cx, y + 1), (cx + 5, y + 7), (cx, y + 13), (cx - 5, y + 7)],
                      fill=player_colour(player), stroke=INK, stroke_width=0.9)


def _legend(d: Drawing, y: float) -> None:
    x = _MARGIN
    with d.group(css="legend"):
        d.circle(x + 8, y, 8, fill=MUTED, stroke=INK)
        d.text(x + 8, y + 4, "3", size=10, anchor="middle", fill="white", weight="bold")
        d.text(x + 20, y + 4, "ships", size=10)
        x += 62
        d.rect(x, y - 5, 10, 10, fill="white", stroke=MUTED, stroke_width=2.5)
        d.text(x + 15, y + 4, "outpost", size=10)
        x += 64
        d.rect(x, y - 5, 10, 10, fill=MUTED, stroke=MUTED, stroke_width=2.5)
        d.text(x + 15, y + 4, "colony", size=10)
        x += 58
        d.polygon([(x + 5, y - 6), (x + 10, y), (x + 5, y + 6), (x, y)], fill=MUTED, stroke=INK)
        d.text(x + 15, y + 4, "research drone", size=10)
        x += 100
        d.circle(x + 5, y, 5.5, fill="#f2c14e", stroke=INK, stroke_width=0.8)
        d.text(x + 15, y + 4, "trade icon", size=10)
        x = _MARGIN
        y += 22
        for planet, fill in PLANET_FILLS.items():
            d.circle(x + 7, y, 7, fill=fill, stroke=INK, stroke_width=0.8)
            d.text(x + 7, y + 3.5, planet[0].upper(), size=8, anchor="middle", weight="bold")
            d.text(x + 17, y + 4, planet, size=10)
            x += 26 + 6 * len(planet)


def _highlighted(table: Table, action: Action | None) -> tuple[int, ...]:
    """The places the last action touched on the map."""
    names = table.t.place_names
    match action:
        case A.From(place=place) | A.To(place=place) | A.Reinforce(place=place) | A.Research(place=place):
            return (names.index(place),)
        case A.Control(place=place) | A.Withdraw(place=place):
            return (names.index(place),)
    return ()


def _action_text(table: Table, action: Action | None) -> str:
    if action is None:
        return ""
    if isinstance(action, (A.DrawActionCard, A.DrawObjective)) and table.viewer is not None:
        # Whose draw it was is not known once the deal or the turn has moved
        # on, so a view never names a drawn card here.
        return "a card was drawn"
    return str(action)


def _panel(d: Drawing, table: Table, last_action: Action | None, x: float) -> None:
    t = table.t
    y = 54.0
    for line in textwrap.wrap(decision_text(table), 64):
        d.text(x, y, line, size=11, italic=True)
        y += 14
    if last_action is not None:
        d.text(x, y + 2, f"Last action: {_action_text(table, last_action)}", size=11, weight="bold")
        y += 16
    y += 8
    for p in range(table.players):
        y = _player_area(d, table, p, x, y) + 8
    available = ", ".join(
        f"{t.tech_names[c]} ({PLANET_TYPES[t.tech_type[c]]})" for c in table.view.tech_avail
    )
    lines = textwrap.wrap(
        f"Technologies available: {available or 'none'}; {sum(table.view.tech_deck)} in the deck.", 68
    )
    lines.append(
        f"Trade goods in the supply: {table.view.goods_pool}.  Promotion deck: {sum(table.view.promo_deck)}, "
        f"discard {sum(table.view.promo_discard)}."
    )
    for line in lines:
        y += 15
        d.text(x, y, line, size=11)
    if table.over:
        _breakdown(d, table, x, y + 14)


def _player_area(d: Drawing, table: Table, player: int, x: float, y: float) -> float:
    t = table.t
    colour = player_colour(player)
    acting = table.acting(player)
    height = 136.0
    width = PANEL_WIDTH - 16
    with d.group(css="player", title=f"{seat_name(player)}'s area"):
        d.rect(x, y, width, height, fill="white", stroke=INK if acting else MUTED,
               stroke_width=2.5 if acting else 1, rx=6)
        d.rect(x, y, 10, height, fill=colour, rx=3)
        you = " (you)" if player == table.viewer else ""
        d.text(x + 18, y + 18, f"{seat_name(player)}{you}", size=14, weight="bold")
        faction = t.faction_names[table.view.faction[player]] + ("  - to act" if acting else "")
        d.text(x + 24 + 9.5 * len(seat_name(player) + you), y + 18, faction, size=11, italic=True)
        total = table.total(player)
        if total is None:
            known = sum(v for row in table.scores.values() if (v := row[player]) is not None)
            score = f"{known:g} VP + ?"
        else:
            score = f"{total:g} VP"
        d.text(x + width - 10, y + 19, score, size=14, weight="bold", anchor="end")
        d.text(x + 18, y + 36, f"Ships in supply: {table.view.supply[player]}/{I.SHIPS}", size=10.5)
        d.text(x + 150, y + 36, f"Markers left: {I.MARKERS - table.view.marker.count(player)}", size=10.5)
        goods = f"Trade goods: {table.view.goods[player]} (+{table.view.spent[player]} spent)"
        d.text(x + 270, y + 36, goods, size=10.5)
        techs = ", ".join(t.tech_names[c] for c in table.view.techs[player]) or "none"
        d.text(x + 18, y + 51, _fit(f"Technologies: {techs}", 66), size=10.5)
        tactics = sum(table.view.tactics[player])
        d.text(
            x + 18, y + 66,
            f"Action deck {table.view.deck_sizes[player]}, discard {sum(table.view.discard[player])};  "
            f"tactics deck {tactics} (+{sum(table.view.tactics_discard[player])} discarded)",
            size=10.5,
        )
        _hand(d, table, player, x + 18, y + 72)
        _slots(d, table, player, x + 18, y + 110)
    return y + height


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _hand(d: Drawing, table: Table, player: int, x: float, y: float) -> None:
    """Hand and objectives: named when the viewer may see them, else face down."""
    t = table.t
    hand = table.hands[player]
    objectives = table.objectives[player]
    if hand is None:
        size = table.view.hand_sizes[player]
        for i in range(min(size, 10)):
            d.rect(x + 8 * i, y + 2, 12, 18, fill="#5b5b7a", stroke=INK, stroke_width=0.8, rx=2,
                   title="an action card, face down")
        text = f"{size} action card{'s' if size != 1 else ''} (face down)"
        d.text(x + 8 * min(size, 10) + 12, y + 15, text, size=10, fill=MUTED)
    else:
        names = ", ".join(t.card_names[c] for c in hand) or "no cards"
        d.text(x, y + 15, _fit(f"Hand: {names}", 68), size=10, title=names)
    if objectives is None:
        count = table.view.objective_counts[player]
        d.text(x + 400, y + 15, f"{count} secret objective{'s' if count != 1 else ''}", size=10,
               fill=MUTED, anchor="end")
    else:
        names = ", ".join(t.objective_names[o] for o in objectives) or "none"
        d.text(x, y + 27, _fit(f"Objectives: {names}", 68), size=10, title=names)


def _slots(d: Drawing, table: Table, player: int, x: float, y: float) -> None:
    """The faction board's four slots with the cards played on them this round."""
    t = table.t
    played = table.view.played[player]
    for slot in range(I.TURNS_PER_ROUND):
        sx = x + 100 * slot
        card = t.card_names[played[slot]] if slot < len(played) else ""
        current = table.acting(player) and slot == table.slot and len(played) == slot
        with d.group(css="slot", title=f"slot {slot + 1} (X={slot + 1}): {card or 'empty'}"):
            d.rect(sx, y + 2, 96, 18, fill="#f4f1e4" if card else "white",
                   stroke=INK if current else MUTED, stroke_width=2 if current else 0.8, rx=3)
            d.text(sx + 4, y + 15, f"{slot + 1}", size=9, weight="bold", fill=MUTED)
            if card:
                d.text(sx + 54, y + 15, card, size=8, anchor="middle")


def _breakdown(d: Drawing, table: Table, x: float, y: float) -> None:
    d.text(x, y + 12, "Final score", size=13, weight="bold")
    y += 28
    cols = [x + 120 + 54 * p for p in range(table.players)]
    for p, cx in enumerate(cols):
        d.text(cx, y, seat_name(p), size=9, weight="bold", anchor="end")
    rows = list(table.scores.items())
    totals = tuple(table.total(p) for p in range(table.players))
    for name, row in [*rows, ("total", totals)]:
        y += 14
        weight = "bold" if name == "total" else "normal"
        d.text(x, y, name, size=10, weight=weight)
        for p, cx in enumerate(cols):
            value = row[p]
            d.text(cx, y, "?" if value is None else f"{value:g}", size=10, anchor="end", weight=weight)
