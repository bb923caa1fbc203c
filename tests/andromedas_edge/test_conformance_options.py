"""The conformance checker over 100 seeds at every player count with each optional rule.

(The shared ``tests/test_conformance.py`` covers the base game over 200 seeds.)
Views and JSON are checked on every 50th / 100th state to keep this near a minute per rule.
"""

from __future__ import annotations

from typing import Any

import pytest

import boardgames as bg

OPTIONS: list[dict[str, Any]] = [
    {"special_regions": "quasars"},
    {"special_regions": "vortexes"},
    {"destiny": True, "event_deck": "Cosmic Twilight", "game_length": 70},
    {"teams": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=["quasars", "vortexes", "destiny", "teams"])
def test_optional_rules_pass_the_conformance_checker(options: dict[str, Any]) -> None:
    players = [4] if options.get("teams") else None
    report = bg.check_game(
        "andromedas-edge", seeds=range(100), players=players, view_every=50, json_every=100, **options
    )
    assert report.games_played == 100 * (1 if players else 3)
