"""Catching text cut short: every string ui.text.fit had to shorten with "…" while a test drew."""

from __future__ import annotations

import pygame
import pytest

from ui import text as T


def watch_cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A list that collects each text T.fit cuts from now on (the text cache is emptied first: fresh pictures)."""
    found: list[str] = []
    fit = T.fit

    def watching(
        text: str, size: int, max_width: int, colour: T.Colour = (255, 255, 255), bold: bool = False
    ) -> pygame.Surface:
        floor = min(size, T.MIN_TEXT)
        if len(text) >= 2 and T.shadowed(text, floor, colour, bold).get_width() > max_width:
            found.append(f"{text!r} in {max_width} px")
        return fit(text, size, max_width, colour, bold)

    T.clear_cache()
    monkeypatch.setattr(T, "fit", watching)
    return found
