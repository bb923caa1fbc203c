"""Warpgate's atomic actions: player decisions and chance outcomes.

Each is a frozen value naming components by their (unique) names, so its
text reads like the rulebook and parses back through the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from boardgames.kernel.actions import Action, ActionCatalogue

__all__ = [
    "PLAY_BOTTOM",
    "PLAY_DRAW",
    "PLAY_TOP",
    "PLAY_USES",
    "ActionIds",
    "ChooseShips",
    "Control",
    "Done",
    "DrawActionCard",
    "DrawObjective",
    "DrawPromotion",
    "From",
    "Play",
    "Promote",
    "Reinforce",
    "Research",
    "RevealTactic",
    "RevealTechnology",
    "SpendTradeGood",
    "TakeTechnology",
    "To",
    "WarpIn",
    "Withdraw",
    "build_catalogue",
]


@attrs.frozen(cache_hash=True)
class Play(Action):
    """Play an action card onto the next slot, using its top or bottom action or Draw."""

    card: str  # "Recon/Warp-in"
    use: str  # the action title, or "draw"

    def __str__(self) -> str:
        return f"play {self.card}: {self.use}"


@attrs.frozen(cache_hash=True)
class SpendTradeGood(Action):
    """Spend (or not) one trade good for +1 to this action's multiplier."""

    spend: bool

    def __str__(self) -> str:
        return "spend a trade good" if self.spend else "keep trade goods"


@attrs.frozen(cache_hash=True)
class From(Action):
    """The planet (or warpgate) ships leave."""

    place: str

    def __str__(self) -> str:
        return f"from {self.place}"


@attrs.frozen(cache_hash=True)
class To(Action):
    """The planet (or warpgate) ships move to."""

    place: str

    def __str__(self) -> str:
        return f"to {self.place}"


@attrs.frozen(cache_hash=True)
class ChooseShips(Action):
    """How many ships move (or attack)."""

    count: int

    def __str__(self) -> str:
        return f"{self.count} ship" if self.count == 1 else f"{self.count} ships"


@attrs.frozen(cache_hash=True)
class WarpIn(Action):
    count: int

    def __str__(self) -> str:
        return f"warp in {self.count} ship" + ("" if self.count == 1 else "s")


@attrs.frozen(cache_hash=True)
class Reinforce(Action):
    place: str

    def __str__(self) -> str:
        return f"reinforce {self.place}"


@attrs.frozen(cache_hash=True)
class Research(Action):
    """Move the research drone to this planet."""

    place: str

    def __str__(self) -> str:
        return f"research at {self.place}"


@attrs.frozen(cache_hash=True)
class TakeTechnology(Action):
    technology: str

    def __str__(self) -> str:
        return f"take technology {self.technology}"


@attrs.frozen(cache_hash=True)
class Control(Action):
    place: str

    def __str__(self) -> str:
        return f"control {self.place}"


@attrs.frozen(cache_hash=True)
class Promote(Action):
    card: str

    def __str__(self) -> str:
        return f"promote {self.card}"


@attrs.frozen(cache_hash=True)
class Withdraw(Action):
    place: str

    def __str__(self) -> str:
        return f"withdraw to {self.place}"


@attrs.frozen(cache_hash=True)
class Done(Action):
    """End an action that allows more (a second group, more planets)."""

    def __str__(self) -> str:
        return "done"


# -- chance outcomes ----------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class DrawActionCard(Action):
    card: str

    def __str__(self) -> str:
        return f"draw action card {self.card}"


@attrs.frozen(cache_hash=True)
class RevealTactic(Action):
    card: str

    def __str__(self) -> str:
        return f"reveal tactic {self.card}"


@attrs.frozen(cache_hash=True)
class DrawObjective(Action):
    card: str

    def __str__(self) -> str:
        return f"draw objective {self.card}"


@attrs.frozen(cache_hash=True)
class RevealTechnology(Action):
    technology: str

    def __str__(self) -> str:
        return f"reveal technology {self.technology}"


@attrs.frozen(cache_hash=True)
class DrawPromotion(Action):
    card: str

    def __str__(self) -> str:
        return f"draw promotion {self.card}"


