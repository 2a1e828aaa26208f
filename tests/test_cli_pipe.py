"""The command line in a pipe: a command whose reader goes away stops quietly with 141, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_with_reader_gone(*args: str, home: Path) -> tuple[int, str]:
    """Run main.py with its stdout a pipe whose reading end is closed before the command prints."""
    env = {**os.environ, "GUIYANG_MAHJONG_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader goes away at once, as `| head -0` would
    err = proc.stderr.read().decode("utf-8", "replace")
    return proc.wait(timeout=120), err


@pytest.mark.parametrize(
    "args",
    [
        ("folders",),
        ("deal", "--ruleset", "guiyang-classic", "--seed", "5", "--json"),
        ("--help",),
    ],
    ids=["folders", "deal-json", "help"],
)
def test_printing_command_stops_quietly_when_its_reader_goes_away(args: tuple[str, ...], tmp_path: Path) -> None:
    code, err = run_with_reader_gone(*args, home=tmp_path)
    assert "Traceback" not in err, err
    assert "BrokenPipeError" not in err, err
    assert code in (0, 141), err


def test_a_closed_pipe_gives_the_conventional_exit_code(tmp_path: Path) -> None:
    code, err = run_with_reader_gone("folders", home=tmp_path)
    assert code == 141, err


def test_a_pipe_read_to_the_end_still_exits_zero(tmp_path: Path) -> None:
    env = {**os.environ, "GUIYANG_MAHJONG_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "folders"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "settings" in out.stdout
