"""The clock at the host's table: the AI plays its seats and any seat whose time is up, and the next hand is dealt."""

from __future__ import annotations

from game.engine.round import Round
from game.net.host.table_broadcast import TableBroadcast
from game.net.host.table_core import TableCore
from game.net.host.table_play import TablePlay


class TableClock:
    """The AI's moves, the turn timer, the wait for a dropped person and for everyone's ready."""

    def __init__(self, core: TableCore, out: TableBroadcast, play: TablePlay) -> None:
        self.core = core
        self.out = out
        self.play = play

    def tick(self) -> float | None:
        """Play every move that is the AI's or whose time is up; the seconds until the next check, or None."""
        wake: list[float] = []
        guard = 0
        while guard < 10_000:
            guard += 1
            now = self.core.time()
            if self.core.over or not self.core.started:
                break
            if self.core.hold is not None:
                if self.out.release(now):
                    continue
                wake.append(self.core.hold_until)  # nothing moves during the answering beat
                break
            rnd = self.core.rnd
            if rnd is None:
                if self._next_hand_due(now, wake):
                    self.play.deal()
                    continue
                break
            if rnd.ended:
                self.play.settle(now)
                continue
            mover = self._due_mover(rnd, now, wake)
            if mover is None:
                break
            self.core.control.play_for(mover, self.core.agent(mover), self.core.held_by_person(mover))
            self.play.moved()
        self.out.push_status()
        return max(0.0, min(wake) - self.core.time()) if wake else None

    def _due_mover(self, rnd: Round, now: float, wake: list[float]) -> int | None:
        timer = self.core.config.turn_timer
        for seat in rnd.to_move():
            who = self.core.controller(seat, now)
            if who == "ai":
                return seat
            s = self.core.seats[seat]
            if who == "wait":
                assert s.dropped_at is not None
                wake.append(s.dropped_at + self.core.config.drop_wait)
            # The clock runs for a dropped player too: the table waits the shorter of it and the drop wait.
            if timer:
                start = self.core.clock_from(seat)
                start = now if start is None else start
                if now - start >= timer:
                    self._ran_out(seat)
                    return seat
                if start > now:
                    wake.append(start)  # the clock starts then, said or not: the status shows it
                wake.append(start + timer)
        return None

    def _ran_out(self, seat: int) -> None:
        """The clock ran out on `seat`: twice in a row and the AI plays it (托管) until its player acts."""
        s = self.core.seats[seat]
        s.timeouts += 1
        if s.timeouts >= 2:
            s.tuoguan = True

    def _next_hand_due(self, now: float, wake: list[float]) -> bool:
        waiting = [s for s in self.core.seats if s.plan.kind == "human" and s.conn is not None and not s.ready]
        if not waiting:
            return True
        since = self.core.settled_at if self.core.settled_at is not None else now
        if now - since >= self.core.config.next_hand_wait:
            return True
        wake.append(since + self.core.config.next_hand_wait)
        return False
