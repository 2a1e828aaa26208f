"""Drops, rejoins, the turn timer, seats and chat at a network table (faults and rules of the room)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from game.match.agents import SimpleAgent
from game.net.client.connection import NetClient, autoplay
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import wire_events, wire_observation
from game.rules.loader import load_ruleset
from tests.net_peers import Peer, drive_until, seated_table
from tests.net_rig import CODE, config, open_host, run, seat_players

RULES = load_ruleset("guiyang-classic")


def seat_conn(table: NetTable, seat: int) -> int | None:
    """The connection holding `seat` now (a function, so each call reads the table afresh)."""
    return table.seats[seat].conn


# ---------------------------------------------------------------------- rejoin over the network


def test_client_killed_mid_hand_rejoins_with_its_token_into_the_identical_state() -> None:
    """A client's connection dies mid-hand; a new client with its token gets its hand and the discards as they are."""

    async def scenario() -> None:
        table = NetTable(RULES, "rejoin", config(2, drop_wait=30.0))
        _server, url, task = await open_host(table)
        clients = await seat_players(url)
        victim = clients[2]
        players = [asyncio.create_task(autoplay(c, SimpleAgent())) for c in clients]
        while len(victim.state.hand_events()) < 45:
            await asyncio.sleep(0.005)
        players[2].cancel()
        assert victim.ws is not None
        victim.ws.transport.abort()  # as a pulled cable or a killed process: no goodbye
        before = list(victim.state.events)
        token = victim.state.token
        # The others play on until the table has to wait for seat 2.
        while table.seats[2].conn is not None or 2 not in (table.rnd.to_move() if table.rnd else [2]):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        assert table.controller(2, table.now()) == "wait"

        again = NetClient(url, CODE, token=token)
        welcome = await again.connect()
        assert welcome.seat == 2 and welcome.token == token
        catch_up = await again.next_message()
        assert isinstance(catch_up, P.Events | P.Snapshot)
        rnd = table.rnd
        assert rnd is not None
        assert again.state.hand_events() == wire_events(table.events[table.hand_start :], 2)
        assert again.state.events[: len(before)] == before[: len(again.state.events)]
        assert again.state.obs == wire_observation(rnd, 2)  # its hand, the ponds, the melds as they are
        players[2] = asyncio.create_task(autoplay(again, SimpleAgent()))
        await asyncio.gather(*players[:2], players[3], players[2])
        await task
        assert again.state.over is not None and again.state.over.hands == 2
        assert again.state.events[table.hand_start :] == wire_events(table.events[table.hand_start :], 2)

    run(scenario)


def test_a_second_connection_with_the_token_replaces_the_first() -> None:
    table, _clock, peers = seated_table()
    token = peers[0].of(P.Welcome)[0].token
    second = Peer(table, 50)
    second.hello(token=token)
    assert second.of(P.Welcome)[0].seat == 0
    assert peers[0].closed is not None and peers[0].of(P.Refused)[0].code == "replaced"
    assert table.seats[0].conn == 50


# ---------------------------------------------------------------------- drops and the clock


def test_a_dropped_seat_is_waited_for_then_the_ai_plays_it_until_it_rejoins() -> None:
    """The host's drop wait (RULES of the room): wait, then the AI plays on; the token takes the seat back."""
    table, clock, peers = seated_table(drop_wait=20.0)
    token = peers[1].of(P.Welcome)[0].token
    drive_until(table, peers, lambda: table.rnd is not None and table.rnd.to_move() == [1])
    table.disconnect(1)
    peers[1].closed = (1006, "gone")
    table.step()
    assert table.rnd is not None and table.rnd.to_move() == [1], "the table waits for the dropped seat"
    status = table.status()
    assert status.waiting_for == 1 and status.wait_left == 20.0 and not status.seats[1].connected
    clock.now += 19.0
    assert table.step() == 1.0
    assert table.rnd.to_move() == [1]
    clock.now += 1.5
    table.step()
    assert table.controller(1, clock.now) == "ai" and table.status().seats[1].ai_playing
    assert not table.rnd or table.rnd.to_move() != [1], "the AI played the dropped seat's move"
    back = Peer(table, 60)
    back.hello(token=token, after=len(table.views[1]) - 3)
    assert back.of(P.Welcome)[0].seat == 1
    assert table.controller(1, clock.now) == "person"
    events = back.of(P.Events)[0]
    assert events.first == len(table.views[1]) - 2 and len(events.events) == 3  # "after N": only what it missed


