"""托管 at the table: the player hands their seat to the AI and takes it back, by a button or the T key.

At a screen several people share, each person may hand over their own seat: the table's AI then plays it with no
hand-off screen, and a 取消托管 button naming the seat gives it back at its next decision."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.ruleset import Ruleset
from game.match.agents import Agent
from ui.kit.buttons import Button
from ui.look import text as T
from ui.look.layout import Layout
from ui.words import strings as S

PICK = "pick"  # the command of 取消托管… (several seats handed over)
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
        self.seats: set[int] = set()  # at a shared screen: the engine seats whose person handed them to the AI
        self._agents: dict[int, Agent] = {}

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

    def holds(self, seat: int) -> bool:
        """True when the AI plays `seat` for its person at a shared screen."""
        return seat in self.seats

    def toggle_seat(self, seat: int) -> bool:
        """At a shared screen: hand `seat` to the AI, or give it back to its person; True when the AI has it now."""
        if seat in self.seats:
            self.seats.discard(seat)
            return False
        self.seats.add(seat)
        return True

    def agent(self, seat: int) -> Agent:
        """The AI that plays `seat` while its person at a shared screen has handed it over (one per seat)."""
        if seat not in self._agents:
            from game.ai import make_agent  # imported late: the AI levels load only when a seat is handed over

            self._agents[seat] = make_agent(LEVEL, f"{self.seed}:tuoguan:{seat}", self.rules)
        return self._agents[seat]

    def shared_buttons(self, layout: Layout, deciding: int | None) -> list[Button]:
        """At a shared screen, up from the bottom right corner: 托管 for the person deciding now (their own seat),
        then 取消托管 naming the seat handed over by its wind (as its hand-off screen calls it: a name may be long,
        and the corner is narrow), or 取消托管… asking which when several are. T presses the first. Two buttons at
        most: they fit under the answer buttons at every window size."""
        entries = []
        if deciding is not None and deciding not in self.seats:
            entries.append((self.label(False), str(deciding)))
        if len(self.seats) == 1:
            seat = next(iter(self.seats))
            entries.append((S.tr("btn_tuoguan_back", who=S.wind_seat(seat, self.rules.players)), str(seat)))
        elif self.seats:
            entries.append((S.tr("btn_tuoguan_which"), PICK))
        out: list[Button] = []
        for i, (label, what) in enumerate(entries):
            rect = self._rect(layout, label, out[-1].rect if out else None)
            out.append(Button(label, rect, "pass", command=f"tuoguan:{what}", key=pygame.K_t if i == 0 else None))
        return out

    @staticmethod
    def seat_of(button: Button) -> int | None:
        """The seat a shared screen's 托管 button stands for (None: the one person's own button, or 取消托管…)."""
        _, _, seat = button.command.partition(":")
        return int(seat) if seat.isdigit() else None

    @staticmethod
    def asks_which(button: Button) -> bool:
        """True for 取消托管…: several seats are handed over and the person says which to take back."""
        return button.command == f"tuoguan:{PICK}"

    @staticmethod
    def label(on: bool) -> str:
        """What the button says: 托管 while the player plays, 取消托管 while the AI does."""
        return S.tr("btn_tuoguan_off" if on else "btn_tuoguan")

    def button(self, layout: Layout) -> Button:
        """The button in the bottom right corner, or over the button already there."""
        above = self.corner() if self.corner is not None else None
        label = self.label(self.on)
        return Button(label, self._rect(layout, label, above), "pass", command="tuoguan", key=pygame.K_t)

    @staticmethod
    def _rect(layout: Layout, label: str, above: pygame.Rect | None) -> pygame.Rect:
        """Where a button saying `label` goes: the bottom right corner, or right-aligned over `above`; as wide as
        its words need, but never over the player's hand and melds (the words shrink to fit then)."""
        w, h = layout.size
        font = layout.font["button"]
        bh = max(32, round(layout.font["body"] * 2.2))
        bw = max(round(bh * 2.2), T.label(label, font, bold=True).get_width() + bh)
        room = w - 2 * layout.gap - layout.zones["rack0"].right
        rect = pygame.Rect(0, 0, min(bw, max(room, round(bh * 2.2))), bh)
        if above is None:
            rect.bottomright = (w - layout.gap, h - layout.gap)
        else:
            rect.bottomright = (above.right, above.top - max(4, layout.gap // 2))
        return rect
