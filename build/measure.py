"""Size and start time of the standalone builds: `python build/measure.py` (or `make measure`).

Prints the size of the one-file executable and of the one-folder build, and how long the game takes
from launch to its first frame, from source and frozen: the median of several runs, interleaved so
that any slowdown of the machine hits both alike, under SDL_VIDEODRIVER=dummy. Targets: one-file
at most 25 MB; the one-folder build starts in at most 1.2 times the time from source.

The first frame is timed with the client's `--max-frames 1`, which quits right after the first frame
is shown. Without a client that takes it, the start is measured to the end of `--version` and of a
dealt hand instead, and the figures say so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build import ROOT, BuildError, cached_build, folder_size

FIRST_FRAME_ARGS = ("--max-frames", "1", "--seed", "measure")
MAX_ONEFILE_MB = 25.0
MAX_START_RATIO = 1.2
RUN_TIMEOUT = 60.0


@dataclass(frozen=True)
class Probe:
    """One way of starting the game and stopping at a known point."""

    label: str
    args: tuple[str, ...]


def client_stops_after_first_frame() -> bool:
    """True when the client's command line has --max-frames."""
    cli = ROOT / "ui" / "entry" / "cli.py"
    return cli.is_file() and FIRST_FRAME_ARGS[0] in cli.read_text(encoding="utf-8")


def probes() -> list[Probe]:
    """What to time: the first frame when the client supports it, else two headless stand-ins."""
    if client_stops_after_first_frame():
        return [Probe("first frame", FIRST_FRAME_ARGS)]
    return [
        Probe("--version (no first-frame exit in the client yet)", ("--version",)),
        Probe("deal one hand (no first-frame exit in the client yet)", ("deal", "--seed", "1")),
    ]


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def time_run(cmd: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from launch to exit of `cmd`; raises BuildError if it fails or hangs."""
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            list(cmd), cwd=ROOT, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"{' '.join(cmd)} did not exit within {RUN_TIMEOUT:.0f} s") from None
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        raise BuildError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-1000:]}")
    return elapsed


def measure_starts(commands: dict[str, list[str]], probe: Probe, runs: int) -> dict[str, list[float]]:
    """Seconds per run for each command, one warm-up run each first, the commands interleaved."""
    env = _environment()
    times: dict[str, list[float]] = {name: [] for name in commands}
    for round_no in range(runs + 1):
        for name, cmd in commands.items():
            elapsed = time_run([*cmd, *probe.args], env)
            if round_no > 0:  # the first round fills the disk cache and compiles the bytecode
                times[name].append(elapsed)
    return times


def main(argv: list[str] | None = None) -> int:
    """Build (or reuse) both builds, print their sizes and start times; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(prog="build/measure.py", description="Size and start time of the builds.")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per build (default 7; the median counts)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        print("--runs wants a whole number of 1 or more", file=sys.stderr)
        return 2
    try:
        onefile = cached_build("onefile")
        onedir = cached_build("onedir")
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    folder = onedir.parent
    onefile_mb, onedir_mb = onefile.stat().st_size / 1e6, folder_size(folder) / 1e6
    ok = onefile_mb <= MAX_ONEFILE_MB
    print("size")
    print(f"  one-file    {onefile_mb:6.1f} MB   (target at most {MAX_ONEFILE_MB:.0f} MB: {'ok' if ok else 'OVER'})")
    print(f"  one-folder  {onedir_mb:6.1f} MB")
    print(f"    {onefile}\n    {folder}")
    commands = {
        "source": [sys.executable, str(ROOT / "main.py")],
        "one-folder": [str(onedir)],
        "one-file": [str(onefile)],
    }
    for probe in probes():
        try:
            times = measure_starts(commands, probe, args.runs)
        except BuildError as exc:
            print(f"cannot time {probe.label}: {exc}", file=sys.stderr)
            return 1
        medians = {name: statistics.median(values) for name, values in times.items()}
        print(f"start to {probe.label}: median of {args.runs} runs, SDL_VIDEODRIVER=dummy")
        for name, median in medians.items():
            spread = f"{min(times[name]):.3f}-{max(times[name]):.3f}"
            ratio = median / medians["source"]
            line = f"  {name:<11} {median:6.3f} s  (runs {spread} s)  {ratio:4.2f}x source"
            if name == "one-folder":
                within = ratio <= MAX_START_RATIO
                ok = ok and within
                line += f"  (target at most {MAX_START_RATIO}x: {'ok' if within else 'SLOWER'})"
            elif name == "one-file":
                line += "  (unpacks itself to a temporary folder first)"
            print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
