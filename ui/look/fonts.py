"""The Chinese UI font (Noto Sans CJK SC subset), the serif face for tile numerals, and cached text.

The shipped subset carries every character the game shows, GB 2312 and Big5's common traditional
characters. Text the player brings may hold rarer ones (an old family name in a ruleset title):
those runs are drawn with a CJK font found on the system, and a character no font has is logged
with its code point, once, rather than shown as a blank box without a word.
A missing or unreadable font file never stops the game: the problem is logged with the file's
path and pygame's default font is used instead.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import pygame
import pygame.freetype as freetype  # asked which characters a font file has; pygame.font cannot say

from ui.look.resources import resource_path
from ui.look.surface_cache import SurfaceCache, size_bound

log = logging.getLogger(__name__)

REGULAR_FONT = "assets/fonts/NotoSansCJKsc-Regular-subset.otf"
BOLD_FONT = "assets/fonts/NotoSansCJKsc-Bold-subset.otf"
TILE_FONT = "assets/fonts/NotoSerifCJKsc-Bold-tiles.otf"

ColourLike = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color | str

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_reported: set[str] = set()
_text_cache = SurfaceCache(maxsize=4096)
size_bound(_text_cache.clear)
size_bound(_fonts.clear)

# System fonts with broad CJK coverage, by the names pygame.font.match_font knows (fontconfig, the
# Windows registry, the macOS font folders), then well-known files where matching by name is not possible.
SYSTEM_CJK_NAMES = (
    "notosanscjksc",
    "notosanscjk",
    "notosanscjktc",
    "sourcehansanssc",
    "sourcehanscn",
    "wenquanyizenhei",
    "wenquanyimicrohei",
    "microsoftyahei",
    "microsoftjhenghei",
    "simsun",
    "mingliu",
    "simhei",
    "pingfangsc",
    "hiraginosansgb",
    "stheiti",
    "arialunicodems",
    "droidsansfallback",
    "unifont",
)
SYSTEM_CJK_FILES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/STHeiti Light.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/simsun.ttc",
    "C:/Windows/Fonts/mingliub.ttc",
)

_system_paths: list[str] | None = None  # system CJK font files found, best first (searched once)
_faces: dict[str, freetype.Font] = {}  # per font file: the FreeType face asked which characters it has
_coverage: dict[str, set[int]] = {}  # per font file: code points known to be in it
_lacking: dict[str, set[int]] = {}  # per font file: code points known not to be
_no_font: set[int] = set()  # code points no font has (logged once each)


def _check_size(size: int) -> None:
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise ValueError(f"font size must be a positive whole number of pixels, got {size!r}")


# First bytes of the font formats FreeType reads: OpenType/CFF, TrueType (two spellings), collections.
_FONT_MAGIC = (b"OTTO", b"\x00\x01\x00\x00", b"true", b"ttcf")


def _open(relative: str, size: int) -> pygame.font.Font | None:
    """The font file at `relative`, or None (logged once per file) when it is missing or unreadable."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = resource_path(relative)
    try:
        with path.open("rb") as fh:
            magic = fh.read(4)
        if magic not in _FONT_MAGIC:
            raise ValueError("not an OpenType or TrueType font")
        font = pygame.font.Font(str(path), size)
        # pygame may hand back a font object for a damaged file that fails on first use; use it now.
        font.size("A")
    except (OSError, pygame.error, RuntimeError, ValueError) as exc:
        if str(path) not in _reported:
            _reported.add(str(path))
            reason = "file is missing" if not path.exists() else f"cannot be read ({exc})"
            log.warning("font %s %s; falling back to pygame's default font", path, reason)
        return None
    return font


def _default(size: int, bold: bool) -> pygame.font.Font:
    font = pygame.font.Font(None, size)
    font.set_bold(bold)
    return font


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at `size` px (bold for titles), cached; pygame's default font if the file is unusable."""
    _check_size(size)
    key = (BOLD_FONT if bold else REGULAR_FONT, size)
    font = _fonts.get(key)
    if font is None:
        font = _open(key[0], size)
        if font is None and bold:
            # A regular face made bold by FreeType still beats the default font, which has no Chinese.
            font = _open(REGULAR_FONT, size)
            if font is not None:
                font.set_bold(True)
        if font is None:
            font = _default(size, bold)
        _fonts[key] = font
    return font


