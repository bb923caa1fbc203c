"""The ``boardgames`` command.

::

    boardgames list
    boardgames play GAME [--players N] [--seed S] [--bots random,greedy] [--option NAME=VALUE]
                         [--save FILE] [--human SEAT]
    boardgames replay FILE [--log] [--html PAGE.html] [--viewer SEAT]
    boardgames render FILE [--move N] [--viewer SEAT] [-o board.svg]
    boardgames tournament GAME --bots mcts,greedy,random [--games 200] [--workers 2] [--json]
                               [--option NAME=VALUE]

A bot is named by a built-in bot's name, optionally with parameters:
``mcts:iterations=200:rollout_depth=20``.  A game option is ``NAME=VALUE``
with VALUE a JSON literal (``true``, ``3``, ``"a"``, ``null``) or else a
plain string.  A FILE is a saved replay (``play --save``, ``Replay.to_json``)
or a saved state (``boardgames.to_json``).  Bad arguments give a one-line
error on stderr and exit status 2; a failure while running (an unreadable
replay, a failing bot) gives a one-line error and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import numpy as np

from boardgames.arena.executors import EXECUTORS
from boardgames.arena.play import GameRecord, Move, play
from boardgames.arena.text import text_table
from boardgames.arena.tournament import tournament
from boardgames.bots.base import Bot, BotError, bot_name, bot_names, make_bot, start_bot
from boardgames.kernel.actions import Action
from boardgames.kernel.errors import (
    BoardGameError,
    InvalidActionError,
    InvalidOptionError,
    SerializationError,
)
from boardgames.kernel.game import CHANCE, Game, State, View
from boardgames.kernel.registry import available_games, game_class, make
from boardgames.kernel.serialize import REPLAY_FORMAT, STATE_FORMAT, VIEW_FORMAT, Replay, from_json
from boardgames.viz.replay import seat_label

__all__ = ["main"]

PROG = "boardgames"

SLOW_MOVE_SECONDS = 1.0
"""A bot move that takes longer than this shows a progress line on stderr."""


class UsageError(Exception):
    """Bad command-line arguments (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# -- bots and options from the command line ------------------------------------------


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def parse_bot(spec: str) -> Bot:
    """A bot from ``name`` or ``name:key=value:key=value`` (e.g. ``mcts:iterations=200``)."""
    try:
        return _parse_bot(spec)
    except BotError as error:
        raise UsageError(str(error)) from None


def _parse_bot(spec: str) -> Bot:
    name, *params = spec.strip().split(":")
    options: dict[str, Any] = {}
    for param in params:
        key, sep, value = param.partition("=")
        if not sep or not key:
            raise BotError(f"bad bot parameter {param!r} in {spec!r}: expected key=value")
        options[key.strip()] = _value(value.strip())
    return make_bot(name.strip(), **options)


def _bot_specs(text: str) -> list[str]:
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        raise UsageError(
            f"bad --bots {text!r}: give bot names separated by commas ({', '.join(bot_names())})"
        )
    return specs


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """Game options from ``NAME=VALUE`` texts: VALUE as a JSON literal, else as a string.

    >>> parse_options(["drafting=true", "rounds=5", "side=b", 'scenario="1"'])
    {'drafting': True, 'rounds': 5, 'side': 'b', 'scenario': '1'}
    """
    options: dict[str, Any] = {}
    for item in items or ():
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"bad --option {item!r}: expected NAME=VALUE, e.g. drafting=true")
        if name in options:
            raise UsageError(f"--option {name} is given twice")
        try:
            options[name] = json.loads(text)
        except ValueError:
            options[name] = text.strip()
    return options


def _make_game(name: str, players: int | None, options: dict[str, Any]) -> Game:
    """The game as the command line asks for it; the game's own option errors are usage errors."""
    try:
        return make(name, players=players, **options)
    except InvalidOptionError as error:
        raise UsageError(str(error)) from None


