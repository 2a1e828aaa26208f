"""`main.py bench-frame`: how long each frame of a whole match takes (update and draw), headless.

Four AIs play a match of `hands` hands through the real table at fast speed, as `--autoplay` does:
the loading of the tile pictures, the dice, the wall, the deal, claims, the settlement screen
coming in and going out, and the next hand. Every frame is timed with a fixed 1/60 s step, one
after another with no pause between them unless `--paced` waits for each 1/60 s tick as the game's
loop does (unpaced, the wall-clock figures include the time a busy machine gives other programs in
the middle of frames; the CPU figures never do), and the figures say how many went over the 16.7 ms
a 60 Hz screen allows and what was happening in the slowest ones. Figures, not assertions.
"""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter

from game.engine.events import Event
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from ui.probe.offscreen import FRAME, headless_display, offscreen_app
from ui.settings.values import Settings, Speed
from ui.stage.app import App
from ui.stage.scene import Scene
from ui.table.scene import TableScene

Figures = dict[str, float | int | str | bool]
BUDGET_MS = 1000 / 60  # one frame at 60 Hz
SLOWEST = 5  # the slowest frames described in the figures


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def _doing(host: App, table: TableScene, started: int) -> str:
    """What a frame was busy with: the scene on top, and the events whose beats began in it."""
    top = host.stack.top
    scene = type(top).__name__ if isinstance(top, Scene) else "none"
    events: list[Event] = table.presenter.started[started:]
    names = Counter(type(e).__name__ for e in events)
    what = ",".join(f"{n}x{c}" if c > 1 else n for n, c in names.items())
    if table.loading:
        what = "loading" + (f",{what}" if what else "")
    return f"{scene}:{what or '-'}"


def bench_frames(
    size: tuple[int, int],
    hands: int = 4,
    seed: str = "bench",
    ruleset: str = "guiyang-classic",
    max_frames: int | None = None,
    paced: bool = False,
) -> Figures:
    """Time every frame of a `hands`-hand match of AIs at `size` (or its first `max_frames` frames); `paced`:
    wait for each 1/60 s tick between frames, as the game's own loop does."""
    rules = load_ruleset(ruleset)
    headless_display(size)
    screen = headless_display(size)
    host = offscreen_app(Settings(speed=Speed.FAST, autoplay=True, hands=hands, ruleset=rules.name), size)
    table = TableScene(host, rules, seed, human=None)
    table.autopilot = SimpleAgent()  # no seat waits for a person
    host.stack.push(table)
    wall: list[float] = []
    cpu: list[float] = []
    doing: list[str] = []
    limit = max_frames if max_frames is not None else 60 * 60 * 10 * max(1, hands)
    tick = time.perf_counter()
    while host.exit_code is None and len(wall) < limit and len(host.stack):
        if paced:
            # A program that sleeps between its frames is scheduled as soon as it wakes on a busy machine; one
            # that never sleeps is cut off in the middle of frames to let the others run.
            tick += FRAME
            time.sleep(max(0.0, tick - time.perf_counter()))
        started = len(table.presenter.started)
        start, start_cpu = time.perf_counter(), time.thread_time()
        host.stack.update(FRAME)
        host.stack.draw(screen)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        doing.append(_doing(host, table, started))
    figures: Figures = {
        # What else the machine ran meanwhile (runnable processes, 1-minute average): wall-clock figures
        # include any time the system gave to them.
        "load_avg": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else "n/a",
        "size": f"{size[0]}x{size[1]}",
        "paced": paced,
        "hands_finished": table.hands_done,
        "frames": len(wall),
        "zone_redraws": table.board.redraws,
        # Frames that laid the whole board on the screen; the others laid only what changed (ui/table/repaint.py).
        "whole_board_frames": table.repaint.full_frames,
    }
    # Wall-clock times include any time the OS gave to other programs; CPU times do not.
    for name, values in (("", wall), ("cpu_", cpu)):
        figures[f"{name}median_ms"] = round(statistics.median(values), 3) if values else 0.0
        figures[f"{name}p90_ms"] = round(_percentile(values, 0.90), 3)
        figures[f"{name}p99_ms"] = round(_percentile(values, 0.99), 3)
        figures[f"{name}max_ms"] = round(max(values), 3) if values else 0.0
        figures[f"{name}over_16_7ms"] = sum(1 for v in values if v > BUDGET_MS)
    # The slowest frames by the clock (what a player sees) and by CPU time (what is the game's own doing).
    for name, values in (("slowest", wall), ("slowest_cpu", cpu)):
        figures[name] = slowest_frames(values, doing)
    return figures


def slowest_frames(times: list[float], doing: list[str], count: int = SLOWEST) -> str:
    """The `count` slowest frames, slowest first: their number, time and what they were busy with."""
    slowest = sorted(range(len(times)), key=lambda i: times[i], reverse=True)[:count]
    return "; ".join(f"#{i} {times[i]:.1f}ms {doing[i]}" for i in slowest)
