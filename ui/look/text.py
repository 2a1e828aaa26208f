"""Text and panel pictures built once and cached: shadowed, outlined and turned labels, rounded plates.

Everything here is keyed by its arguments and the chosen look (ui/look/chosen.py), so the table can ask for the
same label every frame without rendering or rotating anything twice. In high contrast the palette's words and rims
are drawn in their contrasted colours (ui/look/palette.py) and the plates' rims twice as thick, wherever they are
asked for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator

import pygame

from ui.look import palette as pal
from ui.look.chosen import chosen
from ui.look.fonts import render_text
from ui.look.surface_cache import SurfaceCache, size_bound

Colour = pal.Colour

_cache = SurfaceCache(maxsize=2048)
size_bound(_cache.clear)


# The smallest text the game draws, in px of font size: smaller Chinese is hard to read on any screen.
MIN_TEXT = 13


def cached(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A surface from the shared cache of composed pictures, made once per look."""
    return _cache.get((chosen(), key), make)


def shown(colour: Colour | None) -> Colour:
    """The colour words are drawn in for `colour` (None: the body text's) in the chosen look."""
    if colour is None:
        colour = pal.TEXT
    return pal.contrasted(colour) if chosen().high_contrast else colour


def label(text: str, size: int, colour: Colour | None = None, bold: bool = False) -> pygame.Surface:
    """Plain anti-aliased text (cached by ui.look.fonts); `colour` None is the body text's."""
    return render_text(text, size, shown(colour), bold)


