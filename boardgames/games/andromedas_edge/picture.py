"""SVG pictures of Andromeda's Edge states and views.

The main board (4 rows of region tiles, the 6 nebulae around them), the
event track, the module market, the raiders and one station per player:
resources, progress tracks, tactics cards (face down in a view), ships,
modules, moons and tokens.  Players keep their rulebook colours (Red, Blue,
Yellow, Green), drawn in the Okabe-Ito colour-blind-safe shades of those
names.  A view is drawn from the view alone.
"""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.components import (
    RAIDER_CLASSES,
    RESOURCE_CAPS,
    RESOURCES,
    TRACKS,
)
from boardgames.games.andromedas_edge.names import ship_type_name
from boardgames.games.andromedas_edge.render import (
    Facts,
    action_text,
    decision_of,
    moon_text,
    ships_text,
    tile_kind,
    tile_name,
)
from boardgames.games.andromedas_edge.state import MARKER_ON_STATION, MARKER_REMOVED, OVER
from boardgames.kernel.actions import Action
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, Drawing

__all__ = ["SEAT_COLOURS", "picture"]

SEAT_COLOURS: tuple[str, ...] = ("#D55E00", "#0072B2", "#F0E442", "#009E73")
"""Red, Blue, Yellow, Green: the Okabe-Ito shades (vermilion, blue, yellow, bluish green)."""

TRACK_FILLS: tuple[str, ...] = ("#dcebf7", "#e9e2d6", "#fbf3cf", "#dff0e5", "#f6dcd3")
"""Tile tints of the five planet colours (science ... supremacy)."""
TRACK_INKS: tuple[str, ...] = ("#0b5e93", "#6b5535", "#8a6d00", "#1d7049", "#a4401c")
BASE_FILL = "#e7e2f3"
NEBULA_FILL = "#ebe6f5"
SPECIAL_FILL = "#f3e6f0"
HIGHLIGHT = "#000000"
RAIDER_FILL = "#333333"

CELL_W, CELL_H = 150, 104
MARGIN = 16
BAND = 56  # nebula bands around the grid
HEADER = 64
BOARD_X = MARGIN + BAND
BOARD_Y = HEADER + BAND
SIDE_W = 330


