"""The wire format of a network table: versioned JSON messages as typed structs (docs/protocol.md).

Every message is one JSON object with a "type" field. Messages from a client are decoded
with a strict schema: an unknown field, a missing field, a wrong type or a value out of
range is refused before anything reaches the table. The host's own messages are decoded the
same way by the client, so a broken or foreign host is reported instead of crashing it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from game.net.wire.roomcode import CODE_PATTERN
from game.records.names import NAME_LIMIT, clean_name

__all__ = ["NAME_LIMIT", "clean_name"]  # kept here for the callers that read them from the protocol

GAME = "guiyang-mahjong"
PROTOCOL_VERSION = 6

# A client's message larger than this is refused with an error; the transport closes the
# connection outright past TRANSPORT_MAX (a client that sends megabytes is not playing).
MAX_CLIENT_MESSAGE = 64 * 1024
TRANSPORT_MAX = 1024 * 1024
# The host's messages: a whole hand's events in a snapshot stay far below this.
MAX_HOST_MESSAGE = 1024 * 1024

Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]  # at most four; a table of three or two has fewer (Welcome.players)
Players = Annotated[int, msgspec.Meta(ge=2, le=4)]  # the seats at the table (docs/rules.md §15.2)
SuitOrNone = Annotated[int, msgspec.Meta(ge=-1, le=2)]  # 定缺's suit: 0 m, 1 p, 2 s; -1 not named or not known
TileInt = Annotated[int, msgspec.Meta(ge=0, le=26)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=10**9)]
Name = Annotated[str, msgspec.Meta(max_length=64)]
Short = Annotated[str, msgspec.Meta(max_length=64)]
Token = Annotated[str, msgspec.Meta(max_length=128)]
RoomCode = Annotated[str, msgspec.Meta(pattern=CODE_PATTERN)]  # game.net.wire.roomcode: six of its alphabet
ActionKindName = Literal["discard", "concealed_kong", "added_kong", "win", "pung", "kong", "pass", "dingque"]


class Message(msgspec.Struct, forbid_unknown_fields=True, tag_field="type"):
    """Base of every message; the subclass's tag is its "type"."""


# ---------------------------------------------------------------- client -> host


class Hello(Message, tag="hello"):
    """The first message of a connection: who is asking to sit (or watch) at which table.

    `token` rejoins a seat held before; `after` is the last event number the client has,
    so the host sends only what came later (or a snapshot of the hand).
    """

    game: Short
    version: int
    code: RoomCode
    name: Name = ""
    token: Token | None = None
    seat: Seat | None = None
    watch: bool = False
    after: Seq = 0


class Act(Message, tag="act"):
    """A move for the client's own seat, made on the state after event `seq`."""

    seq: Seq
    seat: Seat
    kind: ActionKindName
    tile: TileInt | None = None
    declare: bool = False


class Ready(Message, tag="ready"):
    """The client has seen the settlement and is ready for the next hand."""


class Chat(Message, tag="chat"):
    """One of the table's quick phrases (game.net.wire.chat), by id."""

    phrase: Short


class Back(Message, tag="back"):
    """The player is back at the keys: the AI stops playing the seat for them (托管 ends)."""


class Shown(Message, tag="shown"):
    """The client shows every event up to `seq` and asks its player to decide: the seat's turn clock starts."""

    seq: Seq


class AutoPlay(Message, tag="tuoguan"):
    """The player turns 托管 on (the host's AI plays the seat) or off (the seat is theirs from the next decision)."""

    on: bool


class Ping(Message, tag="ping"):
    """Keeps a quiet connection alive and measures the round trip."""

    n: Seq = 0


ClientMessage = Hello | Act | Ready | Chat | Back | Shown | AutoPlay | Ping


# ---------------------------------------------------------------- host -> client


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """What everyone may know about a seat: who sits there and whether they are here."""

    name: Name
    kind: Literal["human", "ai"]
    level: Short
    connected: bool  # a person is connected to this seat now
    ai_playing: bool  # the AI plays the seat (an AI seat, an empty one, or a person who dropped)
    taken: bool  # a person holds the seat (connected or not)
    tuoguan: bool  # 托管: the player chose it, or the clock ran out twice in a row; the AI plays the seat


