"""How the table calls its seats, and the words on a seat's name plate fitted to the plate.

A seat is called as the viewer calls it (你, 下家, 对家, 上家), or by its wind (东家) on the screen
of one who holds no seat and only watches. On a plate a person's name comes with the seat's word
(阿强·对家, Ann (Across)), an AI's seat with 电脑 (对家·电脑); a person who gave no name is the seat's
word alone. The words take one line when they fit at a size near the plate's own, else two lines
at a smaller size, broken between characters (or words in English) but never inside the seat's
word: the longest name game/records/names.py allows shows whole with its seat word at every window size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ui.look import text as T
from ui.look.fonts import text_runs
from ui.table.model import TableModel
from ui.words import strings as S

ONE_LINE_LEAST = 0.85  # the smallest a plate's single line shrinks to, over the plate's type
TWO_LINES = 0.85  # the size of two lines, over the plate's type


def seat_word(model: TableModel, engine: int) -> str:
    """Engine seat `engine` as the table calls it: as the viewer does (你, 下家, 对家, 上家), or by its wind
    (东家 南家 西家 北家) for one who holds no seat and only watches."""
    n = model.players
    return S.wind_seat(engine, n) if model.watching else S.seat_name(engine, model.engine(model.viewer), n)


def seat_label(model: TableModel, engine: int) -> str:
    """Engine seat `engine` in the banners and panels: its wind and how the viewer calls it (东·下家), or its
    wind alone (东家) for one who only watches."""
    n = model.players
    return S.wind_seat(engine, n) if model.watching else S.seat_label(engine, model.engine(model.viewer), n)


def plate_parts(word: str, ai: bool, given: str) -> tuple[str, str]:
    """The plate's words in two parts, the second never broken: (the name or the seat's word, what follows it)."""
    zh = S.language() == "zh"
    if ai:
        return word, f"·{S.tr('ai_name')}" if zh else f" ({S.tr('ai_name')})"
    if given:
        return given, f"·{word}" if zh else f" ({word})"
    return word, ""


def plate_name(word: str, ai: bool, given: str = "") -> str:
    """The plate's words on one line: 阿强·对家, 对家·电脑, 你."""
    first, rest = plate_parts(word, ai, given)
    return first + rest


def two_line_size(plate_font: int) -> int:
    """The type of a plate's words on two lines."""
    return max(T.MIN_TEXT, round(plate_font * TWO_LINES))


@dataclass(frozen=True)
class PlateLines:
    """The plate's words as drawn: one or two lines at one size; the marks (庄, 听) after the last line, or
    on the score row when they do not fit there."""

    lines: tuple[str, ...]
    size: int
    marks_below: bool = False


def text_width(text: str, size: int) -> int:
    """How wide `text` is drawn bold and shadowed at `size` (T.shadowed), measured without drawing it."""
    return sum(font.size(run)[0] for font, run in text_runs(text, size, True)) + max(1, size // 16)


@lru_cache(maxsize=512)
def fit_plate(first: str, rest: str, plate_font: int, room: int, marks: int) -> PlateLines:
    """The words `first` + `rest` in `room` px with `marks` px of marks after them: one line as large as fits down
    to ONE_LINE_LEAST of the plate's type, else two lines from two_line_size() down to the smallest text."""
    whole = first + rest
    for size in range(plate_font, max(T.MIN_TEXT, round(plate_font * ONE_LINE_LEAST)) - 1, -1):
        if text_width(whole, size) + marks <= room:
            return PlateLines((whole,), size)
    for below in (False, True):
        for size in range(two_line_size(plate_font), T.MIN_TEXT - 1, -1):
            lines = _two_lines(first, rest, size, room, 0 if below else marks)
            if lines is not None:
                return PlateLines(lines, size, below)
    return PlateLines((whole,), T.MIN_TEXT, True)  # cut short when drawn: no name the game allows comes here


def _two_lines(first: str, rest: str, size: int, room: int, marks: int) -> tuple[str, ...] | None:
    """`first` + `rest` on at most two lines of `room` px (the last with `marks` px after it), or None."""
    pieces = _pieces(first, size, room) + ([rest] if rest else [])
    for cut in range(len(pieces) - 1, 0, -1):
        top = "".join(pieces[:cut])
        if text_width(top, size) <= room:
            bottom = "".join(pieces[cut:]).lstrip()
            if text_width(bottom, size) + marks <= room:
                return top.rstrip(), bottom
            return None  # a shorter first line only makes the second longer
    return None


def _pieces(text: str, size: int, room: int) -> list[str]:
    """Where `text` may break: before each word (its space with it) when it has spaces, else between characters;
    a word wider than the plate breaks between its characters too."""
    words = [w if i == 0 else f" {w}" for i, w in enumerate(text.split(" "))] if " " in text else [text]
    out: list[str] = []
    for word in words:
        if len(words) > 1 and text_width(word, size) <= room:
            out.append(word)
        else:
            out.extend(word)
    return out
