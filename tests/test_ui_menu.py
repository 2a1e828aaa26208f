"""The menus, driven by posted pygame events: main menu, new game, settings, rules and statistics screens."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.ai import LEVELS
from game.ai.levels.master import MasterAgent
from game.records.stats import PlayerStats, StatsBook, save_stats
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.list_view import ListView
from ui.kit.widgets import Button, Choice, NameField, Slider, TextField, Toggle
from ui.menu.main_menu import MainMenu
from ui.menu.new_game import NewGameScene, seat_choices
from ui.menu.rules_screen import RulesScene, rule_rows
from ui.menu.settings_screen import SettingsScene
from ui.menu.stats_screen import StatsScene, stat_cards
from ui.settings.store import settings_path
from ui.settings.values import Settings, Speed
from ui.table.scene import TableScene
from ui.table.session import local_session
from ui.words import net as net_text
from ui.words import strings as S

SIZES = [(1280, 720), (1920, 1080), (1024, 600)]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    """Every test gets its own player folder, and Chinese text to start with."""
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    yield
    S.set_language("zh")


def _host(size: tuple[int, int] = (1280, 720)) -> HeadlessHost:
    headless_display(size)
    return HeadlessHost(Settings(speed=Speed.INSTANT), size)


def _send(host: HeadlessHost, *events: pygame.event.Event) -> None:
    """Post events through pygame's queue and hand them to the stack, as the main loop does."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    for e in pygame.event.get():
        host.stack.handle_event(e)


def _click(host: HeadlessHost, pos: tuple[int, int]) -> None:
    _send(
        host,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def _key(host: HeadlessHost, key: int) -> None:
    _send(host, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _button(scene: object, label: str) -> Button:
    return next(w for w in scene.widgets if isinstance(w, Button) and w.label == label)  # type: ignore[attr-defined]


def _draw(host: HeadlessHost) -> pygame.Surface:
    surface = pygame.Surface(host.stack.size)
    host.stack.draw(surface)
    return surface


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_menu_screen_fits_the_window_and_draws(size: tuple[int, int], lang: str) -> None:
    """Each screen's controls lie inside the window and do not overlap, in both languages."""
    S.set_language(lang)
    host = _host(size)
    screen = pygame.Rect((0, 0), size)
    for make in (MainMenu, NewGameScene, SettingsScene, RulesScene, StatsScene):
        scene = make(host)
        host.stack.push(scene)
        _draw(host)
        rects = [w.rect for w in scene.widgets]
        assert rects, make.__name__
        for i, r in enumerate(rects):
            assert screen.contains(r), (make.__name__, r)
            for other in rects[i + 1 :]:
                assert not r.colliderect(other), (make.__name__, r, other)
        host.stack.pop()


def test_main_menu_offers_the_entries_and_greys_continue_without_a_save() -> None:
    """A first run's menu has no hole where the resume choice goes: it is there, greyed, and the keys start on 单人."""
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    labels = [w.label for w in menu.widgets if isinstance(w, Button) and w.enabled]
    resume = menu.widgets[0]
    assert isinstance(resume, Button) and resume.label == S.tr("menu_continue") and not resume.enabled
    assert menu.focus == 1
    _click(host, resume.rect.center)
    assert host.stack.top is menu, "a greyed choice does nothing"
    assert labels == [
        *(S.tr(k) for k in ("menu_solo", "menu_local")),
        *(net_text.t(k) for k in ("menu_lan_host", "menu_lan_join")),
        *(
            S.tr(k)
            for k in (
                "menu_learn",
                "menu_calculator",
                "menu_replays",
                "menu_rules",
                "menu_stats",
                "menu_settings",
                "menu_quit",
            )
        ),
    ]
    _click(host, _button(menu, S.tr("menu_quit")).rect.center)
    assert host.exit_code == 0


def test_keyboard_moves_down_the_menu_and_enter_opens_settings() -> None:
    host = _host()
    host.stack.push(MainMenu(host))
    for _ in range(9):
        _key(host, pygame.K_DOWN)
    _key(host, pygame.K_RETURN)
    assert isinstance(host.stack.top, SettingsScene)
    _key(host, pygame.K_ESCAPE)
    assert isinstance(host.stack.top, MainMenu)


def test_main_menu_shows_file_notices() -> None:
    host = _host()
    menu = MainMenu(host, ["settings.json: not valid JSON"])
    host.stack.push(menu)
    assert menu.notices
    _draw(host)  # the notice box draws without error


def test_settings_changes_apply_at_once_and_are_saved(tmp_path: Path) -> None:
    host = _host()
    scene = SettingsScene(host)
    host.stack.push(scene)
    language = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("set_language"))
    _click(host, language.segments()[1].center)  # English
    assert host.settings.language == "en" and S.language() == "en"
    timer = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("set_claim_timer"))
    _click(host, timer.segments()[2].center)
    hints = next(w for w in scene.widgets if isinstance(w, Toggle) and w.label == S.tr("set_hints"))
    _click(host, hints.segments()[0].center)
    pages = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("set_page"))
    _click(host, pages.segments()[1].center)  # the sound page
    volume = next(w for w in scene.widgets if isinstance(w, Slider))
    track = volume.track()
    _click(host, (track.left, track.centery))
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["language"] == "en" and saved["claim_timer"] == 10 and saved["hints"] is False
    assert saved["volume"] == 0 == host.settings.volume


