"""For the tests of hostile files: a command run in-process with its output, and a hang guard."""

from __future__ import annotations

import contextlib
import io
import signal
from collections.abc import Iterator
from dataclasses import dataclass

from main import main


class Hang(Exception):
    """The code under test did not return in time."""


@contextlib.contextmanager
def no_hang(seconds: int = 10) -> Iterator[None]:
    """Fail with Hang instead of waiting forever (a FIFO, a device): SIGALRM interrupts a blocked read."""

    def ring(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Ran:
    """A command's exit code and what it printed."""

    code: int
    out: str
    err: str


def run(*argv: str, seconds: int = 30) -> Ran:
    """`python main.py ARGV...` in this process: exit code, stdout, stderr (argparse's exit 2 included)."""
    out, err = io.StringIO(), io.StringIO()
    with no_hang(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Ran(code, out.getvalue(), err.getvalue())
