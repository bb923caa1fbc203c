"""benchmarks/speed.py: the playout benchmark the speed goals are stated in."""

from __future__ import annotations

import json

import pytest

from tests.benchmark_tools import load

speed = load("speed")


def test_json_rows_carry_rates_and_the_ratio_of_each_slice(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    assert speed.main(["--seconds", "0.06", "--slices", "3", "--games", "warpgate", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = report["games"]
    assert [row["players"] for row in rows] == [2, 3, 4, 5, 6]
    for row in rows:
        assert row["game"] == "warpgate"
        assert row["actions_per_second"] > 0 and row["median_apply_us"] > 0
        slices = row["vs_backgammon_by_slice"]
        assert len(slices) == 3 and all(ratio > 0 for ratio in slices)
        assert row["vs_backgammon"] == row["actions_per_second"] / row["backgammon_actions_per_second"]
    assert report["openspiel_backgammon"]["actions_per_second"] > 0


def test_the_table_shows_each_row_with_its_slice_range(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    assert speed.main(["--seconds", "0.04", "--slices", "2", "--games", "galaxys-edge"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-1] == "slices"
    for players, line in zip((2, 3, 4), lines[1:4], strict=True):
        fields = line.split()
        assert fields[:2] == ["galaxys-edge", str(players)]
        low, high = (float(x) for x in fields[-1].split("-"))
        assert 0 < low <= high
        assert fields[-2].endswith("x")
    assert lines[4].startswith("OpenSpiel backgammon")


def test_a_driver_slice_reports_its_own_rate() -> None:
    driver = speed.ours(speed.bg.make("galaxys-edge", players=2))
    rate = driver.run(0.02)
    assert rate > 0 and driver.actions >= 1
    assert rate == pytest.approx(driver.actions / driver.seconds)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        speed.main(["--seconds", "0"])
    with pytest.raises(SystemExit):
        speed.main(["--slices", "0"])
