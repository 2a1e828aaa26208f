"""The settings screen, in three pages: play (language, animation speed, claim timer, hints, auto-pass, how a tile
is discarded, the expert's thinking time), sound (the effects' and the music's volume and mute, reading aloud) and
look (full screen, tile size, high contrast, tile faces).

Every change takes effect at once and is written to the player's settings file (ui/settings/store.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button, Choice, Slider, Toggle
from ui.look import palette as pal
from ui.look import text as T
from ui.settings.store import save_settings, settings_path
from ui.settings.values import TILE_FACES, TILE_SIZES, Speed
from ui.stage.scene import Host
from ui.table.read_aloud import voice_found
from ui.words import keys as K
from ui.words import speech as W
from ui.words import strings as S

CLAIM_TIMES = (0, 5, 10, 15, 20, 30)
THINK_TIMES_MS = (100, 300, 1000, 3000)  # 思考时间 choices
PAGES = ("play", "sound", "look")  # the settings in three pages, each short enough for the smallest window


class SettingsScene(MenuScene):
    """One row per setting, in a panel; changes are saved as they are made."""

    key_lines = K.SETTINGS

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.save_error: str | None = None
        self.page = PAGES[0]

    def turn_page(self, page: str) -> None:
        """Show the rows of settings `page` (the first row stays focused, so ←→ pages on)."""
        self.page = page
        self.rebuild()

    def other_key(self, key: int) -> None:
        if K.named(K.SETTINGS, key) == "page":
            # From any row, not only the page row: the pages turn without walking back up to it.
            step = 1 if key == pygame.K_PAGEDOWN else -1
            self.turn_page(PAGES[(PAGES.index(self.page) + step) % len(PAGES)])

    def change(self, key: str, value: Any) -> None:
        """Set one setting, apply what must be applied now, and save."""
        settings = self.host.settings
        setattr(settings, key, value)
        if key == "language":
            S.set_language(value)
            self.rebuild()
        elif key == "fullscreen":
            toggle = getattr(self.host, "toggle_fullscreen", None)
            if toggle is not None and bool(getattr(self.host, "fullscreen", value)) != value:
                toggle()
        self.save_error = save_settings(settings)

    def setter(self, key: str) -> Callable[[Any], None]:
        """A function that changes setting `key`."""
        return lambda value: self.change(key, value)

    def speech_asked(self) -> bool:
        """True on the sound page with reading aloud (or the spoken calls) on: whether there is a voice shows."""
        settings = self.host.settings
        return self.page == "sound" and (settings.speech or settings.speech_calls)

    def voice_note(self) -> str:
        """The line under the reading-aloud toggles: that this computer has no voice, when that is so and it matters."""
        return W.say("speech_none") if self.speech_asked() and voice_found() is False else ""

    def animating(self) -> bool:
        # The voice is looked for in a thread of its own: frames go on until its answer can show.
        return super().animating() or (self.speech_asked() and voice_found() is None)

    def panel_rect(self) -> pygame.Rect:
        """The panel holding the rows."""
        m = self.m
        w, h = self.size
        width = min(w - 2 * m.margin, m.px(760))
        top = m.px(86)
        rect = pygame.Rect(0, top, width, h - top - m.margin - m.px(60))
        rect.centerx = w // 2
        return rect

    def build(self) -> None:
        m = self.m
        w, h = self.size
        settings = self.host.settings
        panel = self.panel_rect()
        pad = m.px(22)
        x, width = panel.left + pad, panel.width - 2 * pad
        rows = 8  # the page row and the longest page's seven
        step = min(m.row + m.px(12), (panel.height - 2 * pad) // rows)
        row_h = min(m.row, step - 4)
        y = panel.top + pad

        def rect() -> pygame.Rect:
            nonlocal y
            r = pygame.Rect(x, y, width, row_h)
            y += step
            return r

        pages = [(p, S.tr("set_page_" + p)) for p in PAGES]
        self.widgets.append(Choice(S.tr("set_page"), pages, lambda: self.page, self.turn_page, rect()))
        if self.page == "play":
            speeds = [(s, S.tr("speed_" + s.value)) for s in Speed]
            timers = [(t, S.tr("set_seconds", n=t) if t else S.tr("set_timer_off")) for t in CLAIM_TIMES]
            thinks = [(t, S.tr("set_think_seconds", n=f"{t / 1000:g}")) for t in THINK_TIMES_MS]
            discards = [(2, S.tr("set_discard_two")), (1, S.tr("set_discard_one"))]
            self.widgets += [
                Choice(
                    S.tr("set_language"),
                    [("zh", "中文"), ("en", "English")],
                    lambda: settings.language,
                    self.setter("language"),
                    rect(),
                ),
                Choice(S.tr("set_speed"), speeds, lambda: settings.speed, self.setter("speed"), rect()),
                Choice(
                    S.tr("set_claim_timer"), timers, lambda: settings.claim_timer, self.setter("claim_timer"), rect()
                ),
                Toggle(S.tr("set_hints"), lambda: settings.hints, self.setter("hints"), rect()),
                Toggle(S.tr("set_auto_pass"), lambda: settings.auto_pass, self.setter("auto_pass"), rect()),
                Choice(
                    S.tr("set_discard"),
                    discards,
                    lambda: settings.discard_clicks,
                    self.setter("discard_clicks"),
                    rect(),
                ),
                Choice(S.tr("set_think"), thinks, lambda: settings.think_ms, self.setter("think_ms"), rect()),
            ]
        elif self.page == "sound":
            self.widgets += [
                Slider(S.tr("set_volume"), lambda: settings.volume, self.setter("volume"), 0, 100, 5, rect()),
                Toggle(S.tr("set_mute"), lambda: settings.muted, self.setter("muted"), rect()),
                Slider(
                    S.tr("set_music_volume"),
                    lambda: settings.music_volume,
                    self.setter("music_volume"),
                    0,
                    100,
                    5,
                    rect(),
                ),
                Toggle(S.tr("set_music_mute"), lambda: settings.music_muted, self.setter("music_muted"), rect()),
                Toggle(S.tr("set_speech"), lambda: settings.speech, self.setter("speech"), rect()),
                Toggle(S.tr("set_speech_calls"), lambda: settings.speech_calls, self.setter("speech_calls"), rect()),
            ]
        else:
            sizes = [(v, S.tr("set_tile_" + v)) for v in TILE_SIZES]
            faces = [(v, S.tr("set_face_" + v)) for v in TILE_FACES]
            self.widgets += [
                Toggle(S.tr("set_fullscreen"), lambda: settings.fullscreen, self.setter("fullscreen"), rect()),
                Choice(S.tr("set_tile_size"), sizes, lambda: settings.tile_size, self.setter("tile_size"), rect()),
                Toggle(S.tr("set_contrast"), lambda: settings.high_contrast, self.setter("high_contrast"), rect()),
                Choice(S.tr("set_tile_face"), faces, lambda: settings.tile_face, self.setter("tile_face"), rect()),
            ]
        bw, bh = m.px(200), m.px(48)
        back = pygame.Rect(0, h - m.margin - bh + m.px(6), bw, bh)
        back.centerx = w // 2
        self.widgets.append(Button(S.tr("menu_back"), self.back, "plain", back))
        if self.focus is None:
            self.focus = 1  # the first setting; ↑ reaches the page row

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.title(surface, S.tr("menu_settings"))
        panel = self.panel_rect()
        plate(surface, panel, m)
        if self.save_error:
            text, colour = S.tr("set_save_failed"), pal.TEXT_RED
        else:
            text, colour = S.tr("set_saved_in", path=str(settings_path())), pal.TEXT_MUTED
        pic = T.fit(text, m.small, panel.width - m.px(40), colour)
        surface.blit(pic, pic.get_rect(midbottom=(panel.centerx, panel.bottom - m.px(8))))
        note = self.voice_note()
        row = next((w for w in self.widgets if getattr(w, "label", "") == S.tr("set_speech_calls")), None)
        if note and row is not None:
            line = T.fit(note, m.small, row.rect.width, pal.TEXT)
            surface.blit(line, (row.rect.left, row.rect.bottom + m.px(4)))
