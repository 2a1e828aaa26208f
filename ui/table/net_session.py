"""The network match controller: the table scene's session when the referee is another computer.

It stands where the local TableSession stands, so the table scene does not know whether its
events come from a Round in this process or from a host: events arrive through a NetLink (its
own thread) and are taken in once a frame; the player's moves go out through it. Seats played
elsewhere (people or the host's AI) show as agents the scene waits for; their events are handed
over as they come. The host keeps the save and the replay log.
"""

from __future__ import annotations

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.core.settlement.ledger import LedgerItem
from game.core.tiles import NUM_KINDS
from game.engine.actions import Action, ActionKind
from game.engine.events import Event, HandSettled, HandStarted, TileDiscarded
from game.engine.observation import Observation
from game.engine.visibility import SPECTATOR
from game.match.agents import Agent
from game.net.client.connection import asked_again
from game.net.client.thread import LinkNotice, NetLink
from game.net.wire import protocol as P
from game.net.wire.view import from_wire, parse_events, result_from_wire
from ui.table.rotation import turn_event
from ui.words.net import t


def opening_replayable(hand: list[Event], players: int) -> bool:
    """True while `hand` (its events so far) is short enough to be played to the table from its start.

    That is its opening and about one go round, a few seconds: no more discards than the table has seats.
    A hand further on is laid out at once (a window rejoining the match's first hand is sent all its events,
    not a snapshot), so that its player is not kept watching turns already played before they may act.
    """
    return sum(isinstance(e, TileDiscarded) for e in hand) <= players


class RemoteSeat:
    """A seat played on another computer or by the host's AI: the scene waits for its events."""

    name = "remote"

    def choose(self, obs: Observation) -> Action:
        """Never asked: the host decides for this seat."""
        raise RuntimeError("a remote seat is played at the host")


REMOTE = RemoteSeat()


def idle_observation(seat: int, rules: Ruleset) -> Observation:
    """An observation with nothing in it, for the scene's pause before showing another seat's move."""
    n = rules.players
    empty: tuple[tuple[()], ...] = ((),) * n
    return Observation(
        seat, rules.name, 0, 0, 0, "claims", 0, (), (0,) * NUM_KINDS, None, empty, empty, (0,) * n,
        (False,) * n, 0, None, None, (), (), False, False, (), (-1,) * n,
    )  # fmt: skip


