"""Where the player's match is saved, and writing it: atomically, after every action, never a crash.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed over the
old save), so a crash or a kill at any moment leaves either the old save or the new one, never
half of one. Saves live in the player's saves folder (game.userdirs), never beside the program.
"""

from __future__ import annotations

import logging
from pathlib import Path

from game.safe_files import write_text_atomic
from game.savefile import SaveData, SaveError, dumps, loads
from game.userdirs import UserDirError, user_dirs

SAVE_NAME = "match.save.json"  # the match a person plays; the menu offers to resume it
AUTOPLAY_SAVE_NAME = "autoplay.save.json"  # four AIs watched: kept apart so it never replaces a person's match

log = logging.getLogger(__name__)


def save_path(name: str = SAVE_NAME) -> Path:
    """Where the save called `name` lives (the saves folder is created if missing)."""
    return user_dirs().ensure("saves") / name


class SaveWriter:
    """Writes the match after every action; a failing disk is logged once and play goes on."""

    def __init__(self, name: str = SAVE_NAME) -> None:
        self.name = name
        self.error: str | None = None
        self.writes = 0

    def __call__(self, data: SaveData) -> None:
        """Write `data` to the save."""
        try:
            write_text_atomic(save_path(self.name), dumps(data))
            self.writes += 1
        except (OSError, UserDirError) as exc:
            if self.error is None:
                log.warning("cannot save the match: %s", exc)
            self.error = str(exc)


def has_save(name: str = SAVE_NAME) -> bool:
    """True when there is a saved match to resume."""
    try:
        return (user_dirs().saves / name).is_file()
    except OSError:
        return False


def discard_save(name: str = SAVE_NAME) -> None:
    """Remove the save (a match played to its end, or a new match started over it)."""
    (user_dirs().saves / name).unlink(missing_ok=True)


def read_save(path: Path) -> SaveData:
    """The save at `path`; SaveError naming the file and the problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path.name}: cannot read: {exc}") from None
    return loads(text, path.name)
