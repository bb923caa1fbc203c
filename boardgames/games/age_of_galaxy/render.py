"""Readable texts of Age of Galaxy: the text board, the terminal seat and log lines.

Planets are named ``<system>.<planet>`` (System cards counted from the left,
both from 1) as in the action texts, with the System card's name beside
them; cards, Technologies and Trade cards by their names.  :class:`Facts`
reads the same fields from a full state or from a player's view, so a view
is drawn from the view alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy import actions as A
from boardgames.games.age_of_galaxy import scoring
from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS, gains_text, planet_name
from boardgames.games.age_of_galaxy.components import (
    IDEOLOGIES,
    PLANET_TYPES,
    RESOURCES,
    SCORING_KINDS,
    FactionCard,
    Technology,
)
from boardgames.games.age_of_galaxy.state import (
    ACTION,
    C_DIE,
    C_EXPLORE,
    C_PLANET_TOKEN,
    C_REDRAW,
    C_SOLO,
    C_SYSTEM,
    D_ACQUIRE,
    D_ADAPT,
    D_BONUS,
    D_BUILD,
    D_EXCHANGE,
    D_PAY,
    D_RETRIEVE,
    D_SURRENDER,
    D_TAKE,
    D_USE,
    DISCARD,
    DRAFT,
    END,
    FOUND,
    NONE,
    NP,
    PUBLIC_FIELDS,
    ROUNDS,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    VO_INFLUENCE,
    VO_PRESTIGE,
    VO_STRENGTH,
    WAR,
    AgeState,
    AgeView,
    stage_of,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import mask_cards, mask_size
from boardgames.kernel.game import CHANCE, TERMINAL

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

__all__ = ["Facts", "action_group", "decision_text", "describe", "help_text", "render", "render_view"]

WIDTH = 100
"""The terminal seat's lines are at most this wide."""

LEVELS = ("", "Colonized", "Developed", "Conquered")
STAGE_NAMES = (
    "Setup: discarding",
    "Setup: Faction Drafting",
    "Setup: founding Alliances",
    "Action phase",
    "War phase",
    "Game End",
)
SECTIONS = ("Manufacture", "Retrieve", "Scavenge")


# -- facts of a state or a view -------------------------------------------------------------


class Facts:
    """The public fields of a state or a view, and what ``viewer`` may know of the hidden ones.

    ``viewer`` is None for a full state (all-seeing) and the view's player
    for a view; :meth:`hand` returns None where the viewer may only count.
    """

    def __init__(self, T: Tables, target: AgeState | AgeView) -> None:
        self.T = T
        self.game: Any = target.game
        if isinstance(target, AgeView):
            self.view: Any = target
            self.state: AgeState | None = None
            self.viewer: int | None = target.player
            self.fields: dict[str, Any] = dict(zip(PUBLIC_FIELDS, target.public, strict=True))
        else:
            self.view = None
            self.state = target
            self.viewer = None
            self.fields = target.__dict__

    def __getattr__(self, name: str) -> Any:
        fields = self.__dict__.get("fields")
        if fields is None or name not in fields:
            raise AttributeError(name)
        return fields[name]

    @property
    def to_act(self) -> int:
        return int(self.fields["_player"])

    @property
    def step(self) -> tuple[int, ...]:
        """The first step of the queue (``(NONE,)`` once it is empty)."""
        steps = self.fields["steps"]
        return steps[0] if steps else (NONE,)

    @property
    def stage(self) -> int:
        return stage_of(self.fields["steps"], self.fields["round"])

    def hand(self, p: int) -> tuple[int, ...] | None:
        """The Faction cards in ``p``'s hand, or None when they are face down to the viewer."""
        if self.state is not None:
            return mask_cards(self.state.hands[p])
        return mask_cards(self.view.hand) if p == self.view.player else None

    def hand_size(self, p: int) -> int:
        if self.state is not None:
            return mask_size(self.state.hands[p])
        return int(self.view.hand_sizes[p])

    def discards(self, p: int) -> tuple[int, ...] | None:
        if self.state is not None:
            return mask_cards(self.state.discards[p])
        return mask_cards(self.view.discarded) if p == self.view.player else None

    def discard_size(self, p: int) -> int:
        if self.state is not None:
            return mask_size(self.state.discards[p])
        return int(self.view.discard_sizes[p])

    def packet(self, p: int) -> tuple[int, ...] | None:
        if self.state is not None:
            return mask_cards(self.state.packets[p])
        return mask_cards(self.view.packet) if p == self.view.player else None

    def packet_size(self, p: int) -> int:
        if self.state is not None:
            return mask_size(self.state.packets[p])
        return int(self.view.packet_sizes[p])

    def deck_size(self) -> int:
        if self.state is not None:
            return mask_size(self.state.deck)
        return int(self.view.deck_size)

    def scores(self) -> tuple[float, ...]:
        # Scoring reads public fields only (Alliance, Technologies, planets, resources).
        return scoring.scores(self.T, _Public(self.fields))  # type: ignore[arg-type]

    def breakdown(self) -> dict[str, tuple[float, ...]]:
        return scoring.breakdown(self.T, _Public(self.fields))  # type: ignore[arg-type]


