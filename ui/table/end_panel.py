"""The end-of-hand panel: who won and how, each seat's net and total, and the ledger's items."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.events import HandSettled
from game.settlement import Ledger
from ui import palette as pal
from ui import strings as S
from ui import text as T
from ui.layout import compute_layout
from ui.scene import Host, Scene
from ui.table.model import WinView


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """Ledger items folded together: one label, one payee, the same amount from each payer."""

    label: str
    payers: tuple[int, ...]
    payee: int
    amount: int


def fold_ledger(ledger: Ledger) -> list[LedgerLine]:
    """Group items that share rule, label, payee and amount, keeping the ledger's order."""
    groups: dict[tuple[str, str, int, int], list[int]] = {}
    labels: dict[tuple[str, str, int, int], str] = {}
    for item in ledger.items:
        key = (item.rule, item.label_zh, item.payee, item.amount)
        groups.setdefault(key, []).append(item.payer)
        labels[key] = S.ledger_label(item.label_zh, item.label_en)
    return [LedgerLine(labels[k], tuple(p), k[2], k[3]) for k, p in groups.items()]


def headline(win: WinView | None, viewer: int) -> str:
    """The panel's title: who won and how, or a draw."""
    if win is None:
        return S.tr("end_title_draw")
    seats = "、".join(S.seat_label(w, viewer) for w in win.winners)
    how = ""
    if win.how == "self_draw":
        how = S.tr("how_self_draw")
    elif win.how == "after_kong":
        how = S.tr("how_after_kong")
    elif win.how == "rob_kong" and win.discarder is not None:
        how = S.tr("how_rob_kong", seat=S.seat_label(win.discarder, viewer))
    elif win.discarder is not None:
        how = S.tr("how_discard", seat=S.seat_label(win.discarder, viewer))
    return f"{S.tr('end_title_win', seats=seats)}  {how}".strip()


class SettlementScene(Scene):
    """Shown over the table when a hand is settled; a click (or `auto_close` seconds) starts the next hand."""

    opaque = False

    def __init__(
        self,
        host: Host,
        settled: HandSettled,
        ledger: Ledger,
        win: WinView | None,
        viewer: int,
        on_close: Callable[[], None],
        auto_close: float | None = None,
    ) -> None:
        super().__init__(host)
        self.settled = settled
        self.lines = fold_ledger(ledger)
        self.win = win
        self.viewer = viewer
        self.on_close = on_close
        self.auto_close = auto_close
        self.age = 0.0
        self.closed = False
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self.fonts = {"title": 22, "body": 17, "small": 14}
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] | None = None

    def resize(self, size: tuple[int, int]) -> None:
        layout = compute_layout(size)
        self.scale = layout.scale
        self.fonts = {"title": layout.font["title"], "body": layout.font["body"], "small": layout.font["small"]}
        w = round(min(size[0] * 0.9, 640 * layout.scale))
        body, small = self.fonts["body"], self.fonts["small"]
        needed = (
            self.fonts["title"] * 2
            + round(small * 1.5)
            + 4 * round(body * 1.45)
            + round(small * 5.5)
            + (max(1, len(self.lines)) + 1) * round(small * 1.45)
            + round(40 * layout.scale)
        )
        h = round(min(size[1] * 0.86, needed))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)

    def close(self) -> None:
        """Take the panel away and start the next hand."""
        if self.closed:
            return
        self.closed = True
        self.host.stack.remove(self)
        self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        key = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if click or key:
            self.close()

    def update(self, dt: float) -> None:
        self.age += dt
        if self.auto_close is not None and self.age >= self.auto_close:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.rect.size, S.language(), id(self))
        if self._picture is None or self._picture_key != key:
            self._picture = self._render()
            self._picture_key = key
        s = self.scale
        shadow = self.rect.move(round(6 * s), round(8 * s))
        surface.blit(T.panel(shadow.size, round(18 * s), (0, 0, 0, 110), None), shadow.topleft)
        surface.blit(self._picture, self.rect.topleft)

    def _render(self) -> pygame.Surface:
        """The whole panel, drawn once (it does not change while shown)."""
        s = self.scale
        out = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        out.blit(T.panel(self.rect.size, round(18 * s), (10, 30, 22, 242), pal.PANEL_BORDER, 2), (0, 0))
        self._draw_content(out, out.get_rect())
        return out.convert_alpha() if pygame.display.get_surface() is not None else out

    def _draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.scale
        pad = round(20 * s)
        x, y = rect.left + pad, rect.top + round(14 * s)
        inner_w = rect.width - 2 * pad
        title = T.fit(headline(self.win, self.viewer), self.fonts["title"], inner_w, pal.TEXT_GOLD, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + round(10 * s)
        body, small = self.fonts["body"], self.fonts["small"]
        cols = (x, x + round(inner_w * 0.45), x + round(inner_w * 0.72))
        for text, cx in zip(("", S.tr("end_net"), S.tr("end_total")), cols, strict=True):
            surface.blit(T.shadowed(text, small, pal.TEXT_MUTED), (cx, y))
        y += round(small * 1.5)
        for seat in range(4):
            net = self.settled.nets[seat]
            total = self.settled.scores[seat]
            surface.blit(
                T.shadowed(S.seat_label(seat, self.viewer), body, pal.TEXT, bold=seat == self.viewer), (cols[0], y)
            )
            colour = pal.TEXT_GOLD if net > 0 else (pal.TEXT_RED if net < 0 else pal.TEXT_MUTED)
            surface.blit(T.shadowed(f"{net:+d}" if net else "0", body, colour, bold=True), (cols[1], y))
            surface.blit(T.shadowed(f"{total:+d}" if total else "0", body, pal.TEXT), (cols[2], y))
            y += round(body * 1.45)
        y += round(6 * s)
        dealer = S.tr("end_next_dealer", seat=S.seat_label(self.settled.next_dealer, self.viewer))
        surface.blit(T.shadowed(dealer, small, pal.TEXT_MUTED), (x, y))
        y += round(small * 1.8)
        surface.blit(T.shadowed(S.tr("end_items"), small, pal.TEXT_GOLD, bold=True), (x, y))
        y += round(small * 1.5)
        footer = T.shadowed(S.tr("end_next"), small, pal.TEXT_MUTED)
        bottom = rect.bottom - footer.get_height() - round(12 * s)
        if not self.lines:
            surface.blit(T.shadowed(S.tr("end_no_items"), small, pal.TEXT_MUTED), (x, y))
        line_h = round(small * 1.45)
        shown = max(0, (bottom - y) // line_h - 1)
        for i, line in enumerate(self.lines):
            if i >= shown and len(self.lines) > shown + 1:
                more = S.tr("end_more", n=len(self.lines) - i)
                surface.blit(T.shadowed(more, small, pal.TEXT_MUTED), (x, y))
                break
            payers = " ".join(S.wind(p) for p in line.payers)
            who = S.tr("end_pays", payers=payers, payee=S.wind(line.payee))
            each = S.tr("end_each", n=line.amount) if len(line.payers) > 1 else str(line.amount)
            surface.blit(T.fit(line.label, small, round(inner_w * 0.4), pal.TEXT), (cols[0], y))
            surface.blit(T.shadowed(who, small, pal.TEXT), (cols[1] - round(inner_w * 0.05), y))
            surface.blit(T.shadowed(each, small, pal.TEXT_GOLD), (cols[2], y))
            y += line_h
        surface.blit(footer, footer.get_rect(midbottom=(rect.centerx, rect.bottom - round(10 * s))))