def test_settings_keys_step_the_focused_control() -> None:
    host = _host()
    host.settings.speed = Speed.NORMAL
    host.stack.push(SettingsScene(host))
    _key(host, pygame.K_DOWN)  # from the language row to the speed row
    _key(host, pygame.K_RIGHT)
    assert host.settings.speed.value == "fast"
    _key(host, pygame.K_LEFT)
    _key(host, pygame.K_LEFT)
    assert host.settings.speed.value == "slow"
    _key(host, pygame.K_UP)
    _key(host, pygame.K_UP)  # the page row
    _key(host, pygame.K_RIGHT)  # the sound page, its row still focused
    _key(host, pygame.K_DOWN)  # the volume slider
    _key(host, pygame.K_LEFT)
    assert host.settings.volume == 75
    _key(host, pygame.K_UP)
    _key(host, pygame.K_RIGHT)  # the look page
    _key(host, pygame.K_DOWN)
    _key(host, pygame.K_DOWN)  # tile size
    _key(host, pygame.K_RIGHT)
    assert host.settings.tile_size == "large"
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["tile_size"] == "large"


def test_new_game_starts_a_table_with_the_chosen_seats_length_and_seed() -> None:
    host = _host()
    host.stack.push(MainMenu(host))
    host.stack.top.new_game("solo")  # type: ignore[union-attr]
    scene = host.stack.top
    assert isinstance(scene, NewGameScene)
    hard = next(w for w in scene.widgets if isinstance(w, Choice) and w.label.startswith(S.wind(1, 4)))
    _click(host, hard.segments()[3].center)
    seed = next(w for w in scene.widgets if type(w) is TextField)
    _click(host, seed.rect.center)
    for _ in range(10):
        _key(host, pygame.K_BACKSPACE)
    _send(host, pygame.event.Event(pygame.TEXTINPUT, text="deal-42"))
    assert scene.seed == "deal-42"
    _click(host, _button(scene, S.tr("ng_start")).rect.center)
    table = host.stack.top
    assert isinstance(table, TableScene)
    config = table.config
    assert config is not None and config.seed == "deal-42"
    assert [s.kind for s in config.seats] == ["human", "ai", "ai", "ai"] and config.seats[1].level == "hard"
    assert config.length.kind == "hands" and config.length.n == 8
    assert json.loads(settings_path().read_text(encoding="utf-8"))["ruleset"] == config.ruleset


def test_the_new_game_screen_offers_master_between_hard_and_expert_in_every_seat() -> None:
    """Each seat's row offers a person, then every level of the engine's in its order: 大师 / Master after 困难."""
    host = _host()
    for mode in ("solo", "local"):
        scene = NewGameScene(host, mode)
        host.stack.push(scene)
        assert len(scene.seat_choices) == 4
        for row in scene.seat_choices:
            assert [value for value, _ in row.options] == [("human", ""), *(("ai", level) for level in LEVELS)]
            assert [text for _, text in row.options][3:] == ["困难", "大师", "专家"]
        host.stack.pop()
    S.set_language("en")
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    assert [text for _, text in scene.seat_choices[1].options][3:] == ["Hard", "Master", "Expert"]


def test_a_match_started_with_a_master_seat_is_played_by_the_master() -> None:
    """Picking 大师 for South and starting: the match's config says master and the seat's agent is the master."""
    host = _host()
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    south = scene.seat_choices[1]
    _click(host, south.segments()[seat_choices(4).index(("ai", "master"))].center)
    assert scene.seats[1] == ("ai", "master")
    _click(host, _button(scene, S.tr("ng_start")).rect.center)
    table = host.stack.top
    assert isinstance(table, TableScene) and table.config is not None
    assert [(s.kind, s.level) for s in table.config.seats][1] == ("ai", "master")
    agents = local_session(table.session).agents
    assert isinstance(agents[1], MasterAgent) and not isinstance(agents[2], MasterAgent)


def test_master_as_the_settings_level_fills_the_new_games_ai_seats() -> None:
    """The settings' level (the settings file's, or `--level master` for a run) starts every AI seat at master."""
    host = _host()
    host.settings.level = "master"
    scene = NewGameScene(host, "solo")
    assert scene.seats == [("human", ""), ("ai", "master"), ("ai", "master"), ("ai", "master")]


