"""Asteroid Rush: a small mining race on a 19-hex belt, a plug-in game for ``boardgames``.

The package registers :class:`AsteroidRush` in the ``boardgames.games``
entry-point group (see ``pyproject.toml``), so ``bg.make("asteroid-rush")``
finds it once the package is installed.
"""

from asteroid_rush.game import AsteroidRush

__all__ = ["AsteroidRush"]
