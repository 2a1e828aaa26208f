"""Played hands written out as hand files, to be settled or studied on their own."""

from __future__ import annotations

from pathlib import Path

from game.handfile import write_hand_file
from game.result import HandResult


class HandExporter:
    """Writes hand-0001.yaml, hand-0002.yaml, … into a folder, one file per finished hand."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0
        folder.mkdir(parents=True, exist_ok=True)

    def write(self, result: HandResult) -> Path:
        """Write the next hand file; returns its path."""
        self.count += 1
        path = self.folder / f"hand-{self.count:04d}.yaml"
        path.write_text(write_hand_file(result), encoding="utf-8")
        return path
