"""Hostile input over loopback: thousands of bad messages, and the honest players' match is untouched.

One seat is held by a client that plays its moves properly but, between them, sends malformed,
oversized, out-of-turn, stale, repeated and forged messages; another connection never says hello;
more knock at the door with wrong codes and stolen tokens. The three honest seats must see exactly
the local engine's match, and never an error.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

from websockets.asyncio.client import connect

from game.match.agents import SimpleAgent
from game.net.client.connection import JoinRefused, NetClient, autoplay
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import from_wire, wire_events
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, local_match_events, open_host, run, seat_players

RULES = load_ruleset("guiyang-classic")
JUNK_TOTAL = 5200
HELD: dict[int, list[int]] = {}  # the hostile seat's hand as last shown to it


def junk(rng: random.Random, client: NetClient) -> tuple[str, str | bytes]:
    """One bad message for the hostile seat to send, with its category; never a legal move."""
    st = client.state
    seat = st.seat if st.seat is not None else 3
    seq = st.last
    held = set(HELD.get(id(client), ()))
    missing = [t for t in range(27) if t not in held] or [0]
    act = {"type": "act", "seq": seq, "seat": seat, "kind": "discard", "tile": rng.choice(missing)}
    kind = rng.randrange(20)
    if kind == 0:
        # ASCII in a binary frame: answered with an error (invalid UTF-8 closes the link, sent apart below).
        return "binary", bytes(rng.randrange(128) for _ in range(rng.randrange(1, 200)))
    if kind == 1:
        return "not_json", "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 80)))
    if kind == 2:
        return "not_object", json.dumps(rng.choice([[1, 2, 3], "act", 42, None, True, 1e308]))
    if kind == 3:
        return "no_type", json.dumps({"seq": seq, "kind": "pass"})
    if kind == 4:
        return "unknown_type", json.dumps({"type": rng.choice(["admin", "deal", "reveal", "ACT", ""]), "x": 1})
    if kind == 5:
        return "unknown_field", json.dumps({**act, "kind": "pass", "tile": None, "as_host": True})
    if kind == 6:
        fields = dict(act)
        del fields[rng.choice(["seq", "seat", "kind"])]
        return "missing_field", json.dumps(fields)
    if kind == 7:
        return "wrong_type", json.dumps({**act, rng.choice(["seq", "seat", "tile", "declare"]): "x"})
    if kind == 8:
        return "out_of_range", json.dumps({**act, rng.choice(["tile", "seat", "seq"]): rng.choice([27, -1, 99, 2**70])})
    if kind == 9:
        return "bad_kind", json.dumps({**act, "kind": rng.choice(["chow", "steal", "DISCARD", "peek"])})
    if kind == 10:
        return "forged_seat", json.dumps(
            {**act, "kind": "pass", "tile": None, "seat": (seat + rng.randrange(1, 4)) % 4}
        )
    if kind == 11:
        return "stale", json.dumps({**act, "kind": rng.choice(["pass", "win", "pung"]), "tile": None, "seq": seq - 1})
    if kind == 12:
        return "out_of_turn", json.dumps(act)  # a tile this seat does not hold, on the current state
    if kind == 13:
        # Far ahead: a guess of the very next number would be a real move by the seat's owner.
        return "future_seq", json.dumps({**act, "kind": "pass", "tile": None, "seq": seq + rng.randrange(10**6, 10**9)})
    if kind == 14:
        return "bad_chat", json.dumps({"type": "chat", "phrase": rng.choice(["<script>", "x" * 64, "free text"])})
    if kind == 15:
        return "hello_again", json.dumps({"type": "hello", "game": P.GAME, "version": 1, "code": CODE, "name": "x"})
    if kind == 16:
        return "nested", "[" * 20000 + "]" * 20000
    if kind == 17:
        return "bad_unicode", '{"type":"chat","phrase":"\\ud800\\udfff\\ud800"}'
    if kind == 18:
        return "nan", '{"type":"act","seq":NaN,"seat":0,"kind":"pass"}'
    return "too_large", json.dumps({"type": "chat", "phrase": "x" * (P.MAX_CLIENT_MESSAGE + rng.randrange(10, 5000))})


async def hostile_seat(client: NetClient, rng: random.Random, tally: dict[str, int]) -> None:
    """Play the seat properly, and send JUNK_TOTAL bad messages between the moves."""
    agent = SimpleAgent()
    wake = asyncio.Event()
    runner = asyncio.create_task(client.run(lambda msg: wake.set()))
    sent = 0
    huge_sent = 0
    while not client.finished():
        if client.ws is None:
            await asyncio.sleep(0.01)  # reconnecting after the host closed us
            continue
        st = client.state
        if st.obs is not None:
            HELD[id(client)] = list(st.obs.hand)
        if st.obs is not None and st.obs.legal_actions:
            obs = from_wire(st.obs)
            st.obs = None
            action = agent.choose(obs)
            await client.act(action)
            if rng.random() < 0.5:
                await client.act(action)  # the same move again: refused, changes nothing
                tally["repeat"] = tally.get("repeat", 0) + 1
                sent += 1
        elif sent < JUNK_TOTAL:
            for _ in range(25):
                category, data = junk(rng, client)
                tally[category] = tally.get(category, 0) + 1
                sent += 1
                try:
                    await client.ws.send(data)
                except Exception:
                    break
            if huge_sent < 4 and sent > (huge_sent + 1) * 1200:
                # Past the transport's limit, or not UTF-8: the host closes the connection; the client comes
                # back with its token.
                huge_sent += 1
                bad_utf8 = huge_sent % 2 == 0
                key = "bad_utf8" if bad_utf8 else "over_transport_limit"
                tally[key] = tally.get(key, 0) + 1
                with contextlib.suppress(Exception):
                    await client.ws.send(b'{"type":"ping","n":1}\xff' if bad_utf8 else "x" * (P.TRANSPORT_MAX + 10))
            await asyncio.sleep(0)
        else:
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), 0.2)
    await runner


async def door_knockers(url: str, tokens: list[str], tally: dict[str, int]) -> int:
    """Connections that never get a seat: wrong codes, stolen or made-up tokens, claims on taken seats."""
    refused = 0
    attempts: list[dict[str, Any]] = (
        [dict(code=f"WRQNG{n}") for n in range(2, 10)]
        + [dict(code="1234")]
        + [dict(token=t[:-2] + "xx") for t in tokens]
        + [dict(token="A" * 40) for _ in range(10)]
        + [dict(seat=s) for s in range(4)]
        + [dict(token=tokens[0], seat=1)]
    )
    for kw in attempts:
        c = NetClient(url, kw.pop("code", CODE), name="intruder", **kw)
        try:
            await c.connect()
        except JoinRefused:
            refused += 1
        tally["door"] = tally.get("door", 0) + 1
    # A connection that never says hello, sending moves and junk.
    async with connect(url, max_size=None) as ws:
        for n in range(200):
            await ws.send(json.dumps({"type": "act", "seq": n, "seat": 0, "kind": "pass"}) if n % 2 else "{}")
            tally["before_hello"] = tally.get("before_hello", 0) + 1
        errors = 0
        while errors < 200:
            reply = P.decode_host(await ws.recv())
            assert isinstance(reply, P.Error)
            errors += 1
    return refused


def test_five_thousand_hostile_messages_leave_every_other_game_untouched() -> None:
    hands, seed = 4, "fuzz"
    tally: dict[str, int] = {}

    async def scenario() -> tuple[list[NetClient], NetTable, int]:
        table = NetTable(RULES, seed, config(hands, rate=1e6, burst=1e6, drop_wait=30.0))
        _server, url, task = await open_host(table)
        clients = await seat_players(url)
        honest = [asyncio.create_task(autoplay(c, SimpleAgent())) for c in clients[:3]]
        tokens = [c.state.token or "" for c in clients]
        refused = await door_knockers(url, tokens, tally)
        await hostile_seat(clients[3], random.Random(7), tally)
        await asyncio.gather(*honest)
        await task
        return clients, table, refused

    clients, table, refused = run(scenario, timeout=240)
    hostile_total = sum(tally.values())
    assert hostile_total >= 5000, tally
    assert refused == tally["door"], "every knock at the door was refused"
    reference = local_match_events(RULES, seed, hands)
    for seat, client in enumerate(clients[:3]):
        assert client.state.errors == [], f"seat {seat} was sent an error"
        assert client.state.events == wire_events(reference, seat), f"seat {seat}'s game changed"
    hostile = clients[3]
    # A rejoin after the hand it left has ended is sent a snapshot of the new one: the events in between
    # are holes (None) in what it holds; every event it does hold is the reference's.
    mine = hostile.state.events[-len(reference) :]
    theirs = wire_events(reference, 3)[-len(hostile.state.events) :]
    assert len(mine) == len(theirs) and all(m is None or m == r for m, r in zip(mine, theirs, strict=True))
    assert len(hostile.state.errors) >= JUNK_TOTAL - 3 * 200  # each refused alone (a few lost with a closed link)
    assert table.stats.refused >= 5000
    assert {e.code for e in hostile.state.errors} >= {"not_json", "invalid", "too_large", "forged", "stale"}
