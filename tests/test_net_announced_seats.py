"""The free seats a host announces on the network follow the people who take and leave them, over loopback.

The host serves on 127.0.0.1 and announces on that interface alone; the browser the join screen uses listens
there too, so nothing leaves the machine.
"""

from __future__ import annotations

import asyncio
import secrets
import time

import pytest

from game.net.client.connection import NetClient
from game.net.host.hosting import open_seats
from game.net.host.table import NetTable
from game.net.wire.discovery import Announcer, Browser, TableAd, service_info
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, LOOPBACK, config, open_host, run, simple_factory

RULES = load_ruleset("guiyang-classic")


def test_a_table_counts_the_seats_a_joining_person_can_take() -> None:
    table = NetTable(RULES, "free", config(1, "human,human,ai,human"), simple_factory)
    assert (table.free_seats(), table.free_seats(own=0), open_seats(table, own=0)) == (3, 2, 2)


def test_the_announced_free_seats_follow_seats_taken_and_left_over_loopback() -> None:
    instance = f"seats {secrets.token_hex(4)}"  # its own name: tests side by side announce apart

    async def go() -> list[int]:
        table = NetTable(RULES, "ads", config(1, "human,human,human,ai"), simple_factory)
        server, url, task = await open_host(table)
        port = int(url.rsplit(":", 1)[1])
        announcer = Announcer(
            service_info("阿强的桌", port, [LOOPBACK], RULES.name, table.free_seats(), instance), [LOOPBACK]
        )
        browser = Browser(interfaces=[LOOPBACK])
        try:
            # Each on a thread with no event loop, as in the windows: zeroconf runs its own loop then.
            await asyncio.to_thread(announcer.start)
            await asyncio.to_thread(browser.start)
        except OSError as exc:
            server.stop()
            await task
            pytest.skip(f"no multicast on the loopback interface here: {exc}")
        seen: list[int] = []

        async def heard(free: int) -> None:
            """Wait until the browser lists the table with `free` seats (the join screen's list)."""
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                mine = [ad for ad in browser.tables() if ad.name == instance]
                if mine and mine[0].free == free:
                    seen.append(free)
                    return
                await asyncio.sleep(0.05)
            found: list[TableAd] = [ad for ad in browser.tables() if ad.name == instance]
            raise AssertionError(f"the table was not heard with {free} free seats: {found}")

        try:
            server.follow_free_seats(announcer.follow)
            await heard(3)
            first = NetClient(url, CODE, name="阿强")
            await first.connect()
            await heard(2)
            second = NetClient(url, CODE, name="Ann")
            await second.connect()
            await heard(1)
            await first.close()  # left before the start: the seat is free again
            await heard(2)
            await second.close()
            await heard(3)
        finally:
            await asyncio.to_thread(browser.stop)
            await asyncio.to_thread(announcer.stop)
            server.stop()
            await task
        return seen

    assert run(go, timeout=90) == [3, 2, 1, 2, 3]


def test_a_live_tables_listing_outlasts_its_records_lifetime_over_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """zeroconf keeps the list's pointer for 1125 s and never asks on its own: the browser asks the host again
    before the table's records run out, so a table stays listed while its host is there."""
    import game.net.wire.discovery as discovery

    monkeypatch.setattr(discovery, "ANNOUNCE_TTL", 2)  # records that live 2 s: the test need not wait 10
    instance = f"alive {secrets.token_hex(4)}"
    announcer = Announcer(service_info("Ann's table", 7530, [LOOPBACK], RULES.name, 1, instance), [LOOPBACK])
    browser = Browser(interfaces=[LOOPBACK], stale_after=1.0)
    try:
        announcer.start()
        browser.start()
    except OSError as exc:
        pytest.skip(f"no multicast on the loopback interface here: {exc}")
    try:
        deadline = time.monotonic() + 10
        while not [ad for ad in browser.tables() if ad.name == instance] and time.monotonic() < deadline:
            time.sleep(0.05)
        listed = []
        until = time.monotonic() + 4 * discovery.ANNOUNCE_TTL  # twice what the records and the grace add up to
        while time.monotonic() < until:
            listed.append(any(ad.name == instance for ad in browser.tables()))
            time.sleep(0.1)
        assert listed and all(listed), f"listed {listed.count(True)} of {len(listed)} looks"
    finally:
        browser.stop()
        announcer.stop()


def test_an_announcer_started_on_a_running_event_loop_announces_and_follows_over_loopback() -> None:
    """The command line's host announces from its own event loop: zeroconf gets a loop of its own, so starting,
    following and stopping neither fail nor wait on the loop they are called from."""
    instance = f"cli {secrets.token_hex(4)}"

    async def go() -> list[int]:
        announcer = Announcer(service_info("cli", 7530, [LOOPBACK], RULES.name, 2, instance), [LOOPBACK])
        browser = Browser(interfaces=[LOOPBACK])
        try:
            announcer.start()  # on this loop's thread, as the command line's `ready` does
            browser.start()
        except OSError as exc:
            pytest.skip(f"no multicast on the loopback interface here: {exc}")
        seen: list[int] = []
        try:
            for free in (2, 1):
                announcer.follow(free)
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    mine = [ad.free for ad in browser.tables() if ad.name == instance]
                    if mine == [free]:
                        seen.append(free)
                        break
                    await asyncio.sleep(0.05)
        finally:
            browser.stop()
            announcer.stop()
        return seen

    assert run(go, timeout=60) == [2, 1]
