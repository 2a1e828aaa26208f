"""`main.py learn`: the lessons. `--list` and `--autoplay` run headless; else the lesson opens in the window."""

from __future__ import annotations

import argparse
import os
import sys

from game.learn.autoplay import autoplay, lesson_number, list_lessons

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `learn`."""
    from ui.entry.cli import parse_size

    parser = subparsers.add_parser("learn", help="the guided lessons: --list, or play lesson N")
    parser.add_argument("number", nargs="?", type=lesson_number, help="the lesson to play (see --list)")
    parser.add_argument("--list", action="store_true", help="list the lessons")
    parser.add_argument(
        "--autoplay", action="store_true", help="play the coach's moves headless; exit 0 if it ends as intended"
    )
    parser.add_argument("--lang", choices=("zh", "en"), default=None, help="language (default: your setting, or zh)")
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="window size (default 1280x720)")
    parser.set_defaults(func=run_learn)


def run_learn(args: argparse.Namespace) -> int:
    """List, autoplay, or open a lesson in the window."""
    language = args.lang or "zh"
    if args.list:
        print(list_lessons(args.lang or "en"))
        return 0
    if args.number is None:
        print("error: name a lesson number (learn --list shows them)", file=sys.stderr)
        return 2
    if args.autoplay:
        return autoplay(args.number, args.lang or "en")
    from ui.entry.cli import game_window, run_window
    from ui.learn.lesson_scene import LessonScene
    from ui.settings.store import load_settings
    from ui.settings.values import Settings
    from ui.words import strings

    settings = load_settings(base=Settings()).settings
    settings.language = args.lang or settings.language or language
    strings.set_language(settings.language)
    return run_window(game_window(settings, args.size, False), lambda host: LessonScene(host, args.number))
