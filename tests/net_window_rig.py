"""A host on 127.0.0.1 in its own thread and the table scene of seat 0 joined to it, as the windowed client does."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from game.core.ruleset import Ruleset
from game.net.client.connection import NetClient
from game.net.client.thread import HostThread, NetLink
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.settings.values import Settings, Speed
from ui.table.net_overlay import NetOverlay
from ui.table.net_session import NetSession
from ui.table.scene import TableScene


@dataclass
class HostedWindow:
    """The hosting thread, seat 0's link and session and the windowless scene showing it."""

    hosting: HostThread
    link: NetLink
    session: NetSession
    host: HeadlessHost
    screen: pygame.Surface
    scene: TableScene


def hosted_window(rules: Ruleset, table: NetTable, seed: str, settings: Settings) -> HostedWindow:
    """Serve `table`, join seat 0 as 阿强 and open its table scene once the first hand is in (10 s at most)."""
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    link = NetLink(NetClient(f"ws://127.0.0.1:{port}", CODE, name="阿强"))
    link.start()
    session = NetSession(rules, link, 0)
    size = (1280, 720)
    screen = headless_display(size)
    host = HeadlessHost(settings, size)
    deadline = time.monotonic() + 10
    while not session.in_hand and time.monotonic() < deadline:
        session.pump()
        time.sleep(0.01)
    scene = TableScene(host, rules, seed, session=session)
    return HostedWindow(hosting, link, session, host, screen, scene)


def until(check: Callable[[], bool], tick: Callable[[], None], limit: float = 10.0) -> None:
    """Call `tick` every 10 ms until `check` holds; fail after `limit` seconds."""
    deadline = time.monotonic() + limit
    while not check():
        assert time.monotonic() < deadline, "timed out"
        tick()
        time.sleep(0.01)


@contextmanager
def two_seats(
    chat: bool, size: tuple[int, int] = (1280, 720), rules: Ruleset | None = None
) -> Iterator[tuple[NetOverlay, NetLink, HeadlessHost]]:
    """Our seat 0 at the table scene with its overlay, a friend at seat 1 (a second link)."""
    rules = rules or load_ruleset("guiyang-classic")
    table = NetTable(rules, "chat", config(1, "human,human,ai,ai", chat=chat, next_hand_wait=30.0), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    url = f"ws://127.0.0.1:{port}"
    me = NetLink(NetClient(url, CODE, name="阿强", seat=0))
    friend = NetLink(NetClient(url, CODE, name="小鸡", seat=1))
    me.start()
    friend.start()
    try:
        session = NetSession(rules, me, 0)
        until(lambda: session.in_hand and me.welcome is not None, session.pump)
        host = HeadlessHost(Settings(speed=Speed.INSTANT), size)
        screen = headless_display(size)
        overlay = NetOverlay(host, TableScene(host, rules, "network", session=session), session)
        host.stack.push(overlay)
        for _ in range(3):
            host.stack.update(FRAME)
            host.stack.draw(screen)
        yield overlay, friend, host
    finally:
        me.close()
        friend.close()
        hosting.stop()
        hosting.thread.join(5)
