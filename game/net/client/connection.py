"""The client's side of a network table: connect, keep the seat's view, act, and come back after a drop.

`NetClient` holds what the seat knows (every event it was sent, numbered as the host numbers
them, its observation when it must act, the table's status) and reconnects with its token
after a lost connection, asking for the events after the last one it has. It knows nothing
of the screen: the headless `join` command drives it with an agent, and the pygame client runs
it in a thread of its own (game.net.client.thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine.actions import Action, ActionKind
from game.match.agents import Agent
from game.net.wire import protocol as P
from game.net.wire.tls import client_context
from game.net.wire.view import from_wire, parse_events

log = logging.getLogger(__name__)


class JoinRefused(Exception):
    """The host refused to seat us (wrong code, wrong version, seat taken...); `code` says which."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class ClientState:
    """Everything the seat has been told."""

    seat: int | None = None
    token: str | None = None
    welcome: P.Welcome | None = None
    events: list[dict[str, Any] | None] = field(default_factory=list)  # event n is events[n-1]
    hand_start: int = 0  # index of the first event of the hand in play
    obs: P.WireObservation | None = None
    status: P.Status | None = None
    settled: list[P.Settled] = field(default_factory=list)
    chat: list[P.ChatShown] = field(default_factory=list)
    errors: list[P.Error] = field(default_factory=list)
    over: P.MatchOver | None = None
    closing: P.Closing | None = None  # the host said it is closing the table: no reconnecting
    snapshots: int = 0

    @property
    def last(self) -> int:
        """The number of the last event held."""
        return len(self.events)

    def hand_events(self) -> list[dict[str, Any]]:
        """The hand in play's events so far (as this seat sees them)."""
        return [e for e in self.events[self.hand_start :] if e is not None]


Listener = Callable[[P.HostMessage], None]


class NetClient:
    """One seat (or a spectator) at a network table."""

    def __init__(
        self,
        url: str,
        code: str,
        name: str = "",
        watch: bool = False,
        seat: int | None = None,
        token: str | None = None,
        reconnect_for: float = 60.0,
        cafile: Path | str | None = None,
    ) -> None:
        self.url = url
        self.tls = client_context(url, cafile)  # checked once: a bad CA file fails here, not at each reconnect
        self.code = code
        self.name = name
        self.watch = watch
        self.want_seat = seat
        self.state = ClientState(token=token)
        self.reconnect_for = reconnect_for
        self.ws: ClientConnection | None = None
        self.listeners: list[Listener] = []
        self.received = 0
        self.closed_by_us = False
        self.resync = False  # a hole in the events: rejoin to have it filled

    # ------------------------------------------------------------------ connection

    def hello(self) -> P.Hello:
        """The hello for a first join or a rejoin."""
        return P.Hello(
            P.GAME,
            P.PROTOCOL_VERSION,
            self.code,
            self.name,
            self.state.token,
            self.state.seat if self.state.seat is not None else self.want_seat,
            self.watch,
            self.state.last,
        )

    async def connect(self) -> P.Welcome:
        """Open the connection and join; JoinRefused when the host says no, OSError when it cannot be reached."""
        try:
            ws = await connect(self.url, max_size=P.MAX_HOST_MESSAGE, compression=None, open_timeout=5, ssl=self.tls)
        except ssl.SSLCertVerificationError as exc:
            raise OSError(
                f"{self.url}: the host's certificate is not trusted ({exc.verify_message}); "
                "a self-signed host needs its certificate given as the CA file"
            ) from None
        except (InvalidURI, InvalidHandshake) as exc:
            raise OSError(f"{self.url}: {exc}") from None
        self.ws = ws
        try:
            await ws.send(P.encode(self.hello()).decode("utf-8"))
        except ConnectionClosed as exc:
            # Closed at once (a full door says "try again later"): the same as a failed connect.
            why = exc.rcvd.reason if exc.rcvd else ""
            raise OSError(f"{self.url}: the host closed the connection ({why})") from None
        while True:
            msg = await self.next_message()
            if isinstance(msg, P.Refused | P.Error):
                # An error in answer to the hello (a code of the wrong form, say) is a refusal too.
                await ws.close()
                raise JoinRefused(msg.code, msg.reason)
            if isinstance(msg, P.Welcome):
                return msg

    async def next_message(self) -> P.HostMessage | None:
        """Receive one message and fold it into the state (None if it did not read); OSError when closed."""
        if self.ws is None:
            raise OSError("not connected")
        try:
            raw = await self.ws.recv()
        except ConnectionClosed as exc:
            why = exc.rcvd.reason if exc.rcvd else ""
            raise OSError(f"{self.url}: the host closed the connection ({why})") from None
        msg = self._decode(raw)
        if msg is not None:
            self._take(msg)
        return msg

    async def run(self, on_message: Listener | None = None) -> None:
        """Receive until the match is over; reconnect with the token after a drop, for up to `reconnect_for` s."""
        if on_message is not None:
            self.listeners.append(on_message)
        while self.state.over is None and self.state.closing is None and not self.closed_by_us:
            if self.ws is None:
                await self._reconnect()
            ws = self.ws
            assert ws is not None
            try:
                async for raw in ws:
                    msg = self._decode(raw)
                    if msg is None:
                        continue
                    self._take(msg)
                    for listener in list(self.listeners):
                        listener(msg)
                    if isinstance(msg, P.Refused):
                        raise JoinRefused(msg.code, msg.reason)
                    if self.finished() or self.state.closing is not None:
                        break
                    if self.resync:
                        self.resync = False
                        await ws.close()
                        break
            except ConnectionClosed:
                pass
            self.ws = None

    async def _reconnect(self) -> None:
        deadline = time.monotonic() + self.reconnect_for
        delay = 0.1
        while True:
            try:
                await self.connect()
                return
            except JoinRefused:
                raise
            except OSError as exc:
                if time.monotonic() + delay > deadline:
                    raise OSError(f"lost the table at {self.url} and could not get back: {exc}") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def close(self) -> None:
        """Leave the table (the seat stays ours: the token rejoins it)."""
        self.closed_by_us = True
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.close()

    async def send(self, msg: P.Message) -> None:
        """Send one message; a lost connection is left to run() to repair."""
        if self.ws is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(P.encode(msg).decode("utf-8"))

    async def act(self, action: Action) -> None:
        """Send a move for our seat, made on the state after our last event."""
        tile = action.tile
        await self.send(P.Act(self.state.last, action.seat, action.kind.value, tile, action.declare))

    # ------------------------------------------------------------------ messages

    def _decode(self, raw: str | bytes) -> P.HostMessage | None:
        self.received += 1
        try:
            return P.decode_host(raw)
        except P.ProtocolError as exc:
            log.warning("the host sent a message this client cannot read: %s", exc.reason)
            return None

    def _take(self, msg: P.HostMessage) -> None:
        """Fold a message into the state."""
        st = self.state
        if isinstance(msg, P.Welcome):
            st.welcome, st.seat = msg, msg.seat
            if msg.token is not None:
                st.token = msg.token
        elif isinstance(msg, P.Events):
            if msg.first > st.last + 1:
                # A hole: should not happen on one connection; start over from what we have.
                log.warning("events from %d, but the last held is %d; rejoining", msg.first, st.last)
                self.resync = True
                return
            skip = st.last + 1 - msg.first  # events already held (a resend after a rejoin)
            for ev in msg.events[skip:]:
                if ev.get("type") == "hand_started":
                    st.hand_start = len(st.events)
                st.events.append(ev)
            st.obs = msg.obs
        elif isinstance(msg, P.Snapshot):
            st.snapshots += 1
            del st.events[msg.first - 1 :]
            while len(st.events) < msg.first - 1:
                st.events.append(None)  # before the hand: not sent, not needed
            st.hand_start = len(st.events)
            st.events.extend(msg.events)
            st.obs = msg.obs
        elif isinstance(msg, P.Status):
            st.status = msg
        elif isinstance(msg, P.Settled):
            st.settled.append(msg)
        elif isinstance(msg, P.ChatShown):
            st.chat.append(msg)
        elif isinstance(msg, P.Error):
            st.errors.append(msg)
        elif isinstance(msg, P.MatchOver):
            st.over = msg
        elif isinstance(msg, P.Closing):
            st.closing = msg

    def finished(self) -> bool:
        """True once the host said the match is over."""
        return self.state.over is not None

    def must_act(self) -> bool:
        """True when the host has asked this seat for a move it has not answered."""
        obs = self.state.obs
        return obs is not None and bool(obs.legal_actions)


