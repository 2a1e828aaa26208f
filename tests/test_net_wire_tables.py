"""The wire at tables of three and two (docs/rules.md §15.2) and 定缺 (§15.3): one entry per seat the table has,
every seat named one of them, each seat's named suit in the observation and the settled hand, and the table's
size in its announcement.

mDNS is tested by building and reading the service records only: nothing is multicast.
"""

from __future__ import annotations

import msgspec
import pytest
from zeroconf import ServiceInfo

from game.engine.actions import ActionKind
from game.engine.observation import observe
from game.engine.round import Round
from game.match.agents import SimpleAgent
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.discovery import SERVICE_TYPE, parse_info, service_info
from game.net.wire.view import from_wire, result_from_wire, to_wire, wire_observation, wire_result
from game.rules.loader import load_ruleset
from tests.net_peers import Peer
from tests.net_rig import config, simple_factory

THREE = load_ruleset("sandingguai")
TWO = load_ruleset("erding-liangfang")


@pytest.mark.parametrize("rules", [THREE, TWO], ids=lambda r: r.name)
def test_a_small_tables_observations_round_trip_through_the_wire(rules) -> None:
    """§15.2, §15.3: from the deal (and the naming of suits at three) to the end, what the client decides from is
    the host's observation, field for field, with one entry per seat the table has."""
    rnd = Round(rules, "wire-small", None)
    agent = SimpleAgent()
    phases = set()
    for _ in range(400):
        if rnd.ended:
            break
        seat = rnd.to_move()[0]
        obs = observe(rnd, seat)
        phases.add(obs.phase)
        wire = P.decode_host(P.encode(P.Events(1, [], wire_observation(rnd, seat))))
        assert isinstance(wire, P.Events) and wire.obs is not None
        assert len(wire.obs.melds) == len(wire.obs.missing) == rules.players
        assert from_wire(wire.obs, rules.players) == obs
        assert to_wire(from_wire(wire.obs)) == wire.obs
        rnd.apply(agent.choose(obs))
    assert rnd.ended
    assert ("dingque" in phases) == rules.play.dingque


def test_an_observation_tells_a_seat_its_own_suit_and_the_others_only_once_all_are_named() -> None:
    """§15.3: the choices are hidden until every player has chosen, then shown together."""
    rnd = Round(THREE, "named", None)
    assert rnd.state.phase.value == "dingque"
    first = rnd.to_move()[0]
    choice = SimpleAgent().choose(observe(rnd, first))
    assert choice.kind is ActionKind.DINGQUE and choice.tile is not None
    rnd.apply(choice)
    mine = wire_observation(rnd, first).missing
    assert mine[first] == choice.tile // 9 and [m for s, m in enumerate(mine) if s != first] == [-1, -1]
    for other in (s for s in range(3) if s != first):
        assert wire_observation(rnd, other).missing == [-1, -1, -1], "another seat's choice before all are named"
    while rnd.state.phase.value == "dingque":
        seat = rnd.to_move()[0]
        rnd.apply(SimpleAgent().choose(observe(rnd, seat)))
    shown = [wire_observation(rnd, s).missing for s in range(3)]
    assert shown[0] == shown[1] == shown[2] == list(rnd.state.missing) and -1 not in shown[0]


def test_an_observation_that_does_not_fit_its_table_is_refused() -> None:
    """§15.2: a list with another number of seats, or a seat the table does not have, does not hang together."""
    rnd = Round(THREE, "misfit", None)
    good = wire_observation(rnd, 0)
    from_wire(good, 3)
    with pytest.raises(ValueError, match="a table of 4 seats, but the message lists 3"):
        from_wire(good, 4)
    bad = [
        msgspec.structs.replace(good, missing=[-1, -1]),
        msgspec.structs.replace(good, hand_sizes=[*good.hand_sizes, 13]),
        msgspec.structs.replace(good, dealer=3),
        msgspec.structs.replace(good, turn=3),
        msgspec.structs.replace(good, seat=3, legal_actions=[]),
        msgspec.structs.replace(good, melds=[[P.WireMeld(4, None, 3, False)], [], []]),
        msgspec.structs.replace(good, first_chicken=[(18, 3)]),
        msgspec.structs.replace(good, melds=[[], []], ponds=[[], []], hand_sizes=[13, 13], declared=[False] * 2),
    ]
    for wrong in bad:
        with pytest.raises(ValueError):
            from_wire(wrong, 3)


