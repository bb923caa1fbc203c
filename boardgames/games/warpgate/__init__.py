"""Warpgate: the actions chapter implemented exactly, the rest by documented interpretation.

>>> import boardgames as bg
>>> game = bg.make("warpgate", players=3)
>>> state = game.new_game(seed=1)
>>> state.current_player, len(state.legal_actions()) > 0
(0, True)
"""

from boardgames.games.warpgate.game import Warpgate

__all__ = ["Warpgate"]