class WireAction(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One legal action, as the host lists them."""

    kind: ActionKindName
    seat: Seat
    tile: TileInt | None = None
    declare: bool = False


class WireMeld(msgspec.Struct, forbid_unknown_fields=True, frozen=True, array_like=True):
    """A meld on the table: [tile, kong kind or null, source seat or null, late]."""

    tile: TileInt
    kong: Literal["exposed", "concealed", "added"] | None
    source: Seat | None
    late: bool


class WireObservation(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A seat's Observation (game.engine.observation), field for field."""

    seat: Seat
    ruleset: Short
    hand_no: int
    dealer: Seat
    streak: int
    phase: Short
    turn: Seat
    hand: list[TileInt]
    drawn: TileInt | None
    melds: list[list[WireMeld]]
    ponds: list[list[TileInt]]
    hand_sizes: list[int]
    declared: list[bool]
    wall_remaining: int
    last_discard: tuple[Seat, TileInt, bool] | None
    rob_tile: TileInt | None
    first_chicken: list[tuple[TileInt, Seat]]
    first_chicken_claimed_by: list[tuple[TileInt, Seat]]
    guoshui: bool
    baopai_pending: bool
    legal_actions: list[WireAction]
    missing: list[SuitOrNone]  # 定缺 (docs/rules.md §15.3): another seat's suit is -1 until every seat has named


class WireLength(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """How long the match lasts: `n` hands, or `n` rounds (圈: every seat has dealt once)."""

    kind: Literal["hands", "rounds"]
    n: Annotated[int, msgspec.Meta(ge=1, le=999)]


# What starts the match: the host's say-so, every person's seat taken, or a resumed match's players back.
StartRule = Literal["host", "seats_taken", "players_back"]


class Welcome(Message, tag="welcome"):
    """Accepted: the seat (None for a spectator), the token to rejoin with, and the table."""

    version: int
    seat: Seat | None
    token: Token | None
    room: Name
    ruleset: Short
    players: Players  # the table's size: its seats are 0 to players - 1
    length: WireLength
    chat: bool
    turn_timer: float | None
    drop_wait: float
    takes_seat_next_hand: bool = False  # an empty seat joined mid-hand: the AI finishes this hand
    starts: StartRule = "host"


class Refused(Message, tag="refused"):
    """The hello was refused (wrong code or version, seat taken, bad token...); the host closes."""

    code: Short
    reason: str


class Error(Message, tag="error"):
    """One message was refused and changed nothing; `code` names the kind of fault."""

    code: Short
    reason: str


class Events(Message, tag="events"):
    """Events numbered `first`, `first+1`, ... as this seat may see them; `obs` when the seat must act."""

    first: Seq
    events: list[dict[str, Any]]
    obs: WireObservation | None = None


class Snapshot(Message, tag="snapshot"):
    """The hand in play from its start (events `first`...) and the seat's observation: after a gap."""

    first: Seq
    events: list[dict[str, Any]]
    scores: list[int]
    hands_done: int
    obs: WireObservation | None = None


class Status(Message, tag="status"):
    """Who is at the table, who is thinking, and the clock.

    `moving` names the seat whose turn it is; while claims on a discard are open it is empty
    and `claims` is true, because who may claim is not public.
    """

    seats: list[SeatInfo]
    started: bool
    hand: int  # the hand in play (or the last one), counted from 1
    length: WireLength
    hands_done: int
    rounds_done: int  # whole rounds (圈) played
    moving: list[Seat]
    claims: bool
    turn_left: float | None  # seconds left on the turn timer, if the host set one
    waiting_for: Seat | None  # a dropped seat the table is waiting for
    wait_left: float | None
    scores: list[int]


class LedgerLine(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One payment of a settled hand (game.core.settlement.LedgerItem)."""

    payer: Seat
    payee: Seat
    fan: int
    amount: int
    rule: Short
    label_zh: Short
    label_en: Short
    tiles: list[TileInt]
    on_behalf: Seat | None


class WireSeatResult(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One seat laid open at the end of a hand (game.core.result.SeatResult)."""

    concealed: list[TileInt]
    melds: list[WireMeld]
    discards: list[TileInt]
    declared_ready: bool
    ready: bool
    missing: SuitOrNone  # the suit named in 定缺 (public once the hand is over); -1 where none was named


class WireWin(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The winners and how they won (game.core.result.Win)."""

    winners: list[Seat]
    tile: TileInt
    how: Literal["self_draw", "after_kong", "discard", "rob_kong"]
    discarder: Seat | None
    hot: bool
    first_turn: bool


class WireResult(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The ended hand laid open (game.core.result.HandResult), field for field: what the settlement screen reads.

    Everything in it is public once the hand is over: the hands are the end-of-hand reveal, the
    melds and ponds were on the table, the turned tile was shown. Nothing of the wall is in it.
    """

    ruleset: Short
    dealer: Seat
    streak: Annotated[int, msgspec.Meta(ge=0, le=10**6)]
    seats: list[WireSeatResult]
    win: WireWin | None
    flip: TileInt | None
    first_chicken: list[tuple[TileInt, Seat]]
    first_chicken_claimed_by: list[tuple[TileInt, Seat]]
    baopai: list[Seat]
    hot_kong: WireMeld | None
    robbed_kong: WireMeld | None
    weekday: Annotated[int, msgspec.Meta(ge=1, le=7)] | None
    dealer_followed: bool


class Settled(Message, tag="settled"):
    """The settlement of hand `hand`: the hand laid open and every payment; public once the hand is over."""

    hand: int
    items: list[LedgerLine]
    nets: list[int]
    scores: list[int]
    result: WireResult


class ChatShown(Message, tag="chat_shown"):
    """A seat said a quick phrase."""

    seat: Seat
    phrase: Short


class Pong(Message, tag="pong"):
    """The answer to a ping."""

    n: Seq


class Closing(Message, tag="closing"):
    """The host is closing the table (its player left): no reconnecting; a saved table may be opened again."""

    code: Short  # "host_left"
    reason: str


class MatchOver(Message, tag="match_over"):
    """The last hand is settled: final scores."""

    scores: list[int]
    hands: int


# Faults after which the connection is closed rather than answered: a sender of these is broken or
# hostile, and what else it sends cannot be trusted to read either. The close code for each (RFC 6455).
FATAL_FAULTS = {"too_deep": 1008, "bad_utf8": 1007}

HostMessage = Welcome | Refused | Error | Events | Snapshot | Status | Settled | ChatShown | Pong | MatchOver | Closing

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)


class ProtocolError(ValueError):
    """A message that is not valid; the text names what is wrong and where."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def encode(msg: Message) -> bytes:
    """The message as JSON bytes."""
    return _encoder.encode(msg)


# How an encoded Status begins (msgspec writes the tag first): the host paces these by their first bytes.
STATUS_PREFIX = b'{"type":"status"'


def is_status(data: bytes) -> bool:
    """True when `data` is an encoded Status."""
    return data.startswith(STATUS_PREFIX)


def _decode(data: bytes | str, decoder: msgspec.json.Decoder[Any], limit: int) -> Any:
    try:
        raw = data.encode("utf-8") if isinstance(data, str) else data
    except UnicodeEncodeError as exc:
        raise ProtocolError("bad_utf8", f"not UTF-8 text ({exc.reason})") from None
    if len(raw) > limit:
        raise ProtocolError("too_large", f"message of {len(raw)} bytes; the limit is {limit}")
    try:
        if not isinstance(data, str):
            raw.decode("utf-8")  # a binary frame: the transport checks the UTF-8 of text frames only
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise ProtocolError("invalid", f"message refused: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ProtocolError("not_json", f"not a JSON message: {exc}") from None
    except RecursionError:
        raise ProtocolError("too_deep", "JSON nested too deep to read") from None
    except UnicodeDecodeError as exc:
        raise ProtocolError("bad_utf8", f"not UTF-8 text ({exc.reason})") from None


def decode_client(data: bytes | str) -> ClientMessage:
    """A client's message, checked against the schema; ProtocolError says what is wrong."""
    msg: ClientMessage = _decode(data, _client_decoder, MAX_CLIENT_MESSAGE)
    return msg


def decode_host(data: bytes | str) -> HostMessage:
    """A host's message, checked against the schema; ProtocolError says what is wrong."""
    msg: HostMessage = _decode(data, _host_decoder, MAX_HOST_MESSAGE)
    return msg
