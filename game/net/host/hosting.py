"""A host's start-up, written once for the window's menu and the command line: the table, its server, its logs.

A fresh table is given its match id as it is made, so its save and its replay log share it from
the first hand. The replay log is the match controller's own, so it starts from the match's own
first deal, whether the table is new or resumed from a save.
"""

from __future__ import annotations

import secrets
import ssl
from pathlib import Path

from game.core.ruleset import Ruleset
from game.net.host.server import HostServer
from game.net.host.table import AgentFactory, NetTable, TableConfig
from game.net.wire.limits import DoorLimits
from game.records.replaylog import ReplayLog, new_match_id


def new_table(
    rules: Ruleset, config: TableConfig, seed: str | None = None, agent_factory: AgentFactory | None = None
) -> NetTable:
    """A fresh network table (a random seed unless one is given), with its match id."""
    table = NetTable(rules, seed if seed is not None else secrets.token_hex(8), config, agent_factory)
    table.save.match_id = new_match_id()
    return table


def open_seats(table: NetTable, own: int | None = None) -> int:
    """How many seats a person who joins could take, but `own`, the host's (NetTable.free_seats)."""
    return table.free_seats(own)


def replay_log(table: NetTable) -> ReplayLog:
    """The replay log of the table's match; a save without a match id is given one, kept in the save."""
    if not table.save.match_id:
        table.save.match_id = new_match_id()
    keeper = table.control.replay_log(table.save.match_id)
    # Every seat is driven from the host's side; the people are the seats a person holds.
    keeper.people = lambda: [seat for seat in range(len(table.seats)) if table.core.held_by_person(seat)]
    return keeper


def host_server(
    table: NetTable,
    bind: str,
    port: int,
    save_path: Path | None,
    replays: bool = True,
    linger: float = 1.0,
    door: DoorLimits | None = None,
    tls: ssl.SSLContext | None = None,
) -> HostServer:
    """The server of a table, writing its save to `save_path` and (with `replays`) each settled hand to the log."""
    return HostServer(table, bind, port, save_path, replay_log(table) if replays else None, linger, door, tls)
