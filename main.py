"""Guiyang Zhuoji mahjong: `python main.py` plays; subcommands analyse, simulate and check."""

from __future__ import annotations

import argparse
import sys

from game import __version__
from game.cli import COMMAND_MODULES, register_all

# Client commands live in ui/ and are imported only when asked for, so headless
# commands never load pygame.
UI_COMMAND_MODULES: tuple[str, ...] = ()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="main.py", description="Guiyang Zhuoji mahjong (贵阳捉鸡麻将)")
    parser.add_argument("--version", action="version", version=f"guiyang-mahjong {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register_all(sub, COMMAND_MODULES + UI_COMMAND_MODULES)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 0
    return int(func(args))


if __name__ == "__main__":
    sys.exit(main())
