"""Text pictures of Warpgate positions, log lines, and the terminal seat's texts.

Everything here draws a :class:`Table`: a player's view plus the cards that
viewer may see, so a view's text never names another player's action
cards or objectives.
Seats are named by colour (:func:`seat_name`), as in the SVG pictures.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import attrs

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import ACTION_TITLES, ACTIONS, PLANET_TYPES
from boardgames.games.warpgate.state import (
    CONTROL_PICK,
    COUNT,
    COUNT2,
    DEPLOY,
    DEST,
    DEST2,
    DRONE,
    GOOD,
    HOP1,
    HOP2,
    ORIGIN,
    ORIGIN2,
    PLAY,
    PROMOTE_PICK,
    REINFORCE_PICK,
    STEPS,
    TECH,
    TRADE_FROM,
    WITHDRAW,
    Step,
    WarpgateState,
    WarpgateView,
    action_of,
    arg,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import cards_of
from boardgames.kernel.chance import make_rng
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import CHANCE, TERMINAL, State, View
from boardgames.kernel.svg import PLAYER_COLOUR_NAMES

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Tables

__all__ = [
    "ACTION_RULES",
    "LEGEND",
    "Table",
    "action_group",
    "action_title",
    "decision_text",
    "describe",
    "help_text",
    "render_table",
    "seat_name",
    "status",
    "table_of",
]

WIDTH = 100


def seat_name(player: int) -> str:
    """A seat's name: its colour (Blue, Orange, Green, Purple, Sky, Vermilion)."""
    return PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOUR_NAMES)]


