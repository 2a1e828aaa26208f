"""The statistics screen: the player's totals over every finished hand of solo matches, as cards, kept apart by
the table's size (四人, 三丁拐, 二丁拐: docs/rules.md §15.2), chosen at the top."""

from __future__ import annotations

import pygame

from game.core.ruleset import MAX_PLAYERS, PLAYER_COUNTS
from game.learn.lessons import LESSONS
from game.records.stats import PlayerStats, StatsBook, lessons_finished, load_stats, save_stats
from ui.kit.dialogs import ConfirmScene
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button, Choice
from ui.look import palette as pal
from ui.look import text as T
from ui.stage import screens
from ui.stage.scene import Host
from ui.words import strings as S


def stat_cards(stats: PlayerStats, book: StatsBook) -> list[tuple[str, str]]:
    """(label, value) of each card, in the current language: the totals `stats` of one table size, and the lessons
    finished (of every size, from `book`)."""
    return [
        (S.tr("st_hands"), str(stats.hands)),
        (S.tr("st_wins"), str(stats.wins)),
        (S.tr("st_win_rate"), f"{stats.win_rate * 100:.0f}%"),
        (S.tr("st_self_draws"), str(stats.self_draws)),
        (S.tr("st_deal_ins"), str(stats.deal_ins)),
        (S.tr("st_draws"), str(stats.draws)),
        (S.tr("st_avg_win"), f"{stats.average_win:.1f}"),
        (S.tr("st_best_win"), str(stats.best_win)),
        (S.tr("st_net"), f"{stats.net_points:+d}" if stats.net_points else "0"),
        (S.tr("st_chickens"), str(stats.chickens)),
        (S.tr("st_chicken_points"), f"{stats.chicken_points:+d}" if stats.chicken_points else "0"),
        (S.tr("st_matches"), str(stats.matches)),
        (S.tr("st_lessons"), S.tr("st_lessons_value", done=len(lessons_finished(book)), total=len(LESSONS))),
    ]


class StatsScene(MenuScene):
    """The table size, cards of its totals (lessons finished among them), the career charts, a reset button (asks
    first) and back."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.book, self.notices = load_stats()
        # The size played at most, four when none has been played yet.
        played = [n for n in sorted(PLAYER_COUNTS, reverse=True) if self.book.of(n).hands]
        self.players = max(played, key=lambda n: self.book.of(n).hands) if played else MAX_PLAYERS

    @property
    def stats(self) -> PlayerStats:
        """The totals of the table size shown."""
        return self.book.of(self.players)

    def set_players(self, players: int) -> None:
        """Show the totals at tables of `players`."""
        self.players = players

    def reset(self) -> None:
        """Ask, then clear every total."""
        self.host.stack.push(ConfirmScene(self.host, S.tr("st_reset_confirm"), S.tr("st_reset"), self._clear))

    def career(self) -> None:
        """The career charts over every kept match (ui.review.career_scene)."""
        screens.push(self.host, "career")

    def _clear(self) -> None:
        self.book = StatsBook()
        save_stats(self.book)

    def build(self) -> None:
        m = self.m
        w, h = self.size
        bw, bh = m.px(200), m.px(48)
        y = h - m.margin - bh + m.px(6)
        x = w // 2 - bw // 2
        self.widgets.append(Button(S.tr("menu_back"), self.back, "plain", pygame.Rect(x - 2 * m.gap - bw, y, bw, bh)))
        self.widgets.append(Button(S.tr("car_button"), self.career, "win", pygame.Rect(x, y, bw, bh)))
        self.widgets.append(Button(S.tr("st_reset"), self.reset, "pass", pygame.Rect(x + bw + 2 * m.gap, y, bw, bh)))
        sizes = [(n, S.tr(f"ng_size_{n}")) for n in sorted(PLAYER_COUNTS, reverse=True)]
        row = pygame.Rect(0, self.top(), min(w - 2 * m.margin, m.px(640)), m.row)
        row.centerx = w // 2
        choice = Choice(S.tr("ng_table_size"), sizes, lambda: self.players, self.set_players, row)
        choice.label_share = min(0.3, (T.label(choice.label, m.body).get_width() + m.gap) / row.width)
        choice.proportional = True
        self.widgets.append(choice)
        if self.focus is None:
            self.focus = 0

    def top(self) -> int:
        """Where the size row goes: under the title."""
        m = self.m
        return (
            m.px(18) + T.outlined(S.tr("menu_stats"), m.heading + m.px(8), pal.TEXT_GOLD, (60, 30, 10), 1).get_height()
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        w, h = self.size
        self.title(surface, S.tr("menu_stats"))
        top = self.top() + m.row + m.gap
        cards = stat_cards(self.stats, self.book)
        notes = self.notes()
        cols = 4
        rows = (len(cards) + cols - 1) // cols
        area_w = min(w - 2 * m.margin, m.px(980))
        bottom = h - m.margin - m.px(70)
        line_h = round(m.small * 1.8)
        note_h = line_h * len(notes)
        gap = m.px(14)
        card_w = (area_w - gap * (cols - 1)) // cols
        card_h = min(m.px(110), (bottom - top - note_h - gap * rows) // rows)
        x0 = (w - area_w) // 2
        y0 = top + m.gap
        for i, (label, value) in enumerate(cards):
            r, c = divmod(i, cols)
            rect = pygame.Rect(x0 + c * (card_w + gap), y0 + r * (card_h + gap), card_w, card_h)
            plate(surface, rect, m)
            name = T.fit(label, m.body, card_w - m.px(20), pal.TEXT_MUTED)
            surface.blit(name, name.get_rect(midtop=(rect.centerx, rect.top + m.px(12))))
            big = T.fit(value, m.title - m.px(8), card_w - m.px(20), pal.TEXT_GOLD, bold=True)
            surface.blit(big, big.get_rect(midbottom=(rect.centerx, rect.bottom - m.px(10))))
        y = y0 + rows * (card_h + gap)
        for text, colour in notes:
            pic = T.fit(text, m.small, area_w, colour)
            surface.blit(pic, pic.get_rect(midtop=(w // 2, y)))
            y += line_h

    def notes(self) -> list[tuple[str, pal.RGB]]:
        """The lines under the cards: what counts (or why the totals started afresh), and the practice hands
        kept apart from them."""
        if self.notices:
            lines = [(S.tr("menu_stats_reset_notice"), pal.TEXT_RED)]
        else:
            lines = [(S.tr("st_empty") if self.stats.hands == 0 else S.tr("st_solo_note"), pal.TEXT_MUTED)]
        practice = S.practice_hands(self.stats.practice)
        if practice:
            lines.append((practice, pal.TEXT_MUTED))
        return lines
