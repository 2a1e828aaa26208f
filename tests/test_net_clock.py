"""The turn clock at a network table: on by default, 托管 after two run-outs in a row, and dropped players."""

from __future__ import annotations

import argparse

from game.match.length import MatchLength
from game.net.host.table import NetTable, SeatPlan, TableConfig
from game.net.wire import protocol as P
from game.rules.loader import load_ruleset
from tests.net_peers import Clock, Peer, drive_until
from tests.net_rig import CODE, config, simple_factory

RULES = load_ruleset("guiyang-classic")


def clocked(timer: float = 5.0, drop_wait: float = 60.0) -> tuple[NetTable, Clock, list[Peer]]:
    clock = Clock()
    table = NetTable(
        RULES, "clock", config(4, "human,human,ai,ai", turn_timer=timer, drop_wait=drop_wait), simple_factory, clock
    )
    peers = [Peer(table, k) for k in (0, 1)]
    for k, p in enumerate(peers):
        p.hello(f"p{k}")
    return table, clock, peers


def waits_for_seat_0(table: NetTable, clock: Clock, peer: Peer, decisions: int) -> list[float]:
    """Let seat 1 play; each time seat 0 is asked, note how long the table holds it up before it moves on."""
    held: list[float] = []
    for _ in range(decisions):
        drive_until(table, [peer], lambda: table.rnd is not None and 0 in table.rnd.to_move())
        start, asked = clock.now, table.seats[0].asked_seq
        for _ in range(100):
            table.step()
            # The decision is made once seat 0 is not asked, or is asked anew (a claim's discard after it).
            if table.rnd is None or 0 not in table.rnd.to_move() or table.seats[0].asked_seq != asked:
                break
            clock.now += 0.5
        held.append(clock.now - start)
    return held


def seat_0_discards_without_the_clock(table: NetTable, clock: Clock, peer: Peer, n: int) -> None:
    """Seat 1 plays on, the clock standing still: seat 0 must still discard `n` times (the AI plays it at once)."""
    from game.engine.events import TileDiscarded

    def discards() -> int:
        return sum(1 for e in table.events if isinstance(e, TileDiscarded) and e.seat == 0)

    start, now = discards(), clock.now
    drive_until(table, [peer], lambda: discards() >= start + n or table.over)
    assert discards() >= start + n and clock.now == now


def test_a_network_table_has_a_turn_clock_by_default() -> None:
    from game.cli.lan import register

    assert TableConfig(CODE, [SeatPlan("human")] * 4, MatchLength("hands", 1)).turn_timer == 30.0
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    assert parser.parse_args(["host", "--headless"]).turn_timer == 30.0
    assert parser.parse_args(["host", "--headless", "--turn-timer", "0"]).turn_timer == 0.0


def test_a_silent_player_costs_two_clocks_then_the_ai_plays_the_seat_until_they_act() -> None:
    table, clock, peers = clocked(timer=5.0)
    held = waits_for_seat_0(table, clock, peers[1], 2)
    assert held == [5.0, 5.0], "the first two decisions wait out the clock"
    seat_0_discards_without_the_clock(table, clock, peers[1], 3)  # then the AI plays the seat at once (托管)
    status = table.status()
    assert status.seats[0].tuoguan and status.seats[0].ai_playing and not status.seats[1].tuoguan
    assert peers[1].of(P.Status)[-1].seats[0].tuoguan, "the others are told"
    peers[0].say(P.Back())
    assert not table.status().seats[0].tuoguan, "the player is back"
    drive_until(table, [peers[1]], lambda: table.rnd is not None and 0 in table.rnd.to_move())
    table.step()
    assert table.rnd is not None and 0 in table.rnd.to_move(), "the seat is the player's own again"


def test_a_player_who_drops_on_their_turn_is_played_after_the_clock_not_the_drop_wait() -> None:
    table, clock, peers = clocked(timer=5.0, drop_wait=15.0)
    drive_until(table, peers, lambda: table.rnd is not None and table.rnd.to_move() == [0])
    table.disconnect(0)
    peers[0].closed = (1006, "gone")
    held = waits_for_seat_0(table, clock, peers[1], 2)
    assert held[0] <= 5.0 and held[1] == 5.0, "each decision waits the clock, shorter than the drop wait"
    seat_0_discards_without_the_clock(table, clock, peers[1], 3)  # after two run-outs: the AI, at once
