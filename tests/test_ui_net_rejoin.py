"""A player who left a network table (Escape, or the window closed) joins again from the window and gets their seat.

The table is served on 127.0.0.1; the join screen is given the address, so nothing is multicast. The
window keeps each table's seat token in the settings folder (a folder of the test's own here).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.net.client.seat_tokens import forget_token, keep_token, seat_token
from game.net.client.thread import HostThread
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.menu.lan import JoinScene
from ui.menu.lobby import LobbyScene
from ui.settings.values import Settings, Speed
from ui.table.net_overlay import NetOverlay

RULES = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tokens go to a folder of the test's own, not the player's."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))


def serve(name: str, seats: str) -> tuple[NetTable, HostThread, int]:
    """A table of `seats` on 127.0.0.1, starting once every person's seat is taken: it, its thread, its port."""
    table = NetTable(RULES, name, config(4, seats, auto_start=True, drop_wait=60.0), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    return table, hosting, port


def open_lobby(host: HeadlessHost, port: int, seat: int | None = None) -> LobbyScene:
    """Join from the join screen as a player would (asking for `seat`, if given); the lobby it opens."""
    join = JoinScene(host, browse=False)
    host.stack.push(join)
    join.address, join.code, join.name, join.seat = f"127.0.0.1:{port}", CODE, "阿强", seat
    join.join()
    lobby = host.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def pump_until(host: HeadlessHost, screen: object, done: Callable[[], bool]) -> None:
    """Run the window's frames until `done()` or ten seconds."""
    deadline = time.monotonic() + 10
    while not done() and time.monotonic() < deadline:
        host.stack.update(FRAME)
        host.stack.draw(screen)  # type: ignore[arg-type]
        time.sleep(0.01)


def join_table(host: HeadlessHost, port: int, screen: object) -> NetOverlay | str:
    """Join from the join screen as a player would; the table's overlay, or what the lobby said instead."""
    lobby = open_lobby(host, port)
    pump_until(host, screen, lambda: isinstance(host.stack.top, NetOverlay) or bool(lobby.link_notice()))
    top = host.stack.top
    return top if isinstance(top, NetOverlay) else lobby.link_notice()


def test_a_player_who_left_joins_again_from_the_window_and_gets_their_seat_back() -> None:
    table, hosting, port = serve("rejoin", "human,ai,ai,ai")
    size = (1280, 720)
    screen = headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.FAST), size)
    try:
        first = join_table(host, port, screen)
        assert isinstance(first, NetOverlay) and first.session.seat == 0, first
        assert seat_token(CODE) == table.seats[0].holder.token if table.seats[0].holder else False
        # Escape at the table, confirmed: back to the menu; the host holds the seat for its player.
        lobby = next(s for s in host.stack.scenes() if isinstance(s, LobbyScene))
        lobby.leave_table(first)
        deadline = time.monotonic() + 10
        while table.seats[0].conn is not None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert table.seats[0].conn is None, "the host saw the player go"
        again = join_table(host, port, screen)
        assert isinstance(again, NetOverlay), f"refused: {again}"
        assert again.session.seat == 0 and again.session.link.welcome is not None
        for _ in range(20):
            host.stack.update(FRAME)
            host.stack.draw(screen)
            time.sleep(0.005)
        assert again.session.status is not None and again.session.status.seats[0].connected
    finally:
        hosting.stop()
        hosting.thread.join(5)


def test_the_window_keeps_a_token_for_each_seat_it_holds_at_a_table() -> None:
    """Two windows of one player at one table each keep their seat's token: asking for a seat sends only that
    seat's (an older token, kept before seats were, goes with any), and forgetting one keeps the other."""
    keep_token(CODE, "one", "ws://h", seat=1)
    assert seat_token(CODE, 0) is None and seat_token(CODE, 1) == "one" and seat_token(CODE) == "one"
    keep_token(CODE, "zero", "ws://h", seat=0)
    assert seat_token(CODE, 1) == "one" and seat_token(CODE, 0) == "zero" and seat_token(CODE) == "zero"
    forget_token(CODE, "zero")
    assert seat_token(CODE, 0) is None and seat_token(CODE, 1) == "one"
    forget_token(CODE)
    keep_token(CODE, "old", "ws://h")
    assert seat_token(CODE, 2) == "old"


def test_two_windows_of_one_player_take_two_seats_of_one_table() -> None:
    """The second window, asking for another seat, is not sent the first's token (which the host would refuse as
    another seat's), and each keeps its own seat's."""
    _table, hosting, port = serve("two", "human,human,ai,ai")
    size = (1280, 720)
    screen = headless_display(size)
    lobbies = []
    try:
        for seat in (1, 0):
            host = HeadlessHost(Settings(speed=Speed.FAST), size)
            lobby = open_lobby(host, port, seat)

            def welcomed(lobby: LobbyScene = lobby) -> bool:
                return lobby.link.welcome is not None or bool(lobby.link_notice())

            pump_until(host, screen, welcomed)
            assert lobby.link.welcome is not None, lobby.link_notice()
            assert lobby.link.welcome.seat == seat
            lobbies.append(lobby)
        for lobby in lobbies:
            welcome = lobby.link.welcome
            assert welcome is not None and seat_token(CODE, welcome.seat) == welcome.token
    finally:
        hosting.stop()
