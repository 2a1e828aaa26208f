"""Finding tables: a closed host's table leaves the list in seconds, with or without its goodbye.

Nothing is multicast: the browser is handed the record a host announces, as zeroconf's thread would.
"""

from __future__ import annotations

from zeroconf import ServiceInfo, ServiceStateChange

from game.net.wire.discovery import SERVICE_TYPE, Browser, service_info


class OneRecord:
    """Stands in for zeroconf: it answers with the one record a host announced."""

    def __init__(self, info: ServiceInfo) -> None:
        self.info = info

    def get_service_info(self, service_type: str, name: str, timeout: int = 0) -> ServiceInfo:
        return self.info


class Quiet(Browser):
    """A browser whose host stopped answering: its records are no longer live."""

    live = True

    def heard(self, name: str) -> bool:
        return self.live


def test_a_host_that_stops_answering_leaves_the_list_within_seconds() -> None:
    now = [0.0]
    info = service_info("阿强的桌", 7530, ["127.0.0.1"], "guiyang-classic", 1)
    browser = Quiet(clock=lambda: now[0])
    browser._changed(OneRecord(info), SERVICE_TYPE, info.name, ServiceStateChange.Added)  # type: ignore[arg-type]
    assert [a.room for a in browser.tables()] == ["阿强的桌"]
    now[0] = 30.0
    assert browser.tables(), "a host that answers stays listed"
    browser.live = False  # the window was killed: no goodbye, no answer
    now[0] = 31.0
    assert browser.tables()
    now[0] = 30.0 + browser.stale_after + 0.5
    assert browser.tables() == []


def test_a_hosts_records_run_out_in_seconds() -> None:
    """What a host announces lives seconds in a cache, not mDNS's default minutes."""
    info = service_info("阿强的桌", 7530, ["127.0.0.1"], "guiyang-classic", 1)
    browser = Browser()
    assert info.host_ttl + browser.stale_after <= 15
    assert info.other_ttl + browser.stale_after <= 15
