"""Command-line subcommands of `python main.py`; each module registers one or more.

A command module defines `register(subparsers)`, adding its parsers with
`set_defaults(func=...)`, where func takes the parsed args and returns an exit code.
"""

from __future__ import annotations

import argparse
import importlib

# Headless commands, in the order `--help` lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "game.cli.rules",
    "game.cli.settle",
    "game.cli.deal",
    "game.cli.simulate",
    "game.cli.replay",
    "game.cli.analyze",
    "game.cli.bench",
    "game.cli.bench_search",
    "game.cli.memory",
    "game.cli.arena",
    "game.cli.audit",
    "game.cli.reading",
    "game.cli.teach",
    "game.cli.review",
    "game.cli.folders",
    "game.cli.lan",
)


def register_all(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], modules: tuple[str, ...]) -> None:
    """Import each command module and let it add its parsers."""
    for name in modules:
        importlib.import_module(name).register(subparsers)
