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
from tests.cut_rig import watch_cuts
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


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_prompts_reason_is_read_whole_above_the_answer_buttons(
    lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words under the prompt (a shared screen's "nothing to claim: press Pass", a hint's reason) take a second
    line on a narrow window instead of being cut, and stay above the answer buttons."""
    _host, scene = stage_moment("mid-hand", size, CLASSIC, seed="keys", language=lang)
    S.set_language(lang)
    scene.message, scene.detail = S.tr("your_turn"), S.tr("nothing_to_claim")
    cuts = watch_cuts(monkeypatch)
    drawn = scene._draw_prompt(pygame.Surface(size))
    zones = scene.layout.zones
    assert cuts == [] and len(drawn) >= 2
    assert all(zones["prompt"].left <= r.left and r.right <= zones["prompt"].right for r in drawn)
    assert all(r.bottom <= zones["buttons"].top and r.top >= zones["plate1"].bottom for r in drawn)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_match_summarys_headings_and_longest_names_are_whole_and_clear_of_the_scores(
    lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each count's heading ("Self-drawn") has its column's room; a name of the longest length takes two lines
    rather than running over the scores."""
    from game.records.names import NAME_LIMIT
    from ui.settlement.summary import MatchSummaryScene

    S.set_language(lang)
    headless_display(size)
    host = HeadlessHost(Settings(language=lang), size)
    longest = ("阿" * NAME_LIMIT, "", "W" * NAME_LIMIT, "")
    scene = MatchSummaryScene(host, (-128, 64, 80, -16), [], 0, names=longest)
    host.stack.push(scene)
    drawn = scene._draw_name
    outside: list[tuple[pygame.Rect, pygame.Rect]] = []

    def watched(out: pygame.Surface, seat: int, room: pygame.Rect, fonts: dict[str, int]) -> None:
        names = Blits(out.get_size())
        drawn(names, seat, room, fonts)
        outside.extend((r, room) for _s, r in names.placed if r.right > room.right)

    monkeypatch.setattr(scene, "_draw_name", watched)
    cuts = watch_cuts(monkeypatch)
    scene.draw(pygame.Surface(size))
    assert cuts == [] and outside == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lessons_pond_rows_name_their_seats_whole(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pond row's words ("S Right discarded") take two lines on a narrow window rather than losing their end."""
    cuts = watch_cuts(monkeypatch)
    for size in SIZES:
        for moment in ("lesson-1", "lesson-1-wrong"):
            render_learn_moment(moment, size, CLASSIC, lang)
    assert cuts == []


def test_one_of_a_thing_is_said_in_the_singular() -> None:
    S.set_language("en")
    assert S.tr_count("summary_hands", 1) == "1 hand" and S.tr_count("summary_hands", 2) == "2 hands"
    assert S.tr_count("car_matches", 1) == "1 match" and S.tr_count("me_hands", 1) == "1 hand played"
    assert S.tr_count("hand_no", 1) == S.tr("hand_no", n=1), "a string with no singular of its own is itself"
    S.set_language("zh")
    assert S.tr_count("summary_hands", 1) == "共1局" and S.tr_count("car_hands", 3) == "3局"


def test_a_payment_rules_box_hides_the_lines_under_it() -> None:
    """The box that explains a pointed-at line covers the lines below it whole: none of them shows through its words."""
    from ui.settlement.explain_panel import draw_tooltip

    surface = pygame.Surface((400, 200))
    surface.fill((255, 255, 255))  # the lines under the box, at their brightest
    draw_tooltip(surface, "平胡值1番，点炮者一家付。", pygame.Rect(10, 10, 100, 20), 16, surface.get_rect())
    assert surface.get_at((300, 67))[:3] == (20, 28, 22)
