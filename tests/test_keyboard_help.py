"""The key help (?): every key a screen's code binds is on its list, the list opens over the screen and closes
again, in both languages, and ? is typed, not opened, where a name is being written."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.calculator.scene import CalculatorScene
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import TextField
from ui.menu.main_menu import MainMenu
from ui.menu.new_game import NewGameScene
from ui.menu.settings_screen import SettingsScene
from ui.settings.values import Settings, Speed
from ui.stage.scene import KeyHelpScene, Scene
from ui.table.scene import TableScene
from ui.table.table_input import ANSWERS
from ui.words import keys as K
from ui.words import strings as S

ROOT = Path(__file__).resolve().parent.parent

# Each file that binds keys, and the key lists of the screens it binds them for.
BINDINGS: dict[str, tuple[K.KeyLine, ...]] = {
    "ui/kit/menu_scene.py": K.MENU,
    "ui/kit/widgets.py": K.MENU,
    "ui/kit/list_view.py": K.MENU,
    "ui/kit/dialogs.py": (*K.DIALOG, *K.NOTICE, *K.CHOICE),
    "ui/menu/main_menu.py": K.MENU,
    "ui/menu/new_game.py": K.MENU,
    "ui/menu/settings_screen.py": (*K.MENU, *K.SETTINGS),
    "ui/menu/rules_screen.py": (*K.MENU, *K.RULES),
    "ui/menu/stats_screen.py": K.MENU,
    "ui/menu/lan.py": K.MENU,
    "ui/menu/lobby.py": K.MENU,
    "ui/menu/match_flow.py": K.MENU,
    "ui/learn/first_run.py": K.MENU,
    "ui/learn/lesson_list.py": K.MENU,
    "ui/learn/guide_scene.py": (*K.MENU, *K.GUIDE),
    "ui/learn/lesson_scene.py": (*K.MENU, *K.LESSON),
    "ui/calculator/scene.py": (*K.MENU, *K.CALCULATOR),
    "ui/calculator/widgets.py": (*K.MENU, *K.CALCULATOR),
    "ui/calculator/open_scene.py": (*K.MENU, *K.OPEN_HAND),
    "ui/table/table_input.py": K.TABLE,
    "ui/table/player_move.py": K.TABLE,
    "ui/table/tuoguan.py": K.TABLE,
    "ui/table/scene.py": K.TABLE,
    "ui/table/net_overlay.py": K.NET_TABLE,
    "ui/table/privacy.py": K.HANDOFF,
    "ui/settlement/scene.py": K.SETTLEMENT,
    "ui/settlement/summary.py": K.SUMMARY,
    "ui/settlement/review_button.py": K.SETTLEMENT,
    "ui/replays/browser.py": K.REPLAY_LIST,
    "ui/replays/viewer.py": K.REPLAY,
    "ui/review/moment.py": K.REPLAY,
    "ui/review/scene.py": K.REVIEW,
    "ui/review/career_scene.py": K.CAREER,
    "ui/stage/app.py": K.COMMON,
}
KEY_NAME = re.compile(r"pygame\.(K_\w+)")


def _bound(path: str) -> set[str]:
    """The key constants a file's code names."""
    return set(KEY_NAME.findall((ROOT / path).read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", sorted(BINDINGS))
def test_every_key_a_screen_binds_is_on_its_key_help(path: str) -> None:
    listed = K.codes((*BINDINGS[path], *K.COMMON))
    missing = sorted(name for name in _bound(path) if getattr(pygame, name) not in listed)
    assert missing == [], f"{path} binds keys its help does not list"


def test_every_scene_that_binds_keys_is_held_to_a_list() -> None:
    """A new screen binding keys must say which list its keys are on (and so get a key help)."""
    files = {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py") if KEY_NAME.search(p.read_text("utf-8"))}
    elsewhere = {
        "ui/words/keys.py",  # the lists themselves
        "ui/stage/scene.py",  # the key help's own Esc and Enter
        "ui/table/net_overlay.py",  # the network table's chat keys
        "ui/kit/buttons.py",  # no key of its own: the buttons carry their screens'
        "ui/probe/review_moments.py",  # presses keys to take pictures, binds none
    }
    assert files - elsewhere - set(BINDINGS) == set()


def test_the_table_binds_its_keys_by_their_names_on_the_list() -> None:
    """The table's input asks the list what a key is (ui.words.keys.named), each name one the list has."""
    source = (ROOT / "ui/table/table_input.py").read_text("utf-8")
    assert "K.named(K.TABLE, key)" in source
    asked = set(re.findall(r'what == "(\w+)"', source)) | ANSWERS
    assert len(asked) > 10
    assert asked <= {k.name for k in K.TABLE}


def test_the_lists_say_every_line_in_both_languages() -> None:
    tables = [v for v in vars(K).values() if isinstance(v, tuple) and v and isinstance(v[0], K.KeyLine)]
    assert len(tables) > 10
    for table in tables:
        for line in table:
            assert all(line.keys) and all(line.does), line.name
            assert not re.search(r"[\u4e00-\u9fff]", line.does[1]), f"Chinese in the English of {line.name}"


def _host(size: tuple[int, int] = (1280, 720)) -> HeadlessHost:
    headless_display(size)
    return HeadlessHost(Settings(speed=Speed.INSTANT), size)


def _press(host: HeadlessHost, key: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    for event in pygame.event.get():
        host.stack.handle_event(event)


def _screens(host: HeadlessHost) -> list[Scene]:
    rules = load_ruleset("guiyang-classic")
    return [MainMenu(host), SettingsScene(host), CalculatorScene(host, keep_recent=False), TableScene(host, rules, "k")]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_question_mark_opens_the_key_help_over_the_screen_and_closes_it_again(
    lang: str, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language(lang)
    try:
        host = _host(size)
        for scene in _screens(host):
            host.stack.push(scene)
            _press(host, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
            help_scene = host.stack.top
            assert isinstance(help_scene, KeyHelpScene), type(scene).__name__
            assert set(help_scene.lines) >= set(scene.key_help()) | set(K.COMMON)
            surface = pygame.Surface(size)
            host.stack.draw(surface)  # over the screen: the screen is drawn under it
            _press(host, pygame.K_ESCAPE)
            assert host.stack.top is scene  # Esc closed the help, and only the help
            _press(host, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
            _press(host, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
            assert host.stack.top is scene  # ? again closed it too
            host.stack.remove(scene)
    finally:
        S.set_language("zh")


def test_the_key_help_of_a_menu_lists_only_the_controls_it_has(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    assert K.STEP not in menu.key_help() and K.BACK in menu.key_help()
    new_game = NewGameScene(host)
    host.stack.push(new_game)
    assert K.CHANGE in new_game.key_help()


def test_question_mark_is_typed_into_a_name_not_taken_for_the_help(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    host = _host()
    scene = NewGameScene(host)
    host.stack.push(scene)
    fields = [i for i, w in enumerate(scene.widgets) if isinstance(w, TextField)]
    assert fields
    scene.focus = fields[0]
    _press(host, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert host.stack.top is scene


def test_shift_tab_moves_a_menus_focus_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    host = _host()
    menu: MenuScene = MainMenu(host)
    host.stack.push(menu)
    start = menu.focus
    _press(host, pygame.K_TAB)
    assert menu.focus != start
    _press(host, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert menu.focus == start
