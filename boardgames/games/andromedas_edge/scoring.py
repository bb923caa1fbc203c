"""Final Scoring and Resolving Ties.

During play a player's score is their VP marker.  At the end of the game
the final scoring adds, in the rulebook's order: progress tracks,
developments (then special regions), damaged modules, the vault bonus,
civilization modules, leaders, destiny cards and faction abilities.
"""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge.interpretations import DEVELOPMENT_VP
from boardgames.games.andromedas_edge.state import OVER

DAMAGED_MODULE_VP = -2


def final_parts(s: Any, p: int) -> dict[str, int]:
    """Each part of ``p``'s final scoring."""
    game = s.game
    c = game.components
    tracks = s.tracks[p]
    parts: dict[str, int] = {}
    parts["progress tracks"] = sum(c.tracks[t].vp[tracks[t]] for t in range(5))
    developments = 0
    special = 0
    for r, owner in enumerate(s.dev):
        if owner != p:
            continue
        kind = c.planets[s.layout[r]].type
        developments += DEVELOPMENT_VP[max(c.tracks[kind].level[: tracks[kind] + 1])]
        if game.special:
            for k, space in enumerate(c.special_spaces):
                if space in game.adjacent[r]:
                    special += game.special_tiles[k].vp
    parts["developments"] = developments
    parts["special regions"] = special
    parts["damaged modules"] = DAMAGED_MODULE_VP * sum(1 for d in s.mdmg[p] if d)
    vault = 0
    for i in range(tracks[2] + 1):
        if c.tracks[2].special[i] in (4, 5):
            vault = c.tracks[2].special[i] - 3
    parts["vault bonus"] = vault * (sum(s.res[p]) + sum(s.hands[p]))
    parts["civilization modules"] = sum(
        c.modules[k].end_vp for k, d in zip(s.station[p], s.mdmg[p]) if c.modules[k].type == 3 and not d
    )
    parts["leaders"] = s.leaders_home[p]
    destiny = 0
    if s.destiny[p] >= 0:
        for track, vp in c.destiny[s.destiny[p]].goals:
            if tracks[track] == max(row[track] for row in s.tracks):
                destiny += vp
    parts["destiny"] = destiny
    parts["faction"] = faction_score(s, p)
    return parts


def faction_score(s: Any, p: int) -> int:
    """Other: the reference factions score VP per counted thing at the end."""
    c = s.game.components
    if s.faction[p] < 0:
        return 0
    spec = c.factions[s.faction[p]]
    per = spec.score_per
    if per == 0:
        count = sum(1 for owner in s.dev if owner == p)
    elif per <= 4:
        count = sum(1 for k in s.station[p] if c.modules[k].type == per - 1 and not c.modules[k].core)
    elif per == 5:
        count = s.leaders_home[p]
    else:
        count = sum(s.sheld[p]) + 0
    return int(spec.score_vp * count)


def score_table(s: Any) -> dict[str, tuple[int, ...]]:
    """Named score parts per player; only the VP track before the end."""
    n = s.game.players
    table: dict[str, tuple[int, ...]] = {"VP track": tuple(s.vp)}
    if s.phase != OVER:
        return table
    parts = [final_parts(s, p) for p in range(n)]
    for name in parts[0]:
        table[name] = tuple(parts[p][name] for p in range(n))
    return table


def tie_key(s: Any, p: int, score: float) -> tuple[float, int, int]:
    """Resolving Ties: most VP, then most modules, then most resources (tactics cards included)."""
    return (score, len(s.station[p]), sum(s.res[p]) + sum(s.hands[p]))


def winners(s: Any) -> frozenset[int]:
    game = s.game
    scores = s.scores()
    if game.teams:
        teams = [(0, 1), (2, 3)]
        keys = [
            (
                sum(scores[p] for p in team),
                sum(len(s.station[p]) for p in team),
                sum(sum(s.res[p]) + sum(s.hands[p]) for p in team),
            )
            for team in teams
        ]
        best = max(keys)
        return frozenset(p for team, key in zip(teams, keys) if key == best for p in team)
    keyed = [tie_key(s, p, scores[p]) for p in range(game.players)]
    best = max(keyed)
    return frozenset(p for p in range(game.players) if keyed[p] == best)
