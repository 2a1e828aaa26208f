"""The host leaves its table: every guest is told at once, in their language, and can rejoin when it reopens.

Two windows' worth of scenes in one process, each with its own stack: the host's (the host screen,
its lobby and table) and a guest's (the join screen, its lobby and table). Everything is served on
127.0.0.1; the join screens are given the address, so nothing is multicast.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.net.client.connection import NetClient
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, open_host, run, simple_factory
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.kit.dialogs import NoticeScene
from ui.menu.lan import HostSetupScene, JoinScene
from ui.menu.lobby import LobbyScene
from ui.settings.values import Settings, Speed
from ui.table.net_overlay import LinkEnded, NetOverlay
from ui.words import strings as S
from ui.words.net import t

RULES = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's save and the seat tokens go to a folder of the test's own."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


def test_a_guest_is_sent_the_closing_and_does_not_try_to_reconnect() -> None:
    async def go() -> tuple[P.Closing | None, float]:
        table = NetTable(RULES, "closing", config(2, "human,ai,ai,ai", auto_start=True), simple_factory)
        server, url, task = await open_host(table)
        client = NetClient(url, CODE, name="阿强", reconnect_for=30.0)
        await client.connect()
        running = asyncio.create_task(client.run())
        await asyncio.sleep(0.2)
        t0 = time.monotonic()
        server.stop()
        await asyncio.wait_for(running, 5)  # not the 30 s of reconnecting
        await task
        return client.state.closing, time.monotonic() - t0

    closing, took = run(go)
    assert closing is not None and closing.code == "host_left"
    assert took < 3.0


def frames(stacks: list[HeadlessHost], until: Callable[[], bool], limit: float = 10.0) -> None:
    """Run both windows' frames until `until()` (at most `limit` seconds)."""
    screen = headless_display((1280, 720))
    deadline = time.monotonic() + limit
    while not until() and time.monotonic() < deadline:
        for host in stacks:
            host.stack.update(FRAME)
            host.stack.draw(screen)
        time.sleep(0.005)


def open_host_table(host: HeadlessHost, resume: bool) -> LobbyScene:
    """The host screen, on 127.0.0.1 and a free port: a new table (seat 1 for a person) or the saved one."""
    if resume:
        # The button shows once the closed table's server has written its save (a few frames).
        frames([host], lambda: isinstance(host.stack.top, HostSetupScene) and host.stack.top.saved is not None)
        setup = host.stack.top
        assert isinstance(setup, HostSetupScene) and setup.saved is not None, "the host screen offers the save"
        assert any(getattr(w, "on_press", None) == setup.resume_table for w in setup.widgets)
    else:
        setup = HostSetupScene(host)
        host.stack.push(setup)
    setup.bind, setup.port = "127.0.0.1", 0
    setup.seats[1] = "human"
    setup.resume_table() if resume else setup.open_table()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosting is not None, setup.error
    return lobby


def join(guest: HeadlessHost, lobby: LobbyScene) -> None:
    """The guest joins the host's table from the join screen."""
    join = JoinScene(guest, browse=False)
    guest.stack.push(join)
    assert lobby.hosting is not None and lobby.hosting.port is not None
    join.address, join.code, join.name = f"127.0.0.1:{lobby.hosting.port}", lobby.hosting.table.config.code, "小红"
    join.join()


def test_the_host_leaves_the_guest_is_told_in_a_dialog_then_rejoins_the_reopened_table(monkeypatch) -> None:
    monkeypatch.setattr(S, "language", lambda: "zh")
    size = (1280, 720)
    host, guest = HeadlessHost(Settings(speed=Speed.FAST), size), HeadlessHost(Settings(speed=Speed.FAST), size)
    lobby = open_host_table(host, resume=False)
    both = [host, guest]
    # The host's own seat first (a guest asks for none and would be given the first free one).
    frames(both, lambda: lobby.hosting is not None and lobby.hosting.table.seats[0].conn is not None)
    join(guest, lobby)
    frames(both, lambda: lobby.session is not None and guest.stack.top is not None)
    frames(both, lambda: lobby.hosting is not None and lobby.hosting.table.seats[1].conn is not None)
    lobby.start()
    frames(both, lambda: isinstance(guest.stack.top, NetOverlay) and isinstance(host.stack.top, NetOverlay), 30.0)
    overlay = guest.stack.top
    assert isinstance(overlay, NetOverlay) and overlay.session.seat == 1
    assert overlay.session.leave_question == t("leave_guest"), "a guest is promised no save of its own"
    host_overlay = host.stack.top
    assert isinstance(host_overlay, NetOverlay) and host_overlay.session.leave_question == t("leave_host")
    # The host leaves (Escape, confirmed) while the guest reads something over the table (a hand's sheet,
    # say): the guest is told at once, in a dialog in their language.
    guest.stack.push(NoticeScene(guest, "…", "…"))
    t0 = time.monotonic()
    assert host_overlay.table.on_leave is not None
    host_overlay.table.on_leave()
    frames([guest], lambda: isinstance(guest.stack.top, LinkEnded), 10.0)
    told = guest.stack.top
    assert isinstance(told, LinkEnded), f"not told: {guest.stack.top}"
    assert time.monotonic() - t0 < 5.0, "told at once, not after the reconnecting (60 s)"
    assert (told.title, told.message) == (t("host_left_title"), t("host_left"))
    assert "房主" in told.message
    told.close()  # OK: back to the menu
    assert [type(s) for s in guest.stack.scenes()] == [JoinScene], "the table and all over it are gone"
    guest.stack.update(FRAME)
    assert guest.stack.watchers == [], "the table's watch ends with it"
    # The host reopens the table from its save; the guest joins again and has seat 1 back.
    lobby = open_host_table(host, resume=True)
    frames([host], lambda: lobby.hosting is not None and lobby.hosting.table.seats[0].conn is not None)
    join(guest, lobby)
    frames([host, guest], lambda: lobby.hosting is not None and lobby.hosting.table.seats[1].conn is not None, 30.0)
    lobby.start()  # the host carries on (everyone back starts it too; the button makes it certain)
    frames([host, guest], lambda: isinstance(guest.stack.top, NetOverlay), 30.0)
    back = guest.stack.top
    assert isinstance(back, NetOverlay) and back.session.seat == 1
    lobby.back()
