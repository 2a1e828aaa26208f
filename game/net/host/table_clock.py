"""The clock at the host's table: the AI plays its seats and any seat whose time is up, and the next hand is dealt."""

from __future__ import annotations

from game.engine.round import Round
from game.net.host.table_play import TablePlay


class TableClock(TablePlay):
    """The AI's moves, the turn timer, the wait for a dropped person and for everyone's ready."""

    def step(self) -> float | None:
        """Play every move that is the AI's or whose time is up; the seconds until the next check, or None."""
        wake: list[float] = []
        guard = 0
        while guard < 10_000:
            guard += 1
            now = self.clock()
            if self.over or not self.started:
                break
            if self.hold is not None:
                if self._release(now):
                    continue
                wake.append(self.hold_until)  # nothing moves during the answering beat
                break
            rnd = self.rnd
            if rnd is None:
                if self._next_hand_due(now, wake):
                    self._deal()
                    continue
                break
            if rnd.ended:
                self._settle(now)
                continue
            mover = self._due_mover(rnd, now, wake)
            if mover is None:
                break
            self.control.play_for(mover, self._agent(mover))
            self._moved()
        self._status()
        return max(0.0, min(wake) - self.clock()) if wake else None

    def _due_mover(self, rnd: Round, now: float, wake: list[float]) -> int | None:
        timer = self.config.turn_timer
        for seat in rnd.to_move():
            who = self.controller(seat, now)
            if who == "ai":
                return seat
            s = self.seats[seat]
            if who == "wait":
                assert s.dropped_at is not None
                wake.append(s.dropped_at + self.config.drop_wait)
            # The clock runs for a dropped player too: the table waits the shorter of it and the drop wait.
            if timer:
                asked = s.asked_at if s.asked_at is not None else now
                if now - asked >= timer:
                    self._ran_out(seat)
                    return seat
                wake.append(asked + timer)
        return None

    def _ran_out(self, seat: int) -> None:
        """The clock ran out on `seat`: twice in a row and the AI plays it (托管) until its player acts."""
        s = self.seats[seat]
        s.timeouts += 1
        if s.timeouts >= 2:
            s.tuoguan = True

    def _next_hand_due(self, now: float, wake: list[float]) -> bool:
        waiting = [s for s in self.seats if s.plan.kind == "human" and s.conn is not None and not s.ready]
        if not waiting:
            return True
        since = self.settled_at if self.settled_at is not None else now
        if now - since >= self.config.next_hand_wait:
            return True
        wake.append(since + self.config.next_hand_wait)
        return False
