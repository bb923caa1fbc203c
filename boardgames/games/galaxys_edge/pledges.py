"""Loyalty Pledges: the player with colonies in more sectors of a species than
anyone else holds that species' pledge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.state import NOBODY

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Fields, GalaxysEdgeState

__all__ = ["claim_pledge", "pledge_tallies"]


def pledge_tallies(state: GalaxysEdgeState, species: int) -> tuple[int, ...]:
    """Loyalty Pledges: per player, sectors of ``species`` holding their colonies,
    plus their Alien Embassy tokens on that pledge (the tallies ``claim_pledge``
    compares, for validation and display)."""
    mask = state.layout.species_mask[species]
    tokens = state.embassy[species]
    return tuple((colonized & mask).bit_count() + tokens[p] for p, colonized in enumerate(state.colony_mask))


def claim_pledge(new: GalaxysEdgeState, d: Fields, species: int, gainer: int = NOBODY) -> None:
    """Loyalty Pledges: whoever has colonies in more sectors of a species than
    every other player claims its pledge from whoever holds it.

    "If you have colonies in more sectors of a given species than any other
    player does, you can claim the loyalty of that species" -- and so take it
    from its holder; a tie never moves it.  The claim is made at once
    (interpretation 5 in :mod:`interpretations`).  A player's tally is their
    colony sectors of the species plus their Alien Embassy tokens on its pledge.

    ``gainer``: the one player whose tally just rose by one, nobody else's having
    changed.  Before it a lone leader held the pledge (claimed at once; validation
    checks it), so only the gainer can have come to lead alone: not the holder
    gaining, nor a gainer whose tally is still no more than the holder's.
    """
    pledges = new.pledges
    holder = pledges[species]
    mask = new.layout.species_mask[species]
    tokens = new.embassy[species]
    masks = new.colony_mask
    if gainer != NOBODY:
        if holder == gainer:
            return  # the holder's own gain changes nothing
        if holder != NOBODY:
            ours = (masks[gainer] & mask).bit_count() + tokens[gainer]
            if ours <= (masks[holder] & mask).bit_count() + tokens[holder]:
                return  # not alone in the lead: the holder has as many
    # The one highest tally above 0, found in one loop that counts the players itself:
    # on 3.11 a comprehension is a call of its own, and a zip, an enumerate or a max
    # of a short tuple costs about 1.8k, 0.9k or 1.6k instructions.
    best = 0
    claimant = holder
    player = 0
    for colonized in masks:
        tally = (colonized & mask).bit_count() + tokens[player]
        if tally > best:
            best = tally
            claimant = player
        elif tally == best:
            claimant = holder  # tied (at 0: nobody has a colony there yet)
        player += 1  # noqa: SIM113 (see above)
    if claimant != holder:
        changed = list(pledges)
        changed[species] = claimant
        d["pledges"] = tuple(changed)
