"""Every Warpgate rule that is NOT in the actions chapter, behind one seam.

The rulebook text this package implements is only the actions chapter.  The
rest of the game (setup, rounds, hand refill, game end, battles, control,
objectives' conditions, technology decks and effects, how range is counted)
is designed here as the smallest playable set of rules that keeps the
text's intent.  Each is a small frozen strategy object; an
:class:`Interpretations` record holds one of each, and a game uses the set
named by its ``interpretations`` option (default ``"reference"``).

Someone holding the full rulebook replaces a part without touching the
actions chapter's code (the chapter modules and ``rules.py``)::

    import attrs, boardgames as bg
    from boardgames.games.warpgate import interpretations as wi

    class AttackerWinsTies(wi.Battle):
        def resolve(self, attack, defence):
            won = attack.strength >= defence.strength
            return wi.BattleResult(won, 0 if won else defence.casualties,
                                   attack.casualties if won else 0)

    wi.register(attrs.evolve(wi.REFERENCE, name="ties-to-attacker", battle=AttackerWinsTies()))
    game = bg.make("warpgate", players=3, interpretations="ties-to-attacker")

A set is registered under its name so that saved games and replays, which
record the option as that name, load again in any process that registered
it.  Names ``I1``-``I16`` in the docs (docs/games/warpgate.md,
"Interpretations") refer to the docstrings below.

Structural interpretations that shape the state itself rather than a
strategy (reflected in ``state.py``'s fields and ``view``):

- I11. The cards a Promote action takes from the promotion deck are shown to
  all players and the one chosen is public, so every tactics deck's
  contents (not its order) are public.
- I13. A planet holds at most one outpost/colony marker (``state.marker``).
- I15. The most VP wins; a tie is shared (the kernel's default ``winners``).

How many tactics cards each side of a battle reveals (I5,
:meth:`Battle.cards_revealed`) and how many objective cards a colony
upgrade draws (I7, :meth:`Control.objectives_per_colony`) are strategies
too: the state draws each card as its own chance step, as many as the
strategy asks for (fewer when the pile runs out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.hexgrid import HexGrid

__all__ = [
    "COLONY",
    "DEFAULT_ROUNDS",
    "MARKERS",
    "NO_CONTROL",
    "OBJECTIVE_VP",
    "OUTPOST",
    "REFERENCE",
    "REPLACE_OUTPOST",
    "SHIPS",
    "TACTIC_VP",
    "TRADE_GOOD_VP",
    "TURNS_PER_ROUND",
    "Battle",
    "BattleResult",
    "BattleSide",
    "Control",
    "Interpretations",
    "Objectives",
    "Range",
    "Rounds",
    "Setup",
    "TechnologyEffect",
    "TechnologyEffects",
    "TechnologyMarket",
    "named",
    "register",
]

# -- facts: from the text or from public descriptions of the game ------------------------

TURNS_PER_ROUND = 4
"""A round is 4 turns; the slot of the faction board gives the multiplier 1..4."""

SHIPS = 12
"""Each player has 12 ships."""

MARKERS = 12
"""Each player has 12 double-sided outpost/colony markers."""

OBJECTIVE_VP = 5
"""Completed Objectives are worth 5VP at the end of the game (text)."""

TRADE_GOOD_VP = 3
"""Each Trade Good, spent or unspent, is worth 3VP at the end of the game (text)."""

TACTIC_VP = 1
"""Every Hero Tactics card and Advanced Tactics card in your deck is worth 1VP (text)."""


# -- I4: setup ------------------------------------------------------------------------------


@attrs.frozen
class Setup:
    """I4. Setup: ``ships_at_warpgate`` ships on your warpgate (the rest in
    supply) and ``objectives`` objective cards each; the research drone
    starts on your warpgate; factions are dealt at random from the seed, all
    on the side given by option ``side``; your faction's hero replaces the
    basic tactics card of the same letter; each technology deck is shuffled
    and 2 of its cards are made available (:class:`TechnologyMarket`); the
    first hand is dealt as at the start of every round (:class:`Rounds`)."""

    ships_at_warpgate: int = 2
    objectives: int = 2


# -- I1, I2, I3: rounds --------------------------------------------------------------------


@attrs.frozen
class Rounds:
    """I1-I3: hand refill, turn order and game end."""

    hand_size: int = 5
    """I1. At the start of each round every player draws this many action
    cards from their own 12-card action deck; when the deck is empty the
    discard pile is shuffled to form a new deck.  (4 turns use 4 cards, so
    one card is spare, and the Draw action adds more.)"""

    def next_first_player(self, first: int, players: int) -> int:
        """I3. Turns go clockwise from the round's first player (player 0 in
        round 1), and the first player passes clockwise each round.  Every
        player takes their 1st turn (multiplier 1), then everyone their 2nd,
        and so on."""
        return (first + 1) % players

    def game_over(self, round_: int, rounds: int) -> bool:
        """I2. The game ends after a fixed number of rounds (option ``rounds``,
        default :data:`DEFAULT_ROUNDS`): whether the game ends when round
        ``round_`` ends (``rounds`` is the option's value)."""
        return round_ >= rounds


DEFAULT_ROUNDS = 6
"""I2. The default of option ``rounds``."""


# -- I16: range -----------------------------------------------------------------------------


@attrs.frozen
class Range:
    """I16. Range between two places is the length of the shortest path of
    steps between adjacent hexes of the map; hexes off the map (the gaps
    between tiles of the 4-6 player maps) are not crossed.

    Why: ships "must always start and end their movement on a planet or a
    Warpgate" and move across the galaxy hex by hex (the text's pictures
    count range along hexes); nothing in the text lets a ship leave the map,
    so where tiles leave a gap, the way round it is the route.  The
    alternative, hex distance as the crow flies, differs for 40 / 58 / 76
    pairs of places in the 4 / 5 / 6 player maps of the reference set.
    """

    def distances(self, grid: HexGrid, cells: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        """Range between the places at grid cells ``cells``; -1 where no path exists."""
        d = grid.distance
        return tuple(tuple(d[a][b] for b in cells) for a in cells)


# -- I12: technology decks and I14: their effects --------------------------------------------


@attrs.frozen
class TechnologyMarket:
    """I12. There is one Technology deck per planet type, with 2 available
    Technologies face up beside each.

    Why: the text speaks of "Face-up Technology cards next to a Technology
    deck" and of "five different types of Technologies, based on the image
    of the planet"; the Research drone must move to a planet matching an
    available card.  With one shared deck and only 2 face-up cards, at most
    2 of the 5 planet types can ever be researched, and in most turns no
    planet of those types is in range, so Research is seldom a real choice.
    A deck per type keeps every type researchable until its deck and its
    face-up cards run out, while the text's refill rule ("if there is now
    only 1 available Technology, reveal the top Technology card... so there
    are now 2") applies unchanged to the deck a card was taken from.
    """

    def deck_of(self, planet_type: int) -> int:
        """The deck (an int) holding technologies of ``planet_type`` (0..4)."""
        return planet_type


class TechnologyEffect(NamedTuple):
    """What taking a technology does at once."""

    deploy: int = 0  # ships deployed from your supply to your warpgate (as supply allows)
    refresh: int = 0  # spent trade goods refreshed (as you have them)


@attrs.frozen
class TechnologyEffects:
    """I14. Reference technology effects happen once, when the technology is
    taken: ``deploy`` deploys 1 ship from your supply to your warpgate;
    ``refresh`` refreshes 1 of your spent trade goods; ``none`` does nothing."""

    def on_take(self, effect: str) -> TechnologyEffect:
        if effect == "deploy":
            return TechnologyEffect(deploy=1)
        if effect == "refresh":
            return TechnologyEffect(refresh=1)
        return TechnologyEffect()


# -- I5, I6: battles ----------------------------------------------------------------------------


class BattleSide(NamedTuple):
    """One side of a battle once its tactics cards are revealed (see :meth:`Battle.side`)."""

    ships: int
    power: int  # the revealed cards' power
    casualties: int  # the revealed cards' casualties

    @property
    def strength(self) -> int:
        return self.ships + self.power


class BattleResult(NamedTuple):
    """How a battle ends: who won, and how many ships each side loses (to supply)."""

    attacker_won: bool
    attacker_losses: int
    defender_losses: int


@attrs.frozen
class Battle:
    """I5, I6: what the revealed tactics cards decide, and where the loser goes."""

    withdraw_range: int = 2

    def cards_revealed(self, attacker: bool) -> int:
        """I5. How many tactics cards the attacking (``attacker``) or the
        defending side reveals: one each.

        Each card is its own chance step, drawn from the top of that side's
        tactics deck (re-formed from its tactics discard when empty); a side
        with no card left in either reveals fewer.  Why one: the text names
        no number, and one card per side keeps a battle's swing (the cards'
        power 0-3 against 1-12 ships) small beside the ships committed.
        """
        return 1

    def side(self, ships: int, powers: Sequence[int], casualties: Sequence[int]) -> BattleSide:
        """I5. One side of the battle: ``ships`` and the power and casualties
        of each card it revealed (in the order revealed); they add up."""
        return BattleSide(ships, sum(powers), sum(casualties))

    def resolve(self, attack: BattleSide, defence: BattleSide) -> BattleResult:
        """I5. Each side reveals the top card of its tactics deck (a chance
        node; an empty deck is first re-formed from the tactics discard).
        Strength is ships plus the card's power; the higher strength wins,
        ties go to the defender.  The loser loses as many ships as the
        winner's card shows casualties (back to supply), then withdraws all
        its remaining ships (:meth:`withdraw_places`).  Both revealed cards
        go to their owners' tactics discard piles.

        Losses above a side's ships are capped by the state; a winner left
        with no ship leaves the planet empty.
        """
        won = attack.strength > defence.strength
        if won:
            return BattleResult(True, 0, attack.casualties)
        return BattleResult(False, defence.casualties, 0)

    def withdraw_places(
        self, loser: int, gate: int, nearby: Sequence[int], owner: Sequence[int], seat: Sequence[int]
    ) -> tuple[int, ...]:
        """I6. Where the losing side's surviving ships may withdraw, ascending.

        Its own warpgate, or any planet within ``withdraw_range`` of the
        battle (``nearby``) holding no other player's ships, never another
        player's warpgate.  With one choice it is made automatically.
        """
        places = [
            d for d in nearby
            if d != gate and owner[d] in (-1, loser) and seat[d] in (-1, loser)
        ]
        return tuple(sorted((gate, *places)))


# -- I7, I8: control and objectives --------------------------------------------------------------

NO_CONTROL, OUTPOST, COLONY, REPLACE_OUTPOST = range(4)
"""What Control does on one planet: nothing, place an outpost, upgrade your
outpost to a colony (which draws an Objective card, as the text says), or
replace another player's outpost with yours."""


@attrs.frozen
class Control:
    """I7. Control X: choose up to X different planets holding your ships,
    one at a time (stop after the first whenever you like).  On each: with
    no marker, place an outpost; with your outpost, flip it to a colony and
    draw an Objective card (if any are left); with another player's
    outpost, return it to them and place yours.  Colonies are never removed.
    At the end an outpost is worth ``outpost_vp`` and a colony ``colony_vp``."""

    outpost_vp: int = 1
    colony_vp: int = 2

    def effect(self, marker: int, colony: bool, player: int, spare_marker: bool) -> int:
        """What Control does on a planet holding ``player``'s ships.

        ``marker`` is the planet's marker owner (-1 for none), ``colony``
        whether it shows its colony side, ``spare_marker`` whether
        ``player`` has a marker left in supply.
        """
        if marker < 0:
            return OUTPOST if spare_marker else NO_CONTROL
        if colony:
            return NO_CONTROL
        if marker == player:
            return COLONY
        return REPLACE_OUTPOST if spare_marker else NO_CONTROL

    def objectives_per_colony(self) -> int:
        """I7. How many Objective cards upgrading an outpost into a colony
        draws: one.

        The text: "Upgrading Outposts into Colonies is how you get additional
        Objective cards", with no number.  Each card is its own chance step
        from the objective deck, and a deck that runs out draws fewer.
        """
        return 1


OBJECTIVE_TOTALS: tuple[str, ...] = (
    "colonies", "technologies", "trade_goods", "ships", "trade_planets", "tactics",
)


@attrs.frozen
class Objectives:
    """I8 (objectives) and I10 (tactics VP)."""

    def met(self, kind: str, count: int, planet_type_count: int, totals: Sequence[int]) -> bool:
        """I8. An objective is completed if its condition holds at the end of the game.

        ``planet_type_count`` is, for ``control_type``, the number of planets
        of the objective's type you hold an outpost or colony on; ``totals``
        holds, in the order of ``OBJECTIVE_TOTALS``: colonies, technologies,
        trade goods, ships on the board, trade planets holding your ships,
        advanced/hero tactics cards owned (I10: "in your deck" counts your
        tactics deck and tactics discard pile, the faction's hero included).
        """
        if kind == "control_type":
            return planet_type_count >= count
        return totals[OBJECTIVE_TOTALS.index(kind)] >= count


# -- the seam ------------------------------------------------------------------------------------


@attrs.frozen
class Interpretations:
    """One strategy per rule the text leaves open; see each class's docstring.

    I9 (the trade-good supply per player count) is component data: the map
    layout gives it.
    """

    name: str = "reference"
    setup: Setup = Setup()
    rounds: Rounds = Rounds()
    range: Range = Range()
    technology_market: TechnologyMarket = TechnologyMarket()
    technology_effects: TechnologyEffects = TechnologyEffects()
    battle: Battle = Battle()
    control: Control = Control()
    objectives: Objectives = Objectives()


REFERENCE = Interpretations()
"""The reference interpretations documented in docs/games/warpgate.md."""

_REGISTERED: dict[str, Interpretations] = {REFERENCE.name: REFERENCE}


def register(interpretations: Interpretations) -> Interpretations:
    """Make ``interpretations`` available as ``make("warpgate", interpretations=its name)``.

    Registering the same set twice is harmless; another set under a taken
    name raises :class:`InvalidOptionError`.
    """
    if not isinstance(interpretations, Interpretations):
        raise InvalidOptionError(f"register() needs an Interpretations record, not {interpretations!r}")
    known = _REGISTERED.get(interpretations.name)
    if known is not None and known != interpretations:
        raise InvalidOptionError(f"another set of interpretations is registered as {interpretations.name!r}")
    _REGISTERED[interpretations.name] = interpretations
    return interpretations


def named(name: str) -> Interpretations:
    """The registered set called ``name``."""
    if not isinstance(name, str) or name not in _REGISTERED:
        raise InvalidOptionError(
            f"no interpretations are registered as {name!r} (registered: {', '.join(sorted(_REGISTERED))})"
        )
    return _REGISTERED[name]
