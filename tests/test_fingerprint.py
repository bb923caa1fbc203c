"""benchmarks/fingerprint.py: the digest a speed change is checked with."""

from __future__ import annotations

import pytest

from tests.benchmark_tools import ROOT, load

fingerprint = load("fingerprint")


def test_same_games_give_the_same_digest() -> None:
    first = fingerprint.fingerprint("galaxys-edge", 2, 2)
    assert first == fingerprint.fingerprint("galaxys-edge", 2, 2)
    assert first["actions"] > 0


def test_other_games_give_another_digest() -> None:
    two = fingerprint.fingerprint("warpgate", 2, 1)
    assert two["digest"] != fingerprint.fingerprint("warpgate", 3, 1)["digest"]
    assert two["digest"] != fingerprint.fingerprint("warpgate", 2, 2)["digest"]


def test_against_a_checkout_of_the_same_library_is_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    code = fingerprint.main(["--against", str(ROOT), "--games", "warpgate", "--players", "2", "--seeds", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.rstrip().endswith("same")


def test_bad_seed_count_is_refused() -> None:
    with pytest.raises(SystemExit):
        fingerprint.main(["--seeds", "0"])


def test_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert fingerprint.main(["--games", "galaxys-edge", "--players", "3", "--seeds", "1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("galaxys-edge") and " 3p " in line
