"""Our MCTSBot against OpenSpiel's Python ISMCTSBot, through the OpenSpiel adapter.

Not a test: it takes a while.  Both bots play the same OpenSpiel game
(``boardgames.adapters.openspiel``), Galaxy's Edge with 2 players by default,
at an equal number of simulations per move.  Both value a leaf by
``game.heuristic`` (OpenSpiel's bot through ``HeuristicEvaluator``), use the
same exploration constant and draw the same number of determinizations per
move (OpenSpiel's ``max_world_samples``, our ``worlds``), so the match
compares the searches themselves: ours adds heuristic priors (unless
``--prior-visits 0``) and runs on our states directly, OpenSpiel's goes
through the pyspiel wrapper.  Seats are
rotated; game ``k`` deals setup ``k``.  It prints the win rate of our bot
with a 95% Wilson interval and the iterations per second of each bot.

    python benchmarks/openspiel_ismcts.py                          # 100 games, 50 simulations
    python benchmarks/openspiel_ismcts.py --games 20 --simulations 100
    python benchmarks/openspiel_ismcts.py --prior-visits 0                # plain UCT on both sides
    python benchmarks/openspiel_ismcts.py --json benchmarks/results/openspiel-ismcts-galaxys-edge-2p.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import numpy as np
from open_spiel.python.algorithms import ismcts

import boardgames.adapters.openspiel as bos
from boardgames.arena.stats import wilson_interval
from boardgames.bots import MCTSBot


def play(game: Any, ours_seat: int, setup: int, args: argparse.Namespace,
         totals: dict[str, float]) -> tuple[float, ...]:
    """One game; returns its ``returns()`` and adds search counts and seconds to ``totals``."""
    bg_game = game.bg_game
    simulations, exploration, worlds = args.simulations, args.exploration, args.worlds
    ours = MCTSBot(iterations=simulations, exploration=exploration, worlds=worlds,
                   prior_visits=args.prior_visits)
    ours.start(bg_game, ours_seat)
    theirs = ismcts.ISMCTSBot(
        game, bos.HeuristicEvaluator(), exploration, max_simulations=simulations,
        max_world_samples=worlds, random_state=np.random.RandomState(setup),
    )
    rng = np.random.default_rng(setup)
    state = game.new_initial_state()
    state.apply_action(setup)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        if player == ours_seat:
            position = bos.bg_state(state)
            action = ours.choose(position.view(player), position.legal_actions(), rng)
            search = ours.last_search
            if search is not None and search.iterations:
                totals["ours_iterations"] += search.iterations
                totals["ours_seconds"] += search.seconds
            state.apply_action(bg_game.action_id(action))
        else:
            started = time.perf_counter()
            chosen = theirs.step(state)
            if len(legal) > 1:
                totals["theirs_iterations"] += simulations
                totals["theirs_seconds"] += time.perf_counter() - started
            state.apply_action(chosen)
    return tuple(state.returns())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="galaxys-edge")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--exploration", type=float, default=0.1)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument("--prior-visits", type=int, default=5,
                        help="our bot's heuristic priors (0: plain UCT expansion, as OpenSpiel's)")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args()
    game = bos.load_game(args.game, players=args.players)
    totals = {"ours_iterations": 0.0, "ours_seconds": 0.0, "theirs_iterations": 0.0, "theirs_seconds": 0.0}
    wins = 0.0
    started = time.perf_counter()
    for k in range(args.games):
        seat = k % args.players
        returns = play(game, seat, k, args, totals)
        wins += returns[seat]
        print(f"game {k + 1}/{args.games}: ours at seat {seat}, returns {returns}, "
              f"win rate so far {wins / (k + 1):.3f}, {time.perf_counter() - started:.0f} s", flush=True)
    low, high = wilson_interval(wins, args.games)
    report = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "simulations": args.simulations,
        "exploration": args.exploration,
        "worlds": args.worlds,
        "ours": repr(MCTSBot(iterations=args.simulations, exploration=args.exploration, worlds=args.worlds,
                             prior_visits=args.prior_visits)),
        "ours_win_rate": wins / args.games,
        "ci95": [low, high],
        "ours_iterations_per_second": totals["ours_iterations"] / max(totals["ours_seconds"], 1e-9),
        "openspiel_iterations_per_second": totals["theirs_iterations"] / max(totals["theirs_seconds"], 1e-9),
        "seconds": time.perf_counter() - started,
    }
    print(json.dumps(report, indent=2))
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(report, handle, indent=2)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
