"""A seat's payment lines on the settlement sheet: each rule (with its count), who pays whom, and the amount."""

from __future__ import annotations

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.settlement.lines import PaymentLine
from ui.settlement.sheet import signed
from ui.words import strings as S


def line_text(line: PaymentLine, players: int) -> tuple[str, str]:
    """("金鸡 ×2", "东→南") for a payment line at a table of `players`: the rule with its count, and who pays whom."""
    label = S.ledger_label(line.label_zh, line.label_en)
    if line.count > 1:
        label += f" ×{line.count}"
    winds = [S.wind(p, players) for p in line.payers]
    payers = "".join(winds) if S.language() == "zh" else " ".join(winds)
    return label, f"{payers}→{S.wind(line.payee, players)}"


def amount_colour(n: int) -> pal.RGB:
    """Gold for a gain, red for a loss, muted for nothing."""
    return pal.TEXT_GOLD if n > 0 else (pal.TEXT_RED if n < 0 else pal.TEXT_MUTED)


def draw_payment_lines(
    surface: pygame.Surface,
    rect: pygame.Rect,
    seat: int,
    players: int,
    lines: list[PaymentLine],
    size: int,
    scale: float,
) -> list[tuple[pygame.Rect, PaymentLine]]:
    """Draw `seat`'s payment lines in `rect` (in two columns when one does not hold them), at a table of `players`;
    where each line is."""
    hits: list[tuple[pygame.Rect, PaymentLine]] = []
    s = scale
    line_h = round(size * 1.42)
    top = rect.top + round(6 * s)
    per_col = max(1, (rect.height - round(10 * s)) // line_h)
    cols = 1 if len(lines) <= per_col else 2
    col_w = min(round(290 * s), (rect.width - round(10 * s) * (cols - 1)) // cols)
    if not lines:
        surface.blit(T.shadowed(S.tr("end_no_items"), size, pal.TEXT_MUTED), (rect.left, top))
        return hits
    capacity = per_col * cols
    shown = lines if len(lines) <= capacity else lines[: capacity - 1]
    texts = [line_text(line, players) for line in shown]
    amounts = [line.signed(seat) for line in shown]
    # The payers column moves right of halfway only as far as the longest label needs (English ones run long),
    # and never so far that the widest payers and amount would be cut.
    label_w = max(T.shadowed(label, size).get_width() for label, _ in texts)
    who_w = max(T.shadowed(who, size).get_width() for _, who in texts)
    amt_w = max(T.shadowed(signed(n), size, bold=True).get_width() for n in amounts)
    who_off = min(max(round(col_w * 0.5), label_w + round(6 * s)), col_w - amt_w - who_w - round(4 * s))
    for k, line in enumerate(shown):
        col, r = divmod(k, per_col)
        x = rect.left + col * (col_w + round(10 * s))
        y = top + r * line_h
        label, who = texts[k]
        amount = amounts[k]
        amt = T.shadowed(signed(amount), size, amount_colour(amount), True)
        who_x = x + who_off
        right = x + col_w
        surface.blit(amt, (right - amt.get_width(), y))
        surface.blit(T.fit(who, size, right - amt.get_width() - who_x - round(4 * s), pal.TEXT_MUTED), (who_x, y))
        surface.blit(T.fit(label, size, max(10, who_x - x - round(6 * s)), pal.TEXT), (x, y))
        hits.append((pygame.Rect(x, y, col_w, line_h), line))
    if len(shown) < len(lines):
        col, r = divmod(len(shown), per_col)
        more = T.shadowed(S.tr("end_more", n=len(lines) - len(shown)), size, pal.TEXT_MUTED)
        surface.blit(more, (rect.left + col * (col_w + round(10 * s)), top + r * line_h))
    return hits
