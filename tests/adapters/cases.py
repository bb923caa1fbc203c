"""Every built-in game at every player count, for the adapter tests."""

from __future__ import annotations

from boardgames.kernel.registry import game_class

BUILT_IN = ("age-of-galaxy", "andromedas-edge", "galaxys-edge", "warpgate")

GAMES_AND_PLAYERS = [
    (game_id, players)
    for game_id in BUILT_IN
    for players in range(game_class(game_id).spec.min_players, game_class(game_id).spec.max_players + 1)
]


def ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"
