"""The shape of the code: small files, short functions, and imports that never run in a circle.

A file may be longer, or hold a longer function, when its first lines carry a one-line reason in
the form `# long: why a split would hurt here`. The checks read the source with the ast module only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The folders whose files are held to the shape (each a package at the top of the repository).
CHECKED = ("game", "ui")

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
REASON = "# long: "

# Files still being split; each is to leave this list when its split lands.
KNOWN_LONG: dict[str, str] = {}


def _files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _reason(path: Path) -> str | None:
    """The file's `# long: ` reason from the comment lines at its top, or None."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            return None
        if line.startswith(REASON) and line[len(REASON) :].strip():
            return line[len(REASON) :].strip()
    return None


def _excused(path: Path) -> bool:
    return _name(path) in KNOWN_LONG or _reason(path) is not None


def _long_functions(path: Path) -> Iterator[tuple[str, int]]:
    """(qualified name, lines) of each function over MAX_FUNCTION_LINES, decorators included."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    length = (child.end_lineno or child.lineno) - first + 1
                    if length > MAX_FUNCTION_LINES:
                        yield name, length
                yield from walk(child, name + ".")
            else:
                yield from walk(child, prefix)

    return walk(tree, "")


@pytest.mark.parametrize("folder", CHECKED)
def test_no_file_is_over_600_lines_without_a_reason(folder: str) -> None:
    too_long = [
        f"{_name(p)}: {n} lines"
        for p in _files(folder)
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES and not _excused(p)
    ]
    assert too_long == []


@pytest.mark.parametrize("folder", CHECKED)
def test_no_function_is_over_80_lines_without_a_reason(folder: str) -> None:
    too_long = [
        f"{_name(p)}: {f} is {n} lines" for p in _files(folder) if not _excused(p) for f, n in _long_functions(p)
    ]
    assert too_long == []


def test_each_known_long_file_is_still_long() -> None:
    """A file that has been split leaves KNOWN_LONG, so the list never excuses a file that no longer needs it."""
    stale = []
    for name in KNOWN_LONG:
        path = ROOT / name
        if not path.is_file():
            stale.append(f"{name}: gone")
        elif len(path.read_text(encoding="utf-8").splitlines()) <= MAX_FILE_LINES and not any(_long_functions(path)):
            stale.append(f"{name}: now within the limits")
    assert stale == []


# --------------------------------------------------------------------------- imports


def _module_paths(folder: str) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package `folder` (a package is its __init__)."""
    out: dict[str, Path] = {}
    for path in _files(folder):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(path: Path, module: str, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that `path` imports anywhere: at the top, in a function, or for type checking."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, *([base] if base else [])])
            # `from game import rulings` takes a module; `from game.ai import LEVELS` takes a name of the package.
            for alias in node.names:
                out.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    found: set[str] = set()
    for name in out:
        # `import game.core.rollout` names the module itself; an unknown tail is a name inside its nearest module.
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def _file_edges(folder: str) -> dict[str, set[str]]:
    known = _module_paths(folder)
    return {m: _imports(p, m, known) for m, p in known.items()}


def _room(module: str, package: str, known: dict[str, Path]) -> str | None:
    """What `module` is seen as from inside `package`: its own file, or the sub-folder it lies in; None outside."""
    if not module.startswith(package + "."):
        return None
    head = module[len(package) + 1 :].split(".")[0]
    child = f"{package}.{head}"
    is_folder = known[child].name == "__init__.py" if child in known else False
    return child + "/" if is_folder else child


@pytest.mark.parametrize("folder", CHECKED)
def test_no_import_circle_between_files(folder: str) -> None:
    assert _circles(_file_edges(folder)) == []


@pytest.mark.parametrize("folder", CHECKED)
def test_no_import_circle_between_folders(folder: str) -> None:
    """Inside each package, its files and its sub-folders (each taken whole) import one another one way only."""
    known = _module_paths(folder)
    edges = _file_edges(folder)
    found: list[list[str]] = []
    for package, path in known.items():
        if path.name != "__init__.py":
            continue
        rooms: dict[str, set[str]] = {}
        for module, targets in edges.items():
            here = _room(module, package, known)
            if here is None:
                continue
            for target in targets:
                there = _room(target, package, known)
                if there is not None and there != here:
                    rooms.setdefault(here, set()).add(there)
        found.extend(_circles(rooms))
    assert found == []


def test_the_circle_check_finds_a_circle() -> None:
    """The circle finder itself: a two-file circle and a three-file one are found, a chain is not."""
    edges = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"g"}, "g": set()}
    assert _circles(edges) == [["a", "b"], ["c", "d", "e"]]


def test_a_reason_counts_only_in_the_comment_lines_at_the_top(tmp_path: Path) -> None:
    top = tmp_path / "top.py"
    top.write_text('# long: one table of many small rows\n"""Doc."""\n', encoding="utf-8")
    below = tmp_path / "below.py"
    below.write_text('"""Doc."""\n# long: said too late\n', encoding="utf-8")
    empty = tmp_path / "empty.py"
    empty.write_text("# long: \n", encoding="utf-8")
    assert (_reason(top), _reason(below), _reason(empty)) == ("one table of many small rows", None, None)


# --------------------------------------------------------------------------- tests


def _test_module_imports(path: Path) -> list[str]:
    """The test modules (tests/test_*.py) that the file at `path` imports, by the names it uses."""

    def is_test(name: str) -> bool:
        return name.rpartition(".")[2].startswith("test_")

    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if is_test(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if is_test(base):
                found.append(base)
            found += [f"{base}.{alias.name}" for alias in node.names if alias.name.startswith("test_")]
    return found


def test_no_test_module_imports_another() -> None:
    """What tests share lives in helper modules (tests/*_rig.py, tests/ui_host.py...), so each test module runs,
    and is collected, on its own."""
    found = [
        f"{_name(p)} imports {name}" for p in sorted((ROOT / "tests").rglob("*.py")) for name in _test_module_imports(p)
    ]
    assert found == []


def test_the_test_import_check_finds_one(tmp_path: Path) -> None:
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        "import tests.test_a\nfrom tests.test_b import x\nfrom tests import test_c, rig\nfrom .test_d import y\n"
        "from tests.settlement_rig import Deal\nimport test_e as e\n",
        encoding="utf-8",
    )
    assert _test_module_imports(sample) == ["tests.test_a", "tests.test_b", "tests.test_c", "test_d", "test_e"]
