"""The rulesets a player can choose: the built-in ones, then the player's own YAML files.

Players drop ruleset files into their rulesets folder (game.files.userdirs). Every file is loaded through
game.rules.loader; one that does not load is listed with its error lines, never raised, so the
game can show what is wrong and still start.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.core.ruleset import Ruleset
from game.files.bounded_io import MAX_RULESET_BYTES as MAX_RULESET_BYTES
from game.files.safe_files import write_text_atomic
from game.files.safe_paths import name_problem, printable
from game.files.userdirs import user_dirs
from game.rules.loader import RULESETS_DIR, RulesetError, builtin_ruleset_names, load_ruleset

RULESET_SUFFIXES = (".yaml", ".yml")

Source = Literal["builtin", "user"]


@dataclass(frozen=True)
class RulesetEntry:
    """One ruleset file: loaded (`ruleset` set, `errors` empty) or broken (`ruleset` None, `errors` say why)."""

    name: str  # the file name without its suffix
    source: Source
    path: Path
    ruleset: Ruleset | None
    errors: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the file loaded."""
        return self.ruleset is not None

    @property
    def ref(self) -> str:
        """What to hand to load_ruleset (and to keep in the settings) to choose this ruleset again."""
        return self.name if self.source == "builtin" else str(self.path)


@dataclass(frozen=True)
class RulesetCatalogue:
    """Every ruleset on offer, built-in first, and the player's folder they were looked for in."""

    entries: tuple[RulesetEntry, ...]
    user_folder: Path
    folder_error: str | None = None  # the player's folder exists but could not be read

    def usable(self) -> list[RulesetEntry]:
        """The entries that loaded."""
        return [e for e in self.entries if e.ok]

    def broken(self) -> list[RulesetEntry]:
        """The entries that did not load, each with its error lines."""
        return [e for e in self.entries if not e.ok]

    def find(self, ref: str) -> RulesetEntry | None:
        """The entry whose `ref` is `ref`, or None."""
        return next((e for e in self.entries if e.ref == ref), None)


# The player's files as last read, keyed by path: the menus list the rulesets each time they open,
# and a file that has not changed (same size, time and inode) is not parsed again.
_LOADED: dict[Path, tuple[tuple[int, int, int, int], RulesetEntry]] = {}


def _load_cached(name: str, path: Path) -> RulesetEntry:
    try:
        info = path.stat()
    except OSError:
        return _load(name, "user", path, str(path.absolute()))
    key = (info.st_mtime_ns, info.st_size, info.st_ino, info.st_dev)
    known = _LOADED.get(path)
    if known is not None and known[0] == key:
        return known[1]
    entry = _load(name, "user", path, str(path.absolute()))
    _LOADED[path] = (key, entry)
    return entry


def _load(name: str, source: Source, path: Path, ref: str) -> RulesetEntry:
    shown = printable(str(path))
    if shown != str(path):
        message = f"{shown}: the file name is not valid UTF-8 text; rename the file"
        # Shown on screens and printed: the path keeps the readable form of its name.
        return RulesetEntry(printable(name), source, Path(shown), None, (message,))
    try:
        size = path.stat().st_size
    except OSError as exc:
        return RulesetEntry(name, source, path, None, (f"{path}: cannot read the file: {exc.strerror or exc}",))
    if size > MAX_RULESET_BYTES:
        limit = MAX_RULESET_BYTES // 1024
        message = f"{path}: the file is {size // 1024} KB; a ruleset file is at most {limit} KB"
        return RulesetEntry(name, source, path, None, (message,))
    try:
        rules = load_ruleset(ref)
    except RulesetError as exc:
        return RulesetEntry(name, source, path, None, tuple(exc.errors))
    except Exception as exc:
        # The loader reports every problem it knows as RulesetError; anything else is still the
        # file's fault as far as the player is concerned, and must not take the game down.
        return RulesetEntry(name, source, path, None, (f"{path}: cannot load the file: {type(exc).__name__}: {exc}",))
    return RulesetEntry(name, source, path, rules)


def builtin_entries() -> list[RulesetEntry]:
    """The rulesets shipped with the game, sorted by name."""
    return [_load(name, "builtin", RULESETS_DIR / f"{name}.yaml", name) for name in builtin_ruleset_names()]


def user_ruleset_files(folder: Path) -> list[Path]:
    """The ruleset files in `folder` (.yaml or .yml, not hidden), sorted by name; [] if it does not exist.

    Raises OSError when `folder` exists but is not a folder or cannot be listed.
    """
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(folder))
    files = [
        p
        for p in folder.iterdir()
        if p.suffix.lower() in RULESET_SUFFIXES and not p.name.startswith(".") and not p.is_dir()
    ]
    return sorted(files, key=lambda p: (p.name.casefold(), p.name))


def user_entries(folder: Path) -> list[RulesetEntry]:
    """Each ruleset file in `folder`, loaded or with its errors; raises OSError if the folder cannot be listed."""
    files = user_ruleset_files(folder)
    for gone in set(_LOADED) - set(files):
        if gone.parent == folder:
            del _LOADED[gone]
    return [_load_cached(p.stem, p) for p in files]


def copy_builtin(name: str, folder: Path, new_name: str | None = None) -> Path:
    """Copy built-in ruleset `name` into `folder` as NEW_NAME.yaml (default: `name`), a start for your own.

    Raises ValueError for an unknown ruleset or a bad new name, FileExistsError rather than overwrite,
    and OSError when the folder cannot be written.
    """
    if name not in builtin_ruleset_names():
        raise ValueError(f"no built-in ruleset {name!r}; the built-in ones are {', '.join(builtin_ruleset_names())}")
    stem = new_name if new_name is not None else name
    problem = name_problem(stem, "ruleset name")
    if problem is not None:
        raise ValueError(f"{problem}; it cannot name a ruleset file")
    target = folder / f"{stem}.yaml"
    if os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, "already exists", str(target))
    # Written to a temporary file and renamed: a full disk leaves no half ruleset behind.
    write_text_atomic(target, (RULESETS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    return target


def list_rulesets(user_folder: Path | None = None) -> RulesetCatalogue:
    """The built-in rulesets, then the player's (default: the rulesets folder of game.files.userdirs); never raises."""
    folder = user_folder if user_folder is not None else user_dirs().rulesets
    entries = builtin_entries()
    folder_error = None
    try:
        entries += user_entries(folder)
    except OSError as exc:
        folder_error = f"{folder}: cannot list the folder: {exc.strerror or exc}"
    return RulesetCatalogue(tuple(entries), folder, folder_error)
