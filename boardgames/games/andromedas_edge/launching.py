"""Launching: Launch Ship, Activate Region, Raider Strike (and Placing New Raiders)."""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge import progress
from boardgames.games.andromedas_edge.components import ATTACK, ENERGY, JUMP, RANDOM_NEBULA, VOYAGE
from boardgames.games.andromedas_edge.work import BAY, Task, Work

MONOLITH, TRADE_HUB, MAXIMUS, ODESSA, SHIPYARD, DEVELOPMENT_OFFICE = range(6)
BASE_CODE = 15
SPECIAL_CODE = 21
SPEND_THEN_DRAW3, SPEND_THEN_CREDITS, SPEND_THEN_GAIN3 = 1, 2, 3


def occupied_by_players(s: Any, region: int) -> list[int]:
    """Players with at least 1 ship in ``region``."""
    return [p for p, row in enumerate(s.ships) if region in row]


def raiders_at(s: Any, region: int) -> list[int]:
    """Raider standees in ``region``."""
    return [i for i, r in enumerate(s.rpos) if r == region]


def can_activate_base(s: Any, player: int, base: int, res: list[int]) -> bool:
    """Additional Launch Requirements: launch to an Alliance Base only if you can activate it."""
    if base in (MONOLITH, TRADE_HUB):  # any 2 resources, tactics cards included
        return bool(sum(res) + sum(s.hands[player]) >= 2)
    if base in (MAXIMUS, ODESSA):
        costs = s.game.components.market_costs
        mask = (0, 1) if base == MAXIMUS else (2, 3)
        return any(s.market[k][i] >= 0 and progress.can_pay(res, costs[k][i]) for k in mask for i in range(3))
    if base == DEVELOPMENT_OFFICE:
        return bool(progress.development_sites(s, player, res))
    return True  # Shipyard: a repair is always possible (nothing to repair gives 1 VP)


def launch_options(s: Any, player: int) -> list[tuple[int, int, bool]]:
    """Launch Ship: (ship type, region, jump) for every legal launch."""
    game = s.game
    ships = s.ships[player]
    on_board = {loc for loc in ships if loc >= 0}
    first = not on_board
    res = list(s.res[player])
    options = []
    for t in range(4):
        if not any(loc == BAY and game.ship_types[i] == t for i, loc in enumerate(ships)):
            continue
        spec = game.ship_spec(s.upgrades[player], t)
        for r in game.launchable(s.layout):
            if r in on_board:
                continue
            if r >= game.spaces and not spec.abilities & VOYAGE:
                continue
            jump = False
            if first:
                if not spec.abilities & ATTACK and (raiders_at(s, r) or occupied_by_players(s, r)):
                    continue
            elif not any(game.dist[o][r] <= spec.range for o in on_board):
                if not spec.abilities & JUMP or res[ENERGY] < 1:
                    continue
                jump = True
            code = s.layout[r] if r < game.spaces else -1
            if BASE_CODE <= code < SPECIAL_CODE:
                paid = list(res)
                paid[ENERGY] -= jump
                if not can_activate_base(s, player, code - BASE_CODE, paid):
                    if not s.claimed[player]:
                        continue
                    paid = [a + b for a, b in zip(paid, moon_resources(s, player))]
                    if not can_activate_base(s, player, code - BASE_CODE, paid):
                        continue
            options.append((t, r, jump))
    return options


def moon_resources(s: Any, player: int) -> list[int]:
    """The resources on ``player``'s claimed moons: a moon may be abandoned as
    part of paying a resource cost, so they count towards being able to
    activate an Alliance Base."""
    total = [0] * 5
    moons = s.game.components.moons
    for m in s.claimed[player]:
        total = [a + b for a, b in zip(total, moons[m].gain)]
    return total


def launch(w: Work, player: int, ship: int, region: int, jump: bool) -> None:
    """Launch Ship, then Activate Region, Raider Strike and Battle in turn."""
    game = w.game
    for i, loc in enumerate(w.ships[player]):
        if loc == BAY and game.ship_types[i] == ship:
            w.ships[player][i] = region
            break
    if jump:
        w.res[player][ENERGY] -= 1
    w.region = region
    w.tasks = [
        [Task.WINDOW, player, 0, 0],
        [Task.STRIKE, -1, 0, 0],
        [Task.WINDOW, player, 1, 0],
        [Task.BATTLE, -1, 0, 0],
        [Task.POST, player, 0, 0],
    ]
    activate_region(w, player, region)


def claim_moon(w: Work, player: int, kind: int) -> None:
    """Claiming Moons: at most 4 in the claimed moons area."""
    w.claimed[player].append(kind)
    w.claimed[player].sort()
    if len(w.claimed[player]) > 4:
        w.push((Task.MOON_FULL, player, 0, 0))


