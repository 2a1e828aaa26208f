"""Where the score calculator keeps hands: the last few settled, and the ones saved, as hand files.

Every hand is kept in the hand-file form (docs/hand-file.md), so `settle FILE` reads any of them.
They live in the player's saves folder (game.files.userdirs), under calculator/ (saved hands, and
current.yaml: the hand left on the calculator) and calculator/recent/ (the last few settled),
each written atomically (game.files.safe_files).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from game.files.safe_files import write_text_atomic
from game.files.userdirs import user_dirs

FOLDER = "calculator"
RECENT = "recent"
CURRENT = "current.yaml"  # the hand on the calculator when it was left, opened again next time
KEEP = 10  # settled hands kept as "recent"
MAX_BYTES = 1_000_000  # a hand file is a few hundred bytes; anything this big is not one


class HandStore:
    """The calculator's hand files in one folder: saved hands, and a rolling set of recent ones."""

    def __init__(self, folder: Path, keep: int = KEEP) -> None:
        self.folder = folder
        self.keep = keep

    @classmethod
    def for_player(cls) -> HandStore:
        """The store in the player's saves folder (created if missing; UserDirError if it cannot be)."""
        return cls(user_dirs().ensure("saves") / FOLDER)

    def _new_path(self, folder: Path, prefix: str) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        path = folder / f"{prefix}-{stamp}.yaml"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{prefix}-{stamp}-{n}.yaml"
        return path

    def save(self, text: str) -> Path:
        """Write a hand file under a new name; its path (OSError if it cannot be written)."""
        path = self._new_path(self.folder, "hand")
        write_text_atomic(path, text)
        return path

    def remember(self, text: str) -> Path:
        """Keep a settled hand among the recent ones, dropping the oldest beyond `keep`; the same hand as
        the newest is not kept twice. Its path (OSError if it cannot be written)."""
        recent = self.recent()
        if recent and _read(recent[0]) == text:
            return recent[0]
        path = self._new_path(self.folder / RECENT, "recent")
        write_text_atomic(path, text)
        for old in self.recent()[self.keep :]:
            old.unlink(missing_ok=True)
        return path

    def keep_current(self, text: str | None) -> None:
        """Keep the hand being entered for next time (None: there is none); OSError if it cannot be written."""
        path = self.folder / CURRENT
        if text is None:
            path.unlink(missing_ok=True)
        else:
            write_text_atomic(path, text)

    def current(self) -> str | None:
        """The hand left on the calculator last time, or None."""
        path = self.folder / CURRENT
        return _read(path) if path.exists() else None

    def recent(self) -> list[Path]:
        """The recent hands, newest first."""
        return _listing(self.folder / RECENT)

    def saved(self) -> list[Path]:
        """The saved hands, newest first."""
        return [p for p in _listing(self.folder) if p.name != CURRENT]


def _listing(folder: Path) -> list[Path]:
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".yaml" and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.name, reverse=True)


def _read(path: Path) -> str | None:
    try:
        return read_hand_text(path)
    except (OSError, ValueError):
        return None


def read_hand_text(path: Path) -> str:
    """A hand file's text: OSError if it cannot be read, ValueError if it is not a regular file of UTF-8
    text of at most MAX_BYTES."""
    if not path.is_file():
        raise ValueError(f"{path}: not a file")
    with path.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"{path}: larger than {MAX_BYTES // 1000} KB, not a hand file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text ({exc.reason})") from None


def describe(path: Path) -> str:
    """When a kept hand was written, from its name (`2026-12-01 01:15`)."""
    parts = path.stem.split("-")
    try:
        when = datetime.strptime(f"{parts[1]}-{parts[2]}", "%Y%m%d-%H%M%S")
    except (IndexError, ValueError):
        return path.stem
    return when.strftime("%Y-%m-%d %H:%M:%S")
