"""Broadcasting at the host's table: what goes out to each connection, and the status everyone may know."""

from __future__ import annotations

from typing import Any

from game.engine.round import Phase
from game.net.host.table_config import wire_length
from game.net.host.table_core import TableCore
from game.net.host.table_seats import CLOSE_NORMAL, CLOSE_POLICY, Conn
from game.net.wire import protocol as P
from game.net.wire.view import SPECTATOR, wire_observation


class TableBroadcast:
    """What goes out: messages to one connection or to all, the status, the events each viewer may see."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self._last_status: tuple[Any, ...] | None = None  # the status last sent to everyone, by what it says

    def obs_for(self, seat: int | None) -> P.WireObservation | None:
        """What `seat` must decide now, when it is asked (None for a spectator, or a seat with nothing to do)."""
        core = self.core
        rnd = core.rnd
        if seat is None or rnd is None or rnd.ended or not rnd.legal_tuple(seat):
            return None
        if core.seats[seat].next_hand or core.held(seat):
            return None
        return wire_observation(rnd, seat)

    def send(self, conn: Conn, msg: P.Message) -> None:
        if conn.closed:
            return
        self.core.stats.sent += 1
        conn.send(P.encode(msg))

    def broadcast(self, msg: P.Message) -> None:
        data = P.encode(msg)
        for conn in list(self.core.conns.values()):
            if conn.joined and not conn.closed:
                self.core.stats.sent += 1
                conn.send(data)

    def error(self, conn: Conn, code: str, reason: str) -> None:
        self.core.stats.refused += 1
        self.send(conn, P.Error(code, reason))

    def refuse(self, conn: Conn, code: str, reason: str) -> None:
        self.core.stats.refused += 1
        self.send(conn, P.Refused(code, reason))
        self.close(conn, CLOSE_POLICY, reason)

    def close(self, conn: Conn, code: int, reason: str) -> None:
        if conn.closed:
            return
        if conn.seat is not None and self.core.seats[conn.seat].conn == conn.id:
            self.core.seat_dropped(conn.seat)
        conn.closed = True
        self.core.conns.pop(conn.id, None)
        conn.close(code, reason[:120])

    def shutdown(self) -> None:
        """Tell everyone the table is closing, then close every connection (the host is stopping)."""
        # Said before the close, so a guest does not take it for a dropped line and try to reconnect.
        self.broadcast(P.Closing("host_left", "the host closed the table"))
        for conn in list(self.core.conns.values()):
            self.close(conn, CLOSE_NORMAL, "the host closed the table")

    def status(self) -> P.Status:
        """Who sits where, who is thinking, the clocks and the scores, as everyone may know them."""
        now = self.core.time()
        rnd = self.core.rnd
        moving: list[int] = []
        claims = False
        turn_left: float | None = None
        waiting_for: int | None = None
        wait_left: float | None = None
        if rnd is not None and self.core.answering:
            # Answering: the same for every discard, whoever may claim (that is not public), so no seat is named
            # and the clock is the answering clock, which starts once every player's window shows the discard.
            claims = True
            timer = self.core.config.turn_timer
            start = self.core.answer_from()
            if timer and start is not None and start <= now:
                turn_left = round(max(0.0, start + timer - now), 1)
        elif rnd is not None and not rnd.ended:
            # While the table names its suits (定缺, docs/rules.md §15.3) every seat yet to name one is moving: who
            # has named is public (its suit_named says so), which suit is not.
            moving = list(rnd.to_move()) if rnd.state.phase is Phase.DINGQUE else [rnd.state.turn]
            for seat in rnd.to_move():
                who = self.core.controller(seat, now)
                s = self.core.seats[seat]
                if who == "wait" and s.dropped_at is not None and waiting_for is None:
                    waiting_for = seat
                    wait_left = round(max(0.0, s.dropped_at + self.core.config.drop_wait - now), 1)
                elif who == "person" and self.core.config.turn_timer is not None:
                    start = self.core.clock_from(seat)
                    # No clock is shown until it runs: the player's window is still showing what came before.
                    if start is not None and start <= now:
                        left = round(max(0.0, start + self.core.config.turn_timer - now), 1)
                        turn_left = left if turn_left is None else min(turn_left, left)
        seats = [
            P.SeatInfo(
                s.holder.name if s.holder is not None else "",
                "ai" if s.plan.kind == "ai" else "human",
                s.plan.level if s.plan.kind == "ai" else self.core.config.fill_level,
                s.conn is not None,
                self.core.controller(i, now) == "ai",
                s.holder is not None and not self.core.loose(i),
                s.tuoguan,
            )
            for i, s in enumerate(self.core.seats)
        ]
        return P.Status(
            seats,
            self.core.started,
            self.core.match.hand_no,
            wire_length(self.core.config.length),
            self.core.progress.hands,
            self.core.progress.rounds,
            moving,
            claims,
            turn_left,
            waiting_for,
            wait_left,
            list(self.core.match.scores),
        )

    def push_status(self, force_to: Conn | None = None) -> None:
        st = self.status()
        # Only a change of who or what goes out to everyone; the clocks count down on each client.
        key = (
            tuple(st.seats),
            st.started,
            st.hand,
            st.hands_done,
            tuple(st.moving),
            st.claims,
            self.core.answer_at if st.claims else None,  # each answering beat has its own clock: say it afresh
            st.waiting_for,
            st.turn_left is None,  # the mover's clock started: everyone is told the seconds it has
            tuple(st.scores),
        )
        if key != self._last_status:
            self._last_status = key
            self.broadcast(st)
        elif force_to is not None:
            self.send(force_to, st)

    def publish(self) -> None:
        """Send each connection what it may see of the events not yet sent (up to the answering beat's hold), with
        its observation if it must act."""
        now = self.core.time()
        limits = self.core.hold if self.core.hold is not None else self.core.feed.counts()
        # A seat is asked once per state: an answer from one claimer must not re-ask the others.
        asked = set()
        for seat, s in enumerate(self.core.seats):
            at = limits[seat]
            if (
                at == len(self.core.views[seat])
                and s.asked_seq != at
                and self.core.rnd is not None
                and self.core.rnd.legal_tuple(seat)
            ):
                s.asked_seq, s.asked_at, s.shown_at = at, now, None
                asked.add(seat)
        for conn in list(self.core.conns.values()):
            if not conn.joined:
                continue
            viewer = SPECTATOR if conn.seat is None else conn.seat
            first = self.core.sent[viewer] + 1
            shown = self.core.views[viewer][first - 1 : limits[viewer]]
            obs = self.obs_for(conn.seat) if conn.seat in asked or shown else None
            if not shown and obs is None:
                continue  # nothing happened that this viewer may know of (an added kong waits for robbers)
            self.send(conn, P.Events(first, shown, obs))
        self.core.sent = dict(limits)
        self.core.sent_at = self.core.hold_at if self.core.hold is not None else len(self.core.events)

    def begin_beat(self) -> None:
        """After a discard (or an added kong, which others may rob) hold what follows for the answering beat.

        The engine moves on at once when no seat can claim; held the same fixed beat every time, a
        pause after a discard no longer says that someone could claim it. A table nobody sees skips it.
        """
        beat = self.core.config.claim_beat
        if (
            self.core.hold is not None
            or beat <= 0
            or self.core.rnd is None
            or not any(c.joined for c in self.core.conns.values())
        ):
            return
        if self.core.control.hold() is None:
            return
        self.core.hold_until = self.core.time() + beat

    def release(self, now: float) -> bool:
        """End the answering beat once its time is up: send what it held (True), or say when to look again."""
        if self.core.hold is None or now < self.core.hold_until:
            return False
        self.core.control.release()
        self.publish()
        return True

    def catch_up(self, conn: Conn, after: int) -> None:
        """Everything after event `after`, or a snapshot of the hand when the gap is too wide."""
        viewer = SPECTATOR if conn.seat is None else conn.seat
        if not self.core.events:
            return
        # Only what has gone out to everyone: the answering beat's held events wait for its end here too.
        view, start = self.core.views[viewer][: self.core.sent[viewer]], self.core.feed.hand_from[viewer]
        if start <= after <= len(view):
            self.send(conn, P.Events(after + 1, view[after:], self.obs_for(conn.seat)))
        else:
            self.send(
                conn,
                P.Snapshot(
                    start + 1,
                    view[start:],
                    list(self.core.match.scores),
                    self.core.hands_done,
                    self.obs_for(conn.seat),
                ),
            )
        if self.core.rnd is None and self.core.last_settled is not None:
            self.send(conn, self.core.last_settled)
        if self.core.over:
            self.send(conn, P.MatchOver(list(self.core.match.scores), self.core.hands_done))
