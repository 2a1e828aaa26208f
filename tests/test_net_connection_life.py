"""Hostile connection life over loopback: idle sockets, squatters at the door, code storms, running out of files.

Every socket is on 127.0.0.0/8 (several source addresses of the loopback network stand for several
machines); every loop here has a bounded count and a time limit, and stops by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.net.client.connection import NetClient
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.limits import CodeGuard, DoorLimits
from game.net.wire.roomcode import ALPHABET, CODE_LENGTH, code_space, new_code, normalize_code, valid_code
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, LOOPBACK, config, open_host, run, seat_players, simple_factory

RULES = load_ruleset("guiyang-classic")
ROOT = Path(__file__).resolve().parent.parent


def hello(code: str = CODE, **kw: Any) -> str:
    """A hello as a client sends it."""
    return P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, code, kw.pop("name", "x"), **kw)).decode()


async def raw(url: str, source: str = LOOPBACK) -> ClientConnection:
    """A bare WebSocket connection from `source` (an address of the loopback network), saying nothing."""
    return await connect(url, local_addr=(source, 0), open_timeout=5, ping_interval=None)


async def closed_within(ws: ClientConnection, seconds: float) -> tuple[int, str] | None:
    """The close code and reason if the host closes `ws` within `seconds`, else None (messages are read and dropped)."""
    try:
        async with asyncio.timeout(seconds):
            for _ in range(10_000):
                await ws.recv()
    except ConnectionClosed as exc:
        return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (1006, "")
    except TimeoutError:
        return None
    return None


async def ask(url: str, text: str, source: str = LOOPBACK) -> P.HostMessage | None:
    """Send one hello from `source`; the host's first answer (None if it closed without one)."""
    async with await raw(url, source) as ws:
        await ws.send(text)
        try:
            async with asyncio.timeout(5):
                return P.decode_host(await ws.recv())
        except ConnectionClosed:
            return None


