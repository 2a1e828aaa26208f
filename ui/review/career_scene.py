"""The career charts: per ruleset, the win and deal-in rates, points per hand, chickens collected and paid, and the
agreement with the expert match by match, drawn with pygame alone.

The numbers are game.review.career's, read from every kept match on a worker thread (it re-plays each
log), so the screen opens at once and fills in when they are ready.
"""

from __future__ import annotations

import pygame

from game.review.career import Career, career
from game.rules.loader import RulesetError
from game.rules.refs import load_ruleset_ref
from ui.kit.buttons import Button, draw_buttons, lay_out_buttons
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import DEFAULT_SIZE, compute_layout
from ui.review import bars
from ui.review.worker import DONE, RUNNING, Worker
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.words import keys as K
from ui.words import strings as S

# One colour per ruleset, in the order the player first played them.
RULESET_COLOURS: tuple[pal.RGB, ...] = (
    (255, 212, 96),
    (96, 200, 255),
    (236, 120, 100),
    (150, 220, 130),
    (200, 150, 240),
)
WIN_COLOUR: pal.RGB = (120, 210, 140)
DEAL_IN_COLOUR: pal.RGB = (226, 96, 80)


def ruleset_name(name: str) -> str:
    """A ruleset's title in the current language (its file name when it no longer loads)."""
    try:
        rules = load_ruleset_ref(name)
    except (RulesetError, OSError, ValueError):
        return name
    return rules.title(S.language())


