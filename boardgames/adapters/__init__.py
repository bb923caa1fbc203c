"""Adapters that hand every registered game to other ecosystems.

Each adapter is a module of its own with an optional dependency, imported
only when asked for, so ``import boardgames`` never needs them:

- :mod:`boardgames.adapters.openspiel` (``pip install 'boardgames[openspiel]'``):
  every game as a ``pyspiel.Game``, registered with pyspiel on import.
- :mod:`boardgames.adapters.pettingzoo` (``[pettingzoo]``): an ``AECEnv``
  with one agent per seat.
- :mod:`boardgames.adapters.gymnasium` (``[gymnasium]``): a single-agent
  ``gymnasium.Env`` in which our bots play the other seats.

See ``docs/interop.md`` for how each maps the contract, and its caveats.
"""

from __future__ import annotations

__all__: list[str] = []
