"""Names on the seat plates: the longest name the game allows (game/records/names.py) shows whole with its seat's word,
never cut short ("…"), at every window from 960x540 to 1920x1080 and in either language: at a hot-seat table
through the dice and the deal, and at a network table, where one who joined to watch holds no seat."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.net.client.connection import NetClient
from game.net.client.thread import HostThread, NetLink
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.records.names import NAME_LIMIT
from game.rules.loader import load_ruleset
from tests.cut_rig import watch_cuts
from tests.net_rig import CODE, config, simple_factory
from tests.net_window_rig import until
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.look import text as T
from ui.match.config import MatchConfig, SeatConfig
from ui.settings.values import Settings, Speed
from ui.table.net_overlay import NetOverlay
from ui.table.net_session import NetSession
from ui.table.panels import draw_chickens, draw_info
from ui.table.plates import draw_plate, plate_words
from ui.table.scene import TableScene
from ui.table.seat_words import fit_plate, seat_label
from ui.table.view import TableView
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SEP = {"zh": ("·", ""), "en": (" (", ")")}  # around a seat's word after a name
SIZES = [(960, 540), (1024, 600), (1280, 720), (1920, 1080)]
LANGUAGES = ["zh", "en"]
# The widest names of NAME_LIMIT characters: Chinese characters, and the widest Latin letters.
LONGEST = (
    "贵阳捉鸡麻将东南西北一二三四五六七八九"[:NAME_LIMIT],
    "W" * NAME_LIMIT,
    "麻将规则翻鸡冲锋鸡责任鸡乌骨鸡本鸡"[:NAME_LIMIT],
    "M" * NAME_LIMIT,
)


@pytest.fixture
def lang_reset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    before = S.language()
    yield
    S.set_language(before)
    T.clear_cache()


def check_plates(table: TableScene, cuts: list[str]) -> list[str]:
    """Draw each plate alone and check it: its words whole (name and seat's word), nothing cut, nothing drawn
    outside the plate. Returns each plate's words as one line."""
    view = table.view()
    layout = table.layout
    pad = round(8 * layout.scale)
    shown = []
    for place in range(4):
        rect = layout.zones[f"plate{place}"]
        first, rest = plate_words(view, place)
        fitted = fit_plate(first, rest, layout.font["plate"], rect.width - 2 * pad, 0)
        words = "".join(fitted.lines)
        assert words.replace(" ", "") == (first + rest).replace(" ", ""), (layout.size, words)
        assert len(fitted.lines) <= 2 and fitted.size >= T.MIN_TEXT
        canvas = pygame.Surface(layout.size, pygame.SRCALPHA)
        draw_plate(canvas, view, place, rect)
        assert rect.contains(canvas.get_bounding_rect()), f"plate {place} draws outside itself at {layout.size}"
        shown.append(first + rest)
    assert cuts == [], f"cut short at {layout.size}: {cuts}"
    return shown


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_names_show_whole_at_a_hot_seat_table_from_the_dice_on(
    lang_reset: None, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    assert all(len(name) == NAME_LIMIT for name in LONGEST)
    S.set_language(lang)
    cuts = watch_cuts(monkeypatch)
    headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.NORMAL), size)
    seats = tuple(SeatConfig("human", name=name) for name in LONGEST)
    table = TableScene(host, RULES, "names", config=MatchConfig(seed="names", seats=seats))
    host.stack.push(table)
    screen = headless_display(size)
    seen = set()
    for frame in range(240):  # the loading, the dice, the count, the wall rising and the deal
        host.stack.update(FRAME)
        host.stack.draw(screen)
        if frame % 40 == 39 and host.stack.top is table and not table.loading:
            seen.add(table.presenter.dice_showing())
            words = check_plates(table, cuts)
            assert all(any(name in w for w in words) for name in LONGEST)
    assert seen == {True, False}, "plates were checked while the dice showed and after"


