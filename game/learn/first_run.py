"""The first-run offer: the first time the game starts it offers the guide or the first lesson, once."""

from __future__ import annotations

from pathlib import Path

from game.files.safe_files import write_json_atomic
from game.files.userdirs import user_dirs

MARKER = "welcomed.json"


def marker_path() -> Path:
    """Where the game notes that the offer was made: next to the statistics, in the data folder."""
    return user_dirs().saves.parent / MARKER


def first_run_pending(path: Path | None = None) -> bool:
    """True until the offer has been made once (whatever the player chose, skipping included)."""
    path = path if path is not None else marker_path()
    try:
        return not path.exists()
    except OSError:
        return False  # a folder we cannot read is no reason to pester the player


def mark_offered(path: Path | None = None) -> str | None:
    """Note that the offer was made; None when done, else why not (the game goes on either way)."""
    path = path if path is not None else marker_path()
    try:
        write_json_atomic(path, {"offered": True})
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None
