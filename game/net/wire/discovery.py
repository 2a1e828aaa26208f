"""Finding tables on the local network: mDNS / DNS-SD with zeroconf.

A host announces `_guiyang-mahjong._tcp.local.` with its port, addresses, protocol version,
room name, ruleset, the table's size (its players) and free seats; the join screen lists what it
finds. The announcement never carries the room code: finding a table is not joining it
(docs/design.md). What comes in from the network is parsed defensively; a record that does not
read is skipped.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf, current_time_millis
from zeroconf._dns import DNSQuestion
from zeroconf._protocol.outgoing import DNSOutgoing
from zeroconf.const import _CLASS_IN, _FLAGS_QR_QUERY, _TYPE_SRV, _TYPE_TXT

from game.core.ruleset import MAX_PLAYERS, PLAYER_COUNTS
from game.net.wire.protocol import GAME, PROTOCOL_VERSION, clean_name

log = logging.getLogger(__name__)

MIN_PLAYERS = min(PLAYER_COUNTS)

SERVICE_TYPE = "_guiyang-mahjong._tcp.local."
# How long a table's records live in a browser's cache. The mDNS defaults (two minutes, 75 for the
# text) keep a host that vanished without its goodbye (a killed window) listed for minutes; a live
# host answers the browser's refresh queries well before this runs out.
ANNOUNCE_TTL = 10
# A table whose records have run out is still listed this long (a refresh answer may be on its way),
# then dropped: a closed host leaves the list within ANNOUNCE_TTL + STALE_AFTER seconds at most.
STALE_AFTER = 4.0
# How often a listed table's records are read again, and its host asked again once they are half run out.
# The browser itself never asks: zeroconf keeps the list's pointer record for at least 1125 s whatever the
# host says, so without these questions a live table's records would run out after ANNOUNCE_TTL seconds.
REFRESH_EVERY = 1.0


@dataclass(frozen=True)
class TableAd:
    """A table found on the network."""

    name: str  # the service instance name (unique on the network)
    room: str
    host: str  # an address to connect to
    port: int
    version: int
    ruleset: str
    free: int  # seats for a person not yet taken
    players: int = 4  # the table's size: four, three (三丁拐) or two (二丁拐), docs/rules.md §15.2

    @property
    def url(self) -> str:
        """The address to join."""
        return f"ws://{self.host}:{self.port}"


def service_info(
    room: str,
    port: int,
    addresses: list[str],
    ruleset: str,
    free: int,
    instance: str | None = None,
    players: int = 4,
) -> ServiceInfo:
    """The DNS-SD record a host announces (no room code in it); `players` is the table's size."""
    players = max(MIN_PLAYERS, min(MAX_PLAYERS, players))
    label = instance or f"{clean_name(room) or 'table'} {port}"
    label = label.replace(".", " ")[:60]
    props = {
        "game": GAME,
        "v": str(PROTOCOL_VERSION),
        "room": clean_name(room),
        "ruleset": ruleset[:40],
        "free": str(max(0, min(players, free))),
        "players": str(players),
    }
    return ServiceInfo(
        SERVICE_TYPE,
        f"{label}.{SERVICE_TYPE}",
        port=port,
        properties=props,
        parsed_addresses=addresses,
        server=f"{socket.gethostname().split('.')[0][:40] or 'host'}.local.",
        host_ttl=ANNOUNCE_TTL,
        other_ttl=ANNOUNCE_TTL,
    )


def with_free(info: ServiceInfo, free: int) -> ServiceInfo:
    """The same record (its name as registered) saying `free` seats for a person instead."""
    props = {k: v for k, v in (info.properties or {}).items() if k not in (b"free", "free")}
    props[b"free"] = str(max(0, min(4, free))).encode("ascii")
    return ServiceInfo(
        info.type,
        info.name,
        port=info.port,
        properties=props,
        addresses=info.addresses,
        server=info.server,
        host_ttl=info.host_ttl,
        other_ttl=info.other_ttl,
    )


def announced_free(info: ServiceInfo) -> int:
    """The free seats a record says (0 when it does not say)."""
    try:
        return max(0, min(4, int(_text(info.properties or {}, "free") or "0")))
    except ValueError:
        return 0


