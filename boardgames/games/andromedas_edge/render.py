"""Text pictures of Andromeda's Edge positions and log lines for actions."""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.components import RESOURCES, TRACKS
from boardgames.games.andromedas_edge.work import Task
from boardgames.kernel.actions import Action


def _region(s: Any, r: int) -> str:
    game = s.game
    name = A.region_name(r, game.spaces, game.components.columns)
    if r >= game.spaces:
        return name
    code = s.layout[r]
    if code < 0:
        return f"{name} --"
    if code < 15:
        return f"{name} {game.components.planets[code].name}"
    if code < 21:
        from boardgames.games.andromedas_edge.components import ALLIANCE_BASES

        return f"{name} {ALLIANCE_BASES[code - 15]}"
    return f"{name} {game.special_tiles[code - 21].name}"


def render(s: Any) -> str:
    game = s.game
    c = game.components
    lines = [f"Andromeda's Edge, {game.players} players, terminus {game.terminus} VP, turn {s.turn}"]
    marker = {-1: "removed", -2: f"on {game.player_name(max(0, s.event_holder))}'s station"}
    lines.append(f"event marker: {marker.get(s.event_pos, str(s.event_pos))}/{c.event_end}")
    for r in range(game.regions):
        bits = []
        for p in range(game.players):
            ships = sum(1 for loc in s.ships[p] if loc == r)
            if ships:
                bits.append(f"{game.player_name(p)} x{ships}")
        raiders = sum(1 for loc in s.rpos if loc == r)
        if raiders:
            bits.append(f"raiders x{raiders}")
        if s.dev[r] >= 0:
            bits.append(f"development of {game.player_name(s.dev[r])}")
        if s.moon_top[r] >= 0:
            bits.append(f"moon {s.moon_top[r]} (+{s.moon_hidden[r]} below)")
        if (r < game.spaces and s.layout[r] >= 0) or r >= game.spaces:
            lines.append(f"  {_region(s, r):28} {', '.join(bits)}")
    for p in range(game.players):
        res = " ".join(f"{RESOURCES[i][:3]}={v}" for i, v in enumerate(s.res[p]))
        tracks = " ".join(f"{TRACKS[i][:3]}={v}" for i, v in enumerate(s.tracks[p]))
        faction = c.factions[s.faction[p]].name if s.faction[p] >= 0 else "(choosing)"
        lines.append(
            f"{game.player_name(p)} [{faction}] VP {s.vp[p]}: {res} | {tracks} | cards {sum(s.hands[p])}"
        )
        mods = ", ".join(
            f"#{i} {c.modules[k].name}{'*' if d else ''}"
            for i, (k, d) in enumerate(zip(s.station[p], s.mdmg[p]))
        )
        lines.append(f"    station: {mods}")
        if len(s.irow[p]) > 1:
            row = " ".join(f"#{i}" for i in s.irow[p])
            moons = " ".join(str(m) if m >= 0 else "-" for m in s.half[p])
            lines.append(f"    industry row: {row} (half-moon slots: {moons})")
    if s.tasks:
        head = s.tasks[0]
        names = {v: k for k, v in vars(Task).items() if k.isupper() and isinstance(v, int)}
        lines.append(f"next: {names.get(head[0], head[0]).lower()}")
    if s.truncated:
        lines.append("game stopped at the turn limit (truncated)")
    return "\n".join(lines)


def describe(s: Any, action: Action, viewer: int | None) -> str:
    """A log line; hides from ``viewer`` the cards others draw or peek at and the tokens they take."""
    game = s.game
    who = game.player_name(s.current_player) if s.current_player >= 0 else "chance"
    task = s.tasks[0] if s.tasks else (0, -1)
    owner = task[1]
    hidden = viewer is not None and viewer != owner
    if hidden and game.teams and owner >= 0 and viewer == game.teammate(owner):
        hidden = False  # 2v2: teammates share hidden information
    if isinstance(action, A.DrawnTactic):
        name = game.components.tactics[action.kind].name
        return f"{game.player_name(owner)} draws a tactics card" + ("" if hidden else f": {name}")
    if isinstance(action, A.EventRevealed) and task[0] == Task.PEEK_DRAW:
        return f"{game.player_name(owner)} looks at an event card" + ("" if hidden else f": {action.card}")
    if isinstance(action, A.KeepOnTop) and hidden:
        return f"{who} returns one card to the top of the event deck and one to the bottom"
    if isinstance(action, A.TakeToken) and hidden:
        return f"{who} claims a discovery token"
    if isinstance(action, A.ChooseDestiny) and hidden:
        return f"{who} keeps a destiny card"
    if isinstance(action, A.DiscardTactic) and hidden:
        return f"{who} discards a tactics card: {game.components.tactics[action.kind].name}"
    if isinstance(action, A.PlayTactic):
        return f"{who} plays {game.components.tactics[action.kind].name}"
    return f"{who}: {action}"
