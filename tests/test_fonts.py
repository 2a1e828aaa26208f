"""The shipped Chinese font covers every character the game shows; fonts and text load, cache and fall back safely."""

from __future__ import annotations

import importlib
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from ui.look import charset, fonts
from ui.look.resources import resource_path, resource_root

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "assets" / "fonts"
# GB 2312 and Big5's common characters in each weight: about 5 MB a face, under the 25 MB download.
MAX_FONT_BYTES = 6 * 1024 * 1024


def _cmap(path: Path) -> set[int]:
    # fontTools ships no type information; importing it by name keeps mypy strict elsewhere.
    ttlib: Any = importlib.import_module("fontTools.ttLib")
    return set(ttlib.TTFont(str(path), lazy=True).getBestCmap())


@pytest.fixture(autouse=True)
def _fresh_font_caches() -> Any:
    fonts.clear_caches()
    yield
    fonts.clear_caches()


@pytest.mark.parametrize("relative", [fonts.REGULAR_FONT, fonts.BOLD_FONT])
def test_shipped_font_has_a_glyph_for_every_character_the_game_shows(relative: str) -> None:
    """Every CJK character in game/, ui/, rulesets/, docs/ and all printable ASCII is in the font's cmap
    (the regular face also carries the text players bring; the bold face the game's own titles and labels)."""
    cmap = _cmap(ROOT / relative)
    required = charset.required_characters(ROOT, players=relative == fonts.REGULAR_FONT)
    missing = {ch: places for ch, places in required.items() if ord(ch) not in cmap}
    report = "\n".join(
        f"  {ch!r} U+{ord(ch):04X} used at {', '.join(places)}" for ch, places in sorted(missing.items())
    )
    assert not missing, f"{relative} lacks {len(missing)} characters; run `python build/subset_font.py`:\n{report}"


def test_required_set_includes_ascii_punctuation_and_the_suit_names() -> None:
    """The scan feeds the subset: ASCII, full-width punctuation, and 万筒条 from game/core/tiles.py (rules §1)."""
    required = charset.required_characters(ROOT)
    assert all(chr(c) in required for c in range(0x20, 0x7F))
    assert all(ch in required for ch in "，。：；！？（）【】「」·—…→←↑↓×÷±、")
    assert any(place.startswith("game/core/tiles.py:") for place in required["筒"])


def test_tile_font_has_the_numerals_and_wan() -> None:
    """docs/rules.md §1 万: the character tiles draw 一 to 九 and 萬 from the serif face."""
    cmap = _cmap(ROOT / fonts.TILE_FONT)
    assert all(ord(ch) in cmap for ch in "一二三四五六七八九萬")


@pytest.mark.parametrize("name", ["NotoSansCJKsc-Regular-subset.otf", "NotoSansCJKsc-Bold-subset.otf"])
def test_font_files_stay_small(name: str) -> None:
    size = (FONT_DIR / name).stat().st_size
    assert 20 * 1024 < size < MAX_FONT_BYTES, f"{name} is {size / 1024:.0f} KiB"


def test_licence_ships_with_the_fonts() -> None:
    """The SIL Open Font License must travel with the font files."""
    text = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Adobe" in text
    for name in ("NotoSansCJKsc-Regular-subset.otf", "NotoSansCJKsc-Bold-subset.otf", "NotoSerifCJKsc-Bold-tiles.otf"):
        assert name in text


def test_scan_names_where_each_character_is_used(tmp_path: Path) -> None:
    """A forgotten re-subset is reported with file and line of the new text; comments are never shown."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "labels.py").write_text('X = 1  # 注释\nLABEL = "杠上开花"\n', encoding="utf-8")
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "r.yaml").write_text("# 说明\nname: 贵阳  # 备注\ntag: '#号'\n", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.py").write_text('"测试"\n', encoding="utf-8")
    found = charset.scan_sources(tmp_path)
    assert found["杠"] == ["game/labels.py:2"]
    assert found["贵"] == ["rulesets/r.yaml:2"]
    assert found["号"] == ["rulesets/r.yaml:3"]
    assert "测" not in found  # tests/ is not shown to players
    assert not set("注释说明备") & set(found)  # comments are never shown
    assert charset.required_characters(tmp_path)["花"] == ["game/labels.py:2"]


def test_is_cjk_covers_ideographs_and_full_width_punctuation() -> None:
    assert all(charset.is_cjk(ch) for ch in "鸡豆，。（）！")
    assert not any(charset.is_cjk(ch) for ch in "a1§é→")


def test_subset_script_check_agrees() -> None:
    """`python build/subset_font.py --check` passes on the shipped fonts."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "build" / "subset_font.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr


