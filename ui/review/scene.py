"""The review screen: every decision of the player in a match, priced against the expert, the costliest first.

The review runs in a child process (ui.review.worker; on a thread where no process can start) while the
screen shows its progress and a cancel button; the hands it finishes are kept beside the replay as it
goes. Then: the decisions sorted by points
lost (the move played beside the expert's), the match's summary (agreement, points lost hand by hand,
the three costliest moments) and the options of the chosen decision as bars. A click (or Enter) opens
the replay at that moment (ui.review.moment).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from game.ai.appraise import DEFAULT_ROLLOUTS
from game.review.cache import review_work
from game.review.report import Decision, MatchReview
from ui.kit.buttons import Button, draw_buttons, lay_out_buttons
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import DEFAULT_SIZE, compute_layout
from ui.review import bars
from ui.review.worker import CANCELLED, DONE, FAILED, RUNNING, Worker
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.words import keys as K
from ui.words import strings as S

# Where the list's columns start, as shares of a row's width.
COLUMNS = (0.0, 0.15, 0.50, 0.85)
PTS = "{:+.1f}"  # expected points as the list writes them


class ReviewScene(Scene):
    """A match's review for one seat (see the module docstring); Esc goes back, cancelling a review under way."""

    key_lines = K.REVIEW

    def __init__(
        self,
        host: Host,
        replay: Path,
        seat: int,
        players: int,
        title: str = "",
        hand: int | None = None,
        rollouts: int = DEFAULT_ROLLOUTS,
        in_process: bool = True,
        seats: Sequence[int] = (),
    ) -> None:
        super().__init__(host)
        self.replay = replay
        self.seat = seat
        self.players = players  # at the match's table, for the seats' winds (docs/rules.md §15.2)
        # The seats Tab goes through: the people who shared this computer's screen in the match (or `seat` alone).
        self.seats = tuple(seats) if seat in seats else (seat,)
        self.title = title  # the ruleset and when, as the replay list says it
        self.focus_hand = hand  # a hand chosen in the replay list: its costliest decision is chosen first
        self.rollouts = rollouts
        self.in_process = in_process
        self.worker = self._start()
        self.review: MatchReview | None = None
        self.rows: list[Decision] = []
        self.selected = 0
        self.first = 0
        self.hover: int | None = None
        self.size = host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE
        self.buttons: list[Button] = []
        self.row_rects: list[pygame.Rect] = []
        self.costly_rects: list[tuple[pygame.Rect, Decision]] = []
        self.resize(self.size)

    def _start(self) -> Worker[MatchReview]:
        """The review of `seat` under way: in a child process, so that the search never holds the frames (on a
        thread when `in_process` is False)."""
        replay, seat, rollouts = self.replay, self.seat, self.rollouts
        if self.in_process:
            return Worker.away(review_work, replay, seat, rollouts)
        return Worker(lambda progress, cancelled: review_work(progress, cancelled, replay, seat, rollouts))

    def next_seat(self) -> None:
        """Tab: the review of the next person's seat (the one under way is stopped; its finished hands stay kept)."""
        if len(self.seats) < 2:
            return
        self.worker.cancel()
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.worker = self._start()
        self.review, self.rows, self.selected, self.first, self.hover = None, [], 0, 0, None
        self._lay_out_buttons()
        self.host.stack.changed = True

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        layout = compute_layout(size)
        self.s = layout.scale
        self.fonts = layout.font
        w, h = size
        pad = round(20 * self.s)
        self.panel = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        self.head_h = round(self.fonts["title"] * 2.6)
        button_h = round(48 * self.s)
        body = pygame.Rect(
            inner.left, inner.top + self.head_h, inner.width, inner.height - self.head_h - button_h - pad
        )
        self.list_rect = pygame.Rect(body.left, body.top, round(body.width * 0.56), body.height)
        self.side_rect = pygame.Rect(
            self.list_rect.right + pad, body.top, body.right - self.list_rect.right - pad, body.height
        )
        self.button_area = pygame.Rect(inner.left, inner.bottom - button_h, inner.width, button_h)
        self.row_h = round(self.fonts["body"] * 1.9)
        top = self.list_rect.top + round(self.fonts["small"] * 1.8)
        n = max(1, (self.list_rect.bottom - top) // self.row_h)
        self.row_rects = [
            pygame.Rect(self.list_rect.left, top + i * self.row_h, self.list_rect.width, self.row_h - 2)
            for i in range(n)
        ]
        self._lay_out_buttons()

    def _lay_out_buttons(self) -> None:
        specs: list[tuple[str, str, Any, str, int | None]] = [
            (S.tr("rv_close"), "pass", None, "close", pygame.K_ESCAPE)
        ]
        if self.worker.state == RUNNING:
            specs = [(S.tr("rv_cancel"), "pass", None, "cancel", pygame.K_ESCAPE)]
        elif self.rows:
            specs.insert(0, (S.tr("rv_open"), "win", None, "open", pygame.K_RETURN))
        if len(self.seats) > 1:
            specs.insert(0, (S.tr("rv_next_seat"), "plain", None, "seat", pygame.K_TAB))
        self.buttons = lay_out_buttons(specs, self.button_area, self.fonts["button"])

    # ------------------------------------------------------------------ the worker

    def animating(self) -> bool:
        return self.worker.state == RUNNING

    def update(self, dt: float) -> None:
        if not self.worker.poll():
            return
        if self.worker.state == DONE and self.review is None:
            self.review = self.worker.result
            assert self.review is not None
            self.rows = self.review.decisions
            if self.focus_hand is not None:
                self.select(next((i for i, d in enumerate(self.rows) if d.hand == self.focus_hand), 0))
        if self.worker.state != RUNNING:
            self._lay_out_buttons()
        self.host.stack.changed = True

    # ------------------------------------------------------------------ input

    def select(self, index: int) -> None:
        """Choose decision `index` of the sorted list and scroll it into view."""
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + len(self.row_rects):
            self.first = self.selected - len(self.row_rects) + 1

    def open(self, d: Decision) -> None:
        """Open the replay at decision `d`."""
        screens.push(self.host, "review_moment", self.replay, self.seat, d)

    def close(self) -> None:
        """Leave the screen (a review under way is told to stop; the hands it finished stay kept)."""
        self.worker.cancel()
        self.host.stack.remove(self)

    def _command(self, command: str) -> None:
        if command == "close":
            self.close()
        elif command == "cancel":
            self.worker.cancel()
        elif command == "open" and self.rows:
            self.open(self.rows[self.selected])
        elif command == "seat":
            self.next_seat()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.row_rects) if r.collidepoint(event.pos)), None)
            if self.hover is not None and self.first + self.hover < len(self.rows):
                self.selected = self.first + self.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.rows:
            most = max(0, len(self.rows) - len(self.row_rects))
            self.first = max(0, min(most, self.first - event.y))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _click(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                self._command(b.command)
                return
        for i, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos) and self.first + i < len(self.rows):
                self.select(self.first + i)
                self.open(self.rows[self.selected])
                return
        for rect, d in self.costly_rects:
            if rect.collidepoint(pos):
                self.open(d)
                return

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self._command("cancel" if self.worker.state == RUNNING else "close")
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if key == pygame.K_DOWN else -1))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = len(self.row_rects)
            self.select(self.selected + (step if key == pygame.K_PAGEDOWN else -step))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._command("open")
        elif key == pygame.K_TAB:
            self._command("seat")

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLE_GREEN_DARK)
        surface.blit(T.panel(self.panel.size, round(16 * self.s), pal.PANEL, pal.PANEL_BORDER, 2), self.panel.topleft)
        self._draw_head(surface)
        state = self.worker.state
        self.costly_rects = []
        if state == RUNNING:
            self._draw_progress(surface)
        elif state == DONE and self.rows:
            self._draw_list(surface)
            self._draw_side(surface)
        else:
            nothing = S.tr("rv_all_played_for" if self.review is not None and self.review.played_for else "rv_none")
            text = {FAILED: S.tr("rv_failed", reason=self.worker.error), CANCELLED: S.tr("rv_cancelled")}.get(
                state, nothing
            )
            pic = T.fit(
                text,
                self.fonts["body"],
                self.panel.width - round(60 * self.s),
                pal.TEXT_RED if state == FAILED else pal.TEXT_MUTED,
            )
            surface.blit(pic, pic.get_rect(center=self.panel.center))
        draw_buttons(surface, self.buttons, self.fonts["button"], None, None)

    def _draw_head(self, surface: pygame.Surface) -> None:
        x, y = self.list_rect.left, self.panel.top + round(self.fonts["title"] * 0.7)
        title = T.shadowed(S.tr("rv_title"), self.fonts["title"], pal.TEXT_GOLD, bold=True)
        surface.blit(title, (x, y))
        hands = len(self.review.hands) if self.review is not None else 0
        parts = (
            [S.wind(self.seat, self.players)]
            + ([self.title] if self.title else [])
            + ([S.tr_count("rv_decisions", len(self.rows))] if self.rows else [])
        )
        played_for = self.review.played_for if self.review is not None else 0
        if played_for:
            parts.append(S.tr("rv_played_for", n=played_for))
        if hands:
            parts.insert(1, S.tr_count("summary_hands", hands))
        width = self.panel.right - round(24 * self.s) - (x + title.get_width() + round(16 * self.s))
        sub = T.fit(" · ".join(parts), self.fonts["body"], width, pal.TEXT_MUTED)
        surface.blit(
            sub, sub.get_rect(bottomleft=(x + title.get_width() + round(16 * self.s), y + title.get_height() - 2))
        )

    def _draw_progress(self, surface: pygame.Surface) -> None:
        w = self.worker
        text = S.tr("rv_running", done=w.done, total=w.total) if w.total else S.tr("rv_starting")
        pic = T.fit(text, self.fonts["body"], self.panel.width // 2, pal.TEXT)
        bar = pygame.Rect(0, 0, self.panel.width // 2, round(22 * self.s))
        bar.center = (self.panel.centerx, self.panel.centery + pic.get_height())
        surface.blit(pic, pic.get_rect(midbottom=(bar.centerx, bar.top - round(8 * self.s))))
        pygame.draw.rect(surface, (16, 44, 32), bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = max(bar.height, round(bar.width * w.fraction))
        pygame.draw.rect(surface, bars.EXPERT_BAR, done, border_radius=bar.height // 2)
        pygame.draw.rect(surface, pal.PANEL_BORDER, bar, width=1, border_radius=bar.height // 2)

    def _draw_list(self, surface: pygame.Surface) -> None:
        small, body = self.fonts["small"], self.fonts["body"]
        cols = self._columns(self.row_rects[0])
        heads = ("", S.tr("rv_you"), S.tr("rv_expert"), S.tr("rv_lost_head"))
        for k, head in enumerate(heads):
            if head:
                right = cols[k + 1] if k + 1 < len(cols) else self.row_rects[0].inflate(-round(16 * self.s), 0).right
                pic = T.fit(head, small, right - cols[k] - 4, pal.TEXT_MUTED)
                at = pic.get_rect(topright=(right, self.list_rect.top)) if k == 3 else (cols[k], self.list_rect.top)
                surface.blit(pic, at)
        for i, rect in enumerate(self.row_rects):
            k = self.first + i
            if k >= len(self.rows):
                break
            self._draw_row(surface, rect, self.rows[k], k == self.selected, body, small)
        if len(self.rows) > len(self.row_rects):
            top, height = self.row_rects[0].top, self.row_rects[-1].bottom - self.row_rects[0].top
            bar_h = max(8, height * len(self.row_rects) // len(self.rows))
            most = max(1, len(self.rows) - len(self.row_rects))
            y = top + (height - bar_h) * self.first // most
            pygame.draw.rect(surface, pal.TEXT_MUTED, (self.list_rect.right - 4, y, 3, bar_h), border_radius=2)

    def _columns(self, row: pygame.Rect) -> list[int]:
        """Where a row's columns start: which decision, the move played, the expert's move, the points lost."""
        inner = row.inflate(-round(16 * self.s), 0)
        return [inner.left + round(inner.width * f) for f in COLUMNS]

    def _draw_row(
        self, surface: pygame.Surface, rect: pygame.Rect, d: Decision, lit: bool, body: int, small: int
    ) -> None:
        if lit:
            surface.blit(T.panel(rect.size, round(8 * self.s), (255, 255, 255, 28), pal.PANEL_BORDER, 1), rect.topleft)
        inner = rect.inflate(-round(16 * self.s), 0)
        cols = self._columns(rect)
        cy = rect.centery
        tag = T.fit(S.tr("rv_row_tag", hand=d.hand, n=d.number), small, cols[1] - cols[0] - 4, pal.TEXT_MUTED)
        surface.blit(tag, tag.get_rect(midleft=(cols[0], cy)))
        mine = d.option(d.played)
        best = d.option(d.expert)
        assert mine is not None and best is not None
        you = f"{bars.move_label(mine)} {bars.number_text(PTS, mine.points)}"
        colour = pal.TEXT_RED if d.clear else pal.TEXT
        pic = T.fit(you, body, cols[2] - cols[1] - 6, colour, bold=lit)
        surface.blit(pic, pic.get_rect(midleft=(cols[1], cy)))
        expert = S.tr("rv_same") if d.agrees else f"{bars.move_label(best)} {bars.number_text(PTS, best.points)}"
        pic = T.fit(expert, body, cols[3] - cols[2] - 6, bars.expert_move_colour(d), bold=lit)
        surface.blit(pic, pic.get_rect(midleft=(cols[2], cy)))
        lost = S.tr("rv_lost", lost=f"{-d.lost:+.1f}") if d.costly else "—"
        pic = T.fit(lost, body, inner.right - cols[3], pal.TEXT_RED if d.costly else pal.TEXT_MUTED, bold=lit)
        surface.blit(pic, pic.get_rect(midright=(inner.right, cy)))

    def _draw_side(self, surface: pygame.Surface) -> None:
        review = self.review
        assert review is not None
        r = self.side_rect
        small, body = self.fonts["small"], self.fonts["body"]
        gap = round(8 * self.s)
        y = r.top
        agreement = S.tr("rv_agreement", pct=round(review.agreement * 100))
        summary = f"{agreement} · {S.tr('rv_lost_hand', lost=f'{review.lost_per_hand:.1f}')}"
        y += (
            bars.paragraph(surface, pygame.Rect(r.left, y, r.width, round(body * 2.8)), summary, body, pal.TEXT_GOLD)
            + gap // 2
        )
        head = T.fit(S.tr("rv_by_hand"), small, r.width, pal.TEXT_MUTED)
        surface.blit(head, (r.left, y))
        y += head.get_height()
        chart = pygame.Rect(r.left, y, r.width, round(r.height * 0.2))
        own = review.own_hands
        bars.column_chart(surface, chart, [h.lost for h in own], [str(h.hand) for h in own], small)
        y = chart.bottom + gap
        y = self._draw_costliest(surface, pygame.Rect(r.left, y, r.width, r.bottom - y), review) + gap
        self._draw_detail(surface, pygame.Rect(r.left, y, r.width, r.bottom - y), self.rows[self.selected])

    def _draw_costliest(self, surface: pygame.Surface, r: pygame.Rect, review: MatchReview) -> int:
        small, body = self.fonts["small"], self.fonts["body"]
        costly = review.costliest()
        if not costly:
            return r.top
        head = T.fit(S.tr("rv_costliest"), small, r.width, pal.TEXT_MUTED)
        surface.blit(head, r.topleft)
        y = r.top + head.get_height()
        line_h = round(body * 1.45)
        for d in costly:
            mine = d.option(d.played)
            assert mine is not None
            lost = S.tr("rv_lost", lost=f"{-d.lost:+.1f}")
            text = f"{S.tr('rv_row_tag', hand=d.hand, n=d.number)}  {bars.move_label(mine)}  {lost}"
            pic = T.fit(text, body, r.width, pal.TEXT)
            rect = pygame.Rect(r.left, y, r.width, line_h)
            surface.blit(pic, pic.get_rect(midleft=(r.left, rect.centery)))
            self.costly_rects.append((rect, d))
            y += line_h
        return y

    def _draw_detail(self, surface: pygame.Surface, r: pygame.Rect, d: Decision) -> None:
        small = self.fonts["small"]
        head = T.fit(
            f"{S.tr('rv_row_tag', hand=d.hand, n=d.number)} · {S.tr('rv_kind_' + d.kind)} · {S.tr('rv_options')}",
            small,
            r.width,
            pal.TEXT_MUTED,
        )
        surface.blit(head, r.topleft)
        y = r.top + head.get_height() + 2
        why = bars.said(d.why.zh, d.why.en)
        # The bars keep the room they need (the moves and the note on noise); the sentence takes at most half.
        room = max(small * 2, min((r.bottom - y) // 2, r.bottom - y - 4 - bars.bars_height(d, r.width, small)))
        y += bars.paragraph(surface, pygame.Rect(r.left, y, r.width, room), why, small) + 4
        bars.option_bars(surface, pygame.Rect(r.left, y, r.width, r.bottom - y), d, small)


screens.register("review", ReviewScene)
