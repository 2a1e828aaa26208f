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


# docs/design.md, the module map: each package and the packages it may import. A package is a folder
# (game/ai/levels) with the folders inside it (game/core/settlement is game/core's), and a root module stands
# for itself (game/fast.py); ui.* may import any game.* package. game/net holds three packages and no code.
MAY_IMPORT: dict[str, set[str]] = {
    "game": {"game.fast"},  # the top package installs the compiled path
    "game.ai": {"game.ai.judgement", "game.ai.levels", "game.ai.search", "game.core", "game.engine", "game.match"},
    "game.ai.judgement": {"game.core", "game.engine", "game.rules"},
    "game.ai.learned": {"game.ai.judgement", "game.core", "game.engine"},
    "game.ai.levels": {
        "game.ai.judgement",
        "game.ai.learned",
        "game.ai.search",
        "game.core",
        "game.engine",
        "game.files",
    },
    "game.ai.measure": {
        "game.ai",
        "game.ai.judgement",
        "game.ai.learned",
        "game.ai.levels",
        "game.ai.search",
        "game.core",
        "game.engine",
        "game.match",
        "game.rules",
    },
    "game.ai.search": {"game.ai.judgement", "game.core", "game.engine"},
    "game.calculator": {"game.core", "game.engine", "game.files", "game.handfile"},
    "game.cli": {
        "game.ai",
        "game.ai.levels",
        "game.ai.measure",
        "game.ai.search",
        "game.core",
        "game.engine",
        "game.fast",
        "game.files",
        "game.handfile",
        "game.learn",
        "game.match",
        "game.net.client",
        "game.net.host",
        "game.net.wire",
        "game.records",
        "game.review",
        "game.rules",
    },
    "game.core": set(),
    "game.engine": {"game.core"},
    "game.fast": set(),
    "game.files": set(),
    "game.handfile": {"game.core", "game.files", "game.rules"},
    "game.learn": {
        "game.ai",
        "game.ai.judgement",
        "game.core",
        "game.engine",
        "game.files",
        "game.match",
        "game.rules",
    },
    "game.match": {"game.core", "game.engine", "game.files", "game.handfile", "game.records", "game.rules"},
    "game.net.client": {"game.engine", "game.files", "game.match", "game.net.host", "game.net.wire"},
    "game.net.host": {
        "game.ai",
        "game.core",
        "game.engine",
        "game.files",
        "game.match",
        "game.net.wire",
        "game.records",
    },
    "game.net.wire": {"game.core", "game.engine", "game.records"},
    "game.records": {"game.core", "game.engine", "game.files", "game.handfile"},
    "game.review": {
        "game.ai",
        "game.ai.judgement",
        "game.ai.levels",
        "game.core",
        "game.engine",
        "game.files",
        "game.learn",
        "game.match",
        "game.records",
        "game.rules",
    },
    "game.rules": {"game.core", "game.files"},
    "ui.calculator": {"ui.kit", "ui.look", "ui.stage", "ui.table", "ui.words"},
    "ui.entry": {
        "ui.kit",
        "ui.learn",
        "ui.match",
        "ui.menu",
        "ui.probe",
        "ui.settings",
        "ui.sound",
        "ui.stage",
        "ui.table",
        "ui.words",
    },
    "ui.kit": {"ui.look", "ui.stage", "ui.words"},
    "ui.learn": {"ui.kit", "ui.look", "ui.stage", "ui.table", "ui.words"},
    "ui.look": set(),
    "ui.match": set(),
    "ui.menu": {"ui.kit", "ui.look", "ui.match", "ui.settings", "ui.stage", "ui.table", "ui.words"},
    "ui.probe": {
        "ui.calculator",
        "ui.learn",
        "ui.match",
        "ui.menu",
        "ui.review",
        "ui.settings",
        "ui.settlement",
        "ui.stage",
        "ui.table",
        "ui.words",
    },
    "ui.replays": {"ui.kit", "ui.look", "ui.settings", "ui.stage", "ui.table", "ui.words"},
    "ui.review": {"ui.kit", "ui.look", "ui.replays", "ui.stage", "ui.table", "ui.words"},
    "ui.settings": set(),
    "ui.settlement": {"ui.kit", "ui.look", "ui.sound", "ui.stage", "ui.table", "ui.words"},
    "ui.sound": set(),
    "ui.stage": {"ui.look", "ui.settings", "ui.words"},
    "ui.table": {"ui.kit", "ui.look", "ui.match", "ui.sound", "ui.stage", "ui.words"},
    "ui.words": set(),
}


def _package_of(module: str) -> str:
    """The package a module belongs to: its folder, or itself when it sits at game/ or ui/'s root."""
    parts = module.split(".")
    for n in range(len(parts), 1, -1):
        name = ".".join(parts[:n])
        if name in MAY_IMPORT:
            return name
    return ".".join(parts[:2])


def _package_edges() -> dict[str, set[str]]:
    """Every package's imports of other packages of the project, read from the code."""
    edges: dict[str, set[str]] = {}
    for top in ("game", "ui"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            module = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
            source = _package_of(module)
            for name in _all_imports(path):
                if name.split(".")[0] not in ("game", "ui"):
                    continue
                target = _package_of(name)
                # `from game import fast` names only the top package here, whose __init__ holds no more than
                # the version and the compiled path's install: an import of it is an import of game.fast.
                target = "game.fast" if target == "game" else target
                if target != source:
                    edges.setdefault(source, set()).add(target)
    return edges


def test_every_package_imports_only_what_the_map_allows() -> None:
    """An import the map does not name is either a mistake or a change of design: the map says which."""
    wrong = {
        (source, target)
        for source, targets in _package_edges().items()
        for target in targets
        if not (target in MAY_IMPORT.get(source, set()) or (source.startswith("ui") and target.startswith("game")))
    }
    assert wrong == set()


def test_the_map_runs_one_way() -> None:
    """No circle among the packages: the map is a layering, read from the top down."""
    seen: dict[str, int] = {}

    def visit(name: str, path: tuple[str, ...]) -> None:
        if seen.get(name) == 2:
            return
        assert seen.get(name) != 1, f"circle: {' -> '.join((*path, name))}"
        seen[name] = 1
        for target in MAY_IMPORT.get(name, set()):
            visit(target, (*path, name))
        seen[name] = 2

    for name in MAY_IMPORT:
        visit(name, ())


def test_every_package_is_on_the_map() -> None:
    """A new folder is placed on the map (and in docs/design.md) when it is made."""
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts) for top in ("game", "ui") for p in (ROOT / top).rglob("__init__.py")
    }
    lost = [
        folder
        for folder in folders - {"game", "ui", "game.net"}
        if folder not in MAY_IMPORT and folder.rpartition(".")[0] not in MAY_IMPORT
    ]
    assert lost == []
