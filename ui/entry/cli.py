"""The client's commands: `play` (also what `python main.py` does), `screenshot` and the frame benchmarks.

pygame is imported only inside the commands, so `main.py --help` and the headless commands
never load it.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

# Before pygame is first imported anywhere: no support banner on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ui.settings.values import Speed

if TYPE_CHECKING:
    from collections.abc import Callable

    from ui.settings.values import Settings
    from ui.stage.app import App
    from ui.stage.scene import Scene

MOMENTS_HELP = (
    "dice, count, break, deal, mid-hand, practice, claim, offer, win, chickens, end; "
    "two people at one screen: hot-seat, hot-seat-pass, hot-seat-claim; "
    "the review from a settlement: settle-review, settle-review-open; "
    "menu screens: menu, new-game, new-game-local, settings, rules, stats, match-end; "
    "guide, guide-N, lessons, first-run, lesson-N, lesson-N-K, lesson-N-wrong, lesson-N-end"
)


def parse_size(text: str) -> tuple[int, int]:
    """`1280x720` as (1280, 720); argparse.ArgumentTypeError naming the problem otherwise."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        w, h = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    if not (320 <= w <= 10000 and 240 <= h <= 10000):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range (320x240 to 10000x10000)")
    return w, h


def parse_speed(text: str) -> Speed:
    """A speed name for argparse."""
    try:
        return Speed.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"want a whole number, got {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"want 0 or more, got {n}")
    return n


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by the commands that set up a table."""
    parser.add_argument(
        "--ruleset", default="guiyang-classic", help="ruleset name or YAML file (default guiyang-classic)"
    )
    parser.add_argument("--seed", default=None, help="match seed (default: a new one each run; fixed for screenshots)")
    parser.add_argument("--lang", choices=("zh", "en"), default=None, help="language (default: your settings, else zh)")
    parser.add_argument("--level", default="normal", help="AI strength passed to the AI factory (default normal)")


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """The options of `play`; `python main.py` with no command takes them too."""
    add_table_options(parser)
    parser.add_argument("--autoplay", action="store_true", help="AIs play every seat; the window only watches")
    parser.add_argument("--hands", type=_positive, default=0, help="quit after this many hands (0: play on)")
    parser.add_argument("--speed", type=parse_speed, default=None, help="slow, normal, fast or instant")
    parser.add_argument(
        "--size", type=parse_size, default=(1280, 720), help="window size WIDTHxHEIGHT (default 1280x720)"
    )
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--solo", action="store_true", help="skip the menu: straight to a solo table")
    parser.add_argument("--max-frames", type=_positive, default=0, help=argparse.SUPPRESS)
    parser.add_argument(
        "--speech-log",
        metavar="FILE",
        default=None,
        help="write what the voice says to FILE instead (read aloud still follows the settings)",
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `play`, `screenshot`, `bench-frame` and `bench-idle`."""
    play = subparsers.add_parser("play", help="open the table (the default when no command is given)")
    add_play_options(play)
    play.set_defaults(func=run_play)

    shot = subparsers.add_parser("screenshot", help="render a named moment of a hand to a PNG, headless")
    shot.add_argument("moment", help=f"one of: {MOMENTS_HELP}")
    shot.add_argument("out", help="PNG file to write")
    shot.add_argument("--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT (default 1280x720)")
    add_table_options(shot)
    shot.set_defaults(func=run_screenshot)

    bench = subparsers.add_parser(
        "bench-frame", help="time every frame of an autoplayed match (median, p99, max, frames over 16.7 ms)"
    )
    bench.add_argument("--size", type=parse_size, default=(1920, 1080), help="WIDTHxHEIGHT (default 1920x1080)")
    bench.add_argument("--hands", type=_positive, default=4, help="hands of the match to play (default 4)")
    bench.add_argument("--frames", type=_positive, default=None, help="stop after this many frames (default: none)")
    bench.add_argument("--seed", default="bench", help="match seed (default bench)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument(
        "--paced", action="store_true", help="wait for each 1/60 s tick between frames, as the game does"
    )
    bench.set_defaults(func=run_bench_frame)

    rv = subparsers.add_parser(
        "bench-review-frame", help="frame times while the review screen runs a review, on a thread and in a process"
    )
    rv.add_argument("--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT (default 1280x720)")
    rv.add_argument("--frames", type=_positive, default=300, help="frames measured each way at most (default 300)")
    rv.add_argument("--rollouts", type=_positive, default=64, help="rollouts an option (default 64, the review's)")
    rv.add_argument("--json", action="store_true", help="print the figures as JSON")
    rv.set_defaults(func=run_bench_review_frame)

    idle = subparsers.add_parser(
        "bench-idle", help="CPU of the still main menu, and resident memory after ten window resizes of a table"
    )
    idle.add_argument("--seconds", type=float, default=10.0, help="how long to measure the idle menu (default 10)")
    idle.add_argument("--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT (default 1280x720)")
    idle.add_argument("--settle", type=float, default=3.0, help="seconds given to each step (default 3)")
    idle.set_defaults(func=run_bench_idle)


