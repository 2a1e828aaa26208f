"""What the host takes in: undecodable frames, floods of illegal answers, rejoin churn, names that say nothing.

Over loopback where the wire matters (closes, logs, broadcasts); on the table directly where only
the referee's rules do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.client.connection import NetClient
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.rules.loader import load_ruleset
from tests.net_peers import Peer, seated_table
from tests.net_rig import CODE, config, open_host, run, seat_players, simple_factory

RULES = load_ruleset("guiyang-classic")
DEEP = '{"n":' + "[" * 30_000 + "]" * 30_000 + ',"type":"ping"}'


async def close_of(url: str, frame: str | bytes) -> tuple[int, str]:
    """Send one frame on a fresh connection; the code and reason the host closes with."""
    async with connect(url, ping_interval=None) as ws:
        await ws.send(frame)
        try:
            async with asyncio.timeout(5):
                for _ in range(100):
                    await ws.recv()
        except ConnectionClosed as exc:
            return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (1006, "")
    raise AssertionError("the host kept the connection open")


@pytest.mark.parametrize(
    ("frame", "close_code"),
    [(DEEP, 1008), (b'{"type":"chat","phrase":"\xff\xfe"}', 1007), (b'{"type":"ping","n":1}\xc3', 1007)],
    ids=["nested_30000_deep", "bad_utf8_in_a_string", "bad_utf8_at_the_end"],
)
def test_an_undecodable_frame_ends_in_a_clean_close_and_one_log_line(
    frame: str | bytes, close_code: int, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[int, str]:
        table = NetTable(RULES, "decode", config(1, "human,ai,ai,ai", auto_start=False), simple_factory)
        server, url, task = await open_host(table)
        end = await close_of(url, frame)
        # The table still answers an honest player.
        c = NetClient(url, CODE, name="after")
        assert (await c.connect()).seat == 0
        await c.close()
        server.stop()
        await task
        return end

    with caplog.at_level(logging.INFO):
        code, reason = run(scenario, timeout=30)
    assert code == close_code and reason
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert "Traceback" not in caplog.text
    lines = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(lines) == 1 and reason in lines[0].getMessage(), caplog.text


def test_the_client_reads_an_undecodable_host_message_as_a_protocol_error() -> None:
    for data in (DEEP, b'{"type":"pong","n":1}\xff'):
        with pytest.raises(P.ProtocolError):
            P.decode_host(data)


def test_a_flood_of_illegal_answers_to_the_hosts_question_is_cut_off() -> None:
    """The seat is asked to discard; it answers with 400 pungs at the right event number instead."""

    async def scenario() -> tuple[list[str], tuple[int, str] | None]:
        table = NetTable(RULES, "illegal", config(1, "human,ai,ai,ai", drop_wait=30.0), simple_factory)
        server, url, task = await open_host(table)
        client = (await seat_players(url, 1))[0]
        for _ in range(200):
            if client.state.obs is not None and client.state.obs.legal_actions:
                break
            await asyncio.wait_for(client.next_message(), 5)
        obs = client.state.obs
        assert obs is not None and obs.seat == 0
        assert client.ws is not None
        pung = P.encode(P.Act(client.state.last, 0, "pung", obs.hand[0])).decode()
        codes: list[str] = []
        end: tuple[int, str] | None = None
        with contextlib.suppress(ConnectionClosed):
            for _ in range(400):
                await client.ws.send(pung)
        try:
            async with asyncio.timeout(5):
                for _ in range(1000):
                    msg = P.decode_host(await client.ws.recv())
                    if isinstance(msg, P.Error):
                        codes.append(msg.code)
        except ConnectionClosed as exc:
            end = (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (1006, "")
        except TimeoutError:
            end = None
        server.stop()
        await task
        return codes, end

    codes, end = run(scenario, timeout=30)
    assert end is not None and end[0] == 1008 and "flooding" in end[1], (end, len(codes), codes[:5])
    assert len(codes) < 200, "cut off long before the 400th"


def test_legal_answers_are_never_slowed_even_with_an_empty_bucket() -> None:
    table, _clock, peers = seated_table("human,ai,ai,ai", people=1, rate=1.0, burst=2.0)
    p = peers[0]
    for _ in range(4):
        p.say(P.Ping())
    assert "rate" in [e.code for e in p.of(P.Error)]
    moves = 0
    for _ in range(40):
        obs = p.obs()
        if table.rnd is None or obs is None or not table.rnd.legal_tuple(0):
            break
        before = len(table.events)
        p.play()
        assert len(table.events) > before, "a legal answer was applied at once"
        moves += 1
    assert moves >= 5 and p.closed is None


def test_illegal_answers_spend_from_the_bucket_like_any_message() -> None:
    table, _clock, peers = seated_table("human,ai,ai,ai", people=1, rate=1.0, burst=10.0)
    p = peers[0]
    obs = p.obs()
    assert obs is not None and obs.seat == 0
    for _ in range(40):
        if p.closed is not None:
            break
        p.say(P.Act(len(table.events), 0, "pung", obs.hand[0]))
    assert p.closed == (1008, "flooding: too many messages")


def test_rejoin_churn_does_not_send_every_watcher_a_status_per_cycle() -> None:
    async def scenario() -> tuple[int, P.Status | None]:
        table = NetTable(RULES, "churn", config(1, "human,human,ai,ai", auto_start=False), simple_factory)
        server, url, task = await open_host(table)
        churner = (await seat_players(url, 1))[0]
        token = churner.state.token
        await churner.close()
        async with connect(url, ping_interval=None) as watcher:
            await watcher.send(P.encode(P.Hello(P.GAME, P.PROTOCOL_VERSION, CODE, watch=True)).decode())
            await asyncio.sleep(0.5)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.05):
                    for _ in range(100):
                        await watcher.recv()  # the welcome and the statuses before the churn
            started = time.monotonic()
            for _ in range(40):
                again = NetClient(url, CODE, token=token)
                await again.connect()
                await again.close()
            churn_time = time.monotonic() - started
            statuses: list[P.Status] = []
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.8):
                    for _ in range(1000):
                        msg = P.decode_host(await watcher.recv())
                        if isinstance(msg, P.Status):
                            statuses.append(msg)
        server.stop()
        await task
        assert churn_time < 3.0
        return len(statuses), statuses[-1] if statuses else None

    count, last = run(scenario, timeout=30)
    assert count <= 12, f"{count} statuses for 40 rejoins"
    # Left before the start, the seat is free again for the next person: the last word says so.
    assert last is not None and not last.seats[0].taken and not last.seats[0].connected, "the last word is the truth"


def test_two_players_with_the_same_name_are_told_apart() -> None:
    table, _clock, _peers = seated_table("human,human,human,ai", people=0)
    names = []
    for k, name in enumerate(["阿强", "阿强", "阿强\u3164"]):
        p = Peer(table, k)
        p.hello(name)
        assert p.of(P.Welcome), p.got
        holder = table.seats[k].holder
        names.append(holder.name if holder is not None else "")
    assert names[0] == "阿强" and len(set(names)) == 3, names
    assert all(n.startswith("阿强") and "\u3164" not in n for n in names)


@pytest.mark.parametrize(
    "name", ["\u3164", "\u3164\u3164\u3164", "\u115f\u1160", "\uffa0 \u3164", "\u2800\u2800", "\u200b\u3164\u0301"]
)
def test_a_name_made_only_of_invisible_characters_is_refused_with_a_clear_reason(name: str) -> None:
    table, _clock, _peers = seated_table("human,human,ai,ai", people=0)
    p = Peer(table, 1)
    p.hello(name)
    refused = p.of(P.Refused)
    assert refused and refused[0].code == "name_invisible" and "invisible" in refused[0].reason
    assert P.clean_name(name) == ""
