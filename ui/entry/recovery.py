"""When a screen fails, the game goes on without it.

A fault in one screen (an exception from its input, its update or its drawing) must not close the window and
take the table away: the screen on top is closed, a notice says so, and the whole traceback goes to the logs
folder (errors.log) for a report. A match in play was saved at its last move, so 继续对局 picks it up again.
Screens that keep failing (three faults within ten seconds: one the notice cannot fix) end the game as before,
with the error.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from game.files.userdirs import UserDirError, user_dirs
from ui.kit.dialogs import NoticeScene
from ui.stage.scene import Host
from ui.words import strings as S

ERRORS_FILE = "errors.log"
BURST = 3  # faults within WINDOW seconds that end the game after all
WINDOW = 10.0
MAX_REPORT_BYTES = 1_000_000  # the errors file is started afresh beyond this

log = logging.getLogger(__name__)


class ScreenFailures:
    """The window's answer to a failing screen (App.recover): close it, tell the player, keep the report."""

    def __init__(self, host: Host, clock: Callable[[], float] = time.monotonic) -> None:
        self.host = host
        self.clock = clock
        self.faults: list[float] = []

    def __call__(self, exc: Exception) -> None:
        """Recover from `exc`, raised by the screen on top; raise it again when screens keep failing."""
        now = self.clock()
        self.faults = [t for t in self.faults if now - t < WINDOW] + [now]
        if len(self.faults) >= BURST:
            raise exc
        log.error("a screen failed and was closed", exc_info=exc)
        report = write_report(exc)
        stack = self.host.stack
        failed = stack.top
        if failed is not None and len(stack) > 1:
            stack.remove(failed)
        where = str(report) if report is not None else S.tr("fault_no_report")
        error = f"{type(exc).__name__}: {exc}"[:160]
        stack.push(NoticeScene(self.host, S.tr("fault_title"), S.tr("fault_body", error=error, where=where)))


def write_report(exc: Exception) -> Path | None:
    """Append `exc`'s traceback, with the time, to errors.log in the logs folder; its path, or None if it cannot be
    written (the notice then says so; the game goes on either way)."""
    try:
        path = user_dirs().ensure("logs") / ERRORS_FILE
        mode = "a" if path.exists() and path.stat().st_size < MAX_REPORT_BYTES else "w"
        with path.open(mode, encoding="utf-8") as out:
            out.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
            out.write("".join(traceback.format_exception(exc)))
        return path
    except (OSError, UserDirError) as why:
        log.warning("cannot keep the error report: %s", why)
        return None
