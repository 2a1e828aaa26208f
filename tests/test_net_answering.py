"""After every discard the table shows the same answering beat to everyone, whether or not anyone can claim."""

from __future__ import annotations

from typing import Any

from game.engine.round import Phase
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.rules.loader import load_ruleset
from tests.net_peers import Clock, Peer
from tests.net_rig import config, simple_factory

RULES = load_ruleset("guiyang-classic")
BEAT = 0.5


class TimedPeer(Peer):
    """A Peer that notes the clock's time of each message."""

    def __init__(self, table: NetTable, conn_id: int, clock: Clock) -> None:
        self.timed: list[tuple[float, P.HostMessage]] = []
        super().__init__(table, conn_id)
        table.conns[conn_id].send = lambda data: self._got(clock.now, data)

    def _got(self, now: float, data: bytes) -> None:
        msg = P.decode_host(data)
        self.got.append(msg)
        self.timed.append((now, msg))


def play_watched(seed: str, moves: int = 400, **kw: Any) -> tuple[NetTable, TimedPeer, list[bool]]:
    """Two people (answering at once) and two AI, watched; for each discard, whether any seat could claim it."""
    clock = Clock()
    table = NetTable(RULES, seed, config(2, "human,ai,human,ai", claim_beat=BEAT, **kw), simple_factory, clock)
    people = [Peer(table, k) for k in (0, 1)]
    for k, p in enumerate(people):
        p.hello(f"p{k}")
    watcher = TimedPeer(table, 9, clock)
    watcher.hello(watch=True)
    claimable: list[bool] = []
    seen = 0
    for _ in range(moves * 20):
        if table.over or table.hands_done >= 1:
            break
        rnd = table.rnd
        discards = 0 if rnd is None else sum(1 for e in rnd.events if e.kind == "tile_discarded")
        if rnd is not None and discards > seen:
            # Nothing moves in the beat: claims still open now means a seat could claim; else the engine moved on.
            seen = discards
            claimable.append(rnd.state.phase is not Phase.TURN)
        for p in people:
            seat = p.of(P.Welcome)[0].seat
            if (
                rnd is not None
                and not rnd.ended
                and rnd.legal_tuple(seat)
                and p.obs() is not None
                and not table.held(seat)
            ):
                p.play()
        table.step()
        clock.now += 0.1
    return table, watcher, claimable


def test_every_discard_is_followed_by_the_same_answering_status_and_beat_claim_or_no_claim() -> None:
    table, watcher, claimable = play_watched("beat")
    assert table.hands_done >= 1
    assert True in claimable and False in claimable, "the hand had discards with and without a claim on offer"
    discards = 0
    for i, (at, msg) in enumerate(watcher.timed):
        if not isinstance(msg, P.Events) or not any(e["type"] == "tile_discarded" for e in msg.events):
            continue
        discards += 1
        assert msg.events[-1]["type"] == "tile_discarded", "nothing after a discard goes out with it"
        later = watcher.timed[i + 1 :]
        status = next(m for _t, m in later if isinstance(m, P.Status))
        assert status.claims and status.moving == [] and status.waiting_for is None
        # No window here says it shows the discard: the answering clock waits for them, the same for every discard.
        assert status.turn_left is None
        nxt = next(t for t, m in later if isinstance(m, P.Events | P.Settled))
        assert nxt - at >= BEAT - 1e-9, "the table answers no faster than the beat"
    assert discards >= 20


def test_a_table_nobody_watches_plays_without_the_beat() -> None:
    clock = Clock()
    table = NetTable(RULES, "unwatched", config(2, "ai,ai,ai,ai", claim_beat=BEAT), simple_factory, clock)
    table.start()
    table.step()
    assert table.hands_done == 2, "an AI-only table with nobody to see it plays through at once"
