"""The main menu: a new solo or local match, continue a saved one, the score calculator, replays, rules,
statistics, settings, quit.

"Continue" shows only when ui/menu/save.py exists and says there is a save; "Replays" opens ui/replays/browser.py's
viewer when it exists. Problems found reading the player's files (settings, statistics) are shown
in a notice at the bottom until the player leaves the menu.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from game import __version__
from game.core.ruleset import MAX_PLAYERS
from game.core.tiles import WUGUJI, YAOJI, parse_tiles
from game.rules.loader import RulesetError, load_ruleset
from ui.kit.dialogs import wrap
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button
from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import get_tile_art
from ui.match.config import MatchConfig
from ui.menu.match_flow import MatchFlow
from ui.menu.optional import optional_module
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.table.scene import TableScene
from ui.words import net as net_text
from ui.words import strings as S

log = logging.getLogger(__name__)

MENU_PANEL = (6, 24, 17, 170)
# The tiles fanned under the title: the two birds of the game between plain tiles.
SHOWCASE = (*parse_tiles("5m"), YAOJI, WUGUJI, *parse_tiles("9s"))


class SavedMatchLike(Protocol):
    """What the menu reads of a save (ui/menu/save.py's SavedMatch)."""

    @property
    def name(self) -> str: ...

    def date(self) -> str: ...

    def label(self) -> str: ...


def saved_matches() -> list[SavedMatchLike]:
    """The match saves, newest first (ui/menu/save.py, when present, lists them); none when it cannot say."""
    save = optional_module("ui.menu.save")
    listed = getattr(save, "saved_matches", None) if save is not None else None
    if listed is None:
        return []
    try:
        return list(listed())
    except Exception as exc:  # a broken save folder must not keep the menu from opening
        log.warning("cannot list the saved matches: %s", exc)
        return []


def has_save() -> bool:
    """True when a saved match can be continued (ui/menu/save.py, when present, says so)."""
    save = optional_module("ui.menu.save")
    check = getattr(save, "has_save", None) if save is not None else None
    if check is None:
        return False
    try:
        return bool(check())
    except Exception as exc:  # a broken save must not keep the menu from opening
        log.warning("cannot check for a saved match: %s", exc)
        return False


def table_players(ruleset: str) -> int:
    """How many sit at the table of the ruleset last chosen (four when it names none or cannot be read)."""
    try:
        return load_ruleset(ruleset).players if ruleset else MAX_PLAYERS
    except RulesetError:
        return MAX_PLAYERS


class MainMenu(MenuScene):
    """The first screen: a column of big buttons under the title."""

    def __init__(self, host: Host, notices: list[str] | None = None) -> None:
        super().__init__(host)
        self.notices: list[str] = list(notices or [])
        self.message = ""
        self.can_continue = False
        self.saves: list[SavedMatchLike] = []  # the match saves, newest first (ui/menu/save.py)
        self.show_tiles = True  # the showcase tiles under the title; left out when the window is short
        self.panel = pygame.Rect(0, 0, 0, 0)  # the plate behind the buttons, around all of them
        self.players = table_players(getattr(host.settings, "ruleset", ""))  # the subtitle's table

    def enter(self) -> None:
        self.players = table_players(getattr(self.host.settings, "ruleset", ""))
        self.saves = saved_matches()
        self.can_continue = bool(self.saves) or has_save()
        self.rebuild()

    def back(self) -> None:
        """Escape on the main menu does nothing: Quit is a button (closing the window works too)."""

    def entries(self) -> list[tuple[str, Callable[[], None], str]]:
        """The menu's buttons, in order: (label, what it does, button style)."""
        entries: list[tuple[str, Callable[[], None], str]] = [
            (S.tr("menu_solo"), lambda: self.new_game("solo"), "win"),
            (S.tr("menu_local"), lambda: self.new_game("local"), "kong"),
            (net_text.t("menu_lan_host"), self.lan_host, "plain"),
            (net_text.t("menu_lan_join"), self.lan_join, "plain"),
        ]
        # The first place is always the resume choice's, empty without a save: the buttons never move.
        label = S.tr("menu_continue_at", date=self.saves[0].date()) if self.saves else S.tr("menu_continue")
        entries.insert(0, (label, self.continue_match, "pung"))
        entries += [
            (S.tr("menu_learn"), self.learn, "plain"),
            (S.tr("menu_calculator"), self.calculator, "plain"),
            (S.tr("menu_replays"), self.replays, "plain"),
            (S.tr("menu_rules"), self.rules, "plain"),
            (S.tr("menu_stats"), self.stats, "plain"),
            (S.tr("menu_settings"), self.settings, "plain"),
            (S.tr("menu_quit"), lambda: self.host.quit(0), "pass"),
        ]
        return entries

    def build(self) -> None:
        entries = self.entries()
        self.show_tiles = True
        rects = self.button_rects(len(entries))
        if rects is None:
            self.show_tiles = False  # a short window: the buttons matter more than the showcase tiles
            rects = self.button_rects(len(entries), squeeze=True)
        assert rects is not None
        for (label, action, style), rect in zip(entries, rects, strict=True):
            self.widgets.append(Button(label, action, style, rect))
        # Without a save the resume choice is shown greyed in its place (not a hole in the panel's corner).
        self.widgets[0].enabled = self.can_continue
        pad = self.m.px(18)
        self.panel = rects[0].unionall(rects[1:]).inflate(2 * pad, 2 * pad) if rects else pygame.Rect(0, 0, 0, 0)
        if self.focus is None or not self.widgets[self.focus].enabled:
            self.focus = 0 if self.can_continue else 1

    def button_rects(self, n: int, squeeze: bool = False) -> list[pygame.Rect] | None:
        """Where `n` buttons go: one column, or two when one would not fit, inside the panel under the title;
        None when they do not fit at a readable height (unless `squeeze`, which takes the smallest)."""
        m = self.m
        w, h = self.size
        pad = m.px(18)
        top = self.buttons_top() + pad
        bottom = h - round(m.small * 2.4) - pad  # clear of the key hints along the bottom
        room = bottom - top
        gap = m.px(10)
        least = round(m.body * 1.9)  # a button never gets shorter than its label needs
        bh = max(least, m.px(44))
        for cols in (1, 2, 3):
            rows = -(-n // cols)
            if rows * bh + (rows - 1) * gap <= room:
                break
            fitted = (room - (rows - 1) * gap) // rows
            if fitted >= least:
                bh = fitted
                break
        else:
            if not squeeze:
                return None
            cols, rows = 3, -(-n // 3)
            bh = max(least, (room - (rows - 1) * gap) // rows)
        col_gap = m.px(16)
        bw = min(m.px(300), (w - 2 * m.margin - 2 * pad - (cols - 1) * col_gap) // cols)
        left = w // 2 - (cols * bw + (cols - 1) * col_gap) // 2
        rects = []
        for i in range(n):
            # Column by column, so Up and Down read the buttons in the order they are listed.
            col, row = divmod(i, rows)
            rects.append(pygame.Rect(left + col * (bw + col_gap), top + row * (bh + gap), bw, bh))
        return rects

    def header(self) -> tuple[pygame.Surface, pygame.Surface, int, int]:
        """The title and subtitle pictures, the top of the showcase tiles, and where the buttons start."""
        m = self.m
        title = T.outlined(S.tr("title"), m.title, pal.TEXT_GOLD, (70, 30, 8), max(2, m.px(3)))
        count = S.table_word(self.players, "count")
        sub = T.shadowed(S.tr("menu_subtitle", count=count[:1].upper() + count[1:]), m.body, pal.TEXT_MUTED)
        tiles_top = m.px(22) + title.get_height() + sub.get_height() + m.px(18)
        if not self.show_tiles:
            return title, sub, tiles_top, tiles_top - m.px(8)
        art = get_tile_art(self.tile_width())
        return title, sub, tiles_top, tiles_top + art.size[1] + m.px(22)

    def buttons_top(self) -> int:
        """Where the column of buttons starts, under the title and the tiles."""
        return self.header()[3]

    def tile_width(self) -> int:
        """The width of the showcase tiles."""
        return max(24, self.m.px(44))

    # ---------------------------------------------------------------- what the buttons do

    def new_game(self, mode: str) -> None:
        """Open the new-game screen for a solo ("solo") or local ("local") match."""
        from ui.menu.new_game import NewGameScene

        self.notices = []
        self.host.stack.push(NewGameScene(self.host, mode))

    def continue_match(self) -> None:
        """Resume the saved match, or, with a save of more than one kind, let the player choose which."""
        if len(self.saves) > 1:
            self.host.stack.push(ResumeChoiceScene(self.host, self.saves, self.resume_save))
            return
        self.resume_save(self.saves[0].name if self.saves else None)

    def resume_save(self, name: str | None) -> None:
        """Resume the save called `name` (None: the one the save module resumes by default)."""
        save = optional_module("ui.menu.save")
        resume = getattr(save, "resume", None) if save is not None else None
        scene: Scene | None = None
        if resume is not None:
            try:
                scene = resume(self.host) if name is None else resume(self.host, name)
            except Exception as exc:  # a broken save is reported, never a crash
                log.warning("cannot resume the saved match: %s", exc)
                self.message = S.tr("menu_resume_failed")
                return
        if scene is None:
            self.message = S.tr("menu_resume_failed")
            self.enter()
            return
        self.host.stack.push(scene)
        config = getattr(scene, "config", None)
        if isinstance(scene, TableScene) and isinstance(config, MatchConfig):
            MatchFlow.resume(self.host, scene, config)

    def lan_host(self) -> None:
        """Host a table on the network (ui/menu/lan.py)."""
        from ui.menu.lan import HostSetupScene

        self.host.stack.push(HostSetupScene(self.host))

    def lan_join(self) -> None:
        """Join a table on the network (ui/menu/lan.py)."""
        from ui.menu.lan import JoinScene

        self.host.stack.push(JoinScene(self.host))

    def replays(self) -> None:
        """Open the replay viewer (ui/replays/browser.py), or say there are none."""
        module = optional_module("ui.replays.browser")
        opener = getattr(module, "open_replays", None) if module is not None else None
        if opener is None:
            self.message = S.tr("menu_no_replays")
            return
        result = opener(self.host)
        if isinstance(result, Scene):
            self.host.stack.push(result)

    def learn(self) -> None:
        """Open the guide (玩法), which leads on to the lessons."""
        self.notices = []
        screens.push(self.host, "guide")

    def calculator(self) -> None:
        """Open the score calculator."""
        screens.push(self.host, "calculator")

    def rules(self) -> None:
        """Open the rules screen."""
        from ui.menu.rules_screen import RulesScene

        self.host.stack.push(RulesScene(self.host))

    def stats(self) -> None:
        """Open the statistics screen."""
        from ui.menu.stats_screen import StatsScene

        self.host.stack.push(StatsScene(self.host))

    def settings(self) -> None:
        """Open the settings screen."""
        from ui.menu.settings_screen import SettingsScene

        self.notices = []
        self.host.stack.push(SettingsScene(self.host))

    # ---------------------------------------------------------------- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        w, h = self.size
        title, sub, tiles_top, _ = self.header()
        y = m.px(22)
        surface.blit(title, title.get_rect(midtop=(w // 2, y)))
        y += title.get_height()
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        if self.show_tiles:
            art = get_tile_art(self.tile_width())
            spread = art.width + m.px(8)
            x0 = w // 2 - (spread * len(SHOWCASE) - m.px(8)) // 2
            for i, tile in enumerate(SHOWCASE):
                lift = m.px(8) if tile in (YAOJI, WUGUJI) else 0
                surface.blit(art.face(tile), (x0 + i * spread, tiles_top - lift + m.px(8)))
        if self.panel.width > 0:
            plate(surface, self.panel, m, MENU_PANEL)
        foot = T.shadowed(f"v{__version__}", m.small, pal.TEXT_MUTED)
        surface.blit(foot, foot.get_rect(bottomright=(w - m.px(14), h - m.px(10))))
        hint = T.shadowed(S.tr("menu_keys"), m.small, pal.TEXT_MUTED)
        surface.blit(hint, hint.get_rect(bottomleft=(m.px(14), h - m.px(10))))
        self.draw_notices(surface)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """The message of the last button, or the problems found in the player's files, in a box at the bottom."""
        m = self.m
        w, h = self.size
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.message:
            lines.append((self.message, pal.TEXT_GOLD))
        if self.notices:
            lines.append((S.tr("menu_notice_files"), pal.TEXT_RED))
            for notice in self.notices[:3]:
                for line in wrap(notice, m.small, m.px(560))[:2]:
                    lines.append((line, pal.TEXT))
            if len(self.notices) > 3:
                lines.append((S.tr("end_more", n=len(self.notices) - 3), pal.TEXT_MUTED))
        if not lines:
            return
        line_h = round(m.small * 1.5)
        box = pygame.Rect(0, 0, m.px(600), line_h * len(lines) + m.px(16))
        box.midbottom = (w // 2, h - m.px(34))
        plate(surface, box, self.m, (40, 16, 12, 225) if self.notices else pal.PANEL)
        y = box.top + m.px(8)
        for text, colour in lines:
            pic = T.fit(text, m.small, box.width - m.px(20), colour)
            surface.blit(pic, pic.get_rect(midtop=(box.centerx, y)))
            y += line_h


class ResumeChoiceScene(MenuScene):
    """继续对局 with a save of more than one kind: one button a save, its kind and date, the newest first."""

    def __init__(self, host: Host, saves: list[SavedMatchLike], resume: Callable[[str | None], None]) -> None:
        super().__init__(host)
        self.saves = saves
        self.resume = resume

    def build(self) -> None:
        m = self.m
        w, h = self.size
        bw, bh, gap = m.px(340), max(round(m.body * 1.9), m.px(48)), m.px(12)
        y = m.px(96) + m.heading + m.gap
        for saved in self.saves:
            rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            self.widgets.append(Button(saved.label(), partial(self.pick, saved.name), "pung", rect))
            y += bh + gap
        back = pygame.Rect(w // 2 - m.px(100), h - m.margin - m.px(48) + m.px(6), m.px(200), m.px(48))
        self.widgets.append(Button(net_text.t("back"), self.back, "pass", back))
        if self.focus is None:
            self.focus = 0

    def pick(self, name: str) -> None:
        """Leave the choice for the table of the save called `name`."""
        self.host.stack.remove(self)
        self.resume(name)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, S.tr("menu_continue"))
