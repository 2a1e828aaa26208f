"""The host's table: the referee of a network match, with no sockets in it.

A `NetTable` runs the Match and the hand in play, knows who holds each seat, and turns each
incoming message into changes and outgoing messages. Connections are plain ids with a send
and a close function, so the tests drive it directly and `game.net.host.server` puts it on
WebSocket. Every action is checked by the round engine before it is applied; each
connection is sent only what its seat may see (game.net.wire.view).

The table is an object that owns its parts, each in its own module and each holding the parts it
uses: the shared state (`core`, table_core: the match controller, the seats, the connections),
what goes out (`out`, table_broadcast), the hands (`play`, table_play), the clock (`clock`,
table_clock: the AI's moves and the timers), the hello (`door`, table_door) and message intake
(`intake`, table_intake); the config and the seat records sit beside them (table_config,
table_seats). NetTable itself wires them together, keeps the surface the server and the tests use,
and adds resuming a saved match.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.core.ruleset import Ruleset
from game.engine.events import Event
from game.engine.round import Round
from game.match.controller import MatchController
from game.match.length import MatchProgress, match_over
from game.match.match import Match
from game.net.host.table_broadcast import TableBroadcast
from game.net.host.table_clock import TableClock
from game.net.host.table_config import TABLE_LENGTHS, SeatPlan, TableConfig, length_text, wire_length
from game.net.host.table_core import TableCore
from game.net.host.table_door import TableDoor
from game.net.host.table_intake import TableIntake
from game.net.host.table_play import TablePlay
from game.net.host.table_seats import (
    CLOSE_NORMAL,
    CLOSE_POLICY,
    AgentFactory,
    CloseFn,
    Conn,
    Holder,
    SeatState,
    SendFn,
    Stats,
)
from game.net.wire import protocol as P
from game.net.wire.limits import CodeGuard
from game.records.savefile import SaveData

__all__ = [
    "CLOSE_NORMAL",
    "CLOSE_POLICY",
    "TABLE_LENGTHS",
    "AgentFactory",
    "CloseFn",
    "NetTable",
    "SeatPlan",
    "SendFn",
    "TableConfig",
    "length_text",
    "wire_length",
]


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
        self.core = TableCore(rules, seed, config, agent_factory, clock)
        self.out = TableBroadcast(self.core)
        self.play = TablePlay(self.core, self.out)
        self.clock = TableClock(self.core, self.out, self.play)
        self.door = TableDoor(self.core, self.out, self.play)
        self.intake = TableIntake(self.core, self.out, self.door, self.play, self.clock)

    # ------------------------------------------------------------------ what the server and the window call

    def connect(self, conn_id: int, send: SendFn, close: CloseFn, addr: str = "") -> None:
        """A new connection; it must say hello first."""
        self.intake.connect(conn_id, send, close, addr)

    def disconnect(self, conn_id: int) -> None:
        """A connection is gone: its seat, if any, keeps its holder and the drop clock starts."""
        self.intake.disconnect(conn_id)

    def receive(self, conn_id: int, data: bytes | str) -> None:
        """One message from a connection: refused with an error to it alone, or carried out."""
        self.intake.receive(conn_id, data)

    def step(self) -> float | None:
        """Play every move that is the AI's or whose time is up; the seconds until the next check, or None."""
        return self.clock.tick()

    def start(self) -> None:
        """Start or carry on the match (the host's say-so, or every player there); the AI plays absent seats."""
        self.play.start()

    def shutdown(self) -> None:
        """Tell everyone the table is closing, then close every connection (the host is stopping)."""
        self.out.shutdown()

    def status(self) -> P.Status:
        """Who sits where, who is thinking, the clocks and the scores, as everyone may know them."""
        return self.out.status()

    def now(self) -> float:
        """The table's time (the clock it was given)."""
        return self.core.time()

    def controller(self, seat: int, now: float) -> str:
        """Who answers for `seat` now: "person", "wait" (dropped, the table waits) or "ai"."""
        return self.core.controller(seat, now)

    def held(self, seat: int) -> bool:
        """True while the answering beat holds back events `seat` would see (it is not asked meanwhile)."""
        return self.core.held(seat)

    def save_data(self) -> SaveData:
        """The match as it stands, for the host's save file."""
        return self.core.save_data()

    def keep_seat(self, seat: int, name: str, token: str | None = None) -> str:
        """Hold `seat` for the host's own window before the table opens: the token its link joins with, so no
        one who connects first can take it (`token`: the seat's own, when the table comes from a save)."""
        return self.door.keep(seat, name, token)

    def free_seats(self, own: int | None = None) -> int:
        """How many seats a person who joins could take now: a person's seats nobody holds, and those whose
        person left before the start, but `own` (the seat of the host's own window)."""
        core = self.core
        return sum(
            1
            for i, s in enumerate(core.seats)
            if s.plan.kind == "human" and i != own and (s.holder is None or core.loose(i))
        )

    # ------------------------------------------------------------------ the state, as the core keeps it

    @property
    def rules(self) -> Ruleset:
        """The table's ruleset."""
        return self.core.rules

    @property
    def config(self) -> TableConfig:
        """What the host chose for the table."""
        return self.core.config

    @property
    def control(self) -> MatchController:
        """The match controller that referees the match."""
        return self.core.control

    @property
    def seats(self) -> list[SeatState]:
        """Each seat's plan, holder and connection."""
        return self.core.seats

    @property
    def conns(self) -> dict[int, Conn]:
        """The open connections by id."""
        return self.core.conns

    @property
    def code_guard(self) -> CodeGuard:
        """Wrong room codes from every address together."""
        return self.core.code_guard

    @code_guard.setter
    def code_guard(self, guard: CodeGuard) -> None:
        self.core.code_guard = guard

    @property
    def stats(self) -> Stats:
        """Counts for the host's log and the tests."""
        return self.core.stats

    @property
    def started(self) -> bool:
        """True once the match has started."""
        return self.core.started

    @property
    def over(self) -> bool:
        """True once the match is over."""
        return self.core.over

    @property
    def hands_done(self) -> int:
        """Hands settled so far."""
        return self.core.hands_done

    @property
    def progress(self) -> MatchProgress:
        """Hands settled and passes of the deal, which the match's length is counted on."""
        return self.core.progress

    @property
    def last_settled(self) -> P.Settled | None:
        """The settlement of the last hand, while no hand is in play."""
        return self.core.last_settled

    @property
    def events(self) -> list[Event]:
        """Every event of the match, in order."""
        return self.core.events

    @property
    def views(self) -> dict[int, list[dict[str, Any]]]:
        """What each viewer (a seat, or SPECTATOR) may know of the events, in its own numbering."""
        return self.core.views

    @property
    def hand_start(self) -> int:
        """Index in `events` where the hand in play (or the last one) begins."""
        return self.core.hand_start

    @property
    def match(self) -> Match:
        """The match so far: scores, hand number, ledgers."""
        return self.core.match

    @property
    def rnd(self) -> Round | None:
        """The hand in play (or the one being settled), None between hands."""
        return self.core.rnd

    @property
    def save(self) -> SaveData:
        """The host's save as last brought up to date (save_data() brings it up to date)."""
        return self.core.save

    @property
    def on_save(self) -> Callable[[], None] | None:
        """Called when the save changed: write save_data() soon."""
        return self.core.on_save

    @on_save.setter
    def on_save(self, hook: Callable[[], None] | None) -> None:
        self.core.on_save = hook

    @property
    def on_hand_done(self) -> Callable[[Round], None] | None:
        """Called with each hand as it is settled (the replay log)."""
        return self.core.on_hand_done

    @on_hand_done.setter
    def on_hand_done(self, hook: Callable[[Round], None] | None) -> None:
        self.core.on_hand_done = hook

    @property
    def on_over(self) -> Callable[[], None] | None:
        """Called once the match is over."""
        return self.core.on_over

    @on_over.setter
    def on_over(self, hook: Callable[[], None] | None) -> None:
        self.core.on_over = hook

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
        from game.records.savefile import SaveError

        try:
            config = TableConfig.from_json(data.config["lan"])
            table = cls(rules, str(data.head["seed"]), config, agent_factory, clock)
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"{where}: not the save of a network table ({exc})") from None
        core = table.core
        core.control.resume(data, where)
        finished, core.control.finished = core.control.finished, []
        for rnd in finished:
            table.play.count(rnd)
        core.hands_done = len(finished)
        core.sent, core.sent_at = core.feed.counts(), len(core.events)  # a rejoin's catch-up sends them
        if finished and core.rnd is None:
            core.last_settled = table.play.settled_message(finished[-1])
        holders = data.config.get("holders", {})
        if isinstance(holders, dict):
            for key, h in holders.items():
                if key in {str(i) for i in range(len(core.seats))} and isinstance(h, dict):
                    seat = core.seats[int(key)]
                    seat.holder = Holder(str(h.get("name", "")), str(h.get("token", "")))
                    seat.dropped_at = clock()  # everyone must come back: the table waits for them
        # A match played some way is resumed, not restarted: it waits for its players (or the host's say-so).
        core.resumed = bool(data.hands)
        # A hand that ended but was not settled when the host stopped is settled by step(), once the
        # server has hooked up the save and the replay log, so that the log misses no hand.
        if core.rnd is None and core.resumed:
            core.settled_at = clock()
        if core.rnd is None and match_over(config.length, core.progress):
            core.over = True
        return table