class CareerScene(Scene):
    """Four charts over every kept match (see the module docstring); Esc or the button goes back."""

    key_lines = K.CAREER

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.worker: Worker[Career] = Worker(lambda _progress, cancelled: career(cancelled=cancelled), "career")
        self.data: Career | None = None
        self.names: dict[str, str] = {}
        self.buttons: list[Button] = []
        self.resize(host.stack.size if host.stack.size != (0, 0) else DEFAULT_SIZE)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        layout = compute_layout(size)
        self.s, self.fonts = layout.scale, layout.font
        w, h = size
        pad = round(20 * self.s)
        self.panel = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        button_h = round(48 * self.s)
        area = pygame.Rect(inner.left, inner.bottom - button_h, inner.width, button_h)
        self.buttons = lay_out_buttons(
            [(S.tr("rv_close"), "pass", None, "close", pygame.K_ESCAPE)], area, self.fonts["button"]
        )
        top = inner.top + round(self.fonts["title"] * 1.6) + round(self.fonts["small"] * 1.6)
        body = pygame.Rect(inner.left, top, inner.width, area.top - pad - top)
        half_w, half_h = (body.width - pad) // 2, (body.height - pad) // 2
        self.charts = [
            pygame.Rect(body.left, body.top, half_w, half_h),
            pygame.Rect(body.left + half_w + pad, body.top, half_w, half_h),
            pygame.Rect(body.left, body.top + half_h + pad, half_w, half_h),
            pygame.Rect(body.left + half_w + pad, body.top + half_h + pad, half_w, half_h),
        ]
        self.legend_y = inner.top + round(self.fonts["title"] * 1.6)
        self.inner = inner

    def animating(self) -> bool:
        return self.worker.state == RUNNING

    def update(self, dt: float) -> None:
        if self.worker.poll() and self.worker.state == DONE:
            self.data = self.worker.result
            assert self.data is not None
            self.names = {name: ruleset_name(name) for name in self.data.rulesets}
            self.host.stack.changed = True

    def close(self) -> None:
        """Back to the statistics."""
        self.worker.cancel()
        self.host.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if any(b.hit(event.pos) for b in self.buttons):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE):
            self.close()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.TABLE_GREEN_DARK)
        surface.blit(T.panel(self.panel.size, round(16 * self.s), pal.PANEL, pal.PANEL_BORDER, 2), self.panel.topleft)
        title = T.shadowed(S.tr("car_title"), self.fonts["title"], pal.TEXT_GOLD, bold=True)
        surface.blit(title, self.inner.topleft)
        draw_buttons(surface, self.buttons, self.fonts["button"], None, None)
        data = self.data
        if data is not None:
            self._draw_notes(surface, data, self.inner.width - title.get_width() - round(24 * self.s))
        if data is None or not data.rulesets:
            text = S.tr("car_loading") if data is None else S.tr("car_empty")
            pic = T.fit(text, self.fonts["body"], self.panel.width - 40, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(center=self.panel.center))
            return
        self._draw_legend(surface, data)
        names = list(data.rulesets)
        colours = [RULESET_COLOURS[i % len(RULESET_COLOURS)] for i in range(len(names))]
        stats = [data.rulesets[n] for n in names]
        self._pairs(
            surface,
            self.charts[0],
            S.tr("car_rates"),
            [(s.win_rate * 100, s.deal_in_rate * 100) for s in stats],
            (WIN_COLOUR, DEAL_IN_COLOUR),
            ("car_win_rate", "car_deal_in_rate"),
            "{:.0f}%",
        )
        plot = self._chart_frame(surface, self.charts[1], S.tr("car_points"))
        bars.column_chart(
            surface,
            plot,
            [s.points_per_hand for s in stats],
            [self.names[n] for n in names],
            self.fonts["small"],
            colours,
        )
        self._pairs(
            surface,
            self.charts[2],
            S.tr("car_chickens"),
            [(float(s.chickens), float(s.chickens_paid)) for s in stats],
            (WIN_COLOUR, DEAL_IN_COLOUR),
            ("car_collected", "car_paid"),
            "{:.0f}",
        )
        self._draw_agreement(surface, data, names, colours)

    def _draw_legend(self, surface: pygame.Surface, data: Career) -> None:
        small = self.fonts["small"]
        x = self.inner.left
        for i, name in enumerate(data.rulesets):
            stats = data.rulesets[name]
            hands, matches = S.tr_count("car_hands", stats.hands), S.tr_count("car_matches", data.matches.get(name, 0))
            text = S.tr("car_legend", name=self.names[name], hands=hands, matches=matches)
            colour = RULESET_COLOURS[i % len(RULESET_COLOURS)]
            pic = T.fit(text, small, self.inner.right - x - small, colour, bold=True)
            pygame.draw.rect(
                surface, colour, (x, self.legend_y + small // 4, small * 2 // 3, small * 2 // 3), border_radius=2
            )
            surface.blit(pic, (x + small, self.legend_y))
            x += small + pic.get_width() + round(18 * self.s)
            if x > self.inner.right - small * 6:
                break

    def notes(self, data: Career) -> list[tuple[str, pal.RGB]]:
        """The lines at the top right: the logs left out as unreadable, and the practice hands kept apart."""
        lines = []
        if data.problems:
            lines.append((S.tr("car_problems", n=len(data.problems)), pal.TEXT_RED))
        practice = S.practice_hands(data.practice)
        if practice:
            lines.append((practice, pal.TEXT_MUTED))
        return lines

    def _draw_notes(self, surface: pygame.Surface, data: Career, width: int) -> None:
        """The notes right of the title, one under the other, each fitted to the room the title leaves."""
        y = self.inner.top
        for text, colour in self.notes(data):
            pic = T.fit(text, self.fonts["small"], width, colour)
            surface.blit(pic, pic.get_rect(topright=(self.inner.right, y)))
            y += pic.get_height()

    def _chart_frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        """A chart's plate and title; the rectangle left for the plot."""
        surface.blit(T.panel(rect.size, round(8 * self.s), (16, 44, 32, 220), None, 0), rect.topleft)
        small = self.fonts["small"]
        pad = round(10 * self.s)
        pic = T.fit(title, small, rect.width - 2 * pad, pal.TEXT, bold=True)
        surface.blit(pic, (rect.left + pad, rect.top + pad // 2))
        top = rect.top + pad // 2 + pic.get_height() + pad // 2
        return pygame.Rect(rect.left + pad, top, rect.width - 2 * pad, rect.bottom - pad // 2 - top)

    def _pairs(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        values: list[tuple[float, float]],
        colours: tuple[pal.RGB, pal.RGB],
        keys: tuple[str, str],
        fmt: str,
    ) -> None:
        """Two columns for each ruleset (e.g. won and dealt in), labelled by ruleset; a key of the two colours."""
        small = self.fonts["small"]
        plot = self._chart_frame(surface, rect, title)
        key_x = plot.right
        for i, (key, colour) in reversed(list(enumerate(zip(keys, colours, strict=True)))):
            pic = T.shadowed(S.tr(key), small, pal.TEXT_MUTED)
            key_x -= pic.get_width()
            surface.blit(pic, (key_x, rect.top + round(5 * self.s)))
            key_x -= small
            square = pygame.Rect(key_x, rect.top + round(5 * self.s) + small // 4, small * 2 // 3, small * 2 // 3)
            pygame.draw.rect(surface, colour, square)
            if i:  # the second column of each pair is striped, in the key as in the chart
                marks.hatch(surface, square, step=max(4, small // 2))
            key_x -= round(10 * self.s)
        flat = [v for pair in values for v in pair]
        bars.column_chart(
            surface, plot, flat, list(self.names.values()), small, [colours[0], colours[1]], fmt, 2, striped=True
        )

    def _draw_agreement(self, surface: pygame.Surface, data: Career, names: list[str], colours: list[pal.RGB]) -> None:
        """Agreement with the expert, one point per reviewed match in time order, 0-100%, coloured by ruleset."""
        plot = self._chart_frame(surface, self.charts[3], S.tr("car_agreement"))
        small = self.fonts["small"]
        points = data.agreement
        if not points:
            pic = T.fit(S.tr("car_no_reviews"), small, plot.width, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(center=plot.center))
            return
        axis = T.shadowed("100%", small, pal.TEXT_MUTED)
        left = plot.left + axis.get_width() + 6
        # Room above for the top point, below for the dates.
        area = pygame.Rect(left, plot.top + small // 2, plot.right - left - small, plot.height - round(small * 2.2))
        for pct in (0, 50, 100):
            y = area.bottom - round(area.height * pct / 100)
            pygame.draw.line(surface, (60, 90, 74), (area.left, y), (area.right, y), 1)
            pic = T.shadowed(f"{pct}%", small, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(midright=(area.left - 4, y)))
        n = len(points)
        xy = [
            (
                area.left + (round(area.width * i / (n - 1)) if n > 1 else area.width // 2),
                area.bottom - round(area.height * p.agreement),
            )
            for i, p in enumerate(points)
        ]
        if n > 1:
            pygame.draw.lines(surface, pal.TEXT_MUTED, False, xy, max(1, round(2 * self.s)))
        for (x, y), p in zip(xy, points, strict=True):
            colour = colours[names.index(p.ruleset)] if p.ruleset in names else pal.TEXT
            pygame.draw.circle(surface, colour, (x, y), max(3, round(5 * self.s)))
        # When: the first and the last reviewed match, under the line's two ends.
        first = T.shadowed(points[0].time[:10], small, pal.TEXT_MUTED)
        surface.blit(first, first.get_rect(topleft=(xy[0][0], area.bottom + 2)))
        if n > 1:
            last = T.shadowed(points[-1].time[:10], small, pal.TEXT_MUTED)
            surface.blit(last, last.get_rect(topright=(xy[-1][0], area.bottom + 2)))


screens.register("career", CareerScene)