def test_the_turn_timer_plays_for_a_person_who_does_not_move() -> None:
    table, clock, peers = seated_table(turn_timer=15.0)
    drive_until(table, peers, lambda: table.rnd is not None and table.rnd.to_move() == [0])
    before = len(table.events)
    peers[0].say(P.Shown(table.seats[0].asked_seq))  # its window shows the decision: the clock starts
    assert table.status().turn_left == 15.0
    clock.now += 14.0
    assert table.step() == 1.0 and len(table.events) == before
    clock.now += 1.0
    table.step()
    assert len(table.events) > before, "the clock ran out and the AI moved for seat 0"
    assert table.seats[0].conn is not None, "the person keeps the seat"


def test_an_empty_seat_taken_mid_hand_is_played_by_the_ai_until_the_next_hand() -> None:
    table, clock, peers = seated_table("human,human,human,ai", auto_start=False)
    table.start()
    drive_until(table, peers, lambda: len(table.events) > 40)
    late = Peer(table, 70)
    late.hello("late")
    welcome = late.of(P.Welcome)[0]
    assert welcome.seat == 2 and welcome.takes_seat_next_hand
    assert table.controller(2, clock.now) == "ai"
    late.say(P.Act(len(table.views[2]), 2, "pass"))
    assert late.of(P.Error)[-1].code in ("not_yet",)
    drive_until(table, peers, lambda: table.hands_done == 1 and table.rnd is not None)
    assert table.controller(2, clock.now) == "person"


# ---------------------------------------------------------------------- the door


def test_wrong_code_version_seat_and_token_are_refused() -> None:
    table, _clock, peers = seated_table("human,human,human,ai")
    cases: list[tuple[dict[str, Any], str]] = [
        (dict(code="ZZZZZZ"), "code"),
        (dict(seat=3), "seat_ai"),
        (dict(seat=0), "seat_taken"),
        (dict(token="not-a-token"), "token"),
        (dict(token=peers[0].of(P.Welcome)[0].token, seat=1), "token"),
    ]
    for n, (kw, code) in enumerate(cases):
        p = Peer(table, 100 + n)
        p.hello("intruder", **kw)
        assert [r.code for r in p.of(P.Refused)] == [code], kw
        assert p.closed is not None
    old = Peer(table, 200)
    old.say(P.Hello(P.GAME, P.PROTOCOL_VERSION + 1, CODE, "future"))
    refused = old.of(P.Refused)[0]
    assert refused.code == "version" and f"protocol {P.PROTOCOL_VERSION}" in refused.reason
    nameless = Peer(table, 201)
    nameless.hello("  \x00 ")
    assert nameless.of(P.Refused)[0].code == "name"
    third = Peer(table, 202)
    third.hello("third")
    assert third.of(P.Welcome)[0].seat == 2
    full = Peer(table, 203)
    full.hello("fourth")
    assert full.of(P.Refused)[0].code == "full"


def test_the_host_windows_seat_is_held_for_its_own_link_however_quick_a_stranger_is() -> None:
    """The host window keeps seat 0 before its table opens: a stranger who connects before the window's own link
    is given another seat (or refused seat 0 by name), and the link then takes seat 0 with its token."""
    table = NetTable(RULES, "kept", config(1, "human,human,ai,ai"))
    token = table.keep_seat(0, "阿强")
    assert table.free_seats() == 1  # the window's seat is not offered to anyone
    quick = Peer(table, 1)
    quick.hello("Ann")
    assert [w.seat for w in quick.of(P.Welcome)] == [1]
    bold = Peer(table, 2)
    bold.hello("Bob", seat=0)
    assert [r.code for r in bold.of(P.Refused)] == ["seat_taken"]
    own = Peer(table, 3)
    own.hello("阿强", seat=0, token=token)
    welcome = own.of(P.Welcome)
    assert [(w.seat, w.token) for w in welcome] == [(0, token)]
    assert table.seats[0].holder is not None and table.seats[0].holder.name == "阿强"


