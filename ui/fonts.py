"""The Chinese UI font (Noto Sans CJK SC subset), the serif face for tile numerals, and cached text.

A missing or unreadable font file never stops the game: the problem is logged with the file's
path and pygame's default font is used instead (Chinese characters then show as boxes).
"""

from __future__ import annotations

import logging

import pygame

from ui.art.surface_cache import SurfaceCache
from ui.resources import resource_path

log = logging.getLogger(__name__)

REGULAR_FONT = "assets/fonts/NotoSansCJKsc-Regular-subset.otf"
BOLD_FONT = "assets/fonts/NotoSansCJKsc-Bold-subset.otf"
TILE_FONT = "assets/fonts/NotoSerifCJKsc-Bold-tiles.otf"

ColourLike = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color | str

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_reported: set[str] = set()
_text_cache = SurfaceCache(maxsize=4096)


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


def _colour_key(colour: ColourLike) -> tuple[int, int, int, int]:
    try:
        c = pygame.Color(colour)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"not a colour: {colour!r}") from exc
    return (c.r, c.g, c.b, c.a)


def render_text(text: str, size: int, colour: ColourLike, bold: bool = False) -> pygame.Surface:
    """`text` drawn anti-aliased on a transparent surface, cached by its arguments (safe to call every frame)."""
    rgba = _colour_key(colour)
    _check_size(size)

    def make() -> pygame.Surface:
        surface = get_font(size, bold).render(text, True, rgba[:3])
        if rgba[3] < 255:
            # Scale the per-pixel alpha rather than set a surface alpha, which convert_alpha would drop.
            surface.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
        return surface

    return _text_cache.get((text, size, rgba, bold), make)


def clear_caches() -> None:
    """Forget loaded fonts and rendered text (after the font files change, or in tests)."""
    _fonts.clear()
    _reported.clear()
    _text_cache.clear()
