"""定缺 over the network (docs/rules.md §15.3) at tables of three and two (§15.2), over loopback.

Hostile clients: a suit not in play, a second naming, a naming for another seat, a seat the table does not
have; each is refused to its sender alone, and the host plays on. Then whole matches: every seat's events are
the local engine's, and the settled hands say the suits that were shown.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from game.core.ruleset import Ruleset
from game.engine.actions import ActionKind, make
from game.engine.events import SuitsShown
from game.net.client.connection import JoinRefused, NetClient
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import SPECTATOR, wire_events
from game.rules.loader import load_ruleset
from tests.net_peers import Peer
from tests.net_rig import CODE, config, local_match_events, open_host, play_all, run, seat_players, simple_factory

THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")


async def until(client: NetClient, done: Callable[[], bool], limit: float = 10.0) -> None:
    """Read the host's messages until `done()` holds."""
    deadline = asyncio.get_running_loop().time() + limit
    while not done():
        left = deadline - asyncio.get_running_loop().time()
        assert left > 0, "the host never said it"
        await asyncio.wait_for(client.next_message(), left)


def asked(client: NetClient, kind: str) -> bool:
    """True when the host has asked the client for a move of this kind."""
    obs = client.state.obs
    return obs is not None and any(a.kind == kind for a in obs.legal_actions)


def named(client: NetClient, seat: int) -> bool:
    """True when the client has been told that `seat` named its 定缺 suit."""
    return any(e is not None and e["type"] == "suit_named" and e["seat"] == seat for e in client.state.events)


async def refused(client: NetClient, act: P.Act | bytes) -> str:
    """Send a move the host must refuse; the error code it answers with."""
    before = len(client.state.errors)
    assert client.ws is not None
    await client.ws.send(act.decode() if isinstance(act, bytes) else P.encode(act).decode())
    await until(client, lambda: len(client.state.errors) > before)
    return client.state.errors[-1].code


def test_hostile_namings_of_a_suit_are_refused_and_the_table_of_three_plays_on() -> None:
    """§15.3 at three (§15.2): a suit that is no suit, a second naming, another seat's naming, seat 3 of three;
    every one refused to its sender, who still names its suit; no client learns another's before all are shown."""

    async def scenario() -> tuple[NetTable, list[NetClient], dict[str, str]]:
        table = NetTable(THREE, "hostile-3", config(1, "human,human,ai"), simple_factory)
        _server, url, task = await open_host(table)
        with pytest.raises(JoinRefused) as err:
            await NetClient(url, CODE, name="外人", seat=3).connect()
        codes = {"hello seat 3": err.value.code}
        me, friend = await seat_players(url, 2)
        await until(me, lambda: asked(me, "dingque") and named(me, 2))  # the AI at seat 2 names at once
        seq = me.state.last
        codes["no such tile"] = await refused(me, P.Act(seq, 0, "dingque", 4))
        codes["no tile"] = await refused(me, P.Act(seq, 0, "dingque", None))
        codes["not a tile"] = await refused(me, b'{"type":"act","seq":1,"seat":0,"kind":"dingque","tile":27}')
        codes["for seat 1"] = await refused(me, P.Act(seq, 1, "dingque", 0))
        codes["for seat 3"] = await refused(me, P.Act(seq, 3, "dingque", 0))
        codes["seat 4"] = await refused(me, b'{"type":"act","seq":1,"seat":4,"kind":"dingque","tile":0}')
        codes["a discard now"] = await refused(me, P.Act(seq, 0, "discard", me.state.obs.hand[0]))  # type: ignore[union-attr]
        await me.act(make(ActionKind.DINGQUE, 0, 9))  # 筒, by its 1
        codes["the same again"] = await refused(me, P.Act(seq, 0, "dingque", 9))
        await until(me, lambda: me.state.last > seq)  # our own suit_named
        codes["named twice"] = await refused(me, P.Act(me.state.last, 0, "dingque", 18))
        # The friend is told that we named a suit, not which, until every seat has named one.
        await until(friend, lambda: named(friend, 0))
        ours = [e for e in friend.state.events if e and e["type"] == "suit_named" and e["seat"] == 0]
        assert ours == [{"type": "suit_named", "seat": 0, "suit": None}]
        assert friend.state.obs is not None and friend.state.obs.missing == [-1, -1, -1]
        await play_all([me, friend])
        await task
        return table, [me, friend], codes

    table, clients, codes = run(scenario)
    assert codes == {
        "hello seat 3": "no_seat",
        "no such tile": "illegal",
        "no tile": "illegal",
        "not a tile": "invalid",
        "for seat 1": "forged",
        "for seat 3": "forged",
        "seat 4": "invalid",
        "a discard now": "illegal",
        "the same again": "stale",
        "named twice": "illegal",
    }
    assert table.over and table.hands_done == 1
    shown = next(e for e in table.events if isinstance(e, SuitsShown))
    assert shown.suits[0] == 1, "the suit our seat named (筒, by its 1) is the one shown"
    for c in clients:
        assert c.state.settled and [r.missing for r in c.state.settled[-1].result.seats] == list(shown.suits)


