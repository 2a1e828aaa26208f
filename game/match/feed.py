"""A match's events as each viewer may know of them, numbered in that viewer's own count.

The host sends these (game.net.host.table); a viewer's event n is `views[viewer][n-1]`, so a seat that
may not know of an event (another seat's passed win) is not told even that it happened.
"""

from __future__ import annotations

from typing import Any

from game.engine.events import Event
from game.engine.visibility import SPECTATOR, visible

VIEWERS = (SPECTATOR, 0, 1, 2, 3)  # whoever may be sent a table's events


class MatchFeed:
    """Every event of a match in order, and each viewer's view of them in JSON (each event's JSON made once)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.views: dict[int, list[dict[str, Any]]] = {v: [] for v in VIEWERS}
        self.hand_start = 0  # index in `events` where the hand in play (or the last one) begins
        self.hand_from = dict.fromkeys(VIEWERS, 0)  # the same, in each viewer's count

    def begin_hand(self) -> None:
        """Mark where a new hand's events begin."""
        self.hand_start = len(self.events)
        self.hand_from = {v: len(self.views[v]) for v in VIEWERS}

    def add(self, new: list[Event]) -> None:
        """Add events: each viewer's view takes what it may see of them."""
        self.events.extend(new)
        for e in new:
            full: dict[str, Any] | None = None
            for v in VIEWERS:
                shown = visible(e, v)
                if shown is e:
                    if full is None:
                        full = e.to_json()
                    self.views[v].append(full)
                elif shown is not None:
                    self.views[v].append(shown.to_json())

    def counts(self) -> dict[int, int]:
        """How many events each viewer holds now."""
        return {v: len(self.views[v]) for v in VIEWERS}