def shadowed(text: str, size: int, colour: Colour | None = None, bold: bool = False) -> pygame.Surface:
    """Text with a soft dark drop shadow, readable on the felt (a solid one in high contrast)."""
    colour = shown(colour)

    def make() -> pygame.Surface:
        fg = render_text(text, size, colour, bold)
        sh = render_text(text, size, (0, 0, 0, 240 if chosen().high_contrast else 150), bold)
        off = max(1, size // 16)
        out = pygame.Surface((fg.get_width() + off, fg.get_height() + off), pygame.SRCALPHA)
        out.blit(sh, (off, off))
        out.blit(fg, (0, 0))
        return out

    return cached(("shadowed", text, size, colour, bold), make)


def outlined(text: str, size: int, colour: Colour, stroke: Colour, width: int, bold: bool = True) -> pygame.Surface:
    """Text with a solid outline `width` px thick: callouts and banners."""
    colour = shown(colour)
    key = ("outlined", text, size, colour, stroke, width, bold)
    made: list[pygame.Surface] = []
    return cached(key, lambda: _run(_outline_steps(text, size, colour, stroke, width, bold, made), made))


def outlined_steps(
    text: str, size: int, colour: Colour, stroke: Colour, width: int, bold: bool = True
) -> Iterator[None]:
    """Draw outlined() of the same arguments a part per step (large text laid many times over takes longer
    than a frame can give it); once the steps are done, outlined() finds it drawn."""
    colour = shown(colour)
    key = ("outlined", text, size, colour, stroke, width, bold)
    if (chosen(), key) in _cache:
        return
    made: list[pygame.Surface] = []
    yield from _outline_steps(text, size, colour, stroke, width, bold, made)
    cached(key, lambda: made[0])


def _run(steps: Iterator[None], made: list[pygame.Surface]) -> pygame.Surface:
    for _ in steps:
        pass
    return made[0]


def _outline_steps(
    text: str, size: int, colour: Colour, stroke: Colour, width: int, bold: bool, made: list[pygame.Surface]
) -> Iterator[None]:
    fg = render_text(text, size, colour, bold)
    st = render_text(text, size, stroke, bold)
    w = max(1, width)
    out = pygame.Surface((fg.get_width() + 2 * w, fg.get_height() + 2 * w + w), pygame.SRCALPHA)
    shadow = render_text(text, size, (0, 0, 0, 120), bold)
    yield
    # The shadow, then the stroke, laid around a disc of offsets: a column of the disc per step.
    for pic, top in ((shadow, 2 * w), (st, w)):
        for dx in range(-w, w + 1):
            for dy in range(-w, w + 1):
                if dx * dx + dy * dy <= w * w:
                    out.blit(pic, (w + dx, top + dy))
            yield
    out.blit(fg, (w, w))
    made.append(out)


def turned(surface_key: Hashable, surface: pygame.Surface, angle: int) -> pygame.Surface:
    """`surface` turned `angle` degrees counter-clockwise, once per key and angle."""
    if angle % 360 == 0:
        return surface
    return cached(("turned", surface_key, angle), lambda: pygame.transform.rotate(surface, angle))


def turned_label(text: str, size: int, colour: Colour, angle: int, bold: bool = False) -> pygame.Surface:
    """A shadowed label turned to read from another side of the table."""
    return turned(("label", text, size, colour, bold), shadowed(text, size, colour, bold), angle)


def panel(
    size: tuple[int, int],
    radius: int,
    fill: Colour = pal.PANEL,
    border: Colour | None = pal.PANEL_BORDER,
    border_width: int = 1,
) -> pygame.Surface:
    """A rounded translucent plate of `size` with an optional border (darker and more solid, with a brighter rim
    twice as thick, in high contrast)."""
    if chosen().high_contrast:
        fill = pal.contrasted_fill(fill)
        if border is not None:
            border, border_width = pal.contrasted(border), max(2, 2 * border_width)

    def make() -> pygame.Surface:
        w, h = max(1, size[0]), max(1, size[1])
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(out, fill, out.get_rect(), border_radius=radius)
        if border is not None and border_width > 0:
            pygame.draw.rect(out, border, out.get_rect(), width=border_width, border_radius=radius)
        return out

    return cached(("panel", size, radius, fill, border, border_width), make)


def fit(text: str, size: int, max_width: int, colour: Colour | None = None, bold: bool = False) -> pygame.Surface:
    """Shadowed text at `size`, or smaller until it is no wider than `max_width`; never below MIN_TEXT px
    (text that still does not fit is cut short with "…")."""
    s = size
    surf = shadowed(text, s, colour, bold)
    floor = min(size, MIN_TEXT)
    while surf.get_width() > max_width and s > floor:
        s -= 1
        surf = shadowed(text, s, colour, bold)
    if surf.get_width() <= max_width or len(text) < 2:
        return surf
    # Cut at the longest prefix that fits with its ellipsis (a binary search over the prefix length).
    low, high = 0, len(text) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if shadowed(text[:mid].rstrip() + "…", s, colour, bold).get_width() <= max_width:
            low = mid
        else:
            high = mid - 1
    return shadowed(text[:low].rstrip() + "…", s, colour, bold)


# Punctuation that must not begin a line of Chinese (it stays with what comes before) and what must
# not end one (it stays with what comes after).
NO_LINE_START = "，。、：；！？）」』》…%,.:;!?)]"
NO_LINE_END = "（「『《(["
# Measure words that belong to the number before them: "10番" is read as one word.
UNITS = "张门墩轮番组个分倍局家人次点秒圈手只"
# A tile notation or a number ("11s", "123m", "10", "+10", "1.5", "3/4"), with its unit if it has one;
# otherwise a single character.
_TOKEN = re.compile(rf"[+\-−×]?[0-9A-Za-z]+(?:[.:/×][0-9A-Za-z]+)*(?:(?<=[0-9]) ?[{UNITS}])?|.", re.S)


def tokens(text: str) -> list[str]:
    """The pieces a line of Chinese may break between: tile notations and numbers whole (with their unit),
    other characters one by one, closing punctuation kept with the piece before and opening with the one after."""
    out: list[str] = []
    opening = ""
    for match in _TOKEN.finditer(text):
        piece = match.group()
        if piece in NO_LINE_END:
            opening += piece
        elif piece in NO_LINE_START and out and not opening:
            out[-1] += piece
        else:
            out.append(opening + piece)
            opening = ""
    if opening:
        out.append(opening)
    return out


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` px: English at its spaces, Chinese between characters
    but never inside a tile notation or a number (a piece wider than a line has a line to itself)."""
    lines: list[str] = []
    # English that names a few Chinese words (幺鸡, 万) still breaks at its spaces only.
    cjk = sum(1 for ch in text if ord(ch) >= 0x2E80)
    by_words = " " in text and cjk * 4 < len(text.replace(" ", ""))
    words = text.split(" ") if by_words else tokens(text)
    joiner = " " if by_words else ""
    line = ""
    for word in words:
        trial = f"{line}{joiner}{word}" if line else word
        if label(trial, size, bold=bold).get_width() <= width or not line:
            line = trial
        else:
            lines.append(line.rstrip())
            line = word.lstrip()
    if line:
        lines.append(line)
    return lines


def pack(items: list[str], size: int, width: int, joiner: str = " · ", bold: bool = False) -> list[str]:
    """Whole items (key hints, list entries) joined into as few lines no wider than `width` as they go, measured
    as fit() draws them (shadowed), so that a packed line is never shrunk or cut."""
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]}{joiner}{item}" if lines else item
        if lines and shadowed(trial, size, bold=bold).get_width() <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines


def clear_cache() -> None:
    """Forget every composed picture (after a language or font change)."""
    _cache.clear()
