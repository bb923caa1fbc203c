"""The ``boardgames`` command.

::

    boardgames list
    boardgames play GAME [--players N] [--seed S] [--bots random,greedy] [--save FILE] [--human SEAT]
    boardgames replay FILE [--log]
    boardgames tournament GAME --bots mcts,greedy,random [--games 200] [--workers 2] [--json]

A bot is named by a built-in bot's name, optionally with parameters:
``mcts:iterations=200:rollout_depth=20``.  Bad arguments give a one-line
error on stderr and exit status 2; a failure while running (an unreadable
replay, a failing bot) gives a one-line error and exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import numpy as np

from boardgames.arena.executors import EXECUTORS
from boardgames.arena.play import GameRecord, Move, play
from boardgames.arena.text import text_table
from boardgames.arena.tournament import tournament
from boardgames.bots.base import Bot, BotError, bot_names, make_bot
from boardgames.kernel.actions import Action
from boardgames.kernel.errors import BoardGameError, InvalidActionError
from boardgames.kernel.game import CHANCE, Game, State, View
from boardgames.kernel.registry import available_games, game_class, make
from boardgames.kernel.serialize import Replay

__all__ = ["main"]

PROG = "boardgames"


class UsageError(Exception):
    """Bad command-line arguments (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# -- bots from the command line ------------------------------------------------


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def parse_bot(spec: str) -> Bot:
    """A bot from ``name`` or ``name:key=value:key=value`` (e.g. ``mcts:iterations=200``)."""
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


# -- output ------------------------------------------------------------------------


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _seat(game: Game, player: int, seat_names: Sequence[str]) -> str:
    """A seat as the game names the player, with the bot there: ``Red greedy``."""
    return f"{game.player_name(player)} {seat_names[player]}".rstrip()


def score_table(state: State, seat_names: Sequence[str]) -> str:
    """The score breakdown: a row per part, a column per player, and the total."""
    game = state.game
    breakdown = game.score_breakdown(state)
    header = ["", *(_seat(game, p, seat_names) for p in range(game.players))]
    rows = [header]
    for part, values in breakdown.items():
        rows.append([part, *(_number(v) for v in values)])
    rows.append(["total", *(_number(v) for v in state.scores())])
    return text_table(rows)


def _result_lines(state: State, seat_names: Sequence[str]) -> list[str]:
    lines = ["", "Final scores", score_table(state, seat_names)]
    game = state.game
    winners = sorted(state.winners)
    who = ", ".join(
        f"{game.player_name(p)} ({seat_names[p]})" if seat_names[p] else game.player_name(p) for p in winners
    )
    if state.truncated:
        lines.append("Truncated: the game's length limit stopped it, so it has no winner")
    elif not winners:
        lines.append("No winner")
    else:
        lines.append(f"{'Winner' if len(winners) == 1 else 'Shared victory'}: {who}")
    return lines


def _move_line(game: Game, move: Move, seat_names: Sequence[str], text: str) -> str:
    who = "chance" if move.player == CHANCE else _seat(game, move.player, seat_names)
    return f"{move.index + 1:5}. {who:<14} {text}"


# -- the human player -----------------------------------------------------------------


class HumanQuit(BotError):
    """The human left the game (end of input or ``quit``)."""


class HumanBot:
    """A seat played at the terminal: shows the seat's view and a numbered menu of actions."""

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

    def _menu(self, legal: Sequence[Action]) -> None:
        self._say("Your options:")
        for number, action in enumerate(legal, 1):
            self._say(f"  {number:>3}) {action}")

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        game = self._game
        if game is None:
            raise BotError("the human seat was not started")
        self.show_view(view)
        self._menu(legal_actions)
        while True:
            self.stdout.write(
                f"Your move, {game.player_name(view.player)} (number or action text; ? for help): "
            )
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise HumanQuit("end of input")
            entry = line.strip()
            if not entry:
                continue
            if entry.lower() in ("quit", "exit", "q"):
                raise HumanQuit("you left the game")
            if entry in ("?", "help"):
                self._say(
                    "Type the number of an option or its text; 'view' shows the board again; 'quit' leaves."
                )
                self._menu(legal_actions)
                continue
            if entry.lower() == "view":
                self.show_view(view)
                self._menu(legal_actions)
                continue
            chosen = self._parse(game, entry, legal_actions)
            if chosen is not None:
                return chosen

    def _parse(self, game: Game, entry: str, legal: Sequence[Action]) -> Action | None:
        if entry.isdigit():
            number = int(entry)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self._say(f"There is no option {number}: choose a number from 1 to {len(legal)}.")
            return None
        try:
            action = game.parse_action(entry)
        except InvalidActionError as error:
            self._say(f"Not understood: {error}")
            return None
        if action not in legal:
            self._say(f"'{action}' is not allowed now; choose one of the {len(legal)} options listed.")
            return None
        return action


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


def _seat_bots(args: argparse.Namespace, game: Game, human: HumanBot | None) -> tuple[list[Bot], list[str]]:
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
            bots.append(parse_bot(spec))
            names.append(spec.split(":")[0])
    return bots, names


def cmd_play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    game = make(args.game, players=args.players)
    human = None
    if args.human is not None:
        if not 0 <= args.human < game.players:
            raise UsageError(f"--human must be a seat from 0 to {game.players - 1}, not {args.human}")
        human = HumanBot(stdin, out)
    bots, names = _seat_bots(args, game, human)
    viewer = args.human
    out.write(f"{game.spec.title} ({game.id}), {game.players} players, seed {args.seed}\n")
    out.write("Seats: " + ", ".join(_seat(game, p, names) for p in range(game.players)) + "\n")

    def on_move(move: Move, before: State, after: State) -> None:
        action = game.parse_action(move.action)
        text = game.describe_action(before, action, viewer=viewer)
        out.write(_move_line(game, move, names, text) + "\n")
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


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except UnicodeDecodeError:
        raise BoardGameError(f"{args.file} is not a replay: not UTF-8 text") from None
    replay = Replay.from_json(text, components=args.components)
    if args.log:
        game = replay.make_game()
        table = game.catalogue
        for number, (state, action_text) in enumerate(replay.states(), 1):
            if action_text is None:
                break
            action = table.parse(action_text)
            who = state.current_player
            label = "chance" if who == CHANCE else game.player_name(who)
            out.write(f"{number:5}. {label:<7} {game.describe_action(state, action)}\n")
    final = replay.run()
    seed = "no seed" if replay.seed is None else f"seed {replay.seed}"
    out.write(
        f"{args.file}: {replay.game}, {replay.players} players, {seed}, "
        f"{len(replay.actions)} actions re-run and verified\n"
    )
    if final.is_terminal:
        out.write("\n".join(_result_lines(final, ["" for _ in range(replay.players)])) + "\n")
    else:
        out.write(
            "The game is not finished; scores so far: " + ", ".join(map(_number, final.scores())) + "\n"
        )
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    specs = _bot_specs(args.bots)
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
        args.game,
        bots,
        games=args.games,
        seed=args.seed,
        players=args.players,
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG, description="Space strategy board games: play, replay, and pit bots against each other."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands.add_parser("list", help="the games and their player counts")

    bots_help = f"comma-separated bots ({', '.join(bot_names())}), e.g. mcts:iterations=200,random"
    play_p = commands.add_parser("play", help="bots play a game (or you play against them)")
    play_p.add_argument("game")
    play_p.add_argument(
        "--players", type=_positive, default=None, help="number of players (default: the game's)"
    )
    play_p.add_argument("--seed", type=_natural, default=0)
    play_p.add_argument("--bots", default="random", help=bots_help + "; one name fills every seat")
    play_p.add_argument("--save", metavar="FILE", help="write the replay as JSON")
    play_p.add_argument(
        "--human", type=_natural, metavar="SEAT", help="play this seat yourself at the terminal"
    )

    replay_p = commands.add_parser("replay", help="re-run a saved replay and verify it")
    replay_p.add_argument("file")
    replay_p.add_argument("--log", action="store_true", help="print the turn-by-turn log")
    replay_p.add_argument(
        "--components",
        help="your component file or directory, for a replay that names one instead of embedding its data",
    )

    tour_p = commands.add_parser("tournament", help="a seeded tournament between bots")
    tour_p.add_argument("game")
    tour_p.add_argument("--bots", required=True, help=bots_help)
    tour_p.add_argument("--games", type=_positive, default=100)
    tour_p.add_argument("--players", type=_positive, default=None)
    tour_p.add_argument("--seed", type=_natural, default=0)
    tour_p.add_argument("--workers", type=_positive, default=1)
    tour_p.add_argument("--executor", choices=EXECUTORS, default="process")
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
            return cmd_play(args, stdin, out)
        if args.command == "replay":
            return cmd_replay(args, out)
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
