"""Age of Galaxy actions: every atomic decision and chance outcome.

Compound moves are sequences of these: an action with its target first
(``research Warp Drive``, ``play Voicavus``, ``colonize 2.1``), then, where a
choice remains, its payment, amount, use or bonus (``pay with innovation``,
``build 2 cruisers``, ``as alliance faction``).  Planets are named
``<system>.<planet>`` counting System cards from the left, both from 1.
"""

from __future__ import annotations

import attrs

from boardgames.games.age_of_galaxy.components import RESOURCES, Components, Gains
from boardgames.kernel.actions import Action, ActionCatalogue

__all__ = ["build_catalogue"]

MAX_SYSTEMS = 5
PLANET_SLOTS = 4
EXPLORE_SLOTS = 3


def planet_name(slot: int) -> str:
    return f"{slot // PLANET_SLOTS + 1}.{slot % PLANET_SLOTS + 1}"


def gains_text(gains: Gains) -> str:
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(gains) if n]
    return ", ".join(parts) if parts else "nothing"


# -- setup ------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Discard(Action):
    """Setup 13: discard a Faction card (up to 3) before drawing back to 7."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"discard {self.name}"


@attrs.frozen(cache_hash=True)
class KeepHand(Action):
    """Setup 13: stop discarding (and draw back up to 7)."""

    def __str__(self) -> str:
        return "keep hand"


@attrs.frozen(cache_hash=True)
class Draft(Action):
    """Faction Drafting variant: choose a card from the hand passed to you."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"draft {self.name}"


@attrs.frozen(cache_hash=True)
class Found(Action):
    """Setup 14: play the first Faction of your Alliance."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"found alliance with {self.name}"


# -- the turn -------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class PlayCard(Action):
    """Faction Cards: play one card this turn (its use is chosen next)."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"play {self.name}"


USE_ALLIANCE, USE_IDEOLOGY, USE_REINFORCEMENT = range(3)
_USES = ("as alliance faction", "as true major ideology", "as one-time reinforcement")


@attrs.frozen(cache_hash=True)
class UseAs(Action):
    use: int

    def __str__(self) -> str:
        return _USES[self.use]


CONVERT_PRODUCTIVITY, CONVERT_INNOVATION, CONVERT_INFLUENCE = range(3)
_CONVERTS = (
    "convert 2 productivity to 1 credit",
    "convert 1 innovation to 1 credit",
    "convert 1 influence to 1 credit",
)


@attrs.frozen(cache_hash=True)
class Convert(Action):
    """A Free action: 2 Productivity, 1 Innovation or 1 Influence for 1 Credit."""

    kind: int

    def __str__(self) -> str:
        return _CONVERTS[self.kind]


