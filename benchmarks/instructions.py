"""Exact instruction counts per applied action and per search, under callgrind.

    python benchmarks/instructions.py [--games galaxys-edge ...] [--players 2 3] [--playouts 60]
    python benchmarks/instructions.py --search [--games warpgate ...] [--iterations 200]
    python benchmarks/instructions.py --against /tmp/base ...     # both builds, side by side

Wall-clock rates on a shared virtual machine swing by a quarter between runs
minutes apart; instruction counts do not.  For each game and player count
this runs, under ``valgrind --tool=callgrind``, the seeded uniform random
playouts of ``benchmarks/speed.py``'s driver loop (``legal_actions()``, pick
uniformly, ``apply``; chance outcomes by their probabilities), once with
``--playouts`` games and once with none, and divides the difference in
instructions by the number of actions applied: the imports, the game's
construction and one warm-up game (seed 0, tables a game builds once) are
counted in both runs and cancel out.  ``--search`` counts the whole of
``benchmarks/search.py``'s 200-iteration search at its position the same way
(the position reached in both runs, the search in one).

Needs valgrind (Debian's ``valgrind`` package).  The runs are made with
address randomisation off (``setarch -R``, where it exists): with it on,
memos keyed by object identity hash other addresses on every run, and the
count of one build moved by 1-2% between runs (with 20 playouts a Galaxy's
Edge count moved by several percent).  Checkouts at paths of different
lengths still count a little differently, so differences under a percent
are noise.  numpy's OpenBLAS is held to one thread (``OPENBLAS_NUM_THREADS=1``):
its idle worker threads spin under callgrind, which added about 3% to a
search's count, differently on every run.  The ratio between two builds is
what to compare, not the counts between machines.  This is a benchmark,
not a test.  ``--against`` runs this script's own driver on the other
checkout's library, so it also measures builds older than this file, and
warns when the two checkouts' paths differ in length (which alone moved a
count by up to 0.7%).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Any

_COLLECTED = re.compile(r"Collected : (\d+)")


def _child(args: argparse.Namespace) -> None:
    """The measured program: prints the number of actions it applied."""
    import boardgames as bg
    from boardgames.kernel.chance import Sampler

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from speed import pick_outcome

    game = bg.make(args.child_game, players=args.child_players)
    if args.child_search is not None:
        from search import position, search

        state = position(game)
        if args.child_search:
            search(game, state, args.child_search)
        print(0)
        return
    sampler = Sampler(12345)
    actions = 0
    # speed.random_step written out: a call more per action would move every
    # count away from those the earlier rounds recorded
    for seed in range(args.child_playouts + 1):
        state = game.new_game(seed)
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply(pick_outcome(state.chance_outcomes(), sampler))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[sampler.index(len(legal))])
            if seed:
                actions += 1
    print(actions)


def _count(root: str, extra: list[str]) -> tuple[int, int]:
    """(instructions, actions) of one child run of the library at ``root``."""
    with tempfile.TemporaryDirectory() as scratch:
        # Without address randomisation (setarch -R) memos keyed by identity
        # hash the same addresses on every run, so the counts repeat.
        fixed = ["setarch", platform.machine(), "-R"] if shutil.which("setarch") else []
        command = [
            *fixed,
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={os.path.join(scratch, 'out')}",
            sys.executable,
            os.path.abspath(__file__),
            *extra,
        ]
        # One OpenBLAS thread: numpy's idle BLAS workers spin under callgrind,
        # about 3% of a search's count and not the same from run to run.
        env = {**os.environ, "PYTHONPATH": root, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({' '.join(extra)}):\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def _compile(root: str, extra: list[str]) -> None:
    """Run the child once without counting: modules first imported while playing
    (not by the empty run) are then compiled to bytecode before the counted runs.
    In a fresh checkout, without it, the first count of a row carried the
    compiling of those modules (7-10k instructions per action more)."""
    env = {**os.environ, "PYTHONPATH": root, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    command = [sys.executable, os.path.abspath(__file__), *extra]
    subprocess.run(command, capture_output=True, env=env, cwd=root, check=False)


def measure(root: str, game_id: str, players: int, playouts: int, search: int | None) -> dict[str, Any]:
    base = ["--child-game", game_id, "--child-players", str(players)]
    _compile(root, [*base, "--child-search", "1"] if search is not None else [*base, "--child-playouts", "1"])
    if search is not None:
        empty, _ = _count(root, [*base, "--child-search", "0"])
        full, _ = _count(root, [*base, "--child-search", str(search)])
        return {"game": game_id, "players": players, "iterations": search, "instructions": full - empty}
    empty, _ = _count(root, [*base, "--child-playouts", "0"])
    full, actions = _count(root, [*base, "--child-playouts", str(playouts)])
    return {
        "game": game_id,
        "players": players,
        "actions": actions,
        "instructions_per_action": (full - empty) / actions,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--players", nargs="*", type=int, help="player counts (default: every one)")
    parser.add_argument("--playouts", type=int, default=60, help="seeded games counted per row")
    parser.add_argument("--search", action="store_true", help="count the search benchmark instead")
    parser.add_argument("--iterations", type=int, default=200, help="iterations of the counted search")
    parser.add_argument("--against", metavar="DIR", help="another checkout of the library to count too")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--child-game", help=argparse.SUPPRESS)
    parser.add_argument("--child-players", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-playouts", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--child-search", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_game:
        _child(args)
        return 0
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (apt-get install valgrind)")
    if args.playouts < 1 or args.iterations < 1:
        parser.error("--playouts and --iterations must be at least 1")
    import boardgames as bg

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    roots = {"this": here} | ({"against": os.path.abspath(args.against)} if args.against else {})
    if len(set(map(len, roots.values()))) > 1:
        # the interpreter's work moves with the paths of the modules it runs
        print(
            f"note: the checkouts' paths differ in length ({', '.join(roots.values())}); "
            "counts can differ by up to 0.7% from that alone",
            file=sys.stderr,
        )
    rows: list[dict[str, Any]] = []
    for game_id in args.games or bg.available_games():
        spec = bg.make(game_id).spec
        counts = args.players or range(spec.min_players, spec.max_players + 1)
        for players in counts:
            if args.search and players != 2:
                continue
            row: dict[str, Any] = {"game": game_id, "players": players}
            iterations = args.iterations if args.search else None
            for name, root in roots.items():
                found = measure(root, game_id, players, args.playouts, iterations)
                row[name] = found["instructions"] if args.search else found["instructions_per_action"]
            if "against" in row:
                row["ratio"] = row["against"] / row["this"]
            rows.append(row)
            if not args.json:
                shown = "  ".join(f"{name} {row[name]:>14,.0f}" for name in roots) + (
                    f"  against/this {row['ratio']:.3f}x" if "ratio" in row else ""
                )
                what = "search" if args.search else "per action"
                print(f"{game_id:<18}{players:>3}p  {what}: {shown}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
