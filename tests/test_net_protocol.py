"""The wire format (docs/protocol.md): strict schemas, size limits, observations round trip, table records.

mDNS is tested by building and reading the service records only: nothing is multicast.
"""

from __future__ import annotations

import json
import random

import pytest
from zeroconf import ServiceInfo

from game.core.tiles import parse_tiles
from game.engine.observation import observe
from game.engine.round import Round
from game.match.agents import SimpleAgent
from game.net.wire import protocol as P
from game.net.wire.chat import PHRASES, phrase_text
from game.net.wire.discovery import SERVICE_TYPE, parse_info, service_info
from game.net.wire.limits import TokenBucket
from game.net.wire.view import SPECTATOR, from_wire, to_wire, wire_events, wire_observation
from game.rules.loader import load_ruleset

RULES = load_ruleset("guiyang-classic")


def hello(**kw: object) -> dict[str, object]:
    return {"type": "hello", "game": P.GAME, "version": P.PROTOCOL_VERSION, "code": "K7M4QX", **kw}


def test_a_good_hello_and_act_decode() -> None:
    msg = P.decode_client(json.dumps(hello(name="阿强", after=12)))
    assert isinstance(msg, P.Hello) and msg.name == "阿强" and msg.after == 12 and msg.token is None
    act = P.decode_client(b'{"type":"act","seq":5,"seat":2,"kind":"discard","tile":26}')
    assert act == P.Act(5, 2, "discard", 26)


@pytest.mark.parametrize(
    ("raw", "code", "names"),
    [
        ("{not json", "not_json", ""),
        ('{"type":"hello"}', "invalid", "game"),  # missing fields are named
        (json.dumps(hello(admin=True)), "invalid", "admin"),  # an unknown field is named
        ('{"type":"act","seq":1,"seat":4,"kind":"pass"}', "invalid", "seat"),
        ('{"type":"act","seq":1,"seat":0,"kind":"discard","tile":27}', "invalid", "tile"),
        ('{"type":"act","seq":1,"seat":0,"kind":"chow"}', "invalid", "kind"),
        ('{"type":"act","seq":"1","seat":0,"kind":"pass"}', "invalid", "seq"),
        ('{"type":"steal"}', "invalid", "steal"),
        ("[1,2]", "invalid", ""),
    ],
)
def test_bad_messages_are_refused_with_what_is_wrong(raw: str, code: str, names: str) -> None:
    with pytest.raises(P.ProtocolError) as err:
        P.decode_client(raw)
    assert err.value.code == code
    assert names in err.value.reason


def test_a_message_over_64_kb_is_refused_before_it_is_parsed() -> None:
    raw = json.dumps({"type": "chat", "phrase": "x" * P.MAX_CLIENT_MESSAGE})
    with pytest.raises(P.ProtocolError) as err:
        P.decode_client(raw)
    assert err.value.code == "too_large" and str(P.MAX_CLIENT_MESSAGE) in err.value.reason


def test_names_are_cleaned_for_the_table() -> None:
    assert P.clean_name("  阿\x00强\n  ") == "阿强"
    assert P.clean_name("a" * 40) == "a" * P.NAME_LIMIT
    assert P.clean_name("\x1b[31m") == "[31m"


def test_observations_round_trip_through_the_wire() -> None:
    """What the client's agent decides from equals the host's observation, field for field."""
    rnd = Round(RULES, "wire", None)
    agent = SimpleAgent()
    for _ in range(300):
        if rnd.ended:
            break
        seat = rnd.to_move()[0]
        obs = observe(rnd, seat)
        wire = P.decode_host(P.encode(P.Events(1, [], wire_observation(rnd, seat))))
        assert isinstance(wire, P.Events) and wire.obs is not None
        assert from_wire(wire.obs) == obs
        assert to_wire(from_wire(wire.obs)) == wire.obs
        rnd.apply(agent.choose(obs))


