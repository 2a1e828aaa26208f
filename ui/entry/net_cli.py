"""`python main.py host` / `join URL` without --headless, --autoplay or --watch: the game's window at that screen."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ui.stage.scene import Host, Scene


def _run(args: argparse.Namespace, make: Callable[[Host], Scene]) -> int:
    """Open the window on the main menu with `make`'s screen over it, in the command line's language, size and
    full screen where it names them (else the saved settings'); the exit code."""
    import pygame

    from ui.entry.cli import command_line_window
    from ui.menu.main_menu import MainMenu
    from ui.settings.store import load_settings
    from ui.settings.values import Settings

    loaded = load_settings(base=Settings())
    app = command_line_window(loaded.settings, args)

    def first(host: Host) -> Scene:
        host.stack.push(MainMenu(host, loaded.notices))
        return make(host)

    try:
        return app.run(first)
    except pygame.error as exc:
        print(f"error: cannot open the game window: {exc}", file=sys.stderr)
        return 1


def run_host_window(args: argparse.Namespace) -> int:
    """The host screen with the command line's ruleset, length (--hands or --rounds), clock, chat, --bind and
    --port."""
    from ui.menu.lan import HostSetupScene

    def make(host: Host) -> Scene:
        scene = HostSetupScene(host)
        from game.match.length import LengthKind
        from ui.menu.new_game import LENGTH_LIMITS

        kind: LengthKind = "rounds" if args.rounds is not None else "hands"
        given = args.rounds if args.rounds is not None else args.hands
        if given is not None:
            low, high, _step, _default = LENGTH_LIMITS[kind]
            scene.length_kind = kind
            scene.length_n[kind] = max(low, min(high, int(given)))
        if args.turn_timer:
            scene.timer = int(args.turn_timer)
        scene.chat = not args.no_chat
        scene.bind, scene.port = str(args.bind), int(args.port)
        if args.ruleset in scene.rulesets:
            scene.ruleset = str(args.ruleset)  # its table's seats are the rows the screen shows
        return scene

    return _run(args, make)


def run_join_window(args: argparse.Namespace) -> int:
    """The join screen with the address, the code, the name and the seat asked for filled in."""
    from ui.menu.lan import JoinScene

    def make(host: Host) -> Scene:
        # The address is given: the tables on the network need not be looked for.
        scene = JoinScene(host, browse=False)
        scene.address = str(args.url)
        scene.code = str(args.code)
        if args.name:
            scene.name = str(args.name)
        scene.seat = args.seat
        return scene

    return _run(args, make)
