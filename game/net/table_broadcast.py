"""Broadcasting at the host's table: what goes out to each connection, and the status everyone may know."""

from __future__ import annotations

from game.events import KongDeclared, TileDiscarded
from game.feed import VIEWERS
from game.net import protocol as P
from game.net.table_config import wire_length
from game.net.table_core import TableCore
from game.net.table_seats import CLOSE_NORMAL, CLOSE_POLICY, Conn
from game.net.view import SPECTATOR
from game.round import Phase
from game.visibility import visible


class TableBroadcast(TableCore):
    """What goes out: messages to one connection or to all, the status, the events each viewer may see."""

    def _send(self, conn: Conn, msg: P.Message) -> None:
        if conn.closed:
            return
        self.stats.sent += 1
        conn.send(P.encode(msg))

    def _broadcast(self, msg: P.Message) -> None:
        data = P.encode(msg)
        for conn in list(self.conns.values()):
            if conn.joined and not conn.closed:
                self.stats.sent += 1
                conn.send(data)

    def _error(self, conn: Conn, code: str, reason: str) -> None:
        self.stats.refused += 1
        self._send(conn, P.Error(code, reason))

    def _refuse(self, conn: Conn, code: str, reason: str) -> None:
        self.stats.refused += 1
        self._send(conn, P.Refused(code, reason))
        self._close(conn, CLOSE_POLICY, reason)

    def _close(self, conn: Conn, code: int, reason: str) -> None:
        if conn.closed:
            return
        if conn.seat is not None and self.seats[conn.seat].conn == conn.id:
            self._seat_dropped(conn.seat)
        conn.closed = True
        self.conns.pop(conn.id, None)
        conn.close(code, reason[:120])

    def shutdown(self) -> None:
        """Tell everyone the table is closing, then close every connection (the host is stopping)."""
        # Said before the close, so a guest does not take it for a dropped line and try to reconnect.
        self._broadcast(P.Closing("host_left", "the host closed the table"))
        for conn in list(self.conns.values()):
            self._close(conn, CLOSE_NORMAL, "the host closed the table")

    def status(self) -> P.Status:
        """Who sits where, who is thinking, the clocks and the scores, as everyone may know them."""
        now = self.clock()
        rnd = self.rnd
        moving: list[int] = []
        claims = False
        turn_left: float | None = None
        waiting_for: int | None = None
        wait_left: float | None = None
        if rnd is not None and (self.hold is not None or (not rnd.ended and rnd.state.phase is not Phase.TURN)):
            # Answering: the same for every discard, whoever may claim (that is not public), so no seat is named
            # and the clock is the beat's own, counted from the discard.
            claims = True
            timer = self.config.turn_timer
            if timer and self.answer_at is not None:
                turn_left = round(max(0.0, self.answer_at + timer - now), 1)
        elif rnd is not None and not rnd.ended:
            moving = [rnd.state.turn]
            for seat in rnd.to_move():
                who = self.controller(seat, now)
                s = self.seats[seat]
                if who == "wait" and s.dropped_at is not None and waiting_for is None:
                    waiting_for = seat
                    wait_left = round(max(0.0, s.dropped_at + self.config.drop_wait - now), 1)
                elif who == "person" and self.config.turn_timer is not None and s.asked_at is not None:
                    left = round(max(0.0, s.asked_at + self.config.turn_timer - now), 1)
                    turn_left = left if turn_left is None else min(turn_left, left)
        seats = [
            P.SeatInfo(
                s.holder.name if s.holder is not None else "",
                "ai" if s.plan.kind == "ai" else "human",
                s.plan.level if s.plan.kind == "ai" else self.config.fill_level,
                s.conn is not None,
                self.controller(i, now) == "ai",
                s.holder is not None and not self.loose(i),
                s.tuoguan,
            )
            for i, s in enumerate(self.seats)
        ]
        return P.Status(
            seats,
            self.started,
            self.match.hand_no,
            wire_length(self.config.length),
            self.progress.hands,
            self.progress.rounds,
            moving,
            claims,
            turn_left,
            waiting_for,
            wait_left,
            list(self.match.scores),
        )

    def _status(self, force_to: Conn | None = None) -> None:
        st = self.status()
        # Only a change of who or what goes out to everyone; the clocks count down on each client.
        key = (
            tuple(st.seats),
            st.started,
            st.hand,
            st.hands_done,
            tuple(st.moving),
            st.claims,
            self.answer_at if st.claims else None,  # each answering beat has its own clock: say it afresh
            st.waiting_for,
            tuple(st.scores),
        )
        if key != self._last_status:
            self._last_status = key
            self._broadcast(st)
        elif force_to is not None:
            self._send(force_to, st)

    def _publish(self) -> None:
        """Send each connection what it may see of the events not yet sent (up to the answering beat's hold), with
        its observation if it must act."""
        now = self.clock()
        limits = self.hold if self.hold is not None else self.feed.counts()
        # A seat is asked once per state: an answer from one claimer must not re-ask the others.
        asked = set()
        for seat, s in enumerate(self.seats):
            at = limits[seat]
            if (
                at == len(self.views[seat])
                and s.asked_seq != at
                and self.rnd is not None
                and self.rnd.legal_tuple(seat)
            ):
                s.asked_seq, s.asked_at = at, now
                asked.add(seat)
        for conn in list(self.conns.values()):
            if not conn.joined:
                continue
            viewer = SPECTATOR if conn.seat is None else conn.seat
            first = self.sent[viewer] + 1
            shown = self.views[viewer][first - 1 : limits[viewer]]
            obs = self._obs_for(conn.seat) if conn.seat in asked or shown else None
            if not shown and obs is None:
                continue  # nothing happened that this viewer may know of (an added kong waits for robbers)
            self._send(conn, P.Events(first, shown, obs))
        self.sent = dict(limits)
        self.sent_at = self.hold_at if self.hold is not None else len(self.events)

    def _begin_beat(self) -> None:
        """After a discard (or an added kong, which others may rob) hold what follows for the answering beat.

        The engine moves on at once when no seat can claim; held the same fixed beat every time, a
        pause after a discard no longer says that someone could claim it. A table nobody sees skips it.
        """
        beat = self.config.claim_beat
        rnd = self.rnd
        if self.hold is not None or beat <= 0 or rnd is None or not any(c.joined for c in self.conns.values()):
            return
        new = self.events[self.sent_at :]
        cut = next((i + 1 for i, e in enumerate(new) if isinstance(e, TileDiscarded)), None)
        added = bool(new) and isinstance(new[0], KongDeclared) and new[0].kong == "added"
        if cut is None and (rnd.state.phase is Phase.ROB or added):
            cut = 0  # the kong shows once any robbing is over, so it shows after the beat either way
        if cut is None:
            return
        marks = dict(self.sent)
        for e in new[:cut]:
            for viewer in VIEWERS:
                if visible(e, viewer) is not None:
                    marks[viewer] += 1
        now = self.clock()
        self.hold, self.hold_at, self.hold_until, self.answer_at = marks, self.sent_at + cut, now + beat, now

    def _release(self, now: float) -> bool:
        """End the answering beat once its time is up: send what it held (True), or say when to look again."""
        if self.hold is None or now < self.hold_until:
            return False
        self.hold = None
        self._publish()
        return True

    def _catch_up(self, conn: Conn, after: int) -> None:
        """Everything after event `after`, or a snapshot of the hand when the gap is too wide."""
        viewer = SPECTATOR if conn.seat is None else conn.seat
        if not self.events:
            return
        # Only what has gone out to everyone: the answering beat's held events wait for its end here too.
        view, start = self.views[viewer][: self.sent[viewer]], self.feed.hand_from[viewer]
        if start <= after <= len(view):
            self._send(conn, P.Events(after + 1, view[after:], self._obs_for(conn.seat)))
        else:
            self._send(
                conn,
                P.Snapshot(
                    start + 1,
                    view[start:],
                    list(self.match.scores),
                    self.hands_done,
                    self._obs_for(conn.seat),
                ),
            )
        if self.rnd is None and self.last_settled is not None:
            self._send(conn, self.last_settled)
        if self.over:
            self._send(conn, P.MatchOver(list(self.match.scores), self.hands_done))
