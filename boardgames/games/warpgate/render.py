"""Text pictures of Warpgate positions and log lines for actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate.components import ACTION_TITLES, ACTIONS, PLANET_TYPES
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, TERMINAL

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["describe", "render_state"]


def _action_title(index: int) -> str:
    return ACTION_TITLES[ACTIONS[index]] if 0 <= index < len(ACTIONS) else "Draw"


def render_state(s: WarpgateState) -> str:
    """A readable picture: round and turn, the map by place, then each player's table."""
    from boardgames.games.warpgate.state import STEPS

    t = s.t
    n = s.game.players
    lines = []
    if s.is_terminal:
        lines.append(f"Warpgate, {n} players: game over after round {s.round}")
    else:
        who = "chance" if s.current_player == CHANCE else f"player {s.current_player}"
        lines.append(
            f"Warpgate, {n} players: round {s.round}/{s.game.rounds}, player {s.active}'s turn "
            f"{s.slot + 1} of 4; {who} to act ({STEPS[s.pend.step]}"
            + (f", {_action_title(s.pend.action)} X={s.pend.x})" if s.pend.action >= 0 else ")")
        )
    lines.append("Places:")
    for place, name in enumerate(t.place_names):
        kind = "warpgate" if t.place_type[place] < 0 else PLANET_TYPES[t.place_type[place]]
        bits = [f"  {name:<12} {kind:<9}{' trade' if t.trade[place] else '      '}"]
        if s.owner[place] >= 0:
            bits.append(f"P{s.owner[place]} x{s.ships[place]}")
        if s.marker[place] >= 0:
            bits.append(f"{'colony' if s.colony[place] else 'outpost'} P{s.marker[place]}")
        drones = [f"drone P{p}" for p in range(n) if s.drone[p] == place]
        bits.extend(drones)
        lines.append("  ".join(bits))
    lines.append(f"Technologies available: {', '.join(t.tech_names[c] for c in s.tech_avail) or 'none'}"
                 f" ({len(s.tech_deck)} in deck); trade goods left: {s.goods_pool}")
    scores = s.scores()
    for p in range(n):
        lines.append(
            f"P{p} {t.faction_names[s.faction[p]]}: supply {s.supply[p]}, markers left {s.markers_left(p)}, "
            f"trade goods {s.goods[p]}+{s.spent[p]} spent, techs {len(s.techs[p])}, hand {len(s.hand[p])}, "
            f"played [{', '.join(t.card_names[c] for c in s.played[p])}], {scores[p]:g} VP"
        )
    return "\n".join(lines)


def describe(s: WarpgateState, action: Action, viewer: int | None = None) -> str:
    """A log line for ``viewer`` (None: a spectator who sees everything).

    Another player's drawn action card or objective is not named.
    """
    if s.current_player == TERMINAL:
        return str(action)
    if isinstance(action, A.DrawActionCard) and viewer is not None and viewer != s.pend.who:
        return f"player {s.pend.who} draws an action card"
    if isinstance(action, A.DrawObjective) and viewer is not None and viewer != s.active:
        return f"player {s.active} draws an objective card"
    who = "chance" if s.current_player == CHANCE else f"player {s.current_player}"
    return f"{who}: {action}"
