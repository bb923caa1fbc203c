"""Strength report: MCTS against random and against greedy, per game.

Not a test: it takes a while.  For every game (or the ones named) it plays a
seeded tournament of MCTS against RandomBot and one against GreedyBot, with
seats rotated, and prints win rates with 95% Wilson intervals, mean scores
and MCTS seconds per move; it also measures MCTS iterations per second on
positions taken from seeded random games.

With more than 2 players MCTS meets ``players - 1`` copies of the rival
(every deal is played from every rotation of the seats); its fair share of
the wins is then 1/players, printed beside its win rate.

    python benchmarks/strength.py                       # every game, 2 players, 200 games per match
    python benchmarks/strength.py galaxys-edge --games 50 --time 1.0
    python benchmarks/strength.py --players 3 --games 60 --seconds 900   # at most ~15 min per match
    python benchmarks/strength.py --players 4 --iterations 50 --seconds 600 --speed-positions 5

``--games`` bounds the games per match and ``--seconds`` its wall time: no
game starts after it and only deals played from every seat count (see
``bg.tournament(time_limit=...)``); the report says how many games were
left unplayed.  The report of each game is written as JSON to
``benchmarks/results/strength-GAME-Np.json`` (``--results DIR`` elsewhere,
``--results ''`` not at all); ``--json FILE`` also writes all of them to one file.

Goals (issue 5), 2 players Galaxy's Edge: MCTS wins >= 95% against random
and >= 65% against greedy at <= 1 s per move.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import boardgames as bg
from boardgames.bots import GreedyBot, MCTSBot, RandomBot
from boardgames.kernel.chance import Sampler
from boardgames.kernel.driver import sample_outcome
from boardgames.kernel.game import Game, State

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
"""Where each game's report is written by default."""

GOALS = {("galaxys-edge", 2): {"random": 0.95, "greedy": 0.65, "seconds_per_move": 1.0}}


def positions(game: Game, count: int, seed: int) -> list[State]:
    """Decision states spread over seeded random games."""
    sampler = Sampler(seed)
    found: list[State] = []
    for k in range(count):
        playout = bg.random_playout(game, seed + k)
        depth = int(sampler.random() * max(1, playout.length - 1))
        state = game.new_game(seed + k)
        for text in playout.replay.actions[:depth]:
            state = state.apply_text(text)
        while not state.is_terminal and state.is_chance:
            state = state.game._next_state(state, sample_outcome(state, sampler))
        if not state.is_terminal:
            found.append(state)
    return found


def speed(game: Game, bot: MCTSBot, count: int, seed: int) -> dict[str, float]:
    """MCTS iterations per second and seconds per move over sample positions."""
    iterations = 0
    seconds = 0.0
    moves = 0
    for k, state in enumerate(positions(game, count, seed)):
        player = state.current_player
        bot.start(game, player)
        bot.choose(state.view(player), state.legal_actions(), bg.make_rng(seed + k))
        stats = bot.last_search
        if stats is not None and stats.iterations:
            iterations += stats.iterations
            seconds += stats.seconds
            moves += 1
    return {
        "iterations_per_second": iterations / seconds if seconds else 0.0,
        "seconds_per_move": seconds / moves if moves else 0.0,
        "positions": moves,
    }


def lineup(game: Game, mcts: MCTSBot, rival: Any, name: str) -> dict[str, Any]:
    """MCTS and ``players - 1`` seats of the rival (one stateless bot may sit at several seats)."""
    bots: dict[str, Any] = {"mcts": mcts, name: rival}
    for k in range(2, game.players):
        bots[f"{name} {k}"] = rival
    return bots


