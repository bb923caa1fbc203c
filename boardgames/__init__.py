"""boardgames: faithful rules engines for space strategy board games.

>>> import boardgames as bg
>>> game = bg.make("galaxys-edge", players=3)
>>> state = game.new_game(seed=7)
>>> state.current_player in range(3)
True
"""

from boardgames.arena import play, tournament
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.cards import Deck
from boardgames.kernel.chance import Die, Sampler, make_rng
from boardgames.kernel.conformance import ConformanceReport, check_game
from boardgames.kernel.driver import Playout, random_playout
from boardgames.kernel.errors import (
    BoardGameError,
    ComponentError,
    ConformanceError,
    HiddenInformationError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    ReplayError,
    SerializationError,
    UnknownGameError,
)
from boardgames.kernel.game import CHANCE, TERMINAL, Game, GameSpec, OptionSpec, State, View
from boardgames.kernel.registry import available_games, make, register_game
from boardgames.kernel.serialize import Replay, from_json, to_json

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCatalogue",
    "BoardGameError",
    "ComponentError",
    "ConformanceError",
    "ConformanceReport",
    "Deck",
    "Die",
    "Game",
    "GameSpec",
    "HiddenInformationError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "OptionSpec",
    "Playout",
    "Replay",
    "ReplayError",
    "Sampler",
    "SerializationError",
    "State",
    "UnknownGameError",
    "View",
    "available_games",
    "check_game",
    "from_json",
    "make",
    "make_rng",
    "play",
    "random_playout",
    "register_game",
    "to_json",
    "tournament",
]
