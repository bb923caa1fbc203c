"""Warpgate's atomic actions: player decisions and chance outcomes.

Each is a frozen value naming components by their (unique) names, so its
text reads like the rulebook and parses back through the catalogue.
"""

from __future__ import annotations

import attrs

from boardgames.kernel.actions import Action

__all__ = [
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
