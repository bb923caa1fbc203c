"""A bot's parameters can be listed, and a wrong one is named with the right ones."""

from __future__ import annotations

import pytest

from boardgames.bots import BotError, bot_parameters, make_bot


def test_the_parameters_of_each_built_in_bot_with_their_defaults() -> None:
    assert bot_parameters("mcts") == {
        "iterations": None,
        "time_limit": None,
        "exploration": 0.1,
        "rollout_depth": 0,
        "prior_visits": 5,
        "worlds": 10,
        "reuse": True,
    }
    assert bot_parameters("random") == {}
    with pytest.raises(BotError, match="no bot named 'clever'"):
        bot_parameters("clever")


def test_an_unknown_parameter_is_named_with_the_bots_parameters() -> None:
    with pytest.raises(BotError) as raised:
        make_bot("mcts", iters=5)
    message = str(raised.value)
    assert "no parameter 'iters'" in message
    assert "iterations=None" in message and "worlds=10" in message
    with pytest.raises(BotError, match="random takes no parameters"):
        make_bot("random", depth=2)