def other_codes(n: int) -> list[str]:
    """`n` well-formed room codes, none of them the table's."""
    out = []
    for k in range(n + 1):
        digits = [ALPHABET[(k // len(ALPHABET) ** i) % len(ALPHABET)] for i in range(CODE_LENGTH)]
        code = "".join(digits)
        if code != CODE:
            out.append(code)
    return out[:n]


# ---------------------------------------------------------------------- idle sockets and squatters


def test_sockets_that_never_say_hello_are_closed_at_the_hello_deadline() -> None:
    async def scenario() -> list[tuple[int, str] | None]:
        table = NetTable(RULES, "idle", config(1, "human,ai,ai,ai"), simple_factory)
        server, url, task = await open_host(table, door=DoorLimits(hello_deadline=0.4, max_waiting=50))
        idle = [await raw(url) for _ in range(12)]
        started = time.monotonic()
        ends = await asyncio.gather(*(closed_within(ws, 3.0) for ws in idle))
        assert time.monotonic() - started < 2.0, "closed at the deadline, not at the pings' timeout"
        assert not [c for c in table.conns.values() if not c.joined]
        server.stop()
        await task
        return ends

    ends = run(scenario, timeout=30)
    assert all(end is not None and end[0] == 1008 and "hello" in end[1] for end in ends), ends


def test_squatters_fill_the_door_then_newcomers_are_told_to_come_back_and_get_in_after_the_deadline() -> None:
    async def scenario() -> None:
        table = NetTable(RULES, "squat", config(1, "human,human,ai,ai", auto_start=False), simple_factory)
        server, url, task = await open_host(table, door=DoorLimits(hello_deadline=1.0, max_waiting=5))
        seated = await seat_players(url, 1)
        squatters = [await raw(url) for _ in range(5)]
        late = await raw(url)
        end = await closed_within(late, 0.5)
        assert end is not None and end[0] == 1013 and "waiting" in end[1], end
        # The seated player is not one of the waiting: it still talks to the table.
        await seated[0].send(P.Ping(7))
        assert isinstance(await asyncio.wait_for(seated[0].next_message(), 2), P.Pong | P.Status)
        ends = await asyncio.gather(*(closed_within(ws, 3.0) for ws in squatters))
        assert all(e is not None and e[0] == 1008 for e in ends), ends
        honest = NetClient(url, CODE, name="late but honest", reconnect_for=5)
        welcome = await asyncio.wait_for(honest.connect(), 5)
        assert welcome.seat == 1
        await honest.close()
        await seated[0].close()
        server.stop()
        await task

    run(scenario, timeout=30)


def test_a_rejoin_gets_through_a_full_door_once_the_squatters_time_out() -> None:
    async def scenario() -> None:
        table = NetTable(RULES, "squat2", config(1, "human,human,ai,ai", auto_start=False), simple_factory)
        server, url, task = await open_host(table, door=DoorLimits(hello_deadline=0.6, max_waiting=3))
        first = (await seat_players(url, 1))[0]
        token = first.state.token
        await first.close()
        squatters = [await raw(url) for _ in range(3)]
        again = NetClient(url, CODE, token=token, reconnect_for=8)
        # connect() is refused at the full door; the reconnect loop tries again until it is let in.
        await asyncio.wait_for(again._reconnect(), 10)
        assert again.state.seat == 0 and table.seats[0].conn is not None
        for ws in squatters:
            await ws.close()
        await again.close()
        server.stop()
        await task

    run(scenario, timeout=30)


# ---------------------------------------------------------------------- out of files


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_NOFILE and /proc are Linux's")
def test_running_out_of_files_backs_off_with_one_log_line_and_joins_work_again(tmp_path: Path) -> None:
    """The host process has 40 files; 60 sockets that never speak push it past them. Its log stays short."""
    import resource
    import subprocess

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (40, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    err_path = tmp_path / "host.err"
    with err_path.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "host", "--headless", "--bind", LOOPBACK, "--port", "0",
             "--code", CODE, "--seats", "human,ai,ai,ai", "--hands", "1", "--save", str(tmp_path / "h.json"),
             "--no-replays"],
            cwd=ROOT, env={**os.environ, "GUIYANG_MAHJONG_HOME": str(tmp_path)},
            stdout=subprocess.PIPE, stderr=err, preexec_fn=limit,
        )  # fmt: skip
    squat: list[socket.socket] = []
    try:
        assert proc.stdout is not None
        found = re.search(r":(\d+)", proc.stdout.readline().decode())
        assert found, "the host did not start"
        port = int(found.group(1))
        for _ in range(60):
            with contextlib.suppress(OSError):
                squat.append(socket.create_connection((LOOPBACK, port), timeout=2))
        cpu0 = cpu_seconds(proc.pid)
        time.sleep(2.0)
        cpu = cpu_seconds(proc.pid) - cpu0
        log = err_path.read_text(errors="replace")
        assert "Traceback" not in log, log[:2000]
        assert len(log.splitlines()) <= 3, log[:2000]
        assert cpu < 0.5, f"{cpu:.2f} s of CPU in 2 s while out of files"
        for s in squat:
            s.close()
        squat.clear()

        async def join() -> int | None:
            c = NetClient(f"ws://{LOOPBACK}:{port}", CODE, name="after", reconnect_for=8)
            await c._reconnect()
            seat = c.state.seat
            await c.close()
            return seat

        assert run(join, timeout=20) == 0
    finally:
        for s in squat:
            s.close()
        proc.kill()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- the room code


def test_the_room_code_is_six_typeable_characters_and_its_space_outlasts_any_match() -> None:
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and valid_code(c) for c in codes) and len(codes) > 190
    assert not set("01OIL") & set(ALPHABET), "no look-alikes"
    assert normalize_code(" k7m-4qx ") == "K7M4QX" and valid_code(normalize_code("k7m 4qx"))
    assert not valid_code("4321") and not valid_code("K7M4Q0")
    guard = CodeGuard()
    # Guesses the guard lets through in a day of trying as fast as it answers.
    now, checked = 0.0, 0
    for _ in range(200_000):
        if guard.wait(now) == 0.0:
            guard.miss(now)
            checked += 1
        now += 0.5
        if now > 86_400:
            break
    assert code_space() >= 800_000_000
    assert checked <= 3_000, checked
    assert checked / code_space() < 1e-5, "a day of guessing finds the code with less than a 1 in 100,000 chance"


def test_a_code_storm_from_many_addresses_finds_nothing_and_a_token_rejoin_passes_through_it() -> None:
    """Thirteen loopback addresses send 260 well-formed wrong codes, the right one hidden among them; the
    storm is never let in, and the seated player's rejoin with its token (from a storming address) is."""

    async def scenario() -> tuple[dict[str, int], list[P.HostMessage | None]]:
        table = NetTable(RULES, "storm", config(1, "human,human,ai,ai", auto_start=False), simple_factory)
        server, url, task = await open_host(table)
        player = (await seat_players(url, 1))[0]
        token = player.state.token
        sources = [f"127.0.0.{k}" for k in range(1, 14)]
        guesses = other_codes(260)
        guesses.insert(150, CODE)
        tally: dict[str, int] = {}
        rejoins: list[P.HostMessage | None] = []
        for n, guess in enumerate(guesses):
            answer = await ask(url, hello(guess, name="guess"), sources[n % len(sources)])
            key = type(answer).__name__ if not isinstance(answer, P.Refused) else f"refused:{answer.code}"
            tally[key] = tally.get(key, 0) + 1
            if n % 100 == 99:
                assert player.ws is not None
                await player.ws.close()
                rejoins.append(await ask(url, hello(name="p0", token=token), LOOPBACK))
        rejoins.append(await ask(url, hello(name="p0", token=token), LOOPBACK))
        await player.close()
        server.stop()
        await task
        return tally, rejoins

    tally, rejoins = run(scenario, timeout=60)
    assert "Welcome" not in tally, tally
    assert tally.get("refused:code", 0) <= 20, tally
    assert tally.get("refused:code_wait", 0) >= 240, tally
    assert all(isinstance(r, P.Welcome) and r.seat == 0 for r in rejoins), rejoins


def test_a_newcomer_told_to_wait_during_a_storm_gets_in_with_the_right_code_once_it_is_over() -> None:
    async def scenario() -> None:
        table = NetTable(RULES, "after-storm", config(1, "human,ai,ai,ai", auto_start=False), simple_factory)
        table.code_guard = CodeGuard(free=3, base_lock=0.2, max_lock=0.4, forgive=60.0)
        server, url, task = await open_host(table)
        answers = [await ask(url, hello(g), "127.0.0.9") for g in other_codes(6)]
        assert [a.code for a in answers if isinstance(a, P.Refused)][-1] == "code_wait"
        waiting = await ask(url, hello(CODE, name="newcomer"), "127.0.0.2")
        assert isinstance(waiting, P.Refused) and waiting.code == "code_wait" and " s" in waiting.reason
        await asyncio.sleep(0.5)
        c = NetClient(url, CODE, name="newcomer")
        assert (await c.connect()).seat == 0
        await c.close()
        server.stop()
        await task

    run(scenario, timeout=30)


def test_a_malformed_code_is_refused_by_the_schema() -> None:
    with pytest.raises(P.ProtocolError) as got:
        P.decode_client(json.dumps({"type": "hello", "game": P.GAME, "version": P.PROTOCOL_VERSION, "code": "4321"}))
    assert got.value.code == "invalid" and "code" in got.value.reason
