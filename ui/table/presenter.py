"""The presenter: turns the engine's events into animations, one beat per event, and moves the model on.

Events wait in a queue. Each starts when the beat before it is over: the model takes the event
at once and actors (flying tiles, callouts, dice) play it out; a landing place stays empty until
its tile arrives. Every duration is multiplied by the speed factor, so at 0 (instant) a beat
ends the moment it starts. `skip()` plays everything queued to its end at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

import pygame

from game.core.ruleset import Ruleset
from game.core.settlement.chickens import chicken_tiles
from game.engine.events import (
    Claimed,
    DealerChosen,
    DiceRolled,
    Event,
    HandEnded,
    HandSettled,
    HandStarted,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TileFlipped,
    TilesDealt,
    WallBroken,
    WallBuilt,
    WallExhausted,
    WinPassed,
)
from ui.look.layout import Layout
from ui.stage.tween import Point, Tween, ease_out_cubic
from ui.table import beats as B
from ui.table.actors import (
    Actor,
    Banner,
    Callout,
    DiceRoll,
    Flight,
    Pulse,
    WallRise,
    callout_frames,
    chip_picture,
)
from ui.table.geometry import Slot, pond_slot, wall_slot
from ui.table.model import HIDDEN, TableModel
from ui.table.pictures import tile_picture
from ui.table.placement import (
    banner_for,
    break_caption,
    callout_point,
    centred,
    chip_size,
    dice_area,
    dice_size,
    new_indices,
    wall_gap_px,
)
from ui.table.rack_view import geometry_for
from ui.table.seat_words import seat_label
from ui.table.wall_view import wall_side_picture
from ui.words import strings as S


class Presenter:
    """Plays events onto a TableModel as beats of animation."""

    def _seat_label(self, seat: int) -> str:
        """A table seat named for the viewer, with the wind of the engine seat it shows (the table may be turned)."""
        return seat_label(self.model, self.model.engine(seat))

    def __init__(self, model: TableModel, rules: Ruleset, layout: Callable[[], Layout], speed: Callable[[], float]):
        self.model = model
        self.rules = rules
        self._layout = layout
        self._speed = speed
        self.clock = 0.0
        self.queue: deque[Event] = deque()
        self.busy_until = 0.0
        self.actors: list[Actor] = []
        self.hold: Callable[[Event], bool] | None = None  # an event it must not start yet (screenshots)
        self.started: list[Event] = []  # every event started, in order (tests, screenshots)
        self.gap = Tween(0.0, 0.0, 0.0, 0.0)
        self.marks: tuple[float, float, int, float] | None = None  # (start, step, count, end)
        self.counts: list[tuple[float, int, int]] = []  # (time, seat, number) of the count around the table
        self.count_end = 0.0
        self.light: tuple[float, float] | None = None  # (start, step) of the chickens lighting up
        self.chickens: frozenset[int] = frozenset()
        self.on_beat: Callable[[Event], None] | None = None  # told of each beat that plays at speed (sounds)
        # Events the model takes later than their beat starts (the dealer, once the count reaches them).
        self.later: list[tuple[float, Event]] = []
        # Payments flying into the plates after a settlement: the scores before, and (landing time, payer,
        # payee, amount) of each; the plates count up as they land.
        self.paid_from: tuple[int, ...] | None = None
        self.payments: list[tuple[float, int, int, int]] = []
        self.before_settled: tuple[int, ...] | None = None
        self.break_dice: tuple[int, int] | None = None  # the last roll to break the wall, for its caption

    # ------------------------------------------------------------------ the queue

    def feed(self, events: Iterable[Event]) -> None:
        """Queue events to be shown."""
        self.queue.extend(events)

    @property
    def idle(self) -> bool:
        """True when nothing is queued and the last beat is over."""
        return not self.queue and self.clock >= self.busy_until and not self.later

    @property
    def animating(self) -> bool:
        """True while any actor is still moving or a beat runs."""
        return not self.idle or any(a.t1 > self.clock for a in self.actors)

    def update(self, dt: float) -> None:
        """Advance the clock and start every event whose turn has come."""
        self.clock += max(0.0, dt)
        self._apply_later(self.clock)
        while self.queue and self.clock >= self.busy_until:
            if self.hold is not None and self.hold(self.queue[0]):
                break
            # A beat starts when the one before it ended, or during this frame if the table was idle.
            start = max(self.busy_until, self.clock - max(0.0, dt))
            self._apply_later(start)
            self._start(self.queue.popleft(), start)
        self._apply_later(self.clock)
        self.actors = [a for a in self.actors if a.t1 > self.clock]
        if self.payments and self.clock >= self.payments[-1][0]:
            self.paid_from, self.payments = None, []

    def _apply_later(self, now: float) -> None:
        """Give the model the deferred events whose time has come, in order."""
        while self.later and self.later[0][0] <= now:
            self.model.apply(self.later.pop(0)[1])

    def skip(self) -> None:
        """Finish every queued beat and running animation now."""
        held = self.hold
        self._apply_later(float("inf"))
        while self.queue:
            if held is not None and held(self.queue[0]):
                break
            self._start(self.queue.popleft(), self.clock, instant=True)
            self._apply_later(float("inf"))
        self.busy_until = min(self.busy_until, self.clock)
        self.actors = []
        if self.gap.t1 > self.clock:
            self.gap = Tween(self.gap.end, self.gap.end, self.clock, 0.0)
        self.marks = None
        self.counts = []
        self.paid_from = None
        self.payments = []
        if self.light is not None:
            self.light = (self.clock - 10.0, 0.0)

    def drop_actors(self) -> None:
        """End every running animation at once (the window changed size); queued beats are kept."""
        self.actors = []

    # ------------------------------------------------------------------ what the board shows now

    def hidden(self) -> frozenset[tuple[object, ...]]:
        """Landing places of tiles still in flight."""
        return frozenset(a.key for a in self.actors if isinstance(a, Flight) and a.key and a.t1 > self.clock)

    def wall_gap(self) -> float:
        """How far the wall has opened at the break, in px of the layout now (the window may have changed)."""
        return self.gap.value(self.clock) * wall_gap_px(self._layout())

    def marked_stacks(self) -> int:
        """Skipped stacks marked so far (the count along the broken side)."""
        if self.marks is None:
            return 0
        start, step, count, end = self.marks
        if self.clock < start or self.clock >= end:
            return 0
        return min(count, int((self.clock - start) / step) + 1) if step > 0 else count

    def counted(self) -> tuple[int, int] | None:
        """The seat and number the count around the table has reached, while counting."""
        if not self.counts or self.clock >= self.count_end:
            return None
        current = None
        for t, seat, number in self.counts:
            if t <= self.clock:
                current = (seat, number)
        return current

    def dice_showing(self) -> bool:
        """True while dice are on the table (the compass keeps its middle clear for them)."""
        return any(isinstance(a, DiceRoll) and a.t0 <= self.clock < a.t1 for a in self.actors)

    def shown_scores(self) -> tuple[int, ...] | None:
        """The scores the plates show while payments fly into them (None: the model's own)."""
        if self.paid_from is None or not self.payments or self.clock >= self.payments[-1][0]:
            return None  # all landed: the model's scores are the same now
        scores = list(self.paid_from)
        for landed, payer, payee, amount in self.payments:
            if landed <= self.clock:
                scores[payer] -= amount
                scores[payee] += amount
        return tuple(scores)

    def pay(self, payments: list[tuple[int, int, int]], layout: Layout) -> None:
        """Fly each payment (payer, payee, amount, in table seats) from the payer's plate into the payee's,
        the plates counting as they land; a beat the next events wait for."""
        f = self._speed()
        before = self.before_settled
        if f <= 0 or not payments or before is None:
            return
        t = max(self.clock, self.busy_until)
        size = chip_size(layout)
        self.paid_from = before
        self.payments = []
        for i, (payer, payee, amount) in enumerate(payments):
            start = layout.zones[f"plate{payer}"].center
            end = layout.zones[f"plate{payee}"].center
            t0 = t + i * B.PAY_STAGGER * f
            t1 = t0 + B.PAY_FLIGHT * f
            pic = chip_picture(amount, size)
            w, h = pic.get_size()
            half = (w / 2, h / 2)
            origin = (start[0] - half[0], start[1] - half[1])
            target = (end[0] - half[0], end[1] - half[1])
            self._add(Flight(t0, t1, pic, origin, target, (), size * 1.5), f)
            self._add(Pulse(t1, t1 + 0.35 * f, end, size * 0.9), f)
            self.payments.append((t1, payer, payee, amount))
        self.busy_until = self.payments[-1][0] + 0.35 * f

    def walls_rising(self) -> bool:
        """True while the wall is shuffled and built by an animation (the board leaves the wall out meanwhile)."""
        return any(isinstance(a, WallRise) and a.t1 > self.clock for a in self.actors)

    def lit(self) -> int:
        """How many seats have their chickens lit, in the order of their places (the bottom first)."""
        if self.light is None:
            return 0
        start, step = self.light
        if self.clock < start:
            return 0
        n = len(self.model.places)
        return n if step <= 0 else min(n, int((self.clock - start) / step) + 1)

    def draw(self, surface: pygame.Surface, now: float | None = None) -> list[pygame.Rect]:
        """Draw every actor (flights above everything else are drawn last); where they drew."""
        t = self.clock if now is None else now
        drawn: list[pygame.Rect] = []
        for actor in sorted(self.actors, key=lambda a: isinstance(a, Flight)):
            # A flight waits at its start; everything else appears when its time comes.
            if actor.t1 > t and (actor.t0 <= t or isinstance(actor, Flight)):
                drawn.extend(actor.draw(surface, t))
        return drawn

    # ------------------------------------------------------------------ beats

    def _start(self, event: Event, t: float, instant: bool = False) -> None:
        self.started.append(event)
        f = 0.0 if instant else self._speed()
        if self.on_beat is not None and f > 0:
            self.on_beat(event)
        layout = self._layout()
        handler = getattr(self, "_on_" + type(event).__name__, None)
        beat = 0.0
        if handler is not None:
            beat = handler(event, t, f, layout)
        else:
            self.model.apply(event)
        self.busy_until = t + beat

    def _add(self, actor: Actor, f: float) -> None:
        if f > 0:
            self.actors.append(actor)

    def _banner(self, text: str, t: float, dur: float, layout: Layout, f: float, above: bool = False) -> None:
        """A banner across the middle, or (`above`) over the top pond, clear of dice rolling in the middle."""
        if f <= 0:
            return
        pic = banner_for(text, layout)
        x, y = (layout.centre[0], layout.zones["pond2"].centery) if above else layout.centre
        at: Point = (float(x), float(y))
        for a in self.actors:
            if isinstance(a, Banner) and a.centre == at and a.t0 < t < a.t1:
                a.t1 = t  # one banner at a time in one place: the newer one replaces it
        self._add(Banner(t, t + dur, pic, at), f)

    def upcoming_banners(self) -> list[str]:
        """The banners the queued events will show, so their pictures can be drawn ahead in quiet frames."""
        texts: list[str] = []
        dice = self.break_dice
        m = self.model
        for e in self.queue:
            if isinstance(e, HandStarted):
                texts.append(S.tr("banner_hand", n=e.hand))
            elif isinstance(e, DiceRolled):
                key = "banner_first_dealer" if e.purpose == "first_dealer" else "banner_break"
                texts.append(S.tr(key, seat=self._seat_label(e.seat)))
                if e.purpose == "break":
                    dice = e.dice
            elif isinstance(e, DealerChosen):
                texts.append(S.tr("banner_dealer", seat=self._seat_label(e.dealer)))
            elif isinstance(e, WallBuilt):
                texts.append(S.tr("banner_shuffle"))
            elif isinstance(e, WallBroken):
                texts.append(break_caption(dice, S.wind(m.engine(e.side), m.players), e.skipped + 1))
            elif isinstance(e, TileFlipped):
                texts.append(S.tr("banner_chicken", tile=S.tile_label(e.chicken)))
        return texts

    def _end_dice(self, t: float) -> None:
        """Take the dice off the table at `t` (the wall is about to be built or dealt from)."""
        for a in self.actors:
            if isinstance(a, DiceRoll) and a.t1 > t:
                a.t1 = max(a.t0, t)

    def _callout(self, seat: int, text: str, t: float, dur: float, layout: Layout, f: float) -> None:
        self._add(Callout(t, t + dur, callout_frames(text, layout.font["callout"]), callout_point(layout, seat)), f)

    def _flight(
        self, slot_from: Slot, slot_to: Slot, tile: int, key: tuple[object, ...], t0: float, dur: float
    ) -> Flight:
        pic = tile_picture(slot_to, tile)
        pad = slot_to.art.pad
        start = centred(slot_from, slot_to, pad)
        end = (slot_to.pos[0] - pad, slot_to.pos[1] - pad)
        arc = slot_to.art.width * 0.5
        return Flight(t0, t0 + dur, pic, start, end, key, arc)

    # The handlers return the beat's length; each applies its event to the model.

    def _on_HandStarted(self, e: HandStarted, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        self.gap = Tween(0.0, 0.0, t, 0.0)
        self.marks = None
        self.counts = []
        self.light = None
        self.chickens = frozenset()
        self._banner(S.tr("banner_hand", n=e.hand), t, 1.0 * f, layout, f)
        return 0.7 * f

    def _on_DiceRolled(self, e: DiceRolled, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        if e.purpose == "break":
            self.break_dice = e.dice
        # Big, in the middle of the table, thrown from the roller's side: everyone at the table watches them.
        area = dice_area(layout)
        size = dice_size(layout)
        land = t + B.DICE_TUMBLE * f
        # The dice stay on the table through the count that follows (and the marking of the skipped stacks),
        # until the wall is built or the deal begins.
        rest = (B.DICE_REST + B.COUNT_STEP * (e.dice[0] + e.dice[1]) + B.MARK_STEP * 7 + B.GAP_OPEN + 0.8) * f
        self._add(DiceRoll(t, land + rest, e.dice, area, size, land, e.dice[0] * 7 + e.dice[1], e.seat), f)
        # The roller's plate lights while the dice roll.
        self.counts = [(t, e.seat, 0)]
        self.count_end = t + B.DICE_TUMBLE * f
        key = "banner_first_dealer" if e.purpose == "first_dealer" else "banner_break"
        self._banner(S.tr(key, seat=self._seat_label(e.seat)), t, (B.DICE_TUMBLE + B.DICE_REST) * f, layout, f, True)
        return (B.DICE_TUMBLE + B.DICE_REST) * f

    def _count(self, seats: tuple[int, ...], t: float, f: float) -> float:
        self.counts = [(t + i * B.COUNT_STEP * f, seat, i + 1) for i, seat in enumerate(seats)]
        self.count_end = t + (len(seats) * B.COUNT_STEP + 0.35) * f
        return len(seats) * B.COUNT_STEP * f

    def _on_DealerChosen(self, e: DealerChosen, t: float, f: float, layout: Layout) -> float:
        beat = self._count(e.counted, t, f) if e.counted else 0.0
        if beat > 0:
            # The 庄 and the dealer's red wind appear when the count reaches the dealer, not before.
            self.later.append((t + beat, e))
        else:
            self.model.apply(e)
        self._banner(S.tr("banner_dealer", seat=self._seat_label(e.dealer)), t + beat, 0.9 * f, layout, f, True)
        return beat + 0.6 * f

    def _on_WallBuilt(self, e: WallBuilt, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        self._end_dice(t)
        stacks = self.model.stacks
        if f <= 0 or stacks is None:
            return 0.0
        shuffle_end = t + B.SHUFFLE * f
        build_end = shuffle_end + B.BUILD * f
        end = build_end + B.PUSH * f
        sides = []
        for side in self.model.places:
            zone = layout.zones[f"wall{side}"]
            pond = layout.zones[f"pond{side}"]
            # Built close to the middle, just outside the compass, then pushed out over the empty ponds.
            reach = (pond.height if side % 2 == 0 else pond.width) * 0.85
            dx, dy = ((0.0, -reach), (-reach, 0.0), (0.0, reach), (reach, 0.0))[side]
            sides.append(
                (wall_side_picture(layout, tuple(stacks), side), (float(zone.left), float(zone.top)), (dx, dy))
            )
        art = layout.art("wall")
        backs = (art.lying_back(0), art.lying_back(90))
        radius = layout.zones["compass"].width * 0.9
        seed = self.model.hand_no
        self._add(WallRise(t, end, shuffle_end, build_end, tuple(sides), backs, layout.centre, radius, seed), f)
        self._banner(S.tr("banner_shuffle"), t, (B.SHUFFLE + B.BUILD) * f, layout, f, True)
        return (B.SHUFFLE + B.BUILD + B.PUSH + 0.1) * f

    def _on_WallBroken(self, e: WallBroken, t: float, f: float, layout: Layout) -> float:
        beat = self._count(e.counted, t, f)
        self.model.apply(e)
        stacks = self.model.stacks
        assert stacks is not None
        n = e.skipped + 1  # the skipped stacks, then the one drawing starts at
        mark_start = t + beat
        self.marks = (mark_start, B.MARK_STEP * f, n, mark_start + (n * B.MARK_STEP + 1.6) * f)
        caption = break_caption(self.break_dice, S.wind(self.model.engine(e.side), self.model.players), n)
        self._banner(caption, mark_start, (n * B.MARK_STEP + B.GAP_OPEN + 1.0) * f, layout, f, True)
        for k in range(n):
            centre = wall_slot(layout, (e.side, k, 1), stacks).centre
            at = mark_start + k * B.MARK_STEP * f
            self._add(Pulse(at, at + 0.4 * f, centre, layout.tiles.wall * 0.6), f)
        gap_start = mark_start + n * B.MARK_STEP * f
        self.gap = Tween(0.0, 1.0, gap_start, B.GAP_OPEN * f, ease_out_cubic)
        return beat + (n * B.MARK_STEP + B.GAP_OPEN + 0.2) * f

    def _on_TilesDealt(self, e: TilesDealt, t: float, f: float, layout: Layout) -> float:
        self._end_dice(t)
        m = self.model
        stacks = m.stacks
        assert stacks is not None
        sources = [wall_slot(layout, p, stacks, self.wall_gap(), self._skipped()) for p in e.places]
        before = list(m.hands[e.seat])
        m.apply(e)
        geo = geometry_for(layout, m, e.seat)
        after = m.hands[e.seat]
        targets = new_indices(before, after)
        for i, (src, idx) in enumerate(zip(sources, targets, strict=False)):
            if idx >= len(geo.hand):
                continue
            tile = after[idx] if e.seat == m.viewer else HIDDEN
            at = t + i * 0.03 * f
            self._add(self._flight(src, geo.hand[idx], tile, ("hand", e.seat, idx), at, B.DEAL_FLIGHT * f), f)
        return B.DEAL_BEAT * f

    def _skipped(self) -> int:
        b = self.model.broken
        return b.skipped if b is not None else -1

    def _wall_source(self, place: tuple[int, int, int], layout: Layout) -> Slot | None:
        stacks = self.model.stacks
        if stacks is None:
            return None
        b = self.model.broken
        skipped = b.skipped if b is not None and b.side == place[0] else -1
        return wall_slot(layout, place, stacks, self.wall_gap(), skipped)

    def _on_TileDrawn(self, e: TileDrawn, t: float, f: float, layout: Layout) -> float:
        self.marks = None
        src = self._wall_source(e.place, layout)
        self.model.apply(e)
        geo = geometry_for(layout, self.model, e.seat)
        if src is not None and geo.drawn is not None:
            tile = e.tile if e.tile is not None else HIDDEN
            self._add(self._flight(src, geo.drawn, tile, ("drawn", e.seat), t, B.DRAW_FLIGHT * f), f)
        return (B.DRAW_FLIGHT + 0.04) * f

    def _hand_source(self, layout: Layout, seat: int, tile: int, drawn: bool) -> Slot | None:
        """Where a tile leaving `seat`'s hand comes from, before the model lets it go."""
        m = self.model
        geo = geometry_for(layout, m, seat)
        if drawn and geo.drawn is not None:
            return geo.drawn
        if not geo.hand:
            return geo.drawn
        if seat == m.viewer and tile in m.hands[seat]:
            return geo.hand[m.hands[seat].index(tile)]
        return geo.hand[len(geo.hand) // 2]

    def _on_ReadyDeclared(self, e: ReadyDeclared, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        self._callout(e.seat, S.tr("call_ready"), t, B.CALLOUT * f, layout, f)
        return 0.45 * f

    def _on_TileDiscarded(self, e: TileDiscarded, t: float, f: float, layout: Layout) -> float:
        self.marks = None
        src = self._hand_source(layout, e.seat, e.tile, e.drawn)
        self.model.apply(e)
        pond = self.model.ponds[e.seat]
        dst = pond_slot(layout, e.seat, len(pond) - 1, len(pond))
        if src is not None:
            key = ("pond", e.seat, len(pond) - 1)
            self._add(self._flight(src, dst, e.tile, key, t, B.DISCARD_FLIGHT * f), f)
        return (B.DISCARD_FLIGHT + 0.06) * f

    def _on_Claimed(self, e: Claimed, t: float, f: float, layout: Layout) -> float:
        m = self.model
        pond = m.ponds[e.source]
        from_pond = pond_slot(layout, e.source, len(pond) - 1, len(pond)) if pond else None
        n = 3 if e.claim == "kong" else 2
        from_hand = [self._hand_source(layout, e.seat, e.tile, False) for _ in range(n)]
        m.apply(e)
        self._callout(e.seat, S.tr("call_kong" if e.claim == "kong" else "call_pung"), t, B.CALLOUT * f, layout, f)
        self._meld_flights(layout, e.seat, e.tile, [from_pond, *from_hand], t + 0.15 * f, f)
        return 0.75 * f

    def _meld_flights(
        self, layout: Layout, seat: int, tile: int, sources: list[Slot | None], t: float, f: float
    ) -> None:
        """Fly tiles into the newest meld of `seat`: the claimed tile to its sideways place, the rest in order."""
        m = self.model
        geo = geometry_for(layout, m, seat)
        mi = len(m.melds[seat]) - 1
        slots = [ms for ms in geo.melds if ms.meld == mi]
        sideways = [ms for ms in slots if ms.sideways]
        rest = [ms for ms in slots if not ms.sideways]
        ordered = sideways + rest
        key = ("meld", seat, mi)
        for i, (src, ms) in enumerate(zip(sources, ordered, strict=False)):
            if src is None:
                continue
            shown = tile if ms.slot.face_up else HIDDEN
            self._add(self._flight(src, ms.slot, shown, key, t + i * 0.03 * f, 0.3 * f), f)

    def _on_KongDeclared(self, e: KongDeclared, t: float, f: float, layout: Layout) -> float:
        n = 4 if e.kong == "concealed" else 1
        sources: list[Slot | None] = [self._hand_source(layout, e.seat, e.tile, False) for _ in range(n)]
        self.model.apply(e)
        self._callout(e.seat, S.tr("call_kong"), t, B.CALLOUT * f, layout, f)
        if e.kong == "concealed":
            self._meld_flights(layout, e.seat, e.tile, sources, t + 0.15 * f, f)
        else:
            geo = geometry_for(layout, self.model, e.seat)
            mi = next((i for i, mv in enumerate(self.model.melds[e.seat]) if mv.tile == e.tile), None)
            target = next((ms.slot for ms in geo.melds if ms.meld == mi and not ms.sideways), None)
            src = sources[0]
            if target is not None and src is not None:
                self._add(self._flight(src, target, e.tile, (), t + 0.1 * f, 0.3 * f), f)
        return 0.75 * f

    def _on_WinPassed(self, e: WinPassed, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        self._callout(e.seat, S.tr("call_pass"), t, 0.7 * f, layout, f)
        return 0.25 * f

    def _on_HandWon(self, e: HandWon, t: float, f: float, layout: Layout) -> float:
        m = self.model
        src: Slot | None = None
        if e.how == "discard" and e.discarder is not None and m.ponds[e.discarder]:
            pond = m.ponds[e.discarder]
            src = pond_slot(layout, e.discarder, len(pond) - 1, len(pond))
        m.apply(e)
        key = {"self_draw": "call_self_draw", "after_kong": "call_after_kong", "rob_kong": "call_rob"}.get(
            e.how, "call_win"
        )
        for seat in e.winners:
            self._callout(seat, S.tr(key), t, 1.5 * B.CALLOUT * f, layout, f)
            if src is not None:
                geo = geometry_for(layout, m, seat)
                dst = geo.drawn or (geo.hand[-1] if geo.hand else None)
                if dst is not None:
                    # The winning tile leaves the pond toward the winner, face up for all to see.
                    pic = tile_picture(src, e.tile)
                    pad = src.art.pad
                    w, h = src.body
                    cx, cy = dst.centre
                    end = (cx - w / 2 - pad, cy - h / 2 - pad)
                    self._add(Flight(t, t + 0.4 * f, pic, (src.pos[0] - pad, src.pos[1] - pad), end, (), 20.0), f)
        if e.hot:
            self._banner(S.tr("call_hot"), t + 0.3 * f, 1.0 * f, layout, f)
        return 1.3 * f

    def _on_WallExhausted(self, e: WallExhausted, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        self._banner(S.tr("banner_draw"), t, 1.5 * f, layout, f)
        return 1.3 * f

    def _on_TileFlipped(self, e: TileFlipped, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        self.chickens = chicken_tiles(self.rules, e.tile)
        src = self._wall_source(e.place, layout)
        if src is not None:
            self._add(Pulse(t, t + 0.6 * f, src.centre, layout.tiles.wall * 1.1, (255, 120, 80)), f)
        self._banner(S.tr("banner_chicken", tile=S.tile_label(e.chicken)), t + 0.2 * f, 1.6 * f, layout, f)
        return 1.1 * f

    def _on_HandEnded(self, e: HandEnded, t: float, f: float, layout: Layout) -> float:
        self.model.apply(e)
        if not self.chickens:
            self.chickens = chicken_tiles(self.rules, None)
        self.light = (t + 0.3 * f, B.LIGHT_STEP * f)
        return (0.3 + len(self.model.places) * B.LIGHT_STEP + 0.5) * f

    def _on_HandSettled(self, e: HandSettled, t: float, f: float, layout: Layout) -> float:
        self.before_settled = tuple(self.model.scores)
        self.model.apply(e)
        return 0.2 * f
