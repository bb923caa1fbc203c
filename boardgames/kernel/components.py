"""Reading component data files.

Every game ships its reference components as TOML under its ``data/`` folder
and accepts a user's own files; each validates the parsed data into frozen
records itself.  Reading a file is the same for all of them: anything that
keeps the text from becoming a TOML document is a :class:`ComponentError`
that names the file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from boardgames.kernel.errors import ComponentError

__all__ = ["read_toml"]


def read_toml(path: str | Path, owner: str) -> dict[str, Any]:
    """The TOML document at ``path``.

    Raises :class:`ComponentError`, prefixed with ``owner`` (e.g. the game
    id), when the file cannot be read, is not UTF-8, or is not valid TOML.

    >>> read_toml("/no/such/file.toml", "my-game")
    Traceback (most recent call last):
    ...
    boardgames.kernel.errors.ComponentError: my-game components: cannot read /no/such/file.toml: ...
    """
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as error:
        raise ComponentError(f"{owner} components: cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ComponentError(f"{owner} components: {path} is not UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ComponentError(f"{owner} components: {path} is not valid TOML: {error}") from None
