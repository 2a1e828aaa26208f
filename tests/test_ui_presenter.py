"""The presenter plays events as timed beats scaled by the speed setting; skip and hold; tweens and speeds."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from game.engine.events import DiceRolled, Event, TileDiscarded, TilesDealt
from game.engine.observation import observe
from game.engine.visibility import visible_events
from game.match.agents import SimpleAgent
from game.match.match import Match
from game.rules.loader import load_ruleset
from ui.look.layout import compute_layout
from ui.settings.values import Speed
from ui.stage.tween import Tween, ease_in_out_cubic, ease_out_back, ease_out_bounce, ease_out_cubic, linear
from ui.table.actors import DiceRoll
from ui.table.model import TableModel
from ui.table.presenter import Presenter

RULES = load_ruleset("guiyang-classic")
LAYOUT = compute_layout((1280, 720))


def _presenter(speed: list[float]) -> tuple[Presenter, TableModel]:
    model = TableModel(4, viewer=0)
    return Presenter(model, RULES, lambda: LAYOUT, lambda: speed[0]), model


def idle(p: Presenter) -> bool:
    """Read through a call, so the type checker does not assume the state stands still between updates."""
    return p.idle


def _opening() -> list[Event]:
    rnd = Match(RULES, "presenter").new_round()
    return visible_events(rnd.events, 0)


def test_deal_takes_time_at_normal_speed_and_none_at_instant() -> None:
    """docs/rules.md §3: dice, the break and the 4-4-4 deal with 跳牌 are each a beat of their own."""
    speed = [Speed.NORMAL.factor]
    p, model = _presenter(speed)
    p.feed(_opening())
    p.update(0.5)
    assert not idle(p) and p.queue  # still rolling the dice
    assert sum(len(h) for h in model.hands) == 0
    for _ in range(900):  # the dice, the count, the shuffle, the wall built, the break and the deal
        p.update(1 / 60)
    assert idle(p)
    assert sorted(len(h) for h in model.hands) == [13, 13, 13, 14]

    speed[0] = Speed.INSTANT.factor
    p2, model2 = _presenter(speed)
    p2.feed(_opening())
    p2.update(0.0)
    assert idle(p2) and not p2.actors
    assert sorted(len(h) for h in model2.hands) == [13, 13, 13, 14]


def test_slow_is_slower_than_fast() -> None:
    durations = {}
    for speed in (Speed.SLOW, Speed.FAST):
        p, _model = _presenter([speed.factor])
        p.feed(_opening())
        frames = 0
        while not idle(p):
            p.update(1 / 60)
            frames += 1
        durations[speed] = frames
    assert durations[Speed.SLOW] > 3 * durations[Speed.FAST] > 0


def test_skip_plays_everything_queued_at_once() -> None:
    p, model = _presenter([1.0])
    p.feed(_opening())
    p.update(0.1)
    p.skip()
    assert idle(p) and not p.actors and not p.animating
    assert sorted(len(h) for h in model.hands) == [13, 13, 13, 14]


def test_hold_stops_before_an_event_until_released() -> None:
    p, model = _presenter([0.0])
    p.hold = lambda e: isinstance(e, TilesDealt)
    p.feed(_opening())
    p.update(0.0)
    p.skip()
    assert isinstance(p.queue[0], TilesDealt) and model.broken is not None
    assert sum(len(h) for h in model.hands) == 0
    p.hold = None
    p.update(0.0)
    assert idle(p) and sum(len(h) for h in model.hands) == 53


def test_a_flying_discard_leaves_its_pond_place_empty_until_it_lands() -> None:
    match = Match(RULES, "flight")
    rnd = match.new_round()
    p, model = _presenter([0.0])
    p.feed(visible_events(rnd.events, 0))
    p.update(0.0)
    seat = rnd.to_move()[0]
    events = visible_events(rnd.apply(SimpleAgent().choose(observe(rnd, seat))), 0)
    discard = next(e for e in events if isinstance(e, TileDiscarded))
    p._speed = lambda: 1.0
    p.feed(events)
    p.update(1 / 60)
    key = ("pond", discard.seat, 0)
    assert key in p.hidden() and model.ponds[discard.seat] == [discard.tile]
    for _ in range(60):
        p.update(1 / 60)
    assert key not in p.hidden()


def test_dice_land_on_the_rolled_values() -> None:
    """The dice actor shows the event's values once it comes to rest."""
    p, _model = _presenter([1.0])
    p.feed(_opening()[:2])
    for _ in range(60):
        p.update(1 / 60)
    roll = next(a for a in p.actors if isinstance(a, DiceRoll))
    event = next(e for e in p.started if isinstance(e, DiceRolled))
    assert roll.values == event.dice and roll.land > roll.t0


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back, ease_out_bounce])
def test_easings_start_at_zero_and_end_at_one(ease) -> None:
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)
    assert ease(-1.0) == ease(0.0) and ease(2.0) == ease(1.0)


def test_tween_runs_from_start_to_end_between_its_times() -> None:
    tw = Tween(10.0, 20.0, t0=1.0, duration=2.0, easing=linear)
    assert tw.value(0.0) == 10.0 and tw.value(2.0) == 15.0 and tw.value(5.0) == 20.0
    assert not tw.done(2.9) and tw.done(3.0)
    assert Tween(0.0, 1.0, 1.0, 0.0).value(1.0) == 1.0  # instant: done at once


def test_speed_names_and_cycle() -> None:
    assert Speed.parse(" Fast ") is Speed.FAST
    assert [s.factor for s in Speed] == sorted((s.factor for s in Speed), reverse=True)
    assert Speed.INSTANT.factor == 0.0 and Speed.INSTANT.next() is Speed.SLOW
    with pytest.raises(ValueError, match="slow, normal, fast, instant"):
        Speed.parse("ludicrous")
