"""The one check of a Galaxy's Edge position, shared by JSON loading and ``GalaxysEdge.position``.

:func:`validate` accepts only positions the rules could reach: installations
only on systems of the board, colonies, military tokens and event cards
conserved, no negative count, loyalty pledges as the automatic claim
leaves them, flagships placed as setup allows, a phase that fits the
player to act and the pending choice, and a decision with legal actions (a
chance node with outcomes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, EventCard, Species
from boardgames.games.galaxys_edge.pledges import pledge_tallies
from boardgames.games.galaxys_edge.setup import placement_order
from boardgames.games.galaxys_edge.state import (
    BASE_CODE,
    COLONIES_PER_PLAYER,
    MILITARY_TOKENS_PER_PLAYER,
    STEP_KINDS,
    GalaxysEdgeState,
    Phase,
    Then,
)
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.steps import Role

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

__all__ = ["validate"]

Fault = Callable[[str], BoardGameError]


def validate(game: GalaxysEdge, s: GalaxysEdgeState, error: type[BoardGameError]) -> None:
    """Raise ``error`` naming the first fault if ``s`` is not a position the rules could reach."""

    def bad(what: str) -> BoardGameError:
        return error(f"inconsistent Galaxy's Edge state: {what}")

    _supplies(game, s, bad)
    _board(game, s, bad)
    _phase(game, s, bad)
    _offers(s, bad)


def _supplies(game: GalaxysEdge, s: GalaxysEdgeState, bad: Fault) -> None:
    """Colonies, military tokens and event cards add up; no count is negative."""
    n = game.players
    rows = (*s.hands, s.deck, s.discarded, s.forcefield, s.colonies_left, s.tokens_left, *s.embassy)
    if any(v < 0 for row in rows for v in row):
        raise bad("a count is negative")
    for p in range(n):
        on_board = sum(1 for code in s.occupant if code == 1 + p)
        if on_board + sum(row[p] for row in s.embassy) + s.colonies_left[p] != COLONIES_PER_PLAYER:
            raise bad(f"player {p}'s colonies do not add up to {COLONIES_PER_PLAYER}")
        tokens = sum(
            (code - BASE_CODE) % 3 + 1
            for code in s.occupant
            if code >= BASE_CODE and (code - BASE_CODE) // 3 == p
        )
        if tokens + s.tokens_left[p] != MILITARY_TOKENS_PER_PLAYER:
            raise bad(f"player {p}'s military tokens do not add up to {MILITARY_TOKENS_PER_PLAYER}")
    in_play = sum(1 for f in s.forcefield if f)
    for card in EventCard:
        total = sum(h[card] for h in s.hands) + s.deck[card] + s.discarded[card]
        total += in_play if card == EventCard.FORCEFIELD else 0
        if total != game.components.event_counts[card]:
            raise bad(f"the {card.title} cards do not add up")
    if any(f > 2 for f in s.forcefield):
        raise bad("a Forcefield is in play for more than two turns")
    if any(f == 2 and (p != s.active or s.phase == Phase.PLACEMENT) for p, f in enumerate(s.forcefield)):
        raise bad("only the active player can have played a Forcefield this turn")


def _board(game: GalaxysEdge, s: GalaxysEdgeState, bad: Fault) -> None:
    """Installations and loyalty pledges."""
    n = game.players
    systems = s.layout.systems
    for loc, code in enumerate(s.occupant):
        if code and loc not in systems[loc // SLOTS]:
            raise bad(f"an installation is on location {loc}, a system that does not exist")
        if code >= BASE_CODE + 3 * n:
            raise bad(f"location {loc} holds an installation of no player")
    for species in Species:
        tallies = pledge_tallies(s, species)
        best = max(tallies)
        if best and tallies.count(best) == 1 and s.pledges[species] != tallies.index(best):
            leader = tallies.index(best)
            raise bad(
                f"player {leader} has colonies in more {species.title} sectors than anyone, "
                "so holds its loyalty pledge"
            )


def _queue(s: GalaxysEdgeState, bad: Fault) -> None:
    """The step queue: one step, or a choice and the step the turn continues
    with, or nothing (the game is over); never an automatic step first."""
    steps = s.steps
    try:
        for step in steps:
            STEP_KINDS.check(step)
    except BoardGameError:
        raise bad(f"the step queue {steps!r} holds an unknown or malformed step") from None
    if len(steps) > 2 or (steps and STEP_KINDS.roles[steps[0][0]] == Role.AUTO):
        raise bad("the step queue is not one a turn can have")
    if len(steps) == 2 and (
        steps[0][0] != Phase.CHOOSE or steps[1][0] not in Then.KIND or steps[1][1] != s.active
    ):
        raise bad("only a choice of colonies waits before another step")
    if len(steps) == 1 and steps[0][0] == Phase.CHOOSE:
        raise bad("a choice of colonies must say where the turn continues")


def _phase(game: GalaxysEdge, s: GalaxysEdgeState, bad: Fault) -> None:
    """Setup, the phase, the player to act and the pending choice."""
    _queue(s, bad)
    n = game.players
    phase = s.phase
    choice = s.choice
    expected = {
        Phase.ROLL: CHANCE,
        Phase.DRAW: CHANCE,
        Phase.OVER: TERMINAL,
        Phase.CHOOSE: choice.chooser if choice else -99,
        Phase.PLACEMENT: (s.start - s.placed) % n,
    }.get(phase, s.active)
    if s.current_player != expected or (phase == Phase.CHOOSE) != (choice is not None):
        raise bad("the player to act does not fit the phase")
    if phase == Phase.PLACEMENT:
        order = placement_order(s.start, n)
        if s.placed >= n:
            raise bad("every flagship is placed, so setup is over")
        if s.active != s.start or any(s.occupant) or s.built >= 0 or s.moved or s.idle:
            raise bad("nothing happens before every flagship is placed")
        if any(b >= 0 for b in s.bans) or any(p >= 0 for p in s.pledges) or any(s.forcefield):
            raise bad("nothing happens before every flagship is placed")
        placed = set(order[: s.placed])
        blocked = 0
        for p in range(n):
            where = s.flagships[p]
            if (where >= 0) != (p in placed):
                raise bad(f"{s.placed} flagship(s) are placed, counterclockwise from player {s.start}")
            if where >= 0:
                if not GEOMETRY.outer_mask >> where & 1 or blocked >> where & 1:
                    raise bad("flagships are placed in outer sectors, not in the vicinity of another")
                blocked |= GEOMETRY.vicinity[where]
        return
    if s.placed != n or min(s.flagships) < 0:
        raise bad("every flagship must be on the board after setup")
    if phase != Phase.OVER and s.idle >= n:
        raise bad("every player in a row took a turn without building, so the game is over")
    if phase in (Phase.ROLL, Phase.EVENT, Phase.DRAW) and s.built < 0:
        raise bad("the event die is rolled only after building")
    if phase == Phase.DRAW and not any(s.deck):
        raise bad("cannot draw from an empty deck")
    if s.built >= 0 and not s.occupant[s.built]:
        raise bad("the system built this turn is empty")
    if phase == Phase.OVER and (s.built >= 0 or s.moved or s.idle < n):
        raise bad("the game ends only after every player in a row took a turn without building")
    if choice is not None:
        if not choice.options or len(set(choice.options)) != len(choice.options):
            raise bad("a choice of colonies offers none, or one twice")
        for loc in choice.options:
            if not 0 < s.occupant[loc] < BASE_CODE or s.occupant[loc] == 1 + choice.chooser:
                raise bad("a choice of colonies offers a system without a rival colony")


def _offers(s: GalaxysEdgeState, bad: Fault) -> None:
    """A decision has legal actions and a chance node outcomes."""
    if s.is_terminal:
        return
    try:
        playable = bool(s._chance_ids()) if s.is_chance else bool(s._legal_ids())
    except (IndexError, ValueError, KeyError) as fault:
        raise bad(f"the pending decision cannot be resolved ({fault!r})") from None
    if not playable:
        raise bad("the pending decision has no legal outcome")
