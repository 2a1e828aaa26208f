"""Watching the text a test draws: every text drawn, and every label T.fit had to cut short with "…"."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ui.look import text as T


def watch_cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text T.fit cuts short from now on, as "'text' in N px" (the picture cache is emptied first, so
    nothing is taken from an earlier draw)."""
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


def drawn_texts(monkeypatch: pytest.MonkeyPatch, *through: str) -> list[str]:
    """Every text drawn from now on through the functions of ui.look.text named in `through` ("fit", "shadowed")."""
    drawn: list[str] = []
    for name in through:
        real = getattr(T, name)

        def recording(text: str, *args: Any, real: Any = real, **kwargs: Any) -> Any:
            drawn.append(text)
            return real(text, *args, **kwargs)

        monkeypatch.setattr(T, name, recording)
    return drawn