@pytest.mark.parametrize("players", [3, 2])
def test_a_table_of_three_or_two_offers_no_master_which_would_play_as_hard(players: int) -> None:
    """§15.2: the network learned four-seat tables only, so at 三丁拐 and 二丁拐 master is hard; the screen offers the
    levels that differ, and a settings level of master seats hard there."""
    host = _host()
    host.settings.level = "master"
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    scene.set_players(players)
    assert scene.seats == [("human", ""), *[("ai", "hard")] * (players - 1)]
    offered = [value for value, _text in scene.seat_choices[1].options]
    assert ("ai", "master") not in offered and ("ai", "expert") in offered and len(offered) == 5
    scene.set_players(4)
    assert ("ai", "master") in [value for value, _text in scene.seat_choices[1].options]


def test_no_player_seat_means_no_start() -> None:
    host = _host()
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    you = scene.seat_choices[0]
    _click(host, you.segments()[2].center)
    _click(host, _button(scene, S.tr("ng_start")).rect.center)
    assert host.stack.top is scene and scene.message == S.tr("ng_need_human")


def test_a_broken_player_ruleset_is_listed_greyed_with_its_errors(tmp_path: Path) -> None:
    folder = tmp_path / "rulesets"
    folder.mkdir()
    (folder / "mine.yaml").write_text("name: mine\nbase: [1\n", encoding="utf-8")
    host = _host()
    scene = NewGameScene(host, "local")
    host.stack.push(scene)
    items = next(w for w in scene.widgets if isinstance(w, ListView)).items
    broken = [i for i, item in enumerate(items) if not item.usable]
    assert len(broken) == 1 and items[broken[0]].text == "mine.yaml"
    scene.list_view.choose(broken[0])
    assert not _button(scene, S.tr("ng_start")).enabled
    assert scene.problem() == S.tr("ng_broken_pick")
    assert scene.entry is not None and scene.entry.errors
    _draw(host)
    assert [s[0] for s in scene.seats] == ["human", "ai", "human", "ai"]  # local play: two people to start


def test_rules_screen_lists_every_value_scrolls_and_switches() -> None:
    host = _host()
    scene = RulesScene(host)
    host.stack.push(scene)
    rows = rule_rows(scene.rules)  # type: ignore[arg-type]
    assert any(r.value is None and r.label == "鸡" for r in rows)  # the chickens section, in Chinese
    assert any(r.label == "翻鸡" and r.value == "是" for r in rows)
    first = scene.index
    _send(host, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    _key(host, pygame.K_PAGEDOWN)
    assert scene.scroll_px > 0
    _key(host, pygame.K_END)
    bottom = scene.scroll_px
    _key(host, pygame.K_DOWN)
    assert scene.scroll_px == bottom  # no further than the end
    _key(host, pygame.K_RIGHT)
    assert scene.index == (first + 1) % len(scene.entries) and scene.scroll_px == 0
    S.set_language("en")
    assert any(r.label == "turned chicken" and r.value == "yes" for r in rule_rows(scene.rules))  # type: ignore[arg-type]


def test_rules_screen_reads_the_daopei_choices_in_chinese() -> None:
    """docs/rules.md §14: the 倒赔 table's choice words read in the screen's language, not as file values."""
    from game.rules.loader import load_ruleset

    rules = load_ruleset("guiyang-daopei")
    S.set_language("zh")
    values = {r.value for r in rule_rows(rules) if r.value is not None}
    assert any("倒赔" in v for v in values) and not any("pay_back" in v for v in values)
    S.set_language("en")
    assert any("paid back" in (r.value or "") for r in rule_rows(rules))
    S.set_language("zh")


def test_stats_screen_shows_saved_totals_and_resets_after_asking() -> None:
    save_stats(StatsBook({4: PlayerStats(hands=10, wins=3, win_points=30, self_draws=1)}))
    host = _host()
    scene = StatsScene(host)
    host.stack.push(scene)
    cards = dict(stat_cards(scene.stats, scene.book))
    assert (
        cards[S.tr("st_hands")] == "10" and cards[S.tr("st_win_rate")] == "30%" and cards[S.tr("st_avg_win")] == "10.0"
    )
    _click(host, _button(scene, S.tr("st_reset")).rect.center)
    _key(host, pygame.K_RETURN)  # yes
    assert scene.book == StatsBook() and scene.stats == PlayerStats()


def test_replays_without_a_viewer_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.menu.main_menu as mm

    monkeypatch.setattr(mm, "optional_module", lambda name: None)
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    _click(host, _button(menu, S.tr("menu_replays")).rect.center)
    assert menu.message == S.tr("menu_no_replays")


class _LongMenu(MainMenu):
    """The main menu with exactly `total` entries (Quit last), as screens add or drop theirs."""

    total = 8

    def entries(self) -> list[tuple[str, Callable[[], None], str]]:
        base = super().entries()
        keep = base[: min(len(base), self.total) - 1]
        more = [(f"{S.tr('menu_rules')} {i + 2}", lambda: None, "plain") for i in range(self.total - 1 - len(keep))]
        return keep + more + base[-1:]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600), (960, 540), (1366, 768)])