def _split(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at blanks."""
    lines = [""]
    for word in text.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def picture(target: Any, last_action: Action | None = None) -> str:
    f = Facts(target)
    game = f.game
    c = game.components
    rows, cols = c.rows, c.columns
    grid_w, grid_h = cols * CELL_W, rows * CELL_H
    board_w = grid_w + 2 * BAND
    board_h = grid_h + 2 * BAND
    side_x = MARGIN + board_w + MARGIN
    width = side_x + SIDE_W + MARGIN
    supply_rows = sum(len(_split(line, 56)) for line in f.supply_lines())
    side_h = 84 + 22 + 3 * 40 + 20 + 18 + len(f.raider_cards) * 17 + 10 + 16 + supply_rows * 14 + 12
    panel_y = HEADER + max(board_h, side_h) + MARGIN
    per_row = int((width - 2 * MARGIN - 30) // 118)
    most = max(len(modules) for modules in f.station)
    panel_h = 112 + min(2, -(-most // per_row)) * 42 + 6
    legend = _split(LEGEND, 190)
    height = panel_y + f.players * (panel_h + 8) + len(legend) * 14 + MARGIN
    title = "Andromeda's Edge" + (
        f", as {game.player_name(f.viewer)} sees it" if f.viewer is not None else ""
    )
    d = Drawing(width, height, title=title)
    d.rect(0, 0, width, height, fill=BACKGROUND)
    _header(d, f, width, last_action)
    focus = _focus(f, last_action)
    _board(d, f, focus)
    _side(d, f, side_x, HEADER, focus)
    for p in range(f.players):
        _station(d, f, p, MARGIN, panel_y + p * (panel_h + 8), width - 2 * MARGIN, panel_h, focus)
    with d.group(css="legend"):
        for i, line in enumerate(legend):
            d.text(MARGIN, panel_y + f.players * (panel_h + 8) + 8 + i * 14, line, size=10, fill=INK)
    return str(d)


# -- header -------------------------------------------------------------------------------


def _header(d: Drawing, f: Facts, width: float, last_action: Action | None) -> None:
    game = f.game
    title = f"Andromeda's Edge · turn {f.turn} · terminus {game.terminus} VP"
    if f.viewer is not None:
        title += f" · view of {game.player_name(f.viewer)}"
    d.text(MARGIN, 24, title, size=17, weight="bold")
    if f.phase != OVER:
        d.text(MARGIN + 470, 24, f"active player: {game.player_name(f.active)}", size=12)
    who = f.to_act
    if who >= 0:
        d.circle(MARGIN + 7, 45, 7, fill=SEAT_COLOURS[who], stroke=INK)
    with d.group(css="decision"):
        d.text(MARGIN + (20 if who >= 0 else 0), 50, _short(decision_of(f), 150), size=13)
    if last_action is not None:
        d.text(
            width - MARGIN,
            24,
            _short("Last action: " + _last_text(f, last_action), 80),
            size=12,
            anchor="end",
            fill=INK,
            italic=True,
        )


_HIDDEN_IN_VIEWS: tuple[tuple[type, str], ...] = (
    (A.DrawnTactic, "a tactics card is drawn"),
    (A.EventRevealed, "an event card is revealed"),
    (A.KeepOnTop, "an event card is kept on top of the deck"),
    (A.TakeToken, "a discovery token is claimed"),
    (A.ChooseDestiny, "a destiny card is kept"),
)


def _last_text(f: Facts, action: Action) -> str:
    """The last action's text; a view never names a card or token someone may have kept hidden."""
    if f.viewer is not None:
        for kind, text in _HIDDEN_IN_VIEWS:
            if isinstance(action, kind):
                return text
    return action_text(f.game, f, action)


# -- the main board -------------------------------------------------------------------------


def _focus(f: Facts, action: Action | None) -> dict[str, Any]:
    """Where the last action has a place: a region, a market slot or a station module."""
    out: dict[str, Any] = {}
    if action is None:
        return out
    region = getattr(action, "region", None)
    if isinstance(action, A.Launch | A.Develop | A.Recruit | A.CollectBonus) and region is not None:
        out["region"] = region
    elif isinstance(action, A.BuyModule | A.DiscardModule):
        out["market"] = (action.column, action.place)
    elif isinstance(action, A.Activate | A.ActivateScience | A.DamageModule) or (
        isinstance(action, A.SlotMoon) and 0 <= action.slot < A.MAX_STATION
    ):
        out["module"] = (f.active, action.slot)
    elif isinstance(action, A.Repair) and action.option == 2:
        out["module"] = (f.active, action.target)
    return out


def _cell_xy(game: Any, r: int) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) of region ``r``: a grid tile or a nebula in the bands."""
    c = game.components
    cols = c.columns
    if r < game.spaces:
        return BOARD_X + (r % cols) * CELL_W, BOARD_Y + (r // cols) * CELL_H, CELL_W, CELL_H
    n = r - game.spaces
    edge = c.nebulae[n]
    xs = [BOARD_X + (s % cols) * CELL_W for s in edge]
    ys = [BOARD_Y + (s // cols) * CELL_H for s in edge]
    if len(set(ys)) == 1:  # a row of tiles: the nebula lies above or below it
        top = ys[0] == BOARD_Y
        y = BOARD_Y - BAND + 4 if top else BOARD_Y + c.rows * CELL_H + 4
        return min(xs) + 6, y, max(xs) + CELL_W - min(xs) - 12, BAND - 8
    left = xs[0] == BOARD_X
    x = BOARD_X - BAND + 4 if left else BOARD_X + cols * CELL_W + 4
    return x, min(ys) + 6, BAND - 8, max(ys) + CELL_H - min(ys) - 12


def _board(d: Drawing, f: Facts, focus: dict[str, Any]) -> None:
    game = f.game
    c = game.components
    x0, y0 = MARGIN, HEADER
    d.rect(
        x0, y0, c.columns * CELL_W + 2 * BAND, c.rows * CELL_H + 2 * BAND, fill="#f4f2ee", stroke=MUTED, rx=10
    )
    for r in range(game.regions):
        _region(d, f, r, focus.get("region") == r)


def _region(d: Drawing, f: Facts, r: int, highlighted: bool) -> None:
    game = f.game
    x, y, w, h = _cell_xy(game, r)
    name = A.region_name(r, game.spaces, game.components.columns)
    nebula = r >= game.spaces
    code = -1 if nebula else f.layout[r]
    if nebula:
        fill, label, kind = NEBULA_FILL, f"{name} nebula", "nebula"
    else:
        label, kind = f"{name} {tile_name(game, code)}", tile_kind(game, code)
        if code < 0:
            fill = "#ffffff"
        elif code < 15:
            fill = TRACK_FILLS[game.components.planets[code].type]
        elif code < 21:
            fill = BASE_FILL
        else:
            fill = SPECIAL_FILL
    with d.group(css="region", title=f"{label} ({kind})"):
        d.rect(
            x + 2,
            y + 2,
            w - 4,
            h - 4,
            fill=fill,
            stroke=MUTED,
            rx=6,
            dash="4 3" if code < 0 and not nebula else "",
        )
        if highlighted:
            with d.group(css="last-action"):
                d.rect(x + 1, y + 1, w - 2, h - 2, stroke=HIGHLIGHT, stroke_width=3.5, rx=7)
        vertical = nebula and w < h
        if vertical:
            d.text(x + w / 2, y + 14, name, size=11, weight="bold", anchor="middle")
        else:
            d.text(x + 7, y + 15, _short(label, 22), size=11, weight="bold")
            if not nebula and code >= 0:
                d.text(x + 7, y + 27, kind, size=9, fill=MUTED, italic=True)
        _region_pieces(d, f, r, x, y, w, h, vertical)


def _region_pieces(
    d: Drawing, f: Facts, r: int, x: float, y: float, w: float, h: float, vertical: bool
) -> None:
    game = f.game
    c = game.components
    flat = r >= game.spaces and not vertical  # a nebula band above or below the grid
    # Ships, one marker per ship in its player's colour with its type's initial; raiders as diamonds.
    pieces: list[tuple[str, str, str]] = []
    for p in range(f.players):
        for i, loc in enumerate(f.ships[p]):
            if loc == r:
                kind = game.ship_types[i]
                pieces.append(
                    (SEAT_COLOURS[p], "TFSH"[kind], f"{game.player_name(p)} {ship_type_name(kind)}")
                )
    for i, loc in enumerate(f.rpos):
        if loc == r:
            cls = RAIDER_CLASSES[game.standee_class[i]]
            pieces.append((RAIDER_FILL, cls, f"{cls}-class raider" + (" (damaged)" if f.rdmg[i] else "")))
    if vertical:
        px, py, step_x, step_y, room = x + w / 2, y + 34, 0.0, 20.0, 5
    elif flat:
        px, py, step_x, step_y, room = x + 14, y + h - 14, 20.0, 0.0, 6
    else:
        px, py, step_x, step_y, room = x + 14, y + h - 14, 20.0, 0.0, 5
    for k, (colour, letter, tip) in enumerate(pieces[:room]):
        cx, cy = px + k * step_x, py + k * step_y
        raider = colour == RAIDER_FILL
        with d.group(css="raider" if raider else "ship", title=tip):
            if raider:
                d.polygon([(cx, cy - 9), (cx + 9, cy), (cx, cy + 9), (cx - 9, cy)], fill=colour, stroke=INK)
            else:
                d.polygon([(cx - 8, cy + 7), (cx, cy - 9), (cx + 8, cy + 7)], fill=colour, stroke=INK)
            d.text(
                cx,
                cy + 4,
                letter,
                size=8,
                anchor="middle",
                weight="bold",
                fill="#ffffff" if raider or colour != SEAT_COLOURS[2] else INK,
            )
    if len(pieces) > room:
        d.text(
            px + room * step_x - 6,
            py + room * step_y + 4,
            f"+{len(pieces) - room}",
            size=9,
            weight="bold",
            title=", ".join(tip for _, _, tip in pieces[room:]),
        )
    # Leaders, as small coloured discs with their count.
    if vertical:
        lx, ly, dx, dy = x + w / 2, y + h - 14, 0.0, -17.0
    elif flat:
        lx, ly, dx, dy = x + w - 44, y + h - 14, -17.0, 0.0
    else:
        lx, ly, dx, dy = x + 14, y + 66, 17.0, 0.0
    k = 0
    for p in range(f.players):
        n = f.leaders_on[p][r]
        if not n:
            continue
        cx, cy = lx + k * dx, ly + k * dy
        with d.group(css="leader", title=f"{n} leader{'s' if n > 1 else ''} of {game.player_name(p)}"):
            d.circle(cx, cy, 7, fill=SEAT_COLOURS[p], stroke=INK)
            d.text(
                cx, cy + 3, str(n), size=8, anchor="middle", fill=INK if p == 2 else "#ffffff", weight="bold"
            )
        k += 1
    # Moon stack, development and bonus resources.
    if f.moon_top[r] >= 0:
        moon = c.moons[f.moon_top[r]]
        if vertical:
            mx, my = x + w / 2, y + h - 14 - 17 * k - 8
        else:
            mx, my = x + w - 16, y + 30
        stack = 1 + f.moon_hidden[r]
        with d.group(css="moon", title=f"top moon: {moon_text(game, f.moon_top[r])}; {stack} in the stack"):
            fill = "#d9d4e8" if moon.colour == 5 else TRACK_FILLS[moon.colour]
            d.circle(mx, my, 10, fill=fill, stroke=INK)
            d.text(mx, my + 3.5, str(stack), size=9, anchor="middle", weight="bold")
        if flat:
            d.text(x + 90, y + 15, _short(_moon_short(moon), 34), size=9)
        elif not vertical:
            d.text(x + 7, y + 41, _short(_moon_short(moon), 21), size=9)
    if f.dev[r] >= 0:
        p = f.dev[r]
        with d.group(css="development", title=f"development of {game.player_name(p)}"):
            d.rect(x + w - 44, y + h - 24, 36, 18, fill=SEAT_COLOURS[p], stroke=INK, rx=3)
            d.text(
                x + w - 26,
                y + h - 11,
                "Dev",
                size=9,
                anchor="middle",
                weight="bold",
                fill=INK if p == 2 else "#ffffff",
            )
    if any(f.bonus[r]):
        text = "+" + ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(f.bonus[r]) if n)
        if vertical:
            d.text(x + w / 2, y + 26, _short(text, 8), size=8, anchor="middle", title="bonus resources")
        elif flat:
            d.text(x + 90, y + 28, _short(text, 34), size=9, title="bonus resources")
        else:
            d.text(x + 7, y + 53, _short(text, 26), size=9, title="bonus resources")


def _moon_short(moon: Any) -> str:
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(moon.gain) if n]
    if moon.vp:
        parts.append(f"{moon.vp} VP")
    if moon.repair:
        parts.append(f"repair {moon.repair}")
    return "moon: " + ", ".join(parts)


# -- the side column: event track, market, raiders, decks ----------------------------------------


def _side(d: Drawing, f: Facts, x: float, y: float, focus: dict[str, Any]) -> float:
    """The side column; returns its bottom."""
    game = f.game
    c = game.components
    d.text(x, y + 14, "Event track", size=13, weight="bold")
    pos = f.event_pos
    for k in range(c.event_end + 1):
        cx = x + 12 + k * 34
        here = pos == k
        with d.group(css="event-space", title=f"event track space {k}" + (" (event marker)" if here else "")):
            d.rect(cx - 12, y + 22, 28, 22, fill="#ffffff" if not here else "#444444", stroke=MUTED, rx=3)
            d.text(cx + 2, y + 37, str(k), size=10, anchor="middle", fill="#ffffff" if here else INK)
    if pos == MARKER_ON_STATION:
        d.text(x, y + 58, f"Event marker on {game.player_name(max(0, f.event_holder))}'s station", size=10)
    elif pos == MARKER_REMOVED:
        d.text(x, y + 58, "Event marker removed", size=10)
    # Module market: one column per module type.
    top = y + 84
    d.text(x, top, "Module market", size=13, weight="bold")
    col_w = SIDE_W / 4
    for k, column in enumerate(f.market):
        cx = x + k * col_w
        d.text(cx + 2, top + 16, TRACKS[k], size=10, fill=TRACK_INKS[k], weight="bold")
        for i, m in enumerate(column):
            box_y = top + 22 + i * 40
            hit = focus.get("market") == (k, i)
            name = c.modules[m].name if m >= 0 else "(empty)"
            with d.group(css="market-module", title=f"{TRACKS[k]} column space {i + 1}: {name}"):
                d.rect(
                    cx + 1,
                    box_y,
                    col_w - 4,
                    36,
                    fill=TRACK_FILLS[k],
                    stroke=HIGHLIGHT if hit else MUTED,
                    stroke_width=3 if hit else 1,
                    rx=4,
                )
                words = name.split(" ")
                d.text(cx + 5, box_y + 14, _short(words[0], 13), size=9.5)
                if len(words) > 1:
                    d.text(cx + 5, box_y + 27, _short(" ".join(words[1:]), 13), size=9.5)
    # Raiders in play.
    top += 22 + 3 * 40 + 20
    d.text(x, top, "Raiders", size=13, weight="bold")
    for i, k in enumerate(f.raider_cards):
        raider = c.raiders[k]
        on_board = sum(1 for s, loc in enumerate(f.rpos) if loc >= 0 and game.standee_class[s] == raider.cls)
        ry = top + 18 + i * 17
        with d.group(css="raider-card", title=f"range {raider.range}, weapons {raider.weapons}"):
            d.polygon(
                [(x + 6, ry - 10), (x + 13, ry - 4), (x + 6, ry + 2), (x - 1, ry - 4)], fill=RAIDER_FILL
            )
            d.text(
                x + 20,
                ry,
                f"{RAIDER_CLASSES[raider.cls]}  {raider.name} · "
                f"range {raider.range}, weapons {raider.weapons} · on board {on_board}",
                size=10,
            )
    top += 18 + len(f.raider_cards) * 17 + 10
    d.text(x, top, "Tokens and decks", size=13, weight="bold")
    with d.group(css="supply"):
        row = 0
        for line in f.supply_lines():
            for part in _split(line, 56):
                d.text(x, top + 16 + row * 14, part, size=10)
                row += 1
    top += 16 + row * 14 + 12
    return top


LEGEND = (
    "Legend: ▲ ship in its player's colour (T transport, F fighter, S science vessel, H heavy cruiser) · "
    "◆ raider with its class · ● leaders (count) · ○ moon stack (count, top moon written in the tile) · "
    "Dev development · ✕ damaged module · ○ on a module: a slotted moon · thick outline: the last action"
)


# -- player stations --------------------------------------------------------------------------


def _station(
    d: Drawing, f: Facts, p: int, x: float, y: float, w: float, h: float, focus: dict[str, Any]
) -> None:
    game = f.game
    c = game.components
    colour = SEAT_COLOURS[p]
    active = f.to_act == p
    name = game.player_name(p)
    you = " (you)" if f.viewer == p else ""
    with d.group(css="station", title=f"{name}'s station"):
        d.rect(
            x,
            y,
            w,
            h,
            fill="#ffffff",
            stroke=INK if active else MUTED,
            stroke_width=2.5 if active else 1,
            rx=8,
        )
        d.rect(x, y, 10, h, fill=colour, rx=3)
        faction = c.factions[f.faction[p]].name if f.faction[p] >= 0 else "choosing a faction"
        d.text(x + 20, y + 20, f"{name}{you} · {faction}", size=14, weight="bold")
        d.text(x + w - 14, y + 20, f"{f.vp[p]} VP", size=15, weight="bold", anchor="end")
        if active:
            d.text(x + w - 70, y + 20, "to act ▸", size=11, anchor="end", fill=INK, italic=True)
        # Resources with their limits.
        for i, v in enumerate(f.res[p]):
            rx = x + 20 + i * 112
            d.text(rx, y + 40, f"{RESOURCES[i]} {v}/{RESOURCE_CAPS[i]}", size=11)
        # Progress tracks as bars.
        for i, v in enumerate(f.tracks[p]):
            tx, ty = x + 20 + i * 112, y + 50
            top_space = len(c.tracks[i].vp) - 1
            with d.group(css="track", title=f"{TRACKS[i]} track: space {v} of {top_space}"):
                d.rect(tx, ty, 100, 9, fill="#eeeeee", rx=2)
                d.rect(tx, ty, 100 * v / max(1, top_space), 9, fill=TRACK_INKS[i], rx=2)
                d.text(tx, ty + 21, f"{TRACKS[i]} {v}", size=10, fill=TRACK_INKS[i])
        # Hidden and public cards, tokens, leaders, upgrades.
        hand = f.hand(p)
        if hand is None:
            cards = f"{f.hand_size(p)} tactics card{'s' if f.hand_size(p) != 1 else ''} (face down)"
        else:
            names = [c.tactics[k].name for k, n in enumerate(hand) for _ in range(n)]
            cards = "tactics cards: " + (", ".join(names) or "none")
        with d.group(css="hand"):
            d.text(x + 590, y + 40, _short(cards, 80), size=11)
        tokens = f.tokens(p)
        count = f.token_count(p)
        tok = f"{count} discovery token{'s' if count != 1 else ''}" + (
            " (face down)" if tokens is None else ""
        )
        held = sum(f.sheld[p])
        extra = [
            tok,
            f"{held} supremacy token{'s' if held != 1 else ''}",
            f"{f.leaders_home[p]} leaders at home",
        ]
        upgraded = [ship_type_name(t) for t, tile in enumerate(f.upgrades[p]) if tile >= 0]
        d.text(x + 590, y + 56, " · ".join(extra), size=10)
        if upgraded:
            d.text(x + 590, y + 71, "upgraded ships: " + ", ".join(upgraded), size=10)
        if game.options["destiny"]:
            dest = f.destiny(p)
            text = (
                ("destiny card (face down)" if f.destiny_held(p) else "no destiny card")
                if dest is None
                else (f"destiny: {game.components.destiny[dest].name}" if dest >= 0 else "no destiny card")
            )
            d.text(x + w - 14, y + 71, text, size=10, anchor="end")
        places = f.ship_places(p)
        ships = "; ".join(
            f"{where}: {ships_text(game, idx)}" for where, idx in places.items() if where != "board"
        )
        d.text(x + 20, y + 90, _short("ships in " + ships, 150), size=10)
        claimed = ", ".join(moon_text(game, m) for m in f.claimed[p])
        tacops = moon_text(game, f.tacops[p]) if f.tacops[p] >= 0 else "empty"
        d.text(
            x + 20,
            y + 104,
            _short(
                f"tactical operations: {tacops}" + (f" · claimed moons: {claimed}" if claimed else ""), 150
            ),
            size=10,
        )
        # Station modules.
        top = y + 112
        mod_w = 118
        per_row = int((w - 30) // mod_w)
        for i, k in enumerate(f.station[p]):
            row, col = divmod(i, per_row)
            if row > 1:
                d.text(x + 20, top + 2 * 40 + 6, f"+{len(f.station[p]) - i} more modules", size=10)
                break
            module = c.modules[k]
            mx, my = x + 20 + col * mod_w, top + row * 42
            hit = focus.get("module") == (p, i)
            damaged = bool(f.mdmg[p][i])
            tip = f"#{i} {module.name} ({TRACKS[module.type]})" + (" damaged" if damaged else "")
            with d.group(css="module", title=tip):
                d.rect(
                    mx,
                    my,
                    mod_w - 6,
                    38,
                    fill=TRACK_FILLS[module.type],
                    stroke=HIGHLIGHT if hit else TRACK_INKS[module.type],
                    stroke_width=3 if hit else 1,
                    rx=4,
                )
                d.text(mx + 4, my + 13, f"#{i}", size=9, fill=MUTED)
                d.text(mx + 4, my + 28, _short(module.name, 17), size=10)
                if damaged:
                    d.text(
                        mx + mod_w - 12, my + 14, "✕", size=13, anchor="end", fill="#b00020", weight="bold"
                    )
                moon = f.mmoon[p][i]
                if moon >= 0:
                    colour_m = c.moons[moon].colour
                    d.circle(
                        mx + mod_w - 16,
                        my + 28,
                        6,
                        fill="#d9d4e8" if colour_m == 5 else TRACK_FILLS[colour_m],
                        stroke=INK,
                    )
