"""Age of Galaxy (``age-of-galaxy``): 1-4 players, with its variants.

>>> import boardgames as bg
>>> bg.make("age-of-galaxy", players=4).players
4
"""

from boardgames.games.age_of_galaxy.game import AgeOfGalaxy

__all__ = ["AgeOfGalaxy"]