@pytest.mark.parametrize("total", [8, 9, 11, 12])
def test_main_menu_lays_out_up_to_twelve_buttons_inside_its_panel(
    size: tuple[int, int], total: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.menu.main_menu as mm

    monkeypatch.setattr(mm, "has_save", lambda: True)  # "continue" shows too
    host = _host(size)
    menu = type("Menu", (_LongMenu,), {"total": total})(host)
    host.stack.push(menu)
    buttons = [w for w in menu.widgets if isinstance(w, Button)]
    assert len(buttons) == total
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(menu.panel)
    _title, _sub, _tiles, buttons_top = menu.header()
    assert menu.panel.top >= buttons_top - 1, "the panel stays under the title and the showcase"
    assert menu.panel.bottom <= size[1] - menu.m.small * 2, "the key hints along the bottom stay clear"
    for i, b in enumerate(buttons):
        assert menu.panel.contains(b.rect), (b.label, b.rect, menu.panel)
        assert b.rect.height >= round(menu.m.body * 1.9), "a button is tall enough for its label"
        for other in buttons[i + 1 :]:
            assert not b.rect.colliderect(other.rect), (b.label, other.label)
    _draw(host)


def test_each_person_gives_a_name_that_is_remembered_for_their_seat() -> None:
    """A name field for each person's seat (none for an AI's); the names go to the match and the settings."""
    host = _host()
    scene = NewGameScene(host, "local")
    host.stack.push(scene)
    fields = [w for w in scene.widgets if isinstance(w, NameField)]
    assert len(fields) == 2  # East and West are people
    _click(host, fields[1].rect.center)
    _send(host, pygame.event.Event(pygame.TEXTINPUT, text="小明"))
    _click(host, fields[0].rect.center)
    _send(host, pygame.event.Event(pygame.TEXTINPUT, text="Ann Lee"))
    assert scene.names[0] == "Ann Lee" and scene.names[2] == "小明"
    _click(host, scene.seat_choices[1].segments()[0].center)  # South becomes a person: a third field
    assert len([w for w in scene.widgets if isinstance(w, NameField)]) == 3
    _click(host, scene.seat_choices[1].segments()[2].center)  # and an AI again
    config = scene.config()
    assert [s.name for s in config.seats] == ["Ann Lee", "", "小明", ""]
    _click(host, _button(scene, S.tr("ng_start")).rect.center)
    table = host.stack.top
    assert isinstance(table, TableScene) and table.names == ("Ann Lee", "", "小明", "")
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["names"] == ["Ann Lee", "", "小明", ""]
    again = NewGameScene(host, "local")
    assert again.names[0] == "Ann Lee" and again.names[2] == "小明"


def test_the_discard_setting_is_offered_and_saved() -> None:
    host = _host()
    scene = SettingsScene(host)
    host.stack.push(scene)
    assert host.settings.discard_clicks == 2  # as the big apps: raise, then discard
    row = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("set_discard"))
    _click(host, row.segments()[1].center)
    assert host.settings.discard_clicks == 1
    assert json.loads(settings_path().read_text(encoding="utf-8"))["discard_clicks"] == 1


def test_a_solo_match_can_be_a_practice_match() -> None:
    host = _host()
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    practice = next(w for w in scene.widgets if isinstance(w, Toggle) and w.label == S.tr("ng_practice"))
    _click(host, practice.segments()[1].center)
    _click(host, _button(scene, S.tr("ng_start")).rect.center)
    assert host.settings.practice
    assert json.loads(settings_path().read_text(encoding="utf-8"))["practice"] is True
    table = host.stack.top
    assert isinstance(table, TableScene) and table.practice_game
    local = NewGameScene(host, "local")
    host.stack.push(local)
    assert not any(isinstance(w, Toggle) and w.label == S.tr("ng_practice") for w in local.widgets)


def test_the_key_points_of_a_table_of_two_leave_out_several_winners_on_one_discard() -> None:
    """docs/rules.md §15.4: at 二丁拐 only one other seat can win off a discard, so 一炮多响 is not a point of it."""
    from game.rules.labels import FIELD_LABELS
    from game.rules.loader import load_ruleset
    from ui.menu.value_text import field_label, summary

    several = field_label(*FIELD_LABELS["play.multiple_winners"])
    assert several not in [label for label, _ in summary(load_ruleset("erding-liangfang"))]
    assert several in [label for label, _ in summary(load_ruleset("sandingguai"))]
