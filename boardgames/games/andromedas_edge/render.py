"""Readable texts of Andromeda's Edge: the text board, the terminal seat, log lines.

Everything a person reads is built here from the rulebook's names: regions
are named by their tile (``A2 Verdance``), cards and tokens by their names
and effects, players by their colour (:meth:`AndromedasEdge.player_name`).
:class:`Facts` reads the same fields from a full state or from a player's
view, so the text board and the picture (:mod:`.picture`) draw a view from
the view alone.
"""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.components import (
    ALLIANCE_BASES,
    RAIDER_CLASSES,
    RESOURCE_CAPS,
    RESOURCES,
    TACTICS_TYPES,
    TRACKS,
)
from boardgames.games.andromedas_edge.names import (
    amounts,
    effect_text,
    moon_colour,
    moon_name,
    ship_spec_text,
    ship_type_name,
    upgrade_name,
)
from boardgames.games.andromedas_edge.state import (
    BARGE,
    BAY,
    DEVELOPED,
    MARKER_ON_STATION,
    MARKER_REMOVED,
    OVER,
    SCRAPPED,
    SUPPLY,
    AndromedasEdgeView,
    Task,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, TERMINAL

__all__ = [
    "Facts",
    "action_group",
    "decision_text",
    "describe",
    "effect_text",
    "help_text",
    "render",
    "render_view",
]

WIDTH = 100
"""The terminal seat's lines are at most this wide."""

# -- names --------------------------------------------------------------------------------


def moon_text(game: Any, kind: int) -> str:
    return moon_name(game.components, kind)


def module_text(game: Any, kind: int) -> str:
    m = game.components.modules[kind]
    text = f"{m.name} ({TRACKS[m.type]})"
    cost = f"pay {amounts(m.input)}: " if any(m.input) else ""
    moon = {1: "with a slotted moon: ", 2: "gain the slotted moon's resources; "}.get(m.moon, "")
    extra = []
    if m.slot_vp:
        extra.append(f"{m.slot_vp} VP per slotted moon")
    if m.end_vp:
        extra.append(f"{m.end_vp} VP at game end")
    tail = f" [{'; '.join(extra)}]" if extra else ""
    return f"{text}: {moon}{cost}{effect_text(m.output)}{tail}"


def tactic_text(game: Any, kind: int) -> str:
    t = game.components.tactics[kind]
    timing = ", any turn" if t.any_turn else ""
    return f"{t.name} ({TACTICS_TYPES[t.type]}{timing}): {effect_text(t.effect)}"


def upgrade_text(game: Any, tile: int) -> str:
    return upgrade_name(game.components, tile)


def destiny_text(game: Any, card: int) -> str:
    d = game.components.destiny[card]
    goals = " and ".join(f"{TRACKS[t]} {level}" for t, level in d.goals)
    return f"{d.name} (goals: {goals})"


def region_label(game: Any, layout: Any, r: int) -> str:
    """``A2 Verdance``, ``N3 nebula``, ``D4 (no tile yet)``."""
    name = A.region_name(r, game.spaces, game.components.columns)
    if r >= game.spaces:
        return f"{name} nebula"
    return f"{name} {tile_name(game, layout[r])}"


def tile_name(game: Any, code: int) -> str:
    if code < 0:
        return "(no tile yet)"
    if code < 15:
        return str(game.components.planets[code].name)
    if code < 21:
        return ALLIANCE_BASES[code - 15]
    return str(game.special_tiles[code - 21].name)


def tile_kind(game: Any, code: int) -> str:
    if code < 0:
        return "empty"
    if code < 15:
        return f"{TRACKS[game.components.planets[code].type]} planet"
    if code < 21:
        return "alliance base"
    return "special region"


# -- facts of a state or a view -------------------------------------------------------------


class Facts:
    """The public fields of a state or a view, and what ``viewer`` may know of the hidden ones.

    ``viewer`` is None for a full state (all-seeing) and the view's player
    for a view; :meth:`hand` and :meth:`tokens` return None where the
    viewer may only count the cards.
    """

    def __init__(self, target: Any) -> None:
        self.game: Any = target.game
        if isinstance(target, AndromedasEdgeView):
            self.view: Any = target
            self.state: Any = None
            self.viewer: int | None = target.player
            self.fields: dict[str, Any] = dict(target.public)
        else:
            self.view = None
            self.state = target
            self.viewer = None
            self.fields = target.__dict__
        self.players = self.game.players

    def __getattr__(self, name: str) -> Any:
        fields = self.__dict__.get("fields")
        if fields is None or name not in fields:
            raise AttributeError(name)
        return fields[name]

    @property
    def to_act(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        head = self.tasks[0]
        return CHANCE if head[0] in Task.CHANCE else int(head[1])

    def sees(self, player: int) -> bool:
        """Whether the viewer may see ``player``'s hidden cards (self, teammate, or all-seeing)."""
        if self.view is None:
            return True
        return player in (self.view.player, self.view.mate)

    def hand(self, player: int) -> tuple[int, ...] | None:
        """Tactics card counts by kind, or None when face down to the viewer."""
        if self.state is not None:
            return tuple(self.state.hands[player])
        if player == self.view.player:
            return tuple(self.view.hand)
        if player == self.view.mate:
            return tuple(self.view.mate_hand)
        return None

    def hand_size(self, player: int) -> int:
        if self.state is not None:
            return sum(self.state.hands[player])
        return int(self.view.hand_sizes[player])

    def tokens(self, player: int) -> tuple[int, ...] | None:
        """Held discovery tokens by kind, or None when face down to the viewer."""
        if self.state is not None:
            return tuple(self.state.dheld[player])
        if player == self.view.player:
            return tuple(self.view.dheld)
        if player == self.view.mate:
            return tuple(self.view.mate_dheld)
        return None

    def token_count(self, player: int) -> int:
        if self.state is not None:
            return sum(self.state.dheld[player])
        return int(self.view.dheld_sizes[player])

    def destiny(self, player: int) -> int | None:
        """The kept destiny card, -1 for none, None when hidden from the viewer."""
        if self.state is not None:
            return int(self.state.destiny[player])
        if player == self.view.player:
            return int(self.view.destiny)
        if player == self.view.mate:
            return int(self.view.mate_destiny)
        return None

    def destiny_held(self, player: int) -> bool:
        if self.state is not None:
            return bool(self.state.destiny[player] >= 0)
        return bool(self.view.destiny_held[player])

    def tactics_deck(self) -> int:
        return sum(self.state.tdeck) if self.state is not None else int(self.view.tdeck_size)

    def event_deck(self) -> int:
        if self.state is not None:
            return int(self.state.edeck.size)
        return len(self.view.eremaining)

    def discovery_stacks(self) -> tuple[int, ...]:
        """Tokens left in each discovery stack (the two on the science track, then the observatory)."""
        if self.state is not None:
            return tuple(sum(stack) for stack in self.state.dstacks)
        return tuple(self.view.dstack_sizes)

    def supply_lines(self) -> list[str]:
        """The progress-track tokens and the decks and stacks beside the board."""
        game = self.game
        c = game.components
        stacks = self.discovery_stacks()
        sizes = ", ".join(str(n) for n in stacks[:-1])
        out = [f"Discovery stacks on the science track: {sizes}; observatory discoveries: {stacks[-1]}"]
        out.append(
            "Supremacy tokens on the track: "
            + "; ".join(
                f"space {i + 1}: " + (effect_text(c.supremacy[k]) if k >= 0 else "taken")
                for i, k in enumerate(self.stokens)
            )
        )
        left = [len(bottom) for bottom in self.mbottom]
        for m, n in enumerate(self.mdeck):
            left[c.modules[m].type] += n
        decks = ", ".join(f"{TRACKS[k]} {n}" for k, n in enumerate(left))
        out.append(f"Module decks: {decks}; planet stack: {sum(self.planet_stack)} face down")
        out.append(
            f"Tactics deck {self.tactics_deck()} cards, discard pile {sum(self.tdiscard)}; "
            f"event deck {self.event_deck()} cards, discard pile {len(self.ediscard)}"
        )
        return out

    def ship_places(self, player: int) -> dict[str, list[int]]:
        """Ship indices by where they are: bay, supply, board, scrapyard, repair barge, developed."""
        out: dict[str, list[int]] = {}
        names = {
            BAY: "launch bay",
            SUPPLY: "supply",
            SCRAPPED: "scrapyard",
            BARGE: "repair barge",
            DEVELOPED: "developments",
        }
        for i, loc in enumerate(self.ships[player]):
            out.setdefault(names.get(loc, "board"), []).append(i)
        return out


def ships_text(game: Any, indices: list[int]) -> str:
    counts: dict[int, int] = {}
    for i in indices:
        kind = game.ship_types[i]
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {ship_type_name(k)}{'s' if n > 1 else ''}" for k, n in sorted(counts.items()))


# -- decisions ---------------------------------------------------------------------------


_DECISIONS = {
    Task.FACTION: "Factions: choose 1 of the faction cards dealt to you to keep",
    Task.DESTINY: "Destiny Cards: choose 1 destiny card to keep",
    Task.MAIN: "Taking Your Turn: launch a ship onto the board, or bring back all your ships in a"
    " Return to Station (free actions are allowed)",
    Task.POST: "Free actions, then end your turn",
    Task.RAIDER: "Raider Strike: choose which raider class strikes",
    Task.PEEK: "Look at the top 2 event cards: keep one on top, the other goes to the bottom",
    Task.BUY: "Buying or Acquiring Modules: take a module from the market",
    Task.SHIPYARD: "Shipyard: build a ship or repair",
    Task.REPAIR: "Repair: choose what to repair",
    Task.BUILD: "Building Your Fleet: build a ship",
    Task.DEVELOP: "Building a Development: choose a planet to develop",
    Task.UPGRADE: "Ship Upgrades: place a ship upgrade",
    Task.DISCOVERY: "Science track: claim a discovery token from the stack",
    Task.ESCALATE: "Battle, escalate: move more of your ships into the battle, or done",
    Task.DIPLOMACY: "Battle, diplomacy: play diplomacy cards, or done",
    Task.PREPARE: "Battle, prepare: spend energy for battle dice, play battle cards, or done",
    Task.TACOPS: "Tactical Operations: draw 1 tactics card or take the slotted moon's resources",
    Task.RETURN: "Return to Station: activate modules with your returning ships, or done",
    Task.REACTOR: "Primary Reactor: activate science modules through the reactor, or done",
    Task.DISCARD: "Discard tactics cards down to your hand limit",
    Task.MOON_FULL: "Your fifth moon token: abandon a moon",
    Task.DAMAGE: "Damage: choose a station module to damage",
    Task.CITY: "City: take any 1 available module for free",
    Task.GIVE_MODULE: "2v2: give the module you acquired to your teammate, or keep it",
    Task.OFF_TURN: "End of another player's turn: you may play an action card that may be played"
    " on other players' turns",
    Task.SUPREMACY: "2v2: choose which teammate takes the supremacy token",
}
_CHANCE = {
    Task.DRAW: "a tactics card is drawn",
    Task.MOON: "a moon token is revealed",
    Task.REFILL: "a module is revealed for the market",
    Task.PLANET: "a new planet is revealed",
    Task.EVENT: "an event card is revealed",
    Task.PEEK_DRAW: "event cards are looked at",
    Task.RAIDER_ROLL: "a raider die is rolled",
    Task.BATTLE_DIE: "a battle die is rolled",
}


def decision_of(f: Facts) -> str:
    """The pending decision or chance event, naming who decides."""
    game = f.game
    if f.phase == OVER:
        return "The game is over" + (" (stopped at the turn limit)" if f.truncated else "")
    head = f.tasks[0]
    kind = head[0]
    if kind in Task.CHANCE:
        return "Chance: " + _CHANCE.get(kind, "a random outcome")
    who = game.player_name(head[1])
    if kind == Task.SPEND:
        return f"{who}: spend {head[2]} resource{'s' if head[2] != 1 else ''} of your choice"
    if kind == Task.GAIN:
        return f"{who}: gain {head[2]} resource{'s' if head[2] != 1 else ''} of your choice"
    if kind == Task.DEVELOP and head[2]:
        return f"{who}: Architect: build a development on a planet, or draw 1 tactics card instead"
    return f"{who}: {_DECISIONS.get(kind, 'choose an option')}"


def decision_text(view: Any) -> str:
    f = Facts(view)
    text = decision_of(f)
    if f.to_act == view.player:
        text += " (your decision)"
    return text


# -- the text board ------------------------------------------------------------------------


def _status(f: Facts) -> str:
    game = f.game
    c = game.components
    pos = f.event_pos
    if pos == MARKER_REMOVED:
        marker = "removed"
    elif pos == MARKER_ON_STATION:
        marker = f"on {game.player_name(max(0, f.event_holder))}'s station"
    else:
        marker = f"space {pos} of {c.event_end}"
    last = " (final turns)" if f.final >= 0 else ""
    return (
        f"Andromeda's Edge, turn {f.turn}{last}; active player {game.player_name(f.active)}; "
        f"terminus {game.terminus} VP; event marker {marker}"
    )


def _region_lines(f: Facts) -> list[str]:
    game = f.game
    lines = []
    for r in range(game.regions):
        if r < game.spaces and f.layout[r] < 0:
            continue
        bits = []
        for p in range(f.players):
            here = [i for i, loc in enumerate(f.ships[p]) if loc == r]
            if here:
                bits.append(f"{game.player_name(p)} {ships_text(game, here)}")
        raiders = [RAIDER_CLASSES[game.standee_class[i]] for i, loc in enumerate(f.rpos) if loc == r]
        if raiders:
            bits.append("raiders " + "".join(sorted(raiders)))
        if f.dev[r] >= 0:
            bits.append(f"development of {game.player_name(f.dev[r])}")
        leaders = [
            f"{game.player_name(p)} {f.leaders_on[p][r]}" for p in range(f.players) if f.leaders_on[p][r]
        ]
        if leaders:
            bits.append("leaders " + " ".join(leaders))
        if f.moon_top[r] >= 0:
            below = f" +{f.moon_hidden[r]} below" if f.moon_hidden[r] else ""
            bits.append(f"moon: {moon_text(game, f.moon_top[r])}{below}")
        if any(f.bonus[r]):
            bits.append("bonus " + amounts(f.bonus[r]))
        head = region_label(game, f.layout, r)
        kind = tile_kind(game, f.layout[r]) if r < game.spaces else "nebula"
        lines += _wrap(f"  {head} [{kind}]: " + ("; ".join(bits) or "-"), "      ")
    return lines


def _wrap(text: str, indent: str) -> list[str]:
    """Split ``text`` at blanks into lines of at most :data:`WIDTH` columns."""
    lines: list[str] = []
    stripped = text.lstrip(" ")
    line = text[: len(text) - len(stripped)]
    for word in stripped.split(" "):
        candidate = f"{line} {word}" if line.strip() else line + word
        if len(candidate) > WIDTH and line:
            lines.append(line)
            line = indent + word
        else:
            line = candidate
    lines.append(line)
    return lines


def _market_lines(f: Facts) -> list[str]:
    game = f.game
    lines = ["Module market (column spaces 1-3):"]
    for k, column in enumerate(f.market):
        names = ", ".join(
            f"{i + 1} {game.components.modules[m].name}" if m >= 0 else f"{i + 1} (empty)"
            for i, m in enumerate(column)
        )
        lines += _wrap(f"  {TRACKS[k]}: {names}", "      ")
    return lines


def _player_lines(f: Facts, p: int) -> list[str]:
    game = f.game
    c = game.components
    me = " (you)" if f.viewer == p else ""
    if f.faction[p] >= 0:
        faction = c.factions[f.faction[p]].name
    else:  # the faction cards dealt are public
        faction = "choosing among " + ", ".join(c.factions[k].name for k in f.offers[p])
    lines = _wrap(f"{game.player_name(p)}{me}: {faction}, {f.vp[p]} VP", "    ")
    res = ", ".join(f"{RESOURCES[i]} {v}/{RESOURCE_CAPS[i]}" for i, v in enumerate(f.res[p]))
    lines.append(f"  resources: {res}")
    lines.append("  tracks: " + ", ".join(f"{TRACKS[i]} {v}" for i, v in enumerate(f.tracks[p])))
    hand = f.hand(p)
    if hand is None:
        lines.append(f"  tactics cards: {f.hand_size(p)} (face down)")
    else:
        names = [c.tactics[k].name for k, n in enumerate(hand) for _ in range(n)]
        lines += _wrap("  tactics cards: " + (", ".join(names) or "none"), "    ")
    places = f.ship_places(p)
    lines += _wrap(
        "  ships: " + "; ".join(f"{where} {ships_text(game, idx)}" for where, idx in places.items()), "    "
    )
    mods = []
    for i, (k, d) in enumerate(zip(f.station[p], f.mdmg[p], strict=True)):
        moon = f.mmoon[p][i]
        marks = ("*" if d else "") + (f" [{moon_colour(c.moons[moon].colour)} moon]" if moon >= 0 else "")
        mods.append(f"#{i} {c.modules[k].name}{marks}")
    lines += _wrap("  station: " + ", ".join(mods), "    ")
    extras = [f"leaders at home {f.leaders_home[p]}"]
    if f.claimed[p]:
        extras.append("claimed moons: " + ", ".join(moon_text(game, m) for m in f.claimed[p]))
    if f.tacops[p] >= 0:
        extras.append(f"tactical operations moon: {moon_text(game, f.tacops[p])}")
    tokens = f.tokens(p)
    if tokens is None:
        extras.append(f"{f.token_count(p)} discovery tokens (face down)")
    elif sum(tokens):
        extras.append(
            "discovery tokens: "
            + ", ".join(effect_text(c.discoveries[k]) for k, n in enumerate(tokens) for _ in range(n))
        )
    if any(f.sheld[p]):
        extras.append(
            "supremacy tokens: "
            + ", ".join(effect_text(c.supremacy[k]) for k, n in enumerate(f.sheld[p]) for _ in range(n))
        )
    upgraded = [ship_type_name(t) for t, tile in enumerate(f.upgrades[p]) if tile >= 0]
    if upgraded:
        extras.append("upgraded: " + ", ".join(upgraded))
    if game.options["destiny"]:
        d = f.destiny(p)
        if d is None:
            extras.append("destiny card kept (face down)" if f.destiny_held(p) else "no destiny card")
        elif d >= 0:
            extras.append("destiny: " + destiny_text(game, d))
    lines += _wrap("  " + "; ".join(extras), "    ")
    return lines


def board_lines(f: Facts) -> list[str]:
    game = f.game
    lines = [_status(f), "Now: " + decision_of(f)]
    lines.append("Regions (A-D rows, 1-6 columns; N1-N6 nebulae around the edge):")
    lines += _region_lines(f)
    raiders = [c for c in f.raider_cards]
    lines += _wrap(
        "Raiders: "
        + ", ".join(
            f"{RAIDER_CLASSES[game.components.raiders[k].cls]}-class {game.components.raiders[k].name}"
            for k in raiders
        ),
        "    ",
    )
    lines += _market_lines(f)
    for line in f.supply_lines():
        lines += _wrap(line, "    ")
    for p in range(f.players):
        lines += _player_lines(f, p)
    return lines


def render(s: Any) -> str:
    """The all-seeing text board of a state."""
    lines = board_lines(Facts(s))
    if s.truncated:
        lines.append("game stopped at the turn limit (truncated)")
    return "\n".join(lines)


LEGEND = (
    "Legend: regions are named by row letter and column number (A1 top left), nebulae N1-N6;",
    "  raiders by class letter (S, A, B, C, D); '*' after a module: damaged;",
    "  [science moon] after a module: a moon slotted in it; resources are shown as have/limit.",
)


def render_view(view: Any) -> str:
    """What ``view.player`` may know, in at most 100 columns, with a legend."""
    f = Facts(view)
    lines = board_lines(f)
    lines.insert(0, f"You are {f.game.player_name(view.player)}.")
    lines += LEGEND
    out: list[str] = []
    for line in lines:
        out += _wrap(line, "      ")
    return "\n".join(out)


# -- actions ------------------------------------------------------------------------------


def action_text(game: Any, f: Facts, action: Action) -> str:
    """``action`` in words: its text, with the tiles in the regions and the modules
    in the market places and station places it names (texts name places, which
    the state fills)."""
    c = game.components
    me = f.to_act if f.to_act >= 0 else f.active
    if isinstance(action, A.Launch):
        jump = " by jump" if action.jump else ""
        return f"launch {ship_type_name(action.ship)} to {region_label(game, f.layout, action.region)}{jump}"
    if isinstance(action, A.Develop | A.Recruit | A.CollectBonus):
        where = region_label(game, f.layout, action.region)
        return str(action).replace(action.name, where) if action.name else str(action)
    if isinstance(action, A.ChooseRaider):
        return f"the {RAIDER_CLASSES[action.cls]}-class raiders strike"
    if isinstance(action, A.BuyModule | A.DiscardModule):
        kind = f.market[action.column][action.place]
        name = c.modules[kind].name if kind >= 0 else "an empty place"
        verb = "take" if isinstance(action, A.BuyModule) else "discard"
        return f"{verb} module {name} ({TRACKS[action.column]} column space {action.place + 1})"
    if isinstance(action, A.PlayTactic):
        return f"play {tactic_text(game, action.kind)}"
    if isinstance(action, A.SlotMoon):
        if action.slot == A.TACOPS_SLOT:
            where = "tactical operations"
        elif action.slot >= A.MAX_STATION:
            where = f"industry half-moon slot {action.slot - A.MAX_STATION + 1}"
        else:
            where = _module_at(game, f, me, action.slot)
        return f"slot {action.name} into {where}"
    if isinstance(action, A.Activate):
        return f"activate {_module_at(game, f, me, action.slot)} with {'a ship' if action.ship else 'energy'}"
    if isinstance(action, A.ActivateScience):
        return f"activate {_module_at(game, f, me, action.slot)} through the Primary Reactor"
    if isinstance(action, A.DamageModule):
        return f"damage {_module_at(game, f, me, action.slot)}"
    if isinstance(action, A.Repair) and action.option == 2:
        return f"repair {_module_at(game, f, me, action.target)}"
    if isinstance(action, A.MoveIndustry):
        return f"move {_module_at(game, f, me, action.slot)} to industry place {action.place + 1}"
    if isinstance(action, A.PlanetRevealed):
        planet = c.planets[action.planet]
        return f"planet {planet.name} ({TRACKS[planet.type]}) revealed"
    if isinstance(action, A.DieRoll):
        return f"the die shows {action.face}"
    return str(action)


def _module_at(game: Any, f: Facts, player: int, slot: int) -> str:
    station = f.station[player] if 0 <= player < f.players else ()
    if 0 <= slot < len(station):
        return f"module #{slot} {game.components.modules[station[slot]].name}"
    return f"module #{slot}"


def describe(s: Any, action: Action, viewer: int | None) -> str:
    """A log line; hides from ``viewer`` the cards others draw or peek at and the tokens they take."""
    game = s.game
    who = game.player_name(s.current_player) if s.current_player >= 0 else "Chance"
    task = s.tasks[0] if s.tasks else (0, -1)
    owner = task[1]
    hidden = viewer is not None and viewer != owner
    if hidden and game.teams and owner >= 0 and viewer == game.teammate(owner):
        hidden = False  # 2v2: teammates share hidden information
    c = game.components
    if isinstance(action, A.DrawnTactic):
        name = c.tactics[action.kind].name
        return f"{game.player_name(owner)} draws a tactics card" + ("" if hidden else f": {name}")
    if isinstance(action, A.EventRevealed) and task[0] == Task.PEEK_DRAW:
        name = c.events[action.card].name
        return f"{game.player_name(owner)} looks at an event card" + ("" if hidden else f": {name}")
    if isinstance(action, A.KeepOnTop) and hidden:
        return f"{who} returns one card to the top of the event deck and one to the bottom"
    if isinstance(action, A.TakeToken) and hidden:
        return f"{who} claims a discovery token"
    if isinstance(action, A.ChooseDestiny) and hidden:
        return f"{who} keeps a destiny card"
    if isinstance(action, A.DiscardTactic) and hidden:
        return f"{who} discards a tactics card: {c.tactics[action.kind].name}"
    if isinstance(action, A.PlayTactic):
        return f"{who} plays {c.tactics[action.kind].name}"
    text = action_text(game, Facts(s), action)
    return f"{who}: {text}"


_GROUPS: tuple[tuple[tuple[type, ...], str], ...] = (
    ((A.Launch,), "Launch a ship"),
    ((A.ReturnToStation,), "Return to Station"),
    ((A.Activate, A.ActivateScience, A.TacOps), "Activate modules"),
    ((A.BuyModule, A.DiscardModule, A.GiveModule), "Modules"),
    ((A.BuildShip, A.Repair, A.Upgrade, A.Escalate, A.SpendEnergyDie), "Ships, repairs and battle"),
    ((A.PlayTactic, A.DiscardTactic, A.DrawCard), "Tactics cards"),
    ((A.SlotMoon, A.Abandon), "Moons"),
    (
        (A.UseToken, A.UseDevelopmentCard, A.Recruit, A.CollectBonus, A.MoveIndustry, A.UseFactionAbility),
        "Free actions",
    ),
    ((A.SpendAny, A.GainAny), "Resources"),
    ((A.Transfer, A.AwardSupremacy), "Teammate"),
    ((A.Develop,), "Developments"),
    ((A.ChooseFaction, A.ChooseDestiny, A.ChooseRaider, A.KeepOnTop, A.TakeToken), "Choose"),
    ((A.Done, A.EndTurn), "Finish"),
)


def action_group(action: Action) -> str:
    for kinds, name in _GROUPS:
        if isinstance(action, kinds):
            return name
    return "Chance"


def _held(f: Facts, view: Any) -> list[str]:
    """What the cards, tokens, moons and upgrade tiles the player's action texts name do."""
    game = f.game
    c = game.components
    me = view.player
    groups: list[tuple[str, list[str]]] = []
    hand = f.hand(me) or ()
    groups.append(("Your tactics cards", [tactic_text(game, k) for k, n in enumerate(hand) if n]))
    groups.append(("Faction cards offered to you", [c.factions[k].name for k in f.offers[me]]))
    groups.append(("Destiny cards offered to you", [destiny_text(game, d) for d in view.doffer]))
    seen = [c.events[e].name for e, _ in view.etop if e >= 0]
    groups.append(("Event cards you have seen on top of the deck", seen))
    groups.append(("Your claimed moons", [moon_text(game, m) for m in f.claimed[me]]))
    groups.append(("Your ship upgrades in supply", [upgrade_text(game, t) for t in f.upg_supply[me]]))
    mate = view.mate
    if mate >= 0:  # 2v2: what may be taken from the teammate
        c_hand = f.hand(mate) or ()
        groups.append(
            ("Your teammate's tactics cards", [tactic_text(game, k) for k, n in enumerate(c_hand) if n])
        )
        groups.append(("Your teammate's claimed moons", [moon_text(game, m) for m in f.claimed[mate]]))
    lines = []
    for title, entries in groups:
        if entries:
            lines.append(f"{title}:")
            lines += ["  " + entry for entry in entries]
    return lines


def help_text(view: Any) -> str:
    """The legend, and the texts of every card, token and module a player can see now."""
    f = Facts(view)
    game = f.game
    c = game.components
    lines = list(LEGEND)
    lines.append(
        "Ship types: " + "; ".join(f"{ship_type_name(s.ship)}: {ship_spec_text(s)}" for s in c.ships)
    )
    lines += _held(f, view)
    lines.append("Module market:")
    for column in f.market:
        lines += ["  " + module_text(game, m) for m in column if m >= 0]
    lines.append("Factions:")
    for p in range(f.players):
        if f.faction[p] < 0:
            continue
        fa = c.factions[f.faction[p]]
        ability = (
            f"ability (pay {amounts(fa.ability_cost)}): {effect_text(fa.ability)}"
            if fa.ability
            else "no ability"
        )
        lines.append(f"  {game.player_name(p)}: {fa.name}; {ability}")
    lines.append(
        "Raiders: "
        + "; ".join(
            f"{RAIDER_CLASSES[c.raiders[k].cls]}-class {c.raiders[k].name}: range {c.raiders[k].range}, "
            f"weapons {c.raiders[k].weapons}, reward {effect_text(c.raiders[k].reward)}"
            for k in f.raider_cards
        )
    )
    out: list[str] = []
    for line in lines:
        out += _wrap(line, "      ")
    return "\n".join(out)