def get_tile_font(size: int) -> pygame.font.Font:
    """The serif face for the numerals and 萬 on character tiles; the bold UI font if it is unusable."""
    _check_size(size)
    key = (TILE_FONT, size)
    font = _fonts.get(key)
    if font is None:
        font = _open(TILE_FONT, size) or get_font(size, bold=True)
        _fonts[key] = font
    return font


def warm_font(size: int, bold: bool = False) -> None:
    """Open the UI font at `size` and draw a first line with it: both cost milliseconds the first time, so the
    table does it while it loads rather than in the frame that first shows text of that size."""
    get_font(size, bold).render("麻将", True, (255, 255, 255))
    _has_glyphs(str(resource_path(BOLD_FONT if bold else REGULAR_FONT)), "麻")


def _colour_key(colour: ColourLike) -> tuple[int, int, int, int]:
    try:
        c = pygame.Color(colour)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"not a colour: {colour!r}") from exc
    return (c.r, c.g, c.b, c.a)


def system_cjk_fonts() -> list[str]:
    """CJK font files on this system that can stand in for characters the shipped font lacks, best first."""
    global _system_paths
    if _system_paths is None:
        found: list[str] = []
        if not pygame.font.get_init():
            pygame.font.init()
        for name in SYSTEM_CJK_NAMES:
            try:
                path = pygame.font.match_font(name)
            except (OSError, ValueError, RuntimeError):  # a font registry that cannot be read is no font
                path = None
            if path and path not in found:
                found.append(str(path))
        for path in SYSTEM_CJK_FILES:
            if path not in found and Path(path).is_file():
                found.append(path)
        windir = os.environ.get("WINDIR")
        if sys.platform == "win32" and windir:
            for name in ("msyh.ttc", "simsun.ttc"):
                path = str(Path(windir) / "Fonts" / name)
                if path not in found and Path(path).is_file():
                    found.append(path)
        _system_paths = found
        log.debug("system CJK fonts for characters the shipped font lacks: %s", found or "none")
    return _system_paths


def _has_glyphs(path: str, text: str) -> set[str]:
    """The characters of `text` that the font file at `path` has a glyph for (asked of FreeType once each)."""
    have = _coverage.setdefault(path, set())
    lack = _lacking.setdefault(path, set())
    unknown = {ch for ch in text if ord(ch) not in have and ord(ch) not in lack}
    if unknown:
        try:
            face = _faces.get(path)
            if face is None:
                if not freetype.get_init():
                    freetype.init()
                face = _faces[path] = freetype.Font(path, 16)
            order = sorted(unknown)
            for ch, metric in zip(order, face.get_metrics("".join(order)), strict=True):
                (have if metric is not None else lack).add(ord(ch))
        except (OSError, pygame.error, RuntimeError, ValueError):
            have.update(ord(ch) for ch in unknown)  # cannot ask: trust the font, as before fallbacks existed
    return {ch for ch in text if ord(ch) in have}


def _fallback_font(path: str, size: int, bold: bool) -> pygame.font.Font | None:
    key = (f"system:{path}:{bold}", size)
    font = _fonts.get(key)
    if font is None:
        try:
            font = pygame.font.Font(path, size)
            font.set_bold(bold)
        except (OSError, pygame.error, RuntimeError, ValueError) as exc:
            if path not in _reported:
                _reported.add(path)
                log.warning("system font %s cannot be read (%s)", path, exc)
            return None
        _fonts[key] = font
    return font


