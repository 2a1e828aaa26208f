"""Played hands written out as hand files, to be settled or studied on their own."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from game.core.result import HandResult
from game.files.safe_files import write_text_atomic
from game.handfile import write_hand_file


class HandExporter:
    """Writes hand-0001.yaml, hand-0002.yaml, … into a folder, one file per finished hand."""

    def __init__(self, folder: Path) -> None:
        """Raises OSError (NotADirectoryError, PermissionError...) when `folder` cannot take the files."""
        self.folder = folder
        self.count = 0
        if folder.exists() and not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(folder))
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            raise PermissionError(errno.EACCES, "the folder is not writable", str(folder))

    def write(self, result: HandResult) -> Path:
        """Write the next hand file; returns its path."""
        self.count += 1
        path = self.folder / f"hand-{self.count:04d}.yaml"
        # Each file whole or not at all: a full disk never leaves half a hand file.
        write_text_atomic(path, write_hand_file(result))
        return path
