"""The addresses a host can be reached at, to print and to announce; found without sending anything."""

from __future__ import annotations

import ipaddress

import ifaddr


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback and link-local, private ones first."""
    found: list[ipaddress.IPv4Address] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6 comes as a tuple
            addr = ipaddress.IPv4Address(ip.ip)
            if addr.is_loopback or addr.is_link_local or addr.is_unspecified:
                continue
            if addr not in found:
                found.append(addr)
    found.sort(key=lambda a: (not a.is_private, str(a)))
    return [str(a) for a in found]


def table_urls(bind: str, port: int) -> list[str]:
    """The ws:// addresses to give to the players: the bound address, or each LAN address when bound to all."""
    everywhere = bind in ("", "0.0.0.0", "::")
    hosts = (lan_addresses() or ["127.0.0.1"]) if everywhere else [bind]
    return [f"ws://{h}:{port}" for h in hosts]
