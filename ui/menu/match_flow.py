"""A match started from the menu: the table built from a MatchConfig, its length kept, statistics counted,
and the final standings shown when it is over.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable

import pygame

from game.core.ruleset import Ruleset
from game.records.stats import StatsBook, finish_match, load_stats, save_stats, update, update_outcome
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button
from ui.look import palette as pal
from ui.look import text as T
from ui.match.config import MatchConfig, MatchProgress, match_over
from ui.match.opponents import opponent
from ui.menu.optional import optional_module
from ui.stage import screens
from ui.stage.scene import Host
from ui.table.scene import TableScene
from ui.table.session import local_session
from ui.words import strings as S

log = logging.getLogger(__name__)


def build_table(host: Host, config: MatchConfig, rules: Ruleset) -> TableScene:
    """The table for `config`: AIs in their seats, people in theirs; saved as it goes when saves exist."""
    save = optional_module("ui.menu.save")
    save_name = getattr(save, "SAVE_NAME", None) if save is not None else None
    slot = getattr(save, "match_save_name", None) if save is not None else None
    if slot is not None:
        # One save per kind of match: a hot-seat game never replaces the solo match, nor practice either.
        save_name = slot(len(config.humans), host.settings.practice)
    params = inspect.signature(TableScene).parameters
    if "config" in params:
        extra = {"save_name": save_name} if "save_name" in params and save_name is not None else {}
        return TableScene(host, rules, config.seed, config=config, **extra)
    agents = [
        None if seat.kind == "human" else opponent(seat.level, f"{config.seed}:{i}", rules)
        for i, seat in enumerate(config.seats)
    ]
    humans = config.humans
    return TableScene(host, rules, config.seed, human=humans[0] if humans else None, agents=agents)


class MatchFlow:
    """Watches a table: counts hands and passes of the deal, updates statistics, ends the match on time."""

    def __init__(
        self,
        host: Host,
        table: TableScene,
        config: MatchConfig,
        rules: Ruleset,
    ) -> None:
        self.host = host
        self.table = table
        self.config = config
        self.rules = rules
        self.progress = MatchProgress()
        # Statistics are the player's own: only a match with one person at the table counts, with the totals of
        # its table's size (docs/rules.md §15.2).
        self.stats_seat = config.humans[0] if len(config.humans) == 1 else None
        self.stats: StatsBook | None = None
        table.on_settled = self.hand_settled
        table.end_match = self.maybe_end
        table.on_leave = self.leave

    @staticmethod
    def resume(host: Host, table: TableScene, config: MatchConfig) -> MatchFlow:
        """Watch a table picked up from a save: the hands and scores so far count toward its length."""
        flow = MatchFlow(host, table, config, table.rules)
        match = local_session(table.session).match
        flow.progress.hands = len(match.ledgers)
        flow.progress.scores = tuple(match.scores)
        flow.progress.dealer = match.dealer
        return flow

    def _stats(self) -> StatsBook:
        if self.stats is None:
            self.stats, _notices = load_stats()
        return self.stats

    def hand_settled(self) -> None:
        """Count the hand the table has just settled."""
        t = self.table
        settled, ledger = t.settled, t.ledger
        if settled is None or ledger is None:
            return
        dealer = None if t.model.dealer is None else t.model.engine(t.model.dealer)  # the model's is a place
        self.progress.record(dealer, settled.next_dealer, tuple(settled.scores))
        if self.stats_seat is None:
            return
        # A hand with a move taken back is marked and counted apart, never in the totals.
        session = getattr(t, "session", None)
        practice = bool(getattr(session, "practice", False))
        result = getattr(t, "result", None)
        book, players = self._stats(), self.rules.players
        if result is not None:
            totals = update(book.of(players), result, ledger, self.stats_seat, practice)
        else:
            win = t.flow.engine_win()  # the win by engine seats (the table shows it by place)
            totals = update_outcome(book.of(players), win, ledger, self.stats_seat, practice)
        self.stats = book.with_totals(players, totals)
        save_stats(self.stats)

    def leave(self) -> None:
        """Back to the menu; the match stays saved (when saves exist) for "continue"."""
        self.host.stack.remove(self.table)

    def maybe_end(self) -> bool:
        """True (and the standings shown instead of the table) when the match has reached its length."""
        if not match_over(self.config.length, self.progress):
            return False
        if self.stats_seat is not None:
            book, players = self._stats(), self.rules.players
            self.stats = book.with_totals(players, finish_match(book.of(players)))
            save_stats(self.stats)
        self.host.stack.remove(self.table)
        show_summary(self.host, self.table, self.config, self.progress, self.again, self.stats_seat)
        return True

    def again(self) -> None:
        """A new match like this one, with the next seed of its series."""
        config = MatchConfig(self.config.ruleset, next_seed(self.config.seed), self.config.seats, self.config.length)
        start_match(self.host, config, self.rules)


def show_summary(
    host: Host,
    table: TableScene,
    config: MatchConfig,
    progress: MatchProgress,
    again: Callable[[], None],
    viewer: int | None,
) -> None:
    """The end-of-match summary (ui/settlement/summary.py's when it is there, else the standings here)."""
    summary = optional_module("ui.settlement.summary")
    push = getattr(summary, "push_match_summary", None) if summary is not None else None
    if push is not None:
        match = local_session(table.session).match
        # Closing it leaves the menu that was under the table.
        viewer_seat = viewer if viewer is not None else 0
        review = match_review(host, table, viewer_seat)
        push(host, tuple(match.scores), list(match.ledgers), viewer_seat, lambda: None, table.names, review)
        return
    host.stack.push(MatchEndScene(host, config, progress, again))


def match_review(host: Host, table: TableScene, seat: int) -> Callable[[], None] | None:
    """What opens the review of the match just played (its replay log, for `seat`); None when it was not kept."""
    path = local_session(table.session).replay_path
    if path is None:
        return None

    def review() -> None:
        title = table.rules.title(S.language())
        screens.push(host, "review", path, seat, table.rules.players, title)

    return review


def next_seed(seed: str) -> str:
    """The seed after `seed` in its series: table → table-2 → table-3."""
    head, _, tail = seed.rpartition("-")
    if head and tail.isdigit():
        return f"{head}-{int(tail) + 1}"
    return f"{seed}-2"


def start_match(host: Host, config: MatchConfig, rules: Ruleset) -> TableScene:
    """Build the table for `config`, push it, and keep the match's length and statistics."""
    table = build_table(host, config, rules)
    MatchFlow(host, table, config, rules)
    host.stack.push(table)
    return table


def seat_name(config: MatchConfig, seat: int) -> str:
    """How the standings name a seat: its wind, and its name or what plays it."""
    sc = config.seats[seat]
    if sc.name:
        who = sc.name
    elif sc.kind == "human":
        who = S.tr("ng_human") if len(config.humans) == 1 else S.tr("ng_player_n", n=config.humans.index(seat) + 1)
    else:
        who = f"{S.tr('ai_name')}·{S.tr('ng_' + sc.level)}"
    return f"{S.wind(seat, len(config.seats))}  {who}"


class MatchEndScene(MenuScene):
    """The final standings: places, names and scores, then play again or back to the menu."""

    def __init__(self, host: Host, config: MatchConfig, progress: MatchProgress, again: Callable[[], None]) -> None:
        super().__init__(host)
        self.config = config
        self.progress = progress
        self.on_again = again

    def build(self) -> None:
        m = self.m
        w, h = self.size
        bw, bh = m.px(220), m.px(48)
        y = h - m.margin - bh
        again = Button(S.tr("me_again"), self.again, "win", pygame.Rect(w // 2 + m.gap, y, bw, bh))
        menu = Button(S.tr("me_menu"), self.back, "plain", pygame.Rect(w // 2 - m.gap - bw, y, bw, bh))
        self.widgets += [menu, again]
        if self.focus is None:
            self.focus = 1

    def again(self) -> None:
        """Start the next match of the series."""
        self.host.stack.remove(self)
        self.on_again()

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        w, _h = self.size
        y = self.title(surface, S.tr("me_title"))
        n = len(self.config.seats)
        scores = list(self.progress.scores) + [0] * (n - len(self.progress.scores))
        places = [1 + sum(1 for o in scores if o > s) for s in scores]
        order = sorted(range(n), key=lambda seat: (places[seat], seat))
        box = pygame.Rect(0, y + m.gap, min(w - 2 * m.margin, m.px(620)), m.px(70) * n + m.px(80))
        box.centerx = w // 2
        plate(surface, box, m)
        sub = S.tr_count("me_hands", self.progress.hands)
        pic = T.shadowed(sub, m.body, pal.TEXT_MUTED)
        surface.blit(pic, pic.get_rect(midtop=(box.centerx, box.top + m.px(12))))
        row_y = box.top + m.px(56)
        for seat in order:
            row = pygame.Rect(box.left + m.px(20), row_y, box.width - m.px(40), m.px(62))
            first = places[seat] == 1
            fill = (150, 104, 30, 200) if first else (255, 255, 255, 14)
            surface.blit(T.panel(row.size, m.px(10), fill, pal.TEXT_GOLD if first else None, 1), row.topleft)
            place = T.shadowed(S.tr("me_rank", n=places[seat]), m.heading, pal.TEXT_GOLD, bold=True)
            surface.blit(place, place.get_rect(midleft=(row.left + m.px(16), row.centery)))
            name = T.fit(seat_name(self.config, seat), m.heading, row.width // 2, pal.TEXT, bold=first)
            surface.blit(name, name.get_rect(midleft=(row.left + m.px(130), row.centery)))
            score = scores[seat]
            colour = pal.TEXT_GOLD if score > 0 else (pal.TEXT_RED if score < 0 else pal.TEXT_MUTED)
            num = T.shadowed(f"{score:+d}" if score else "0", m.heading, colour, bold=True)
            surface.blit(num, num.get_rect(midright=(row.right - m.px(20), row.centery)))
            row_y += m.px(70)
