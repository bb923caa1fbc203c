"""SVG pictures of Age of Galaxy states and views.

The Galaxy (five System cards with their planets, Exploration tokens and the
Galactic Fleet marker), the Main board (Explore, Manufacture, Retrieve and
Scavenge sections, the Nominate spaces), the three Trade cards, and one
Player board per player: resources, Action discs, Alliance, Technologies
and Faction cards (face down in a view).  Seats use the Okabe-Ito
colour-blind-safe colours (:data:`boardgames.kernel.svg.PLAYER_COLOURS`) and
are always labelled with their names too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy import actions as A
from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS, gains_text, planet_name
from boardgames.games.age_of_galaxy.components import IDEOLOGIES, PLANET_TYPES, RESOURCES
from boardgames.games.age_of_galaxy.render import (
    LEVELS,
    SECTIONS,
    STAGE_NAMES,
    Facts,
    action_text,
    decision_of,
    owner_name,
)
from boardgames.games.age_of_galaxy.state import (
    END,
    NP,
    ROUNDS,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    VO_INFLUENCE,
    VO_PRESTIGE,
    VO_STRENGTH,
    AgeState,
    AgeView,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.svg import BACKGROUND, INK, MUTED, PLAYER_COLOUR_NAMES, Drawing, player_colour

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

__all__ = ["picture"]

PLANET_FILLS = ("#d4ecf7", "#f2d9a0", "#7fb3d5", "#e08b6b", "#9ccc8f", "#c4beb4")
"""arctic, desert, oceanic, volcanic, verdant, barren."""
IDEOLOGY_FILLS = ("#e3cdef", "#cfe3f1", "#dedede", "#f8d2bf", "#d5edcf")
NP_FILL = "#a0a0a0"
VO_FILL = "#3a3a3a"
HIGHLIGHT = "#000000"
MARGIN = 16
HEADER = 64
CARD_W, CARD_H = 238, 236


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _disc_colour(owner: int) -> str:
    if owner == NP:
        return NP_FILL
    if owner == VO:
        return VO_FILL
    return player_colour(owner)


def seat_label(game: Any, p: int) -> str:
    """``P0 (Blue)``: the seat's name and its colour's name."""
    return f"{game.player_name(p)} ({PLAYER_COLOUR_NAMES[p % len(PLAYER_COLOUR_NAMES)]})"


def _disc(d: Drawing, x: float, y: float, owner: int, game: Any, r: float = 7.0, note: str = "") -> None:
    with d.group(css="disc", title=owner_name(game, owner) + note):
        d.circle(x, y, r, fill=_disc_colour(owner), stroke=INK)
        if owner in (NP, VO):
            d.text(
                x, y + 3, "N" if owner == NP else "V", size=8, anchor="middle", fill="#ffffff", weight="bold"
            )


def picture(T: Tables, target: AgeState | AgeView, last_action: Action | None = None) -> str:
    f = Facts(T, target)
    game = f.game
    width = MARGIN * 2 + 5 * CARD_W + 4 * 8
    board_y = HEADER + CARD_H + 14
    board_h = 196
    players_y = board_y + board_h + 14
    panel_h = 214
    height = players_y + T.n * (panel_h + 8) + (60 if T.solo else 0) + MARGIN
    title = "Age of Galaxy" + (f", as {game.player_name(f.viewer)} sees it" if f.viewer is not None else "")
    d = Drawing(width, height, title=title)
    d.rect(0, 0, width, height, fill=BACKGROUND)
    focus = _focus(f, last_action)
    _header(d, T, f, width, last_action)
    for pos in range(5):
        _system(d, T, f, pos, MARGIN + pos * (CARD_W + 8), HEADER, focus)
    _main_board(d, T, f, MARGIN, board_y, width - 2 * MARGIN, board_h, focus)
    for i, p in enumerate(range(T.n)):
        _player_board(d, T, f, p, MARGIN, players_y + i * (panel_h + 8), width - 2 * MARGIN, panel_h, focus)
    if T.solo:
        vo = f.vo
        y = players_y + T.n * (panel_h + 8)
        with d.group(css="virtual-opponent"):
            d.rect(MARGIN, y, width - 2 * MARGIN, 48, fill="#ffffff", stroke=MUTED, rx=8)
            d.circle(MARGIN + 20, y + 24, 9, fill=VO_FILL)
            d.text(
                MARGIN + 38,
                y + 29,
                f"Virtual Opponent · Cruisers {vo[VO_CRUISERS]} · influence "
                f"{vo[VO_INFLUENCE]} · prestige {vo[VO_PRESTIGE]} · strength {vo[VO_STRENGTH]} · "
                f"Action discs used {vo[VO_DISCS]}",
                size=12,
            )
    return str(d)


def _focus(f: Facts, action: Action | None) -> dict[str, Any]:
    """Where the last action has a place on the board."""
    if action is None:
        return {}
    if isinstance(action, A.Colonize | A.Develop | A.Acquire | A.Surrender):
        return {"planet": action.slot}
    if isinstance(action, A.Explore):
        return {"spot": action.spot}
    if isinstance(action, A.Trade):
        return {"trade": action.position}
    if isinstance(action, A.Nominate):
        return {"nominate": action.space}
    if isinstance(action, A.Manufacture | A.Retrieve | A.Scavenge):
        return {"section": (A.Manufacture, A.Retrieve, A.Scavenge).index(type(action))}
    if isinstance(action, A.Research) and f.to_act >= 0:
        return {"tech": (f.to_act, action.tech)}
    return {}


def _header(d: Drawing, T: Tables, f: Facts, width: float, last_action: Action | None) -> None:
    game = f.game
    stage = STAGE_NAMES[f.stage] if f.stage != END else "Game End"
    when = f"round {min(f.round, ROUNDS)} of {ROUNDS}" if f.round else "before round 1"
    title = f"Age of Galaxy · {when} · {stage}"
    if f.viewer is not None:
        title += f" · view of {seat_label(game, f.viewer)}"
    d.text(MARGIN, 24, title, size=17, weight="bold")
    who = f.to_act
    x = MARGIN
    if who >= 0:
        d.circle(MARGIN + 7, 45, 7, fill=_disc_colour(who), stroke=INK)
        x += 20
    order = " → ".join(game.player_name(p) for p in f.order)
    with d.group(css="decision"):
        d.text(x, 50, _short(decision_of(T, f), 140), size=13)
    d.text(width - MARGIN, 50, f"turn order: {order}", size=12, anchor="end")
    if last_action is not None:
        d.text(
            width - MARGIN,
            24,
            _short("Last action: " + _last_text(T, f, last_action), 90),
            size=12,
            anchor="end",
            italic=True,
        )


def _last_text(T: Tables, f: Facts, action: Action) -> str:
    """The last action's text; a view never names the Faction card drawn, discarded or drafted."""
    if f.viewer is not None:
        if isinstance(action, A.Draw):
            return "a Faction card is drawn"
        if isinstance(action, A.Discard | A.Draft):
            return f"a Faction card is {'discarded' if isinstance(action, A.Discard) else 'drafted'}"
    return action_text(T, f, action)


