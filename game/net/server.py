"""The host on WebSocket: a NetTable served with `websockets` on asyncio, its save and replay log on disk.

Each connection gets an outgoing queue and a writer task, so one slow client never holds up
the others (past OUTBOX_LIMIT queued messages it is dropped, and may rejoin). The save is
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
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.protocol import TRANSPORT_MAX
from game.net.table import NetTable
from game.replaylog import ReplayLog
from game.round import Round
from game.safe_files import write_text_atomic
from game.savefile import dumps

log = logging.getLogger(__name__)

OUTBOX_LIMIT = 2000  # messages queued for one client before it counts as gone
SAVE_INTERVAL = 0.1  # seconds between two writes of the save, at most


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
    ) -> None:
        self.table = table
        self.bind = bind
        self.port = port
        self.save_path = save_path
        self.replay = replay
        self.linger = linger  # seconds to keep serving after the match ends, so the last messages arrive
        self.server: Server | None = None
        self._ids = itertools.count(1)
        self._poke = asyncio.Event()
        self._stop = asyncio.Event()
        self._save_due = asyncio.Event()
        # One write of the save at a time: a write runs in a thread that cancelling its task does not
        # stop, so without this an older write could land after the final one and undo it.
        self._write_lock = asyncio.Lock()
        self._saving: asyncio.Task[None] | None = None
        self.save_errors: list[str] = []
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
                    await asyncio.to_thread(write_text_atomic, self.save_path, text)
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
        self.server = await serve(
            self._handler,
            self.bind,
            self.port,
            max_size=TRANSPORT_MAX,
            max_queue=64,
            compression=None,  # small messages: deflate would only cost time
            ping_interval=10,
            ping_timeout=20,
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
                if self.table.over:
                    await asyncio.sleep(self.linger)
                    break
                self._poke.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._poke.wait(), timeout=wait if wait is not None else 1.0)
        finally:
            await self.close()

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
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def _handler(self, ws: ServerConnection) -> None:
        conn_id = next(self._ids)
        outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        closing: list[tuple[int, str]] = []

        def send(data: bytes) -> None:
            if outbox.qsize() >= OUTBOX_LIMIT:
                close(1008, "too slow: messages piled up")
                return
            outbox.put_nowait(data)

        def close(code: int, reason: str) -> None:
            if not closing:
                closing.append((code, reason))
                outbox.put_nowait(None)

        async def writer() -> None:
            while True:
                data = await outbox.get()
                if data is None:
                    code, reason = closing[0]
                    await ws.close(code, reason)
                    return
                await ws.send(data.decode("utf-8"))

        addr = ws.remote_address[0] if ws.remote_address else ""
        self.table.connect(conn_id, send, close, str(addr))
        task = asyncio.create_task(writer())
        try:
            async for message in ws:
                if closing:
                    break
                self.table.receive(conn_id, message)
                self._poke.set()
        except ConnectionClosed:
            pass
        finally:
            self.table.disconnect(conn_id)
            self._poke.set()
            if not closing:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await task
