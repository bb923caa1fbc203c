"""Raiders: Placing New Raiders (and where raiders stand)."""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge.components import RANDOM_NEBULA
from boardgames.games.andromedas_edge.state import Task


def raiders_at(s: Any, region: int) -> list[int]:
    """Raider standees in ``region``."""
    found = []
    i = -1  # the standee's place in the row (a count, not enumerate(): a call fewer)
    for r in s.rpos:  # (a loop: no comprehension to call)
        i += 1
        if r == region:
            found.append(i)
    return found


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


def place_raider(s: Any, cls: int, count: int) -> None:
    """Placing New Raiders: a raider of the indicated class already on the board
    (S-class included) brings 2 S-class raiders instead; a fixed start region
    occupied by a raider sends it to a random unoccupied nebula.  On the
    successor ``s`` itself (no working copy), as is :func:`put_raider`."""
    game = s.game
    rpos = s.rpos
    if any(rpos[i] >= 0 for i in game.class_standees[cls]):
        cls, count = 0, 2  # the S-class too: an S-class event then brings 2
    card = game.components.raiders[s.raider_cards[cls]]
    if card.start == RANDOM_NEBULA:
        s.__dict__["tasks"] = ((Task.RAIDER_ROLL, -1, cls, count * 2),) + s.tasks
        return
    region = game.base_regions(s.layout)[card.start]
    if placeable(s, cls, region):
        put_raider(s, cls, count, region)
    elif raider_targets(s, cls, True):
        s.__dict__["tasks"] = ((Task.RAIDER_ROLL, -1, cls, count * 2 + 1),) + s.tasks


def put_raider(s: Any, cls: int, count: int, region: int) -> None:
    d = s.__dict__
    rpos, rdmg = [*s.rpos], [*s.rdmg]
    supply = [i for i in s.game.class_standees[cls] if rpos[i] < 0]
    for i in supply[:count]:
        rpos[i] = region
        rdmg[i] = 0
    d["rpos"], d["rdmg"] = tuple(rpos), tuple(rdmg)
