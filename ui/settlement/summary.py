"""The end of a match: final standings, each seat's record, and the running totals hand by hand.

`MatchSummaryScene(host, scores, ledgers, viewer, on_close)` is drawn from the match's ledgers
alone; `push_match_summary` puts it on the stack when the match is over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.settlement import Ledger
from ui.kit.buttons import Button, draw_buttons
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.settlement.lines import standings
from ui.stage.scene import Host, Scene
from ui.table.seat_words import fit_plate
from ui.words import keys as K
from ui.words import strings as S

SEAT_COLOURS: tuple[pal.RGB, ...] = ((255, 212, 96), (96, 200, 255), (236, 120, 100), (150, 220, 130))


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's match in numbers, read from the ledgers."""

    wins: int  # hands it was paid a winning pattern in
    self_draws: int  # of those, paid by every other seat (at a table of three or four)
    dealt_in: int  # hands it alone paid a winner's pattern (at a table of three or four)
    chickens: int  # net points from chicken rules
    best: int  # its best single-hand net


def seat_records(ledgers: Sequence[Ledger], players: int) -> list[SeatRecord]:
    """Each seat's wins, self-draws, deal-ins, chicken points and best hand over `ledgers` at a table of `players`.

    A win paid by every other seat is a self-draw, by one alone a deal-in; at a table of two both are paid by the
    one other player, so its wins are counted and neither of the two (docs/rules.md §15.2)."""
    wins, selfs, dealt, chickens = [0] * players, [0] * players, [0] * players, [0] * players
    best: list[int | None] = [None] * players
    for ledger in ledgers:
        payers: dict[int, set[int]] = {}
        for item in ledger.items:
            if item.rule == "win.pattern":
                payers.setdefault(item.payee, set()).add(item.on_behalf if item.on_behalf is not None else item.payer)
            if item.rule.startswith("chicken."):
                chickens[item.payee] += item.amount
                chickens[item.payer] -= item.amount
        for winner, who in payers.items():
            wins[winner] += 1
            if players < 3:
                continue
            if len(who) == players - 1:
                selfs[winner] += 1
            elif len(who) == 1:
                dealt[next(iter(who))] += 1
        for seat, net in enumerate(ledger.nets()):
            top = best[seat]
            best[seat] = net if top is None else max(top, net)
    return [SeatRecord(wins[s], selfs[s], dealt[s], chickens[s], best[s] or 0) for s in range(players)]


def running_totals(ledgers: Sequence[Ledger], players: int) -> list[tuple[int, ...]]:
    """The scores of the `players` seats after each hand, starting from nothing before the first."""
    out: list[tuple[int, ...]] = [(0,) * players]
    for ledger in ledgers:
        out.append(tuple(a + b for a, b in zip(out[-1], ledger.nets(), strict=True)))
    return out


