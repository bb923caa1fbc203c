"""Game End and Scoring (rulebook "Game End and Scoring").

Victory Points: Prestige; the Major Ideology (the Ideology shared by most
Alliance cards, no Major Ideology on a tie, overridden by a True Major
Ideology); the Galaxy (1 per Colonized, 2 per Developed planet, none for
Conquered ones); Relics; Faction scorings (including Galactic Network).
Ties go to more Prestige, then to the disc on top of the Prestige track.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from boardgames.games.age_of_galaxy.state import COLONIZED, CONQUERED, DEVELOPED, AgeState

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

PARTS = ("prestige", "major ideology", "galaxy", "relics", "faction scoring")


def majority(ideologies: Sequence[int]) -> int | None:
    """The Ideology shared by most of ``ideologies``; None if there are none or the most are tied.

    >>> majority([MILITARISTIC, CULTURAL, MILITARISTIC]) == MILITARISTIC, majority([CULTURAL, SCIENTIFIC])
    (True, None)
    """
    # Counted with ``count`` per entry: an Alliance has at most 3 cards, and this is a third
    # of the cost of counting in a dict (a new Alliance's profile asks for it).
    leader, most, tied = None, 0, False
    for ideology in ideologies:
        count = ideologies.count(ideology)
        if count > most:
            leader, most, tied = ideology, count, False
        elif count == most and ideology != leader:
            tied = True
    return None if tied else leader


def major_ideology(T: Tables, s: AgeState, p: int) -> int | None:
    """The True Major Ideology if played, else the strict majority Ideology of the Alliance."""
    if s.ideology[p] >= 0:
        return T.card_ideology[s.ideology[p]]
    return majority([T.card_ideology[c] for c in s.alliance[p]])


def planets(s: AgeState, p: int) -> tuple[int, int, int]:
    """(Colonized, Developed, Conquered) planets of player ``p``."""
    colonized = developed = conquered = 0
    for owner, level in zip(s.powner, s.plevel, strict=False):
        if owner == p:
            if level == COLONIZED:
                colonized += 1
            elif level == DEVELOPED:
                developed += 1
            elif level == CONQUERED:
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


def totals(T: Tables, s: AgeState) -> list[int]:
    """Every player's Victory Points: the sum of :func:`breakdown`'s parts, from one pass
    over the planets (remembered per layout) and each player's remembered
    :meth:`~rules.Tables.profile` of Technologies and Alliance."""
    colonized, developed, conquered = T.planets(s.powner, s.plevel)
    res = s.res
    techs, alliances, ideologies = s.techs, s.alliance, s.ideology
    card_ideology = T.card_ideology
    profile = T.profile
    out = []
    for p in range(T.n):
        # the resources in their order (components.CREDIT .. PRESTIGE are 0 .. 7)
        _, _, strength, _, _, influence, relic, prestige = res[p * 8:p * 8 + 8]
        prof = profile(techs[p], alliances[p])
        advanced = prof.advanced
        c, d = colonized[p], developed[p]
        card = ideologies[p]
        ideology = card_ideology[card] if card >= 0 else prof.major
        if ideology == SCIENTIFIC:
            points = advanced
        elif ideology == DIPLOMATIC:
            points = prestige // 4
        elif ideology == MILITARISTIC:
            points = conquered[p] + strength // 2
        elif ideology == INDUSTRIAL:
            points = d
        elif ideology == CULTURAL:
            points = relic // 2
        else:
            points = 0
        points += prestige + c + 2 * d + relic + prof.score_colonized * c + prof.score_developed * d
        for kind, every, each in prof.scorings:
            amount = (c, d, conquered[p], relic, strength, influence, advanced)[kind]
            points += amount // every * each
        out.append(points)
    return out


def scores(T: Tables, s: AgeState) -> tuple[float, ...]:
    return tuple([float(points) for points in totals(T, s)])


def winners(T: Tables, s: AgeState) -> frozenset[int]:
    points = scores(T, s)
    best = max(
        range(T.n), key=lambda p: (points[p], s.res[p * 8 + PRESTIGE], s.stamp[p])
    )
    return frozenset({best})
