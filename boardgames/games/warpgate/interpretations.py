"""Every Warpgate rule that is NOT in the actions chapter, in one module.

The rulebook text this package implements is only the actions chapter.  The
rest of the game (setup, rounds, hand refill, battles, control, scoring of
markers, objectives' conditions, game end) is designed here as the smallest
playable set of rules that keeps the text's intent.  Each constant or
function below is one documented interpretation (see docs/games/warpgate.md,
"Interpretations"); replacing this module with the published rules changes
nothing else.  Names starting ``I`` in the docs refer to the numbers below.

Structural interpretations that shape the state rather than a number or a
function (they are reflected in ``state.py``'s fields and ``view``):

- I11. The cards a Promote action takes from the promotion deck are shown to
  all players and the one chosen is public, so every tactics deck's
  contents (not its order) are public.
- I12. There is one technology deck with 2 available technologies beside it.
- I13. A planet holds at most one outpost/colony marker (``state.marker``).
- I14. Reference technology effects happen once, when the technology is
  taken: ``deploy`` deploys 1 ship from your supply to your warpgate;
  ``refresh`` refreshes 1 of your spent trade goods.
- I15. The most VP wins; a tie is shared (the kernel's default ``winners``).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "COLONY_VP",
    "DEFAULT_ROUNDS",
    "HAND_SIZE",
    "MARKERS",
    "OBJECTIVE_VP",
    "OUTPOST_VP",
    "SHIPS",
    "START_OBJECTIVES",
    "START_SHIPS_AT_WARPGATE",
    "TACTIC_VP",
    "TRADE_GOOD_VP",
    "TURNS_PER_ROUND",
    "WITHDRAW_RANGE",
    "battle",
    "control_effect",
    "next_first_player",
    "objective_met",
    "withdraw_places",
]

# -- known from public descriptions of the game (not in the text) ---------------------

TURNS_PER_ROUND = 4
"""A round is 4 turns; the slot of the faction board gives the multiplier 1..4."""

SHIPS = 12
"""Each player has 12 ships."""

MARKERS = 12
"""Each player has 12 double-sided outpost/colony markers."""

START_OBJECTIVES = 2
"""Each player starts with 2 objective cards."""

# -- interpretations --------------------------------------------------------------------

HAND_SIZE = 5
"""I1. At the start of each round every player draws 5 action cards from their
own 12-card action deck; when the deck is empty the discard pile is shuffled
to form a new deck.  (4 turns use 4 cards, so one card is spare, and the Draw
action adds more.)"""

DEFAULT_ROUNDS = 6
"""I2. The game ends after a fixed number of rounds (option ``rounds``, default 6)."""


def next_first_player(first: int, players: int) -> int:
    """I3. Turns go clockwise from the round's first player (player 0 in round
    1), and the first player passes clockwise each round.  Every player takes
    their 1st turn (multiplier 1), then everyone their 2nd, and so on."""
    return (first + 1) % players


START_SHIPS_AT_WARPGATE = 2
"""I4. Setup: 2 ships on your warpgate (10 in supply); the research drone starts
on your warpgate; factions are dealt at random from the seed, all on the side
given by option ``side``; your faction's hero replaces the basic tactics card
of the same letter; the technology deck is shuffled and 2 are made available."""

def battle(
    attackers: int, attack_power: int, defenders: int, defence_power: int, winner_casualties: tuple[int, int]
) -> tuple[bool, int]:
    """I5 (battles). (attacker won, ships the loser loses) for one battle.

    Each side reveals the top card of its tactics deck (a chance node; an
    empty deck is first re-formed from the tactics discard).  Strength is
    ships plus the card's power; the higher strength wins, ties go to the
    defender.  The loser loses as many ships as the winner's card shows
    casualties (back to supply), then withdraws all its remaining ships
    (:func:`withdraw_places`).  Both revealed cards go to their owners'
    tactics discard piles.  ``winner_casualties`` is (attacker card's
    casualties, defender card's casualties).
    """
    attacker_won = attackers + attack_power > defenders + defence_power
    losses = winner_casualties[0] if attacker_won else winner_casualties[1]
    return attacker_won, losses


WITHDRAW_RANGE = 2


def withdraw_places(
    loser: int, gate: int, nearby: Sequence[int], owner: Sequence[int], seat: Sequence[int]
) -> tuple[int, ...]:
    """I6. Where the losing side's surviving ships may withdraw, ascending.

    Its own warpgate, or any planet within range 2 of the battle (``nearby``)
    holding no other player's ships, never another player's warpgate.  With
    one choice it is made automatically.
    """
    places = [
        d for d in nearby
        if d != gate and owner[d] in (-1, loser) and seat[d] in (-1, loser)
    ]
    return tuple(sorted((gate, *places)))

NO_CONTROL, PLACE_OUTPOST, UPGRADE_TO_COLONY, REPLACE_OUTPOST = range(4)


def control_effect(marker: int, colony: bool, player: int, spare_marker: bool) -> int:
    """I7. What Control does on a planet holding ``player``'s ships.

    ``marker`` is the planet's marker owner (-1 for none), ``colony`` whether
    it shows its colony side, ``spare_marker`` whether ``player`` has a marker
    left in supply.
    """
    if marker < 0:
        return PLACE_OUTPOST if spare_marker else NO_CONTROL
    if colony:
        return NO_CONTROL
    if marker == player:
        return UPGRADE_TO_COLONY
    return REPLACE_OUTPOST if spare_marker else NO_CONTROL


OUTPOST_VP = 1
COLONY_VP = 2
"""I7 (control).  Control X: choose up to X different planets holding your
ships, one at a time (stop after the first whenever you like).  On each: with
no marker, place an outpost; with your outpost, flip it to a colony and draw
an Objective card (if any are left); with another player's outpost, return
it to them and place yours.  Colonies are never removed.  At the end an
outpost is worth 1 VP and a colony 2 VP."""

OBJECTIVE_VP = 5
"""Completed objectives are worth 5 VP (text).  I8: an objective is completed
if its condition holds at the end of the game (conditions: see
:func:`objective_met`)."""

TRADE_GOOD_VP = 3
"""Each trade good, spent or not, is worth 3 VP (text).  I9: the trade-good
supply is given by the map layout for the player count."""

TACTIC_VP = 1
"""Each hero and advanced tactics card in your deck is worth 1 VP (text).
I10: "in your deck" counts your tactics deck and tactics discard pile,
including your faction's starting hero."""


def objective_met(kind: str, count: int, planet_type_count: int, totals: Sequence[int]) -> bool:
    """I8. Whether an objective of ``kind`` needing ``count`` is met.

    ``planet_type_count`` is, for ``control_type``, the number of planets of the
    objective's type you hold an outpost or colony on; ``totals`` holds, in
    order: colonies, technologies, trade goods, ships on the board, trade
    planets holding your ships, advanced/hero tactics cards owned.
    """
    if kind == "control_type":
        return planet_type_count >= count
    index = ("colonies", "technologies", "trade_goods", "ships", "trade_planets", "tactics").index(kind)
    return totals[index] >= count