def _load_rules(name: str) -> Any:
    from game.rules.loader import load_ruleset

    return load_ruleset(name)


def _rules_or_error(name: str) -> Any:
    from game.rules.loader import RulesetError

    try:
        return _load_rules(name)
    except RulesetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def command_line_window(settings: Settings, args: argparse.Namespace) -> App:
    """The game's window for `settings`, in the command line's language, size and full screen where it names them."""
    from ui.words import strings

    settings.language = args.lang or settings.language
    strings.set_language(settings.language)
    return game_window(settings, args.size, args.fullscreen or settings.fullscreen)


def game_window(settings: Settings, size: tuple[int, int], fullscreen: bool) -> App:
    """The game's window: a screen that fails in it is closed with a notice and the game goes on."""
    from ui.entry.recovery import ScreenFailures
    from ui.stage.app import App

    app = App(settings, size=size, fullscreen=fullscreen)
    app.recover = ScreenFailures(app)
    return app


def run_play(args: argparse.Namespace) -> int:
    """Open the table and play until the window closes (or --hands are done)."""
    import secrets

    from ui.match.opponents import opponent
    from ui.settings.values import Settings

    rules = _rules_or_error(args.ruleset)
    if rules is None:
        return 2
    if args.speech_log:
        from pathlib import Path

        from ui.sound.speech import use_speech_log

        use_speech_log(Path(args.speech_log))
    try:
        opponent(args.level, "check", rules)
    except ValueError as exc:
        print(f"error: --level: {exc}", file=sys.stderr)
        return 2
    from ui.settings.store import load_settings

    # The player's saved settings, then what the command line says for this run.
    loaded = load_settings(base=Settings())
    settings = loaded.settings
    menu = getattr(args, "command", None) is None and not args.autoplay and not getattr(args, "solo", False)
    speed = args.speed or (Speed.FAST if args.autoplay else settings.speed)
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    settings.speed = speed
    if not menu:
        settings.ruleset = rules.name
    settings.seed = seed
    settings.level = args.level
    settings.autoplay = args.autoplay
    settings.hands = args.hands
    app = command_line_window(settings, args)
    if not args.autoplay:
        from ui.sound.music_player import start_music

        start_music(settings)  # in the background; silent without a sound device
    if menu:
        from ui.learn.first_run import with_first_run_offer
        from ui.menu.main_menu import MainMenu

        return run_window(
            app, lambda host: with_first_run_offer(host, MainMenu(host, loaded.notices)), args.max_frames or None
        )
    code = run_window(app, _straight_to_table(rules, seed, args.autoplay, loaded.notices), args.max_frames or None)
    if args.autoplay and code == 0:
        from game.cli.common import counted

        hands = app.settings.hands
        told = counted(hands, "hand") if hands else "all hands"
        print(f"played {told} in {app.frames} frames; seed {seed}")
    return code


def run_window(app: App, first: Callable[[App], Scene], max_frames: int | None = None) -> int:
    """Run the window from its first scene; its exit code, or 1 with a message when no window can open."""
    import pygame

    try:
        return app.run(first, max_frames=max_frames)
    except pygame.error as exc:
        print(
            f"error: cannot open the game window: {exc} (SDL_VIDEODRIVER=dummy runs without a screen)", file=sys.stderr
        )
        return 1