# -- output ------------------------------------------------------------------------


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def score_table(state: State, seat_names: Sequence[str]) -> str:
    """The score breakdown: a row per part, a column per player, and the total."""
    game = state.game
    breakdown = game.score_breakdown(state)
    header = ["", *(seat_label(game, p, seat_names[p]) for p in range(game.players))]
    rows = [header]
    for part, values in breakdown.items():
        rows.append([part, *(_number(v) for v in values)])
    rows.append(["total", *(_number(v) for v in state.scores())])
    return text_table(rows)


def _result_lines(state: State, seat_names: Sequence[str]) -> list[str]:
    lines = ["", "Final scores", score_table(state, seat_names)]
    game = state.game
    winners = sorted(state.winners)
    who = ", ".join(seat_label(game, p, seat_names[p]) for p in winners)
    if state.truncated:
        lines.append("Truncated: the game's length limit stopped it, so it has no winner")
    elif not winners:
        lines.append("No winner")
    else:
        lines.append(f"{'Winner' if len(winners) == 1 else 'Shared victory'}: {who}")
    return lines


def _move_line(game: Game, number: int, player: int, seat_names: Sequence[str], text: str) -> str:
    who = "chance" if player == CHANCE else seat_label(game, player, seat_names[player])
    width = max(len(seat_label(game, p, seat_names[p])) for p in range(game.players))
    return f"{number:5}. {who:<{width}}  {text}"


def _seats_line(game: Game, seat_names: Sequence[str]) -> str:
    return "Seats: " + ", ".join(seat_label(game, p, seat_names[p]) for p in range(game.players))


# -- the human player -----------------------------------------------------------------


class HumanQuit(BotError):
    """The human left the game (end of input or ``quit``)."""


COMMANDS = (
    ("NUMBER or action text", "take that action"),
    ("help", "what the symbols mean and the texts of the cards in play"),
    ("score", "the score so far, as far as you can know it"),
    ("view", "show the board again"),
    ("quit", "leave the game"),
)

_SCORE_SAMPLES = 16