@attrs.frozen(cache_hash=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end turn"


@attrs.frozen(cache_hash=True)
class Explore(Action):
    """Explore an Exploration token at ``spot`` (system * 3 + point)."""

    spot: int

    def __str__(self) -> str:
        return f"explore {self.spot // EXPLORE_SLOTS + 1}.{self.spot % EXPLORE_SLOTS + 1}"


@attrs.frozen(cache_hash=True)
class ExploreTelescope(Action):
    """Explore a token on your Deep Space Telescope."""

    def __str__(self) -> str:
        return "explore telescope"


@attrs.frozen(cache_hash=True)
class Trade(Action):
    position: int
    name: str

    def __str__(self) -> str:
        return f"trade at {self.name}"


@attrs.frozen(cache_hash=True)
class Exchange(Action):
    option: int

    def __str__(self) -> str:
        return f"exchange option {self.option + 1}"


@attrs.frozen(cache_hash=True)
class Research(Action):
    tech: int
    name: str

    def __str__(self) -> str:
        return f"research {self.name}"


PAY_CREDIT, PAY_INNOVATION = range(2)


@attrs.frozen(cache_hash=True)
class Pay(Action):
    """Research payment: the Credit option or the Innovation-only option."""

    kind: int

    def __str__(self) -> str:
        return "pay with credit" if self.kind == PAY_CREDIT else "pay with innovation only"


@attrs.frozen(cache_hash=True)
class TakeOption(Action):
    """A Technology's "either ... or ..." gain (Xenology)."""

    option: int

    def __str__(self) -> str:
        return f"take option {self.option + 1}"


@attrs.frozen(cache_hash=True)
class Manufacture(Action):
    def __str__(self) -> str:
        return "manufacture"


@attrs.frozen(cache_hash=True)
class Build(Action):
    count: int

    def __str__(self) -> str:
        return f"build {self.count} cruiser{'s' if self.count > 1 else ''}"


@attrs.frozen(cache_hash=True)
class Retrieve(Action):
    def __str__(self) -> str:
        return "retrieve"


@attrs.frozen(cache_hash=True)
class RetrieveRelics(Action):
    count: int

    def __str__(self) -> str:
        return f"retrieve {self.count} relic{'s' if self.count > 1 else ''}"


@attrs.frozen(cache_hash=True)
class Scavenge(Action):
    def __str__(self) -> str:
        return "scavenge"


@attrs.frozen(cache_hash=True)
class Colonize(Action):
    slot: int

    def __str__(self) -> str:
        return f"colonize {planet_name(self.slot)}"


@attrs.frozen(cache_hash=True)
class Adapt(Action):
    """Colonize with a Faction card played as an Adaptation."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"adapt with {self.name}"


@attrs.frozen(cache_hash=True)
class Develop(Action):
    slot: int

    def __str__(self) -> str:
        return f"develop {planet_name(self.slot)}"


BONUS_INFLUENCE, BONUS_CREDIT = range(2)


@attrs.frozen(cache_hash=True)
class DevelopBonus(Action):
    """Develop: "Gain either 1 Influence / 1 Credit and 1 Productivity"
    ("and" binds tighter than "/", as in Research's "3 Credit and 1
    Innovation / 2 Innovation"): 1 Influence, or 1 Credit and 1 Productivity."""

    kind: int

    def __str__(self) -> str:
        return "gain 1 influence" if self.kind == BONUS_INFLUENCE else "gain 1 credit and 1 productivity"


@attrs.frozen(cache_hash=True)
class Nominate(Action):
    space: int
    prestige: int

    def __str__(self) -> str:
        return f"nominate space {self.space + 1} ({self.prestige} prestige)"


@attrs.frozen(cache_hash=True)
class Acquire(Action):
    """War phase: the Overlord acquires a reachable Unprotected planet."""

    slot: int

    def __str__(self) -> str:
        return f"acquire {planet_name(self.slot)}"


@attrs.frozen(cache_hash=True)
class AcquireNothing(Action):
    def __str__(self) -> str:
        return "acquire nothing"


@attrs.frozen(cache_hash=True)
class Surrender(Action):
    """Standard Solo: you choose which Unprotected planet the Virtual Opponent acquires."""

    slot: int

    def __str__(self) -> str:
        return f"surrender {planet_name(self.slot)}"


# -- chance outcomes ---------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Draw(Action):
    card: int
    name: str

    def __str__(self) -> str:
        return f"draw {self.name}"


@attrs.frozen(cache_hash=True)
class Reveal(Action):
    """Standard Solo: a Faction card revealed for the Virtual Opponent."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"reveal {self.name}"


@attrs.frozen(cache_hash=True)
class SystemRevealed(Action):
    system: int
    name: str

    def __str__(self) -> str:
        return f"system {self.name}"


@attrs.frozen(cache_hash=True)
class PlanetTokenPlaced(Action):
    token: int
    type: str

    def __str__(self) -> str:
        return f"planet token {self.token + 1} ({self.type})"


@attrs.frozen(cache_hash=True)
class TokenRevealed(Action):
    token: int
    text: str

    def __str__(self) -> str:
        return f"exploration token {self.token + 1} ({self.text})"


@attrs.frozen(cache_hash=True)
class DieRolled(Action):
    face: int

    def __str__(self) -> str:
        return f"die {self.face}"


class Ids:
    """Catalogue ids of every action family, by parameter (static per game)."""

    def __init__(self, c: Components) -> None:
        from boardgames.games.age_of_galaxy.components import PLANET_TYPES

        actions: list[Action] = []

        def add(items: list[Action]) -> tuple[int, ...]:
            start = len(actions)
            actions.extend(items)
            return tuple(range(start, len(actions)))

        names = [f.name for f in c.factions]
        nf = len(names)
        self.discard = add([Discard(i, names[i]) for i in range(nf)])
        self.keep_hand = add([KeepHand()])[0]
        self.draft = add([Draft(i, names[i]) for i in range(nf)])
        self.found = add([Found(i, names[i]) for i in range(nf)])
        self.play = add([PlayCard(i, names[i]) for i in range(nf)])
        self.use = add([UseAs(u) for u in range(3)])
        self.convert = add([Convert(k) for k in range(3)])
        self.explore = add([Explore(s) for s in range(MAX_SYSTEMS * EXPLORE_SLOTS)])
        self.explore_telescope = add([ExploreTelescope()])[0]
        self.trade = add([Trade(i, f"card {i + 1}") for i in range(3)])
        self.exchange = add([Exchange(k) for k in range(4)])
        self.research = add([Research(t.index, t.name) for t in c.technologies])
        self.pay = add([Pay(k) for k in range(2)])
        self.take = add([TakeOption(k) for k in range(4)])
        self.manufacture = add([Manufacture()])[0]
        self.build = add([Build(k) for k in range(1, 6)])
        self.retrieve = add([Retrieve()])[0]
        self.retrieve_relics = add([RetrieveRelics(k) for k in range(1, 13)])
        self.scavenge = add([Scavenge()])[0]
        self.colonize = add([Colonize(s) for s in range(MAX_SYSTEMS * PLANET_SLOTS)])
        self.adapt = add([Adapt(i, names[i]) for i in range(nf)])
        self.develop = add([Develop(s) for s in range(MAX_SYSTEMS * PLANET_SLOTS)])
        self.develop_bonus = add([DevelopBonus(k) for k in range(2)])
        self.nominate = add([Nominate(i, sp.prestige) for i, sp in enumerate(c.nominate)])
        self.end_turn = add([EndTurn()])[0]
        self.acquire = add([Acquire(s) for s in range(MAX_SYSTEMS * PLANET_SLOTS)])
        self.acquire_nothing = add([AcquireNothing()])[0]
        self.surrender = add([Surrender(s) for s in range(MAX_SYSTEMS * PLANET_SLOTS)])
        # chance outcomes
        self.draw = add([Draw(i, names[i]) for i in range(nf)])
        self.reveal = add([Reveal(i, names[i]) for i in range(nf)])
        self.system = add([SystemRevealed(s.index, s.name) for s in c.systems])
        self.planet_token = add(
            [
                PlanetTokenPlaced(i, PLANET_TYPES[c.planet_kinds[k].type])
                for i, k in enumerate(c.planet_tokens)
            ]
        )
        self.token = add([TokenRevealed(i, gains_text(g)) for i, g in enumerate(c.exploration_tokens)])
        self.die = add([DieRolled(f) for f in range(1, 7)])
        self.actions: tuple[Action, ...] = tuple(actions)


def build_catalogue(ids: Ids) -> ActionCatalogue:
    return ActionCatalogue(ids.actions)

