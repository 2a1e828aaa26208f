"""A joined player's session at tables of three and two (docs/rules.md §15.2), 定缺 included (§15.3).

The network session is driven as the table scene drives it (its moves, the other seats' events, the
settlement), without the scene: the host serves on 127.0.0.1 from a thread and the seat joins through a
NetLink, as the windowed client does.
"""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.events import SuitsShown
from game.match.agents import SimpleAgent
from game.net.client.connection import NetClient
from game.net.client.thread import HostThread, NetLink
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import wire_events
from game.rules.loader import load_ruleset
from tests.net_peers import Peer
from tests.net_rig import CODE, HeldLink, config, simple_factory
from ui.table.net_session import NetSession

THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")


def _play_a_hand(rules: Ruleset, seats: str) -> tuple[NetSession, NetTable, list[Action]]:
    """Seat 0 plays one hand through its session with the simple bot; the session, the host's table, its moves."""
    table = NetTable(rules, f"session-{rules.name}", config(1, seats, next_hand_wait=5.0), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    link = NetLink(NetClient(f"ws://127.0.0.1:{port}", CODE, name="阿强", seat=0))
    link.start()
    session = NetSession(rules, link, 0)
    agent, moves = SimpleAgent(), []
    deadline = time.monotonic() + 60
    try:
        while session.over is None and time.monotonic() < deadline:
            session.pump(time.monotonic())
            if session.hand_over:
                session.settle()
                session.start_hand()
                continue
            movers = session.to_move()
            if movers == [0]:
                action = agent.choose(session.observe(0))
                assert session.check(action) is None
                session.apply(action)
                moves.append(action)
            elif movers:
                session.agent_move(movers[0])
            time.sleep(0.002)
    finally:
        link.close()
        hosting.stop()
        hosting.thread.join(5)
    return session, table, moves


@pytest.mark.parametrize(("rules", "seats"), [(THREE, "human,ai,ai"), (TWO, "human,ai")], ids=["three", "two"])
def test_a_joined_player_plays_a_whole_hand_at_a_small_table(rules: Ruleset, seats: str) -> None:
    """§15.2: seat 0 plays a hand through its network session; at three it names its 定缺 suit first (§15.3);
    what it was shown is the host's, as seat 0 may see it; the settlement lists the table's seats."""
    session, table, moves = _play_a_hand(rules, seats)
    assert session.over is not None and table.hands_done == 1, "the hand was not played to its end"
    assert session.errors == []
    named = [a for a in moves if a.kind is ActionKind.DINGQUE]
    assert len(named) == (1 if rules.play.dingque else 0)
    assert moves and (not named or moves[0] is named[0]), "定缺 is the hand's first decision"
    shown = [e for e in wire_events(table.events[table.hand_start :], 0) if e["type"] != "hand_settled"]
    assert [e.to_json() for e in session.hand] == shown
    assert len(session.ledgers) == 1 and len(session.ledgers[0].nets()) == rules.players
    assert len(session.scores) == rules.players
    if named:
        suits = next(e for e in table.events if isinstance(e, SuitsShown)).suits
        assert named[0].tile is not None and suits[0] == named[0].tile // 9


def test_asked_again_after_naming_its_suit_the_session_does_not_ask_its_player_twice() -> None:
    """§15.3: another seat's naming reaches the host before ours, and the host asks again with the same choices;
    ours stands, so the player is not asked a second time."""
    table = NetTable(THREE, "asked-again", config(1, "human,human,human"), simple_factory)
    peers = [Peer(table, k) for k in range(3)]
    for k, p in enumerate(peers):
        p.hello(f"p{k}", seat=k)
    link = HeldLink(peers[0].of(P.Welcome)[0])
    link.inbox = list(peers[0].got)
    session = NetSession(THREE, link, 0)  # type: ignore[arg-type]
    session.pump()
    session.agent_move(1)  # the table shows the deal
    assert session.to_move() == [0] and session.observe(0).phase == "dingque"
    choice = SimpleAgent().choose(session.observe(0))
    session.apply(choice)  # on its way to the host
    sent = len(peers[0].got)
    peers[1].play()  # seat 1's naming arrives first: seat 0 is asked again
    again = [m for m in peers[0].got[sent:] if isinstance(m, P.Events)]
    assert again and again[-1].obs is not None and again[-1].obs.phase == "dingque"
    link.inbox = list(peers[0].got[sent:])
    session.pump()
    assert [e.kind for e in session.agent_move(1)] == ["suit_named"]  # seat 1 has named a suit
    assert session.obs is None and session.to_move() != [0], "the player was asked to name a suit twice"
    assert session.observe(0).missing == (-1, -1, -1)