class HumanBot:
    """A seat played at the terminal.

    Each turn it shows the seat's view (``Game.render_view``), the pending
    decision (``Game.decision_text``) and the legal actions, numbered and
    grouped under ``Game.action_group``.  The player types a number or an
    action's text, or ``help``, ``score``, ``view`` or ``quit``.
    """

    name = "you"

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self._game: Game | None = None

    def start(self, game: Game, player: int) -> None:
        self._game = game

    def _say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def show_view(self, view: View) -> None:
        """The seat's view, as the game draws it (``Game.render_view``)."""
        self._say()
        self._say(self._game.render_view(view) if self._game is not None else str(view))

    def menu(self, game: Game, legal: Sequence[Action]) -> list[Action]:
        """Print the actions grouped under their headings; the actions in the order they are numbered."""
        groups: dict[str, list[Action]] = {}
        for action in legal:
            groups.setdefault(game.action_group(action), []).append(action)
        ordered: list[Action] = []
        self._say("Your options:")
        for heading, actions in groups.items():
            if heading:
                self._say(f"  {heading}")
            for action in actions:
                ordered.append(action)
                self._say(f"  {len(ordered):>3}) {action}")
        return ordered

    def _turn(self, game: Game, view: View, legal: Sequence[Action]) -> list[Action]:
        self.show_view(view)
        self._say()
        self._say(game.decision_text(view))
        return self.menu(game, legal)

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        game = self._game
        if game is None:
            raise BotError("the human seat was not started")
        numbered = self._turn(game, view, legal_actions)
        while True:
            self.stdout.write(
                f"Your move, {seat_label(game, view.player)} [number or action text; help, score, quit]: "
            )
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise HumanQuit("end of input")
            entry = line.strip()
            if not entry:
                continue
            command = entry.lower()
            if command in ("quit", "exit", "q"):
                raise HumanQuit("you left the game")
            if command in ("?", "help", "h"):
                self._say(game.help_text(view))
                self._say()
                self._say(text_table([["command", "does"], *map(list, COMMANDS)], left=(0, 1)))
                continue
            if command == "score":
                self._say(self.score_text(game, view))
                continue
            if command == "view":
                numbered = self._turn(game, view, legal_actions)
                continue
            chosen = self._parse(game, entry, numbered)
            if chosen is not None:
                return chosen

    def score_text(self, game: Game, view: View) -> str:
        """The score breakdown as far as the seat can know it; a part it cannot know shows ``?``.

        The breakdown is worked out on several full states drawn consistent
        with the view (``Game.resample``, from a fixed seed): a value that is
        the same in all of them follows from what the seat sees; one that
        differs depends on hidden information and is not shown.
        """
        rng = np.random.default_rng(0)
        samples = []
        for _ in range(_SCORE_SAMPLES):
            state = game.resample(view, rng)
            samples.append({**game.score_breakdown(state), "total": tuple(state.scores())})
        rows = [["", *(seat_label(game, p) for p in range(game.players))]]
        for part, values in samples[0].items():
            cells = []
            for player, value in enumerate(values):
                known = all(sample.get(part, ())[player : player + 1] == (value,) for sample in samples)
                cells.append(_number(value) if known else "?")
            rows.append([part, *cells])
        return text_table(rows)

    def _parse(self, game: Game, entry: str, numbered: Sequence[Action]) -> Action | None:
        if entry.isdigit():
            number = int(entry)
            if 1 <= number <= len(numbered):
                return numbered[number - 1]
            self._say(f"There is no option {number}: choose a number from 1 to {len(numbered)}.")
            return None
        typed = " ".join(entry.split()).lower()
        for action in numbered:
            if str(action).lower() == typed:
                return action
        try:
            action = game.parse_action(entry)
        except InvalidActionError as error:
            self._say(f"Not understood: {error}")
            return None
        self._say(f"'{action}' is not allowed now; choose one of the {len(numbered)} options listed.")
        return None


class _Patience:
    """A bot seen from the terminal: a move that takes long shows a line on stderr while it runs."""

    def __init__(self, bot: Bot, label: str, err: TextIO) -> None:
        self.bot = bot
        self.name = bot_name(bot)
        self.label = label
        self.err = err

    def start(self, game: Game, player: int) -> None:
        start_bot(self.bot, game, player)

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        done = threading.Event()
        begun = time.perf_counter()
        shown = threading.Event()

        def tick() -> None:
            while not done.wait(SLOW_MOVE_SECONDS if not shown.is_set() else 1.0):
                shown.set()
                self.err.write(f"\r{self.label} is thinking... {time.perf_counter() - begun:.0f} s")
                self.err.flush()

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            return self.bot.choose(view, legal_actions, rng)
        finally:
            done.set()
            ticker.join()
            if shown.is_set():
                self.err.write(f"\r{self.label} moved after {time.perf_counter() - begun:.1f} s\n")
                self.err.flush()


# -- commands ------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    rows = [["game", "players", "title"]]
    for name in available_games():
        try:
            spec = game_class(name).spec
        except Exception as error:  # a broken plug-in must not hide the other games
            rows.append([name, "?", f"(unavailable: {_one_line(error)})"])
            continue
        players = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}"
        )
        rows.append([name, players, spec.title])
    out.write(text_table(rows, left=(0, 2)) + "\n")
    return 0


def _seat_bots(
    args: argparse.Namespace, game: Game, human: HumanBot | None, err: TextIO
) -> tuple[list[Bot], list[str]]:
    specs = _bot_specs(args.bots)
    open_seats = game.players - (1 if human is not None else 0)
    if len(specs) == 1:
        specs = specs * open_seats
    if len(specs) != open_seats:
        raise UsageError(
            f"--bots names {len(specs)} bots but {open_seats} seats need a bot (or give one name for all)"
        )
    bots: list[Bot] = []
    names: list[str] = []
    remaining = iter(specs)
    for seat in range(game.players):
        if human is not None and seat == args.human:
            bots.append(human)
            names.append("you")
        else:
            spec = next(remaining)
            names.append(spec.split(":")[0])
            bots.append(_Patience(parse_bot(spec), seat_label(game, seat, names[-1]), err))
    return bots, names