def _straight_to_table(rules: Any, seed: str, autoplay: bool, notices: list[str]) -> Callable[[App], Scene]:
    """The first scene of `--solo` (the player at East) or `--autoplay` (four AIs watched, kept in a save of their
    own): the table, and beneath a person's the main menu it is left for, as a match started there is (Escape,
    confirmed; 继续对局 picks the saved match up again)."""
    from ui.menu.save import AUTOPLAY_SAVE_NAME, SAVE_NAME
    from ui.table.scene import TableScene

    def first(host: App) -> Scene:
        if autoplay:
            return TableScene(host, rules, seed, human=None, save_name=AUTOPLAY_SAVE_NAME)
        from ui.menu.main_menu import MainMenu

        host.stack.push(MainMenu(host, notices))
        table = TableScene(host, rules, seed, human=0, save_name=SAVE_NAME)
        table.on_leave = lambda: host.stack.remove(table)
        return table

    return first


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the named moment and write it as a PNG."""
    from ui.probe.learn_moments import is_learn_moment
    from ui.probe.menu_moments import MENU_MOMENTS, render_menu_moment
    from ui.probe.moments import MOMENTS, MomentError, render_moment

    if is_learn_moment(args.moment):
        return _learn_screenshot(args)
    from ui.probe.hot_seat_moments import HOT_SEAT_MOMENTS, HotSeatMomentError, render_hot_seat_moment
    from ui.probe.review_moments import REVIEW_MOMENTS, ReviewMomentError, render_review_moment

    known = MOMENTS + MENU_MOMENTS + HOT_SEAT_MOMENTS + REVIEW_MOMENTS
    if args.moment not in known:
        names = ", ".join(known)
        print(f"error: unknown moment {args.moment!r}; choose one of: {names}", file=sys.stderr)
        return 2
    rules = _rules_or_error(args.ruleset)
    if rules is None:
        return 2
    # A picture makes no sound: keep the audio device closed (and its drivers quiet).
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    try:
        if args.moment in MENU_MOMENTS:
            surface = render_menu_moment(args.moment, args.size, rules, language=args.lang or "zh")
        elif args.moment in HOT_SEAT_MOMENTS:
            surface = render_hot_seat_moment(args.moment, args.size, rules, seed=args.seed, language=args.lang or "zh")
        elif args.moment in REVIEW_MOMENTS:
            surface = render_review_moment(args.moment, args.size, rules, seed=args.seed, language=args.lang or "zh")
        else:
            surface = render_moment(args.moment, args.size, rules, seed=args.seed, language=args.lang or "zh")
    except (MomentError, HotSeatMomentError, ReviewMomentError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    try:
        pygame.image.save(surface, args.out)
    except (OSError, pygame.error) as exc:
        print(f"error: cannot write {args.out}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} ({surface.get_width()}x{surface.get_height()}, {args.moment})")
    return 0


def _learn_screenshot(args: argparse.Namespace) -> int:
    """`screenshot guide`, `guide-N`, `lesson-N…`: the guide's and the lessons' moments."""
    rules = _rules_or_error(args.ruleset)
    if rules is None:
        return 2
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ui.probe.learn_moments import LearnMomentError, render_learn_moment

    try:
        surface = render_learn_moment(args.moment, args.size, rules, language=args.lang or "zh")
    except LearnMomentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        pygame.image.save(surface, args.out)
    except (OSError, pygame.error) as exc:
        print(f"error: cannot write {args.out}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} ({surface.get_width()}x{surface.get_height()}, {args.moment})")
    return 0


def run_bench_idle(args: argparse.Namespace) -> int:
    """Print the idle CPU and memory-after-resizes figures of the real App."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.probe.bench_idle import bench_idle

    for key, value in bench_idle(args.seconds, args.size, args.settle).items():
        print(f"{key}: {value}")
    return 0


def run_bench_review_frame(args: argparse.Namespace) -> int:
    """Print frame-time figures while a review runs, on a thread and then in a child process."""
    import json

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.probe.bench_review_frame import bench_review_frames

    for figures in bench_review_frames(args.size, args.frames, rollouts=args.rollouts):
        print(json.dumps(figures) if args.json else "  ".join(f"{k}: {v}" for k, v in figures.items()))
    return 0


def run_bench_frame(args: argparse.Namespace) -> int:
    """Print frame-time figures of an autoplayed match."""
    import json

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # frames only: no sound device needed
    from ui.probe.bench_frame import bench_frames

    figures = bench_frames(args.size, args.hands, args.seed, max_frames=args.frames, paced=args.paced)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0
