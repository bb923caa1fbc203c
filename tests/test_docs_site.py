"""The documentation site builds strictly: MkDocs Material, the API from docstrings, board pictures."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import boardgames as bg
from tools.griffe_rst import markdown

ROOT = Path(__file__).parent.parent


def test_the_site_builds_strictly_with_the_api_and_the_boards(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", "mkdocs.yml", "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    for name in sorted(page.stem for page in (ROOT / "docs" / "games").glob("*.md")):
        game = bg.make(name)
        drawn = (site / "boards" / f"{name}.svg").read_text("utf-8")
        assert drawn == game.render_svg(game.new_game(1))
        page = (site / "games" / name / "index.html").read_text("utf-8")
        assert f'src="../../boards/{name}.svg"' in page
        assert f'src="{name}.svg"' in (site / "boards" / "index.html").read_text("utf-8")
    api = (site / "api" / "index.html").read_text("utf-8")
    for documented in ("render_svg", "describe_action", "replay_html", "svg_to_png", "Replay", "make_bot"):
        assert f'id="{documented}' in api or f".{documented}" in api, documented
    # the site fetches nothing from elsewhere: no web fonts, no scripts or styles from another host
    for html in site.rglob("*.html"):
        text = html.read_text("utf-8")
        assert not re.search(r'<(script|link)[^>]+(src|href)="https?://', text), html


def test_doctests_and_roles_read_as_markdown() -> None:
    text = "Make one.\n\n>>> make(1)\n2\n\nSee :class:`~boardgames.Game` and :func:`play`."
    assert markdown(text) == (
        "Make one.\n\n```pycon\n>>> make(1)\n2\n```\n\nSee `boardgames.Game` and `play`."
    )
    assert markdown("    >>> x\n    1") == "    ```pycon\n    >>> x\n    1\n    ```"
