"""What one seat (or a spectator) is sent on the wire: events, observations, results.

The events a seat is sent pass through game.engine.visibility, the rule the window uses too, and the
observation it decides from is game.engine.observation's, so the feed and the observation can never
disagree about what is hidden (docs/design.md, the network table).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.core.melds import KongKind, Meld
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.ruleset import PLAYER_COUNTS
from game.core.settlement import Ledger
from game.core.tiles import NUM_KINDS
from game.engine.actions import Action, ActionKind, make
from game.engine.events import Event, event_from_json
from game.engine.observation import Observation, observe
from game.engine.round import Round
from game.engine.visibility import SPECTATOR, visible
from game.net.wire.protocol import (
    LedgerLine,
    WireAction,
    WireMeld,
    WireObservation,
    WireResult,
    WireSeatResult,
    WireWin,
)

__all__ = ["SPECTATOR", "visible"]


def wire_events(events: Iterable[Event], seat: int) -> list[dict[str, Any]]:
    """The events `seat` may know of, as it may see them, in their JSON form."""
    out = []
    for e in events:
        shown = visible(e, seat)
        if shown is not None:
            out.append(shown.to_json())
    return out


def wire_observation(rnd: Round, seat: int) -> WireObservation:
    """`seat`'s observation of the round in its wire form (SPECTATOR has none)."""
    if not 0 <= seat <= 3:
        raise ValueError(f"a spectator has no observation (seat {seat})")
    return to_wire(observe(rnd, seat))


def to_wire(obs: Observation) -> WireObservation:
    """An Observation as its wire struct."""
    return WireObservation(
        seat=obs.seat,
        ruleset=obs.ruleset,
        hand_no=obs.hand_no,
        dealer=obs.dealer,
        streak=obs.streak,
        phase=obs.phase,
        turn=obs.turn,
        hand=list(obs.hand),
        drawn=obs.drawn,
        melds=[[_wire_meld(m) for m in ms] for ms in obs.melds],
        ponds=[list(p) for p in obs.ponds],
        hand_sizes=list(obs.hand_sizes),
        declared=list(obs.declared),
        wall_remaining=obs.wall_remaining,
        last_discard=obs.last_discard,
        rob_tile=obs.rob_tile,
        first_chicken=list(obs.first_chicken),
        first_chicken_claimed_by=list(obs.first_chicken_claimed_by),
        guoshui=obs.guoshui,
        baopai_pending=obs.baopai_pending,
        legal_actions=[wire_action(a) for a in obs.legal_actions],
    )


def wire_action(action: Action) -> WireAction:
    """An action as its wire struct."""
    return WireAction(action.kind.value, action.seat, action.tile, action.declare)


def action_of(kind: str, seat: int, tile: int | None, declare: bool) -> Action | None:
    """The engine's shared action for these fields, or None when no such action exists."""
    try:
        return make(ActionKind(kind), seat, tile, declare)
    except (KeyError, ValueError):
        return None


def _wire_meld(m: Meld) -> WireMeld:
    return WireMeld(m.tile, m.kong.value if m.kong is not None else None, m.source, m.late)


def from_wire(w: WireObservation) -> Observation:
    """The Observation an agent decides from, rebuilt from the wire; ValueError if it does not hang together."""
    n = len(w.melds)  # a seat a player (docs/rules.md §15.2), the same in every list
    if n not in PLAYER_COUNTS or not len(w.ponds) == len(w.hand_sizes) == len(w.declared) == n or w.seat >= n:
        raise ValueError("an observation lists a seat for each player, the same in every list")
    counts = [0] * NUM_KINDS
    for t in w.hand:
        counts[t] += 1
    legal: list[Action] = []
    for a in w.legal_actions:
        action = action_of(a.kind, a.seat, a.tile, a.declare)
        if action is None or a.seat != w.seat:
            raise ValueError(f"not an action of seat {w.seat}: {a}")
        legal.append(action)
    return Observation(
        w.seat,
        w.ruleset,
        w.hand_no,
        w.dealer,
        w.streak,
        w.phase,
        w.turn,
        tuple(sorted(w.hand)),
        tuple(counts),
        w.drawn,
        tuple(
            tuple(Meld(m.tile, KongKind(m.kong) if m.kong else None, m.source, m.late) for m in ms) for ms in w.melds
        ),
        tuple(tuple(p) for p in w.ponds),
        tuple(w.hand_sizes),
        tuple(w.declared),
        w.wall_remaining,
        tuple(w.last_discard) if w.last_discard is not None else None,  # type: ignore[arg-type]
        w.rob_tile,
        tuple((t, s) for t, s in w.first_chicken),
        tuple((t, s) for t, s in w.first_chicken_claimed_by),
        w.guoshui,
        w.baopai_pending,
        tuple(legal),
    )


