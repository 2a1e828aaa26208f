"""A network match over loopback gives every seat exactly what the local engine gives it (docs/design.md)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.match.replay import replay
from game.net.client.connection import NetClient
from game.net.host.table import NetTable
from game.net.wire.view import SPECTATOR, wire_events
from game.records.savefile import loads
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, local_match_events, open_host, play_all, run, seat_players

RULES = load_ruleset("guiyang-classic")


def test_twenty_hands_over_the_network_equal_the_local_engine_seat_by_seat(tmp_path: Path) -> None:
    """Host + four clients, 20 hands: each seat's events are the local engine's, redacted for that seat."""
    seed = "net-20"
    hands = 20
    save = tmp_path / "host.save.json"

    async def scenario() -> tuple[list[NetClient], NetClient, NetTable]:
        table = NetTable(RULES, seed, config(hands))
        _server, url, task = await open_host(table, save)
        watcher = NetClient(url, CODE, watch=True)
        await watcher.connect()
        clients = await seat_players(url)
        await asyncio.gather(play_all(clients), watcher.run())
        await task
        return clients, watcher, table

    clients, watcher, table = run(scenario)
    reference = local_match_events(RULES, seed, hands)
    assert table.hands_done == hands
    assert len(reference) == len(table.events)
    for seat, client in enumerate(clients):
        assert client.state.seat == seat
        assert client.state.events == wire_events(reference, seat), f"seat {seat} saw other events"
        assert client.state.errors == []
        assert client.state.over is not None and client.state.over.scores == list(table.match.scores)
        assert [s.hand for s in client.state.settled] == list(range(1, hands + 1))
    assert watcher.state.events == wire_events(reference, SPECTATOR)
    # The match ended: the host's save is complete, and it replays to the same events.
    data = loads(save.read_text(encoding="utf-8"))
    assert len(data.hands) == hands and all(h.settled for h in data.hands)


def test_the_hosts_replay_log_replays_identically(tmp_path: Path, monkeypatch) -> None:
    """The host keeps each hand in the replay log the local game writes (game.records.replaylog): the same."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    from game.net.host.server import HostServer
    from game.records.gamelog import read_log
    from game.records.replaylog import ReplayLog, read_index, replay_dir
    from tests.net_rig import LOOPBACK

    async def scenario() -> NetTable:
        table = NetTable(RULES, "log", config(3, "human,ai,ai:easy,ai:hard"))
        server = HostServer(table, LOOPBACK, 0, None, ReplayLog("m1", RULES, "log"), linger=0.05)
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run(ready.set_result))
        port = await ready
        clients = await seat_players(f"ws://{LOOPBACK}:{port}", 1)
        await play_all(clients)
        await task
        return table

    table = run(scenario)
    parsed = read_log(replay_dir() / "m1.jsonl")
    report = replay(parsed, RULES)
    assert report.mismatch is None and report.hands == 3
    assert report.scores == list(table.match.scores)
    assert [e.hand for e in read_index()] == [1, 2, 3]


def test_a_write_in_flight_at_close_cannot_undo_the_final_save(tmp_path: Path, monkeypatch) -> None:
    """The host's saver writes in a thread; at close, the final save is written after that write, never before."""
    import time

    from game.files.safe_files import write_text_atomic
    from game.net.host import server as server_module
    from game.net.host.server import HostServer
    from game.records.savefile import dumps
    from tests.net_rig import LOOPBACK

    save = tmp_path / "host.save.json"
    real = write_text_atomic
    writes: list[str] = []

    def slow_first_write(path: Path, text: str) -> None:
        writes.append(text)
        if len(writes) == 1:
            time.sleep(0.3)  # still writing the state before the deal when the host closes
        real(path, text)

    monkeypatch.setattr(server_module, "write_text_atomic", slow_first_write)

    async def scenario() -> str:
        table = NetTable(RULES, "race", config(1))
        server = HostServer(table, LOOPBACK, 0, save, None, linger=0.0)
        await server.start()
        server._on_save()  # a change before the deal: the saver starts its slow write
        await asyncio.sleep(0.05)
        table.start()  # the deal changes the save while that write is in flight
        final = dumps(table.save_data())
        await server.close()
        await asyncio.sleep(0.5)  # any write still running in its thread has landed by now
        return final

    final = run(scenario)
    assert len(writes) >= 2
    assert save.read_text(encoding="utf-8") == final
