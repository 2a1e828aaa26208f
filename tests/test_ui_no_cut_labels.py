"""No button or label of the replays screens, the host screen and the new-game screen's seat rows is cut short ("…")
at any window from 960x540 to 1920x1080, in either language."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.records.replaylog import HandEntry
from tests.cut_rig import watch_cuts
from tests.replay_rig import play_hands
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import Choice
from ui.look import text as T
from ui.menu.lan import HostSetupScene, seat_options
from ui.menu.new_game import NewGameScene, seat_choices
from ui.replays.browser import ReplayListScene, ReplayViewerScene, open_replays
from ui.settings.values import Settings
from ui.stage.scene import Scene
from ui.words import strings as S

SIZES = [(960, 540), (1024, 600), (1280, 720), (1920, 1080)]
LANGUAGES = ["zh", "en"]


@pytest.fixture
def home(player_home: Path) -> Iterator[Path]:
    """The player's throw-away home (tests/conftest.py), and the text cache emptied after the test."""
    yield player_home
    T.clear_cache()


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text T.fit had to cut short while the test drew (fresh pictures: the cache is emptied first)."""
    return watch_cuts(monkeypatch)


def draw(host: HeadlessHost, size: tuple[int, int]) -> None:
    screen = headless_display(size)
    host.stack.update(1 / 60)
    host.stack.draw(screen)


def key(host: HeadlessHost, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def sample_entry() -> HandEntry:
    """A row with the widest things a row shows: two winners, practice, big scores, a person at two seats."""
    return HandEntry(
        "m9.jsonl", 12, "guiyang-classic", "s", "2026-12-31 23:59", (1, 3), (-128, 64, -16, 80), True, (0, 2)
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_list_rows_and_buttons_are_not_cut(
    home: Path, cuts: list[str], size: tuple[int, int], lang: str
) -> None:
    S.set_language(lang)
    play_hands(1)
    headless_display(size)
    host = HeadlessHost(Settings(), size)
    open_replays(host)
    listing = host.stack.top
    assert isinstance(listing, ReplayListScene)
    listing.entries.append(sample_entry())
    draw(host, size)
    assert {b.command for b in listing.buttons} == {"close", "delete", "review"}
    assert cuts == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_viewer_buttons_keep_their_words_at_the_last_step(
    home: Path, cuts: list[str], size: tuple[int, int], lang: str
) -> None:
    S.set_language(lang)
    play_hands(1)
    headless_display(size)
    host = HeadlessHost(Settings(), size)
    open_replays(host)
    key(host, pygame.K_RETURN)
    key(host, pygame.K_END)
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.at_end
    cuts.clear()  # the list under it was drawn on the way
    T.clear_cache()
    draw(host, size)
    assert [b.command for b in viewer.buttons] == ["forward", "back", "play", "close", "calculator"]
    rects = [b.rect for b in viewer.buttons]
    assert all(r.colliderect(pygame.Rect((0, 0), size)) and r.width > 0 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert cuts == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_host_screen_labels_are_not_cut(home: Path, cuts: list[str], size: tuple[int, int], lang: str) -> None:
    S.set_language(lang)
    headless_display(size)
    host = HeadlessHost(Settings(), size)
    scene: Scene = HostSetupScene(host)
    host.stack.push(scene)
    draw(host, size)
    assert cuts == []


def seat_rows(scene: MenuScene) -> list[Choice[Any]]:
    """The rows that choose who plays a seat: a person, or the AI at each level (six choices side by side)."""
    if isinstance(scene, NewGameScene):
        return list(scene.seat_choices)
    return [w for w in scene.widgets if isinstance(w, Choice) and [v for v, _ in w.options] == list(seat_options(4))]


def choose_everywhere(scene: MenuScene, index: int) -> None:
    """Every seat row's choice number `index` picked at once, so that its words are drawn bold in each row."""
    if isinstance(scene, NewGameScene):
        scene.seats = [seat_choices(4)[index]] * len(scene.seats)
        scene.rebuild()  # a person's seat has a name field: the rows are laid out again
    elif isinstance(scene, HostSetupScene):
        scene.seats[1:] = [seat_options(4)[index]] * (len(scene.seats) - 1)  # East is the host's own seat


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", ["solo", "local", "host"])
def test_six_seat_choices_keep_their_words_whole_in_each_row(
    home: Path, cuts: list[str], size: tuple[int, int], lang: str, screen: str
) -> None:
    """A person and five levels (大师 / Master among them) side by side: each choice's words, bold as when picked,
    fit its segment at the row's own type size (no smaller type, nothing cut), and no segment leaves its row."""
    S.set_language(lang)
    headless_display(size)
    host = HeadlessHost(Settings(language=lang), size)
    scene: MenuScene = HostSetupScene(host) if screen == "host" else NewGameScene(host, screen)
    host.stack.push(scene)
    assert len(seat_choices(4)) == len(seat_options(4)) == 6
    for index in range(6):
        choose_everywhere(scene, index)
        draw(host, size)
        rows = seat_rows(scene)
        assert len(rows) >= 3, screen  # the host's own seat is a row of one choice, not counted
        for row in rows:
            segments = row.segments()
            assert row.value_rect.contains(segments[0].union(segments[-1])), (screen, row.label)
            assert all(a.right <= b.left for a, b in itertools.pairwise(segments))
            for (_value, words), segment in zip(row.options, segments, strict=True):
                wide = T.shadowed(words, scene.m.small, bold=True).get_width()
                assert wide <= segment.width - 6, (screen, words, wide, segment.width)
    assert cuts == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("moment", "ruleset"),
    [("calculator", "guiyang-classic"), ("calculator-three", "sandingguai"), ("calculator-two", "erding-liangfang")],
)
def test_calculator_rows_keep_their_words_at_every_table_size(
    home: Path, cuts: list[str], size: tuple[int, int], lang: str, moment: str, ruleset: str
) -> None:
    """The calculator's rows at tables of four, three and two (first chickens and who claimed them beside a
    seat each) are not cut short."""
    from game.rules.loader import load_ruleset
    from ui.probe.menu_moments import render_menu_moment

    render_menu_moment(moment, size, load_ruleset(ruleset), lang)
    assert cuts == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chicken_panel_and_plates_keep_their_words_at_a_table_of_three(
    home: Path, cuts: list[str], size: tuple[int, int], lang: str
) -> None:
    """docs/rules.md §15.3: at a table of three the chicken panel's 冲锋鸡 / "Charging" row and each plate's 缺
    badge ("no Bam.") read whole at every window size."""
    from game.rules.loader import load_ruleset
    from ui.probe.moments import render_moment

    render_moment("mid-hand", size, load_ruleset("sandingguai"), language=lang)
    assert cuts == []