def test_the_schema_holds_a_suit_and_a_table_size_in_range() -> None:
    """§15.3: a named suit is 0, 1 or 2 (-1 unknown); §15.2: a table has two, three or four seats."""
    good = wire_observation(Round(THREE, "schema", None), 0)
    for missing in ([3, -1, -1], [-2, -1, -1]):
        raw = P.encode(P.Events(1, [], msgspec.structs.replace(good, missing=missing)))
        with pytest.raises(P.ProtocolError, match="missing"):
            P.decode_host(raw)
    peer = Peer(NetTable(THREE, "welcome", config(1, "human,ai,ai"), simple_factory), 0)
    peer.hello("阿强")
    welcome = peer.of(P.Welcome)[0]
    assert welcome.players == 3
    for players in (1, 5):
        with pytest.raises(P.ProtocolError, match="players"):
            P.decode_host(P.encode(msgspec.structs.replace(welcome, players=players)))


def _settled(rules, seats: str) -> P.Settled:
    table = NetTable(rules, "settled-small", config(1, seats), simple_factory)
    table.start()
    table.step()
    assert table.over and table.last_settled is not None
    return table.last_settled


@pytest.mark.parametrize(("rules", "seats"), [(THREE, "ai,ai,ai"), (TWO, "ai,ai")], ids=["three", "two"])
def test_a_small_tables_settlement_lists_its_seats_and_their_named_suits(rules, seats: str) -> None:
    """§15.2: the settled hand, its nets and the scores list the table's seats; §15.3: each seat's named suit."""
    settled = _settled(rules, seats)
    assert len(settled.nets) == len(settled.scores) == len(settled.result.seats) == rules.players
    again = P.decode_host(P.encode(settled))
    assert isinstance(again, P.Settled)
    result = result_from_wire(again.result, rules.players)
    named = [r.missing for r in result.seats]
    assert (-1 not in named) == rules.play.dingque and (set(named) == {-1}) == (not rules.play.dingque)
    assert wire_result(result) == settled.result


def test_a_settlement_that_does_not_fit_its_table_is_refused() -> None:
    """§15.2: a result for another number of seats, or naming a seat the table does not have."""
    good = _settled(THREE, "ai,ai,ai").result
    result_from_wire(good, 3)
    with pytest.raises(ValueError, match="a table of 4 seats, but the message lists 3"):
        result_from_wire(good, 4)
    for wrong in (
        msgspec.structs.replace(good, dealer=3),
        msgspec.structs.replace(good, baopai=[3]),
        msgspec.structs.replace(good, win=P.WireWin([3], 4, "self_draw", None, False, False)),
        msgspec.structs.replace(good, win=P.WireWin([1], 4, "discard", 3, False, False)),
        msgspec.structs.replace(good, seats=good.seats[:1]),
    ):
        with pytest.raises(ValueError):
            result_from_wire(wrong, 3)


def test_the_announcement_says_the_tables_size() -> None:
    """§15.2: the join screen tells 三丁拐 and 二丁拐 tables from tables of four by the record's `players`."""
    info = service_info("阿强的桌", 7530, ["127.0.0.1"], "sandingguai", 2, players=3)
    assert (info.properties or {})[b"players"] == b"3"
    ad = parse_info(info)
    assert ad is not None and (ad.players, ad.free, ad.ruleset) == (3, 2, "sandingguai")
    two = parse_info(service_info("小桌", 7531, ["127.0.0.1"], "erding-liangfang", 4, players=2))
    assert two is not None and (two.players, two.free) == (2, 2), "no more free seats than the table has"
    older = ServiceInfo(
        SERVICE_TYPE,
        f"old.{SERVICE_TYPE}",
        port=7530,
        properties={"game": P.GAME, "v": "4", "room": "旧桌", "ruleset": "guiyang-classic", "free": "3"},
        parsed_addresses=["127.0.0.1"],
    )
    ad = parse_info(older)
    assert ad is not None and (ad.players, ad.free) == (4, 3), "a record without a size is a table of four"
    for said in (b"9", b"1", b"-3"):
        props = {"game": P.GAME, "v": "5", "free": "2", "players": said}
        odd = parse_info(
            ServiceInfo(SERVICE_TYPE, f"odd.{SERVICE_TYPE}", port=7530, properties=props, parsed_addresses=["1.2.3.4"])
        )
        assert odd is not None and 2 <= odd.players <= 4 and odd.free <= odd.players
