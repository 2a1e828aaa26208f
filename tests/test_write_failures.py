"""A full disk or a read-only folder: the player is told, play goes on, and nothing already kept is lost.

The save is written atomically, so the last good save stays; the replay log, `simulate --log`, the
hand exporter and `folders --copy` each lose at most the piece being written, and the replay viewer
reads every whole hand of a log that a failed write cut short.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from game.engine.round import Round
from game.files.bounded_io import WholeAppender
from game.match.agents import Agent, SimpleAgent
from game.match.match import Match
from game.match.play import play_round
from game.records.gamelog import read_log
from game.rules.loader import load_ruleset
from tests.hostile import run
from ui.table.session import local_session

RULES = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path / "home"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class _Disk:
    """os.write that fills up: after `room` more bytes, writes part of a buffer and then ENOSPC."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.real = os.write

    def __call__(self, fd: int, data: Any) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        n = self.real(fd, bytes(data[: self.room]))
        self.room -= n
        return n


def _hands(n: int) -> list[Round]:
    match = Match(RULES, "disk")
    out = []
    for _ in range(n):
        rnd = play_round(match.new_round(), [SimpleAgent()] * 4)
        match.finish_round(rnd)
        out.append(rnd)
    return out


def test_a_failed_append_is_cut_back_and_keeps_what_was_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "log.jsonl"
    with WholeAppender(path) as out:
        out.write("first line\n")
    monkeypatch.setattr(os, "write", _Disk(5))
    with WholeAppender(path) as out, pytest.raises(OSError, match="No space"):
        out.write("second line, which does not fit\n")
    assert path.read_text() == "first line\n"


def test_a_full_disk_loses_at_most_the_hand_being_kept_for_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """a half-written hand no longer makes every hand of the match unviewable."""
    from game.match.replay import load_hand
    from game.records.replaylog import ReplayLog, read_index

    hands = _hands(4)
    keeper = ReplayLog("m1", RULES, "disk")
    told: list[str] = []
    keeper.on_error = told.append
    for rnd in hands[:3]:
        keeper(rnd, False)
    log = tmp_path / "home" / "logs" / "replays" / "m1.jsonl"
    before = log.read_bytes()
    monkeypatch.setattr(os, "write", _Disk(300))
    keeper(hands[3], False)
    assert log.read_bytes() == before and len(told) == 1 and "No space" in told[0]
    monkeypatch.undo()
    os.environ["GUIYANG_MAHJONG_HOME"] = str(tmp_path / "home")
    # A log cut mid-line by an older writer or a crash: every whole hand is still viewable.
    with log.open("ab") as out:
        out.write(b'{"type":"hand_started","hand":4,"deal')
    entries = read_index()
    assert [e.hand for e in entries] == [1, 2, 3]
    for entry in entries:
        rules, events = load_hand(entry)
        assert events == hands[entry.hand - 1].events and rules.name == RULES.name
    parsed = read_log(log, lenient=True)
    assert len(parsed.hands) == 3 and parsed.damage is not None and ":" in parsed.damage


def test_save_failures_are_told_and_the_leave_dialog_says_the_match_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SaveWriter.error reaches the player; the last good save stays on disk."""
    import pygame

    import game.records.saves as save_module
    from tests.ui_host import HeadlessHost, headless_display
    from ui.kit.dialogs import ConfirmScene
    from ui.menu.save import NoticeScene, save_path
    from ui.settings.values import Settings, Speed
    from ui.table.scene import TableScene
    from ui.words import strings as S

    headless_display((1280, 720))
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    agents: list[Agent | None] = [None, SimpleAgent(), SimpleAgent(), SimpleAgent()]
    table = TableScene(host, RULES, "disk", human=0, agents=agents, save_name="match.save.json")
    host.stack.push(table)
    session = local_session(table.session)
    writer = session.save_writer
    assert writer is not None
    writer(session.save)
    good = save_path().read_text(encoding="utf-8")

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(save_module, "write_text_atomic", full)
    session.save.config["changed"] = True
    writer(session.save)
    writer(session.save)
    notices = [s for s in host.stack.scenes() if isinstance(s, NoticeScene)]
    assert len(notices) == 1 and "No space left on device" in notices[0].message  # told once
    assert save_path().read_text(encoding="utf-8") == good  # the last good save is kept
    notices[0].close()
    table.on_leave = lambda: None
    table.selected = None
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    confirm = host.stack.top
    assert isinstance(confirm, ConfirmScene)
    assert confirm.message == S.tr("leave_confirm_unsaved", reason="No space left on device")


def test_simulate_log_and_export_stop_with_a_message_and_keep_whole_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "m.jsonl"
    monkeypatch.setattr(os, "write", _Disk(40_000))
    ran = run("simulate", "--hands", "20", "--log", str(log))
    monkeypatch.undo()
    assert ran.code == 2 and "No space" in ran.err and "Traceback" not in ran.err
    parsed = read_log(log)  # not lenient: every line is whole
    assert parsed.hands and parsed.ending() is None
    exported = run("simulate", "--hands", "2", "--export", str(tmp_path / "m.jsonl"))
    assert exported.code == 2 and "not a folder" in exported.err
    inside_a_file = run("simulate", "--hands", "2", "--export", str(tmp_path / "m.jsonl" / "sub"))
    assert inside_a_file.code == 2 and "cannot write hand files there" in inside_a_file.err


def test_hand_files_and_ruleset_copies_are_written_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.records.export import HandExporter

    (rnd,) = _hands(1)
    assert rnd.state.result is not None
    exporter = HandExporter(tmp_path / "hands")

    def full(text: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    real_fdopen = os.fdopen

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        f = real_fdopen(fd, *args, **kwargs)
        f.write = full
        return f

    monkeypatch.setattr(os, "fdopen", fdopen)
    with pytest.raises(OSError):
        exporter.write(rnd.state.result)
    copied = run("folders", "--copy", "guiyang-classic", "--as", "mine")
    monkeypatch.undo()
    assert copied.code == 1 and "No space" in copied.err
    assert not list((tmp_path / "hands").iterdir())  # no half file, no temporary left
    assert not list((tmp_path / "home").rglob("mine*"))


def test_a_disk_full_from_the_start_is_told_once_the_table_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.records.saves as save_module
    from tests.ui_host import HeadlessHost, headless_display
    from ui.menu.save import NoticeScene
    from ui.settings.values import Settings, Speed
    from ui.table.scene import TableScene

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(save_module, "write_text_atomic", full)
    headless_display((1280, 720))
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    agents: list[Agent | None] = [None, SimpleAgent(), SimpleAgent(), SimpleAgent()]
    table = TableScene(host, RULES, "full", human=0, agents=agents, save_name="match.save.json")
    session = local_session(table.session)
    assert session.save_writer is not None
    session.save_writer(session.save)  # fails before the table is on the stack
    host.stack.push(table)
    assert isinstance(host.stack.top, NoticeScene) and "No space" in host.stack.top.message
