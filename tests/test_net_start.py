"""When a network match starts: every person's seat held by a connected player, or the host's say-so."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from game.net.client.connection import NetClient
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.records.savefile import dumps, loads
from game.rules.loader import load_ruleset
from tests.net_peers import Clock, Peer, drive_until
from tests.net_rig import CODE, config, open_host, run, simple_factory

RULES = load_ruleset("guiyang-classic")
ROOT = Path(__file__).resolve().parent.parent


def test_a_hello_then_leaving_before_the_start_frees_the_seat_for_the_next_person() -> None:
    clock = Clock()
    table = NetTable(RULES, "start", config(2, "human,human,ai,ai"), simple_factory, clock)
    ghost = Peer(table, 1)
    ghost.hello("ghost")
    table.disconnect(1)
    first, second = Peer(table, 2), Peer(table, 3)
    first.hello("first")
    second.hello("second")
    assert not first.of(P.Refused) and not second.of(P.Refused), "the seat the ghost left is free again"
    assert sorted(p.of(P.Welcome)[0].seat for p in (first, second)) == [0, 1]
    assert table.started, "both people's seats are held by connected players"


def test_a_drop_and_rejoin_before_the_start_starts_the_match_once_everyone_is_there() -> None:
    clock = Clock()
    table = NetTable(RULES, "start", config(2, "human,human,ai,ai"), simple_factory, clock)
    a, b = Peer(table, 1), Peer(table, 2)
    a.hello("a")
    token = a.of(P.Welcome)[0].token
    table.disconnect(1)
    b.hello("b")
    assert b.of(P.Welcome)[0].starts == "seats_taken"
    assert not table.started, "seat 0's player is away"
    again = Peer(table, 3)
    again.hello(token=token)
    assert again.of(P.Welcome)[0].seat == 0, "the token takes the seat back while nobody else took it"
    assert table.started, "every person's seat has its player again"


def _saved_midway() -> tuple[NetTable, list[str | None]]:
    """A match of two people and two AI played some moves in, saved and resumed: the resumed table and its tokens."""
    clock = Clock()
    table = NetTable(RULES, "resume", config(3, "human,human,ai,ai"), simple_factory, clock)
    peers = [Peer(table, k) for k in (1, 2)]
    for k, p in enumerate(peers):
        p.hello(f"p{k}")
    drive_until(table, peers, lambda: table.rnd is not None and len(table.rnd.actions) > 10)
    tokens = [p.of(P.Welcome)[0].token for p in peers]
    data = loads(dumps(table.save_data()))
    return NetTable.from_save(data, RULES, simple_factory, Clock()), tokens


def test_a_resumed_host_starts_when_its_players_are_back() -> None:
    table, tokens = _saved_midway()
    assert not table.status().started, "the resumed table waits for its players"
    first = Peer(table, 10)
    first.hello(token=tokens[0])
    assert first.of(P.Welcome)[0].starts == "players_back", "the lobby can say what it waits for"
    table.step()
    assert not table.status().started
    second = Peer(table, 11)
    second.hello(token=tokens[1])
    assert table.status().started, "both players came back"


def test_a_resumed_host_starts_on_the_hosts_say_so_with_the_ai_in_absent_seats() -> None:
    table, tokens = _saved_midway()
    back = Peer(table, 10)
    back.hello(token=tokens[0])
    before = len(table.events)
    table.start()
    assert table.status().started
    assert table.controller(1, table.now()) == "ai", "the absent player's seat is played by the AI at once"
    drive_until(table, [back], lambda: len(table.events) > before + 8)


def test_the_headless_host_starts_on_a_start_line_typed_in_its_terminal(tmp_path: Path) -> None:
    """`start` on the host's standard input deals with the AI in the seats nobody took."""

    async def scenario() -> None:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "main.py"), "host", "--headless", "--bind", "127.0.0.1", "--port", "0",
            "--code", CODE, "--hands", "1", "--seed", "typed", "--save", str(tmp_path / "h.save.json"),
            "--claim-beat", "0",
            cwd=ROOT, env={"GUIYANG_MAHJONG_HOME": str(tmp_path), "PATH": ""},
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        assert proc.stdout is not None and proc.stdin is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        port = line.split("ws://127.0.0.1:")[1].split()[0]
        watcher = NetClient(f"ws://127.0.0.1:{port}", CODE, watch=True)
        await watcher.connect()
        proc.stdin.write(b"start\n")
        await proc.stdin.drain()
        await asyncio.wait_for(watcher.run(), 60)
        assert watcher.state.over is not None and watcher.state.over.hands == 1
        assert await asyncio.wait_for(proc.wait(), 30) == 0

    run(scenario, 90)


def test_over_the_network_a_hello_and_leave_does_not_hold_a_seat() -> None:
    async def scenario() -> None:
        table = NetTable(RULES, "net-start", config(1, "human,human,ai,ai"), simple_factory)
        server, url, task = await open_host(table)
        ghost = NetClient(url, CODE, name="ghost")
        await ghost.connect()
        await ghost.close()
        for _ in range(200):
            if table.seats[0].conn is None:
                break
            await asyncio.sleep(0.01)
        real = NetClient(url, CODE, name="real", seat=0)
        welcome = await real.connect()
        assert welcome.seat == 0, "the seat the ghost left is free"
        await real.close()
        server.stop()
        await task

    run(scenario, 30)
