"""A seeded uniform random bot."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from boardgames.kernel.actions import Action
from boardgames.kernel.game import View

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions with the given generator.

    >>> import numpy as np
    >>> bot = RandomBot()
    >>> picks = [bot.choose(None, ("a", "b", "c"), np.random.default_rng(1)) for _ in range(2)]
    >>> picks == [bot.choose(None, ("a", "b", "c"), np.random.default_rng(1)) for _ in range(2)]
    True
    """

    name = "random"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal_actions[int(rng.integers(len(legal_actions)))]

    def __repr__(self) -> str:
        return "RandomBot()"