def test_get_font_is_cached_per_size_and_weight() -> None:
    font = fonts.get_font(20)
    assert isinstance(font, pygame.font.Font)
    assert fonts.get_font(20) is font
    assert fonts.get_font(20, bold=True) is not font
    assert fonts.get_font(21) is not font


def test_bold_title_font_is_heavier() -> None:
    regular = fonts.render_text("捉鸡", 40, (255, 255, 255))
    bold = fonts.render_text("捉鸡", 40, (255, 255, 255), bold=True)

    def ink(surface: pygame.Surface) -> int:
        raw = pygame.image.tobytes(surface, "RGBA")
        return sum(raw[i] for i in range(3, len(raw), 4))

    assert ink(bold) > ink(regular) * 1.15


def test_render_text_draws_real_chinese_glyphs() -> None:
    """Different characters give different pictures (a fallback font would draw the same box for both)."""
    a = fonts.render_text("鸡", 32, (255, 255, 255))
    b = fonts.render_text("杠", 32, (255, 255, 255))
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    assert a.get_bounding_rect().width > 16


def test_render_text_is_cached_by_its_arguments() -> None:
    surface = fonts.render_text("贵阳捉鸡 1-2", 24, (250, 240, 200))
    assert fonts.render_text("贵阳捉鸡 1-2", 24, (250, 240, 200)) is surface
    assert fonts.render_text("贵阳捉鸡 1-2", 24, (250, 240, 201)) is not surface
    assert fonts.render_text("贵阳捉鸡 1-2", 24, (250, 240, 200), bold=True) is not surface
    assert fonts.render_text("贵阳捉鸡 1-2", 24, pygame.Color(250, 240, 200)) is surface


def test_bad_size_and_colour_are_named() -> None:
    with pytest.raises(ValueError, match="font size"):
        fonts.get_font(0)
    with pytest.raises(ValueError, match="not a colour"):
        fonts.render_text("x", 12, "no-such-colour")


