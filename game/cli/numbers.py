"""Whole-number command-line options, each checked against the range that makes sense for it."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def positive_int(option: str, maximum: int, minimum: int = 1) -> Callable[[str], int]:
    """An argparse type: a whole number from `minimum` to `maximum`, refused with a message naming `option`."""

    def parse(text: str) -> int:
        value = text.strip().replace("_", "")
        if not value.isascii() or not value.lstrip("+-").isdigit() or len(value) > 20:
            raise argparse.ArgumentTypeError(f"{option} {text}: want a whole number from {minimum} to {maximum}")
        n = int(value)
        if not minimum <= n <= maximum:
            raise argparse.ArgumentTypeError(f"{option} {text}: want a whole number from {minimum} to {maximum}")
        return n

    parse.__name__ = "whole number"
    return parse
