"""Shared pieces of the network tests: a host on 127.0.0.1 in this process, clients, the local reference.

Every socket here is on the loopback address: nothing leaves the machine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from game.core.ruleset import Ruleset
from game.engine.events import Event
from game.match.agents import SimpleAgent
from game.match.length import MatchLength
from game.match.match import Match
from game.match.play import play_round
from game.net.client.connection import NetClient, autoplay
from game.net.host.server import HostServer
from game.net.host.table import NetTable, SeatPlan, TableConfig
from game.net.wire import protocol as P

LOOPBACK = "127.0.0.1"
CODE = "K7M4QX"  # the room code's form: six of game.net.wire.roomcode.ALPHABET
T = TypeVar("T")


def config(hands: int, seats: str = "human,human,human,human", **kw: Any) -> TableConfig:
    """A table config for the tests: no wait between hands, no answering beat (its tests set one), the rest as given."""
    plans = [SeatPlan.parse(s) for s in seats.split(",")]
    kw.setdefault("next_hand_wait", 0.0)
    kw.setdefault("claim_beat", 0.0)
    kw.setdefault("length", MatchLength("hands", hands))
    return TableConfig(code=CODE, seats=plans, **kw)


def simple_factory(level: str, seed: str, rules: Ruleset) -> SimpleAgent:
    """The host's stand-in AI for the tests: the fast deterministic bot."""
    return SimpleAgent()


async def open_host(table: NetTable, save: Path | None = None, **kw: Any) -> tuple[HostServer, str, asyncio.Task[None]]:
    """Serve `table` on a free loopback port (`kw` to HostServer); (server, ws:// url, the task running it)."""
    server = HostServer(table, LOOPBACK, 0, save, None, linger=0.05, **kw)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(server.run(lambda port: ready.set_result(port)))
    port = await asyncio.wait_for(ready, 10)
    return server, f"ws://{LOOPBACK}:{port}", task


def local_match_events(rules: Ruleset, seed: str, hands: int) -> list[Event]:
    """Every event of `hands` hands played at one computer by SimpleAgents: the reference a network match must equal."""
    match = Match(rules, seed)
    agents = [SimpleAgent() for _ in range(rules.players)]
    out: list[Event] = []
    for _ in range(hands):
        rnd = play_round(match.new_round(), agents)
        match.finish_round(rnd)
        out.extend(rnd.events)
    return out


async def seat_players(url: str, n: int = 4) -> list[NetClient]:
    """`n` clients joined one after another (so client k holds seat k)."""
    clients = []
    for k in range(n):
        c = NetClient(url, CODE, name=f"p{k}", reconnect_for=10)
        await c.connect()
        clients.append(c)
    return clients


async def play_all(clients: list[NetClient]) -> None:
    """Every client plays its seat with a SimpleAgent to the end of the match."""
    await asyncio.gather(*(autoplay(c, SimpleAgent()) for c in clients))


def run(factory: Callable[[], Awaitable[T]], timeout: float = 120.0) -> T:
    """Run a coroutine to its end with a time limit (a hung network test fails instead of hanging)."""

    async def main() -> T:
        return await asyncio.wait_for(factory(), timeout)

    return asyncio.run(main())


class HeldLink:
    """A client link whose messages the test hands over when it likes (the network thread's queue, without
    the network): put them in `inbox`; the screens take them in at their next poll."""

    def __init__(self, welcome: object = None) -> None:
        self.welcome = welcome
        self.ended = None
        self.inbox: list[object] = []
        self.said: list[object] = []  # what the screens said to the host (the clock's word, 托管)

    def poll(self) -> list[object]:
        """The messages handed over since the last poll."""
        out, self.inbox = self.inbox, []
        return out

    def act(self, action: object) -> None:
        """An action sent to the host: dropped (the test plays the host)."""

    def ready(self) -> None:
        """The ready signal between hands: dropped."""

    def chat(self, phrase: str) -> None:
        """A chat phrase: dropped."""

    def shown(self, seq: int) -> None:
        """The word that the decision is on the screen: kept for the test to read."""
        self.said.append(P.Shown(seq))

    def auto_play(self, on: bool) -> None:
        """托管 asked for or given up: kept for the test to read."""
        self.said.append(P.AutoPlay(on))

    def close(self) -> None:
        """Nothing to close."""
