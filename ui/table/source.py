"""What the table scene asks of whoever referees its match: the local session or a network host's.

The scene is written against this Protocol alone, so it does not know whether its events come from
the match controller in this process (ui/table/session.py) or from a host (ui/table/net_session.py).
"""

from __future__ import annotations

from typing import Protocol

from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger
from game.engine.actions import Action
from game.engine.events import Event, HandSettled
from game.engine.observation import Observation
from game.match.agents import Agent


class TableSource(Protocol):
    """The events of a match as one viewer may see them, its seats, and the way moves go in."""

    rules: Ruleset
    viewer: int  # whose hidden tiles the events show (game.engine.visibility.SPECTATOR: no one's)
    turn: int  # the seat the table is turned for
    hands_settled: int

    @property
    def agents(self) -> list[Agent | None]:
        """The agent behind each seat; None where a person at this screen plays."""
        ...

    @property
    def leave_question(self) -> str:
        """What leaving the match for the menu asks (and promises about the save), in the player's language."""
        ...

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        ...

    @property
    def watching(self) -> bool:
        """True when this screen holds no seat and only watches (a network table joined to watch)."""
        ...

    @property
    def unsaved(self) -> str | None:
        """Why the latest save failed, or None."""
        ...

    @property
    def in_hand(self) -> bool:
        """True while a hand is dealt and not yet settled."""
        ...

    @property
    def opens_at_deal(self) -> bool:
        """True when the table opening now shows a hand from its deal, not one under way or settled."""
        ...

    @property
    def hand_over(self) -> bool:
        """True when the hand has ended and waits to be settled."""
        ...

    @property
    def result(self) -> HandResult | None:
        """The ended hand laid open, until it is settled."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Running scores of the match."""
        ...

    def look(self, viewer: int, turn: int) -> list[Event]:
        """Show the table to `viewer`, turned for seat `turn`; the hand's events so far."""
        ...

    def start_hand(self) -> list[Event]:
        """Deal (or wait for) the next hand; its opening events as the viewer sees them."""
        ...

    def to_move(self) -> list[int]:
        """Seats that must act now."""
        ...

    def observe(self, seat: int) -> Observation:
        """What `seat` sees now, with its legal actions."""
        ...

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None."""
        ...

    def apply(self, action: Action, stand_in: bool = False) -> list[Event]:
        """Make a person's move (`stand_in`: the AI's for them, 托管); the events that followed, as the viewer sees
        them."""
        ...

    def agent_move(self, seat: int) -> list[Event]:
        """The move of the seat's agent (or what came from elsewhere for it), as the viewer sees it."""
        ...

    def take_back(self, seat: int) -> bool:
        """Undo `seat`'s last discard (practice); False if there is none or none may be taken back."""
        ...

    def settle(self) -> tuple[HandSettled, Ledger]:
        """The settlement of the ended hand: its event and its ledger."""
        ...