def _system(d: Drawing, T: Tables, f: Facts, pos: int, x: float, y: float, focus: dict[str, Any]) -> None:
    c = T.c
    if pos >= len(f.systems):
        with d.group(css="system face-down", title=f"System card {pos + 1}: face down"):
            d.rect(x, y, CARD_W, CARD_H, fill="#2f3550", stroke=INK, rx=10)
            d.text(
                x + CARD_W / 2,
                y + CARD_H / 2,
                f"System card {pos + 1}",
                size=13,
                anchor="middle",
                fill="#ffffff",
                weight="bold",
            )
            d.text(x + CARD_W / 2, y + CARD_H / 2 + 18, "face down", size=11, anchor="middle", fill="#d0d4e8")
        return
    card = c.systems[f.systems[pos]]
    fleet = f.fleet == pos
    with d.group(css="system", title=f"System card {pos + 1}: {card.name}"):
        d.rect(
            x,
            y,
            CARD_W,
            CARD_H,
            fill="#ffffff",
            stroke=INK if fleet else MUTED,
            stroke_width=2.5 if fleet else 1,
            rx=10,
        )
        d.text(x + 10, y + 20, _short(f"{pos + 1}. {card.name}", 17 if fleet else 30), size=13, weight="bold")
        if fleet:
            with d.group(css="galactic-fleet", title="Galactic Fleet marker"):
                d.rect(x + CARD_W - 92, y + 7, 84, 18, fill="#333333", rx=9)
                d.text(
                    x + CARD_W - 50,
                    y + 20,
                    "Galactic Fleet",
                    size=9.5,
                    anchor="middle",
                    fill="#ffffff",
                    weight="bold",
                )
        for k in range(PLANET_SLOTS):
            slot = pos * PLANET_SLOTS + k
            _planet(d, T, f, slot, x + 8, y + 32 + k * 44, focus.get("planet") == slot)
        # Exploration points along the bottom.
        ey = y + CARD_H - 20
        d.text(x + 10, ey + 4, "Exploration:", size=10, fill=MUTED)
        for k in range(EXPLORE_SLOTS):
            spot = pos * EXPLORE_SLOTS + k
            ex = x + 100 + k * 44
            token = bool(f.espots >> spot & 1)
            hit = focus.get("spot") == spot
            tip = f"Exploration point {pos + 1}.{k + 1}" + (
                ": a face-down Exploration token" if token else ": empty"
            )
            with d.group(css="exploration-token" if token else "exploration-point", title=tip):
                d.hexagon(
                    ex,
                    ey,
                    11,
                    fill="#5b4a8b" if token else "#f2f2f2",
                    stroke=HIGHLIGHT if hit else MUTED,
                    stroke_width=3 if hit else 1,
                )
                d.text(
                    ex,
                    ey + 3.5,
                    "?" if token else f"{pos + 1}.{k + 1}",
                    size=8 if not token else 10,
                    anchor="middle",
                    fill="#ffffff" if token else MUTED,
                    weight="bold",
                )


