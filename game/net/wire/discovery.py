"""Finding tables on the local network: mDNS / DNS-SD with zeroconf.

A host announces `_guiyang-mahjong._tcp.local.` with its port, addresses, protocol version,
room name, ruleset, the table's size (its players) and free seats; the join screen lists what it
finds. The announcement never carries the room code: finding a table is not joining it
(docs/design.md). What comes in from the network is parsed defensively; a record that does not
read is skipped.
"""

from __future__ import annotations

import atexit
import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf, current_time_millis
from zeroconf.const import _CLASS_IN, _TYPE_SRV

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


class Announcer:
    """Announces a host's table while it is open."""

    def __init__(self, info: ServiceInfo, interfaces: list[str] | None = None) -> None:
        self.info = info
        self.interfaces = interfaces
        self.zc: Zeroconf | None = None

    def start(self) -> None:
        """Register the service (OSError when the network will not have it: the table still works by address)."""
        self.zc = Zeroconf(interfaces=self.interfaces) if self.interfaces else Zeroconf()
        self.zc.register_service(self.info, allow_name_change=True)
        # A window closed with its table open still says goodbye, so the browsers drop it at once.
        atexit.register(self.stop)

    def update(self, info: ServiceInfo) -> None:
        """Announce new details (seats taken)."""
        if self.zc is not None:
            self.info = info
            self.zc.update_service(info)

    def stop(self) -> None:
        """Withdraw the announcement."""
        atexit.unregister(self.stop)
        if self.zc is not None:
            try:
                self.zc.unregister_service(self.info)
            finally:
                self.zc.close()
                self.zc = None


class Browser:
    """Finds tables: `tables()` is what is heard of now; runs in zeroconf's own thread."""

    def __init__(
        self,
        on_change: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        stale_after: float = STALE_AFTER,
    ) -> None:
        self._found: dict[str, TableAd] = {}
        self._heard_at: dict[str, float] = {}  # when each table's records were last known to be live
        self.clock = clock
        self.stale_after = stale_after
        self._lock = threading.Lock()
        self.on_change = on_change
        self.zc: Zeroconf | None = None
        self.browser: ServiceBrowser | None = None

    def start(self) -> None:
        """Start looking (OSError if multicast is not available)."""
        self.zc = Zeroconf()
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
            return sorted(self._found.values(), key=lambda t: (t.room, t.url))

    def stop(self) -> None:
        """Stop looking."""
        if self.browser is not None:
            self.browser.cancel()
        if self.zc is not None:
            self.zc.close()
        self.browser, self.zc = None, None
