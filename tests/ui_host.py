"""A host for scenes in tests: the stack, the settings and a quit flag, without a window."""

from __future__ import annotations

from ui.probe.offscreen import FRAME, headless_display
from ui.settings.values import Settings
from ui.stage.scene import SceneStack

__all__ = ["FRAME", "HeadlessHost", "headless_display"]


class HeadlessHost:
    """A host for scenes without a window: the stack, the settings, and a quit flag."""

    def __init__(self, settings: Settings, size: tuple[int, int]) -> None:
        self.settings = settings
        self.stack = SceneStack()
        self.stack.resize(size)
        self.exit_code: int | None = None

    def quit(self, code: int = 0) -> None:
        """Remember that a scene asked to stop."""
        self.exit_code = code
