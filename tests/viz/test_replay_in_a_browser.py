"""The replay page in a real headless Chromium: load it, step with the button and the keys, look at it.

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them)
and selenium (the dev extra).  Without them the test skips and says why,
except under CI (``CI=true``), where it fails: CI must run it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.viz import replay_html
from tests.kernel.toy import ToyGame

bg.register_game("toy-race", ToyGame)

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def _missing() -> str | None:
    """Why the browser cannot be driven here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    if not any(shutil.which(name) for name in BROWSERS):
        return "chromium is not installed (apt-get install chromium chromium-driver; CI installs it)"
    if not shutil.which("chromedriver"):
        return "chromedriver is not installed (apt-get install chromium-driver; CI installs it)"
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    reason = _missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run in CI, but {reason}")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(str(shutil.which(n)) for n in BROWSERS if shutil.which(n))
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1200,900",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(str(shutil.which("chromedriver"))))
    try:
        yield driver
    finally:
        driver.quit()


def _state(driver: Any) -> tuple[str, str | None, str]:
    """(step, the highlighted log line's step or None, the board's SVG)."""
    step = driver.find_element("tag name", "body").get_attribute("data-step")
    current = driver.find_elements("css selector", "#log li.current")
    board = driver.find_element("id", "board").get_attribute("innerHTML")
    return step, current[0].get_attribute("data-step") if current else None, board


def test_stepping_through_a_replay_in_chromium(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    replay = bg.play("toy-race", ["greedy", "random"], seed=5).replay
    page = tmp_path / "replay.html"
    # as player 0 sees it: the running totals change from step to step
    page.write_text(replay_html(replay, viewer=0), encoding="utf-8")
    browser.get(page.as_uri())
    last = len(replay.actions)

    step, current, first_board = _state(browser)
    assert (step, current) == ("0", None)
    assert first_board.startswith("<svg")
    first_shot = browser.find_element("id", "board").screenshot_as_png
    assert browser.find_element("id", "prev").get_attribute("disabled") is not None

    browser.find_element("id", "next").click()
    step, current, board = _state(browser)
    assert (step, current) == ("1", "1")
    assert board != first_board

    body = browser.find_element("tag name", "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    step, current, board = _state(browser)
    assert (step, current) == ("4", "4")
    assert browser.find_element("id", "slider").get_attribute("value") == "4"
    assert browser.find_element("id", "board").screenshot_as_png != first_shot

    body.send_keys(Keys.ARROW_LEFT)
    assert _state(browser)[:2] == ("3", "3")

    body.send_keys(Keys.END)
    step, current, _ = _state(browser)
    assert (step, current) == (str(last), str(last))
    assert browser.find_element("id", "next").get_attribute("disabled") is not None
    assert f"step {last} of {last}" in browser.find_element("id", "counter").text

    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = '2';s.dispatchEvent(new Event('input'));"
    )
    assert _state(browser)[:2] == ("2", "2")
    browser.find_elements("css selector", "#log li")[5].click()
    assert _state(browser)[:2] == ("6", "6")

    assert browser.find_element("css selector", "#score svg").is_displayed()
    # nothing was fetched: the page is self-contained
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []
