"""The host's table: the referee of a network match, with no sockets in it.

A `NetTable` runs the Match and the hand in play, knows who holds each seat, and turns each
incoming message into changes and outgoing messages. Connections are plain ids with a send
and a close function, so the tests drive it directly and `game.net.server` puts it on
WebSocket. Every action is checked by the round engine before it is applied; each
connection is sent only what its seat may see (game.net.view).
"""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.agents import Agent
from game.controller import MatchController
from game.events import Event, HandSettled
from game.match import Match
from game.match_length import MatchConfigError, MatchLength, MatchProgress, match_over
from game.net import protocol as P
from game.net.chat import CHAT_INTERVAL, PHRASES
from game.net.limits import CodeGuard, TokenBucket
from game.net.names import distinct_name, only_invisible
from game.net.view import SPECTATOR, action_of, ledger_lines, wire_observation, wire_result
from game.round import Phase, Round
from game.ruleset import Ruleset
from game.savefile import SaveData

log = logging.getLogger(__name__)

SendFn = Callable[[bytes], None]
CloseFn = Callable[[int, str], None]
AgentFactory = Callable[[str, str, Ruleset], Agent]

# Close codes (RFC 6455 §7.4): 1008 policy violation, 1000 normal.
CLOSE_POLICY = 1008
CLOSE_NORMAL = 1000


@dataclass(frozen=True)
class SeatPlan:
    """Who the host set at a seat: a person, or the AI at a level."""

    kind: str  # "human" or "ai"
    level: str = "normal"

    @staticmethod
    def parse(text: str) -> SeatPlan:
        """`human`, `ai` or `ai:LEVEL`; ValueError naming what is wrong."""
        from game.ai import LEVELS

        word = text.strip().lower()
        if word == "human":
            return SeatPlan("human")
        if word == "ai":
            return SeatPlan("ai", "normal")
        if word.startswith("ai:") and word[3:] in LEVELS:
            return SeatPlan("ai", word[3:])
        raise ValueError(f"{text!r}: a seat is human, ai or ai:LEVEL with LEVEL one of {', '.join(LEVELS)}")


@dataclass
class TableConfig:
    """What the host chose for the table."""

    code: str
    seats: list[SeatPlan]
    length: MatchLength  # a number of hands or of rounds (圈)
    room: str = "贵阳捉鸡"
    turn_timer: float | None = None  # seconds a person has for each decision; None: no clock
    drop_wait: float = 60.0  # how long the table waits for a dropped person before the AI plays on
    chat: bool = True
    next_hand_wait: float = 0.0  # longest wait for everyone's "ready" between hands
    fill_level: str = "normal"  # the AI level that plays an empty or dropped person's seat
    rate: float = 20.0  # messages a second per connection, on average
    burst: float = 40.0
    auto_start: bool = True  # start as soon as every person's seat is taken

    def __post_init__(self) -> None:
        if self.length.kind not in TABLE_LENGTHS:
            raise ValueError(f"a network match lasts a number of hands or rounds, not {self.length.kind!r}")

    def to_json(self) -> dict[str, Any]:
        """The config as kept in the host's save."""
        return {
            "code": self.code,
            "seats": [[p.kind, p.level] for p in self.seats],
            "length": {"kind": self.length.kind, "n": self.length.n},
            "room": self.room,
            "turn_timer": self.turn_timer,
            "drop_wait": self.drop_wait,
            "chat": self.chat,
            "next_hand_wait": self.next_hand_wait,
            "fill_level": self.fill_level,
            "rate": self.rate,
            "burst": self.burst,
            "auto_start": self.auto_start,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> TableConfig:
        """Inverse of to_json; ValueError/KeyError/TypeError when it is not one."""
        seats = [SeatPlan(str(k), str(lv)) for k, lv in d["seats"]]
        if len(seats) != 4 or any(p.kind not in ("human", "ai") for p in seats):
            raise ValueError("a table has four seats, each human or ai")
        timer = d.get("turn_timer")
        # A save from before the length could be rounds kept the number of hands alone.
        raw = d["length"] if "length" in d else {"kind": "hands", "n": d["hands"]}
        if not isinstance(raw, dict):
            raise ValueError("the length is an object with kind and n")
        try:
            length = MatchLength(raw["kind"], raw["n"])
        except MatchConfigError as exc:
            raise ValueError(str(exc)) from None
        return TableConfig(
            code=str(d["code"]),
            seats=seats,
            length=length,
            room=str(d.get("room", "贵阳捉鸡")),
            turn_timer=float(timer) if timer is not None else None,
            drop_wait=float(d.get("drop_wait", 60.0)),
            chat=bool(d.get("chat", True)),
            next_hand_wait=float(d.get("next_hand_wait", 0.0)),
            fill_level=str(d.get("fill_level", "normal")),
            rate=float(d.get("rate", 20.0)),
            burst=float(d.get("burst", 40.0)),
            auto_start=bool(d.get("auto_start", True)),
        )


TABLE_LENGTHS = ("hands", "rounds")


def length_text(length: MatchLength) -> str:
    """ "8 hands", "1 round": the length as the host's terminal says it."""
    word = "hand" if length.kind == "hands" else "round"
    return f"{length.n} {word}{'s' if length.n != 1 else ''}"


def wire_length(length: MatchLength) -> P.WireLength:
    """A table's length on the wire (a table lasts hands or rounds)."""
    return P.WireLength("rounds" if length.kind == "rounds" else "hands", length.n)


@dataclass
class Holder:
    """The person who holds a seat: the name shown and the secret token to rejoin with."""

    name: str
    token: str


@dataclass
class SeatState:
    """A seat at the host: its plan, its holder and its connection."""

    plan: SeatPlan
    holder: Holder | None = None
    conn: int | None = None
    dropped_at: float | None = None  # when the holder's connection was lost
    next_hand: bool = False  # taken mid-hand: the AI plays it until the next hand starts
    ready: bool = False
    asked_at: float | None = None  # when the current decision was put to the seat (turn timer)
    asked_seq: int = -1  # the event count when it was put, so each decision is asked once


@dataclass
class Conn:
    """One connection: before its hello it is nobody; then a seat or a spectator."""

    id: int
    send: SendFn
    close: CloseFn
    addr: str
    bucket: TokenBucket
    joined: bool = False
    seat: int | None = None  # None with joined: a spectator
    violations: int = 0
    last_chat: float = -1e9
    closed: bool = False


@dataclass
class Stats:
    """Counts for the host's log and the tests."""

    received: int = 0
    refused: int = 0
    sent: int = 0
    actions: int = 0


class NetTable:
    """A network match at the host: seats, the referee, and every message in and out."""

    def __init__(
        self,
        rules: Ruleset,
        seed: str,
        config: TableConfig,
        agent_factory: AgentFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(config.seats) != 4:
            raise ValueError(f"a table has four seats, got {len(config.seats)}")
        self.rules = rules
        self.seed = seed
        self.config = config
        self.clock = clock
        self.control = MatchController(rules, seed, config={"lan": config.to_json(), "holders": {}}, keep_feed=True)
        assert self.control.feed is not None
        self.feed = self.control.feed  # every event, and what each viewer has been sent of them
        self.control.on_save = self._persist
        self.control.on_hand_done = self._hand_done
        self._settling: Round | None = None
        self.seats = [SeatState(p) for p in config.seats]
        self.conns: dict[int, Conn] = {}
        self.started = False
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
        self._last_status: tuple[Any, ...] | None = None
        self.stats = Stats()

    # ------------------------------------------------------------------ resume

    @classmethod
    def from_save(
        cls,
        data: SaveData,
        rules: Ruleset,
        agent_factory: AgentFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
        where: str = "save",
    ) -> NetTable:
        """The table of a saved network match, at the point it was saved (SaveError if it does not replay)."""
        from game.savefile import SaveError

        try:
            config = TableConfig.from_json(data.config["lan"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"{where}: not the save of a network table ({exc})") from None
        table = cls(rules, str(data.head["seed"]), config, agent_factory, clock)
        table.control.resume(data, where)
        finished, table.control.finished = table.control.finished, []
        for rnd in finished:
            table._count(rnd)
        table.hands_done = len(finished)
        if finished and table.rnd is None:
            table.last_settled = table._settled_message(finished[-1])
        holders = data.config.get("holders", {})
        if isinstance(holders, dict):
            for key, h in holders.items():
                if key in ("0", "1", "2", "3") and isinstance(h, dict):
                    seat = table.seats[int(key)]
                    seat.holder = Holder(str(h.get("name", "")), str(h.get("token", "")))
                    seat.dropped_at = clock()  # everyone must come back: the table waits for them
        table.started = bool(data.hands)
        # A hand that ended but was not settled when the host stopped is settled by step(), once the
        # server has hooked up the save and the replay log, so that the log misses no hand.
        if table.rnd is None and table.started:
            table.settled_at = clock()
        if table.rnd is None and match_over(config.length, table.progress):
            table.over = True
        return table

    # ------------------------------------------------------------------ connections

    def connect(self, conn_id: int, send: SendFn, close: CloseFn, addr: str = "") -> None:
        """A new connection; it must say hello first."""
        self.conns[conn_id] = Conn(conn_id, send, close, addr, TokenBucket(self.config.rate, self.config.burst))

    def disconnect(self, conn_id: int) -> None:
        """A connection is gone: its seat, if any, keeps its holder and the drop clock starts."""
        conn = self.conns.pop(conn_id, None)
        if conn is None:
            return
        conn.closed = True
        if conn.seat is not None and self.seats[conn.seat].conn == conn_id:
            seat = self.seats[conn.seat]
            seat.conn = None
            seat.dropped_at = self.clock()
            log.info("seat %d (%s) dropped", conn.seat, seat.holder.name if seat.holder else "?")
        self._status()

    def receive(self, conn_id: int, data: bytes | str) -> None:
        """One message from a connection: refused with an error to it alone, or carried out."""
        conn = self.conns.get(conn_id)
        if conn is None or conn.closed:
            return
        self.stats.received += 1
        now = self.clock()
        try:
            msg: P.ClientMessage | None = P.decode_client(data)
            fault: P.ProtocolError | None = None
        except P.ProtocolError as exc:
            msg, fault = None, exc
        if fault is not None and fault.code in P.FATAL_FAULTS:
            log.warning("connection %d (%s) closed: %s", conn.id, conn.addr, fault.reason)
            self._close(conn, P.FATAL_FAULTS[fault.code], fault.reason)
            return
        # An answer to a question the host asked (a move, a ready between hands) is never slowed,
        # however fast an AI plays; everything else spends from the connection's bucket, and so
        # does an answer the table refuses (below).
        answer = self._is_answer(conn, msg)
        if not answer and not self._spend(conn, now, tell=True):
            return
        if msg is None:
            assert fault is not None
            self._error(conn, fault.code, fault.reason)
            return
        if isinstance(msg, P.Hello):
            self._hello(conn, msg, now)
        elif not conn.joined:
            self._error(conn, "hello_first", "say hello (with the room code) before anything else")
        elif isinstance(msg, P.Act):
            refused = self.stats.refused
            self._act(conn, msg)
            if answer and self.stats.refused > refused:
                self._spend(conn, now, tell=False)  # an illegal answer, refused already: it counts toward a flood
        elif isinstance(msg, P.Ready):
            self._ready(conn)
        elif isinstance(msg, P.Chat):
            self._chat(conn, msg, now)
        else:
            self._send(conn, P.Pong(msg.n))
        self.step()

    def _spend(self, conn: Conn, now: float, tell: bool) -> bool:
        """Take a token for one message; past the bucket, count a violation (closing a flood); False when over."""
        if conn.bucket.take(now):
            return True
        conn.violations += 1
        if conn.violations > 2 * self.config.burst:
            self._close(conn, CLOSE_POLICY, "flooding: too many messages")
        elif tell:
            self._error(conn, "rate", f"too many messages: at most {self.config.rate:g} a second")
        return False

    def _is_answer(self, conn: Conn, msg: P.ClientMessage | None) -> bool:
        seat = conn.seat
        if seat is None or not conn.joined:
            return False
        if isinstance(msg, P.Act):
            s = self.seats[seat]
            return (
                self.rnd is not None
                and msg.seq == s.asked_seq == len(self.views[seat])
                and bool(self.rnd.legal_tuple(seat))
            )
        if isinstance(msg, P.Ready):
            return self.rnd is None and not self.seats[seat].ready
        return False

    # ------------------------------------------------------------------ hello

    def _hello(self, conn: Conn, msg: P.Hello, now: float) -> None:
        if conn.joined:
            self._error(conn, "already_joined", "this connection has already joined the table")
            return
        if msg.game != P.GAME or msg.version != P.PROTOCOL_VERSION:
            self._refuse(
                conn,
                "version",
                f"this table speaks protocol {P.PROTOCOL_VERSION} of {P.GAME}; "
                f"you sent {msg.game!r} version {msg.version}: use the same version of the game as the host",
            )
            return
        right = hmac.compare_digest(msg.code.encode("utf-8"), self.config.code.encode("utf-8"))
        if msg.token is not None:
            # A seat's token is a secret of its own: its rejoin passes whatever the guard says. An
            # unknown token is refused before the code is looked at, so it is no way to test codes.
            if not right and self._token_seat(msg.token) is not None:
                self._refuse(conn, "code", "wrong room code")
            else:
                self._rejoin(conn, msg)
            return
        wait = self.code_guard.wait(now)
        if wait > 0:
            # No code is checked while the door is shut, the right one neither: a guess then learns nothing.
            self._refuse(conn, "code_wait", f"too many wrong room codes at this table; try again in {wait:.0f} s")
            return
        if not right:
            self.code_guard.miss(now)
            self._refuse(conn, "code", "wrong room code")
            return
        if msg.watch:
            conn.joined, conn.seat = True, None
            self._send(conn, self._welcome(None, None))
            self._catch_up(conn, msg.after)
            self._status(force_to=conn)
        else:
            self._take_seat(conn, msg, now)

    def _welcome(self, seat: int | None, token: str | None, next_hand: bool = False) -> P.Welcome:
        c = self.config
        return P.Welcome(
            P.PROTOCOL_VERSION,
            seat,
            token,
            c.room,
            self.rules.name,
            wire_length(c.length),
            c.chat,
            c.turn_timer,
            c.drop_wait,
            next_hand,
        )

    def _token_seat(self, token: str) -> int | None:
        raw = token.encode("utf-8")
        return next(
            (
                i
                for i, s in enumerate(self.seats)
                if s.holder is not None and hmac.compare_digest(raw, s.holder.token.encode("utf-8"))
            ),
            None,
        )

    def _rejoin(self, conn: Conn, msg: P.Hello) -> None:
        found = self._token_seat(msg.token or "")
        if found is None:
            self._refuse(conn, "token", "that token holds no seat at this table")
            return
        if msg.seat is not None and msg.seat != found:
            self._refuse(conn, "token", f"that token is seat {found}'s, not seat {msg.seat}'s")
            return
        seat = self.seats[found]
        old = self.conns.get(seat.conn) if seat.conn is not None else None
        if old is not None:
            # The same person on a new connection (a restart, a second window): the new one wins.
            self._refuse(old, "replaced", "this seat was joined again from another connection")
            old.seat = None
        seat.conn, seat.dropped_at = conn.id, None
        conn.joined, conn.seat = True, found
        self._send(conn, self._welcome(found, seat.holder.token if seat.holder else None, seat.next_hand))
        self._catch_up(conn, msg.after)
        self._status(force_to=conn)
        log.info("seat %d (%s) rejoined", found, seat.holder.name if seat.holder else "?")

    def _take_seat(self, conn: Conn, msg: P.Hello, now: float) -> None:
        if only_invisible(msg.name):
            self._refuse(conn, "name_invisible", "that name is only invisible characters; choose one that shows")
            return
        name = P.clean_name(msg.name)
        if not name:
            self._refuse(conn, "name", "a name is needed to take a seat")
            return
        name = distinct_name(name, [s.holder.name for s in self.seats if s.holder is not None])
        free = [i for i, s in enumerate(self.seats) if s.plan.kind == "human" and s.holder is None]
        if msg.seat is not None:
            plan = self.seats[msg.seat]
            if plan.plan.kind != "human":
                self._refuse(conn, "seat_ai", f"seat {msg.seat} is played by the AI at this table")
                return
            if plan.holder is not None:
                self._refuse(conn, "seat_taken", f"seat {msg.seat} is taken; rejoining it needs its token")
                return
            choice = msg.seat
        elif free:
            choice = free[0]
        else:
            self._refuse(conn, "full", "every seat for a person is taken; you can watch instead")
            return
        seat = self.seats[choice]
        seat.holder = Holder(name, secrets.token_urlsafe(24))
        seat.conn, seat.dropped_at, seat.ready = conn.id, None, False
        # An empty seat taken mid-hand: the AI that was playing it finishes the hand.
        seat.next_hand = self.rnd is not None and not self.rnd.ended
        conn.joined, conn.seat = True, choice
        self._keep_holders()
        self._send(conn, self._welcome(choice, seat.holder.token, seat.next_hand))
        self._catch_up(conn, msg.after)
        log.info("seat %d taken by %s", choice, name)
        if not self.started and self.config.auto_start and self._all_seated():
            self.start()
        self._status(force_to=conn)

    def _all_seated(self) -> bool:
        return all(s.plan.kind == "ai" or s.conn is not None for s in self.seats)

    def _keep_holders(self) -> None:
        self.save.config["holders"] = {
            str(i): {"name": s.holder.name, "token": s.holder.token}
            for i, s in enumerate(self.seats)
            if s.holder is not None
        }
        self._persist()

    def _catch_up(self, conn: Conn, after: int) -> None:
        """Everything after event `after`, or a snapshot of the hand when the gap is too wide."""
        viewer = SPECTATOR if conn.seat is None else conn.seat
        if not self.events:
            return
        view, start = self.views[viewer], self.feed.hand_from[viewer]
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

    # ------------------------------------------------------------------ playing

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
        if msg.seq != seen:
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
        firsts = self.feed.counts()
        self.control.submit(action)
        self._moved(firsts)

    def _moved(self, firsts: dict[int, int]) -> None:
        """Send out what a move did, and settle the hand if it ended."""
        self.stats.actions += 1
        self._publish(firsts)
        if self.control.hand_over:
            self._settle(self.clock())

    def _publish(self, before: dict[int, int]) -> None:
        """Send each connection what it may see of the events since `before` (per viewer), with its observation
        if it must act."""
        now = self.clock()
        # A seat is asked once per state: an answer from one claimer must not re-ask the others.
        asked = set()
        for seat, s in enumerate(self.seats):
            at = len(self.views[seat])
            if s.asked_seq != at and self.rnd is not None and self.rnd.legal_tuple(seat):
                s.asked_seq, s.asked_at = at, now
                asked.add(seat)
        for conn in list(self.conns.values()):
            if not conn.joined:
                continue
            viewer = SPECTATOR if conn.seat is None else conn.seat
            first = before[viewer] + 1
            shown = self.views[viewer][first - 1 :]
            obs = self._obs_for(conn.seat) if conn.seat in asked or shown else None
            if not shown and obs is None:
                continue  # nothing happened that this viewer may know of (an added kong waits for robbers)
            self._send(conn, P.Events(first, shown, obs))

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

    def _obs_for(self, seat: int | None) -> P.WireObservation | None:
        rnd = self.rnd
        if seat is None or rnd is None or rnd.ended or not rnd.legal_tuple(seat):
            return None
        if self.seats[seat].next_hand:
            return None
        return wire_observation(rnd, seat)

    def _settle(self, now: float) -> None:
        rnd = self.rnd
        assert rnd is not None and rnd.ended
        before = self.feed.counts()
        self.control.settle()  # the save and the replay log take the hand
        self._settling = rnd  # the hand stays on the table until its settlement has gone out
        self._publish(before)
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
        if settled is None or rnd.result is None:
            raise ValueError("a settled hand without its settlement")
        self.progress.record(rnd.result.dealer, settled.next_dealer, settled.scores)

    def _settled_message(self, rnd: Round) -> P.Settled:
        """The settlement of `rnd`, the last hand settled: its result laid open and its ledger (all public now)."""
        assert rnd.result is not None
        ledger = self.match.ledgers[-1]
        return P.Settled(
            self.hands_done, ledger_lines(ledger), list(ledger.nets()), list(self.match.scores), wire_result(rnd.result)
        )

    @property
    def match(self) -> Match:
        """The match so far: scores, hand number, ledgers."""
        return self.control.match

    @property
    def rnd(self) -> Round | None:
        """The hand in play (or the one being settled), None between hands."""
        return self.control.round or self._settling

    @property
    def save(self) -> SaveData:
        """The host's save as last brought up to date (save_data() brings it up to date)."""
        assert self.control.save is not None
        return self.control.save

    def save_data(self) -> SaveData:
        """The match as it stands, for the host's save file."""
        return self.control.save_data()

    def _persist(self) -> None:
        if self.on_save is not None:
            self.on_save()

    def _hand_done(self, rnd: Round) -> None:
        if self.on_hand_done is not None:
            self.on_hand_done(rnd)

    def start(self) -> None:
        """Deal the first hand (the host's start button, or every person's seat taken)."""
        if self.started or self.over:
            return
        self.started = True
        self._deal()

    def _deal(self) -> None:
        for s in self.seats:
            s.next_hand = False
            s.ready = False
        before = self.feed.counts()
        self.control.start_hand()
        self.last_settled = None
        self._publish(before)
        self._status()

    def _ready(self, conn: Conn) -> None:
        if conn.seat is not None:
            self.seats[conn.seat].ready = True

    def _chat(self, conn: Conn, msg: P.Chat, now: float) -> None:
        if not self.config.chat:
            self._error(conn, "chat_off", "the host has turned chat off at this table")
        elif conn.seat is None:
            self._error(conn, "not_seated", "spectators cannot chat")
        elif msg.phrase not in PHRASES:
            self._error(conn, "invalid", f"unknown phrase {msg.phrase[:20]!r}; the phrases are {', '.join(PHRASES)}")
        elif now - conn.last_chat < CHAT_INTERVAL:
            self._error(conn, "rate", f"one phrase per {CHAT_INTERVAL:g} seconds")
        else:
            conn.last_chat = now
            self._broadcast(P.ChatShown(conn.seat, msg.phrase))

    # ------------------------------------------------------------------ the clock and the AI

    def controller(self, seat: int, now: float) -> str:
        """Who answers for `seat` now: "person", "wait" (dropped, the table waits) or "ai"."""
        s = self.seats[seat]
        if s.plan.kind == "ai" or s.holder is None or s.next_hand:
            return "ai"
        if s.conn is not None:
            return "person"
        if s.dropped_at is not None and now - s.dropped_at < self.config.drop_wait:
            return "wait"
        return "ai"

    def step(self) -> float | None:
        """Play every move that is the AI's or whose time is up; the seconds until the next check, or None."""
        wake: list[float] = []
        guard = 0
        while guard < 10_000:
            guard += 1
            now = self.clock()
            if self.over or not self.started:
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
            before = self.feed.counts()
            self.control.play_for(mover, self._agent(mover))
            self._moved(before)
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
            elif timer is not None:
                asked = s.asked_at if s.asked_at is not None else now
                if now - asked >= timer:
                    return seat
                wake.append(asked + timer)
        return None

    def _next_hand_due(self, now: float, wake: list[float]) -> bool:
        waiting = [s for s in self.seats if s.plan.kind == "human" and s.conn is not None and not s.ready]
        if not waiting:
            return True
        since = self.settled_at if self.settled_at is not None else now
        if now - since >= self.config.next_hand_wait:
            return True
        wake.append(since + self.config.next_hand_wait)
        return False

    def _agent(self, seat: int) -> Agent:
        s = self.seats[seat]
        level = s.plan.level if s.plan.kind == "ai" else self.config.fill_level
        key = (seat, level)
        agent = self._agents.get(key)
        if agent is None:
            agent = self._agents[key] = self._agent_factory(level, f"{self.seed}:{seat}", self.rules)
        return agent

    # ------------------------------------------------------------------ status

    def status(self) -> P.Status:
        """Who sits where, who is thinking, the clocks and the scores, as everyone may know them."""
        now = self.clock()
        rnd = self.rnd
        moving: list[int] = []
        claims = False
        turn_left: float | None = None
        waiting_for: int | None = None
        wait_left: float | None = None
        if rnd is not None and not rnd.ended:
            if rnd.phase is Phase.TURN:
                moving = [rnd.turn]
            else:
                claims = True  # who may claim is not public
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
                s.holder is not None,
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
            st.waiting_for,
            tuple(st.scores),
        )
        if key != self._last_status:
            self._last_status = key
            self._broadcast(st)
        elif force_to is not None:
            self._send(force_to, st)

    # ------------------------------------------------------------------ sending

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
            self.seats[conn.seat].conn = None
            self.seats[conn.seat].dropped_at = self.clock()
        conn.closed = True
        self.conns.pop(conn.id, None)
        conn.close(code, reason[:120])

    def shutdown(self) -> None:
        """Close every connection (the host is stopping)."""
        for conn in list(self.conns.values()):
            self._close(conn, CLOSE_NORMAL, "the host closed the table")


def _make_agent(level: str, seed: str, rules: Ruleset) -> Agent:
    from game.ai import make_agent

    return make_agent(level, seed, rules)