class MatchSummaryScene(Scene):
    """The match's final screen; a click or Enter calls `on_close` (or quits when there is none)."""

    key_lines = K.SUMMARY

    def __init__(
        self,
        host: Host,
        scores: Sequence[int],
        ledgers: Sequence[Ledger],
        viewer: int = 0,
        on_close: Callable[[], None] | None = None,
        names: Sequence[str] = (),
        on_review: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(host)
        self.on_review = on_review  # the review of the match against the expert (ui.review), when it was kept
        self.names = tuple(names)  # the people's names by seat ("" where none was given)
        self.scores = tuple(scores)
        self.players = len(self.scores)  # a score a seat (docs/rules.md §15.2)
        self.ledgers = list(ledgers)
        self.viewer = viewer
        self.on_close = on_close
        self.places = standings(self.scores)
        self.records = seat_records(self.ledgers, self.players)
        self.totals = running_totals(self.ledgers, self.players)
        self.size = (1280, 720)
        self.closed = False
        self._picture: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None

    def seat_label(self, seat: int) -> str:
        """A seat as the summary names it: its wind and the person's name, or as the viewer calls it."""
        name = self.names[seat] if seat < len(self.names) else ""
        wind = S.wind(seat, self.players)
        return f"{wind}·{name}" if name else S.seat_label(seat, self.viewer, self.players)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def review_button(self) -> Button | None:
        """The button that opens the match's review, bottom left; None when the match was not kept."""
        if self.on_review is None:
            return None
        layout = compute_layout(self.size)
        s = layout.scale
        pad = round(48 * s)
        h = round(46 * s)
        label = S.tr("rv_match_button")
        w = T.label(label, layout.font["button"], bold=True).get_width() + h
        rect = pygame.Rect(pad, self.size[1] - pad - h, w, h)
        return Button(label, rect, "win", command="review", key=pygame.K_r)

    def close(self) -> None:
        """Leave the summary."""
        if self.closed:
            return
        self.closed = True
        self.host.stack.remove(self)
        if self.on_close is not None:
            self.on_close()
        else:
            self.host.quit(0)

    def handle_event(self, event: pygame.event.Event) -> None:
        review = self.review_button()
        if review is not None and self.on_review is not None:
            on_button = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and review.hit(event.pos)
            if on_button or (event.type == pygame.KEYDOWN and event.key == pygame.K_r):
                self.on_review()
                return
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        key = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if click or key or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.size, S.language())
        if self._picture is None or self._key != key:
            self._picture = self._render()
            self._key = key
        surface.blit(self._picture, (0, 0))
        review = self.review_button()
        if review is not None:
            draw_buttons(surface, [review], compute_layout(self.size).font["button"], None, None)

    def _render(self) -> pygame.Surface:
        layout = compute_layout(self.size)
        s, fonts = layout.scale, layout.font
        w, h = self.size
        out = pygame.Surface(self.size)
        out.fill(pal.TABLE_GREEN_DARK)
        pad = round(24 * s)
        panel = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        out.blit(T.panel(panel.size, round(16 * s), (10, 30, 22, 246), pal.PANEL_BORDER, 2), panel.topleft)
        x, y = panel.left + pad, panel.top + round(16 * s)
        title = T.shadowed(S.tr("summary_title"), fonts["banner"], pal.TEXT_GOLD, True)
        out.blit(title, (x, y))
        winners = [seat for seat in range(self.players) if self.places[seat] == 1]
        champ = S.tr("summary_champion", seat=S.names(self.seat_label(p) for p in winners))
        sub = f"{champ}  ·  {S.tr_count('summary_hands', len(self.ledgers))}"
        out.blit(T.shadowed(sub, fonts["body"], pal.TEXT), (x + title.get_width() + round(20 * s), y + round(12 * s)))
        y += title.get_height() + round(14 * s)
        # The standings table, best first.
        table_w = round(panel.width * 0.52)
        heads = ("", "summary_score", "summary_wins", "summary_self_draws", "summary_dealt_in", "summary_chickens")
        col_x = self._columns(x, table_w, fonts)
        for head, cx, nx in zip(heads, col_x, [*col_x[1:], x + table_w], strict=True):
            if head:
                out.blit(T.fit(S.tr(head), fonts["small"], nx - cx - round(4 * s), pal.TEXT_MUTED), (cx, y))
        y += round(fonts["small"] * 1.8)
        row_h = round(fonts["title"] * 2.3)
        for seat in sorted(range(self.players), key=lambda p: (self.places[p], p)):
            rec = self.records[seat]
            place = T.shadowed(S.tr("summary_place", n=self.places[seat]), fonts["body"], pal.TEXT_MUTED)
            out.blit(place, (x, y + round(4 * s)))
            name_x = x + place.get_width() + round(10 * s)
            self._draw_name(out, seat, pygame.Rect(name_x, y, col_x[1] - name_x - round(8 * s), row_h), fonts)
            score = self.scores[seat]
            colour = pal.TEXT_GOLD if score > 0 else (pal.TEXT_RED if score < 0 else pal.TEXT_MUTED)
            out.blit(T.shadowed(f"{score:+d}" if score else "0", fonts["title"], colour, True), (col_x[1], y))
            for cx, value in zip(col_x[2:], self._record_cells(rec), strict=True):
                out.blit(T.shadowed(value, fonts["body"], pal.TEXT), (cx, y + round(4 * s)))
            y += row_h
        chart = pygame.Rect(x + table_w + pad, panel.top + title.get_height() + round(40 * s), 0, 0)
        chart.width = panel.right - pad - chart.left
        chart.height = round(panel.height * 0.62)
        self._draw_chart(out, chart, fonts)
        hint = T.shadowed(S.tr("summary_close"), fonts["small"], pal.TEXT_MUTED)
        out.blit(hint, hint.get_rect(bottomright=(panel.right - pad, panel.bottom - round(12 * s))))
        return out

    def _draw_name(self, out: pygame.Surface, seat: int, rect: pygame.Rect, fonts: dict[str, int]) -> None:
        """A seat's name left of its scores: on one line, or on two at a smaller size when a long name needs them
        (broken as the name plates break it: the longest name the game allows shows whole)."""
        label, colour, bold = self.seat_label(seat), SEAT_COLOURS[seat], seat == self.viewer
        fitted = fit_plate(label, "", fonts["title"], rect.width, 0)
        line_h = round(fitted.size * 1.25)
        y = rect.top if len(fitted.lines) == 1 else rect.top - round(fitted.size * 0.3)
        for line in fitted.lines:
            out.blit(T.fit(line, fitted.size, rect.width, colour, bold), (rect.left, y))
            y += line_h

    def _columns(self, x: int, table_w: int, fonts: dict[str, int]) -> list[int]:
        """Where each column of the standings starts: the seats' names, then the score and the counts, each as
        wide as its heading or its widest number (and a little room), the names taking the rest."""
        gap = round(fonts["small"] * 1.2)
        heads = ("summary_score", "summary_wins", "summary_self_draws", "summary_dealt_in", "summary_chickens")
        scores = [T.shadowed(f"{n:+d}", fonts["title"], bold=True).get_width() for n in self.scores]
        counts = [
            [T.shadowed(str(v), fonts["body"]).get_width() for v in values]
            for values in zip(*((r.wins, r.self_draws, r.dealt_in, r.chickens) for r in self.records), strict=True)
        ]
        widths = [
            max([T.shadowed(S.tr(head), fonts["small"]).get_width(), *values]) + gap
            for head, values in zip(heads, [scores, *counts], strict=True)
        ]
        room = table_w - round(table_w * 0.3)  # the names keep three tenths at least
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        left = x + table_w - sum(widths)
        out = [x]
        for width in widths:
            out.append(left)
            left += width
        return out

    def _record_cells(self, rec: SeatRecord) -> tuple[str, str, str, str]:
        """A seat's wins, self-draws, deal-ins and chicken points as the table shows them; at a table of two the
        ledgers do not tell a self-draw from a deal-in (see seat_records), so those two show a dash."""
        if self.players < 3:
            return str(rec.wins), "–", "–", str(rec.chickens)
        return str(rec.wins), str(rec.self_draws), str(rec.dealt_in), str(rec.chickens)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, fonts: dict[str, int]) -> None:
        """Running totals hand by hand, one line per seat, the zero line marked."""
        s = compute_layout(self.size).scale
        surface.blit(T.shadowed(S.tr("summary_chart"), fonts["small"], pal.TEXT_MUTED), (rect.left, rect.top))
        plot = rect.inflate(0, -round(fonts["small"] * 2))
        plot.top = rect.top + round(fonts["small"] * 1.8)
        pygame.draw.rect(surface, (16, 44, 32), plot, border_radius=round(6 * s))
        values = [v for row in self.totals for v in row]
        lo, hi = min(0, *values), max(0, *values)
        span = max(1, hi - lo)
        n = max(1, len(self.totals) - 1)

        def point(k: int, v: int) -> tuple[int, int]:
            px = plot.left + round(8 * s) + round((plot.width - 16 * s) * k / n)
            py = plot.bottom - round(8 * s) - round((plot.height - 16 * s) * (v - lo) / span)
            return px, py

        zero_y = point(0, 0)[1]
        pygame.draw.line(surface, pal.TEXT_MUTED, (plot.left, zero_y), (plot.right, zero_y), 1)
        for seat in range(self.players):
            pts = [point(k, row[seat]) for k, row in enumerate(self.totals)]
            width = max(2, round(3 * s)) if seat == self.viewer else max(1, round(2 * s))
            if len(pts) > 1:
                pygame.draw.lines(surface, SEAT_COLOURS[seat], False, pts, width)
            end = pts[-1]
            pygame.draw.circle(surface, SEAT_COLOURS[seat], end, max(3, round(4 * s)))
        for seat in range(self.players):
            tag = T.shadowed(S.wind(seat, self.players), fonts["small"], SEAT_COLOURS[seat], True)
            surface.blit(tag, (plot.left + round(8 * s) + seat * round(fonts["small"] * 1.8), plot.bottom + 2))


def push_match_summary(
    host: Host,
    scores: Sequence[int],
    ledgers: Sequence[Ledger],
    viewer: int = 0,
    on_close: Callable[[], None] | None = None,
    names: Sequence[str] = (),
    on_review: Callable[[], None] | None = None,
) -> MatchSummaryScene:
    """Put the match summary on top of the stack and return it."""
    scene = MatchSummaryScene(host, scores, ledgers, viewer, on_close, names, on_review)
    host.stack.push(scene)
    return scene
