"""The engine runs without a screen: nothing in game/ imports pygame (docs/design.md, one direction)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_game_never_imports_pygame_or_ui() -> None:
    offenders = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "game").rglob("*.py"))
        if _imported_modules(p) & {"pygame", "ui"}
    ]
    assert offenders == []


def test_headless_commands_do_not_load_pygame() -> None:
    code = "import sys, main; main.build_parser(); import game.cli; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _all_imports(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function, by its full name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_table_scene_does_not_import_the_save_or_replay_screens() -> None:
    """The match controller keeps the save and the replay log: no circle scene -> save -> scene (or replays)."""
    scene = _all_imports(ROOT / "ui" / "table" / "scene.py")
    assert not scene & {"ui.menu.save", "ui.replays.browser"}
    assert "ui.table.scene" not in _all_imports(ROOT / "ui" / "replays" / "browser.py")
