"""The table scene plays a network match through the network controller, the network in its own thread.

The host serves on 127.0.0.1 from a thread; the scene's seat joins through a NetLink, exactly as
the windowed client does. Frames never wait on the network: taking in what arrived is a queue read.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.agents import SimpleAgent
from game.net.client import NetClient
from game.net.server import HostServer
from game.net.table import NetTable
from game.net.thread import HostThread, NetLink
from game.net.view import wire_events
from game.ruleset_loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory
from ui.moments import FRAME, HeadlessHost, headless_display
from ui.settings import Settings, Speed
from ui.table.net_session import NetSession
from ui.table.scene import TableScene

RULES = load_ruleset("guiyang-classic")


def test_a_network_hand_is_played_at_the_table_scene_and_no_frame_waits_on_the_network() -> None:
    table = NetTable(RULES, "ui-net", config(2, "human,ai,ai,ai", next_hand_wait=5.0), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    link = NetLink(NetClient(f"ws://127.0.0.1:{port}", CODE, name="阿强"))
    link.start()
    session = NetSession(RULES, link, 0)
    size = (1280, 720)
    screen = headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), size)
    deadline = time.monotonic() + 10
    while not session.in_hand and time.monotonic() < deadline:
        session.pump()
        time.sleep(0.01)
    scene = TableScene(host, RULES, "ui-net", session=session)
    scene.autopilot = SimpleAgent()
    host.stack.push(scene)
    # What the frame spends on the network: taking in what arrived, never waiting for it.
    pumps: list[float] = []
    pump = session.pump

    def timed_pump(now: float = 0.0) -> None:
        t0 = time.perf_counter()
        pump(now)
        pumps.append(time.perf_counter() - t0)

    session.pump = timed_pump  # type: ignore[method-assign]
    deadline = time.monotonic() + 60
    while scene.hands_done < 2 and time.monotonic() < deadline:
        host.stack.update(FRAME)
        host.stack.draw(screen)
        time.sleep(0.002)
    hosting.stop()
    hosting.thread.join(5)
    assert session.over is not None, "the match did not finish"
    assert scene.hands_done == 2 and scene.player_moves > 5
    assert session.errors == []
    # What the table was given is what the host's engine said, as seat 0 may see it.
    shown = [e for e in wire_events(table.events[table.hand_start :], 0) if e["type"] != "hand_settled"]
    assert [e.to_json() for e in session.hand] == shown
    pumps.sort()
    assert pumps and pumps[len(pumps) // 2] < 0.005, f"median {pumps[len(pumps) // 2] * 1000:.1f} ms"
