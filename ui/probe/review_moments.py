"""The review reached from a hand's settlement, as moments for `main.py screenshot`: the settlement of a kept
match with its 复盘 button (settle-review), and the review that button opens, finished (settle-review-open).

The match is kept in a folder of its own for the picture (its save and replay log are not the player's), and
the review is the game's own, from scratch, in its child process.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.core.ruleset import Ruleset
from game.files.userdirs import HOME_ENV
from ui.probe.moments import stage_until
from ui.probe.offscreen import FRAME, headless_display
from ui.review.scene import ReviewScene
from ui.settlement import SettlementScene
from ui.stage.app import App
from ui.table.scene import TableScene
from ui.words import strings as S

REVIEW_MOMENTS: tuple[str, ...] = ("settle-review", "settle-review-open")
SAVE_NAME = "moment.save.json"
REVIEW_WAIT = 300.0  # seconds the review is given to finish before the picture is taken anyway


class ReviewMomentError(Exception):
    """The moment could not be staged."""


@contextmanager
def own_folders() -> Iterator[str]:
    """The player's folders moved to a new empty one while the block runs (the child process inherits it)."""
    before = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix="guiyang-moment-") as home:
        os.environ[HOME_ENV] = home
        try:
            yield home
        finally:
            if before is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = before


def settled_kept_match(size: tuple[int, int], rules: Ruleset, seed: str | None) -> tuple[App, TableScene]:
    """A kept match played to its first hand's settlement screen (which then offers the review)."""
    host, table = stage_until(
        lambda scene: isinstance(scene.host.stack.top, SettlementScene), size, rules, seed, save_name=SAVE_NAME
    )
    top = host.stack.top
    if not isinstance(top, SettlementScene) or top.on_review is None:
        raise ReviewMomentError("the settlement offers no review")
    return host, table


def render_review_moment(
    moment: str, size: tuple[int, int], rules: Ruleset, seed: str | None = None, language: str = "zh"
) -> pygame.Surface:
    """The screen at `moment`, as a new surface of `size`."""
    if moment not in REVIEW_MOMENTS:
        raise ReviewMomentError(f"unknown moment {moment!r}; choose one of: {', '.join(REVIEW_MOMENTS)}")
    S.set_language(language)
    screen = headless_display(size)
    with own_folders():
        host, _table = settled_kept_match(size, rules, seed)
        if moment == "settle-review-open":
            host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
            review = host.stack.top
            if not isinstance(review, ReviewScene):
                raise ReviewMomentError("R opened no review")
            review.worker.join(REVIEW_WAIT)
            host.stack.update(FRAME)
        host.stack.draw(screen)
        picture = screen.copy()
        top = host.stack.top
        if isinstance(top, ReviewScene):
            top.close()
            top.worker.join(REVIEW_WAIT)
    return picture
