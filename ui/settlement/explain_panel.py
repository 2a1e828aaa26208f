"""Why each point: the rule behind a hovered or selected payment line, and the panel of every chicken.

The words come from game.learn.explain (the same as `settle FILE --explain`); this module only draws them
over the settlement screen.
"""

from __future__ import annotations

import pygame

from game.core import rulings
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.learn.explain import Said, chicken_notes, flip_note, rule_sentence
from ui.kit.paragraphs import wrap_text as wrap
from ui.look import palette as pal
from ui.look import text as T
from ui.settlement.lines import PaymentLine
from ui.words import strings as S

COUNTED: pal.RGB = (150, 230, 150)


def line_sentence(line: PaymentLine, ledger: Ledger, result: HandResult, rules: Ruleset) -> Said | None:
    """The rule behind a payment line, in one sentence with its ruleset value (None if the ledger lacks it)."""
    for item in ledger:
        if item.rule == line.rule and item.payee == line.payee and item.payer in line.payers:
            return rule_sentence(item, result, rules)
    return None


def flip_value_text(rules: Ruleset, result: HandResult) -> str:
    """The 翻鸡 row's value: "每张1番" / "1 fan each", or the golden value when the turned chicken is a fixed one."""
    turned = rulings.turned_chickens(result.flip, rules)
    if not turned:
        return ""
    return S.tr("settle_flip_value", fan=rulings.turned_chicken_fan(turned[0], rules))


def draw_tooltip(surface: pygame.Surface, text: str, anchor: pygame.Rect, size: int, bounds: pygame.Rect) -> None:
    """A box with `text` next to `anchor` (below it, or above when there is no room), kept inside `bounds`."""
    width = min(bounds.width - 20, max(260, size * 26))
    lines = wrap(text, size, width - 20)
    line_h = round(size * 1.4)
    box = pygame.Rect(0, 0, width, line_h * len(lines) + 16)
    box.left = max(bounds.left + 4, min(anchor.left, bounds.right - width - 4))
    box.top = anchor.bottom + 4
    if box.bottom > bounds.bottom - 4:
        box.bottom = anchor.top - 4
    # Opaque: the lines under the box do not show through its words.
    surface.blit(T.panel(box.size, 8, (20, 28, 22, 255), pal.TEXT_GOLD, 1), box.topleft)
    for i, line in enumerate(lines):
        surface.blit(T.label(line, size, pal.TEXT), (box.left + 10, box.top + 8 + i * line_h))


def explain_lines(result: HandResult, rules: Ruleset, ledger: Ledger) -> list[tuple[str, pal.RGB]]:
    """The chicken panel's lines: the turned tile, then every chicken of every seat, counted or not and why."""
    lang = S.language()
    out: list[tuple[str, pal.RGB]] = [(flip_note(result, rules).pick(lang), pal.TEXT_GOLD)]
    notes = chicken_notes(result, rules, ledger)
    for note in notes:
        out.append((note.said.pick(lang), COUNTED if note.counted else pal.TEXT_MUTED))
    if not notes:
        out.append((S.tr("settle_no_chickens"), pal.TEXT_MUTED))
    return out


def draw_explain_panel(
    surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, pal.RGB]], size: int, title: str
) -> None:
    """The chicken panel over the settlement rows: a title and one line (wrapped) per chicken."""
    surface.blit(T.panel(rect.size, 12, (8, 24, 18, 248), pal.PANEL_BORDER, 2), rect.topleft)
    head = T.shadowed(title, round(size * 1.2), pal.TEXT_GOLD, True)
    surface.blit(head, (rect.left + 16, rect.top + 10))
    y = rect.top + 16 + head.get_height()
    for chosen in (size, round(size * 0.9), round(size * 0.8)):
        line_h = round(chosen * 1.4)
        wrapped = [(part, colour) for text, colour in lines for part in wrap(text, chosen, rect.width - 40)]
        if y + line_h * len(wrapped) <= rect.bottom - 10:
            break
    for text, colour in wrapped:
        if y + line_h > rect.bottom - 10:
            break
        surface.blit(T.label(text, chosen, colour), (rect.left + 24, y))
        y += line_h