def test_events_are_redacted_and_the_seed_blanked() -> None:
    rnd = Round(RULES, "secret-seed", None)
    assert wire_events(rnd.events[:1], 0)[0]["seed"] == ""
    dealt = [e for e in rnd.events if e.kind == "tiles_dealt"]
    for e in dealt:
        seen = wire_events([e], 1)[0]
        assert (seen["tiles"] is None) == (e.to_json()["seat"] != 1)
        assert wire_events([e], SPECTATOR)[0]["tiles"] is None


def test_an_observation_that_does_not_hang_together_is_refused() -> None:
    rnd = Round(RULES, "x", None)
    seat = rnd.to_move()[0]
    wire = wire_observation(rnd, seat)
    wrong = P.WireObservation(
        **{
            **{f: getattr(wire, f) for f in wire.__struct_fields__},
            "legal_actions": [P.WireAction("discard", (seat + 1) % 4, parse_tiles("1m")[0])],
        }
    )
    with pytest.raises(ValueError):
        from_wire(wrong)


def test_the_token_bucket_allows_bursts_and_the_rate() -> None:
    bucket = TokenBucket(rate=2.0, burst=4.0)
    assert [bucket.take(0.0) for _ in range(5)] == [True] * 4 + [False]
    assert bucket.take(0.5) and not bucket.take(0.5)
    assert bucket.take(10.0)


def test_chat_phrases_have_both_languages() -> None:
    assert phrase_text("hurry") == "快点啊" and phrase_text("hurry", "en") == "Hurry up!"
    assert phrase_text("nope") == "nope"
    assert all(zh and en for zh, en in PHRASES.values())


def test_a_table_record_round_trips_and_never_carries_the_code() -> None:
    info = service_info("阿强的桌", 7530, ["127.0.0.1"], "guiyang-classic", 2)
    assert info.type == SERVICE_TYPE
    assert all(b"1234" not in v for v in (info.properties or {}).values() if isinstance(v, bytes))
    ad = parse_info(info)
    assert ad is not None
    assert (ad.room, ad.port, ad.ruleset, ad.free, ad.version) == (
        "阿强的桌",
        7530,
        "guiyang-classic",
        2,
        P.PROTOCOL_VERSION,
    )
    assert ad.url == "ws://127.0.0.1:7530"


def test_foreign_or_broken_records_are_skipped() -> None:
    foreign = ServiceInfo(
        SERVICE_TYPE, f"x.{SERVICE_TYPE}", port=1, properties={"game": "chess"}, parsed_addresses=["127.0.0.1"]
    )
    assert parse_info(foreign) is None
    broken = ServiceInfo(
        SERVICE_TYPE,
        f"y.{SERVICE_TYPE}",
        port=7530,
        properties={"game": P.GAME, "v": "one", "free": "x"},
        parsed_addresses=["127.0.0.1"],
    )
    assert parse_info(broken) is None
    rng = random.Random(3)
    for n in range(200):
        props = {
            rng.choice(["game", "v", "room", "free", "ruleset"]): bytes(rng.randrange(256) for _ in range(9))
            for _ in range(4)
        }
        props["game"] = P.GAME.encode()
        info = ServiceInfo(
            SERVICE_TYPE, f"r{n}.{SERVICE_TYPE}", port=7530, properties=props, parsed_addresses=["127.0.0.1"]
        )
        ad = parse_info(info)
        assert ad is None or (0 <= ad.free <= 4 and len(ad.room) <= P.NAME_LIMIT)


def test_the_hosts_running_digest_equals_the_saves_digest() -> None:
    """The host keeps a hand's save digest up event by event; it must equal game.records.savefile.digest."""
    from game.match.play import play_round
    from game.records.savefile import RunningDigest, digest

    rnd = play_round(Round(RULES, "digest", None), [SimpleAgent()] * 4)
    running = RunningDigest()
    assert running.hand_digest() == digest([])
    for n, e in enumerate(rnd.events, 1):
        running.add(e.to_json())
        if n % 17 == 0 or n == len(rnd.events):
            assert running.hand_digest() == digest(rnd.events[:n])
