"""The hands at the host's table: dealing, carrying out a person's move, settling and counting each hand."""

from __future__ import annotations

from game.events import HandSettled
from game.match_length import match_over
from game.net import protocol as P
from game.net.table_broadcast import TableBroadcast
from game.net.table_seats import Conn
from game.net.view import action_of, ledger_lines, wire_result
from game.round import Round


class TablePlay(TableBroadcast):
    """Dealing, a person's move, and settling each hand as it ends."""

    def start(self) -> None:
        """Start or carry on the match (the host's say-so, or every player there); the AI plays absent seats."""
        if self.started or self.over:
            return
        self.started = True
        for s in self.seats:
            if s.holder is not None and s.conn is None:
                s.dropped_at = float("-inf")  # absent at the start: the AI plays at once, until they come back
        if not self.events:
            self._deal()
        else:
            self._status()  # a resumed match: step() plays on from where it stood

    def _deal(self) -> None:
        for s in self.seats:
            s.next_hand = False
            s.ready = False
        self.control.start_hand()
        self.last_settled = None
        self._publish()
        self._status()

    def _act(self, conn: Conn, msg: P.Act) -> None:
        if conn.seat is None:
            self._error(conn, "not_seated", "a spectator cannot act")
            return
        if msg.seat != conn.seat:
            self._error(conn, "forged", f"you sit at seat {conn.seat}; you cannot act for seat {msg.seat}")
            return
        rnd = self.rnd
        if rnd is None or rnd.ended:
            self._error(conn, "no_hand", "no hand is in play")
            return
        if self.seats[conn.seat].next_hand:
            self._error(conn, "not_yet", "the AI plays this seat until the next hand starts")
            return
        seen = len(self.views[conn.seat])
        if msg.seq != seen or self.held(conn.seat):
            self._error(
                conn,
                "stale",
                f"the table has moved on: that move was made at event {msg.seq}, now at {seen}",
            )
            return
        action = action_of(msg.kind, msg.seat, msg.tile, msg.declare)
        reason = "no such action" if action is None else rnd.check(action)
        if action is None or reason is not None:
            self._error(conn, "illegal", f"{msg.kind} refused: {reason}")
            return
        self._player_acted(conn.seat)
        self.control.submit(action)
        self._moved()

    def _moved(self) -> None:
        """Send out what a move did (a discard's sequel after the answering beat), and settle the hand if it ended."""
        self.stats.actions += 1
        self._begin_beat()
        self._publish()
        if self.control.hand_over and self.hold is None:
            self._settle(self.clock())

    def _settle(self, now: float) -> None:
        rnd = self.rnd
        assert rnd is not None and rnd.ended
        self.control.settle()  # the save and the replay log take the hand
        self._settling = rnd  # the hand stays on the table until its settlement has gone out
        self._publish()
        self.hands_done += 1
        self.last_settled = self._settled_message(rnd)
        self._broadcast(self.last_settled)
        self._settling = None
        self.settled_at = now
        for s in self.seats:
            s.ready = False
        self._count(rnd)
        if match_over(self.config.length, self.progress):
            self.over = True
            self._broadcast(P.MatchOver(list(self.match.scores), self.hands_done))
            self._status()
            if self.on_over is not None:
                self.on_over()

    def _count(self, rnd: Round) -> None:
        """Count a settled hand toward the match's length: the deal passes as the ruleset's rotation said."""
        settled = next((e for e in reversed(rnd.events) if isinstance(e, HandSettled)), None)
        if settled is None or rnd.state.result is None:
            raise ValueError("a settled hand without its settlement")
        self.progress.record(rnd.state.result.dealer, settled.next_dealer, settled.scores)

    def _settled_message(self, rnd: Round) -> P.Settled:
        """The settlement of `rnd`, the last hand settled: its result laid open and its ledger (all public now)."""
        assert rnd.state.result is not None
        ledger = self.match.ledgers[-1]
        return P.Settled(
            self.hands_done,
            ledger_lines(ledger),
            list(ledger.nets()),
            list(self.match.scores),
            wire_result(rnd.state.result),
        )
