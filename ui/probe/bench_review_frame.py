"""`main.py bench-review-frame`: the window's frames while the review screen shows a review under way, with the
review on a thread and then in a child process, in one run.

A short match of four AIs is kept in a folder of its own (the player's replays are not touched) and the review
screen reviews it from scratch twice: once on a thread, once in a child process. Each time the frames are
paced at 60 Hz as the game's loop paces them, and two figures are kept per frame: how long its update and
draw took, and how long after the frame before it began (what the player sees as smoothness: a frame that
cannot get the interpreter back from the review's search begins late). Measuring stops when the review
ends or after `frames` frames. Figures, not assertions; the process's start-up is among its frames.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from game.ai import make_agent
from game.ai.appraise import DEFAULT_ROLLOUTS
from game.engine.round import HandSetup
from game.files.userdirs import HOME_ENV
from game.match.controller import MatchController
from game.records.replaylog import replay_dir
from game.review.cache import cache_path
from game.rules.loader import load_ruleset
from ui.probe.bench_frame import Figures, _percentile
from ui.probe.offscreen import FRAME, headless_display, offscreen_app
from ui.review.scene import ReviewScene
from ui.review.worker import RUNNING
from ui.settings.values import Settings

BENCH_SEED = "review-frames"
BENCH_RULESET = "guiyang-classic"
LATE_MS = 25.0  # a frame beginning this long after the one before is half a 60 Hz frame late


def kept_match(hands: int, seed: str = BENCH_SEED) -> Path:
    """A match of `hands` hands played by four normal AIs, kept in the replays folder; its log's path."""
    rules = load_ruleset(BENCH_RULESET)
    agents = [make_agent("normal", f"{seed}:{seat}", rules) for seat in range(rules.players)]
    table = MatchController(rules, seed, agents, HandSetup(), keep_save=False)
    keeper = table.replay_log("bench-review-frames")
    table.on_hand_done = lambda rnd: keeper(rnd, False)
    for _ in range(hands):
        table.play_hand()
    return replay_dir() / keeper.file_name


def frames_during_review(replay: Path, size: tuple[int, int], frames: int, rollouts: int, in_process: bool) -> Figures:
    """Pace the review screen's frames while it reviews `replay` from scratch; the figures of those frames."""
    cache_path(replay).unlink(missing_ok=True)
    screen = headless_display(size)
    host = offscreen_app(Settings(), size)
    players = load_ruleset(BENCH_RULESET).players
    scene = ReviewScene(host, replay, 0, players, rollouts=rollouts, in_process=in_process)
    host.stack.push(scene)
    work: list[float] = []
    gaps: list[float] = []
    tick = last = time.perf_counter()
    while scene.worker.state == RUNNING and len(work) < frames:
        tick += FRAME
        time.sleep(max(0.0, tick - time.perf_counter()))
        start = time.perf_counter()
        gaps.append((start - last) * 1000)
        last = start
        host.stack.update(FRAME)
        host.stack.draw(screen)
        work.append((time.perf_counter() - start) * 1000)
    figures: Figures = {
        # What else the machine ran meanwhile (runnable processes, 1-minute average).
        "load_avg": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else "n/a",
        "where": "process" if scene.worker.in_process else "thread",
        "frames": len(work),
        "decisions_priced": f"{scene.worker.done}/{scene.worker.total}",
    }
    scene.close()
    assert scene.worker.join(30)
    for name, values in (("frame", work), ("interval", gaps[1:])):
        figures[f"{name}_median_ms"] = round(statistics.median(values), 2) if values else 0.0
        figures[f"{name}_p99_ms"] = round(_percentile(values, 0.99), 2)
        figures[f"{name}_max_ms"] = round(max(values), 2) if values else 0.0
    figures["intervals_over_25ms"] = sum(1 for v in gaps[1:] if v > LATE_MS)
    return figures


def bench_review_frames(
    size: tuple[int, int], frames: int = 300, hands: int = 4, rollouts: int = DEFAULT_ROLLOUTS
) -> list[Figures]:
    """The frames during a review on a thread, then in a child process, of the same kept match."""
    before = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix="guiyang-bench-") as home:
        os.environ[HOME_ENV] = home  # the child process inherits it: the bench's match and review stay here
        try:
            replay = kept_match(hands)
            return [frames_during_review(replay, size, frames, rollouts, way) for way in (False, True)]
        finally:
            if before is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = before
