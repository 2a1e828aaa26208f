"""The hands at the host's table: dealing, carrying out a person's move, settling and counting each hand."""

from __future__ import annotations

from game.engine.actions import ActionKind
from game.engine.events import HandSettled
from game.engine.round import Phase, Round
from game.match.length import match_over
from game.net.host.table_broadcast import TableBroadcast
from game.net.host.table_core import TableCore
from game.net.host.table_seats import Conn
from game.net.wire import protocol as P
from game.net.wire.view import action_of, ledger_lines, wire_result


class TablePlay:
    """Dealing, a person's move, and settling each hand as it ends."""

    def __init__(self, core: TableCore, out: TableBroadcast) -> None:
        self.core = core
        self.out = out

    def start(self) -> None:
        """Start or carry on the match (the host's say-so, or every player there); the AI plays absent seats."""
        if self.core.started or self.core.over:
            return
        self.core.started = True
        for s in self.core.seats:
            if s.holder is not None and s.conn is None:
                s.dropped_at = float("-inf")  # absent at the start: the AI plays at once, until they come back
        if not self.core.events:
            self.deal()
        else:
            self.out.push_status()  # a resumed match: step() plays on from where it stood

    def deal(self) -> None:
        for s in self.core.seats:
            s.next_hand = False
            s.ready = False
        self.core.control.start_hand()
        self.core.dealt_at = self.core.time()
        self.core.last_settled = None
        self.out.publish()
        self.out.push_status()

    def act(self, conn: Conn, msg: P.Act) -> None:
        if conn.seat is None:
            self.out.error(conn, "not_seated", "a spectator cannot act")
            return
        if msg.seat != conn.seat:
            self.out.error(conn, "forged", f"you sit at seat {conn.seat}; you cannot act for seat {msg.seat}")
            return
        rnd = self.core.rnd
        if rnd is None or rnd.ended:
            self.out.error(conn, "no_hand", "no hand is in play")
            return
        if self.core.seats[conn.seat].next_hand:
            self.out.error(conn, "not_yet", "the AI plays this seat until the next hand starts")
            return
        seen = len(self.core.views[conn.seat])
        if (msg.seq != seen and not self.named_meanwhile(conn.seat, msg.seq)) or self.core.held(conn.seat):
            self.out.error(
                conn,
                "stale",
                f"the table has moved on: that move was made at event {msg.seq}, now at {seen}",
            )
            return
        action = action_of(msg.kind, msg.seat, msg.tile, msg.declare)
        reason = "no such action" if action is None else rnd.check(action)
        if action is None or reason is not None:
            self.out.error(conn, "illegal", f"{msg.kind} refused: {reason}")
            return
        self.core.player_acted(conn.seat)
        self.core.control.submit(action)
        self.moved()

    def named_meanwhile(self, seat: int, seq: int) -> bool:
        """True when all that `seat` was sent after event `seq` is other seats naming their 定缺 suits (docs/rules.md
        §15.3): its choices are the same as they were, so a naming made on the state at `seq` still stands."""
        rnd = self.core.rnd
        view = self.core.views[seat]
        if rnd is None or rnd.state.phase is not Phase.DINGQUE or not 0 <= seq < len(view):
            return False
        return all(e["type"] == "suit_named" and e["seat"] != seat for e in view[seq:])

    def moved(self) -> None:
        """Send out what a move did (a discard's sequel after the answering beat), and settle the hand if it ended."""
        self.core.stats.actions += 1
        self.out.begin_beat()
        rnd = self.core.control.round
        answered = (
            rnd is not None and rnd.actions and rnd.actions[-1].kind in (ActionKind.DISCARD, ActionKind.ADDED_KONG)
        )
        if answered and self.core.answering:
            # Each viewer's count up to the move (the beat holds the rest back): their windows say it by that.
            hold = self.core.hold
            self.core.open_answer(hold if hold is not None else self.core.feed.counts())
        self.out.publish()
        if self.core.control.hand_over and self.core.hold is None:
            self.settle(self.core.time())

    def settle(self, now: float) -> None:
        rnd = self.core.rnd
        assert rnd is not None and rnd.ended
        self.core.control.settle()  # the save and the replay log take the hand
        self.core.settling = rnd  # the hand stays on the table until its settlement has gone out
        self.out.publish()
        self.core.hands_done += 1
        self.core.last_settled = self.settled_message(rnd)
        self.out.broadcast(self.core.last_settled)
        self.core.settling = None
        self.core.settled_at = now
        for s in self.core.seats:
            s.ready = False
        self.count(rnd)
        if match_over(self.core.config.length, self.core.progress):
            self.core.over = True
            self.out.broadcast(P.MatchOver(list(self.core.match.scores), self.core.hands_done))
            self.out.push_status()
            if self.core.on_over is not None:
                self.core.on_over()

    def count(self, rnd: Round) -> None:
        """Count a settled hand toward the match's length: the deal passes as the ruleset's rotation said."""
        settled = next((e for e in reversed(rnd.events) if isinstance(e, HandSettled)), None)
        if settled is None or rnd.state.result is None:
            raise ValueError("a settled hand without its settlement")
        self.core.progress.record(rnd.state.result.dealer, settled.next_dealer, settled.scores)

    def settled_message(self, rnd: Round) -> P.Settled:
        """The settlement of `rnd`, the last hand settled: its result laid open and its ledger (all public now)."""
        assert rnd.state.result is not None
        ledger = self.core.match.ledgers[-1]
        return P.Settled(
            self.core.hands_done,
            ledger_lines(ledger),
            list(ledger.nets()),
            list(self.core.match.scores),
            wire_result(rnd.state.result),
        )
