"""The host on WebSocket: a NetTable served with `websockets` on asyncio, its save and replay log on disk.

Each connection gets an outgoing queue and a writer task, so one slow client never holds up
the others (past OUTBOX_LIMIT queued messages it is dropped, and may rejoin); the table's
statuses go to each connection at most every STATUS_INTERVAL, the latest one winning, so churn
at the table (a client that rejoins over and over) does not become traffic to everyone. A new
connection must say a valid hello within the door's deadline, and only so many may be waiting
to (game.net.wire.limits.DoorLimits): idle sockets cannot pile up until the host runs out of files.
The save is
written after the events have gone out, from a worker thread, so the disk never adds to the
time a move takes to reach the players, and at most every SAVE_INTERVAL; a host killed at any
moment leaves a save from a fraction of a second before, which it resumes from (a client that saw
more is sent the hand afresh).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import ssl
import threading
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.engine.round import Round
from game.files.safe_files import write_text_atomic
from game.net.host.accept import listen, quiet_accept_errors
from game.net.host.table import NetTable
from game.net.wire.limits import DoorLimits
from game.net.wire.protocol import TRANSPORT_MAX, is_status
from game.records.replaylog import ReplayLog
from game.records.savefile import dumps

log = logging.getLogger(__name__)

OUTBOX_LIMIT = 2000  # messages queued for one client before it counts as gone
SAVE_INTERVAL = 0.1  # seconds between two writes of the save, at most
STATUS_INTERVAL = 0.1  # seconds between two statuses to one connection, at least
# Close codes (RFC 6455 §7.4): 1008 policy violation, 1013 try again later.
CLOSE_POLICY = 1008
CLOSE_TRY_LATER = 1013


class Outbox:
    """One connection's outgoing messages, for its writer task: in order, statuses paced, then the close."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closing: tuple[int, str] | None = None
        self.held: bytes | None = None  # the latest status, waiting for its turn
        self.status_at = -1e9
        self.timer: asyncio.TimerHandle | None = None

    def send(self, data: bytes) -> None:
        """Queue a message (a status may wait and be replaced by a newer one); too many queued closes."""
        if self.closing is not None:
            return
        if self.queue.qsize() >= OUTBOX_LIMIT:
            self.close(CLOSE_POLICY, "too slow: messages piled up")
            return
        if is_status(data):
            wait = self.status_at + STATUS_INTERVAL - self.loop.time()
            if wait > 0:
                self.held = data
                if self.timer is None:
                    self.timer = self.loop.call_later(wait, self._release)
                return
            self.status_at = self.loop.time()
        else:
            # Nothing overtakes a status: a held one goes first, so only statuses with nothing
            # between them are ever folded into one.
            self._release()
        self.queue.put_nowait(data)

    def _release(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        held, self.held = self.held, None
        if held is not None:
            self.status_at = self.loop.time()
            self.queue.put_nowait(held)

    def close(self, code: int, reason: str) -> None:
        """Send what is queued (and the status held back), then close with `code`."""
        if self.closing is not None:
            return
        self._release()
        self.closing = (code, reason)
        self.queue.put_nowait(None)


class HostServer:
    """Serves one NetTable on `bind:port`; `run()` until the match is over (or `stop()`)."""

    def __init__(
        self,
        table: NetTable,
        bind: str = "0.0.0.0",
        port: int = 0,
        save_path: Path | None = None,
        replay: ReplayLog | None = None,
        linger: float = 1.0,
        door: DoorLimits | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.table = table
        self.tls = tls  # wss:// with the operator's certificate; None: plain ws:// (a local network)
        self.bind = bind
        self.port = port
        self.save_path = save_path
        self.replay = replay
        self.linger = linger  # seconds to keep serving after the match ends, so the last messages arrive
        self.door = door or DoorLimits()
        self.server: Server | None = None
        self._ids = itertools.count(1)
        self._poke = asyncio.Event()
        self._stop = asyncio.Event()
        # Set once closing has written the last save: another thread (the host's menu) may read it then,
        # without waiting for every peer's close handshake.
        self.saved_last = threading.Event()
        self._save_due = asyncio.Event()
        # One write of the save at a time: a write runs in a thread that cancelling its task does not
        # stop, so without this an older write could land after the final one and undo it.
        self._write_lock = asyncio.Lock()
        self._saving: asyncio.Task[None] | None = None
        self.save_errors: list[str] = []
        # Told the count of free seats whenever it changes (the table's announcement on the network follows it).
        self.on_free_seats: Callable[[int], None] | None = None
        self.own_seat: int | None = None  # the host's own window's seat, which nobody who joins can take
        self._free_told: int | None = None
        table.on_save = self._on_save
        table.on_hand_done = self._on_hand_done

    # ------------------------------------------------------------------ files

    def _on_save(self) -> None:
        if self.save_path is not None:
            self._save_due.set()

    def _on_hand_done(self, rnd: Round) -> None:
        if self.replay is not None:
            self.replay(rnd, False)

    async def _saver(self) -> None:
        """Write the save whenever it changed: the latest state, one write at a time, off the loop."""
        assert self.save_path is not None
        while True:
            await self._save_due.wait()
            async with self._write_lock:
                self._save_due.clear()
                text = dumps(self.table.save_data())
                try:
                    try:
                        await asyncio.to_thread(write_text_atomic, self.save_path, text)
                    except RuntimeError:
                        # The process is ending (a window closed while hosting): no thread can be started to
                        # write from, so the last save is written here rather than lost.
                        write_text_atomic(self.save_path, text)
                except OSError as exc:
                    if not self.save_errors:
                        log.warning("cannot write the save %s: %s", self.save_path, exc)
                    self.save_errors.append(str(exc))
            # Moves that come faster than this (AI seats, quick hands) are saved together.
            await asyncio.sleep(SAVE_INTERVAL)

    async def flush(self) -> None:
        """Write the save now if a change is pending (before a clean stop), after any write in flight."""
        if self.save_path is None:
            return
        async with self._write_lock:
            if self._save_due.is_set():
                self._save_due.clear()
                write_text_atomic(self.save_path, dumps(self.table.save_data()))

    # ------------------------------------------------------------------ serving

    async def start(self) -> int:
        """Start listening; returns the port (chosen by the system when 0 was asked)."""
        quiet_accept_errors(asyncio.get_running_loop())
        self.server = await serve(
            self._handler,
            sock=listen(self.bind, self.port),
            ssl=self.tls,
            open_timeout=self.door.hello_deadline,  # a socket that never even starts WebSocket
            max_size=TRANSPORT_MAX,
            max_queue=64,
            compression=None,  # small messages: deflate would only cost time
            ping_interval=10,
            ping_timeout=20,
            # A peer that never answers our close (a window already gone, a hostile client) holds the
            # host's closing this long at most, instead of the library's 10 s.
            close_timeout=2,
        )
        sock = next(iter(self.server.sockets))
        self.port = int(sock.getsockname()[1])
        if self.save_path is not None:
            self._saving = asyncio.create_task(self._saver())
        return self.port

    async def run(self, on_ready: Callable[[int], None] | None = None) -> None:
        """Serve until the match is over or stop() is called; the clock ticks the table meanwhile."""
        port = await self.start()
        if on_ready is not None:
            on_ready(port)
        self.table.step()
        try:
            while not self._stop.is_set():
                wait = self.table.step()
                self._tell_free()  # every seat taken or left pokes the loop: the count is looked at here
                if self.table.over:
                    await asyncio.sleep(self.linger)
                    break
                self._poke.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._poke.wait(), timeout=wait if wait is not None else 1.0)
        finally:
            await self.close()

    def follow_free_seats(self, tell: Callable[[int], None], own: int | None = None) -> None:
        """Tell `tell` the free seats now and whenever a person takes or leaves one (call it on the host's
        thread); `own` is the host's own seat, not counted."""
        self.on_free_seats, self.own_seat, self._free_told = tell, own, None
        self._poke.set()

    def _tell_free(self) -> None:
        tell = self.on_free_seats
        if tell is None:
            return
        free = self.table.free_seats(self.own_seat)
        if free != self._free_told:
            self._free_told = free
            tell(free)

    def start_match(self) -> None:
        """The host's say-so: start (or carry on) the match now, the AI in the seats whose people are not there."""
        self.table.start()
        self._poke.set()

    def stop(self) -> None:
        """Ask run() to end."""
        self._stop.set()
        self._poke.set()

    async def close(self) -> None:
        """Close every connection, write the save, stop listening."""
        self.table.shutdown()
        await self.flush()  # (waits for a write in flight: the saver is cancelled only after it)
        if self._saving is not None:
            self._saving.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._saving
        self.saved_last.set()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def waiting(self) -> int:
        """Connections that have not joined the table yet."""
        return sum(1 for c in self.table.conns.values() if not c.joined)

    def _expire(self, conn_id: int, out: Outbox) -> None:
        conn = self.table.conns.get(conn_id)
        if conn is not None and not conn.joined:
            out.close(CLOSE_POLICY, f"no valid hello within {self.door.hello_deadline:g} s")

    async def _handler(self, ws: ServerConnection) -> None:
        if self.waiting() >= self.door.max_waiting:
            log.info("a connection turned away: %d are waiting to join", self.door.max_waiting)
            await ws.close(CLOSE_TRY_LATER, "too many connections waiting to join; try again in a few seconds")
            return
        conn_id = next(self._ids)
        loop = asyncio.get_running_loop()
        out = Outbox(loop)

        async def writer() -> None:
            while True:
                data = await out.queue.get()
                if data is None:
                    assert out.closing is not None
                    await ws.close(*out.closing)
                    return
                await ws.send(data.decode("utf-8"))

        addr = ws.remote_address[0] if ws.remote_address else ""
        self.table.connect(conn_id, out.send, out.close, str(addr))
        deadline = loop.call_later(self.door.hello_deadline, self._expire, conn_id, out)
        task = asyncio.create_task(writer())
        try:
            async for message in ws:
                if out.closing is not None:
                    # Read on (and drop) until the close completes: a reader that stopped would leave
                    # the peer's answer to our close unread behind its flood, and the close hanging.
                    continue
                self.table.receive(conn_id, message)
                self._poke.set()
        except ConnectionClosed:
            pass
        finally:
            deadline.cancel()
            if out.timer is not None:
                out.timer.cancel()
            self.table.disconnect(conn_id)
            self._poke.set()
            if out.closing is None:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await task