def _text(props: dict[Any, Any], key: str) -> str:
    raw = props.get(key.encode("utf-8"))
    if raw is None:
        raw = props.get(key)
    if isinstance(raw, bytes):
        return raw.decode("utf-8", "replace")
    return raw if isinstance(raw, str) else ""


def parse_info(info: ServiceInfo) -> TableAd | None:
    """The table a record describes, or None when it is not one of ours or does not read."""
    try:
        props = info.properties or {}
        if _text(props, "game") != GAME:
            return None
        version = int(_text(props, "v") or "0")
        free = int(_text(props, "free") or "0")
        # A host from before tables of three and two says no size: its table seats four.
        players = max(MIN_PLAYERS, min(MAX_PLAYERS, int(_text(props, "players") or str(MAX_PLAYERS))))
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses or info.port is None or not 0 < int(info.port) < 65536:
            return None
        name = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith(SERVICE_TYPE) else info.name
        return TableAd(
            name=name[:64],
            room=clean_name(_text(props, "room")) or name[:16],
            host=addresses[0],
            port=int(info.port),
            version=version,
            ruleset=_text(props, "ruleset")[:40],
            free=max(0, min(players, free)),
            players=players,
        )
    except (ValueError, TypeError, UnicodeError) as exc:
        log.debug("skipping a table record that does not read: %s", exc)
        return None


def _cached_ad(zc: Zeroconf, name: str, now: float) -> TableAd | None:
    """The table `name` as zeroconf's cache holds it now, its text the one heard last: an older text the
    newer one flushed lingers a second (and an expired one until the cache is swept), and zeroconf's own
    reading may take either."""
    base = ServiceInfo(SERVICE_TYPE, name)
    base.load_from_cache(zc, now)  # the address, port and server (it says False when an old text lingers)
    texts = [r for r in zc.cache.async_all_by_details(name, _TYPE_TXT, _CLASS_IN) if not r.is_expired(now)]
    if not texts or not base.addresses or base.port is None:
        return None
    newest = max(texts, key=lambda r: r.get_remaining_ttl(now))  # the one heard last lives longest
    text = getattr(newest, "text", None)
    if not isinstance(text, bytes):
        return None
    info = ServiceInfo(
        SERVICE_TYPE, name, port=base.port, properties=text, addresses=base.addresses, server=base.server
    )
    return parse_info(info)


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    """A Zeroconf on an event loop thread of its own. Made on a thread that runs an event loop (the command
    line's host announces from its loop), zeroconf would take that loop, and each of its blocking calls
    would then wait for the loop it blocks; so there it is made on a helper thread."""

    def make() -> Zeroconf:
        return Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return make()
    made: list[Zeroconf] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            made.append(make())
        except BaseException as exc:  # handed to the caller, as if made here
            failed.append(exc)

    helper = threading.Thread(target=run, name="zeroconf-start")
    helper.start()
    helper.join()
    if failed:
        raise failed[0]
    return made[0]


class Announcer:
    """Announces a host's table while it is open."""

    def __init__(self, info: ServiceInfo, interfaces: list[str] | None = None) -> None:
        self.info = info
        self.interfaces = interfaces
        self.zc: Zeroconf | None = None
        self._lock = threading.Lock()  # `follow` runs on the host's thread, `stop` on the window's

    def start(self) -> None:
        """Register the service (OSError when the network will not have it: the table still works by address)."""
        self.zc = _zeroconf(self.interfaces)
        self.zc.register_service(self.info, allow_name_change=True)
        # A window closed with its table open still says goodbye, so the browsers drop it at once.
        atexit.register(self.stop)

    def update(self, info: ServiceInfo) -> None:
        """Announce new details (seats taken), waiting until they have gone out."""
        if self.zc is not None:
            self.info = info
            self.zc.update_service(info)

    def follow(self, free: int) -> None:
        """Announce `free` seats for a person from now on, when that is news; it returns at once (the host's
        event loop calls it as seats are taken and left), the records going out on zeroconf's own thread."""
        with self._lock:
            zc = self.zc
            if zc is None or zc.loop is None or announced_free(self.info) == max(0, min(4, free)):
                return
            self.info = with_free(self.info, free)
            asyncio.run_coroutine_threadsafe(zc.async_update_service(self.info), zc.loop)

    def stop(self) -> None:
        """Withdraw the announcement."""
        atexit.unregister(self.stop)
        with self._lock:
            zc, self.zc = self.zc, None
        if zc is not None:
            try:
                zc.unregister_service(self.info)
            finally:
                zc.close()


