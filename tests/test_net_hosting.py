"""A host's start-up is one function for the window and the command line; a resumed match's replay log replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.match.agents import SimpleAgent
from game.match.replay import replay
from game.net.host.hosting import host_server, new_table
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import from_wire
from game.records.gamelog import read_log
from game.records.savefile import dumps, loads
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, LOOPBACK, config, simple_factory

RULES = load_ruleset("guiyang-classic")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return tmp_path


class Player:
    """The person at seat 0, on a connection driven directly, playing the simple bot's moves."""

    def __init__(self, table: NetTable, conn_id: int, **hello: Any) -> None:
        self.table = table
        self.got: list[P.HostMessage] = []
        self.id = conn_id
        table.connect(conn_id, lambda data: self.got.append(P.decode_host(data)), lambda code, reason: None)
        table.receive(conn_id, P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, "me", **hello)))

    def move(self) -> bool:
        """Answer the table's latest question; False when there is none."""
        obs = next((m.obs for m in reversed(self.got) if isinstance(m, P.Events | P.Snapshot)), None)
        rnd = self.table.rnd
        if obs is None or not obs.legal_actions or rnd is None or not rnd.legal_tuple(0):
            return False
        a = SimpleAgent().choose(from_wire(obs))
        self.table.receive(self.id, P.encode(P.Act(len(self.table.views[0]), 0, a.kind.value, a.tile, a.declare)))
        return True


def _play(table: NetTable, player: Player, until: int) -> None:
    """Play on until the match has dealt hand `until` and made a few moves in it, or is over."""
    for _ in range(5000):
        table.step()
        if table.over or (table.match.hand_no >= until and table.rnd is not None and len(table.rnd.actions) > 8):
            return
        if not player.move():
            table.receive(player.id, P.encode(P.Ready()))


def test_a_host_match_resumed_from_its_save_keeps_a_replay_log_that_replays(home: Path) -> None:
    """A host stopped mid-hand and resumed from its save (as the window resumes it) logs every hand once, in order,
    and game.records.gamelog replays the log with no difference."""
    table = new_table(RULES, config(4, "human,ai,ai,ai"), "resumed-host", simple_factory)
    host_server(table, LOOPBACK, 0, None)
    player = Player(table, 1)
    _play(table, player, until=3)
    assert not table.over and table.match.hand_no == 3
    data = loads(dumps(table.save_data()))
    token = str(data.config["holders"]["0"]["token"])

    resumed = NetTable.from_save(data, RULES, simple_factory)
    host_server(resumed, LOOPBACK, 0, None)
    again = Player(resumed, 2, seat=0, token=token)
    _play(resumed, again, until=99)
    assert resumed.over

    parsed = read_log(home / "logs" / "replays" / f"{data.match_id}.jsonl")
    assert [events[0].hand for events, _ in parsed.hands] == [1, 2, 3, 4]  # type: ignore[attr-defined]
    report = replay(parsed, RULES)
    assert report.mismatch is None and report.hands == 4
    assert report.scores == list(resumed.match.scores)


def test_a_hand_ended_but_not_settled_when_the_host_stopped_is_logged_on_resume(home: Path) -> None:
    """A host stopped after a hand's last move was saved but before its settlement was logged settles the hand
    when resumed, and the replay log still has every hand once, in order."""
    table = new_table(RULES, config(4, "human,ai,ai,ai"), "ended-unsettled", simple_factory)
    server = host_server(table, LOOPBACK, 0, None)
    caught: list[str] = []

    def stop_at_the_end_of_hand_2() -> None:
        server._on_save()
        rnd = table.control.round
        if not caught and rnd is not None and rnd.ended and table.match.hand_no == 2:
            caught.append(dumps(table.save_data()))
            table.on_hand_done = None  # the host stops here: hand 2 never reaches the log

    table.on_save = stop_at_the_end_of_hand_2
    player = Player(table, 1)
    _play(table, player, until=3)
    data = loads(caught[0])
    assert not data.hands[-1].settled
    token = str(data.config["holders"]["0"]["token"])

    resumed = NetTable.from_save(data, RULES, simple_factory)
    host_server(resumed, LOOPBACK, 0, None)
    again = Player(resumed, 2, seat=0, token=token)
    _play(resumed, again, until=99)
    assert resumed.over

    parsed = read_log(home / "logs" / "replays" / f"{data.match_id}.jsonl")
    assert [events[0].hand for events, _ in parsed.hands] == [1, 2, 3, 4]  # type: ignore[attr-defined]
    assert replay(parsed, RULES).mismatch is None