def match(game: Game, mcts: MCTSBot, rival: Any, name: str, args: argparse.Namespace) -> dict[str, Any]:
    started = time.perf_counter()
    bots = lineup(game, mcts, rival, name)
    result = bg.tournament(
        game,
        bots,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
        time_limit=args.seconds,
    )
    mine = result.standing("mcts")
    rivals = [result.standing(n) for n in bots if n != "mcts"]
    played = sum(r.games for r in rivals)
    return {
        "rival": name,
        "players": game.players,
        "games": mine.games,
        "unplayed": result.unplayed,
        "failed": len(result.failures),
        "truncated": len(result.truncations),
        "win_rate": mine.win_rate,
        "fair_share": 1 / game.players,
        "ci": [mine.ci_low, mine.ci_high],
        "mcts_score": mine.mean_score,
        "rival_score": sum(r.mean_score * r.games for r in rivals) / played if played else 0.0,
        "mcts_seconds_per_move": mine.seconds_per_move,
        "wall_seconds": time.perf_counter() - started,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games_to_test", nargs="*", metavar="GAME", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200, help="games per match at most (default 200)")
    parser.add_argument(
        "--seconds", type=float, default=None, help="wall seconds per match at most (default: no limit)"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iterations", type=int, default=None, help="MCTS iterations per move")
    parser.add_argument("--time", type=float, default=None, help="MCTS seconds per move")
    parser.add_argument(
        "--rollout-depth", type=int, default=MCTSBot().rollout_depth, help="-1: full rollouts"
    )
    parser.add_argument("--worlds", type=int, default=MCTSBot().worlds, help="0: a new one per iteration")
    parser.add_argument("--rivals", default="random,greedy", help="which matches to play")
    parser.add_argument("--prior-visits", type=int, default=MCTSBot().prior_visits)
    parser.add_argument("--exploration", type=float, default=MCTSBot().exploration)
    parser.add_argument("--speed-positions", type=int, default=20)
    parser.add_argument("--no-reuse", action="store_true", help="MCTS searches every move afresh")
    parser.add_argument("--json", metavar="FILE", help="also write the whole report to one JSON file")
    parser.add_argument(
        "--results",
        metavar="DIR",
        default=RESULTS,
        help="where each game's JSON report goes (default benchmarks/results; '' for nowhere)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    args = parser.parse_args(argv)

    mcts = MCTSBot(
        iterations=args.iterations,
        time_limit=args.time,
        exploration=args.exploration,
        rollout_depth=None if args.rollout_depth is None or args.rollout_depth < 0 else args.rollout_depth,
        prior_visits=args.prior_visits,
        worlds=args.worlds or None,
        reuse=not args.no_reuse,
    )
    names = args.games_to_test or list(bg.available_games())
    report: list[dict[str, Any]] = []
    limit = f", at most {args.seconds:g} s per match" if args.seconds else ""
    print(
        f"MCTS: {mcts!r}; {args.players} players, {args.games} games per match{limit}, "
        f"{args.workers} workers, seed {args.seed}"
    )
    for name in names:
        try:
            game = bg.make(name, players=args.players)
        except bg.BoardGameError as error:
            print(f"{name}: skipped ({error})")
            continue
        entry: dict[str, Any] = {"game": name, "players": args.players, "mcts": repr(mcts)}
        entry["speed"] = speed(game, mcts, args.speed_positions, args.seed)
        rivals = {"random": RandomBot(), "greedy": GreedyBot()}
        entry["matches"] = [match(game, mcts, rivals[r], r, args) for r in args.rivals.split(",")]
        report.append(entry)
        print(f"\n## {name}, {args.players} players")
        s = entry["speed"]
        if s["positions"]:
            print(
                f"MCTS speed: {s['iterations_per_second']:.0f} iterations/s, "
                f"{s['seconds_per_move']:.3f} s/move over {s['positions']} positions"
            )
        print(
            "| rival | games | unplayed | MCTS win rate | fair share | 95% CI | MCTS score | rival score "
            "| MCTS s/move | wall s |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for m in entry["matches"]:
            print(
                f"| {m['rival']} | {m['games']} | {m['unplayed']} | {100 * m['win_rate']:.1f}% | "
                f"{100 * m['fair_share']:.0f}% | {100 * m['ci'][0]:.1f}-{100 * m['ci'][1]:.1f}% | "
                f"{m['mcts_score']:.1f} | {m['rival_score']:.1f} | {m['mcts_seconds_per_move']:.3f} | "
                f"{m['wall_seconds']:.0f} |"
            )
        goal = GOALS.get((name, args.players))
        if goal:
            checks = []
            for m in entry["matches"]:
                ok = m["win_rate"] >= goal[m["rival"]]
                checks.append(f"vs {m['rival']} >= {goal[m['rival']]:.0%}: {'met' if ok else 'NOT met'}")
            spm = max(m["mcts_seconds_per_move"] for m in entry["matches"])
            fast = spm <= goal["seconds_per_move"]
            checks.append(f"<= {goal['seconds_per_move']} s/move: {'met' if fast else 'NOT met'}")
            entry["goals"] = checks
            print("Goals: " + "; ".join(checks))
        if args.results:
            os.makedirs(args.results, exist_ok=True)
            path = os.path.join(args.results, f"strength-{name}-{args.players}p.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump([entry], file, indent=2)
            print(f"written {path}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