class _Public:
    """Attribute access to a dict of public fields (what scoring reads)."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)


# -- names and card texts ---------------------------------------------------------------------


def owner_name(game: Any, owner: int) -> str:
    if owner == VO:
        return "the Virtual Opponent"
    if owner == NP:
        return "a non-player disc"
    return str(game.player_name(owner))


def planet_label(T: Tables, f: Facts, slot: int) -> str:
    """``planet 2.1 (desert, Dune Spiral)``."""
    pos = slot // PLANET_SLOTS
    kind = f.pkind[slot] if slot < len(f.pkind) else -1
    system = T.c.systems[f.systems[pos]].name if pos < len(f.systems) else "face down"
    what = PLANET_TYPES[T.c.planet_kinds[kind].type] if kind >= 0 else "planet"
    return f"planet {planet_name(slot)} ({what}, {system})"


def _types(mask: int) -> str:
    """The planet types of a bitmask of types, by name."""
    return ", ".join(PLANET_TYPES[i] for i in mask_cards(mask))


def tech_text(t: Technology) -> str:
    parts = []
    if any(t.gain):
        parts.append("gain " + gains_text(t.gain))
    if t.choice:
        parts.append("gain either " + " or ".join(gains_text(g) for g in t.choice))
    if t.adapt:
        parts.append("Adaptation to " + _types(t.adapt) + " planets")
    if t.reach:
        parts.append(f"+{t.reach} reach")
    if any(t.on_explore):
        parts.append("on Explore gain " + gains_text(t.on_explore))
    if any(t.on_develop):
        parts.append("on Develop gain " + gains_text(t.on_develop))
    if t.develop_discount:
        parts.append(f"Develop costs {t.develop_discount} Credit less")
    if t.colonize_discount:
        parts.append(f"Colonize costs {t.colonize_discount} Credit less")
    if t.manufacture_discount:
        parts.append(f"Manufacture costs {t.manufacture_discount} Credit less")
    if t.protect_all:
        parts.append("protects all your planets")
    elif t.protects:
        parts.append("protects your " + _types(t.protects) + " planets")
    if t.war_keep:
        parts.append(f"keep {t.war_keep} more Cruisers in the War phase")
    if any(t.others_lose):
        parts.append("every other player loses " + gains_text(t.others_lose))
    if t.exploration_tokens:
        parts.append(f"{t.exploration_tokens} Exploration tokens only you may Explore")
    if t.prestige_per_planet:
        parts.append(
            "1 prestige per " + _types(t.prestige_per_planet) + " planet"
        )
    if t.score_colonized:
        parts.append(f"{t.score_colonized} VP per Colonized planet at game end")
    if t.score_developed:
        parts.append(f"{t.score_developed} VP per Developed planet at game end")
    kind = "Advanced Technology" if t.advanced else "Technology"
    return f"{t.name} ({kind}): " + ("; ".join(parts) or "no effect")


def faction_text(T: Tables, card: FactionCard) -> str:
    parts = [f"{IDEOLOGIES[card.ideology]}", f"Adaptation {PLANET_TYPES[card.adaptation]}"]
    if any(card.debut):
        parts.append("Debut " + gains_text(card.debut))
    if any(card.reinforcement):
        parts.append("Reinforcement " + gains_text(card.reinforcement))
    if any(card.production):
        parts.append("Production " + gains_text(card.production))
    if card.technologies:
        parts.append("Technology " + ", ".join(T.c.technologies[t].name for t in card.technologies))
    if card.protects:
        parts.append("protects " + _types(card.protects) + " planets")
    if card.scoring is not None:
        kind, every, points = card.scoring
        parts.append(f"scores {points} VP per {every} {SCORING_KINDS[kind].replace('_', ' ')}")
    return f"{card.name}: " + "; ".join(parts)


def exchange_text(give: tuple[int, ...], get: tuple[int, ...]) -> str:
    return f"{gains_text(give)} for {gains_text(get)}"


# -- decisions ---------------------------------------------------------------------------------


def decision_of(T: Tables, f: Facts) -> str:
    """The pending decision or chance event, naming who decides."""
    game = f.game
    who = f.to_act
    if who == TERMINAL:
        return "The game is over"
    step = f.step
    code = step[0]
    if who == CHANCE:
        chance = {
            C_REDRAW: "a Faction card is drawn",
            C_EXPLORE: "an Exploration token is revealed",
            C_SYSTEM: "a System card is revealed",
            C_PLANET_TOKEN: "a Planet token is placed",
            C_SOLO: "a Faction card is revealed for the Virtual Opponent",
            C_DIE: "the die is rolled",
        }
        return "Chance: " + chance.get(code, "a random outcome")
    name = game.player_name(who)
    stage = f.stage
    if stage == DISCARD:
        return f"{name}: Setup: discard up to 3 Faction cards, then keep your hand (you draw back up to 7)"
    if stage == DRAFT:
        return f"{name}: Faction Drafting: choose a card from the hand passed to you"
    if stage == FOUND:
        return f"{name}: Setup: play the first Faction card of your Alliance"
    c = T.c
    if code == D_USE:
        card = c.factions[step[2]].name
        return (
            f"{name}: play {card} as an Alliance Faction, as your True Major Ideology, "
            "or as a One-time Reinforcement"
        )
    if code == D_EXCHANGE:
        return f"{name}: Trade at {c.trade_cards[f.trade[step[2]]].name}: choose an exchange"
    if code == D_PAY:
        return f"{name}: Research {c.technologies[step[2]].name}: choose how to pay"
    if code == D_TAKE:
        return f"{name}: Research {c.technologies[step[2]].name}: choose what to gain"
    if code == D_BUILD:
        return f"{name}: Manufacture: choose how many Cruisers to gain"
    if code == D_RETRIEVE:
        return f"{name}: Retrieve: choose how many Relics to gain"
    if code == D_ADAPT:
        return (
            f"{name}: Colonize {planet_label(T, f, step[2])}: choose the Faction card played as an Adaptation"
        )
    if code == D_BONUS:
        return f"{name}: Develop: gain 1 Influence or 1 Credit"
    if code == D_ACQUIRE:
        return f"{name}: War phase: as Overlord, acquire a reachable Unprotected planet, or nothing"
    if code == D_SURRENDER:
        return f"{name}: Standard Solo: choose the Unprotected planet the Virtual Opponent acquires"
    if stage == ACTION:
        discs = f.discs[who]
        return (
            f"{name}: Action phase: place an Action disc to take an action ({discs} disc"
            f"{'s' if discs != 1 else ''} left), play a Faction card, use Free actions, or end your turn"
        )
    if stage == WAR:
        return f"{name}: War phase"
    return f"{name} to decide"


def decision_text(T: Tables, view: AgeView) -> str:
    f = Facts(T, view)
    text = decision_of(T, f)
    return text + (" (your decision)" if f.to_act == view.player else "")


# -- the text board -----------------------------------------------------------------------------


def _wrap(text: str, indent: str) -> list[str]:
    """Split ``text`` at blanks into lines of at most :data:`WIDTH` columns."""
    lines: list[str] = []
    stripped = text.lstrip(" ")
    line = text[: len(text) - len(stripped)]
    for word in stripped.split(" "):
        candidate = f"{line} {word}" if line.strip() else line + word
        if len(candidate) > WIDTH and line.strip():
            lines.append(line)
            line = indent + word
        else:
            line = candidate
    lines.append(line)
    return lines


def board_lines(T: Tables, f: Facts) -> list[str]:
    game = f.game
    c = T.c
    who = f.to_act
    special = {CHANCE: "chance to act", TERMINAL: "game over"}
    acting = special[who] if who in special else f"{owner_name(game, who)} to act"
    stage = STAGE_NAMES[f.stage] if f.stage != END else "Game End"
    when = f"round {f.round} of {ROUNDS}" if f.round else "before round 1"
    lines = [f"Age of Galaxy - {when}, {stage}, {acting}"]
    lines.append("Now: " + decision_of(T, f))
    lines.append("Turn order: " + ", ".join(game.player_name(p) for p in f.order))
    lines.append(f"Galaxy (Galactic Fleet at System card {f.fleet + 1}):")
    for pos in range(5):
        if pos >= len(f.systems):
            lines.append(f"  {pos + 1}. [face down]")
            continue
        card = c.systems[f.systems[pos]]
        marker = " <- Galactic Fleet" if pos == f.fleet else ""
        lines.append(f"  {pos + 1}. {card.name}{marker}")
        for k in range(PLANET_SLOTS):
            slot = pos * PLANET_SLOTS + k
            kind = f.pkind[slot]
            if kind < 0:
                continue
            planet = c.planet_kinds[kind]
            holder = ""
            if f.powner[slot] >= 0:
                holder = f" - {LEVELS[f.plevel[slot]]} by {owner_name(game, f.powner[slot])}"
            what = f"{PLANET_TYPES[planet.type]} (Colonize: gain {gains_text(planet.reward)})"
            lines.append(f"     planet {planet_name(slot)} {what}{holder}")
        tokens = [k for k in range(EXPLORE_SLOTS) if f.espots >> (pos * EXPLORE_SLOTS + k) & 1]
        if tokens:
            lines.append("     Exploration tokens at " + ", ".join(f"{pos + 1}.{k + 1}" for k in tokens))
    lines.append("Trade cards:")
    for i, t in enumerate(f.trade):
        trade = c.trade_cards[t]
        flipped = f.flipped >> i & 1
        side = "flipped" if flipped else f"{len(f.tdiscs[i])}/{len(trade.spaces)} spaces filled"
        options = trade.back if flipped else trade.exchanges
        offers = "; ".join(f"option {k + 1}: {exchange_text(e.give, e.get)}" for k, e in enumerate(options))
        lines += _wrap(f"  card {i + 1}: {trade.name} ({side}) - {offers}", "      ")
    lines += _wrap(
        "Nominate: "
        + ", ".join(
            f"space {k + 1} ({sp.prestige} prestige): {'free' if o < 0 else owner_name(game, o)}"
            for k, (sp, o) in enumerate(zip(c.nominate, f.nominate, strict=False))
        ),
        "    ",
    )
    sections = "; ".join(
        f"{name}: {', '.join(owner_name(game, o) for o in owners) or 'empty'}"
        for name, owners in zip(SECTIONS, f.sections, strict=False)
    )
    lines += _wrap(f"Main board: {sections}", "    ")
    lines.append(f"Faction deck: {f.deck_size()} cards")
    points = f.scores()
    for p in range(T.n):
        lines += _player_lines(T, f, p, points[p])
    if T.solo:
        vo = f.vo
        lines.append(
            f"Virtual opponent: Cruisers {vo[VO_CRUISERS]}, influence {vo[VO_INFLUENCE]}, "
            f"prestige {vo[VO_PRESTIGE]}, strength {vo[VO_STRENGTH]}, Action discs used {vo[VO_DISCS]}"
        )
    return lines


def _player_lines(T: Tables, f: Facts, p: int, points: float) -> list[str]:
    game = f.game
    c = T.c
    b = p * 8
    you = " (you)" if f.viewer == p else ""
    res = ", ".join(f"{RESOURCES[i]} {f.res[b + i]}" for i in range(8))
    lines = [
        f"{game.player_name(p)}{you}: {points:g} VP; Action discs {f.discs[p]} in supply, "
        f"{f.board_discs[p]} on the board"
    ]
    lines += _wrap(f"    {res}", "    ")
    alliance = ", ".join(c.factions[x].name for x in f.alliance[p]) or "-"
    ideology = scoring.major_ideology(T, _Public(f.fields), p)  # type: ignore[arg-type]
    true = f" (True Major Ideology: {c.factions[f.ideology[p]].name})" if f.ideology[p] >= 0 else ""
    lines += _wrap(
        f"    Alliance: {alliance}; Major Ideology: "
        f"{'none' if ideology is None else IDEOLOGIES[ideology]}{true}",
        "      ",
    )
    techs = ", ".join(t.name for t in c.technologies if f.techs[p] >> t.index & 1) or "-"
    lines += _wrap(f"    Technologies: {techs}", "      ")
    hand = f.hand(p)
    if hand is None:
        lines.append(
            f"    hand: {f.hand_size(p)} Faction cards (face down); "
            f"discarded: {f.discard_size(p)} (face down)"
        )
    else:
        names = ", ".join(c.factions[x].name for x in hand) or "none"
        gone = f.discards(p) or ()
        lines += _wrap(
            f"    hand: {names}; discarded: {', '.join(c.factions[x].name for x in gone) or 'none'}", "      "
        )
        packet = f.packet(p)
        if packet:
            lines += _wrap("    drafting from: " + ", ".join(c.factions[x].name for x in packet), "      ")
    if f.telescope[p]:
        lines.append(f"    Deep Space Telescope: {f.telescope[p]} Exploration tokens")
    return lines


def render(T: Tables, s: AgeState) -> str:
    """The all-seeing text board of a state."""
    return "\n".join(board_lines(T, Facts(T, s)))


LEGEND = (
    "Legend: planets are <System card>.<planet>, counted from the left and from the top (2.1);",
    "  Exploration points likewise (4.1); Trade cards and Nominate spaces are numbered from 1;",
    "  a planet's owner has Colonized, Developed or Conquered (a Cruiser) it.",
)


def render_view(T: Tables, view: AgeView) -> str:
    """What ``view.player`` may know, in at most 100 columns, with a legend."""
    f = Facts(T, view)
    lines = [f"You are {f.game.player_name(view.player)}.", *board_lines(T, f), *LEGEND]
    out: list[str] = []
    for line in lines:
        out += _wrap(line, "      ")
    return "\n".join(out)


# -- actions -------------------------------------------------------------------------------------


def action_text(T: Tables, f: Facts, action: Action) -> str:
    """``action`` in words, naming the planets, cards and Trade cards its numbers stand for."""
    c = T.c
    if isinstance(action, A.Colonize | A.Develop | A.Acquire | A.Surrender):
        verb = {
            A.Colonize: "colonize",
            A.Develop: "develop",
            A.Acquire: "acquire",
            A.Surrender: "surrender",
        }[type(action)]
        return f"{verb} {planet_label(T, f, action.slot)}"
    if isinstance(action, A.Explore):
        pos = action.spot // EXPLORE_SLOTS
        system = c.systems[f.systems[pos]].name if pos < len(f.systems) else "face down"
        return (
            f"explore Exploration point {action.spot // EXPLORE_SLOTS + 1}.{action.spot % EXPLORE_SLOTS + 1}"
            f" ({system})"
        )
    if isinstance(action, A.Trade):
        return f"trade at {c.trade_cards[f.trade[action.position]].name}"
    if isinstance(action, A.Exchange) and f.step[0] == D_EXCHANGE:
        position = f.step[2]
        card = c.trade_cards[f.trade[position]]
        ex = (card.back if f.flipped >> position & 1 else card.exchanges)[action.option]
        return f"exchange {exchange_text(ex.give, ex.get)}"
    if isinstance(action, A.TakeOption) and f.step[0] == D_TAKE:
        choice = c.technologies[f.step[2]].choice
        if action.option < len(choice):
            return f"gain {gains_text(choice[action.option])}"
    if isinstance(action, A.Nominate):
        return f"nominate on space {action.space + 1} for {action.prestige} prestige"
    if isinstance(action, A.UseAs) and f.step[0] == D_USE:
        return f"play {c.factions[f.step[2]].name} {action}"
    return str(action)


def describe(T: Tables, s: AgeState, action: Action, viewer: int | None) -> str:
    """A log line; a draw, discard or draft names the card only to its owner (and spectators)."""
    game = s.game
    who = "Chance" if s._player == CHANCE else game.player_name(s._player)
    if isinstance(action, A.Draw):
        owner = s.steps[0][1]  # the player of the draw step
        if viewer is not None and viewer != owner:
            return f"{game.player_name(owner)} draws a Faction card"
        return f"{game.player_name(owner)} draws {action.name}"
    if isinstance(action, A.Discard | A.Draft) and viewer is not None and viewer != s._player:
        return f"{who}: {'discards' if isinstance(action, A.Discard) else 'drafts'} a Faction card"
    if isinstance(action, A.SystemRevealed):
        return f"Chance: System card {action.name} is revealed"
    if isinstance(action, A.TokenRevealed):
        return f"Chance: the Exploration token shows {action.text}"
    if isinstance(action, A.PlanetTokenPlaced):
        return f"Chance: a {action.type} Planet token is placed"
    if isinstance(action, A.Reveal):
        return f"Chance: {action.name} is revealed for the Virtual Opponent"
    if isinstance(action, A.DieRolled):
        return f"Chance: the die shows {action.face}"
    return f"{who}: {action_text(T, Facts(T, s), action)}"


_GROUPS: tuple[tuple[tuple[type, ...], str], ...] = (
    ((A.Discard, A.KeepHand), "Setup: discard"),
    ((A.Draft,), "Faction Drafting"),
    ((A.Found,), "Found your Alliance"),
    ((A.Explore, A.ExploreTelescope), "Explore"),
    ((A.Trade,), "Trade"),
    ((A.Research,), "Research"),
    ((A.Manufacture, A.Retrieve, A.Scavenge), "Manufacture, Retrieve, Scavenge"),
    ((A.Colonize,), "Colonize"),
    ((A.Develop,), "Develop"),
    ((A.Nominate,), "Nominate"),
    ((A.PlayCard, A.UseAs), "Faction cards"),
    (
        (A.Exchange, A.Pay, A.TakeOption, A.Build, A.RetrieveRelics, A.Adapt, A.DevelopBonus),
        "Complete the action",
    ),
    ((A.Convert,), "Free actions"),
    ((A.Acquire, A.AcquireNothing, A.Surrender), "War phase"),
    ((A.EndTurn,), "End your turn"),
)


def action_group(action: Action) -> str:
    for kinds, name in _GROUPS:
        if isinstance(action, kinds):
            return name
    return "Chance"


def help_text(T: Tables, view: AgeView) -> str:
    """The legend, and the texts of every card and Technology a player can see now."""
    f = Facts(T, view)
    c = T.c
    lines = list(LEGEND)
    lines.append(
        "Resources: credit (max 12), productivity (Credit each Production phase, max 12), strength "
        "(Cruisers kept after War, max 12), cruiser (max 5 in supply), innovation, influence, relic, "
        "prestige (1 VP each). Free actions: 2 productivity, 1 innovation or 1 influence -> 1 credit."
    )
    hand = f.hand(view.player) or ()
    if hand:
        lines.append("Your Faction cards:")
        lines += ["  " + faction_text(T, c.factions[x]) for x in hand]
    packet = f.packet(view.player) or ()
    if packet:
        lines.append("Cards you may draft:")
        lines += ["  " + faction_text(T, c.factions[x]) for x in packet]
    for p in range(T.n):
        if f.alliance[p]:
            lines.append(f"Alliance of {f.game.player_name(p)}:")
            lines += ["  " + faction_text(T, c.factions[x]) for x in f.alliance[p]]
    lines.append("Trade cards:")
    for i, t in enumerate(f.trade):
        trade = c.trade_cards[t]
        options = trade.back if f.flipped >> i & 1 else trade.exchanges
        lines.append(
            f"  card {i + 1} {trade.name}: "
            + "; ".join(f"option {k + 1}: {exchange_text(e.give, e.get)}" for k, e in enumerate(options))
        )
    lines.append("Technologies on the Player board (paths left to right, bottom row first):")
    lines += ["  " + tech_text(t) for t in c.technologies if t.path >= 0]
    out: list[str] = []
    for line in lines:
        out += _wrap(line, "      ")
    return "\n".join(out)
