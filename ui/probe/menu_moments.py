"""The menu screens as named moments for `main.py screenshot`: menu, new-game (new-game-local: two people, named),
settings, rules, stats, match-end,
and the score calculator (calculator, calculator-result, and calculator-three / calculator-two with their -result:
hands of tables of three and two)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.ruleset import Ruleset
from ui.match.config import MatchConfig, MatchLength, MatchProgress, SeatConfig
from ui.menu.main_menu import MainMenu
from ui.menu.match_flow import MatchEndScene
from ui.menu.new_game import NewGameScene
from ui.menu.rules_screen import RulesScene
from ui.menu.settings_screen import SettingsScene
from ui.menu.stats_screen import StatsScene
from ui.probe.calculator_moments import (
    empty_calculator,
    problem_calculator,
    settled_calculator,
    small_table_calculator,
)
from ui.probe.offscreen import headless_display, offscreen_app
from ui.settings.values import Settings
from ui.stage.scene import Host, Scene
from ui.words import strings as S

MENU_MOMENTS: tuple[str, ...] = (
    "menu",
    "new-game",
    "new-game-local",
    "settings",
    "settings-sound",
    "settings-look",
    "rules",
    "stats",
    "match-end",
    "calculator",
    "calculator-result",
    "calculator-problems",
    "calculator-three",
    "calculator-three-result",
    "calculator-two",
    "calculator-two-result",
)


def _match_end(host: Host, rules: Ruleset) -> Scene:
    n = rules.players
    seats = (SeatConfig("human"), SeatConfig("ai", "easy"), SeatConfig("ai", "normal"), SeatConfig("ai", "hard"))[:n]
    config = MatchConfig(rules.name, "moment", seats, MatchLength("hands", 8))
    scores = {4: (14, -9, 3, -8), 3: (14, -9, -5), 2: (9, -9)}[n]
    progress = MatchProgress(hands=8, passes=5, scores=scores)
    return MatchEndScene(host, config, progress, lambda: None)


def _new_game(host: Host, rules: Ruleset) -> Scene:
    scene = NewGameScene(host, "solo")
    scene.seed = "moment"  # the same picture on every run
    return scene


def _new_game_local(host: Host, rules: Ruleset) -> Scene:
    scene = NewGameScene(host, "local")
    scene.seed = "moment"
    # The people at East and West, named (West is the third seat at three and four, the second at two).
    scene.names = ["Ann", "小明", "", ""] if rules.players == 2 else ["Ann", "", "小明", ""]
    return scene


def _settings_page(page: str) -> Callable[[Host, Ruleset], Scene]:
    def make(host: Host, rules: Ruleset) -> Scene:
        scene = SettingsScene(host)
        scene.page = page  # built on that page when the scene is entered
        return scene

    return make


SCENES: dict[str, Callable[[Host, Ruleset], Scene]] = {
    "menu": lambda host, rules: MainMenu(host),
    "new-game": _new_game,
    "new-game-local": _new_game_local,
    "settings": lambda host, rules: SettingsScene(host),
    "settings-sound": _settings_page("sound"),
    "settings-look": _settings_page("look"),
    "rules": lambda host, rules: RulesScene(host),
    "stats": lambda host, rules: StatsScene(host),
    "match-end": _match_end,
    "calculator": empty_calculator,
    "calculator-result": settled_calculator,
    "calculator-problems": problem_calculator,
    "calculator-three": small_table_calculator("three"),
    "calculator-three-result": small_table_calculator("three", settled=True),
    "calculator-two": small_table_calculator("two"),
    "calculator-two-result": small_table_calculator("two", settled=True),
}


def render_menu_moment(moment: str, size: tuple[int, int], rules: Ruleset, language: str = "zh") -> pygame.Surface:
    """The menu screen named `moment` drawn at `size`, as a new surface; KeyError for an unknown name."""
    make = SCENES[moment]
    S.set_language(language)
    screen = headless_display(size)
    host = offscreen_app(Settings(language=language, ruleset=rules.name), size)
    host.stack.push(make(host, rules))
    host.stack.update(1 / 60)
    host.stack.draw(screen)
    return screen.copy()
