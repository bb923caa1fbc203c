"""The Python code in README.md and docs/ runs as written."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^( *)```python\n(.*?)^\1```", re.S | re.M)
"""A Python block, at the margin or indented (inside a list item)."""


def pages() -> list[tuple[str, str]]:
    """Each page's Python blocks, joined in order: a page is read as one session."""
    found = []
    for page in PAGES:
        code = "\n".join(
            textwrap.dedent(match.group(2)) for match in BLOCK.finditer(page.read_text("utf-8"))
        )
        if code:
            found.append((str(page.relative_to(ROOT)), code))
    return found


@pytest.mark.parametrize(("where", "code"), pages(), ids=[w for w, _ in pages()])
def test_documented_code_runs(where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    exec(compile(code, where, "exec"), {"__name__": "__docs__"})


GAME_PAGES = sorted((ROOT / "docs" / "games").glob("*.md"))


def _table(page: Path) -> str:
    """The traceability table of a game's page (up to the next section)."""
    text = page.read_text("utf-8")
    start = text.index("## Traceability")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _package(page: Path) -> str:
    return page.stem.replace("-", "_")


@pytest.mark.parametrize("page", GAME_PAGES, ids=[p.stem for p in GAME_PAGES])
def test_traceability_tables_name_real_tests(page: Path) -> None:
    """Every test a game's table names (`test_x`, `file::test_x`, `file::test_prefix*`) exists."""
    tests: set[str] = set()
    for path in (ROOT / "tests" / _package(page)).glob("test_*.py"):
        tests.add(path.stem)  # a legend may name the files
        tests.update(re.findall(r"^def (test_\w+)", path.read_text("utf-8"), re.M))
    refs = re.findall(r"`(?:\w+::)?(test_\w+\*?)`", _table(page))
    assert len(refs) > 20
    for name in refs:
        if name.endswith("*"):
            assert any(t.startswith(name[:-1]) for t in tests), f"{page.name}: {name}"
        else:
            assert name in tests, f"{page.name}: {name}"


@pytest.mark.parametrize("page", GAME_PAGES, ids=[p.stem for p in GAME_PAGES])
def test_traceability_tables_name_real_code(page: Path) -> None:
    """Every `module.name` (or `module.Class.attribute`) in a game's table exists in its package."""
    import importlib
    import inspect
    import pkgutil

    package = importlib.import_module(f"boardgames.games.{_package(page)}")
    modules = {info.name for info in pkgutil.iter_modules(package.__path__)}
    refs = [
        ref
        for ref in re.findall(r"`(\w+)\.(\w+)(?:\.(\w+))?`", _table(page))
        if ref[0] in modules
    ]
    assert len(refs) > 5
    for module, name, attribute in refs:
        target = getattr(importlib.import_module(f"{package.__name__}.{module}"), name)
        if attribute:
            known = hasattr(target, attribute) or attribute in getattr(target, "__annotations__", {})
            if not known and isinstance(target, type):  # an attribute its __init__ sets
                known = f"self.{attribute}" in inspect.getsource(target)
            assert known, f"{page.name}: {module}.{name}.{attribute}"
