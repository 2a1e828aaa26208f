"""The review from a hand's settlement: R or the 复盘 button reviews the player's play in the match so far, on the
hand just played; closing it comes back to the sheet and the match goes on, its save untouched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pygame
import pytest

from game.match.agents import SimpleAgent
from game.records.saves import save_path
from game.rules.loader import load_ruleset
from ui.kit.buttons import Button
from ui.probe.moments import stage_until
from ui.probe.offscreen import FRAME, headless_display
from ui.review.scene import ReviewScene
from ui.review.worker import CANCELLED, DONE, RUNNING
from ui.settings.values import Speed
from ui.settlement import SettlementScene
from ui.stage.app import App
from ui.stage.scene import Scene
from ui.table.review_entry import settlement_review
from ui.table.scene import TableScene
from ui.table.session import local_session
from ui.table.table_state import TableState
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)
SAVE = "entry.save.json"
WAIT = 120.0


@pytest.fixture(autouse=True)
def _own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    before = S.language()
    yield
    S.set_language(before)


def _at_settlement(save_name: str | None = SAVE) -> tuple[App, TableScene, SettlementScene]:
    host, table = stage_until(
        lambda scene: isinstance(scene.host.stack.top, SettlementScene), SIZE, RULES, "entry", save_name=save_name
    )
    sheet = host.stack.top
    assert isinstance(sheet, SettlementScene)
    sheet.auto_close = None  # a person plays East: the sheet waits for them (the bot played their moves to here)
    return host, table, sheet


def _key(host: App, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def _click(host: App, pos: tuple[int, int]) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def _top(host: App) -> Scene | None:
    return host.stack.top


def _draw(host: App) -> None:
    host.stack.update(FRAME)
    host.stack.draw(headless_display(SIZE))


def _finished(host: App, review: ReviewScene) -> None:
    assert review.worker.join(WAIT)
    for _ in range(100):
        _draw(host)
        if review.worker.state != RUNNING:
            return


def _next_settlement(host: App, table: TableScene) -> SettlementScene:
    """Play the hand in play to its settlement at instant speed (the player's seat by the bot, as when staged)."""
    host.settings.speed = Speed.INSTANT
    for _ in range(20000):
        top = host.stack.top
        if isinstance(top, SettlementScene) and table.phase == "panel":
            top.auto_close = None
            host.settings.speed = Speed.NORMAL
            return top
        host.stack.update(FRAME)
    raise AssertionError("the hand did not end")


def test_r_reviews_the_match_so_far_on_the_hand_just_played_and_the_match_goes_on() -> None:
    host, table, sheet = _at_settlement()
    session = local_session(table.session)
    saved = save_path(SAVE).read_bytes()
    _key(host, pygame.K_r)
    review = host.stack.top
    assert isinstance(review, ReviewScene) and review.worker.in_process
    assert (review.replay, review.seat, review.focus_hand, review.seats) == (session.replay_path, 0, 1, (0,))
    _finished(host, review)
    assert review.worker.state == DONE and review.review is not None
    assert [h.hand for h in review.review.hands] == [1]
    assert review.rows[review.selected].hand == 1
    _key(host, pygame.K_ESCAPE)  # back to the sheet: the next hand still waits for it
    assert host.stack.top is sheet and not sheet.closed and table.phase == "panel"
    _draw(host)
    assert save_path(SAVE).read_bytes() == saved  # the review wrote nothing of the match's save
    _key(host, pygame.K_RETURN)
    assert table.phase == "hand" and session.in_hand and table.hands_done == 1
    second = _next_settlement(host, table)
    _key(host, pygame.K_r)
    again = _top(host)  # (the stack's top is read afresh: mypy would keep it as the sheet asserted above)
    assert isinstance(again, ReviewScene) and again.focus_hand == 2
    _finished(host, again)
    assert again.review is not None and [h.hand for h in again.review.hands] == [1, 2]
    assert again.rows[again.selected].hand == 2 or not any(d.hand == 2 for d in again.rows)
    again.close()
    assert host.stack.top is second and table.hands_done == 2


def test_the_button_opens_the_review_and_a_cancelled_one_comes_back_to_the_sheet() -> None:
    host, table, sheet = _at_settlement()
    _draw(host)
    button = next(iter(sheet_buttons(sheet)))
    _click(host, button.rect.center)
    review = host.stack.top
    assert isinstance(review, ReviewScene) and not sheet.closed
    _key(host, pygame.K_ESCAPE)  # cancels the review under way
    _finished(host, review)
    assert review.worker.state == CANCELLED
    _key(host, pygame.K_ESCAPE)
    assert host.stack.top is sheet and table.phase == "panel"
    _click(host, (SIZE[0] // 2, SIZE[1] // 2))  # a click elsewhere on the sheet starts the next hand, as ever
    assert table.phase == "hand" and local_session(table.session).in_hand


def sheet_buttons(sheet: SettlementScene) -> list[Button]:
    """The sheet's 复盘 button, as drawn (none when it offers no review)."""
    from ui.settlement.review_button import review_button

    return [review_button(sheet.size, sheet.rect, sheet.players)] if sheet.on_review is not None else []


def test_a_match_not_kept_offers_no_review() -> None:
    host, _table, sheet = _at_settlement(save_name=None)
    assert sheet.on_review is None
    _key(host, pygame.K_r)
    assert host.stack.top is sheet and not sheet.closed


def test_a_network_table_or_ais_alone_offer_no_review() -> None:
    network = SimpleNamespace(session=object())
    assert settlement_review(cast(TableState, network)) is None
    _host, table, _sheet = _at_settlement()
    local_session(table.session).agents[0] = SimpleAgent()  # nobody plays here now: whose review would it be
    assert settlement_review(table) is None


def test_people_sharing_the_screen_each_get_their_own_review() -> None:
    host, table, _sheet = _at_settlement()
    session = local_session(table.session)
    session.agents[2] = None  # West is a person too
    table.view_seat = 2  # the sheet is drawn for West
    open_review = settlement_review(table)
    assert open_review is not None
    open_review()
    review = host.stack.top
    assert isinstance(review, ReviewScene) and (review.seat, review.seats) == (2, (0, 2))
    first = review.worker
    _key(host, pygame.K_TAB)
    assert review.seat == 0 and review.worker is not first and first.join(WAIT)
    _finished(host, review)
    assert review.review is not None and review.review.seat == 0
    review.close()


@pytest.mark.parametrize("moment", ["settle-review", "settle-review-open"])
def test_the_moments_render_from_the_command_line(moment: str, tmp_path: Path) -> None:
    """`main.py screenshot settle-review[-open]` draws the sheet with its button, or the review it opens."""
    from main import main

    out = tmp_path / f"{moment}.png"
    assert main(["screenshot", moment, str(out), "--size", "960x540", "--lang", "en"]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (960, 540)
