"""A decision of the review opened in the replay: the table as the player saw it then, and the options as bars.

The hand is re-played from its log (game.match.replay.replayed_hand); the table shows only what the seat
could see (game.engine.visibility's rule, the table turned so the seat sits at the bottom) and stops at the
moment of the decision. The panel on the left gives the coach's sentence and every option's expected
points; the replay's own buttons step on from there.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.ruleset import Ruleset
from game.engine.events import Event
from game.engine.visibility import visible_events
from game.match.replay import replayed_hand
from game.records.gamelog import LogError
from game.review.report import Decision
from game.rules.loader import RulesetError
from ui.kit.dialogs import NoticeScene
from ui.look import palette as pal
from ui.look import text as T
from ui.replays.viewer import ReplayViewerScene
from ui.review import bars
from ui.stage import screens
from ui.stage.scene import Host, Scene
from ui.words import strings as S


def seen_events(events: list[Event], seat: int) -> list[Event]:
    """The hand's events as `seat` saw them (the viewer turns the table for it)."""
    return visible_events(events, seat)


def moment_title(d: Decision) -> str:
    """The replay's title at a decision: which hand, which decision, what kind, and the points lost."""
    title = S.tr("rv_moment_title", hand=d.hand, n=d.number, kind=S.tr("rv_kind_" + d.kind))
    if d.lost >= 0.05:
        title += " · " + S.tr("rv_moment_lost", lost=f"{d.lost:.1f}")
    return title + (f" · {S.tr('rv_clear')}" if d.clear else "")


class ReviewMomentScene(ReplayViewerScene):
    """The replay of one hand stopped at a decision, as the seat saw it, with the decision's options drawn."""

    def __init__(self, host: Host, rules: Ruleset, events: list[Event], seat: int, decision: Decision) -> None:
        shown = seen_events(events, seat)
        super().__init__(host, rules, shown, moment_title(decision), turned_by=seat, face_up=False)
        self.decision = decision
        seen = len(visible_events(events[: decision.events], seat))
        self.go(max(i for i, count in enumerate(self.stops) if count <= seen))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_options(surface)

    def panel_rect(self) -> pygame.Rect:
        """Where the options go: the left column between the plates above and the player's plate."""
        zones = self.layout.zones
        gap = round(8 * self.layout.scale)
        top = zones["plate3"].bottom + gap
        return pygame.Rect(zones["info"].left, top, zones["info"].width, zones["plate0"].top - gap - top)

    def draw_options(self, surface: pygame.Surface) -> None:
        """The coach's sentence and the options' expected points as bars, on a panel."""
        rect = self.panel_rect()
        s = self.layout.scale
        surface.blit(T.panel(rect.size, round(10 * s), pal.PANEL, pal.PANEL_BORDER, 1), rect.topleft)
        inner = rect.inflate(-round(16 * s), -round(12 * s))
        small = self.layout.font["small"]
        head = T.fit(S.tr("rv_options_short"), small, inner.width, pal.TEXT_GOLD, bold=True)
        surface.blit(head, inner.topleft)
        y = inner.top + head.get_height() + round(2 * s)
        d = self.decision
        why = bars.said(d.why.zh, d.why.en)
        # The bars keep the room they need (the moves and the note on noise); the sentence takes the rest.
        room = max(small * 2, inner.bottom - y - round(6 * s) - bars.bars_height(d, inner.width, small))
        y += bars.paragraph(surface, pygame.Rect(inner.left, y, inner.width, room), why, small) + round(6 * s)
        bars.option_bars(surface, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), d, small)


def open_moment(host: Host, replay: Path, seat: int, decision: Decision) -> Scene:
    """The replay of `replay`'s hand at `decision` for `seat`; a notice saying why when it cannot be re-played."""
    try:
        rules, rnd = replayed_hand(replay, decision.hand)
    except (LogError, RulesetError, OSError, ValueError) as exc:
        return NoticeScene(host, S.tr("replay_bad_title"), str(exc))
    return ReviewMomentScene(host, rules, rnd.events, seat, decision)


screens.register("review_moment", open_moment)
