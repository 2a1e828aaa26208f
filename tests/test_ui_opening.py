"""The opening of a hand as the table shows it: big dice in the middle, the dealer revealed when the count
reaches them, the shuffle and the wall built and pushed out, the break said in words, and nothing of the
last hand left on screen (docs/rules.md §3)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.engine.events import DealerChosen, Event, WallBroken, WallBuilt
from game.engine.visibility import visible_events
from game.match.match import Match
from game.rules.loader import load_ruleset
from tests.ui_host import FRAME
from ui.look.layout import compute_layout
from ui.probe.moments import stage_moment
from ui.settings.values import Speed
from ui.settlement import SettlementScene
from ui.table.actors import DiceRoll, WallRise
from ui.table.model import TableModel
from ui.table.placement import break_caption, dice_area
from ui.table.presenter import Presenter
from ui.table.view import WaitsInfo
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
LAYOUT = compute_layout((1280, 720))


@pytest.fixture(autouse=True)
def _zh() -> object:
    S.set_language("zh")
    yield
    S.set_language("zh")


def _opening(seed: str = "opening") -> list[Event]:
    rnd = Match(RULES, seed).new_round()
    return visible_events(rnd.events, 0)


def _presenter() -> tuple[Presenter, TableModel]:
    model = TableModel(4, viewer=0)
    return Presenter(model, RULES, lambda: LAYOUT, lambda: Speed.NORMAL.factor), model


def dealer(model: TableModel) -> int | None:
    return model.dealer


def test_the_dealer_shows_only_when_the_count_reaches_them() -> None:
    """docs/rules.md §3: the first roll is counted round the table from the roller; the seat it stops at deals."""
    events = _opening()
    chosen = next(e for e in events if isinstance(e, DealerChosen))
    assert len(chosen.counted) > 1
    p, model = _presenter()
    p.feed(events)
    seen: list[tuple[int, int | None]] = []
    for _ in range(60 * 8):
        p.update(FRAME)
        counted = p.counted()
        if counted is not None and counted[1] > 0:
            seen.append((counted[1], dealer(model)))
        if isinstance(p.started[-1], WallBuilt):
            break
    assert seen, "the count was shown"
    last = len(chosen.counted)
    assert all(d is None for n, d in seen if n < last), "no 庄 while the count is still going round"
    assert dealer(model) == chosen.dealer


def test_dice_roll_big_in_the_middle_of_the_table() -> None:
    p, _model = _presenter()
    p.feed(_opening())
    for _ in range(120):
        p.update(FRAME)
        if p.dice_showing():
            break
    dice = [a for a in p.actors if isinstance(a, DiceRoll)]
    assert dice and p.dice_showing()
    roll = dice[0]
    assert roll.size >= LAYOUT.tiles.hand, "a die is as big as one of the player's tiles"
    assert roll.area == dice_area(LAYOUT) and roll.area.collidepoint(LAYOUT.centre)
    assert (
        roll.area.width > LAYOUT.zones["compass"].width * 1.5 or roll.area.height > LAYOUT.zones["compass"].height * 2
    )


def test_the_wall_is_shuffled_built_and_pushed_out_and_a_skip_ends_it() -> None:
    p, model = _presenter()
    p.feed(_opening())
    for _ in range(60 * 10):
        p.update(FRAME)
        if p.walls_rising():
            break
    assert p.walls_rising() and model.stacks is not None, "the wall animates while the board leaves it out"
    rise = next(a for a in p.actors if isinstance(a, WallRise))
    assert rise.t0 < rise.shuffle_end < rise.build_end < rise.t1
    surface = pygame.Surface(LAYOUT.size, pygame.SRCALPHA)
    for t in (rise.t0 + 0.1, (rise.shuffle_end + rise.build_end) / 2, rise.t1 - 0.05):
        surface.fill((0, 0, 0, 0))
        rise.draw(surface, t)
        assert surface.get_bounding_rect().width > 0, f"something is drawn at {t - rise.t0:.2f} s"
    p.skip()
    assert not p.walls_rising()


def test_the_break_is_captioned_in_words() -> None:
    """docs/rules.md §3: with 3 and 4 the wall opens after the smaller die's count of stacks, from its right end."""
    assert break_caption((3, 4), "东", 4) == "7点：东家牌墙，右数第4墩开牌"
    S.set_language("en")
    assert break_caption((3, 4), "E", 4) == "7: the E wall opens at stack 4 from the right"
    events = _opening()
    broken = next(e for e in events if isinstance(e, WallBroken))
    p, _model = _presenter()
    S.set_language("zh")
    p.feed(events)
    for _ in range(60 * 20):
        p.update(FRAME)
        if isinstance(p.started[-1], WallBroken):
            break
    assert p.break_dice is not None
    total = sum(p.break_dice)
    assert f"{total}点" in break_caption(p.break_dice, "东", broken.skipped + 1)


def test_the_last_hands_waits_do_not_show_through_the_next_opening() -> None:
    host, scene = stage_moment("mid-hand", (1280, 720), RULES, seed="waits")
    scene.pause_autopilot = None
    host.settings.speed = Speed.INSTANT
    for _ in range(20000):
        if isinstance(host.stack.top, SettlementScene):
            break
        host.stack.update(FRAME)
    panel = host.stack.top
    assert isinstance(panel, SettlementScene)
    assert scene.panel_obs is not None, "the waits panel was following the last hand"
    host.settings.speed = Speed.NORMAL
    scene.autopilot = None
    panel.close()
    for _ in range(60 * 3):  # the banner, the dice, the count and the wall of the next hand
        host.stack.update(FRAME)
        assert scene.panels.waits() == WaitsInfo()
        assert scene.panel_obs is None or scene.panel_obs.hand_no == scene.model.hand_no


def test_payments_fly_into_the_plates_after_the_settlement() -> None:
    """docs/rules.md §10: each hand's payments move the running scores; the plates count them in as they land."""
    host, scene = stage_moment("end", (1280, 720), RULES, seed="pay")
    panel = host.stack.top
    assert isinstance(panel, SettlementScene)
    ledger = scene.ledger
    assert ledger is not None and any(ledger.nets())
    final = tuple(scene.model.scores)
    host.settings.speed = Speed.NORMAL
    scene.autopilot = None
    panel.close()
    p = scene.presenter
    shown = p.shown_scores()
    assert shown is not None and shown != final, "the plates start from the scores before the hand"
    assert sum(shown) == sum(final)
    seen = {shown}
    for _ in range(60 * 6):
        host.stack.update(FRAME)
        now = p.shown_scores()
        if now is None:
            break
        seen.add(now)
        assert sum(now) == sum(final), "every payment leaves one plate as it reaches another"
    assert p.shown_scores() is None and tuple(scene.model.scores) == final
    assert len(seen) >= 2, "the scores moved in steps"
    assert scene.view().scores is None
