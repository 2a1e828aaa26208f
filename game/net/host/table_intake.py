"""Message intake at the host's table: connections come and go, and each message is decoded, paced and carried out."""

from __future__ import annotations

import logging

from game.net.host.table_broadcast import TableBroadcast
from game.net.host.table_clock import TableClock
from game.net.host.table_core import TableCore
from game.net.host.table_door import TableDoor
from game.net.host.table_play import TablePlay
from game.net.host.table_seats import CLOSE_POLICY, CloseFn, Conn, SendFn
from game.net.wire import protocol as P
from game.net.wire.chat import CHAT_INTERVAL, PHRASES
from game.net.wire.limits import TokenBucket

log = logging.getLogger(__name__)


class TableIntake:
    """Connections coming and going, and each message in: decoded, paced, and handed to the table."""

    def __init__(
        self, core: TableCore, out: TableBroadcast, door: TableDoor, play: TablePlay, clock: TableClock
    ) -> None:
        self.core = core
        self.out = out
        self.door = door
        self.play = play
        self.clock = clock  # each message is followed by a tick: the AI answers at once

    def connect(self, conn_id: int, send: SendFn, close: CloseFn, addr: str = "") -> None:
        """A new connection; it must say hello first."""
        self.core.conns[conn_id] = Conn(
            conn_id, send, close, addr, TokenBucket(self.core.config.rate, self.core.config.burst)
        )

    def disconnect(self, conn_id: int) -> None:
        """A connection is gone: its seat, if any, keeps its holder and the drop clock starts."""
        conn = self.core.conns.pop(conn_id, None)
        if conn is None:
            return
        conn.closed = True
        if conn.seat is not None and self.core.seats[conn.seat].conn == conn_id:
            seat = self.core.seats[conn.seat]
            self.core.seat_dropped(conn.seat)
            log.info("seat %d (%s) dropped", conn.seat, seat.holder.name if seat.holder else "?")
        self.out.push_status()

    def receive(self, conn_id: int, data: bytes | str) -> None:
        """One message from a connection: refused with an error to it alone, or carried out."""
        conn = self.core.conns.get(conn_id)
        if conn is None or conn.closed:
            return
        self.core.stats.received += 1
        now = self.core.time()
        try:
            msg: P.ClientMessage | None = P.decode_client(data)
            fault: P.ProtocolError | None = None
        except P.ProtocolError as exc:
            msg, fault = None, exc
        if fault is not None and fault.code in P.FATAL_FAULTS:
            log.warning("connection %d (%s) closed: %s", conn.id, conn.addr, fault.reason)
            self.out.close(conn, P.FATAL_FAULTS[fault.code], fault.reason)
            return
        # An answer to a question the host asked (a move, a ready between hands) is never slowed,
        # however fast an AI plays; everything else spends from the connection's bucket, and so
        # does an answer the table refuses (below).
        answer = self._is_answer(conn, msg)
        if not answer and not self._spend(conn, now, tell=True):
            return
        if msg is None:
            assert fault is not None
            self.out.error(conn, fault.code, fault.reason)
            return
        if isinstance(msg, P.Hello):
            self.door.hello(conn, msg, now)
        elif not conn.joined:
            self.out.error(conn, "hello_first", "say hello (with the room code) before anything else")
        elif isinstance(msg, P.Act):
            refused = self.core.stats.refused
            self.play.act(conn, msg)
            if answer and self.core.stats.refused > refused:
                self._spend(conn, now, tell=False)  # an illegal answer, refused already: it counts toward a flood
        elif isinstance(msg, P.Ready):
            self._ready(conn)
        elif isinstance(msg, P.Chat):
            self._chat(conn, msg, now)
        elif isinstance(msg, P.Back):
            if conn.seat is not None:
                self.core.player_acted(conn.seat)
        elif isinstance(msg, P.Shown):
            if conn.seat is not None:
                self.core.shown(conn.seat, msg.seq)
        elif isinstance(msg, P.AutoPlay):
            self._auto_play(conn, msg.on)
        else:
            self.out.send(conn, P.Pong(msg.n))
        self.clock.tick()

    def _spend(self, conn: Conn, now: float, tell: bool) -> bool:
        """Take a token for one message; past the bucket, count a violation (closing a flood); False when over."""
        if conn.bucket.take(now):
            return True
        conn.violations += 1
        if conn.violations > 2 * self.core.config.burst:
            self.out.close(conn, CLOSE_POLICY, "flooding: too many messages")
        elif tell:
            self.out.error(conn, "rate", f"too many messages: at most {self.core.config.rate:g} a second")
        return False

    def _is_answer(self, conn: Conn, msg: P.ClientMessage | None) -> bool:
        seat = conn.seat
        if seat is None or not conn.joined:
            return False
        if isinstance(msg, P.Act):
            s = self.core.seats[seat]
            return (
                self.core.rnd is not None
                and msg.seq == s.asked_seq == len(self.core.views[seat])
                and bool(self.core.rnd.legal_tuple(seat))
            )
        if isinstance(msg, P.Ready):
            return self.core.rnd is None and not self.core.seats[seat].ready
        if isinstance(msg, P.Shown):
            s = self.core.seats[seat]
            asked = s.shown_at is None and msg.seq == s.asked_seq == len(self.core.views[seat])
            return asked or self.core.answer_open(seat, msg.seq)  # every window answers a discard, claim or not
        return False

    def _auto_play(self, conn: Conn, on: bool) -> None:
        """托管 chosen or given up by the seat's player: the AI takes the seat now, or hands it back now."""
        if conn.seat is None:
            self.out.error(conn, "not_seated", "a spectator has no seat to hand to the AI")
        elif on:
            self.core.seats[conn.seat].tuoguan = True
        else:
            self.core.player_acted(conn.seat)

    def _ready(self, conn: Conn) -> None:
        if conn.seat is not None:
            if self.core.rnd is None and not self.core.seats[conn.seat].ready:
                self.core.player_acted(conn.seat)  # the player closed the settlement: they are at the keys
            self.core.seats[conn.seat].ready = True

    def _chat(self, conn: Conn, msg: P.Chat, now: float) -> None:
        if not self.core.config.chat:
            self.out.error(conn, "chat_off", "the host has turned chat off at this table")
        elif conn.seat is None:
            self.out.error(conn, "not_seated", "spectators cannot chat")
        elif msg.phrase not in PHRASES:
            self.out.error(conn, "invalid", f"unknown phrase {msg.phrase[:20]!r}; the phrases are {', '.join(PHRASES)}")
        elif now - conn.last_chat < CHAT_INTERVAL:
            self.out.error(conn, "rate", f"one phrase per {CHAT_INTERVAL:g} seconds")
        else:
            conn.last_chat = now
            self.out.broadcast(P.ChatShown(conn.seat, msg.phrase))
