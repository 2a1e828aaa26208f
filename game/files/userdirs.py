"""The player's own folders: settings, saves, logs and rulesets, in the places the operating system expects.

They come from platformdirs, so they never sit next to the program: a downloaded build may live in a
read-only or throw-away folder (a one-file build unpacks itself to a temporary folder on every start).

Where they are (DATA is the data folder: ~/.local/share/guiyang-mahjong on Linux,
~/Library/Application Support/guiyang-mahjong on macOS, %LOCALAPPDATA%\\guiyang-mahjong on Windows):
- settings: ~/.config/guiyang-mahjong on Linux, DATA itself on macOS and Windows;
- saves: DATA/saves; rulesets (the player's own ruleset files): DATA/rulesets;
- logs: ~/.local/state/guiyang-mahjong/log, ~/Library/Logs/guiyang-mahjong, DATA\\Logs.

Setting GUIYANG_MAHJONG_HOME to a folder puts all four inside it instead (a portable copy on a USB
stick, or a test that must not touch the real home folder).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path

import platformdirs

APP_NAME = "guiyang-mahjong"
HOME_ENV = "GUIYANG_MAHJONG_HOME"
SETTINGS_FILE = "settings.json"


class UserDirError(Exception):
    """A user folder that cannot be created or written; the message names the folder and the reason."""


@dataclass(frozen=True)
class UserDirs:
    """The four per-user folders. Nothing here creates them: call ensure() before writing."""

    settings: Path
    saves: Path
    logs: Path
    rulesets: Path

    def as_dict(self) -> dict[str, Path]:
        """Folder name -> path, in the order settings, saves, logs, rulesets."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def settings_file(self) -> Path:
        """Where the client keeps its settings."""
        return self.settings / SETTINGS_FILE

    def ensure(self, which: str) -> Path:
        """The folder named `which` (settings, saves, logs or rulesets), created if missing; raises UserDirError."""
        folders = self.as_dict()
        if which not in folders:
            raise ValueError(f"no user folder called {which!r}; expected one of {', '.join(folders)}")
        path = folders[which]
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserDirError(f"cannot create the {which} folder {path}: {exc.strerror or exc}") from None
        if not os.access(path, os.W_OK):
            raise UserDirError(f"the {which} folder {path} is not writable")
        return path


def user_dirs(home: str | Path | None = None) -> UserDirs:
    """The per-user folders: all under `home` (or $GUIYANG_MAHJONG_HOME) if given, else the platform's places."""
    if home is None:
        home = os.environ.get(HOME_ENV) or None
    if home is not None:
        base = Path(home).expanduser().absolute()
        return UserDirs(
            settings=base / "settings", saves=base / "saves", logs=base / "logs", rulesets=base / "rulesets"
        )
    # appauthor=False: no vendor folder level on Windows (%LOCALAPPDATA%\guiyang-mahjong, not …\Author\…).
    places = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    data = Path(places.user_data_dir)
    return UserDirs(
        settings=Path(places.user_config_dir),
        saves=data / "saves",
        logs=Path(places.user_log_dir),
        rulesets=data / "rulesets",
    )