class Browser:
    """Finds tables: `tables()` is what is heard of now; runs in zeroconf's own thread."""

    def __init__(
        self,
        on_change: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        stale_after: float = STALE_AFTER,
        interfaces: list[str] | None = None,
    ) -> None:
        self.interfaces = interfaces  # None: every interface
        self._found: dict[str, TableAd] = {}
        self._heard_at: dict[str, float] = {}  # when each table's records were last known to be live
        self.clock = clock
        self.stale_after = stale_after
        self._lock = threading.Lock()
        self.on_change = on_change
        self.zc: Zeroconf | None = None
        self.browser: ServiceBrowser | None = None
        self._looked_at: dict[str, float] = {}  # when each table's records were last read again

    def start(self) -> None:
        """Start looking (OSError if multicast is not available)."""
        self.zc = _zeroconf(self.interfaces)
        self.browser = ServiceBrowser(self.zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
                self._heard_at.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
            ad = parse_info(info) if info is not None else None
            with self._lock:
                if ad is None:
                    self._found.pop(name, None)
                    self._heard_at.pop(name, None)
                else:
                    self._found[name] = ad
                    self._heard_at[name] = self.clock()
        if self.on_change is not None:
            self.on_change()

    def heard(self, name: str) -> bool:
        """True while the cache holds a live record of the table `name` (its host answers the refreshes)."""
        zc = self.zc
        if zc is None:
            return False
        now = current_time_millis()  # zeroconf's own clock, the one its records expire by
        return any(not r.is_expired(now) for r in zc.cache.get_all_by_details(name, _TYPE_SRV, _CLASS_IN))

    def tables(self) -> list[TableAd]:
        """The tables heard of lately, by room name: one not heard of for `stale_after` seconds is dropped."""
        now = self.clock()
        with self._lock:
            for name in list(self._found):
                if self.heard(name):
                    self._heard_at[name] = now
                elif now - self._heard_at.get(name, now) > self.stale_after:
                    # Its records ran out with no goodbye (a host killed or cut off): no longer there.
                    del self._found[name]
                    self._heard_at.pop(name, None)
                    continue
                zc = self.zc
                if zc is not None and zc.loop is not None and now - self._looked_at.get(name, -1e9) >= REFRESH_EVERY:
                    self._looked_at[name] = now
                    zc.loop.call_soon_threadsafe(self._look_again, zc, name)
            return sorted(self._found.values(), key=lambda t: (t.room, t.url))

    def _look_again(self, zc: Zeroconf, name: str) -> None:
        """On zeroconf's loop: ask the table's host again when its records are half run out (a live host
        answers, a closed one does not), and read its record from the cache again: a count of free seats
        back to one said before is no news to zeroconf's browser, which tells no change then."""
        now = current_time_millis()
        left = [r.get_remaining_ttl(now) for r in zc.cache.async_all_by_details(name, _TYPE_SRV, _CLASS_IN)]
        if not left or max(left) < ANNOUNCE_TTL / 2:
            ask = DNSOutgoing(_FLAGS_QR_QUERY)
            ask.add_question(DNSQuestion(name, _TYPE_SRV, _CLASS_IN))
            ask.add_question(DNSQuestion(name, _TYPE_TXT, _CLASS_IN))
            zc.async_send(ask)
        ad = _cached_ad(zc, name, now)
        with self._lock:
            changed = ad is not None and name in self._found and self._found[name] != ad
            if changed and ad is not None:
                self._found[name] = ad
        if changed and self.on_change is not None:
            self.on_change()

    def stop(self) -> None:
        """Stop looking."""
        if self.browser is not None:
            self.browser.cancel()
        if self.zc is not None:
            self.zc.close()
        self.browser, self.zc = None, None
