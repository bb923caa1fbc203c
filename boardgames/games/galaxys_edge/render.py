"""Text pictures of Galaxy's Edge positions and readable log lines."""

from __future__ import annotations

import textwrap

import attrs

from boardgames.games.galaxys_edge import actions as act
from boardgames.games.galaxys_edge.components import GEOMETRY, ROWS, SLOTS, EventCard, Layout, Species
from boardgames.games.galaxys_edge.scoring import score_table
from boardgames.games.galaxys_edge.state import GalaxysEdgeState, GalaxysEdgeView, Phase, class_of, owner_of
from boardgames.kernel.actions import Action
from boardgames.kernel.chance import make_rng
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import State, View

__all__ = [
    "CARD_TEXTS",
    "LEGEND",
    "Table",
    "action_group",
    "decision_text",
    "describe",
    "help_text",
    "render_table",
    "status",
    "table_of",
]

COLOURS = act.COLOURS
SPECIES_SHORT = ("Cr", "Hi", "Hu", "Sa", "Wa")
"""Two-letter species names for the terminal board."""

_CELL = 16  # characters per sector on the terminal board: 6 sectors fit in 96 columns

LEGEND = "\n".join(
    (
        "Legend: each sector is two lines. Line 1: its name, species (Cr Crystalloids, Hi The Hive,",
        "Hu Humanoids, Sa Saplenti, Wa Wargers), *RB flagships of Red and Blue, !Y Yellow's ban.",
        "Line 2: its systems by value: 5. empty, 5r a colony of Red (r b y g), 5R2 a Class-2 base of Red.",
        "> marks the player to act.",
    )
)
"""What the symbols of the terminal board mean."""

CARD_TEXTS: dict[EventCard, str] = {
    EventCard.ALIEN_EMBASSY: "Place one of your colony tokens on any one loyalty pledge; it adds 1 to "
    "your tally of colonized sectors for that species.",
    EventCard.CULTURAL_TAKEOVER: "Select a sector with at least 4 of your colonies in the vicinity. "
    "Replace the least-valuable rival colony in that sector with one of your own.",
    EventCard.DISCOVERY_MISSION: "Choose a sector (with no Ban) in which you have no colonies or "
    "military bases. Colonize the least-valuable available system in the sector.",
    EventCard.FORCEFIELD: "While this card is in play, none of your colonies may be removed by any "
    "means. Discard this card after your next turn.",
    EventCard.REBELLION: "Select a sector for which you hold the loyalty pledge. Replace a rival "
    "military base in that sector with one of your colonies.",
    EventCard.SURPRISE_ATTACK: "Select an incomplete sector that has at least one of your military "
    "bases in the vicinity. Replace the most-valuable rival colony in that sector with one of your own.",
    EventCard.WORMHOLE: "Choose any one flagship and move it to any sector you wish, regardless of distance.",
}
"""The event cards' texts, from the rulebook's Event Cards section."""


@attrs.frozen
class Table:
    """What one viewer sees of a position: the text and SVG pictures draw this.

    It is a player's view plus only what a view has no field for: every hand
    the viewer may see (``hands[p]`` is ``None`` when they may not), the
    compiled board and the score table.  ``viewer`` is ``None`` for an
    all-seeing spectator of a full state, so that a view's picture can never
    show what its player may not know: the hidden cards are simply not here.
    """

    view: GalaxysEdgeView
    layout: Layout
    hands: tuple[tuple[int, ...] | None, ...]
    viewer: int | None
    scores: dict[str, tuple[int, ...]]

    @property
    def players(self) -> int:
        return len(self.view.hand_sizes)

    @property
    def choice_options(self) -> tuple[int, ...]:
        choice = self.view.choice
        return choice.options if choice is not None else ()

    def owner(self, location: int) -> int:
        """The player whose installation is on ``location``, or -1."""
        return owner_of(self.view.occupant[location])

    def base_class(self, location: int) -> int:
        """The class (1-3) of the base on ``location``, or 0."""
        return class_of(self.view.occupant[location])

    @property
    def over(self) -> bool:
        return self.view.phase == Phase.OVER

    def acting(self, player: int) -> bool:
        """Whether it is ``player``'s turn (or decision) in a game still going on."""
        view = self.view
        if view.phase == Phase.OVER:
            return False
        return player == view.to_act or (view.to_act < 0 and player == view.active)


