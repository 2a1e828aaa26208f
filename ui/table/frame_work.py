"""Pictures and tables prepared ahead of need, a bounded slice of each frame."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pygame

from ui.look.layout import BOARD_ZONES
from ui.table.actors import banner_jobs
from ui.table.jobs import Job, Jobs
from ui.table.placement import banner_fit
from ui.table.prewarm import art_jobs, opening_jobs
from ui.table.table_state import TableState


class FrameWork:
    """Pictures and tables prepared ahead of need, a bounded slice of each frame."""

    def __init__(self, table: TableState) -> None:
        self.t = table
        self.opening = Jobs(self.opening_jobs())
        self.prewarm = Jobs(art_jobs(table.layout, table.rules))
        self.sheet: Jobs | None = None  # the ended hand's settlement pictures, drawn while its end plays
        self.banners_drawn: set[str] = set()
        self.banners = Jobs(())  # the banners of the events in the queue, drawn before they show
        self.panel_steps: Jobs | None = None  # the next settlement screen's sheet, drawn a part per frame
        self.canvas: pygame.Surface | None = None  # for the next sheet: the last one's picture, or one made ahead

    def prewarm_some(self, until: float) -> bool:
        """Prepare pictures ahead of need until `until` seconds into the frame; False once all are ready."""
        run = self.t.jobs.run
        if self.panel_steps is not None:
            if run(self.panel_steps, until):
                return True
            self.panel_steps = None
        if self.t.presenter.queue and self.banners.head() is None:
            self.banners = Jobs(self.banner_jobs())  # any new ones
        if run(self.banners, until):
            return True
        result = self.t.session.result
        if self.sheet is None and result is not None and self.t.phase == "hand":
            self.sheet = Jobs(self.t.settlement.sheet_jobs(result, self.t.layout.size, self.t.rules))
        if self.sheet is not None and run(self.sheet, until):
            return True
        return run(self.opening, until) or run(self.prewarm, until)

    def opening_jobs(self) -> Iterator[Job]:
        """What the table loads before its first frame: the opening's pictures, then each zone of the board."""
        yield from opening_jobs(self.t.layout, self.t.board, self.t.rules, self.t.loading_caption)
        yield self.make_canvas
        for name in BOARD_ZONES:
            yield partial(self.draw_zone, name)

    def draw_zone(self, name: str) -> None:
        self.t.board.render_zone(self.t.view(), name)

    def banner_jobs(self) -> Iterator[Job]:
        """The banners of the events waiting in the queue (the opening's dice, dealer, shuffle and break)."""
        for text in self.t.presenter.upcoming_banners():
            if text not in self.banners_drawn:
                self.banners_drawn.add(text)
                yield from banner_jobs(text, *banner_fit(text, self.t.layout))

    def take_canvas(self) -> pygame.Surface | None:
        canvas, self.canvas = self.canvas, None
        return canvas

    def make_canvas(self) -> None:
        """A picture of the settlement sheet's size to draw the first sheet on (made ahead, as it takes a while)."""
        if self.canvas is None:
            self.canvas = self.t.settlement.sheet_canvas(self.t.layout.size, self.t.rules.players)