def activate_region(w: Work, player: int, region: int) -> None:
    """Activate Region: a planet's moon (or printed resource), a nebula's moon
    and event peek, an Alliance Base's action, a Vortex's benefit."""
    game = w.game
    if region >= game.spaces:
        kind = w.moon_top[region]
        if kind >= 0:
            w.moon_top[region] = -1
            claim_moon(w, player, kind)
        if edeck_size(w) >= 2:
            w.push((Task.PEEK_DRAW, player, 0, 0))
        return
    code = w.layout[region]
    if code < BASE_CODE:
        kind = w.moon_top[region]
        if kind >= 0:
            w.moon_top[region] = -1
            if w.moon_hidden[region]:
                w.push((Task.MOON, -1, region, 0))
            claim_moon(w, player, kind)
        else:
            progress.gain(w, player, game.components.planets[code].exhausted)
        return
    if code >= SPECIAL_CODE:
        progress.gain(w, player, game.special_tiles[code - SPECIAL_CODE].gain)  # a Vortex
        return
    base = code - BASE_CODE
    if base == MONOLITH:
        w.push((Task.SPEND, player, 2, SPEND_THEN_DRAW3))
    elif base == TRADE_HUB:
        w.push((Task.SPEND, player, 2, SPEND_THEN_CREDITS))
    elif base in (MAXIMUS, ODESSA):
        w.push((Task.BUY, player, 0b0011 if base == MAXIMUS else 0b1100, 0))
        progress.event_step(w)
    elif base == SHIPYARD:
        w.push((Task.SHIPYARD, player, 0, 0))
    else:
        w.push((Task.DEVELOP, player, 0, 0))


def edeck_size(s: Any) -> int:
    return int(len(s.etop) + sum(s.edeck) + len(s.ebottom))


# -- Raider Strike ----------------------------------------------------------------------


def strike_candidates(s: Any) -> dict[int, list[int]]:
    """Raider Strike: raiders within range of the active region, by class."""
    game = s.game
    region = s.region
    present = raiders_at(s, region)
    if any(game.standee_class[i] != 0 for i in present):
        return {}
    found: dict[int, list[int]] = {}
    for i, r in enumerate(s.rpos):
        if r < 0 or r == region:
            continue
        cls = game.standee_class[i]
        if present and cls != 0:
            continue
        card = game.components.raiders[s.raider_cards[cls]]
        if game.dist[r][region] <= card.range:
            found.setdefault(cls, []).append(i)
    return found


def raider_strike(w: Work, cls: int) -> None:
    """The chosen raider moves in; an S-class strike moves every S-class raider in range."""
    for i in strike_candidates(w)[cls]:
        w.rpos[i] = w.region


# -- Placing New Raiders ---------------------------------------------------------------------


def raider_targets(s: Any, cls: int, unoccupied: bool) -> list[tuple[int, int]]:
    """(die face, region) for a random-nebula placement; with ``unoccupied``
    only regions no raider (of another class) occupies."""
    game = s.game
    result = []
    for face in range(1, 7):
        region = game.face_region[face]
        if unoccupied and not placeable(s, cls, region):
            continue
        result.append((face, region))
    return result


def placeable(s: Any, cls: int, region: int) -> bool:
    """Only 1 class of raider per region; S-class raiders may join S-class raiders."""
    present = raiders_at(s, region)
    return not present or (cls == 0 and all(s.game.standee_class[i] == 0 for i in present))


def place_raider(w: Work, cls: int, count: int) -> None:
    """Placing New Raiders: a raider of the indicated class already on the board
    (S-class included) brings 2 S-class raiders instead; a fixed start region
    occupied by a raider sends it to a random unoccupied nebula."""
    game = w.game
    if any(w.rpos[i] >= 0 for i in game.class_standees[cls]):
        cls, count = 0, 2  # the S-class too: an S-class event then brings 2
    card = game.components.raiders[w.raider_cards[cls]]
    if card.start == RANDOM_NEBULA:
        w.push((Task.RAIDER_ROLL, -1, cls, count * 2))
        return
    region = game.base_regions(w.layout)[card.start]
    if placeable(w, cls, region):
        put_raider(w, cls, count, region)
    elif raider_targets(w, cls, True):
        w.push((Task.RAIDER_ROLL, -1, cls, count * 2 + 1))


def put_raider(w: Work, cls: int, count: int, region: int) -> None:
    supply = [i for i in w.game.class_standees[cls] if w.rpos[i] < 0]
    for i in supply[:count]:
        w.rpos[i] = region
        w.rdmg[i] = 0