async def autoplay(client: NetClient, agent: Agent, on_message: Listener | None = None) -> P.MatchOver:
    """Play the seat with `agent` until the match is over: answer each observation, ready after each hand.

    OSError when the host closes the table before the end (or cannot be got back)."""
    pending: asyncio.Queue[P.HostMessage | None] = asyncio.Queue()

    def listen(msg: P.HostMessage) -> None:
        if on_message is not None:
            on_message(msg)
        if isinstance(msg, P.Events | P.Snapshot | P.Settled):
            pending.put_nowait(msg)

    named: set[int] = set()  # the hands whose 定缺 suit we have named

    async def player() -> None:
        while True:
            msg = await pending.get()
            st = client.state
            if isinstance(msg, P.Settled):
                await client.send(P.Ready())
            if st.obs is not None and st.obs.legal_actions:
                if asked_again(st.obs, named):
                    st.obs = None
                    continue
                obs = from_wire(st.obs, st.welcome.players if st.welcome is not None else None)
                st.obs = None  # answered: wait for the next one
                action = agent.choose(obs)
                if action.kind is ActionKind.DINGQUE:
                    named.add(obs.hand_no)
                await client.act(action)

    task = asyncio.create_task(player())
    if client.state.welcome is not None:
        pending.put_nowait(None)  # the catch-up that came with the welcome may already ask for a move
    try:
        await client.run(listen)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    if client.state.over is None:
        raise OSError(f"{client.url}: the host closed the table before the match was over")
    return client.state.over


def asked_again(obs: P.WireObservation, named: set[int]) -> bool:
    """True for a 定缺 question of a hand whose suit we have named already (docs/rules.md §15.3): another seat named
    its own before ours reached the host, and the host asked again with the same choices; ours still stands."""
    return obs.phase == "dingque" and obs.hand_no in named


def events_of(st: ClientState) -> list[Any]:
    """The held events as engine events (None where a snapshot skipped the earlier hands)."""
    return [None if e is None else parse_events([e])[0] for e in st.events]
