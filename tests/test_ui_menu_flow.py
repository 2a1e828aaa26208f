"""A match started from the menu: its length ends it (MatchConfig), statistics count each hand, and the
table honours the settings (claim timer, auto-pass, hints); `python main.py` opens the main menu."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.engine.actions import ActionKind
from game.learn.first_run import mark_offered
from game.match.agents import SimpleAgent
from game.records.stats import load_stats
from game.rules.loader import load_ruleset
from main import main
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.dialogs import ConfirmScene
from ui.kit.widgets import Button
from ui.match.config import MatchConfig, MatchConfigError, MatchLength, MatchProgress, SeatConfig, match_over
from ui.menu.main_menu import MainMenu, ResumeChoiceScene
from ui.menu.match_flow import MatchFlow, build_table, next_seed, start_match
from ui.probe.moments import stage_until
from ui.settings.values import Settings, Speed
from ui.settlement import SettlementScene
from ui.stage.app import App
from ui.stage.scene import Scene
from ui.table.scene import TableScene
from ui.table.session import local_session
from ui.words import strings as S

CLASSIC = load_ruleset("guiyang-classic")
SOLO = (SeatConfig("human"), SeatConfig("ai", "easy"), SeatConfig("ai", "easy"), SeatConfig("ai", "easy"))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    yield
    S.set_language("zh")


def _host() -> HeadlessHost:
    headless_display((1280, 720))
    return HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))


def _send(host: HeadlessHost, *events: pygame.event.Event) -> None:
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    for e in pygame.event.get():
        host.stack.handle_event(e)


def _play_until(host: HeadlessHost, done: object, frames: int = 4000) -> None:
    """Run the stack, closing each hand's settlement panel, until `done()` holds."""
    for _ in range(frames):
        if done():  # type: ignore[operator]
            return
        top = host.stack.top
        if isinstance(top, TableScene):
            top.autopilot = top.autopilot or SimpleAgent()
            top.step_budget = None
        elif top is not None and not isinstance(top, MainMenu) and hasattr(top, "close"):
            top.close()
            continue
        host.stack.update(1 / 60)
    pytest.fail("the match did not get there")


def test_match_length_in_hands_ends_the_match_and_counts_statistics() -> None:
    """A two-hand match: after the second settled hand the table gives way to the summary; stats saved."""
    host = _host()
    host.stack.push(MainMenu(host))
    table = start_match(host, MatchConfig("guiyang-classic", "flow", SOLO, MatchLength("hands", 2)), CLASSIC)
    _play_until(host, lambda: table not in host.stack.scenes())
    assert table.session.hands_settled == 2
    assert not isinstance(host.stack.top, TableScene)  # the summary (or the standings) is up
    book, notices = load_stats()
    assert notices == [] and book.of(4).hands == 2 and book.of(4).matches == 1


def test_statistics_count_only_a_match_with_one_person_at_the_table() -> None:
    host = _host()
    seats = (SeatConfig("human"), SeatConfig("ai"), SeatConfig("human"), SeatConfig("ai"))
    local = MatchConfig("guiyang-classic", "flow2", seats, MatchLength("hands", 1))
    table = build_table(host, local, CLASSIC)
    assert table.config is not None and table.config.humans == (0, 2)
    assert MatchFlow(host, table, local, CLASSIC).stats_seat is None
    solo = MatchConfig("guiyang-classic", "flow3", SOLO[1:] + SOLO[:1], MatchLength("hands", 1))
    assert MatchFlow(host, build_table(host, solo, CLASSIC), solo, CLASSIC).stats_seat == 3


def test_match_over_counts_hands_rounds_and_scores() -> None:
    p = MatchProgress()
    for dealer, nxt in ((0, 0), (0, 1), (1, 3), (3, 0)):
        p.record(dealer, nxt, (0, 0, 0, 0))
    assert (p.hands, p.passes, p.rounds) == (4, 3, 0)
    assert match_over(MatchLength("hands", 4), p) and not match_over(MatchLength("hands", 5), p)
    assert not match_over(MatchLength("rounds", 1), p)
    p.record(0, 2, (30, -10, -10, -10))
    assert p.rounds == 1 and match_over(MatchLength("rounds", 1), p)
    assert match_over(MatchLength("score", 30), p) and not match_over(MatchLength("score", 31), p)
    assert not match_over(MatchLength("endless", 0), p)