def _meld(m: WireMeld) -> Meld:
    return Meld(m.tile, KongKind(m.kong) if m.kong is not None else None, m.source, m.late)


def parse_events(raw: list[dict[str, Any]]) -> list[Event]:
    """Events from their JSON form; ValueError naming the first that is not an event."""
    out: list[Event] = []
    for i, obj in enumerate(raw):
        try:
            out.append(event_from_json(obj))
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"event {i + 1} of the message: {exc}") from None
    return out


def ledger_lines(ledger: Ledger) -> list[LedgerLine]:
    """A hand's ledger on the wire (public: the hand is laid open by then)."""
    return [
        LedgerLine(i.payer, i.payee, i.fan, i.amount, i.rule, i.label_zh, i.label_en, list(i.tiles), i.on_behalf)
        for i in ledger.items
    ]


def wire_result(result: HandResult) -> WireResult:
    """An ended hand laid open, on the wire (public: sent only once the hand is over)."""
    win = result.win
    return WireResult(
        ruleset=result.ruleset,
        dealer=result.dealer,
        streak=result.streak,
        seats=[
            WireSeatResult(
                list(r.concealed), [_wire_meld(m) for m in r.melds], list(r.discards), r.declared_ready, r.ready
            )
            for r in result.seats
        ],
        win=None
        if win is None
        else WireWin(list(win.winners), win.tile, win.how.value, win.discarder, win.hot, win.first_turn),
        flip=result.flip,
        first_chicken=sorted(result.first_chicken.items()),
        first_chicken_claimed_by=sorted(result.first_chicken_claimed_by.items()),
        baopai=list(result.baopai),
        hot_kong=None if result.hot_kong is None else _wire_meld(result.hot_kong),
        robbed_kong=None if result.robbed_kong is None else _wire_meld(result.robbed_kong),
        weekday=result.weekday,
        dealer_followed=result.dealer_followed,
    )


def result_from_wire(w: WireResult) -> HandResult:
    """The HandResult the settlement screen reads, rebuilt from the wire; ValueError if it does not hang together."""
    if len(w.seats) not in PLAYER_COUNTS:
        raise ValueError(f"a hand's result lists a seat for each player, got {len(w.seats)}")
    seats = [
        SeatResult(tuple(r.concealed), tuple(_meld(m) for m in r.melds), tuple(r.discards), r.declared_ready, r.ready)
        for r in w.seats
    ]
    win = None
    if w.win is not None:
        if not w.win.winners:
            raise ValueError("a win with no winner")
        win = Win(tuple(w.win.winners), w.win.tile, WinHow(w.win.how), w.win.discarder, w.win.hot, w.win.first_turn)
    return HandResult(
        ruleset=w.ruleset,
        dealer=w.dealer,
        streak=w.streak,
        seats=tuple(seats),
        win=win,
        flip=w.flip,
        first_chicken=dict(w.first_chicken),
        first_chicken_claimed_by=dict(w.first_chicken_claimed_by),
        baopai=tuple(w.baopai),
        hot_kong=None if w.hot_kong is None else _meld(w.hot_kong),
        robbed_kong=None if w.robbed_kong is None else _meld(w.robbed_kong),
        weekday=w.weekday,
        dealer_followed=w.dealer_followed,
    )