def test_a_suit_not_in_play_cannot_be_named_at_a_table_of_two() -> None:
    """§15.1, §15.3: 二丁两房 plays 条 and 筒 without 定缺: naming 万 (not in play), or any suit, is refused."""

    async def scenario() -> tuple[NetTable, list[str]]:
        table = NetTable(TWO, "hostile-2", config(1, "human,human"), simple_factory)
        _server, url, task = await open_host(table)
        me, friend = await seat_players(url, 2)
        await until(me, lambda: me.state.obs is not None or friend.state.obs is not None)
        seq = me.state.last
        codes = [await refused(me, P.Act(seq, 0, "dingque", tile)) for tile in (0, 9, 18)]
        await play_all([me, friend])
        await task
        return table, codes

    table, codes = run(scenario)
    assert set(codes) <= {"illegal", "stale"} and "illegal" in codes
    assert table.over and not any(isinstance(e, SuitsShown) for e in table.events)


@pytest.mark.parametrize(("rules", "seats"), [(THREE, "human,human,ai"), (TWO, "human,human")], ids=["three", "two"])
def test_a_small_tables_match_over_loopback_equals_the_local_engine_seat_by_seat(rules: Ruleset, seats: str) -> None:
    """§15.2: two people (and the AI at three) play two hands: every seat's and the spectator's events are the
    local engine's, redacted for each; §15.3: the settled hands say the suits shown."""
    seed, hands = f"net-{rules.name}", 2

    async def scenario() -> tuple[list[NetClient], NetClient, NetTable]:
        table = NetTable(rules, seed, config(hands, seats), simple_factory)
        _server, url, task = await open_host(table)
        watcher = NetClient(url, CODE, watch=True)
        await watcher.connect()
        clients = await seat_players(url, 2)
        await asyncio.gather(play_all(clients), watcher.run())
        await task
        return clients, watcher, table

    clients, watcher, table = run(scenario)
    reference = local_match_events(rules, seed, hands)
    assert table.hands_done == hands and len(reference) == len(table.events)
    shown = [list(e.suits) for e in reference if isinstance(e, SuitsShown)]
    assert len(shown) == (hands if rules.play.dingque else 0)
    for seat, client in enumerate(clients):
        assert client.state.welcome is not None and client.state.welcome.players == rules.players
        assert in_order(client.state.events) == in_order(wire_events(reference, seat)), f"seat {seat} saw other events"
        assert client.state.errors == []
        assert client.state.status is not None and len(client.state.status.seats) == rules.players
        for settled in client.state.settled:
            assert len(settled.nets) == len(settled.scores) == len(settled.result.seats) == rules.players
        if shown:
            assert [[r.missing for r in s.result.seats] for s in client.state.settled] == shown
    assert in_order(watcher.state.events) == in_order(wire_events(reference, SPECTATOR))


def in_order(events: Sequence[dict[str, Any] | None]) -> list[dict[str, Any] | None]:
    """The events with each hand's namings of suits by seat: at the host the AI names at once, the people when
    they have seen their tiles; at one computer the seats name in turn (§15.3: all are shown together)."""
    out = list(events)
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and (out[j] or {}).get("type") == "suit_named":
            j += 1
        if j > i:
            out[i:j] = sorted(out[i:j], key=lambda e: (e or {})["seat"])
        i = j + 1
    return out


def test_a_naming_made_before_another_seats_reached_it_stands_and_the_status_names_who_is_yet_to_choose() -> None:
    """§15.3: each seat names a suit, in no order; another seat's naming changes none of its choices, so a naming
    made before that reached the player is taken, not refused as stale. Meanwhile the status says who has yet to
    name a suit (public: each suit_named says a seat has named one) and no discard is being answered."""
    table = NetTable(THREE, "meanwhile", config(1, "human,human,human"), simple_factory)
    peers = [Peer(table, k) for k in range(3)]
    for k, p in enumerate(peers):
        p.hello(f"p{k}", seat=k)
    assert all(p.obs() is not None and p.obs().phase == "dingque" for p in peers)  # type: ignore[union-attr]
    status = table.status()
    assert status.moving == [0, 1, 2] and not status.claims
    seq = len(table.views[0])
    peers[1].play()
    assert len(table.views[0]) == seq + 1, "seat 0 was told that seat 1 named a suit"
    assert table.status().moving == [0, 2]
    peers[0].say(P.Act(seq, 0, "dingque", 18))  # made before seat 1's naming reached it
    assert peers[0].of(P.Error) == [] and table.status().moving == [2]
    peers[0].say(P.Act(seq, 0, "dingque", 0))
    assert [e.code for e in peers[0].of(P.Error)] == ["stale"], "its own naming is news to it: named once"
    peers[2].play()
    shown = next(e for e in table.events if isinstance(e, SuitsShown))
    assert shown.suits[0] == 2 and table.status().moving == [table.rnd.state.turn]  # type: ignore[union-attr]