def test_match_config_round_trips_and_names_bad_parts() -> None:
    config = MatchConfig("guiyang-modern", "s1", SOLO, MatchLength("rounds", 2))
    assert MatchConfig.from_json(config.to_json()) == config
    assert MatchConfig().humans == (0,)
    with pytest.raises(MatchConfigError, match="level"):
        SeatConfig("ai", "godlike")
    # docs/rules.md §15.2: a table seats four, three or two; a match's seats are the ruleset's players.
    with pytest.raises(MatchConfigError, match="seats"):
        MatchConfig(seats=SOLO[:1])
    MatchConfig("sandingguai", seats=SOLO[:3]).check_players(3)
    with pytest.raises(MatchConfigError, match="3 seats"):
        MatchConfig(seats=SOLO).check_players(3)
    with pytest.raises(MatchConfigError, match="length"):
        MatchConfig.from_json({"length": {"kind": "forever", "n": 1}})
    assert next_seed("table") == "table-2" and next_seed("table-2") == "table-3"


def _offered(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "claims" and any(a.kind is ActionKind.PASS for a in obs.legal_actions)


def test_claim_timer_passes_a_claim_when_time_runs_out() -> None:
    """Settings: claim timer N seconds then auto-pass."""
    host, scene = stage_until(_offered, (1280, 720), CLASSIC, seed="timer")
    scene.autopilot = None
    scene.pause_autopilot = None
    host.settings.claim_timer = 2
    assert not scene.timers.auto_answer()
    assert scene.claim_left == 2.0
    moves = scene.player_moves
    scene.update(1.0)
    assert scene.obs is not None and scene.player_moves == moves  # still deciding
    scene.update(1.1)
    assert scene.player_moves == moves + 1 and scene.claim_left is None


def test_auto_pass_plays_a_move_with_no_choice_and_hints_can_be_off() -> None:
    host, scene = stage_until(_offered, (1280, 720), CLASSIC, seed="auto")
    scene.autopilot = None
    obs = scene.obs
    assert obs is not None
    host.settings.hints = False
    scene.show_hint()
    assert scene.message == S.tr("hints_off")
    only_pass = tuple(a for a in obs.legal_actions if a.kind is ActionKind.PASS)
    scene.obs = obs._replace(legal_actions=only_pass)
    host.settings.auto_pass = False
    assert not scene.timers.auto_answer()
    host.settings.auto_pass = True
    moves = scene.player_moves
    assert scene.timers.auto_answer() and scene.player_moves == moves + 1


def test_escape_at_the_table_offers_to_go_back_to_the_menu() -> None:
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    table = start_match(host, MatchConfig("guiyang-classic", "esc", SOLO, MatchLength("hands", 4)), CLASSIC)
    _send(host, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert isinstance(host.stack.top, ConfirmScene)
    _send(host, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert table not in host.stack.scenes()
    assert host.stack.scenes() == (menu,)


def test_continue_shows_when_a_save_exists_and_resumes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.menu.main_menu as mm

    resumed = Scene(None)  # type: ignore[arg-type]
    fake = SimpleNamespace(has_save=lambda: True, resume=lambda app: resumed)
    monkeypatch.setattr(mm, "optional_module", lambda name: fake if name == "ui.menu.save" else None)
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    first = menu.widgets[0]
    assert isinstance(first, Button) and first.label == S.tr("menu_continue")
    _send(
        host,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=first.rect.center, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=first.rect.center, button=1),
    )
    assert host.stack.top is resumed


@pytest.mark.parametrize(("argv", "first"), [([], "MainMenu"), (["--solo"], "TableScene"), (["play"], "TableScene")])
def test_main_opens_the_menu_unless_told_to_go_straight_to_a_table(
    argv: list[str], first: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []

    def fake_run(self: App, make: object, max_frames: int | None = None) -> int:
        self.stack.resize((1280, 720))
        seen.append(type(make(self)).__name__)  # type: ignore[operator]
        return 0

    monkeypatch.setattr(App, "run", fake_run)
    mark_offered()  # not the first run: the first-run offer has its own tests (tests/test_learn_ui.py)
    assert main([*argv, "--seed", "m"]) == 0
    assert seen == [first]


def test_a_table_opened_from_the_command_line_is_left_for_the_main_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    """`main.py --solo`: Escape at the table, confirmed, leaves the match for the main menu (its 继续对局 resumes the
    saved match), as a match started from the menu does; the sheet's Escape asks the same, as its footer says."""
    scenes: list[list[str]] = []

    def fake_run(self: App, make: object, max_frames: int | None = None) -> int:
        self.stack.resize((1280, 720))
        table = make(self)  # type: ignore[operator]
        self.stack.push(table)
        scenes.append([type(s).__name__ for s in self.stack.scenes()])
        table.offer_leave()
        dialog = self.stack.top
        assert isinstance(dialog, ConfirmScene)
        dialog._answer(True)
        scenes.append([type(s).__name__ for s in self.stack.scenes()])
        return 0

    monkeypatch.setattr(App, "run", fake_run)
    mark_offered()
    assert main(["--solo", "--seed", "m"]) == 0
    assert scenes == [["MainMenu", "TableScene"], ["MainMenu"]]


def test_the_sheet_says_what_escape_does_where_there_is_no_match_to_leave() -> None:
    """Four AIs watched (`--autoplay`) have nothing to leave: the sheet's Escape deals the next hand, and says so."""
    host = _host()
    host.settings.speed = Speed.INSTANT
    table = TableScene(host, CLASSIC, "esc", human=None)
    host.stack.push(table)
    _play_until(host, lambda: isinstance(host.stack.top, SettlementScene))
    sheet = host.stack.top
    assert isinstance(sheet, SettlementScene) and sheet.on_leave is None
    assert sheet.close_hint == "end_next_esc"
    sheet.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert sheet.closed and table.phase == "hand"


def test_a_practice_hand_is_marked_and_left_out_of_the_statistics() -> None:
    """A hand with a move taken back counts as practice, never in the totals the charts draw."""
    host = _host()
    host.stack.push(MainMenu(host))
    table = start_match(host, MatchConfig("guiyang-classic", "flow", SOLO, MatchLength("hands", 2)), CLASSIC)
    local_session(table.session).save.practice.add(1)  # the first hand had a discard taken back
    _play_until(host, lambda: table not in host.stack.scenes())
    book, _notices = load_stats()
    assert (book.of(4).hands, book.of(4).practice) == (1, 1)


def _saved_seeds() -> dict[str, str]:
    from game.files.userdirs import user_dirs
    from game.records.saves import read_save

    folder = user_dirs().saves
    return {p.name: str(read_save(p).head["seed"]) for p in sorted(folder.glob("*.save.json"))}


def _run(host: HeadlessHost, frames: int = 30) -> None:
    for _ in range(frames):
        host.stack.update(1 / 60)


def test_a_new_local_game_keeps_the_solo_match_and_both_can_be_resumed() -> None:
    """One save per kind of match: a hot-seat game started after a solo one leaves the solo match saved."""
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    solo = start_match(host, MatchConfig("guiyang-classic", "solo1", SOLO, MatchLength("hands", 2)), CLASSIC)
    _run(host)
    host.stack.remove(solo)
    seats = (SeatConfig("human"), SeatConfig("ai"), SeatConfig("human"), SeatConfig("ai"))
    local = start_match(host, MatchConfig("guiyang-classic", "local1", seats, MatchLength("hands", 2)), CLASSIC)
    _run(host)
    for scene in reversed(host.stack.scenes()[1:]):
        host.stack.remove(scene)
    assert local not in host.stack.scenes()
    assert sorted(_saved_seeds().values()) == ["local1", "solo1"]
    # A save of today's one slot (match.save.json) is the solo match's and resumes as ever.
    assert _saved_seeds()["match.save.json"] == "solo1"
    menu.enter()
    menu.continue_match()
    choice = host.stack.top
    assert isinstance(choice, ResumeChoiceScene)
    labels = [w.label for w in choice.widgets if isinstance(w, Button)]
    assert any(label.startswith(S.tr("save_kind_solo")) for label in labels), labels
    solo_button = next(w for w in choice.widgets if isinstance(w, Button) and w.label.startswith("单人"))
    solo_button.on_press()
    table = host.stack.top
    assert isinstance(table, TableScene) and table.config is not None and table.config.seed == "solo1"


def test_the_resume_choice_shows_the_date_of_the_save() -> None:
    import time as clock

    from game.files.userdirs import user_dirs

    host = _host()
    saved = user_dirs().ensure("saves") / "match.save.json"
    saved.write_text("{}", encoding="utf-8")
    when = clock.mktime((2024, 5, 3, 14, 20, 0, 0, 0, -1))
    os.utime(saved, (when, when))
    menu = MainMenu(host)
    host.stack.push(menu)
    first = menu.widgets[0]
    assert isinstance(first, Button) and first.label == "继续对局 · 05-03 14:20"


def test_the_menu_buttons_stay_put_when_continue_appears() -> None:
    from game.files.userdirs import user_dirs

    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    before = [(w.rect.copy(), w.enabled) for w in menu.widgets if isinstance(w, Button)]
    (user_dirs().ensure("saves") / "match.save.json").write_text("{}", encoding="utf-8")
    menu.enter()
    after = [(w.rect.copy(), w.enabled) for w in menu.widgets if isinstance(w, Button)]
    assert [rect for rect, _ in after] == [rect for rect, _ in before]
    assert [on for _, on in before] == [False, *[True] * (len(before) - 1)], "greyed without a save"
    assert all(on for _, on in after), "the resume choice lights up in its own place"
