"""MkDocs hooks: board pictures drawn by the library itself at build time.

For every registered game, ``boards/<game>.svg`` is its initial position
(``Game.render_svg``); each game's page (``games/<game>.md``) shows it under
its title, and the generated ``boards.md`` shows them all.
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

import boardgames as bg

SEED = 1


def _boards() -> dict[str, tuple[str, int, str]]:
    """Game id -> (title, player count, SVG of the initial position)."""
    drawn = {}
    for name in bg.available_games():
        game = bg.make(name)
        drawn[name] = (game.spec.title, game.players, game.render_svg(game.new_game(SEED)))
    return drawn


def on_files(files: Files, config: Any) -> Files:
    boards = _boards()
    gallery = [
        "# Boards",
        "",
        f"Each game's initial position (seed {SEED}), drawn by `Game.render_svg` when this site was built.",
        "",
    ]
    for name, (title, players, svg) in boards.items():
        files.append(File.generated(config, f"boards/{name}.svg", content=svg))
        picture = f"![{title}](boards/{name}.svg)"
        gallery += [f"## {title}", "", f"`{name}`, {players} players:", "", picture, ""]
    files.append(File.generated(config, "boards.md", content="\n".join(gallery)))
    return files


_TITLE = re.compile(r"^# .*$", re.M)


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    """A game's page shows its board at setup under its title."""
    path = page.file.src_uri
    if not path.startswith("games/") or files.get_file_from_path(f"boards/{path[6:-3]}.svg") is None:
        return markdown
    name = path[6:-3]
    picture = f"\n\n![{name} at setup](../boards/{name}.svg)\n"
    title = _TITLE.search(markdown)
    if title is None:
        return picture + markdown
    return markdown[: title.end()] + picture + markdown[title.end() :]