# -- the catalogue ------------------------------------------------------------------


PLAY_TOP, PLAY_BOTTOM, PLAY_DRAW = range(3)
"""How a card is played: the offset of each use within the card kind's block of Play actions."""

PLAY_USES = 3
"""Play actions per card kind (its top action, its bottom action, Draw)."""


def play_tables(
    off_play: int, card_actions: Sequence[tuple[int, int]]
) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """Per action card kind: the actions on it as a bit mask by code, and its play ids by which
    of its actions can be resolved (index: 1 if the top one can, + 2 if the bottom one can),
    Draw always (``off_play``: the id of kind 0's top action).

    >>> play_tables(10, [(0, 5)])
    ((33,), (((12,), (10, 12), (11, 12), (10, 11, 12)),))
    """
    masks: list[int] = []
    rows: list[tuple[tuple[int, ...], ...]] = []
    for kind, (top, bottom) in enumerate(card_actions):
        base = off_play + PLAY_USES * kind
        masks.append(1 << top | 1 << bottom)
        rows.append(tuple(
            tuple([*((base + PLAY_TOP,) if ok & 1 else ()), *((base + PLAY_BOTTOM,) if ok & 2 else ()),
                   base + PLAY_DRAW])
            for ok in range(4)
        ))
    return tuple(masks), tuple(rows)


class ActionIds(NamedTuple):
    """Where each kind of action starts in the catalogue: an id is its block's start plus an index."""

    play: int  # + PLAY_USES * card kind + PLAY_TOP / PLAY_BOTTOM / PLAY_DRAW
    spend: int  # + 0 spend, + 1 keep
    origin: int  # + place
    destination: int  # + place
    ships: int  # + count - 1
    warp_in: int  # + count - 1
    reinforce: int  # + place
    research: int  # + place
    take: int  # + technology
    control: int  # + place
    promote: int  # + promotion card - first promotion card
    withdraw: int  # + place
    done: int
    draw: int  # + card kind
    reveal: int  # + tactics card
    objective: int  # + objective card
    technology: int  # + technology
    promotion_draw: int  # + promotion card - first promotion card


def build_catalogue(
    place_names: Sequence[str],
    plays: Sequence[tuple[str, tuple[str, str]]],
    tech_names: Sequence[str],
    tactic_names: Sequence[str],
    promotion: Sequence[int],
    objective_names: Sequence[str],
    max_multiplier: int,
) -> tuple[ActionCatalogue, ActionIds]:
    """Every action of one configured game, in blocks, and where each block starts.

    ``plays`` names each action card kind and the titles of its top and
    bottom actions; the order of the blocks is the order of action ids.
    """
    acts: list[Action] = []

    def block(items: Sequence[Action]) -> int:
        start = len(acts)
        acts.extend(items)
        return start

    ids = ActionIds(
        play=block([Play(card, use) for card, (top, bottom) in plays for use in (top, bottom, "draw")]),
        spend=block([SpendTradeGood(True), SpendTradeGood(False)]),
        origin=block([From(n) for n in place_names]),
        destination=block([To(n) for n in place_names]),
        ships=block([ChooseShips(c) for c in range(1, 13)]),
        warp_in=block([WarpIn(c) for c in range(1, max_multiplier + 1)]),
        reinforce=block([Reinforce(n) for n in place_names]),
        research=block([Research(n) for n in place_names]),
        take=block([TakeTechnology(n) for n in tech_names]),
        control=block([Control(n) for n in place_names]),
        promote=block([Promote(tactic_names[t]) for t in promotion]),
        withdraw=block([Withdraw(n) for n in place_names]),
        done=block([Done()]),
        draw=block([DrawActionCard(c) for c, _ in plays]),
        reveal=block([RevealTactic(t) for t in tactic_names]),
        objective=block([DrawObjective(o) for o in objective_names]),
        technology=block([RevealTechnology(t) for t in tech_names]),
        promotion_draw=block([DrawPromotion(tactic_names[t]) for t in promotion]),
    )
    return ActionCatalogue(acts), ids
