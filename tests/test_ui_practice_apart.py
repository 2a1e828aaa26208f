"""The statistics and the career charts say how many practice hands they keep apart, whole, in both languages."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.records.stats import PlayerStats, StatsBook, save_stats
from tests.cut_rig import watch_cuts
from tests.review_rig import keep_match
from tests.ui_host import HeadlessHost, headless_display
from ui.look import text as T
from ui.menu.stats_screen import StatsScene
from ui.review.career_scene import CareerScene
from ui.settings.values import Settings
from ui.stage.scene import Scene
from ui.words import strings as S

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
WORDS = {
    "zh": ("练习3局（不计入统计）", "练习1局（不计入统计）"),
    "en": ("3 practice hands (not counted)", "1 practice hand (not counted)"),
}


@pytest.fixture
def home(player_home: Path) -> Iterator[Path]:
    """The player's throw-away home (tests/conftest.py), and the text cache emptied after the test."""
    yield player_home
    T.clear_cache()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the screen fits into its place (the words a player sees), from now on."""
    said: list[str] = []
    fit = T.fit

    def noting(text: str, size: int, max_width: int, colour: T.Colour = (255, 255, 255), bold: bool = False) -> object:
        said.append(text)
        return fit(text, size, max_width, colour, bold)

    monkeypatch.setattr(T, "fit", noting)
    return said


def _draw(scene: Scene, size: tuple[int, int]) -> None:
    host = scene.host
    screen = headless_display(size)
    host.stack.push(scene)
    host.stack.update(1 / 60)
    host.stack.draw(screen)


def test_practice_hands_are_said_with_their_count_in_both_languages() -> None:
    for lang, (three, one) in WORDS.items():
        S.set_language(lang)
        assert (S.practice_hands(3), S.practice_hands(1), S.practice_hands(0)) == (three, one, "")
    S.set_language("zh")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_statistics_screen_shows_the_practice_hands_kept_apart(home: Path, drawn: list[str], lang: str) -> None:
    S.set_language(lang)
    save_stats(StatsBook({4: PlayerStats(hands=5, wins=2, practice=3)}))
    headless_display((1280, 720))
    _draw(StatsScene(HeadlessHost(Settings(), (1280, 720))), (1280, 720))
    assert WORDS[lang][0] in drawn
    assert S.tr("st_solo_note") in drawn, "what counts is still said"


def test_the_statistics_screen_says_nothing_of_practice_without_any(home: Path, drawn: list[str]) -> None:
    S.set_language("zh")
    save_stats(StatsBook({4: PlayerStats(hands=5, wins=2)}))
    headless_display((1280, 720))
    _draw(StatsScene(HeadlessHost(Settings(), (1280, 720))), (1280, 720))
    assert not any("练习" in text for text in drawn)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_statistics_screens_practice_line_is_not_cut(
    home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    S.set_language(lang)
    save_stats(StatsBook({4: PlayerStats(hands=123, practice=3)}))
    cuts = watch_cuts(monkeypatch)
    headless_display(size)
    scene = StatsScene(HeadlessHost(Settings(), size))
    _draw(scene, size)
    assert cuts == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_career_charts_show_the_practice_hands_kept_apart(
    home: Path, monkeypatch: pytest.MonkeyPatch, drawn: list[str], lang: str
) -> None:
    S.set_language(lang)
    keep_match("m1", hands=2, seed="a", practice=frozenset({2}))
    cuts = watch_cuts(monkeypatch)
    for size in SIZES:
        headless_display(size)
        scene = CareerScene(HeadlessHost(Settings(), size))
        assert scene.worker.join(60)
        drawn.clear()
        _draw(scene, size)
        assert scene.data is not None and scene.data.practice == 1
        assert WORDS[lang][1] in drawn, size
    assert cuts == []
