"""The host's table: the referee of a network match, with no sockets in it.

A `NetTable` runs the Match and the hand in play, knows who holds each seat, and turns each
incoming message into changes and outgoing messages. Connections are plain ids with a send
and a close function, so the tests drive it directly and `game.net.host.server` puts it on
WebSocket. Every action is checked by the round engine before it is applied; each
connection is sent only what its seat may see (game.net.wire.view).

The table is built in layers, each in its own module and each using only those below it: the state
(table_core), broadcasting (table_broadcast), the hands (table_play), the clock (table_clock), the
hello (table_door) and message intake (table_intake); the config and the seat records sit beside them
(table_config, table_seats). NetTable itself adds resuming a saved match.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.core.ruleset import Ruleset
from game.match.length import match_over
from game.net.host.table_config import TABLE_LENGTHS, SeatPlan, TableConfig, length_text, wire_length
from game.net.host.table_intake import TableIntake
from game.net.host.table_seats import CLOSE_NORMAL, CLOSE_POLICY, AgentFactory, CloseFn, Holder, SendFn
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


class NetTable(TableIntake):
    """A network match at the host: seats, the referee, and every message in and out."""

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
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"{where}: not the save of a network table ({exc})") from None
        table = cls(rules, str(data.head["seed"]), config, agent_factory, clock)
        table.control.resume(data, where)
        finished, table.control.finished = table.control.finished, []
        for rnd in finished:
            table._count(rnd)
        table.hands_done = len(finished)
        table.sent, table.sent_at = table.feed.counts(), len(table.events)  # a rejoin's catch-up sends them
        if finished and table.rnd is None:
            table.last_settled = table._settled_message(finished[-1])
        holders = data.config.get("holders", {})
        if isinstance(holders, dict):
            for key, h in holders.items():
                if key in ("0", "1", "2", "3") and isinstance(h, dict):
                    seat = table.seats[int(key)]
                    seat.holder = Holder(str(h.get("name", "")), str(h.get("token", "")))
                    seat.dropped_at = clock()  # everyone must come back: the table waits for them
        # A match played some way is resumed, not restarted: it waits for its players (or the host's say-so).
        table.resumed = bool(data.hands)
        # A hand that ended but was not settled when the host stopped is settled by step(), once the
        # server has hooked up the save and the replay log, so that the log misses no hand.
        if table.rnd is None and table.resumed:
            table.settled_at = clock()
        if table.rnd is None and match_over(config.length, table.progress):
            table.over = True
        return table
