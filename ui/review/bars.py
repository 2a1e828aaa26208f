"""The review's pictures: a decision's options as bars of expected points, its reason, and small bar charts.

Every picture is drawn into a rectangle it is given and says how much of its height it used, so the
review screen and the replay's panel lay them out alike at any window size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.review.report import Decision, Option
from game.review.why import move_words
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.words import strings as S

EXPERT_BAR: pal.RGB = marks.EXPERT
PLAYED_BAR: pal.RGB = marks.PLAYED
MISTAKE_BAR: pal.RGB = marks.MISTAKE
OTHER_BAR: pal.RGB = marks.OTHER
ZERO_LINE: pal.RGB = (200, 200, 190)


def said(text_zh: str, text_en: str) -> str:
    """A game.learn Said's two texts, the current language's."""
    return text_zh if S.language() == "zh" else text_en


def move_label(option: Option) -> str:
    """An option's move in the game's words, in the current language."""
    words = move_words(option.action)
    return said(words.zh, words.en)


def noise_words(d: Decision) -> str:
    """The line under the bars when an option is priced above the expert's move: equal within the noise."""
    return S.tr("rv_even")


def value_text(d: Decision, option: Option) -> str:
    """An option's price, and beside any but the expert's move its standard error against that move: +0.6±0.3."""
    price = number_text("{:+.1f}", option.points)
    if option.action == d.expert or not math.isfinite(option.se):
        return price
    return f"{price}±{option.se:.1f}"


def note_lines(d: Decision, width: int, font: int) -> list[str]:
    """The line saying the options are even (its short form where the whole does not fit on one line); none when
    the expert's move is the best priced."""
    if not d.even:
        return []
    for text in (noise_words(d), S.tr("rv_even_short")):
        if T.shadowed(text, font).get_width() <= width - 2:
            return [text]
    return T.wrap(S.tr("rv_even_short"), font, width - 2)


def bars_height(d: Decision, width: int, font: int, rows: int = 0) -> int:
    """The height `option_bars` needs for its key, `rows` options (never fewer than it must show) and its note."""
    shown = max(_must_show(d), min(rows, len(d.options)))
    return round(font * 1.65) * (1 + shown + len(note_lines(d, width, font)))


def _must_show(d: Decision) -> int:
    """The rows always drawn: the move played, the expert's and the best priced (one, two or three of them)."""
    best = max(d.options, key=lambda o: o.points).action if d.options else d.expert
    return len({d.played, d.expert, best})


def shown_options(d: Decision, rows: int) -> list[Option]:
    """The options to draw in `rows` rows: best first, the move played, the expert's and the best priced always
    among them."""
    ranked = sorted(d.options, key=lambda o: -o.points)
    keep = [o for o in ranked if o.action in (d.played, d.expert) or o is ranked[0]]
    out = [o for o in ranked if o not in keep][: max(0, rows - len(keep))] + keep
    return sorted(out, key=lambda o: -o.points)


def expert_move_colour(d: Decision) -> pal.RGB:
    """The list's colour for the expert's move: gold where it is worth points over the move played, muted where
    the two agree or the move played did as well (a different choice, no better by the deals)."""
    return pal.TEXT_GOLD if d.costly else pal.TEXT_MUTED


def bar_colour(d: Decision, option: Option) -> pal.RGB:
    """Gold for the expert's move, blue for the move played (red when clearly worse), green for the rest."""
    if option.action == d.expert:
        return EXPERT_BAR
    if option.action == d.played:
        return MISTAKE_BAR if d.clear else PLAYED_BAR
    return OTHER_BAR


def option_mark(d: Decision, option: Option, size: int) -> pygame.Surface | None:
    """The shape beside an option, so that its colour is never the only cue: a star for the expert's move, a cross
    for the move played when it was a clear mistake, a ring for it otherwise, none for the rest."""
    if option.action == d.expert:
        return marks.star(size, EXPERT_BAR)
    if option.action == d.played:
        return marks.cross(size, MISTAKE_BAR) if d.clear else marks.ring(size, PLAYED_BAR)
    return None


