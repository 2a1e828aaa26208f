"""Deleting a match's replay (its log and its hands in the index), asked first, all or nothing; and the
marker on the hands people played."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pygame
import pytest

import game.records.replaylog as replaylog
from game.records.replaylog import DeleteError, HandEntry, delete_match, read_index
from tests.replay_rig import play_hands
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.dialogs import ConfirmScene, NoticeScene
from ui.replays.browser import ReplayListScene, open_replays
from ui.settings.values import Settings
from ui.words import strings as S

SIZE = (1280, 720)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    return tmp_path


def folder(home: Path) -> Path:
    return home / "logs" / "replays"


def add_other_match(home: Path) -> None:
    """A second match in the index, which a delete of m1 must leave alone."""
    (folder(home) / "m2.jsonl").write_text("{}\n", encoding="utf-8")
    index = folder(home) / "index.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    data["hands"].append({**data["hands"][0], "file": "m2.jsonl"})
    index.write_text(json.dumps(data), encoding="utf-8")


def key(host: HeadlessHost, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_delete_removes_the_log_and_every_hand_of_the_match(home: Path) -> None:
    play_hands(2)
    add_other_match(home)
    assert delete_match("m1.jsonl") == 2
    assert not (folder(home) / "m1.jsonl").exists()
    assert [e.file for e in read_index()] == ["m2.jsonl"]
    assert (folder(home) / "m2.jsonl").exists()
    assert sorted(p.name for p in folder(home).iterdir()) == ["index.json", "m2.jsonl"]  # nothing left aside


def test_a_failed_index_write_changes_nothing_and_says_why(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    play_hands(2)
    before = (folder(home) / "index.json").read_bytes()
    log = (folder(home) / "m1.jsonl").read_bytes()

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(replaylog, "write_text_atomic", full)
    with pytest.raises(DeleteError, match="No space left"):
        delete_match("m1.jsonl")
    assert (folder(home) / "index.json").read_bytes() == before
    assert (folder(home) / "m1.jsonl").read_bytes() == log
    assert sorted(p.name for p in folder(home).iterdir()) == ["index.json", "m1.jsonl"]


def test_a_log_that_cannot_be_moved_changes_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    play_hands(1)
    before = (folder(home) / "index.json").read_bytes()

    def refused(src: object, dst: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(DeleteError, match="Permission denied"):
        delete_match("m1.jsonl")
    monkeypatch.undo()
    assert (folder(home) / "index.json").read_bytes() == before
    assert (folder(home) / "m1.jsonl").exists()


def test_a_name_outside_the_replays_folder_is_refused(home: Path) -> None:
    play_hands(1)
    (home / "logs" / "keep.jsonl").write_text("x", encoding="utf-8")
    with pytest.raises(DeleteError):
        delete_match("../keep.jsonl")
    assert (home / "logs" / "keep.jsonl").exists()


def test_the_list_asks_before_deleting_and_cancel_keeps_the_match(home: Path) -> None:
    play_hands(2)
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene)
    key(host, pygame.K_DELETE)
    ask = host.stack.top
    assert isinstance(ask, ConfirmScene) and "2" in ask.message
    key(host, pygame.K_ESCAPE)
    assert host.stack.top is listing and len(listing.entries) == 2
    assert (folder(home) / "m1.jsonl").exists()


def test_the_list_deletes_the_match_once_confirmed(home: Path) -> None:
    play_hands(2)
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene)
    delete = next(b for b in listing.buttons if b.command == "delete")
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=delete.rect.center))
    key(host, pygame.K_RETURN)
    assert host.stack.top is listing and listing.entries == []
    assert not (folder(home) / "m1.jsonl").exists() and read_index() == []
    assert [b.command for b in listing.buttons] == ["close"]  # nothing left to delete


def test_a_failed_delete_shows_why_and_the_list_is_unchanged(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    play_hands(1)
    headless_display(SIZE)
    host = HeadlessHost(Settings(), SIZE)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene)

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(replaylog, "write_text_atomic", full)
    listing.delete("m1.jsonl")
    notice = host.stack.top
    assert isinstance(notice, NoticeScene) and "No space left" in notice.message
    assert len(listing.entries) == 1 and (folder(home) / "m1.jsonl").exists()


def test_hands_people_played_are_marked_with_their_seats(home: Path) -> None:
    play_hands(1)
    (entry,) = read_index()
    assert entry.people == (0,)
    assert ReplayListScene.mine(entry) == "你坐东"
    ai_only = HandEntry("m3.jsonl", 1, "guiyang-classic", "s", "t", (), (0, 0, 0, 0), False)
    assert ReplayListScene.mine(ai_only) == ""


def test_an_index_written_before_seats_were_kept_still_lists(home: Path) -> None:
    play_hands(1)
    index = folder(home) / "index.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    del data["hands"][0]["people"]
    data["hands"].append({**data["hands"][0], "hand": 2, "people": ["x"]})
    index.write_text(json.dumps(data), encoding="utf-8")
    assert [e.people for e in read_index()] == [(), ()]
