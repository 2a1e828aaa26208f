"""How fast the calculator screen answers: `python -m ui.probe.calculator_bench [--size 1920x1080] [--clicks 200]`.

Prints the median and p99 of a click (a tile placed and taken out again: the model changes,
check_hand runs, the screen is laid out and drawn) and of a frame with no change (the drawn
picture is shown again), headless.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from game.core.tiles import parse_tile
from game.rules.loader import load_ruleset


def _figures(name: str, seconds: list[float]) -> str:
    xs = sorted(seconds)
    p99 = xs[max(0, round(len(xs) * 0.99) - 1)]
    return f"{name}: median {statistics.median(xs) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms ({len(xs)} runs)"


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and print it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", default="1920x1080", help="window size, WxH")
    parser.add_argument("--clicks", type=int, default=200, help="clicks to time (1-100000)")
    args = parser.parse_args(argv)
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size: expected WxH such as 1920x1080, found {args.size!r}")
    if not 1 <= args.clicks <= 100_000:
        parser.error("--clicks: expected 1-100000")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ui.calculator.scene import CalculatorScene
    from ui.probe.calculator_moments import example_calculator
    from ui.probe.offscreen import headless_display, offscreen_app
    from ui.settings.values import Settings

    screen = headless_display((w, h))
    host = offscreen_app(Settings(), (w, h))
    scene = CalculatorScene(host, example_calculator(load_ruleset("guiyang-modern")), keep_recent=False)
    host.stack.push(scene)
    clicks: list[float] = []
    idle: list[float] = []
    tile = parse_tile("9m")
    for _ in range(args.clicks):
        start = time.perf_counter()
        scene.set_target("discards:1")
        scene.pick(tile)
        host.stack.draw(screen)
        clicks.append(time.perf_counter() - start)
        scene.change(lambda: scene.calc.remove_tile(1, "discards"))
        host.stack.draw(screen)
        start = time.perf_counter()
        host.stack.draw(screen)
        idle.append(time.perf_counter() - start)
    print(_figures("a click (tile placed: model, check_hand, layout, draw)", clicks))
    print(_figures("a frame with no change", idle))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
