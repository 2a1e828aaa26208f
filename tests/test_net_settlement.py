"""A network player's settlement screen is the local one's: the hand laid open, chickens, every line.

The host sends the settled hand's full result (public once the hand is over) beside its ledger;
the client's settlement screen is built from both, as at one computer. The reference is the same
seeded hand played by the same bots at one computer, the person at the same seat (docs/rules.md §12
chickens, §14 payments: whatever the hand paid, both screens must show it alike).
"""

from __future__ import annotations

import os
import time
from typing import cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import msgspec
import pygame
import pytest

from game.core.result import HandResult
from game.match.agents import SimpleAgent
from game.match.replay import restore
from game.net.client.connection import NetClient
from game.net.client.thread import HostThread, NetLink
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import result_from_wire, wire_result
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.settings.values import Settings, Speed
from ui.settlement import SettlementScene
from ui.table.net_session import NetSession
from ui.table.scene import TableScene

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)


def _panel_of(scene: TableScene, host: HeadlessHost, screen: pygame.Surface, limit: float = 60) -> SettlementScene:
    """Play the table (its person by the autopilot) until the first settlement screen shows."""
    shown: list[SettlementScene] = []
    scene.on_panel = lambda panel: shown.append(cast(SettlementScene, panel))
    scene.autopilot = SimpleAgent()
    host.stack.push(scene)
    deadline = time.monotonic() + limit
    while not shown and time.monotonic() < deadline:
        host.stack.update(FRAME)
        host.stack.draw(screen)
        time.sleep(0.001)
    assert shown, "no settlement screen"
    return shown[0]


def _picture(panel: SettlementScene) -> bytes:
    panel.resize(SIZE)
    surface = pygame.Surface(SIZE)
    panel.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def _network_panel(seed: str, seat: int) -> tuple[SettlementScene, NetTable]:
    seats = ",".join("human" if s == seat else "ai" for s in range(4))
    table = NetTable(RULES, seed, config(2, seats, next_hand_wait=30.0), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    link = NetLink(NetClient(f"ws://127.0.0.1:{port}", CODE, name="阿强"))
    link.start()
    try:
        session = NetSession(RULES, link, seat)
        deadline = time.monotonic() + 10
        while not session.in_hand and time.monotonic() < deadline:
            session.pump()
            time.sleep(0.01)
        screen = headless_display(SIZE)
        host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
        panel = _panel_of(TableScene(host, RULES, seed, session=session), host, screen)
        assert session.errors == []
        return panel, table
    finally:
        link.close()
        hosting.stop()
        hosting.thread.join(5)


def _local_panel(seed: str, seat: int) -> SettlementScene:
    agents: list[SimpleAgent | None] = [None if s == seat else SimpleAgent() for s in range(4)]
    screen = headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
    return _panel_of(TableScene(host, RULES, seed, human=seat, agents=list(agents)), host, screen)


@pytest.mark.parametrize(("seed", "seat"), [("settle-a", 0), ("settle-b", 2)])
def test_a_network_players_settlement_screen_is_the_local_ones(seed: str, seat: int) -> None:
    """docs/rules.md §12/§14: the same hand shows the same hands, chickens, lines and standings at both tables."""
    net, table = _network_panel(seed, seat)
    local = _local_panel(seed, seat)
    assert net.result is not None, "the network screen has the hand laid open"
    assert net.result == local.result
    assert net.ledger.items == local.ledger.items
    assert net.settled == local.settled
    assert net.win == local.win and net.viewer == local.viewer == seat
    assert net.chickens() == local.chickens()
    # The "what if" switch works from the result alone, so it is there too.
    assert len(net.choices) == len(local.choices) > 1
    assert _picture(net) == _picture(local), "the two settlement screens differ"
    assert table.match.ledgers[0].items == local.ledger.items


def test_a_hands_result_round_trips_through_the_wire() -> None:
    """Every field of a HandResult survives the wire (hands, melds, ponds, the turned tile, first chickens)."""
    table = NetTable(RULES, "wire-result", config(6, "ai,ai,ai,ai"), simple_factory)
    table.start()
    table.step()
    assert table.over
    results = _results_of(table)
    assert len(results) == 6 and any(r.win is not None for r in results)
    for result in results:
        again = msgspec.json.decode(msgspec.json.encode(wire_result(result)), type=P.WireResult)
        assert result_from_wire(again) == result


def _results_of(table: NetTable) -> list[HandResult]:
    out = []
    for rnd in restore(table.save_data(), RULES).finished:
        assert rnd.state.result is not None
        out.append(rnd.state.result)
    return out


def test_a_settlement_that_does_not_hang_together_is_refused_by_the_client() -> None:
    table = NetTable(RULES, "bad-result", config(1, "ai,ai,ai,ai"), simple_factory)
    table.start()
    table.step()
    assert table.last_settled is not None
    good = table.last_settled.result
    one = msgspec.structs.replace(good, seats=good.seats[:1])
    with pytest.raises(ValueError, match="a seat for each player"):
        result_from_wire(one)
    raw = msgspec.json.encode(msgspec.structs.replace(table.last_settled, result=one))
    assert isinstance(P.decode_host(raw), P.Settled)  # the schema holds; the sense is checked after
    bad = raw.replace(b'"dealer_followed"', b'"dealer_follows"')
    with pytest.raises(P.ProtocolError, match="dealer_follow"):
        P.decode_host(bad)
