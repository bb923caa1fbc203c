"""A digest of the rules as seeded random games see them, to check a speed change.

    python benchmarks/fingerprint.py [--games warpgate ...] [--seeds 20]
    python benchmarks/fingerprint.py --against /tmp/base      # both builds, side by side

A speed change must leave the rules exactly as they were.  The tests check
the rulebook's cases; this checks everything else a fast path could drift
on, in a minute.  For each game and player count it plays ``--seeds``
seeded uniform random games (the driver of ``benchmarks/speed.py``: chance
by its probabilities, decisions uniformly among the legal ones, all from
one :class:`~boardgames.kernel.chance.Sampler` per game) through the public
``apply_id`` and hashes, at every step, who acts, the legal action ids and
the chance outcomes with their probabilities; every 97th step and at the
end it also hashes the state's JSON, every player's heuristic and the
scores.  Two builds with the same line per row play the same games move for
move.  ``--against`` runs this script's driver on another checkout (in a
child process with that checkout first on ``sys.path``), so it also
fingerprints builds older than this file.  This is a benchmark tool, not a
test: the tests are what say the rules are right.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from typing import Any

_EVERY = 97
"""Steps between two JSON, heuristic and score samples."""


def fingerprint(game_id: str, players: int, seeds: int) -> dict[str, Any]:
    """The digest of ``seeds`` seeded random games of ``game_id`` at ``players``."""
    import boardgames as bg
    from boardgames.kernel.chance import Sampler

    game = bg.make(game_id, players=players)
    digest = hashlib.sha256()
    actions = 0
    for seed in range(seeds):
        state = game.new_game(seed)
        sampler = Sampler(7 + seed)
        step = 0
        while True:
            outcomes = state.chance_outcome_ids()
            legal = state.legal_action_ids()
            digest.update(repr((state.current_player, legal, outcomes)).encode())
            if step % _EVERY == 0 or state.is_terminal:
                sample = (bg.to_json(state), game.heuristics(state), state.scores)
                digest.update(repr(sample).encode())
            if state.is_terminal:
                break
            if outcomes:
                draw, total, action_id = sampler.random(), 0.0, outcomes[-1][0]
                for i, p in outcomes:
                    total += p
                    if draw < total:
                        action_id = i
                        break
            else:
                action_id = legal[sampler.index(len(legal))]
            state = state.apply_id(action_id)
            step += 1
        actions += step
    return {"game": game_id, "players": players, "actions": actions, "digest": digest.hexdigest()[:16]}


def _rows(games: list[str] | None, players: list[int] | None, seeds: int) -> list[dict[str, Any]]:
    import boardgames as bg

    rows = []
    for game_id in games or bg.available_games():
        spec = bg.make(game_id).spec
        for count in players or range(spec.min_players, spec.max_players + 1):
            if spec.min_players <= count <= spec.max_players:
                rows.append(fingerprint(game_id, count, seeds))
    return rows


def _rows_of(root: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The rows of the library at ``root``, from a child process."""
    command = [sys.executable, os.path.abspath(__file__), "--json", "--seeds", str(args.seeds)]
    if args.games:
        command += ["--games", *args.games]
    if args.players:
        command += ["--players", *map(str, args.players)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run(command, env=env, cwd=root, check=True, capture_output=True, text=True).stdout
    rows: list[dict[str, Any]] = json.loads(out)
    return rows


def _line(row: dict[str, Any]) -> str:
    return f"{row['game']:<18}{row['players']:>3}p {row['actions']:>8} actions  {row['digest']}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--players", nargs="*", type=int, help="player counts (default: every one)")
    parser.add_argument("--seeds", type=int, default=50, help="seeded games per row")
    parser.add_argument("--against", metavar="DIR", help="another checkout of the library to compare with")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    if args.against is None:
        rows = _rows(args.games, args.players, args.seeds)
        if args.json:
            print(json.dumps(rows, indent=2))
        else:
            for row in rows:
                print(_line(row))
        return 0
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mine, theirs = _rows_of(here, args), _rows_of(os.path.abspath(args.against), args)
    same = True
    for row, other in zip(mine, theirs, strict=True):
        equal = (row["actions"], row["digest"]) == (other["actions"], other["digest"])
        same &= equal
        if not args.json:
            verdict = "same" if equal else f"DIFFERENT ({other['actions']} actions, {other['digest']})"
            print(f"{_line(row)}  {verdict}")
    if args.json:
        print(json.dumps({"this": mine, "against": theirs, "same": same}, indent=2))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
