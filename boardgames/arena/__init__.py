"""The arena: play one game between bots, or a tournament of many."""

from boardgames.arena.executors import EXECUTORS, ExecutorError, GameSummary
from boardgames.arena.play import GameRecord, Move, play
from boardgames.arena.progress import ProgressBar
from boardgames.arena.stats import bradley_terry, wilson_interval
from boardgames.arena.tournament import Standing, TournamentResult, schedule, tournament

__all__ = [
    "EXECUTORS",
    "ExecutorError",
    "GameRecord",
    "GameSummary",
    "Move",
    "ProgressBar",
    "Standing",
    "TournamentResult",
    "bradley_terry",
    "play",
    "schedule",
    "tournament",
    "wilson_interval",
]
