"""TLS for a table reached past the local network: the host's certificate, and a client's trust in it."""

from __future__ import annotations

import ssl
from pathlib import Path


def server_context(cert: Path | str, key: Path | str) -> ssl.SSLContext:
    """The host's TLS context from the operator's certificate (chain) and key files (OSError/SSLError if unreadable)."""
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(str(cert), str(key))
    return ctx


def client_context(url: str, cafile: Path | str | None = None) -> ssl.SSLContext | None:
    """The client's TLS context for a wss:// URL (the system's trust, or only `cafile`); None for ws://."""
    if not url.startswith("wss://"):
        return None
    # A given file replaces the system's authorities: a self-signed host is trusted for itself only.
    return ssl.create_default_context(cafile=str(cafile) if cafile is not None else None)
