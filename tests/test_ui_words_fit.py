"""Words that must be read whole: labels not cut short, key hints not lost, words not drawn over tiles."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.tiles import parse_tiles
from game.records.replaylog import read_index
from game.rules.loader import load_ruleset
from tests.replay_rig import play_hands
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.widgets import Toggle
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.look.tile_art import Look, get_tile_art
from ui.menu.new_game import NewGameScene
from ui.probe.learn_moments import render_learn_moment
from ui.probe.moments import stage_moment
from ui.replays.browser import ReplayListScene, open_replays
from ui.settings.values import Settings
from ui.settlement.scene import headline
from ui.table.insight import ChickenInfo
from ui.table.model import WinView
from ui.table.panels import draw_chickens, draw_info, panel_tile_width
from ui.words import strings as S

CLASSIC = load_ruleset("guiyang-classic")
SIZES = ((960, 540), (1280, 720), (1920, 1080))


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    yield
    S.set_language("zh")


@pytest.fixture
def fitted(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Every text made into a picture through text.fit while the test runs, by its picture's id."""
    texts: dict[int, str] = {}
    real = T.fit

    def recording(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        pic = real(text, *args, **kwargs)  # type: ignore[arg-type]
        texts[id(pic)] = text
        return pic

    monkeypatch.setattr(T, "fit", recording)
    return texts


class Blits(pygame.Surface):
    """A surface that remembers what was blitted where."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        self.placed.append((source, pygame.Rect(at, source.get_size())))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
def test_the_practice_switch_is_named_whole_on_the_new_game_screen(lang: str, size: tuple[int, int]) -> None:
    S.set_language(lang)
    headless_display(size)
    host = HeadlessHost(Settings(language=lang), size)
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    host.stack.update(1 / 60)
    practice = next(w for w in scene.widgets if isinstance(w, Toggle) and w.label == S.tr("ng_practice"))
    room = round(practice.rect.width * practice.label_share) - scene.m.gap
    assert T.shadowed(practice.label, scene.m.body).get_width() <= room


def test_the_keys_line_keeps_f11_at_every_size_and_language(fitted: dict[int, str]) -> None:
    _host, scene = stage_moment("mid-hand", (1280, 720), CLASSIC, seed="keys")
    for size in SIZES:
        layout = compute_layout(size)
        for lang in ("zh", "en"):
            S.set_language(lang)
            for practice in (False, True):
                view = replace(scene.view(), layout=layout, language=lang, practice=practice)
                surface = Blits(size)
                draw_info(surface, view, layout.zones["info"])
                drawn = [fitted.get(id(source), "") for source, _ in surface.placed]
                assert any("F11" in text for text in drawn), (size, lang, practice, drawn)


def test_the_words_on_the_players_chickens_are_not_drawn_over_them() -> None:
    _host, scene = stage_moment("mid-hand", (960, 540), CLASSIC, seed="keys", language="en")
    view = scene.view()
    mine = tuple(parse_tiles("1s1s1s8m"))
    view = replace(view, chicken_info=ChickenInfo(fixed=(), charge=(), liable=(), mine=mine, counting=False))
    surface = Blits(view.layout.size)
    draw_chickens(surface, view, view.layout.zones["chickens"])
    art = get_tile_art(panel_tile_width(view.layout))
    faces = {id(art.face(t, Look.DIMMED)) for t in mine}
    # The tiles' own faces, without the shadow drawn around them.
    tiles = [
        pygame.Rect(r.left + art.pad, r.top + art.pad, *art.body_size) for s, r in surface.placed if id(s) in faces
    ]
    words = [rect for source, rect in surface.placed if source.get_size() == _words_size(view)]
    assert len(tiles) == len(mine) and words
    assert not any(word.colliderect(tile) for word in words for tile in tiles), (words, tiles)


def _words_size(view: object) -> tuple[int, int]:
    """The size of "not ready: no score" as the chicken panel draws it."""
    from ui.look import palette as pal
    from ui.table.view import TableView

    assert isinstance(view, TableView)
    rect = view.layout.zones["chickens"]
    pad = round(10 * view.layout.scale)
    w = rect.width - 2 * pad
    words = S.tr("chickens_not_counting")
    return T.fit(words, view.layout.font["small"], w - round(w * 0.3), pal.TEXT_MUTED).get_size()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_replay_title_keeps_the_practice_mark_at_960(lang: str, fitted: dict[int, str]) -> None:
    play_hands(1, practice_in=1)
    S.set_language(lang)
    size = (960, 540)
    headless_display(size)
    host = HeadlessHost(Settings(language=lang), size)
    open_replays(host)
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    surface = Blits(size)
    host.stack.draw(surface)
    drawn = [fitted.get(id(source), "") for source, _ in surface.placed]
    assert any(S.tr("replay_practice") in text for text in drawn), drawn


def test_seats_are_listed_with_the_languages_own_comma() -> None:
    play_hands(1)
    entry = replace(read_index()[0], people=(0, 1, 2))
    S.set_language("en")
    assert ReplayListScene.mine(entry) == "you sat E, S, W"
    S.set_language("zh")
    assert ReplayListScene.mine(entry) == "你坐东、南、西"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", SIZES)
def test_a_payment_lines_rule_is_named_whole_on_the_settlement_sheet(
    lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hot-discard line's label ("dealt in right after a kong" in English) is neither cut nor shrunk."""
    asked: list[tuple[str, int, int]] = []
    real = T.fit

    def recording(text: str, size: int, max_width: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        asked.append((text, size, max_width))
        return real(text, size, max_width, *args, **kwargs)

    monkeypatch.setattr(T, "fit", recording)
    render_learn_moment("end-why", size, CLASSIC, language=lang)
    label = S.ledger_label("热炮", "dealt in right after a kong")
    room = [(px, w) for text, px, w in asked if text == label]
    assert room, asked
    assert all(T.shadowed(label, px).get_width() <= w for px, w in room), room


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("how", ["discard", "self_draw", "after_kong", "rob_kong"])
def test_the_settlement_headline_has_no_double_space(lang: str, how: str) -> None:
    """Who won and how are joined by one space, in either language and for every way of winning."""
    S.set_language(lang)
    title = headline(WinView(winners=(0,), tile=5, how=how, discarder=None if "self" in how else 3, hot=False), 0, 4)
    assert "  " not in title and title == title.strip(), title
