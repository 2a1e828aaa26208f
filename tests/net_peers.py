"""Connections to a NetTable driven directly, without sockets: a clock moved by hand, peers that say what a
client would and keep what they are sent, a table with people seated, and a loop that plays it on."""

from __future__ import annotations

from typing import Any

from game.match.agents import SimpleAgent
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.view import from_wire
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory

RULES = load_ruleset("guiyang-classic")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Peer:
    """A connection to a NetTable driven directly: what it was sent, decoded."""

    def __init__(self, table: NetTable, conn_id: int) -> None:
        self.table = table
        self.id = conn_id
        self.got: list[P.HostMessage] = []
        self.closed: tuple[int, str] | None = None
        table.connect(conn_id, lambda data: self.got.append(P.decode_host(data)), self._close, "127.0.0.1")

    def _close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def say(self, msg: P.Message | bytes | str) -> None:
        self.table.receive(self.id, msg if isinstance(msg, bytes | str) else P.encode(msg))

    def hello(self, name: str = "", **kw: Any) -> None:
        self.say(P.Hello(P.GAME, P.PROTOCOL_VERSION, kw.pop("code", CODE), name, **kw))

    def of(self, kind: type[Any]) -> list[Any]:
        return [m for m in self.got if isinstance(m, kind)]

    def obs(self) -> P.WireObservation | None:
        for m in reversed(self.got):
            if isinstance(m, P.Events | P.Snapshot):
                return m.obs
        return None

    def play(self) -> None:
        """Answer the latest question with the simple bot."""
        obs = self.obs()
        assert obs is not None and obs.legal_actions
        a = SimpleAgent().choose(from_wire(obs))
        self.say(P.Act(len(self.table.views[a.seat]), a.seat, a.kind.value, a.tile, a.declare))


def seated_table(seats: str = "human,human,ai,ai", people: int = 2, **kw: Any) -> tuple[NetTable, Clock, list[Peer]]:
    """A table of `seats` with `people` peers seated, its clock moved by hand."""
    clock = Clock()
    table = NetTable(RULES, "faults", config(4, seats, **kw), simple_factory, clock)
    peers = []
    for k in range(people):
        p = Peer(table, k)
        p.hello(f"p{k}")
        peers.append(p)
    return table, clock, peers


def drive_until(table: NetTable, peers: list[Peer], stop: Any, limit: int = 2000) -> None:
    """Let connected peers answer (the AI plays the rest) until `stop()` is true."""
    for _ in range(limit):
        if stop():
            return
        rnd = table.rnd
        for p in peers:
            seat = p.of(P.Welcome)[0].seat
            if p.closed is None and rnd is not None and rnd.legal_tuple(seat) and p.obs() is not None:
                p.play()
                break
        else:
            for p in peers:
                if p.closed is None:
                    p.say(P.Ready())
    raise AssertionError("the table never got there")


def claim_offered(beat: float = 0.5, timer: float = 10.0) -> tuple[NetTable, Clock, Peer, Peer, Peer, int, float]:
    """Two people and two AI, watched, with the answering beat: played on until a discard offers one of the people
    a claim. The table, its clock, the claimer's peer, the other person's, the spectator's, the claimer's seat and
    the time of the discard."""
    clock = Clock()
    table = NetTable(
        RULES, "answer", config(4, "human,human,ai,ai", turn_timer=timer, claim_beat=beat), simple_factory, clock
    )
    peers = [Peer(table, k) for k in (0, 1)]
    for k, p in enumerate(peers):
        p.hello(f"p{k}")
    watcher = Peer(table, 9)
    watcher.hello(watch=True)
    for _ in range(4000):
        rnd = table.rnd
        if rnd is not None and not rnd.ended and rnd.state.phase.value != "turn":
            claimers = [s for s in (0, 1) if any(a.kind.value != "pass" for a in rnd.legal_tuple(s))]
            if claimers and peers[claimers[0]].obs() is not None:
                me = claimers[0]
                return table, clock, peers[me], peers[1 - me], watcher, me, clock.now
        for seat, p in enumerate(peers):
            if rnd is not None and not rnd.ended and rnd.legal_tuple(seat) and p.obs() and not table.held(seat):
                p.play()
                break
        else:
            for p in peers:
                p.say(P.Ready())
            clock.now += 0.25
            table.step()
    raise AssertionError("no discard offered a person a claim")
