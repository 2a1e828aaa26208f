"""`main.py bench-frame`: how long a frame of a busy hand takes (update and draw), headless.

The table is staged in the middle of a hand, then four AIs play on at fast speed (tiles flying,
callouts popping) while each frame is timed with a fixed 1/60 s step. Figures, not assertions.
"""

from __future__ import annotations

import statistics
import time

from game.agents import SimpleAgent
from game.ruleset_loader import load_ruleset
from ui.moments import FRAME, headless_display, stage_moment
from ui.settings import Speed

Figures = dict[str, float | int | str]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def bench_frames(size: tuple[int, int], frames: int, seed: str, ruleset: str = "guiyang-classic") -> Figures:
    """Time `frames` frames of a hand in play at `size`; returns median, p90, p99 and max in ms."""
    rules = load_ruleset(ruleset)
    host, scene = stage_moment("mid-hand", size, rules, seed=seed)
    screen = headless_display(size)
    scene.autopilot = SimpleAgent()
    scene.pause_autopilot = None
    host.settings.speed = Speed.FAST
    # Warm up as the game does before its first hand: tile pictures drawn behind the loading banner.
    while scene._prewarm_some(1.0):
        pass
    for _ in range(30):
        host.stack.update(FRAME)
        host.stack.draw(screen)
    wall: list[float] = []
    cpu: list[float] = []
    busy = 0
    redraws_before = scene.board.redraws
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        host.stack.update(FRAME)
        host.stack.draw(screen)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        busy += scene.presenter.animating
    figures: Figures = {
        "size": f"{size[0]}x{size[1]}",
        "frames": frames,
        "animating_frames": busy,
        "zone_redraws": scene.board.redraws - redraws_before,
        "hands_finished": scene.hands_done,
    }
    # Wall-clock times include any time the OS gave to other programs; CPU times do not.
    for name, values in (("", wall), ("cpu_", cpu)):
        figures[f"{name}median_ms"] = round(statistics.median(values), 3) if values else 0.0
        figures[f"{name}p90_ms"] = round(_percentile(values, 0.90), 3)
        figures[f"{name}p99_ms"] = round(_percentile(values, 0.99), 3)
        figures[f"{name}max_ms"] = round(max(values), 3) if values else 0.0
    return figures
