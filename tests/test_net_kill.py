"""SIGKILL at a network table: a killed `join` process rejoins with its token, a killed host resumes from its save.

The host and one player run as real processes of `python main.py` on 127.0.0.1; the other
three players are clients in this process that reconnect on their own.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from game.match.agents import SimpleAgent
from game.match.replay import replay
from game.net.client.connection import NetClient, autoplay
from game.net.wire.view import wire_events
from game.records.gamelog import read_log
from game.records.replaylog import REPLAY_FOLDER
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, run

ROOT = Path(__file__).resolve().parent.parent
RULES = load_ruleset("guiyang-classic")
HANDS = 3

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


async def start(home: Path, *args: str) -> asyncio.subprocess.Process:
    env = {**os.environ, "GUIYANG_MAHJONG_HOME": str(home)}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "main.py"),
        *args,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def host(home: Path, port: int) -> tuple[asyncio.subprocess.Process, int, str]:
    """Start (or restart) the host; its process, port and what it printed first."""
    proc = await start(
        home,
        "host",
        "--headless",
        "--bind",
        "127.0.0.1",
        "--port",
        str(port),
        "--code",
        CODE,
        "--hands",
        str(HANDS),
        "--seed",
        "killed",
        "--next-hand-wait",
        "0",
        "--claim-beat",
        "0",
        "--save",
        str(home / "host.save.json"),
    )
    assert proc.stdout is not None
    head = ""
    while "open at" not in head:
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        if not line:
            err = await proc.stderr.read() if proc.stderr else b""
            raise AssertionError(f"the host did not start: {head} {err.decode()}")
        head += line.decode()
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", head)
    assert found is not None, head
    return proc, int(found.group(1)), head


async def wait_events(client: NetClient, hand_events: int, settled: int) -> None:
    while len(client.state.settled) < settled or len(client.state.hand_events()) < hand_events:
        await asyncio.sleep(0.01)


def test_killed_player_and_killed_host_both_come_back_and_the_match_finishes(tmp_path: Path) -> None:
    token_file = tmp_path / "seat.token"

    async def scenario() -> tuple[list[NetClient], str, str, str]:
        proc, port, _ = await host(tmp_path, 0)
        url = f"ws://127.0.0.1:{port}"
        join_args = ("join", url, "--code", CODE, "--name", "proc", "--autoplay", "--token-file", str(token_file))
        player = await start(tmp_path, *join_args, "--reconnect-for", "30")
        while not token_file.is_file():
            await asyncio.sleep(0.02)
        clients = []
        for k in range(3):
            c = NetClient(url, CODE, name=f"p{k}", reconnect_for=30)
            await c.connect()
            clients.append(c)
        tasks = [asyncio.create_task(autoplay(c, SimpleAgent())) for c in clients]

        # The player's process is killed mid-hand and started again with its token file.
        await wait_events(clients[0], 30, 0)
        player.send_signal(signal.SIGKILL)
        await player.wait()
        player = await start(tmp_path, *join_args, "--reconnect-for", "30")

        # Then the host is killed mid-hand, and started again on the same port with the same save.
        await wait_events(clients[0], 30, 1)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        assert (tmp_path / "host.save.json").is_file()
        proc, _, head = await host(tmp_path, port)

        await asyncio.wait_for(asyncio.gather(*tasks), 120)
        out, err = await asyncio.wait_for(player.communicate(), 60)
        assert player.returncode == 0, err.decode()
        host_out, host_err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode == 0, host_err.decode()
        return clients, head, out.decode(), host_out.decode()

    clients, head, player_out, host_out = run(scenario, timeout=240)
    assert "resuming the match" in head
    # The host's replay log holds the whole match and replays to the same events and scores.
    logs = list((tmp_path / "logs" / REPLAY_FOLDER).glob("*.jsonl"))
    assert len(logs) == 1
    parsed = read_log(logs[0])
    report = replay(parsed, RULES)
    assert report.mismatch is None and report.hands == HANDS
    scores = report.scores
    assert f"scores {scores}" in player_out and f"scores {scores}" in host_out
    last_hand = parsed.hands[-1][0]
    for client in clients:
        assert client.state.over is not None and client.state.over.scores == scores
        seat = client.state.seat
        assert seat is not None
        assert client.state.hand_events() == wire_events(last_hand, seat)
    assert not (tmp_path / "host.save.json").exists(), "a finished match leaves no save to resume"