def table_of(target: State | View) -> Table:
    """The :class:`Table` of a Galaxy's Edge state (every hand seen) or view."""
    if isinstance(target, GalaxysEdgeState):
        state = target
        view = state.view(state.active)
        return Table(view, state.layout, state.hands, None, score_table(state))
    if isinstance(target, GalaxysEdgeView):
        if target.game is None:
            raise InvalidOptionError("this view was made without its game, so it cannot be drawn")
        # Scores depend on the board and the pledges only, never on the hidden
        # cards, so any state consistent with the view scores the same.
        resampled = target.game.resample(target, make_rng(0))
        if not isinstance(resampled, GalaxysEdgeState):
            raise InvalidOptionError("this view belongs to another game")
        hands = tuple(target.hand if p == target.player else None for p in range(len(target.hand_sizes)))
        return Table(target, resampled.layout, hands, target.player, score_table(resampled))
    raise InvalidOptionError(f"a Galaxy's Edge picture needs a state or a view, not {target!r}")


def _system(table: Table, loc: int) -> str:
    value = table.layout.value[loc]
    owner = table.owner(loc)
    if owner < 0:
        return f"{value}."
    letter = COLOURS[owner][0]
    base = table.base_class(loc)
    return f"{value}{letter}{base}" if base else f"{value}{letter.lower()}"


def _sector_lines(table: Table, position: int) -> tuple[str, str]:
    head = f"{GEOMETRY.names[position]} {SPECIES_SHORT[table.layout.species[position]]}"
    ships = "".join(COLOURS[p][0] for p, f in enumerate(table.view.flagships) if f == position)
    bans = "".join(COLOURS[p][0] for p, b in enumerate(table.view.bans) if b == position)
    if ships:
        head += f" *{ships}"
    if bans:
        head += f" !{bans}"
    systems = " ".join(_system(table, loc) for loc in table.layout.systems[position])
    return head, systems