def option_bars(surface: pygame.Surface, rect: pygame.Rect, d: Decision, font: int) -> int:
    """A key (你, 专家), then each option as a bar of its expected points about a zero line with its uncertainty
    (± a standard error, drawn as a whisker), and a line saying when the options are even; the height used."""
    row_h = round(font * 1.65)
    y = rect.top + _key(surface, rect, d, font, row_h)
    # The line saying the options are even takes the last row, so that it is never the one left out.
    note = note_lines(d, rect.width, font)
    rows = max(_must_show(d), (rect.bottom - y) // row_h - len(note))
    options = shown_options(d, rows)
    ends = [(o.points - o.se, o.points + o.se) if _whisker(d, o) else (o.points, o.points) for o in options]
    lo = min(0.0, *(a for a, _ in ends))
    hi = max(0.0, *(b for _, b in ends))
    span = max(1e-9, hi - lo)
    # The labels take what the longest needs, at most half the width; the bars take the rest.
    mark_size = max(9, round(font * 0.95))
    indent = mark_size + 3
    widest = max(T.shadowed(move_label(o), font, bold=True).get_width() for o in options)
    label_w = min(rect.width // 2, widest + 2 + indent)
    value_w = min(rect.width // 3, max(T.shadowed(value_text(d, o), font, bold=True).get_width() for o in options) + 4)
    bar_left = rect.left + label_w + 4
    bar_w = max(10, rect.right - value_w - 4 - bar_left)

    def x_of(v: float) -> int:
        return bar_left + round(bar_w * (v - lo) / span)

    zero_x = x_of(0.0)
    top = y
    for o in options:
        marked = o.action in (d.played, d.expert)
        colour = bar_colour(d, o) if marked else pal.TEXT_MUTED
        sign = option_mark(d, o, mark_size)
        if sign is not None:
            surface.blit(sign, sign.get_rect(midleft=(rect.left, y + row_h // 2)))
        name = T.fit(move_label(o), font, label_w - indent, colour, bold=marked)
        surface.blit(name, name.get_rect(midleft=(rect.left + indent, y + row_h // 2)))
        end = x_of(o.points)
        bar = pygame.Rect(min(zero_x, end), y + row_h // 5, max(2, abs(end - zero_x)), row_h - 2 * (row_h // 5))
        pygame.draw.rect(surface, bar_colour(d, o), bar, border_radius=3)
        if o.action == d.played and d.clear and o.action != d.expert:
            # A clear mistake's bar is striped as well as red.
            marks.hatch(surface, bar, marks.INK, max(4, row_h // 4), max(1, row_h // 10))
        if _whisker(d, o):
            mid = y + row_h // 2
            a, b = x_of(o.points - o.se), x_of(o.points + o.se)
            pygame.draw.line(surface, ZERO_LINE, (a, mid), (b, mid), 1)
            for x in (a, b):
                pygame.draw.line(surface, ZERO_LINE, (x, mid - row_h // 6), (x, mid + row_h // 6), 1)
        value = T.fit(value_text(d, o), font, value_w, colour, bold=marked)
        surface.blit(value, value.get_rect(midright=(rect.right, y + row_h // 2)))
        y += row_h
    pygame.draw.line(surface, ZERO_LINE, (zero_x, top), (zero_x, y), 1)
    for line in note:
        pic = T.fit(line, font, rect.width, pal.TEXT_GOLD)
        surface.blit(pic, pic.get_rect(midleft=(rect.left, y + row_h // 2)))
        y += row_h
    return y - rect.top


def _whisker(d: Decision, option: Option) -> bool:
    """True when the option's standard error against the expert's move is known and drawn."""
    return option.action != d.expert and math.isfinite(option.se) and option.se > 0


def _key(surface: pygame.Surface, rect: pygame.Rect, d: Decision, font: int, row_h: int) -> int:
    """The marks of the move played and the expert's, in their colours; the height used."""
    mine = d.option(d.played)
    size = max(9, round(font * 0.95))
    you = option_mark(d, mine, size) if mine is not None else None
    you = you or marks.ring(size, PLAYED_BAR)
    entries = [(S.tr("rv_you"), you), (S.tr("rv_expert"), marks.star(size, EXPERT_BAR))]
    x = rect.left
    for text, sign in entries:
        surface.blit(sign, sign.get_rect(midleft=(x, rect.top + row_h // 2)))
        pic = T.shadowed(text, font, pal.TEXT_MUTED)
        surface.blit(pic, pic.get_rect(midleft=(x + sign.get_width() + 4, rect.top + row_h // 2)))
        x += sign.get_width() + 4 + pic.get_width() + font
    return row_h


def paragraph(surface: pygame.Surface, rect: pygame.Rect, text: str, font: int, colour: pal.RGB = pal.TEXT) -> int:
    """`text` wrapped into `rect` (lines that do not fit are left out, the last cut short); the height used."""
    # A long reason in a small window takes a smaller type (down to three quarters) before it is cut.
    for size in range(font, max(1, font * 3 // 4) - 1, -1):
        font = size
        lines = T.wrap(text, font, rect.width - 2)  # the shadow T.fit draws is a pixel or two wider than the text
        line_h = T.shadowed("国", font).get_height()
        most = max(1, rect.height // line_h)
        if len(lines) <= most:
            break
    if len(lines) > most:
        rest = lines[most - 1 :]
        lines = [*lines[: most - 1], " ".join(rest) if " " in text else "".join(rest)]
    y = rect.top
    for line in lines:
        pic = T.fit(line, font, rect.width, colour)
        surface.blit(pic, (rect.left, y))
        y += line_h
    return y - rect.top


def _nonzero(fmt: str, value: float) -> bool:
    """True when `value` written with `fmt` shows a digit other than 0."""
    return any(c in "123456789" for c in fmt.format(value))


def number_text(fmt: str, value: float) -> str:
    """`value` written with `fmt`, never as a negative zero ("-0.0")."""
    text = fmt.format(value)
    return text[1:] if text.startswith("-") and not any(c in "123456789" for c in text) else text


def column_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    values: Sequence[float],
    labels: Sequence[str],
    font: int,
    colours: Sequence[pal.RGB] | None = None,
    fmt: str = "{:.1f}",
    group: int = 1,
    striped: bool = False,
) -> None:
    """One column per value about a zero line, its value above it; a label under each `group` of columns (with
    `striped`, every column but the first of its group striped, so the group's columns part without colour).

    A value that reads as zero in `fmt` draws no column and does not set the scale: a 0.02 among zeros
    once filled the whole height under a label of 0.0.
    """
    if not values:
        return
    label_h = round(font * 1.4)
    plot = pygame.Rect(rect.left, rect.top + label_h, rect.width, rect.height - 2 * label_h)
    values = [v if _nonzero(fmt, v) else 0.0 for v in values]
    lo, hi = min(0.0, *values), max(0.0, *values)
    span = max(1e-9, hi - lo)
    zero_y = plot.bottom - round(plot.height * (0 - lo) / span)
    slot = plot.width / len(values)
    for i, v in enumerate(values):
        x = plot.left + round(slot * i)
        w = max(2, round(slot * 0.62))
        left = x + round((slot - w) / 2)
        top = plot.bottom - round(plot.height * (v - lo) / span)
        colour = colours[i % len(colours)] if colours else (EXPERT_BAR if v > 0 else OTHER_BAR)
        if v:
            column = pygame.Rect(left, min(top, zero_y), w, max(1, abs(zero_y - top)))
            pygame.draw.rect(surface, colour, column, border_radius=2)
            if striped and i % group:
                marks.hatch(surface, column, step=max(4, font // 2))
        # Every number sits above the zero line or its column, clear of the labels under the chart.
        number = T.fit(number_text(fmt, v), font, round(slot), pal.TEXT_MUTED)
        surface.blit(number, number.get_rect(midbottom=(left + w // 2, min(top, zero_y) - 1)))
        if i % group == 0:
            name = T.fit(labels[i // group], font, round(slot * group), pal.TEXT_MUTED)
            centre = x + round(slot * group / 2)
            surface.blit(name, name.get_rect(midtop=(centre, rect.bottom - label_h + 2)))
    pygame.draw.line(surface, ZERO_LINE, (plot.left, zero_y), (plot.right, zero_y), 1)
