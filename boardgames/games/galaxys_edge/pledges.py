"""Loyalty Pledges: the player with colonies in more sectors of a species than
anyone else holds that species' pledge."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Fields, GalaxysEdgeState

__all__ = ["claim_pledge", "pledge_holder", "pledge_tallies"]


def pledge_tallies(state: GalaxysEdgeState, species: int) -> tuple[int, ...]:
    """Loyalty Pledges: per player, sectors of ``species`` holding their colonies,
    plus their Alien Embassy tokens on that pledge."""
    mask = state.layout.species_mask[species]
    tallies = []
    # a loop: for 2-4 players cheaper than a list comprehension (a call of its own)
    for colonized, tokens in zip(state.colony_mask, state.embassy[species]):
        tallies.append((colonized & mask).bit_count() + tokens)
    return tuple(tallies)


def pledge_holder(tallies: tuple[int, ...], holder: int) -> int:
    """Loyalty Pledges: who holds a pledge given the tallies and its holder so far.

    "If you have colonies in more sectors of a given species than any other
    player does, you can claim the loyalty of that species" -- and so take it
    from its holder; a tie never moves it.  The claim is made at once
    (interpretation 5 in :mod:`interpretations`).
    """
    best = max(tallies)
    if best == 0 or tallies.count(best) != 1:
        return holder
    return tallies.index(best)


def claim_pledge(new: GalaxysEdgeState, d: Fields, species: int) -> None:
    """Loyalty Pledges: whoever has colonies in more sectors of a species than
    every other player claims its pledge from whoever holds it."""
    pledges = new.pledges
    holder = pledges[species]
    claimant = pledge_holder(pledge_tallies(new, species), holder)
    if claimant != holder:
        changed = list(pledges)
        changed[species] = claimant
        d["pledges"] = tuple(changed)