@contextmanager
def watched_table() -> Iterator[tuple[HeadlessHost, NetOverlay]]:
    """Two people with the longest names and two AIs at a network table, and a third computer watching it."""
    table = NetTable(RULES, "watch", config(1, "human,human,ai,ai", next_hand_wait=30.0), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    url = f"ws://127.0.0.1:{port}"
    links = [NetLink(NetClient(url, CODE, name=LONGEST[seat], seat=seat)) for seat in (0, 1)]
    watcher = NetLink(NetClient(url, CODE, name="", watch=True), keep_seat=False)
    for link in [*links, watcher]:
        link.start()
    try:
        session = NetSession(RULES, watcher, None)
        until(lambda: session.in_hand and session.status is not None and watcher.welcome is not None, session.pump)
        host = HeadlessHost(Settings(speed=Speed.NORMAL), (1280, 720))
        overlay = NetOverlay(host, TableScene(host, RULES, "network", session=session), session)
        host.stack.push(overlay)
        yield host, overlay
    finally:
        for link in [*links, watcher]:
            link.close()
        hosting.stop()
        hosting.thread.join(5)


def test_a_watcher_sees_every_seat_by_name_and_wind_and_is_told_it_watches(
    lang_reset: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with watched_table() as (host, overlay):
        table = overlay.table
        for lang in LANGUAGES:
            S.set_language(lang)
            for size in SIZES:
                cuts = watch_cuts(monkeypatch)
                screen = headless_display(size)
                host.stack.resize(size)
                for _ in range(90):
                    host.stack.update(FRAME)
                    host.stack.draw(screen)
                words = check_plates(table, cuts)
                view = table.view()
                assert view.model.watching
                # The seat at the bottom is the one watched from, not the watcher's: no plate says 你.
                assert not any(S.tr("you") in w for w in words)
                engines = [table.model.engine(place) for place in range(4)]
                for place, engine in enumerate(engines):
                    first, rest = plate_words(view, place)
                    if engine < 2:  # a person: the name, then the seat by its wind
                        assert (first, rest) == (
                            LONGEST[engine],
                            f"{SEP[lang][0]}{S.wind_seat(engine, 4)}{SEP[lang][1]}",
                        )
                    else:
                        assert (first, rest) == (
                            S.wind_seat(engine, 4),
                            f"{SEP[lang][0]}{S.tr('ai_name')}{SEP[lang][1]}",
                        )
                assert S.tr("watching_seatless") in _info_texts(table, monkeypatch), "the info panel says so"
                # The chicken panel's own row is the watched seat's, by its wind, never 我的鸡.
                chicken_rows = _panel_texts(table, monkeypatch, draw_chickens, "chickens")
                bottom = S.wind_seat(table.model.engine(0), 4)
                assert S.tr("chickens_of", seat=bottom) in chicken_rows, chicken_rows
                assert S.tr("chickens_mine") not in chicken_rows
                # Nor do the banners (the dice, the dealer) or the settlement call any seat 你.
                called = [seat_label(table.model, engine) for engine in range(4)]
                called += [table.seat_label(engine) for engine in range(4)]
                assert not any(S.tr("you") in c for c in called), called


def _info_texts(table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the info panel draws (each through T.fit)."""
    return _panel_texts(table, monkeypatch, draw_info, "info")


def _panel_texts(
    table: TableScene,
    monkeypatch: pytest.MonkeyPatch,
    draw: Callable[[pygame.Surface, TableView, pygame.Rect], None],
    zone: str,
) -> list[str]:
    """The texts a panel draws through T.fit."""
    drawn: list[str] = []
    fit = T.fit

    def watching(text: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(text)
        return fit(text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(T, "fit", watching)
    view = table.view()
    canvas = pygame.Surface(table.layout.size, pygame.SRCALPHA)
    draw(canvas, view, table.layout.zones[zone])
    monkeypatch.setattr(T, "fit", fit)
    return drawn