def _planet(d: Drawing, T: Tables, f: Facts, slot: int, x: float, y: float, hit: bool) -> None:
    game = f.game
    kind = f.pkind[slot]
    if kind < 0:
        return
    planet = T.c.planet_kinds[kind]
    owner, level = f.powner[slot], f.plevel[slot]
    holder = f" · {LEVELS[level]} by {owner_name(game, owner)}" if owner >= 0 else ""
    kind_name = PLANET_TYPES[planet.type]
    token = " (a Planet token)" if planet.token else ""
    gains = gains_text(planet.reward)
    tip = f"planet {planet_name(slot)}: {kind_name}{token}, Colonize gains {gains}{holder}"
    with d.group(css="planet", title=tip):
        if hit:
            with d.group(css="last-action"):
                d.rect(x - 3, y - 2, CARD_W - 10, 42, stroke=HIGHLIGHT, stroke_width=3, rx=6)
        d.circle(x + 16, y + 19, 15, fill=PLANET_FILLS[planet.type], stroke=INK)
        d.text(x + 16, y + 23, planet_name(slot), size=10, anchor="middle", weight="bold")
        d.text(x + 38, y + 15, PLANET_TYPES[planet.type] + (" (token)" if planet.token else ""), size=11)
        d.text(x + 38, y + 30, _short("gain " + gains_text(planet.reward), 24), size=10, fill=MUTED)
        if owner >= 0:
            ox = x + CARD_W - 36
            if level == 3:  # a Cruiser conquers the planet
                d.polygon(
                    [(ox - 9, y + 27), (ox, y + 9), (ox + 9, y + 27)], fill=_disc_colour(owner), stroke=INK
                )
            else:
                d.circle(ox, y + 19, 9, fill=_disc_colour(owner), stroke=INK)
                if level == 2:  # Developed: a second ring
                    d.circle(ox, y + 19, 13, stroke=_disc_colour(owner), stroke_width=2.5)
            if owner in (NP, VO):
                d.text(ox, y + 22, "N" if owner == NP else "V", size=8, anchor="middle", fill="#ffffff")
            d.text(ox - 16, y + 23, LEVELS[level], size=9, anchor="end", fill=INK)