def text_runs(text: str, size: int, bold: bool = False) -> list[tuple[pygame.font.Font, str]]:
    """`text` cut into runs, each with the font that draws it: the shipped font where it has the glyphs,
    a system CJK font for the rest; a character no font has stays with the shipped font and is logged."""
    primary = get_font(size, bold)
    primary_path = str(resource_path(BOLD_FONT if bold else REGULAR_FONT))
    if text.isascii() or not Path(primary_path).is_file():
        return [(primary, text)]
    shown = _has_glyphs(primary_path, text)
    if len(shown) == len(set(text)):
        return [(primary, text)]
    chosen: dict[str, pygame.font.Font] = {}
    rest = {ch for ch in text if ch not in shown and not ch.isspace()}
    regular_path = str(resource_path(REGULAR_FONT))
    if bold and rest and Path(regular_path).is_file():
        # The bold face carries the game's own text; a player's characters come from the regular face made bold.
        found = _has_glyphs(regular_path, "".join(sorted(rest)))
        if found:
            bold_regular = _bold_regular(size)
            for ch in found:
                chosen[ch] = bold_regular
            rest -= found
    for path in system_cjk_fonts():
        if not rest:
            break
        found = _has_glyphs(path, "".join(sorted(rest)))
        font = _fallback_font(path, size, bold) if found else None
        if font is None:
            continue
        for ch in found:
            chosen[ch] = font
        rest -= found
    _report_missing(rest, text)
    runs: list[tuple[pygame.font.Font, str]] = []
    for ch in text:
        font = chosen.get(ch, primary)
        if runs and runs[-1][0] is font:
            runs[-1] = (font, runs[-1][1] + ch)
        else:
            runs.append((font, ch))
    return runs


def _bold_regular(size: int) -> pygame.font.Font:
    """The shipped regular face at `size`, drawn bold by FreeType (cached apart from the plain one)."""
    key = (f"{REGULAR_FONT}:bold", size)
    font = _fonts.get(key)
    if font is None:
        font = _open(REGULAR_FONT, size) or _default(size, True)
        font.set_bold(True)
        _fonts[key] = font
    return font


def _report_missing(chars: set[str], text: str) -> None:
    new = sorted(ord(ch) for ch in chars if ord(ch) not in _no_font)
    if not new:
        return
    _no_font.update(new)
    points = ", ".join(f"U+{cp:04X} {chr(cp)}" for cp in new)
    log.warning("no font has a glyph for %s (in %r): shown as a box; install a CJK font to see it", points, text)


def missing_code_points() -> frozenset[int]:
    """Code points that no font could draw so far (each was logged)."""
    return frozenset(_no_font)


def _render_runs(runs: list[tuple[pygame.font.Font, str]], rgb: tuple[int, int, int]) -> pygame.Surface:
    """Runs drawn side by side on one baseline."""
    pictures = [(font, font.render(part, True, rgb)) for font, part in runs]
    ascent = max(font.get_ascent() for font, _pic in pictures)
    descent = max(pic.get_height() - font.get_ascent() for font, pic in pictures)
    out = pygame.Surface((sum(pic.get_width() for _f, pic in pictures), ascent + descent), pygame.SRCALPHA)
    x = 0
    for font, pic in pictures:
        out.blit(pic, (x, ascent - font.get_ascent()))
        x += pic.get_width()
    return out


def render_text(text: str, size: int, colour: ColourLike, bold: bool = False) -> pygame.Surface:
    """`text` drawn anti-aliased on a transparent surface, cached by its arguments (safe to call every frame)."""
    rgba = _colour_key(colour)
    _check_size(size)

    def make() -> pygame.Surface:
        runs = text_runs(text, size, bold)
        surface = runs[0][0].render(text, True, rgba[:3]) if len(runs) == 1 else _render_runs(runs, rgba[:3])
        if rgba[3] < 255:
            # Scale the per-pixel alpha rather than set a surface alpha, which convert_alpha would drop.
            surface.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
        return surface

    return _text_cache.get((text, size, rgba, bold), make)


def clear_caches() -> None:
    """Forget loaded fonts and rendered text (after the font files change, or in tests)."""
    global _system_paths
    _fonts.clear()
    _reported.clear()
    _text_cache.clear()
    _faces.clear()
    _coverage.clear()
    _lacking.clear()
    _no_font.clear()
    _system_paths = None
