"""Where the player's match is saved, and writing it: atomically, after every action, never a crash.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed over the
old save), so a crash or a kill at any moment leaves either the old save or the new one, never
half of one. Saves live in the player's saves folder (game.files.userdirs), never beside the program.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from game.files.bounded_io import MAX_SAVE_BYTES, read_text_limited
from game.files.safe_files import write_text_atomic
from game.files.userdirs import UserDirError, user_dirs
from game.records.savefile import SaveData, SaveError, dumps, loads

SAVE_NAME = "match.save.json"  # the match a person plays alone (the one slot of older versions); the menu resumes it
LOCAL_SAVE_NAME = "local.save.json"  # several people at one screen (hot-seat)
PRACTICE_SAVE_NAME = "practice.save.json"  # a person alone with take-backs
AUTOPLAY_SAVE_NAME = "autoplay.save.json"  # four AIs watched: kept apart so it never replaces a person's match
# One save per kind of match, so starting one kind never replaces another kind's match.
MATCH_SAVES: dict[str, str] = {"solo": SAVE_NAME, "local": LOCAL_SAVE_NAME, "practice": PRACTICE_SAVE_NAME}

log = logging.getLogger(__name__)


def save_path(name: str = SAVE_NAME) -> Path:
    """Where the save called `name` lives (the saves folder is created if missing)."""
    return user_dirs().ensure("saves") / name


class SaveWriter:
    """Writes the match after every action; a failing disk is logged, told once (on_error) and play goes on.

    The write is atomic, so the save on disk stays the last one that was written whole; `error`
    says why the latest write failed (None once a write succeeds again).
    """

    def __init__(self, name: str = SAVE_NAME) -> None:
        self.name = name
        self.error: str | None = None
        self.writes = 0
        self.on_error: Callable[[str], None] | None = None  # told the first time writing fails
        self._told = False

    def __call__(self, data: SaveData) -> None:
        """Write `data` to the save."""
        try:
            write_text_atomic(save_path(self.name), dumps(data))
            self.writes += 1
            self.error = None
        except (OSError, UserDirError) as exc:
            reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)
            if self.error is None:
                log.warning("cannot save the match: %s", exc)
            self.error = reason
            if not self._told and self.on_error is not None:
                self._told = True
                self.on_error(reason)


def has_save(name: str = SAVE_NAME) -> bool:
    """True when there is a saved match to resume."""
    try:
        return (user_dirs().saves / name).is_file()
    except OSError:
        return False


def match_save_name(people: int, practice: bool) -> str:
    """The save of a match with `people` people at the screen (`practice`: take-backs on, for one person)."""
    if people > 1:
        return LOCAL_SAVE_NAME
    return PRACTICE_SAVE_NAME if practice else SAVE_NAME


def kept_saves() -> list[tuple[str, str, float]]:
    """(kind, file name, when last written as a POSIX time) of each match save there is, the newest first."""
    found: list[tuple[str, str, float]] = []
    try:
        folder = user_dirs().saves
    except (OSError, UserDirError):
        return found
    for kind, name in MATCH_SAVES.items():
        try:
            found.append((kind, name, (folder / name).stat().st_mtime))
        except OSError:
            continue  # none of this kind
    return sorted(found, key=lambda k: -k[2])


def discard_save(name: str = SAVE_NAME) -> None:
    """Remove the save (a match played to its end, or a new match started over it)."""
    (user_dirs().saves / name).unlink(missing_ok=True)


def read_save(path: Path) -> SaveData:
    """The save at `path`; SaveError naming the file and the problem."""
    try:
        text = read_text_limited(path, MAX_SAVE_BYTES)
    except OSError as exc:
        raise SaveError(f"{path.name}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path.name}: not UTF-8 text ({exc.reason})") from None
    return loads(text, path.name)