def _main_board(
    d: Drawing, T: Tables, f: Facts, x: float, y: float, w: float, h: float, focus: dict[str, Any]
) -> None:
    game = f.game
    c = T.c
    with d.group(css="main-board", title="Main board"):
        d.rect(x, y, 470, h, fill="#ffffff", stroke=MUTED, rx=10)
        d.text(x + 10, y + 20, "Main board", size=13, weight="bold")
        # Explore section: stacked discs per player.
        rows = [("Explore", [p for p in range(T.n) for _ in range(f.explore_discs[p])], -1)]
        rows += [
            (name, list(owners), k)
            for k, (name, owners) in enumerate(zip(SECTIONS, f.sections, strict=False))
        ]
        for i, (name, owners, k) in enumerate(rows):
            ry = y + 42 + i * 26
            hit = k >= 0 and focus.get("section") == k
            with d.group(css="section", title=f"{name} section"):
                d.rect(
                    x + 8,
                    ry - 14,
                    220,
                    22,
                    fill="#f3f1ec",
                    stroke=HIGHLIGHT if hit else "#dddddd",
                    stroke_width=3 if hit else 1,
                    rx=4,
                )
                d.text(x + 14, ry + 1, name, size=11)
                for j, owner in enumerate(owners[:10]):
                    _disc(d, x + 104 + j * 12, ry - 3, owner, game, r=6)
        # Nominate spaces.
        d.text(x + 244, y + 42, "Nominate", size=11, weight="bold")
        for k, (space, owner) in enumerate(zip(c.nominate, f.nominate, strict=False)):
            nx, ny = x + 256 + (k % 3) * 70, y + 66 + (k // 3) * 46
            hit = focus.get("nominate") == k
            with d.group(css="nominate-space", title=f"Nominate space {k + 1}: {space.prestige} prestige"):
                d.rect(
                    nx - 12,
                    ny - 16,
                    60,
                    38,
                    fill="#f3f1ec",
                    stroke=HIGHLIGHT if hit else "#cccccc",
                    stroke_width=3 if hit else 1,
                    rx=5,
                )
                d.text(nx - 6, ny - 3, f"{k + 1}", size=9, fill=MUTED)
                d.text(nx + 34, ny - 3, f"{space.prestige}★", size=11, anchor="end", weight="bold")
                if owner >= 0:
                    _disc(d, nx + 18, ny + 10, owner, game)
        supply = (
            f"Faction deck: {f.deck_size()} cards · face-up discards: {bin(f.played).count('1')}",
            f"Exploration tokens unseen: {bin(f.unseen).count('1')} · "
            f"Planet tokens in the supply: {bin(f.ptokens).count('1')}",
        )
        for i, line in enumerate(supply):
            d.text(x + 10, y + h - 26 + i * 14, line, size=10, fill=MUTED)
    # Trade cards.
    tx0 = x + 480
    tw = (w - 480 - 16) / 3
    for i, t in enumerate(f.trade):
        trade = c.trade_cards[t]
        flipped = bool(f.flipped >> i & 1)
        tx = tx0 + i * (tw + 8)
        hit = focus.get("trade") == i
        with d.group(
            css="trade-card", title=f"Trade card {i + 1}: {trade.name}" + (" (flipped)" if flipped else "")
        ):
            d.rect(
                tx,
                y,
                tw,
                h,
                fill="#fffdf5" if not flipped else "#f1efe6",
                stroke=HIGHLIGHT if hit else MUTED,
                stroke_width=3 if hit else 1,
                rx=10,
            )
            d.text(tx + 10, y + 20, f"Trade card {i + 1}: {trade.name}", size=12, weight="bold")
            if flipped:
                d.text(
                    tx + 10,
                    y + 36,
                    "flipped: its Action space is open to all",
                    size=10,
                    fill=MUTED,
                    italic=True,
                )
            else:
                discs = f.tdiscs[i]
                for k in range(len(trade.spaces)):
                    sx = tx + 18 + k * 24
                    if k < len(discs):
                        _disc(d, sx, y + 38, discs[k], game, r=8)
                    else:
                        d.circle(sx, y + 38, 8, fill="#ffffff", stroke="#bbbbbb")
            options = trade.back if flipped else trade.exchanges
            for k, ex in enumerate(options):
                oy = y + 64 + k * 30
                d.text(tx + 10, oy, f"option {k + 1}: give {gains_text(ex.give)}", size=10)
                d.text(tx + 24, oy + 13, f"get {gains_text(ex.get)}", size=10, fill="#1d5e2e")


def _player_board(
    d: Drawing, T: Tables, f: Facts, p: int, x: float, y: float, w: float, h: float, focus: dict[str, Any]
) -> None:
    game = f.game
    c = T.c
    colour = player_colour(p)
    active = f.to_act == p
    b = p * 8
    points = f.scores()[p]
    you = " (you)" if f.viewer == p else ""
    with d.group(css="player-board", title=f"Player board of {seat_label(game, p)}"):
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
        turn = f.order.index(p) + 1 if p in f.order else 0
        d.text(x + 20, y + 21, f"{seat_label(game, p)}{you} · turn order {turn}", size=14, weight="bold")
        d.text(x + w - 14, y + 21, f"{points:g} VP", size=15, weight="bold", anchor="end")
        if active:
            d.text(x + w - 80, y + 21, "to act ▸", size=11, anchor="end", italic=True)
        # Resources.
        for i in range(8):
            rx = x + 20 + i * 96
            with d.group(css="resource", title=RESOURCES[i]):
                d.rect(rx, y + 30, 90, 34, fill="#f6f5f1", stroke="#dddddd", rx=4)
                d.text(rx + 45, y + 44, RESOURCES[i], size=9.5, anchor="middle", fill=MUTED)
                d.text(rx + 45, y + 59, str(f.res[b + i]), size=13, anchor="middle", weight="bold")
        d.text(
            x + 800, y + 44, f"Action discs: {f.discs[p]} in supply, {f.board_discs[p]} on the board", size=11
        )
        if f.telescope[p]:
            d.text(x + 800, y + 60, f"Deep Space Telescope: {f.telescope[p]} Exploration tokens", size=11)
        # Alliance.
        d.text(x + 20, y + 84, "Alliance", size=11, weight="bold")
        for k, card in enumerate(f.alliance[p][:8]):
            fc = c.factions[card]
            _card(d, x + 20 + k * 96, y + 90, fc.name, IDEOLOGIES[fc.ideology], IDEOLOGY_FILLS[fc.ideology])
        if f.ideology[p] >= 0:
            fc = c.factions[f.ideology[p]]
            d.text(x + 20, y + 146, f"True Major Ideology: {fc.name} ({IDEOLOGIES[fc.ideology]})", size=10)
        # Technologies: the Player board's three paths, bottom row first.
        tx, ty = x + 800, y + 74
        d.text(tx, ty + 10, "Technologies", size=11, weight="bold")
        for t in c.technologies:
            if t.path < 0:
                continue
            cx, cy = tx + t.path * 124, ty + 18 + (2 - t.tier) * 30
            done = bool(f.techs[p] >> t.index & 1)
            hit = focus.get("tech") == (p, t.index)
            with d.group(
                css="technology researched" if done else "technology",
                title=t.name + (" (researched)" if done else ""),
            ):
                d.rect(
                    cx,
                    cy,
                    118,
                    26,
                    fill=colour if done else "#f4f4f4",
                    stroke=HIGHLIGHT if hit else "#cccccc",
                    stroke_width=3 if hit else 1,
                    rx=4,
                )
                d.text(
                    cx + 59,
                    cy + 17,
                    _short(t.name, 19),
                    size=9.5,
                    anchor="middle",
                    fill="#ffffff" if done and p in (0, 3) else INK,
                    weight="bold" if done else "normal",
                )
        extra = [t.name for t in c.technologies if t.path < 0 and f.techs[p] >> t.index & 1]
        if extra:
            d.text(tx, ty + 122, _short("Faction Technologies: " + ", ".join(extra), 60), size=10)
        # Cards in hand: faces for the viewer (or all-seeing), backs otherwise.
        hand = f.hand(p)
        hy = y + 160
        d.text(x + 20, hy + 10, "Hand", size=11, weight="bold")
        if hand is None:
            n = f.hand_size(p)
            with d.group(css="hand face-down", title=f"{n} Faction cards, face down"):
                for k in range(min(n, 10)):
                    d.rect(x + 60 + k * 14, hy, 22, 32, fill="#2f3550", stroke="#ffffff", rx=3)
                d.text(
                    x + 60 + min(n, 10) * 14 + 18,
                    hy + 20,
                    f"{n} card{'s' if n != 1 else ''} (face down)",
                    size=10,
                )
        else:
            with d.group(css="hand"):
                for k, card in enumerate(hand[:7]):
                    fc = c.factions[card]
                    _card(
                        d,
                        x + 60 + k * 96,
                        hy - 4,
                        fc.name,
                        IDEOLOGIES[fc.ideology],
                        IDEOLOGY_FILLS[fc.ideology],
                    )
                if len(hand) > 7:
                    d.text(x + 60 + 7 * 96, hy + 20, f"+{len(hand) - 7}", size=11)
                if not hand:
                    d.text(x + 60, hy + 20, "no cards", size=10, fill=MUTED)
        gone = f.discards(p)
        discarded = f"{f.discard_size(p)} discarded" + (" (face down)" if gone is None else "")
        packet = f.packet(p)
        if packet:
            names = ", ".join(c.factions[k].name for k in packet)
            discarded = f"drafting from: {names} · {discarded}"
        elif packet is None and f.packet_size(p):
            discarded = f"drafting from {f.packet_size(p)} cards (face down) · {discarded}"
        d.text(x + w - 14, y + h - 10, _short(discarded, 110), size=10, anchor="end", fill=MUTED)


def _card(d: Drawing, x: float, y: float, name: str, ideology: str, fill: str) -> None:
    with d.group(css="faction-card", title=f"{name} ({ideology})"):
        d.rect(x, y, 90, 44, fill=fill, stroke=MUTED, rx=4)
        d.text(x + 5, y + 16, _short(name, 14), size=10, weight="bold")
        d.text(x + 5, y + 32, ideology, size=9, fill=INK, italic=True)
