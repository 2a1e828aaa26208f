"""Argument helpers shared by the headless commands."""

from __future__ import annotations

import argparse
import sys

from game.core.ruleset import MAX_PLAYERS, Ruleset, wind_name
from game.rules.loader import RulesetError, load_ruleset


def dice_pair(text: str) -> tuple[int, int]:
    """Parse `A,B` as two dice, each 1-6 (an argparse type)."""
    parts = text.split(",")
    try:
        a, b = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: want two dice as A,B, e.g. 3,4") from None
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise argparse.ArgumentTypeError(f"{text!r}: each die shows 1 to 6")
    return a, b


SEAT_HELP = "a seat is 0-3 in play order from East (0 East; at three 1 South, 2 West; at two 1 West)"


def seat_number(text: str) -> int:
    """Parse a seat 0-3, in play order from East (docs/rules.md §15.2: fewer at a smaller table)."""
    try:
        seat = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: {SEAT_HELP}") from None
    if not 0 <= seat < MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"{text!r}: {SEAT_HELP}")
    return seat


def seat_title(players: int, seat: int) -> str:
    """A seat by its wind in both languages at a table of `players`: "East 东" (docs/rules.md §15.2)."""
    return f"{wind_name(players, seat, 'en')} {wind_name(players, seat, 'zh')}"


# The ruleset a command plays when none is named.
DEFAULT_RULESET = "guiyang-classic"


def add_ruleset_argument(parser: argparse.ArgumentParser) -> None:
    """--ruleset NAME or a path to a ruleset file."""
    parser.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        help=f"a built-in ruleset name or a ruleset file (default {DEFAULT_RULESET})",
    )


def ruleset_or_exit(name: str) -> Ruleset | None:
    """Load a ruleset, printing its errors to stderr and returning None if it does not load."""
    try:
        return load_ruleset(name)
    except RulesetError as exc:
        print(str(exc), file=sys.stderr)
        return None


def counted(n: int, noun: str) -> str:
    """`n` of a thing in English, the noun in the singular for one: "1 hand", "3 hands"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
