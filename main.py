"""Guiyang Zhuoji mahjong: `python main.py` plays; subcommands analyse, simulate and check."""

from __future__ import annotations

import argparse
import os
import sys

from game import __version__
from game.cli import COMMAND_MODULES, register_all
from ui.entry.cli import add_play_options, run_play

# Client commands live in ui/ and import pygame only when they run, so headless
# commands never load it. With no command, `python main.py` opens the table.
UI_COMMAND_MODULES: tuple[str, ...] = ("ui.entry.cli", "ui.entry.learn_cli")

# The exit code of a program stopped because its reader went away (128 + SIGPIPE), as `yes | head` gives.
BROKEN_PIPE_EXIT = 141


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="main.py", description="Guiyang Zhuoji mahjong (贵阳捉鸡麻将)")
    parser.add_argument("--version", action="version", version=f"guiyang-mahjong {__version__}")
    add_play_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register_all(sub, COMMAND_MODULES + UI_COMMAND_MODULES)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = dispatch(args)
        if sys.stdout is not None:  # a windowed frozen build has no stdout
            sys.stdout.flush()  # inside the try: the last buffered lines can meet the closed pipe too
    except BrokenPipeError:
        # The reader went away (`main.py folders | head`): stop quietly. Python's docs recommend pointing
        # stdout at devnull so the flush at exit does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE_EXIT
    return code


def dispatch(args: argparse.Namespace) -> int:
    """Run the command `args` chose (the table when none); returns the exit code."""
    func = getattr(args, "func", None)
    if func is None:
        return run_play(args)
    if args.command in ("host", "join") and not (
        getattr(args, "headless", False) or getattr(args, "autoplay", False) or getattr(args, "watch", False)
    ):
        # A network table with a window: the client opens at the host or join screen.
        from ui.entry.net_cli import run_host_window, run_join_window

        return run_host_window(args) if args.command == "host" else run_join_window(args)
    return int(func(args))


if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # A frozen build re-runs itself for each worker process (arena --workers);
        # freeze_support lets those children do their work instead of starting the game.
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
