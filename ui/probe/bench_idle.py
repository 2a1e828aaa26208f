"""`main.py bench-idle`: what the game costs while nothing moves, and its memory after window resizes.

The real App runs its real loop (the dummy video driver unless SDL_VIDEODRIVER names another): the main
menu sits still for `seconds` while the process's CPU time is measured; then a table opens and the
window changes size ten times, and the resident memory is read after each. A thread drives the app by
posting events, so the loop under test is the one a player runs. Figures, not assertions.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable
from functools import partial

import pygame

from game.rules.loader import load_ruleset
from ui.settings.values import Settings
from ui.stage.app import App

Figures = dict[str, float | int | str]
RESIZES: tuple[tuple[int, int], ...] = (
    (1920, 1080),
    (1600, 900),
    (1366, 768),
    (1024, 768),
    (1440, 900),
    (1680, 1050),
    (1536, 864),
    (1800, 1000),
    (1152, 648),
    (1280, 720),
)
BENCH_EVENT = pygame.event.custom_type()


def resident_mb() -> float:
    """The process's resident memory in MB (Linux /proc; the peak from getrusage elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class DrivenApp(App):
    """An App that also runs functions posted to it as events, on its own (the main) thread."""

    def handle(self, event: pygame.event.Event) -> None:
        """Run a posted function, else route the event as the App does."""
        if event.type == BENCH_EVENT:
            event.do(self)
        else:
            super().handle(event)


def _on_main(app: App, do: Callable[[App], None], wait: float) -> None:
    """Have the app's loop run `do`, then give it `wait` seconds."""
    pygame.event.post(pygame.event.Event(BENCH_EVENT, do=do))
    time.sleep(wait)


def _open_table(app: App) -> None:
    from ui.table.scene import TableScene

    rules = load_ruleset(app.settings.ruleset)
    app.stack.push(TableScene(app, rules, "bench", human=0))


def _collect(app: App) -> None:
    gc.collect()  # what is garbage is not counted as memory kept


def _stage(app: App, moment: str) -> None:
    """Play a table on the app to a named moment (ui.probe.moments), then leave it at normal speed."""
    from ui.probe.moments import ATTEMPTS, MomentError, plan_for, stage_in
    from ui.settlement import SettlementScene

    rules = load_ruleset(app.settings.ruleset)
    for attempt in range(ATTEMPTS):
        while len(app.stack) > 1:  # the menu stays under the table
            app.stack.pop()
        table = stage_in(app, rules, f"idle-{attempt}", plan_for(moment, attempt, rules.players), moment)
        if table is not None:
            # A player at the screen from here on: the bot that played to the moment lets go, so a settlement
            # sheet stays until it is clicked, as it does for a player.
            table.autopilot = None
            sheet = app.stack.top
            if isinstance(sheet, SettlementScene):
                sheet.auto_close = None
            return
    raise MomentError(f"no hand reaches {moment!r}")


def _close_table(app: App) -> None:
    app.stack.pop()


def _cpu_percent(app: App, seconds: float) -> tuple[float, int]:
    """The process's CPU over `seconds` of the app's loop, in percent of one core, and the frames it drew."""
    cpu, wall, frames = time.process_time(), time.perf_counter(), app.frames
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return round(100 * cpu / wall, 2), app.frames - frames


def bench_idle(seconds: float, size: tuple[int, int] = (1280, 720), settle: float = 3.0) -> Figures:
    """Idle CPU of the still main menu over `seconds`, then resident memory around ten resizes of a table."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ui.menu.main_menu import MainMenu

    figures: Figures = {"video_driver": os.environ["SDL_VIDEODRIVER"], "size": f"{size[0]}x{size[1]}"}
    app = DrivenApp(Settings(), size=size)

    def drive() -> None:
        try:
            time.sleep(settle)  # the menu's first frames: its pictures are drawn once
            figures["idle_seconds"] = seconds
            figures["idle_cpu_percent"], figures["idle_frames_drawn"] = _cpu_percent(app, seconds)
            figures["rss_menu_mb"] = round(resident_mb(), 1)
            # A settled hand's sheet left on the screen, and the table waiting for the player's discard.
            for moment, name in (("end", "settlement"), ("mid-hand", "turn")):
                _on_main(app, partial(_stage, moment=moment), settle)
                figures[f"{name}_cpu_percent"], figures[f"{name}_frames_drawn"] = _cpu_percent(app, seconds)
            _on_main(app, _close_table, 0.2)
            _on_main(app, _open_table, settle)
            figures["rss_table_mb"] = round(resident_mb(), 1)
            sizes: list[float] = []
            for new in RESIZES:
                _on_main(app, partial(App.resize_window, size=new), settle)
                _on_main(app, _collect, 0.2)
                sizes.append(round(resident_mb(), 1))
            figures["rss_after_each_resize_mb"] = " ".join(f"{v:g}" for v in sizes)
            figures["rss_after_ten_resizes_mb"] = sizes[-1]
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    driver = threading.Thread(target=drive, daemon=True)
    driver.start()
    app.run(lambda host: MainMenu(host, []))
    driver.join(timeout=5)
    return figures
