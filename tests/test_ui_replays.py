"""Replays: finished hands kept as event logs with an index, and the viewer stepping through one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.tiles import parse_tiles
from game.match.replay import replay
from game.records.gamelog import read_log
from game.records.replaylog import read_index
from game.rules.loader import load_ruleset
from tests.cut_rig import drawn_texts
from tests.replay_rig import play_hands
from tests.ui_host import HeadlessHost, headless_display
from ui.replays.browser import PLAY_STEP, ReplayListScene, ReplayViewerScene, model_at, open_replays
from ui.settings.values import Settings, Speed
from ui.table.model import HIDDEN
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def chinese() -> None:
    """The list's words are checked in Chinese, whatever language a test before left."""
    S.set_language("zh")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def key(host: HeadlessHost, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_finished_hands_are_logged_indexed_and_replay(home: Path) -> None:
    """Every settled hand goes to the match's log (game.records.gamelog) and the index; the log replays exactly."""
    session = play_hands(2, practice_in=1)
    rows = read_index()
    assert [(r.file, r.hand) for r in rows] == [("m1.jsonl", 1), ("m1.jsonl", 2)]
    assert [r.practice for r in rows] == [True, False]  # a hand with a take-back is marked for statistics
    parsed = read_log(home / "logs" / "replays" / "m1.jsonl")
    report = replay(parsed, RULES)
    assert report.mismatch is None and report.hands == 2
    assert tuple(report.scores) == session.scores


def test_the_viewer_steps_forward_and_back_with_every_hand_shown(home: Path) -> None:
    play_hands(1)
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene) and len(listing.entries) == 1
    key(host, pygame.K_RETURN)
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    assert viewer.step == 0
    for _ in range(12):
        key(host, pygame.K_RIGHT)
    assert viewer.step == 12  # the deal's grabs are one step: the hands are dealt by now
    shown = viewer.shown
    key(host, pygame.K_RIGHT)
    key(host, pygame.K_LEFT)
    assert viewer.shown == shown
    assert vars(viewer.model).keys() == vars(model_at(viewer.events, shown, 4)).keys()
    # After the deal every seat's tiles are known: nothing is hidden in a replay.
    for seat in range(4):
        assert HIDDEN not in viewer.model.concealed(seat) and viewer.model.concealed(seat)
    key(host, pygame.K_END)
    assert viewer.shown == len(viewer.events) and viewer.model.ended
    surface = pygame.Surface(SIZE)
    viewer.draw(surface)
    key(host, pygame.K_ESCAPE)
    assert host.stack.top is listing


def test_an_empty_list_and_a_missing_log_do_not_crash(home: Path) -> None:
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene) and listing.entries == []
    listing.draw(pygame.Surface(SIZE))
    key(host, pygame.K_RETURN)
    assert host.stack.top is listing
    play_hands(1)
    (home / "logs" / "replays" / "m1.jsonl").unlink()
    host.stack.pop()
    open_replays(host)
    key(host, pygame.K_RETURN)
    from ui.menu.save import NoticeScene

    notice: object = host.stack.top  # read afresh: Enter pushed the notice
    assert isinstance(notice, NoticeScene)


def playing(viewer: ReplayViewerScene) -> bool:
    return viewer.playing


def test_the_viewer_plays_and_pauses_and_names_its_speed(home: Path) -> None:
    play_hands(1)
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.NORMAL), SIZE)
    open_replays(host)
    key(host, pygame.K_RETURN)
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    assert any(b.command == "play" and b.label == S.tr("replay_play") for b in viewer.buttons)
    assert viewer.view().speed_name.startswith(S.tr("speed_normal")), "the info panel's speed has a value"
    key(host, pygame.K_p)
    assert viewer.playing and any(b.label == S.tr("replay_pause") for b in viewer.buttons)
    for _ in range(round(60 * PLAY_STEP * 3.5)):
        host.stack.update(1 / 60)
    assert viewer.step == 3, "playing steps on by itself, one step per PLAY_STEP at normal speed"
    key(host, pygame.K_p)
    assert not playing(viewer)
    for _ in range(120):
        host.stack.update(1 / 60)
    assert viewer.step == 3, "paused, it stays"
    key(host, pygame.K_s)
    assert viewer.speed is Speed.FAST and viewer.view().speed_name.startswith(S.tr("speed_fast"))
    key(host, pygame.K_SPACE)
    for _ in range(60 * 60):
        host.stack.update(1 / 60)
    assert viewer.at_end and not playing(viewer), "a replay played to its end stops there"


def test_the_viewer_shows_the_fixed_chickens_and_the_list_names_rulesets_and_draws(home: Path) -> None:
    """docs/rules.md §8 常鸡: the replay's chicken panel lists 幺鸡; the list shows the ruleset's title, 黄庄 for a
    draw."""
    play_hands(1)
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene)
    entry = listing.entries[0]
    assert RULES.title_zh in listing.describe(entry) and "guiyang-classic" not in listing.describe(entry)
    drawn = replace(entry, winners=())
    assert "黄庄" in listing.describe(drawn) and "荒" not in listing.describe(drawn)
    key(host, pygame.K_RETURN)
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    info = viewer.view().chicken_info
    assert info is not None and (parse_tiles("1s")[0], RULES.chickens.fixed[parse_tiles("1s")[0]]) in info.fixed
    key(host, pygame.K_END)
    info = viewer.view().chicken_info
    assert info is not None and info.fixed and viewer.model.ended


def test_the_viewers_panel_names_its_hand_and_only_keys_that_work_in_a_replay(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The info panel of a replay says which hand it is from the first step, and not the table's H hint, T 托管 or
    Space skip, which a replay has not (its own keys are beside it)."""
    S.set_language("en")
    play_hands(2)
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    key(host, pygame.K_RETURN)  # the list is newest first: the second hand
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.step == 0
    drawn = drawn_texts(monkeypatch, "fit")
    viewer.draw(pygame.Surface(SIZE))
    assert S.tr("hand_no", n=2) in drawn
    assert not any("auto-play" in t or "H hint" in t for t in drawn), drawn
    assert any("? all keys" in t for t in drawn)
    for k in (pygame.K_h, pygame.K_t):
        key(host, k)
    assert host.stack.top is viewer and viewer.step == 0  # nothing else happens on them
