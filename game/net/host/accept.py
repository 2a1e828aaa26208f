"""The host's listening socket, calm when the process runs out of files or memory.

When accept() fails for want of a resource (EMFILE, ENFILE, ENOBUFS, ENOMEM), asyncio stops
listening for a second and tries again, but it also goes on trying for the rest of its batch of
accepts, each failure logged with its traceback and each scheduling another retry: a host full
of idle sockets spent most of a core writing megabytes of log a second. This socket fails once
per batch (the rest of it is told there is nothing to accept), so asyncio's one-second pause is
the only retry; the trouble is logged in one line when it starts and one when it is over, and
asyncio's own report of it is left out of the log.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import time
from typing import Any

log = logging.getLogger(__name__)

RESOURCE_ERRNOS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
QUIET = 0.5  # seconds after a failure when accept() does not try again (asyncio waits a second)


class CalmListener(socket.socket):
    """A listening socket whose accept() reports running out of resources once, not once per try."""

    def __init__(self, family: int, type_: int, proto: int) -> None:
        super().__init__(family, type_, proto)
        self.starved = False
        self.quiet_until = 0.0

    def accept(self) -> tuple[socket.socket, Any]:
        """socket.accept(); after a failure for want of resources, "nothing to accept" for a moment."""
        now = time.monotonic()
        if now < self.quiet_until:
            raise BlockingIOError(errno.EAGAIN, "pausing after running out of resources")
        try:
            pair = super().accept()
        except OSError as exc:
            if exc.errno in RESOURCE_ERRNOS:
                self.quiet_until = now + QUIET
                if not self.starved:
                    self.starved = True
                    log.warning("cannot take new connections (%s); trying again every second", exc.strerror)
            raise
        if self.starved:
            self.starved = False
            log.warning("taking new connections again")
        return pair


def listen(bind: str, port: int, backlog: int = 100) -> CalmListener:
    """A CalmListener bound to `bind:port` and listening (OSError when the address or port cannot be had)."""
    family, type_, proto, _name, addr = socket.getaddrinfo(
        bind or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = CalmListener(family, type_, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(backlog)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Leave asyncio's report of a failed accept for want of resources out of the log (CalmListener says it)."""
    previous = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in RESOURCE_ERRNOS and "accept" in str(context.get("message")):
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)
