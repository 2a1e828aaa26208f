"""The network beside a frame loop: a client (and, for the host, the table's server) in threads of their own.

The pygame client never waits on the network: it calls `poll()` once a frame to take what has
arrived, and `act()`, `ready()`, `chat()` hand messages to the network thread without blocking.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import queue
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.net.client.connection import JoinRefused, NetClient
from game.net.client.seat_tokens import forget_token, keep_token
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.net.wire import protocol as P


@dataclass(frozen=True)
class LinkNotice:
    """Not a message from the host: what happened to the connection itself."""

    # "joined", "lost" (the link ended for good), "refused", "host_left" (the host closed the table), "over"
    kind: str
    text: str = ""
    code: str = ""  # a refusal's code (docs/protocol.md): the client says it in its own language


Incoming = P.HostMessage | LinkNotice


class NetLink:
    """A NetClient running in its own thread; the frame loop polls it and sends through it."""

    def __init__(self, client: NetClient, keep_seat: bool = False) -> None:
        self.client = client
        # Keep the seat's token on disk (game.net.client.seat_tokens), so the window can rejoin the seat later.
        self.keep_seat = keep_seat
        self.inbox: queue.SimpleQueue[Incoming] = queue.SimpleQueue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._main, name="net-client", daemon=True)
        self.welcome: P.Welcome | None = None
        self.ended: LinkNotice | None = None  # set when the link is over (refused, lost, match over)
        self._tasks: set[asyncio.Task[Any]] = set()

    def start(self) -> None:
        """Connect and run in the background."""
        self.thread.start()

    def _main(self) -> None:
        asyncio.run(self._run())

    async def _run(self) -> None:
        self.loop = asyncio.get_running_loop()
        try:
            welcome = await self.client.connect()
            if self.keep_seat and welcome.token is not None:
                keep_token(self.client.code, welcome.token, self.client.url, welcome.seat)
            self.welcome = welcome  # only once its token is kept: a window that sees it may rely on the token
            self.inbox.put(LinkNotice("joined"))
            self.inbox.put(self.welcome)
            await self.client.run(self.inbox.put)
        except JoinRefused as exc:
            if self.keep_seat and exc.code == "token":
                forget_token(self.client.code, self.client.state.token)  # the next try joins afresh
            self._end(LinkNotice("refused", exc.reason, exc.code))
            return
        except OSError as exc:
            self._end(LinkNotice("lost", str(exc)))
            return
        closing = self.client.state.closing
        if closing is not None and not self.client.finished():
            self._end(LinkNotice("host_left", closing.reason, closing.code))
            return
        if self.client.finished():
            self._end(LinkNotice("over", "the match is over"))
            return
        self._end(LinkNotice("lost", "closed"))

    def _end(self, notice: LinkNotice) -> None:
        self.ended = notice
        self.inbox.put(notice)

    def poll(self) -> list[Incoming]:
        """Everything that arrived since the last call (never blocks)."""
        out: list[Incoming] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self.inbox.get_nowait())
        return out

    def _submit(self, make: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        """Run `make()` on the link's loop. The coroutine is made there, when the loop runs it: one made here and
        handed over could be left never run by a loop that ends first (a window closing, the link lost)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return

        def start() -> None:
            task = loop.create_task(make())
            self._tasks.add(task)  # held until done: the loop keeps only a weak reference to a task
            task.add_done_callback(self._tasks.discard)

        with contextlib.suppress(RuntimeError):  # the loop closed since the look above: nothing to send on
            loop.call_soon_threadsafe(start)

    def act(self, action: Action) -> None:
        """Send a move (made on the events received so far)."""
        self._submit(lambda: self.client.act(action))

    def ready(self) -> None:
        """Ready for the next hand."""
        self._submit(lambda: self.client.send(P.Ready()))

    def chat(self, phrase: str) -> None:
        """Say a quick phrase."""
        self._submit(lambda: self.client.send(P.Chat(phrase)))

    def shown(self, seq: int) -> None:
        """Say that events up to `seq` are on the screen and the player is asked: the seat's clock starts."""
        self._submit(lambda: self.client.send(P.Shown(seq)))

    def auto_play(self, on: bool) -> None:
        """Ask the host's AI to play the seat (托管), or to hand it back."""
        self._submit(lambda: self.client.send(P.AutoPlay(on)))

    def close(self) -> None:
        """Leave the table (the seat stays ours)."""
        self._submit(lambda: self.client.close())


class HostThread:
    """The host's table served from its own thread (the windowed host plays through a NetLink like everyone)."""

    def __init__(self, server: HostServer) -> None:
        self.server = server
        self.port: int | None = None
        self.error: str | None = None
        self._ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._main, name="net-host", daemon=True)

    @property
    def table(self) -> NetTable:
        """The table being served (read it from the frame loop only through `status()`)."""
        return self.server.table

    def start(self, timeout: float = 5.0) -> int | None:
        """Start serving; the port, or None with `error` set when the port cannot be opened."""
        # A window closed while hosting: the guests are told the table closes (and the save is written)
        # before the process ends, instead of finding out by a connection that never comes back.
        atexit.register(self._at_exit)
        self.thread.start()
        self._ready.wait(timeout)
        return self.port

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except OSError as exc:
            self.error = exc.strerror or str(exc)
            self._ready.set()

    async def _run(self) -> None:
        self.loop = asyncio.get_running_loop()

        def ready(port: int) -> None:
            self.port = port
            self._ready.set()

        await self.server.run(ready)

    def call(self, fn: Any, *args: Any) -> None:
        """Run `fn(*args)` on the host's thread (the table is only ever touched there)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(fn, *args)

    def start_match(self) -> None:
        """The host's start button: deal the first hand with whoever is seated (the AI fills the rest)."""

        def go() -> None:
            self.table.start()
            self.table.step()

        self.call(go)

    def stop(self) -> None:
        """Close the table."""
        self.call(self.server.stop)

    @property
    def save_final(self) -> bool:
        """True once the table has closed far enough that its save on disk is the last one."""
        return self.server.saved_last.is_set() or not self.thread.is_alive()

    def _at_exit(self, wait: float = 3.0) -> None:
        if self.thread.is_alive():
            self.stop()
            self.thread.join(wait)
