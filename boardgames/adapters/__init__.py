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

from typing import Any

from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import Game, State

__all__ = ["RENDER_MODES", "check_render_mode", "render_frame"]

RENDER_MODES = ("ansi", "rgb_array")
"""How the environments draw a state: text, or an RGB picture of the board."""


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if the environments offer it, else :class:`InvalidOptionError`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidOptionError(
            f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
        )
    return render_mode


def render_frame(game: Game, state: State, render_mode: str) -> Any:
    """The whole state as a spectator sees it: its text (``"ansi"``), or its board
    picture (``game.render_svg``) as a ``(height, width, 3)`` uint8 array (``"rgb_array"``,
    which needs the ``viz`` extra)."""
    if render_mode == "ansi":
        return game.render(state)
    from boardgames.viz.raster import svg_to_rgb

    return svg_to_rgb(game.render_svg(state))