class NetSession:
    """A match at a network table, seen from one seat (or none, watching): a ui.table.source.TableSource."""

    def __init__(self, rules: Ruleset, link: NetLink, seat: int | None) -> None:
        self.rules = rules
        self.agents: list[Agent | None] = [None if s == seat else REMOTE for s in range(rules.players)]
        self.viewer = seat if seat is not None else SPECTATOR
        self.turn = 0
        self.hands_settled = 0
        self.link = link
        self.seat = seat
        self.hosting = False  # this window hosts the table: leaving closes it (and its save keeps the match)
        self.hand: list[Event] = []  # the hand in play's events, as the host sent them
        self.fresh: list[Event] = []  # events not yet handed to the table
        self.obs: P.WireObservation | None = None
        self.status: P.Status | None = None
        self.status_at = 0.0  # when the last status arrived (frame time): the host's clock counts on from it
        self.last_seq = 0  # the number of the last event the host sent us
        self._told_seq = -1  # the event number we last told the host is shown (its clock then starts)
        self.settled_event: HandSettled | None = None
        self.settled_msg: P.Settled | None = None
        self.ledgers: list[Ledger] = []  # every hand settled so far, for the match's summary
        self.over: P.MatchOver | None = None
        self.chat: list[tuple[int, str, float]] = []  # (seat, phrase, when it arrived in frame time)
        self.notice: LinkNotice | None = None
        self.errors: list[str] = []
        self.rebuilt = 0  # counts snapshots: the table must be drawn afresh
        self.clock = 0.0
        self._between = False  # a hand settled and shown; the next one has not begun
        # A hand whose start came as it was dealt, none of it shown yet: the table plays its opening
        # (dice, shuffle, deal) as the local game does, instead of laying it out at once.
        self._from_start = False
        self._result: HandResult | None = None  # the settled hand laid open, rebuilt from the wire
        self.named: set[int] = set()  # the hands whose 定缺 suit we named (docs/rules.md §15.3)

    # ------------------------------------------------------------------ taking messages in

    def pump(self, now: float = 0.0) -> None:
        """Take in everything the network thread has received."""
        self.clock = now
        for msg in self.link.poll():
            if isinstance(msg, LinkNotice):
                if msg.kind != "joined":
                    self.notice = msg
            elif isinstance(msg, P.Events):
                self._take_events(parse_events(msg.events))
                self.last_seq = max(self.last_seq, msg.first + len(msg.events) - 1)
                self.obs = None if msg.obs is not None and asked_again(msg.obs, self.named) else msg.obs
            elif isinstance(msg, P.Snapshot):
                self.hand, self.fresh = [], []
                self.settled_event = None
                self._take_events(parse_events(msg.events))
                self.fresh = []
                self._from_start = False  # a rejoin: the hand is laid out as it stands
                self.last_seq = msg.first + len(msg.events) - 1
                self._told_seq = -1
                self.obs = msg.obs
                self.rebuilt += 1
            elif isinstance(msg, P.Status):
                self.status, self.status_at = msg, now
            elif isinstance(msg, P.Settled):
                self.settled_msg = msg
                try:
                    self._result = result_from_wire(msg.result, self.rules.players)
                except ValueError as exc:  # the payments still show; only the hands laid open are missing
                    self._result = None
                    self.errors.append(f"the host's settlement: {exc}")
            elif isinstance(msg, P.ChatShown):
                self.chat.append((msg.seat, msg.phrase, now))
            elif isinstance(msg, P.MatchOver):
                self.over = msg
            elif isinstance(msg, P.Error):
                self.errors.append(msg.reason)

    def turn_left(self) -> float | None:
        """The seconds left on the turn clock as the host keeps it: its last word, counted down since it came."""
        left = None if self.status is None else self.status.turn_left
        return None if left is None else max(0.0, left - (self.clock - self.status_at))

    def wait_left(self) -> float | None:
        """The seconds the host still waits for a dropped player, counted down since its last word."""
        left = None if self.status is None else self.status.wait_left
        return None if left is None else max(0.0, left - (self.clock - self.status_at))

    def tell_shown(self, answering: bool = False) -> None:
        """Every event so far is on the screen and the player is asked, or (`answering`) the discard the table
        answers is, claim or no claim: the host starts the seat's clock, or counts this window toward the
        answering clock (once an event number)."""
        if self.seat is None or self._told_seq == self.last_seq:
            return
        # Without a question, only once the table has taken every event (an AI's pause leaves the discard unshown).
        if self.obs is None and (not answering or self.fresh):
            return
        self._told_seq = self.last_seq
        self.link.shown(self.last_seq)

    def _take_events(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                self.hand = []
                self._between = False
                self._from_start = True
            if isinstance(e, HandSettled):
                self.settled_event = e  # handed over by settle(), as the local session does
                continue
            self.hand.append(e)
            self.fresh.append(e)

    # ------------------------------------------------------------------ the session's face to the scene

    @property
    def leave_question(self) -> str:
        """Back to the menu: a guest's seat is kept for a rejoin; the host's table closes and is saved."""
        return t("leave_host" if self.hosting else "leave_guest")

    @property
    def humans(self) -> list[int]:
        """The one seat this computer plays (none when watching)."""
        return [] if self.seat is None else [self.seat]

    @property
    def watching(self) -> bool:
        """True when we joined to watch: no seat is ours."""
        return self.seat is None

    @property
    def unsaved(self) -> str | None:
        """Always None: the host keeps the save."""
        return None

    def look(self, viewer: int, turn: int) -> list[Event]:
        """The hand in play's events, turned for seat `turn` (the host has already hidden what we may not see)."""
        self.viewer, self.turn = viewer, turn
        if self._between:
            self.fresh = []
            return []
        if self.opens_at_deal:
            # The table opens as the hand is dealt: everything so far is played to it from the start.
            self._from_start = False
            self.fresh = list(self.hand)
            return []
        self._from_start = False
        self.fresh = []
        return [turn_event(e, turn, self.rules.players) for e in self.hand]

    def start_hand(self) -> list[Event]:
        """After a settlement: tell the host we are ready; the next hand's events come when it deals."""
        if self._between:
            self.link.ready()
        return []

    @property
    def in_hand(self) -> bool:
        """True once a hand's events have arrived."""
        return bool(self.hand) and not self._between

    @property
    def opens_at_deal(self) -> bool:
        """True when the hand's opening will be played to the table from the dice (look() decides it so)."""
        return not self._between and self._from_start and opening_replayable(self.hand, self.rules.players)

    @property
    def hand_over(self) -> bool:
        """True when the hand has been settled at the host and waits to be shown."""
        return self.settled_event is not None and self.settled_msg is not None

    def to_move(self) -> list[int]:
        """Our seat when the host asks us; another seat while we wait for the table; none when the hand is over."""
        self.pump(self.clock)
        if self.fresh:
            return [self._other()]
        if self.hand_over:
            return []
        if self.seat is not None and self.obs is not None and self.obs.legal_actions:
            return [self.seat]
        return [self._other()]

    def _other(self) -> int:
        return 0 if self.seat is None else (self.seat + 1) % self.rules.players

    def observe(self, seat: int) -> Observation:
        """Our observation when we must act; an empty one for the pause before another seat's events."""
        if seat == self.seat and self.obs is not None:
            return from_wire(self.obs, self.rules.players)
        return idle_observation(seat, self.rules)

    def agent_move(self, seat: int) -> list[Event]:
        """The events that have come from the table since the last look, turned for our seat."""
        out = [turn_event(e, self.turn, self.rules.players) for e in self.fresh]
        self.fresh = []
        self._from_start = False  # the hand is being shown: a later look lays it out as it stands
        return out

    def check(self, action: Action) -> str | None:
        """Why the host would refuse `action` now (it checks again)."""
        obs = self.obs
        if obs is None or self.seat is None:
            return "it is not your move"
        legal = from_wire(obs, self.rules.players).legal_actions
        return None if action in legal else "that move is not possible now"

    def apply(self, action: Action, stand_in: bool = False) -> list[Event]:
        """Send our move; what it does comes back from the host as events (the host's AI plays our 托管, so
        `stand_in` never comes here true)."""
        self.link.act(action)
        if action.kind is ActionKind.DINGQUE and self.obs is not None:
            self.named.add(self.obs.hand_no)  # the host may ask again before it has our suit: ours stands
        self.obs = None
        return []

    def take_back(self, seat: int) -> bool:
        """No take-backs at a network table."""
        return False

    @property
    def result(self) -> HandResult | None:
        """The ended hand laid open, as the host settled it (public by then); None while play goes on."""
        return self._result if self.settled_msg is not None else None

    def settle(self) -> tuple[HandSettled, Ledger]:
        """The settlement the host sent, in engine seats as the local session gives it: the event and the ledger."""
        event, msg = self.settled_event, self.settled_msg
        if event is None or msg is None:
            raise RuntimeError("the hand is not settled yet")
        items = tuple(
            LedgerItem(i.payer, i.payee, i.fan, i.amount, i.rule, i.label_zh, i.label_en, tuple(i.tiles), i.on_behalf)
            for i in msg.items
        )
        self.settled_event = self.settled_msg = None
        self._result = None
        self._between = True
        self.hands_settled += 1
        self.ledgers.append(Ledger(items, self.rules.players))
        return event, self.ledgers[-1]

    @property
    def scores(self) -> tuple[int, ...]:
        """The running scores as the host last said."""
        if self.status is not None:
            return tuple(self.status.scores)
        return (0,) * self.rules.players
