"""Compiled copies of the rollout path's modules, used in place of the Python ones when present.

The expert's search is as strong as the rollouts it can play in its think budget, and most of a
rollout's time is the interpreter's. `build/compile_fast.py` compiles the modules in FAST_MODULES
with mypyc (part of mypy, so no new dependency; it needs a C compiler) into `.fast/<python>/`
beside the game package, with a stamp naming each source file's hash. `install()` puts a finder
before the normal import system that loads those compiled modules only while the stamp matches
the sources: a module edited since it was compiled is loaded from its .py file as usual, so a
stale build is never run (nor one built for another list of modules). Without a build (no
compiler, or never built) everything is pure Python and plays the same hands;
tests/test_ai_fast.py checks the compiled and Python rollouts agree move for move.

Set GUIYANG_PURE_PYTHON=1 to ignore the compiled modules.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# The compiled unit is one package, game.core: the rules of a hand on counts, its settlement and the
# play-out the expert's search runs thousands of times a decision (docs/ai.md has the timings). Every
# module of it is compiled but the Ruleset model: its loader validates a file by the dataclass's type
# hints (tuple[str, ...], Annotated tile notation), which a compiled class reduces to bare `tuple`; and
# the table's words (game.core.table_words), which no rollout reads.
# tests/test_ai_fast.py checks that FAST_MODULES is exactly game.core less INTERPRETED, so a module
# added to the package is compiled with it.
INTERPRETED = ("game.core.ruleset", "game.core.table_words")
FAST_MODULES = (
    "game.core.rollout",
    "game.core.kernel_state",
    "game.core.kernel",
    "game.core.rulings",
    "game.core.discard_choice",
    "game.core.deal",
    "game.core.hand",
    "game.core.shanten",
    "game.core.suit_tables",
    "game.core.settlement.context",
    "game.core.settlement.chickens",
    "game.core.settlement.kongs",
    "game.core.settlement.bonuses",
    "game.core.settlement.win",
    "game.core.settlement.draw",
    "game.core.settlement.ledger",
    "game.core.settlement.registry",
    "game.core.settlement.settle",
    "game.core.melds",
    "game.core.tiles",
    "game.core.phase",
    "game.core.result",
    "game.core.slots",
)
STAMP = "stamp.json"
PURE_ENV = "GUIYANG_PURE_PYTHON"


def source_root() -> Path:
    """The folder holding the game package (the bundle's folder in a frozen build)."""
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else Path(__file__).resolve().parent.parent


def build_dir(root: Path | None = None) -> Path:
    """Where the compiled modules for this Python live."""
    return (root or source_root()) / ".fast" / (sys.implementation.cache_tag or "python")


def file_hash(path: Path) -> str:
    """sha256 of a file's bytes (a source, or a compiled library)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_source(root: Path, name: str) -> Path:
    """The .py file of a module name under the source root."""
    return root.joinpath(*name.split(".")).with_suffix(".py")


class FastFinder:
    """Finds the compiled modules of a valid build; every other import goes on as usual.

    (A meta path finder needs only find_spec; importlib.abc is not imported, it costs 15 ms at start.)
    """

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files  # module name -> compiled extension file

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The compiled module's spec, or None to let the normal finders look."""
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def valid_build(root: Path | None = None) -> tuple[dict[str, Path], str]:
    """(module -> compiled file, "") for a build matching the sources, or ({}, why not)."""
    root = root or source_root()
    folder = build_dir(root)
    stamp_file = folder / STAMP
    if not stamp_file.is_file():
        return {}, f"no compiled build in {folder}"
    try:
        stamp = json.loads(stamp_file.read_text(encoding="utf-8"))
        modules: dict[str, dict[str, str]] = dict(stamp["modules"])
        support: dict[str, dict[str, str]] = dict(stamp.get("support", {}))
        entries = [(name, dict(e), True) for name, e in modules.items()]
        entries += [(name, dict(e), False) for name, e in support.items()]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return {}, f"{stamp_file}: unreadable stamp ({exc})"
    if not modules or not all(isinstance(n, str) and n.startswith("game.") for n in modules):
        return {}, f"{stamp_file}: names no game modules"
    if set(modules) != set(FAST_MODULES):
        # Built for another list of modules (an older game): a rebuild compiles the current list.
        return {}, f"{stamp_file}: built for other modules than {', '.join(FAST_MODULES)}"
    files: dict[str, Path] = {}
    for name, entry, is_module in entries:
        if is_module:
            source = module_source(root, name)
            # A frozen bundle ships no sources: its build was made from the sources it was frozen with.
            if source.is_file() and file_hash(source) != entry.get("sha256"):
                return {}, f"{source} changed since it was compiled"
        file = folder / str(entry.get("file", ""))
        if not file.is_file():
            return {}, f"{file} is missing"
        # The compiled file's own hash: a truncated or altered library must never be opened (it can
        # bring the process down, not raise).
        if file_hash(file) != entry.get("file_sha256"):
            return {}, f"{file} is damaged (its hash is not the one stamped when it was built)"
        files[name] = file
    return files, ""


def unloadable(files: dict[str, Path]) -> str:
    """Why one of the compiled files cannot be loaded (built for another system), or ""."""
    import ctypes

    for file in files.values():
        try:
            # Opening the library runs none of its code: a foreign file fails here, not at import. (A
            # truncated one can crash the process instead; valid_build's hash check keeps it out.)
            ctypes.CDLL(str(file))
        except OSError as exc:
            return f"{file} cannot be loaded ({exc})"
    return ""


_installed: list[FastFinder] = []
_reason = ["install() was not called"]  # why the compiled modules are not in use


def install() -> str:
    """Use the compiled modules if a valid build exists and none are imported yet; returns why not, or ""."""
    why = _install()
    _reason[0] = why
    return why


def _install() -> str:
    if _installed:
        return ""
    if os.environ.get(PURE_ENV):
        return f"{PURE_ENV} is set"
    if not importlib.machinery.EXTENSION_SUFFIXES:
        return "this Python loads no extension modules"
    files, why = valid_build()
    if not files:
        return why
    if any(name in sys.modules for name in files):  # (a half-compiled mix could not share classes)
        return "the Python modules are already imported"
    why = unloadable(files)
    if why:
        return why
    finder = FastFinder(files)
    sys.meta_path.insert(0, finder)
    _installed.append(finder)
    return ""


def status() -> str:
    """ "compiled", or "Python" and why the compiled build is not in use."""
    return "compiled" if active() else f"Python ({_reason[0]})"


def active() -> bool:
    """Whether the rollout path runs compiled in this process."""
    mod = sys.modules.get(FAST_MODULES[0])
    return mod is not None and not str(getattr(mod, "__file__", "")).endswith(".py")
