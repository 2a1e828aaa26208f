"""托管 at the table: the player hands their seat to the AI and takes it back, by a button or the T key."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.ruleset import Ruleset
from game.match.agents import Agent
from ui.kit.buttons import Button
from ui.look import text as T
from ui.look.layout import Layout
from ui.words import strings as S

LEVEL = "normal"  # the AI that plays a seat in 托管: the level a network host fills a seat with


class Tuoguan:
    """Whether the AI plays the player's seat, the button that says so, and who carries it out.

    At this computer's own match the table plays the seat with its own AI; at a network table
    `send` tells the host, whose AI plays it, and the host's word (`told`) is what the button shows.
    """

    def __init__(self, rules: Ruleset, seed: str) -> None:
        self.rules = rules
        self.seed = seed
        self.on = False
        self.send: Callable[[bool], None] | None = None  # a network table: the host decides
        self.corner: Callable[[], pygame.Rect | None] | None = None  # a button already in the corner (the chat's)
        self._agent: Agent | None = None

    def toggle(self) -> None:
        """Hand the seat to the AI, or take it back at the next decision."""
        self.on = not self.on
        if self.send is not None:
            self.send(self.on)  # said back in the host's status; shown at once meanwhile

    def told(self, on: bool) -> None:
        """The host's word on the seat's 托管 (its clock may have put it there)."""
        self.on = on

    def pilot(self) -> Agent | None:
        """The agent that plays the player's move now: None when the player plays, or the host's AI does."""
        if not self.on or self.send is not None:
            return None
        if self._agent is None:
            from game.ai import make_agent  # imported late: the AI levels load only when a seat is handed over

            self._agent = make_agent(LEVEL, f"{self.seed}:tuoguan", self.rules)
        return self._agent

    @staticmethod
    def label(on: bool) -> str:
        """What the button says: 托管 while the player plays, 取消托管 while the AI does."""
        return S.tr("btn_tuoguan_off" if on else "btn_tuoguan")

    def button(self, layout: Layout) -> Button:
        """The button in the bottom right corner, or over the button already there."""
        above = self.corner() if self.corner is not None else None
        w, h = layout.size
        font = layout.font["button"]
        label = self.label(self.on)
        bh = max(32, round(layout.font["body"] * 2.2))
        bw = max(round(bh * 2.2), T.label(label, font, bold=True).get_width() + bh)
        rect = pygame.Rect(0, 0, bw, bh)
        if above is None:
            rect.bottomright = (w - layout.gap, h - layout.gap)
        else:
            rect.bottomright = (above.right, above.top - max(4, layout.gap // 2))
        return Button(label, rect, "pass", command="tuoguan", key=pygame.K_t)
