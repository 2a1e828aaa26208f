"""The state a network table keeps: its match controller, seats, connections and hooks, and who answers for a seat."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.core.ruleset import Ruleset
from game.engine.events import Event
from game.engine.round import Phase, Round
from game.match.agents import Agent
from game.match.controller import MatchController
from game.match.length import MatchProgress
from game.match.match import Match
from game.net.host.table_config import TableConfig, seat_count_error
from game.net.host.table_seats import AgentFactory, Conn, SeatState, Stats
from game.net.wire import protocol as P
from game.net.wire.limits import CodeGuard
from game.records.savefile import SaveData

# A person's clock starts when their window says the decision is on its screen (`shown`), but never later than
# this bound, so a window that never says so cannot stall the table: the seconds the animations take at normal
# speed (the opening's dice, shuffle and deal; a move's flight and callout), and a grace on top.
OPENING_SHOWN = 12.0
MOVE_SHOWN = 1.5
SHOW_GRACE = 4.0


class TableCore:
    """The state of a network table that its parts share: the match controller, the seats, the connections, the
    hooks, and who answers for a seat."""

    def __init__(
        self,
        rules: Ruleset,
        seed: str,
        config: TableConfig,
        agent_factory: AgentFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(config.seats) != rules.players:
            raise ValueError(seat_count_error(rules, len(config.seats)))
        self.rules = rules
        self.seed = seed
        self.config = config
        self.time = clock
        self.control = MatchController(rules, seed, config={"lan": config.to_json(), "holders": {}}, keep_feed=True)
        assert self.control.feed is not None
        self.feed = self.control.feed  # every event, and what each viewer has been sent of them
        self.control.on_save = self.persist
        self.control.on_hand_done = self._hand_done
        self.settling: Round | None = None
        self.seats = [SeatState(p) for p in config.seats]
        self.conns: dict[int, Conn] = {}
        self.started = False
        self.resumed = False  # resumed from a save with hands played: it starts when its players are back
        self.over = False
        self.hands_done = 0
        self.progress = MatchProgress()  # hands settled and passes of the deal: the match's length is counted on it
        self.settled_at: float | None = None
        self.last_settled: P.Settled | None = None
        self.on_save: Callable[[], None] | None = None  # the save changed: write save_data() soon
        self.on_hand_done: Callable[[Round], None] | None = None
        self.on_over: Callable[[], None] | None = None
        self._agent_factory = agent_factory or _make_agent
        self._agents: dict[tuple[int, str], Agent] = {}
        self.code_guard = CodeGuard()  # wrong room codes from every address together
        # What has gone out: each viewer's count of events, and the index in `events` they reach.
        self.sent: dict[int, int] = self.feed.counts()
        self.sent_at = 0
        # The answering beat after a discard is the match controller's claim window, held until `hold_until`.
        self.hold_until = 0.0
        # The answering clock: one for every seat, public, and the clock of every seat that may claim. It opens at
        # the discard (or added kong) and starts once every connected player's window has shown that move.
        self.answer_at: float | None = None  # when the last answering window opened at the host
        self.answer_seqs: dict[int, int] = {}  # each viewer's count of its events up to the held move
        self.answer_said: dict[int, float] = {}  # when each seat's window said it shows the held move
        self.dealt_at = float("-inf")  # when the hand in play was dealt: its opening plays on every screen
        self.stats = Stats()

    @property
    def events(self) -> list[Event]:
        """Every event of the match, in order."""
        return self.feed.events

    @property
    def views(self) -> dict[int, list[dict[str, Any]]]:
        """What each viewer (a seat, or SPECTATOR) may know of the events, in its own numbering."""
        return self.feed.views

    @property
    def hand_start(self) -> int:
        """Index in `events` where the hand in play (or the last one) begins."""
        return self.feed.hand_start

    @property
    def hold(self) -> dict[int, int] | None:
        """While the answering beat holds the table: each viewer's count of events up to the held move."""
        window = self.control.window
        return None if window is None else window.shown

    @property
    def hold_at(self) -> int:
        """Index in `events` just past the held move (while the answering beat holds the table)."""
        window = self.control.window
        return len(self.events) if window is None else self.feed.hand_start + window.mark

    @property
    def match(self) -> Match:
        """The match so far: scores, hand number, ledgers."""
        return self.control.match

    @property
    def rnd(self) -> Round | None:
        """The hand in play (or the one being settled), None between hands."""
        return self.control.round or self.settling

    @property
    def save(self) -> SaveData:
        """The host's save as last brought up to date (save_data() brings it up to date)."""
        assert self.control.save is not None
        return self.control.save

    def save_data(self) -> SaveData:
        """The match as it stands, for the host's save file."""
        return self.control.save_data()

    def persist(self) -> None:
        if self.on_save is not None:
            self.on_save()

    def _hand_done(self, rnd: Round) -> None:
        if self.on_hand_done is not None:
            self.on_hand_done(rnd)

    def held(self, seat: int) -> bool:
        """True while the answering beat holds back events `seat` would see (it is not asked meanwhile)."""
        return self.hold is not None and len(self.views[seat]) > self.hold[seat]

    def loose(self, seat: int) -> bool:
        """True when a person held `seat` but left before the match started: the next person may take it."""
        s = self.seats[seat]
        return not self.started and not self.resumed and not s.kept and s.holder is not None and s.conn is None

    def seat_dropped(self, seat: int) -> None:
        """The connection holding `seat` ended: the drop clock starts (before the start, the seat is free again)."""
        s = self.seats[seat]
        s.conn = None
        s.dropped_at = self.time()

    def held_by_person(self, seat: int) -> bool:
        """True when a person holds `seat`: the AI's moves there are made for them (托管, a clock or a drop)."""
        s = self.seats[seat]
        return s.plan.kind == "human" and s.holder is not None

    def controller(self, seat: int, now: float) -> str:
        """Who answers for `seat` now: "person", "wait" (dropped, the table waits) or "ai"."""
        s = self.seats[seat]
        if s.plan.kind == "ai" or s.holder is None or s.next_hand:
            return "ai"
        if s.tuoguan:
            return "ai"
        if s.conn is not None:
            return "person"
        if s.dropped_at is not None and now - s.dropped_at < self.config.drop_wait:
            return "wait"
        return "ai"

    @property
    def answering(self) -> bool:
        """True while the table answers a discard or an added kong (the beat holds it, or a seat may claim)."""
        rnd = self.rnd
        return rnd is not None and (
            self.hold is not None or (not rnd.ended and rnd.state.phase in (Phase.CLAIMS, Phase.ROB))
        )

    def open_answer(self, counts: dict[int, int]) -> None:
        """A discard or an added kong opens the answering window: `counts` is each viewer's count up to it."""
        now = self.time()
        self.answer_at, self.answer_seqs = now, dict(counts)
        # A window that already said it shows that count (an added kong shows nothing new until no one robs it)
        # has shown the move.
        self.answer_said = {
            seat: now for seat, s in enumerate(self.seats) if s.said_seq >= 0 and s.said_seq == counts.get(seat)
        }

    def answer_from(self) -> float | None:
        """When the answering clock starts: once every connected player's window has shown the held move, never
        later than the bound (None: no window is open)."""
        if self.answer_at is None or not self.answering:
            return None
        bound = max(self.answer_at + MOVE_SHOWN, self.dealt_at + OPENING_SHOWN) + SHOW_GRACE
        last = self.answer_at
        # Every person's window counts, claim or no claim, so the clock's start says nothing of who may claim.
        for seat, s in enumerate(self.seats):
            if s.conn is None:
                continue  # nobody's screen to wait for: a dropped player is waited for by the drop clock alone
            said = self.answer_said.get(seat)
            if said is None:
                return bound
            last = max(last, said)
        return min(last, bound)

    def answer_asked(self, seat: int) -> bool:
        """True when `seat`'s decision is an answer to the open window (its clock is the answering clock)."""
        s = self.seats[seat]
        return self.answering and self.answer_at is not None and s.asked_seq == self.answer_seqs.get(seat, -2)

    def clock_from(self, seat: int) -> float | None:
        """When the turn clock of `seat`'s current decision starts (None: the seat is not asked)."""
        s = self.seats[seat]
        if s.asked_at is None:
            return None
        if self.answer_asked(seat):
            return self.answer_from()  # a claim's clock is the one everyone sees: it ends when that one does
        bound = max(s.asked_at + MOVE_SHOWN, self.dealt_at + OPENING_SHOWN) + SHOW_GRACE
        return bound if s.shown_at is None else min(s.shown_at, bound)

    def shown(self, seat: int, seq: int) -> None:
        """The seat's window shows its events up to `seq`: the clock of its decision there, or the answering clock
        once every player's window has shown the discard, starts."""
        s = self.seats[seat]
        if seq == self.sent.get(seat):
            s.said_seq = seq  # a window says it shows only what it was sent
        if self.answer_open(seat, seq):
            assert self.answer_at is not None
            self.answer_said[seat] = max(self.time(), self.answer_at)
        # Only the decision in hand counts: a late word about an earlier one must not start this one's clock.
        if s.asked_at is not None and s.shown_at is None and seq == s.asked_seq == len(self.views[seat]):
            s.shown_at = max(self.time(), s.asked_at)

    def answer_open(self, seat: int, seq: int) -> bool:
        """True when `seq` is the held move's number for `seat` and its window has not yet said it shows it."""
        return (
            self.answering
            and self.answer_at is not None
            and seat not in self.answer_said
            and seq == self.answer_seqs.get(seat, -2)
        )

    def player_acted(self, seat: int) -> None:
        """The seat's player acted: the run-outs in a row start again from none, and 托管 ends."""
        s = self.seats[seat]
        s.timeouts, s.tuoguan = 0, False

    def agent(self, seat: int) -> Agent:
        s = self.seats[seat]
        level = s.plan.level if s.plan.kind == "ai" else self.config.fill_level
        key = (seat, level)
        agent = self._agents.get(key)
        if agent is None:
            agent = self._agents[key] = self._agent_factory(level, f"{self.seed}:{seat}", self.rules)
        return agent


def _make_agent(level: str, seed: str, rules: Ruleset) -> Agent:
    from game.ai import make_agent

    return make_agent(level, seed, rules)
