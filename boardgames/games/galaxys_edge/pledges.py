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
    tokens = state.embassy[species]
    tallies = []
    # A loop counting the players itself: on 3.11 a list comprehension is a call of its
    # own, and making a zip or an enumerate costs about 1.8k or 0.9k instructions.
    player = 0
    for colonized in state.colony_mask:
        tallies.append((colonized & mask).bit_count() + tokens[player])
        player += 1  # noqa: SIM113 (see above)
    return tuple(tallies)


def pledge_holder(tallies: tuple[int, ...], holder: int) -> int:
    """Loyalty Pledges: who holds a pledge given the tallies and its holder so far.

    "If you have colonies in more sectors of a given species than any other
    player does, you can claim the loyalty of that species" -- and so take it
    from its holder; a tie never moves it.  The claim is made at once
    (interpretation 5 in :mod:`interpretations`).
    """
    # The one highest tally above 0, in one loop (``max``, ``count`` and ``index`` of a
    # tuple of 2-4 cost about three times as much on 3.11: ``max`` parses keywords).
    best = 0
    claimant = holder
    player = 0
    for tally in tallies:
        if tally > best:
            best = tally
            claimant = player
        elif tally == best:
            claimant = holder  # tied (at 0: nobody has a colony there yet)
        player += 1  # noqa: SIM113 (see above)
    return claimant


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