def _players_for_play(args: argparse.Namespace) -> int | None:
    """``--players``, else one seat per bot named in ``--bots`` (plus the human), else the game's default."""
    if args.players is not None:
        return int(args.players)
    specs = _bot_specs(args.bots)
    if len(specs) == 1:
        return None
    return len(specs) + (1 if args.human is not None else 0)


def _check_writable(path: str) -> None:
    """A usage error now, before any game is played, if ``path`` cannot be written."""
    if os.path.isdir(path):
        raise UsageError(f"--save {path}: is a directory")
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise UsageError(f"--save {path}: {error.strerror or error}") from None
    if not existed:
        os.remove(path)


def cmd_play(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    game = _make_game(args.game, _players_for_play(args), parse_options(args.option))
    if args.save:
        _check_writable(args.save)
    human = None
    if args.human is not None:
        if not 0 <= args.human < game.players:
            raise UsageError(f"--human must be a seat from 0 to {game.players - 1}, not {args.human}")
        human = HumanBot(stdin, out)
    bots, names = _seat_bots(args, game, human, err)
    viewer = args.human
    out.write(f"{game.spec.title} ({game.id}), {game.players} players, seed {args.seed}\n")
    out.write(_seats_line(game, names) + "\n")

    def on_move(move: Move, before: State, after: State) -> None:
        action = game.parse_action(move.action)
        text = game.describe_action(before, action, viewer=viewer)
        out.write(_move_line(game, move.index + 1, move.player, names, text) + "\n")
        out.flush()

    try:
        record: GameRecord = play(game, bots, args.seed, describe=False, names=names, on_move=on_move)
    except HumanQuit as error:
        out.write(f"\nGame abandoned ({error}).\n")
        return 0
    if human is not None:
        human.show_view(record.final.view(viewer))
    out.write("\n".join(_result_lines(record.final, names)) + "\n")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            file.write(record.replay.to_json())
        out.write(f"Replay saved to {args.save}\n")
    return 0


def _read_document(path: str) -> tuple[str, dict[str, Any]]:
    """The text of a saved replay, state or view and its JSON object (the loader checks the rest)."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except UnicodeDecodeError:
        raise BoardGameError(f"{path} is not a replay or a state: not UTF-8 text") from None
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SerializationError(f"{path} is not JSON: {error}") from None
    if not isinstance(doc, dict) or doc.get("format") not in (REPLAY_FORMAT, STATE_FORMAT, VIEW_FORMAT):
        raise SerializationError(f"{path} is not a saved replay, state or view")
    return text, doc


def _load_replay(path: str, components: str | None) -> Replay:
    text, doc = _read_document(path)
    if doc["format"] != REPLAY_FORMAT:
        raise SerializationError(f"{path} is a saved position, not a replay (use 'boardgames render')")
    return Replay.from_json(text, components=components)


def _viewer(game: Game, viewer: int | None) -> int | None:
    if viewer is not None and not 0 <= viewer < game.players:
        raise UsageError(f"--viewer must be a seat from 0 to {game.players - 1}, not {viewer}")
    return viewer


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    replay = _load_replay(args.file, args.components)
    game = replay.make_game()
    viewer = _viewer(game, args.viewer)
    names = list(replay.names) if replay.names is not None else ["" for _ in range(replay.players)]
    if args.log:
        out.write(_seats_line(game, names) + "\n")
        for number, (state, action_text) in enumerate(replay.states(), 1):
            if action_text is None:
                break
            action = game.parse_action(action_text)
            text = game.describe_action(state, action, viewer=viewer)
            out.write(_move_line(game, number, state.current_player, names, text) + "\n")
    final = replay.run()
    seed = "no seed" if replay.seed is None else f"seed {replay.seed}"
    out.write(
        f"{args.file}: {replay.game}, {replay.players} players, {seed}, "
        f"{len(replay.actions)} actions re-run and verified\n"
    )
    if final.is_terminal:
        out.write("\n".join(_result_lines(final, names)) + "\n")
    else:
        out.write(
            "The game is not finished; scores so far: " + ", ".join(map(_number, final.scores())) + "\n"
        )
    if args.html:
        from boardgames.viz.replay import replay_html

        page = replay_html(replay, viewer=viewer)
        with open(args.html, "w", encoding="utf-8") as file:
            file.write(page)
        out.write(f"Replay page written to {args.html}\n")
    return 0


def cmd_render(args: argparse.Namespace, out: TextIO) -> int:
    text, doc = _read_document(args.file)
    last_action: Action | None = None
    if doc["format"] != REPLAY_FORMAT:
        if args.move is not None:
            raise UsageError(f"{args.file} is a saved position, not a replay; --move is for replays")
        position = from_json(text, components=args.components)
        if isinstance(position, View):
            seat = position.player
            if args.viewer is not None and args.viewer != seat:
                raise UsageError(f"{args.file} is what seat {seat} knows; --viewer cannot widen it")
            if position.game is None:  # from_json always sets it; a guard for the type checker
                raise SerializationError(f"{args.file}: the view names no game")
            return _write_board(args, out, position.game.render_svg(position))
        state = position
    else:
        replay = Replay.from_json(text, components=args.components)
        move = len(replay.actions) if args.move is None else args.move
        if move > len(replay.actions):
            raise UsageError(f"--move {move}: the replay has only {len(replay.actions)} moves")
        game = replay.make_game()
        state = game.new_game(replay.seed)
        for number, action_text in enumerate(replay.actions[:move], 1):
            try:
                last_action = game.parse_action(action_text)
                state = state.apply(last_action)
            except BoardGameError as error:
                raise SerializationError(f"{args.file}: move {number} ({action_text!r}): {error}") from None
    game = state.game
    viewer = _viewer(game, args.viewer)
    svg = game.render_svg(state if viewer is None else state.view(viewer), last_action=last_action)
    return _write_board(args, out, svg)


def _write_board(args: argparse.Namespace, out: TextIO, svg: str) -> int:
    if args.output is None or args.output == "-":
        out.write(svg + "\n")
        return 0
    if args.output.lower().endswith(".png"):
        from boardgames.viz.raster import svg_to_png

        with open(args.output, "wb") as binary:
            binary.write(svg_to_png(svg))
    else:
        with open(args.output, "w", encoding="utf-8") as file:
            file.write(svg)
    out.write(f"Board written to {args.output}\n")
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    specs = _bot_specs(args.bots)
    options = parse_options(args.option)
    players = args.players
    if players is None and len(specs) > 1:
        game_spec = game_class(args.game).spec
        fits = game_spec.min_players <= len(specs) <= game_spec.max_players
        players = len(specs) if fits else None
    game = _make_game(args.game, players, options)
    if len(specs) == 1:
        specs = specs * game.players  # self-play: the bot in every seat
    bots = {}
    for spec in specs:
        label = spec
        k = 2
        while label in bots:
            label = f"{spec}#{k}"
            k += 1
        bots[label] = parse_bot(spec)
    from boardgames.arena.progress import ProgressBar

    result = tournament(
        game,
        bots,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        executor=args.executor,
        progress=False if args.no_progress else ProgressBar(args.games, err),
    )
    out.write(result.to_json() + "\n" if args.json else result.table() + "\n")
    for failure in result.failures[:5]:
        err.write(f"game {failure.index} (seed {failure.seed}) failed: {failure.error}\n")
    return 0


# -- the parser ------------------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, not {value}")
    return value


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {value}")
    return value


COMPONENTS_HELP = (
    "your component file or directory, for a document of a game made from your own components "
    "that does not embed their data"
)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG, description="Space strategy board games: play, replay, and pit bots against each other."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands.add_parser("list", help="the games and their player counts")

    bots_help = f"comma-separated bots ({', '.join(bot_names())}), e.g. mcts:iterations=200,random"
    option_help = "a game option NAME=VALUE (VALUE a JSON literal or a string); repeatable"
    play_p = commands.add_parser("play", help="bots play a game (or you play against them)")
    play_p.add_argument("game")
    play_p.add_argument(
        "--players",
        type=_positive,
        default=None,
        help="number of players (default: one per bot named in --bots, else the game's)",
    )
    play_p.add_argument("--seed", type=_natural, default=0)
    play_p.add_argument("--bots", default="random", help=bots_help + "; one name fills every seat")
    play_p.add_argument("--option", action="append", metavar="NAME=VALUE", help=option_help)
    play_p.add_argument("--save", metavar="FILE", help="write the replay as JSON")
    play_p.add_argument(
        "--human", type=_natural, metavar="SEAT", help="play this seat yourself at the terminal"
    )

    replay_p = commands.add_parser("replay", help="re-run a saved replay and verify it")
    replay_p.add_argument("file")
    replay_p.add_argument("--log", action="store_true", help="print the turn-by-turn log")
    replay_p.add_argument("--html", metavar="PAGE", help="write a page that steps through the game")
    replay_p.add_argument(
        "--viewer", type=_natural, metavar="SEAT", help="as this seat sees the game (default: everything)"
    )
    replay_p.add_argument("--components", help=COMPONENTS_HELP)

    render_p = commands.add_parser("render", help="draw a saved state, or a replay's position, as SVG")
    render_p.add_argument("file", help="a saved replay or state")
    render_p.add_argument(
        "--move", type=_natural, metavar="N", help="the position after N moves of a replay (default: the end)"
    )
    render_p.add_argument(
        "--viewer", type=_natural, metavar="SEAT", help="draw what this seat may know (default: everything)"
    )
    render_p.add_argument(
        "-o", "--output", metavar="FILE", help="board.svg, or board.png (needs the viz extra); default stdout"
    )
    render_p.add_argument("--components", help=COMPONENTS_HELP)

    tour_p = commands.add_parser("tournament", help="a seeded tournament between bots")
    tour_p.add_argument("game")
    tour_p.add_argument("--bots", required=True, help=bots_help + "; one name plays itself")
    tour_p.add_argument("--games", type=_positive, default=100)
    tour_p.add_argument("--players", type=_positive, default=None)
    tour_p.add_argument("--seed", type=_natural, default=0)
    tour_p.add_argument("--workers", type=_positive, default=1)
    tour_p.add_argument("--executor", choices=EXECUTORS, default="process")
    tour_p.add_argument("--option", action="append", metavar="NAME=VALUE", help=option_help)
    tour_p.add_argument("--json", action="store_true", help="print the results as JSON")
    tour_p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command; returns the exit status (0 ok, 1 failure, 2 bad arguments)."""
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    try:
        args = build_parser().parse_args(argv)
        if args.command == "list":
            return cmd_list(args, out)
        if args.command == "play":
            return cmd_play(args, stdin, out, err)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "render":
            return cmd_render(args, out)
        return cmd_tournament(args, out, err)
    except UsageError as error:
        err.write(f"{PROG}: error: {_one_line(error)} (see '{PROG} --help')\n")
        return 2
    except (BoardGameError, OSError) as error:
        err.write(f"{PROG}: error: {_one_line(error)}\n")
        return 1
    except KeyboardInterrupt:
        err.write(f"{PROG}: interrupted\n")
        return 130
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0


def _one_line(error: BaseException) -> str:
    if isinstance(error, OSError) and error.filename is not None:
        return f"{error.filename}: {error.strerror or error}"
    return " ".join(str(error).split()) or type(error).__name__


if __name__ == "__main__":
    sys.exit(main())
