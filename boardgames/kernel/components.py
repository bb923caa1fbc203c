"""Reading, caching and embedding component data.

Every game ships its reference components as TOML under its ``data/`` folder
and accepts a user's own: a TOML file, a directory of TOML files, or a dict
of the same shape.  Each game validates the parsed data into frozen records
itself (its ``parse`` function); reading the source, caching the validated
set and remembering the data for saved documents are the same for all of
them and live here.

The cache is keyed by content: a file is read again each time a game is
made from it, so an edited (or corrupted) file is noticed in the same
process, and only the validation of data already seen is saved.

A game made from the user's own components writes their data into the JSON
documents it saves (:func:`source_data`), so that loading a document never
opens a path named inside it.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Mapping
from os import PathLike
from pathlib import Path
from typing import Any, Protocol, TypeVar

from boardgames.kernel.errors import ComponentError, InvalidOptionError

__all__ = ["Source", "components_option", "load", "read_toml", "read_tree", "source_data"]

Source = str | PathLike[str] | Mapping[str, Any] | None
"""Where a component set comes from: None (the reference set), a path, or the data itself."""


class _Fingerprinted(Protocol):
    @property
    def fingerprint(self) -> str: ...


_T = TypeVar("_T", bound=_Fingerprinted)

_CACHE_LIMIT = 32
_REFERENCE: dict[str, Any] = {}
_VALIDATED: dict[tuple[str, str], Any] = {}
_DATA: dict[tuple[str, str], dict[str, Any]] = {}


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


def read_tree(path: Path, owner: str) -> dict[str, Any]:
    """The data at ``path``: one TOML file, or the sections of every ``*.toml``
    file in a directory merged into one table (a section in two files is an error)."""
    if path.is_dir():
        files = sorted(path.glob("*.toml"))
        if not files:
            raise ComponentError(f"{owner} components: the directory {path} holds no .toml files")
        merged: dict[str, Any] = {}
        origin: dict[str, Path] = {}
        for file in files:
            for key, value in read_toml(file, owner).items():
                if key in merged:
                    raise ComponentError(
                        f"{owner} components: section [{key}] appears in both {origin[key]} and {file}"
                    )
                merged[key] = value
                origin[key] = file
        return merged
    return read_toml(path, owner)


def _digest(data: Mapping[str, Any]) -> str:
    try:
        text = json.dumps(data, sort_keys=True, default=str)
    except (TypeError, ValueError) as error:
        raise ComponentError(f"the component data cannot be read: {error}") from None
    return hashlib.sha256(text.encode()).hexdigest()


def load(
    owner: str,
    source: Source,
    parse: Callable[[Mapping[str, Any]], _T],
    *,
    reference: Callable[[], Mapping[str, Any]],
    read: Callable[[Path, str], Mapping[str, Any]] = read_tree,
) -> _T:
    """The validated component set of game ``owner`` from ``source``.

    ``None`` is the reference set (``reference()`` gives its data); a path is
    read with ``read`` (default :func:`read_tree`) every time; a mapping is
    the data itself.  ``parse`` validates data into the game's component set,
    raising :class:`ComponentError`; a set already validated is reused when
    the data is the same, whatever the path it came from.
    """
    if source is None:
        if owner not in _REFERENCE:
            _REFERENCE[owner] = parse(reference())
        return _REFERENCE[owner]  # type: ignore[no-any-return]
    if isinstance(source, Mapping):
        data = source
    elif isinstance(source, (str, PathLike)):
        data = read(Path(source), owner)
    else:
        raise ComponentError(
            f"{owner} components must be None, a path or a dict, not {type(source).__name__}"
        )
    key = (owner, _digest(data))
    value = _VALIDATED.get(key)
    if value is None:
        value = parse(data)
        if len(_VALIDATED) >= _CACHE_LIMIT:
            _VALIDATED.clear()
        _VALIDATED[key] = value
    # Kept for the documents of games made from this set (see source_data).
    _DATA[(owner, value.fingerprint)] = json.loads(json.dumps(data, default=str))
    return value


def source_data(owner: str, source: Source, fingerprint: str) -> dict[str, Any] | None:
    """The component data to embed in a saved document of a game made from ``source``.

    None for the reference set; otherwise the data that was validated into
    the set with ``fingerprint`` (read when the game was made, not again).
    """
    if source is None:
        return None
    data = _DATA.get((owner, fingerprint))
    if data is None:
        if isinstance(source, Mapping):
            return json.loads(json.dumps(source, default=str))  # type: ignore[no-any-return]
        raise ComponentError(f"{owner} components: the data of component set {fingerprint} is not known")
    return data


def components_option(
    load_set: Callable[[Source], _T], accepts: str = "a TOML file path or a dict"
) -> Callable[[Any], _T]:
    """The :class:`OptionSpec` check of a game's ``components`` option.

    It accepts None (the reference set), a path or a dict, and returns the
    validated component set ``load_set`` makes of it.
    """

    def check(value: Any) -> _T:
        if value is not None and not isinstance(value, (str, PathLike, Mapping)):
            raise InvalidOptionError(
                f"components must be None (the reference set), {accepts}, not {type(value).__name__}"
            )
        return load_set(value)

    return check
