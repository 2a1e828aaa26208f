"""The door of the host's table: a hello checked (version, room code, token, name) and a seat or a place to watch."""

from __future__ import annotations

import hmac
import logging
import secrets

from game.net.host.table_broadcast import TableBroadcast
from game.net.host.table_config import wire_length
from game.net.host.table_core import TableCore
from game.net.host.table_play import TablePlay
from game.net.host.table_seats import Conn, Holder
from game.net.wire import protocol as P
from game.records.names import distinct_name, only_invisible

log = logging.getLogger(__name__)


class TableDoor:
    """The hello: the room code, a seat taken or rejoined by its token, or a spectator let in."""

    def __init__(self, core: TableCore, out: TableBroadcast, play: TablePlay) -> None:
        self.core = core
        self.out = out
        self.play = play  # the match starts once its players are in

    def hello(self, conn: Conn, msg: P.Hello, now: float) -> None:
        if conn.joined:
            self.out.error(conn, "already_joined", "this connection has already joined the table")
            return
        if msg.game != P.GAME or msg.version != P.PROTOCOL_VERSION:
            self.out.refuse(
                conn,
                "version",
                f"this table speaks protocol {P.PROTOCOL_VERSION} of {P.GAME}; "
                f"you sent {msg.game!r} version {msg.version}: use the same version of the game as the host",
            )
            return
        right = hmac.compare_digest(msg.code.encode("utf-8"), self.core.config.code.encode("utf-8"))
        if msg.token is not None:
            # A seat's token is a secret of its own: its rejoin passes whatever the guard says. An
            # unknown token is refused before the code is looked at, so it is no way to test codes.
            if not right and self._token_seat(msg.token) is not None:
                self.out.refuse(conn, "code", "wrong room code")
            else:
                self._rejoin(conn, msg)
            return
        wait = self.core.code_guard.wait(now)
        if wait > 0:
            # No code is checked while the door is shut, the right one neither: a guess then learns nothing.
            self.out.refuse(conn, "code_wait", f"too many wrong room codes at this table; try again in {wait:.0f} s")
            return
        if not right:
            self.core.code_guard.miss(now)
            self.out.refuse(conn, "code", "wrong room code")
            return
        if msg.watch:
            conn.joined, conn.seat = True, None
            self.out.send(conn, self._welcome(None, None))
            self.out.catch_up(conn, msg.after)
            self.out.push_status(force_to=conn)
        else:
            self._take_seat(conn, msg, now)

    def _welcome(self, seat: int | None, token: str | None, next_hand: bool = False) -> P.Welcome:
        c = self.core.config
        return P.Welcome(
            P.PROTOCOL_VERSION,
            seat,
            token,
            c.room,
            self.core.rules.name,
            self.core.rules.players,
            wire_length(c.length),
            c.chat,
            c.turn_timer,
            c.drop_wait,
            next_hand,
            self.starts(),
        )

    def starts(self) -> P.StartRule:
        """What will start the match, as maybe_start decides it, for the lobby to say."""
        if self.core.resumed and any(s.holder is not None for s in self.core.seats if s.plan.kind == "human"):
            return "players_back"
        return "seats_taken" if self.core.config.auto_start else "host"

    def _token_seat(self, token: str) -> int | None:
        raw = token.encode("utf-8")
        return next(
            (
                i
                for i, s in enumerate(self.core.seats)
                if s.holder is not None and hmac.compare_digest(raw, s.holder.token.encode("utf-8"))
            ),
            None,
        )

    def _rejoin(self, conn: Conn, msg: P.Hello) -> None:
        found = self._token_seat(msg.token or "")
        if found is None:
            self.out.refuse(conn, "token", "that token holds no seat at this table")
            return
        if msg.seat is not None and msg.seat != found:
            self.out.refuse(conn, "token", f"that token is seat {found}'s, not seat {msg.seat}'s")
            return
        seat = self.core.seats[found]
        old = self.core.conns.get(seat.conn) if seat.conn is not None else None
        if old is not None:
            # The same person on a new connection (a restart, a second window): the new one wins.
            self.out.refuse(old, "replaced", "this seat was joined again from another connection")
            old.seat = None
        seat.conn, seat.dropped_at = conn.id, None
        self.core.player_acted(found)  # back at the table: their own decisions again
        conn.joined, conn.seat = True, found
        self.out.send(conn, self._welcome(found, seat.holder.token if seat.holder else None, seat.next_hand))
        self.out.catch_up(conn, msg.after)
        log.info("seat %d (%s) rejoined", found, seat.holder.name if seat.holder else "?")
        self.maybe_start()
        self.out.push_status(force_to=conn)

    def keep(self, seat: int, name: str, token: str | None = None) -> str:
        """Hold `seat` for a person not yet connected (the host window's own): the token that alone takes it
        (`token`, the seat's own in a save, keeps the holder it names)."""
        state = self.core.seats[seat]
        if state.plan.kind != "human":
            raise ValueError(f"seat {seat} is played by the AI")
        if state.holder is None:
            state.holder = Holder(P.clean_name(name) or "?", secrets.token_urlsafe(24))
        elif token is None or not hmac.compare_digest(token.encode("utf-8"), state.holder.token.encode("utf-8")):
            raise ValueError(f"seat {seat} is held by someone else")
        state.kept = True
        self._keep_holders()
        return state.holder.token

    def _take_seat(self, conn: Conn, msg: P.Hello, now: float) -> None:
        if only_invisible(msg.name):
            self.out.refuse(conn, "name_invisible", "that name is only invisible characters; choose one that shows")
            return
        name = P.clean_name(msg.name)
        if not name:
            self.out.refuse(conn, "name", "a name is needed to take a seat")
            return
        name = distinct_name(name, [s.holder.name for s in self.core.seats if s.holder is not None])
        people = [i for i, s in enumerate(self.core.seats) if s.plan.kind == "human"]
        # Seats nobody ever took go first; then those whose person left before the start.
        free = [i for i in people if self.core.seats[i].holder is None] + [i for i in people if self.core.loose(i)]
        if msg.seat is not None:
            if msg.seat >= len(self.core.seats):
                n = len(self.core.seats)
                self.out.refuse(conn, "no_seat", f"this table has {n} seats (0-{n - 1}); there is no seat {msg.seat}")
                return
            plan = self.core.seats[msg.seat]
            if plan.plan.kind != "human":
                self.out.refuse(conn, "seat_ai", f"seat {msg.seat} is played by the AI at this table")
                return
            if plan.holder is not None and not self.core.loose(msg.seat):
                self.out.refuse(conn, "seat_taken", f"seat {msg.seat} is taken; rejoining it needs its token")
                return
            choice = msg.seat
        elif free:
            choice = free[0]
        else:
            self.out.refuse(conn, "full", "every seat for a person is taken; you can watch instead")
            return
        seat = self.core.seats[choice]
        seat.holder = Holder(name, secrets.token_urlsafe(24))
        seat.conn, seat.dropped_at, seat.ready = conn.id, None, False
        # An empty seat taken mid-hand: the AI that was playing it finishes the hand.
        seat.next_hand = self.core.rnd is not None and not self.core.rnd.ended
        conn.joined, conn.seat = True, choice
        self._keep_holders()
        self.out.send(conn, self._welcome(choice, seat.holder.token, seat.next_hand))
        self.out.catch_up(conn, msg.after)
        log.info("seat %d taken by %s", choice, name)
        self.maybe_start()
        self.out.push_status(force_to=conn)

    def maybe_start(self) -> None:
        """Start when every person's seat has its player connected (a resumed match: every player it had)."""
        if self.core.started or self.core.over:
            return
        people = [s for s in self.core.seats if s.plan.kind == "human"]
        how = self.starts()
        if how == "players_back":
            # Its players are back: it was started once, so the host's auto-start choice no longer matters.
            if all(s.conn is not None for s in people if s.holder is not None):
                self.play.start()
        elif how == "seats_taken" and all(s.conn is not None for s in people):
            self.play.start()

    def _keep_holders(self) -> None:
        self.core.save.config["holders"] = {
            str(i): {"name": s.holder.name, "token": s.holder.token}
            for i, s in enumerate(self.core.seats)
            if s.holder is not None
        }
        self.core.persist()