@attrs.frozen
class Table:
    """The map and each player's area, as one viewer may see them.

    ``view`` holds every public field (a player's view; for an all-seeing
    spectator of a full state, player 0's).  ``hands[p]`` and
    ``objectives[p]`` hold player ``p``'s cards when the viewer may see
    them, else ``None``; ``viewer`` is ``None`` for the spectator.
    ``scores`` holds the score parts; a part the viewer cannot know
    (another player's secret objectives) is ``None``.
    """

    t: Tables
    players: int
    rounds: int
    view: WarpgateView
    hands: tuple[tuple[int, ...] | None, ...]
    objectives: tuple[tuple[int, ...] | None, ...]
    viewer: int | None
    scores: dict[str, tuple[float | None, ...]]

    @property
    def step(self) -> Step:
        """The first step of the queue (``()`` once the game is over)."""
        return self.view.steps[0] if self.view.steps else ()

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        n = self.players
        return (self.view.first + self.view.turn % n) % n

    @property
    def slot(self) -> int:
        """0..3: which turn of the round the active player is on."""
        return min(self.view.turn // self.players, 3)

    @property
    def over(self) -> bool:
        return self.view.to_act == TERMINAL

    def total(self, player: int) -> float | None:
        """``player``'s score, or ``None`` when part of it is secret to the viewer."""
        parts = [row[player] for row in self.scores.values()]
        return None if any(p is None for p in parts) else sum(p for p in parts if p is not None)

    def acting(self, player: int) -> bool:
        """Whether it is ``player``'s turn (or decision) in a game still going on."""
        if self.over:
            return False
        return player == self.view.to_act or (self.view.to_act < 0 and player == self.active)


def table_of(target: State | View) -> Table:
    """The :class:`Table` of a Warpgate state or view."""
    if isinstance(target, WarpgateState):
        state = target
        view = state.view(0)
        viewer: int | None = None
        hands: tuple[tuple[int, ...] | None, ...] = tuple(cards_of(row) for row in state.hand)
        objectives: tuple[tuple[int, ...] | None, ...] = tuple(cards_of(row) for row in state.objectives)
    elif isinstance(target, WarpgateView):
        if target.game is None:
            raise InvalidOptionError("this view was made without its game, so it cannot be drawn")
        resampled = target.game.resample(target, make_rng(0))
        if not isinstance(resampled, WarpgateState):
            raise InvalidOptionError("this view belongs to another game")
        # Scores are counted on a resampled state; only the viewer's objectives are shown.
        state = resampled
        view = target
        viewer = target.player
        seats = range(len(target.hand_sizes))
        hands = tuple(cards_of(target.hand) if p == viewer else None for p in seats)
        objectives = tuple(cards_of(target.objectives) if p == viewer else None for p in seats)
    else:
        raise InvalidOptionError(f"a Warpgate picture needs a state or a view, not {target!r}")
    parts: dict[str, tuple[float | None, ...]] = dict(state.score_parts())
    if viewer is not None:
        # Objectives are secret: another player's completed ones are unknown.
        parts["objectives"] = tuple(v if p == viewer else None for p, v in enumerate(parts["objectives"]))
    return Table(
        t=state.t, players=state.game.players, rounds=state.game.rounds, view=view,
        hands=hands, objectives=objectives, viewer=viewer, scores=parts,
    )

TYPE_SHORT = {"desert": "Des", "oceanic": "Oce", "volcanic": "Vol", "ice": "Ice", "jungle": "Jun"}

LEGEND = "\n".join(
    (
        "Legend: each place: name, type (Des desert, Oce oceanic, Vol volcanic, Ice ice, Jun jungle,",
        "Gate a warpgate), $ a trade icon; then B3 three ships of Blue, oB Blue's outpost,",
        "cB Blue's colony, dB Blue's research drone. > marks the player to act.",
        "Seats: " + ", ".join(f"{seat_name(p)[0]} {seat_name(p)}" for p in range(6)) + ".",
    )
)
"""What the symbols of the terminal board mean."""

ACTION_RULES: dict[str, str] = {
    "recon": "Move exactly 1 ship from one planet to another planet in range X+X. "
    "You may not move to any planet containing enemy ships.",
    "maneuver": "Move any number of ships from one planet to another planet in range X; "
    "you may then repeat this with a different group of 1 or more ships.",
    "skirmish": "Move or Attack with exactly 1 ship from one planet to another planet in up to X range.",
    "advance": "Move or Attack with 2 or more ships from one planet to another planet in range X.",
    "concentrate": "Move or Attack with any number of ships from one planet, or from two different "
    "planets, to another planet in range X.",
    "warp_in": "Deploy up to X ships to your Warpgate.",
    "reinforce": "Deploy 1 ship to up to X planets and/or your Warpgate that already contain 1 or more "
    "of your ships.",
    "research": "Move your Research Drone to a planet in range up to X matching an available "
    "Technology's type, and take that Technology.",
    "control": "Establish Outposts and Colonies: on up to X planets holding your ships, place an "
    "outpost, flip your outpost to a colony (and draw an Objective), or replace another outpost.",
    "trade": "Move 1 ship from a planet with a trade icon to another in up to X range, then to a third "
    "in up to X range from the second; claim 1 Trade Good if there is one available.",
    "promote": "Take X cards from the top of the Promotion deck, choose 1 and shuffle it into your "
    "Tactics deck.",
    "draw": "Instead of the top or the bottom action of the Action card, draw X cards.",
}
"""Each action's short rule, from the rulebook's actions chapter (Control: interpretation I7)."""


def action_title(index: int) -> str:
    """The rulebook's name of action ``index`` (or Draw)."""
    return ACTION_TITLES[ACTIONS[index]] if 0 <= index < len(ACTIONS) else "Draw"


def _rule(index: int) -> str:
    return ACTION_RULES[ACTIONS[index] if 0 <= index < len(ACTIONS) else "draw"]


def _short(player: int) -> str:
    return seat_name(player)[0]


def _place_cell(table: Table, place: int) -> str:
    t = table.t
    kind = t.place_type[place]
    parts = [f"{t.place_names[place]:<10}", "Gate" if kind < 0 else f"{TYPE_SHORT[PLANET_TYPES[kind]]} "]
    parts.append("$" if t.trade[place] else " ")
    owner = table.view.owner[place]
    if owner >= 0:
        parts.append(f"{_short(owner)}{table.view.ships[place]}")
    if table.view.marker[place] >= 0:
        parts.append(("c" if table.view.colony[place] else "o") + _short(table.view.marker[place]))
    parts += [f"d{_short(p)}" for p, d in enumerate(table.view.drone) if d == place]
    return " ".join(parts)


def board_lines(table: Table) -> list[str]:
    """Every place, two to a line (49 columns each), in the map's order."""
    cells = [_place_cell(table, place) for place in range(len(table.t.place_names))]
    half = (len(cells) + 1) // 2
    lines = []
    for i in range(half):
        right = cells[half + i] if half + i < len(cells) else ""
        lines.append(f"{cells[i]:<49} {right}".rstrip())
    return lines


def _score(table: Table, player: int) -> str:
    total = table.total(player)
    if total is None:
        known = sum(v for row in table.scores.values() if (v := row[player]) is not None)
        return f"{known:g} VP + secret objectives"
    return f"{total:g} VP"


def player_lines(table: Table) -> list[str]:
    """Each player's public area; cards are named only where the viewer may see them."""
    t = table.t
    lines: list[str] = []
    for p in range(table.players):
        mark = ">" if table.acting(p) else " "
        you = " (you)" if p == table.viewer else ""
        head = (
            f"{mark}{seat_name(p)}{you}, {t.faction_names[table.view.faction[p]]}: {_score(table, p)}; "
            f"ships in supply {table.view.supply[p]}, markers left {I.MARKERS - table.view.marker.count(p)}, "
            f"trade goods {table.view.goods[p]} (+{table.view.spent[p]} spent)"
        )
        lines += textwrap.wrap(head, WIDTH, subsequent_indent="    ")
        hand = table.hands[p]
        cards = (
            f"hand: {', '.join(t.card_names[c] for c in hand) or 'empty'}"
            if hand is not None
            else f"hand: {table.view.hand_sizes[p]} card{'' if table.view.hand_sizes[p] == 1 else 's'}"
        )
        played = ", ".join(f"{i + 1} {t.card_names[c]}" for i, c in enumerate(table.view.played[p])) or "none"
        objectives = table.objectives[p]
        secret = (
            f"objectives: {', '.join(t.objective_names[o] for o in objectives) or 'none'}"
            if objectives is not None
            else f"objectives: {table.view.objective_counts[p]} secret"
        )
        techs = ", ".join(t.tech_names[c] for c in table.view.techs[p]) or "none"
        tactics = sum(table.view.tactics[p])
        detail = (
            f"{cards}; deck {table.view.deck_sizes[p]}, discard {sum(table.view.discard[p])}; "
            f"slots played: {played}; technologies: {techs}; {secret}; "
            f"tactics deck {tactics} (+{sum(table.view.tactics_discard[p])} discarded)"
        )
        lines += textwrap.wrap(detail, WIDTH, initial_indent="    ", subsequent_indent="    ")
    return lines


def render_table(table: Table) -> str:
    """The terminal picture: status, the places, a legend, the supplies, then every player."""
    t = table.t
    head = f"Warpgate, {table.players} players: {status(table)}"
    lines = [*textwrap.wrap(head, WIDTH, subsequent_indent="  "), ""]
    lines += board_lines(table)
    lines += ["", *LEGEND.splitlines(), ""]
    available = ", ".join(
        f"{t.tech_names[c]} ({PLANET_TYPES[t.tech_type[c]]})" for c in table.view.tech_avail
    ) or "none"
    supplies = (
        f"Technologies available: {available}; {sum(table.view.tech_deck)} in the deck. "
        f"Trade goods in the supply: {table.view.goods_pool}. Promotion deck {sum(table.view.promo_deck)}, "
        f"discard {sum(table.view.promo_discard)}."
    )
    lines += textwrap.wrap(supplies, WIDTH, subsequent_indent="  ")
    lines.append("")
    lines += player_lines(table)
    return "\n".join(lines)


def status(table: Table) -> str:
    """Round, turn and whom the game waits for, in a few words."""
    if table.over:
        totals = [table.total(p) for p in range(table.players)]
        known = [v for v in totals if v is not None]
        if len(known) < len(totals):
            return f"game over after round {table.view.round}"
        best = max(known)
        winners = " and ".join(seat_name(p) for p, v in enumerate(totals) if v == best)
        verb = "share the victory" if " and " in winners else "wins"
        return f"game over after round {table.view.round}; {winners} {verb} with {best:g} VP"
    who = seat_name(table.active)
    head = f"round {table.view.round} of {table.rounds}, {who}'s turn {table.slot + 1} of 4"
    step = table.step
    action = action_of(step)
    if action >= 0:
        x = arg(step, "x")
        head += f" ({action_title(action)}, X={x})" if x > 0 else f" ({action_title(action)})"
    if table.view.to_act == CHANCE:
        return f"{head}; {_chance_text(table)}"
    if table.view.to_act != table.active:
        return f"{head}; {seat_name(table.view.to_act)} to decide ({STEPS[step[0]]})"
    return head


def _chance_text(table: Table) -> str:
    front = table.step
    step = STEPS[front[0]]
    if step == "deal":
        return f"dealing action cards to {seat_name(front[1])}"
    if step == "draw":
        return f"{seat_name(front[1])} draws action cards"
    if step in ("attacker reveal", "defender reveal"):
        t = table.t
        _, attacker, place, attackers, defender = table.view.steps[-1]
        fleet = f"{attackers} ship{'s' if attackers != 1 else ''}"
        text = (
            f"battle at {t.place_names[place]}: {seat_name(attacker)}'s {fleet} attack "
            f"{seat_name(defender)}'s {table.view.ships[place]}"
        )
        revealed = table.view.revealed
        attack = ", ".join(t.tactic_names[c] for c in revealed[attacker])
        if step == "defender reveal":
            defence = ", ".join(t.tactic_names[c] for c in revealed[defender])
            also = f" after {defence}" if defence else ""
            return f"{text}; the attacker revealed {attack}, the defender reveals{also}"
        also = f" after {attack}" if attack else ""
        return f"{text}; the attacker reveals a tactics card{also}"
    if step == "objective":
        return f"{seat_name(table.active)} draws an Objective card"
    if step == "technology reveal":
        return "a new Technology is revealed"
    return f"{seat_name(table.active)} takes cards from the Promotion deck"


def decision_text(table: Table) -> str:
    """The pending decision in the rulebook's words, addressed to the viewer."""
    if table.over:
        return f"The game is over: {status(table)}."
    if table.view.to_act == CHANCE:
        return f"Waiting: {_chance_text(table)}."
    if table.viewer is not None and table.viewer != table.view.to_act:
        return f"Waiting for {seat_name(table.view.to_act)}: {status(table)}."
    t = table.t
    front = table.step
    x = arg(front, "x")
    names = t.place_names
    step = front[0]
    action = action_of(front)
    title = action_title(action)
    if step == PLAY:
        slot = table.slot + 1
        return (
            f"Round {table.view.round}, your turn {slot} of 4: play an Action card onto slot {slot} of your "
            f"faction board and resolve its top or its bottom action, or Draw, with X = {slot}."
        )
    if step == GOOD:
        return (
            f"{title} X={x}: you may spend one (and only one) Trade Good to increase this action's "
            f"multiplier by +1 (X={x + 1})."
        )
    if step == ORIGIN:
        return f"{title} X={x}: {_rule(action)} Choose the planet your ships leave."
    if step == DEST:
        return f"{title} X={x}: choose where the ships from {names[arg(front, 'origin')]} go."
    if step in (COUNT, COUNT2):
        origin = arg(front, "origin") if step == COUNT else arg(front, "origin2")
        return f"{title} X={x}: how many ships leave {names[origin]}?"
    if step == ORIGIN2:
        if title == "Maneuver":
            return (
                f"Maneuver X={x}: you may move a second group of 1 or more ships; "
                "choose where it leaves, or done."
            )
        return (
            f"Concentrate X={x}: you may add ships from a second planet in range X of "
            f"{names[arg(front, 'destination')]}; "
            "choose it, or done."
        )
    if step == DEST2:
        return f"Maneuver X={x}: choose where the second group from {names[arg(front, 'origin2')]} goes."
    if step == DEPLOY:
        return f"Warp-in X={x}: deploy up to {x} ships from your supply to your Warpgate. How many?"
    if step == REINFORCE_PICK:
        return (
            f"Reinforce X={x}: deploy 1 ship to a planet or your Warpgate already holding your ships "
            f"({x - front[3].bit_count()} more allowed), or done."
        )
    if step == DRONE:
        return (
            f"Research X={x}: move your Research Drone to a planet in range up to {x} that matches "
            "the type of an available Technology."
        )
    if step == TECH:
        return f"Research: choose the available Technology matching {names[arg(front, 'planet')]} to take."
    if step == CONTROL_PICK:
        return (
            f"Control X={x}: choose a planet holding your ships to place an outpost, flip your outpost "
            f"to a colony, or replace another player's outpost ({x - front[3].bit_count()} more allowed), "
            "or done."
        )
    if step == TRADE_FROM:
        return f"Trade X={x}: {_rule(action)} Choose the planet with a trade icon your ship leaves."
    if step == HOP1:
        return (
            f"Trade X={x}: choose the second planet with a trade icon, "
            f"in up to {x} range of {names[arg(front, 'origin')]}."
        )
    if step == HOP2:
        return (
            f"Trade X={x}: choose the third planet with a trade icon, "
            f"in up to {x} range of {names[arg(front, 'hop')]}."
        )
    if step == PROMOTE_PICK:
        return (
            "Promote: choose 1 of the cards taken from the Promotion deck "
            "to shuffle into your Tactics deck."
        )
    if step == WITHDRAW:
        return (
            f"You lost the battle at {names[front[2]]}: withdraw your {front[3]} remaining ships to your "
            "Warpgate or a planet within range 2 holding no other player's ships."
        )
    return f"{seat_name(table.view.to_act)} to decide ({STEPS[step]})."


_GROUPS: dict[type[Action], str] = {
    A.SpendTradeGood: "Trade good",
    A.From: "Where from",
    A.To: "Where to",
    A.ChooseShips: "How many ships",
    A.WarpIn: "Warp-in",
    A.Reinforce: "Reinforce",
    A.Research: "Research: move the drone",
    A.TakeTechnology: "Take a Technology",
    A.Control: "Control",
    A.Promote: "Promote",
    A.Withdraw: "Withdraw",
    A.Done: "Finish the action",
    A.DrawActionCard: "Action card drawn",
    A.RevealTactic: "Tactics card revealed",
    A.DrawObjective: "Objective drawn",
    A.RevealTechnology: "Technology revealed",
    A.DrawPromotion: "Promotion card drawn",
}


def action_group(action: Action) -> str:
    """The heading a terminal lists ``action`` under: the action it belongs to, or the choice it makes."""
    if isinstance(action, A.Play):
        return "Play a card: Draw" if action.use == "draw" else f"Play a card: {action.use}"
    return _GROUPS.get(type(action), "")


def help_text(table: Table) -> str:
    """The legend, the rules of the actions on the viewer's cards, their Technologies' and
    objectives' texts, and the tactics cards in their deck."""
    t = table.t
    lines = [*LEGEND.splitlines(), ""]
    lines.append("X is the turn multiplier: the slot of your faction board (1-4), +1 for a spent Trade Good.")
    viewer = table.viewer
    hand = table.hands[viewer] if viewer is not None else None
    used = sorted({a for c in (hand or ()) for a in t.card_actions[c]}) if hand is not None else []
    if viewer is None:
        used = list(range(len(ACTIONS)))
    paragraphs = [f"{action_title(a)}: {_rule(a)}" for a in used]
    paragraphs.append(f"Draw: {ACTION_RULES['draw']}")
    lines += ["", "Actions on your cards:" if viewer is not None else "Actions:"]
    lines += _wrap(paragraphs)
    lines += ["", "Technologies available:"]
    lines += _wrap([
        f"{t.tech_names[c]} ({PLANET_TYPES[t.tech_type[c]]}, {t.tech_vp[c]} VP)" + _effect(t.tech_effect[c])
        for c in table.view.tech_avail
    ] or ["none"])
    if viewer is not None:
        objectives = table.objectives[viewer] or ()
        lines += ["", "Your objectives (5 VP each if met at the end of the game):"]
        lines += _wrap([_objective(table, o) for o in objectives] or ["none"])
        deck = cards_of([a + b for a, b in zip(table.view.tactics[viewer], table.view.tactics_discard[viewer],
                                               strict=True)])
        rule = "Your tactics cards (strength = ships + power; the loser loses the winner's casualties):"
        lines += ["", rule]
        lines += _wrap([
            ", ".join(
                f"{t.tactic_names[c]} (power {t.tactic_power[c]}, casualties {t.tactic_casualties[c]})"
                for c in deck
            )
        ])
    return "\n".join(lines)


def _effect(effect: I.TechnologyEffect) -> str:
    """What taking a Technology does at once, as the current interpretation has it."""
    parts = []
    if effect.deploy:
        parts.append(f"deploy {effect.deploy} ship{'s' if effect.deploy > 1 else ''} to your Warpgate")
    if effect.refresh:
        parts.append(f"refresh {effect.refresh} spent Trade Good{'s' if effect.refresh > 1 else ''}")
    return f": when taken, {' and '.join(parts)}" if parts else ""


_OBJECTIVE_TEXTS = {
    "colonies": "have {n} colonies",
    "technologies": "have {n} Technologies",
    "trade_goods": "have {n} Trade Goods",
    "ships": "have {n} ships on the board",
    "trade_planets": "have ships on {n} planets with a trade icon",
    "tactics": "own {n} hero or advanced tactics cards",
}


def _objective(table: Table, objective: int) -> str:
    t = table.t
    kind = t.objective_kind[objective]
    count = t.objective_count[objective]
    if kind == "control_type":
        what = f"hold an outpost or colony on {count} {PLANET_TYPES[t.objective_type[objective]]} planets"
    else:
        what = _OBJECTIVE_TEXTS[kind].format(n=count)
    return f"{t.objective_names[objective]}: {what}"


def _wrap(paragraphs: list[str]) -> list[str]:
    out: list[str] = []
    for text in paragraphs:
        out += textwrap.wrap(text, WIDTH - 4, initial_indent="  ", subsequent_indent="    ")
    return out


def describe(s: WarpgateState, action: Action, viewer: int | None = None) -> str:
    """A log line for ``action`` taken in ``s``, for ``viewer`` (None: a spectator who sees everything).

    Another player's drawn action card or objective is not named.
    """
    t = s.t
    front = s.step
    step = front[0] if front else -1
    me = s.current_player if s.current_player >= 0 else s.active
    who = seat_name(me)
    title = action_title(action_of(front))
    names = t.place_names
    match action:
        case A.Play(card=card, use=use):
            x = s.slot + 1
            if use == "draw":
                return f"{who} plays {card} on slot {x} to Draw (X={x})"
            return f"{who} plays {card} on slot {x} for {use} (X={x})"
        case A.SpendTradeGood(spend=spend):
            x = arg(front, "x")
            return f"{who} spends a Trade Good: X={x + 1}" if spend else f"{who} keeps their Trade Goods"
        case A.From(place=place):
            if step == TRADE_FROM:
                return f"{who} trades from {place}"
            return f"{who}'s {title} (X={arg(front, 'x')}): ships leave {place}"
        case A.To(place=place):
            if step in (HOP1, HOP2):
                if step == HOP1:
                    return f"{who}'s trade ship goes on to {place}"
                return f"{who} trades to {place}"
            target = names.index(place)
            rival = s.owner[target]
            if rival >= 0 and rival != me:
                return f"{who} attacks {seat_name(rival)} at {place}"
            return f"{who} moves to {place}"
        case A.ChooseShips(count=count):
            return f"{who} sends {count} ship{'s' if count != 1 else ''}"
        case A.WarpIn(count=count):
            return f"{who} warps in {count} ship{'s' if count != 1 else ''} at {names[t.gate[me]]}"
        case A.Reinforce(place=place):
            return f"{who} reinforces {place} with 1 ship"
        case A.Research(place=place):
            return f"{who} moves the research drone to {place}"
        case A.TakeTechnology(technology=tech):
            return f"{who} takes the Technology {tech}"
        case A.Control(place=place):
            return f"{who} takes control of {place}"
        case A.Promote(card=card):
            return f"{who} promotes {card} into their tactics deck"
        case A.Withdraw(place=place):
            return f"{who} withdraws to {place}"
        case A.Done():
            return f"{who} is done with {title}"
        case A.DrawActionCard(card=card):
            drawer = seat_name(front[1])
            if viewer is not None and viewer != front[1]:
                return f"{drawer} draws an action card"
            return f"{drawer} draws {card}"
        case A.RevealTactic(card=card):
            side = front[1]
            return f"{seat_name(side)} reveals the tactics card {card}"
        case A.DrawObjective(card=card):
            drawer = seat_name(s.active)
            if viewer is not None and viewer != s.active:
                return f"{drawer} draws an Objective card"
            return f"{drawer} draws the Objective {card}"
        case A.RevealTechnology(technology=tech):
            return f"the Technology {tech} is revealed"
        case A.DrawPromotion(card=card):
            return f"{seat_name(s.active)} takes {card} from the Promotion deck"
    if s.current_player == TERMINAL:
        return str(action)
    return f"{who}: {action}"


def render_state(s: WarpgateState) -> str:
    """The full state's terminal picture (every card named)."""
    return render_table(table_of(s))