def test_a_saved_tables_window_seat_is_held_by_its_own_token_only() -> None:
    """A saved table not yet started keeps its holders; reopened from the window, seat 0 is held for the token
    the save names (a stranger is given another seat), and no other token can claim to hold it."""
    from game.net.host.table_seats import Holder

    table = NetTable(RULES, "kept-save", config(1, "human,human,ai,ai"))
    table.seats[0].holder = Holder("阿强", "the-saved-token")  # as NetTable.from_save restores it
    assert table.core.loose(0)  # left before the start: free to anyone, until the window keeps it
    with pytest.raises(ValueError):
        table.keep_seat(0, "阿强", "not-the-token")
    assert table.keep_seat(0, "阿强", "the-saved-token") == "the-saved-token"
    quick = Peer(table, 1)
    quick.hello("Ann")
    assert [w.seat for w in quick.of(P.Welcome)] == [1]


def test_past_the_free_wrong_codes_the_table_checks_no_code_for_a_while_but_lets_tokens_in() -> None:
    table, clock, peers = seated_table()
    free = table.code_guard.free
    for n in range(free + 1):
        Peer(table, 300 + n).hello("guess", code=f"ZZZZZ{'23456789ABCDEF'[n]}")
    p = Peer(table, 400)
    p.hello("guess", code=CODE)
    refused = p.of(P.Refused)[0]
    assert refused.code == "code_wait" and refused.reason.startswith("too many wrong room codes")
    token = peers[0].of(P.Welcome)[0].token
    back = Peer(table, 401)
    back.hello(token=token)
    assert back.of(P.Welcome)[0].seat == 0, "a seat's token passes while the door is shut"
    clock.now += table.code_guard.max_lock + 1
    q = Peer(table, 402)
    q.hello(watch=True)
    assert q.of(P.Welcome)


def test_spectators_see_no_hand_and_cannot_act_or_chat() -> None:
    table, _clock, _peers = seated_table()
    watcher = Peer(table, 500)
    watcher.hello(watch=True)
    assert watcher.of(P.Welcome)[0].seat is None and watcher.of(P.Welcome)[0].token is None
    watcher.say(P.Act(len(table.events), 0, "pass"))
    watcher.say(P.Chat("haha"))
    assert [e.code for e in watcher.of(P.Error)] == ["not_seated", "not_seated"]
    for m in watcher.of(P.Events) + watcher.of(P.Snapshot):
        assert m.obs is None
        assert all(e.get("tiles") is None for e in m.events if e["type"] in ("tiles_dealt", "tile_drawn"))


# ---------------------------------------------------------------------- chat


def test_chat_phrases_reach_every_seat_and_the_host_can_turn_them_off() -> None:
    _table, clock, peers = seated_table()
    peers[0].say(P.Chat("haha"))
    for p in peers:
        assert [(c.seat, c.phrase) for c in p.of(P.ChatShown)] == [(0, "haha")]
    peers[0].say(P.Chat("nice"))
    assert peers[0].of(P.Error)[-1].code == "rate"
    clock.now += 2
    peers[0].say(P.Chat("free text"))
    assert peers[0].of(P.Error)[-1].code == "invalid"
    _quiet, _clock, quiet_peers = seated_table(chat=False)
    quiet_peers[1].say(P.Chat("haha"))
    assert quiet_peers[1].of(P.Error)[-1].code == "chat_off"
    assert not quiet_peers[0].of(P.ChatShown)


def test_a_flood_gets_errors_then_the_connection_is_closed_and_the_others_play_on() -> None:
    """Rate limit: past the burst each message is refused; a client that keeps on is disconnected."""
    table, clock, peers = seated_table(rate=5.0, burst=10.0)
    before = len(table.events)
    for _ in range(9):
        peers[1].say(P.Ping())
    assert len(peers[1].of(P.Pong)) == 9  # the hello took the tenth of the burst
    for _ in range(20):
        peers[1].say(P.Ping())
    assert [e.code for e in peers[1].of(P.Error)] == ["rate"] * 20
    assert seat_conn(table, 1) == 1
    for _ in range(2):
        peers[1].say(P.Ping())
    assert seat_conn(table, 1) is None and peers[1].closed == (1008, "flooding: too many messages")
    assert table.seats[1].holder is not None, "the seat is kept: its token rejoins it"
    assert len(table.events) == before and not peers[0].of(P.Error)
    clock.now += 10
    peers[0].say(P.Ping())
    assert peers[0].of(P.Pong)
