"""No import circle inside ui/: neither between its files nor between its folders (a file at ui/'s root counts
as a unit of its own, each folder under ui/ as one unit). Imports are read from the source with the ast module,
those inside functions too; `from package import module` counts as an import of that module only."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module(p): p for p in UI.rglob("*.py")}


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imported(tree: ast.AST, modules: dict[str, Path]) -> set[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                names.append(sub if sub in modules else node.module)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    found = {_resolve(n, modules) for n in names if n.split(".")[0] == "ui"}
    return {n for n in found if n is not None}


def file_graph() -> dict[str, set[str]]:
    """Each ui/ module and the ui/ modules it imports."""
    modules = _modules()
    return {m: _imported(ast.parse(p.read_text(encoding="utf-8")), modules) - {m} for m, p in modules.items()}


def unit(module: str) -> str:
    """The folder a module is in (ui.table for ui.table.scene), or the module itself at ui/'s root."""
    parts = module.split(".")
    if len(parts) >= 3 or (UI / Path(*parts[1:])).is_dir():
        return ".".join(parts[:2])
    return module


def folder_graph(files: dict[str, set[str]]) -> dict[str, set[str]]:
    """The file graph with each folder under ui/ folded into one node."""
    out: dict[str, set[str]] = {}
    for a, targets in files.items():
        out.setdefault(unit(a), set()).update(unit(b) for b in targets if unit(b) != unit(a))
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterable[str]]] = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            advanced = False
            for nxt in targets:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part: list[str] = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    part.append(top)
                    if top == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_the_finder_sees_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_circle_between_ui_files() -> None:
    assert circles(file_graph()) == []


def test_no_circle_between_ui_folders() -> None:
    assert unit("ui.table.scene") == "ui.table" and unit("ui.look.layout") == "ui.look"
    assert circles(folder_graph(file_graph())) == []


def test_the_table_opens_the_settlement_and_the_guide_by_name() -> None:
    reached = {unit(b) for a, targets in file_graph().items() if unit(a) == "ui.table" for b in targets}
    assert not reached & {"ui.settlement", "ui.learn", "ui.menu", "ui.entry"}


def test_screens_of_other_folders_are_opened_by_name() -> None:
    """The menus, the replays and the calculator open the calculator, the guide and the settlement screen by name
    (ui/stage/screens.py), so each folder's imports point down, toward the table and the kit."""
    graph = file_graph()
    opener = {
        "ui.menu": {"ui.calculator", "ui.learn"},
        "ui.replays.browser": {"ui.calculator"},
        "ui.calculator": {"ui.settlement"},
    }
    reached = {
        name: {unit(b) for a, targets in graph.items() if unit(a) == name for b in targets} & opened
        for name, opened in opener.items()
    }
    assert reached == {name: set() for name in opener}
