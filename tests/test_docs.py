"""The Python code in README.md and docs/ runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def pages() -> list[tuple[str, str]]:
    """Each page's Python blocks, joined in order: a page is read as one session."""
    found = []
    for page in PAGES:
        code = "\n".join(match.group(1) for match in BLOCK.finditer(page.read_text("utf-8")))
        if code:
            found.append((str(page.relative_to(ROOT)), code))
    return found


@pytest.mark.parametrize(("where", "code"), pages(), ids=[w for w, _ in pages()])
def test_documented_code_runs(where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    exec(compile(code, where, "exec"), {"__name__": "__docs__"})


def _test_names(folder: Path) -> dict[str, set[str]]:
    names: dict[str, set[str]] = {}
    for path in folder.glob("test_*.py"):
        names[path.stem] = set(re.findall(r"^def (test_\w+)", path.read_text("utf-8"), re.M))
    return names


def test_traceability_tables_name_real_tests() -> None:
    """Every `file::test` (or `file::prefix*`) in Galaxy's Edge's table exists."""
    page = (ROOT / "docs" / "games" / "galaxys-edge.md").read_text("utf-8")
    tests = _test_names(ROOT / "tests" / "galaxys_edge")
    refs = re.findall(r"`(test_\w+)::(\w+\*?)`", page)
    assert len(refs) > 30
    for module, name in refs:
        assert module in tests, module
        if name.endswith("*"):
            assert any(t.startswith(name[:-1]) for t in tests[module]), f"{module}::{name}"
        else:
            assert name in tests[module], f"{module}::{name}"


def test_traceability_tables_name_real_code() -> None:
    import importlib

    page = (ROOT / "docs" / "games" / "galaxys-edge.md").read_text("utf-8")
    refs = re.findall(r"`(state|scoring|components|board)\.(\w+)(?:\.(\w+))?`", page)
    assert len(refs) > 30
    for module, name, attribute in refs:
        target = getattr(importlib.import_module(f"boardgames.games.galaxys_edge.{module}"), name)
        if attribute:
            known = hasattr(target, attribute) or attribute in getattr(target, "__annotations__", {})
            assert known, f"{module}.{name}.{attribute}"
