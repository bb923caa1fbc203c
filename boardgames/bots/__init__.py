"""Bots: a protocol user code implements, and three built-in players.

>>> import boardgames.bots as bots
>>> bots.bot_names()
('greedy', 'mcts', 'random')
"""

from boardgames.bots.base import Bot, BotError, bot_name, bot_names, bot_parameters, make_bot, start_bot
from boardgames.bots.greedy import GreedyBot
from boardgames.bots.mcts import MCTSBot, SearchStats
from boardgames.bots.random import RandomBot

__all__ = [
    "Bot",
    "BotError",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "SearchStats",
    "bot_name",
    "bot_names",
    "bot_parameters",
    "make_bot",
    "start_bot",
]