def test_missing_font_file_falls_back_and_logs_the_path(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(fonts, "REGULAR_FONT", "assets/fonts/not-there.otf")
    with caplog.at_level(logging.WARNING, logger="ui.look.fonts"):
        font = fonts.get_font(18)
    assert isinstance(font, pygame.font.Font)
    assert "not-there.otf" in caplog.text and "missing" in caplog.text
    assert fonts.render_text("abc", 18, (0, 0, 0)).get_width() > 0


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_unreadable_font_file_falls_back_and_logs_the_path(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A damaged font file is logged by path and replaced by the default font (pygame would crash on it later)."""
    bad = tmp_path / "broken.otf"
    real = (ROOT / fonts.REGULAR_FONT).read_bytes()
    bad.write_bytes(b"not a font at all" if damage == "garbage" else real[:3000])
    monkeypatch.setattr(fonts, "resource_path", lambda relative: bad)
    with caplog.at_level(logging.WARNING, logger="ui.look.fonts"):
        regular, bold, tile = fonts.get_font(18), fonts.get_font(18, bold=True), fonts.get_tile_font(30)
    assert all(isinstance(f, pygame.font.Font) for f in (regular, bold, tile))
    assert str(bad) in caplog.text and "cannot be read" in caplog.text
    assert caplog.text.count(str(bad)) == 1  # one message per file, not per size
    assert fonts.render_text("abc", 18, (0, 0, 0)).get_width() > 0


def test_resource_path_from_source_and_when_frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Assets resolve next to the source, and inside a PyInstaller bundle (sys._MEIPASS) when frozen."""
    assert resource_path(fonts.REGULAR_FONT).is_file()
    assert resource_root() == ROOT
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_path("assets/fonts/OFL.txt") == tmp_path / "assets" / "fonts" / "OFL.txt"
    with pytest.raises(ValueError, match="relative"):
        resource_path("../secret.txt")
    with pytest.raises(ValueError, match="relative"):
        resource_path("/etc/passwd")


def test_translucent_text_keeps_its_alpha() -> None:
    """A colour with alpha draws translucent text, stored in the pixels so display conversion keeps it."""
    surface = fonts.render_text("鸡", 40, (255, 255, 255, 128))
    raw = pygame.image.tobytes(surface, "RGBA")
    assert 100 < max(raw[i] for i in range(3, len(raw), 4)) <= 128


def test_the_subset_covers_gb2312_and_common_traditional_characters() -> None:
    """Text players bring (ruleset titles, names, folders) is in the shipped font when it is GB 2312 or Big5 common
    (in bold it is drawn from the regular face made bold: see the next test)."""
    for relative in (fonts.REGULAR_FONT,):
        cmap = _cmap(ROOT / relative)
        hanzi = [
            ch for ch in charset.gb2312_characters() + charset.common_traditional_characters() if charset.is_cjk(ch)
        ]
        assert len(hanzi) > 9000
        missing = [ch for ch in hanzi if ord(ch) not in cmap]
        assert not missing, f"{relative} lacks {''.join(missing[:40])}"


@pytest.mark.parametrize("bold", [False, True])
def test_text_outside_the_old_subset_renders_with_no_blank_glyph(bold: bool) -> None:
    """A player's ruleset 老王家的规矩·鬱 and a folder under /home/用户张三 show in the shipped fonts alone:
    the regular face has every character; in bold, what the bold face lacks is the regular face made bold."""
    pygame.font.init()
    shipped = {id(fonts.get_font(24, bold)), id(fonts.get_font(24, False))}
    for text in ("老王家的规矩·鬱", "/home/用户张三/规则", "臺灣麻將規則"):
        runs = fonts.text_runs(text, 24, bold)
        assert "".join(part for _f, part in runs) == text
        if bold:
            regular_bold = [f for f, _p in runs if id(f) not in shipped]
            assert all(f.bold for f in regular_bold), f"{text!r} in bold uses only the shipped faces"
            assert len({id(f) for f in regular_bold}) <= 1
        else:
            assert len(runs) == 1 and runs[0][0] is fonts.get_font(24, bold), f"{text!r} needs no other font"
        assert fonts.render_text(text, 24, (255, 255, 255), bold).get_width() > 0
    assert not fonts.missing_code_points()


def test_rarer_characters_come_from_a_system_font_or_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    """龘 and 麤 are in neither list: a system CJK font draws them, and where there is none they are logged."""
    pygame.font.init()
    text = "老王家的规矩·鬱龘麤"
    with caplog.at_level(logging.WARNING, logger="ui.look.fonts"):
        runs = fonts.text_runs(text, 24)
        picture = fonts.render_text(text, 24, (255, 255, 255))
    assert "".join(part for _f, part in runs) == text
    assert picture.get_width() > fonts.render_text("老王家的规矩·鬱", 24, (255, 255, 255)).get_width()
    if fonts.system_cjk_fonts():
        assert any(font is not fonts.get_font(24) and "龘" in part for font, part in runs)
        assert not fonts.missing_code_points() and not caplog.records
    else:
        assert {ord("龘"), ord("麤")} <= fonts.missing_code_points()
        assert "U+9F98" in caplog.text


def test_a_character_no_font_has_is_logged_once_with_its_code_point(caplog: pytest.LogCaptureFixture) -> None:
    pygame.font.init()
    private = "\u0378"  # a code point Unicode leaves unassigned: no font draws it
    with caplog.at_level(logging.WARNING, logger="ui.look.fonts"):
        fonts.render_text(f"规则{private}", 20, (255, 255, 255))
        fonts.render_text(f"又是{private}", 20, (255, 255, 255))
    assert ord(private) in fonts.missing_code_points()
    assert [r.getMessage().count("U+0378") for r in caplog.records] == [1]