def board_lines(table: Table) -> list[str]:
    """The board row by row, two lines a sector, shorter rows indented as on the table."""
    lines: list[str] = []
    widest = max(ROWS)
    position = 0
    for length in ROWS:
        indent = " " * ((widest - length) * _CELL // 2)
        cells = [_sector_lines(table, position + i) for i in range(length)]
        for part in (0, 1):
            lines.append((indent + "".join(c[part].ljust(_CELL) for c in cells)).rstrip())
        position += length
    return lines


def _cards(hand: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {card.title}" if n > 1 else card.title for card, n in zip(EventCard, hand) if n)


def player_lines(table: Table) -> list[str]:
    """One line per player: score, supply, cards (named only when the viewer may see them), pledges."""
    totals = [sum(col) for col in zip(*table.scores.values())]
    lines = []
    for p in range(table.players):
        hand = table.hands[p]
        size = table.view.hand_sizes[p]
        turn = ">" if table.acting(p) else " "
        you = " (you)" if p == table.viewer else ""
        colonies, tokens = table.view.colonies_left[p], table.view.tokens_left[p]
        lines.append(
            f"{turn}{COLOURS[p] + you:<13}{totals[p]:>3} points  colonies {colonies:>2}/20  "
            f"military tokens {tokens:>2}/20  {size} event card{'' if size == 1 else 's'}"
        )
        extras = []
        if hand is not None and any(hand):
            extras.append("cards: " + _cards(hand))
        held = [s.title for s in Species if table.view.pledges[s] == p]
        if held:
            extras.append("pledges: " + ", ".join(held))
        if table.view.forcefield[p]:
            extras.append("Forcefield in play")
        if extras:
            indent = " " * 14
            text = "; ".join(extras)
            lines += textwrap.wrap(text, 100, initial_indent=indent, subsequent_indent=indent + "  ")
    embassy = [
        f"{s.title} " + " ".join(f"{COLOURS[p]} {n}" for p, n in enumerate(table.view.embassy[s]) if n)
        for s in Species
        if any(table.view.embassy[s])
    ]
    if embassy:
        text = "Alien Embassy colony tokens on pledges: " + "; ".join(embassy)
        lines += textwrap.wrap(text, 100, subsequent_indent="  ")
    removed = _cards(table.view.discarded)
    deck = f"Event deck: {table.view.deck_size} cards"
    deck += f"; removed from the game: {removed}" if removed else ""
    lines += textwrap.wrap(deck, 100, subsequent_indent="  ")
    return lines


def render_table(table: Table) -> str:
    """The whole terminal picture: status, board, legend, then the players."""
    lines = [f"Galaxy's Edge, {table.players} players: {status(table)}", ""]
    lines += board_lines(table)
    lines += ["", *LEGEND.splitlines(), ""]
    lines += player_lines(table)
    if table.viewer is not None:
        hand = table.hands[table.viewer] or ()
        mine = f"You are {COLOURS[table.viewer]}; your event cards: {_cards(hand) or 'none'}"
        lines += textwrap.wrap(mine, 100, subsequent_indent="  ")
    return "\n".join(lines)


def status(table: Table) -> str:
    """Whose turn it is and what the game waits for, in a few words."""
    phase = table.view.phase
    if phase == Phase.OVER:
        totals = [sum(col) for col in zip(*table.scores.values())]
        best = max(totals)
        winners = " and ".join(COLOURS[p] for p, t in enumerate(totals) if t == best)
        verb = "share the victory" if " and " in winners else "wins"
        return f"game over; {winners} {verb} with {best} points"
    if phase == Phase.PLACEMENT:
        return f"setup, {COLOURS[table.view.to_act]} places the flagship"
    view = table.view
    who = COLOURS[view.active]
    if phase == Phase.TURN:
        left = [name for name, done in (("move", view.moved), ("build", view.built >= 0)) if not done]
        return f"{who}'s turn ({' and '.join(left)} left)"
    if phase == Phase.ROLL:
        return f"{who} rolls the Event Die"
    if phase == Phase.EVENT:
        return f"{who} rolled the event card symbol"
    if phase == Phase.DRAW:
        return f"{who} draws the top event card"
    return f"{COLOURS[table.view.to_act]} chooses which rival colony to conquer"


def decision_text(table: Table) -> str:
    """The pending decision in the rulebook's words, addressed to the viewer."""
    phase = table.view.phase
    viewer = table.viewer
    if phase == Phase.OVER:
        return f"The game is over: {status(table).split('; ', 1)[1]}."
    if table.view.to_act < 0:
        return f"Waiting: {status(table)}."
    if viewer is not None and viewer != table.view.to_act:
        return f"Waiting for {COLOURS[table.view.to_act]}: {status(table)}."
    if phase == Phase.PLACEMENT:
        return (
            "Setup: place your flagship into the deep space of one of the outer sectors of the board, "
            "not in the vicinity of an already-placed rival flagship."
        )
    if phase == Phase.TURN:
        options = []
        if not table.view.moved:
            options.append("move your flagship to an adjacent sector")
        if table.view.built < 0:
            options.append(
                "build one colony (in the vicinity of your installations, or in your flagship's sector) "
                "or build one base of Class 1-3 (in your flagship's sector)"
            )
        return f"On Your Turn: you may {' and '.join(options)}, in either order; or end your turn."
    if phase == Phase.EVENT:
        return (
            "Roll the Event Die: you rolled the event card symbol. Draw the top event card, "
            "play an event card from your hand, or do nothing."
        )
    names = ", ".join(GEOMETRY.system_name(loc) for loc in table.choice_options)
    return (
        "Conquering: the most-valuable rival colonies tie; choose which one to replace "
        f"with one of your colonies ({names})."
    )


_GROUPS: dict[type[Action], str] = {
    act.PlaceFlagship: "Place your flagship",
    act.MoveFlagship: "Move your flagship",
    act.BuildColony: "Build one colony",
    act.BuildBase: "Build one base",
    act.EndTurn: "End your turn",
    act.DrawEvent: "Draw or do nothing",
    act.NoEvent: "Draw or do nothing",
    act.PlayAlienEmbassy: "Play an event card",
    act.PlayCulturalTakeover: "Play an event card",
    act.PlayDiscoveryMission: "Play an event card",
    act.PlayForcefield: "Play an event card",
    act.PlayRebellion: "Play an event card",
    act.PlaySurpriseAttack: "Play an event card",
    act.PlayWormhole: "Play an event card",
    act.ReplaceColony: "Conquer a colony",
    act.RollResult: "Event Die",
    act.EventDrawn: "Event card drawn",
}


def action_group(action: Action) -> str:
    """The heading a terminal lists ``action`` under (the rulebook's name of the action)."""
    return _GROUPS.get(type(action), "")


def help_text(table: Table) -> str:
    """The legend, the die, and the texts of the event cards the viewer holds or sees in play."""
    lines = [*LEGEND.splitlines(), ""]
    lines.append(
        "The Event Die (rolled after you build): own ban, next player's ban, or the event card symbol."
    )
    lines.append("Vicinity: the same sector or an adjacent one.")
    shown: list[EventCard] = []
    hand = table.hands[table.viewer] if table.viewer is not None else None
    if hand is not None:
        shown += [card for card, n in zip(EventCard, hand) if n]
    if any(table.view.forcefield) and EventCard.FORCEFIELD not in shown:
        shown.append(EventCard.FORCEFIELD)
    if table.viewer is None:
        shown = list(EventCard)
    if shown:
        lines += ["", "Event cards:"]
        lines += _wrap([f"{card.title}: {CARD_TEXTS[card]}" for card in shown])
    return "\n".join(lines)


def _wrap(paragraphs: list[str], width: int = 96) -> list[str]:
    out: list[str] = []
    for text in paragraphs:
        out += textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="    ")
    return out


def describe(state: GalaxysEdgeState, action: Action, viewer: int | None = None) -> str:
    """A log line for ``action`` taken in ``state``, hiding from ``viewer`` what it may not see."""
    actor = state.current_player if state.current_player >= 0 else state.active
    who = COLOURS[actor]
    name = GEOMETRY.names
    system = GEOMETRY.system_name
    layout = state.layout
    match action:
        case act.EndTurn():
            return f"{who} ends the turn"
        case act.PlaceFlagship(position=p):
            return f"{who} places the flagship in {name[p]}"
        case act.MoveFlagship(position=p):
            return f"{who} moves the flagship to {name[p]}"
        case act.BuildColony(location=loc):
            species = layout.species[loc // SLOTS].title
            return f"{who} builds a colony on {system(loc)} (value {layout.value[loc]}, {species})"
        case act.BuildBase(location=loc, base_class=c):
            return f"{who} builds a class-{c} base on {system(loc)}"
        case act.RollResult(face=face):
            built = name[state.built // SLOTS]
            if face.name == "OWN_BAN":
                return f"{who} rolls own ban: {who}'s ban goes to {built}"
            if face.name == "NEXT_BAN":
                nxt = COLOURS[(state.active + 1) % state.game.players]
                return f"{who} rolls next player's ban: {nxt}'s ban goes to {built}"
            return f"{who} rolls the event card symbol"
        case act.DrawEvent():
            return f"{who} draws the top event card"
        case act.EventDrawn(card=card):
            if viewer is None or viewer == state.active:
                return f"{who} draws {card.title}"
            return f"{who} draws an event card"
        case act.NoEvent():
            return f"{who} does nothing with the event"
        case act.PlayAlienEmbassy(species=s):
            return f"{who} plays Alien Embassy: a colony token on the {Species(s).title} pledge"
        case act.PlayCulturalTakeover(position=p):
            return f"{who} plays Cultural Takeover in {name[p]}"
        case act.PlayDiscoveryMission(position=p):
            return f"{who} plays Discovery Mission in {name[p]}"
        case act.PlayForcefield():
            return f"{who} plays Forcefield"
        case act.PlayRebellion(location=loc):
            victim = COLOURS[state.owner(loc)]
            return f"{who} plays Rebellion: {victim}'s base on {system(loc)} becomes a {who} colony"
        case act.PlaySurpriseAttack(position=p):
            return f"{who} plays Surprise Attack in {name[p]}"
        case act.PlayWormhole(player=target, position=p):
            return f"{who} plays Wormhole: {COLOURS[target]}'s flagship to {name[p]}"
        case act.ReplaceColony(location=loc):
            return f"{who} replaces {COLOURS[state.owner(loc)]}'s colony on {system(loc)}"
    return str(action)
