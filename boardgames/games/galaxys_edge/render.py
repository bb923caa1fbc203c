"""Text pictures of Galaxy's Edge positions and readable log lines."""

from __future__ import annotations

from boardgames.games.galaxys_edge import actions as act
from boardgames.games.galaxys_edge.board import GEOMETRY, ROWS, SLOTS
from boardgames.games.galaxys_edge.components import Species
from boardgames.games.galaxys_edge.scoring import score_table
from boardgames.games.galaxys_edge.state import GalaxysEdgeState, Phase
from boardgames.kernel.actions import Action

__all__ = ["LEGEND", "describe", "render"]

COLOURS = act.COLOURS
_SPECIES_LETTER = "CHUSW"  # Crystalloids, Hive, hUmanoids, Saplenti, Wargers
_CELL = 23

LEGEND = (
    "Each sector: name, species (C Crystalloids, H The Hive, U Humanoids, S Saplenti, W Wargers), "
    "then its systems: value + '.' empty, r/b/y/g a colony, R2 a class-2 base of Red; "
    "*R Red's flagship, !R Red's ban."
)


def _system(state: GalaxysEdgeState, loc: int) -> str:
    value = state.layout.value[loc]
    owner = state.owner(loc)
    if owner < 0:
        return f"{value}."
    letter = COLOURS[owner][0]
    if state.is_colony(loc):
        return f"{value}{letter.lower()}"
    return f"{value}{letter}{state.base_class(loc)}"


def _cell(state: GalaxysEdgeState, position: int) -> str:
    parts = [GEOMETRY.names[position], _SPECIES_LETTER[state.layout.species[position]]]
    parts += [_system(state, loc) for loc in state.layout.systems[position]]
    marks = "".join(f"*{COLOURS[p][0]}" for p, f in enumerate(state.flagships) if f == position)
    marks += "".join(f"!{COLOURS[p][0]}" for p, b in enumerate(state.bans) if b == position)
    if marks:
        parts.append(marks)
    return " ".join(parts)


def render(state: GalaxysEdgeState) -> str:
    """The board row by row (shorter rows indented as on the table), then the players."""
    game = state.game
    lines = [f"Galaxy's Edge, {game.players} players: {_status(state)}"]
    widest = max(ROWS)
    position = 0
    for length in ROWS:
        indent = " " * ((widest - length) * _CELL // 2)
        cells = [_cell(state, position + i).ljust(_CELL) for i in range(length)]
        lines.append((indent + "".join(cells)).rstrip())
        position += length
    lines.append("")
    table = score_table(state)
    totals = [sum(col) for col in zip(*table.values())]
    for p in range(game.players):
        held = [s.title for s in Species if state.pledges[s] == p]
        extras = []
        if state.forcefield[p]:
            extras.append("Forcefield")
        lines.append(
            f"{COLOURS[p]:<7} score {totals[p]:>3}  colonies left {state.colonies_left[p]:>2}"
            f"  tokens left {state.tokens_left[p]:>2}  event cards {sum(state.hands[p])}"
            f"  pledges: {', '.join(held) or '-'}" + (f"  ({', '.join(extras)})" if extras else "")
        )
    embassy = [
        f"{s.title}: " + " ".join(f"{COLOURS[p][0]}{n}" for p, n in enumerate(state.embassy[s]) if n)
        for s in Species
        if any(state.embassy[s])
    ]
    lines.append(
        f"event deck {sum(state.deck)} cards" + (f"; embassy tokens {'; '.join(embassy)}" if embassy else "")
    )
    return "\n".join(lines)


def _status(state: GalaxysEdgeState) -> str:
    phase = state.phase
    if phase == Phase.OVER:
        return "game over"
    if phase == Phase.PLACEMENT:
        return f"{COLOURS[state.current_player]} to place the flagship"
    who = COLOURS[state.active]
    if phase == Phase.TURN:
        left = [name for name, done in (("move", state.moved), ("build", state.built >= 0)) if not done]
        return f"{who}'s turn ({' and '.join(left)} left)"
    if phase == Phase.ROLL:
        return f"{who} rolls the event die"
    if phase == Phase.EVENT:
        return f"{who} rolled the event symbol"
    if phase == Phase.DRAW:
        return f"{who} draws an event card"
    return f"{COLOURS[state.current_player]} chooses which colony to replace"


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
