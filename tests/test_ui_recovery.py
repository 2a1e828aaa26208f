"""A screen that fails (raises from its update, its input or its drawing) is closed and the game goes on: the
player is told in a notice, the traceback is kept in the logs folder, and screens that keep failing end the game
with the error as before."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from ui.entry.recovery import ERRORS_FILE, ScreenFailures
from ui.kit.dialogs import NoticeScene
from ui.settings.values import Settings
from ui.stage.app import App
from ui.stage.scene import Scene
from ui.words import strings as S


class Base(Scene):
    """The menu below: draws and asks for frames."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 40, 30))


class Faulty(Scene):
    """A screen with a fault in its update, after a few good frames (`every`: on every frame from then on)."""

    def __init__(self, host: App, after: int = 3, where: str = "update") -> None:
        super().__init__(host)
        self.after, self.where, self.frames = after, where, 0

    def update(self, dt: float) -> None:
        self.frames += 1
        if self.where == "update" and self.frames > self.after:
            raise ZeroDivisionError("a fault in the screen")

    def draw(self, surface: pygame.Surface) -> None:
        if self.where == "draw" and self.frames > self.after:
            raise KeyError("a fault in the drawing")
        surface.fill((0, 0, 0))


def _app() -> App:
    app = App(Settings(), size=(640, 360), fps=0)
    app.recover = ScreenFailures(app)
    return app


@pytest.mark.parametrize("where", ["update", "draw"])
def test_a_failing_screen_is_closed_and_the_game_goes_on(player_home: Path, where: str) -> None:
    S.set_language("en")
    app = _app()
    seen: list[Scene] = []

    def first(host: App) -> Scene:
        host.stack.push(Base(host))
        faulty = Faulty(host, where=where)
        seen.append(faulty)
        return faulty

    assert app.run(first, max_frames=20) == 0
    scenes = app.stack.scenes()
    assert seen[0] not in scenes and isinstance(scenes[0], Base)
    notice = scenes[-1]
    assert isinstance(notice, NoticeScene) and notice.title == S.tr("fault_title")
    report = player_home / "logs" / ERRORS_FILE
    assert "ZeroDivisionError: a fault in the screen" in notice.message or "KeyError" in notice.message
    assert str(report) in notice.message
    text = report.read_text(encoding="utf-8")
    assert "Traceback" in text and ("ZeroDivisionError" in text or "KeyError" in text)


def test_screens_that_keep_failing_end_the_game_with_the_error(player_home: Path) -> None:
    """The only screen fails to draw on every frame, under the notice too: the third fault ends the loop with the
    error, as it always did (the first two are in the report)."""
    app = _app()
    with pytest.raises(KeyError):
        app.run(lambda host: Faulty(host, after=0, where="draw"), max_frames=50)
    assert (player_home / "logs" / ERRORS_FILE).read_text(encoding="utf-8").count("Traceback") == 2


def test_without_a_recovery_the_error_ends_the_loop_at_once(player_home: Path) -> None:
    app = App(Settings(), size=(640, 360), fps=0)
    with pytest.raises(ZeroDivisionError):
        app.run(lambda host: Faulty(host, after=1), max_frames=50)
    assert not (player_home / "logs" / ERRORS_FILE).exists()
