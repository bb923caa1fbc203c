"""Game End and Scoring (rulebook "Game End and Scoring").

Victory Points: Prestige; the Major Ideology (the Ideology shared by most
Alliance cards, no Major Ideology on a tie, overridden by a True Major
Ideology); the Galaxy (1 per Colonized, 2 per Developed planet, none for
Conquered ones); Relics; Faction scorings (including Galactic Network).
Ties go to more Prestige, then to the disc on top of the Prestige track.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy.components import (
    CULTURAL,
    DIPLOMATIC,
    INDUSTRIAL,
    INFLUENCE,
    MILITARISTIC,
    PRESTIGE,
    RELIC,
    SCIENTIFIC,
    STRENGTH,
)
from boardgames.games.age_of_galaxy.state import AgeState

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

PARTS = ("prestige", "major ideology", "galaxy", "relics", "faction scoring")


def major_ideology(T: Tables, s: AgeState, p: int) -> int | None:
    """The True Major Ideology if played, else the strict majority Ideology of the Alliance."""
    if s.ideology[p] >= 0:
        return T.card_ideology[s.ideology[p]]
    counts = Counter(T.card_ideology[c] for c in s.alliance[p]).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def planets(s: AgeState, p: int) -> tuple[int, int, int]:
    """(Colonized, Developed, Conquered) planets of player ``p``."""
    colonized = developed = conquered = 0
    for owner, level in zip(s.powner, s.plevel, strict=False):
        if owner == p:
            if level == 1:
                colonized += 1
            elif level == 2:
                developed += 1
            elif level == 3:
                conquered += 1
    return colonized, developed, conquered


def ideology_points(T: Tables, s: AgeState, p: int) -> int:
    ideology = major_ideology(T, s, p)
    b = p * 8
    if ideology == SCIENTIFIC:
        return T.agg(s.techs[p]).advanced
    if ideology == DIPLOMATIC:
        return s.res[b + PRESTIGE] // 4
    _colonized, developed, conquered = planets(s, p)
    if ideology == MILITARISTIC:
        return conquered + s.res[b + STRENGTH] // 2
    if ideology == INDUSTRIAL:
        return developed
    if ideology == CULTURAL:
        return s.res[b + RELIC] // 2
    return 0


def faction_points(T: Tables, s: AgeState, p: int) -> int:
    colonized, developed, conquered = planets(s, p)
    agg = T.agg(s.techs[p])
    points = agg.score_colonized * colonized + agg.score_developed * developed
    b = p * 8
    for card in s.alliance[p]:
        rule = T.c.factions[card].scoring
        if rule is None:
            continue
        kind, every, each = rule
        amount = (
            colonized, developed, conquered, s.res[b + RELIC], s.res[b + STRENGTH], s.res[b + INFLUENCE],
            agg.advanced,
        )[kind]
        points += amount // every * each
    return points


def breakdown(T: Tables, s: AgeState) -> dict[str, tuple[float, ...]]:
    parts: dict[str, list[float]] = {name: [] for name in PARTS}
    for p in range(T.n):
        colonized, developed, _ = planets(s, p)
        parts["prestige"].append(float(s.res[p * 8 + PRESTIGE]))
        parts["major ideology"].append(float(ideology_points(T, s, p)))
        parts["galaxy"].append(float(colonized + 2 * developed))
        parts["relics"].append(float(s.res[p * 8 + RELIC]))
        parts["faction scoring"].append(float(faction_points(T, s, p)))
    return {name: tuple(values) for name, values in parts.items()}


def scores(T: Tables, s: AgeState) -> tuple[float, ...]:
    parts = breakdown(T, s)
    return tuple(sum(values[p] for values in parts.values()) for p in range(T.n))


def winners(T: Tables, s: AgeState) -> frozenset[int]:
    points = scores(T, s)
    best = max(
        range(T.n), key=lambda p: (points[p], s.res[p * 8 + PRESTIGE], s.stamp[p])
    )
    return frozenset({best})
