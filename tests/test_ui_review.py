"""The review screens: the review runs beside the frame loop and can be cancelled, a decision opens the replay
as the seat saw it then, the career charts fill in, and every way in opens them."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.records.replaylog import REPLAY_FOLDER, HandEntry, read_index
from game.review.cache import review_replay
from game.review.moments import walk_match
from game.review.run import read_match
from tests.cut_rig import watch_cuts
from tests.review_rig import keep_match
from tests.ui_host import HeadlessHost, headless_display
from ui.menu.stats_screen import StatsScene
from ui.replays.browser import ReplayListScene, open_replays
from ui.review.career_scene import CareerScene
from ui.review.moment import ReviewMomentScene
from ui.review.scene import ReviewScene
from ui.review.worker import CANCELLED, DONE, RUNNING, Worker
from ui.settings.values import Settings
from ui.settlement.summary import MatchSummaryScene
from ui.table.model import HIDDEN
from ui.words import strings as S

SIZE = (1280, 720)
ROLLOUTS = 4


@pytest.fixture
def replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    before = S.language()
    S.set_language("zh")
    yield keep_match(hands=2)
    S.set_language(before)


def _host(size: tuple[int, int] = SIZE) -> HeadlessHost:
    headless_display(size)
    return HeadlessHost(Settings(), size)


def _draw(host: HeadlessHost) -> None:
    host.stack.update(1 / 60)
    screen = pygame.display.get_surface()
    assert screen is not None
    host.stack.draw(screen)


def _click(host: HeadlessHost, pos: tuple[int, int]) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def _key(host: HeadlessHost, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def _reviewed(host: HeadlessHost, replay: Path) -> ReviewScene:
    scene = ReviewScene(host, replay, 0, 4, "经典", rollouts=ROLLOUTS)
    host.stack.push(scene)
    assert scene.worker.join(60)
    _draw(host)
    return scene


def _gated(scene: ReviewScene, replay: Path) -> threading.Event:
    """Give the scene a review that waits at a gate before it starts: cancelling it is then certain."""
    gate = threading.Event()

    def work(progress: object, cancelled: object) -> object:
        gate.wait(30)
        return review_replay(replay, 0, ROLLOUTS, progress, cancelled)  # type: ignore[arg-type]

    scene.worker.cancel()
    scene.worker.join(60)
    scene.worker = Worker(work)  # type: ignore[arg-type]
    scene.update(0)
    return gate


def test_the_review_runs_beside_the_frame_loop_then_lists_every_decision(replay: Path) -> None:
    host = _host()
    scene = ReviewScene(host, replay, 0, 4, rollouts=ROLLOUTS)
    host.stack.push(scene)
    gate = _gated(scene, replay)
    _draw(host)  # a frame while the review waits: the loop is never held
    assert scene.worker.state == RUNNING and scene.animating()
    assert [b.command for b in scene.buttons] == ["cancel"]
    gate.set()
    assert scene.worker.join(60)
    _draw(host)
    assert scene.worker.state == DONE and not scene.animating()
    review = review_replay(replay, 0, ROLLOUTS)
    assert [(d.hand, d.number) for d in scene.rows] == [(d.hand, d.number) for d in review.decisions]
    assert [b.command for b in scene.buttons] == ["open", "close"]


def test_cancel_stops_the_review_and_says_so(replay: Path) -> None:
    host = _host()
    scene = ReviewScene(host, replay, 0, 4, rollouts=ROLLOUTS)
    host.stack.push(scene)
    gate = _gated(scene, replay)
    cancel = next(b for b in scene.buttons if b.command == "cancel")
    _click(host, cancel.rect.center)
    gate.set()
    assert scene.worker.join(60)
    _draw(host)
    assert scene.worker.state == CANCELLED
    assert scene.rows == [] and [b.command for b in scene.buttons] == ["close"]
    _key(host, pygame.K_ESCAPE)
    assert host.stack.top is None


def test_a_decision_opens_the_replay_at_that_moment_as_the_seat_saw_it(replay: Path) -> None:
    """Only the seat's own tiles are shown (game.engine.visibility), and the table stops where the seat decided."""
    host = _host()
    scene = _reviewed(host, replay)
    d = scene.rows[0]
    _click(host, scene.row_rects[0].center)
    moment = host.stack.top
    assert isinstance(moment, ReviewMomentScene) and moment.decision == d
    _draw(host)
    match = read_match(replay)
    walked = walk_match(match.rules, match.seed, match.setup, match.hands, 0)
    at = next(m for m in walked[d.hand - 1].moments if m.events == d.events and m.played == d.played)
    model = moment.model
    assert sorted(model.concealed(0)) == sorted(at.obs.hand)
    assert all(t == HIDDEN for seat in (1, 2, 3) for t in model.concealed(seat))
    assert model.remaining == at.obs.wall_remaining


def test_the_keys_choose_and_open_decisions(replay: Path) -> None:
    host = _host()
    scene = _reviewed(host, replay)
    _key(host, pygame.K_DOWN)
    assert scene.selected == 1
    _key(host, pygame.K_RETURN)
    top = host.stack.top
    assert isinstance(top, ReviewMomentScene) and top.decision == scene.rows[1]


def test_the_replay_list_opens_the_review_of_a_hands_match(replay: Path) -> None:
    host = _host()
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene)
    _key(host, pygame.K_r)
    review = host.stack.top
    assert isinstance(review, ReviewScene)
    entry: HandEntry = listing.entries[0]
    assert review.replay.parent.name == REPLAY_FOLDER and review.replay.name == entry.file
    assert (review.seat, review.focus_hand) == (entry.people[0], entry.hand)
    review.close()


def test_the_match_summary_offers_the_review(replay: Path) -> None:
    host = _host()
    asked: list[int] = []
    summary = MatchSummaryScene(host, (1, -1, 0, 0), [], on_review=lambda: asked.append(1))
    host.stack.push(summary)
    _draw(host)
    button = summary.review_button()
    assert button is not None
    _click(host, button.rect.center)
    assert asked == [1] and host.stack.top is summary
    assert MatchSummaryScene(host, (0, 0, 0, 0), []).review_button() is None


def test_the_career_charts_open_from_the_statistics_and_fill_in(replay: Path) -> None:
    review_replay(replay, 0, ROLLOUTS)
    host = _host()
    stats = StatsScene(host)
    host.stack.push(stats)
    _draw(host)
    button = next(w for w in stats.widgets if getattr(w, "label", "") == S.tr("car_button"))
    _click(host, button.rect.center)
    career = host.stack.top
    assert isinstance(career, CareerScene)
    assert career.worker.join(60)
    _draw(host)
    assert career.data is not None
    assert career.data.rulesets["guiyang-classic"].hands == len(read_index()) == 2
    assert len(career.data.agreement) == 0  # reviewed with other rollouts than the default: not this line's


SIZES = [(960, 540), (1280, 720), (1920, 1080)]


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text T.fit had to cut short while the test drew."""
    return watch_cuts(monkeypatch)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_review_screens_cut_no_word(replay: Path, cuts: list[str], size: tuple[int, int], lang: str) -> None:
    S.set_language(lang)
    host = _host(size)
    scene = _reviewed(host, replay)
    _key(host, pygame.K_RETURN)
    _draw(host)
    host.stack.pop()
    career = CareerScene(host)
    host.stack.push(career)
    assert career.worker.join(60)
    _draw(host)
    assert scene.rows and cuts == []
